"""The hexgames server: asyncio on `websockets`, the only place the rules of an online table run.

Every frame from a client is read by `frames.read_client_frame` (size, JSON, schema) before anything
else; a frame that fails gets a short error and is dropped, and a connection that keeps sending bad
frames, floods, or stays silent is closed; each client address has limits of its own (`guard`:
connections, tables an hour, requests a second across its connections, wrong codes a minute), and a
share of the connections is kept for players taking their seat back. Each request is then asked
of the table's `Room`, stored (`TableStore`, one transaction, on the store's own thread:
`StoreRunner`), and only then made part of the table, whose audiences each get the frame built from
their own view. A table's changes are made one at a time (`Server.lock`): check, store, apply,
with nothing of the same table in between.
Chance and the RNG stay in the room's match.

AI seats, and the seats of players away longer than `Limits.away_after`, are played by the agents in
an executor (a worker process by default), so the event loop and every other table keep going while
an AI thinks; an answer that arrives after the table moved on is dropped.

The server listens at once; a table is loaded from the store when it is first asked for, and the
started tables nobody asks for (an AI to move, an away seat to play) are loaded by a sweeper in the
background (`cluster`), so a server killed at any instant and started again resumes every table at
its last stored move, and serves its first table without waiting for the others. Several processes
share their tables through a bus (`bus`, `cluster`): each table has one owner process, and a player
connected to another process is relayed to it. Each game's wire policy is shipped with the release
(`policies`); a game the file does not name is surveyed at first need.

Turn clocks (a table's settings may have one): each change works out the clock it leads to, stores
it with the change, and sets the table's alarm for when the seat to move runs out of time
(`_arm`); the alarm tells everyone ("timeout") and the seat resigns, or the computer plays its move
(`check_clock`). The time source is injectable (`now`), so tests need not wait for real seconds.
"""
from __future__ import annotations

import asyncio
import concurrent.futures as futures
from concurrent.futures.process import BrokenProcessPool
import contextlib
import gc
import logging
import multiprocessing as mp
import secrets
import signal
import ssl
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Awaitable, Callable

import websockets
from websockets.asyncio.server import ServerConnection, serve

from hexgames.ai.worker import decide, exit_with_parent
from hexgames.core.match import encode_entry
from hexgames.core.protocol import Reason
from hexgames.net import frames, policies
from hexgames.net.bus import Bus, BusDown, LocalBus
from hexgames.net.cluster import Cluster, Elsewhere, Relay
from hexgames.net.frames import Frame, FrameError
from hexgames.net.guard import (FULL, TOO_MANY_REQUESTS, AddressLimits, Bucket, Guard, client_address, origin)
from hexgames.net.listing import SCANNED, PublicList, fair
from hexgames.net.privacy import WirePolicy, survey
from hexgames.net.room import Room, RoomError, new_table, record_lobby
from hexgames.net.store import StoreError, StoreRunner, StoreUnavailable, TableStore
from hexgames.net.views import encode_reason

log = logging.getLogger("hexgames.net")
STORE_NAME = "tables.sqlite3"

AI_RETRY_SECONDS = 2.0  # after the store refused a computer's move (the database away), before it is asked again
ANYONE = frozenset({"list", "create", "sit", "resume", "watch", "ping"})  # before a seat is held
SEATED = frozenset({"list", "seat", "start", "move", "resign", "undo", "consent", "chat", "ping"})
WATCHING = frozenset({"list", "ping"})


@dataclass(frozen=True)
class Limits:
    """What one connection and the whole server may use."""

    rate: float = 20.0  # frames a second per connection, sustained
    burst: int = 40  # frames at once above the rate before refusals start
    flood: int = 100  # frames refused in a row before the connection is closed
    bad_frames: int = 10  # malformed frames before the connection is closed
    hello_timeout: float = 10.0  # seconds for a new connection's first frame
    idle_timeout: float = 120.0  # seconds of silence before a connection is closed (clients ping)
    max_connections: int = 1000
    max_tables: int = 10000
    away_after: float = 300.0  # seconds a player may be away before the AI plays their seat
    outbox: int = 512  # frames waiting for a slow client before it is dropped
    reserve: float = 0.1  # of max_connections, kept for players resuming a seat (or watching)
    list_every: float = 2.0  # seconds the public list is kept before it is read from the store again
    refuse_after: float = 1.0  # seconds a connection over its address's limit is held before it is refused
    address: AddressLimits = AddressLimits()  # what one client address may use (`guard`)


@dataclass(eq=False)
class Connection:
    ws: ServerConnection
    limits: Limits
    address: str = ""  # the client's, as its limits are counted (`guard.client_address`)
    reserved: bool = False  # let in on the reserve: its first request must take a seat back
    closing: Reason | None = None  # why it closes once the frames waiting for it are sent
    room: Room | None = None
    seat: int | None = None  # None with a room: a spectator
    bucket: Bucket = field(default_factory=lambda: Bucket(0.0, time.monotonic()))
    refused: int = 0
    slowed: int = 0  # requests in a row refused for its address's rate
    bad: int = 0
    outbox: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    relay: Relay | None = None  # a player whose table another process owns: where its frames go

    def __post_init__(self) -> None:
        self.bucket.tokens = float(self.limits.burst)

    def allow(self) -> bool:
        """The rate limit: a token bucket of `burst` tokens refilled at `rate` a second."""
        if self.bucket.take(time.monotonic(), self.limits.rate, self.limits.burst):
            self.refused = 0
            return True
        self.refused += 1
        return False


