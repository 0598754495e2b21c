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
- "error", and "undo_done" with a reason: `d["why"]`, the reason as a Reason the app translates.

Every frame from the server is read by `frames.read_server_frame` (each field the client reads
present, with its type and bounds), then checked against what the client knows of its table
(`_learn`): a table's frames only after a welcome, of the welcome's game, naming only the table's
seats, its views states of that game. A frame that fails is dropped in this thread with a warning
in the log, so the app keeps the last good data. Names and chat lines are cleaned and clipped like
the server's. If the app leaves more than MAX_WAITING frames (or MAX_WAITING_TEXT characters)
waiting, the client closes the connection and says why ("closed", why: "flooded").

A dropped connection is retried by itself (backoff up to MAX_BACKOFF seconds), at the next of the
server's addresses when it has several (the processes of one deployment: any of them serves any
table), and at once after a close with 1012 (the server restarts, or the table moved to another
process); the seat is resumed with its token (sent in the first frame, never in the URL) and the
last version seen, and the server answers with a fresh sync. Requests made while offline wait and go out after the resume; a move
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
import ssl
import threading
from typing import Any, Sequence

import websockets
from websockets.asyncio.client import connect

from hexgames import games
from hexgames.core.match import clean_name, decode_entry
from hexgames.core.protocol import Reason, clip, plain_json
from hexgames.net import frames
from hexgames.net.frames import Frame, FrameError
from hexgames.net.tls import refusal as tls_refusal
from hexgames.net.views import WireError, decode_reason, decode_state

log = logging.getLogger("hexgames.net.client")

MAX_INCOMING = 8 * 1024 * 1024  # a sync carries the whole log: far more than a client's frame
MAX_WAITING = 5000  # frames received and not yet taken by poll(): past it the client hangs up
MAX_WAITING_TEXT = 64 * 1024 * 1024  # characters of those frames, likewise
MAX_BACKOFF = 5.0
MOVED_WAIT = 0.05  # seconds before reconnecting after a close with 1012 (service restart: the table moved)
PING_EVERY = 20.0  # seconds without a request before a ping (the server closes silent connections)


