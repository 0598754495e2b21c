"""A server starts serving before it has read its stored tables: a table is loaded when first asked for,
the started ones by the sweeper in the background, and each game's wire policy comes shipped."""
from __future__ import annotations

import asyncio
import time

import pytest

from hexgames.net.cluster import Cluster
from hexgames.net.startup import fill_store
from hexgames.net.store import SqliteTableStore
from tests.net.netplay import TIMEOUT, Player, start_server

pytestmark = pytest.mark.netplay

STORED = 200


def _wait(check, timeout: float = TIMEOUT) -> None:
    end = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < end, "it did not happen in time"
        time.sleep(0.02)


def test_a_resume_is_served_while_the_other_stored_tables_are_not_loaded_yet(tmp_path, monkeypatch):
    path = tmp_path / "tables.sqlite3"
    store = SqliteTableStore(path)
    tables = fill_store(store, STORED)
    (ai_code, _), = fill_store(store, 1, game_ids=("dotlines",), ai_to_move=True)
    ai_version = store.load_table(ai_code).version
    store.close()
    gate = asyncio.Event()  # the sweeper waits for it: nothing but what is asked for is loaded before
    sweep = Cluster._sweep_once

    async def held_back(self: Cluster) -> int:
        await gate.wait()
        return await sweep(self)

    monkeypatch.setattr(Cluster, "_sweep_once", held_back)
    server = start_server(path)
    try:
        assert server.call(lambda: server.server.policy("clans").done())  # shipped: no survey first
        code, token = tables[STORED // 2]
        player = Player(f"ws://127.0.0.1:{server.port}", "back")
        player.client.resume(code, token, 0)
        synced = player.wait_type("sync")
        assert synced.d["code"] == code and synced.d["ply"] > 0
        assert server.call(lambda: set(server.server.rooms)) == {code}  # the other tables wait in the store
        server.loop.call_soon_threadsafe(gate.set)
        _wait(lambda: server.call(lambda: len(server.server.rooms)) == STORED + 1)  # the sweeper loaded them all

        def ai_moved() -> bool:
            room = server.server.rooms.get(ai_code)
            return room is not None and room.version > ai_version

        _wait(lambda: server.call(ai_moved))  # a table with work to do and nobody at it went on
        player.close()
    finally:
        server.stop()
