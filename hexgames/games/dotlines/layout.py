"""Where everything of the Dot Lines table goes, worked out from the rects the shared scene gives
(`board_rect`, `panel_rect`) and the room the words need (`Measures`), so the table grows with the
window and the message strip the base class reserves is never covered; and the hit-tests that turn a
point back into a hand tile, a line's column or open end, a player's chip.

The felt holds four bands, top to bottom: the upper hand, the white line, the black line, the lower
hand; each band has a label row above its tiles, so no name or count is drawn over a tile. One tile
size serves the lines and the hands: the largest for which a line (its die and six columns) fits the
width and the four bands fit the height, with room under a column for tiles stacked on it. The side
panel holds the players' boxes, the deck and, below, the status text and the buttons of the moment
(the three actions and the chip while the player acts, the prompt's choices otherwise).

Pure geometry: no surface, no font, no widget, no display (`pygame.Rect` is the only thing of pygame
it uses). What depends on the theme's fonts (a button label's width, a box title's height) is
measured by the scene and handed in; drawing and input then read the same numbers from here.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import pygame

SLOT = 1.3  # a line's slot (die or column) per tile: the tile and the gap to the next
LINE_ROWS = 1.5  # a line band's tile row per tile: room above and below for a stack's offsets
COLUMNS = 6  # a line's columns (never a 7th)
MAX_TILE = 160
MIN_TILE = 24
SEAT_BOX_H = (88, 96, 124)  # a player's box in a short panel, a tall one, a large window's
DECK_ROW_H = (42, 46, 58)
BUTTON_H = (30, 34)
TALL_PANEL = 560  # from this panel height on, the roomier sizes
LARGE_PANEL_H, LARGE_TEXT = 880, 14  # a panel this tall (a 1080-pixel window) has no words under 14 px
BUTTON_MARGIN = 16  # a button's label needs this much more than its text (the theme pads 8 a side)
HOME_ROW_H = (18, 24)  # a player's box: the home line's row under the title, the chip at its right end (large)
MARKERS_H = (26, 34)  # the action markers' row at most (large)
CHIP_HIT = 28  # the square around the chip that a click takes it in
ACTIONS = ("redraw", "exchange", "stack")
NOWHERE = pygame.Rect(0, 0, 0, 0)


@dataclass(frozen=True)
class Measures:
    """The room the words need, measured by the scene in the theme's fonts (the layout measures
    nothing): the widths of the action buttons' labels (Redraw, Exchange, Stack, then the chip
    button's widest label), and per seat the insets of its box's content (left, top, right, bottom)
    from the box's edges, the title above it included. The defaults are the app's in English."""
    actions: tuple[int, int, int, int] = (61, 74, 44, 67)
    insets: tuple[tuple[int, int, int, int], tuple[int, int, int, int]] = ((10, 40, 10, 8), (10, 40, 10, 8))


@dataclass(frozen=True)
class SeatBox:
    """A player's box in the side panel: the title (the player's name) above `row`, which holds
    the home line at its left and the chip at its right end; the action markers under it."""
    rect: pygame.Rect
    row: pygame.Rect
    chip_center: tuple[int, int]
    chip: pygame.Rect  # where a click takes the chip
    markers: pygame.Rect


@dataclass(frozen=True)
class TableLayout:
    """The rects of the table for one window; every rect is in screen coordinates. `bottom_seat`
    is the seat whose hand lies below the lines (nearest the player)."""
    board: pygame.Rect
    panel: pygame.Rect
    bottom_seat: int
    pad: int
    label_size: int  # the bands' labels: never under 12 px
    label_h: int
    tile: int
    left: int  # where the bands' labels start: above the dice
    hand_area: dict[int, pygame.Rect]  # by seat, the upper hand first
    line_area: tuple[pygame.Rect, pygame.Rect]
    die_rects: tuple[pygame.Rect, pygame.Rect]
    col_rects: tuple[tuple[pygame.Rect, ...], tuple[pygame.Rect, ...]]
    boxes: dict[int, SeatBox]  # by seat
    deck_row: pygame.Rect
    deck_rect: pygame.Rect
    status_top: int
    button_h: int
    actions: dict[str, pygame.Rect]  # the action buttons, by key
    chip_button: pygame.Rect  # "Use chip" / "Chip: on", after the actions

    @classmethod
    def fit(cls, board_rect: pygame.Rect, panel_rect: pygame.Rect, actions_rect: pygame.Rect, bottom_seat: int,
            measures: Measures = Measures()) -> "TableLayout":
        """The four bands on the felt (`board_rect`), the players' boxes, the deck and the buttons in
        the panel. `actions_rect` (the bottom bar's middle, where other games put their buttons) stays
        free: Dot Lines' buttons change with the moment and live in the panel, by its words."""
        board = pygame.Rect(board_rect)
        pad = max(6, board.h // 80)
        label_size = max(12, min(18, board.h // 36))
        label_h = label_size + 6
        tile = _tile_size(board, pad, label_h)
        hand_h = label_h + tile + 2 * pad
        line_h = (board.h - 2 * hand_h) // 2
        hand_area = {1 - bottom_seat: pygame.Rect(board.x, board.y, board.w, hand_h),
                     bottom_seat: pygame.Rect(board.x, board.bottom - hand_h, board.w, hand_h)}
        line_area = (pygame.Rect(board.x, board.y + hand_h, board.w, line_h),
                     pygame.Rect(board.x, board.y + hand_h + line_h, board.w, line_h))
        slot = tile * SLOT
        x0 = board.centerx - 3.5 * slot
        rows = [_line_slots(area, x0, slot, tile, label_h) for area in line_area]
        panel = pygame.Rect(panel_rect)
        large = panel.h >= LARGE_PANEL_H
        tall = 2 if large else int(panel.h >= TALL_PANEL)
        box_h = SEAT_BOX_H[tall]
        top_box = pygame.Rect(panel.x, panel.y, panel.w, box_h)
        bottom_box = pygame.Rect(panel.x, panel.y + box_h + 8, panel.w, box_h)
        boxes = {1 - bottom_seat: _seat_box(top_box, measures.insets[1 - bottom_seat], large),
                 bottom_seat: _seat_box(bottom_box, measures.insets[bottom_seat], large)}
        y = panel.y + 2 * (box_h + 8)
        deck_row = pygame.Rect(panel.x, y, panel.w, DECK_ROW_H[tall])
        deck_rect = pygame.Rect(panel.x + 12, y + 3, DECK_ROW_H[tall] - 6, DECK_ROW_H[tall] - 6)
        buttons = _buttons(panel, BUTTON_H[min(tall, 1)], measures.actions)
        return cls(board, panel, bottom_seat, pad, label_size, label_h, tile, round(x0 + (slot - tile) / 2), hand_area,
                   line_area, (rows[0][0], rows[1][0]), (rows[0][1:], rows[1][1:]), boxes, deck_row, deck_rect,
                   deck_row.bottom + 8, BUTTON_H[min(tall, 1)], dict(zip(ACTIONS, buttons)), buttons[3])

    # --- the felt ---------------------------------------------------------------------------------
    def text_floor(self) -> int:
        """The smallest type the panel uses: `LARGE_TEXT` in a tall panel (a large window), else no floor."""
        return LARGE_TEXT if self.panel.h >= LARGE_PANEL_H else 0

    def label_pos(self, area: pygame.Rect) -> tuple[int, int]:
        """The left end of a band's label row (midleft anchor)."""
        return self.left, area.y + self.pad // 2 + self.label_h // 2

    def end_rect(self, line: int, columns: int) -> pygame.Rect:
        """Where `line`'s next column goes when it has `columns` (nowhere once it has six)."""
        return self.col_rects[line][columns] if columns < COLUMNS else pygame.Rect(NOWHERE)

    def stack_step(self, tiles: int) -> int:
        """How far each tile of a pile of `tiles` sits below the one under it: the pile stays inside
        its band's room above and below the row."""
        if tiles <= 1:
            return 0
        room = self.tile * (LINE_ROWS - 1) * 0.9
        return max(2, min(self.tile // 8, int(room / (tiles - 1))))

    def hand_rects(self, seat: int, count: int, raised: Sequence[int] = ()) -> list[pygame.Rect]:
        """The rects of `count` tiles in `seat`'s hand: centred, as large as the lines' tiles unless a
        big hand needs them smaller to stay within the felt; the `raised` ones (selected) a sixth of
        a tile higher."""
        area = self.hand_area[seat]
        if count <= 0:
            return []
        room = self.board.w - 2 * self.pad
        t = self.tile
        gap = max(4, t // 6)
        if count * (t + gap) - gap > room:
            t = max(12, int((room + gap) / count) - gap)
            gap = max(2, t // 6)
        x0 = area.centerx - (count * (t + gap) - gap) // 2
        y = area.y + self.label_h + self.pad
        return [pygame.Rect(x0 + i * (t + gap), y - (t // 6 if i in raised else 0), t, t) for i in range(count)]

    def hand_spot(self, hand: Sequence[int], seat: int, value: int, k: int = 0) -> tuple[int, int]:
        """Where the `k`-th tile of `value` sits in `seat`'s `hand` (its top-left), the hand's middle
        if it holds none: a sliding tile's start or end."""
        rects = self.hand_rects(seat, len(hand))
        idx = [i for i, v in enumerate(hand) if v == value]
        i = idx[min(k, len(idx) - 1)] if idx else 0
        return rects[i].topleft if i < len(rects) else self.hand_area[seat].center

    # --- hit-tests --------------------------------------------------------------------------------
    def hand_at(self, seat: int, count: int, pos: tuple[int, int], raised: Sequence[int] = ()) -> int | None:
        """The index of `seat`'s hand tile under `pos` (its hand holding `count`, `raised` lifted)."""
        return next((i for i, r in enumerate(self.hand_rects(seat, count, raised)) if r.collidepoint(pos)), None)

    def line_at(self, pos: tuple[int, int], lengths: Sequence[int]) -> tuple[int, int | None] | None:
        """(line, column) of the column under `pos`, or (line, None) for a line's open end; the lines
        holding `lengths` columns."""
        for line, n in enumerate(lengths):
            col = next((j for j, r in enumerate(self.col_rects[line][:n]) if r.collidepoint(pos)), None)
            if col is not None:
                return line, col
            if self.end_rect(line, n).collidepoint(pos):
                return line, None
        return None

    def chip_at(self, pos: tuple[int, int]) -> int | None:
        """The seat whose chip (in its box) is under `pos`."""
        return next((seat for seat, box in self.boxes.items() if box.chip.collidepoint(pos)), None)

    # --- the side panel ---------------------------------------------------------------------------
    @property
    def seat_boxes(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The players' boxes, top to bottom (the upper hand's player first)."""
        return self.boxes[1 - self.bottom_seat].rect, self.boxes[self.bottom_seat].rect

    def button_rects(self, widths: Sequence[int]) -> list[pygame.Rect]:
        """Buttons at the bottom of the panel (a prompt's choices), as `_buttons` places them."""
        return _buttons(self.panel, self.button_h, widths)

    def status_rect(self, buttons_top: int | None) -> pygame.Rect:
        """The panel's stretch for the words of the moment: below the deck, above the buttons."""
        bottom = (buttons_top - 8) if buttons_top is not None else self.panel.bottom
        return pygame.Rect(self.panel.x + 4, self.status_top, self.panel.w - 8, max(0, bottom - self.status_top))


def _tile_size(board: pygame.Rect, pad: int, label_h: int) -> int:
    """The largest tile for which a line (die and six columns) fits the width and the four bands the
    height (each line band a row and a half of tiles)."""
    bands_h = board.h - 4 * label_h - 8 * pad
    by_h = bands_h / (2 + 2 * LINE_ROWS)
    by_w = (board.w - 2 * pad) / (7 * SLOT)
    return max(MIN_TILE, int(min(by_h, by_w, MAX_TILE)))


def _line_slots(area: pygame.Rect, x0: float, slot: float, tile: int, label_h: int) -> tuple[pygame.Rect, ...]:
    """A line band's seven slots under its label row: the die, then the six columns."""
    cy = area.y + label_h + (area.h - label_h) // 2
    rects = []
    for j in range(COLUMNS + 1):
        rect = pygame.Rect(0, 0, tile, tile)
        rect.center = (round(x0 + slot * (j + 0.5)), cy)
        rects.append(rect)
    return tuple(rects)


def _buttons(panel: pygame.Rect, h: int, widths: Sequence[int]) -> list[pygame.Rect]:
    """Buttons at the bottom of the panel, two to a row when every label (its text `widths`) fits
    half the width, else one to a row; in the given order, top to bottom."""
    inner = panel.w - 20
    per_row = 2 if len(widths) > 1 and max(widths) + BUTTON_MARGIN <= (inner - 10) // 2 else 1
    bw = (inner - 10 * (per_row - 1)) // per_row
    rows = (len(widths) + per_row - 1) // per_row
    gap = 5
    y = panel.bottom - rows * (h + gap) + gap
    return [pygame.Rect(panel.x + 10 + (i % per_row) * (bw + 10), y + (i // per_row) * (h + gap), bw, h)
            for i in range(len(widths))]


def _seat_box(rect: pygame.Rect, insets: tuple[int, int, int, int], large: bool = False) -> SeatBox:
    """A player's box: under its title the home row (the chip at its right end), then the markers
    (both roomier in a large window)."""
    left, top, right, bottom = insets
    inner = pygame.Rect(rect.x + left, rect.y + top, rect.w - left - right, rect.h - top - bottom)
    row = pygame.Rect(inner.x, inner.y, inner.w, HOME_ROW_H[large])
    cx, cy = inner.right - (15 if large else 12), row.centery
    chip = pygame.Rect(cx - CHIP_HIT // 2, cy - CHIP_HIT // 2, CHIP_HIT, CHIP_HIT)
    marks_top = row.bottom + 4
    markers = pygame.Rect(inner.x, marks_top, inner.w, max(16, min(MARKERS_H[large], inner.bottom - marks_top)))
    return SeatBox(pygame.Rect(rect), row, (cx, cy), chip, markers)
