"""The window: it opens at a size that fits the screen, remembers its size, toggles fullscreen with
F11, and every screen of every game still shows everything at the smallest size, 800x600."""
from __future__ import annotations

import pygame
import pytest

from hexgames import games
from hexgames.core.match import Match, Seat
from hexgames.ui.settings import Settings
from hexgames.ui.window import MIN_SIZE, window_size
from tests.drive import key, make_app, step

BUILTIN = [g for g in games.registered() if type(g.rules).__module__.startswith("hexgames.games.")]


def test_the_window_fits_the_screen_it_opens_on():
    assert window_size(None, (1920, 1080)) == (1280, 800)
    assert window_size(None, (1366, 768)) == (1280, 688)  # the old 1280x800 sat off a 1366x768 screen
    assert window_size((1000, 700), (1920, 1080)) == (1000, 700)  # as the player left it
    assert window_size((2500, 1400), (1920, 1080)) == (1860, 1000)
    assert window_size(None, (640, 480)) == MIN_SIZE  # never below what the layouts are made for
    assert window_size(None, None) == (1280, 800)


def test_settings_keep_the_window_size_and_fullscreen():
    s = Settings(window_size=(1100, 700), fullscreen=True)
    s.save()
    assert Settings.load() == s
    assert Settings.from_dict({"window_size": [10, "x"], "fullscreen": "yes"}) == Settings()


def test_f11_toggles_fullscreen_and_remembers_it():
    app = make_app()
    key(app, pygame.K_F11)
    assert app.settings.fullscreen and Settings.load().fullscreen
    key(app, pygame.K_F11)
    assert not app.settings.fullscreen and not Settings.load().fullscreen
    app.shutdown()


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("info", BUILTIN, ids=lambda g: g.id)
def test_every_game_shows_all_its_controls_at_800x600(info, language):
    app = make_app(language)
    app.resize((800, 600))
    assert app.screen.get_size() == (800, 600)
    seats = [Seat("human", None, "Ann")] + [Seat("ai", "easy", f"CPU {i}") for i in range(1, max(2, info.min_seats))]
    app.start_match(Match(info, seats, None, 3))
    step(app, 3)
    game = app.scenes.top
    screen = app.screen.get_rect()
    for rect in (game.top_rect, game.board_rect, game.panel_rect, game.bottom_rect):
        assert rect.w > 100 and rect.h > 40 and screen.contains(rect)
    shown = [w for w in game.widgets if w.visible]
    assert shown
    for i, w in enumerate(shown):
        assert screen.contains(w.rect), f"{w} leaves the window"
        assert not any(w.rect.colliderect(o.rect) for o in shown[i + 1:]), f"{w} overlaps another control"
    app.shutdown()
