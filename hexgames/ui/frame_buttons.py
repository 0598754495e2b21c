"""The buttons every game's frame has: Undo, Results and Menu in the bottom bar, Hint and Log in the
top bar's right slots, built where the frame layout puts them, and how each follows the table.

The scene owns them (they are among its widgets, so pausing and resizing treat them like a game's
own) and says what each press means; the hint's button shows the thinking dots while Hard thinks.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hexgames.ui.frame_layout import FrameLayout
    from hexgames.ui.shell import Drawing, Shell

HINT_DOT_SECONDS = 0.35  # the thinking dots of the Hint button


@dataclass
class FrameButtons:
    """The shared buttons of a game scene (None until the scene is entered)."""
    undo: Any = None
    menu: Any = None
    results: Any = None
    hint: Any = None
    log: Any = None

    def build(self, app: "Shell", frame: "FrameLayout") -> list[Any]:
        """Make the five buttons in `frame`; returns them in the order the scene lists its widgets."""
        from pygame_gui.core import ObjectID
        from pygame_gui.elements import UIButton

        tr, ui = app.tr, app.ui
        undo, results, menu = frame.bottom_buttons()
        self.undo = UIButton(undo, tr("ui.game.undo"), ui, tool_tip_text=tr("learn.tip.undo"))
        self.menu = UIButton(menu, tr("ui.game.menu"), ui, tool_tip_text=tr("learn.tip.menu"))
        self.results = UIButton(results, tr("ui.game.results"), ui, object_id=ObjectID(class_id="@primary"),
                                tool_tip_text=tr("learn.tip.results"))
        self.hint = UIButton(frame.top_button_rect(1), tr("ui.hint.button"), ui, tool_tip_text=tr("ui.hint.tip"))
        self.log = UIButton(frame.top_button_rect(0), tr("ui.log.button"), ui, tool_tip_text=tr("ui.log.tip"))
        return [self.undo, self.menu, self.results, self.log, self.hint]

    def pressed(self, element: Any) -> str | None:
        """Which of them `element` is: "undo", "menu", "results", "hint" or "log" (None: none)."""
        if element is None:
            return None
        return next((name for name in ("undo", "menu", "results", "hint", "log") if getattr(self, name) is element),
                    None)

    def owns(self, widget: Any) -> bool:
        """Whether `widget` is one of these (not one of the game's own)."""
        return widget is not None and widget in (self.undo, self.menu, self.results, self.hint, self.log)

    def show_results(self, shown: bool) -> None:
        """Results shows once the results screen has come up for the end of the match."""
        if self.results is not None:
            self.results.show() if shown else self.results.hide()

    def allow_undo(self, allowed: bool) -> None:
        if self.undo is not None:
            self.undo.enable() if allowed else self.undo.disable()

    def show_log_open(self, is_open: bool) -> None:
        """The Log button looks pressed while the log shows."""
        if self.log is not None:
            self.log.select() if is_open else self.log.unselect()

    def show_hint_state(self, app: "Drawing", shown: bool, usable: bool, thinking: bool) -> None:
        """The Hint button: shown while hints are offered (or one is thought about), usable when the
        player may act, and while Hard thinks its words are the thinking dots."""
        button = self.hint
        if button is None:
            return
        if shown != bool(button.visible):
            button.show() if shown else button.hide()
        if usable != bool(button.is_enabled):
            button.enable() if usable else button.disable()
        if thinking:
            text = app.tr("ui.hint.thinking", dots="." * (1 + int(app.clock_time / HINT_DOT_SECONDS) % 3))
        else:
            text = app.tr("ui.hint.button")
        if button.text != text:
            button.set_text(text)
