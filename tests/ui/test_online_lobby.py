"""Play online before the game starts, driven as a player would: the menu's Play online, hosting a
table from a game's setup (a real server in the app, on 127.0.0.1's free port, its tables in the
test's folder), joining by address and code or from the list of open tables, the lobby's seats,
its computer levels and Start, the refusals in words, and leaving (the server stops)."""
from __future__ import annotations

import errno

import pygame
import pytest

from hexgames.net.remote_table import RemoteTable
from hexgames.net.session import Session, host_session, join_session
from hexgames.ui import online
from hexgames.ui.game_scene import GameScene
from hexgames.ui.lobby import LobbyScene, listing_word, option_words, table_line
from hexgames.ui.menu import MenuScene
from hexgames.ui.online import OnlineScene
from hexgames.ui.setup_screen import SetupScene
from tests.drive import changed_pixels, make_app, move_to, post
from tests.ui.conftest import choose, click, key, step, step_until, visible_texts

WAIT = 60 * 60  # frames: a minute for a server's answer on a loaded machine


@pytest.fixture
def sessions():
    """Every session a test makes outside the app (the app closes its own when it shuts down)."""
    made: list[Session] = []
    yield made
    for session in made:
        session.close()


@pytest.fixture
def hosting(monkeypatch, tmp_path, sessions):
    """Hosting from the app starts its server on a free port, its tables under tmp_path and its
    computer players in threads; returns the sessions the app hosted."""
    hosted: list[Session] = []

    def host(name, store_path=None, port=8765, ai_in_process=True):
        session = host_session(name, store_path=tmp_path / "hosted" / "tables.sqlite3", port=0, ai_in_process=False)
        hosted.append(session)
        sessions.append(session)
        return session

    monkeypatch.setattr(online, "host_session", host)
    return hosted


@pytest.fixture
def started(monkeypatch):
    """The frames `open_online_game` is handed (the game screen itself is not this test's)."""
    calls: list = []

    def open_game(app, session, frame, later=()):
        calls.append((session, frame))
        app.open_menu()

    monkeypatch.setattr("hexgames.ui.online_game.open_online_game", open_game)
    return calls


def type_into(app, entry, text: str) -> None:
    """Click a text field, clear it and type `text`."""
    click(app, entry)
    key(app, pygame.K_a, mod=pygame.KMOD_CTRL)
    key(app, pygame.K_BACKSPACE)
    post(pygame.TEXTINPUT, text=text)
    step(app, 2)
    assert entry.get_text() == text


def open_online(app) -> OnlineScene:
    click(app, app.scenes.top.button_for("online"))
    scene = app.scenes.top
    assert isinstance(scene, OnlineScene)
    return scene


def host_from_the_app(app, game_id: str = "ingenious", name: str = "Ann") -> LobbyScene:
    scene = open_online(app)
    type_into(app, scene.name_entry, name)
    click(app, scene.button_for(game_id))
    setup = app.scenes.top
    assert isinstance(setup, SetupScene) and setup.online is scene and setup.count == 2
    assert setup.button_for("start").text == "Host online"
    click(app, setup.button_for("start"))
    assert step_until(app, lambda: isinstance(app.scenes.top, LobbyScene), WAIT)
    lobby = app.scenes.top
    assert step_until(app, lambda: lobby.table is not None, WAIT)
    return lobby


def hosted_elsewhere(tmp_path, sessions, seats=("human", "human")) -> Session:
    """A table hosted by another app (Ann's), as the player's app would find it."""
    host = host_session("Ann", store_path=tmp_path / "elsewhere" / "tables.sqlite3", port=0, ai_in_process=False)
    sessions.append(host)
    host.client.create("ingenious", list(seats), name="Ann", options={"mode": "standard"})
    assert wait_for(host, lambda: host.code is not None)
    return host


def wait_for(session: Session, condition, frames: int = WAIT) -> bool:
    import time

    for _ in range(frames):
        if condition():
            return True
        session.pump()
        time.sleep(1 / 60)
    return condition()


def address_of(session: Session) -> str:
    return f"127.0.0.1:{session.server.port}"


