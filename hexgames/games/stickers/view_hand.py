"""The sticker in the player's hand, in the side panel under the players: the drawn sticker (its
rarity and how many cells it fits), the helper being played, or Peek's chooser (the top stickers of
the deck, numbered in the order the clicks give, their present places below).

Privacy: Peek's stickers are the viewer's own, from their observation (`HandShown.peek`), and only
while the viewer is the one peeking; the scene works that out, this module only draws it. Where the
box and the stickers go is the layout's (`TableLayout.panel_parts`, `peek_rects`), so clicks find them.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from hexgames.games.stickers import pieces
from hexgames.games.stickers.catalogue import BLOCK, LAYOUTS, PEEK
from hexgames.games.stickers.layout import TableLayout
from hexgames.games.stickers.look import MIN_TEXT, helper_name, tr_ui
from hexgames.ui import draw, hud

if TYPE_CHECKING:
    from hexgames.ui.shell import Shell

TITLE_PX = 14
TITLE_INSET = 36  # Peek's title wraps inside the panel less this


@dataclass(frozen=True)
class HandShown:
    """What the hand's box shows in a frame."""
    box: str  # the panel's box: "" (none), "drawn" or "peek"
    phase: str
    owner: int  # the player to move
    layout: int  # the drawn sticker as it lies on the board (-1: none drawn)
    rarity: str  # the drawn sticker's
    fits: int  # how many cells it fits
    peek: tuple[int, ...] = ()  # the stickers Peek shows, top first, as they look on the board (helpers by id)
    order: tuple[int, ...] = ()  # the order numbered so far (empty: nothing clicked yet)
    clicked: tuple[int, ...] = ()  # the shown stickers the player clicked (the rest follow as they lie)
    hinted: tuple[int, ...] | None = None  # a hinted Peek order


def title_lines(app: "Shell", panel_w: int) -> list[str]:
    title = tr_ui(app, "peek.title", "Peek: click in the new order, top first")
    return draw.wrap(app.font(TITLE_PX, bold=True), title, panel_w - TITLE_INSET)


def title_height(app: "Shell", panel_w: int) -> int:
    """The room Peek's title takes in a panel `panel_w` wide (for the layout)."""
    return len(title_lines(app, panel_w)) * app.font(TITLE_PX, bold=True).get_linesize()


def label_height(app: "Shell") -> int:
    """A line of the smallest text: the present place under a sticker Peek shows (for the layout)."""
    return app.font(MIN_TEXT).get_linesize()


class HandView:
    """Draws the hand's box from the layout and a `HandShown`."""

    def __init__(self, app: "Shell"):
        self.app = app

    def draw(self, surface: pygame.Surface, geo: TableLayout, shown: HandShown) -> None:
        if shown.box == "peek":
            self._draw_peek(surface, geo, shown)
        elif shown.box == "drawn":
            self._draw_drawn(surface, geo.panel_parts("drawn").drawn, shown)

    def _draw_drawn(self, surface: pygame.Surface, rect: pygame.Rect, shown: HandShown) -> None:
        inner = hud.panel(surface, rect, tr_ui(self.app, "panel.drawn", "Drawn sticker"), self.app)
        size = min(inner.h - 4, 72)
        box = pygame.Rect(inner.x, inner.y, size, size)
        if shown.phase == "place" and shown.layout >= 0:
            pieces.sticker(surface, box, shown.layout, shown.owner)
            draw.text(surface, self.app.font(15, bold=True), shown.rarity, (box.right + 10, box.y + 4), hud.ACCENT,
                      anchor="topleft")
            text = tr_ui(self.app, "panel.fits", "fits on {count} cells", count=shown.fits)
            font = draw.fit_text(self.app.font, text, inner.right - box.right - 10, 13, MIN_TEXT)
            draw.text(surface, font, text, (box.right + 10, box.y + 26), hud.MUTED, anchor="topleft")
        elif shown.phase in ("peek", "block"):
            helper = PEEK if shown.phase == "peek" else BLOCK
            pieces.helper(surface, box, helper, self.app.font(MIN_TEXT, bold=True), helper_name(self.app, helper))

    def _draw_peek(self, surface: pygame.Surface, geo: TableLayout, shown: HandShown) -> None:
        """The Peek chooser in the panel: the top stickers, numbered in the order the clicks give
        (clicked ones in gold, the rest as they will follow in grey), their present places below."""
        box = geo.panel_parts("peek").drawn
        draw.rounded_panel(surface, box, (24, 30, 40), 10, border=hud.ACCENT, border_width=2)
        font = self.app.font(TITLE_PX, bold=True)
        y = box.y + 8
        for line in title_lines(self.app, geo.panel.w):
            draw.text(surface, font, line, (box.x + 10, y), hud.ACCENT, anchor="topleft")
            y += font.get_linesize()
        small = self.app.font(MIN_TEXT, bold=True)
        for i, (rect, st) in enumerate(zip(geo.peek_rects(len(shown.peek)), shown.peek)):
            if st >= LAYOUTS:
                name = helper_name(self.app, st)
                pieces.helper(surface, rect, st, draw.fit_text(self.app.font, name, rect.w - 4, MIN_TEXT, MIN_TEXT,
                                                            bold=True), name)
            else:
                pieces.sticker(surface, rect, st, shown.owner)
            if shown.hinted is not None and i in shown.hinted:  # where a hinted order puts it (1 = top)
                self._badge(surface, (rect.left + 4, rect.top + 4), shown.hinted.index(i) + 1, hud.HINT, small)
            if i in shown.order:
                colour = hud.ACCENT if i in shown.clicked else hud.MUTED
                self._badge(surface, (rect.right - 4, rect.top + 4), shown.order.index(i) + 1, colour, small)
            label = tr_ui(self.app, "peek.position", "#{n} now", n=i + 1)
            draw.text(surface, draw.fit_text(self.app.font, label, rect.w + 10, MIN_TEXT, MIN_TEXT, bold=True), label,
                      (rect.centerx, rect.bottom + 4 + small.get_linesize() // 2), hud.MUTED)

    @staticmethod
    def _badge(surface: pygame.Surface, centre: tuple[int, int], n: int, colour: tuple[int, int, int],
               font: pygame.font.Font) -> None:
        draw.aa_circle(surface, colour, centre, 11, border=(20, 20, 20))
        draw.text(surface, font, str(n), centre, (20, 20, 20))
