"""Hand-built Toradama positions for the rule examples, drawn as text.

A board is six lines, top row first, five characters each (columns 0..4): `.` empty, `R Y B P G` a
face-up tama, `r y b p g` a face-down cube with that face. The bag is rebuilt from what is left, so
every position keeps all 66 tiles accounted for.
"""
from __future__ import annotations

from hexgames.games.toradama import board
from hexgames.games.toradama.board import COLS, CUBE, EMPTY, KINDS, ROWS
from hexgames.games.toradama.rules import (
    NIKU, NIKU_TILES, START, TAMA_PER_KIND, ToradamaRules, ToradamaState,
)

RULES = ToradamaRules()
LETTERS = "RYBPG"


def kind(letter: str) -> int:
    return LETTERS.index(letter.upper())


def parse_board(lines: list[str]) -> list[int]:
    assert len(lines) == ROWS and all(len(line) == COLS for line in lines), lines
    cells = [EMPTY] * board.CELLS
    for i, line in enumerate(lines):
        row = ROWS - 1 - i
        for col, ch in enumerate(line):
            if ch == ".":
                continue
            code = kind(ch) + (CUBE if ch.islower() else 0)
            cells[board.cell(col, row)] = code
    return cells


def make(lines: list[str], pool: str = "RYB", cubes: tuple[str, str] = ("", ""), chars: tuple[int, ...] = (0, 2),
         current: int = 0, niku: tuple[int, int] = (0, 0), score: tuple[str, str] = ("", ""), seats: int = 2,
         first_turn: bool = False, options: dict | None = None, seed: int = 1) -> ToradamaState:
    """A position in the START phase of `current`'s turn; the bag holds every tile not shown."""
    s = RULES.setup(options or {}, seats, seed)
    s.cells = parse_board(lines)
    s.pool = sorted(kind(c) for c in pool)
    s.cubes = [[kind(c) for c in cubes[0]], [kind(c) for c in cubes[1]]]
    s.score = [[score[i].upper().count(c) for c in LETTERS] for i in range(2)]
    s.niku = list(niku)
    s.chars = list(chars[:seats])
    s.current = s.start_player = current
    s.phase, s.okunote_used, s.first_turn = START, False, first_turn
    s.to_place = RULES.tiles_this_turn(s)
    used = [0] * KINDS
    for code in s.cells:
        if code != EMPTY:
            used[code % CUBE] += 1
    for k in s.pool + s.cubes[0] + s.cubes[1]:
        used[k] += 1
    for i in range(2):
        for k in range(KINDS):
            used[k] += s.score[i][k]
    s.discard = [0] * (KINDS + 1)
    s.bag = [k for k in range(KINDS) for _ in range(TAMA_PER_KIND - used[k])] + [NIKU] * (NIKU_TILES - sum(niku))
    assert tile_count(s) == 66
    return s


def show(s: ToradamaState) -> list[str]:
    """The board back as text lines (same notation), for readable assertions."""
    out = []
    for row in range(ROWS - 1, -1, -1):
        line = ""
        for col in range(COLS):
            code = s.cells[board.cell(col, row)]
            line += "." if code == EMPTY else LETTERS[code % CUBE].lower() if code >= CUBE else LETTERS[code]
        out.append(line)
    return out


def tile_count(s) -> int:
    """Every tile wherever it is; 66 always (a view counts its bag and unknown cubes too)."""
    on_board = sum(1 for c in s.cells if c != EMPTY)
    bag = s.hidden_bag if s.observer >= 0 else len(s.bag)
    return (on_board + len(s.pool) + bag + sum(map(len, s.cubes)) + sum(map(sum, s.score))
            + sum(s.niku) + sum(s.discard))


def floating(cells) -> bool:
    """True if some tile has an empty cell below it (never true between phases)."""
    for col in range(COLS):
        base = col * ROWS
        for row in range(1, ROWS):
            if cells[base + row] != EMPTY and cells[base + row - 1] == EMPTY:
                return True
    return False
