"""How the `serve` processes of one deployment share their tables: who owns each table, and the
messages of the players connected to one process about a table another process owns.

`LocalBus` is one process alone: every table is its own, nothing is sent anywhere (the default,
needing nothing installed). `RedisBus` is several processes, on one machine or many, sharing a Redis
server (redis-py's `redis.asyncio`):

    hx:alive:<id>     a process's heartbeat (it lapses LEASE_MS after the process stops renewing it)
    hx:procs          the ids of processes that registered (sweepers look here for dead ones)
    hx:lease:<code>   the id of table <code>'s owner, taken with SET NX PX, renewed every second
    hx:tables:<id>    the codes of the started, unfinished tables <id> holds (adopted when it dies)
    hx:in:<id>        channel: frames for tables <id> owns, from the processes their players reach
    hx:out:<id>       channel: what the owners send back to the connections held at <id>

Every message that comes from Redis is read by one guarded reader, `read_message` (size capped,
strict JSON, each field checked); a message that fails is dropped and named in the log, and every
table plays on. A process whose Redis is gone says so (`BusDown`, in words), keeps the tables it
holds, and reconnects by itself; its leases are taken again when Redis is back.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, Callable, Iterable

from hexgames.net import frames

log = logging.getLogger("hexgames.net.bus")

LEASE_MS = 3000  # a table's lease, and a process's heartbeat, lapse this long after the last renewal
RENEW_EVERY = 1.0  # seconds between renewals
MAX_MESSAGE = 9 * 1024 * 1024  # characters of one message: a sync carries a whole log (clients take 8 MiB)
MAX_OUT_TEXT = 8 * 1024 * 1024
MAX_ADDRESS = 200
MAX_CONN_ID = 2**53
BATCH = 500  # keys per Redis call when many tables are renewed or looked up at once
PROCESS_ID = frames.text(32, 8, "[0-9a-f]+")
CONN_ID = frames.whole(1, MAX_CONN_ID)
CLOSE_CODE = frames.whole(1000, 4999)


class BusDown(Exception):
    """The other processes cannot be reached (Redis is gone or refuses); the players who need them
    are told so in words (`cluster.refuse`)."""

    def __init__(self, detail: str = ""):
        super().__init__(f"the other processes cannot be reached ({detail})")


class BusMessageError(ValueError):
    """A message from the bus that is not one of ours; the words say what is wrong with it."""


@dataclass(frozen=True)
class Inbound:
    """To a table's owner: a frame of connection `conn` held at process `origin` (`frame` None: that
    connection ended)."""

    conn: int
    origin: str
    address: str = ""
    frame: str | None = None

    def to_json(self) -> dict[str, Any]:
        if self.frame is None:
            return {"k": "end", "c": self.conn, "o": self.origin}
        return {"k": "in", "c": self.conn, "o": self.origin, "a": self.address, "f": self.frame}


@dataclass(frozen=True)
class Outbound:
    """To the process holding connection `conn`: a frame to write to it, or `close` it (code, reason)."""

    conn: int
    text: str | None = None
    close: tuple[int, str] | None = None

    def to_json(self) -> dict[str, Any]:
        if self.close is not None:
            return {"k": "close", "c": self.conn, "code": self.close[0], "r": self.close[1]}
        return {"k": "out", "c": self.conn, "x": self.text}


Message = Inbound | Outbound
SCHEMAS: dict[str, dict[str, frames.Check]] = {
    "in": {"c": CONN_ID, "o": PROCESS_ID, "a": frames.text(MAX_ADDRESS), "f": frames.text(frames.MAX_FRAME, 1)},
    "end": {"c": CONN_ID, "o": PROCESS_ID},
    "out": {"c": CONN_ID, "x": frames.text(MAX_OUT_TEXT, 1)},
    "close": {"c": CONN_ID, "code": CLOSE_CODE, "r": frames.text(123)},
}


def write_message(message: Message) -> str:
    return json.dumps(message.to_json(), separators=(",", ":"), ensure_ascii=False)


def read_message(raw: Any) -> Message:
    """The one guarded reader of what arrives from the bus: at most MAX_MESSAGE characters of
    UTF-8, strict JSON, an object of one of the kinds in SCHEMAS with exactly its fields, each valid.
    Anything else is a BusMessageError saying what is wrong (and nothing acts on it)."""
    if isinstance(raw, (bytes, bytearray)):
        if len(raw) > MAX_MESSAGE:
            raise BusMessageError(f"it is too large ({len(raw)} bytes)")
        try:
            raw = bytes(raw).decode("utf-8")
        except UnicodeDecodeError:
            raise BusMessageError("it is not UTF-8 text") from None
    if not isinstance(raw, str):
        raise BusMessageError("it is not text")
    if len(raw) > MAX_MESSAGE:
        raise BusMessageError(f"it is too large ({len(raw)} characters)")
    try:
        data = json.loads(raw, parse_constant=_refuse_constant)
    except (ValueError, RecursionError):
        raise BusMessageError("it is not JSON") from None
    if type(data) is not dict:
        raise BusMessageError("it is not an object")
    kind = data.get("k")
    schema = SCHEMAS.get(kind) if type(kind) is str else None
    if schema is None:
        raise BusMessageError("its kind is unknown")
    if set(data) != {"k", *schema}:
        raise BusMessageError(f"its fields are not those of an {kind!r} message")
    wrong = next((name for name, check in schema.items() if not check(data[name])), None)
    if wrong is not None:
        raise BusMessageError(f"its field {wrong!r} is malformed")
    if kind == "in":
        return Inbound(data["c"], data["o"], data["a"], data["f"])
    if kind == "end":
        return Inbound(data["c"], data["o"])
    if kind == "out":
        return Outbound(data["c"], text=data["x"])
    return Outbound(data["c"], close=(data["code"], data["r"]))


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def describe(raw: Any) -> str:
    """A short, safe description of a refused message for the log (never the message itself)."""
    size = len(raw) if isinstance(raw, (str, bytes, bytearray)) else 0
    return f"{type(raw).__name__} of {size}"


Deliver = Callable[[Message], None]
Changed = Callable[[bool], None]


class Bus(ABC):
    """What the server asks of the processes it shares its tables with (see the module docstring).
    Every method that needs the others raises BusDown when they cannot be reached."""

    name = "this process alone"

    def __init__(self) -> None:
        self.id = secrets.token_hex(8)
        self.up = True

    @property
    def shared(self) -> bool:
        """Whether other processes may hold tables (False: every table is this process's)."""
        return False

    async def start(self, deliver: Deliver, changed: Changed) -> None:
        """Begin: `deliver` is called with each valid message for this process, `changed` with
        False when the others can no longer be reached and True when they can again."""

    async def stop(self) -> None:
        """End cleanly: the heartbeat goes at once, so the others know this process is gone."""

    @abstractmethod
    async def claim(self, code: str) -> str:
        """Take table `code`'s lease if nobody holds it; the id of its holder afterwards (ours if
        we took it or held it)."""

    @abstractmethod
    async def lease_left(self, code: str) -> float:
        """Seconds until the lease of `code` lapses unless renewed (0 if nobody holds it)."""

    @abstractmethod
    async def holders(self, codes: Iterable[str]) -> dict[str, str | None]:
        """Who holds each table's lease now (None: nobody)."""

    @abstractmethod
    async def renew(self, codes: Iterable[str], working: Iterable[str] | None) -> set[str]:
        """Renew this process's heartbeat and the leases of `codes`, taking again any that lapsed
        (Redis came back empty); the codes whose lease another process holds now. `working`, when
        given, is the new set of started, unfinished tables this process holds."""

    @abstractmethod
    async def release(self, codes: Iterable[str]) -> None:
        """Let the leases of `codes` go (only those still ours)."""

    @abstractmethod
    async def live(self, ids: Iterable[str]) -> set[str]:
        """Which of these processes are alive: heartbeat renewed and listening for frames."""

    @abstractmethod
    async def orphans(self, most: int) -> list[str]:
        """Up to `most` started tables of processes that died, whose leases this process has just
        taken (the caller loads them)."""

    @abstractmethod
    async def unowned(self, codes: list[str]) -> list[str]:
        """The codes among `codes` whose lease nobody holds."""

    @abstractmethod
    async def send_in(self, owner: str, message: Inbound) -> bool:
        """Pass a frame to the owner process; False if nobody there listens."""

    @abstractmethod
    async def send_out(self, edge: str, message: Outbound) -> bool:
        """Pass what a connection is sent to the process holding it; False if nobody there listens."""


class LocalBus(Bus):
    """One process alone: every table is its own; nothing is ever relayed."""

    async def claim(self, code: str) -> str:
        return self.id

    async def lease_left(self, code: str) -> float:
        return 0.0

    async def holders(self, codes: Iterable[str]) -> dict[str, str | None]:
        return {code: self.id for code in codes}

    async def renew(self, codes: Iterable[str], working: Iterable[str] | None) -> set[str]:
        return set()

    async def release(self, codes: Iterable[str]) -> None:
        pass

    async def live(self, ids: Iterable[str]) -> set[str]:
        return {i for i in ids if i == self.id}

    async def orphans(self, most: int) -> list[str]:
        return []

    async def unowned(self, codes: list[str]) -> list[str]:
        return list(codes)

    async def send_in(self, owner: str, message: Inbound) -> bool:
        return False

    async def send_out(self, edge: str, message: Outbound) -> bool:
        return False


# KEYS: heartbeat, process set, then leases; ARGV: id, ttl. Returns the 1-based positions (among the
# leases) of those another process holds; a lapsed lease is taken again.
RENEW = """
local id, ttl = ARGV[1], ARGV[2]
redis.call('SET', KEYS[1], '1', 'PX', ttl)
redis.call('SADD', KEYS[2], id)
local lost = {}
for i = 3, #KEYS do
  local holder = redis.call('GET', KEYS[i])
  if holder == id then redis.call('PEXPIRE', KEYS[i], ttl)
  elseif not holder then redis.call('SET', KEYS[i], id, 'PX', ttl)
  else lost[#lost + 1] = i - 2 end
end
return lost
"""
CLAIM = """
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return ARGV[1] end
return redis.call('GET', KEYS[1])
"""
RELEASE = """
for i = 1, #KEYS do
  if redis.call('GET', KEYS[i]) == ARGV[1] then redis.call('DEL', KEYS[i]) end
end
return 0
"""


def _lease(code: str) -> str:
    return f"hx:lease:{code}"


def _batches(items: list[str], size: int = BATCH) -> Iterable[list[str]]:
    for i in range(0, len(items), size):
        yield items[i:i + size]


class RedisBus(Bus):
    """Processes sharing one Redis server (see the module docstring)."""

    def __init__(self, url: str, lease_ms: int = LEASE_MS):
        super().__init__()
        import redis.asyncio as aioredis
        from redis.asyncio.retry import Retry
        from redis.backoff import NoBackoff

        self.url = url
        self.lease_ms = lease_ms
        # every call fails at once when Redis is gone (no retries of its own: `_reader` reconnects)
        self.redis = aioredis.Redis.from_url(url, socket_timeout=2.0, socket_connect_timeout=2.0,
                                             retry=Retry(NoBackoff(), 0))
        self._renew = self.redis.register_script(RENEW)
        self._claim = self.redis.register_script(CLAIM)
        self._release = self.redis.register_script(RELEASE)
        self.up = False
        self._said_down = False  # the log says Redis is gone (and will say when it is back)
        self._subscribed = False
        self._renewed = False
        self._reader: asyncio.Task[None] | None = None
        self._deliver: Deliver = lambda message: None
        self._changed: Changed = lambda up: None

    @property
    def shared(self) -> bool:
        return True

    @property
    def name(self) -> str:
        """The Redis address without its password, for the log and the first line of `serve`."""
        scheme, _, rest = self.url.partition("://")
        return f"{scheme}://{rest.rpartition('@')[2]}"

    @property
    def inbox(self) -> str:
        return f"hx:in:{self.id}"

    @property
    def outbox(self) -> str:
        return f"hx:out:{self.id}"

    async def start(self, deliver: Deliver, changed: Changed) -> None:
        self._deliver, self._changed = deliver, changed
        tried = asyncio.Event()  # the first subscription made or failed: Redis gone at the start is served all the same
        self._reader = asyncio.create_task(self._read(tried))
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(tried.wait(), 3.0)

    async def stop(self) -> None:
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._reader
        with contextlib.suppress(Exception):
            await self.redis.delete(f"hx:alive:{self.id}")
        with contextlib.suppress(Exception):
            await self.redis.aclose()

    # --- being reachable ------------------------------------------------------------------------
    def _set(self, subscribed: bool | None = None, renewed: bool | None = None) -> None:
        if subscribed is not None:
            self._subscribed = subscribed
        if renewed is not None:
            self._renewed = renewed
        up = self._subscribed and self._renewed
        if up == self.up and (up or self._said_down):
            return
        if up:
            log.warning("Redis %s (%s): this process shares its tables with the others as %s",
                        "can be reached again" if self._said_down else "reached", self.name, self.id)
        else:
            log.error("Redis cannot be reached (%s): tables held here play on; others wait", self.name)
        self._said_down = not up
        if up != self.up:
            self.up = up
            self._changed(up)

    async def _read(self, tried: asyncio.Event) -> None:
        """The one reader of the two channels: each message through `read_message`, then handed on;
        on a lost connection, reconnect with backoff (and subscribe again)."""
        backoff = 0.1
        while True:
            pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(self.inbox, self.outbox)
                self._set(subscribed=True)
                tried.set()
                backoff = 0.1
                while True:
                    item = await pubsub.get_message(timeout=1.0)
                    if item is not None and item.get("type") == "message":
                        self._take(item.get("data"))
            except asyncio.CancelledError:
                raise
            except Exception as e:  # noqa: BLE001 - Redis gone, refusing, or a reply redis-py cannot parse
                self._set(subscribed=False)
                tried.set()
                log.debug("bus reader: %s", e)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
            await asyncio.sleep(backoff)
            backoff = min(2.0, backoff * 2)

    def _take(self, raw: Any) -> None:
        try:
            message = read_message(raw)
        except BusMessageError as e:
            log.warning("a message from the bus was dropped (%s): %s", describe(raw), e)
            return
        try:
            self._deliver(message)
        except Exception:  # noqa: BLE001 - one message must never stop the reader
            log.exception("a message from the bus could not be handled")

    async def _call(self, call: Any) -> Any:
        try:
            return await call
        except Exception as e:  # noqa: BLE001 - redis-py raises its own errors and OSErrors alike
            raise BusDown(type(e).__name__) from None

    # --- leases ---------------------------------------------------------------------------------
    async def claim(self, code: str) -> str:
        holder = await self._call(self._claim(keys=[_lease(code)], args=[self.id, self.lease_ms]))
        return _text(holder) or ""

    async def lease_left(self, code: str) -> float:
        left = await self._call(self.redis.pttl(_lease(code)))
        return max(0.0, int(left) / 1000)

    async def holders(self, codes: Iterable[str]) -> dict[str, str | None]:
        out: dict[str, str | None] = {}
        for batch in _batches(list(codes)):
            values = await self._call(self.redis.mget([_lease(c) for c in batch]))
            out.update({code: _text(v) for code, v in zip(batch, values)})
        return out

    async def unowned(self, codes: list[str]) -> list[str]:
        return [code for code, holder in (await self.holders(codes)).items() if holder is None]

    async def renew(self, codes: Iterable[str], working: Iterable[str] | None) -> set[str]:
        codes = list(codes)
        lost: set[str] = set()
        try:
            heads = [f"hx:alive:{self.id}", "hx:procs"]
            for batch in [*_batches(codes)] or [[]]:
                positions = await self._call(self._renew(keys=[*heads, *map(_lease, batch)],
                                                         args=[self.id, self.lease_ms]))
                lost.update(batch[int(p) - 1] for p in positions)
            if working is not None:
                await self._call(self._working(list(working)))
        except BusDown:
            self._set(renewed=False)
            raise
        self._set(renewed=True)
        return lost

    async def _working(self, codes: list[str]) -> None:
        key = f"hx:tables:{self.id}"
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.delete(key)
            if codes:
                pipe.sadd(key, *codes)
            await pipe.execute()

    async def release(self, codes: Iterable[str]) -> None:
        for batch in _batches(list(codes)):
            await self._call(self._release(keys=[_lease(c) for c in batch], args=[self.id]))

    # --- processes ------------------------------------------------------------------------------
    async def live(self, ids: Iterable[str]) -> set[str]:
        ids = sorted(set(ids))
        if not ids:
            return set()
        async with self.redis.pipeline(transaction=False) as pipe:
            for i in ids:
                pipe.exists(f"hx:alive:{i}")
            pipe.pubsub_numsub(*(f"hx:in:{i}" for i in ids))
            *alive, listening = await self._call(pipe.execute())
        heard = {_text(channel): int(n) for channel, n in listening}
        return {i for i, a in zip(ids, alive) if a and heard.get(f"hx:in:{i}", 0) > 0}

    async def orphans(self, most: int) -> list[str]:
        """Tables of dead processes: a few codes at a time from each one's `hx:tables` set, each
        claimed here; a code is taken off the set once its lease is anyone's but the dead one's
        (while the dead one's lease still runs, it stays for the next look)."""
        ids = [_text(i) for i in await self._call(self.redis.smembers("hx:procs"))]
        others = [i for i in ids if PROCESS_ID(i) and i != self.id]  # what Redis holds is checked like a message
        alive = await self.live(others) if others else set()
        taken: list[str] = []
        for dead in (i for i in others if i not in alive):
            key = f"hx:tables:{dead}"
            codes = [c for c in map(_text, await self._call(self.redis.srandmember(key, most))) if frames.CODE(c)]
            if not codes:
                if not await self._call(self.redis.exists(f"hx:alive:{dead}")):
                    await self._call(self.redis.srem("hx:procs", dead))
                continue
            for code in codes:
                holder = await self.claim(code)
                if holder == self.id:
                    taken.append(code)
                if holder == self.id or holder in alive:
                    await self._call(self.redis.srem(key, code))
            if len(taken) >= most:
                break
        return taken

    # --- messages -------------------------------------------------------------------------------
    async def send_in(self, owner: str, message: Inbound) -> bool:
        return int(await self._call(self.redis.publish(f"hx:in:{owner}", write_message(message)))) > 0

    async def send_out(self, edge: str, message: Outbound) -> bool:
        return int(await self._call(self.redis.publish(f"hx:out:{edge}", write_message(message)))) > 0


def _text(value: Any) -> str | None:
    if value is None:
        return None
    return value.decode("utf-8", "replace") if isinstance(value, (bytes, bytearray)) else str(value)


def open_bus(url: str | None) -> Bus:
    """The bus a `serve` process runs with: LocalBus without a URL, RedisBus for redis:// (or
    rediss://). ValueError, in words, for anything else."""
    if not url:
        return LocalBus()
    if not url.startswith(("redis://", "rediss://", "unix://")):
        raise ValueError(f"--bus must be a redis:// address, not {url[:60]!r}")
    try:
        import redis  # noqa: F401
    except ImportError:
        raise ValueError("--bus needs the redis package: pip install 'hexgames[server]'") from None
    return RedisBus(url)