class Client:
    """One connection to a server, on its own thread (see the module docstring)."""

    def __init__(self, url: str | Sequence[str], reconnect: bool = True, open_timeout: float = 5.0,
                 ping_every: float = PING_EVERY, ssl_context: ssl.SSLContext | None = None):
        self.urls = [url] if isinstance(url, str) else list(url)  # the server's addresses, tried in turn
        if not self.urls:
            raise ValueError("a client needs the address of a server")
        self._at = 0  # the address used now
        # for wss:// addresses: the certificates trusted (by default the system's, as a browser's)
        secure = any(u.startswith("wss://") for u in self.urls)
        self.ssl_context = (ssl_context or ssl.create_default_context()) if secure else None
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
        self._inbox: queue.Queue[tuple[Frame, int]] = queue.Queue()  # each frame with its length
        self._waiting = 0  # characters of the frames in the inbox
        self._waiting_lock = threading.Lock()
        self._flooded = False
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
                frame, size = self._inbox.get_nowait()
            except queue.Empty:
                return out
            if size:
                with self._waiting_lock:
                    self._waiting -= size
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
    def url(self) -> str:
        """Every address of the server, comma separated (what `places` keeps, `session` reads back)."""
        return ",".join(self.urls)

    @property
    def rules(self) -> Any:
        return games.get(self.game).rules if self.game else None

    # requests: each returns the frame's seq, which an "error" frame answering it names as "re"
    def list_tables(self) -> int:
        return self._request("list")

    def create(self, game: str, seats: list[str], name: str, options: dict[str, Any] | None = None,
               seat: int | None = None, listed: bool = True, settings: dict[str, Any] | None = None) -> int:
        """Host a table: `seats` as on the command line ("human", "ai:hard"); you take `seat` (the
        first human seat by default); `settings` are the table's own (`table_settings`: its clock,
        what a seat out of time does, hints), the defaults where left out."""
        extra: dict[str, Any] = {} if seat is None else {"seat": seat}
        if settings:
            extra["settings"] = dict(settings)
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
        return self._request("chat", text=text[:frames.MAX_CHAT])

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
            why, moved = "", False
            try:
                url = self.urls[self._at]
                async with connect(url, max_size=MAX_INCOMING, open_timeout=self.open_timeout, compression=None,
                                   ssl=self.ssl_context if url.startswith("wss://") else None) as ws:
                    if self._closing:  # close() came while connecting
                        break
                    self._ws = ws
                    backoff = 0.25
                    self._status("online")
                    self._rejoin()
                    sender = asyncio.ensure_future(self._send_loop(ws))
                    try:
                        async for raw in ws:  # once flooded, what still comes until the close is let go
                            if not self._flooded and not self._receive(raw):
                                self._flooded = True
                                asyncio.ensure_future(ws.close(1008, "too many messages waiting"))
                    finally:
                        sender.cancel()
                        with contextlib.suppress(asyncio.CancelledError, Exception):
                            await sender
                    why, moved = _closed(ws.close_reason), ws.close_code == 1012
            except (OSError, websockets.WebSocketException, asyncio.TimeoutError) as e:
                why = connection_problem(e)
            if self._flooded:
                why = _problem("flooded", "the server sent more than this app could take in")
            self._ws = None
            if self._closing or not self.reconnect or self._flooded:
                break
            self._status("reconnecting", why)
            self._at = (self._at + 1) % len(self.urls)
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._stopped.wait(), MOVED_WAIT if moved else backoff)
            backoff = backoff if moved else min(backoff * 2, MAX_BACKOFF)
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
        self._inbox.put((Frame("connection", self.version, {"state": state, "why": why}), 0))

    def _receive(self, raw: Any) -> bool:
        """Read a frame from the server and hand it to the app, or drop it with a warning (see the
        module docstring); False when the app leaves too much waiting: the connection is to close."""
        try:
            frame = frames.read_server_frame(raw)
        except FrameError as e:
            log.warning("a frame from the server was refused: %s", e)
            return True
        try:
            self._learn(frame)
        except Exception as e:  # noqa: BLE001 - whatever a hostile frame makes a reader raise, it is dropped
            log.warning("a %s frame from the server was refused: %s", frame.t, clip(str(e) or type(e).__name__, 200))
            return True
        if frame.t == "pong":
            return True
        with self._waiting_lock:
            if self._inbox.qsize() >= MAX_WAITING or self._waiting + len(raw) > MAX_WAITING_TEXT:
                log.warning("%d frames from the server are waiting: the connection closes", self._inbox.qsize())
                return False
            self._waiting += len(raw)
        if frame.t in ("sync", "update", "lobby", "welcome"):
            self.version = max(self.version, frame.seq) if frame.t != "sync" else frame.seq
        self._inbox.put((frame, len(raw)))
        return True

    def _learn(self, frame: Frame) -> None:
        """Check the frame against what the client knows of its table (raising WireError if it does
        not fit); keep the credentials and game of a welcome; decode views, words and the final game."""
        d, kind = frame.d, frame.t
        if kind in TABLE_FRAMES:
            self._check_table(kind, d)
        _clean_texts(kind, d)
        if kind == "welcome":
            games.get(d["game"])  # a game this client does not have is refused here, before anything is kept
            if d["code"] != self.code:
                self.seats = 0
            self.code, self.seat, self.game = d["code"], d["seat"], d["game"]
            if d.get("token"):
                self.token = d["token"]
            if d.get("key"):
                self.key = d["key"]
        elif kind in ("sync", "update"):
            d["state"] = None if d["view"] is None else self._state(d["view"])
            d["words"] = [decode_reason(line["w"]) for line in d["log"]]
            d["moves"] = [self._entry(line.get("m")) for line in d["log"]]
        elif kind == "final":
            d["match"] = self._whole(d["record"])
        elif kind == "undo_done" and d.get("reason") is not None:
            d["why"] = decode_reason(d["reason"])  # why the undo did not happen
        elif kind == "error":
            d["why"] = decode_reason(d["reason"])
            if d["code"] in ("auth", "no_table", "reopened"):
                self.token = self.key = None  # a refused credential is not offered again
            if d["code"] == "reopened":
                self.seat = None  # the host gave the seat back to whoever joins next
        if kind in ("lobby", "sync"):
            self.seats = len(d["seats"])

    def _check_table(self, kind: str, d: dict[str, Any]) -> None:
        """A frame about the table: only after a welcome, of its game and seat, naming its seats."""
        if self.game is None:
            raise WireError("no welcome came before it")
        if kind in ("lobby", "sync"):
            if d["game"] != self.game:
                raise WireError(f"it is of another game than the welcome's ({self.game})")
            if not any(len(d["seats"]) in mode.seats for mode in games.get(self.game).modes):
                raise WireError(f"{self.game} is not played by {len(d['seats'])} seats")
            if kind == "sync" and d["you"] != self.seat:
                raise WireError("it is the view of another seat than the welcome's")
        elif self.seats:
            if kind == "presence" and len(d["seats"]) != self.seats:
                raise WireError("it lists another number of seats than the table's")
            if any(seat >= self.seats for seat in frames.seats_named(kind, d)):
                raise WireError("it names a seat the table does not have")
            if frames.clock_seats(d) not in (None, self.seats):
                raise WireError("its clock times another number of seats than the table's")

    def _state(self, view: Any) -> Any:
        """The view on the wire as a state of the game, which its rules can read; else WireError."""
        info = games.get(self.game)
        rules = info.rules
        state = decode_state(rules, view)
        if not isinstance(state, state_class(info)):
            raise WireError(f"the view is not a state of {self.game}")
        try:
            rules.digest(state)
            rules.to_move(state)
        except Exception:  # noqa: BLE001 - a state the rules cannot read is not one
            raise WireError(f"the view is not a state of {self.game}") from None
        return state

    def _whole(self, record: dict[str, Any]) -> Any:
        """The whole game of a "final" frame, replayed like a save, or None if it does not check or
        is not this table's game."""
        from hexgames.core.saves import SaveError, match_from_dict

        try:
            whole = match_from_dict(record, games.get)
        except SaveError:
            return None
        return whole if whole.info.id == self.game and len(whole.seats) == self.seats else None

    def _entry(self, data: Any) -> Any:
        """A log line's move as a history entry, or None when it has none or none of this game."""
        if data is None:
            return None
        try:
            return decode_entry(self.rules, data, self.seats)
        except Exception:  # noqa: BLE001 - whatever the rules make of a move that is not one
            return None


