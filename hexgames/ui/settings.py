"""Player settings and the screen that edits them.

Settings are a small dataclass saved as JSON beside the autosave; a damaged or foreign file gives the
defaults rather than an error (and is set aside with a notice), because a broken settings file must
never keep the app from starting.
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from hexgames.core import files, saves
from hexgames.core.match import clean_name
from hexgames.core.protocol import Reason
from hexgames.ui.anim import SPEEDS
from hexgames.ui.scenes import Scene
from hexgames.ui.ui_scale import px

if TYPE_CHECKING:
    from hexgames.ui.shell import Shell

LANGUAGES = {"en": "English", "ja": "日本語"}
SETTINGS_NAME = "settings.json"
VOLUMES = {"quiet": 0.3, "medium": 0.6, "loud": 1.0}
MAX_ADDRESS = 200  # characters of a remembered server address


@dataclass
class Settings:
    language: str = "en"
    anim_speed: float = 1.0  # multiplier of dt; anim.INSTANT finishes animations at once
    show_targets: bool = True
    volume: float = 0.6  # of the sound effects, 0..1
    muted: bool = False
    window_size: tuple[int, int] | None = None  # the window as the player left it; None: fit the screen
    fullscreen: bool = False
    hints: bool = True  # the Hint button ("What would Hard do?") on a human's turn
    online_name: str = ""  # the name last played online under
    online_address: str = ""  # the server last joined ("192.168.1.5:8765")

    @staticmethod
    def path():
        """Where settings live; reading never creates the data folder (the app must start even
        where it cannot be made: it then runs on the defaults)."""
        return saves.data_location() / SETTINGS_NAME

    @classmethod
    def load(cls) -> "Settings":
        """The saved settings, or the defaults; a damaged file is set aside and the player told once
        (through the app's notices)."""
        loaded = files.load_user_file(cls.path(), cls.from_file, Reason("core.file.settings", "Your settings"))
        return loaded or cls()

    @classmethod
    def from_file(cls, data: Any) -> "Settings":
        if not isinstance(data, dict):
            raise ValueError("settings are a JSON object")
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: Any) -> "Settings":
        """Take each field only when it is valid, so one bad value does not lose the others."""
        out = cls()
        if not isinstance(data, dict):
            return out
        if isinstance(data.get("language"), str) and data["language"] in LANGUAGES:
            out.language = data["language"]
        speed = data.get("anim_speed")
        if isinstance(speed, (int, float)) and not isinstance(speed, bool) and 0 < speed <= max(SPEEDS.values()):
            out.anim_speed = float(speed)
        if isinstance(data.get("show_targets"), bool):
            out.show_targets = data["show_targets"]
        volume = data.get("volume")
        if isinstance(volume, (int, float)) and not isinstance(volume, bool) and 0 <= volume <= 1:
            out.volume = float(volume)
        if isinstance(data.get("muted"), bool):
            out.muted = data["muted"]
        size = data.get("window_size")
        if (isinstance(size, list) and len(size) == 2 and all(type(v) is int and 320 <= v <= 16384 for v in size)):
            out.window_size = (size[0], size[1])
        if isinstance(data.get("fullscreen"), bool):
            out.fullscreen = data["fullscreen"]
        if isinstance(data.get("hints"), bool):
            out.hints = data["hints"]
        if isinstance(data.get("online_name"), str):
            out.online_name = clean_name(data["online_name"])
        if isinstance(data.get("online_address"), str) and len(data["online_address"]) <= MAX_ADDRESS:
            out.online_address = data["online_address"].strip()
        return out

    def save(self) -> None:
        try:
            saves.data_dir()
            files.write_atomic(self.path(), json.dumps(asdict(self), indent=1))
        except OSError:
            pass  # settings are a convenience; failing to store them must not stop play

    @property
    def effective_volume(self) -> float:
        return 0.0 if self.muted else self.volume

    @property
    def volume_name(self) -> str:
        return min(VOLUMES, key=lambda k: abs(VOLUMES[k] - self.volume))

    @property
    def speed_name(self) -> str:
        return min(SPEEDS, key=lambda k: abs(SPEEDS[k] - self.anim_speed))


