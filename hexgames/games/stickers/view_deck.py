"""The deck builder's face: the catalogue's filters, the catalogue as a grid (rarity marks, how many of
each are chosen, the stickers the deck cannot take now dimmed, a hinted pick ringed), the deck's places
with what the deck still needs, and the saved decks.

Why a view of its own: while decks are built the builder takes the board's and the panel's places,
so none of the table's views draws then. What it shows is worked out by the builder (`DeckShown`,
from the viewer's own picks and saved decks, and the deck rules' verdicts); this module only draws it,
where the layout (`layout.DeckLayout`) puts each part, so clicks find the same rects.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Sequence

import pygame

from hexgames.games.stickers import pieces
from hexgames.games.stickers.catalogue import HELPER, LAYOUTS, N, RARITY
from hexgames.games.stickers.layout import RARITIES, DeckLayout
from hexgames.games.stickers.look import MIN_TEXT, helper_name, tr_ui
from hexgames.ui import draw, hud

if TYPE_CHECKING:
    from hexgames.ui.shell import Shell
    from hexgames.games.stickers.decks import SavedDeck

CHIP_PX = 15
SAVED_ICONS = 8  # a saved deck's first stickers, beside its name


@dataclass(frozen=True)
class DeckShown:
    """What the deck builder shows in a frame."""
    rarity: str | None  # the filters
    colour: int | None
    scroll: int
    stickers: tuple[int, ...]  # the catalogue stickers that pass the filters
    slots: tuple[int, ...]  # the stickers chosen
    fixed: int  # how many of them were picked in the match already
    size: int  # the deck's
    refused: frozenset[int]  # stickers in view the deck cannot take now (the deck rules)
    problem: str | None  # what the deck still needs, in words (None: it is legal)
    limits: tuple[int, int]  # at most this many helpers, and SR stickers
    saved: tuple["SavedDeck", ...]  # the player's saved decks, newest first
    pointer: tuple[int, int]
    hinted: int | None  # the sticker a hint suggests picking


def chip_label(app: "Shell", value: Any) -> str:
    """A filter's label: all, a rarity, the helpers, or (None among the colours) any colour."""
    if value is None:
        return tr_ui(app, "deck.all", "All")
    return tr_ui(app, "deck.helpers", "Helpers") if value == HELPER else value


def chip_widths(app: "Shell") -> tuple[int, ...]:
    """The filter labels' widths, one per rarity filter, then "Any" (for the layout)."""
    font = app.font(CHIP_PX, bold=True)
    labels = [chip_label(app, value) for value in RARITIES] + [tr_ui(app, "deck.any", "Any")]
    return tuple(font.size(label)[0] for label in labels)