# --- hosting ----------------------------------------------------------------------------------------
@pytest.mark.netplay
def test_host_a_table_a_guest_takes_the_open_seat_and_start_opens_the_online_game(app, hosting, sessions):
    lobby = host_from_the_app(app)
    host = hosting[0]
    code = lobby.session.code
    assert lobby.session is host and host.is_host and len(code) == 6
    assert host.server.call(lambda: code in host.server.server.rooms)
    assert lobby.table["options"]["mode"] == "standard"
    assert [s["taken"] for s in lobby.seats] == [True, False]
    assert lobby.status_text() == "Waiting for players (open seats: 1)."
    assert not lobby.start_button.is_enabled
    assert "Every seat must be taken first" in lobby.start_refusal()
    start = lobby.start_button.rect
    move_to(app, (start.x - 200, start.y - 200))
    quiet = app.screen.copy()
    move_to(app, start.center)  # the reason shows above the disabled button
    above = pygame.Rect(start.right - 440, start.y - 90, 440, 84)
    assert len(changed_pixels(quiet, app.screen, above)) > 200
    port = str(host.server.port)
    assert host.share.endswith(":" + port)
    before = app.screen.copy()
    guest = join_session(address_of(host), "Bob")
    sessions.append(guest)
    guest.client.sit(code, "Bob")
    assert step_until(app, lambda: lobby.seats[1].get("taken") and lobby.seats[1].get("online"), WAIT)
    assert lobby.seats[1]["name"] == "Bob"
    assert step_until(app, lambda: lobby.start_button is not None and lobby.start_button.is_enabled, 30)
    assert lobby.status_text() == "Every seat is taken: start when you are ready."
    assert before.get_size() == app.screen.get_size()
    starts = []
    host.client.start_game = lambda real=host.client.start_game: starts.append(real()) or starts[-1]
    click(app, lobby.start_button)
    if isinstance(app.scenes.top, type(lobby)):  # pressed once: no second start while the server answers
        assert not lobby.start_button.is_enabled and lobby.start_refusal() == "Starting the game…"
    assert step_until(app, lambda: isinstance(app.scenes.top, GameScene), WAIT)
    assert len(starts) == 1
    game = app.scenes.top
    assert isinstance(game.table, RemoteTable) and game.table.session is host and game.table.seat == 0
    assert game.match.info.id == "ingenious" and [s.name for s in game.match.seats] == ["Ann", "Bob"]
    assert len(app.scenes.stack) == 1 and app.open_things == [host]  # the game holds the session now


@pytest.mark.netplay
def test_the_host_gives_the_open_seat_to_the_computer_and_starts(app, hosting, started):
    lobby = host_from_the_app(app)
    menu = next(m for m, seat in lobby.seat_menus.items() if seat == 1)
    choose(app, menu, "CPU – Hard")
    assert step_until(app, lambda: lobby.seats[1].get("kind") == "ai", WAIT)
    assert lobby.seats[1]["level"] == "hard" and lobby.seats[1]["taken"]
    assert step_until(app, lambda: lobby.start_button.is_enabled, 30)
    click(app, lobby.start_button)
    assert step_until(app, lambda: bool(started), WAIT)
    frame = started[0][1]
    assert frame.d["state"] is not None and frame.d["seats"][1]["kind"] == "ai"


@pytest.mark.netplay
def test_a_host_seat_menu_opens_a_computer_seat_again(app, hosting):
    lobby = host_from_the_app(app)
    lobby.session.client.set_seat(1, "ai:easy")
    assert step_until(app, lambda: lobby.seats[1].get("kind") == "ai", WAIT)
    menu = next(m for m, seat in lobby.seat_menus.items() if seat == 1)
    assert menu.selected_option[1] == "ai:easy"
    choose(app, menu, "Open seat")
    assert step_until(app, lambda: lobby.seats[1].get("kind") == "human" and not lobby.seats[1]["taken"], WAIT)
    assert not lobby.start_button.is_enabled


