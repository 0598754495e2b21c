"""Fixtures for driving the real app headless with posted pygame events."""
from __future__ import annotations

import pytest

from tests.drive import click_at, key, make_app, move_to, step, step_until  # noqa: F401 - used by the UI tests
from tests.ui import toygame


@pytest.fixture(autouse=True)
def _leave_no_trace():
    """Other areas' tests loop over `games.registered()` and read i18n in English: after each UI test the
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
    application = make_app("en")
    yield application
    application.shutdown()


def click(app, widget, frames: int = 5) -> None:
    """Click a pygame_gui widget the way a player does: move there, press, release."""
    assert widget is not None and widget.visible, "the widget to click must be on screen"
    click_at(app, widget.rect.center, frames=frames)


def choose(app, dropdown, text: str) -> None:
    """Open a drop-down and click the option showing `text`."""
    import pygame_gui

    click(app, dropdown)
    option = next(el for el in app.ui.get_sprite_group().sprites()
                  if isinstance(el, pygame_gui.elements.UIButton) and el.text == text and el.visible
                  and el.rect.top > dropdown.rect.top)
    click(app, option)


def visible_texts(app) -> list[str]:
    """The texts of every visible pygame_gui widget (buttons, labels)."""
    out = []
    for el in app.ui.get_sprite_group().sprites():
        text = getattr(el, "text", None)
        if isinstance(text, str) and getattr(el, "visible", True):
            out.append(text)
    return out
