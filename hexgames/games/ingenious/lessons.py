"""The rules of RULES.md §1 a player must meet to finish a game, as the tutorial must teach
them (`hexgames.tutorials` checks that the game's tutorial script meets each one; `core/lessons.py` says
what a lesson is). Each test reads the states around one move (`after` comes from `rules.play`, so it
carries what the move set off) and never draws.
"""
from __future__ import annotations

from typing import Any

from hexgames.core.lessons import TOLD, YOU, Lesson
from hexgames.games.ingenious.rules import Place, Swap


def lessons() -> tuple[Lesson, ...]:
    """The game's lessons, in the order a tutorial meets them."""
    def place(b: Any, m: Any) -> bool:
        return type(m) is Place

    def gains(r: Any, b: Any, a: Any) -> list[int]:
        seat = b.track_of(b.current)
        return [x - y for x, y in zip(a.scores[seat], b.scores[seat])]

    return (
        Lesson("first_round", "§1 Play 3", YOU, lambda r, b, m, a: place(b, m) and b.round == 1),
        Lesson("score", "§1 Play 4", YOU, lambda r, b, m, a: place(b, m) and m.tile[0] != m.tile[1]
               and gains(r, b, a)[m.tile[0]] > 0 and gains(r, b, a)[m.tile[1]] > 0),
        Lesson("bonus", "§1 Play 5", YOU, lambda r, b, m, a: place(b, m) and a.phase == "bonus"
               and any(x < 18 <= y for x, y in zip(b.scores[b.track_of(b.current)], a.scores[b.track_of(b.current)])),
               mentions=("18",)),
        Lesson("cap", "§1 Play 5", YOU, lambda r, b, m, a: place(b, m)
               and any(g > x for g, x in zip(r.raw_gains(b, m), gains(r, b, a)))),
        Lesson("bonus_place", "§1 Play 5", YOU, lambda r, b, m, a: place(b, m) and b.phase == "bonus"),
        Lesson("swap", "§1 Play 6", YOU, lambda r, b, m, a: m == Swap(True)),
        Lesson("end", "§1 Play 7-8", TOLD, mentions=("18",)),
    )
