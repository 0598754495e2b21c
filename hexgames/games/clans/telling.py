"""The villages a move scored, told one at a time: the strip above the map says the one being told
and the panel's colour points stand as they were before it.

Why a part of its own: the scene wires it, the frame's score show paces it (`follow`): a village's
pills on the map, its words in the strip and its points in the panel come and go together, and a
click that ends the show ends the telling. Where no show plays the move (a replay steps the scene
itself), it keeps its own clock. No drawing here.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from hexgames.games.clans.rules import ScoreEntry
from hexgames.ui.score_show import ScoreShow

SCORE_SECONDS = 1.6  # one village told (the score show's steps take as long)


@dataclass
class ScoreStep:
    """One village's scoring being shown: the entry and the colour points as they were before it."""

    entry: ScoreEntry
    points_before: tuple[int, ...]


class VillageTelling:
    """The villages still to be told (`steps`, the one told now first)."""

    def __init__(self) -> None:
        self.steps: list[ScoreStep] = []
        self.timer = 0.0  # its own clock, where no show paces it
        self.show: ScoreShow | None = None  # the show that paces it

    def add(self, new: Sequence[ScoreEntry], points: Sequence[int]) -> None:
        """The villages a move scored, in order, from the colour points before it."""
        now = list(points)
        for entry in new:
            self.steps.append(ScoreStep(entry, tuple(now)))
            for c in entry.scorers:
                now[c] += entry.value

    def follow(self, show: ScoreShow) -> None:
        """Paced by `show` from now on (if it plays: else by its own clock)."""
        self.show = show if show.busy else None

    def clear(self) -> None:
        self.steps.clear()

    def update(self, dt: float) -> None:
        """`dt` already scaled by the animation speed."""
        if not self.steps:
            return
        if self.show is not None:
            del self.steps[:len(self.steps) - self.show.steps_left()]
            return
        self.timer += dt
        if self.timer >= SCORE_SECONDS:
            self.timer = 0.0
            self.steps.pop(0)
