"""Input for Toradama: the player's selection (the tile picked from the pool or the cube pool, a drag,
the marked clear ball, an okunote waiting for its cell or column, the pointer), what a click or a
release does to it, where each move is input on screen (the tutorial's marker and autoplay) and the
tips of the drawn parts.

Everything here reads the layout (`layout.TableLayout`) and the position it is given (the public
view on screen), never the scene, so hit-testing and drawing share their numbers through the layout
alone. Nothing here decides a rule: a click proposes a move, which the scene checks with the rules.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Sequence

import pygame

from hexgames.games.toradama import board
from hexgames.games.toradama.board import EMPTY
from hexgames.games.toradama.layout import TableLayout
from hexgames.games.toradama.moves import (
    CUBE_SOURCE, Choose, Clear, Dig, Flip, Give, Place, Reroll, Resign, Swap, Triple,
)
from hexgames.games.toradama.rules import ToradamaState
from hexgames.ui import gestures

if TYPE_CHECKING:
    from hexgames.ui.shell import Shell

PICK_FIRST = "pick first"  # a column clicked with nothing picked: the scene says how to begin
TARGETING = {Swap: "swap", Flip: "flip", Dig: "dig"}  # the okunote that wait for a cell or a column


@dataclass
class Selection:
    """What the player at the screen is doing now. To place: click a pool tile or the own cube pool
    (it is picked; again, put back), then a lit column, or drag it there. To clear: click a tama
    (it is marked as the clear ball), then click it again. An okunote that needs a target waits for
    its cell(s) or column."""
    selected: int | None = None  # a source: pool kind 0..4 or CUBE_SOURCE
    dragging: bool = False
    ball: int | None = None  # clear ball picked once; a second click clears
    targeting: str | None = None  # okunote waiting for its cell / column ("swap", "flip", "dig")
    swap_first: int | None = None  # the swap's first cell, clicked
    mouse: tuple[int, int] = (0, 0)  # the pointer

    @property
    def busy(self) -> bool:
        return self.selected is not None or self.ball is not None or self.targeting is not None

    def drop(self) -> None:
        """Drop what the player picked for a move (a move played, a click elsewhere, not their turn)."""
        self.selected = self.ball = self.targeting = self.swap_first = None
        self.dragging = False

    def clear(self) -> None:
        """Nothing of the last gesture stays: the pick, the drag, the ball, the okunote, the hover."""
        self.drop()
        self.mouse = (-1, -1)

    def pick(self, src: int) -> None:
        """Take `src` (a click on it again puts it back, unless it is being dragged) and drag it."""
        self.ball = None
        self.selected = None if self.selected == src and not self.dragging else src
        self.dragging = self.selected is not None


def source_at(geo: TableLayout, v: ToradamaState, seat: int, pos: tuple[int, int]) -> int | None:
    """The pool tama or `seat`'s own cube pool under `pos`, as a `Place` source."""
    i = geo.pool_slot_at(pos)
    if i is not None and i < len(v.pool):
        return v.pool[i]
    if geo.stack_at(pos) == seat and v.cubes[seat]:
        return CUBE_SOURCE
    return None


def character_at(cards: Sequence[pygame.Rect], pos: tuple[int, int]) -> Choose | None:
    """The character whose card is under `pos` (the choice at the start)."""
    return next((Choose(c) for c, rect in enumerate(cards) if rect.collidepoint(pos)), None)


def press(geo: TableLayout, sel: Selection, v: ToradamaState, seat: int, pos: tuple[int, int]) -> Any:
    """A left click while `seat` may move: a source is picked (or put back), a column takes the
    picked tile (the `Place` returned), a tama is proposed as the clear ball (`Clear`), an okunote
    gets its target (`aim`). Returns the move proposed, PICK_FIRST for a column clicked with nothing
    picked, else whether the click was the table's."""
    if sel.targeting is not None:
        return aim(geo, sel, pos)
    src = source_at(geo, v, seat, pos)
    if src is not None:
        sel.pick(src)
        return True
    col = geo.column_at(pos)
    if sel.selected is not None and col is not None:
        return Place(sel.selected, col)
    c = geo.cell_at(pos)
    if c is not None and v.cells[c] != EMPTY:
        return Clear(c)
    if col is not None:
        return PICK_FIRST
    sel.drop()
    return False


def aim(geo: TableLayout, sel: Selection, pos: tuple[int, int]) -> Any:
    """The okunote's target: Dig a column, Flip a cell, Swap two cells (the first is remembered;
    clicked again, forgotten). A click off the grid drops the okunote (False)."""
    c = geo.cell_at(pos)
    if sel.targeting == "dig":
        col = geo.column_at(pos)
        return False if col is None else Dig(col)
    if c is None:
        sel.drop()
        return False
    if sel.targeting == "flip":
        return Flip(c)
    if sel.swap_first is None or sel.swap_first == c:
        sel.swap_first = None if sel.swap_first == c else c
        return True
    a, b = sorted((sel.swap_first, c))
    sel.swap_first = None
    return Swap(a, b)


def release(geo: TableLayout, sel: Selection, pos: tuple[int, int]) -> Place | None:
    """The end of a drag: the picked tile let go over a column proposes it there."""
    sel.dragging = False
    col = geo.column_at(pos)
    return Place(sel.selected, col) if sel.selected is not None and col is not None else None


def input_points(geo: TableLayout, v: ToradamaState, seat: int, characters: Sequence[pygame.Rect],
                 move: Any) -> list[gestures.Gesture]:
    """A character: its card. A tile: its pool slot (or the cube pool), then its column, or Give away.
    A clear ball: the tama, clicked twice (marked, then cleared). An okunote: its button, then the
    cells or the column it needs. Resign: the button twice (it asks to be sure)."""
    click = gestures.click
    kind = type(move)
    if kind is Choose:
        return [click(characters[move.character].center)]
    if kind in (Place, Give):
        source = click(geo.source_rect(seat, move.src, v.pool, len(v.cubes[seat])).center)
        if kind is Give:
            return [source, click(geo.give.center)]
        return [source, click(_column_top(geo, v, move.col))]
    if kind is Clear:
        spot = click(geo.cell_rect(move.cell).center)
        return [spot, spot]
    if kind is Resign:
        button = click(geo.resign.center)
        return [button, button]
    okunote = click(geo.okunote.center)
    if kind in (Reroll, Triple):
        return [okunote]
    if kind is Swap:
        return [okunote, click(geo.cell_rect(move.a).center), click(geo.cell_rect(move.b).center)]
    if kind is Flip:
        return [okunote, click(geo.cell_rect(move.cell).center)]
    if kind is Dig:
        return [okunote, click(_column_top(geo, v, move.col))]
    raise ValueError(f"no input for {move!r}")


def _column_top(geo: TableLayout, v: ToradamaState, col: int) -> tuple[int, int]:
    """The free cell a tile dropped on the column lands in (the top one when it is full)."""
    row = min(board.height(v.cells, col), board.ROWS - 1)
    return geo.tile_rect(col, row).center


def tip_regions(app: "Shell", geo: TableLayout) -> list[tuple[pygame.Rect, str]]:
    tr = app.tr
    out = [(geo.bag_rect, tr("learn.tips.toradama.bag"))]
    out += [(rect, tr("learn.tips.toradama.cubes")) for rect in geo.stacks.values()]
    out += [(rect, tr("learn.tips.toradama.card")) for rect in geo.cards.values()]
    return out
