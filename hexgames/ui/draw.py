"""Shared drawing helpers, so every board looks of one family and each game draws less itself.

pygame's filled polygons have jagged edges; `gfxdraw.aapolygon` over `filled_polygon` gives smooth
hexes. Text helpers add an outline or a shadow so labels stay readable over busy boards.
"""
from __future__ import annotations

import contextlib
import math
import weakref
from dataclasses import dataclass
from typing import Iterable, Iterator, Sequence

import pygame
import pygame.gfxdraw

from hexgames.core.caches import BoundedCache
from hexgames.ui import linebreak

Colour = tuple[int, int, int] | tuple[int, int, int, int]
Point = tuple[float, float]


def hex_corners(center: Point, size: float, flat_top: bool = True) -> list[Point]:
    """The six corners of a hex of circumradius `size` (flat-top like core.hexgrid by default)."""
    cx, cy = center
    start = 0 if flat_top else 30
    return [(cx + size * math.cos(math.radians(start + 60 * i)), cy + size * math.sin(math.radians(start + 60 * i)))
            for i in range(6)]


def aa_polygon(surface: pygame.Surface, colour: Colour, points: Sequence[Point], width: int = 0) -> None:
    """A filled (width 0) or outlined polygon with anti-aliased edges."""
    pts = [(round(x), round(y)) for x, y in points]
    if len(pts) < 3:
        return
    if width == 0:
        if len(colour) == 4 and colour[3] < 255:
            _alpha_polygon(surface, colour, pts)
            return
        pygame.gfxdraw.filled_polygon(surface, pts, colour)
        pygame.gfxdraw.aapolygon(surface, pts, colour)
    elif width == 1:
        pygame.gfxdraw.aapolygon(surface, pts, colour)
    else:
        pygame.draw.polygon(surface, colour, pts, width)
        pygame.gfxdraw.aapolygon(surface, pts, colour)


def _alpha_polygon(surface: pygame.Surface, colour: Colour, pts: list[tuple[int, int]]) -> None:
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    box = pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 2, max(ys) - min(ys) + 2)
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    local = [(x - box.x, y - box.y) for x, y in pts]
    pygame.gfxdraw.filled_polygon(layer, local, colour)
    pygame.gfxdraw.aapolygon(layer, local, colour)
    surface.blit(layer, box.topleft)


def aa_hex(surface: pygame.Surface, colour: Colour, center: Point, size: float,
           border: Colour | None = None, border_width: int = 1, flat_top: bool = True) -> None:
    """A smooth filled hex with an optional border; the border sits inside the outline."""
    aa_polygon(surface, colour, hex_corners(center, size, flat_top))
    if border is not None:
        aa_polygon(surface, border, hex_corners(center, size - (border_width - 1) / 2, flat_top), border_width)


def aa_circle(surface: pygame.Surface, colour: Colour, center: Point, radius: float,
              border: Colour | None = None) -> None:
    x, y, r = round(center[0]), round(center[1]), max(1, round(radius))
    pygame.gfxdraw.filled_circle(surface, x, y, r, colour)
    pygame.gfxdraw.aacircle(surface, x, y, r, border or colour)



