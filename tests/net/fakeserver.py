"""A server that says what a test tells it to, for the client's tests against a hostile server: on
127.0.0.1, port 0, in a thread of its own. Its answers to requests are scripted (`answers`), and
`send` pushes any text at all to every connection; the valid frames come from a real `Room`
(`TableFrames`), so the crafted ones differ from what a real server sends in one field only."""
from __future__ import annotations

import asyncio
import contextlib
import copy
import json
import threading
from typing import Any

import pytest
import websockets
from websockets.asyncio.server import serve

from hexgames.core.saves import match_to_dict
from hexgames.net.client import MAX_INCOMING
from hexgames.net.frames import Frame, write
from hexgames.net.privacy import survey
from hexgames.net.room import Room, new_table
from hexgames.net.views import encode_state

TIMEOUT = 30.0


class FakeServer:
    """See the module docstring. `answers[t]` are the texts sent back to a request of type `t`."""

    def __init__(self) -> None:
        self.answers: dict[str, list[str]] = {}
        self.received: list[dict[str, Any]] = []
        self.port = 0
        self._conns: set[Any] = set()
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._stop: asyncio.Event | None = None
        self._thread = threading.Thread(target=self._run, name="fake-server", daemon=True)

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    def start(self) -> "FakeServer":
        self._thread.start()
        assert self._ready.wait(TIMEOUT)
        return self

    def stop(self) -> None:
        if self._stop is not None:
            self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(TIMEOUT)

    def connected(self) -> bool:
        return bool(self._conns)

    def send(self, *texts: str) -> None:
        """Send `texts` in order to every open connection (waits until the sockets took them)."""
        asyncio.run_coroutine_threadsafe(self._send(texts), self._loop).result(TIMEOUT)

    async def _send(self, texts: tuple[str, ...]) -> None:
        for ws in list(self._conns):
            with contextlib.suppress(websockets.ConnectionClosed):
                for text in texts:
                    await ws.send(text)

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._loop.run_until_complete(self._main())
        self._loop.close()

    async def _main(self) -> None:
        self._stop = asyncio.Event()
        async with serve(self._handle, "127.0.0.1", 0, max_size=None, compression=None) as server:
            self.port = server.sockets[0].getsockname()[1]
            self._ready.set()
            await self._stop.wait()

    async def _handle(self, ws: Any) -> None:
        self._conns.add(ws)
        try:
            async for raw in ws:
                request = json.loads(raw)
                self.received.append(request)
                for text in self.answers.get(request.get("t"), ()):
                    await ws.send(text)
        except websockets.ConnectionClosed:
            pass
        finally:
            self._conns.discard(ws)


class TableFrames:
    """The frames a real server sends about one two-seat table of `game` (`moves` moves in; with the
    table's own `settings`, such as a clock), as data to send as they are, or changed one field at a
    time (`text`)."""

    def __init__(self, game: str = "ingenious", moves: int = 2, started: bool = True,
                 settings: dict[str, Any] | None = None):
        import random

        record, _, _ = new_table(game, {}, ["human", "human"], 0, "Ann", True, [], settings)
        self.room = room = Room(record, survey(game))
        sat, _, _ = room.sit(None, "Bob")
        room.adopt(sat)
        room.online = {0: 1, 1: 1}
        if started:
            room.adopt(room.start(0))
            rng = random.Random(3)
            while len(room.match.moves) < moves:
                move = room.rules.random_move(room.match.state, rng)
                room.play(move, room.rules.play(room.match.state, move))
        self.game = game

    def data(self, kind: str, seat: int = 0) -> dict[str, Any]:
        """The data of the frame of type `kind` a real server would send `seat` now."""
        room = self.room
        made = {
            "welcome": lambda: {"code": room.code, "game": self.game, "seat": seat, "token": "a" * 32, "key": "b" * 32},
            "lobby": room.lobby, "sync": lambda: room.sync(seat), "update": lambda: room.update(seat),
            "presence": lambda: {"seats": room.seat_list()},
            "undo_asked": lambda: {"by": 1, "at": room.version, "waiting": [0]},
            "undo_done": lambda: {"done": False, "by": 1, "refused_by": 0},
            "chat": lambda: {"by": 1, "name": "Bob", "text": "hello"},
            "timeout": lambda: {"by": 1, "then": "computer"},
            "tables": lambda: {"tables": [room.lobby()]},
            "final": lambda: {"record": match_to_dict(room.match)},  # the whole game so far (a real one ends)
            "error": lambda: {"code": "stale", "reason": {"k": "net.error.stale", "x": "Stale.", "p": {}}, "re": 4},
        }[kind]()
        return json.loads(json.dumps(made))  # as the wire carries it: nothing shared with the room

    def text(self, kind: str, seat: int = 0, drop: tuple[str, ...] = (), **changes: Any) -> str:
        """The frame as text, without the fields in `drop` and with `changes` made."""
        d = copy.deepcopy(self.data(kind, seat))
        for name in drop:
            d.pop(name)
        d.update(changes)
        return write(Frame(kind, self.room.version, d))


def deep(levels: int) -> str:
    return "[" * levels + "]" * levels


