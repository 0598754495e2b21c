"""The menu as a player meets it: a card per game with a picture of its board, who can play, and the
best solo score, laid out to fit from 800x600 up, and each card opening its game's setup."""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from hexgames import games
from hexgames.core import highscores
from hexgames.ui import hud, thumbnails
from hexgames.ui.game_cards import best_solo, card_facts, card_rects
from hexgames.ui.menu import MenuScene
from hexgames.ui.setup_screen import SetupScene
from tests.ui.conftest import click

BUILTIN = [g for g in games.registered() if type(g.rules).__module__.startswith("hexgames.games.")]


@pytest.mark.parametrize("info", BUILTIN, ids=lambda g: g.id)
def test_every_game_draws_a_picture_of_its_board(app, info):
    image = thumbnails.board_picture(app, info, (180, 130))
    assert image is not None and image.get_size() == (180, 130)
    colours = {image.get_at((x, y))[:3] for x in range(0, 180, 9) for y in range(0, 130, 9)}
    assert len(colours) > 12, "a board, not a blank box"


@pytest.fixture
def five_games(monkeypatch):
    """Exactly the five games of the finished app (copies stand in for those not written yet; toy
    games other tests registered are left out)."""
    five = BUILTIN + [replace(BUILTIN[i % len(BUILTIN)], id=f"menu_copy_{i}") for i in range(5 - len(BUILTIN))]
    monkeypatch.setattr(games, "_GAMES", {info.id: info for info in five[:5]})


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "ja"])
def test_cards_and_buttons_fit_the_window_without_overlapping(five_games, size, language):
    from tests.drive import make_app

    app = make_app(language)
    app.resize(size)
    menu = app.scenes.top
    assert isinstance(menu, MenuScene)
    screen = app.screen.get_rect()
    rects = [b.rect for b in list(menu.game_buttons) + list(menu.actions)]
    assert len(menu.game_buttons) >= 5
    for i, r in enumerate(rects):
        assert screen.contains(r), f"{r} leaves the {size} window"
        assert r.h >= 44
        assert all(not r.colliderect(o) for o in rects[i + 1:])
    app.shutdown()


def test_card_rects_use_two_columns_only_when_cards_stay_wide():
    assert len({r.x for r in card_rects(pygame.Rect(0, 0, 500, 600), 5)}) == 1
    wide = card_rects(pygame.Rect(0, 0, 900, 600), 5)
    assert len({r.x for r in wide}) == 2 and all(r.w >= 340 for r in wide)


def test_a_card_says_who_can_play_and_how(app):
    ingenious = games.get("ingenious")
    assert card_facts(app, ingenious) == ["1–4 players", "Standard, Teams 2 v 2, Solo score attack"]
    assert card_facts(app, games.get("clans")) == ["2–4 players"]  # one mode: none listed
    app.set_language("ja")
    assert "、" in card_facts(app, ingenious)[1] and ", " not in card_facts(app, ingenious)[1]


def test_the_best_solo_score_shows_once_there_is_one(app):
    ingenious = games.get("ingenious")
    assert best_solo(app, ingenious) == ""
    highscores.record("ingenious/rack", [9, 10, 12, 12, 14, 18], seed=3)
    highscores.record("ingenious/solitaire", [11, 11, 12, 12, 14, 15], seed=4)
    assert best_solo(app, ingenious) == "Best solo: 11 · 11 · 12 · 12 · 14 · 15"


def test_clicking_a_card_anywhere_but_its_learn_buttons_opens_its_setup(app):
    menu = app.scenes.top
    card = menu.button_for("clans")
    from tests.drive import click_at

    click_at(app, (card.rect.x + 12, card.rect.bottom - 12))  # its picture: the learn buttons are elsewhere
    assert isinstance(app.scenes.top, SetupScene) and app.scenes.top.info.id == "clans"


def test_the_setup_offers_a_choice_of_mode_only_where_there_is_one(app):
    setup = SetupScene(app, games.get("clans"))
    app.scenes.push(setup)
    assert setup.control_for("mode") is None  # one way to play: no dropdown
    app.scenes.pop()
    setup = SetupScene(app, games.get("ingenious"))
    app.scenes.push(setup)
    assert setup.control_for("mode") is not None


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_each_card_has_a_play_button_that_opens_its_setup(five_games, size):
    from tests.drive import make_app

    app = make_app("en")
    try:
        app.resize(size)
        menu = app.scenes.top
        for card, info in menu.game_buttons.items():
            play, how, learn = (menu.learn_button(info.id, a) for a in ("play", "how", "learn"))
            assert play is not None and play.text == "Play"
            assert card.rect.contains(play.rect) and not play.rect.colliderect(how.rect.union(learn.rect))
        target = next(info for info in menu.game_buttons.values() if info.id == "dotlines")
        click(app, menu.learn_button("dotlines", "play"))
        assert isinstance(app.scenes.top, SetupScene) and app.scenes.top.info is target
    finally:
        app.shutdown()


def test_the_keyboard_rings_a_card_with_arrows_and_tab_and_enter_plays_it(five_games):
    from tests.drive import key, make_app

    app = make_app("en")
    try:
        app.resize((1280, 800))  # two columns of cards
        menu = app.scenes.top
        ids = [info.id for _, info, _ in menu.cards]
        ring = menu.cards[2][0].inflate(10, 10)
        edge = (ring.centerx, ring.y + 1)  # the ring is drawn in the gap around the card
        assert app.screen.get_at(edge)[:3] != hud.ACCENT
        key(app, pygame.K_RETURN)
        assert app.scenes.top is menu, "Enter plays nothing before a card is ringed"
        key(app, pygame.K_TAB)
        assert menu.focus == 0
        key(app, pygame.K_DOWN)  # the card below: two columns on
        assert menu.focus == 2
        key(app, pygame.K_RIGHT)
        assert menu.focus == 3
        key(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)
        assert menu.focus == 2
        assert app.screen.get_at(edge)[:3] == hud.ACCENT, "the ringed card shows it"
        key(app, pygame.K_RETURN)
        assert isinstance(app.scenes.top, SetupScene) and app.scenes.top.info.id == ids[2]
    finally:
        app.shutdown()
