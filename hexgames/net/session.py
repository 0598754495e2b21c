"""One player's place in online play, as the app holds it: the connection to a server, the server
this app hosts (if it hosts), and what the lobby and the game screens need to know of the table.

Why one object: the connection outlives the screens (the lobby hands it to the game, the game back
to the menu), and exactly one place may drain the client's queue, or a screen would miss frames the
other took. The screens call `pump()` once a frame; it never blocks (the network runs on the
client's thread), keeps what every screen shows (the table, who is connected, the
connection's state) and returns the frames for the screen to act on.

    session = host_session(name="Ann")                        # a server in this app, on every address
    session = join_session("192.168.1.5:8765", name="Bob")   # or another's ("h1:8765,h2:8765": any of its processes)
    session.client.create("clans", ["human", "human", "ai:hard"], name="Ann")
    each frame:  for frame in session.pump(): ...
    session.close()                                            # leaving online play
    session = return_to(place)   # back to a seat remembered in `places` (after the app was closed)

The seats of the sessions `host_session` and `join_session` make are remembered (`places.Keeper`),
so the player can go back to them after the app was closed. Nothing here imports pygame.
"""
from __future__ import annotations

import socket
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hexgames.net import places
from hexgames.net.client import Client
from hexgames.net.clock import SeenClock
from hexgames.net.frames import Frame
from hexgames.net.table_settings import TableSettings, read_settings

DEFAULT_PORT = 8765


class AddressError(ValueError):
    """An address that names no server (the words say why, for the player)."""


def server_url(address: str) -> str:
    """The websocket URL of what a player typed: "192.168.1.5", "host:8765" or "ws://host:port"."""
    text = address.strip()
    if not text:
        raise AddressError("Type the host's address, such as 192.168.1.5:8765.")
    if "://" in text:
        scheme, _, rest = text.partition("://")
        if scheme not in ("ws", "wss"):
            raise AddressError("The address must start with ws:// or name a host.")
    else:
        scheme, rest = "ws", text
    host, port = _host_port(rest.rstrip("/"))
    if not host or any(c.isspace() for c in host):
        raise AddressError("The address must start with ws:// or name a host.")
    return f"{scheme}://{host}:{port}"


def server_urls(address: str) -> list[str]:
    """The websocket URLs of what a player typed, one server or several processes of one, comma
    separated ("host1:8765,host2:8765"); the app tries them in turn."""
    parts = [part for part in address.split(",") if part.strip()]
    if not parts:
        raise AddressError("Type the host's address, such as 192.168.1.5:8765.")
    return [server_url(part) for part in parts]


def _host_port(rest: str) -> tuple[str, int]:
    if rest.startswith("["):  # an IPv6 literal: [::1]:8765
        host, _, tail = rest[1:].partition("]")
        host = f"[{host}]"
        port_text = tail.removeprefix(":")
    elif rest.count(":") == 1:
        host, port_text = rest.split(":")
    else:
        host, port_text = rest, ""
    if not port_text:
        return host, DEFAULT_PORT
    if not port_text.isdigit() or not 0 < int(port_text) < 65536:
        raise AddressError("The port must be a number from 1 to 65535.")
    return host, int(port_text)


