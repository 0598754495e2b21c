"""The online screens' words, driven as a player would: the fields say what to type while empty, the
host sees whether the table is listed and copies the invitation with one click, each seat of a game
says in words and a shape whether its player is here, and while the other player moves the top bar
says who the table waits for, not their instructions."""
from __future__ import annotations

import random

import pygame
import pytest

from hexgames import games
from hexgames.core.match import Seat
from hexgames.ui import frame_view, lobby_view, online_game
from hexgames.ui.online import OnlineScene
from hexgames.ui.presence import COMPUTER, ONLINE
from tests.drive import make_app, post, step
from tests.ui.conftest import click, key
from tests.ui.test_online_game import frames_until, guest_moves_last, online, play_by_gestures, server  # noqa: F401
from tests.net.netplay import random_move

pytestmark = pytest.mark.netplay


def test_an_empty_field_shows_its_hint_dimmed_and_typed_text_in_the_field_s_own_colour():
    app = make_app("ja")
    try:
        app.settings.online_name = ""
        app.scenes.push(OnlineScene(app))
        step(app, 2)
        scene = app.scenes.top
        for entry, key_ in ((scene.name_entry, "name_hint"), (scene.address_entry, "address_hint"),
                            (scene.code_entry, "code_hint")):
            assert entry.get_text() == "" and entry.placeholder_text == app.tr(f"ui.fields.{key_}")
            assert entry.text_colour == entry.disabled_text_colour, "the hint reads as a hint, not as typed text"
        entry = scene.name_entry
        click(app, entry)
        post(pygame.TEXTINPUT, text="Ann")
        step(app, 3)
        assert entry.get_text() == "Ann" and entry.text_colour != entry.disabled_text_colour
        key(app, pygame.K_BACKSPACE)
        key(app, pygame.K_BACKSPACE)
        key(app, pygame.K_BACKSPACE)
        key(app, pygame.K_RETURN)
        step(app, 2)
        assert entry.get_text() == "" and entry.text_colour == entry.disabled_text_colour
    finally:
        app.shutdown()


def _colour_pixels(surface: pygame.Surface, rect: pygame.Rect, colour) -> int:
    return sum(1 for x in range(rect.left, rect.right) for y in range(rect.top, rect.top + lobby_view.CHIP_H)
               if surface.get_at((x, y))[:3] == colour)


def _host_lobby(app, listed: bool):
    """Ann hosts a two-seat Clans table from this app, listed in the server's list or by code only."""
    from hexgames.net.session import host_session
    from hexgames.ui.lobby import LobbyScene

    host = app.close_on_exit(host_session("Ann", port=0, ai_in_process=False))
    host.client.create("clans", ["human", "human"], name="Ann", options={}, listed=listed)
    app.scenes.push(LobbyScene(app, host))
    assert app.step_until(lambda: host.table is not None and host.seat is not None, 3600)
    step(app, 2)
    return app.scenes.top


@pytest.mark.parametrize("listed", [True, False])
def test_the_host_sees_whether_the_table_is_listed_and_copies_the_invitation(listed, monkeypatch):
    app = make_app("en")
    try:
        lobby = _host_lobby(app, listed)
        table = lobby.table
        assert table["listed"] is listed
        share = lobby.rects["share"]
        edge = ONLINE if listed else COMPUTER
        assert _colour_pixels(app.screen, share, edge) > 40, "the chip's edge, in the listing's colour"
        drawn: list[str] = []
        real = lobby_view.draw.text
        monkeypatch.setattr(lobby_view.draw, "text", lambda s, f, content, *a, **k: drawn.append(content) or real(s, f, content, *a, **k))
        step(app)
        monkeypatch.setattr(lobby_view.draw, "text", real)
        assert ("Listed publicly" if listed else "By code only") in drawn
        assert app.tr("ui.share.listed" if listed else "ui.share.unlisted") in drawn
        click(app, lobby.copy_button)
        copied = pygame.scrap.get_text()
        assert table["code"] in copied and lobby.session.share in copied and "Clans" in copied
        assert any(app.tr("ui.share.copied", what=copied) == t.text for t in lobby.messages.toasts)
    finally:
        app.shutdown()


def test_a_guest_s_copy_is_the_code():
    from hexgames.ui.screenshot_online import show_lobby

    app = make_app("ja")
    try:
        show_lobby(app, games.get("clans"), [Seat("human", None, "Ann"), Seat("human", None, "Bob")], {}, guest=True)
        lobby = app.scenes.top
        step(app, 2)
        click(app, lobby.copy_button)
        assert pygame.scrap.get_text() == lobby.table["code"]
    finally:
        app.shutdown()


def test_each_seat_of_the_status_row_says_here_in_words_and_the_top_bar_waits_for_the_other(online, monkeypatch):
    app, scene, guest = online
    drawn: list[tuple[str, tuple[float, float]]] = []
    real = online_game.draw.text

    def spy(surface, font, content, pos, *a, **k):
        drawn.append((content, pos))
        return real(surface, font, content, pos, *a, **k)

    monkeypatch.setattr(online_game.draw, "text", spy)
    step(app)
    row = scene.online.rect(scene)
    words = [t for t, (x, y) in drawn if row.top <= y <= row.bottom]
    assert words.count("here") == 2, words  # both players, in words as well as a dot
    rng = random.Random(5)
    banners: list[str] = []
    monkeypatch.setattr(online_game.draw, "text", real)
    original = frame_view.draw_top_bar

    def bar(surface, app_, frame, shown, slots):
        banners.append(shown.banner)
        return original(surface, app_, frame, shown, slots)

    monkeypatch.setattr(frame_view, "draw_top_bar", bar)
    assert frames_until(app, [guest], lambda: scene.can_act or guest.can_act)
    if scene.can_act:  # this screen's player moves first, by clicks
        play_by_gestures(app, scene, random_move(scene.table, rng))
    assert frames_until(app, [guest], lambda: guest.can_act and not scene.is_animating())
    banners.clear()
    step(app)
    other = scene.seat_name(guest.seat)
    assert banners[-1] == f"Waiting for {other}", banners[-1]
    guest_moves_last(app, scene, guest, rng)
    assert frames_until(app, [guest], lambda: scene.can_act and not scene.is_animating())
    banners.clear()
    step(app)
    assert not banners[-1].startswith("Waiting"), "this player's own turn says what to do"