TABLE_FRAMES = frozenset({"lobby", "sync", "update", "presence", "undo_asked", "undo_done", "chat", "final",
                          "timeout"})
_STATE_CLASSES: dict[int, tuple[Any, type]] = {}


def state_class(info: Any) -> type:
    """The class of the states of a game (`GameInfo`): what its `setup` makes (found once per rules)."""
    rules = info.rules
    found = _STATE_CLASSES.get(id(rules))
    if found is None or found[0] is not rules:
        seats = info.min_seats
        found = _STATE_CLASSES[id(rules)] = (rules, type(rules.setup(info.resolve_options({}, seats), seats, 0)))
    return found[1]


def _clean_texts(kind: str, d: dict[str, Any]) -> None:
    """Names and chat lines as the screens can show them: one line each, clipped (the server's are
    already so; another's may not be)."""
    seat_lists = [d["seats"]] if "seats" in d else [t["seats"] for t in d["tables"]] if kind == "tables" else []
    for seats in seat_lists:
        for seat in seats:
            seat["name"] = clean_name(seat["name"])
    for line in d["chat"] if kind == "sync" else [d] if kind == "chat" else []:
        line["name"], line["text"] = clean_name(line["name"]), clean_name(line["text"], frames.MAX_CHAT)


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
    secure = tls_refusal(error)  # before OSError: a refused certificate is one
    if secure is not None:
        return secure
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
