"""Where everything of the Toradama table goes: the 5x6 grid, the two cube pools beside it, the pool
and the bag under it, the boxes beside the board where chains are called out, the player cards and
the buttons (Okunote, Give away, Resign) in the side panel; and the hit-tests that turn a point back
into a column, a cell, a pool slot, a cube pool or a player's card.

Pure geometry, worked out from the rects the shared scene gives (`board_rect`, `panel_rect`) and the
options that shape the table (one seat or two; mirrored when the one player at this screen sits at
seat 2, so their columns are on their side): no surface, no widget, no display, so it is tested on
its own, and drawing and input read the same numbers from it instead of from each other.
`pygame.Rect` is the only thing of pygame it uses. Toradama's buttons sit in the side panel, so the
bottom bar's `actions_rect` plays no part.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import pygame

from hexgames.games.toradama.board import COLS, ROWS, cell
from hexgames.games.toradama.moves import CUBE_SOURCE

POOL_SLOTS = 3
STACK_SHOWN = 8  # cubes drawn in a cube pool at most (the count says the rest)
BUTTON_H, BUTTON_GAP = 42, 6  # the panel's buttons: Okunote above, Give away and Resign below
BUTTONS_H = 2 * 44 + 12  # the panel's foot the buttons take, kept free of cards
CARD_H, SOLO_CARD_H, CARD_GAP = 240, 230, 10  # at 800x600 (`card_scale`)
WIDE_W, WIDE_H = 11.6, 7.0  # a wide window's table in cells: the pool beside the grid, not under it
BEST_MAX_H, BEST_MIN_H = 170, 60  # solo: the best results under the card, shown from this height


def card_scale(panel: pygame.Rect) -> float:
    """How much larger than at 800x600 the cards are drawn: a large window gets large type."""
    return max(1.0, min(1.5, panel.w / 240, panel.h / 460))


@dataclass(frozen=True)
class TableLayout:
    """The rects of the table for one window (see `fit`); every rect is in screen coordinates and
    every dict is keyed by seat."""
    board_area: pygame.Rect
    panel: pygame.Rect
    mirrored: bool  # seat 2's columns drawn on the left (the one player at this screen sits there)
    cell_size: int
    grid: pygame.Rect
    stacks: dict[int, pygame.Rect]  # each seat's cube pool, beside the grid on its side
    pool_slots: tuple[pygame.Rect, ...]
    bag_rect: pygame.Rect  # the bag's count, right of the pool
    side_boxes: dict[int, pygame.Rect]  # beside the board on each seat's side: the call-outs
    cards: dict[int, pygame.Rect]  # each player's card in the panel
    best: pygame.Rect | None  # solo: the best results under the card, when there is room
    okunote: pygame.Rect
    give: pygame.Rect
    resign: pygame.Rect

    @classmethod
    def fit(cls, board_rect: pygame.Rect, panel_rect: pygame.Rect, seats: int, mirrored: bool) -> "TableLayout":
        """The grid as large as the board's part allows, centred, with a row's room above it for the
        labels; the cube pools beside its lower half, the pool and the bag under it; the cards down
        the panel (the top one the opponent's), the buttons at its foot."""
        r = board_rect
        s = max(24, int(min(r.w / 8.6, r.h / 8.3)))
        wide = int(min(r.w / WIDE_W, r.h / WIDE_H)) > s * 1.08  # a wide window: the pool beside the grid
        s = int(min(r.w / WIDE_W, r.h / WIDE_H)) if wide else s
        g = pygame.Rect(r.centerx - 5 * s // 2, r.y + int(0.45 * s), 5 * s, 6 * s)
        left_seat = 1 if mirrored else 0
        stacks = _stacks(g, s, left_seat)
        pool_slots = _pool_column(stacks[1 - left_seat], s) if wide else _pool_slots(g, s)
        if wide:  # the bag's count above the pool's column and the cube pool's words, to the board's edge
            right = stacks[1 - left_seat]
            bag = pygame.Rect(right.x, pool_slots[0].y - int(1.7 * s), r.right - right.x, int(0.6 * s))
        else:
            bag = pygame.Rect(pool_slots[-1].right + int(0.6 * s), pool_slots[0].y, int(1.6 * s), s)
        gap = int(0.2 * s)
        bottom = min(stacks[left_seat].y, bag.y) - 4
        side_boxes = {left_seat: pygame.Rect(r.x, g.y, g.x - gap - r.x, bottom - g.y),
                      1 - left_seat: pygame.Rect(g.right + gap, g.y, r.right - g.right - gap, bottom - g.y)}
        cards = _cards(panel_rect, seats, left_seat)
        okunote, give, resign = _buttons(panel_rect)
        return cls(pygame.Rect(board_rect), pygame.Rect(panel_rect), mirrored, s, g, stacks, pool_slots, bag,
                   side_boxes, cards, _best(panel_rect, cards) if seats == 1 else None, okunote, give, resign)

    @property
    def left_seat(self) -> int:
        """The seat whose columns and cube pool are on the left."""
        return 1 if self.mirrored else 0

    # --- the grid -----------------------------------------------------------------------------------
    def display_col(self, col: int) -> int:
        """Where column `col` is drawn, counted from the left (mirrored: from the right)."""
        return COLS - 1 - col if self.mirrored else col

    def tile_rect(self, col: int, row: float) -> pygame.Rect:
        """A tile at `row` of `col` (rows from the bottom; a fraction while it falls), inset 2 px."""
        s = self.cell_size
        x = self.grid.x + self.display_col(col) * s
        y = self.grid.bottom - (row + 1) * s
        return pygame.Rect(x + 2, round(y) + 2, s - 4, s - 4)

    def cell_rect(self, c: int) -> pygame.Rect:
        col, row = divmod(c, ROWS)
        return self.tile_rect(col, row)

    def columns_rect(self, first: int, last: int) -> pygame.Rect:
        """The grid's columns from `first` to `last` (either way round once mirrored), full height."""
        x0, x1 = sorted((self.display_col(first), self.display_col(last)))
        s = self.cell_size
        return pygame.Rect(self.grid.x + x0 * s, self.grid.y, (x1 - x0 + 1) * s, self.grid.h)

    def column_at(self, pos: tuple[int, int]) -> int | None:
        """The column under `pos`: on the grid or in the row above it (where a tile is let go)."""
        g = self.grid.inflate(0, self.cell_size).move(0, -self.cell_size // 2)
        if not g.collidepoint(pos):
            return None
        d = (pos[0] - self.grid.x) // self.cell_size
        return self.display_col(int(d)) if 0 <= d < COLS else None

    def cell_at(self, pos: tuple[int, int]) -> int | None:
        if not self.grid.collidepoint(pos):
            return None
        col = self.column_at(pos)
        row = (self.grid.bottom - 1 - pos[1]) // self.cell_size
        return None if col is None else cell(col, int(row))

    # --- the pool, the bag and the cube pools -------------------------------------------------------
    def pool_slot_at(self, pos: tuple[int, int]) -> int | None:
        return next((i for i, rect in enumerate(self.pool_slots) if rect.collidepoint(pos)), None)

    def stack_at(self, pos: tuple[int, int]) -> int | None:
        """The seat whose cube pool is under `pos`."""
        return next((seat for seat, rect in self.stacks.items() if rect.collidepoint(pos)), None)

    def stack_top(self, seat: int, cubes: int) -> pygame.Rect:
        """The top cube of `seat`'s pool holding `cubes` (the place of the first when it is empty)."""
        r = self.stacks[seat]
        n = min(cubes, STACK_SHOWN)
        size = r.w - 8
        return pygame.Rect(r.x + 4, r.bottom - size - 4 - max(0, n - 1) * size // 7, size, size)

    def source_rect(self, seat: int, src: int, pool: Sequence[int], cubes: int) -> pygame.Rect:
        """Where a tile to place is taken from: its pool slot, or the top of `seat`'s cube pool."""
        if src == CUBE_SOURCE:
            return self.stack_top(seat, cubes)
        i = pool.index(src) if src in pool else 0
        return self.pool_slots[min(i, POOL_SLOTS - 1)]

    # --- the side panel -----------------------------------------------------------------------------
    def card_at(self, pos: tuple[int, int]) -> int | None:
        """The seat whose card is under `pos`."""
        return next((seat for seat, rect in self.cards.items() if rect.collidepoint(pos)), None)

    def pile_point(self, seat: int) -> tuple[int, int] | None:
        """Where a tile given to `seat` lands on their card: its score pile (None: no such card)."""
        card = self.cards.get(seat)
        if card is None:
            return None
        k = card_scale(self.panel)
        return card.x + round(30 * k), min(card.y + round(100 * k), card.bottom - round(12 * k))

    def gift_point(self, seat: int) -> tuple[int, int] | None:
        """Where the points of a tile given to `seat` are said: beside the "Score pile" label, over
        the free right part of the card's row (None: no such card)."""
        card = self.cards.get(seat)
        if card is None:
            return None
        k = card_scale(self.panel)
        return card.x + round(card.w * 0.58), min(card.y + round(96 * k), card.bottom - round(12 * k))


def _stacks(g: pygame.Rect, s: int, left_seat: int) -> dict[int, pygame.Rect]:
    """The cube pools beside the grid's lower half, a little apart from it."""
    sw = int(1.1 * s)
    left = pygame.Rect(g.x - sw - int(0.35 * s), g.bottom - int(3.4 * s), sw, int(3.4 * s))
    right = pygame.Rect(g.right + int(0.35 * s), left.y, sw, left.h)
    return {left_seat: left, 1 - left_seat: right}


def _pool_column(stack: pygame.Rect, s: int) -> tuple[pygame.Rect, ...]:
    """A wide window's pool: three cells stacked right of the right-hand cube pool, their feet level,
    with room between for the word "Pool"."""
    gap = int(0.25 * s)
    x, top = stack.right + int(0.75 * s), stack.bottom - POOL_SLOTS * s - (POOL_SLOTS - 1) * gap
    return tuple(pygame.Rect(x, top + i * (s + gap), s, s) for i in range(POOL_SLOTS))


def _pool_slots(g: pygame.Rect, s: int) -> tuple[pygame.Rect, ...]:
    """Three cells under the grid, centred."""
    gap = int(0.25 * s)
    y = g.bottom + int(0.42 * s)
    x0 = g.centerx - (POOL_SLOTS * s + 2 * gap) // 2
    return tuple(pygame.Rect(x0 + i * (s + gap), y, s, s) for i in range(POOL_SLOTS))


def _cards(p: pygame.Rect, seats: int, left_seat: int) -> dict[int, pygame.Rect]:
    """One card (solo), or two: the right-hand player's on top, the left-hand player's below."""
    avail = p.h - BUTTONS_H
    k = card_scale(p)
    if seats == 1:
        return {0: pygame.Rect(p.x, p.y, p.w, min(round(SOLO_CARD_H * k), avail // 2))}
    h = min(round(CARD_H * k), (avail - CARD_GAP) // 2)
    top, bottom = 1 - left_seat, left_seat
    return {top: pygame.Rect(p.x, p.y, p.w, h), bottom: pygame.Rect(p.x, p.y + h + CARD_GAP, p.w, h)}


def _best(p: pygame.Rect, cards: dict[int, pygame.Rect]) -> pygame.Rect | None:
    card = cards[0]
    rect = pygame.Rect(p.x, card.bottom + 10, p.w, min(BEST_MAX_H, p.h - card.h - 2 * 44 - 40))
    return rect if rect.h > BEST_MIN_H else None


def _buttons(p: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
    """Okunote across the panel's foot; Give away and Resign side by side under it."""
    y = p.bottom - 2 * 44 - BUTTON_GAP
    half = (p.w - 8) // 2
    return (pygame.Rect(p.x, y, p.w, BUTTON_H), pygame.Rect(p.x, y + 48, half, BUTTON_H),
            pygame.Rect(p.x + half + 8, y + 48, half, BUTTON_H))