# What the server reports of each frame it sends, when asked (tests and benchmarks check privacy):
# (room, audience seat or None for spectators, frame).
AuditHook = Callable[[Room, "int | None", Frame], None]


class Server:
    """The tables, the connections and the AI of one server process."""

    def __init__(self, store: TableStore, limits: Limits = Limits(), ai_in_process: bool = True,
                 audit: AuditHook | None = None, now: Callable[[], float] = time.monotonic,
                 bus: Bus | None = None, trust_proxy: bool = False, origin_key: bytes | None = None,
                 tls: ssl.SSLContext | None = None, lister: TableStore | None = None):
        self.store = store
        self.now = now  # the turn clocks' time source
        self.alarms: dict[str, asyncio.TimerHandle] = {}  # room code -> when its seat to move runs out
        self.db = StoreRunner(store)
        self.limits = limits
        self.audit = audit
        self.guard = Guard(limits.address)
        self.trust_proxy = trust_proxy  # the client's address is the one X-Forwarded-For ends with
        self.origin_key = origin_key or secrets.token_bytes(32)  # tables' `origin` (guard.origin)
        self.tls = tls  # serve wss:// with this certificate
        self.public = PublicList(limits.list_every)
        # the public list is read through `lister`, another connection to the same database on a
        # thread of its own, when there is one: a scan of thousands of rows never holds up a move
        self.lister = StoreRunner(lister) if lister is not None else self.db
        self.rooms: dict[str, Room] = {}
        self.connections: set[Connection] = set()
        self.held = 0  # connections over their address's limit, held a moment before they are refused
        self.members: dict[str, set[Connection]] = {}  # room code -> its connections
        self.policies: dict[str, asyncio.Future[WirePolicy]] = {}
        self.shipped = policies.load()  # each game's policy as the release surveyed it
        self.loading: dict[str, asyncio.Future[Room | None]] = {}  # tables being read from the store
        self.cluster = Cluster(self, bus or LocalBus())
        self.thinking: set[str] = set()  # codes of rooms whose AI move is being chosen
        self.locks: dict[str, asyncio.Lock] = {}  # room code -> its changes, one at a time
        self.pool: futures.Executor = (
            futures.ProcessPoolExecutor(1, mp_context=mp.get_context("spawn"), initializer=exit_with_parent)
            if ai_in_process else futures.ThreadPoolExecutor(1, thread_name_prefix="hexgames-ai"))
        self._server: Any = None
        self._ticker: asyncio.Task[None] | None = None
        # each request type's handler (the types a connection may send are checked first)
        self.handlers: dict[str, Callable[[Connection, Frame], Awaitable[None]]] = {
            "ping": self._on_ping, "list": self._on_list, "create": self._on_create, "sit": self._on_sit,
            "resume": self._on_resume, "watch": self._on_watch, "seat": self._on_seat, "start": self._on_start,
            "move": self._on_move, "resign": self._on_resign, "undo": self._on_undo, "consent": self._on_consent,
            "chat": self._on_chat}

    # --- starting and stopping ------------------------------------------------------------------
    async def start(self, host: str = "127.0.0.1", port: int = 8765) -> int:
        """Listen (the stored tables are loaded when asked for, and by the sweeper in the
        background); returns the port (useful with port 0)."""
        try:
            await self.cluster.start()
            self._server = await serve(self._connection, host, port, max_size=frames.MAX_FRAME, max_queue=16,
                                       compression=None, ping_interval=20, ping_timeout=20, ssl=self.tls)
        except BaseException:
            self.pool.shutdown(wait=False, cancel_futures=True)
            await self.cluster.bus.stop()
            raise
        self._ticker = asyncio.create_task(self._tick())
        self.cluster.run()
        return self._server.sockets[0].getsockname()[1]

    async def stop(self) -> None:
        """Stop accepting, let the tables' leases go and close every connection with 1012 (the
        players reconnect, to another process or to this one started again)."""
        if self._ticker:
            self._ticker.cancel()
        for alarm in self.alarms.values():
            alarm.cancel()
        if self._server:
            self._server.close(close_connections=False)
        await self.cluster.stop()
        if self._server:
            await self._server.wait_closed()
        self.pool.shutdown(wait=False, cancel_futures=True)
        await self.db.close()
        if self.lister is not self.db:
            await self.lister.close()

    def policy(self, game_id: str) -> asyncio.Future[WirePolicy]:
        """The game's wire policy: the shipped one, or surveyed once per process (off the event loop)."""
        if game_id not in self.policies:
            loop = asyncio.get_running_loop()
            if game_id in self.shipped:
                self.policies[game_id] = loop.create_future()
                self.policies[game_id].set_result(self.shipped[game_id])
            else:
                self.policies[game_id] = asyncio.ensure_future(loop.run_in_executor(self.pool, survey, game_id))
        return self.policies[game_id]

    # --- one connection ---------------------------------------------------------------------------
    async def _connection(self, ws: ServerConnection) -> None:
        address = client_address(ws.remote_address, ws.request.headers if ws.request else None, self.trust_proxy)
        if len(self.connections) >= self.limits.max_connections:
            await self._refuse(ws, 1013, FULL)
            return
        too_many = self.guard.connect(address, time.monotonic())
        if too_many is not None:
            await self._refuse_later(ws, too_many)
            return
        conn = Connection(ws, self.limits, address, len(self.connections) >= self._open_to_all())
        self.connections.add(conn)
        writer = asyncio.create_task(self._write(conn))
        try:
            timeout = self.limits.hello_timeout
            while True:
                raw = await asyncio.wait_for(ws.recv(), timeout)
                timeout = self.limits.idle_timeout
                if not conn.allow():
                    if conn.refused == 1:
                        self._error(conn, "rate", "Too many messages; slow down.")
                    if conn.refused >= self.limits.flood:
                        await ws.close(1008, "Too many messages.")
                        return
                    continue
                if not await self._address_allows(conn):
                    continue
                await self._frame(conn, raw)
                if conn.closing is not None:
                    return
        except (TimeoutError, asyncio.TimeoutError):
            await ws.close(1000 if conn.room or conn.relay else 1008, "Closed for silence.")  # a relayed player has a table too
        except websockets.ConnectionClosed:
            pass
        finally:
            conn.outbox.put_nowait(None)
            await writer
            if conn.closing is not None:
                await ws.close(1013, str(conn.closing)[:120])
            self.connections.discard(conn)
            self.guard.disconnect(address)
            self._detach(conn)

    def _open_to_all(self) -> int:
        """Connections past this many are let in on the reserve, kept for players taking a seat back."""
        return self.limits.max_connections - int(self.limits.max_connections * self.limits.reserve)

    async def _refuse(self, ws: ServerConnection, code: int, why: Reason) -> None:
        """Tell a connection why it cannot stay (in the player's language), and close it."""
        with contextlib.suppress(websockets.ConnectionClosed):
            await ws.send(frames.write(Frame("error", 0, {"code": why.key.rpartition(".")[2],
                                                          "reason": encode_reason(why), "re": None})))
        await ws.close(code, str(why)[:120])

    async def _refuse_later(self, ws: ServerConnection, why: Reason) -> None:
        """Refuse a connection over its address's limit after holding it `refuse_after` seconds
        (while no more than `max_connections` are held): an address that reconnects as fast as it
        can is refused at that pace, and each refusal's handshake is work the server does."""
        if self.held < self.limits.max_connections:
            self.held += 1
            try:
                await asyncio.sleep(self.limits.refuse_after)
            finally:
                self.held -= 1
        await self._refuse(ws, 1008, why)

    async def _address_allows(self, conn: Connection) -> bool:
        """Whether the connection's address may make a request now (its rate across all its
        connections). When not, the request is refused (said once in a row), and the connection is
        not read again until its address may: a flood from one address costs the server no work."""
        if self.guard.request(conn.address, time.monotonic()):
            conn.slowed = 0
            return True
        conn.slowed += 1
        if conn.slowed == 1:
            self._error(conn, "address_rate", TOO_MANY_REQUESTS)
        await asyncio.sleep(self.guard.wait(conn.address, time.monotonic()))
        return False

    async def _write(self, conn: Connection) -> None:
        """Send the connection's frames in order; a client too slow to take them is dropped."""
        while True:
            text = await conn.outbox.get()
            if text is None:
                return
            try:
                await conn.ws.send(text)
            except websockets.ConnectionClosed:
                return

    def _send(self, conn: Connection, text: str) -> None:
        if conn.outbox.qsize() >= self.limits.outbox:
            asyncio.ensure_future(conn.ws.close(1008, "Too slow to keep up."))
            return
        conn.outbox.put_nowait(text)

    async def _frame(self, conn: Connection, raw: str | bytes) -> None:
        if conn.relay is not None and isinstance(raw, str):  # its table is another process's
            await self.cluster.forward(conn, raw)
            return
        try:
            frame = frames.read_client_frame(raw)
        except FrameError as e:
            conn.bad += 1
            self._error(conn, e.code, e.reason, e.seq)
            if conn.bad >= self.limits.bad_frames:
                await conn.ws.close(1008, "Too many malformed messages.")
            return
        allowed = ANYONE if conn.room is None else SEATED if conn.seat is not None else WATCHING
        if frame.t not in allowed:
            self._error(conn, "not_now", "That request is not possible now.", frame.seq)
            return
        if conn.reserved and frame.t not in ("resume", "watch"):
            self._full(conn)  # the reserve is for players taking their seat back
            return
        try:
            await self.handlers[frame.t](conn, frame)
        except RoomError as e:
            self._error(conn, e.code, e.reason, frame.seq)
        except StoreUnavailable as e:  # the database is away: the player is told so; the table waits in memory
            log.error("store: %s", e)
            self._error(conn, "store", e.reason, frame.seq)
        except Elsewhere as e:
            await self.cluster.relay(conn, e.owner, frame.d["code"], raw)
        except BusDown:
            await self.cluster.refuse(conn, frame.t, frame.seq)
        except StoreError as e:
            log.error("store: %s", e)
            self._error(conn, "store", "The server could not store that; nothing changed.", frame.seq)
            if conn.room is not None:
                self.cluster.check_stale(conn.room)
        except Exception:  # noqa: BLE001 - a bug in one request must not end the connection or the server
            log.exception("request %s failed", frame.t)
            self._error(conn, "internal", "The server failed to do that; nothing changed.", frame.seq)
        if conn.reserved:
            conn.reserved = False
            if conn.room is None:  # the seat was not taken back: no room in the reserve
                self._full(conn)

    def _full(self, conn: Connection) -> None:
        """The connection was let in on the reserve for no seat: told, and closed after its frames."""
        self._error(conn, "server_full", FULL)
        conn.closing = FULL

    def _error(self, conn: Connection, code: str, reason: Any, seq: int | None = None) -> None:
        if not isinstance(reason, Reason):
            reason = Reason(f"net.error.{code}", str(reason))
        version = conn.room.version if conn.room else 0
        self._send(conn, frames.write(Frame("error", version, {"code": code, "reason": encode_reason(reason),
                                                               "re": seq})))

    # --- requests before a seat is held -----------------------------------------------------------
    async def _on_ping(self, conn: Connection, frame: Frame) -> None:
        self._send(conn, frames.write(Frame("pong", conn.room.version if conn.room else 0, {"re": frame.seq})))

    async def _on_list(self, conn: Connection, frame: Frame) -> None:
        tables = await self.public.get(time.monotonic(), self._public_list)
        self._send(conn, frames.write(Frame("tables", 0, {"tables": tables})))

    async def _public_list(self) -> list[dict[str, Any]]:
        """The open tables everyone may see, from the store (whichever process holds each), fair
        (`listing.fair`): a table held here is shown as it is now, another from its record."""
        records = await self.lister.run(self.lister.store.open_tables, SCANNED)
        tables = []
        for record in fair(records, len(records)):
            room = self.rooms.get(record.code)
            if room is not None and (room.started or not room.record.listed):
                continue
            tables.append(room.lobby() if room is not None else record_lobby(record))
            if len(tables) == frames.MAX_LISTED:
                break
        return tables

    async def _on_create(self, conn: Connection, frame: Frame) -> None:
        d = frame.d
        if len(self.rooms) >= self.limits.max_tables:
            raise RoomError("busy", "The server has no room for another table.")
        too_many = self.guard.create(conn.address, time.monotonic())
        if too_many is not None:
            raise RoomError("address_tables", too_many)
        record, token, key = new_table(d["game"], d.get("options", {}), d["seats"], d.get("seat"), d["name"],
                                       d.get("listed", True), self.rooms, d.get("settings"))
        record.origin = origin(conn.address, self.origin_key)
        policy = await self.policy(record.game)
        room = Room(record, policy, self.now)
        await self.cluster.claim_new(record.code)
        await self.db.run(self.store.create, record)
        self.rooms[record.code] = room
        self.public.forget()
        log.info("table %s: %s for %d created", record.code, record.game, len(record.seats))
        self._attach(conn, room, record.host, {"token": token, "key": key})

    async def _on_sit(self, conn: Connection, frame: Frame) -> None:
        room = await self._look_up(conn, frame.d["code"])
        async with self.lock(room):
            record, seat, token = room.sit(frame.d.get("seat"), frame.d["name"])
            await self.db.run(self.store.save_table, record)
            room.adopt(record)
        self._attach(conn, room, seat, {"token": token, "key": None})
        self._broadcast(room, "lobby", lambda audience: room.lobby())

    async def _on_resume(self, conn: Connection, frame: Frame) -> None:
        token = frame.d["token"]
        room = await self._look_up(conn, frame.d["code"], lambda room: room.seat_of(token) is not None)
        self._attach(conn, room, room.seat_of(token), {})

    async def _on_watch(self, conn: Connection, frame: Frame) -> None:
        room = await self._look_up(conn, frame.d["code"], lambda room: room.is_spectator_key(frame.d["key"]))
        self._attach(conn, room, None, {})

    async def _look_up(self, conn: Connection, code: str, opens: Callable[[Room], bool] | None = None) -> Room:
        """The table with that code, if the key given `opens` it (a seat's token, the spectators'
        key). No such table and a key that does not open it get one answer, which tells nothing of
        which codes exist; an address that got too many wrong lately is refused without a look-up."""
        refused = self.guard.codes_refused(conn.address, time.monotonic())
        if refused is not None:
            raise RoomError("wrong_codes", refused)
        room = await self._room(code)
        if room is None or (opens is not None and not opens(room)):
            self.guard.wrong_code(conn.address, time.monotonic())
            raise RoomError("no_table", "There is no table with that code, or that key does not open it.")
        return room

    async def _room(self, code: str) -> Room | None:
        """The table with that code: in memory, or read from the store (its lease taken first:
        Elsewhere when another process owns it), once however many ask for it at the same time."""
        room = self.rooms.get(code)
        if room is None:
            loading = self.loading.get(code)
            if loading is None:
                loading = self.loading[code] = asyncio.ensure_future(self._load_room(code))
                loading.add_done_callback(lambda _: self.loading.pop(code, None))
            room = await asyncio.shield(loading)
        return room

    async def _load_room(self, code: str) -> Room | None:
        """A table read from the store, made this process's: every human seat counts as away from
        now (the computer plays it after `away_after` unless its player comes back)."""
        await self.cluster.claim(code)
        room = None
        try:
            record = await self.db.run(self.store.load_table, code)
            if record is not None:
                room = Room(record, await self.policy(record.game), self.now)
        except StoreUnavailable:  # the database is away: the player is told so, and may ask again
            self.cluster.let_go(code)
            raise
        except Exception as e:  # noqa: BLE001 - a damaged row is refused like a missing one
            log.warning("table %s cannot be read: %s", code, e)
        if code in self.rooms:  # a table of that code was created here meanwhile: it stands
            return self.rooms[code]
        if room is None:
            self.cluster.let_go(code)
            return None
        self.rooms[code] = room
        now = time.monotonic()
        room.away_since.update((i, now) for i, seat in enumerate(room.record.seats) if seat.kind == "human")
        if room.clock_problem:
            log.warning("table %s: its clock could not be read (%s); every turn time starts afresh",
                        room.code, room.clock_problem)
        self._arm(room)
        self._ai_next(room)
        return room

    def _let_go(self, room: Room) -> None:
        """A finished table nobody is at leaves memory (it stays in the store until pruned): the
        server's memory, and the time its garbage collector takes, follow the tables in play."""
        if room.over and not self.members.get(room.code) and self.rooms.get(room.code) is room:
            del self.rooms[room.code]
            self.members.pop(room.code, None)
            self.locks.pop(room.code, None)
            self._arm(room)  # a finished table has no alarm
            self.cluster.let_go(room.code)

    def _attach(self, conn: Connection, room: Room, seat: int | None, secrets_: dict[str, Any]) -> None:
        """The connection now belongs to `seat` (None: a spectator) of `room`: welcome and sync it."""
        conn.room, conn.seat = room, seat
        self.members.setdefault(room.code, set()).add(conn)
        welcome = {"code": room.code, "game": room.record.game, "seat": seat, **secrets_}
        if seat is not None:
            room.online[seat] = room.online.get(seat, 0) + 1
            room.away_since.pop(seat, None)
            room.stand_in.discard(seat)
        self._send_to(conn, room, seat, Frame("welcome", room.version, welcome))
        self._send_to(conn, room, seat, Frame("sync", room.version, room.sync(seat)))
        if room.over:
            self._send_to(conn, room, seat, Frame("final", room.version, room.final()))
        self._presence(room)

    def _detach(self, conn: Connection) -> None:
        self.cluster.unrelay(conn)
        room, seat = conn.room, conn.seat
        conn.room = None
        if room is None:
            return
        self.members.get(room.code, set()).discard(conn)
        self._let_go(room)
        if seat is None:
            return
        room.online[seat] = max(0, room.online.get(seat, 0) - 1)
        if not room.online[seat]:
            room.away_since[seat] = time.monotonic()
        self._presence(room)

    # --- requests of a seat ---------------------------------------------------------------------
    def lock(self, room: Room) -> asyncio.Lock:
        """The lock a change of `room` is made under: checked, stored and applied with no other
        change of the same table in between (the store is awaited, so requests could interleave)."""
        return self.locks.setdefault(room.code, asyncio.Lock())

    async def _on_seat(self, conn: Connection, frame: Frame) -> None:
        room = self._seated(conn)
        seat = frame.d["seat"]
        async with self.lock(room):
            record = room.set_seat(conn.seat, seat, frame.d["spec"])
            reopened = room.is_taken_by_player(seat)
            await self.db.run(self.store.save_table, record)
            room.adopt(record)
        if reopened:
            self._send_away(room, seat)
        self._broadcast(room, "lobby", lambda audience: room.lobby())

    def _send_away(self, room: Room, seat: int) -> None:
        """The host reopened `seat`: its player is told, and no longer at the table (their key no
        longer holds the seat)."""
        for conn in [c for c in self.members.get(room.code, ()) if c.seat == seat]:
            self._error(conn, "reopened", "The host reopened your seat; you are no longer at this table.")
            self._detach(conn)
        room.online.pop(seat, None)
        room.away_since.pop(seat, None)

    async def _on_start(self, conn: Connection, frame: Frame) -> None:
        room = self._seated(conn)
        async with self.lock(room):
            record = room.start(conn.seat)
            await self.db.run(self.store.save_table, record)
            room.adopt(record)
        log.info("table %s: started", room.code)
        self._broadcast(room, "sync", room.sync)
        self._arm(room)
        self._ai_next(room)

    async def _on_move(self, conn: Connection, frame: Frame) -> None:
        room = self._seated(conn)
        async with self.lock(room):
            move, after = room.check_move(conn.seat, frame.d["move"], frame.d["at"])
            await self._play(room, move, after)

    async def _on_resign(self, conn: Connection, frame: Frame) -> None:
        room = self._seated(conn)
        async with self.lock(room):
            resignation, after = room.check_resign(conn.seat, frame.d["at"])
            await self._play(room, resignation, after)

    async def _play(self, room: Room, move: Any, after: Any) -> None:
        """Store a checked move or resignation, make it the table's, and send each audience its update
        (an AI still thinking about the table finds it moved on, and its answer is dropped). The
        caller holds the room's lock."""
        clock = room.clock_after_move(move, after)
        await self.db.run(self.store.add_move, room.code, len(room.match.moves), encode_entry(room.rules, move),
                          room.version + 1, room.rules.is_over(after), clock.to_json() if clock else None)
        pending = room.undo_request
        room.play(move, after, clock)
        self._broadcast(room, "update", room.update)
        if pending is not None:  # a player moved instead of answering: the request is over, and said so
            moved_on = {"done": False, "by": pending.by, "reason": encode_reason(Reason(
                "net.play.undo_moved_on", "The table moved on before everyone had answered the undo."))}
            self._broadcast(room, "undo_done", lambda audience: moved_on)
        if room.over:
            log.info("table %s: over after %d moves", room.code, len(room.match.moves))
            final = room.final()
            self._broadcast(room, "final", lambda audience: final)
            self._let_go(room)
        self._arm(room)
        self._ai_next(room)

    async def _on_undo(self, conn: Connection, frame: Frame) -> None:
        room = self._seated(conn)
        async with self.lock(room):
            request = room.ask_undo(conn.seat, frame.d["at"])
            self._broadcast(room, "undo_asked", lambda audience: request.to_json())
            await self._undo_if_agreed(room)

    async def _on_consent(self, conn: Connection, frame: Frame) -> None:
        room = self._seated(conn)
        async with self.lock(room):
            request = room.consent(conn.seat, frame.d["yes"], frame.d["at"])
            if not frame.d["yes"]:
                self._broadcast(room, "undo_done",
                                lambda audience: {"done": False, "by": request.by, "refused_by": conn.seat})
                self._ai_next(room)  # the computer waited for the answer
                return
            await self._undo_if_agreed(room)

    async def _undo_if_agreed(self, room: Room) -> None:
        request = room.undo_request
        if request is None or request.waiting:
            return
        try:
            point = room.undo_point()
        except RoomError as e:
            refused = {"done": False, "by": request.by, "reason": encode_reason(e.reason)}
            self._broadcast(room, "undo_done", lambda audience: refused)
            self._ai_next(room)
            return
        clock = room.clock_after_undo(point)
        await self.db.run(self.store.take_back, room.code, point, room.version + 1, clock.to_json() if clock else None)
        room.undo(clock)
        self._broadcast(room, "undo_done", lambda audience: {"done": True, "by": request.by})
        self._broadcast(room, "sync", room.sync)
        self._arm(room)
        self._ai_next(room)

    async def _on_chat(self, conn: Connection, frame: Frame) -> None:
        room = self._seated(conn)
        line = room.say(conn.seat, frame.d["text"])
        if line["text"]:
            self._broadcast(room, "chat", lambda audience: line)

    def _seated(self, conn: Connection) -> Room:
        assert conn.room is not None and conn.seat is not None
        return conn.room

    # --- sending ----------------------------------------------------------------------------------
    def _broadcast(self, room: Room, kind: str, build: Callable[[int | None], dict[str, Any]]) -> None:
        """Send each audience of `room` (every seat, the spectators) its own frame, built once."""
        audiences: dict[int | None, list[Connection]] = {}
        for conn in self.members.get(room.code, ()):
            audiences.setdefault(conn.seat, []).append(conn)
        for audience, conns in audiences.items():
            frame = Frame(kind, room.version, build(audience))
            self._report(room, audience, frame)
            text = frames.write(frame)
            for conn in conns:
                self._send(conn, text)

    def _send_to(self, conn: Connection, room: Room, audience: int | None, frame: Frame) -> None:
        self._report(room, audience, frame)
        self._send(conn, frames.write(frame))

    def _report(self, room: Room, audience: int | None, frame: Frame) -> None:
        if self.audit is not None:
            self.audit(room, audience, frame)

    def _presence(self, room: Room) -> None:
        seats = room.seat_list()
        self._broadcast(room, "presence", lambda audience: {"seats": seats})

    # --- the AI -----------------------------------------------------------------------------------
    def _ai_next(self, room: Room) -> None:
        """If an AI is to play the seat to move (an AI seat, a player away too long, or out of time),
        ask it; not while an undo request waits for the players' answers (a move would overtake it),
        unless the seat's time ran out (a move settles the request then)."""
        if room.code in self.thinking or (room.undo_request is not None and room.out_of_time() is None):
            return
        level = room.ai_to_play(time.monotonic(), self.limits.away_after)
        if level is None:
            return
        self.thinking.add(room.code)
        asyncio.ensure_future(self._ai_move(room, level))

    async def _ai_move(self, room: Room, level: str) -> None:
        """Ask the agent for the seat to move, and play its answer if the table is still where it
        was. A move the store could not take (the database away) is asked again after
        AI_RETRY_SECONDS, not at once: the computer must not spin against a database that is down."""
        version, seat = room.version, room.match.to_move
        again = self._ai_next
        was_standing_in = seat in room.stand_in
        if was_standing_in:
            self._presence(room)
        try:
            view = room.rules.observe(room.match.state, seat)
            loop = asyncio.get_running_loop()
            move = await loop.run_in_executor(self.pool, decide, room.record.game, level, view, seat,
                                              secrets.randbits(31))
            async with self.lock(room):
                if (room.version != version or self.rooms.get(room.code) is not room or move is None
                        or (room.undo_request is not None and room.out_of_time() is None)):
                    return  # the table moved on (an undo, a returning player), or waits for an undo's answer
                if room.ai_to_play(time.monotonic(), self.limits.away_after) is None:
                    return
                await self._play(room, move, room.played(move))
        except (RoomError, StoreError) as e:
            # the code only: the reason may name the computer seat's secret, and the log is the host's to read
            log.error("table %s: the AI's move was refused (%s)", room.code, getattr(e, "code", "store"))
            if isinstance(e, StoreError):
                self.cluster.check_stale(room)
                again = self._ai_later
        except BrokenProcessPool:
            log.error("the AI process died; restarting it")
            self.pool = futures.ProcessPoolExecutor(1, mp_context=mp.get_context("spawn"), initializer=exit_with_parent)
        finally:
            self.thinking.discard(room.code)
        again(room)

    def _ai_later(self, room: Room) -> None:
        asyncio.get_running_loop().call_later(AI_RETRY_SECONDS, self._ai_next, room)

    # --- the turn clocks --------------------------------------------------------------------------
    def _arm(self, room: Room) -> None:
        """Set the table's alarm for when the seat to move runs out of time (none while no time
        runs, or once the table has left memory)."""
        old = self.alarms.pop(room.code, None)
        if old is not None:
            old.cancel()
        expires = room.expires_at()
        if expires is None or self.rooms.get(room.code) is not room:
            return
        delay = max(0.0, expires - self.now())
        self.alarms[room.code] = asyncio.get_running_loop().call_later(
            delay, lambda: asyncio.ensure_future(self.check_clock(room)))

    async def check_clock(self, room: Room) -> None:
        """Act for the seat to move once its time has run out: everyone is told ("timeout"), then the
        seat resigns (where the table chose so and the rules have a resignation) or the computer
        plays its move. Not out of time yet (the alarm came early, or a test's time source has not
        got there): the alarm is set again."""
        async with self.lock(room):
            news = room.timeout_news()
            if news is None:
                if room.out_of_time() is None:
                    self._arm(room)
                return
            log.info("table %s: seat %d ran out of time (%s)", room.code, news["by"], news["then"])
            self._broadcast(room, "timeout", lambda audience: news)
            if news["then"] == "lose":
                try:
                    resignation, after = room.check_resign(news["by"], room.version)
                    await self._play(room, resignation, after)
                    return
                except (RoomError, StoreError) as e:  # the computer plays instead
                    log.error("table %s: the resignation of a seat out of time failed (%s)", room.code,
                              getattr(e, "code", "store"))
        self._ai_next(room)

    async def _tick(self) -> None:
        """Every moment: seats whose players have been away too long are handed to the AI."""
        period = max(0.05, min(1.0, self.limits.away_after / 5))
        while True:
            await asyncio.sleep(period)
            for room in list(self.rooms.values()):
                if room.away_since and room.started and not room.over:
                    self._ai_next(room)


