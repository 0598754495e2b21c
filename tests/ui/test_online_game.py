"""The game screen of online play, driven headless by posted pygame events against a real server on
127.0.0.1: moves made by clicks go to the server, the others' moves come back, there is never a
hand-over, chat goes both ways, another's undo is answered in a dialog, a lost connection is said
and recovers, and what is drawn is a function of the seat's own view alone."""
from __future__ import annotations

import random
import time

import pygame
import pytest

from hexgames import games
from hexgames.net.client import Client
from hexgames.net.frames import Frame
from hexgames.net.privacy import seat_wire
from hexgames.net.remote_table import ChatSaid, RemoteTable
from hexgames.net.session import Session
from hexgames.net.views import decode_state, encode_reason, decode_reason
from hexgames.ui.gestures import perform
from hexgames.ui.online_game import ConsentScene, open_online_game
from hexgames.ui.pause import PauseScene
from tests.drive import make_app
from tests.net.netplay import Auditor, play_one, random_move, start_server, started_sessions, step
from tests.ui.conftest import click, visible_texts


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    auditor = Auditor()
    s = start_server(tmp_path_factory.mktemp("online") / "tables.sqlite3", auditor, rate=200.0, burst=400)
    yield s
    s.stop()
    assert auditor.problems == []


@pytest.fixture
def online(server, request):
    """(app, the host's game scene, the guest's RemoteTable) of a started two-human table of
    Ingenious (or the game the test names with `@pytest.mark.parametrize("online", [game], indirect=True)`),
    whose host allows hints."""
    app = make_app("en", anim_speed=1000)
    game = getattr(request, "param", "ingenious")
    sessions, syncs, later = started_sessions(server, game, ["human", "human"], {"hints": True})
    scene = open_online_game(app, sessions[0], syncs[0], later[0])
    guest = RemoteTable.from_sync(sessions[1], syncs[1], later=later[1])
    guest.pace = 0.0
    app.step(1 / 60)
    yield app, scene, guest
    guest.close()
    app.shutdown()  # the scene's table closes its session with it
    sessions[0].close()


def frames_until(app, tables, condition, seconds: float = 60.0) -> bool:
    """Step the app (and the other players' tables) until `condition` holds, for at most `seconds`
    of wall time (the server answers in its own time, however fast the frames run)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        app.step(1 / 60)
        step(tables)
        time.sleep(0.001)
    return condition()


def play_by_gestures(app, scene, move) -> None:
    for g in scene.input_points(move):
        perform(app, g)


def guest_moves_last(app, scene, guest, rng: random.Random) -> None:
    """This screen's player moves by clicks if it is their turn, then the guest moves; both screens
    end up with the guest's move."""
    assert frames_until(app, [guest], lambda: scene.can_act or guest.can_act)
    if scene.can_act:
        play_by_gestures(app, scene, random_move(scene.table, rng))
    assert frames_until(app, [guest], lambda: guest.can_act)
    play_one([guest], rng)
    assert frames_until(app, [guest], lambda: len(scene.match.moves) == len(guest.match.moves))


pytestmark = pytest.mark.netplay


def test_moves_made_by_clicks_reach_the_others_and_theirs_come_back_with_no_hand_over(online, server):
    app, scene, guest = online
    rng = random.Random(2)
    code = scene.table.session.code
    mine = 0
    for _ in range(6):
        assert frames_until(app, [guest], lambda: scene.can_act or guest.can_act)
        assert not any(type(s).__name__ == "HandoverScene" for s in app.scenes.stack)
        if scene.can_act:
            move = random_move(scene.table, rng)
            ply = len(scene.match.moves)
            play_by_gestures(app, scene, move)
            assert frames_until(app, [guest], lambda: len(guest.match.moves) > ply)
            assert guest.match.moves[ply] == move  # a public placement: the other seat knows the move itself
            mine += 1
        else:
            play_one([guest], rng)
            assert frames_until(app, [guest], lambda: len(scene.match.moves) == len(guest.match.moves))
            assert scene.ai_line() is not None  # the other player's move is said in the strip
    room = server.call(lambda: server.server.rooms[code])
    assert mine and sum(1 for i in range(len(room.match.moves)) if room.match.mover(i) == 0) >= mine
    assert scene.viewer == 0 and not scene.table.hot_seat


