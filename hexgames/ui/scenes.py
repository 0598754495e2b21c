"""Scenes and the stack that holds them.

The app loop is `handle(event)` for each event, `update(dt)`, `draw(surface)` on the top scene, at 60
FPS; animations advance by dt and nothing ever sleeps. A scene that is not `opaque` (a pause menu, a
hand-over screen) lets the scene below draw first, so overlays need no copy of what they cover.
pygame_gui widgets belong to the scene that made them: built in `enter`, killed in `exit`, hidden in
`pause` and shown again in `resume`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from hexgames.ui.shell import Shell


class Scene:
    opaque: bool = True

    def __init__(self, app: "Shell"):
        self.app = app
        self.widgets: list[Any] = []  # pygame_gui elements this scene owns

    # lifecycle -----------------------------------------------------------------------------------
    def enter(self) -> None:
        """Became the top scene for the first time: build widgets."""

    def exit(self) -> None:
        """Left the stack for good: kill widgets, cancel work."""
        for w in self.widgets:
            w.kill()
        self.widgets.clear()

    def pause(self) -> None:
        """Another scene was pushed on top."""
        for w in self.widgets:
            w.hide()

    def resume(self) -> None:
        """The scene on top was popped; this one is on top again."""
        for w in self.widgets:
            w.show()

    def on_resize(self, size: tuple[int, int]) -> None:
        """The window changed size: lay out again (default: rebuild widgets)."""
        self.rebuild()

    def rebuild(self) -> None:
        """Build the widgets again (a choice changed what the screen shows)."""
        self.exit()
        self.enter()

    # frame -------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """Return True when the event was used (it then goes no further)."""
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def draw_top(self, surface: pygame.Surface) -> None:
        """Drawn after every scene of the stack, even under an overlay: messages that must be seen
        whatever covers the scene (a game's toasts answer actions taken from its pause menu)."""


class SceneManager:
    def __init__(self) -> None:
        self.stack: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        if self.top is not None:
            self.top.pause()
        self.stack.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.stack:
            return None
        scene = self.stack.pop()
        scene.exit()
        if self.top is not None:
            self.top.resume()
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for another (no resume of the one below in between)."""
        if self.stack:
            self.stack.pop().exit()
        self.stack.append(scene)
        scene.enter()

    def reset(self, scene: Scene) -> None:
        """Clear the whole stack and start again from `scene` (e.g. back to the menu)."""
        while self.stack:
            self.stack.pop().exit()
        self.push(scene)

    def handle(self, event: pygame.event.Event) -> bool:
        return self.top.handle(event) if self.top else False

    def update(self, dt: float) -> None:
        if self.top:
            self.top.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw from the highest opaque scene upwards, so overlays show what lies beneath."""
        start = 0
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i].opaque:
                start = i
                break
        for scene in self.stack[start:]:
            scene.draw(surface)
        for scene in self.stack:
            scene.draw_top(surface)

    def resize(self, size: tuple[int, int]) -> None:
        for scene in self.stack:
            scene.on_resize(size)
            if scene is not self.top:
                scene.pause()
