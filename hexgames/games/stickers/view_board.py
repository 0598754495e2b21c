"""The Sticker Turf board: its grid, the blocked cells, the stickers (a new one dropping onto its cell),
the territories (outlined in the founder's colour and pattern, with the founder's marker on each
founded point and the live size), and the cells lit for the drawn sticker or for Block; and the
board's word while the decks are being built elsewhere.

Why it is built this way: the board is unbounded, so every frame draws only what the camera shows
(`TableLayout`: a cell's square, a point's place), clipped to the board. Nothing is written over the
board but its own marks: instructions, the placement preview in words and the helper notes sit in
the side panel. What the views are given comes from the viewer's observation (`BoardShown`), though
everything on the board is public.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Collection, Mapping, Sequence

import pygame

from hexgames.games.stickers import pieces
from hexgames.games.stickers.layout import TableLayout
from hexgames.games.stickers.look import MIN_TEXT, tr_ui
from hexgames.games.stickers.regions import Territory, cell_xy, point_xy
from hexgames.ui import draw, hud

if TYPE_CHECKING:
    from hexgames.ui.shell import Shell

BOARD_FILL = (30, 35, 44)
GRID_RGB = (40, 46, 58)
TARGET_RGB = (255, 236, 120)
BLOCKED_RGB = (200, 70, 60)
CANCELLED_RGB = (150, 150, 150)
# the sides of a quarter square: (the neighbour across it, its two ends), in half-cells
SIDES = (((0, -1), (0, 0), (1, 0)), ((1, 0), (1, 0), (1, 1)), ((0, 1), (0, 1), (1, 1)), ((-1, 0), (0, 0), (0, 1)))


@dataclass(frozen=True)
class BoardShown:
    """What the board shows in a frame."""
    cells: Mapping[int, int]  # cell -> its sticker's layout + 256 * owner
    blocked: Collection[int]
    founded: Mapping[int, int]  # grid point -> the seat that completed it
    territories: Sequence[Territory]
    lit: Sequence[tuple[int, int]] | None  # the cells the player may choose now (None: none lit)
    blocking: bool  # they are Block's cells (red), not the drawn sticker's (gold)
    growing: Mapping[Any, float]  # ("drop" | "block", x, y) -> how large that cell's sticker or stamp is now


class BoardView:
    """Draws the board part of the table from the layout and a `BoardShown`."""

    def __init__(self, app: "Shell"):
        self.app = app

    def draw(self, surface: pygame.Surface, geo: TableLayout, shown: BoardShown) -> None:
        clip = surface.get_clip()
        surface.set_clip(geo.board)
        draw.rounded_panel(surface, geo.board, BOARD_FILL, 10)
        self._draw_grid(surface, geo)
        self._draw_blocked(surface, geo, shown)
        self._draw_stickers(surface, geo, shown)
        self._draw_territories(surface, geo, shown)
        self._draw_lit(surface, geo, shown)
        surface.set_clip(clip)

    def draw_waiting(self, surface: pygame.Surface, geo: TableLayout, name: str, picked: int, size: int) -> None:
        """The board while another player builds their deck: who, and how far."""
        draw.rounded_panel(surface, geo.board, BOARD_FILL, 10)
        text = tr_ui(self.app, "deck.waiting", "{name} is building a deck ({n}/{size})…", name=name, n=picked, size=size)
        font = draw.fit_text(self.app.font, text, geo.board.w - 40, 22, MIN_TEXT, bold=True)
        draw.text(surface, font, text, geo.board.center, hud.TEXT)

    @staticmethod
    def _draw_grid(surface: pygame.Surface, geo: TableLayout) -> None:
        r = geo.board
        x0, y0 = geo.to_world(r.topleft)
        x1, y1 = geo.to_world(r.bottomright)
        for x in range(math.floor(x0), math.ceil(x1) + 1):
            sx = geo.to_screen(x, 0)[0]
            pygame.draw.line(surface, GRID_RGB, (sx, r.top), (sx, r.bottom))
        for y in range(math.floor(y0), math.ceil(y1) + 1):
            sy = geo.to_screen(0, y)[1]
            pygame.draw.line(surface, GRID_RGB, (r.left, sy), (r.right, sy))

    @staticmethod
    def _draw_blocked(surface: pygame.Surface, geo: TableLayout, shown: BoardShown) -> None:
        for c in shown.blocked:
            x, y = cell_xy(c)
            rect = _grown(geo.cell_rect(x, y).inflate(-4, -4), shown.growing.get(("block", x, y)))
            draw.rounded_panel(surface, rect, (60, 30, 30), 4, border=BLOCKED_RGB, border_width=2)
            pygame.draw.line(surface, BLOCKED_RGB, rect.topleft, rect.bottomright, 3)
            pygame.draw.line(surface, BLOCKED_RGB, rect.topright, rect.bottomleft, 3)

    @staticmethod
    def _draw_stickers(surface: pygame.Surface, geo: TableLayout, shown: BoardShown) -> None:
        for c, v in shown.cells.items():
            x, y = cell_xy(c)
            pieces.sticker(surface, _grown(geo.cell_rect(x, y), shown.growing.get(("drop", x, y))), v & 255, v >> 8)

    def _draw_territories(self, surface: pygame.Surface, geo: TableLayout, shown: BoardShown) -> None:
        """Each founded region: its quarters outlined in the founder's colour and pattern (grey when
        cancelled), the founder's marker (disc or square) with their number on each founded point,
        and the live size."""
        font = self.app.font(max(MIN_TEXT, min(20, round(geo.zoom / 3.2))), bold=True)
        rad = geo.marker_radius
        number = self.app.font(max(MIN_TEXT, round(rad * 1.2)), bold=True)
        for t in shown.territories:
            if not t.founders:
                continue
            colour = pieces.OWNER_RGB[t.owner] if t.owner is not None else CANCELLED_RGB
            _outline_region(surface, geo, t.corners, colour, t.owner)
            points = sorted(p for p in t.points if p in shown.founded)
            for p in points:
                px, py = geo.to_screen(*point_xy(p))
                seat = shown.founded[p]
                pieces.owner_marker(surface, seat, (px, py + 2), rad + 2, colour=(20, 20, 24), border=None)
                pieces.owner_marker(surface, seat, (px, py), rad)
                draw.text(surface, number, str(seat + 1), (px, py), (20, 20, 24))
            if points:
                label = str(t.size) if t.owner is not None else f"×{t.size}"
                w, h = font.size(label)
                pill = pygame.Rect(0, 0, w + 12, h + 2)
                pill.midleft = geo.label_midleft(point_xy(points[0]))
                draw.rounded_panel(surface, pill, (20, 22, 28, 225), pill.h // 2, border=colour)
                draw.text(surface, font, label, pill.center, colour)

    def _draw_lit(self, surface: pygame.Surface, geo: TableLayout, shown: BoardShown) -> None:
        if shown.lit is None:
            return
        pulse = 0.5 + 0.5 * math.sin(self.app.clock_time * 5.0)
        colour = BLOCKED_RGB if shown.blocking else TARGET_RGB
        for x, y in shown.lit:
            rect = geo.cell_rect(x, y).inflate(-4, -4)
            draw.rounded_panel(surface, rect, (*colour, round(30 + 40 * pulse)), 4, border=colour, border_width=2)


def _grown(rect: pygame.Rect, scale: float | None) -> pygame.Rect:
    """`rect` grown by `scale` while its tween runs (a sticker dropping, a cell being blocked)."""
    if scale is None:
        return rect
    grown = rect.inflate(round(rect.w * (scale - 1)), round(rect.h * (scale - 1)))
    grown.center = rect.center
    return grown


def _outline_region(surface: pygame.Surface, geo: TableLayout, corners: Any, colour: tuple[int, int, int],
                    owner: int | None) -> None:
    """A region's outline: the sides of its quarter squares that no other quarter of it shares,
    over a light wash of the founder's colour (player 2's outline stitched, `pieces.owner_line`)."""
    quarters = set()
    for cell, k in corners:
        x, y = cell_xy(cell)
        qx, qy = pieces.QUARTER[k]
        quarters.add((2 * x + qx, 2 * y + qy))
    half = geo.zoom / 2
    width = max(2, round(geo.zoom / 16))
    wash = pygame.Surface((max(1, math.ceil(half)), max(1, math.ceil(half))), pygame.SRCALPHA)
    wash.fill((*colour, 38))
    for hx, hy in quarters:
        sx, sy = geo.to_screen(hx / 2, hy / 2)
        surface.blit(wash, (round(sx), round(sy)))
        for (dx, dy), a, b in SIDES:
            if (hx + dx, hy + dy) not in quarters:
                pa = geo.to_screen((hx + a[0]) / 2, (hy + a[1]) / 2)
                pb = geo.to_screen((hx + b[0]) / 2, (hy + b[1]) / 2)
                pieces.owner_line(surface, owner, colour, pa, pb, width)
