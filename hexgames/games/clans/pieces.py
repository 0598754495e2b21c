"""The five tribe colours of Clans, each with a shape of its own, drawn the same way everywhere.

Why: red and green huts (and white and yellow for some) look alike to many colour-blind players, so a
colour is never shown by its hue alone (RULES.md, DESIGN.md). Every hut chip, colour-point marker,
village chip, guess note, recap line and result row draws its colour through `chip`, so the shape
goes wherever the colour goes: white a circle, yellow a triangle, blue a square, green a diamond, red
a triangle pointing down. The silhouettes differ even where the hues do not (tests compare their masks).

A group of huts (an area's tribes, the group being dragged or sliding) is drawn by `group`: its
chips where the layout puts them, a count in each, the group's size on a tag above.

pygame is allowed here: this is drawing, not rules. The colour order is the rules' (WHITE..RED).
"""
from __future__ import annotations

import math
from typing import Callable

import pygame

from hexgames.games.clans.layout import TableLayout, spots_box
from hexgames.ui import draw

Colour = tuple[int, int, int]
Point = tuple[float, float]
FontFor = Callable[..., pygame.font.Font]  # the app's fonts: font_for(size, bold=...)

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


def group(surface: pygame.Surface, font_for: FontFor, geo: TableLayout, huts: tuple[int, ...], center: Point,
          lifted: bool = False, village: bool = False) -> None:
    """Hut chips by colour and shape (count inside), in a row or two, with the group size on top
    (not on a village, whose value is in its frame); a lifted group casts a shadow."""
    spots = geo.chip_spots(huts, center)
    if not spots:
        return
    r = geo.hut_radius()
    box = spots_box(spots, r)
    if lifted:
        shadow = box.inflate(round(r), round(r)).move(4, 6)
        draw.rounded_panel(surface, shadow, (0, 0, 0, 90), radius=round(r))
    one, two = font_for(max(12, round(r * 1.25)), bold=True), font_for(max(12, round(r * 1.0)), bold=True)
    for c, x, y in spots:
        label = str(huts[c])
        chip(surface, c, (x, y), r, label, two if len(label) > 1 or narrow(c) else one)
    total = sum(huts)
    if not village and (len(spots) > 1 or total >= 7):
        tf = font_for(max(13, round(r * 1.55)), bold=True)
        label = str(total)
        tag = pygame.Rect(0, 0, tf.size(label)[0] + 10, max(round(r * 1.5), tf.get_height() - 4))
        tag.midbottom = (round(center[0]), box.top + 2)
        draw.rounded_panel(surface, tag, (140, 30, 30) if total >= 7 else (25, 28, 34), radius=6,
                           border=(240, 240, 240))
        draw.text(surface, tf, label, tag.center, (255, 255, 255))