@pytest.mark.netplay
def test_the_host_reopens_a_seat_a_stranger_took_with_a_click(app, hosting, sessions):
    lobby = host_from_the_app(app)
    host = hosting[0]
    assert lobby.reopen_buttons == {}  # nobody to send away yet
    stranger = join_session(address_of(host), "Eve")
    sessions.append(stranger)
    stranger.client.sit(lobby.session.code, "Eve")
    assert step_until(app, lambda: lobby.seats[1].get("taken") and lobby.reopen_buttons, WAIT)
    [(button, seat)] = lobby.reopen_buttons.items()
    assert seat == 1 and button.text == "Reopen" and button.visible
    click(app, button)
    assert step_until(app, lambda: not lobby.seats[1].get("taken"), WAIT)
    assert lobby.reopen_buttons == {} and 1 in lobby.seat_menus.values()  # open again: the menu is back
    assert wait_for(stranger, lambda: stranger.reopened)
    assert stranger.seat is None and stranger.client.token is None
    stranger.client.sit(lobby.session.code, "Eve")  # the seat is open to whoever joins next
    assert step_until(app, lambda: lobby.seats[1].get("taken"), WAIT)
    app.set_language("ja")
    lobby = app.scenes.top
    assert [b.text for b in lobby.reopen_buttons] == ["空席に戻す"]


@pytest.mark.netplay
def test_the_host_chooses_a_table_found_by_its_code_only(app, hosting):
    scene = open_online(app)
    click(app, scene.button_for("ingenious"))
    setup = app.scenes.top
    listing = setup.control_for("listed")
    assert listing.selected_option[0] == "Listed publicly"  # the default, shown
    choose(app, listing, "By code only")
    assert setup.host.listed is False
    click(app, setup.button_for("start"))
    assert step_until(app, lambda: isinstance(app.scenes.top, LobbyScene), WAIT)
    lobby = app.scenes.top
    assert step_until(app, lambda: lobby.table is not None, WAIT)
    code = lobby.session.code
    assert hosting[0].server.call(lambda: hosting[0].server.server.rooms[code].record.listed) is False
    assert listing_word(app, lobby.table) == "By code only"
    lister = join_session(address_of(hosting[0]), "Bob")
    try:
        lister.client.list_tables()
        got: list = []
        assert step_until(app, lambda: bool(got.extend(lister.pump())) or any(f.t == "tables" for f in got), WAIT)
        assert next(f for f in got if f.t == "tables").d["tables"] == []  # not in the public list
    finally:
        lister.close()


def test_a_solo_mode_is_not_offered_online(app):
    scene = open_online(app)
    click(app, scene.button_for("ingenious"))
    setup = app.scenes.top
    assert 1 not in setup.counts() and setup.count == 2
    assert all(1 not in m.seats or setup.count in m.seats for m in setup.modes())
    assert setup.seat_specs() == ["human", "human"]
    assert setup.match_options() == {"mode": "standard", "swap_rule": "seed"}
    assert setup.control_for("name", 0) is None and setup.control_for("name", 1) is None
    assert "Open seat" in visible_texts(app)


def test_a_server_that_cannot_start_is_told_in_words_and_the_setup_stays(app, monkeypatch):
    def refuse(*args, **kwargs):
        raise OSError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(online, "host_session", refuse)
    scene = open_online(app)
    click(app, scene.button_for("ingenious"))
    setup = app.scenes.top
    choose(app, setup.control_for("count"), "3")
    click(app, setup.button_for("start"))
    assert app.scenes.top is setup and setup.count == 3
    assert setup.toasts.texts == ["Could not host the table: permission denied"]
    assert scene.pending is None and app.open_things == []


# --- joining ----------------------------------------------------------------------------------------
@pytest.mark.netplay
def test_join_by_address_and_code_arrives_in_the_lobby_as_a_guest(app, tmp_path, sessions):
    host = hosted_elsewhere(tmp_path, sessions)
    scene = open_online(app)
    type_into(app, scene.name_entry, "Bob")
    type_into(app, scene.address_entry, address_of(host))
    type_into(app, scene.code_entry, host.code.lower())
    key(app, pygame.K_RETURN)  # Enter in the code field joins
    assert step_until(app, lambda: isinstance(app.scenes.top, LobbyScene), WAIT)
    lobby = app.scenes.top
    assert step_until(app, lambda: lobby.table is not None and lobby.session.seat == 1, WAIT)
    assert not lobby.session.is_host and lobby.start_button is None and lobby.seat_menus == {}
    assert lobby.status_text() == "Waiting for the host to start the game."
    assert lobby.seats[1]["name"] == "Bob"
    assert wait_for(host, lambda: host.table["seats"][1]["taken"])
    assert app.settings.online_name == "Bob" and app.settings.online_address == address_of(host)


