"""A server open to the public, tried as an attacker would: each client bound to an address of its
own (127.0.0.x), so the limits per address are what they would be on the internet.

One address holding its connections, creating tables, guessing codes, flooding requests over many
connections, or filling the public list must not shut anyone else out; a full server keeps room for
players taking their seat back; X-Forwarded-For counts only behind a proxy the server trusts.
"""
from __future__ import annotations

import contextlib
import dataclasses
import json
import time
from typing import Any, Iterator

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from hexgames.net.frames import MAX_LISTED, client_frame
from hexgames.net.guard import AddressLimits
from hexgames.net.room import new_code
from hexgames.net.server import ServerThread
from hexgames.net.store import SqliteTableStore
from tests.net.netplay import TIMEOUT, start_server

pytestmark = pytest.mark.netplay


# --- clients of their own addresses --------------------------------------------------------------------
def client(server: ServerThread, address: str, forwarded: str | None = None) -> ClientConnection:
    headers = {"X-Forwarded-For": forwarded} if forwarded is not None else None
    return connect(f"ws://127.0.0.1:{server.port}", open_timeout=TIMEOUT, source_address=(address, 0),
                   additional_headers=headers, max_size=2**23)


def ask(ws: ClientConnection, kind: str, **d: Any) -> dict[str, Any]:
    """Send one request and return the server's next frame."""
    ws.send(client_frame(kind, 1, **d))
    return reply(ws)


def reply(ws: ClientConnection) -> dict[str, Any]:
    return json.loads(ws.recv(timeout=TIMEOUT))


def alive(ws: ClientConnection) -> bool:
    """Whether the connection still answers a ping (the frames before the answer let be)."""
    ws.send(client_frame("ping", 1))
    while (frame := reply(ws))["t"] != "pong":
        assert frame["t"] in ("sync", "presence", "lobby"), frame
    return True


def closed_with(ws: ClientConnection) -> int:
    """The close code of a connection the server is closing (its frames up to the close let be)."""
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            ws.recv(timeout=TIMEOUT)
    assert closed.value.rcvd is not None
    return closed.value.rcvd.code


def refused(ws: ClientConnection, code: str, close: int) -> None:
    """The connection is told `code` in words, then closed with `close`."""
    said = reply(ws)
    assert said["t"] == "error" and said["d"]["code"] == code, said
    assert said["d"]["reason"]["k"] == f"net.error.{code}"
    assert closed_with(ws) == close


def create(server: ServerThread, address: str, listed: bool = True) -> dict[str, Any]:
    """A table created from `address` (its connection closed after): the welcome's data."""
    with client(server, address) as ws:
        welcome = ask(ws, "create", game="ingenious", seats=["human", "human"], name="Ann", listed=listed)
    assert welcome["t"] == "welcome", welcome
    return welcome["d"]


def connections(server: ServerThread, n: int) -> None:
    """Wait until the server holds `n` connections (a closed one leaves it a moment after the close)."""
    end = time.monotonic() + TIMEOUT
    while server.call(lambda: len(server.server.connections)) != n:
        assert time.monotonic() < end, "the server did not let the connections go"
        time.sleep(0.01)


@contextlib.contextmanager
def serving(tmp_path, **limits: Any) -> Iterator[ServerThread]:
    server = start_server(tmp_path / "tables.sqlite3", **limits)
    try:
        yield server
    finally:
        server.stop()


# --- connections ----------------------------------------------------------------------------------------
def test_one_address_over_its_connection_cap_is_refused_while_another_connects_and_resumes(tmp_path):
    # a server of 10 connections: one address holding all it can would lock everyone else out
    with serving(tmp_path, address=AddressLimits(connections=3), max_connections=10, reserve=0.0) as server:
        table = create(server, "127.0.0.3")
        with contextlib.ExitStack() as held:
            attacker = [held.enter_context(client(server, "127.0.0.5")) for _ in range(30)]  # it keeps them all
            assert all(alive(ws) for ws in attacker[:3])
            for extra in attacker[3:]:
                refused(extra, "address_connections", 1008)
            connections(server, 3)
            with client(server, "127.0.0.6") as player:  # the attacker still holds its three
                back = ask(player, "resume", code=table["code"], token=table["token"], since=0)
                assert back["t"] == "welcome" and back["d"]["seat"] == 0
            assert all(alive(ws) for ws in attacker[:3])  # what it holds it keeps


