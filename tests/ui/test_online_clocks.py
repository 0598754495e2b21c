"""An online table's own settings in the app, driven headless by posted events against real servers on
127.0.0.1: the host chooses the clock, what a seat out of time does and hints in the Host form; every
seated player sees them in the lobby before the start; the status row draws each seat's time (the
running one filled, low time marked by shape and digits as well as colour) and counts it down
between the server's frames; hints are refused in words at a table of two humans unless it allows
them, and work alone against the computer as before."""
from __future__ import annotations

import random
import time

import pygame
import pytest

from hexgames.net.remote_table import RemoteTable
from hexgames.net.session import join_session
from hexgames.ui import hud
from hexgames.ui.lobby import LobbyScene, table_settings_line
from hexgames.ui.online_game import OFFLINE, OnlineStatus, open_online_game
from hexgames.ui.setup_screen import SetupScene
from hexgames.ui.table_rules import clock_text
from tests.drive import make_app
from tests.net.netplay import Auditor, play_one, started_sessions
from tests.ui.conftest import choose, click, key, step_until
from tests.ui.test_online_game import frames_until
from tests.ui.test_online_lobby import WAIT, address_of, hosting, open_online, sessions, type_into  # noqa: F401

pytestmark = pytest.mark.netplay


def frozen_time() -> float:
    """The server's time source: it stands still, so no clock runs out during a test."""
    return 5000.0


def serving(folder, **extra):
    from hexgames.net.server import Limits, ServerThread
    from hexgames.net.store import SqliteTableStore

    auditor = Auditor()
    s = ServerThread(SqliteTableStore(folder / "tables.sqlite3"), ai_in_process=False, audit=auditor,
                     limits=Limits(rate=200.0, burst=400), **extra)
    s.start()
    yield s
    s.stop()
    assert auditor.problems == []


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    yield from serving(tmp_path_factory.mktemp("clocks"), now=frozen_time)


@pytest.fixture
def real_time_server(tmp_path):
    yield from serving(tmp_path)


def online_scene(server, settings, seats=("human", "human"), game="ingenious"):
    """(app, this player's game scene, the other humans' tables) of a started table."""
    app = make_app("en", anim_speed=1000)
    made, syncs, later = started_sessions(server, game, list(seats), settings)
    scene = open_online_game(app, made[0], syncs[0], later[0])
    guests = [RemoteTable.from_sync(s, sync, later=rest) for s, sync, rest in zip(made[1:], syncs[1:], later[1:])]
    for guest in guests:
        guest.pace = 0.0
    app.step(1 / 60)
    return app, scene, guests


def close(app, guests) -> None:
    for guest in guests:
        guest.close()
    app.shutdown()


def colour_pixels(surface: pygame.Surface, area: pygame.Rect, colour) -> int:
    return sum(1 for x in range(area.left, area.right) for y in range(area.top, area.bottom)
               if surface.get_at((x, y))[:3] == tuple(colour))


# --- the Host form and the lobby ------------------------------------------------------------------
def test_the_host_chooses_the_table_s_settings_in_the_form_and_every_seated_player_sees_them(app, hosting, sessions):
    scene = open_online(app)
    type_into(app, scene.name_entry, "Ann")
    click(app, scene.button_for("toradama"))
    setup = app.scenes.top
    assert isinstance(setup, SetupScene)
    assert not setup.control_for("timeout").is_enabled  # no clock, nothing to run out
    choose(app, setup.control_for("clock"), "5 min + 5 s")
    choose(app, setup.control_for("timeout"), "Time out: seat loses")
    choose(app, setup.control_for("hints"), "Hints allowed")
    click(app, setup.button_for("start"))
    assert step_until(app, lambda: isinstance(app.scenes.top, LobbyScene), WAIT)
    lobby = app.scenes.top
    assert step_until(app, lambda: lobby.table is not None, WAIT)
    chosen = {"clock": "bank", "move_seconds": 60, "bank_minutes": 5, "increment_seconds": 5, "timeout": "lose",
              "hints": True}
    assert lobby.table["settings"] == chosen
    words = "Clock: 5 min + 5 s a move · out of time: the seat loses · hints allowed"
    assert lobby._settings_words(lobby.table) == words
    app.step(1 / 60)
    assert colour_pixels(app.screen, lobby.rects["options"], hud.TEXT) > 100  # drawn under the muted options
    guest = join_session(address_of(hosting[0]), "Bob")
    sessions.append(guest)
    guest.client.sit(lobby.session.code, "Bob")
    assert step_until(app, lambda: guest.pump() is not None and guest.table is not None and guest.seat == 1, WAIT)
    assert guest.table["settings"] == chosen and not guest.started  # seen before the start
    assert table_settings_line(app, guest.table, guest.settings) == words


