"""Drawing Sticker Turf's stickers: four coloured corners, each colour with its own shape, an owner's
tint, and the four helpers. Shared by the board, the side panel and the deck builder, so a sticker
looks the same wherever a player meets it.

A sticker is drawn as four quarter squares, one per corner, so where four stickers meet the four
quarters around the grid point form one block: a single-colour block is a territory's seed, which is
exactly what a player looks for. Each colour also carries a shape (red circle, blue square, yellow
triangle, green diamond) so nothing depends on colour vision.

The two owners differ by pattern as well as by hue, for the same reason: player 1's frames and
territory outlines are solid white, player 2's purple ones are dashed with dark stitches, and their
markers are a disc and a square (`owner_marker`). Under protanopia or deuteranopia the purple turns a
greyish blue that a blue quarter can swallow; the stitches and the square stay.
"""
from __future__ import annotations

import math

import pygame

from hexgames.core.caches import BoundedCache
from hexgames.games.stickers.catalogue import BLOCK, DOUBLE, JUMP, LAYOUTS, PEEK, corners
from hexgames.ui import draw

COLOUR_RGB = ((222, 72, 62), (62, 118, 222), (244, 198, 52), (66, 170, 92))
SHAPE_RGB = ((120, 24, 20), (16, 44, 110), (120, 88, 0), (14, 78, 34))
SHAPES = ("circle", "square", "triangle", "diamond")
OWNER_RGB = ((246, 246, 246), (186, 118, 246))
STITCH_RGB = (24, 20, 34)  # the dark dashes on player 2's frames and outlines
HELPER_RGB = (52, 60, 78)

HELPER_ICONS = {JUMP: "jump", DOUBLE: "double", PEEK: "peek", BLOCK: "block"}
# corner k's quarter, as (dx, dy) of its top-left in half-cells
QUARTER = ((0, 0), (1, 0), (1, 1), (0, 1))


def shape(surface: pygame.Surface, kind: str, centre: tuple[float, float], r: float, colour) -> None:
    """One colour's symbol: circle, square, triangle or diamond of radius r."""
    x, y = centre
    if kind == "circle":
        draw.aa_circle(surface, colour, (x, y), r)
    elif kind == "square":
        draw.aa_polygon(surface, colour, [(x - r * 0.8, y - r * 0.8), (x + r * 0.8, y - r * 0.8),
                                          (x + r * 0.8, y + r * 0.8), (x - r * 0.8, y + r * 0.8)])
    elif kind == "triangle":
        draw.aa_polygon(surface, colour, [(x, y - r), (x + r * 0.95, y + r * 0.7), (x - r * 0.95, y + r * 0.7)])
    else:
        draw.aa_polygon(surface, colour, [(x, y - r), (x + r, y), (x, y + r), (x - r, y)])


def colour_chip(surface: pygame.Surface, colour: int, centre: tuple[float, float], r: float) -> None:
    """A colour as a small swatch with its shape: for legends and filters."""
    draw.aa_circle(surface, COLOUR_RGB[colour], centre, r, border=(20, 20, 20))
    shape(surface, SHAPES[colour], centre, r * 0.55, SHAPE_RGB[colour])


_CACHE: BoundedCache[tuple[int, int | None, int, int], pygame.Surface] = BoundedCache(1500)  # looks and sizes


def sticker(surface: pygame.Surface, rect: pygame.Rect, layout: int, owner: int | None = None,
            alpha: int = 255) -> None:
    """A layout exactly as given (board orientation): four quarters with their shapes, and the
    owner's tinted frame when `owner` is known. Rendered once per look and size, then blitted (a
    board redraws every sticker 60 times a second)."""
    key = (layout, owner, rect.w, rect.h)
    image = _CACHE.get(key)
    if image is None:
        image = _CACHE.put(key, pygame.Surface(rect.size, pygame.SRCALPHA))
        _paint(image, image.get_rect(), layout, owner)
    if alpha < 255:
        image = image.copy()
        image.set_alpha(alpha)
    surface.blit(image, rect.topleft)


def _paint(surface: pygame.Surface, rect: pygame.Rect, layout: int, owner: int | None) -> None:
    half_w, half_h = rect.w / 2, rect.h / 2
    cols = corners(layout)
    r = min(half_w, half_h) * 0.32
    for k, (qx, qy) in enumerate(QUARTER):
        q = pygame.Rect(round(rect.x + qx * half_w), round(rect.y + qy * half_h), math.ceil(half_w),
                        math.ceil(half_h))
        pygame.draw.rect(surface, COLOUR_RGB[cols[k]], q)
        # the symbol sits toward the corner it belongs to, so it reads as "this corner"
        cx = q.centerx + (qx * 2 - 1) * half_w * 0.08
        cy = q.centery + (qy * 2 - 1) * half_h * 0.08
        if r >= 3:
            shape(surface, SHAPES[cols[k]], (cx, cy), r, SHAPE_RGB[cols[k]])
    if owner is not None:
        width = max(2, round(min(rect.w, rect.h) / 14))
        pygame.draw.rect(surface, OWNER_RGB[owner], rect, width, border_radius=max(2, width))
        if owner == 1:
            inset = width / 2
            box = (rect.x + inset, rect.y + inset, rect.right - 1 - inset, rect.bottom - 1 - inset)
            for a, b in (((box[0], box[1]), (box[2], box[1])), ((box[2], box[1]), (box[2], box[3])),
                         ((box[2], box[3]), (box[0], box[3])), ((box[0], box[3]), (box[0], box[1]))):
                stitches(surface, a, b, width)
    else:
        pygame.draw.rect(surface, (20, 22, 28), rect, 1)


