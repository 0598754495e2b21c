"""Where everything of the Sticker Turf table goes: the board's camera (which cell is where, its
corners and the territories' labels), the side panel's parts (a box per player, the drawn sticker or
Peek's chooser, the notes below), the game's own buttons, and the deck builder's catalogue, filters,
deck places and saved decks; and the hit-tests that turn a point back into a cell, a shown sticker, a
filter, a catalogue sticker, a deck place or a saved deck.

Pure geometry, worked out from the rects the shared scene gives (`board_rect`, `panel_rect`,
`actions_rect`), the options that shape the table (seats, deck size) and the room the words need
(`TextRoom`, measured by the views with the app's fonts): no surface, no font, no widget, no display,
so it is tested on its own, and drawing and input read the same numbers from it instead of from each
other. `pygame.Rect` is the only thing of pygame it uses.

The board is unbounded, so its geometry is a camera (`zoom` pixels per cell, `centre` in cell units)
as well as rects: panning and zooming make a new layout (`panned`, `zoomed_at`, `fitted`), as a
resize does (`fit`).
"""
from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from typing import Any, Iterable, Sequence, TypeVar

import pygame

from hexgames.games.stickers.catalogue import ALL_STICKERS, HELPER, N, R, SR

MIN_ZOOM, MAX_ZOOM = 18.0, 120.0  # MAX_ZOOM grows with a large window (`max_zoom`)
START_ZOOM, START_CENTRE = 60.0, (0.5, 0.5)  # the camera before the first fit
PLAYER_H, PLAYER_STEP = 84, 90  # a player's box in the panel, and from one to the next
DRAWN_H = 120  # the drawn sticker's box
PEEK_SIZE = 56  # a sticker Peek shows, at the most
PEEK_GAP = 12
FIT_MIN_W, KEEP_MAX_W = 72, 220
# the deck builder
TILE = 50  # the smallest catalogue tile: a helper's name fits under its icon in 12 px type
MAX_TILE = 84  # a large window shows the catalogue larger, up to this
GAP = 6
CHIP_H, CHIP_PAD, CHIP_GAP, COLOUR_CHIP_W = 32, 22, 6, 40
RARITIES = (None, SR, R, N, HELPER)  # the rarity filters, in order (None: all)
COLOURS = (None, 0, 1, 2, 3)  # the colour filters (None: any)
SLOTS_PER_ROW = 8
SAVED_FOOT = 156  # the name field, Save and Quick deck under the saved decks

T = TypeVar("T")
Cell = tuple[int, int]
Chip = tuple[pygame.Rect, str, Any]  # a filter: its rect, "rarity" or "colour", and its value


@dataclass(frozen=True)
class TextRoom:
    """The room words take, measured by the views that write them (they know their fonts); the
    layout only leaves it."""
    peek_title_h: int  # Peek's title, wrapped to the panel
    label_h: int  # a line of the smallest text (the "#1 now" under a sticker Peek shows)
    fit_w: int  # the Fit button's label
    chips: tuple[int, ...]  # the deck builder's filter labels: one per rarity filter, then "Any"


@dataclass(frozen=True)
class PanelParts:
    """The side panel, top down: a box per player, the drawn sticker (or Peek's chooser; no height
    while decks are built and after the end), and the rest (notes, instructions, best results)."""
    players: tuple[pygame.Rect, ...]
    drawn: pygame.Rect
    rest: pygame.Rect


