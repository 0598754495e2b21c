"""The deck builder: the game scene's face for the deck phase (each human seat's `Pick` moves).

It shows the catalogue as a grid filterable by rarity and colour, the deck's slots with live
validation (the rules' own reasons from `catalogue`), named decks saved in the user's data folder, a
"quick deck", and "Use this deck", which submits the picks one by one through the scene, so the rules
check every sticker. Stickers already picked (a resumed game) stay fixed. The builder is a part of
`StickersScene`, not a scene of its own, so the shared hot-seat hand-over stands before it like
before any other private turn.

Privacy in hot-seat: the builder shows one player at a time. Its picks come from that player's own
observation, the saved decks listed are that player's (`decks` keeps them by name), and `reset`
(the scene's `clear_selection`, at every hand-over and undo) forgets everything of the player before:
picks not yet used, filters, scroll, the deck name typed, the list and what the builder said.
"""
from __future__ import annotations

import random
from functools import partial
from typing import TYPE_CHECKING, Any, Callable

import pygame
import pygame_gui

from hexgames.core.files import os_error_reason
from hexgames.games.stickers import catalogue, decks, inputs, pieces
from hexgames.games.stickers.catalogue import ALL_STICKERS, HELPER, HELPER_NAMES, N, RARITY
from hexgames.games.stickers.layout import DeckLayout
from hexgames.games.stickers.rules import Pick
from hexgames.ui import draw, hud
from hexgames.ui.game_scene import part_attribute
from hexgames.games.stickers.pieces import tr_ui

if TYPE_CHECKING:
    from hexgames.games.stickers.scene import StickersScene

LABEL_PX = 12  # no text under this (800x600 in Japanese)


def _picks(name: str, doc: str) -> property:
    return part_attribute("picks", name, doc, settable=True)


