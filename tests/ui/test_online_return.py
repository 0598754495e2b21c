"""Going back to an online table after the app was closed, driven as a player would: the seat is
remembered when taken (`net.places`), a fresh app's online screen shows it under Your tables, and a
click on it resumes the seat, into the lobby or the game at the ply the table stands at; a table this
app hosted is hosted again on its port, and the guests' apps reconnect on their own; a refusal
forgets the seat and says why, a server nobody answers at keeps it."""
from __future__ import annotations

import random
import socket
import time
from pathlib import Path

import pytest

from hexgames.core import files
from hexgames.net import places
from hexgames.net.client import Client
from hexgames.net.places import Place
from hexgames.net.remote_table import ConnectionChanged, RemoteTable
from hexgames.net.session import Session, host_session, join_session, return_to
from hexgames.ui import online
from hexgames.ui.game_scene import GameScene
from hexgames.ui.lobby import LobbyScene
from hexgames.ui.online import OnlineScene
from tests.drive import make_app
from tests.net.netplay import Auditor, pump_until, random_move, settle, start_server, step
from tests.ui.conftest import click, step_until

WAIT = 60 * 60  # frames: a minute for a server's answer on a loaded machine
TOKEN = "0123456789abcdef" * 2


def free_port() -> int:
    """A port nobody listens on a moment from now (bound, read, let go)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def closing():
    """Whatever a test opens outside an app (sessions, tables, servers, apps), closed at its end."""
    made: list = []
    yield made
    for thing in reversed(made):
        (thing.shutdown if hasattr(thing, "shutdown") else thing.close if hasattr(thing, "close") else thing.stop)()


@pytest.fixture
def server(tmp_path, closing):
    auditor = Auditor()
    s = start_server(tmp_path / "elsewhere.sqlite3", auditor, rate=200.0, burst=400)
    closing.append(s)
    yield s
    assert auditor.problems == []


@pytest.fixture
def hosting_here(monkeypatch, tmp_path):
    """A table this app hosted is hosted again with its tables under tmp_path and its computer
    players in threads (on the port it had, as in the app)."""
    store = tmp_path / "hosted" / "tables.sqlite3"
    monkeypatch.setattr(online, "return_to", lambda place: return_to(place, store_path=store, ai_in_process=False))
    return store


def fresh_app(closing) -> tuple:
    """A new app (the old one was closed) on its online screen."""
    app = make_app("en", anim_speed=1000)
    closing.append(app)
    click(app, app.scenes.top.button_for("online"))
    scene = app.scenes.top
    assert isinstance(scene, OnlineScene)
    return app, scene


def start(host: Session, guest: Session, game: str = "ingenious") -> tuple[RemoteTable, RemoteTable]:
    """Host creates a two-human table of `game`, the guest sits, the game starts: both tables."""
    host.client.create(game, ["human", "human"], name=host.name)
    pump_until([host], lambda: host.code is not None)
    guest.client.sit(host.code, guest.name)
    pump_until([guest], lambda: guest.seat is not None)
    host.client.start_game()
    got: dict[int, list] = {0: [], 1: []}
    sessions = [host, guest]

    def started() -> bool:
        for k, s in enumerate(sessions):
            got[k] += s.pump()
        return all(any(f.t == "sync" and f.d.get("state") is not None for f in got[k]) for k in got)

    pump_until([], started)
    tables = []
    for k, s in enumerate(sessions):
        i = max(i for i, f in enumerate(got[k]) if f.t == "sync" and f.d.get("state") is not None)
        table = RemoteTable.from_sync(s, got[k][i], later=got[k][i + 1:])
        table.pace = 0.0
        tables.append(table)
    return tables[0], tables[1]


def play(tables: list, rng: random.Random, n: int) -> None:
    """`n` random moves by whoever is to move, until every table has them."""
    for _ in range(n):
        settle(tables, lambda: any(t.can_act for t in tables))
        mover = next(t for t in tables if t.can_act)
        ply = len(mover.match.moves)
        assert mover.play(random_move(mover, rng)) is None
        settle(tables, lambda: all(len(t.match.moves) > ply for t in tables))


def the_game(app) -> GameScene | None:
    top = app.scenes.top
    return top if isinstance(top, GameScene) and top.table.caught_up else None


pytestmark = pytest.mark.netplay


def test_a_guest_whose_app_closed_goes_back_to_the_game_at_its_ply_and_seat(server, closing):
    url = f"127.0.0.1:{server.port}"
    host = Session(Client(f"ws://{url}").start(), "Ann")  # another's app: its seat is not this app's
    guest = join_session(url, "Bob")
    closing += [host, guest]
    host_table, guest_table = start(host, guest)
    code, seat = host.code, guest.seat
    play([host_table, guest_table], random.Random(3), 3)
    [kept] = places.load()
    assert (kept.code, kept.seat, kept.hosted, kept.name, kept.game, kept.token) == (
        code, seat, False, "Bob", "ingenious", guest.client.token)
    guest_table.close()  # the guest's app closes
    if host_table.can_act:  # the host moves on meanwhile
        before = len(host_table.match.moves)
        assert host_table.play(random_move(host_table, random.Random(5))) is None
        settle([host_table], lambda: len(host_table.match.moves) > before)
    ply = len(host_table.match.moves)

    app, scene = fresh_app(closing)
    [card] = scene.place_buttons
    assert scene.place_buttons[card].code == code
    assert "Your tables (1)" in [getattr(w, "text", "") for w in scene.widgets]
    click(app, card)
    assert step_until(app, lambda: the_game(app) is not None, WAIT)
    game = the_game(app)
    assert game.table.seat == seat and game.viewer == seat
    assert len(game.match.moves) == ply and game.match.moves == host_table.match.moves[:ply]
    assert game.table.session.connection == "online"
    # and play goes on between the two
    play_by_either(app, game, host_table, random.Random(6))
    assert len(game.match.moves) > ply


def play_by_either(app, game: GameScene, other: RemoteTable, rng: random.Random) -> None:
    """One move by whoever is to move (this app's table moves through its own table), seen by both."""
    def ready() -> bool:
        app.step(1 / 60)
        step([other])
        return game.can_act or other.can_act

    end = time.monotonic() + 60
    while not ready():
        assert time.monotonic() < end
    mover = game.table if game.can_act else other
    ply = len(mover.match.moves)
    assert mover.play(random_move(mover, rng)) is None
    while not (len(game.match.moves) > ply and len(other.match.moves) > ply):
        app.step(1 / 60)
        step([other])
        assert time.monotonic() < end


def test_a_seat_at_a_table_not_yet_started_goes_back_to_its_lobby(server, closing):
    url = f"127.0.0.1:{server.port}"
    host = Session(Client(f"ws://{url}").start(), "Ann")
    closing.append(host)
    host.client.create("clans", ["human", "human", "human"], name="Ann")
    pump_until([host], lambda: host.code is not None)
    guest = join_session(url, "Bob")
    guest.client.sit(host.code, "Bob")
    pump_until([guest], lambda: guest.seat is not None)
    guest.close()

    app, scene = fresh_app(closing)
    click(app, scene.button_for(f"place:{host.code}"))
    assert step_until(app, lambda: isinstance(app.scenes.top, LobbyScene)
                      and app.scenes.top.session.table is not None, WAIT)
    lobby = app.scenes.top
    assert lobby.session.seat == 1 and not lobby.session.started
    assert lobby.session.table["seats"][1]["name"] == "Bob"


def test_the_host_s_app_closes_mid_game_and_hosting_again_brings_everyone_back(hosting_here, closing):
    port = free_port()
    host = host_session("Ann", store_path=hosting_here, port=port, ai_in_process=False)
    guest = Session(Client(f"ws://127.0.0.1:{port}").start(), "Bob")  # the guest's own app
    closing += [guest, host]
    host_table, guest_table = start(host, guest)
    code = host.code
    told: list = []
    guest_table.listeners.append(told.append)
    play([host_table, guest_table], random.Random(7), 2)
    [kept] = places.load()
    assert (kept.hosted, kept.code, kept.seat, kept.port) == (True, code, 0, port)
    ply = len(guest_table.match.moves)
    host.close()  # the host's app closes: its server stops
    settle([guest_table], lambda: guest.connection == "reconnecting")
    assert ConnectionChanged("reconnecting", told[-1].why) in told

    app, scene = fresh_app(closing)
    click(app, scene.button_for(f"place:{code}"))
    assert step_until(app, lambda: the_game(app) is not None, WAIT)
    game = the_game(app)
    assert game.table.seat == 0 and len(game.match.moves) == ply
    assert game.table.session.server is not None and game.table.session.server.port == port
    settle([guest_table], lambda: guest.connection == "online", timeout=60)  # the guest's client retried
    assert told[-1] == ConnectionChanged("online", "") or ConnectionChanged("online", "") in told
    play_by_either(app, game, guest_table, random.Random(8))
    play_by_either(app, game, guest_table, random.Random(9))
    assert len(guest_table.match.moves) >= ply + 2 and game.match.moves == guest_table.match.moves


def test_a_table_that_is_gone_is_forgotten_and_the_server_s_reason_told(hosting_here, closing):
    host = host_session("Ann", store_path=hosting_here, port=free_port(), ai_in_process=False)
    host.client.create("ingenious", ["human", "human"], name="Ann")
    pump_until([host], lambda: host.code is not None)
    host.close()
    for leftover in Path(hosting_here).parent.iterdir():
        leftover.unlink()  # the table is gone with its store

    app, scene = fresh_app(closing)
    assert len(scene.place_buttons) == 1
    click(app, scene.button_for(f"place:{host.code}"))
    assert step_until(app, lambda: scene.pending is None and scene.message, WAIT)
    assert scene.failed and scene.message == "There is no table with that code, or that key does not open it."
    assert places.load() == [] and scene.place_buttons == {}
    assert app.scenes.top is scene and app.open_things == []


def test_a_server_nobody_answers_at_is_told_and_the_seat_kept(closing):
    port = free_port()
    places.remember(Place(f"ws://127.0.0.1:{port}", "ABC234", TOKEN, "clans", False, "Bob", 1))
    app, scene = fresh_app(closing)
    click(app, scene.button_for("place:ABC234"))
    assert step_until(app, lambda: scene.pending is None, WAIT)
    assert scene.failed and scene.message.startswith(f"Could not reach 127.0.0.1:{port}. Your seat is kept")
    assert [p.code for p in places.load()] == ["ABC234"] and len(scene.place_buttons) == 1
    assert app.open_things == []


def test_a_hostile_seats_file_leaves_the_online_screen_working_and_says_so(closing):
    places.path().parent.mkdir(parents=True, exist_ok=True)
    places.path().write_text('{"places": [' + "[" * 5000 + "]" * 5000 + "]}")
    app, scene = fresh_app(closing)
    assert scene.place_buttons == {} and scene.button_for("join") is not None
    assert step_until(app, lambda: any("Your online tables could not be used" in t for t in app.notices.texts), 10)
    assert files.take_notices() == []


def _inside_and_apart(app, rects):
    screen = app.screen.get_rect()
    for i, r in enumerate(rects):
        assert screen.contains(r), f"{r} leaves the window {screen.size}"
        assert all(not r.colliderect(o) for o in rects[i + 1:]), f"{r} overlaps another"


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "ja"])
def test_your_tables_fit_beside_the_join_and_host_boxes(size, language):
    for i in range(places.MAX_PLACES):
        places.remember(Place("ws://192.168.1.5:8765", f"ABCD{i + 2:02d}".replace("1", "Y").replace("0", "Z"), TOKEN,
                              "clans" if i % 2 else "ingenious", i % 3 == 0, "Ann", 1))
    app = make_app(language)
    try:
        app.resize(size)
        click(app, app.scenes.top.button_for("online"))
        scene = app.scenes.top
        scene.tables = [{"code": "ABC234", "game": "clans", "options": {"mode": "standard"},
                         "seats": [{"kind": "human", "name": "Ann", "taken": True}], "host": 0}] * 3
        scene.rebuild()
        _inside_and_apart(app, [w.rect for w in scene.widgets if w.visible])
        cards = list(scene.place_buttons)
        assert len(cards) >= 2 and all(not c.rect.colliderect(box) for c in cards for box, _ in scene.boxes)
        assert [scene.place_buttons[c].code for c in cards] == [p.code for p in places.load()][:len(cards)]
        assert scene.table_buttons  # the open tables still have room
        label = "Your tables (20)" if language == "en" else "あなたの卓（20）"
        assert label in [getattr(w, "text", "") for w in scene.widgets]
        seen = [scene.place_buttons[c].code for c in cards]
        for _ in range(20):  # more than fit: the last slot turns the page, until every table was shown
            more = scene.button_for("more_places")
            assert more is not None and more.visible
            click(app, more)
            seen += [scene.place_buttons[c].code for c in scene.place_buttons]
            if len(set(seen)) == places.MAX_PLACES:
                break
        assert set(seen) == {p.code for p in places.load()}
        _inside_and_apart(app, [w.rect for w in scene.widgets if w.visible])
    finally:
        app.shutdown()