@dataclass(frozen=True)
class DeckLayout:
    """The deck builder, which takes the board and the panel while decks are built: the filters and
    the catalogue in the board's place, the deck's places and the saved decks in the panel's, its
    buttons at the saved decks' foot and in the bottom bar."""
    filters: pygame.Rect
    grid: pygame.Rect
    tile: int  # a catalogue sticker's size
    chips: tuple[Chip, ...]
    slots_box: pygame.Rect
    slots: tuple[pygame.Rect, ...]  # one per sticker of the deck
    saved_box: pygame.Rect
    name_entry: pygame.Rect
    save: pygame.Rect
    quick: pygame.Rect
    clear: pygame.Rect
    use: pygame.Rect

    @property
    def columns(self) -> int:
        return max(1, (self.grid.w - GAP) // (self.tile + GAP))

    @property
    def shown_rows(self) -> int:
        return max(1, (self.grid.h - 10) // (self.tile + GAP))

    def max_scroll(self, count: int) -> int:
        """How many rows the catalogue may scroll with `count` stickers passing the filters."""
        return max(0, -(-count // self.columns) - self.shown_rows)

    def grid_cells(self, stickers: Sequence[int], scroll: int) -> list[tuple[pygame.Rect, int]]:
        """Where each of `stickers` (those passing the filters) shows, `scroll` rows down; those out
        of view are left out."""
        cols, g, t = self.columns, self.grid, self.tile
        out = []
        for i, s in enumerate(stickers):
            row, col = divmod(i, cols)
            row -= scroll
            if row < 0:
                continue
            rect = pygame.Rect(g.x + GAP + col * (t + GAP), g.y + 6 + row * (t + GAP), t, t)
            if rect.bottom > g.bottom:
                break
            out.append((rect, s))
        return out

    def saved_rows(self, decks: Sequence[T]) -> list[tuple[pygame.Rect, T]]:
        """A row for each of `decks` (in the order listed) while they fit above the name field."""
        r = self.saved_box
        out = []
        y = r.y + 34
        for deck in decks:
            if y + 30 > r.bottom - SAVED_FOOT:
                break
            out.append((pygame.Rect(r.x + 10, y, r.w - 20, 28), deck))
            y += 32
        return out

    # --- hit-tests ------------------------------------------------------------------------------------
    def chip_at(self, pos: tuple[int, int]) -> tuple[str, Any] | None:
        return next(((kind, value) for rect, kind, value in self.chips if rect.collidepoint(pos)), None)

    def chip(self, kind: str, value: Any) -> pygame.Rect:
        return next(rect for rect, k, v in self.chips if (k, v) == (kind, value))

    def sticker_at(self, pos: tuple[int, int], stickers: Sequence[int], scroll: int) -> int | None:
        return next((s for rect, s in self.grid_cells(stickers, scroll) if rect.collidepoint(pos)), None)

    def slot_at(self, pos: tuple[int, int]) -> int | None:
        return next((i for i, rect in enumerate(self.slots) if rect.collidepoint(pos)), None)

    def saved_at(self, pos: tuple[int, int], decks: Sequence[T]) -> T | None:
        return next((deck for rect, deck in self.saved_rows(decks) if rect.collidepoint(pos)), None)


@dataclass(frozen=True)
class TableLayout:
    """The rects and the board's camera for one window (see `fit`); every rect is in screen
    coordinates."""
    board: pygame.Rect
    panel: pygame.Rect
    zoom: float  # pixels per cell
    centre: tuple[float, float]  # the board's middle, in cells
    parts: dict[str, PanelParts]  # the panel with no box, the drawn sticker's or Peek's ("", "drawn", "peek")
    label_h: int
    fit_button: pygame.Rect
    keep_button: pygame.Rect
    deck: DeckLayout

    @classmethod
    def fit(cls, board_rect: pygame.Rect, panel_rect: pygame.Rect, actions_rect: pygame.Rect, seats: int,
            deck_size: int, text: TextRoom, zoom: float = START_ZOOM,
            centre: tuple[float, float] = START_CENTRE) -> "TableLayout":
        """The board in `board_rect` seen through the camera (`zoom`, `centre`: kept from the last
        layout), the panel's parts down `panel_rect`, Fit at the left of `actions_rect` and Peek's
        Keep at its right; the deck builder in the same rects."""
        peek_h = 16 + text.peek_title_h + 8 + PEEK_SIZE + 8 + text.label_h + 8
        parts = {box: _panel(panel_rect, seats, h) for box, h in (("", 0), ("drawn", DRAWN_H), ("peek", peek_h))}
        a = actions_rect
        fit_w = max(FIT_MIN_W, text.fit_w + 32)
        keep_w = min(KEEP_MAX_W, a.w - fit_w - 12)  # beside Fit, never over it in a small window
        return cls(pygame.Rect(board_rect), pygame.Rect(panel_rect), zoom, centre, parts, text.label_h,
                   pygame.Rect(a.x, a.y, fit_w, a.h), pygame.Rect(a.right - keep_w, a.y, keep_w, a.h),
                   _deck(board_rect, panel_rect, actions_rect, deck_size, text.chips))

    # --- the camera -----------------------------------------------------------------------------------
    @property
    def max_zoom(self) -> float:
        """The closest view: a sixth of the board's shorter side per cell in a large window."""
        return max(MAX_ZOOM, min(self.board.w, self.board.h) / 6)

    def fitted(self, cells: Iterable[Cell]) -> "TableLayout":
        """Zoomed and centred so every cell of `cells` (the stickers, and every open cell next to
        one) is in view."""
        cells = list(cells) or [(-1, -1), (1, 1)]
        xs = [x for x, _ in cells]
        ys = [y for _, y in cells]
        x0, x1, y0, y1 = min(xs), max(xs) + 1, min(ys), max(ys) + 1
        r = self.board
        if r.w <= 0 or r.h <= 0:
            return self
        zoom = max(MIN_ZOOM, min(self.max_zoom, (r.w - 20) / (x1 - x0 + 0.6), (r.h - 20) / (y1 - y0 + 0.6)))
        return dataclasses.replace(self, zoom=zoom, centre=((x0 + x1) / 2, (y0 + y1) / 2))

    def panned(self, dx_px: float, dy_px: float) -> "TableLayout":
        """The board dragged by (dx_px, dy_px) pixels."""
        return dataclasses.replace(self, centre=(self.centre[0] - dx_px / self.zoom, self.centre[1] - dy_px / self.zoom))

    def zoomed_at(self, factor: float, pos: tuple[int, int] | None = None) -> "TableLayout":
        """Zoomed by `factor` (within the limits), the point under `pos` (the board's middle) staying put."""
        pos = pos or self.board.center
        before = self.to_world(pos)
        zoomed = dataclasses.replace(self, zoom=max(MIN_ZOOM, min(self.max_zoom, self.zoom * factor)))
        after = zoomed.to_world(pos)
        return dataclasses.replace(zoomed, centre=(self.centre[0] + before[0] - after[0],
                                                   self.centre[1] + before[1] - after[1]))

    def to_screen(self, wx: float, wy: float) -> tuple[float, float]:
        r = self.board
        return r.centerx + (wx - self.centre[0]) * self.zoom, r.centery + (wy - self.centre[1]) * self.zoom

    def to_world(self, pos: tuple[float, float]) -> tuple[float, float]:
        r = self.board
        return (pos[0] - r.centerx) / self.zoom + self.centre[0], (pos[1] - r.centery) / self.zoom + self.centre[1]

    # --- the board ------------------------------------------------------------------------------------
    def cell_rect(self, x: int, y: int) -> pygame.Rect:
        sx, sy = self.to_screen(x, y)
        size = math.ceil(self.zoom)
        return pygame.Rect(math.floor(sx), math.floor(sy), size, size)

    def cell_centre(self, x: int, y: int) -> tuple[int, int]:
        sx, sy = self.to_screen(x + 0.5, y + 0.5)
        return round(sx), round(sy)

    def cell_at(self, pos: tuple[int, int]) -> Cell | None:
        if not self.board.collidepoint(pos):
            return None
        wx, wy = self.to_world(pos)
        return math.floor(wx), math.floor(wy)

    @property
    def marker_radius(self) -> float:
        """A founder's marker on a territory's grid point."""
        return max(9, self.zoom / 5)

    def label_midleft(self, point: Cell) -> tuple[int, int]:
        """Where a territory's size label starts: right of the founder's marker on `point` (a grid
        point, the top-left corner of the cell of the same coordinates)."""
        px, py = self.to_screen(*point)
        return round(px + max(10, self.zoom / 5) + 4), round(py)

    # --- the panel ------------------------------------------------------------------------------------
    def panel_parts(self, box: str) -> PanelParts:
        """The panel's parts with no box (""), the drawn sticker's ("drawn") or Peek's ("peek")."""
        return self.parts[box]

    def peek_rects(self, shown: int) -> list[pygame.Rect]:
        """Where the `shown` stickers of Peek lie: in a row inside the panel's Peek box (never over
        the board), their present places written under them."""
        n = shown
        box = self.parts["peek"].drawn
        size = min(PEEK_SIZE, (box.w - 20 - (n - 1) * PEEK_GAP) // max(1, n))
        x0 = box.centerx - (n * size + (n - 1) * PEEK_GAP) // 2
        top = box.bottom - size - 12 - self.label_h
        return [pygame.Rect(x0 + i * (size + PEEK_GAP), top, size, size) for i in range(n)]

    def peek_at(self, pos: tuple[int, int], shown: int) -> int | None:
        return next((i for i, rect in enumerate(self.peek_rects(shown)) if rect.collidepoint(pos)), None)


def _panel(panel: pygame.Rect, seats: int, box_h: int) -> PanelParts:
    x, w, y = panel.x + 8, panel.w - 16, panel.y + 10
    players = []
    for _ in range(seats):
        players.append(pygame.Rect(x, y, w, PLAYER_H))
        y += PLAYER_STEP
    drawn = pygame.Rect(x, y, w, box_h)
    if box_h:
        y = drawn.bottom + 6
    return PanelParts(tuple(players), drawn, pygame.Rect(x, y, w, panel.bottom - 8 - y))


def _deck(board: pygame.Rect, panel: pygame.Rect, actions: pygame.Rect, size: int,
          chip_widths: tuple[int, ...]) -> DeckLayout:
    """The catalogue under its filters in the board's place; the deck's places, then the saved decks
    with the name field, Save and Quick deck (one per row, so long labels fit at 800x600) in the
    panel's; Clear and Use this deck in the bottom bar."""
    filters = pygame.Rect(board.x, board.y, board.w, 40)
    grid = pygame.Rect(board.x, board.y + 48, board.w, board.h - 48)
    rows = -(-size // SLOTS_PER_ROW)
    slots_box = pygame.Rect(panel.x, panel.y, panel.w, min(panel.h // 2, 44 + rows * 42 + 74))
    r = pygame.Rect(panel.x, slots_box.bottom + 8, panel.w, panel.bottom - slots_box.bottom - 8)
    clear_w = max(80, min(130, actions.w // 4))
    use_w = max(150, min(240, actions.w - clear_w - 12))
    return DeckLayout(filters, grid, _tile_size(grid), _chips(filters, chip_widths), slots_box,
                      _slots(slots_box, size), r, pygame.Rect(r.x + 10, r.bottom - 132, r.w - 20, 36),
                      pygame.Rect(r.x + 10, r.bottom - 90, r.w - 20, 38),
                      pygame.Rect(r.x + 10, r.bottom - 46, r.w - 20, 38),
                      pygame.Rect(actions.x, actions.y, clear_w, actions.h),
                      pygame.Rect(actions.right - use_w, actions.y, use_w, actions.h))


def _tile_size(grid: pygame.Rect) -> int:
    """The largest tile (TILE to MAX_TILE) at which the whole catalogue fits the grid: a large
    window shows the stickers larger instead of a strip of small ones."""
    for tile in range(MAX_TILE, TILE, -2):
        cols = max(1, (grid.w - GAP) // (tile + GAP))
        if -(-len(ALL_STICKERS) // cols) * (tile + GAP) + 10 <= grid.h:
            return tile
    return TILE


def _chips(filters: pygame.Rect, widths: tuple[int, ...]) -> tuple[Chip, ...]:
    """The rarity filters (their labels' widths), a gap, then "Any" and a swatch per colour."""
    x, y = filters.x, filters.y + 4
    out: list[Chip] = []
    for value, w in zip(RARITIES, widths):
        out.append((pygame.Rect(x, y, w + CHIP_PAD, CHIP_H), "rarity", value))
        x += w + CHIP_PAD + CHIP_GAP
    x += 14
    for value in COLOURS:
        rect = pygame.Rect(x, y, COLOUR_CHIP_W if value is not None else widths[len(RARITIES)] + CHIP_PAD, CHIP_H)
        out.append((rect, "colour", value))
        x += rect.w + CHIP_GAP
    return tuple(out)


def _slots(box: pygame.Rect, count: int) -> tuple[pygame.Rect, ...]:
    per_row = SLOTS_PER_ROW
    size = min(36, (box.w - 20 - (per_row - 1) * 4) // per_row)
    return tuple(pygame.Rect(box.x + 10 + col * (size + 4), box.y + 40 + row * (size + 6), size, size)
                 for row, col in (divmod(i, per_row) for i in range(count)))