class DeckBuilder:
    """Catalogue, slots, saved decks and the builder's buttons, drawn inside the scene's rects."""

    rarity = _picks("rarity", "The catalogue's rarity filter (None: all).")
    colour = _picks("colour", "The catalogue's colour filter (None: any).")
    scroll = _picks("scroll", "The catalogue's rows scrolled away.")
    slots = _picks("slots", "The stickers chosen, not yet used.")
    fixed = _picks("fixed", "How many of the slots were picked in the match already (a resumed game).")

    def __init__(self, scene: "StickersScene"):
        self.scene = scene
        self.app = scene.app
        self.picks = inputs.DeckSelection()
        self.seat: int | None = None
        self.name_entry: Any = None
        self.buttons: dict[Any, Callable[[], None]] = {}
        self.saved: list[decks.SavedDeck] = []
        self.said: list[str] = []  # the builder's toasts, taken back at a hand-over

    # --- state ------------------------------------------------------------------------------------
    @property
    def size(self) -> int:
        return self.scene.state.size

    def start(self, seat: int) -> None:
        """Open the builder for `seat` (the viewer), starting from what it has picked so far."""
        picks = list(self.scene.view.picks[seat])
        if self.seat != seat or self.slots[: len(picks)] != picks:
            self.slots = picks
        self.fixed = len(picks)
        self.seat = seat
        self.saved = decks.for_size(self.size, self.scene.deck_owner(seat))

    def reset(self) -> None:
        """Forget the player who was building: nothing of theirs may show to the next one."""
        self.picks = inputs.DeckSelection()
        self.seat, self.saved = None, []
        if self.name_entry is not None:
            self.name_entry.set_text("")
            self.name_entry.unfocus()
        if self.said:
            self.scene.toasts.toasts = [t for t in self.scene.toasts.toasts if t.text not in self.said]
            self.said = []

    def say(self, text: str, error: bool = False) -> None:
        self.said.append(text)
        self.scene.toast(text, error=error)

    def visible(self) -> list[int]:
        """The catalogue stickers that pass the filters."""
        return self.picks.visible()

    def problem(self) -> str | None:
        why = catalogue.deck_problem(self.slots, self.size)
        return None if why is None else self.app.tr_reason(why)

    def add(self, sticker: int) -> bool:
        why = catalogue.add_problem(self.slots, sticker, self.size)
        if why is not None:
            self.say(self.app.tr_reason(why), error=True)
            return False
        self.slots.append(sticker)
        return True

    def quick(self) -> None:
        rng = random.Random()
        self.slots = self.slots[: self.fixed]
        for s in catalogue.quick_deck(rng, self.size):
            if catalogue.add_problem(self.slots, s, self.size) is None and len(self.slots) < self.size:
                self.slots.append(s)
        while len(self.slots) < self.size:  # fixed picks may have used up a category
            self.slots.append(rng.choice([s for s in ALL_STICKERS
                                          if catalogue.add_problem(self.slots, s, self.size) is None]))

    def clear(self) -> None:
        self.slots = self.slots[: self.fixed]

    def load(self, deck: decks.SavedDeck) -> None:
        if self.fixed and list(deck.stickers[: self.fixed]) != self.slots[: self.fixed]:
            kept = self.slots[: self.fixed]
            self.slots = kept + [s for s in deck.stickers if catalogue.add_problem(kept, s, self.size) is None][
                : self.size - self.fixed]
        else:
            self.slots = list(deck.stickers)

    def save(self) -> None:
        name = self.name_entry.get_text().strip() if self.name_entry is not None else ""
        if not name:
            self.say(tr_ui(self.scene.app, "deck.need_name", "Give the deck a name first."), error=True)
            return
        why = self.problem()
        if why is not None:
            self.say(why, error=True)
            return
        if self.seat is None:  # not open for anyone (the instant of a hand-over)
            return
        owner = self.scene.deck_owner(self.seat)
        try:
            decks.save(owner, name, self.slots)
        except OSError as e:  # a full disk, a folder that cannot be written: said in words
            why = self.app.tr_reason(os_error_reason(e))
            self.say(tr_ui(self.scene.app, "deck.save_failed", "The deck could not be saved: {why}.", why=why), error=True)
            return
        except ValueError as e:
            self.say(str(e), error=True)
            return
        self.saved = decks.for_size(self.size, owner)
        self.say(tr_ui(self.scene.app, "deck.saved", "Deck \u201c{name}\u201d saved.", name=name))

    def use(self) -> None:
        why = self.problem()
        if why is not None:
            self.say(why, error=True)
            return
        for sticker in self.slots[self.fixed:]:
            if not self.scene.submit(Pick(sticker)):
                break
        self.seat = None

    # --- layout and widgets -------------------------------------------------------------------------
    @property
    def geo(self) -> DeckLayout:
        return self.scene.geo.deck

    @property
    def tile(self) -> int:
        return self.geo.tile

    @property
    def chips(self) -> tuple[tuple[pygame.Rect, str, Any], ...]:
        return self.geo.chips

    def build_widgets(self, ui: Any) -> list[Any]:
        """Name, Save and Quick deck at the foot of the saved-decks card (one per row, so long
        labels fit at 800x600); Clear and Use this deck in the bottom bar."""
        from pygame_gui.core import ObjectID
        from pygame_gui.elements import UIButton, UITextEntryLine

        t = partial(tr_ui, self.scene.app)
        self.buttons.clear()
        g = self.geo
        widgets = []
        self.name_entry = UITextEntryLine(pygame.Rect(g.name_entry), ui)
        self.name_entry.set_text_length_limit(decks.MAX_NAME)
        widgets.append(self.name_entry)
        specs = [
            (g.save, t("deck.save", "Save deck"), self.save, None),
            (g.quick, t("deck.quick", "Quick deck"), self.quick, None),
            (g.clear, t("deck.clear", "Clear"), self.clear, None),
            (g.use, t("deck.use", "Use this deck"), self.use, "@primary"),
        ]
        for rect, label, action, cls in specs:
            b = UIButton(pygame.Rect(rect), label, ui, object_id=ObjectID(class_id=cls) if cls else None)
            self.buttons[b] = action
            widgets.append(b)
        return widgets

    def show(self, on: bool) -> None:
        for w in [self.name_entry, *self.buttons]:
            if w is not None:
                (w.show if on else w.hide)()

    # --- input ---------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.buttons[event.ui_element]()
            return True
        if event.type == pygame.MOUSEWHEEL:  # the builder fills the board: the wheel scrolls the catalogue
            self.picks.scroll_by(self.geo, -event.y)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._click(event.pos)
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.name_entry is not None and self.name_entry.is_focused:
                self.save()
            else:
                self.use()
            return True
        return False

    def _click(self, pos: tuple[int, int]) -> bool:
        done = inputs.deck_click(self.geo, self.picks, pos, self.saved[::-1])
        if isinstance(done, Pick):
            self.add(done.sticker)
        elif isinstance(done, decks.SavedDeck):
            self.load(done)
        return bool(done)

    # --- geometry (the layout's, with what the builder shows now) ----------------------------------
    def _max_scroll(self) -> int:
        return self.geo.max_scroll(len(self.visible()))

    def _grid_cells(self) -> list[tuple[pygame.Rect, int]]:
        return self.geo.grid_cells(self.visible(), self.scroll)

    def _saved_rows(self) -> list[tuple[pygame.Rect, decks.SavedDeck]]:
        return self.geo.saved_rows(self.saved[::-1])

    # --- drawing ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self._draw_filters(surface)
        self._draw_grid(surface)
        self._draw_slots(surface)
        self._draw_saved(surface)

    def _draw_filters(self, surface: pygame.Surface) -> None:
        t = partial(tr_ui, self.scene.app)
        font = self.app.font(15, bold=True)
        for rect, kind, value in self.chips:
            if kind == "rarity":
                label = t("deck.all", "All") if value is None else (
                    t("deck.helpers", "Helpers") if value == HELPER else value)
                self._chip(surface, rect, label, font, self.rarity == value)
                continue
            self._chip(surface, rect, t("deck.any", "Any") if value is None else "", font, self.colour == value)
            if value is not None:
                pieces.colour_chip(surface, value, rect.center, 11)

    @staticmethod
    def _chip(surface, rect, label, font, on) -> None:
        draw.rounded_panel(surface, rect, (70, 84, 110) if on else (36, 42, 54), 8,
                           border=hud.ACCENT if on else (70, 80, 98), border_width=2 if on else 1)
        if label:
            draw.text(surface, font, label, rect.center, hud.TEXT)

    def _draw_grid(self, surface: pygame.Surface) -> None:
        draw.rounded_panel(surface, self.geo.grid, (28, 33, 42), 10, border=(60, 70, 86))
        size = max(LABEL_PX, self.tile // 4)
        small = self.app.font(size, bold=True)
        counts: dict[int, int] = {}
        for s in self.slots:
            counts[s] = counts.get(s, 0) + 1
        hover = pygame.mouse.get_pos()
        for rect, s in self._grid_cells():
            if s >= catalogue.LAYOUTS:
                label = self._helper_label(s)
                pieces.helper(surface, rect, s, draw.fit_text(self.app.font, label, rect.w - 4, size, LABEL_PX, bold=True),
                           label)
            else:
                pieces.sticker(surface, rect, s)
            if s < catalogue.LAYOUTS and RARITY[s] != N:
                draw.text(surface, small, RARITY[s], (rect.right - 2, rect.top + 1), (255, 255, 255),
                          anchor="topright", outline=(20, 20, 20), outline_px=1)
            if catalogue.add_problem(self.slots, s, self.size) is not None:  # cannot join the deck now
                draw.rounded_panel(surface, rect, (12, 14, 18, 150), 3)
            if counts.get(s):
                draw.text(surface, self.app.font(size + 1, bold=True), f"×{counts[s]}", (rect.left + 3, rect.top),
                          hud.ACCENT, anchor="topleft", outline=(20, 20, 20), outline_px=1)  # clear of a helper's name
            if rect.collidepoint(hover):
                pygame.draw.rect(surface, hud.ACCENT, rect.inflate(4, 4), 2, border_radius=4)
        self._draw_hinted(surface)
        if self._max_scroll():
            draw.text(surface, self.app.font(13), tr_ui(self.scene.app, "deck.scroll", "Wheel: more stickers"),
                      (self.geo.grid.right - 10, self.geo.grid.bottom - 6), hud.MUTED, anchor="bottomright")

    def bring_into_view(self, sticker: int) -> None:
        """Scroll (clearing the filters if they hide it) until `sticker` shows in the grid."""
        self.picks.bring_into_view(self.geo, sticker)

    def _draw_hinted(self, surface: pygame.Surface) -> None:
        """The sticker a hint suggests picking, ringed in the grid (where the filters show it)."""
        hint = self.scene.hint_move
        if type(hint) is not Pick:
            return
        for rect, s in self._grid_cells():
            if s == hint.sticker:
                pygame.draw.rect(surface, hud.HINT, rect.inflate(6, 6), 3, border_radius=5)
                hud.hint_tag(surface, self.app, (rect.centerx, rect.y - 1), size=11)
                return

    def _helper_label(self, s: int) -> str:
        return tr_ui(self.scene.app, f"helper.{HELPER_NAMES[s]}", HELPER_NAMES[s].capitalize())

    def _draw_slots(self, surface: pygame.Surface) -> None:
        t = partial(tr_ui, self.scene.app)
        r = self.geo.slots_box
        draw.rounded_panel(surface, r, (33, 39, 50), 10, border=(70, 80, 98))
        title = t("deck.title", "Your deck ({n}/{size})", n=len(self.slots), size=self.size)
        draw.text(surface, self.app.font(17, bold=True), title, (r.x + 10, r.y + 10), hud.ACCENT, anchor="topleft")
        for i, rect in enumerate(self.geo.slots):
            if i < len(self.slots):
                s = self.slots[i]
                pieces.any_sticker(surface, rect, s, 0 if s < catalogue.LAYOUTS else None)
                if i < self.fixed:
                    pygame.draw.rect(surface, hud.MUTED, rect, 1)
            else:
                draw.rounded_panel(surface, rect, (44, 50, 62), 4, border=(80, 90, 110))
        y = self.geo.slots[-1].bottom + 10
        why = self.problem()
        text = why if why is not None else t("deck.ready", "Ready: a legal deck.")
        colour = (240, 160, 150) if why is not None else (150, 230, 150)
        font = self.app.font(14)
        for line in draw.wrap(font, text, r.w - 20):
            draw.text(surface, font, line, (r.x + 10, y), colour, anchor="topleft")
            y += 18
        limit_font = self.app.font(12)
        helpers, srs = catalogue.limits(self.size)
        rule = t("deck.rules", "{size} stickers · ≤{h} helpers · ≤{sr} SR · ≤2 of one SR/R layout",
                 size=self.size, h=helpers, sr=srs)
        for line in draw.wrap(limit_font, rule, r.w - 20):
            if y + 16 > r.bottom:
                break
            draw.text(surface, limit_font, line, (r.x + 10, y), hud.MUTED, anchor="topleft")
            y += 16

    def _draw_saved(self, surface: pygame.Surface) -> None:
        t = partial(tr_ui, self.scene.app)
        r = self.geo.saved_box
        draw.rounded_panel(surface, r, (33, 39, 50), 10, border=(70, 80, 98))
        draw.text(surface, self.app.font(15, bold=True), t("deck.saved_title", "Saved decks"), (r.x + 10, r.y + 8),
                  hud.MUTED, anchor="topleft")
        font = self.app.font(14)
        rows = self._saved_rows()
        if not rows:
            y = r.y + 36
            for line in draw.wrap(font, t("deck.none_saved", "None yet: name a deck below and save it."), r.w - 20):
                draw.text(surface, font, line, (r.x + 10, y), hud.MUTED, anchor="topleft")
                y += font.get_linesize()
        for rect, deck in rows:
            draw.rounded_panel(surface, rect, (44, 52, 66), 6)
            draw.text(surface, font, deck.name, (rect.x + 8, rect.centery), hud.TEXT, anchor="midleft")
            for i, s in enumerate(deck.stickers[:8]):
                icon = pygame.Rect(rect.right - 8 - (8 - i) * 15, rect.y + 6, 13, 13)
                if icon.x > rect.x + 8 + font.size(deck.name)[0] + 4:
                    pieces.any_sticker(surface, icon, s)
        draw.text(surface, self.app.font(12), t("deck.name_hint", "Deck name:"), (r.x + 10, r.bottom - 152),
                  hud.MUTED, anchor="topleft")
