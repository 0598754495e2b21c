"""What is drawn over the Sticker Turf board for the moment, after its stickers, territories and lit
cells: the ring of the last move (so an AI's move is easy to find; it stays until the next move), the
drawn sticker ghosted on the cell in view (the lit cell under the pointer, else the hinted one: the
sticker in the player's hand), and the hint's ring with its tag; and how a territory's scoring is lit
(`scoring_style`, played by the frame's `ui.score_show`).

They come last because they cross what the board draws: a ring around a sticker and its territory's
outline, a ghost over a lit cell. A sticker dropping onto its cell is the board's own (its size in
`BoardShown.growing`), since territories are drawn over it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from hexgames.games.stickers import pieces
from hexgames.core.scoring import ScoreMark
from hexgames.games.stickers.layout import TableLayout
from hexgames.games.stickers.look import tr_ui
from hexgames.games.stickers.regions import point_xy
from hexgames.ui import hud, score_show

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


def scoring_style(app: "Shell", geo: TableLayout) -> score_show.MarkStyle:
    """Sticker Turf's marks: every grid point of a territory that scored ringed in the territory's
    colour (the corners meeting there are the ones counted), its points in a pill with the colour's
    chip and the marker of the player they go to; a cancelled territory says why it now scores for
    nobody."""
    def centre(point: object) -> tuple[float, float]:
        return geo.to_screen(*point_xy(int(point)))  # type: ignore[call-overload]

    def outline(surface: pygame.Surface, point: object, colour: tuple[int, int, int], alpha: int) -> None:
        r = max(7, round(geo.zoom * 0.22))
        width = max(2, r // 5)
        ring = pygame.Surface((2 * r + 4, 2 * r + 4), pygame.SRCALPHA)
        c = (r + 2, r + 2)
        pygame.draw.circle(ring, (20, 20, 24), c, r + 2, width + 4)  # dark edges: seen on its own colour
        pygame.draw.circle(ring, colour, c, r, width)
        ring.set_alpha(alpha)
        clip = surface.get_clip()
        surface.set_clip(geo.board)
        x, y = centre(point)
        surface.blit(ring, ring.get_rect(center=(round(x), round(y))))
        surface.set_clip(clip)

    return score_show.MarkStyle(
        centre=centre, outline=outline, colour=lambda mark: pieces.COLOUR_RGB[mark.colour or 0],
        symbol=_symbol, size=max(16, round(geo.zoom * 0.3)), words=lambda mark: mark_words(app, mark),
        bounds=geo.board)


def mark_words(app: "Shell", mark: ScoreMark) -> str:
    """"+4", or for a territory both players founded what it lost and why ("−11: founded by both,
    scores for nobody")."""
    points = f"{mark.points:+d}".replace("-", "\u2212")
    if mark.note == "cancelled":
        return tr_ui(app, "scoring.cancelled", "{points}: both founded it, it scores for nobody", points=points)
    return points


def _symbol(mark: ScoreMark, size: int) -> pygame.Surface:
    """The territory's colour (its chip, with the colour's shape) and the marker of the player whose
    score changed (disc or square), side by side."""
    icon = pygame.Surface((2 * size + 2, size), pygame.SRCALPHA)
    r = size / 2
    pieces.colour_chip(icon, mark.colour or 0, (r, r), r - 1)
    if mark.seat is not None:
        pieces.owner_marker(icon, mark.seat, (size + 2 + r, r), r - 1)
    return icon
