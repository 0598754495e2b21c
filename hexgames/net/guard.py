"""Limits per client address, so that no one address can shut the others out of a public server.

One address (behind a proxy, the one the proxy names: `client_address`) may hold only so many
connections, create only so many tables an hour, make only so many requests a second across all its
connections, and get only so many join codes or keys wrong a minute. Each limit is a token bucket
(`Bucket`): a burst at once, then a steady rate. An IPv6 client is counted by its /64 network, which
is what one home or one machine is given.

Pure: no sockets and no clock of its own (the server passes `now`), so every limit is tested
without waiting. The refusals are Reasons the player reads in their own language.
"""
from __future__ import annotations

import hashlib
import hmac
import ipaddress
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Mapping

from hexgames.core.protocol import Reason

MAX_WAIT = 1.0  # seconds an address over its request rate is left unread at most before a new look
SWEEP_EVERY = 4096  # addresses first seen between two sweeps of those at rest
ORIGIN_KEY_BYTES = 32
ORIGIN_KEY_FILE = "origin.key"  # beside the table store


@dataclass(frozen=True)
class AddressLimits:
    """What one client address may use (`serve` takes each as a flag)."""

    connections: int = 16  # open at once
    tables_per_hour: int = 20  # tables created
    rate: float = 30.0  # requests a second across all its connections, sustained
    burst: int = 60  # requests at once above the rate
    wrong_codes: int = 10  # join codes or keys looked up in vain, a minute
    unlimited: frozenset[str] = frozenset()  # addresses none of this applies to (a trusted monitor)


@dataclass
class Bucket:
    """A token bucket: `burst` tokens, refilled at `rate` a second; each allowed thing takes one."""

    tokens: float
    stamp: float = 0.0

    def refill(self, now: float, rate: float, burst: float) -> float:
        self.tokens = min(burst, self.tokens + max(0.0, now - self.stamp) * rate)
        self.stamp = now
        return self.tokens

    def take(self, now: float, rate: float, burst: float) -> bool:
        if self.refill(now, rate, burst) >= 1:
            self.tokens -= 1
            return True
        return False

    def wait(self, now: float, rate: float, burst: float) -> float:
        """Seconds until a token is there (0 if one is)."""
        missing = 1 - self.refill(now, rate, burst)
        return 0.0 if missing <= 0 else float("inf") if rate <= 0 else missing / rate


@dataclass
class AddressState:
    requests: Bucket
    tables: Bucket
    codes: Bucket
    connections: int = 0


def refusal(key: str, text: str) -> Reason:
    return Reason(f"net.error.{key}", text)


FULL = refusal("server_full", "The server is full; try again later.")
TOO_MANY_CONNECTIONS = refusal("address_connections", "Too many connections from your address.")
TOO_MANY_REQUESTS = refusal("address_rate", "Too many requests from your address; slow down.")
TOO_MANY_TABLES = refusal("address_tables", "Your address has created too many tables this hour; try again later.")
TOO_MANY_WRONG_CODES = refusal("wrong_codes", "Too many wrong codes; wait a minute.")


