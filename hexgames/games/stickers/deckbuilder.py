"""The deck builder: the game scene's part for the deck phase (each human seat's `Pick` moves).

It offers the catalogue as a grid filterable by rarity and colour, the deck's slots with live
validation (the rules' own reasons from `catalogue`), named decks saved in the user's data folder, a
"quick deck", and "Use this deck", which submits the picks one by one through the scene, so the rules
check every sticker. Stickers already picked (a resumed game) stay fixed. The builder is a part of
`StickersScene`, not a scene of its own, so the shared hot-seat hand-over stands before it like
before any other private turn. It holds the deck phase's state and its buttons; where things are is
the layout's (`layout.DeckLayout`), what a click does is `inputs.deck_click`'s, and `view_deck` draws
it from a `DeckShown`.

Privacy in hot-seat: the builder shows one player at a time. Its picks come from that player's own
observation, the saved decks listed are that player's (`decks` keeps them by name), and `reset`
(the scene's `clear_selection`, at every hand-over and undo) forgets everything of the player before:
picks not yet used, filters, scroll, the deck name typed, the list and what the builder said.
"""
from __future__ import annotations

import random
from functools import partial
from typing import TYPE_CHECKING, Any, Callable, Protocol

import pygame
import pygame_gui

from hexgames.core.files import os_error_reason
from hexgames.games.stickers import catalogue, decks, inputs
from hexgames.games.stickers.catalogue import ALL_STICKERS
from hexgames.games.stickers.layout import DeckLayout, TableLayout
from hexgames.games.stickers.look import tr_ui
from hexgames.games.stickers.rules import Pick, StickersState
from hexgames.games.stickers.view_deck import DeckShown, DeckView
from hexgames.ui.game_scene import part_attribute

if TYPE_CHECKING:
    from hexgames.ui.shell import Shell
    from hexgames.ui.hud import ToastStack


class Host(Protocol):
    """What the builder needs of the scene it is a part of."""
    app: "Shell"
    geo: TableLayout
    toasts: "ToastStack"

    @property
    def view(self) -> StickersState: ...

    @property
    def hint_move(self) -> Any: ...

    def deck_owner(self, seat: int) -> str: ...

    def toast(self, text: str, error: bool = False) -> None: ...

    def submit(self, move: Any) -> bool: ...


def _picks(name: str, doc: str) -> property:
    return part_attribute("picks", name, doc, settable=True)


class DeckBuilder:
    """The deck phase's part of the scene: what the player building is doing (`picks`), their saved
    decks, the builder's buttons and what they do; drawn by `view_deck` where the layout says."""

    rarity = _picks("rarity", "The catalogue's rarity filter (None: all).")
    colour = _picks("colour", "The catalogue's colour filter (None: any).")
    scroll = _picks("scroll", "The catalogue's rows scrolled away.")
    slots = _picks("slots", "The stickers chosen, not yet used.")
    fixed = _picks("fixed", "How many of the slots were picked in the match already (a resumed game).")

    def __init__(self, scene: Host):
        self.scene = scene
        self.app = scene.app
        self.deck_view = DeckView(scene.app)
        self.picks = inputs.DeckSelection()
        self.seat: int | None = None
        self.name_entry: Any = None
        self.buttons: dict[Any, Callable[[], None]] = {}
        self.saved: list[decks.SavedDeck] = []
        self.said: list[str] = []  # the builder's toasts, taken back at a hand-over

    # --- state ------------------------------------------------------------------------------------
    @property
    def size(self) -> int:
        return self.scene.view.size

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

    def bring_into_view(self, sticker: int) -> None:
        """Scroll (clearing the filters if they hide it) until `sticker` shows in the grid."""
        self.picks.bring_into_view(self.geo, sticker)

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
        """The builder as the player left it, with the deck rules' verdicts on what is in view."""
        geo, stickers = self.geo, self.visible()
        hint = self.scene.hint_move
        refused = frozenset(s for _, s in geo.grid_cells(stickers, self.scroll)
                            if catalogue.add_problem(self.slots, s, self.size) is not None)
        self.deck_view.draw(surface, geo, DeckShown(
            self.rarity, self.colour, self.scroll, tuple(stickers), tuple(self.slots), self.fixed, self.size, refused,
            self.problem(), catalogue.limits(self.size), tuple(self.saved[::-1]), pygame.mouse.get_pos(),
            hint.sticker if type(hint) is Pick else None))
