"""Score-over-time charts for the results screen: small multiples, one panel per player (or per
whatever the game groups its scores by), each with a line per tracked value.

Games describe what to chart through `GameScene.chart_panels(states)`; this module only draws. Every
line ends in a marker (the game's symbol for that colour when it has one) with its final value, so
lines can be told apart without colour vision.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

import pygame

from hexgames.ui import draw, hud

Colour = tuple[int, int, int]
Marker = Callable[[pygame.Surface, tuple[int, int], int], None]  # draws a symbol centred at a point
MAX_POINTS = 160  # longer games are sampled evenly: a panel is never wider than this in pixels anyway


@dataclass
class Line:
    label: str
    colour: Colour
    values: list[float]
    marker: Marker | None = None


@dataclass
class Panel:
    title: str
    lines: list[Line]
    top: float | None = None  # the y-axis maximum (e.g. a cap); None: the largest value
    accent: Colour | None = None  # the title's chip (the seat's colour)


def sample(states: Sequence, k: int = MAX_POINTS) -> list:
    """At most `k` states spread evenly over the game, always with the first and the last."""
    n = len(states)
    if n <= k:
        return list(states)
    return [states[round(i * (n - 1) / (k - 1))] for i in range(k)]


def draw_panels(surface: pygame.Surface, app, rect: pygame.Rect, panels: list[Panel]) -> None:
    """Panels stacked top to bottom in `rect`, sharing its height."""
    if not panels:
        return
    gap = 8
    h = (rect.h - gap * (len(panels) - 1)) // len(panels)
    for i, panel in enumerate(panels):
        draw_panel(surface, app, pygame.Rect(rect.x, rect.y + i * (h + gap), rect.w, h), panel)


def draw_panel(surface: pygame.Surface, app, rect: pygame.Rect, panel: Panel) -> None:
    draw.rounded_panel(surface, rect, (36, 42, 54), 8)
    font = app.font(13, bold=True)
    x = rect.x + 10
    if panel.accent is not None:
        draw.aa_circle(surface, panel.accent, (x + 5, rect.y + 12), 5)
        x += 14
    draw.text(surface, font, panel.title, (x, rect.y + 12), hud.TEXT, anchor="midleft")
    plot = plot_rect(rect)
    if plot.h < 12 or plot.w < 20:
        return
    top = panel.top or max((max(line.values, default=0) for line in panel.lines), default=0) or 1
    pygame.draw.line(surface, (70, 80, 98), plot.bottomleft, plot.bottomright)
    ends: list[tuple[int, Line]] = []
    for line in panel.lines:
        pts = _points(line.values, plot, top)
        if len(pts) > 1:
            pygame.draw.lines(surface, line.colour, False, pts, 2)
        if pts:
            ends.append((pts[-1][1], line))
    _end_labels(surface, app, plot, ends)


def plot_rect(rect: pygame.Rect) -> pygame.Rect:
    """Where a panel drawn in `rect` plots its lines (callers align marks of their own with it)."""
    return pygame.Rect(rect.x + 10, rect.y + 24, rect.w - 52, rect.h - 32)


def point_x(plot: pygame.Rect, i: int, n: int) -> int:
    """The x of the i-th of n values in `plot`."""
    return round(plot.x + i * plot.w / max(1, n - 1))


def _points(values: list[float], plot: pygame.Rect, top: float) -> list[tuple[int, int]]:
    n = len(values)
    if n == 0:
        return []
    return [(point_x(plot, i, n), round(plot.bottom - min(v, top) / top * plot.h)) for i, v in enumerate(values)]


def _end_labels(surface: pygame.Surface, app, plot: pygame.Rect, ends: list[tuple[int, Line]]) -> None:
    """The final value of each line at the right edge, with its marker, nudged apart vertically."""
    font = app.font(11, bold=True)
    size = max(8, min(12, plot.h // max(1, len(ends))))
    placed: list[int] = []
    for y, line in sorted(ends, key=lambda e: e[0]):
        y = max(y, placed[-1] + size) if placed else y
        placed.append(y)
        cx = plot.right + 8
        if line.marker is not None:
            line.marker(surface, (cx, y), size)
        else:
            draw.aa_circle(surface, line.colour, (cx, y), size // 2)
        value = line.values[-1] if line.values else 0
        draw.text(surface, font, _fmt(value), (cx + size // 2 + 3, y), line.colour, anchor="midleft")


def _fmt(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.1f}"
