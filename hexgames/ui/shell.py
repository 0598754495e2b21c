"""What the screens need of the app, as three small protocols: a screen module names the one it
uses in its type hints instead of the whole `hexgames.app.App`, so the UI never depends on the app
above it (an import-linter contract holds it to that) and a reader sees what a part really reaches.

- `Words`: the player's language: a key's text, a rules' reason, a list in running text.
- `Drawing`: what drawing needs besides: fonts, the background, the settings, the app's clock.
- `Shell`: what a scene needs to be a screen: the window and its widget manager, the scene stack,
  sound, the AI worker, the notices over every screen, stepping frames (tests, the tutorial's
  autoplay), and the ways to another screen (the menu, a match, a save, a replay, a language).

`App` has all of them (tests/ui/test_shell_protocols.py holds it to that). Type hints only: nothing
here runs.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, ContextManager, Protocol

if TYPE_CHECKING:
    import os

    import pygame
    import pygame_gui

    from hexgames.core.match import Match
    from hexgames.ui.hud import ToastStack
    from hexgames.ui.scenes import SceneManager
    from hexgames.ui.settings import Settings
    from hexgames.ui.sound import Sounds


class Words(Protocol):
    """Text in the player's language."""

    def tr(self, key: str, default: str | None = None, **params: Any) -> str: ...

    def tr_reason(self, reason: Any) -> str: ...

    def join(self, items: "list[str] | tuple[str, ...]") -> str: ...


class Drawing(Words, Protocol):
    """What a drawing reads of the app besides words."""
    BG: tuple[int, int, int]
    settings: "Settings"
    clock_time: float  # seconds of app time: idle animations (thinking dots, pulses)

    def font(self, size: int, bold: bool = False) -> "pygame.font.Font": ...

    def passing_fonts(self) -> ContextManager[None]: ...


class Shell(Drawing, Protocol):
    """What a scene reaches of the app: its window, widgets, stack, sound and worker, and the ways
    to another screen."""
    screen: "pygame.Surface"
    ui: "pygame_gui.UIManager"
    scale: float  # `ui_scale.ui_scale` of the window: the widget screens' rows and type grow by it
    scenes: "SceneManager"
    sound: "Sounds"
    notices: "ToastStack"

    @property
    def worker(self) -> Any: ...

    def step(self, dt: float) -> None: ...

    def step_until(self, condition: Callable[[], bool], max_frames: int = 3000) -> bool: ...

    def preload_text_fonts(self) -> None: ...

    def open_menu(self) -> None: ...

    def start_match(self, match: "Match") -> None: ...

    def load_file(self, path: "str | os.PathLike[str]") -> str | None: ...

    def open_replay(self, match: "Match", step: int = 0) -> str | None: ...

    def set_language(self, lang: str) -> None: ...

    def quit(self) -> None: ...

    def close_on_exit(self, thing: Any) -> Any: ...

    def close_now(self, thing: Any) -> None: ...
