"""A connection to a hexgames server for the app: a thread running an asyncio loop, and a queue the
pygame loop drains each frame, so drawing never waits on the network.

From a pygame loop:

    client = Client("ws://192.168.1.5:8765").start()
    client.create("ingenious", ["human", "human"], name="Ann")  # or sit / resume / watch / list_tables
    ...each frame:
    for frame in client.poll():        # never blocks
        if frame.t == "sync": ...       # frame.d["state"]: this seat's view, a state of the game
    client.send_move(move)              # a move of the game (or its JSON); never blocks

`poll()` gives `frames.Frame(t, seq, d)`: the server's frames (see `server` and `room` for their
data), and "connection" frames the client makes itself, d = {"state": "online" | "reconnecting" |
"closed", "why": text}. The client adds what the screens need to what it received:
- "sync" and "update": `d["state"]`, the view as the game's state object (None before the start,
  or for a spectator of a game without a public view), `d["words"]`, the log lines as Reasons, and
  `d["moves"]`, aligned with them: each line's move as a history entry (a move of the game, or a
  `Resignation`), or None where the server did not send it (another seat's secret) or sent
  something that is not one;
- "final": `d["match"]`, the whole game replayed and checked like a save (`saves.match_from_dict`),
  or None if it does not check;
- "error": `d["why"]`, the reason as a Reason the app translates.

A dropped connection is retried by itself (backoff up to MAX_BACKOFF seconds); the seat is resumed
with its token (sent in the first frame, never in the URL) and the last version seen, and the server
answers with a fresh sync. Requests made while offline wait and go out after the resume; a move
that went out twice is refused by the server as stale, never played twice.
"""
from __future__ import annotations

import asyncio
import collections
import errno
import contextlib
import itertools
import logging
import queue
import socket
import threading
from typing import Any

import websockets
from websockets.asyncio.client import connect

from hexgames import games
from hexgames.core.match import decode_entry
from hexgames.core.protocol import Reason, clip, plain_json
from hexgames.net import frames
from hexgames.net.frames import Frame, FrameError
from hexgames.net.views import WireError, decode_reason, decode_state

log = logging.getLogger("hexgames.net.client")

MAX_INCOMING = 8 * 1024 * 1024  # a sync carries the whole log: far more than a client's frame
MAX_BACKOFF = 5.0
PING_EVERY = 20.0  # seconds without a request before a ping (the server closes silent connections)