def tick(surface: pygame.Surface, centre: tuple[int, int], size: int, colour: Colour) -> None:
    """A check mark (drawn: the font may have no glyph for one): a finished tutorial, a done step."""
    x, y = centre
    pygame.draw.lines(surface, colour, False, [(x - size, y), (x - size // 3, y + size * 2 // 3),
                                               (x + size, y - size * 2 // 3)], 4)

def text(surface: pygame.Surface, font: pygame.font.Font, content: str, pos: Point,
         colour: Colour = (235, 238, 244), anchor: str = "center", outline: Colour | None = None,
         shadow: Colour | None = None, outline_px: int = 2) -> pygame.Rect:
    """Draw text anchored at `pos` (any pygame.Rect attribute name: center, topleft, midright...)."""
    img = font.render(content, True, colour)
    rect = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    if shadow is not None:
        surface.blit(font.render(content, True, shadow), rect.move(2, 2))
    if outline is not None:
        edge = font.render(content, True, outline)
        for dx, dy in _ring(outline_px):
            surface.blit(edge, rect.move(dx, dy))
    surface.blit(img, rect)
    if _TEXT_LOG is not None:
        _TEXT_LOG.add(surface, content, img.get_bounding_rect().move(rect.topleft), font.point_size)
    return rect


@dataclass
class DrawnText:
    """One string `text` drew while `recording_text` was on: where its letters' ink went, on which
    surface (the window, or a layer or a cached picture blitted onto it later)."""
    surface: pygame.Surface
    content: str
    ink: pygame.Rect
    size: int  # the font's size in px


class TextLog:
    """What `text` drew while `recording_text` was on, in order. A layer drawn alike every frame (a
    message strip) is kept once; the window's text is kept each time (a frame begins with `len`)."""

    def __init__(self) -> None:
        self.texts: list[DrawnText] = []
        self._seen: set[tuple] = set()

    def add(self, surface: pygame.Surface, content: str, ink: pygame.Rect, size: int) -> None:
        if surface is not pygame.display.get_surface():
            key = (surface.get_size(), content, tuple(ink))
            if key in self._seen:
                return
            self._seen.add(key)
        self.texts.append(DrawnText(surface, content, ink, size))

    def cover(self, surface: pygame.Surface, rect: pygame.Rect | None = None) -> None:
        """`surface` was dimmed, or `rect` on it painted over: what was drawn there before is hidden."""
        self.texts = [t for t in self.texts
                      if t.surface is not surface or (rect is not None and not rect.contains(t.ink))]

    def __len__(self) -> int:
        return len(self.texts)


_TEXT_LOG: TextLog | None = None  # None: nothing is recorded (the app's normal run pays one test)


@contextlib.contextmanager
def recording_text() -> Iterator[TextLog]:
    """Every string `text` draws while inside: how the layout tests see where each scene's own words
    went (tests/layout.py). Off otherwise."""
    global _TEXT_LOG
    before, _TEXT_LOG = _TEXT_LOG, TextLog()
    try:
        yield _TEXT_LOG
    finally:
        _TEXT_LOG = before


def _ring(r: int) -> Iterable[tuple[int, int]]:
    for dx in range(-r, r + 1):
        for dy in range(-r, r + 1):
            if (dx or dy) and dx * dx + dy * dy <= r * r + 1:
                yield dx, dy


def fit_text(font_for, content: str, max_width: int, start_size: int, min_size: int = 10,
             bold: bool = False) -> pygame.font.Font:
    """The largest font (from `font_for(size, bold)`, e.g. `app.font`) in which `content` fits.

    Remembered per text and width, since banners and buttons ask again every frame and measuring
    text is the slow part; the key holds the starting font, so a new language's fonts are new keys.
    What is remembered is the size, not the font: the font stays `font_for`'s to keep or let go."""
    first = font_for(start_size, bold)
    key = (id(first), content, max_width, start_size, min_size, bold)
    found = _FITTED.get(key)
    if found is not None and found[0]() is first:  # the same font, not a new one under a reused id
        return font_for(found[1], bold)
    size = start_size
    while size > min_size and font_for(size, bold).size(content)[0] > max_width:
        size -= 1
    _FITTED.put(key, (weakref.ref(first), size))
    return font_for(size, bold)


FITTED_KEPT = 2048  # texts whose fitted size is remembered (a screen asks for a few dozen)
_FITTED: BoundedCache[tuple, tuple[weakref.ref, int]] = BoundedCache(FITTED_KEPT)


def fit_line(font_for, content: str, max_width: int, start_size: int, min_size: int = 12,
             bold: bool = False) -> tuple[pygame.font.Font, str]:
    """`fit_text`, and if even `min_size` is too wide, `content` cut short with "…" to fit: a
    name or label that must stay on its line never runs into what is beside it."""
    font = fit_text(font_for, content, max_width, start_size, min_size, bold)
    key = (id(font), content, max_width)
    found = _LINES.get(key)
    if found is not None and found[0]() is font:
        return font, found[1]
    cut = content
    if font.size(content)[0] > max_width:
        while cut and font.size(cut.rstrip() + "…")[0] > max_width:
            cut = cut[:-1]
        cut = cut.rstrip() + "…"
    _LINES.put(key, (weakref.ref(font), cut))
    return font, cut


_LINES: BoundedCache[tuple, tuple[weakref.ref, str]] = BoundedCache(FITTED_KEPT)  # fit_line's cut texts


def fit_wrapped(font_for, content: str, max_width: int, max_lines: int, start_size: int, min_size: int = 10,
                bold: bool = False) -> tuple[pygame.font.Font, list[str]]:
    """The largest font in which `content` wraps into `max_lines` lines of `max_width`, and those
    lines (at `min_size` it may still take more: the caller decides what to show). Remembered like
    `fit_text`: a dialog asks every frame."""
    first = font_for(start_size, bold)
    key = (id(first), content, max_width, max_lines, start_size, min_size, bold)
    found = _WRAPPED.get(key)
    if found is not None and found[0]() is first:
        return font_for(found[1], bold), found[2]
    size = start_size
    lines = wrap(font_for(size, bold), content, max_width)
    while size > min_size and len(lines) > max_lines:
        size -= 1
        lines = wrap(font_for(size, bold), content, max_width)
    _WRAPPED.put(key, (weakref.ref(first), size, lines))
    return font_for(size, bold), lines


_WRAPPED: BoundedCache[tuple, tuple[weakref.ref, int, list[str]]] = BoundedCache(FITTED_KEPT)


def rounded_panel(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, radius: int = 10,
                  border: Colour | None = None, border_width: int = 1) -> None:
    """A rounded rectangle; colours with alpha are blended (panels over the board)."""
    if len(colour) == 4 and colour[3] < 255:
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, colour, layer.get_rect(), border_radius=radius)
        surface.blit(layer, rect.topleft)
    else:
        pygame.draw.rect(surface, colour, rect, border_radius=radius)
        if _TEXT_LOG is not None:  # an opaque panel hides the words under it
            _TEXT_LOG.cover(surface, rect)
    if border is not None:
        pygame.draw.rect(surface, border, rect, border_width, border_radius=radius)


_DIM_CACHE: BoundedCache[tuple, pygame.Surface] = BoundedCache(4)  # window-sized layers: a few MB each


def dim(surface: pygame.Surface, alpha: int = 150, colour: tuple[int, int, int] = (8, 10, 14)) -> None:
    """Darken everything drawn so far (overlays: pause, hand-over, results)."""
    size = surface.get_size()
    if _TEXT_LOG is not None:  # what lies under the dimming is the background of what comes next
        _TEXT_LOG.cover(surface)
    layer = _DIM_CACHE.get_or_make((size, alpha, colour), lambda: _filled_layer(size, (*colour, alpha)))
    surface.blit(layer, (0, 0))


def _filled_layer(size: tuple[int, int], colour: Colour) -> pygame.Surface:
    layer = pygame.Surface(size, pygame.SRCALPHA)
    layer.fill(colour)
    return layer


def wrap(font: pygame.font.Font, content: str, max_width: int) -> list[str]:
    """Break text into lines that fit `max_width` pixels, by the usual rules of each script
    (`ui/linebreak.py`: spaces in English, kinsoku in Japanese); a single unbreakable piece may not."""
    lines: list[str] = []
    for para in content.split("\n"):
        spans = linebreak.line_spans(para, max_width, lambda a, b, p=para: font.size(p[a:b])[0])
        lines += [para[a:b] for a, b in spans]
    return lines