def test_chat_goes_out_from_the_entry_and_comes_in_as_a_message(online):
    app, scene, guest = online
    told: list = []
    guest.listeners.append(told.append)
    click(app, scene.online.chat_button)
    assert scene.online.entry.visible and scene.typing
    for ch in "gg":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        app.step(1 / 60)
    assert scene.online.entry.get_text() == "gg"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    for _ in range(3):
        app.step(1 / 60)
    assert not scene.online.entry.visible
    assert frames_until(app, [guest], lambda: any(isinstance(e, ChatSaid) for e in told))
    assert next(e for e in told if isinstance(e, ChatSaid)).text == "gg"
    guest.chat("nice move")
    assert frames_until(app, [guest], lambda: any("nice move" in t for t in scene.toasts.texts))
    assert "P1: nice move" in scene.toasts.texts


@pytest.mark.parametrize("online", ["clans"], indirect=True)  # nothing hidden is drawn: a move may be taken back
def test_another_s_undo_is_answered_in_a_dialog_and_allowing_takes_the_move_back(online):
    app, scene, guest = online
    guest_moves_last(app, scene, guest, random.Random(4))
    ply = len(guest.match.moves)
    assert guest.undo() is None
    assert frames_until(app, [guest], lambda: isinstance(app.scenes.top, ConsentScene))
    dialog = app.scenes.top
    assert dialog.by == guest.seat and dialog.game is scene
    allow = next(b for b, yes in dialog.buttons.items() if yes)
    click(app, allow)
    assert frames_until(app, [guest], lambda: len(scene.match.moves) == ply - 1 and len(guest.match.moves) == ply - 1)
    assert app.scenes.top is scene and guest.can_act


def test_a_lost_connection_is_said_and_comes_back_by_itself(online):
    app, scene, guest = online
    client = scene.table.session.client
    client._loop.call_soon_threadsafe(lambda: client._ws.transport.abort())
    assert frames_until(app, [guest], lambda: any("reconnecting" in t for t in scene.toasts.texts))
    assert frames_until(app, [guest], lambda: scene.table.session.connection == "online")
    assert frames_until(app, [guest], lambda: "Connected again." in scene.toasts.texts)


def test_the_status_row_sits_between_the_top_bar_and_the_board_at_the_smallest_window(online):
    app, scene, guest = online
    app.resize((800, 600))
    app.step(1 / 60)
    row = scene.online.rect(scene)
    assert row.top >= scene.top_rect.bottom and row.bottom <= scene.board_rect.top
    assert row.bottom <= scene.panel_rect.top
    assert not row.colliderect(scene.board_rect) and not row.colliderect(scene.message_rect)
    assert scene.online.chat_button.rect.colliderect(row)


def test_the_pause_menu_online_offers_no_save_load_or_mid_game_replay(online):
    app, scene, guest = online
    app.scenes.push(PauseScene(app, scene))
    app.step(1 / 60)
    texts = visible_texts(app)
    assert app.tr("ui.pause.resume") in texts and app.tr("ui.pause.quit") in texts
    assert app.tr("ui.pause.save") not in texts and app.tr("ui.pause.load") not in texts


# --- what is drawn is a function of the seat's view ------------------------------------------------
def _sync_frame(info, record_match, state, seat: int) -> Frame:
    """The sync a server would send `seat` if the table's state were `state` (its history's words
    as that seat is told them)."""
    from hexgames.net.privacy import survey

    rules = info.rules
    wire = seat_wire(rules, survey(info.id), state, seat, record_match.states[0])
    m = record_match
    log = [{"by": m.mover(i), "w": encode_reason(m.describe(i, seat))} for i in range(len(m.moves))]
    seats = [{"kind": "human", "level": None, "name": f"P{i}", "taken": True, "online": True, "stand_in": False}
             for i in range(len(m.seats))]
    d = {"code": "ABCDEF", "game": info.id, "options": m.options, "seats": seats, "host": 0, "started": True,
         "you": seat, "view": wire, "ply": len(m.moves), "log": log, "undo": None, "chat": []}
    d["state"] = decode_state(rules, wire)
    d["words"] = [decode_reason(line["w"]) for line in log]
    return Frame("sync", 5, d)


