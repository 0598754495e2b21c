"""What is drawn over the Sticker Turf board for the moment, after its stickers, territories and lit
cells: the ring of the last move (so an AI's move is easy to find; it stays until the next move), the
drawn sticker ghosted on the cell in view (the lit cell under the pointer, else the hinted one: the
sticker in the player's hand), and the hint's ring with its tag.

They come last because they cross what the board draws: a ring around a sticker and its territory's
outline, a ghost over a lit cell. A sticker dropping onto its cell is the board's own (its size in
`BoardShown.growing`), since territories are drawn over it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from hexgames.games.stickers import pieces
from hexgames.games.stickers.layout import TableLayout
from hexgames.ui import hud

if TYPE_CHECKING:
    from hexgames.ui.shell import Shell

LAST_RGB = (110, 214, 255)
HINT_RGB = (120, 240, 200)  # the hinted cell: mint, as the last move's is already cyan
GHOST_ALPHA = 170

Cell = tuple[int, int]


@dataclass(frozen=True)
class MarksShown:
    """The marks over the board in a frame."""
    last: Cell | None  # the last move's cell, ringed
    ghost: tuple[Cell, int, int] | None  # (cell, layout as on the board, owner): the drawn sticker in view
    hint: Cell | None  # the hinted placement's or block's cell


def draw_marks(surface: pygame.Surface, app: "Shell", geo: TableLayout, shown: MarksShown) -> None:
    clip = surface.get_clip()
    surface.set_clip(geo.board)
    if shown.last is not None:
        pygame.draw.rect(surface, LAST_RGB, geo.cell_rect(*shown.last).inflate(8, 8), 3, border_radius=6)
    if shown.ghost is not None:
        cell, layout, owner = shown.ghost
        pieces.sticker(surface, geo.cell_rect(*cell), layout, owner, alpha=GHOST_ALPHA)
    if shown.hint is not None:
        rect = geo.cell_rect(*shown.hint).inflate(6, 6)
        pygame.draw.rect(surface, HINT_RGB, rect, 4, border_radius=6)
        hud.hint_tag(surface, app, (rect.centerx, rect.y + 2), colour=HINT_RGB)
    surface.set_clip(clip)
