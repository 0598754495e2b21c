"""The move log in a game scene (`ui.move_log`: the Log button in the top bar's rightmost slot, or the
key L): whether it shows, where (over the side panel's tallest stretch free of the game's own buttons,
so the board stays in full view and those buttons usable), and the mouse over it, which scrolls it
and goes no further (the panel beneath is hidden).

The moves are worded by the rules' `describe` for the scene's current viewer; a change of hands
scrolls it back to the newest move.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from hexgames.ui.move_log import MoveLog

if TYPE_CHECKING:
    from hexgames.ui.game_scene import GameScene

MOUSE_OVER = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)
WHEEL_LINES = 3


class LogPanel:
    """The move log of a game scene, open or closed."""

    def __init__(self, scene: "GameScene"):
        self.scene = scene
        self.open = False
        self.log = MoveLog(scene.app, scene.match, lambda: scene.viewer, scene.seat_name, scene.draw_seat_chip)

    def rect(self) -> pygame.Rect:
        """Where the log shows now (the game's buttons in the side panel move with its state)."""
        scene = self.scene
        return scene.frame.log_rect(w.rect for w in scene.widgets if not scene.frame_buttons.owns(w))

    def toggle(self) -> None:
        self.open = not self.open
        self.log.scroll = 0
        self.sync_button()

    def sync_button(self) -> None:
        """The Log button looks pressed while the log shows."""
        self.scene.frame_buttons.show_log_open(self.open)

    def takes(self, event: pygame.event.Event) -> bool:
        """Mouse input over the open log scrolls it and goes no further."""
        if not self.open:
            return False
        pos = getattr(event, "pos", self.scene.pointer)  # wheel events carry no position: the pointer's
        if not self.rect().collidepoint(pos):
            return False
        if event.type == pygame.MOUSEWHEEL:
            self.log.scroll_by(WHEEL_LINES * event.y)
            return True
        return event.type in MOUSE_OVER

    def draw(self, surface: pygame.Surface) -> None:
        self.log.draw(surface, self.rect(), self.scene.app.tr("ui.log.title"))
