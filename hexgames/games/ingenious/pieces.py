"""Ingenious' six colours and their symbols, drawn as cached hex sprites.

Why a module of its own: every colour must carry a shape (RULES.md §1: playable without colour
vision), and the board, the rack, the ghost, the sliding AI tile and the score panel all draw the same
hexes, and the same whole tiles (`draw_tile`, `draw_placement`). Each sprite is rendered once per
(colour, size, style) at 4x and smooth-scaled down, which gives clean anti-aliased shapes for the
price of one blit per hex in the frame.

pygame is allowed here: this is drawing, not rules. The colour order is the rules' (RED..PURPLE).
"""
from __future__ import annotations

import math
from functools import lru_cache

import pygame

from hexgames.core import hexgrid
from hexgames.core.hexgrid import SQRT3
from hexgames.games.ingenious.layout import half_offset

Colour = tuple[int, int, int]

# Fills chosen to stay apart for common colour-vision types as far as six hues allow; the symbols
# carry the difference where the hues do not.
FILLS: tuple[Colour, ...] = (
    (222, 72, 62),    # red
    (64, 168, 92),    # green
    (58, 118, 222),   # blue
    (244, 142, 44),   # orange
    (246, 210, 58),   # yellow
    (150, 92, 204),   # purple
)
SUPERSAMPLE = 4


def shade(c: Colour, k: float) -> Colour:
    """Darken (k < 1) or lighten towards white (k > 1)."""
    if k <= 1:
        return (round(c[0] * k), round(c[1] * k), round(c[2] * k))
    t = min(1.0, k - 1)
    return (round(c[0] + (255 - c[0]) * t), round(c[1] + (255 - c[1]) * t), round(c[2] + (255 - c[2]) * t))


def symbol_ink(colour: int) -> Colour:
    """The symbol's colour on its fill: a deep tone of the same hue (strong contrast, same family)."""
    return shade(FILLS[colour], 0.32)


def hex_points(cx: float, cy: float, r: float, rotation: float = 0.0) -> list[tuple[float, float]]:
    return [(cx + r * math.cos(math.radians(rotation + 60 * i)), cy + r * math.sin(math.radians(rotation + 60 * i)))
            for i in range(6)]


def star_points(cx: float, cy: float, outer: float, inner: float, n: int,
                rotation: float = -90.0) -> list[tuple[float, float]]:
    pts = []
    for i in range(2 * n):
        r = outer if i % 2 == 0 else inner
        a = math.radians(rotation + 180.0 * i / n)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def draw_symbol(surface: pygame.Surface, colour: int, center: tuple[float, float], r: float,
                ink: Colour) -> None:
    """One colour's symbol of radius r (pygame.draw; callers supersample for smooth edges)."""
    cx, cy = center
    if colour == 0:  # red: a 12-ray sun - a disc and twelve separate rays
        pygame.draw.circle(surface, ink, (cx, cy), r * 0.5)
        for i in range(12):
            a = math.radians(i * 30 - 90)
            da = math.radians(10)
            tip = (cx + r * math.cos(a), cy + r * math.sin(a))
            b1 = (cx + r * 0.6 * math.cos(a - da), cy + r * 0.6 * math.sin(a - da))
            b2 = (cx + r * 0.6 * math.cos(a + da), cy + r * 0.6 * math.sin(a + da))
            pygame.draw.polygon(surface, ink, [tip, b1, b2])
    elif colour == 1:  # green: a solid circle
        pygame.draw.circle(surface, ink, (cx, cy), r * 0.78)
    elif colour == 2:  # blue: a 6-point star
        pygame.draw.polygon(surface, ink, star_points(cx, cy, r, r * 0.52, 6))
    elif colour == 3:  # orange: a hexagon (pointy-top, so it does not echo the flat-top tile)
        pygame.draw.polygon(surface, ink, hex_points(cx, cy, r * 0.84, 30))
    elif colour == 4:  # yellow: a 24-point star burst
        pygame.draw.polygon(surface, ink, star_points(cx, cy, r, r * 0.6, 24))
    else:  # purple: a ring
        width = max(1, round(r * 0.3))
        pygame.draw.circle(surface, ink, (cx, cy), r * 0.8, width)


