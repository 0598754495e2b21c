"""What a move scored and where, as plain data the screens can show on the board.

A game's rules say it (`Rules.score_marks(before, move, after)`), because only the rules know what
counts; the screens only light it up. The rules are given the two positions as the viewer sees them
(`observe`), so a mark can never say more than the board already shows: a Clans village's points go
to a colour, never to a player, until the end.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Hashable


@dataclass(frozen=True)
class ScoreMark:
    """One thing that scored: the board places it covers, its points, and to what they went.

    `places` are in the game's own coordinates (hexes, areas, squares); `anchor` says where the
    points are said: at the "middle" of them all, on the "first" or on the "last" place. `colour` is the game's
    colour index when points go to a colour; `seat` the player they go to when that may be said
    (None: by colour only). Marks of one `step` show together, steps one after the other (a chain's
    links). `note` names something special in the game's own texts ("ingenious", "bonus") or is "".
    """

    places: tuple[Hashable, ...]
    points: int
    colour: int | None = None
    seat: int | None = None
    step: int = 0
    note: str = ""
    anchor: str = "middle"


def steps(marks: list[ScoreMark]) -> list[list[ScoreMark]]:
    """The marks grouped by step, in order (empty steps left out)."""
    found = sorted({m.step for m in marks})
    return [[m for m in marks if m.step == s] for s in found]
