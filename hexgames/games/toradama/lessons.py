"""The rules of RULES.md §3 a player must meet to finish a game, as the tutorial must teach
them (`hexgames.tutorials` checks that the game's tutorial script meets each one; `core/lessons.py` says
what a lesson is). Each test reads the states around one move (`after` comes from `rules.play`, so it
carries what the move set off) and never draws.
"""
from __future__ import annotations

from typing import Any

from hexgames.core.lessons import SEEN, TOLD, YOU, Lesson
from hexgames.games.toradama import board
from hexgames.games.toradama.moves import CUBE_SOURCE, OKUNOTE_MOVES, Choose, Clear, Give, Place
from hexgames.games.toradama.rules import FAVOURITE, OVER, PLACING, PRIVATE


def lessons() -> tuple[Lesson, ...]:
    """The game's lessons, in the order a tutorial meets them."""
    def cleared(a: Any) -> list[tuple[int, tuple[int, ...], int]]:
        """(chain, cells, kind) of every group the move cleared."""
        return [(e[1], g[0], g[1]) for e in a.events or () if e[0] == "chain" for g in e[2]]

    def cashed(b: Any, a: Any) -> bool:
        theirs = PRIVATE[1 - b.current]
        return any(chain == 1 and any(board.col_of(c) == board.SHARED_COLUMN for c in cells)
                   and any(board.col_of(c) in theirs for c in cells) for chain, cells, _ in cleared(a))

    return (
        Lesson("choose", "§3 Components", YOU, lambda r, b, m, a: type(m) is Choose),
        Lesson("first_turn", "§3 Play 3", YOU,
               lambda r, b, m, a: type(m) is Place and b.first_turn and b.to_place == 1),
        Lesson("place", "§3 Play 3", YOU, lambda r, b, m, a: type(m) is Place and b.phase == PLACING),
        Lesson("clear", "§3 Play 4", YOU, lambda r, b, m, a: type(m) is Clear and bool(cleared(a))),
        Lesson("favourite", "§3 Play 6", YOU, lambda r, b, m, a: type(m) is Clear
               and any(kind == FAVOURITE[b.chars[b.current]] for _, _, kind in cleared(a))),
        Lesson("big_group", "§3 Play 4", YOU, lambda r, b, m, a: any(len(cells) >= 4 for _, cells, _ in cleared(a)),
               mentions=("4",)),
        Lesson("chain", "§3 Play 4", YOU, lambda r, b, m, a: any(chain >= 2 for chain, _, _ in cleared(a))),
        Lesson("cash_shared", "§3 Play 3", YOU, lambda r, b, m, a: type(m) is Clear and cashed(b, a)),
        Lesson("give", "§3 Play 3", YOU, lambda r, b, m, a: type(m) is Give),
        Lesson("place_cube", "§3 Play 3, 4", YOU, lambda r, b, m, a: type(m) is Place and m.src == CUBE_SOURCE),
        Lesson("flip", "§3 Play 4", SEEN, lambda r, b, m, a: any(e[0] == "flip" for e in a.events or ())
               and type(m) is Clear),
        Lesson("okunote", "§3 Components, Play 2", YOU, lambda r, b, m, a: type(m) in OKUNOTE_MOVES),
        Lesson("win", "§3 Play 6", YOU, lambda r, b, m, a: a.phase == OVER and a.end == "target"
               and a.winner == b.current, mentions=("8",)),
        Lesson("stuck", "§3 Play 7", TOLD),
    )
