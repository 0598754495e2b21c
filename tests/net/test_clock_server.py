"""Turn clocks on a real server over sockets on 127.0.0.1: a seat out of time is played by the
computer or resigns and every client is told; the clocks are stored with each move and kept over a
restart; an undo leaves sensible clocks; what each client is sent of them passes its guarded reader,
and a hostile clock or settings frame is dropped.

Most tests give the server a time source of their own (`FakeTime`), so a minute on the clock needs
no minute of waiting and every figure is exact; the server's own alarm is then fired by the test
(`Server.check_clock`). Two tests use real time with a one-second clock, and wait (bounded) for the
frame that says what happened."""
from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

import pytest

from hexgames.core.protocol import Resignation
from hexgames.net.client import Client
from hexgames.net.server import Limits, ServerThread
from hexgames.net.store import SqliteTableStore
from tests.net.fakeserver import TableFrames
from tests.net.netplay import Auditor, Player, table

pytestmark = pytest.mark.netplay

PER_MOVE = {"clock": "move", "move_seconds": 60, "timeout": "computer"}
BANK = {"clock": "bank", "bank_minutes": 1, "increment_seconds": 5}


class FakeTime:
    """A time source the test moves on by hand (read from the server's thread)."""

    def __init__(self) -> None:
        self.value = 1000.0
        self.lock = threading.Lock()

    def __call__(self) -> float:
        with self.lock:
            return self.value

    def advance(self, seconds: float) -> None:
        with self.lock:
            self.value += seconds


@pytest.fixture
def auditor():
    checked = Auditor()
    yield checked
    assert checked.problems == []


def serve(path: Path, auditor: Auditor, now: Any = None) -> ServerThread:
    extra = {"now": now} if now is not None else {}
    server = ServerThread(SqliteTableStore(path), ai_in_process=False, audit=auditor,
                          limits=Limits(rate=200.0, burst=400), **extra)
    server.start()
    return server


def url(server: ServerThread) -> str:
    return f"ws://127.0.0.1:{server.port}"


def check_clock(server: ServerThread, code: str) -> None:
    """Fire the table's alarm now (its real delay follows the test's time source, not the wall)."""
    room = server.call(lambda: server.server.rooms[code])
    asyncio.run_coroutine_threadsafe(server.server.check_clock(room), server.loop).result(30)


def first_sync(player: Player) -> Any:
    return player.wait(lambda f: f.t == "sync" and f.d["started"], start=0)


def close(players: list[Player]) -> None:
    for p in players:
        p.close()


@pytest.fixture
def clocked(tmp_path, auditor):
    """Start a server (with a `FakeTime` of its own, unless `fake` is off) and a started table of two
    humans of `game` with `settings`: (server, players by seat, code, time source); all closed after."""
    made: list[tuple[ServerThread, list[Player]]] = []

    def start(game: str, settings: dict[str, Any], fake: bool = True) -> tuple[ServerThread, list[Player], str, Any]:
        now = FakeTime() if fake else None
        server = serve(tmp_path / "t.sqlite3", auditor, now)
        players, code = table(url(server), game, settings=settings)
        made.append((server, players))
        return server, players, code, now

    yield start
    for server, players in made:
        close(players)
        server.stop()


# --- out of time ---------------------------------------------------------------------------------
def test_a_seat_out_of_time_may_not_move_and_the_computer_plays_for_it_and_everyone_is_told(clocked):
    server, players, code, now = clocked("ingenious", PER_MOVE)
    sync = first_sync(players[0])
    seat = sync.d["to_move"]
    assert sync.d["clock"] == {"left": [60_000, 60_000], "running": seat}
    assert sync.d["settings"]["clock"] == "move" and sync.d["settings"]["move_seconds"] == 60
    now.advance(61)
    mover = players[seat]
    mover.pump()
    mark = len(mover.frames)
    mover.client.send_move(mover.random_move())
    assert mover.wait(lambda f: f.t == "error", start=mark).d["code"] == "time_up"
    check_clock(server, code)
    for p in players:
        told = p.wait(lambda f: f.t == "timeout", start=0)
        assert told.d == {"by": seat, "then": "computer"}
        played = p.wait(lambda f: f.t == "update" and f.d["log"][0]["by"] == seat, start=0)
        assert played.d["clock"]["left"][1 - seat] == 60_000  # the next turn whole (the time source stands)
    assert server.call(lambda: server.server.rooms[code].match.mover(0)) == seat