def test_a_full_server_keeps_room_for_players_taking_their_seat_back(tmp_path):
    # 5 connections, 2 of them (40%) kept for players resuming a seat or watching
    with serving(tmp_path, max_connections=5, reserve=0.4) as server:
        table = create(server, "127.0.0.3")
        with contextlib.ExitStack() as held:
            for i in range(3):
                assert ask(held.enter_context(client(server, f"127.0.0.{20 + i}")), "ping")["t"] == "pong"
            with client(server, "127.0.0.30") as newcomer:  # past 3: the reserve, not for a newcomer
                newcomer.send(client_frame("list", 1))
                refused(newcomer, "server_full", 1013)
            connections(server, 3)
            with client(server, "127.0.0.31") as guesser:  # nor for a key that opens no seat
                assert ask(guesser, "resume", code=table["code"], token="0" * 32, since=0)["d"]["code"] == "no_table"
                refused(guesser, "server_full", 1013)
            connections(server, 3)
            player = held.enter_context(client(server, "127.0.0.32"))
            assert ask(player, "resume", code=table["code"], token=table["token"], since=0)["t"] == "welcome"
            watcher = held.enter_context(client(server, "127.0.0.33"))
            assert ask(watcher, "watch", code=table["code"], key=table["key"], since=0)["t"] == "welcome"
            with client(server, "127.0.0.34") as sixth:  # every connection taken: full for anyone
                refused(sixth, "server_full", 1013)
            assert alive(player) and alive(watcher)


# --- tables, codes, requests ---------------------------------------------------------------------------
def test_the_tables_one_address_creates_an_hour_are_capped(tmp_path):
    with serving(tmp_path, address=AddressLimits(tables_per_hour=2)) as server:
        create(server, "127.0.0.7")
        create(server, "127.0.0.7")
        with client(server, "127.0.0.7") as ws:
            third = ask(ws, "create", game="ingenious", seats=["human", "human"], name="Ann")
        assert third["t"] == "error" and third["d"]["code"] == "address_tables"
        assert third["d"]["reason"]["k"] == "net.error.address_tables"
        create(server, "127.0.0.8")  # another address creates as before


def test_wrong_codes_get_one_answer_and_are_throttled_per_address(tmp_path):
    with serving(tmp_path, address=AddressLimits(wrong_codes=3)) as server:
        table = create(server, "127.0.0.3")
        code, token, key = table["code"], table["token"], table["key"]
        missing = next(c for c in (new_code([code]) for _ in range(10)) if c != code)
        with client(server, "127.0.0.9") as ws:
            answers = [ask(ws, "sit", code=missing, name="Eve"),  # no such table
                       ask(ws, "resume", code=code, token="0" * 32, since=0),  # a table, not this key's
                       ask(ws, "watch", code=code, key=token, since=0)]  # a seat's key is no spectator's
            assert all(a["t"] == "error" and a["d"]["code"] == "no_table" for a in answers)
            assert answers[0]["d"]["reason"] == answers[1]["d"]["reason"] == answers[2]["d"]["reason"]
            throttled = ask(ws, "resume", code=code, token=token, since=0)  # right, but no look-up is made
            assert throttled["d"]["code"] == "wrong_codes"
            assert throttled["d"]["reason"]["k"] == "net.error.wrong_codes"
        with client(server, "127.0.0.10") as ws:
            assert ask(ws, "resume", code=code, token=token, since=0)["t"] == "welcome"


def test_requests_across_many_connections_of_one_address_are_capped(tmp_path):
    # 10 requests at once, refilled at one in 1,000 s: what is answered depends on the count alone
    with serving(tmp_path, rate=100.0, burst=100, address=AddressLimits(rate=0.001, burst=10)) as server:
        with client(server, "127.0.0.14") as a, client(server, "127.0.0.14") as b, \
                client(server, "127.0.0.14") as c:
            assert [ask(a, "ping")["t"] for _ in range(4)] == ["pong"] * 4
            assert [ask(b, "ping")["t"] for _ in range(6)] == ["pong"] * 6
            slowed = ask(c, "ping")  # each connection is far below its own limit: the address is not
            assert slowed["t"] == "error" and slowed["d"]["code"] == "address_rate"
            assert slowed["d"]["reason"]["k"] == "net.error.address_rate"
            with client(server, "127.0.0.15") as other:
                assert ask(other, "ping")["t"] == "pong"


# --- the public list ----------------------------------------------------------------------------------
def listed(server: ServerThread, address: str = "127.0.0.13") -> list[dict[str, Any]]:
    with client(server, address) as ws:
        answer = ask(ws, "list")
    assert answer["t"] == "tables"
    return answer["d"]["tables"]


