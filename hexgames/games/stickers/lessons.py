"""The rules of RULES.md §5 a player must meet to finish a game, as the tutorial must teach
them (`hexgames.tutorials` checks that the game's tutorial script meets each one; `core/lessons.py` says
what a lesson is). Each test reads the states around one move (`after` comes from `rules.play`, so it
carries what the move set off) and never draws.
"""
from __future__ import annotations

from typing import Any

from hexgames.core.lessons import SEEN, YOU, Lesson
from hexgames.games.stickers.catalogue import RARITY, SR
from hexgames.games.stickers.rules import Block, Pick, Place, Reorder


def lessons() -> tuple[Lesson, ...]:
    """The game's lessons, in the order a tutorial meets them."""
    def score(r: Any, s: Any, seat: int) -> int:
        return r.scores(s)[seat]

    def founds(b: Any, a: Any) -> bool:
        return len(a.founded) > len(b.founded)

    return (
        Lesson("deck", "§5 Components", YOU, lambda r, b, m, a: type(m) is Pick),
        Lesson("rarity", "§5 Components", YOU, lambda r, b, m, a: type(m) is Pick and RARITY[m.sticker] == SR,
               mentions=("SR",)),
        Lesson("first", "§5 Play 3", YOU, lambda r, b, m, a: type(m) is Place and not b.cells),
        Lesson("match", "§5 Play 4", YOU, lambda r, b, m, a: type(m) is Place and bool(b.cells) and not b.jump),
        Lesson("found", "§5 Play 5", YOU, lambda r, b, m, a: type(m) is Place and founds(b, a)
               and score(r, a, b.current) > score(r, b, b.current)),
        Lesson("grow", "§5 Play 5", YOU, lambda r, b, m, a: type(m) is Place and not founds(b, a)
               and score(r, a, b.current) > score(r, b, b.current)),
        Lesson("cancel", "§5 Play 5", SEEN, lambda r, b, m, a: type(m) is Place
               and any(score(r, a, seat) < score(r, b, seat) for seat in range(b.seats))),
        Lesson("helper", "§5 Components, Play 6", YOU, lambda r, b, m, a: type(m) in (Block, Reorder)
               or (type(m) is Place and (b.jump or b.extra > 0))),
        Lesson("end", "§5 Play 7", SEEN, lambda r, b, m, a: r.is_over(a)),
    )
