"""Several `hexgames serve` processes sharing their tables through a real Redis and one store: a table
joined through either process, its owner killed with SIGKILL, every process restarted in turn, a
stale owner's writes refused, Redis gone and back, hostile messages on the bus. Every game is
checked against the store at its end: each move the players were told of is stored, at its ply,
once (`check_history`)."""
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
import redis

from hexgames import games
from hexgames.core.match import encode_entry
from hexgames.net.bus import RedisBus, write_message, Inbound
from hexgames.net.server import ServerThread
from hexgames.net.store import open_store
from tests.net.netplay import TIMEOUT, Player, over, play_until, to_move
from tests.services import free_port

pytestmark = pytest.mark.cluster


class Serve:
    """One `hexgames serve` process on a fixed port of its own (so it can be started again there)."""

    def __init__(self, folder: Path, name: str, db: str, bus: str, *extra: str):
        self.log = folder / f"{name}.log"
        self.db, self.bus, self.extra = db, bus, extra
        self.port = free_port()
        self.url = f"ws://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[str] | None = None
        self.id = ""
        self.start()

    def start(self) -> None:
        with self.log.open("a") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "hexgames", "serve", "--port", str(self.port), "--db", str(self.db),
                 "--bus", self.bus, *self.extra], stdout=subprocess.PIPE, stderr=log, text=True)
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        found = re.search(r"process ([0-9a-f]+)", line)
        assert found, f"serve did not start: {line!r}; {self.log.read_text()[-2000:]}"
        self.id = found.group(1)

    def signal(self, sig: int) -> None:
        assert self.proc is not None
        os.kill(self.proc.pid, sig)

    def wait(self) -> int:
        assert self.proc is not None
        return self.proc.wait(60)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGCONT)
            self.proc.kill()
            self.proc.wait(60)

    def said(self) -> str:
        return self.log.read_text()


@pytest.fixture(params=["postgres"])
def db(request, tmp_path):
    """The store every process shares: a PostgreSQL database of the test's own (the deployment the
    README describes); a test that names `sqlite` too runs again on one SQLite file in WAL mode,
    which processes on one machine may share."""
    if request.param == "sqlite":
        return str(tmp_path / "tables.sqlite3")
    return request.getfixturevalue("postgres_url")


@pytest.fixture
def cluster(tmp_path, redis_url, db):
    """Start `serve` processes on the shared store and the test's Redis: `cluster("a", "b")`."""
    started: list[Serve] = []

    def start(*names: str, extra: tuple[str, ...] = ()) -> list[Serve]:
        out = [Serve(tmp_path, name, db, redis_url, *extra) for name in names]
        started.extend(out)
        return out

    yield start
    for s in started:
        s.stop()


@pytest.fixture
def players():
    made: list[Player] = []

    def make(urls: list[str], name: str, seed: int = 0) -> Player:
        p = Player(urls, name, seed, ping_every=3600.0)  # silent while waiting: only the server moves it
        made.append(p)
        return p

    yield make
    for p in made:
        p.close()


def started_table(make, game: str, host_urls: list[str], guest_urls: list[str]) -> tuple[list[Player], str]:
    host = make(host_urls, "host")
    host.client.create(game, ["human", "human"], name="Ann")
    host.wait_type("welcome")
    guest = make(guest_urls, "guest", 1)
    guest.client.sit(host.client.code, name="Bob")
    guest.wait_type("welcome")
    host.client.start_game()
    for p in (host, guest):
        p.wait(lambda f: f.t == "sync" and f.d["started"], start=0)
    return sorted([host, guest], key=lambda p: p.seat), host.client.code


def at_ply(players: list[Player], ply: int) -> None:
    play_until(players, lambda: any(p.last is not None and p.last.d["ply"] >= ply for p in players))


def back(players: list[Player], marks: list[int]) -> None:
    """Each player reconnected on its own and was sent the table again (a sync after `marks`)."""
    for p, mark in zip(players, marks):
        p.wait(lambda f: f.t == "sync", start=mark)


def stored(db: str, code: str) -> Any:
    """The table as the store holds it now (read through the store's own guarded reader)."""
    store, _ = open_store(db)
    try:
        return store.load_table(code)
    finally:
        store.close()


def check_history(db: str, code: str, players: list[Player]) -> None:
    """The finished game as the store holds it is the game the players were sent: the final record's
    moves are the stored ones, and every move a player was shown (a log line with its move) is the
    stored move at that ply: none lost, none played twice (a ply holds one move)."""
    record = stored(db, code)
    assert record is not None and record.finished
    rules = games.get(record.game).rules
    final = players[0].first("final").d["match"]
    assert final is not None and [encode_entry(rules, m) for m in final.moves] == record.moves
    shown = 0
    for p in players:
        for f in p.frames:
            if f.t == "update":
                line = f.d["log"][-1]
                if "m" in line:
                    assert record.moves[f.d["ply"] - 1] == line["m"], f"ply {f.d['ply']} differs from the store"
                    shown += 1
    assert shown >= len(record.moves)  # each move was shown to at least one player


