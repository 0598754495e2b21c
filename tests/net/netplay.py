"""Helpers of the netplay tests: a server on 127.0.0.1 (port 0) that runs the privacy oracle on every
frame it sends, and players that drive real `Client`s the way the app will (poll, then act)."""
from __future__ import annotations

import random
import threading
import time
from typing import Any, Callable

from hexgames.ai.agents import view_moves
from hexgames.net.client import Client
from hexgames.net.frames import Frame, write
from hexgames.net.guard import AddressLimits
from hexgames.net.privacy import holds_secret_number, log_line_leaks, secret_numbers, view_leaks
from hexgames.net.room import Room
from hexgames.net.server import Limits, ServerThread
from hexgames.net.store import SqliteTableStore, TableStore

TIMEOUT = 60.0  # seconds any awaited frame may take on a loaded 2-core machine


class Auditor:
    """The server's audit hook: every frame sent to a seat or a spectator is checked against what
    that audience may know, while the server still holds the state it was built from: views by
    `view_leaks`, and every move sent in a log line to an audience that did not make it by
    `move_leaks`."""

    def __init__(self) -> None:
        self.problems: list[str] = []
        self.frames = 0
        self.views = 0
        self.moves = 0  # moves sent to an audience that did not make them, checked by `move_leaks`
        self.by_type: dict[str, int] = {}
        self.rng = random.Random(7)
        self.lock = threading.Lock()

    def __call__(self, room: Room, audience: int | None, frame: Frame) -> None:
        try:
            found = self.check(room, audience, frame)
        except Exception as e:  # noqa: BLE001 - a failing check is a finding, never a server crash
            found = [f"the audit failed: {e!r}"]
        with self.lock:
            self.frames += 1
            self.by_type[frame.t] = self.by_type.get(frame.t, 0) + 1
            self.problems += [f"{room.record.game} {room.code} {frame.t} to "
                              f"{'a spectator' if audience is None else f'seat {audience}'}: {p}" for p in found]

    def check(self, room: Room, audience: int | None, frame: Frame) -> list[str]:
        if frame.t == "final":
            return []  # the whole game, once it is over: public by then
        match, rules = room.match, room.rules
        numbers = set().union(*(secret_numbers(s, match.seed) for s in match.states))
        problems = ["holds the seed or an RNG state"] if holds_secret_number(write(frame), numbers) else []
        d = frame.d
        if frame.t in ("sync", "update") and d.get("view") is not None:
            self.views += 1
            before, move = (match.states[-2], match.moves[-1]) if frame.t == "update" else (None, None)
            problems += view_leaks(rules, room.policy, match.state, audience, room.seats, d["view"],
                                   match.states[0], self.rng, before, move)
        if frame.t in ("sync", "update"):
            k = len(match.moves)
            for i, line in zip(range(k - len(d["log"]), k), d["log"]):
                problems += self.check_line(room, audience, i, line)
        return problems

    def check_line(self, room: Room, audience: int | None, i: int, line: Any) -> list[str]:
        """Log line `i` as `privacy.log_line_leaks` judges it."""
        match = room.match
        if "m" in line and audience != match.mover(i):
            self.moves += 1
        problems = log_line_leaks(room.rules, match.states[i], match.moves[i], match.states[i + 1], match.mover(i),
                                  audience, room.seats, line, self.rng)
        return [f"log line {i}: {p}" for p in problems]


HONEST = AddressLimits(unlimited=frozenset({"127.0.0.1"}))  # the tests' players all come from 127.0.0.1


def start_server(where: Any, auditor: Auditor | None = None, trust_proxy: bool = False, tls: Any = None,
                 lister: bool = False, **limits: Any) -> ServerThread:
    """A server with its tables in `where` (a store, or the path of an SQLite file) on 127.0.0.1's
    free port (wss:// with a `tls` context; the public list read through a connection of its own
    with `lister`, as `serve` does) whose per-address limits spare 127.0.0.1, unless `address` says
    otherwise (the abuse tests bind each client to another 127.0.0.x)."""
    limits.setdefault("address", HONEST)
    store = where if isinstance(where, TableStore) else SqliteTableStore(where)
    second = SqliteTableStore(where) if lister and not isinstance(where, TableStore) else None
    server = ServerThread(store, ai_in_process=False, audit=auditor, limits=Limits(**limits),
                          trust_proxy=trust_proxy, tls=tls, lister=second)
    server.start()
    return server


