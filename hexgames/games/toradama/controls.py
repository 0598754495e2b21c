"""Toradama's buttons beside the board: Okunote, Give away and Resign.

Why Resign arms first (RULES.md §3.7: either player may resign at any time): giving up must never
happen by one stray click, so a press only arms the button for a few seconds. Against the computer (or
alone) a second press within them resigns; in hot-seat the press asks whose card to click, since either
player at the screen may give up. What the button and the banner say follows from that state alone
(`ResignControl`, no pygame), so the scene only passes events in and says when each button may be used.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from hexgames.games.toradama.look import character_name, tr_ui

if TYPE_CHECKING:
    from hexgames.games.toradama.layout import TableLayout
    from hexgames.ui.shell import Shell

CONFIRM_SECONDS = 3.0  # a first press of Resign waits this long for the second
PICK_SECONDS = 8.0  # hot-seat: a first press of Resign waits this long for a player's card


class ResignControl:
    """Seconds left to confirm a resignation (`armed`; hot-seat: to pick whose); 0 when at rest."""

    def __init__(self) -> None:
        self.armed = 0.0

    def press(self, picking: bool) -> bool:
        """A press of the button: True when it confirms (the second press, outside hot-seat)."""
        if self.armed <= 0:
            self.armed = PICK_SECONDS if picking else CONFIRM_SECONDS
            return False
        self.armed = 0.0
        return not picking

    def cancel(self) -> None:
        self.armed = 0.0

    def tick(self, dt: float, allowed: bool) -> None:
        """Time runs out on the waiting press; a game that ended (or a screen on top) cancels it."""
        if self.armed > 0:
            self.armed = max(0.0, self.armed - dt) if allowed else 0.0

    def label(self, app: "Shell", picking: bool) -> str:
        if self.armed <= 0:
            return tr_ui(app, "resign", "Resign")
        if picking:
            return tr_ui(app, "resign_cancel", "Cancel")
        return tr_ui(app, "resign_confirm", "Really resign?")

    def banner(self, app: "Shell", picking: bool) -> str | None:
        """What the banner says while a press waits (None at rest)."""
        if self.armed <= 0:
            return None
        if picking:
            return tr_ui(app, "banner.resign_pick", "Who resigns? Click that player's card (Esc: cancel)")
        return tr_ui(app, "banner.resign_confirm", "Press Resign again to give up (Esc: cancel)")


class Buttons:
    """The three pygame_gui buttons, their labels and whether each may be pressed now."""

    def __init__(self) -> None:
        self.okunote: Any = None
        self.give: Any = None
        self.resign: Any = None

    def build(self, app: "Shell", geo: "TableLayout") -> list[Any]:
        from pygame_gui.core import ObjectID
        from pygame_gui.elements import UIButton

        ui = app.ui
        self.okunote = UIButton(pygame.Rect(geo.okunote), tr_ui(app, "okunote.label", "Okunote"), ui,
                                object_id=ObjectID(class_id="@primary"))
        self.give = UIButton(pygame.Rect(geo.give), tr_ui(app, "give", "Give away"), ui)
        self.resign = UIButton(pygame.Rect(geo.resign), tr_ui(app, "resign", "Resign"), ui,
                               object_id=ObjectID(class_id="@danger"))
        return [self.okunote, self.give, self.resign]

    def sync(self, app: "Shell", enabled: tuple[bool, bool, bool], char: int, resign_label: str) -> None:
        """Enable each button as `enabled` says (Okunote, Give away, Resign); Okunote names the
        character `char` of the player at the screen (-1: none chosen yet)."""
        for widget, on in zip((self.okunote, self.give, self.resign), enabled):
            if widget is not None and on != widget.is_enabled:
                widget.enable() if on else widget.disable()
        okunote = tr_ui(app, "okunote_of", "Okunote: {name}", name=character_name(app, char)) if char >= 0 else \
            tr_ui(app, "okunote.label", "Okunote")
        for widget, text in ((self.okunote, okunote), (self.resign, resign_label)):
            if widget is not None and widget.text != text:
                widget.set_text(text)
