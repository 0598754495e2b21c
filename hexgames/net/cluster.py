"""A `Server`'s part in a deployment of several processes: which tables it owns, the players it
relays to other owners, and the tables it adopts from processes that died. With `LocalBus` (one
process) every table is its own and most of this does nothing.

Owning. A table has one owner process at a time: the holder of its lease (`Bus.claim`), renewed
every second for every table the process holds (`_keep`). A process takes a table's lease before it
loads the table from the store, so the store's newest version is what it plays on; if its lease is
found in another's hands, or the store refuses one of its writes because the table's version moved
on (`check_stale`), its copy is stale: the room is dropped and its players are sent on (close 1012),
to reconnect and resume at the new owner.

Relaying. A player may connect to any process. A `sit`, `resume` or `watch` of a table another live
process owns makes the connection a relay (`relay`): its raw frames, that one included, go to the
owner's inbox, and what the owner sends comes back and is written to the websocket as it is. At the
owner such a connection is an ordinary `Connection` whose websocket is a `RelaySink`, so every
request takes the same path (`Server._frame`) as a direct one. Limits per client address apply
where the player is connected; the owner trusts its peers' relays as far as the bus reader lets
any message through.

Failing over. A process watches the owners it relays to; when one is gone (heartbeat lapsed, not
listening) or its table has another lease holder, the relayed players are closed with 1012 and
reconnect (the client comes back at once after 1012, with its seat's key), and their `resume` takes
the lapsed lease and loads the table. Tables with work to do and nobody connected (an AI to move, a
player away whose seat the computer plays) are adopted by the sweeper (`_sweep`): each second it
takes a few tables of dead processes (`Bus.orphans`), and, at the start and every minute, the
started, unfinished tables of the store that no process holds (after a restart of every process).
"""
from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Awaitable

import websockets

from hexgames.net.bus import LEASE_MS, RENEW_EVERY, Bus, BusDown, Inbound, Message, Outbound
from hexgames.net.room import RoomError

if TYPE_CHECKING:
    from hexgames.net.room import Room
    from hexgames.net.server import Connection, Server

log = logging.getLogger("hexgames.net")

MOVED = "The table moved; reconnecting."
RESTARTING = "The server is restarting; reconnecting."
CUT_OFF = "The server cannot reach its other processes; reconnecting."
SWEEP_BATCH = 16  # tables the sweeper loads between two looks
RESCAN_EVERY = 60.0  # seconds between looks at the store for tables no process holds
INBOX = 256  # frames of one relayed connection waiting at its owner before the relay is closed
QUIET_SECONDS = 2.0  # at a stop: how long the changes under way may take before the leases go


class Elsewhere(Exception):
    """The table is another live process's: the request is to be relayed to `owner`."""

    def __init__(self, owner: str):
        super().__init__(f"the table is held by process {owner}")
        self.owner = owner


@dataclass
class Relay:
    """Where the frames of a connection held here go: the table `code` of process `owner`."""

    owner: str
    code: str
    id: int


class RelaySink:
    """The owner's end of a relayed connection, in place of its websocket: what the server sends it
    goes back over the bus to the process the player is connected to."""

    def __init__(self, bus: Bus, edge: str, conn: int):
        self.bus, self.edge, self.conn = bus, edge, conn
        self.inbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.closed = False

    async def send(self, text: str) -> None:
        if self.closed or not await self._publish(Outbound(self.conn, text=text)):
            self.end()
            raise websockets.ConnectionClosed(None, None)

    async def close(self, code: int = 1000, reason: str = "") -> None:
        if not self.closed:
            self.end()
            await self._publish(Outbound(self.conn, close=(code, reason)))

    def end(self) -> None:
        """The relayed connection ends here (its frames stop; the server detaches it)."""
        if not self.closed:
            self.closed = True
            self.inbox.put_nowait(None)

    async def _publish(self, message: Outbound) -> bool:
        try:
            return await self.bus.send_out(self.edge, message)
        except BusDown:
            return False