def test_the_lobby_says_where_a_game_without_resignation_has_the_computer_move_instead(app):
    from hexgames.net.table_settings import TableSettings

    table = {"game": "ingenious", "options": {"mode": "standard"}, "seats": [{}, {}]}
    lose = TableSettings(clock="move", move_seconds=30, timeout="lose")
    assert table_settings_line(app, table, lose) == (
        "Clock: 30 s a move · out of time: the computer plays the move (this game has no resignation) · no hints")
    assert table_settings_line(app, table, TableSettings()) == "Clock: no clock · no hints"


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_host_form_with_its_table_row_fits_800x600(language):
    from hexgames import games
    from hexgames.ui.online import OnlineScene

    app = make_app(language)
    try:
        app.resize((800, 600))
        online = OnlineScene(app)
        app.scenes.push(online)
        setup = SetupScene(app, games.get("ingenious"), online=online)
        app.scenes.push(setup)
        setup.choose("count", None, "4")
        app.step(1 / 60)
        rects = [w.rect for w in setup.widgets if w.visible]
        screen = app.screen.get_rect()
        assert all(screen.contains(r) for r in rects)
        assert all(not r.colliderect(o) for i, r in enumerate(rects) for o in rects[i + 1:])
        assert setup.control_for("clock") is not None and setup.control_for("hints") is not None
    finally:
        app.shutdown()


# --- the status row --------------------------------------------------------------------------------
def test_the_status_row_draws_each_seat_s_time_with_the_running_one_filled(server):
    app, scene, guests = online_scene(server, {"clock": "bank", "bank_minutes": 10, "increment_seconds": 5})
    try:
        row = scene.online.rect(scene)
        clock = scene.table.turn_clock
        assert clock is not None and clock.left == (600_000, 600_000) and clock.running in (0, 1)
        app.step(1 / 60)
        assert colour_pixels(app.screen, row, hud.ACCENT) > 60  # the running seat's pill
        assert colour_pixels(app.screen, row, OFFLINE) == 0  # ten minutes: nothing runs low
    finally:
        close(app, guests)
    plain, scene, guests = online_scene(server, {})
    try:
        assert scene.table.turn_clock is None
        plain.step(1 / 60)
        assert colour_pixels(plain.screen, scene.online.rect(scene), hud.ACCENT) == 0
    finally:
        close(plain, guests)


def test_low_time_is_marked_by_a_triangle_and_tenths_and_counts_down_between_frames(server):
    app, scene, guests = online_scene(server, {"clock": "move", "move_seconds": 9})
    try:
        row = scene.online.rect(scene)
        app.step(1 / 60)
        assert colour_pixels(app.screen, row, OFFLINE) > 60  # red, and the running one filled
        first = app.screen.subsurface(row).copy()
        frames = scene.table.session.client.version
        # the tenths move on with no frame from the server (its time source stands still)
        assert step_until(app, lambda: pygame.image.tobytes(app.screen.subsurface(row), "RGB")
                          != pygame.image.tobytes(first, "RGB"), 600)
        assert scene.table.session.client.version == frames
        seat = scene.table.turn_clock.running
        assert scene.table.turn_clock.remaining(seat, time.monotonic()) < 9_000
    finally:
        close(app, guests)


def test_a_clock_s_time_reads_in_hours_minutes_and_seconds_and_in_tenths_when_low():
    assert [clock_text(ms) for ms in (3_723_000, 600_000, 10_000, 9_999, 9_400, 0)] == [
        "1:02:03", "10:00", "0:10", "0:09.9", "0:09.4", "0:00.0"]


@pytest.mark.parametrize("running", [False, True])
def test_low_time_is_drawn_with_a_warning_triangle_whether_or_not_it_runs(app, running):
    surface = pygame.Surface((200, 40))
    pill = pygame.Rect(10, 6, 90, 28)
    font = app.font(14, bold=running)
    OnlineStatus._draw_clock(surface, pill, font, 20_000, running)
    plain = colour_pixels(surface, pygame.Rect(pill.x + 5, pill.y + 6, 13, 14), OFFLINE)
    OnlineStatus._draw_clock(surface, pill, font, 9_400, running)
    ink = hud.BAR_BG if running else OFFLINE  # the triangle, in the text's colour
    assert colour_pixels(surface, pygame.Rect(pill.x + 5, pill.y + 6, 13, 14), ink) > 40 and plain == 0


def test_a_seat_whose_time_runs_out_is_said_in_the_message_strip(real_time_server):
    app, scene, guests = online_scene(real_time_server, {"clock": "move", "move_seconds": 1})
    try:
        seat = scene.match.to_move
        said = f"{scene.seat_name(seat)}'s time ran out: the computer plays this move for them."
        assert frames_until(app, guests, lambda: said in scene.toasts.texts)
    finally:
        close(app, guests)


# --- hints ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("hints", [False, True])
def test_a_hint_is_refused_in_words_at_a_two_human_table_unless_the_table_allows_it(server, hints):
    app, scene, guests = online_scene(server, {"hints": hints}, game="toradama")
    try:
        if not scene.can_act:
            play_one(guests, random.Random(4))
        assert step_until(app, lambda: scene.can_act, WAIT)
        scene.hint_iterations = 20
        key(app, pygame.K_h, unicode="h")
        if hints:
            assert step_until(app, lambda: scene.hint_move is not None, WAIT)
        else:
            assert "This table does not allow hints." in scene.toasts.texts
            assert not scene.hint_thinking and not scene.hint_button.visible
    finally:
        close(app, guests)


def test_alone_against_the_computer_online_a_hint_works_as_before(server):
    app, scene, guests = online_scene(server, {"hints": False}, seats=("human", "ai:easy"), game="toradama")
    try:
        assert step_until(app, lambda: scene.can_act, WAIT)
        assert scene.table.hint_refusal() is None and scene.hint_button.visible
        scene.hint_iterations = 20
        key(app, pygame.K_h, unicode="h")
        assert step_until(app, lambda: scene.hint_move is not None, WAIT)
    finally:
        close(app, guests)