def test_the_public_list_shows_an_honest_table_among_a_spammer_s_and_no_private_one(tmp_path):
    with serving(tmp_path, list_every=0.0, address=AddressLimits(tables_per_hour=1000, burst=1000)) as server:
        honest = create(server, "127.0.0.12")["code"]
        private = create(server, "127.0.0.12", listed=False)["code"]
        spam = [create(server, "127.0.0.11")["code"] for _ in range(MAX_LISTED + 20)]
        tables = listed(server)
        codes = [t["code"] for t in tables]
        assert len(codes) == MAX_LISTED and codes[:2] == [spam[-1], honest]  # each creator's newest first
        assert private not in codes
        assert all("origin" not in t for t in tables)
        origins = server.call(lambda: {server.server.rooms[c].record.origin for c in (honest, spam[0], spam[-1])})
        assert len(origins) == 2 and not any("127.0.0" in o for o in origins)  # a keyed hash, not the address


def test_the_list_is_read_from_the_store_and_fair_among_2000_tables_of_one_creator(tmp_path):
    """Tables another process stored (on the same database) are listed, from their records; one
    creator's 2,000 newer tables do not hide the honest one (read, as `serve` reads it, through a
    connection of its own)."""
    with serving(tmp_path, list_every=0.0, lister=True) as server:
        honest = create(server, "127.0.0.12")["code"]
        other = SqliteTableStore(tmp_path / "tables.sqlite3")  # another process's view of the database
        try:
            record = other.load_table(honest)
            taken = {honest}
            for i in range(2000):
                code = new_code(taken)
                taken.add(code)
                other.create(dataclasses.replace(record, code=code, origin="f" * 32, created=record.created + 1 + i,
                                                 seats=[dataclasses.replace(s) for s in record.seats]))
        finally:
            other.close()
        tables = listed(server)
        assert [t["code"] for t in tables][1] == honest
        assert len(tables) == MAX_LISTED and all(t["code"] in taken for t in tables)
        newest = tables[0]
        assert newest["game"] == "ingenious" and [s["taken"] for s in newest["seats"]] == [True, False]
        assert server.call(lambda: newest["code"] not in server.server.rooms)  # from its record alone


# --- behind a proxy -------------------------------------------------------------------------------------
def test_x_forwarded_for_counts_only_behind_a_trusted_proxy(tmp_path):
    one = AddressLimits(connections=1)
    with serving(tmp_path, address=one) as server, contextlib.ExitStack() as held:
        first = held.enter_context(client(server, "127.0.0.16", forwarded="203.0.113.5"))
        assert ask(first, "ping")["t"] == "pong"
        with client(server, "127.0.0.16", forwarded="203.0.113.6") as second:  # a header anyone can write
            refused(second, "address_connections", 1008)
    with serving(tmp_path / "proxied", address=one, trust_proxy=True) as server, \
            contextlib.ExitStack() as held:
        for forwarded in ("203.0.113.5", "198.51.100.1, 203.0.113.6", "not an address"):
            ws = held.enter_context(client(server, "127.0.0.16", forwarded=forwarded))
            assert ask(ws, "ping")["t"] == "pong"  # each a client of its own: the proxy's last entry
        for forwarded in ("203.0.113.5", "203.0.113.5, 203.0.113.6", "[::1"):
            with client(server, "127.0.0.16", forwarded=forwarded) as again:  # the same clients again
                refused(again, "address_connections", 1008)


# --- a stranger at the table --------------------------------------------------------------------------
def test_the_host_reopens_a_seat_a_stranger_took_and_the_stranger_s_app_lets_it_go(tmp_path):
    from hexgames.net.client import Client
    from hexgames.net.session import Session
    from tests.net.netplay import pump_until

    with serving(tmp_path) as server:
        url = f"ws://127.0.0.1:{server.port}"
        host = Session(Client(url).start(), "Ann")
        stranger = Session(Client(url).start(), "Eve")
        try:
            host.client.create("ingenious", ["human", "human"], name="Ann")
            pump_until([host], lambda: host.code is not None)
            stranger.client.sit(host.code, "Eve")
            pump_until([host, stranger], lambda: stranger.seat == 1 and host.table["seats"][1]["taken"])
            token = stranger.client.token
            host.client.set_seat(1, "open")
            told: list = []
            pump_until([host], lambda: not host.table["seats"][1]["taken"])
            pump_until([], lambda: bool(told.extend(f for f in stranger.pump() if f.t == "error") or told))
            assert told[0].d["code"] == "reopened" and told[0].d["why"].key == "net.error.reopened"
            assert stranger.reopened and stranger.seat is None and stranger.client.token is None
            with client(server, "127.0.0.17") as ws:  # the old key no longer holds the seat
                assert ask(ws, "resume", code=host.code, token=token, since=0)["d"]["code"] == "no_table"
            assert server.call(lambda: server.server.rooms[host.code].online.get(1, 0)) == 0
        finally:
            host.close()
            stranger.close()
