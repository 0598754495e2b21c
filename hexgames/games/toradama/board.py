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


FULL = (1 << CELLS) - 1
NOT_BOTTOM = sum(1 << cell(x, y) for x in range(COLS) for y in range(1, ROWS))
NOT_TOP = sum(1 << cell(x, y) for x in range(COLS) for y in range(ROWS - 1))
COLUMN_MASK = tuple(sum(1 << cell(x, y) for y in range(ROWS)) for x in range(COLS))


def area_mask(area_columns: Sequence[int]) -> int:
    return sum(COLUMN_MASK[x] for x in area_columns)


def _component(seed: int, within: int) -> int:
    """The cells of `within` joined up/down/left/right to `seed` (bit sets: bit c = cell c)."""
    comp = seed
    while True:
        grown = (comp | ((comp << 1) & NOT_BOTTOM) | ((comp >> 1) & NOT_TOP) | (comp << ROWS) | (comp >> ROWS)) & within
        if grown == comp:
            return comp
        comp = grown


def group_masks(cells: Sequence[int], area: int) -> list[tuple[int, int]]:
    """Every group of 3+ same-kind face-up tama with a tile in the `area` bit set, as (mask, kind).

    Bit sets make this cheap: a flood fill is a few shifts per step, and kinds with fewer than three
    tiles are skipped at once."""
    masks = [0] * KINDS
    for c in range(CELLS):
        k = cells[c]
        if 0 <= k < KINDS:
            masks[k] |= 1 << c
    out = []
    for k in range(KINDS):
        rest = masks[k]
        while rest.bit_count() >= 3:
            seed = rest & -rest
            comp = _component(seed, rest)
            rest &= ~comp
            if comp.bit_count() >= 3 and comp & area:
                out.append((comp, k))
    return out


def cells_of(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def groups(cells: Sequence[int], area_columns: Sequence[int]) -> list[list[int]]:
    """Every group of 3+ same-kind face-up tama joined up/down/left/right that has at least one
    tile in one of `area_columns`; each group is a sorted list of cells."""
    return [cells_of(m) for m, _ in group_masks(cells, area_mask(area_columns))]