def lease(url: str, code: str) -> str | None:
    client = redis.Redis.from_url(url)
    try:
        value = client.get(f"hx:lease:{code}")
        return value.decode() if value else None
    finally:
        client.close()


def errors(p: Player) -> list[str]:
    return [f.d["code"] for f in p.frames if f.t == "error"]


# --- the tests --------------------------------------------------------------------------------------
@pytest.mark.parametrize("db", ["postgres", "sqlite"], indirect=True)
def test_a_table_created_through_one_process_is_joined_through_the_other_and_played_to_the_end(
        cluster, players, redis_url, tmp_path, db):
    a, b = cluster("a", "b")
    hostile = redis.Redis.from_url(redis_url)
    for process in (a, b):  # a peer gone wrong: each message is dropped and named; the tables play on
        for channel in (f"hx:in:{process.id}", f"hx:out:{process.id}"):
            for raw in (b"\xff", "[" * 5000, '{"k": "in"}', '{"k": "out", "c": 1, "x": 5}', "x" * 100):
                hostile.publish(channel, raw)
        hostile.publish(f"hx:in:{process.id}", write_message(Inbound(5, "0123456789abcdef", "", '{"t": "move"}')))
    hostile.close()
    table, code = started_table(players, "clans", [a.url], [b.url])
    watcher = players([b.url], "watcher")
    watcher.client.watch(code, table[0].client.key if table[0].client.key else table[1].client.key)
    watcher.wait_type("sync")
    play_until(table, over(table + [watcher]))
    assert lease(redis_url, code) == a.id  # the table stayed at the process that created it
    check_history(db, code, table)
    assert all(errors(p) == [] for p in table)
    for process in (a, b):
        assert process.said().count("a message from the bus was dropped") >= 10


def test_the_owner_killed_mid_game_the_game_is_finished_through_the_other(cluster, players, redis_url, db):
    a, b = cluster("a", "b")
    table, code = started_table(players, "clans", [a.url, b.url], [b.url, a.url])  # host at a, guest relayed
    host = next(p for p in table if p.name == "host")
    play_until(table, lambda: to_move(table) is host and host.last.d["ply"] >= 6)  # the guest sends nothing now
    marks = [len(p.frames) for p in table]
    a.signal(signal.SIGKILL)
    a.wait()
    back(table, marks)  # the host from its lost connection, the guest sent on by b (its owner is gone)
    assert lease(redis_url, code) == b.id
    play_until(table, over(table))
    check_history(db, code, table)


def test_a_table_nobody_is_at_goes_on_at_another_process_when_its_owner_is_killed(
        cluster, players, redis_url, db):
    a, b = cluster("a", "b", extra=("--away", "2"))  # the computer plays a seat its player left 2 s ago
    host = players([a.url], "host")
    host.client.create("dotlines", ["human", "ai:easy"], name="Ann")
    host.wait_type("welcome")
    host.client.start_game()
    host.wait(lambda f: f.t == "sync" and f.d["started"], start=0)
    code = host.client.code
    r = redis.Redis.from_url(redis_url)
    end = time.monotonic() + TIMEOUT
    while not r.sismember(f"hx:tables:{a.id}", code):  # a told the others it holds a started table
        assert time.monotonic() < end, "the table was not listed as a's"
        time.sleep(0.05)
    r.close()
    host.close()  # nobody at the table: in 2 s the computer is to play the host's seat too
    a.signal(signal.SIGKILL)
    a.wait()
    while not stored(db, code).finished:  # b's sweeper adopts the table and the computer finishes it
        assert time.monotonic() < end + TIMEOUT, "the table was not adopted"
        time.sleep(0.1)
    record = stored(db, code)
    assert record.version == 1 + len(record.moves)  # the start, then each move stored once
    assert f"table {code}: adopted from a process that is gone" in b.said()
    assert f"table {code}: over after {len(record.moves)} moves" in b.said()


def test_a_rolling_restart_during_a_game_is_only_a_reconnect(cluster, players, db):
    a, b = cluster("a", "b")
    table, code = started_table(players, "dotlines", [a.url, b.url], [b.url, a.url])
    for process, ply in ((a, 4), (b, 10)):
        at_ply(table, ply)
        marks = [len(p.frames) for p in table]
        process.signal(signal.SIGTERM)  # leases let go, every connection closed with 1012
        assert process.wait() == 0
        back(table, marks)
        process.start()  # on its own port again
    play_until(table, over(table))
    check_history(db, code, table)
    assert all(errors(p) == [] for p in table)  # nothing but a reconnect was noticed


