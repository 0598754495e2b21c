"""The rules of RULES.md §2 a player must meet to finish a game, as the tutorial must teach
them (`hexgames.tutorials` checks that the game's tutorial script meets each one; `core/lessons.py` says
what a lesson is). Each test reads the states around one move (`after` comes from `rules.play`, so it
carries what the move set off) and never draws.
"""
from __future__ import annotations

from typing import Any

from hexgames.core.lessons import SEEN, TOLD, YOU, Lesson
from hexgames.games.clans.rules import Move, ScoreNext


def lessons() -> tuple[Lesson, ...]:
    """The game's lessons, in the order a tutorial meets them."""
    def new(b: Any, a: Any) -> list[Any]:
        return list(a.score_log[len(b.score_log):])

    def favoured(r: Any, e: Any) -> bool:
        terrain = r.map.terrain[e.area]
        return not e.hostile and e.value > 0 and r.FAVOURED[e.epoch] in (terrain, -1)

    return (
        Lesson("secret", "§2 Play 1, 9", TOLD),
        Lesson("move", "§2 Play 2", YOU, lambda r, b, m, a: type(m) is Move and not new(b, a) and not a.pending),
        Lesson("big_group", "§2 Play 2", TOLD, mentions=("7",)),
        Lesson("village", "§2 Play 3, 5a", YOU, lambda r, b, m, a: any(e.founder == b.current for e in new(b, a))),
        Lesson("dispute", "§2 Play 5b", TOLD, mentions=("5",)),
        Lesson("favoured", "§2 Components, Play 5c", SEEN, lambda r, b, m, a: any(favoured(r, e) for e in new(b, a))),
        Lesson("hostile", "§2 Components, Play 5c", SEEN, lambda r, b, m, a: any(e.hostile for e in new(b, a))),
        Lesson("epoch", "§2 Play 6", YOU, lambda r, b, m, a: a.epoch > b.epoch),
        Lesson("order", "§2 Play 4", SEEN, lambda r, b, m, a: type(m) is ScoreNext),
        Lesson("end", "§2 Play 7", TOLD, mentions=("12",)),
    )
