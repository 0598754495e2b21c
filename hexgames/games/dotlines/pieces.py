"""Drawing the pieces of Dot Lines: dot tiles with pips, the conversion chip, the dice faces.

Kept apart from the scene so the table's layout and input code stay short; every shape here also
says what it is without colour (pips, the chip's square or disc and its label).
"""
from __future__ import annotations

from typing import Any

import pygame

from hexgames.games.dotlines.rules import DOUBLE, INVERTER
from hexgames.ui import chart, draw

LINE_RGB = ((236, 234, 226), (40, 40, 46))
LINE_TEXT = ((30, 30, 30), (236, 236, 236))
TILE = (246, 242, 230)
TILE_EDGE = (150, 140, 120)
PIP = (36, 36, 44)
CHIP_RGB = ((232, 120, 60), (90, 150, 240))
EXCHANGED = (236, 120, 220)  # the frame of a tile an exchange moved between the hands
SELECT = (255, 214, 90)  # a selected tile, the chip toggled on
TARGET = (120, 230, 150)  # where the selection can go; the deck when it is time to draw
CHART_RGB = (LINE_RGB[0], (150, 150, 162))  # a line's player on a dark ground: the black line's lightened
MARKER_OUTLINE = (214, 214, 224)  # the black square's light edge: it stands out on dark panels
# pip positions on a unit tile, per value
PIPS = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}


def draw_pips(surface: pygame.Surface, rect: pygame.Rect, value: int, colour: tuple[int, int, int]) -> None:
    r = max(2, round(rect.w * 0.085))
    for fx, fy in PIPS.get(value, ()):
        pygame.draw.circle(surface, colour, (rect.x + fx * rect.w, rect.y + fy * rect.h), r)


def draw_tile(surface: pygame.Surface, rect: pygame.Rect, value: int, face_up: bool = True,
              border: tuple[int, int, int] | None = None, alpha: int = 255) -> None:
    """A dot tile: pips on a cream tile, or a patterned back when face down."""
    if alpha < 255:
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        draw_tile(layer, layer.get_rect(), value, face_up, border)
        layer.set_alpha(alpha)
        surface.blit(layer, rect.topleft)
        return
    radius = max(3, rect.w // 7)
    pygame.draw.rect(surface, (20, 24, 22), rect.move(2, 3), border_radius=radius)
    if not face_up:
        pygame.draw.rect(surface, (70, 96, 150), rect, border_radius=radius)
        inner = rect.inflate(-rect.w // 4, -rect.h // 4)
        pygame.draw.rect(surface, (100, 128, 186), inner, 2, border_radius=radius // 2)
    else:
        pygame.draw.rect(surface, TILE, rect, border_radius=radius)
        draw_pips(surface, rect, value, PIP)
    pygame.draw.rect(surface, border or TILE_EDGE, rect, 3 if border else 1, border_radius=radius)


def draw_chip(surface: pygame.Surface, app: Any, center: tuple[float, float], radius: float, side: int) -> None:
    """The conversion chip: Double is a square marked x2, Inverter a disc marked 7-; shape and text
    tell them apart without colour."""
    x, y = center
    if side == DOUBLE:
        rect = pygame.Rect(0, 0, radius * 1.8, radius * 1.8)
        rect.center = (round(x), round(y))
        pygame.draw.rect(surface, CHIP_RGB[0], rect, border_radius=3)
        pygame.draw.rect(surface, (30, 30, 30), rect, 1, border_radius=3)
        label = "x2"
    elif side == INVERTER:
        draw.aa_circle(surface, CHIP_RGB[1], (x, y), radius)
        pygame.draw.circle(surface, (30, 30, 30), (round(x), round(y)), round(radius), 1)
        label = "7-"
    else:
        draw.aa_circle(surface, (120, 120, 130), (x, y), radius)
        label = "?"
    font = app.font(max(12, round(radius * 1.05)), bold=True)
    draw.text(surface, font, label, (x, y), (255, 255, 255), anchor="center")


def draw_swap_badge(surface: pygame.Surface, center: tuple[float, float], radius: float) -> None:
    """Two opposed arrows in a disc: this tile changed hands by an exchange (shape, not only the
    frame's colour, tells it)."""
    x, y = center
    draw.aa_circle(surface, EXCHANGED, (x, y), radius, border=(40, 30, 44))
    w, h = radius * 0.55, radius * 0.32
    ink = (40, 30, 44)
    for sign in (-1, 1):  # upper arrow points right, lower arrow points left
        ay = y + sign * h
        tip = x + w * -sign
        pygame.draw.line(surface, ink, (x - w, ay), (x + w, ay), 2)
        pygame.draw.polygon(surface, ink, [(tip, ay - h), (tip, ay + h), (tip - sign * h * 1.4, ay)])


def draw_die(surface: pygame.Surface, rect: pygame.Rect, value: int, line: int) -> None:
    """A die in its line's colour (white or black), showing `value` (0: blank, while it rolls)."""
    pygame.draw.rect(surface, LINE_RGB[line], rect, border_radius=max(4, rect.w // 8))
    pygame.draw.rect(surface, (160, 160, 160), rect, 2, border_radius=max(4, rect.w // 8))
    if value:
        draw_pips(surface, rect, value, LINE_TEXT[line])


def line_marker(line: int) -> chart.Marker:
    """The white line's player a disc, the black line's a square: told apart without colour (the
    banner, the results' charts, the board's marks)."""
    def marker(surface: pygame.Surface, center: tuple[int, int], size: int) -> None:
        r = size // 2
        if line == 0:
            draw.aa_circle(surface, CHART_RGB[0], center, r, border=(20, 20, 24))
        else:
            box = pygame.Rect(0, 0, 2 * r, 2 * r)
            box.center = center
            pygame.draw.rect(surface, LINE_RGB[1], box)
            pygame.draw.rect(surface, MARKER_OUTLINE, box, 2 if r >= 6 else 1)
    return marker