class DeckView:
    """Draws the deck builder from its layout and a `DeckShown`."""

    def __init__(self, app: "Shell"):
        self.app = app

    def draw(self, surface: pygame.Surface, geo: DeckLayout, shown: DeckShown) -> None:
        self._draw_filters(surface, geo, shown)
        self._draw_grid(surface, geo, shown)
        self._draw_slots(surface, geo, shown)
        self._draw_saved(surface, geo, shown)

    def _draw_filters(self, surface: pygame.Surface, geo: DeckLayout, shown: DeckShown) -> None:
        font = self.app.font(CHIP_PX, bold=True)
        for rect, kind, value in geo.chips:
            if kind == "rarity":
                _chip(surface, rect, chip_label(self.app, value), font, shown.rarity == value)
                continue
            _chip(surface, rect, tr_ui(self.app, "deck.any", "Any") if value is None else "", font,
                  shown.colour == value)
            if value is not None:
                pieces.colour_chip(surface, value, rect.center, 11)

    def _draw_grid(self, surface: pygame.Surface, geo: DeckLayout, shown: DeckShown) -> None:
        draw.rounded_panel(surface, geo.grid, (28, 33, 42), 10, border=(60, 70, 86))
        size = max(MIN_TEXT, geo.tile // 4)
        small = self.app.font(size, bold=True)
        counts: dict[int, int] = {}
        for s in shown.slots:
            counts[s] = counts.get(s, 0) + 1
        cells = geo.grid_cells(shown.stickers, shown.scroll)
        for rect, s in cells:
            if s >= LAYOUTS:
                label = helper_name(self.app, s)
                pieces.helper(surface, rect, s, draw.fit_text(self.app.font, label, rect.w - 4, size, MIN_TEXT,
                                                              bold=True), label)
            else:
                pieces.sticker(surface, rect, s)
            if s < LAYOUTS and RARITY[s] != N:
                draw.text(surface, small, RARITY[s], (rect.right - 2, rect.top + 1), (255, 255, 255),
                          anchor="topright", outline=(20, 20, 20), outline_px=1)
            if s in shown.refused:  # cannot join the deck now
                draw.rounded_panel(surface, rect, (12, 14, 18, 150), 3)
            if counts.get(s):
                draw.text(surface, self.app.font(size + 1, bold=True), f"×{counts[s]}", (rect.left + 3, rect.top),
                          hud.ACCENT, anchor="topleft", outline=(20, 20, 20), outline_px=1)  # clear of a helper's name
            if rect.collidepoint(shown.pointer):
                pygame.draw.rect(surface, hud.ACCENT, rect.inflate(4, 4), 2, border_radius=4)
        self._draw_hinted(surface, cells, shown.hinted)
        if geo.max_scroll(len(shown.stickers)):
            draw.text(surface, self.app.font(13), tr_ui(self.app, "deck.scroll", "Wheel: more stickers"),
                      (geo.grid.right - 10, geo.grid.bottom - 6), hud.MUTED, anchor="bottomright")

    def _draw_hinted(self, surface: pygame.Surface, cells: Sequence[tuple[pygame.Rect, int]],
                     hinted: int | None) -> None:
        """The sticker a hint suggests picking, ringed in the grid (where the filters show it)."""
        for rect, s in cells:
            if hinted is not None and s == hinted:
                pygame.draw.rect(surface, hud.HINT, rect.inflate(6, 6), 3, border_radius=5)
                hud.hint_tag(surface, self.app, (rect.centerx, rect.y - 1), size=11)
                return

    def _draw_slots(self, surface: pygame.Surface, geo: DeckLayout, shown: DeckShown) -> None:
        r = geo.slots_box
        draw.rounded_panel(surface, r, (33, 39, 50), 10, border=(70, 80, 98))
        title = tr_ui(self.app, "deck.title", "Your deck ({n}/{size})", n=len(shown.slots), size=shown.size)
        draw.text(surface, self.app.font(17, bold=True), title, (r.x + 10, r.y + 10), hud.ACCENT, anchor="topleft")
        for i, rect in enumerate(geo.slots):
            if i < len(shown.slots):
                s = shown.slots[i]
                pieces.any_sticker(surface, rect, s, 0 if s < LAYOUTS else None)
                if i < shown.fixed:
                    pygame.draw.rect(surface, hud.MUTED, rect, 1)
            else:
                draw.rounded_panel(surface, rect, (44, 50, 62), 4, border=(80, 90, 110))
        y = geo.slots[-1].bottom + 10
        why = shown.problem
        text = why if why is not None else tr_ui(self.app, "deck.ready", "Ready: a legal deck.")
        colour = (240, 160, 150) if why is not None else (150, 230, 150)
        font = self.app.font(14)
        for line in draw.wrap(font, text, r.w - 20):
            draw.text(surface, font, line, (r.x + 10, y), colour, anchor="topleft")
            y += 18
        limit_font = self.app.font(12)
        helpers, srs = shown.limits
        rule = tr_ui(self.app, "deck.rules", "{size} stickers · ≤{h} helpers · ≤{sr} SR · ≤2 of one SR/R layout",
                     size=shown.size, h=helpers, sr=srs)
        for line in draw.wrap(limit_font, rule, r.w - 20):
            if y + 16 > r.bottom:
                break
            draw.text(surface, limit_font, line, (r.x + 10, y), hud.MUTED, anchor="topleft")
            y += 16

    def _draw_saved(self, surface: pygame.Surface, geo: DeckLayout, shown: DeckShown) -> None:
        r = geo.saved_box
        draw.rounded_panel(surface, r, (33, 39, 50), 10, border=(70, 80, 98))
        draw.text(surface, self.app.font(15, bold=True), tr_ui(self.app, "deck.saved_title", "Saved decks"),
                  (r.x + 10, r.y + 8), hud.MUTED, anchor="topleft")
        font = self.app.font(14)
        rows = geo.saved_rows(shown.saved)
        if not rows:
            y = r.y + 36
            words = tr_ui(self.app, "deck.none_saved", "None yet: name a deck below and save it.")
            for line in draw.wrap(font, words, r.w - 20):
                draw.text(surface, font, line, (r.x + 10, y), hud.MUTED, anchor="topleft")
                y += font.get_linesize()
        for rect, deck in rows:
            draw.rounded_panel(surface, rect, (44, 52, 66), 6)
            draw.text(surface, font, deck.name, (rect.x + 8, rect.centery), hud.TEXT, anchor="midleft")
            for i, s in enumerate(deck.stickers[:SAVED_ICONS]):
                icon = pygame.Rect(rect.right - 8 - (SAVED_ICONS - i) * 15, rect.y + 6, 13, 13)
                if icon.x > rect.x + 8 + font.size(deck.name)[0] + 4:
                    pieces.any_sticker(surface, icon, s)
        draw.text(surface, self.app.font(12), tr_ui(self.app, "deck.name_hint", "Deck name:"), (r.x + 10, r.bottom - 152),
                  hud.MUTED, anchor="topleft")


def _chip(surface: pygame.Surface, rect: pygame.Rect, label: str, font: pygame.font.Font, on: bool) -> None:
    draw.rounded_panel(surface, rect, (70, 84, 110) if on else (36, 42, 54), 8,
                       border=hud.ACCENT if on else (70, 80, 98), border_width=2 if on else 1)
    if label:
        draw.text(surface, font, label, rect.center, hud.TEXT)