@pytest.mark.privacy
@pytest.mark.parametrize("game", ["ingenious", "clans", "toradama", "dotlines", "stickers"])
def test_an_online_screen_draws_the_same_pixels_in_every_world_its_seat_cannot_tell_apart(game):
    """The real state, and states with the other seats' hidden parts drawn afresh, each sent as
    the server's `seat_wire` would send it: the same screen, even with the scene told to draw
    everything it holds (`reveal_all`). What this guards is the client's side: the online screen
    draws from what it was sent and nothing else. (Whether the wire itself holds a secret is the
    privacy oracle's, run on every frame of the netplay tests; sent the full state instead of the
    view, this test fails: Clans' secret colours show.)"""
    from hexgames.core.match import Match, Seat

    info = games.get(game)
    rules = info.rules
    match = Match(info, [Seat("human", None, "A"), Seat("human", None, "B")], {}, seed=7)
    rng = random.Random(7)
    while len(match.moves) < 9 and not match.is_over:
        match.play(rules.random_move(match.state, rng))
    seat = match.to_move
    worlds = [match.state] + [rules.sample(rules.observe(match.state, seat), seat, random.Random(k)) for k in (1, 2)]
    shots = []
    for world in worlds:
        app = make_app("en", anim_speed=1000)
        session = Session(Client("ws://127.0.0.1:9"), "A")  # never started: nothing goes out
        scene = open_online_game(app, session, _sync_frame(info, match, world, seat))
        scene.auto_play = False
        scene.reveal_all = True
        for _ in range(3):
            app.step(1 / 60)
        app.draw()
        shots.append(pygame.image.tobytes(app.screen, "RGB"))
        scene.table.stop_thinking()
        app.shutdown()
    assert shots[1] == shots[0] and shots[2] == shots[0]


@pytest.mark.parametrize("online", ["clans"], indirect=True)
def test_a_player_who_opens_the_game_while_asked_to_undo_sees_the_question(online):
    app, scene, guest = online
    guest_moves_last(app, scene, guest, random.Random(5))
    assert guest.undo() is None
    assert frames_until(app, [guest], lambda: isinstance(app.scenes.top, ConsentScene))
    sync = _fresh_sync(scene.table)
    sync.d["undo"] = dict(scene.table.undo_request)
    app.scenes.pop()  # as if this player's app had closed with the question open, and came back
    again = open_online_game(app, scene.table.session, sync)
    assert isinstance(app.scenes.top, ConsentScene) and app.scenes.top.game is again


def test_the_undo_button_of_the_online_screen_says_why_when_the_last_move_is_another_s(online):
    app, scene, guest = online
    guest_moves_last(app, scene, guest, random.Random(9))
    scene.sync_buttons()
    assert not scene.undo_button.is_enabled
    assert scene.undo_reason == app.tr_reason(scene.table.undo_refusal())


@pytest.mark.parametrize("online", ["toradama"], indirect=True)
def test_at_the_end_the_results_show_the_whole_game_with_its_replay_and_no_local_rematch(online):
    from hexgames.ui.replay import ReplayScene
    from hexgames.ui.results import ResultsScene

    app, scene, guest = online
    rng = random.Random(6)
    while not scene.match.is_over:
        assert frames_until(app, [guest], lambda: scene.can_act or guest.can_act or scene.match.is_over)
        if scene.can_act:
            scene.table.play(random_move(scene.table, rng))
        elif guest.can_act:
            guest.play(random_move(guest, rng))
    assert frames_until(app, [guest], lambda: isinstance(app.scenes.top, ResultsScene))
    results = app.scenes.top
    assert scene.match.complete and scene.table.final.digest() == scene.match.digest()
    assert "rematch" not in results.buttons.values()
    review = next(b for b, action in results.buttons.items() if action == "review")
    click(app, review)
    assert isinstance(app.scenes.top, ReplayScene)
    assert app.scenes.top.full.digest() == scene.table.final.digest() and app.scenes.top.total == len(scene.match.moves)


