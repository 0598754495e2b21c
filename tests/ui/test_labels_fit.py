"""Every label of every pygame_gui button on the shared screens (and on each game's screen, in its
tutorial) fits its button, in English and Japanese, at the smallest window (800x600): shrunk where it
must be (`ui/widget_text.py`), never cut short and never running past the button's edges."""
from __future__ import annotations

import pytest

from hexgames import games
from hexgames.ui.widget_text import LABEL_PAD, labelled
from tests.drive import make_app, step

SIZE = (800, 600)
GAMES = ("ingenious", "clans", "toradama", "dotlines", "stickers")


def _menu(app) -> None:
    pass


def _setup(game: str):
    def show(app) -> None:
        from hexgames.ui.setup_screen import SetupScene

        app.scenes.push(SetupScene(app, games.get(game)))
    return show


def _host_setup(app) -> None:
    from hexgames.ui.online import OnlineScene
    from hexgames.ui.setup_screen import SetupScene

    online = OnlineScene(app)
    app.scenes.push(online)
    app.scenes.push(SetupScene(app, games.get("clans"), online=online))


def _settings(app) -> None:
    from hexgames.ui.settings import SettingsScene

    app.scenes.push(SettingsScene(app))


def _pause(app) -> None:
    from hexgames.core.match import Seat
    from hexgames.games import new_match
    from hexgames.ui.pause import PauseScene

    match = new_match("toradama", [Seat("human", None, "Ann"), Seat("ai", "easy", "CPU")], {}, 3)
    app.start_match(match)
    app.scenes.top.auto_play = False
    app.scenes.push(PauseScene(app, app.scenes.top))


def _online(app) -> None:
    from hexgames.ui.screenshot_online import show_your_tables

    show_your_tables(app, games.get("stickers"), 7)


def _lobby(guest: bool):
    def show(app) -> None:
        from hexgames.core.match import Seat
        from hexgames.ui.screenshot_online import show_lobby

        seats = [Seat("human", None, "Ann"), Seat("human", None, "Bob"), Seat("ai", "medium", "CPU")]
        show_lobby(app, games.get("clans"), seats, {}, guest)
    return show


def _tutorial(game: str):
    def show(app) -> None:
        from hexgames.ui.tutorial import start_tutorial

        assert start_tutorial(app, game) is None
    return show


def _online_game(app) -> None:
    from hexgames.core.match import Seat
    from hexgames.ui.screenshot_online import show_online_game

    show_online_game(app, games.get("dotlines"), 5, 2, [Seat("human", None, "Ann"), Seat("human", None, "Bob")])


SCREENS = {"menu": _menu, "settings": _settings, "pause": _pause, "online": _online,
           "online_host_setup": _host_setup, "lobby_host": _lobby(False), "lobby_guest": _lobby(True),
           "online_game": _online_game,
           **{f"setup_{g}": _setup(g) for g in GAMES}, **{f"tutorial_{g}": _tutorial(g) for g in GAMES}}


def overflowing(app) -> list[str]:
    """The visible buttons whose label runs past their edges, or was cut short, in words."""
    bad = []
    for el in app.ui.get_sprite_group().sprites():
        if not labelled(el) or not el.visible or not el.text.strip():
            continue
        width = el.font.size(el.text)[0]
        if el in app.ui.cut:
            bad.append(f"{app.ui.cut[el]!r} was cut to {el.text!r}")
        elif width > el.rect.w - 2 * LABEL_PAD:
            bad.append(f"{el.text!r} is {width} px in a {el.rect.w} px button")
    return bad


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("screen", list(SCREENS))
def test_every_button_label_fits_its_button_at_800x600(screen, language):
    app = make_app(language)
    try:
        app.resize(SIZE)
        SCREENS[screen](app)
        step(app, 3)
        assert app.screen.get_size() == SIZE
        assert not overflowing(app), f"{screen} ({language}): {overflowing(app)}"
    finally:
        app.shutdown()
