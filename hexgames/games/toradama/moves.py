"""Toradama's moves: one small frozen class per decision a player makes (RULES.md §3).

Why classes and not tuples: `Place(1, 2)` and `Swap(1, 2)` hold the same numbers, and the protocol
needs them to differ; a frozen dataclass compares its class too. Cells are ids of `board.cell`.
Every okunote is its own move class, so the scene and the AI handle them as ordinary moves.
"""
from __future__ import annotations

from dataclasses import dataclass

CUBE_SOURCE = 5  # `Place.src` / `Give.src`: the top of your cube pool (0..4: a pool tama of that kind)


@dataclass(frozen=True, slots=True)
class Choose:
    """Pick a character (0..4: Tora, Usagi, Neko, Kitsune, Kuma) at the start of the game."""

    character: int


@dataclass(frozen=True, slots=True)
class Place:
    """Take one tile (`src`: a pool tama of that kind, or CUBE_SOURCE) and drop it on column `col`."""

    src: int
    col: int


@dataclass(frozen=True, slots=True)
class Give:
    """Take one tile but do not place it: it goes to the opponent's score pile (solo: discarded)."""

    src: int


@dataclass(frozen=True, slots=True)
class Clear:
    """Clearing phase: the face-up tama on `cell` is the clear ball."""

    cell: int


@dataclass(frozen=True, slots=True)
class Swap:
    """Tora's okunote: swap the tiles on two adjacent cells of your private columns (a < b)."""

    a: int
    b: int


@dataclass(frozen=True, slots=True)
class Reroll:
    """Usagi's okunote: return the whole pool to the bag and refill it."""


@dataclass(frozen=True, slots=True)
class Triple:
    """Neko's okunote: this turn's placing phase uses 3 tiles."""


@dataclass(frozen=True, slots=True)
class Flip:
    """Kitsune's okunote: turn the cube on `cell` (in your area) face up."""

    cell: int


@dataclass(frozen=True, slots=True)
class Dig:
    """Kuma's okunote: discard the top tile of your private column `col`."""

    col: int


@dataclass(frozen=True, slots=True)
class Resign:
    """Give up: the opponent wins (solo: the game ends with the score so far)."""


OKUNOTE_MOVES = (Swap, Reroll, Triple, Flip, Dig)
MOVE_TYPES = (Choose, Place, Give, Clear, Swap, Reroll, Triple, Flip, Dig, Resign)