def test_a_one_second_clock_runs_out_by_itself_and_the_computer_moves(clocked):
    _, players, _, _ = clocked("clans", {"clock": "move", "move_seconds": 1}, fake=False)
    seat = first_sync(players[0]).d["to_move"]
    for p in players:
        assert p.wait(lambda f: f.t == "timeout", start=0).d == {"by": seat, "then": "computer"}
        assert p.wait(lambda f: f.t == "update" and f.d["ply"] == 1, start=0).d["log"][0]["by"] == seat


def test_a_seat_out_of_time_at_a_table_where_it_loses_resigns_and_the_game_ends(clocked):
    _, players, _, _ = clocked("toradama", {"clock": "move", "move_seconds": 1, "timeout": "lose"}, fake=False)
    seat = first_sync(players[0]).d["to_move"]
    for p in players:
        assert p.wait(lambda f: f.t == "timeout", start=0).d == {"by": seat, "then": "lose"}
        whole = p.wait(lambda f: f.t == "final", start=0).d["match"]
        assert whole.is_over and whole.moves == [Resignation(seat)]


def test_where_the_rules_have_no_resignation_a_losing_table_has_the_computer_move_instead(clocked):
    server, players, code, now = clocked("ingenious", {**PER_MOVE, "timeout": "lose"})
    seat = first_sync(players[0]).d["to_move"]
    now.advance(60)
    check_clock(server, code)
    assert players[0].wait(lambda f: f.t == "timeout", start=0).d == {"by": seat, "then": "computer"}
    assert players[0].wait(lambda f: f.t == "update", start=0).d["log"][0]["by"] == seat


# --- stored, restarted, undone --------------------------------------------------------------------
def _move(player: Player) -> None:
    """`player` (to move) plays a random move and waits until it is made."""
    player.pump()
    ply = player.last.d["ply"]
    player.client.send_move(player.random_move())
    player.wait(lambda f: f.t == "update" and f.d["ply"] == ply + 1)


def test_the_clocks_are_stored_with_each_move_and_a_restart_charges_nobody_for_the_time_it_was_down(
        clocked, tmp_path, auditor):
    server, players, code, now = clocked("clans", BANK)
    first = first_sync(players[0]).d["to_move"]
    other = 1 - first
    tokens = [p.client.token for p in players]
    now.advance(10)
    _move(players[first])
    expected = {"left": [55_000, 60_000][::1 if first == 0 else -1], "running": other}
    assert players[other].wait(lambda f: f.t == "update").d["clock"] == expected
    now.advance(20)  # the other's turn has run 20 s when the server goes down
    close(players)
    server.stop()
    stored = SqliteTableStore(tmp_path / "t.sqlite3")
    try:
        assert stored.load_table(code).clock == expected
    finally:
        stored.close()
    now.advance(1000)  # down for a long while
    server = serve(tmp_path / "t.sqlite3", auditor, now)
    back = [Player(url(server), f"back{i}", i) for i in range(2)]
    try:
        for i, p in enumerate(back):
            p.client.resume(code, tokens[i], 0)
        clock = back[other].wait(lambda f: f.t == "sync", start=0).d["clock"]
        assert clock["running"] == other and clock["left"][other] == 60_000 and clock["left"][first] == 55_000
        now.advance(12)
        _move(back[other])
        after = back[first].wait(lambda f: f.t == "update" and f.d["log"][0]["by"] == other, start=0).d["clock"]
        assert after["left"][other] == 60_000 - 12_000 + 5_000 and after["running"] == first
    finally:
        close(back)
        server.stop()