class ServerThread:
    """A server on a background thread with its own event loop (the app's Host, and tests)."""

    def __init__(self, store: TableStore, host: str = "127.0.0.1", port: int = 0, **kwargs: Any):
        self.host, self.requested_port = host, port
        self.port = 0
        self.server = Server(store, **kwargs)
        self.loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, name="hexgames-server", daemon=True)

    def start(self, timeout: float = 30.0) -> int:
        self.thread.start()
        if not self._ready.wait(timeout):
            raise RuntimeError("the server did not start in time")
        if self._error is not None:
            raise self._error
        return self.port

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        try:
            self.port = self.loop.run_until_complete(self.server.start(self.host, self.requested_port))
        except BaseException as e:  # noqa: BLE001 - handed to the thread that called start()
            self._error = e
            self._ready.set()
            return
        self._ready.set()
        self.loop.run_forever()

    def call(self, fn: Callable[[], Any]) -> Any:
        """Run `fn` on the server's loop and wait for its result (tests look at rooms this way)."""
        return asyncio.run_coroutine_threadsafe(_call(fn), self.loop).result(30)

    def stop(self) -> None:
        if not self.thread.is_alive():
            return
        asyncio.run_coroutine_threadsafe(self.server.stop(), self.loop).result(30)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        if not self.thread.is_alive():
            self.loop.close()  # its selector and sockets go with it


