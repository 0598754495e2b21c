"""The Toradama board: the 5x6 grid with each player's columns tinted and named and the shared column
framed, the tiles standing on it, the last turn's placements dotted in the mover's colour, and what
the player at the screen may do now (the columns the picked tile may go to, the tile ghosted where
it would land, the marked clear ball, the clearable tama under the pointer, the swap's first cell,
a hint's cells or column).

Why it is built this way: the grid is drawn from the layout alone and the rest from a `BoardShown`
the scene builds each frame from the public view (everything on the board is public: cube faces are
hidden from both players), so the view decides no rule: which columns are legal, which tama may be
cleared and which move is hinted all come from the scene. The tiles the animation step on show
moves are left out here; `view_overlays` draws them where they are.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Sequence

import pygame

from hexgames.games.toradama import pieces
from hexgames.games.toradama.board import COLS, EMPTY, ROWS, SHARED_COLUMN, cell
from hexgames.games.toradama.layout import TableLayout
from hexgames.games.toradama.look import AREA_TINTS, BALL, GRID_BG, GRID_LINE, LEGAL, seat_colour, tr_ui
from hexgames.games.toradama.moves import Dig, Flip, Place, Swap
from hexgames.games.toradama.rules import PRIVATE
from hexgames.ui import draw, hud

if TYPE_CHECKING:
    from hexgames.ui.shell import Shell

SHARED_EDGE = (110, 120, 140)
TARGET_GHOST, HINT_GHOST = 110, 150  # the alpha of a tile ghosted where it would land


@dataclass(frozen=True)
class BoardHints:
    """What the player at the screen may do now, lit on the board."""
    pointer: tuple[int, int]
    selected: int | None = None  # the picked source (a pool kind or the cube pool)
    targets: frozenset[int] = frozenset()  # the columns it may go to (none unless the settings show them)
    ball: int | None = None  # the clear ball marked by a first click
    clearable: int | None = None  # the tama under the pointer that may be cleared
    swap_first: int | None = None  # the swap okunote's first cell
    hint: Any = None  # the hinted move on show


@dataclass(frozen=True)
class BoardShown:
    """What the board shows in a frame."""
    cells: tuple[int, ...]  # the position on screen (the shown one while a move plays)
    names: tuple[str, ...]  # each seat's name, over its columns
    moving: frozenset[int] = frozenset()  # cells the animation step on show draws itself
    marks: tuple[int, frozenset[int]] | None = None  # the latest mover and the cells they filled
    hints: BoardHints | None = None  # None: the player at the screen cannot act now


def filled(cells: Sequence[int], col: int) -> int:
    """The tiles standing in a column: a tile dropped there lands on the next row."""
    return sum(1 for r in range(ROWS) if cells[cell(col, r)] != EMPTY)


class BoardView:
    """Draws the board part of the table from the layout and a `BoardShown`."""

    def __init__(self, app: "Shell"):
        self.app = app

    def draw(self, surface: pygame.Surface, geo: TableLayout, shown: BoardShown) -> None:
        self._draw_grid(surface, geo, shown.names)
        self._draw_tiles(surface, geo, shown)
        if shown.hints is not None:
            self._draw_hints(surface, geo, shown.cells, shown.hints)
            self._draw_hint(surface, geo, shown.cells, shown.hints)

    def _draw_grid(self, surface: pygame.Surface, geo: TableLayout, names: tuple[str, ...]) -> None:
        g, s = geo.grid, geo.cell_size
        seats = len(names)
        draw.rounded_panel(surface, g.inflate(12, 12), GRID_BG, 10, border=GRID_LINE)
        for seat in range(seats):
            for col in PRIVATE[seat]:
                layer = pygame.Surface((s, g.h), pygame.SRCALPHA)
                layer.fill(AREA_TINTS[seat])
                surface.blit(layer, geo.columns_rect(col, col).topleft)
        shared = geo.columns_rect(SHARED_COLUMN, SHARED_COLUMN)
        pygame.draw.line(surface, SHARED_EDGE, shared.topleft, shared.bottomleft, 2)
        pygame.draw.line(surface, SHARED_EDGE, shared.topright, shared.bottomright, 2)
        for i in range(1, COLS):
            pygame.draw.line(surface, GRID_LINE, (g.x + i * s, g.y), (g.x + i * s, g.bottom))
        for j in range(1, ROWS):
            pygame.draw.line(surface, GRID_LINE, (g.x, g.y + j * s), (g.right, g.y + j * s))
        labels = [(SHARED_COLUMN, SHARED_COLUMN, tr_ui(self.app, "shared", "shared"), hud.MUTED)] if seats == 2 else []
        labels += [(*PRIVATE[seat], names[seat], seat_colour(seat)) for seat in range(seats)]
        for first, last, text, colour in labels:
            area = geo.columns_rect(first, last)
            font = draw.fit_text(self.app.font, text, area.w - 8, max(12, s // 5), 10, bold=True)
            draw.text(surface, font, text, (area.centerx, g.y - 12), colour)

    def _draw_tiles(self, surface: pygame.Surface, geo: TableLayout, shown: BoardShown) -> None:
        for c, code in enumerate(shown.cells):
            if code == EMPTY or c in shown.moving:
                continue
            pieces.blit_tile(surface, code, geo.cell_rect(c))
        if shown.marks is None:
            return
        seat, placed = shown.marks
        for c in placed:
            if shown.cells[c] != EMPTY:
                r = geo.cell_rect(c)
                draw.aa_circle(surface, seat_colour(seat), (r.right - 7, r.y + 7), 5, border=(20, 20, 20))

    def _draw_hints(self, surface: pygame.Surface, geo: TableLayout, cells: Sequence[int], h: BoardHints) -> None:
        """The picked tile's columns and its ghost under the pointer; the clear ball or the clearable
        tama under the pointer; the swap's first cell."""
        for col in h.targets:
            pygame.draw.rect(surface, LEGAL, geo.columns_rect(col, col).inflate(-4, -4), 3, border_radius=8)
        hover = geo.column_at(h.pointer)
        if h.selected is not None and hover in h.targets:
            pieces.blit_tile(surface, pieces.source_code(h.selected), geo.tile_rect(hover, filled(cells, hover)),
                             alpha=TARGET_GHOST)
        if h.ball is not None:
            pulse = 0.5 + 0.5 * math.sin(self.app.clock_time * 6)
            pygame.draw.rect(surface, BALL, geo.cell_rect(h.ball).inflate(4, 4), 3 + round(2 * pulse), border_radius=8)
        elif h.clearable is not None:
            pygame.draw.rect(surface, BALL, geo.cell_rect(h.clearable).inflate(2, 2), 2, border_radius=8)
        if h.swap_first is not None:
            pygame.draw.rect(surface, BALL, geo.cell_rect(h.swap_first).inflate(4, 4), 4, border_radius=8)

    def _draw_hint(self, surface: pygame.Surface, geo: TableLayout, cells: Sequence[int], h: BoardHints) -> None:
        """The hinted placement while its tile is still picked up: the tile ghosted where it would
        land, its column ringed and tagged "Hint"; an okunote's cells ringed."""
        hint = h.hint
        if type(hint) in (Swap, Flip, Dig):
            rings = [hint.a, hint.b] if type(hint) is Swap else [hint.cell] if type(hint) is Flip else [
                cell(hint.col, max(0, filled(cells, hint.col) - 1))]
            for c in rings:
                pygame.draw.rect(surface, hud.HINT, geo.cell_rect(c).inflate(6, 6), 4, border_radius=8)
            hud.hint_tag(surface, self.app, (geo.cell_rect(rings[0]).centerx, geo.cell_rect(rings[0]).y - 2))
        if type(hint) is not Place or h.selected != hint.src:
            return
        pieces.blit_tile(surface, pieces.source_code(hint.src), geo.tile_rect(hint.col, filled(cells, hint.col)),
                         alpha=HINT_GHOST)
        column = geo.columns_rect(hint.col, hint.col)
        pygame.draw.rect(surface, hud.HINT, column.inflate(-2, 0), 4, border_radius=8)
        hud.hint_tag(surface, self.app, (column.centerx, column.y + 30))
