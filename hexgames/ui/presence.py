"""Whether a player of an online table is here, as a shape as well as a colour (colour-blind play):
a filled dot (connected), a ring (away), a square (the computer), an empty hexagon (an open seat).
The lobby's seats and the online game's status row draw them alike."""
from __future__ import annotations

import pygame

from hexgames.ui import draw

ONLINE = (110, 200, 120)
AWAY = (235, 180, 80)
OFFLINE = (231, 96, 84)
COMPUTER = (120, 170, 235)
OPEN = (150, 160, 176)
SHAPES = {"dot": ONLINE, "ring": AWAY, "square": COMPUTER, "hex": OPEN}


def presence_mark(surface: pygame.Surface, shape: str, colour: tuple[int, int, int], centre: tuple[int, int],
                  radius: int, background: tuple[int, int, int]) -> None:
    """One presence's shape in its colour, `radius` px, on `background` (a ring's hole)."""
    if shape == "dot":
        draw.aa_circle(surface, colour, centre, radius)
    elif shape == "ring":
        draw.aa_circle(surface, colour, centre, radius)
        draw.aa_circle(surface, background, centre, radius * 2 // 3)
    elif shape == "square":
        side = 2 * radius - 2
        pygame.draw.rect(surface, colour, pygame.Rect(centre[0] - side // 2, centre[1] - side // 2, side, side),
                         border_radius=3)
    else:
        draw.aa_polygon(surface, colour, draw.hex_corners(centre, radius + 1), 2)