def test_an_undo_keeps_time_used_spent_and_takes_back_the_increment_of_the_move_it_took_back(clocked):
    _, players, _, now = clocked("clans", BANK)
    first = first_sync(players[0]).d["to_move"]
    other = 1 - first
    now.advance(10)
    _move(players[first])  # first: 60 - 10 + 5 = 55 s
    now.advance(4)
    players[first].client.ask_undo()
    players[other].wait(lambda f: f.t == "undo_asked")
    now.advance(6)  # the other's turn ran 10 s by the time it agrees
    players[other].client.consent(True)
    clock = players[first].wait(lambda f: f.t == "sync" and f.d["ply"] == 0).d["clock"]
    assert clock["running"] == first
    assert clock["left"][first] == 50_000 and clock["left"][other] == 50_000


# --- what a client reads of the clocks -------------------------------------------------------------
def _reader() -> Client:
    return Client("ws://127.0.0.1:9")  # never started: only its reading of frames is used


def test_a_real_table_s_clocks_and_settings_pass_the_client_s_reader():
    t = TableFrames("clans", moves=3, settings={**BANK, "timeout": "lose", "hints": True})
    c = _reader()
    try:
        for kind in ("welcome", "lobby", "sync", "update", "timeout", "tables"):
            assert c._receive(t.text(kind))
        got = {f.t: f for f in c.poll()}
        assert set(got) == {"welcome", "lobby", "sync", "update", "timeout", "tables"}
        assert got["sync"].d["settings"]["bank_minutes"] == 1 and 0 < got["sync"].d["clock"]["left"][0] <= 70_000
        assert got["update"].d["clock"]["running"] in (0, 1) and got["lobby"].d["settings"]["hints"] is True
    finally:
        c._loop.close()


def test_hostile_clocks_and_settings_are_dropped_and_the_next_frame_still_arrives():
    t = TableFrames("clans", moves=3, settings=BANK)
    clock, settings = t.data("sync")["clock"], t.data("lobby")["settings"]
    hostile = {
        "a clock of three seats": t.text("update", clock={"left": [1, 2, 3], "running": 0}),
        "a clock of one seat in a sync": t.text("sync", clock={"left": [1], "running": 0}),
        "a negative time": t.text("update", clock={**clock, "left": [-1, 5]}),
        "a time past a week": t.text("sync", clock={**clock, "left": [2**40, 5]}),
        "a float time": t.text("update", clock={**clock, "left": [1.5, 5]}),
        "a running seat 5": t.text("update", clock={**clock, "running": 5}),
        "a running seat 2 of 2": t.text("sync", clock={**clock, "running": 2}),
        "a running seat as text": t.text("update", clock={**clock, "running": "0"}),
        "a clock without running": t.text("update", clock={"left": [1, 2]}),
        "a clock as a list": t.text("update", clock=[1, 2]),
        "left as a mapping": t.text("sync", clock={"left": {"0": 1}, "running": None}),
        "a sundial clock": t.text("lobby", settings={**settings, "clock": "sundial"}),
        "hints as text": t.text("sync", settings={**settings, "hints": "yes"}),
        "a setting left out": t.text("lobby", settings={k: v for k, v in settings.items() if k != "timeout"}),
        "minutes beyond bounds": t.text("lobby", settings={**settings, "bank_minutes": 10**6}),
        "a settings text": t.text("lobby", settings="fast"),
        "a listed table's hostile settings": t.text("tables", tables=[{**t.data("lobby"), "settings": []}]),
        "a timeout of seat 7": t.text("timeout", by=7),
        "a timeout then draw": t.text("timeout", then="draw"),
    }
    c = _reader()
    try:
        assert c._receive(t.text("welcome")) and c._receive(t.text("sync"))
        assert [f.t for f in c.poll()] == ["welcome", "sync"]
        for name, text in hostile.items():
            assert c._receive(text), name
            assert c.poll() == [], f"{name} reached the app"
        assert c._receive(t.text("update")) and [f.t for f in c.poll()] == ["update"]
    finally:
        c._loop.close()
