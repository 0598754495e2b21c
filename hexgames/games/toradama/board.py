"""The Toradama board as plain ints: 5 columns of 6 cells, gravity and matching (RULES.md §3).

Why a separate module: gravity and group finding are the hot path of every clearing (the AI runs
thousands of them a second), so they work on one flat list of 30 ints with precomputed neighbour
tables, and know nothing of players, bags or scores (the rules module does that).

Cell id = column * ROWS + row, row 0 at the bottom. A cell holds EMPTY, a face-up tama (0..4), a
face-down cube whose face is known to the engine (CUBE + kind) or, in a player's view, a cube whose
face nobody knows (HIDDEN_CUBE).
"""
from __future__ import annotations

from typing import Sequence

COLS, ROWS = 5, 6
CELLS = COLS * ROWS
KINDS = 5  # red, yellow, blue, purple, green
RED, YELLOW, BLUE, PURPLE, GREEN = range(KINDS)
KIND_NAMES = ("red", "yellow", "blue", "purple", "green")
EMPTY = -1
CUBE = 8  # CUBE + kind: a face-down cube (face known only to the engine)
HIDDEN_CUBE = CUBE + KINDS  # a face-down cube in a view: its face is unknown
SHARED_COLUMN = 2


def cell(col: int, row: int) -> int:
    return col * ROWS + row


def col_of(c: int) -> int:
    return c // ROWS


def row_of(c: int) -> int:
    return c % ROWS


def is_tama(code: int) -> bool:
    """A face-up tama (the only tiles that match or can be the clear ball)."""
    return 0 <= code < KINDS


def is_cube(code: int) -> bool:
    return code >= CUBE


def _neighbours(c: int) -> tuple[int, ...]:
    col, row = col_of(c), row_of(c)
    out = []
    for dc, dr in ((0, -1), (-1, 0), (1, 0), (0, 1)):
        x, y = col + dc, row + dr
        if 0 <= x < COLS and 0 <= y < ROWS:
            out.append(cell(x, y))
    return tuple(out)


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(c) for c in range(CELLS))
COLUMN_CELLS: tuple[tuple[int, ...], ...] = tuple(tuple(cell(x, y) for y in range(ROWS)) for x in range(COLS))


def height(cells: Sequence[int], col: int) -> int:
    """Tiles in a column (the board is always settled between phases, so they sit at the bottom)."""
    base = col * ROWS
    for row in range(ROWS):
        if cells[base + row] == EMPTY:
            return row
    return ROWS


def fall(cells: list[int]) -> list[tuple[int, int, int, int]]:
    """Close every gap by letting tiles drop; returns the drops as (column, from row, to row, code)."""
    drops = []
    for col in range(COLS):
        base = col * ROWS
        dest = 0
        for row in range(ROWS):
            code = cells[base + row]
            if code == EMPTY:
                continue
            if row != dest:
                cells[base + dest] = code
                cells[base + row] = EMPTY
                drops.append((col, row, dest, code))
            dest += 1
    return drops


def groups(cells: Sequence[int], area_columns: Sequence[int]) -> list[list[int]]:
    """Every group of 3+ same-kind face-up tama joined up/down/left/right that has at least one
    tile in one of `area_columns`; each group is a sorted list of cells."""
    seen = [False] * CELLS
    out = []
    for c in range(CELLS):
        kind = cells[c]
        if seen[c] or not 0 <= kind < KINDS:
            continue
        seen[c] = True
        group = [c]
        i = 0
        while i < len(group):
            for n in NEIGHBOURS[group[i]]:
                if not seen[n] and cells[n] == kind:
                    seen[n] = True
                    group.append(n)
            i += 1
        if len(group) >= 3 and any(g // ROWS in area_columns for g in group):
            group.sort()
            out.append(group)
    return out


def floating(cells: Sequence[int]) -> bool:
    """True if some tile has an empty cell below it (never true between phases)."""
    for col in range(COLS):
        base = col * ROWS
        for row in range(1, ROWS):
            if cells[base + row] != EMPTY and cells[base + row - 1] == EMPTY:
                return True
    return False