class Client:
    """One connection to a server, on its own thread (see the module docstring)."""

    def __init__(self, url: str, reconnect: bool = True, open_timeout: float = 5.0, ping_every: float = PING_EVERY):
        self.url = url
        self.reconnect = reconnect
        self.open_timeout = open_timeout
        self.ping_every = ping_every
        # What the client knows of its table, written by the network thread, read by anyone.
        self.status = "connecting"
        self.code: str | None = None
        self.seat: int | None = None
        self.token: str | None = None
        self.key: str | None = None
        self.game: str | None = None
        self.seats = 0  # the table's seat count, from the last sync or lobby (resignations name a seat)
        self.version = 0  # the table's newest version received
        self.seen = 0  # the version of the newest view handed out by poll(): what moves are made at
        self._inbox: queue.Queue[Frame] = queue.Queue()
        self._outbox: collections.deque[str] = collections.deque()
        self._seq = itertools.count(1)
        self._loop = asyncio.new_event_loop()
        self._wake: asyncio.Event | None = None
        self._stopped: asyncio.Event | None = None
        self._ws: Any = None
        self._closing = False
        self._thread = threading.Thread(target=self._run, name="hexgames-net", daemon=True)

    # --- the pygame side ------------------------------------------------------------------------
    def start(self) -> "Client":
        self._thread.start()
        return self

    def poll(self) -> list[Frame]:
        """Every frame received since the last call; never blocks."""
        out = []
        while True:
            try:
                frame = self._inbox.get_nowait()
            except queue.Empty:
                return out
            if frame.t in ("sync", "update", "lobby"):
                self.seen = max(self.seen, frame.seq) if frame.t != "sync" else frame.seq
            out.append(frame)

    def close(self) -> None:
        """Close the connection and end the thread (waits a moment for both)."""
        self._closing = True
        if self._thread.is_alive():
            self._loop.call_soon_threadsafe(self._shut)
            self._thread.join(5)

    @property
    def rules(self) -> Any:
        return games.get(self.game).rules if self.game else None

    # requests: each returns the frame's seq, which an "error" frame answering it names as "re"
    def list_tables(self) -> int:
        return self._request("list")

    def create(self, game: str, seats: list[str], name: str, options: dict[str, Any] | None = None,
               seat: int | None = None, listed: bool = True) -> int:
        """Host a table: `seats` as on the command line ("human", "ai:hard"); you take `seat` (the
        first human seat by default)."""
        extra = {} if seat is None else {"seat": seat}
        return self._request("create", game=game, options=options or {}, seats=list(seats), name=name,
                             listed=listed, **extra)

    def sit(self, code: str, name: str, seat: int | None = None) -> int:
        extra = {} if seat is None else {"seat": seat}
        return self._request("sit", code=code.upper(), name=name, **extra)

    def resume(self, code: str, token: str, since: int = 0) -> int:
        self.code, self.token, self.version = code.upper(), token, since
        return self._request("resume", code=code.upper(), token=token, since=since)

    def watch(self, code: str, key: str) -> int:
        self.code, self.key, self.seat = code.upper(), key, None
        return self._request("watch", code=code.upper(), key=key, since=0)

    def set_seat(self, seat: int, spec: str) -> int:
        """The host: "open", or "ai:LEVEL", for a seat before the start."""
        return self._request("seat", seat=seat, spec=spec)

    def start_game(self) -> int:
        return self._request("start")

    def send_move(self, move: Any) -> int:
        """Play `move` (a move object of the game, or its JSON) on the view last handed out by poll()."""
        data = move if plain_json(move) else self.rules.encode(move)
        return self._request("move", move=data, at=self.seen)

    def resign(self) -> int:
        """Give up now, whoever is to move (the server refuses it in a game without resignation)."""
        return self._request("resign", at=self.seen)

    def ask_undo(self) -> int:
        return self._request("undo", at=self.seen)

    def consent(self, yes: bool) -> int:
        """Answer another player's undo request (the "undo_asked" frame's version is the one seen)."""
        return self._request("consent", yes=yes, at=self.seen)

    def chat(self, text: str) -> int:
        return self._request("chat", text=text[:200])

    def _request(self, kind: str, **d: Any) -> int:
        seq = next(self._seq)
        text = frames.client_frame(kind, seq, **d)
        self._loop.call_soon_threadsafe(self._queue, text)
        return seq

    # --- the network thread -----------------------------------------------------------------------
    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._wake = asyncio.Event()
        self._stopped = asyncio.Event()
        try:
            self._loop.run_until_complete(self._main())
        finally:
            self._loop.close()

    def _queue(self, text: str) -> None:
        self._outbox.append(text)
        if self._wake is not None:
            self._wake.set()

    def _shut(self) -> None:
        self._closing = True
        if self._stopped is not None:
            self._stopped.set()
        if self._wake is not None:
            self._wake.set()
        if self._ws is not None:
            asyncio.ensure_future(self._ws.close())

    async def _main(self) -> None:
        backoff = 0.25
        why: Any = ""
        while not self._closing:
            why = ""
            try:
                async with connect(self.url, max_size=MAX_INCOMING, open_timeout=self.open_timeout,
                                   compression=None) as ws:
                    if self._closing:  # close() came while connecting
                        break
                    self._ws = ws
                    backoff = 0.25
                    self._status("online")
                    self._rejoin()
                    sender = asyncio.ensure_future(self._send_loop(ws))
                    try:
                        async for raw in ws:
                            self._receive(raw)
                    finally:
                        sender.cancel()
                        with contextlib.suppress(asyncio.CancelledError, Exception):
                            await sender
                    why = _closed(ws.close_reason)
            except (OSError, websockets.WebSocketException, asyncio.TimeoutError) as e:
                why = connection_problem(e)
            self._ws = None
            if self._closing or not self.reconnect:
                break
            self._status("reconnecting", why)
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._stopped.wait(), backoff)
            backoff = min(backoff * 2, MAX_BACKOFF)
        self._status("closed", "" if self._closing else why)  # why it ended, unless we ended it

    def _rejoin(self) -> None:
        """After a reconnect: the seat (or the spectator's place) is taken back before anything else."""
        if self.code and self.token:
            first = frames.client_frame("resume", next(self._seq), code=self.code, token=self.token, since=self.version)
        elif self.code and self.key and self.seat is None:
            first = frames.client_frame("watch", next(self._seq), code=self.code, key=self.key, since=self.version)
        else:
            return
        pending = [t for t in self._outbox if '"t":"resume"' not in t and '"t":"watch"' not in t]
        self._outbox.clear()
        self._outbox.extend([first, *pending])

    async def _send_loop(self, ws: Any) -> None:
        """Send queued requests in order; a request stays queued until the socket took it."""
        assert self._wake is not None
        while True:
            while self._outbox:
                await ws.send(self._outbox[0])
                self._outbox.popleft()
            self._wake.clear()
            try:
                await asyncio.wait_for(self._wake.wait(), self.ping_every)
            except asyncio.TimeoutError:
                self._outbox.append(frames.client_frame("ping", next(self._seq)))

    def _status(self, state: str, why: Any = "") -> None:
        self.status = state
        self._inbox.put(Frame("connection", self.version, {"state": state, "why": why}))

    def _receive(self, raw: Any) -> None:
        try:
            frame = frames.read_server_frame(raw)
        except FrameError as e:
            log.warning("a frame from the server was not understood: %s", e)
            return
        d = frame.d
        try:
            self._learn(frame)
        except (WireError, KeyError, TypeError, ValueError) as e:
            log.warning("a %s frame from the server was not understood: %s", frame.t, e)
            return
        if frame.t == "pong":
            return
        if frame.t in ("sync", "update", "lobby", "welcome"):
            self.version = max(self.version, frame.seq) if frame.t != "sync" else frame.seq
        self._inbox.put(Frame(frame.t, frame.seq, d, frame.v))

    def _learn(self, frame: Frame) -> None:
        """Keep the credentials and game of a welcome; decode views, words and the final game."""
        d = frame.d
        if frame.t == "welcome":
            self.code, self.seat, self.game = d["code"], d["seat"], d["game"]
            games.get(self.game)  # a game this client does not have is refused here
            if d.get("token"):
                self.token = d["token"]
            if d.get("key"):
                self.key = d["key"]
        elif frame.t in ("sync", "update"):
            if frame.t == "sync":
                self.seats = len(d["seats"])
            d["state"] = None if d.get("view") is None else decode_state(self.rules, d["view"])
            d["words"] = [decode_reason(line["w"]) for line in d["log"]]
            d["moves"] = [self._entry(line.get("m")) for line in d["log"]]
        elif frame.t == "lobby":
            self.seats = len(d["seats"])
        elif frame.t == "final":
            from hexgames.core.saves import SaveError, match_from_dict

            try:
                d["match"] = match_from_dict(d["record"], games.get)
            except SaveError:
                d["match"] = None
        elif frame.t == "error":
            d["why"] = decode_reason(d["reason"])
            if d.get("code") == "auth":
                self.token = self.key = None  # a refused credential is not offered again

    def _entry(self, data: Any) -> Any:
        """A log line's move as a history entry, or None when it has none or none of this game."""
        if data is None:
            return None
        try:
            return decode_entry(self.rules, data, self.seats)
        except ValueError:
            return None


