"""Every screen's words stay inside their boxes and clear of each other, from 800x600 to 2560x1440, in
English and Japanese (tests/layout.py says how a screen is reached and what is checked).

The whole matrix (every screen, four sizes, two languages: minutes) is marked `layout` and runs with
`pytest -m layout`; the default run checks a few screens at the smallest and the largest size.
"""
from __future__ import annotations

import pytest

from tests import layout

SMOKE = [  # the default run: one of each kind of screen, where text is tightest and loosest
    ((800, 600), "ja", layout.Screen(None, "menu")),
    ((2560, 1440), "en", layout.Screen(None, "menu")),
    ((800, 600), "ja", layout.Screen(None, "settings")),
    ((800, 600), "ja", layout.Screen("ingenious", "setup")),
    ((800, 600), "ja", layout.Screen("clans", "game", layout.MID_GAME)),
    ((800, 600), "en", layout.Screen("dotlines", "game", layout.MID_GAME)),
    ((2560, 1440), "ja", layout.Screen("toradama", "game", layout.MID_GAME)),
    ((1920, 1080), "en", layout.Screen("clans", "game", layout.MID_GAME)),  # panel words of 14 px at least
    ((1920, 1080), "ja", layout.Screen("dotlines", "game", layout.MID_GAME)),
    ((800, 600), "ja", layout.Screen("stickers", "results")),
    ((800, 600), "ja", layout.Screen("toradama", "quickstart")),
    ((2560, 1440), "ja", layout.Screen("stickers", "quickstart")),
]


@pytest.fixture(autouse=True)
def shipped_games_only(monkeypatch):
    """The menu as a player sees it: five cards, not the toy games other tests register (eight cards
    do not fit 800x600, which says nothing of the app)."""
    from hexgames import games

    monkeypatch.setattr(games, "_GAMES", {g.id: g for g in games.shipped()})


def _check(size, language, screen) -> None:
    bad = [f"{where}: {p}" for where, found in layout.checked(screen, size, language) for p in found]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("size,language,screen", SMOKE, ids=lambda v: getattr(v, "name", str(v)))
def test_a_few_screens_keep_their_words_in_place(size, language, screen):
    _check(size, language, screen)


@pytest.mark.layout
@pytest.mark.parametrize("screen", layout.screens(), ids=lambda s: s.name.replace(" ", "-"))
@pytest.mark.parametrize("language", layout.LANGUAGES)
@pytest.mark.parametrize("size", layout.SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_screen_keeps_its_words_in_place(size, language, screen):
    _check(size, language, screen)


def test_the_checker_sees_words_outside_their_box_and_over_each_other():
    """The checks themselves: a string past its layer's edge and two strings on one spot are named."""
    import pygame

    from hexgames.app import App
    from hexgames.ui import draw

    app = App(size=(800, 600), headless=True, language="en")
    try:
        with draw.recording_text() as log:
            start = len(log)
            layer = pygame.Surface((100, 30))
            draw.text(layer, app.font(16), "much too long for it", (5, 15), anchor="midleft")
            draw.text(app.screen, app.font(16), "first", (200, 200))
            draw.text(app.screen, app.font(16), "second", (204, 202))
            found = layout.problems(app, log, start)
        assert any("'much too long for it' leaves its 100x30 layer" in p for p in found), found
        assert any("'first' overlaps 'second'" in p for p in found), found
    finally:
        app.shutdown()
