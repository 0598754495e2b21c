"""The Ingenious board: its hexes, the start claims of the first round, the last turn outlined, the
legal targets of the tile in hand and the previewed placement.

Why it is built this way: the board (169 hexes with symbols) is drawn once into a cached surface and
redrawn only when its cells or the geometry change, so a frame is a blit plus the few marks on top.
Nothing is drawn over the board but the pieces and their highlights: points, prompts and
refusals are written beside it (the rack's notes, the score cards, the message strip).
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Iterable, Sequence

import pygame

from hexgames.core import hexgrid
from hexgames.core.caches import BoundedCache
from hexgames.games.ingenious import pieces
from hexgames.games.ingenious.layout import BOARD_RADIUS, TableLayout
from hexgames.games.ingenious.look import (
    GRID_LINE, LAST_MOVE, LEGAL, OUT_OF_PLAY, RING_FILLS, START_MARK, seat_colour,
)
from hexgames.games.ingenious.rules import CELL_RADIUS, EMPTY, HEX_OF, OFF, START_HEXES, IngeniousState, Place
from hexgames.ui import draw, hud

if TYPE_CHECKING:
    from hexgames.ui.shell import Shell

FRAME_FILL, FRAME_EDGE = (36, 42, 54), (74, 84, 102)
GHOST_ALPHA = 170  # the hint's placement is a ghost; the rack's notes say "Hint"


class BoardView:
    """Draws the board part of the table from the layout and the position on screen."""

    def __init__(self, app: "Shell"):
        self.app = app
        self._cache: tuple[Any, pygame.Surface] | None = None

    def forget(self) -> None:
        self._cache = None

    def draw(self, surface: pygame.Surface, geo: TableLayout, shown: IngeniousState, outlined: Sequence[Place],
             targets: Iterable[hexgrid.Hex] | None, preview: Place | None, ghost: bool) -> None:
        """`outlined`: the last turn's placements; `targets`: the hexes the tile in hand may cover
        (None: no dots); `preview`: the placement waiting for Confirm, a ghost if it is the hint's."""
        surface.blit(self._surface(geo, shown), geo.board_area.topleft)
        self._draw_start_claims(surface, geo, shown)
        ring = pieces.outline_sprite(geo.hex_size, LAST_MOVE, max(2.5, geo.hex_size / 6))
        for move in outlined:
            for h in (move.a, move.b):
                surface.blit(ring, ring.get_rect(center=geo.hex_center(h)))
        if targets is not None:
            dot = _target_dot(max(3, geo.hex_size // 4))
            for h in targets:
                surface.blit(dot, dot.get_rect(center=geo.hex_center(h)))
        if preview is not None:
            pulse = round(3 + 3 * math.sin(self.app.clock_time * 5)) / 6  # 7 steps: a few cached sprites
            edge = tuple(round(a + (b - a) * pulse) for a, b in zip(LEGAL, (255, 255, 255)))
            pieces.draw_placement(surface, preview.tile, (geo.hex_center(preview.a), geo.hex_center(preview.b)),
                                  geo.hex_size, edge, alpha=GHOST_ALPHA if ghost else 255)  # type: ignore[arg-type]

    def _surface(self, geo: TableLayout, s: IngeniousState) -> pygame.Surface:
        key = (geo.board_area.size, geo.hex_size, geo.origin, geo.board_area.topleft, s.radius, tuple(s.cells))
        if self._cache is not None and self._cache[0] == key:
            return self._cache[1]
        area = geo.board_area
        surf = pygame.Surface(area.size)  # opaque on the app's background: the cheapest blit
        surf.fill(self.app.BG)
        size = geo.hex_size
        local = (geo.origin[0] - area.x, geo.origin[1] - area.y)
        frame_r = hexgrid.SQRT3 * size * BOARD_RADIUS + 1.25 * size
        draw.aa_polygon(surf, FRAME_FILL, pieces.hex_points(local[0], local[1], frame_r, 30))
        draw.aa_polygon(surf, FRAME_EDGE, pieces.hex_points(local[0], local[1], frame_r, 30), 2)
        for c, h in enumerate(HEX_OF):
            sprite = _cell_sprite(s, c, h, size)
            surf.blit(sprite, sprite.get_rect(center=hexgrid.to_pixel(h, size, local)))
        self._cache = (key, surf)
        return surf

    def _draw_start_claims(self, surface: pygame.Surface, geo: TableLayout, s: IngeniousState) -> None:
        """In the first round, a seat chip on each start symbol someone has touched (the rule's memory)."""
        if all(s.placed) or s.seats == 1:
            return
        r = max(4, geo.hex_size // 4)
        for h, seat in s.first_round_touched.items():
            x, y = geo.hex_center(h)
            hud.seat_chip(surface, seat_colour(seat), (x + geo.hex_size * 0.55, y - geo.hex_size * 0.5), r)


def _cell_sprite(s: IngeniousState, c: int, h: hexgrid.Hex, size: int) -> pygame.Surface:
    v = s.cells[c]
    if v == OFF:
        return pieces.hex_sprite(OUT_OF_PLAY, size, (40, 45, 55), 1.0)
    if v == EMPTY:
        return pieces.hex_sprite(RING_FILLS[max(5, CELL_RADIUS[c])], size, GRID_LINE, 1.0)
    if h in START_HEXES:
        return _start_sprite(v, size)
    return pieces.tile_sprite(v, size)


_START: BoundedCache[tuple[int, int], pygame.Surface] = BoundedCache(24)  # six colours, a few sizes
_DOTS: BoundedCache[int, pygame.Surface] = BoundedCache(8)


def _start_sprite(colour: int, size: int) -> pygame.Surface:
    """A start symbol: the colour's hex with a white inner ring, so it reads as printed on the board."""
    key = (colour, size)
    base = _START.get(key)
    if base is None:
        base = _START.put(key, pieces.tile_sprite(colour, size).copy())
        ring = pieces.outline_sprite(max(4, size - max(3, size // 6)), START_MARK, max(1.5, size / 10))
        base.blit(ring, ring.get_rect(center=base.get_rect().center))
    return base


def _target_dot(r: int) -> pygame.Surface:
    """The legal-target marker: a green dot with a dark rim, readable on white, grey and colour."""
    surf = _DOTS.get(r)
    if surf is None:
        surf = _DOTS.put(r, pygame.Surface((2 * r + 4, 2 * r + 4), pygame.SRCALPHA))
        c = r + 2
        draw.aa_circle(surf, (20, 60, 36), (c, c), r + 1)
        draw.aa_circle(surf, LEGAL, (c, c), r)
    return surf


def last_turn_places(moves: Sequence[Any], states: Sequence[IngeniousState]) -> list[Place]:
    """The placements of the latest turn: its tile and any bonus tiles that followed it."""
    i = len(moves) - 1
    while i >= 0 and not isinstance(moves[i], Place):
        i -= 1
    out: list[Place] = []
    while i >= 0 and isinstance(moves[i], Place):
        out.append(moves[i])
        if states[i].phase != "bonus":  # moves[i] was the turn's first placement
            break
        i -= 1
    return out
