"""Scoring shown where it happens: a move's `ScoreMark`s lit on the board, step by step, each with
its points ("+3" and the colour's symbol), paced so a person can follow.

Why here, once: every game shows its scoring the same way (the rules say what scored, the game says
where a place is on screen and how a place is outlined), so the pacing, the pills, skipping and the
speed setting behave alike in all five. `GameScene` plays it for every move (`rules.score_marks` on
what the viewer sees) and draws it over the board with the game's `score_style()`. A click on the
board skips the show; a faster animation speed shortens it; at "instant" there is none. While it
runs for a move the player at the screen did not make, the scene counts it as animating, so the next
computer move, a hand-over and the results wait for it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

import pygame

from hexgames.core.scoring import ScoreMark, steps
from hexgames.ui import draw
from hexgames.ui.anim import INSTANT

STEP_SECONDS = 0.6  # one step's marks light up, then the next step's
HOLD_SECONDS = 0.9  # the whole move's marks stay this long after the last step
FADE_SECONDS = 0.3
POP_SECONDS = 0.18  # a mark grows in as it lights
PILL_INK = (255, 255, 255)
PILL_FILL = (22, 26, 34, 235)

Point = tuple[float, float]
Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Lit:
    """A mark on screen now: how opaque (0..1) and how far it has grown in (0..1)."""

    mark: ScoreMark
    alpha: float
    grown: float


class ScoreShow:
    """The timeline of one move's marks. `speed` is the animation speed setting, read each update."""

    def __init__(self, speed: Callable[[], float]):
        self.speed = speed
        self.steps: list[list[ScoreMark]] = []
        self.clock = 0.0
        self.delay = 0.0
        self.holds = False  # whether the scene waits for it (a move the player at the screen did not make)

    def play(self, marks: Sequence[ScoreMark], delay: float = 0.0, holds: bool = True) -> None:
        """Show `marks` after `delay` seconds (e.g. when a sliding tile lands), replacing any show."""
        self.steps = steps(list(marks)) if self.speed() < INSTANT else []
        self.clock, self.delay, self.holds = 0.0, delay, holds and bool(self.steps)

    @property
    def length(self) -> float:
        return self.delay + len(self.steps) * STEP_SECONDS + HOLD_SECONDS + FADE_SECONDS if self.steps else 0.0

    @property
    def busy(self) -> bool:
        return bool(self.steps)

    @property
    def waits(self) -> bool:
        """Whether the scene should wait for the show before the next turn."""
        return self.busy and self.holds

    def play_move(self, rules: Any, event: Any, viewer: int | None, delay: float, holds: bool) -> None:
        """Show what a played move (`table.Played`) scored, from the two positions as `viewer` sees
        them (nobody's secrets when nobody is at the screen: seat 0's view, whose secrets no mark says)."""
        seat = viewer if viewer is not None else 0
        self.play(rules.score_marks(rules.observe(event.before, seat), event.move, rules.observe(event.after, seat)),
                  delay, holds)

    def clicked(self, on_board: bool) -> bool:
        """A click: on the board it ends the show; whether the click was the show's alone (it held the
        turn: the player's own show gives way to what they do next, and the click goes on)."""
        if not (on_board and self.busy):
            return False
        holding = self.waits
        self.skip()
        return holding

    def draw(self, surface: pygame.Surface, font_for: Callable[..., pygame.font.Font],
             style_of: Callable[[], "MarkStyle | None"]) -> None:
        """The lit marks over the board, in the game's style."""
        lit = self.lit()
        style = style_of() if lit else None
        if style is not None:
            draw_lit(surface, font_for, lit, style)

    def skip(self) -> bool:
        """End the show now (a click); whether there was one."""
        was = self.busy
        self.steps, self.holds = [], False
        return was

    def update(self, dt: float) -> None:
        if not self.steps:
            return
        speed = self.speed()
        if speed >= INSTANT:
            self.skip()
            return
        self.clock += dt * speed
        if self.clock >= self.length:
            self.skip()

    def lit(self) -> list[Lit]:
        """The marks on screen now, the earlier steps first."""
        t = self.clock - self.delay
        if not self.steps or t < 0:
            return []
        fading = self.length - self.delay - FADE_SECONDS
        alpha = 1.0 if t < fading else max(0.0, 1 - (t - fading) / FADE_SECONDS)
        out = []
        for i, marks in enumerate(self.steps):
            since = t - i * STEP_SECONDS
            if since < 0:
                break
            out += [Lit(m, alpha, min(1.0, since / POP_SECONDS)) for m in marks]
        return out


@dataclass(frozen=True)
class MarkStyle:
    """How a game shows its marks: where a place is on screen, the outline of a place, the colour of
    a mark and the symbol that makes that colour readable without colour."""

    centre: Callable[[object], Point]
    outline: Callable[[pygame.Surface, object, Colour, int], None]
    colour: Callable[[ScoreMark], Colour]
    symbol: Callable[[ScoreMark, int], pygame.Surface | None]
    size: int  # the board's cell size in pixels: the pills grow with it
    words: Callable[[ScoreMark], str] = lambda mark: f"{mark.points:+d}"


def draw_lit(surface: pygame.Surface, font_for: Callable[..., pygame.font.Font], lit: Sequence[Lit],
             style: MarkStyle) -> list[pygame.Rect]:
    """Outline every lit mark's places, then its points in a pill at its anchor (pills that would
    overlap move down); returns the pills' rects."""
    for item in lit:
        for place in item.mark.places:
            style.outline(surface, place, style.colour(item.mark), round(255 * item.alpha))
    taken: list[pygame.Rect] = []
    for item in lit:
        taken.append(_pill(surface, font_for, item, style, taken))
    return taken


def anchor(mark: ScoreMark, centre: Callable[[object], Point]) -> Point:
    """Where a mark's points are said: its first or last place, or the middle of them all."""
    chosen = {"first": mark.places[:1], "last": mark.places[-1:]}.get(mark.anchor, mark.places)
    points = [centre(p) for p in chosen]
    return (sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points))


def _pill(surface: pygame.Surface, font_for: Callable[..., pygame.font.Font], item: Lit, style: MarkStyle,
          taken: list[pygame.Rect]) -> pygame.Rect:
    mark = item.mark
    font = font_for(max(15, round(style.size * 0.8 * (0.7 + 0.3 * item.grown))), True)
    words = style.words(mark)
    icon = style.symbol(mark, font.get_height() - 4)
    width = font.size(words)[0] + 14 + (icon.get_width() + 4 if icon is not None else 0)
    rect = pygame.Rect(0, 0, width, font.get_height() + 4)
    rect.center = tuple(round(v) for v in anchor(mark, style.centre))
    while any(rect.colliderect(other) for other in taken):
        rect.y = max(other.bottom for other in taken if rect.colliderect(other)) + 2
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    draw.rounded_panel(layer, layer.get_rect(), PILL_FILL, rect.h // 2, border=style.colour(mark), border_width=2)
    x = 7
    if icon is not None:
        layer.blit(icon, (x, (rect.h - icon.get_height()) // 2))
        x += icon.get_width() + 4
    draw.text(layer, font, words, (x, rect.h / 2), PILL_INK, anchor="midleft")
    layer.set_alpha(round(255 * item.alpha))
    surface.blit(layer, rect.topleft)
    return rect