class Cluster:
    """See the module docstring. The server calls `claim`, `claim_new`, `let_go`, `relay`,
    `forward`, `unrelay`, `refuse` and `check_stale`; the rest runs by itself."""

    def __init__(self, server: "Server", bus: Bus):
        self.server = server
        self.bus = bus
        self.held: set[str] = set()  # codes whose lease this process holds
        self.relays: dict[int, "Connection"] = {}  # connections held here, relayed to an owner, by id
        self.incoming: dict[tuple[str, int], "Connection"] = {}  # relayed here: (edge, id) -> connection
        self.stopping = False
        self._ids = itertools.count(1)
        self._tasks: set[asyncio.Task[Any]] = set()
        self._loops: list[asyncio.Task[None]] = []
        self._working: frozenset[str] | None = None  # the started tables last written to the bus
        self._scan: list[str] = []
        self._scanned_at = -RESCAN_EVERY

    # --- starting and stopping ------------------------------------------------------------------
    async def start(self) -> None:
        await self.bus.start(self._deliver, self._changed)

    def run(self) -> None:
        """The background work, once the server listens: leases and watching, and the sweeper."""
        if self.bus.shared:
            self._loops.append(asyncio.create_task(self._keep()))
        self._loops.append(asyncio.create_task(self._sweep()))

    async def stop(self) -> None:
        """A clean stop (SIGTERM, Ctrl+C): the changes under way end, every player is closed with
        1012, to reconnect to another process (or to this one started again), and the leases go
        (last, so that none is taken again meanwhile; a player who comes back through another
        process before they go is sent on again at once)."""
        self.stopping = True
        for task in self._loops:
            task.cancel()
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(self._quiet(), QUIET_SECONDS)
        closing = [conn.ws.close(1012, RESTARTING) for conn in [*self.server.connections, *self.incoming.values()]]
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(asyncio.gather(*closing, return_exceptions=True), 5)
        codes, self.held = self.held | set(self.server.rooms), set()
        if self.bus.shared:
            with contextlib.suppress(BusDown):
                await self.bus.release(codes)
        log.info("stopped: %d connection(s) sent on, %d table(s) let go", len(closing), len(codes))
        await self.bus.stop()

    async def _quiet(self) -> None:
        for lock in list(self.server.locks.values()):
            async with lock:
                pass

    def spawn(self, work: Awaitable[Any]) -> None:
        """Run `work` in the background, kept until done (its failure is logged, never raised)."""
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None and not isinstance(task.exception(), BusDown):
            log.error("cluster: %s", task.exception())

    def _close(self, conn: "Connection", code: int, reason: str) -> None:
        self.spawn(conn.ws.close(code, reason))

    # --- owning ---------------------------------------------------------------------------------
    async def claim(self, code: str) -> None:
        """Take table `code`'s lease before it is loaded here; Elsewhere if a live process holds it
        (a dead one's lease is waited out, at most LEASE_MS); BusDown if the others are unreachable."""
        holder = await self.bus.claim(code)
        if holder != self.bus.id and not await self.bus.live([holder]):
            await asyncio.sleep(min(await self.bus.lease_left(code), LEASE_MS / 1000) + 0.05)
            holder = await self.bus.claim(code)
        if holder != self.bus.id:
            raise Elsewhere(holder)
        self.held.add(code)

    async def claim_new(self, code: str) -> None:
        """A table created here is this process's; while the others cannot be reached its lease is
        taken at the next renewal (its code is new: nobody else can ask for it yet)."""
        try:
            if await self.bus.claim(code) == self.bus.id:
                self.held.add(code)
        except BusDown:
            pass

    def let_go(self, code: str) -> None:
        """The table left this process's memory: its lease goes."""
        self.held.discard(code)
        if self.bus.shared and not self.stopping:
            self.spawn(self.bus.release([code]))

    def drop(self, room: "Room", why: str) -> None:
        """This process's copy of the table is stale: forget it and send its players on."""
        server = self.server
        if server.rooms.get(room.code) is room:
            del server.rooms[room.code]
            server.locks.pop(room.code, None)
        self.held.discard(room.code)
        members = server.members.pop(room.code, set())
        log.warning("table %s: %s; its %d connection(s) are sent on", room.code, why, len(members))
        for conn in members:
            conn.room = None
            self._close(conn, 1012, MOVED)

    def check_stale(self, room: "Room") -> None:
        """The store refused a write of `room`: if another process holds its lease, or its stored
        version moved on, this copy is stale and is dropped (the store's version check is what
        keeps a stale owner from writing; this sends its players to the table's real state)."""
        self.spawn(self._check_stale(room))

    async def _check_stale(self, room: "Room") -> None:
        server = self.server
        if self.bus.shared:
            with contextlib.suppress(BusDown):
                holder = (await self.bus.holders([room.code]))[room.code]
                if holder is not None and holder != self.bus.id and server.rooms.get(room.code) is room:
                    self.drop(room, f"process {holder} holds it now")
                    return
        try:
            record = await server.db.run(server.store.load_table, room.code)
        except Exception:  # noqa: BLE001 - the store cannot be read: the copy is kept
            return
        if record is not None and record.version != room.version and server.rooms.get(room.code) is room:
            self.drop(room, f"its stored version is {record.version}, not {room.version} (another process wrote it)")

    # --- relaying: where the player is connected ------------------------------------------------
    async def relay(self, conn: "Connection", owner: str, code: str, raw: str | bytes) -> None:
        """From now on, `conn`'s frames (`raw`, the first, included) go to the table's owner."""
        if isinstance(conn.ws, RelaySink):  # relayed here, but not ours any more: its edge asks anew
            await conn.ws.close(1012, MOVED)
            return
        conn.relay = Relay(owner, code, next(self._ids))
        self.relays[conn.relay.id] = conn
        await self.forward(conn, raw)

    async def forward(self, conn: "Connection", raw: str | bytes) -> None:
        relay = conn.relay
        assert relay is not None
        try:  # the address as this edge counted it (behind a trusted proxy: the proxy's word)
            delivered = await self.bus.send_in(relay.owner, Inbound(relay.id, self.bus.id, conn.address[:200],
                                                                    str(raw)))
        except BusDown:
            self.unrelay(conn)
            self._close(conn, 1012, CUT_OFF)
            return
        if not delivered:  # the owner stopped listening: it died or is stopping
            self.unrelay(conn)
            self._close(conn, 1012, MOVED)

    def unrelay(self, conn: "Connection") -> None:
        """The relayed connection ended here: its owner is told, so it lets the seat go."""
        relay, conn.relay = conn.relay, None
        if relay is None:
            return
        self.relays.pop(relay.id, None)
        if self.bus.up:
            self.spawn(self.bus.send_in(relay.owner, Inbound(relay.id, self.bus.id)))

    async def refuse(self, conn: "Connection", kind: str, seq: int) -> None:
        """The others cannot be reached, and the table is not here: said in words; a seat or a
        spectator's place is closed with 1013, so the app asks again by itself a moment later."""
        self.server._error(conn, "bus", "The server cannot reach its other processes right now; try again in a moment.",
                           seq)
        if kind in ("resume", "watch"):
            conn.outbox.put_nowait(None)  # the writer ends once it has sent the words: then the close
            for _ in range(100):
                if conn.outbox.empty():
                    break
                await asyncio.sleep(0.01)
            await conn.ws.close(1013, "The server cannot reach its other processes; trying again.")

    # --- relaying: at the owner -----------------------------------------------------------------
    def _deliver(self, message: Message) -> None:
        if isinstance(message, Outbound):
            self._to_player(message)
        else:
            self._to_owner(message)

    def _to_player(self, message: Outbound) -> None:
        conn = self.relays.get(message.conn)
        if conn is None:
            return
        if message.close is not None:
            self.unrelay(conn)
            self._close(conn, *message.close)
        elif message.text is not None:
            self.server._send(conn, message.text)

    def _to_owner(self, message: Inbound) -> None:
        key = (message.origin, message.conn)
        conn = self.incoming.get(key)
        if message.frame is None:
            if conn is not None:
                conn.ws.end()
            return
        if conn is None:
            if self.stopping or len(self.incoming) >= 4 * self.server.limits.max_connections:
                self.spawn(self.bus.send_out(message.origin, Outbound(message.conn, close=(1012, RESTARTING))))
                return
            conn = self._open(key, message.address)
        if conn.ws.inbox.qsize() >= INBOX:
            self.spawn(conn.ws.close(1008, "Too many messages."))
            return
        conn.ws.inbox.put_nowait(message.frame)

    def _open(self, key: tuple[str, int], address: str) -> "Connection":
        """A relayed player's connection at the owner, under the client address its edge counted (its
        wrong codes are counted here by that address; its rates were limited at the edge)."""
        from hexgames.net.server import Connection

        conn = Connection(RelaySink(self.bus, *key), self.server.limits, address)  # type: ignore[arg-type]
        self.incoming[key] = conn
        self.spawn(self._serve(key, conn))
        return conn

    async def _serve(self, key: tuple[str, int], conn: "Connection") -> None:
        """A relayed connection's frames, one at a time, through the server's own pipeline."""
        server = self.server
        writer = asyncio.create_task(server._write(conn))
        try:
            while (raw := await conn.ws.inbox.get()) is not None:
                await server._frame(conn, raw)
        finally:
            conn.outbox.put_nowait(None)
            with contextlib.suppress(Exception):
                await writer
            if self.incoming.get(key) is conn:
                del self.incoming[key]
            server._detach(conn)

    # --- keeping leases, watching owners ---------------------------------------------------------
    def _changed(self, up: bool) -> None:
        """The others became unreachable (relayed players are sent on, to come back when they can)
        or reachable again (the next renewal takes the leases again)."""
        if up:
            self._working = None
            return
        for conn in list(self.relays.values()):
            self.unrelay(conn)
            self._close(conn, 1012, CUT_OFF)
        for conn in list(self.incoming.values()):
            conn.ws.end()

    async def _keep(self) -> None:
        while True:
            try:
                await self._renew()
                await self._watch()
            except BusDown:
                pass
            except Exception:  # noqa: BLE001 - the leases must be kept whatever else fails
                log.exception("cluster: keeping the leases failed")
            await asyncio.sleep(RENEW_EVERY)

    async def _renew(self) -> None:
        rooms = self.server.rooms
        codes = self.held | set(rooms)
        working = frozenset(code for code, room in rooms.items() if room.started and not room.over)
        try:
            lost = await self.bus.renew(codes, None if working == self._working else working)
        except BusDown:
            self._working = None  # written again when the bus is back
            raise
        self._working = working
        self.held |= {code for code in codes if code in rooms}  # not those let go meanwhile
        self.held -= lost
        for code in lost:
            self.held.discard(code)
            room = rooms.get(code)
            if room is not None:
                self.drop(room, "another process holds its lease now")

    async def _watch(self) -> None:
        """Relays whose owner is gone, or whose table moved, are closed (1012), so their players
        reconnect; relayed connections from a process that is gone end."""
        owners = {conn.relay.owner for conn in self.relays.values() if conn.relay}
        edges = {edge for edge, _ in self.incoming}
        if not owners and not edges:
            return
        alive = await self.bus.live(owners | edges)
        holders = await self.bus.holders({conn.relay.code for conn in self.relays.values() if conn.relay})
        for conn in list(self.relays.values()):
            relay = conn.relay
            if relay is not None and (relay.owner not in alive or holders.get(relay.code) != relay.owner):
                self.unrelay(conn)
                self._close(conn, 1012, MOVED)
        for (edge, _), conn in list(self.incoming.items()):
            if edge not in alive:
                conn.ws.end()

    # --- the sweeper ------------------------------------------------------------------------------
    async def _sweep(self) -> None:
        """Load, a few at a time and in the background, the started tables nobody holds."""
        server = self.server
        try:
            pruned = await server.db.run(server.store.prune, time.time())
            if pruned:
                log.info("%d finished or long idle table(s) removed from the store", pruned)
        except Exception as e:  # noqa: BLE001 - a store that cannot prune still serves
            log.warning("the store could not be pruned: %s", e)
        while True:
            try:
                loaded = await self._sweep_once()
            except BusDown:
                loaded = 0
            except Exception:  # noqa: BLE001 - the sweeper must go on
                log.exception("cluster: the sweeper failed")
                loaded = 0
            await asyncio.sleep(0.01 if loaded else RENEW_EVERY)

    async def _sweep_once(self) -> int:
        server = self.server
        codes = await self.bus.orphans(SWEEP_BATCH) if self.bus.shared and self.bus.up else []
        if not self._scan and time.monotonic() - self._scanned_at >= RESCAN_EVERY:
            self._scanned_at = time.monotonic()
            stored = [code for code in await server.db.run(server.store.unfinished) if code not in server.rooms]
            self._scan = await self.bus.unowned(stored)
            if self._scan:
                log.info("%d started table(s) held by no process are being loaded", len(self._scan))
        batch, self._scan = self._scan[:SWEEP_BATCH], self._scan[SWEEP_BATCH:]
        if batch and not self._scan:
            log.info("the sweeper's last look is done: %d table(s) in memory", len(server.rooms) + len(batch))
        for code in [*codes, *batch]:
            if code in server.rooms:
                continue
            with contextlib.suppress(Elsewhere, BusDown, RoomError):
                room = await server._room(code)
                if room is not None:
                    server._let_go(room)  # one that finished meanwhile goes again
                if code in codes:
                    log.info("table %s: adopted from a process that is gone", code)
        return len(codes) + len(batch)
