"""The rules of RULES.md §4 a player must meet to finish a game, as the tutorial must teach
them (`hexgames.tutorials` checks that the game's tutorial script meets each one; `core/lessons.py` says
what a lesson is). Each test reads the states around one move (`after` comes from `rules.play`, so it
carries what the move set off) and never draws.
"""
from __future__ import annotations

from typing import Any

from hexgames.core.lessons import SEEN, TOLD, YOU, Lesson
from hexgames.games.dotlines.rules import OVER, Chip, Draw, Exchange, First, Home, Place, Redraw, Roll, Stack


def lessons() -> tuple[Lesson, ...]:
    """The game's lessons, in the order a tutorial meets them."""
    def laid(m: Any) -> bool:
        return type(m) in (Place, Stack)

    return (
        Lesson("roll", "§4 Play 2", YOU, lambda r, b, m, a: type(m) is Roll),
        Lesson("home", "§4 Play 2", YOU, lambda r, b, m, a: type(m) in (Home, First)),
        Lesson("chip", "§4 Play 3", YOU, lambda r, b, m, a: type(m) is Chip),
        Lesson("draw", "§4 Play 4", YOU, lambda r, b, m, a: type(m) is Draw),
        Lesson("first_column", "§4 Play 5", YOU, lambda r, b, m, a: type(m) is Place and not b.lines[m.line]),
        Lesson("column", "§4 Play 5", YOU, lambda r, b, m, a: type(m) is Place and bool(b.lines[m.line])),
        Lesson("either_line", "§4 Play 5", SEEN, lambda r, b, m, a: type(m) is Place and m.line != b.home[b.current]),
        Lesson("use_chip", "§4 Play 6", YOU, lambda r, b, m, a: laid(m) and m.chip == 1),
        Lesson("redraw", "§4 Play 7", YOU, lambda r, b, m, a: type(m) is Redraw),
        Lesson("exchange", "§4 Play 7", YOU, lambda r, b, m, a: type(m) is Exchange),
        Lesson("stack", "§4 Play 7", YOU, lambda r, b, m, a: type(m) is Stack),
        Lesson("win", "§4 Play 8", YOU, lambda r, b, m, a: a.phase == OVER and a.winner == b.current),
        Lesson("endings", "§4 Play 8", TOLD),
    )
