"""The five tribe colours of Clans, each with a shape of its own, drawn the same way everywhere.

Why: red and green huts (and white and yellow for some) look alike to many colour-blind players, so a
colour is never shown by its hue alone (RULES.md, DESIGN.md). Every hut chip, colour-point marker,
village chip, guess note, recap line and result row draws its colour through `chip`, so the shape
goes wherever the colour goes: white a circle, yellow a triangle, blue a square, green a diamond, red
a triangle pointing down. The silhouettes differ even where the hues do not (tests compare their masks).

pygame is allowed here: this is drawing, not rules. The colour order is the rules' (WHITE..RED).
"""
from __future__ import annotations

import math

import pygame

from hexgames.ui import draw

Colour = tuple[int, int, int]
Point = tuple[float, float]

FILLS: tuple[Colour, ...] = ((244, 244, 240), (246, 204, 56), (58, 112, 226), (64, 170, 82), (222, 62, 52))
INKS: tuple[Colour, ...] = ((30, 30, 30), (30, 30, 30), (255, 255, 255), (255, 255, 255), (255, 255, 255))
SHAPES = ("circle", "triangle", "square", "diamond", "pennant")
# unicode look-alikes for places that write rather than draw (tooltips, logs)
GLYPHS = ("●", "▲", "■", "◆", "▼")
OUTLINE: Colour = (20, 20, 20)


def outline_points(colour: int, center: Point, r: float) -> list[Point] | None:
    """The polygon of a tribe's shape around `center`, sized like a disc of radius `r` (None: circle)."""
    x, y = center
    shape = SHAPES[colour]
    if shape == "triangle":
        R = r * 1.5
        cy = y + r * 0.25
        return [(x + R * math.cos(math.radians(a)), cy + R * math.sin(math.radians(a))) for a in (-90, 30, 150)]
    if shape == "square":
        h = r * 0.9
        return [(x - h, y - h), (x + h, y - h), (x + h, y + h), (x - h, y + h)]
    if shape == "diamond":
        d = r * 1.25
        return [(x, y - d), (x + d, y), (x, y + d), (x - d, y)]
    if shape == "pennant":  # a triangle pointing down: the yellow one upside down, and darker
        R = r * 1.5
        cy = y - r * 0.25
        return [(x + R * math.cos(math.radians(a)), cy + R * math.sin(math.radians(a))) for a in (90, 210, 330)]
    return None


def label_center(colour: int, center: Point, r: float) -> Point:
    """Where a number sits inside the shape: the roomiest part (the wide end of a triangle)."""
    shift = {"triangle": 0.4, "pennant": -0.4}.get(SHAPES[colour], 0.0)
    return (center[0], center[1] + r * shift)


def chip(surface: pygame.Surface, colour: int, center: Point, r: float, label: str | None = None,
         font: pygame.font.Font | None = None, shadow: bool = True) -> None:
    """One tribe chip: its shape in its colour with a dark outline, a drop shadow and an optional number."""
    if shadow:
        _shape(surface, colour, (center[0], center[1] + 1.5), r + 1.5, OUTLINE)
    _shape(surface, colour, center, r, FILLS[colour], border=OUTLINE)
    if label is not None and font is not None:
        draw.text(surface, font, label, label_center(colour, center, r), INKS[colour])


def _shape(surface: pygame.Surface, colour: int, center: Point, r: float, fill: Colour,
           border: Colour | None = None) -> None:
    pts = outline_points(colour, center, r)
    if pts is None:
        draw.aa_circle(surface, fill, center, r, border=border)
        return
    draw.aa_polygon(surface, fill, pts)
    if border is not None:
        draw.aa_polygon(surface, border, pts, 1)


def narrow(colour: int) -> bool:
    """True where a number needs the smaller font to stay inside the shape (the triangle's tip)."""
    return SHAPES[colour] in ("triangle", "pennant")