@dataclass
class Guard:
    """The per-address limits of one server process (see the module docstring)."""

    limits: AddressLimits = AddressLimits()
    states: dict[str, AddressState] = field(default_factory=dict)
    _new_since_sweep: int = 0

    # --- connections ----------------------------------------------------------------------------
    def connect(self, address: str, now: float) -> Reason | None:
        """Count a new connection of `address`; the refusal if it holds its limit already (then
        nothing was counted)."""
        state = self._state(address, now)
        if state is None:
            return None
        if state.connections >= self.limits.connections:
            return TOO_MANY_CONNECTIONS
        state.connections += 1
        return None

    def disconnect(self, address: str) -> None:
        state = self.states.get(address)
        if state is not None:
            state.connections = max(0, state.connections - 1)

    # --- requests ---------------------------------------------------------------------------------
    def request(self, address: str, now: float) -> bool:
        """Whether `address` may make a request now (one of its `burst`, refilled at `rate`)."""
        state = self._state(address, now)
        return state is None or state.requests.take(now, self.limits.rate, self.limits.burst)

    def wait(self, address: str, now: float) -> float:
        """Seconds before `address` may make its next request (at most MAX_WAIT: it is looked at again)."""
        state = self._state(address, now)
        return 0.0 if state is None else min(MAX_WAIT, state.requests.wait(now, self.limits.rate, self.limits.burst))

    # --- tables and codes -------------------------------------------------------------------------
    def create(self, address: str, now: float) -> Reason | None:
        """Count a table `address` creates; the refusal if it created its hourly number already."""
        state = self._state(address, now)
        per_hour = self.limits.tables_per_hour
        if state is None or state.tables.take(now, per_hour / 3600, per_hour):
            return None
        return TOO_MANY_TABLES

    def codes_refused(self, address: str, now: float) -> Reason | None:
        """The refusal if `address` got too many codes wrong lately: it is answered without any look-up."""
        state = self._state(address, now)
        if state is None or state.codes.refill(now, self.limits.wrong_codes / 60, self.limits.wrong_codes) >= 1:
            return None
        return TOO_MANY_WRONG_CODES

    def wrong_code(self, address: str, now: float) -> None:
        """`address` looked up a code, or a key, in vain."""
        state = self._state(address, now)
        if state is not None:
            state.codes.take(now, self.limits.wrong_codes / 60, self.limits.wrong_codes)

    # --- the addresses kept ---------------------------------------------------------------------
    def _state(self, address: str, now: float) -> AddressState | None:
        if address in self.limits.unlimited:
            return None
        state = self.states.get(address)
        if state is None:
            self._new_since_sweep += 1
            if self._new_since_sweep >= SWEEP_EVERY:
                self.sweep(now)
            limits = self.limits
            state = self.states[address] = AddressState(Bucket(limits.burst, now), Bucket(limits.tables_per_hour, now),
                                                        Bucket(limits.wrong_codes, now))
        return state

    def sweep(self, now: float) -> None:
        """Forget the addresses at rest (no connection, every bucket full again): what is kept grows
        with the clients of the last hour, not with every address ever seen."""
        limits = self.limits
        for address, s in list(self.states.items()):
            if (not s.connections and s.requests.refill(now, limits.rate, limits.burst) >= limits.burst
                    and s.tables.refill(now, limits.tables_per_hour / 3600, limits.tables_per_hour) >= limits.tables_per_hour
                    and s.codes.refill(now, limits.wrong_codes / 60, limits.wrong_codes) >= limits.wrong_codes):
                del self.states[address]
        self._new_since_sweep = 0


# --- who a client is ----------------------------------------------------------------------------------
def client_address(peer: Any, headers: Mapping[str, str] | None = None, trust_proxy: bool = False) -> str:
    """The address a client's limits are counted by: the socket's peer address, or, with
    `trust_proxy` (the server is reached only through a proxy), the right-most entry of
    X-Forwarded-For, the one the proxy itself added (entries to its left are the client's to
    write). A header that is missing or malformed: the socket's address."""
    socket_address = normal_address(peer[0] if isinstance(peer, (tuple, list)) and peer else str(peer or ""))
    if not trust_proxy or headers is None:
        return socket_address
    values = headers.get_all("X-Forwarded-For") if hasattr(headers, "get_all") else [headers.get("X-Forwarded-For")]
    entries = ",".join(v for v in values if v).split(",")
    forwarded = normal_address(entries[-1].strip()) if entries[-1].strip() else ""
    return forwarded or socket_address


def normal_address(text: str) -> str:
    """An IP address as counted: IPv4 as it is (an IPv4-mapped IPv6 one too), IPv6 as its /64;
    "" if `text` is no IP address."""
    text = text.strip()
    if text.startswith("[") and text.endswith("]"):  # an IPv6 literal as URLs write it
        text = text[1:-1]
    try:
        ip = ipaddress.ip_address(text)
    except ValueError:
        return ""
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def origin(address: str, key: bytes) -> str:
    """A table's `origin`: a keyed hash of the address that created it, so tables can be told apart
    by creator (the fair public list) while the address itself is never stored or sent."""
    return hmac.new(key, address.encode("utf-8", "replace"), hashlib.sha256).hexdigest()[:32]


def origin_key(path: Path | None) -> bytes:
    """The key of `origin`, kept in a file (made, readable by its owner only, at first use) so that
    a restarted server, or another on the same machine, groups a creator's tables the same way;
    a fresh random key for this process when there is no file, or it cannot be used."""
    if path is None:
        return secrets.token_bytes(ORIGIN_KEY_BYTES)
    try:
        key = path.read_bytes()
        if len(key) == ORIGIN_KEY_BYTES:
            return key
    except OSError:
        pass
    key = secrets.token_bytes(ORIGIN_KEY_BYTES)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.touch(0o600)
        path.write_bytes(key)
    except OSError:
        pass
    return key


def unlimited(addresses: Iterable[str]) -> frozenset[str]:
    """The addresses a flag names, as counted (a name that is no IP address is kept as typed)."""
    return frozenset(normal_address(a) or a for a in addresses)
