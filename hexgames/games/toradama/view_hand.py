"""Where Toradama's next tiles come from (its "hand"): the pool of three tama under the board with the
bag's count beside it, and each player's cube pool beside the board, the picked one ringed.

Why it is built this way: a player places a tile taken from here, so this part shows what may be
taken and what was picked; it draws from the layout and a `HandShown` the scene builds each frame
from the public view (a tile flying from the pool to the board is left out while it flies).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from hexgames.games.toradama import pieces
from hexgames.games.toradama.layout import STACK_SHOWN, TableLayout
from hexgames.games.toradama.look import BALL, seat_colour, tr_ui
from hexgames.games.toradama.moves import CUBE_SOURCE
from hexgames.ui import draw, hud

if TYPE_CHECKING:
    from hexgames.ui.shell import Shell


@dataclass(frozen=True)
class HandShown:
    """What the pool, the bag and the cube pools show in a frame."""
    pool: tuple[int, ...]  # the pool's tama on show
    bag_count: int
    bag_out: bool
    cubes: tuple[int, ...]  # each seat's cubes
    picked: int | None  # the source the player at the screen picked (None: nothing, or they cannot act)
    mover: int  # whose cube pool a picked cube comes from


class HandView:
    """Draws the pool, the bag and the cube pools from the layout and a `HandShown`."""

    def __init__(self, app: "Shell"):
        self.app = app

    def draw(self, surface: pygame.Surface, geo: TableLayout, shown: HandShown) -> None:
        self._draw_pool(surface, geo, shown)
        for seat, cubes in enumerate(shown.cubes):
            self._draw_stack(surface, geo, seat, cubes, shown.picked == CUBE_SOURCE and seat == shown.mover)

    def _draw_pool(self, surface: pygame.Surface, geo: TableLayout, shown: HandShown) -> None:
        slots = geo.pool_slots
        small = self.app.font(max(13, geo.cell_size // 6))
        draw.text(surface, small, tr_ui(self.app, "pool", "Pool"), (slots[0].x - 8, slots[0].centery), hud.MUTED,
                  anchor="midright")
        pool = shown.pool
        for i, r in enumerate(slots):
            surface.blit(pieces.slot(r.w), r.topleft)
            if i < len(pool):
                pieces.blit_tile(surface, pool[i], r)
                if shown.picked == pool[i] and i == pool.index(pool[i]):
                    pygame.draw.rect(surface, BALL, r.inflate(6, 6), 3, border_radius=10)
        text = tr_ui(self.app, "bag_out", "Bag empty") if shown.bag_out else \
            tr_ui(self.app, "bag", "Bag: {n}", n=shown.bag_count)
        draw.text(surface, self.app.font(max(15, geo.cell_size // 5), bold=True), text, geo.bag_rect.midleft,
                  hud.ACCENT if shown.bag_out else hud.TEXT, anchor="midleft")

    def _draw_stack(self, surface: pygame.Surface, geo: TableLayout, seat: int, n: int, picked: bool) -> None:
        """A seat's cubes stacked (eight at most), their count and the word above them."""
        r = geo.stacks[seat]
        size = r.w - 8
        for i in range(min(n, STACK_SHOWN)):
            surface.blit(pieces.cube(size), (r.x + 4, r.bottom - size - 4 - i * size // 7))
        if n == 0:
            surface.blit(pieces.slot(size), (r.x + 4, r.bottom - size - 4))
        top = geo.stack_top(seat, n)
        count = self.app.font(max(15, geo.cell_size // 5), bold=True)
        label = self.app.font(max(12, geo.cell_size // 7), bold=True)
        y = top.y - 4 - count.get_linesize() // 2
        draw.text(surface, count, f"×{n}", (r.centerx, y), hud.TEXT)
        draw.text(surface, label, tr_ui(self.app, "cubes", "cubes"),
                  (r.centerx, y - count.get_linesize() // 2 - label.get_linesize() // 2), seat_colour(seat))
        if picked:
            pygame.draw.rect(surface, BALL, top.inflate(6, 6), 3, border_radius=10)
