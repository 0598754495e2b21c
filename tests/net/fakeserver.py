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

import websockets
from websockets.asyncio.server import serve

from hexgames.core.saves import match_to_dict
from hexgames.net.frames import Frame, write
from hexgames.net.privacy import survey
from hexgames.net.room import Room, new_table

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
    """The frames a real server sends about one two-seat table of `game` (`moves` moves in), as
    data to send as they are, or changed one field at a time (`text`)."""

    def __init__(self, game: str = "ingenious", moves: int = 2, started: bool = True):
        import random

        record, _, _ = new_table(game, {}, ["human", "human"], 0, "Ann", True, [])
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
