"""The rack column: the tiles of the seat at the screen (its hand) and, under them, what the player is
doing in words: the points the placement in view would make, how to go on, or the swap choice.

Privacy: the view draws only the tiles it is given (`RackShown.tiles`), which the scene takes from
the viewer's own observation; None draws "Tiles hidden". What it shows is worked out by the scene;
this module only draws it, so the column and the notes look the same whoever asks.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from hexgames.core.hexgrid import DOWN
from hexgames.games.ingenious import pieces
from hexgames.games.ingenious.look import LEGAL, tr_ui
from hexgames.games.ingenious.rules import Place
from hexgames.ui import draw, hud

if TYPE_CHECKING:
    from hexgames.ui.shell import Shell
    from hexgames.games.ingenious.layout import TableLayout

STEPS = {  # how to go on, by what the player holds: nothing, a tile in hand, a previewed placement
    "pick": ("hint.pick", "Click a tile to pick it up."),
    "place": ("hint.place", "Right-click: rotate. Click the board: place."),
    "confirm": ("hint.confirm", "Enter or Confirm: play it. Esc: take it back."),
}


@dataclass(frozen=True)
class RackShown:
    """What the rack column shows in a frame."""
    tiles: tuple[tuple[int, int], ...] | None  # the rack drawn; None: hidden
    owner: str | None  # whose tiles, by name; None when they are the viewer's own
    lit: bool  # the player at the screen may act: the title in the accent colour
    active: bool  # their tiles to place now: slots light under the pointer, notes below
    taken: frozenset[int]  # slots whose tile is in hand or previewed
    pointer: tuple[int, int]
    lowest: tuple[int, ...] | None  # the swap choice is open, about these lowest colours
    in_view: Place | None  # the placement whose points the notes show
    gains: tuple[int, ...] | None  # its points per colour
    hinted: bool  # it is the hint's
    step: str  # a key of STEPS


class HandView:
    """Draws the rack column from the layout and a `RackShown`."""

    def __init__(self, app: "Shell"):
        self.app = app

    def draw(self, surface: pygame.Surface, geo: "TableLayout", shown: RackShown) -> None:
        area = geo.rack_area
        draw.rounded_panel(surface, area, (30, 35, 45), 12, border=(62, 70, 86))
        if shown.tiles is None:
            text = tr_ui(self.app, "rack.hidden", "Tiles hidden")
            font, text = draw.fit_line(self.app.font, text, area.w - 16, 15)
            draw.text(surface, font, text, (area.centerx, area.y + 20), hud.MUTED)
            return
        title = (tr_ui(self.app, "rack.yours", "Your tiles") if shown.owner is None
                 else tr_ui(self.app, "rack.of", "{name}'s tiles", name=shown.owner))
        font, title = draw.fit_line(self.app.font, title, area.w - 16, 15, bold=True)
        draw.text(surface, font, title, (area.centerx, area.y + 20), hud.ACCENT if shown.lit else hud.TEXT)
        for i, (rect, tile) in enumerate(zip(geo.rack_slots, shown.tiles)):
            taken = i in shown.taken
            hover = shown.active and not taken and rect.collidepoint(shown.pointer)
            draw.rounded_panel(surface, rect, (52, 60, 76) if hover else (40, 46, 58), 8,
                               border=hud.ACCENT if taken or hover else (58, 66, 80))
            if not taken:
                pieces.draw_tile(surface, tile, rect.center, DOWN, geo.rack_size)
        notes = geo.notes_rect(len(shown.tiles))
        if shown.lowest is not None:
            self._draw_swap_note(surface, notes, shown.lowest)
        elif shown.active:
            self._draw_notes(surface, notes, shown)

    def _draw_notes(self, surface: pygame.Surface, box: pygame.Rect, shown: RackShown) -> None:
        """Under the rack: the points the placement in view would make (the preview's, else a legal
        spot's under the pointer), then how to go on."""
        y = box.y
        if shown.in_view is not None and shown.gains is not None:
            y = self._draw_gains(surface, shown.in_view, shown.gains, box, shown.hinted) + 8
        key, default = STEPS[shown.step]
        small = self.app.font(13)
        for line in draw.wrap(small, tr_ui(self.app, key, default), box.w):
            if y + small.get_linesize() > box.bottom:
                break
            draw.text(surface, small, line, (box.centerx, y), hud.MUTED, anchor="midtop")
            y += small.get_linesize()

    def _draw_gains(self, surface: pygame.Surface, move: Place, gains: tuple[int, ...], box: pygame.Rect,
                    hinted: bool) -> int:
        """The points `move` would make, per colour with its symbol, centred at the top of `box`,
        under "Hint" when it is the hint's; returns the y below them."""
        y = box.y
        if hinted:
            label = self.app.tr("ui.hint.button")
            font, label = draw.fit_line(self.app.font, label, box.w, 15, bold=True)
            draw.text(surface, font, label, (box.centerx, y), hud.HINT, anchor="midtop")
            y += font.get_linesize()
        font = self.app.font(18 if box.w >= 120 else 15, bold=True)
        icon = 11 if box.w >= 120 else 9
        parts = [(c, f"+{gains[c]}") for c in sorted({move.tile[0], move.tile[1]})]
        widths = [2 * icon + 4 + font.size(text)[0] for _, text in parts]
        x = box.centerx - (sum(widths) + 10 * (len(parts) - 1)) / 2
        cy = y + max(2 * icon, font.get_linesize()) / 2
        for (c, text), w in zip(parts, widths):
            sprite = pieces.tile_sprite(c, icon)
            surface.blit(sprite, sprite.get_rect(center=(round(x + icon), round(cy))))
            draw.text(surface, font, text, (x + 2 * icon + 4, cy), LEGAL if gains[c] else hud.MUTED, anchor="midleft")
            x += w + 10
        return round(cy + max(2 * icon, font.get_linesize()) / 2)

    def _draw_swap_note(self, surface: pygame.Surface, box: pygame.Rect, lowest: tuple[int, ...]) -> None:
        """The swap choice in words under the rack (its buttons are in the bottom bar): why it is
        offered and what it does, shortened when the column is short, then the lowest colour."""
        lowest_h = 2 * 26
        font, lines = draw.fit_wrapped(self.app.font, tr_ui(self.app, "swap.body", "None of your tiles shows your lowest "
                                       "colour. You may set them aside, draw 6 new tiles, then return the old ones "
                                       "to the bag."), box.w, 99, 14, 12)
        if len(lines) * font.get_linesize() + lowest_h > box.h:
            font, lines = draw.fit_wrapped(self.app.font, tr_ui(self.app, "swap.note", "None of your tiles shows your "
                                           "lowest colour."), box.w, 99, 14, 12)
        y = box.y
        for line in lines:
            draw.text(surface, font, line, (box.centerx, y), hud.TEXT, anchor="midtop")
            y += font.get_linesize()
        self._draw_lowest(surface, (box.centerx, y + 8), box.w, lowest)

    def _draw_lowest(self, surface: pygame.Surface, top: tuple[float, float], width: int,
                     lowest: tuple[int, ...]) -> None:
        """The colour(s) the swap is about, as symbol tiles under their label, so the choice can be
        judged at a glance."""
        font, label = draw.fit_line(self.app.font, tr_ui(self.app, "swap.lowest", "Lowest:"), width, 15, bold=True)
        r = draw.text(surface, font, label, top, hud.ACCENT, anchor="midtop")
        size = 14
        x = top[0] - (len(lowest) * (2 * size + 6) - 6) / 2 + size
        for c in lowest:
            sprite = pieces.tile_sprite(c, size)
            surface.blit(sprite, sprite.get_rect(center=(round(x), r.bottom + 6 + size)))
            x += 2 * size + 6
