"""Where everything of the Clans table goes: the strip above the map, the map's cell size and origin,
the huts of each area, the "?" marks of villages waiting to score, and in the side panel the rows of
the players (their guess slots and the open guess picker) and the heights of the colour points and
the epoch chart; and the hit-tests that turn a point back into an area, a "?" mark or a guess slot.

Pure geometry, worked out from the rects the shared scene gives (`board_rect`, `panel_rect`) and the
map: no surface, no font, no widget, no display, so it is tested on its own, and drawing and input
read the same numbers from it instead of from each other. `pygame.Rect` is the only thing of pygame
it uses. What the panel lays out by the length of its words (the colour tip under the players, and
so where the parts below it start) is measured by the panel's view as it draws.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from hexgames.core import hexgrid
from hexgames.games.clans.map import ClansMap
from hexgames.games.clans.rules import COLOURS

HINT_H = 36  # the strip above the map: the how-to or hint line, the village-order prompt, a village scoring
PANEL_PAD = 12  # the side panel's inner margin at the sides (10 at the top)
TITLE_H = 22  # a panel part's title line
ROW_H = 26  # a player's row
SLOT = 22  # a guess slot (the "?" or the guessed colour) at a row's right
PICKER_CELL = 24  # a colour (or "clear") in the open guess picker
RECAP_ROOM = 90  # the panel's foot kept for the recap of the last turns (the guess tip gives way)
COLOUR_POINTS_H = 24 + 62  # the colour points: title, then a shape, a name and the points per colour
EPOCHS = 5


@dataclass(frozen=True)
class PlayerRows:
    """The players part of the side panel for one number of seats and one open picker (or none)."""
    tops: tuple[int, ...]  # the top of each seat's row
    slots: tuple[pygame.Rect, ...]  # each seat's guess slot (drawn only for the seats the viewer may guess)
    picker: pygame.Rect | None  # the open guess picker's box, under its seat's row
    cells: tuple[pygame.Rect, ...]  # its cells: a colour each, then "clear"
    bottom: int  # below the last row (and the picker)


@dataclass(frozen=True)
class TableLayout:
    """The rects and the map geometry of the table for one window (see `fit`); every rect and point is
    in screen coordinates."""
    board: pygame.Rect  # the board part: the strip on top, the map under it
    hint_rect: pygame.Rect  # the strip above the map
    map_rect: pygame.Rect  # the board minus the strip: the map never sits under the strip
    cell: float  # a map cell's size (centre to corner)
    origin: tuple[float, float]  # the centre of cell (0, 0)
    panel: pygame.Rect
    map: ClansMap

    @classmethod
    def fit(cls, board_rect: pygame.Rect, panel_rect: pygame.Rect, clans_map: ClansMap) -> "TableLayout":
        """The strip across the top of `board_rect`, the whole map as large as the rest allows and
        centred in it; the side panel is `panel_rect`. (Clans has no buttons of its own in the bottom
        bar, so it takes no `actions_rect`.)"""
        r = board_rect
        hint = pygame.Rect(r.x, r.y, r.w, HINT_H - 4)
        map_rect = pygame.Rect(r.x, r.y + HINT_H, r.w, max(40, r.h - HINT_H))
        pts = [hexgrid.to_pixel(c, 1.0) for c in clans_map.all_cells()]
        x0, x1 = min(p[0] for p in pts) - 1.0, max(p[0] for p in pts) + 1.0
        y0, y1 = min(p[1] for p in pts) - 0.9, max(p[1] for p in pts) + 0.9
        cell = max(4.0, min((map_rect.w - 8) / (x1 - x0), (map_rect.h - 8) / (y1 - y0)))
        origin = (map_rect.centerx - (x0 + x1) / 2 * cell, map_rect.centery - (y0 + y1) / 2 * cell)
        return cls(pygame.Rect(r), hint, map_rect, cell, origin, pygame.Rect(panel_rect), clans_map)

    # --- the map --------------------------------------------------------------------------------
    def cell_center(self, cell: hexgrid.Hex) -> tuple[float, float]:
        return hexgrid.to_pixel(cell, self.cell, self.origin)

    def area_center(self, area: int) -> tuple[float, float]:
        """Where an area's huts stand: the centre of its label cell."""
        return self.cell_center(self.map.label[area])

    def area_at(self, pos: tuple[float, float]) -> int | None:
        """The area under `pos` (None off the board or on water): the cell under it, looked up in the
        map, so what is hit is what is drawn and what the rules call an area."""
        if not self.board.collidepoint(pos):
            return None
        return self.map.area_at(hexgrid.from_pixel(pos[0], pos[1], self.cell, self.origin))

    def edge(self, cell: hexgrid.Hex, d: int) -> tuple[tuple[float, float], tuple[float, float]]:
        """The side of `cell` facing direction `d` (borders, coasts, rivers and outlines follow them)."""
        # flat-top corners clockwise from the right one; direction d (UP first) spans corners below
        k = ((4, 5), (5, 0), (0, 1), (1, 2), (2, 3), (3, 4))[d]
        cs = hexgrid.corners(self.cell_center(cell), self.cell)
        return cs[k[0]], cs[k[1]]

    # --- the pieces on it -----------------------------------------------------------------------
    def hut_radius(self) -> float:
        return max(7.0, self.cell * 0.85)

    def chip_spots(self, huts: tuple[int, ...], center: tuple[float, float]) -> list[tuple[int, float, float]]:
        """(colour, x, y) of each hut chip of a group: one row up to three colours, else 2+2 or 3+2,
        spaced so that no two shapes touch."""
        present = [c for c in range(COLOURS) if huts[c]]
        gap = self.hut_radius() * 2.45
        rows = [present] if len(present) <= 3 else [present[:(len(present) + 1) // 2],
                                                     present[(len(present) + 1) // 2:]]
        x0, y0 = center
        row_gap = gap * 1.08  # triangles point up and down: a little more room between rows
        top = y0 - (len(rows) - 1) * row_gap / 2
        return [(c, x0 + (j - (len(row) - 1) / 2) * gap, top + i * row_gap)
                for i, row in enumerate(rows) for j, c in enumerate(row)]

    def marker_radius(self) -> float:
        return max(11.0, self.cell * 1.15)

    def marker_pos(self, area: int) -> tuple[float, float]:
        """Where the "?" (or order number) of a village is drawn: up and right of its huts, or down
        and right where up would leave the map (the strip above must stay readable)."""
        r = self.marker_radius()
        x, y = self.area_center(area)
        if y - r * 2.7 < self.map_rect.top:
            return (x + r * 1.9, y + r * 1.6)
        return (x + r * 1.9, y - r * 1.6)

    def marker_at(self, pos: tuple[float, float], pending: tuple[int, ...] | list[int]) -> int | None:
        """The village of `pending` whose "?" mark is under `pos` (a little around it counts)."""
        r = self.marker_radius()
        for area in pending:
            mx, my = self.marker_pos(area)
            if (pos[0] - mx) ** 2 + (pos[1] - my) ** 2 <= (r + 3) ** 2:
                return area
        return None

    # --- the side panel -------------------------------------------------------------------------
    @property
    def panel_inner(self) -> tuple[int, int, int]:
        """(x, top, width) of what the panel holds, inside its margins."""
        p = self.panel
        return p.x + PANEL_PAD, p.y + 10, p.w - 2 * PANEL_PAD

    def epoch_row_height(self) -> int:
        return max(24, min(30, (self.panel.h // 4 - 22) // 5))

    def epoch_chart_height(self) -> int:
        return TITLE_H + EPOCHS * self.epoch_row_height()

    def colour_points_height(self) -> int:
        return COLOUR_POINTS_H

    def players_limit(self) -> int:
        """The lowest the players part may reach with its tip on guessing: the colour points, the
        epoch chart and the recap's room keep theirs below it."""
        p = self.panel
        room = p.h - 10 - self.colour_points_height() - self.epoch_chart_height() - 36 - RECAP_ROOM
        return p.y + 10 + room

    def players(self, seats: int, picker_for: int | None, choices: int) -> PlayerRows:
        """A row per seat under the title, its guess slot at the right; the picker for `picker_for`'s
        guess (`choices` colours and "clear") opens under that seat's row and pushes the rows below."""
        x, y, w = self.panel_inner
        y += TITLE_H
        tops, slots = [], []
        picker, cells = None, ()
        for seat in range(seats):
            tops.append(y)
            slots.append(pygame.Rect(x + w - 52, y + 2, SLOT, SLOT))
            y += ROW_H
            if seat == picker_for:
                picker, cells = _picker(x + 22, y, choices + 1)
                y = picker.bottom + 4
        return PlayerRows(tuple(tops), tuple(slots), picker, cells, y)


def _picker(x: int, y: int, count: int) -> tuple[pygame.Rect, tuple[pygame.Rect, ...]]:
    """The picker's box with its top-left near (x, y), and `count` cells in a row inside it."""
    box = pygame.Rect(x - 4, y, count * (PICKER_CELL + 4) + 8, PICKER_CELL + 8)
    return box, tuple(pygame.Rect(box.x + 6 + i * (PICKER_CELL + 4), y + 4, PICKER_CELL, PICKER_CELL)
                      for i in range(count))


def spots_box(spots: list[tuple[int, float, float]], r: float) -> pygame.Rect:
    """The box that holds every chip of a group (shapes reach up to 1.25 r from their centre)."""
    if not spots:
        return pygame.Rect(0, 0, 0, 0)
    reach = r * 1.3
    x0 = min(x for _, x, _ in spots) - reach
    y0 = min(y for _, _, y in spots) - reach
    x1 = max(x for _, x, _ in spots) + reach
    y1 = max(y for _, _, y in spots) + reach
    return pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0))
