"""The hot-seat privacy screen: stands between human turns so one player's secrets never show to
the next. The board below is drawn with no viewer (the GameScene clears it before pushing this)."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from hexgames.ui import draw, hud
from hexgames.ui.scenes import Scene

if TYPE_CHECKING:
    from hexgames.ui.game_scene import GameScene
    from hexgames.ui.shell import Shell


class HandoverScene(Scene):
    opaque = False

    def __init__(self, app: "Shell", game: "GameScene", seat: int):
        super().__init__(app)
        self.game = game
        self.seat = seat
        self.button = None

    @property
    def name(self) -> str:
        return self.game.seat_name(self.seat)

    def enter(self) -> None:
        from pygame_gui.core import ObjectID
        from pygame_gui.elements import UIButton

        w, h = self.app.screen.get_size()
        bw = min(520, w - 80)
        self.button = UIButton(pygame.Rect((w - bw) // 2, h // 2 + 40, bw, 56),
                               self.app.tr("ui.handover.ready", name=self.name), self.app.ui,
                               object_id=ObjectID(class_id="@primary"))
        self.widgets.append(self.button)

    def dismiss(self) -> None:
        self.game.handover_done(self.seat)
        self.app.scenes.pop()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.button:
            self.dismiss()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.dismiss()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.game.open_pause()
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN)

    def draw(self, surface: pygame.Surface) -> None:
        draw.dim(surface, 235)
        w, h = surface.get_size()
        app = self.app
        self.game.draw_seat_chip(surface, self.seat, (w / 2, h / 2 - 150), 22)  # its shape too, not only its hue
        title = app.tr("ui.handover.title", name=self.name)
        draw.text(surface, draw.fit_text(app.font, title, w - 80, 44, 18, bold=True), title, (w / 2, h / 2 - 90),
                  hud.ACCENT)
        font = app.font(20)
        for i, line in enumerate(draw.wrap(font, app.tr("ui.handover.body", name=self.name), min(760, w - 80))):
            draw.text(surface, font, line, (w / 2, h / 2 - 30 + 30 * i), hud.TEXT)
        draw.text(surface, app.font(16), app.tr("ui.handover.hint"), (w / 2, h / 2 + 124), hud.MUTED)
