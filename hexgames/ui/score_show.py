"""Scoring shown where it happens: a move's `ScoreMark`s lit on the board, step by step, each with
its points ("+3" and the colour's symbol), paced so a person can follow.

Why here, once: every game shows its scoring the same way (the rules say what scored, the game says
where a place is on screen and how a place is outlined), so the pacing, the pills, skipping and the
speed setting behave alike in all five. `GameScene` plays it for every move (`rules.score_marks` on
what the viewer sees) and draws it over the board with the game's `score_style()`. A click on the
board skips the show; a faster animation speed shortens it; at "instant" there is none. While it
runs for a move the player at the screen did not make, the scene counts it as animating, so the next
computer move, a hand-over and the results wait for it. A game whose own animation resolves a move
in steps (Toradama's chain links falling and clearing) paces the marks by it: each step then lights
and goes out in a window the game gives (`GameHooks.scoring_windows`).
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
Window = tuple[float, float | None]  # a step lights, and goes out (None: with the whole show), in seconds


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
        self.windows: list[Window] = []  # when each step lights and goes out, after the delay
        self.clock = 0.0
        self.delay = 0.0
        self.holds = False  # whether the scene waits for it (a move the player at the screen did not make)
        self.step_seconds = STEP_SECONDS  # a game whose steps are told at length elsewhere too may slow them

    def play(self, marks: Sequence[ScoreMark], delay: float = 0.0, holds: bool = True,
             windows: Sequence[Window] | None = None) -> None:
        """Show `marks` after `delay` seconds (e.g. when a sliding tile lands), replacing any show.
        By default one step lights every STEP_SECONDS and all stay to the end; a game whose own
        animation paces its steps (a chain's links) gives each step its `windows` entry instead."""
        self.steps = steps(list(marks)) if self.speed() < INSTANT else []
        n = len(self.steps)
        even = [(i * self.step_seconds, None) for i in range(n)]
        self.windows = list(windows) if windows is not None and len(windows) == n else even
        self.clock, self.delay, self.holds = 0.0, delay, holds and bool(self.steps)

    @property
    def length(self) -> float:
        if not self.steps:
            return 0.0
        last = max(start for start, _ in self.windows)
        held = last + self.step_seconds + HOLD_SECONDS  # where the steps with no end of their own go out
        return self.delay + max(held if end is None else end for _, end in self.windows) + FADE_SECONDS

    @property
    def busy(self) -> bool:
        return bool(self.steps)

    @property
    def waits(self) -> bool:
        """Whether the scene should wait for the show before the next turn."""
        return self.busy and self.holds

    def play_move(self, rules: Any, event: Any, viewer: int | None, delay: float, holds: bool,
                  windows_of: Callable[[list[ScoreMark]], Sequence[Window] | None] | None = None) -> None:
        """Show what a played move (`table.Played`) scored, from the two positions as `viewer` sees
        them (nobody's secrets when nobody is at the screen: seat 0's view, whose secrets no mark says);
        `windows_of` gives the steps a game's own animation paces (see `play`)."""
        seat = viewer if viewer is not None else 0
        marks = list(rules.score_marks(rules.observe(event.before, seat), event.move, rules.observe(event.after, seat)))
        self.play(marks, delay, holds, windows_of(marks) if windows_of is not None else None)

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

    def steps_left(self) -> int:
        """The steps not yet over (each is over when the next one lights, the last a step's time
        after it lit, all when the show is skipped): a game whose own strip or panel tells the steps
        one by one follows this clock."""
        t = self.clock - self.delay
        ends = [start for start, _ in self.windows[1:]] + [self.windows[-1][0] + self.step_seconds] if self.steps else []
        return sum(1 for end in ends if t < end)

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
        out = []
        for marks, (start, end) in zip(self.steps, self.windows):
            out_at = fading if end is None else end
            alpha = 1.0 if t < out_at else max(0.0, 1 - (t - out_at) / FADE_SECONDS)
            if t >= start and alpha > 0:
                out += [Lit(m, alpha, min(1.0, (t - start) / POP_SECONDS)) for m in marks]
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
    bounds: pygame.Rect | None = None  # the pills are kept inside it (the board), e.g. a long note


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
    if style.bounds is not None:
        rect.clamp_ip(style.bounds)
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
