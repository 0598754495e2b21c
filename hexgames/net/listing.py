"""The public list of open tables: read from the store (several processes share one database, and a
table need not be in any process's memory), fair, and built at most once every few seconds.

Fair: one creator's many tables must not push everyone else's out of a list of MAX_LISTED. The
tables are grouped by `origin` (a keyed hash of the address that created each), and the list takes
the newest table of every creator first (the creator of the newest first), then the second newest
of each, and so on: a creator of 2,000 tables shows as many as any other until the others run out.

A list costs the store a read of many rows, and a client may ask for one again and again: the list
is built at most once every `every` seconds, and the requests that come while it is being built
share that build.
"""
from __future__ import annotations

import asyncio
from itertools import chain, zip_longest
from typing import Any, Awaitable, Callable, Iterable

from hexgames.net.frames import MAX_LISTED
from hexgames.net.store import TableRecord

SCANNED = 5000  # newest open tables read to build a list from (one creator's hourly cap is far below)


def fair(records: Iterable[TableRecord], limit: int = MAX_LISTED) -> list[TableRecord]:
    """Up to `limit` of `records`, round robin by creator: each creator's newest first (the creators
    in the order of their newest table), then each one's next newest, and so on."""
    by_origin: dict[str, list[TableRecord]] = {}
    for record in sorted(records, key=lambda r: r.created, reverse=True):
        by_origin.setdefault(record.origin or record.code, []).append(record)  # no origin: a creator of its own
    rounds = zip_longest(*by_origin.values())
    return [r for r in chain.from_iterable(rounds) if r is not None][:limit]


class PublicList:
    """The last list built, and when; `get` builds a new one when it is older than `every` seconds."""

    def __init__(self, every: float):
        self.every = every
        self.built_at = float("-inf")
        self.tables: list[dict[str, Any]] = []
        self.building: asyncio.Future[list[dict[str, Any]]] | None = None

    async def get(self, now: float, build: Callable[[], Awaitable[list[dict[str, Any]]]]) -> list[dict[str, Any]]:
        if now - self.built_at < self.every:
            return self.tables
        if self.building is None:
            self.building = asyncio.ensure_future(self._build(now, build))
        return await asyncio.shield(self.building)

    async def _build(self, now: float, build: Callable[[], Awaitable[list[dict[str, Any]]]]) -> list[dict[str, Any]]:
        try:
            self.tables = await build()
            self.built_at = now
            return self.tables
        finally:
            self.building = None

    def forget(self) -> None:
        """The next request builds the list again (this process just created a table)."""
        self.built_at = float("-inf")
