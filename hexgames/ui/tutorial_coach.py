"""The tutorial's coach on the game's screen: the strip above the board (a badge with the step's
number, or a tick at the end, and what to do in the largest type that fits) with its button column,
and the marker on the places to click or drag for the step's next move.

Views: they draw from the rects and what the tutorial tells them (`CoachShown`, the gestures), and
never read the scene.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

import pygame

from hexgames.ui import draw, hud
from hexgames.ui.ui_scale import px

if TYPE_CHECKING:
    from hexgames.ui.gestures import Gesture
    from hexgames.ui.shell import Drawing

COACH_H = (100, 88)  # the coach strip above the board: narrow windows (more lines), wide ones
COACH_BUTTONS_W = (232, 248)  # the strip's button column: small windows, wide ones (its three small
# buttons side by side each hold 「もう一度」)
WIDE = 760  # from this width of the board's column: the wide strip
MARK = (255, 150, 60)  # the tutorial's marker: orange, unlike selections (yellow), targets (green), hints (cyan)
RIM = (20, 20, 24)
FINISHED_BADGE = "✓"
BADGE_W = 46  # the step's number, at the strip's left


def coach_height(column_w: int, scale: float = 1.0) -> int:
    """The strip's height over a board column `column_w` wide (grown by the UI `scale` of a large
    window, with its buttons' type)."""
    return px(COACH_H[0] if column_w < WIDE else COACH_H[1], scale)


def coach_buttons_rect(coach: pygame.Rect, scale: float = 1.0) -> pygame.Rect:
    """The strip's button column (Next over Back, Replay and Leave), at its right."""
    w = px(COACH_BUTTONS_W[1] if coach.w >= WIDE else COACH_BUTTONS_W[0], scale)
    return pygame.Rect(coach.right - w - 8, coach.y + 8, w, coach.h - 16)


@dataclass(frozen=True)
class CoachShown:
    """What the strip says: its badge (the step's number of all, or `FINISHED_BADGE`), its words, and
    whether the step is done (a green edge; orange while it asks for something)."""
    badge: str
    words: str
    done: bool


def draw_coach(surface: pygame.Surface, app: "Drawing", rect: pygame.Rect, shown: CoachShown,
               scale: float = 1.0) -> None:
    """The strip: a badge with the step's number, the words in the largest type that fits (up to
    16 px grown by the UI `scale`)."""
    r = rect
    edge = hud.GOOD if shown.done else MARK
    draw.rounded_panel(surface, r, (36, 44, 58), 10, border=edge, border_width=2)
    tag = pygame.Rect(r.x + 8, r.y + 8, BADGE_W, r.h - 16)
    draw.rounded_panel(surface, tag, (28, 34, 44), 8, border=edge)
    if shown.badge == FINISHED_BADGE:
        draw.tick(surface, tag.center, 12, edge)
    else:
        draw.text(surface, draw.fit_text(app.font, shown.badge, tag.w - 6, 18, 11, bold=True), shown.badge,
                  tag.center, edge)
    font, lines, step, _ = coach_lines(app, r, shown.words, scale)
    text = coach_text_rect(r, scale)
    y = text.centery - step * len(lines) / 2
    for line in lines:
        draw.text(surface, font, line, (text.x, y), hud.TEXT, anchor="topleft")
        y += step


def coach_text_rect(coach: pygame.Rect, scale: float = 1.0) -> pygame.Rect:
    """Where the strip's words go: between the badge and the button column."""
    left = coach.x + 8 + BADGE_W + 10
    return pygame.Rect(left, coach.y + 6, coach_buttons_rect(coach, scale).x - 10 - left, coach.h - 12)


def coach_lines(app: "Drawing", coach: pygame.Rect, words: str,
                scale: float = 1.0) -> tuple[pygame.font.Font, list[str], int, bool]:
    """The words in the largest type (16 px, grown by the UI `scale`, down to 12 px) whose lines fit the strip: the font, the lines
    shown, the line step, and whether they all fit (else the lines are cut to the strip's height)."""
    text = coach_text_rect(coach, scale)
    for size in range(px(16, scale), 11, -1):
        step = app.font(size).get_linesize() - 1
        font, lines = draw.fit_wrapped(app.font, words, text.w, max(1, text.h // step), size, size)
        if len(lines) * step <= text.h:
            return font, lines, step, True
    return font, lines[:max(1, text.h // step)], step, False


def draw_marks(surface: pygame.Surface, app: "Drawing", marks: Sequence["Gesture"],
               buttons: Sequence[pygame.Rect], scale: float = 1.0) -> None:
    """A pulsing orange ring on each place to click (around a button of `buttons`, since pygame_gui
    draws buttons over everything), numbered when there are several clicks (in 14 px at least, grown by the
    UI `scale`: the number may sit on a side panel), and an arrow for a drag."""
    pulse = 0.5 + 0.5 * math.sin(app.clock_time * 6)
    spots: list[tuple[int, int]] = []
    for g in marks:
        if g.kind == "drag" and g.to is not None:
            _arrow(surface, g.pos, g.to)
        for p in g.points:
            if not any(abs(p[0] - q[0]) < 4 and abs(p[1] - q[1]) < 4 for q in spots):
                spots.append(p)
    for number, p in enumerate(spots, 1):
        button = next((rect for rect in buttons if rect.collidepoint(p)), None)
        if button is not None:
            ring = button.inflate(10 + round(4 * pulse), 10 + round(4 * pulse))
            pygame.draw.rect(surface, RIM, ring.inflate(4, 4), 5, border_radius=10)
            pygame.draw.rect(surface, MARK, ring, 3, border_radius=10)
            tag = (ring.right - 4, ring.top + 4)
        else:
            radius = round(15 + 5 * pulse)
            pygame.draw.circle(surface, RIM, p, radius + 2, 5)
            pygame.draw.circle(surface, MARK, p, radius, 3)
            tag = (round(p[0] + radius * 0.8), round(p[1] - radius * 0.8))
        if len(spots) > 1 and not (len(marks) == 1 and marks[0].kind == "drag"):  # a drag's arrow gives its order
            draw.aa_circle(surface, MARK, tag, px(10, scale), border=RIM)
            draw.text(surface, app.font(px(14, scale), bold=True), str(number), tag, RIM)


def _arrow(surface: pygame.Surface, a: tuple[int, int], b: tuple[int, int]) -> None:
    """A thick orange arrow from a to b with a dark rim."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    w, head = 5.0, 16.0
    tip = (b[0] - ux * 14, b[1] - uy * 14)
    base = (tip[0] - ux * head, tip[1] - uy * head)
    px, py = -uy, ux
    pts = [(a[0] + px * w, a[1] + py * w), (base[0] + px * w, base[1] + py * w),
           (base[0] + px * head * 0.8, base[1] + py * head * 0.8), tip,
           (base[0] - px * head * 0.8, base[1] - py * head * 0.8), (base[0] - px * w, base[1] - py * w),
           (a[0] - px * w, a[1] - py * w)]
    draw.aa_polygon(surface, MARK, pts)
    draw.aa_polygon(surface, RIM, pts, 2)

