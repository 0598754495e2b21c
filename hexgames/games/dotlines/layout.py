"""Where everything of the Dot Lines table goes, worked out from the rects the shared scene gives
(`board_rect`, `panel_rect`) and nothing else, so the table grows with the window and the message
strip the base class reserves is never covered.

The felt holds four bands, top to bottom: the upper hand, the white line, the black line, the lower
hand; each band has a label row above its tiles, so no name or count is drawn over a tile. One tile
size serves the lines and the hands: the largest for which a line (its die and six columns) fits the
width and the four bands fit the height, with room under a column for tiles stacked on it. The side
panel holds the players' boxes, the deck and, below, the status text and the buttons of the moment.
Pure geometry (pygame.Rect only): tests can check that nothing overlaps at any window size.
"""
from __future__ import annotations

import pygame

SLOT = 1.3  # a line's slot (die or column) per tile: the tile and the gap to the next
LINE_ROWS = 1.5  # a line band's tile row per tile: room above and below for a stack's offsets
MAX_TILE = 160
MIN_TILE = 24
SEAT_BOX_H = (88, 96)  # a player's box in a short panel, and in a tall one
DECK_ROW_H = (42, 46)
BUTTON_H = (30, 34)
TALL_PANEL = 560  # from this panel height on, the roomier sizes
BUTTON_MARGIN = 16  # a button's label needs this much more than its text (the theme pads 8 a side)


class TableLayout:
    """Rects of the table for one window size; `bottom_seat` is the seat whose hand is drawn below."""

    def __init__(self, board: pygame.Rect, panel: pygame.Rect, bottom_seat: int):
        self.board = board
        self.panel = panel
        self.pad = max(6, board.h // 80)
        self.label_size = max(12, min(18, board.h // 36))  # the bands' labels: never under 12 px
        self.label_h = self.label_size + 6
        bands_h = board.h - 4 * self.label_h - 8 * self.pad
        by_h = bands_h / (2 + 2 * LINE_ROWS)
        by_w = (board.w - 2 * self.pad) / (7 * SLOT)
        self.tile = max(MIN_TILE, int(min(by_h, by_w, MAX_TILE)))
        t = self.tile
        hand_h = self.label_h + t + 2 * self.pad
        line_h = (board.h - 2 * hand_h) // 2
        self.hand_area = {1 - bottom_seat: pygame.Rect(board.x, board.y, board.w, hand_h),
                          bottom_seat: pygame.Rect(board.x, board.bottom - hand_h, board.w, hand_h)}
        self.line_area = [pygame.Rect(board.x, board.y + hand_h, board.w, line_h),
                          pygame.Rect(board.x, board.y + hand_h + line_h, board.w, line_h)]
        slot = t * SLOT
        x0 = board.centerx - 3.5 * slot
        self.left = round(x0 + (slot - t) / 2)  # where the labels start: above the dice
        self.die_rects: list[pygame.Rect] = []
        self.col_rects: list[list[pygame.Rect]] = []
        for area in self.line_area:
            cy = area.y + self.label_h + (area.h - self.label_h) // 2
            rects = []
            for j in range(7):
                rect = pygame.Rect(0, 0, t, t)
                rect.center = (round(x0 + slot * (j + 0.5)), cy)
                rects.append(rect)
            self.die_rects.append(rects[0])
            self.col_rects.append(rects[1:])
        self._panel_layout()

    # --- the felt ---------------------------------------------------------------------------------
    def label_pos(self, area: pygame.Rect) -> tuple[int, int]:
        """The left end of a band's label row (midleft anchor)."""
        return self.left, area.y + self.pad // 2 + self.label_h // 2

    def hand_rects(self, seat: int, count: int) -> list[pygame.Rect]:
        """The rects of `count` tiles in `seat`'s hand: centred, as large as the lines' tiles unless a
        big hand needs them smaller to stay within the felt."""
        area = self.hand_area[seat]
        if count <= 0:
            return []
        room = self.board.w - 2 * self.pad
        t = self.tile
        gap = max(4, t // 6)
        if count * (t + gap) - gap > room:
            t = max(12, int((room + gap) / count) - gap)
            gap = max(2, t // 6)
        width = count * (t + gap) - gap
        x0 = area.centerx - width // 2
        y = area.y + self.label_h + self.pad
        return [pygame.Rect(x0 + i * (t + gap), y, t, t) for i in range(count)]

    def stack_step(self, tiles: int) -> int:
        """How far each tile of a pile of `tiles` sits below the one under it: the pile stays inside
        its band's room above and below the row."""
        if tiles <= 1:
            return 0
        room = self.tile * (LINE_ROWS - 1) * 0.9
        return max(2, min(self.tile // 8, int(room / (tiles - 1))))

    # --- the side panel ---------------------------------------------------------------------------
    def _panel_layout(self) -> None:
        p = self.panel
        tall = int(p.h >= TALL_PANEL)
        box_h = SEAT_BOX_H[tall]
        self.seat_boxes = [pygame.Rect(p.x, p.y, p.w, box_h), pygame.Rect(p.x, p.y + box_h + 8, p.w, box_h)]
        y = p.y + 2 * (box_h + 8)
        self.deck_row = pygame.Rect(p.x, y, p.w, DECK_ROW_H[tall])
        self.deck_rect = pygame.Rect(p.x + 12, y + 3, DECK_ROW_H[tall] - 6, DECK_ROW_H[tall] - 6)
        self.status_top = self.deck_row.bottom + 8
        self.button_h = BUTTON_H[tall]

    def button_rects(self, widths: list[int]) -> list[pygame.Rect]:
        """Buttons at the bottom of the panel, two to a row when every label (its text `widths`)
        fits half the width, else one to a row; in the given order, top to bottom."""
        p = self.panel
        inner = p.w - 20
        per_row = 2 if len(widths) > 1 and max(widths) + BUTTON_MARGIN <= (inner - 10) // 2 else 1
        bw = (inner - 10 * (per_row - 1)) // per_row
        rows = (len(widths) + per_row - 1) // per_row
        h, gap = self.button_h, 5
        y = p.bottom - rows * (h + gap) + gap
        return [pygame.Rect(p.x + 10 + (i % per_row) * (bw + 10), y + (i // per_row) * (h + gap), bw, h)
                for i in range(len(widths))]

    def status_rect(self, buttons_top: int | None) -> pygame.Rect:
        """The panel's stretch for the words of the moment: below the deck, above the buttons."""
        bottom = (buttons_top - 8) if buttons_top is not None else self.panel.bottom
        return pygame.Rect(self.panel.x + 4, self.status_top, self.panel.w - 8, max(0, bottom - self.status_top))