def lan_address() -> str:
    """This machine's address on its local network, as others would type it (no packet is sent:
    connecting a datagram socket only picks the interface a route would use)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 1))
            return s.getsockname()[0]
        except OSError:
            return "127.0.0.1"


@dataclass
class Session:
    """See the module docstring. `table` is the newest lobby data of the table this player is at
    (code, game, options, seats, host, started, listed, settings), or None before one is joined;
    `clock` the turn clocks as the newest sync or update said them, counted from when it arrived
    (None at a table without a clock)."""

    client: Client
    name: str
    server: Any = None  # the ServerThread this app hosts, or None
    share: str | None = None  # what the others type to join this app's server
    table: dict[str, Any] | None = None
    seat: int | None = None
    connection: str = "connecting"  # "online", "reconnecting" or "closed", as the client says
    why: Any = ""  # why the connection last dropped (a Reason the app translates)
    companions: list["Session"] = field(default_factory=list)  # sessions that leave with this one
    closed: bool = False  # `close()` was called: this player left
    keeper: places.Keeper | None = None  # remembers the seat between runs of the app (None: not kept)
    clock: SeenClock | None = None
    reopened: bool = False  # the host reopened this player's seat before the start: it is no longer theirs

    @property
    def code(self) -> str | None:
        return self.table["code"] if self.table else None

    @property
    def is_host(self) -> bool:
        return self.table is not None and self.seat is not None and self.table.get("host") == self.seat

    @property
    def started(self) -> bool:
        return bool(self.table and self.table.get("started"))

    @property
    def settings(self) -> TableSettings:
        """The table's settings as its server said them (the defaults until it did, or if it did not)."""
        return read_settings((self.table or {}).get("settings") or {})

    def pump(self) -> list[Frame]:
        """Every frame that arrived since the last call (never blocks), after keeping what the
        screens share of them."""
        frames = self.client.poll()
        for frame in frames:
            self._keep(frame)
        return frames

    def resume(self, place: places.Place) -> int:
        """Ask for the seat of `place` back (the server answers with welcome and sync, or an error)."""
        if self.keeper is not None:
            self.keeper.resuming(place.code)
        return self.client.resume(place.code, place.token, 0)

    def _keep(self, frame: Frame) -> None:
        d = frame.d
        if self.keeper is not None:
            self.keeper.see(frame, self.client, self.name)
        if frame.t == "welcome":
            self.seat = d.get("seat")
        elif frame.t in ("lobby", "sync"):
            self.table = {k: d[k] for k in ("code", "game", "options", "seats", "host", "started", "listed",
                                             "settings") if k in d}
        elif frame.t == "presence" and self.table is not None:
            self.table = {**self.table, "seats": d.get("seats", self.table.get("seats", []))}
        elif frame.t == "error" and d.get("code") == "reopened":
            self.seat, self.reopened = None, True
        if frame.t in ("sync", "update"):
            self.clock = SeenClock.from_frame(d["clock"], time.monotonic()) if d.get("clock") else None
        elif frame.t == "connection":
            self.connection = d.get("state", self.connection)
            self.why = d.get("why", "")

    def close(self) -> None:
        """Leave: the connection ends, and the server this app hosts stops (its tables stay stored,
        so hosting again resumes them)."""
        self.closed = True
        for other in self.companions:
            other.close()
        self.companions.clear()
        self.client.close()
        if self.server is not None:
            self.server.stop()
            self.server = None


def join_session(address: str, name: str) -> Session:
    """A connection to the server at `address` (several, comma separated: the processes of one
    server; AddressError if it names none); the connection is made on the client's thread, so this
    returns at once."""
    return Session(Client(server_urls(address)).start(), name, keeper=places.Keeper(hosted=False))


def host_session(name: str, store_path: Path | None = None, port: int = DEFAULT_PORT,
                 ai_in_process: bool = True) -> Session:
    """A server in this app on every address of this machine (on `port`, or any free port if that
    one is taken), its tables in the data folder, and a connection to it. Its computer players
    think in a process of their own (`ai_in_process`), so the app's frames never wait on them.
    Raises OSError (or StoreError) when no server can be started."""
    from hexgames.core.saves import data_location
    from hexgames.net.server import STORE_NAME

    path = store_path or data_location() / STORE_NAME
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        server, bound = _serve(path, port, ai_in_process)
    except OSError:  # the port is taken (another hexgames hosting here): any free one
        server, bound = _serve(path, 0, ai_in_process)
    client = Client(f"ws://127.0.0.1:{bound}").start()
    return Session(client, name, server, f"{lan_address()}:{bound}", keeper=places.Keeper(hosted=True))


def return_to(place: places.Place, **hosting: Any) -> Session:
    """A session that asks for the seat of `place` back: at a table this app hosted, its server is
    started again first (on the port it had, so the others' apps, retrying there, come back on
    their own; its tables are stored, so the table is there), with `hosting` as `host_session`'s
    options. Raises what `host_session` or `join_session` raise."""
    if place.hosted:
        session = host_session(place.name, **{"port": place.port, **hosting})
    else:
        session = join_session(place.url, place.name)
    session.resume(place)
    return session


def _serve(path: Path, port: int, ai_in_process: bool) -> tuple[Any, int]:
    from hexgames.net.server import ServerThread
    from hexgames.net.store import open_store

    store, _ = open_store(path)
    server = ServerThread(store, "0.0.0.0", port, ai_in_process=ai_in_process)
    try:
        return server, server.start()
    except BaseException:
        store.close()
        raise