class SettingsScene(Scene):
    """Language, animation speed, target highlighting, hints and sound; changes apply and save at once."""

    def __init__(self, app: "Shell"):
        super().__init__(app)
        self.lang_buttons: dict[pygame_gui.elements.UIButton, str] = {}
        self.speed_buttons: dict[pygame_gui.elements.UIButton, str] = {}
        self.targets_button: pygame_gui.elements.UIButton | None = None
        self.hints_button: pygame_gui.elements.UIButton | None = None
        self.volume_buttons: dict[pygame_gui.elements.UIButton, str] = {}
        self.sound_button: pygame_gui.elements.UIButton | None = None
        self.back_button: pygame_gui.elements.UIButton | None = None

    def enter(self) -> None:
        from pygame_gui.core import ObjectID
        from pygame_gui.elements import UIButton, UILabel

        app, tr = self.app, self.app.tr
        w, h = app.screen.get_size()
        s = app.scale  # large windows: rows and buttons grow with the type
        col = pygame.Rect(0, 0, min(px(720, s), w - 80), 0)
        col.centerx = w // 2
        y = max(20, h // 2 - px(280, s))
        self.widgets.append(UILabel(pygame.Rect(col.x, y, col.w, px(60, s)), tr("ui.settings.title"), app.ui,
                                    object_id=ObjectID(class_id="@title")))
        y += px(90, s)
        label_w, rh, step = px(260, s), px(44, s), px(64, s)
        bx = col.x + label_w
        self.widgets.append(UILabel(pygame.Rect(col.x, y, label_w - 10, rh), tr("ui.settings.language"), app.ui))
        self.lang_buttons.clear()
        for i, (code, name) in enumerate(LANGUAGES.items()):
            cls = "@selected" if app.settings.language == code else None
            b = UIButton(pygame.Rect(bx + i * px(160, s), y, px(150, s), rh), name, app.ui,
                         object_id=ObjectID(object_id="#lang_button", class_id=cls))
            self.lang_buttons[b] = code
            self.widgets.append(b)
        y += step
        self.widgets.append(UILabel(pygame.Rect(col.x, y, label_w - 10, rh), tr("ui.settings.anim_speed"), app.ui))
        self.speed_buttons.clear()
        current = app.settings.speed_name
        bw = max(px(90, s), (col.w - label_w) // 4 - 8)
        for i, name in enumerate(SPEEDS):
            cls = "@selected" if name == current else None
            b = UIButton(pygame.Rect(bx + i * (bw + 8), y, bw, rh), tr(f"ui.settings.{name}"), app.ui,
                         object_id=ObjectID(class_id=cls))
            self.speed_buttons[b] = name
            self.widgets.append(b)
        y += step
        self.targets_button = self._switch_row(col, y, label_w, "ui.settings.targets", app.settings.show_targets)
        y += step
        self.hints_button = self._switch_row(col, y, label_w, "ui.settings.hints", app.settings.hints)
        y += step
        y = self._sound_rows(col, y, label_w, bw)
        y += px(26, s)
        back = pygame.Rect(col.centerx - px(110, s), y, px(220, s), px(48, s))
        self.back_button = UIButton(back, tr("ui.settings.back"), app.ui,
                                    object_id=ObjectID(class_id="@primary"))
        self.widgets.append(self.back_button)

    def _switch_row(self, col: pygame.Rect, y: int, label_w: int, label_key: str,
                    on: bool) -> pygame_gui.elements.UIButton:
        """A labelled On/Off button (lit when on); returns the button."""
        from pygame_gui.core import ObjectID
        from pygame_gui.elements import UIButton, UILabel

        app, tr, rh = self.app, self.app.tr, px(44, self.app.scale)
        self.widgets.append(UILabel(pygame.Rect(col.x, y, label_w - 10, rh), tr(label_key), app.ui))
        button = UIButton(pygame.Rect(col.x + label_w, y, px(150, app.scale), rh),
                          tr("ui.settings.on" if on else "ui.settings.off"),
                          app.ui, object_id=ObjectID(class_id="@selected" if on else None))
        self.widgets.append(button)
        return button

    def _sound_rows(self, col: pygame.Rect, y: int, label_w: int, bw: int) -> int:
        """Sound on or off, and how loud; returns the y below them."""
        from pygame_gui.core import ObjectID
        from pygame_gui.elements import UIButton, UILabel

        app, tr, bx = self.app, self.app.tr, col.x + label_w
        rh, step = px(44, app.scale), px(64, app.scale)
        on = not app.settings.muted
        self.sound_button = self._switch_row(col, y, label_w, "ui.settings.sound", on)
        y += step
        self.widgets.append(UILabel(pygame.Rect(col.x, y, label_w - 10, rh), tr("ui.settings.volume"), app.ui))
        self.volume_buttons.clear()
        current = app.settings.volume_name
        for i, name in enumerate(VOLUMES):
            b = UIButton(pygame.Rect(bx + i * (bw + 8), y, bw, rh), tr(f"ui.settings.volume_{name}"), app.ui,
                         object_id=ObjectID(class_id="@selected" if name == current else None))
            if not on:
                b.disable()
            self.volume_buttons[b] = name
            self.widgets.append(b)
        return y + step

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.pop()
            return True
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        el, settings = event.ui_element, self.app.settings
        if el is self.back_button:
            self.app.scenes.pop()
        elif el in self.lang_buttons:
            self.app.set_language(self.lang_buttons[el])  # rebuilds every scene, this one included
        elif el in self.speed_buttons:
            settings.anim_speed = SPEEDS[self.speed_buttons[el]]
            settings.save()
            self.rebuild()
        elif el is self.targets_button:
            settings.show_targets = not settings.show_targets
            settings.save()
            self.rebuild()
        elif el is self.hints_button:
            settings.hints = not settings.hints
            settings.save()
            self.rebuild()
        elif el is self.sound_button or el in self.volume_buttons:
            if el is self.sound_button:
                settings.muted = not settings.muted
            else:
                settings.volume = VOLUMES[self.volume_buttons[el]]
            settings.save()
            self.app.sound.play("select")  # hear the new volume
            self.rebuild()
        else:
            return False
        return True

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(self.app.BG)
