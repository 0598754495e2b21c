"""Where everything of the Ingenious table goes: the rack column, the board and its hexes, the score
cards and the legend in the side panel, the game's own buttons; and the hit-tests that turn a point
back into a rack slot or a hex.

Pure geometry, worked out from the rects the shared scene gives (`board_rect`, `panel_rect`,
`actions_rect`) and the options that shape the panel (how many score tracks, solo or not): no
surface, no widget, no display, so it is tested on its own, and drawing and input read the same
numbers from it instead of from each other. `pygame.Rect` is the only thing of pygame it uses.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import pygame

from hexgames.core import hexgrid
from hexgames.core.hexgrid import DOWN, Hex

BOARD_RADIUS = 7
BOARD_W, BOARD_H = 23.4, 26.4  # the board's size in hex sizes (radius 7 and its frame)
RACK_MIN_W, RACK_MAX_W = 120, 220  # the rack column: its tiles, then what the player is doing in words
RACK_SLOTS = 6
RACK_TOP = 40  # the rack's title above its slots
PANEL_HEAD = 30  # the bag and round line at the top of the side panel
CARD_GAP = 8
CARD_MAX_H = 260
SOLO_H = 230  # the score-attack card under the score card in a solo game
LEGEND_H = 112
LEGEND_COMPACT_H = 48
MIN_CARD_H = 120  # a score card below this gives the legend's room back and takes the compact one
CONFIRM_W, SWAP_W = 220, 240


def half_offset(direction: int, size: float) -> tuple[float, float]:
    """From a tile's middle to the centre of its first half, for a tile lying in `direction`."""
    dx, dy = hexgrid.to_pixel(hexgrid.DIRECTIONS[direction], size)
    return dx / 2, dy / 2


def direction(a: Hex, b: Hex) -> int:
    """The direction from a to its neighbour b (UP is 0, so never `or`-default it)."""
    d = hexgrid.direction_between(a, b)
    return DOWN if d is None else d


def on_board(h: Hex) -> bool:
    return hexgrid.radius(h) <= BOARD_RADIUS


def legend_height(room: int, tracks: int) -> int:
    """The legend always has a place in the panel: the roomy 2x3 key when the score cards keep
    their height beside it, else a compact 3x2 one (3-4 players, small windows)."""
    return LEGEND_H if (room - LEGEND_H) // tracks >= MIN_CARD_H else LEGEND_COMPACT_H