def sprite_size(size: float) -> tuple[int, int]:
    """Pixel size of a flat-top hex sprite of circumradius `size` (odd, so centres land on pixels)."""
    return (int(2 * size) + 3) | 1, (int(SQRT3 * size) + 3) | 1


@lru_cache(maxsize=512)
def hex_sprite(fill: Colour, size: int, border: Colour | None = None, border_px: float = 1.0,
               symbol: int | None = None, ink: Colour | None = None, alpha: int = 255) -> pygame.Surface:
    """A flat-top hex of circumradius `size` with an optional border and symbol, anti-aliased.

    Blit it centred: `surface.blit(sprite, sprite.get_rect(center=pos))`."""
    w, h = sprite_size(size)
    k = SUPERSAMPLE
    big = pygame.Surface((w * k, h * k), pygame.SRCALPHA)
    cx, cy = w * k / 2, h * k / 2
    outer = hexgrid.corners((cx, cy), size * k)
    if border is not None:
        pygame.draw.polygon(big, border, outer)
        pygame.draw.polygon(big, fill, hexgrid.corners((cx, cy), (size - border_px) * k))
    else:
        pygame.draw.polygon(big, fill, outer)
    if symbol is not None:
        draw_symbol(big, symbol, (cx, cy), size * 0.6 * k, ink or symbol_ink(symbol))
    small = pygame.transform.smoothscale(big, (w, h))
    if alpha < 255:
        small.set_alpha(alpha)
    return small


def tile_sprite(colour: int, size: int, border: Colour = (24, 26, 32), alpha: int = 255) -> pygame.Surface:
    """A tile half: the colour's fill, its symbol, a thin dark edge."""
    return hex_sprite(FILLS[colour], size, border, max(1.0, size / 14), colour, None, alpha)


def outline_sprite(size: int, colour: Colour, width: float) -> pygame.Surface:
    """Only the edge of a hex (highlights, last-move outline)."""
    return _outline(size, colour, width)


@lru_cache(maxsize=64)
def _outline(size: int, colour: Colour, width: float) -> pygame.Surface:
    w, h = sprite_size(size)
    k = SUPERSAMPLE
    big = pygame.Surface((w * k, h * k), pygame.SRCALPHA)
    cx, cy = w * k / 2, h * k / 2
    pygame.draw.polygon(big, colour, hex_points(cx, cy, size * k), max(1, round(width * k)))
    return pygame.transform.smoothscale(big, (w, h))


@lru_cache(maxsize=128)
def symbol_icon(colour: int, size: int) -> pygame.Surface:
    """A small symbol in its fill colour on nothing (the score panel's column heads)."""
    k = SUPERSAMPLE
    big = pygame.Surface((size * k, size * k), pygame.SRCALPHA)
    c = size * k / 2
    draw_symbol(big, colour, (c, c), c * 0.98, shade(FILLS[colour], 1.12))
    return pygame.transform.smoothscale(big, (size, size))


def draw_tile(surface: pygame.Surface, tile: tuple[int, int], center: tuple[float, float], direction: int,
              size: int, alpha: int = 255) -> None:
    """A whole tile (two halves) with its middle at `center`, its second half towards `direction`:
    in the rack, in hand, sliding in."""
    ox, oy = half_offset(direction, size)
    for colour, sign in ((tile[0], -1), (tile[1], 1)):
        sprite = tile_sprite(colour, size, alpha=alpha)
        surface.blit(sprite, sprite.get_rect(center=(center[0] + sign * ox, center[1] + sign * oy)))


def draw_placement(surface: pygame.Surface, tile: tuple[int, int], centers: tuple[tuple[float, float], ...],
                   size: int, edge: Colour, alpha: int = 255) -> None:
    """A tile laid on two hexes of the board (their `centers`), each outlined in `edge`: the preview,
    the placement under the pointer."""
    for colour, center in zip(tile, centers):
        sprite = tile_sprite(colour, size, alpha=alpha)
        surface.blit(sprite, sprite.get_rect(center=center))
    ring = outline_sprite(size, edge, max(2.5, size / 6))
    for center in centers:
        surface.blit(ring, ring.get_rect(center=center))
