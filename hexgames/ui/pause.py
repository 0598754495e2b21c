"""The pause menu over a game. Not opaque: the board stays visible, dimmed, so players keep their
bearings. Saving and loading happen here through pygame_gui's file dialog."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from hexgames.core import files, saves
from hexgames.ui import draw, hud
from hexgames.ui.scenes import Scene

if TYPE_CHECKING:
    from hexgames.ui.game_scene import GameScene
    from hexgames.ui.shell import Shell

ACTIONS = ("resume", "save", "load", "undo", "review", "rules", "settings", "quit")
LOCAL_ONLY = frozenset({"save", "load", "review"})  # an online game is the server's: its history too
LABELS = {"review": "ui.replay.review"}  # actions whose label lives outside ui.pause


class PauseScene(Scene):
    opaque = False

    def __init__(self, app: "Shell", game: "GameScene"):
        super().__init__(app)
        self.game = game
        self.buttons: dict[Any, str] = {}
        self.dialog: Any = None
        self.dialog_purpose = ""
        self.toasts = hud.ToastStack()
        self.box = pygame.Rect(0, 0, 0, 0)
        self.undo_button: Any = None  # set when disabled: its hover tells why
        self.pointer: tuple[int, int] = (-1, -1)
        self.warned = False  # what leaving does to the others was said (online, hosting)

    def enter(self) -> None:
        from pygame_gui.core import ObjectID
        from pygame_gui.elements import UIButton

        w, h = self.app.screen.get_size()
        bw, bh, gap = 300, 46, 10
        actions = [a for a in ACTIONS if not (self.game.table.online and a in LOCAL_ONLY)]
        total = len(actions) * (bh + gap) - gap
        self.box = pygame.Rect(0, 0, bw + 60, total + 110)
        self.box.center = (w // 2, h // 2)
        y = self.box.y + 80
        self.buttons.clear()
        for action in actions:
            cls = "@primary" if action == "resume" else ("@danger" if action == "quit" else None)
            label = self.app.tr(LABELS.get(action, f"ui.pause.{action}"))
            b = UIButton(pygame.Rect(self.box.x + 30, y, bw, bh), label, self.app.ui, object_id=ObjectID(class_id=cls))
            if action == "undo" and (self.game.undo_reason is not None or self.game.match.human_count == 0):
                b.disable()
                self.undo_button = b
            self.buttons[b] = action
            self.widgets.append(b)
            y += bh + gap

    def exit(self) -> None:
        self._close_dialog()
        super().exit()

    def _close_dialog(self) -> None:
        if self.dialog is not None:
            self.dialog.kill()
            self.dialog = None

    def _open_dialog(self, purpose: str) -> None:
        from pygame_gui.windows import UIFileDialog

        self._close_dialog()
        w, h = self.app.screen.get_size()
        rect = pygame.Rect(0, 0, min(640, w - 40), min(480, h - 40))
        rect.center = (w // 2, h // 2)
        title = self.app.tr("ui.pause.save_title" if purpose == "save" else "ui.menu.load_title")
        start = str(saves.dialog_folder() / ("game.json" if purpose == "save" else ""))
        self.dialog = UIFileDialog(rect, self.app.ui, window_title=title, initial_file_path=start,
                                   allow_existing_files_only=(purpose == "load"))
        self.dialog_purpose = purpose

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.act(self.buttons[event.ui_element])
            return True
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED:
            self.path_picked(event.text)
            return True
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.dialog:
            self.dialog = None
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.dialog is None:
            self.act("resume")
            return True
        return False

    def act(self, action: str) -> None:
        app, game = self.app, self.game
        if action == "resume":
            app.scenes.pop()
        elif action in ("save", "load"):
            self._open_dialog(action)
        elif action == "undo":
            if game.undo_reason is not None:  # refused: say so here, on top, and stay open
                self.toasts.add(game.undo_reason, error=True)
                return
            app.scenes.pop()
            game.undo()
        elif action == "review":  # the game so far, as a spectator sees it
            why = app.open_replay(game.match, len(game.match.moves))
            if why is not None:
                self.toasts.add(why, error=True)
        elif action == "rules":
            from hexgames.ui.rules_help import RulesHelpScene

            app.scenes.push(RulesHelpScene(app, game.info))
        elif action == "settings":
            from hexgames.ui.settings import SettingsScene

            app.scenes.push(SettingsScene(app))
        elif action == "quit":
            warning = game.table.leaving_warning()
            if warning is not None and not self.warned:  # said once: the next choice leaves
                self.warned = True
                self.toasts.add(app.tr_reason(warning), error=True)
                return
            app.open_menu()

    def path_picked(self, path: str) -> None:
        purpose, self.dialog_purpose = self.dialog_purpose, ""
        self.dialog = None
        if purpose == "save":
            try:
                saves.write_save(self.game.match, Path(path))
            except OSError as e:
                self.toasts.add(self.app.tr("ui.pause.save_failed", why=self.app.tr_reason(files.os_error_reason(e))), error=True)
                return
            self.app.scenes.pop()
            self.game.toast(self.app.tr("ui.game.saved"))
        else:
            why = self.app.load_file(path)
            if why is not None:
                self.toasts.add(self.app.tr("ui.menu.load_failed", why=why), error=True)

    def update(self, dt: float) -> None:
        self.toasts.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        draw.dim(surface, 150)
        draw.rounded_panel(surface, self.box, (30, 36, 46, 245), 14, border=(80, 92, 112))
        title = self.app.tr("ui.pause.title")
        draw.text(surface, self.app.font(30, bold=True), title, (self.box.centerx, self.box.y + 42), hud.ACCENT)
        w, h = surface.get_size()
        self.toasts.draw(surface, self.app, pygame.Rect(0, 0, w, h - 20))
        b = self.undo_button
        if b is not None and self.game.undo_reason and self.dialog is None and b.rect.collidepoint(self.pointer):
            beside = pygame.Rect(self.box.right, b.rect.y, 0, b.rect.h)  # off the buttons, right of the box
            hud.hover_tip(surface, self.app, beside, self.game.undo_reason, side="right")
