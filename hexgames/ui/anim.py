"""Tweens driven by dt, so animations never block the loop and speed is a setting.

Game scenes slide and drop tiles with `Tween`s held in an `Animator`; the scene's `is_animating()`
returns `animator.busy`, which the shared GameScene uses to hold back AI moves, hand-over screens and
the results screen until the board has settled. The player's speed choice multiplies dt; at
`INSTANT` every tween jumps to its end on the next update, so tests and impatient players never wait.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

INSTANT = 1000.0  # anim_speed at or above this finishes every tween at once
SPEEDS = {"slow": 0.5, "normal": 1.0, "fast": 2.0, "instant": INSTANT}

Easing = Callable[[float], float]


def linear(t: float) -> float:
    return t


def ease_in_quad(t: float) -> float:
    """Accelerating: things falling under gravity."""
    return t * t


def ease_out_cubic(t: float) -> float:
    """Decelerating: things sliding into place."""
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    return 0.5 - 0.5 * math.cos(math.pi * t)


def ease_out_back(t: float) -> float:
    """A small overshoot: a tile that snaps home."""
    c1 = 1.70158
    return 1 + (c1 + 1) * (t - 1) ** 3 + c1 * (t - 1) ** 2


def ease_out_bounce(t: float) -> float:
    """A landing bounce: a tile that falls onto a stack."""
    n, d = 7.5625, 2.75
    if t < 1 / d:
        return n * t * t
    if t < 2 / d:
        t -= 1.5 / d
        return n * t * t + 0.75
    if t < 2.5 / d:
        t -= 2.25 / d
        return n * t * t + 0.9375
    t -= 2.625 / d
    return n * t * t + 0.984375


def ease_fall_bounce(t: float, land: float = 0.8, hop: float = 0.07) -> float:
    """Falling under gravity (accelerating) until `land`, then one small hop of `hop` and rest:
    tiles dropping into a stack."""
    if t < land:
        return (t / land) ** 2
    u = (t - land) / (1 - land)
    return 1 - hop * math.sin(math.pi * u)


def lerp(a: Any, b: Any, t: float) -> Any:
    """Interpolate numbers or equal-length tuples (positions, colours)."""
    if isinstance(a, (tuple, list)):
        return tuple(x + (y - x) * t for x, y in zip(a, b))
    return a + (b - a) * t


@dataclass
class Tween:
    """A value going from `start` to `end` over `duration` seconds (after `delay`) with an easing."""

    start: Any
    end: Any
    duration: float = 0.3
    ease: Easing = ease_out_cubic
    delay: float = 0.0
    on_done: Callable[[], None] | None = None
    tag: Any = None  # what the game animates (a tile id, a cell); free for the scene's use
    elapsed: float = 0.0
    done: bool = False

    @property
    def progress(self) -> float:
        if self.duration <= 0:
            return 1.0 if self.elapsed >= self.delay else 0.0
        return max(0.0, min(1.0, (self.elapsed - self.delay) / self.duration))

    @property
    def value(self) -> Any:
        return lerp(self.start, self.end, self.ease(self.progress))

    def update(self, dt: float) -> None:
        if self.done:
            return
        self.elapsed += dt
        if self.elapsed >= self.delay + self.duration:
            self.finish()

    def finish(self) -> None:
        if self.done:
            return
        self.elapsed = self.delay + max(self.duration, 0.0)
        self.done = True
        if self.on_done is not None:
            self.on_done()


@dataclass
class Animator:
    """The running tweens of one scene. `speed` is read each update (a float or a callable), so a
    settings change applies to animations already under way."""

    speed: float | Callable[[], float] = 1.0
    tweens: list[Tween] = field(default_factory=list)

    def add(self, tween: Tween) -> Tween:
        self.tweens.append(tween)
        if self._speed() >= INSTANT:
            tween.finish()
        return tween

    def tween(self, start: Any, end: Any, duration: float = 0.3, **kw: Any) -> Tween:
        return self.add(Tween(start, end, duration, **kw))

    def sequence(self, tweens: Sequence[Tween], gap: float = 0.0) -> list[Tween]:
        """Chain tweens one after the other by setting their delays."""
        t = 0.0
        for tw in tweens:
            tw.delay += t
            t = tw.delay + tw.duration + gap
            self.add(tw)
        return list(tweens)

    def update(self, dt: float) -> None:
        speed = self._speed()
        for tw in list(self.tweens):
            if speed >= INSTANT:
                tw.finish()
            else:
                tw.update(dt * speed)
        self.tweens = [tw for tw in self.tweens if not tw.done]

    def finish_all(self) -> None:
        for tw in list(self.tweens):
            tw.finish()
        self.tweens.clear()

    def clear(self) -> None:
        """Drop every tween without calling its on_done (after undo the state is new anyway)."""
        self.tweens.clear()

    def value(self, tag: Any, default: Any = None) -> Any:
        """The current value of the newest running tween with this tag, else `default`."""
        for tw in reversed(self.tweens):
            if tw.tag == tag:
                return tw.value
        return default

    @property
    def busy(self) -> bool:
        return bool(self.tweens)

    def _speed(self) -> float:
        return float(self.speed() if callable(self.speed) else self.speed)
