"""The two hands, above and below the lines, each under its label ("name (tiles)"): the tiles face up
or their backs, the selected ones raised and framed, those no move can use dimmed, the opponent's
framed while an exchange asks for one of them, a tile an exchange brought ringed with its badge, and
an empty place where a tile is still sliding in.

Privacy: the view draws only the tiles it is given (`HandShown.tiles`), which the scene takes from the
viewer's own observation; a hand the viewer may not see comes as its backs. What each hand shows is
worked out by the scene; this module only draws it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Sequence

import pygame

from hexgames.games.dotlines.layout import TableLayout
from hexgames.games.dotlines.look import EMPTY_PLACE
from hexgames.games.dotlines.pieces import EXCHANGED, SELECT, TARGET, draw_swap_badge, draw_tile
from hexgames.games.dotlines.rules import Draw, Exchange
from hexgames.ui import draw, hud

if TYPE_CHECKING:
    from hexgames.ui.shell import Shell

DIMMED = 105  # alpha of a hand tile no line can take


@dataclass(frozen=True)
class HandShown:
    """What one hand shows in a frame."""
    tiles: tuple[int, ...]  # its values in order (zeros when face down)
    face_up: bool
    raised: tuple[int, ...]  # the selected tiles
    pick: bool  # an exchange asks for one of these tiles: all framed
    playable: frozenset[int] | None  # the values some move uses (the others dimmed); None: none dimmed
    landing: tuple[int, ...]  # values of tiles still sliding in: drawn as empty places
    ringed: int | None  # the value an exchange brought in, while it is news
    label: str  # "name (tiles)"
    lit: bool  # its player is to move: the label in the accent colour


def exchange_news(moves: Sequence[Any], states: Sequence[Any], to_move: Callable[[Any], int],
                  viewer: int | None) -> tuple[int, int, int] | None:
    """(mover, give, take) of the latest Exchange while it is news to the viewer: made by the other
    player, and the viewer has not acted since (drawing their tile is not acting). The tile that left
    and the tile that came stay ringed in both hands until then."""
    i = len(moves) - 1
    while i >= 0 and type(moves[i]) is Draw:
        i -= 1
    if i < 0 or type(moves[i]) is not Exchange:
        return None
    mover = to_move(states[i])
    if viewer == mover:
        return None
    return mover, moves[i].give, moves[i].take


class HandView:
    """Draws a hand from the layout and a `HandShown`."""

    def __init__(self, app: "Shell"):
        self.app = app

    def draw(self, surface: pygame.Surface, geo: TableLayout, seat: int, shown: HandShown) -> None:
        rects = geo.hand_rects(seat, len(shown.tiles), shown.raised)
        landing = list(shown.landing)
        ringed = shown.ringed
        for i, (value, rect) in enumerate(zip(shown.tiles, rects)):
            if value in landing:  # its tile is still on the way: an empty place
                landing.remove(value)
                pygame.draw.rect(surface, EMPTY_PLACE, rect, 1, border_radius=max(3, rect.w // 7))
                continue
            sel = i in shown.raised
            border = SELECT if sel else TARGET if shown.pick else None
            swapped = value == ringed
            if swapped:
                ringed = None  # one tile of that value came
                border = border or EXCHANGED
            alpha = DIMMED if shown.playable is not None and value not in shown.playable and not sel else 255
            draw_tile(surface, rect, value, face_up=shown.face_up, border=border, alpha=alpha)
            if swapped:
                draw_swap_badge(surface, rect.topleft, max(7, rect.w // 6))
        font = draw.fit_text(self.app.font, shown.label, geo.board.right - geo.left - 10, geo.label_size, 12)
        draw.text(surface, font, shown.label, geo.label_pos(geo.hand_area[seat]), hud.ACCENT if shown.lit else hud.MUTED,
                  anchor="midleft")