def test_a_stale_owner_is_refused_by_the_store_and_its_players_are_sent_on(cluster, players, redis_url, db):
    a, b = cluster("a", "b")
    table, code = started_table(players, "clans", [a.url, b.url], [a.url, b.url])  # both at a
    at_ply(table, 4)
    mover = to_move(table)
    stale_move = mover.random_move()
    a.signal(signal.SIGSTOP)  # a stops renewing its lease without knowing it
    try:
        end = time.monotonic() + TIMEOUT
        while lease(redis_url, code) is not None:
            assert time.monotonic() < end, "the lease did not lapse"
            time.sleep(0.1)
        again = players([b.url], "again", 5)  # the mover comes back through b, which takes the table
        again.client.resume(code, mover.client.token, 0)
        again.wait_type("sync")
        to_move([again])
        ply = again.last.d["ply"]
        again.client.send_move(again.random_move())
        moved = again.wait(lambda f: f.t == "update")
        assert moved.d["ply"] == ply + 1
        again.close()
        marks = [len(p.frames) for p in table]
        mover.client.send_move(stale_move)  # waits in a's socket: a plays it on its stale copy
    finally:
        a.signal(signal.SIGCONT)
    back(table, marks)  # sent on (1012) and resumed at b, at the table as b holds it
    assert all(p.wait(lambda f: f.t == "sync", start=m).d["ply"] >= ply + 1 for p, m in zip(table, marks))
    assert re.search(rf"table {code}: (its stored version is|process {b.id} holds it|another process holds)", a.said())
    play_until(table, over(table))
    check_history(db, code, table + [again])


def test_redis_stopped_and_started_mid_game(cluster, players, redis_server, db):
    a, b = cluster("a", "b")
    table, code = started_table(players, "clans", [a.url], [b.url])  # the host at the owner, the guest relayed
    host = next(p for p in table if p.client.url == a.url)
    guest = next(p for p in table if p is not host)
    play_until(table, lambda: to_move(table) is host and host.last.d["ply"] >= 2)
    marks = [len(p.frames) for p in table]
    try:
        redis_server.stop()
        guest.wait(lambda f: f.t == "error" and f.d["code"] == "bus", start=marks[1])  # told in words, retrying
        ply = host.last.d["ply"]
        host.client.send_move(host.random_move())  # the owner still stores: its table plays on
        assert host.wait(lambda f: f.t == "update", start=marks[0]).d["ply"] == ply + 1
    finally:
        redis_server.start()
    back([guest], [len(guest.frames)])  # the guest's retries reach the owner again
    play_until(table, over(table))
    check_history(db, code, table)
    assert "Redis cannot be reached" in a.said() and "can be reached again" in b.said()


def test_a_stale_owner_s_move_is_refused_by_the_version_check(redis_url, players, db):
    """In one process, deterministically: server a stops renewing, its lease lapses, b takes the
    table and a move is made there; a's next write is refused by the store, and a sends its player on."""
    a = ServerThread(open_store(db)[0], ai_in_process=False, bus=RedisBus(redis_url))
    b = ServerThread(open_store(db)[0], ai_in_process=False, bus=RedisBus(redis_url))
    a.start()
    b.start()
    try:
        url_a, url_b = f"ws://127.0.0.1:{a.port}", f"ws://127.0.0.1:{b.port}"
        table, code = started_table(players, "clans", [url_a, url_b], [url_a, url_b])
        at_ply(table, 2)
        a.call(lambda: [task.cancel() for task in a.server.cluster._loops])  # a renews nothing from now on
        r = redis.Redis.from_url(redis_url)
        r.delete(f"hx:lease:{code}")  # as if it lapsed
        r.close()
        mover = to_move(table)
        stale_move = mover.random_move()
        again = players([url_b], "again", 5)
        again.client.resume(code, mover.client.token, 0)
        again.wait_type("sync")
        to_move([again])
        again.client.send_move(again.random_move())
        again.wait(lambda f: f.t == "update")
        mark = len(mover.frames)
        mover.client.send_move(stale_move)
        assert mover.wait(lambda f: f.t == "error", start=mark).d["code"] == "store"  # refused: not stored
        synced = mover.wait(lambda f: f.t == "sync", start=mark)  # sent on, and back at b's table
        assert synced.d["ply"] == again.last.d["ply"]
        assert a.call(lambda: code not in a.server.rooms)
        play_until(table, over(table))
        check_history(db, code, table + [again])
    finally:
        a.stop()
        b.stop()