class Player:
    """A client as the app drives it: frames drained by poll(), requests that never block."""

    def __init__(self, url: str | list[str], name: str, seed: int = 0, **client: Any):
        self.name = name
        self.client = Client(url, **client).start()
        self.frames: list[Frame] = []
        self.last: Frame | None = None  # the newest sync or update
        self.rng = random.Random(seed)

    def pump(self) -> list[Frame]:
        got = self.client.poll()
        for f in got:
            if f.t in ("sync", "update"):
                self.last = f
        self.frames += got
        return got

    def wait(self, predicate: Callable[[Frame], bool], timeout: float = TIMEOUT, start: int | None = None) -> Frame:
        """The first frame received from now on (or from frame number `start`) that satisfies
        `predicate`, waiting for it if need be."""
        start = len(self.frames) if start is None else start
        end = time.monotonic() + timeout
        while True:
            for f in self.frames[start:]:
                if predicate(f):
                    return f
            start = len(self.frames)
            if time.monotonic() > end:
                raise TimeoutError(f"{self.name}: no such frame; got {[(f.t, f.d.get('code')) for f in self.frames[-8:]]}")
            self.pump()
            time.sleep(0.005)

    def wait_type(self, kind: str, timeout: float = TIMEOUT) -> Frame:
        return self.wait(lambda f: f.t == kind, timeout)

    def first(self, kind: str) -> Frame:
        """The first frame of that kind ever received (waiting for it if none came yet)."""
        return self.wait(lambda f: f.t == kind, start=0)

    @property
    def seat(self) -> int | None:
        return self.client.seat

    def my_turn(self) -> bool:
        f = self.last
        return f is not None and f.d["state"] is not None and not f.d["over"] and f.d["to_move"] == self.seat \
            and f.seq == self.client.version

    def random_move(self) -> Any:
        assert self.last is not None
        rules, view = self.client.rules, self.last.d["state"]
        return self.rng.choice(list(view_moves(rules, view, self.seat, self.rng)))

    def close(self) -> None:
        self.client.close()


def to_move(players: list[Player]) -> Player:
    """The player whose turn it is, once its view has arrived (every move sent before is answered)."""
    end = time.monotonic() + TIMEOUT
    while True:
        for p in players:
            p.pump()
            if p.my_turn():
                return p
        assert time.monotonic() < end, "nobody's turn came"
        time.sleep(0.005)


def table(url: str, game: str, seats: int = 2, seed: int = 0, settings: dict[str, Any] | None = None,
          **client: Any) -> tuple[list[Player], str]:
    """A started table of `seats` human players (with the table's own `settings`; their `Client`s
    made with `client`); (players by seat, code)."""
    host = Player(url, "host", seed, **client)
    host.client.create(game, ["human"] * seats, name="Ann", settings=settings)
    host.wait_type("welcome")
    players = [host]
    for i in range(1, seats):
        p = Player(url, f"guest{i}", seed + i, **client)
        p.client.sit(host.client.code, name=f"P{i}")
        p.wait_type("welcome")
        players.append(p)
    host.client.start_game()
    for p in players:
        p.wait(lambda f: f.t == "sync" and f.d["started"], start=0)
    return sorted(players, key=lambda p: p.seat), host.client.code


def play_until(players: list[Player], done: Callable[[], bool], timeout: float = 120.0) -> int:
    """Each player plays a random legal move from its own view whenever it is its turn, until
    `done()`; returns the moves sent."""
    sent = 0
    end = time.monotonic() + timeout
    while not done():
        if time.monotonic() > end:
            raise TimeoutError(f"the game did not get there in time: {[where(p) for p in players]}")
        for p in players:
            p.pump()
            if p.my_turn():
                p.client.send_move(p.random_move())
                p.last = None  # wait for the view that follows before moving again
                sent += 1
        time.sleep(0.002)
    return sent


def where(p: Player) -> str:
    """What a stalled player last knew, for a timeout's message: its seat, the newest version it
    received, its newest view (version, seat to move, over) and its last frames, so a rare stall says
    why (a refused move, a view never sent, a version that ran ahead of the view)."""
    last = p.last
    view = None if last is None else (last.seq, last.d.get("to_move"), last.d.get("over"))
    recent = [(f.t, f.seq, f.d.get("code")) for f in p.frames[-6:]]
    return f"{p.name} seat {p.seat} version {p.client.version} view {view} frames {recent}"


