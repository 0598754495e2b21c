"""Hints in a game scene ("What would Hard do?": the Hint button in the top bar, or the key H).

The Hard agent thinks on the worker from the seat's `observe`d view only (the table asks it); the
answer arrives in the scene's `show_hint(move)`, which games override to preview the move as they
preview a human's (default here: the move in words, as a toast). The move on show is the table's
`hint_move`; any move, undo, new hint or change of hands forgets it, and its words with it, since
toasts draw above the hand-over screen and a hint may tell a secret choice.

The scene's `hints_offered` and `request_hint` are hooks (the tutorial turns hints off): this part
asks the scene for them, never itself.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hexgames.ui.game_scene import GameScene


class HintControl:
    """Asking for a hint, cancelling it, showing it in words and forgetting it; the Hint button."""

    def __init__(self, scene: "GameScene"):
        self.scene = scene
        self.toast: Any = None  # the hint in words, when the game shows it so (`show_in_words`)

    @property
    def offered(self) -> bool:
        """The Hint button shows: hints are on, the table allows them, and it is a human's turn,
        shown to that human."""
        table = self.scene.table
        return bool(self.scene.app.settings.hints) and table.can_act and table.hint_refusal() is None

    def request(self) -> bool:
        """H or the Hint button: Hard thinks on the worker for the seat to move, from that seat's
        view only; asked again while it thinks, the hint is cancelled. At a table that allows no
        hints (online, with other humans), the reason is said instead."""
        scene = self.scene
        if scene.hint_thinking:
            scene.cancel_hint()
            return True
        refusal = scene.table.hint_refusal()
        if refusal is not None and scene.app.settings.hints and scene.can_act:
            scene.toast(scene.app.tr_reason(refusal), error=True)
            return True
        if not (scene.hints_offered and scene.can_act):
            return False
        self.forget()
        asked = scene.table.request_hint()
        self.sync_button()
        return asked

    def cancel(self) -> None:
        """Stop the hint being thought about (the search stops early; a late answer is dropped)."""
        self.scene.table.cancel_hint()
        self.sync_button()

    def offer(self, move: Any) -> None:
        """Show `move` (legal for the seat to move) as the hint."""
        self.scene.table.hint_move = move
        self.scene.show_hint(move)

    def words(self, move: Any) -> str:
        """The hinted move in words, as the seat to move may know it."""
        scene = self.scene
        seat = scene.match.to_move
        view = scene.rules.observe(scene.match.state, seat)
        return scene.app.tr("ui.hint.says", move=scene.app.tr_reason(scene.rules.describe(view, move, seat)))

    def show_in_words(self, move: Any) -> None:
        """The default preview of a hint: the move in words, as a toast."""
        self.toast = self.scene.toasts.add(self.words(move))

    def forget(self) -> None:
        """The hint is over (a move, undo, a new hint, the device changing hands): its words go too."""
        self.scene.table.hint_move = None
        if self.toast is not None:
            toasts = self.scene.toasts
            toasts.toasts = [t for t in toasts.toasts if t is not self.toast]
            self.toast = None

    def sync_button(self) -> None:
        """The Hint button follows: shown while offered or thinking, on top only, usable when the
        player may act."""
        scene = self.scene
        if scene.frame_buttons.hint is None:
            return
        thinking = scene.hint_thinking
        shown = (thinking or scene.hints_offered) and scene.app.scenes.top is scene
        scene.frame_buttons.show_hint_state(scene.app, shown, thinking or scene.can_act, thinking)