async def _call(fn: Callable[[], Any]) -> Any:
    return fn()


def serve_command(host: str, port: int, db: str | None, away: float, max_connections: int,
                  address: AddressLimits = AddressLimits(), trust_proxy: bool = False,
                  cert: str | None = None, key: str | None = None, bus_url: str | None = None) -> int:
    """`hexgames serve`: serve until Ctrl+C or SIGTERM. The first line on stdout names the address
    (`bench --online` reads the port from it); the log goes to stderr. With `cert` and `key`, the
    server speaks wss:// (a certificate it cannot use is refused in words before anything starts).
    With `bus_url` (redis://), the tables are shared with the other processes on the same Redis and
    store."""
    from hexgames.core.saves import data_location
    from hexgames.net.bus import open_bus
    from hexgames.net.guard import ORIGIN_KEY_FILE, origin_key
    from hexgames.net.store import is_database_url, open_store, without_password
    from hexgames.net.tls import CertificateError, server_context

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", stream=sys.stderr)
    logging.getLogger("websockets").setLevel(logging.WARNING)
    try:
        tls = server_context(cert, key) if cert or key else None
    except CertificateError as e:
        print(f"hexgames serve: {e}", file=sys.stderr)
        return 1
    spec = db or str(data_location() / STORE_NAME)  # an SQLite file, or a postgresql:// URL
    try:
        store, notice = open_store(spec)
    except (StoreError, OSError) as e:
        print(f"hexgames serve: {e}", file=sys.stderr)
        return 1
    if notice:
        log.warning("%s", notice)
    try:
        bus = open_bus(bus_url)
        lister, _ = open_store(spec)  # the public list's own connection: its scans never hold up a move
    except (ValueError, StoreError, OSError) as e:
        print(f"hexgames serve: {e}", file=sys.stderr)
        return 1
    limits = Limits(away_after=away, max_connections=max_connections, address=address)
    # the key of the creators' hashes lies beside an SQLite store, or in the data folder
    keys = data_location() if is_database_url(spec) else Path(spec).parent
    options = {"trust_proxy": trust_proxy, "tls": tls, "origin_key": origin_key(keys / ORIGIN_KEY_FILE),
               "lister": lister, "bus": bus}
    try:
        asyncio.run(_serve_until_stopped(store, host, port, limits, without_password(spec), options))
    except KeyboardInterrupt:
        pass
    except StoreError as e:  # the database went away while the tables were read
        print(f"hexgames serve: {e}", file=sys.stderr)
        return 1
    except OSError as e:  # the port is taken, the address is not this machine's
        print(f"hexgames serve: cannot listen on {host}:{port}: {e.strerror or e}", file=sys.stderr)
        return 1
    return 0