@pytest.mark.netplay
def test_a_wrong_code_is_refused_in_the_servers_words(app, tmp_path, sessions):
    host = hosted_elsewhere(tmp_path, sessions)
    scene = open_online(app)
    type_into(app, scene.address_entry, address_of(host))
    wrong = "ZZZZZZ" if host.code != "ZZZZZZ" else "YYYYYY"
    type_into(app, scene.code_entry, wrong)
    click(app, scene.button_for("join"))
    assert step_until(app, lambda: scene.pending is None, WAIT)
    assert app.scenes.top is scene and scene.failed
    assert scene.message == "There is no table with that code, or that key does not open it."
    assert app.open_things == []  # the connection was hung up
    app.set_language("ja")
    scene = app.scenes.top
    type_into(app, scene.code_entry, wrong)
    click(app, scene.button_for("join"))
    assert step_until(app, lambda: scene.pending is None and scene.failed, WAIT)
    assert scene.message == "そのコードの卓はないか、その鍵では開けません。"


def test_a_bad_address_or_code_is_told_before_anything_is_sent(app):
    scene = open_online(app)
    type_into(app, scene.code_entry, "ABC234")
    click(app, scene.button_for("join"))
    assert scene.failed and scene.message == "Type the host's address, such as 192.168.1.5:8765."
    type_into(app, scene.address_entry, "host:99999")
    click(app, scene.button_for("join"))
    assert scene.failed and scene.message.startswith("“host:99999” is not an address")
    type_into(app, scene.address_entry, "127.0.0.1:8765")
    type_into(app, scene.code_entry, "AB0")
    click(app, scene.button_for("join"))
    assert scene.failed and scene.message == "A join code is 6 letters and digits, such as ABC234."
    assert scene.pending is None and app.open_things == []


@pytest.mark.netplay
def test_an_address_nobody_answers_at_is_told(app):
    import socket

    with socket.socket() as s:  # a port that was free a moment ago: nobody listens there
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    scene = open_online(app)
    type_into(app, scene.address_entry, f"127.0.0.1:{port}")
    type_into(app, scene.code_entry, "ABC234")
    click(app, scene.button_for("join"))
    assert step_until(app, lambda: scene.pending is None, WAIT)
    assert scene.failed and scene.message.startswith(f"Could not reach 127.0.0.1:{port}: check the address")
    assert app.open_things == []


@pytest.mark.netplay
def test_the_open_tables_are_listed_and_one_is_joined_by_a_click(app, tmp_path, sessions):
    host = hosted_elsewhere(tmp_path, sessions)
    scene = open_online(app)
    type_into(app, scene.address_entry, address_of(host))
    click(app, scene.button_for("list"))
    assert step_until(app, lambda: scene.tables is not None, WAIT)
    button = scene.button_for(host.code)
    assert button is not None and button.text == "Ingenious · Standard · 1/2 seats · host Ann"
    assert app.open_things == []  # listing leaves no connection open
    click(app, button)
    assert step_until(app, lambda: isinstance(app.scenes.top, LobbyScene), WAIT)
    assert step_until(app, lambda: app.scenes.top.session.seat == 1, WAIT)


# --- leaving --------------------------------------------------------------------------------------
@pytest.mark.netplay
def test_leave_closes_the_session_and_stops_the_hosted_server(app, hosting):
    lobby = host_from_the_app(app)
    server = lobby.session.server
    client = lobby.session.client
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, MenuScene) and len(app.scenes.stack) == 1
    assert not server.thread.is_alive() and lobby.session.server is None
    assert client.status == "closed" and app.open_things == []


@pytest.mark.netplay
def test_quitting_the_app_in_the_lobby_stops_the_hosted_server(hosting):
    from tests.ui import toygame

    toygame.register()
    app = make_app("en")
    try:
        lobby = host_from_the_app(app)
        server = lobby.session.server
    finally:
        app.shutdown()
    assert not server.thread.is_alive() and app.open_things == []