@dataclass(frozen=True)
class TableLayout:
    """The rects and the hex geometry of the table for one window (see `fit`); every rect is in
    screen coordinates."""
    rack_area: pygame.Rect
    board_area: pygame.Rect
    hex_size: int
    origin: tuple[float, float]  # the centre hex's centre
    rack_size: int  # the hex size of the rack's tiles
    rack_slots: tuple[pygame.Rect, ...]
    panel: pygame.Rect
    cards: dict[int, pygame.Rect]  # a score card per track
    solo: pygame.Rect | None  # the score-attack card (solo games)
    legend: pygame.Rect
    confirm: pygame.Rect
    swap_accept: pygame.Rect
    swap_decline: pygame.Rect

    @classmethod
    def fit(cls, board_rect: pygame.Rect, panel_rect: pygame.Rect, actions_rect: pygame.Rect, tracks: int,
            solo: bool) -> "TableLayout":
        """The rack column at the left of `board_rect`, the board in the rest, as large as the height
        allows (the rack column takes the width the board leaves, for its notes); a card per score
        track down the panel, the legend at its foot; the move's buttons in `actions_rect`."""
        r = board_rect
        rack_w = round(max(RACK_MIN_W, min(RACK_MAX_W, r.w - BOARD_W * r.h / BOARD_H - 8)))
        rack_area = pygame.Rect(r.x, r.y, rack_w, r.h)
        board_area = pygame.Rect(r.x + rack_w + 8, r.y, r.w - rack_w - 8, r.h)
        hex_size = max(8, int(min(board_area.w / BOARD_W, board_area.h / BOARD_H)))
        rack_size = max(10, min(hex_size + 2, int((rack_w - 32) / 4)))  # two slots of 2 sizes + 12, 8 apart
        cards, solo_card, legend = _panel(panel_rect, tracks, solo)
        confirm, accept, decline = _buttons(actions_rect)
        return cls(rack_area, board_area, hex_size, (board_area.centerx, board_area.centery), rack_size,
                   _rack_slots(rack_area, rack_size), pygame.Rect(panel_rect), cards, solo_card, legend, confirm,
                   accept, decline)

    def zoomed(self, hex_size: int, focus: Hex) -> "TableLayout":
        """The same table with the board drawn at `hex_size`, `focus` in the board's middle (the
        pictures of example positions)."""
        fx, fy = hexgrid.to_pixel(focus, hex_size)
        return dataclasses.replace(self, hex_size=hex_size,
                                   origin=(self.board_area.centerx - fx, self.board_area.centery - fy))

    # --- the board ----------------------------------------------------------------------------------
    def hex_center(self, h: Hex, size: float | None = None) -> tuple[float, float]:
        return hexgrid.to_pixel(h, self.hex_size if size is None else size, self.origin)

    def placement_center(self, a: Hex, b: Hex) -> tuple[float, float]:
        """Where the pointer holds a tile whose halves land on a and b (the midpoint)."""
        (ax, ay), (bx, by) = self.hex_center(a), self.hex_center(b)
        return ((ax + bx) / 2, (ay + by) / 2)

    def hex_at(self, pos: tuple[float, float]) -> Hex:
        return hexgrid.from_pixel(pos[0], pos[1], self.hex_size, self.origin)

    def hexes_under(self, pos: tuple[float, float], orientation: int) -> tuple[Hex, Hex]:
        """The two hexes a tile held at `pos` (its middle), lying in `orientation`, would cover."""
        ox, oy = half_offset(orientation, self.hex_size)
        a = hexgrid.from_pixel(pos[0] - ox, pos[1] - oy, self.hex_size, self.origin)
        return a, hexgrid.neighbour(a, orientation)

    # --- the rack -----------------------------------------------------------------------------------
    def slot_at(self, pos: tuple[int, int], tiles: int) -> int | None:
        """The rack slot under `pos` among the first `tiles` (a rack holds fewer near the end)."""
        return next((i for i, rect in enumerate(self.rack_slots[:tiles]) if rect.collidepoint(pos)), None)

    def notes_rect(self, tiles: int) -> pygame.Rect:
        """Under the rack's last row of tiles: where the points in view, the how-to and the swap
        choice are written."""
        last = self.rack_slots[max(1, min(tiles, len(self.rack_slots))) - 1]
        area = self.rack_area
        return pygame.Rect(area.x + 8, last.bottom + 12, area.w - 16, area.bottom - last.bottom - 20)


def _rack_slots(area: pygame.Rect, size: int) -> tuple[pygame.Rect, ...]:
    """Six slots in two columns, a tile standing upright in each."""
    w, h = 2 * size + 12, round(2 * hexgrid.SQRT3 * size) + 14
    top = area.y + RACK_TOP
    cx = area.centerx
    return tuple(pygame.Rect(cx - w - 4 if i % 2 == 0 else cx + 4, top + (i // 2) * (h + 8), w, h)
                 for i in range(RACK_SLOTS))


def _panel(panel: pygame.Rect, tracks: int, solo: bool) -> tuple[dict[int, pygame.Rect], pygame.Rect | None,
                                                                  pygame.Rect]:
    """The score cards (one per track) under the panel's head line, the score-attack card below them
    in a solo game, and the legend at the foot."""
    w, h = panel.size
    solo_h = SOLO_H if solo else 0
    legend_h = legend_height(h - PANEL_HEAD - solo_h - CARD_GAP * tracks, tracks)
    card_h = min(CARD_MAX_H, (h - PANEL_HEAD - solo_h - legend_h - CARD_GAP * tracks) // tracks)
    cards = {t: pygame.Rect(panel.x, panel.y + PANEL_HEAD + t * (card_h + CARD_GAP), w, card_h) for t in range(tracks)}
    y = PANEL_HEAD + tracks * (card_h + CARD_GAP)
    solo_card = pygame.Rect(panel.x, panel.y + y, w, min(solo_h, h - y)) if solo else None
    return cards, solo_card, pygame.Rect(panel.x, panel.bottom - legend_h, w, legend_h)


def _buttons(actions: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
    """Confirm in the middle of the bottom bar; the swap choice's two buttons side by side there."""
    confirm = pygame.Rect(0, 0, min(CONFIRM_W, actions.w), actions.h)
    confirm.center = actions.center
    bw = min(SWAP_W, (actions.w - 12) // 2)
    left = actions.centerx - bw - 6
    return (confirm, pygame.Rect(left, actions.y, bw, actions.h),
            pygame.Rect(left + bw + 12, actions.y, bw, actions.h))
