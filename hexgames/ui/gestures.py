"""Gestures: how a player inputs a move, as data — a click here, a right-click there, a drag, a key.

A game scene answers `input_points(move)` with the gestures that make `move` in its current layout
(a rack tile clicked, the tile turned twice, the board clicked, Enter). The tutorial marks them on
screen (where to click or drag), and `hexgames tutorial --autoplay` and the tests post them as real
pygame events, so a scripted tutorial is played through exactly the input a player uses.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

import pygame

if TYPE_CHECKING:
    from hexgames.ui.shell import Shell

Point = tuple[int, int]


@dataclass(frozen=True)
class Gesture:
    """kind: "click" (left button), "rclick" (right button), "drag" (left button from `pos` to `to`)
    or "key" (`key` with modifiers `mod`). `mod` on a click holds Shift/Ctrl (adding to a selection)."""

    kind: str
    pos: Point = (0, 0)
    to: Point | None = None
    key: int = 0
    mod: int = 0

    @property
    def points(self) -> list[Point]:
        """Where on screen the gesture acts (none for a key)."""
        if self.kind == "key":
            return []
        return [self.pos] if self.to is None else [self.pos, self.to]


def _pt(pos: Sequence[float]) -> Point:
    return round(pos[0]), round(pos[1])


def click(pos: Sequence[float], mod: int = 0) -> Gesture:
    return Gesture("click", _pt(pos), mod=mod)


def rclick(pos: Sequence[float]) -> Gesture:
    return Gesture("rclick", _pt(pos))


def drag(start: Sequence[float], end: Sequence[float]) -> Gesture:
    return Gesture("drag", _pt(start), _pt(end))


def key(k: int, mod: int = 0) -> Gesture:
    return Gesture("key", key=k, mod=mod)


def _post(kind: int, **kw) -> None:
    pygame.event.post(pygame.event.Event(kind, **kw))


def perform(app: "Shell", g: Gesture, frame: float = 1 / 60) -> None:
    """Post `g` as the events a player's hand makes, stepping the app between them as a real loop
    would (pygame_gui needs a frame to see the pointer over a button before it is pressed)."""
    def step(n: int = 1) -> None:
        for _ in range(n):
            app.step(frame)

    if g.kind == "key":
        _post(pygame.KEYDOWN, key=g.key, mod=g.mod, unicode="", scancode=0)
        _post(pygame.KEYUP, key=g.key, mod=g.mod, unicode="", scancode=0)
        step(2)
        return
    button = 3 if g.kind == "rclick" else 1
    _post(pygame.MOUSEMOTION, pos=g.pos, rel=(0, 0), buttons=(0, 0, 0))
    step()
    _post(pygame.MOUSEBUTTONDOWN, pos=g.pos, button=button, mod=g.mod)
    step()
    if g.to is not None:
        steps = 6
        for i in range(1, steps + 1):
            x = g.pos[0] + (g.to[0] - g.pos[0]) * i / steps
            y = g.pos[1] + (g.to[1] - g.pos[1]) * i / steps
            _post(pygame.MOUSEMOTION, pos=(round(x), round(y)), rel=(0, 0), buttons=(1, 0, 0))
            step()
    _post(pygame.MOUSEBUTTONUP, pos=g.to or g.pos, button=button, mod=g.mod)
    step(3)