# --- words and layout -------------------------------------------------------------------------------
def test_a_table_is_worded_by_its_game_mode_options_and_seats(app):
    table = {"code": "ABC234", "game": "ingenious", "options": {"mode": "standard", "swap_rule": "official",
                                                                "solo": "rack"},
             "seats": [{"kind": "human", "name": "Ann", "taken": True}, {"kind": "ai", "level": "easy", "taken": True},
                       {"kind": "human", "name": "", "taken": False}], "host": 0}
    assert option_words(app, "ingenious", table["options"]) == [
        "Mode: Standard", "Swapping your tiles: Also when several colours tie for lowest (published rules)"]
    assert table_line(app, table) == "Ingenious · Standard · 2/3 seats · host Ann"
    assert table_line(app, {**table, "game": "not_here"}) == "not_here · 2/3 seats · host Ann"


def _inside_and_apart(app, rects):
    screen = app.screen.get_rect()
    for i, r in enumerate(rects):
        assert screen.contains(r), f"{r} leaves the window {screen.size}"
        assert all(not r.colliderect(o) for o in rects[i + 1:]), f"{r} overlaps another"


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_online_screen_fits_from_800x600_up(size, language):
    app = make_app(language)
    try:
        app.resize(size)
        scene = open_online(app)
        scene.tables = [{"code": f"ABC23{i}", "game": "clans", "options": {"mode": "standard"},
                         "seats": [{"kind": "human", "name": "Ann", "taken": True}, {"kind": "human", "taken": False}],
                         "host": 0} for i in range(2, 9)]
        scene.rebuild()
        rects = [w.rect for w in scene.widgets if w.visible]
        _inside_and_apart(app, rects)
        assert len(scene.table_buttons) >= 2
        boxes = [r for r, _ in scene.boxes]
        assert all(any(box.contains(w) for box in boxes) for w in [b.rect for b in scene.game_buttons])
        assert all(boxes[0].contains(b.rect) for b in scene.table_buttons)
        assert not scene.message_rect.colliderect(boxes[0]) and not scene.message_rect.colliderect(boxes[1])
    finally:
        app.shutdown()


@pytest.mark.netplay
@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_lobby_fits_and_keeps_messages_off_the_seats(size, language, tmp_path):
    app = make_app(language)
    try:
        app.resize(size)
        host = host_session("Ann", store_path=tmp_path / "t.sqlite3", port=0, ai_in_process=False)
        app.close_on_exit(host)
        host.client.create("ingenious", ["human", "human", "ai:medium", "human"], name="Ann",
                           options={"mode": "standard"})
        lobby = LobbyScene(app, host)
        app.scenes.push(lobby)
        assert step_until(app, lambda: lobby.table is not None and len(lobby.seat_menus) == 3, WAIT)
        host.client.set_seat(0, "ai:easy")  # refused: the host's own seat
        assert step_until(app, lambda: lobby.messages.texts, WAIT)
        assert lobby.messages.texts == [app.tr("net.error.bad_seat")]
        rects = [w.rect for w in lobby.widgets if w.visible]
        _inside_and_apart(app, rects + [lobby.rects[k] for k in ("status", "message")])
        for row in lobby.seat_rows:
            assert lobby.rects["seats"].contains(row) and not row.colliderect(lobby.rects["message"])
        assert all(any(row.contains(m.rect) for row in lobby.seat_rows) for m in lobby.seat_menus)
        code = lobby.rects["code"]
        assert app.screen.get_rect().contains(code) and not code.colliderect(lobby.rects["share"])
    finally:
        app.shutdown()


@pytest.mark.netplay
@pytest.mark.parametrize("scene", ["lobby", "lobby_guest"])
def test_the_lobby_screenshots_show_a_table_hosted_in_a_folder_of_their_own(scene, tmp_path):
    import os

    from hexgames.core.saves import data_location
    from hexgames.net.server import STORE_NAME
    from hexgames.app import screenshot

    out = tmp_path / f"{scene}.png"
    screenshot(str(out), game_id="ingenious", scene=scene, size=(800, 600), language="ja")
    assert pygame.image.load(str(out)).get_size() == (800, 600)
    assert not (data_location() / STORE_NAME).exists() and os.environ["HEXGAMES_DATA_DIR"] == str(data_location())


def test_the_online_screenshot_is_the_online_screen():
    from hexgames.ui.screenshot import show_screen

    app = make_app("en")
    try:
        show_screen(app, None, "online", 1, 0, None, None)
        assert isinstance(app.scenes.top, OnlineScene) and app.scenes.top.button_for("ingenious") is not None
    finally:
        app.shutdown()
