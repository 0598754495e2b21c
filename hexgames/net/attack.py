"""`hexgames bench --online --attack N`: an attacker on an address of its own (127.0.0.2) holding N
connections and sending requests on each as fast as the server takes them, while the benchmark's
honest tables play from 127.0.0.1: what one address can do to everyone else's tables.

Each connection asks for the public list (the dearest request anyone may make) over and over, its
sends held back only by the socket (the server that stops reading a connection stops it), reads
whatever comes back, and connects again at once when refused or closed. The attacker runs in a
process of its own at the lowest CPU priority, standing in for an attacker on a machine of its own:
on one machine, the time its own sending takes would otherwise be taken from the server and the
honest clients, whatever the server does (the benchmark reports the server's CPU time too).
"""
from __future__ import annotations

import asyncio
import contextlib
import os
from dataclasses import dataclass, field
from typing import Any

import websockets
from websockets.asyncio.client import connect

from hexgames.net import frames
from hexgames.net.client import MAX_INCOMING

ATTACKER = "127.0.0.2"
RETRY_SECONDS = 0.05  # after a refused or closed connection (a real attacker's machine is not the server's)


@dataclass
class AttackStats:
    opened: int = 0  # connections the server accepted (the handshake done)
    closed: int = 0  # connections that ended (refused at once, or closed later)
    sent: int = 0  # requests sent
    answered: int = 0  # frames received
    errors: dict[str, int] = field(default_factory=dict)  # the server's refusals, by code

    def to_json(self) -> dict[str, Any]:
        return {"opened": self.opened, "closed": self.closed, "sent": self.sent, "answered": self.answered,
                "errors": self.errors}


def attack_for(url: str, connections: int, seconds: float) -> dict[str, Any]:
    """The attack for `seconds` (in the process this runs in, its priority lowered); what the
    attacker saw."""
    if hasattr(os, "nice"):
        os.nice(19)

    async def timed() -> AttackStats:
        stop, stats = asyncio.Event(), AttackStats()
        asyncio.get_running_loop().call_later(seconds, stop.set)
        await attack(url, connections, stop, stats)
        return stats

    return asyncio.run(timed()).to_json()


async def attack(url: str, connections: int, stop: asyncio.Event, stats: AttackStats) -> None:
    """Keep `connections` connections from ATTACKER busy until `stop` is set."""
    attackers = [asyncio.ensure_future(_one(url, stop, stats)) for _ in range(connections)]
    try:
        await stop.wait()
    finally:
        for task in attackers:
            task.cancel()
        await asyncio.gather(*attackers, return_exceptions=True)


async def _one(url: str, stop: asyncio.Event, stats: AttackStats) -> None:
    while not stop.is_set():
        try:
            async with connect(url, local_addr=(ATTACKER, 0), max_size=MAX_INCOMING, compression=None,
                               open_timeout=30) as ws:
                stats.opened += 1
                reader = asyncio.ensure_future(_read(ws, stats))
                try:
                    seq = 0
                    while not stop.is_set() and not reader.done():
                        seq += 1
                        await ws.send(frames.client_frame("list", seq))  # waits while the server does not read
                        stats.sent += 1
                        await asyncio.sleep(0)  # the attacker's other connections go on meanwhile
                finally:
                    reader.cancel()
                    with contextlib.suppress(asyncio.CancelledError, Exception):
                        await reader
        except (OSError, websockets.WebSocketException, asyncio.TimeoutError):
            pass
        stats.closed += 1
        await asyncio.sleep(RETRY_SECONDS)


async def _read(ws: Any, stats: AttackStats) -> None:
    """Take in what the server sends (a client that never reads would only be dropped as too slow)."""
    async for raw in ws:
        stats.answered += 1
        if '"t":"error"' in raw[:40]:
            code = frames.read_server_frame(raw).d["code"]
            stats.errors[code] = stats.errors.get(code, 0) + 1