async def _serve_until_stopped(store: TableStore, host: str, port: int, limits: Limits, where: str,
                               options: dict[str, Any]) -> None:
    server = Server(store, limits, **options)
    stopped = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):  # Windows has no signal handlers here
            loop.add_signal_handler(sig, stopped.set)
    bound = await server.start(host, port)
    collector = asyncio.ensure_future(collect_garbage())
    scheme = "wss" if options.get("tls") else "ws"
    bus = options["bus"]
    shared = f"; process {bus.id} sharing them over {bus.name}" if bus.shared else ""
    print(f"hexgames serving on {scheme}://{host}:{bound} (tables in {where}{shared}); Ctrl+C stops", flush=True)
    try:
        await stopped.wait()
    finally:
        collector.cancel()
        await server.stop()


FULL_COLLECTION_SECONDS = 300.0


async def collect_garbage(every: float = FULL_COLLECTION_SECONDS) -> None:
    """The garbage schedule of a process that serves (`serve`, and the benchmark's clients).

    Python's collector walks every long-lived object now and then, and a server's long-lived
    objects are its tables' histories: with 200 tables that walk takes about 0.1 s, during which no
    table moves, every few seconds. Nearly all of those objects die by reference counting alone
    (histories hold no cycles), so here the young generations are collected as usual, while a full
    collection, which only cyclic garbage of old objects needs, runs every `every` seconds. What
    was loaded before serving is frozen out of the walk for good."""
    gc.freeze()
    young, middle, old = gc.get_threshold()
    gc.set_threshold(young, middle, 10**9)  # a full collection only when this task asks for one
    try:
        while True:
            await asyncio.sleep(every)
            gc.collect()
    finally:
        gc.set_threshold(young, middle, old)
        gc.unfreeze()