def over(players: list[Player]) -> Callable[[], bool]:
    """Whether every one of `players` (seats or spectators) has been sent the finished game."""
    def done() -> bool:
        for p in players:
            p.pump()
        return all(any(f.t == "final" for f in p.frames) for p in players)
    return done


# --- online tables as the app drives them (RemoteTable) ----------------------------------------------
def pump_until(sessions: list[Any], done: Callable[[], bool], timeout: float = TIMEOUT) -> None:
    end = time.monotonic() + timeout
    while not done():
        for s in sessions:
            s.pump()
        assert time.monotonic() < end, "the server did not answer in time"
        time.sleep(0.005)


def started_sessions(server: ServerThread, game: str, seats: list[str],
                     settings: dict[str, Any] | None = None) -> tuple[list[Any], list[Frame], list[list[Frame]]]:
    """A table of `game` (with the table's own `settings`) whose human seats are taken by one
    `Session` each, started: (sessions, each one's first sync, the frames each received after it)."""
    from hexgames.net.session import Session

    url = f"ws://127.0.0.1:{server.port}"
    host = Session(Client(url).start(), "Ann")
    host.client.create(game, seats, name="Ann", settings=settings)
    pump_until([host], lambda: host.code is not None)
    sessions = [host]
    for i in range(1, seats.count("human")):
        guest = Session(Client(url).start(), f"P{i}")
        guest.client.sit(host.code, f"P{i}")
        pump_until([guest], lambda: guest.seat is not None)
        sessions.append(guest)
    syncs: dict[int, Frame] = {}
    later: dict[int, list[Frame]] = {k: [] for k in range(len(sessions))}

    def collect() -> bool:
        for k, s in enumerate(sessions):
            for f in s.pump():
                if f.t == "sync" and f.d.get("state") is not None:
                    syncs[k], later[k] = f, []
                elif k in syncs:
                    later[k].append(f)  # a computer may move at once
        return len(syncs) == len(sessions)

    host.client.start_game()
    end = time.monotonic() + TIMEOUT
    while not collect():
        assert time.monotonic() < end
        time.sleep(0.005)
    return sessions, [syncs[k] for k in range(len(sessions))], [later[k] for k in range(len(sessions))]


def started_tables(server: ServerThread, game: str, seats: list[str]) -> tuple[list[Any], list[list[Any]]]:
    """`started_sessions`, each as a RemoteTable (paced at 0), with the events each table told."""
    from hexgames.net.remote_table import RemoteTable

    sessions, syncs, later = started_sessions(server, game, seats)
    tables = [RemoteTable.from_sync(s, sync, later=rest) for s, sync, rest in zip(sessions, syncs, later)]
    events: list[list[Any]] = []
    for t in tables:
        t.pace = 0.0
        told: list[Any] = []
        t.listeners.append(told.append)
        events.append(told)
    return tables, events


def step(tables: list[Any]) -> None:
    for t in tables:
        t.receive()
        while t.poll_remote():
            pass


def settle(tables: list[Any], done: Callable[[], bool], timeout: float = TIMEOUT) -> None:
    end = time.monotonic() + timeout
    while not done():
        step(tables)
        assert time.monotonic() < end, "the tables did not settle in time"
        time.sleep(0.005)


def random_move(t: Any, rng: random.Random) -> Any:
    return rng.choice(list(view_moves(t.match.rules, t.match.state, t.seat, rng)))


def play_one(tables: list[Any], rng: random.Random) -> Any:
    """The player to move makes a random move; returns their table once every table has it."""
    settle(tables, lambda: any(t.can_act for t in tables) or all(t.match.is_over for t in tables))
    mover = next(t for t in tables if t.can_act)
    ply = len(mover.match.moves)
    assert mover.play(random_move(mover, rng)) is None
    settle(tables, lambda: all(len(t.match.moves) > ply for t in tables))
    return mover


def close(tables: list[Any]) -> None:
    for t in tables:
        t.close()


def round_trip(tables: list[Any], table: Any, told: list[Any]) -> None:
    """Everything `table` sent so far was handled by the server and everything sent back to it was
    taken: a chat line said now comes back after all of it (`told`: `table`'s events)."""
    from hexgames.net.remote_table import ChatSaid

    marker = f"mark {time.monotonic_ns()}"
    table.chat(marker)
    settle(tables, lambda: any(isinstance(e, ChatSaid) and e.text == marker for e in told))
