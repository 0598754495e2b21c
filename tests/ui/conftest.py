"""Fixtures for driving the real app headless with posted pygame events."""
from __future__ import annotations

import time
from typing import Callable

import pygame
import pytest

from tests.ui import toygame


@pytest.fixture(autouse=True)
def _leave_no_trace():
    """Other areas' tests loop over `games.all()` and read i18n in English: after each UI test the
    toy games leave the registry and the language is English again."""
    yield
    import i18n

    from hexgames import games

    for game_id in (toygame.GAME.id, toygame.OPEN_GAME.id):
        games._GAMES.pop(game_id, None)  # the registry has no public unregister
    i18n.set("locale", "en")


@pytest.fixture
def app():
    toygame.register()
    from hexgames.app import App

    application = App(headless=True, language="en")
    application.step(1 / 60)
    yield application
    application.shutdown()


def step(app, frames: int = 1) -> None:
    for _ in range(frames):
        app.step(1 / 60)


def step_until(app, condition: Callable[[], bool], max_frames: int = 3000) -> bool:
    """Step frames until `condition` holds; the AI may run in a thread, so real time passes too."""
    for _ in range(max_frames):
        if condition():
            return True
        app.step(1 / 60)
        time.sleep(0.001)
    return condition()


def click_at(app, pos, button: int = 1, frames: int = 3) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    step(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    step(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    step(app, frames)


def click(app, widget, frames: int = 5) -> None:
    """Click a pygame_gui widget the way a player does: move there, press, release."""
    assert widget is not None and widget.visible, "the widget to click must be on screen"
    click_at(app, widget.rect.center, frames=frames)


def key(app, k: int, mod: int = 0, unicode: str = "", frames: int = 2) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode=unicode, scancode=0))
    step(app, frames)


def visible_texts(app) -> list[str]:
    """The texts of every visible pygame_gui widget (buttons, labels)."""
    out = []
    for el in app.ui.get_sprite_group().sprites():
        text = getattr(el, "text", None)
        if isinstance(text, str) and getattr(el, "visible", True):
            out.append(text)
    return out
