"""What a tutorial must teach, as data a game declares: its lessons, each a rule of RULES.md that
changes what a player does, with a test of whether a move made it happen. Each game lists its own in
`hexgames/games/<game>/lessons.py` (`lessons()`); `hexgames.tutorials` checks a tutorial script
against them. Here, in the engine, so a game declares them without importing anything above it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

YOU, SEEN, TOLD = "you", "seen", "told"


@dataclass(frozen=True)
class Seen:
    """One move as a tutorial step shows it: who made it ("you" or "opponent"), and the states around it."""

    who: str
    before: Any
    move: Any
    after: Any


@dataclass(frozen=True)
class Lesson:
    """A rule of RULES.md that changes what a player does, as a tutorial must teach it.

    `how`: YOU, the player meets it by a move of their own; SEEN, by their own move or by the
    opponent's, shown while the step's words explain it; TOLD, in words only, for the few rules a short
    game cannot reach (a long game's end): `mentions` then names what the words must contain.
    `met(rules, before, move, after)` is true when the move made the rule happen (`after` comes from
    `rules.play`, so it carries what the move set off)."""

    id: str
    rule: str  # where RULES.md states it
    how: str
    met: Callable[[Any, Any, Any, Any], bool] | None = None
    mentions: tuple[str, ...] = ()  # words the teaching step must contain, in every language

    def met_by(self, rules: Any, seen: Seen) -> bool:
        if self.met is None or (self.how == YOU and seen.who != "you"):
            return False
        return bool(self.met(rules, seen.before, seen.move, seen.after))