def crafted(t: TableFrames, other: TableFrames) -> dict[str, str]:
    """Frames a hostile (or broken) server might send a seat of `t` after its welcome and sync."""
    seats = t.data("lobby")["seats"]
    sync_log = t.data("sync")["log"]
    a_move = t.room.match.moves[0]
    big = "x" * 1_000_000
    return {
        "lobby seats a text": t.text("lobby", seats="abcd"),
        "lobby seats numbers": t.text("lobby", seats=[1, 2]),
        "lobby seats ten": t.text("lobby", seats=seats * 5),
        "lobby seat kind unknown": t.text("lobby", seats=[{**seats[0], "kind": "robot"}, seats[1]]),
        "lobby seat name a megabyte": t.text("lobby", seats=[{**seats[0], "name": big}, seats[1]]),
        "lobby seat level long": t.text("lobby", seats=[{**seats[0], "kind": "ai", "level": "h" * 50}, seats[1]]),
        "lobby host not a seat": t.text("lobby", host=5),
        "lobby host a text": t.text("lobby", host="0"),
        "lobby of another game": other.text("lobby"),
        "lobby options a list": t.text("lobby", options=[1]),
        "presence seats numbers": t.text("presence", seats=[1, 2]),
        "presence of three seats": t.text("presence", seats=seats + seats[:1]),
        "presence seat online a text": t.text("presence", seats=[{**seats[0], "online": "yes"}, seats[1]]),
        "sync without you": t.text("sync", drop=("you",)),
        "sync of another seat": t.text("sync", you=1),
        "sync of another game": other.text("sync"),
        "sync view [1]": t.text("sync", view=[1]),
        "sync view a move": t.text("sync", view=encode_state(t.room.rules, a_move)),
        "sync view an empty state": t.text("sync", view={"o": "IngeniousState", "f": {}}),
        "sync view deep": t.text("sync", view=json.loads(deep(500))),
        "sync log by 99": t.text("sync", log=[{**sync_log[0], "by": 99}, *sync_log[1:]]),
        "sync log by 2 of 2 seats": t.text("sync", log=[{**sync_log[0], "by": 2}, *sync_log[1:]]),
        "sync log words not words": t.text("sync", log=[{**sync_log[0], "w": {"k": 5}}, *sync_log[1:]]),
        "sync chat by a text": t.text("sync", chat=[{"by": "x", "name": "Bob", "text": "hi"}]),
        "sync undo waiting a number": t.text("sync", undo={"by": 1, "at": 4, "waiting": 5}),
        "sync ply negative": t.text("sync", ply=-1),
        "update without view": t.text("update", drop=("view",)),
        "update view [1]": t.text("update", view=[1]),
        "update log by 5": t.text("update", log=[{"by": 5, "w": {"x": "a move"}}]),
        "update log a text": t.text("update", log="moves"),
        "chat by a text": t.text("chat", by="x"),
        "chat by 7": t.text("chat", by=7),
        "chat text a megabyte": t.text("chat", text=big),
        "chat name a megabyte": t.text("chat", name=big),
        "chat text a list": t.text("chat", text=["hi"]),
        "undo_asked without by": t.text("undo_asked", drop=("by",)),
        "undo_asked waiting 5": t.text("undo_asked", waiting=5),
        "undo_asked waiting seat 9": t.text("undo_asked", waiting=[9]),
        "undo_done without by": t.text("undo_done", drop=("by",)),
        "undo_done refused by a text": t.text("undo_done", refused_by="Ann"),
        "tables entry a number": t.text("tables", tables=[{"seats": 5}]),
        "tables entry a text": t.text("tables", tables=["x"]),
        "tables entry host not a seat": t.text("tables", tables=[{**t.data("lobby"), "host": 7}]),
        "tables a hundred and one": t.text("tables", tables=[t.data("lobby")] * 101),
        "error reason a text": t.text("error", reason="no"),
        "error reason blank not words": t.text("error", reason={"k": "a", "x": "b", "p": {"why": [1]}}),
        "welcome of an unknown game": t.text("welcome", game="chess"),
        "welcome code lower case": t.text("welcome", code="abcdef"),
        "final record a list": write(Frame("final", 5, {"record": [1]})),
        "type unknown": write(Frame("hack", 5, {})),
        "seq negative": write(Frame("chat", -1, t.data("chat"))),
        "seq a float": json.dumps({"t": "chat", "v": 1, "seq": 1.5, "d": t.data("chat")}),
        "data a list": json.dumps({"t": "chat", "v": 1, "seq": 1, "d": [1]}),
        "not JSON": "{",
        "NaN": '{"t":"chat","v":1,"seq":1,"d":{"by":1,"name":"Bob","text":NaN}}',
        "JSON nested as deep as MAX_INCOMING allows": deep((MAX_INCOMING - 100) // 2),
        "a binary frame": b"\x00\x01",
    }


# --- fixtures of the tests that use it -------------------------------------------------------------
@pytest.fixture(scope="module")
def table() -> TableFrames:
    return TableFrames("ingenious")


@pytest.fixture(scope="module")
def other() -> TableFrames:
    return TableFrames("clans")


@pytest.fixture
def server():
    s = FakeServer().start()
    yield s
    s.stop()