def test_the_host_leaving_mid_game_is_warned_once_that_it_stops_the_game_for_the_others(tmp_path):
    from hexgames.net.session import host_session, join_session
    from hexgames.ui.menu import MenuScene
    from tests.net.netplay import pump_until

    host = host_session("Ann", tmp_path / "tables.sqlite3", port=0, ai_in_process=False)
    guest = join_session("127.0.0.1:" + host.share.rsplit(":", 1)[1], "Bob")
    app = make_app("en", anim_speed=1000)
    try:
        host.client.create("clans", ["human", "human"], name="Ann")
        pump_until([host], lambda: host.code is not None)
        guest.client.sit(host.code, "Bob")
        pump_until([guest], lambda: guest.seat is not None)
        host.client.start_game()
        got: list[Frame] = []
        pump_until([], lambda: got.extend(host.pump()) or any(f.t == "sync" and f.d.get("state") for f in got))
        k = max(i for i, f in enumerate(got) if f.t == "sync" and f.d.get("state") is not None)
        scene = open_online_game(app, host, got[k], got[k + 1:])
        server = host.server
        scene.open_pause()
        app.step(1 / 60)
        pause = app.scenes.top
        quit_button = next(b for b, action in pause.buttons.items() if action == "quit")
        click(app, quit_button)
        assert app.scenes.top is pause and server.thread.is_alive()
        assert any("You host this table" in t for t in pause.toasts.texts)
        click(app, quit_button)
        assert isinstance(app.scenes.top, MenuScene)
        assert not server.thread.is_alive() and host.server is None  # the hosted server stopped with the game
    finally:
        guest.close()
        host.close()
        app.shutdown()


@pytest.mark.parametrize("online", ["dotlines"], indirect=True)
def test_each_online_player_has_their_own_hand_nearest_them(online):
    app, scene, guest = online
    assert scene.bottom_seat == scene.table.seat == 0
    guest_app = make_app("en", anim_speed=1000)
    try:
        guest_scene = open_online_game(guest_app, guest.session, _fresh_sync(guest))
        assert guest_scene.bottom_seat == 1
        assert guest_scene.geo.hand_rects(1, 3)[0].y > guest_scene.geo.hand_rects(0, 3)[0].y
    finally:
        guest_scene.table.stop_thinking()
        guest_app.shutdown()


@pytest.mark.parametrize("online", ["toradama"], indirect=True)
def test_the_online_guest_s_columns_are_on_their_side_and_only_they_may_resign_at_their_screen(online):
    app, scene, guest = online
    assert not scene.mirrored and scene.humans == [0]
    guest_app = make_app("en", anim_speed=1000)
    try:
        guest_scene = open_online_game(guest_app, guest.session, _fresh_sync(guest))
        assert guest_scene.mirrored and guest_scene.geo.left_seat == 1
        assert guest_scene.humans == [1] and not guest_scene.resign_picking  # no "whose card?" online
    finally:
        guest_scene.table.stop_thinking()
        guest_app.shutdown()


def _fresh_sync(table: RemoteTable) -> Frame:
    """A sync as the server would send `table`'s seat now (its mirror's view, words and movers)."""
    m = table.match
    d = {"code": table.session.code or "ABCDEF", "game": m.game_id, "options": m.options,
         "seats": table.presence, "host": 0, "started": True, "you": table.seat, "state": m.state,
         "words": list(m.words), "log": [{"by": b} for b in m.movers], "moves": list(m.moves), "undo": None,
         "chat": []}
    return Frame("sync", table.session.client.version, d)


def test_the_hint_thinks_from_the_asker_s_own_view_online(online):
    app, scene, guest = online
    assert frames_until(app, [guest], lambda: scene.can_act or guest.can_act)
    if not scene.can_act:
        play_one([guest], random.Random(3))
        assert frames_until(app, [guest], lambda: scene.can_act)
    scene.hint_iterations = 30
    asked = []
    worker = app.worker
    real = worker.request
    worker.request = lambda *a, **k: asked.append(a) or real(*a, **k)
    try:
        key_press_h(app)
        assert frames_until(app, [guest], lambda: scene.hint_move is not None)
    finally:
        worker.request = real
    (game_id, level, view, seat, _seed), = asked
    rules = scene.rules
    assert seat == scene.table.seat  # from what this seat was sent, which is all this app has
    assert rules.digest(view) == rules.digest(rules.observe(scene.match.state, seat))
    assert scene.rules.check(scene.match.state, scene.hint_move) is None


def key_press_h(app) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0))
    app.step(1 / 60)