def connection_problem(error: BaseException) -> Reason:
    """Why a connection could not be made or was lost, in words the player's language has (the
    system's own message is English, and says little to a player)."""
    if isinstance(error, ConnectionRefusedError):
        return _problem("refused", "nothing answers on that port")
    if isinstance(error, socket.gaierror):
        return _problem("unknown_host", "no computer has that name")
    if isinstance(error, (asyncio.TimeoutError, TimeoutError)):
        return _problem("timeout", "no answer in time")
    if isinstance(error, websockets.InvalidHandshake):
        return _problem("not_hexgames", "what answers there is not a hexgames server")
    if isinstance(error, websockets.ConnectionClosed):
        return _closed(error.rcvd.reason if error.rcvd else "")
    if isinstance(error, OSError) and error.errno is not None:
        return _problem("network", "the network said no ({code})", code=errno_name(error.errno))
    return _problem("lost", "the connection was lost")


def _closed(reason: str) -> Reason:
    """A connection the server closed, with its words (a server's reason is short English text)."""
    if not reason:
        return _problem("lost", "the connection was lost")
    return _problem("closed", "the server closed it: {why}", why=clip(reason, 120))


def _problem(key: str, text: str, **params: Any) -> Reason:
    return Reason(f"net.connection.{key}", text, **params)


def errno_name(number: int) -> str:
    return errno.errorcode.get(number, str(number))