def stitches(surface: pygame.Surface, a: tuple[float, float], b: tuple[float, float], width: int) -> None:
    """Dark dashes along the line a-b (over player 2's colour): a pattern that needs no colour vision.
    Dash and gap are as long as two line widths; the ends stay clear, so corners keep the colour."""
    length = math.dist(a, b)
    dash = min(max(3.0, width * 2.0), length / 3)
    if dash < 2:
        return
    n = max(1, int((length / dash - 1) / 2))  # n dashes, a gap between each and at both ends
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    t = (length - (2 * n - 1) * dash) / 2
    thick = width - 1 if width > 3 else width
    for _ in range(n):
        pygame.draw.line(surface, STITCH_RGB, (a[0] + ux * t, a[1] + uy * t),
                         (a[0] + ux * (t + dash), a[1] + uy * (t + dash)), thick)
        t += 2 * dash


def owner_line(surface: pygame.Surface, owner: int | None, colour, a: tuple[float, float],
               b: tuple[float, float], width: int) -> None:
    """A line in an owner's colour: player 2's stitched (see `stitches`)."""
    pygame.draw.line(surface, colour, a, b, width)
    if owner == 1:
        stitches(surface, a, b, width)


def owner_marker(surface: pygame.Surface, owner: int, centre: tuple[float, float], r: float,
                 colour=None, border=(20, 20, 24)) -> None:
    """An owner's token: player 1 a disc, player 2 a rounded square (told apart by shape too)."""
    colour = OWNER_RGB[owner % 2] if colour is None else colour
    if owner % 2 == 0:
        draw.aa_circle(surface, colour, centre, r, border=border)
    else:
        box = pygame.Rect(0, 0, round(1.8 * r), round(1.8 * r))
        box.center = (round(centre[0]), round(centre[1]))
        radius = max(2, round(r / 3))
        pygame.draw.rect(surface, colour, box, border_radius=radius)
        if border is not None:
            pygame.draw.rect(surface, border, box, 1, border_radius=radius)


def helper(surface: pygame.Surface, rect: pygame.Rect, kind: int, font: pygame.font.Font | None = None,
           label: str | None = None) -> None:
    """A helper sticker: a dark card with its icon (and its name below when a label is given)."""
    draw.rounded_panel(surface, rect, HELPER_RGB, max(3, rect.w // 8), border=(236, 214, 140), border_width=2)
    cx, cy = rect.centerx, rect.centery - (rect.h * 0.12 if label else 0)
    r = min(rect.w, rect.h) * 0.26
    gold = (246, 214, 120)
    if kind == JUMP:
        pygame.draw.arc(surface, gold, pygame.Rect(cx - r, cy - r * 0.8, 2 * r, 1.8 * r), 0.2, math.pi - 0.2,
                        max(2, round(r / 4)))
        draw.aa_polygon(surface, gold, [(cx + r * 0.95, cy + 0.1 * r), (cx + r * 0.55, cy - 0.35 * r),
                                        (cx + r * 1.25, cy - 0.3 * r)])
    elif kind == DOUBLE:
        for dx in (-0.35, 0.35):
            box = pygame.Rect(0, 0, round(r * 1.0), round(r * 1.0))
            box.center = (round(cx + dx * r), round(cy + dx * r * 0.6))
            pygame.draw.rect(surface, gold, box, max(2, round(r / 5)), border_radius=2)
    elif kind == PEEK:
        pygame.draw.ellipse(surface, gold, pygame.Rect(cx - r, cy - r * 0.55, 2 * r, 1.1 * r), max(2, round(r / 5)))
        draw.aa_circle(surface, gold, (cx, cy), r * 0.3)
    elif kind == BLOCK:
        draw.aa_circle(surface, (220, 80, 70), (cx, cy), r)
        pygame.draw.rect(surface, (250, 250, 250), pygame.Rect(cx - r * 0.6, cy - r * 0.16, r * 1.2, r * 0.32))
    if label and font is not None:
        draw.text(surface, font, label, (rect.centerx, rect.bottom - rect.h * 0.16), gold)


def any_sticker(surface: pygame.Surface, rect: pygame.Rect, sticker_id: int, owner: int | None = None,
                font: pygame.font.Font | None = None, label: str | None = None, alpha: int = 255) -> None:
    """A catalogue sticker or a helper, in its owner's view (upright)."""
    if sticker_id >= LAYOUTS:
        helper(surface, rect, sticker_id, font, label)
    else:
        sticker(surface, rect, sticker_id, owner, alpha)
