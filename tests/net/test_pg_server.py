"""A server with its tables in PostgreSQL, played by real clients: PostgreSQL stopped mid-game, a move
refused in words and the table kept in memory; PostgreSQL back, the same move goes through and the
game finishes with every move stored once; a server started again on the same database resumes the
table."""
from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from hexgames.core.match import encode_entry
from hexgames.net.pg_store import PostgresTableStore
from tests.net.netplay import Auditor, Player, close, over, play_until, start_server, table, to_move

pytestmark = [pytest.mark.cluster, pytest.mark.netplay]


def _ply(server) -> int:
    return server.call(lambda: len(next(iter(server.server.rooms.values())).match.moves))


def test_a_game_on_postgresql_waits_out_the_database_stopping_and_finishes_once_it_is_back(postgres, postgres_url):
    auditor = Auditor()
    server = start_server(PostgresTableStore(postgres_url), auditor)
    try:
        players, code = table(f"ws://127.0.0.1:{server.port}", "clans", seed=4)
        sent = play_until(players, lambda: _ply(server) >= 4)
        mover = to_move(players)
        ply, move, mark = mover.last.d["ply"], mover.random_move(), len(mover.frames)
        postgres.stop()
        try:
            mover.client.send_move(move)
            refused = mover.wait(lambda f: f.t == "error", start=mark)
            assert refused.d["code"] == "store" and refused.d["why"].key == "net.store.unreachable"
            assert "nothing changed" in refused.d["why"]
            assert server.call(lambda: len(server.server.rooms[code].match.moves)) == ply  # kept, unchanged
        finally:
            postgres.start()
        mover.client.send_move(move)  # the same move, once the database is back
        mover.wait(lambda f: f.t == "update" and f.d["ply"] == ply + 1, start=mark)
        sent += 1 + play_until(players, lambda: _ply(server) >= ply + 5)
        to_move(players)  # every move sent so far has been answered
        credentials = [(p.client.token, p.seat) for p in players]
        close(players)
    finally:
        server.stop()

    server = start_server(PostgresTableStore(postgres_url), auditor)  # the same database: the table resumes
    try:
        url = f"ws://127.0.0.1:{server.port}"
        back = []
        for token, seat in credentials:
            p = Player(url, f"back{seat}", seat)
            p.client.resume(code, token, 0)
            assert p.wait_type("sync").d["you"] == seat
            back.append(p)
        sent += play_until(back, over(back))
        final = back[0].first("final").d["match"]
        reader = PostgresTableStore(postgres_url)
        stored = reader.load_table(code)
        reader.close()
        assert len(final.moves) == sent  # no move lost, none played twice
        assert stored.moves == [encode_entry(final.rules, m) for m in final.moves] and stored.finished
        close(back)
        assert auditor.problems == []
    finally:
        server.stop()


def test_serve_names_its_database_without_the_password(postgres_url):
    url = postgres_url.replace("hexgames@", "hexgames:s3cret@")
    proc = subprocess.Popen([sys.executable, "-m", "hexgames", "serve", "--port", "0", "--db", url],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        line = proc.stdout.readline()
    finally:
        proc.terminate()
        _, log = proc.communicate(timeout=60)
    assert "hexgames serving on ws://127.0.0.1:" in line and "(tables in postgresql://hexgames:***@127.0.0.1:" in line
    assert "s3cret" not in line + log


def test_serve_on_a_database_that_does_not_answer_listens_and_says_so_to_the_player(postgres_url):
    """The tables cannot be read (another program holds them locked): serve listens all the same
    (nothing is read before it does), and a player asking for a table is told in words, after the
    store's statement time limit, that the database did not answer; serve keeps running, no traceback."""
    import json

    import psycopg
    from websockets.sync.client import connect

    from hexgames.net.frames import client_frame

    PostgresTableStore(postgres_url).close()  # the tables exist
    with psycopg.connect(postgres_url) as holder:
        holder.execute("LOCK TABLE moves IN ACCESS EXCLUSIVE MODE")
        serve = subprocess.Popen([sys.executable, "-m", "hexgames", "serve", "--port", "0", "--db", postgres_url],
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            port = int(re.search(r"ws://[^:]+:(\d+)", serve.stdout.readline()).group(1))
            with connect(f"ws://127.0.0.1:{port}", open_timeout=30) as ws:
                ws.send(client_frame("resume", 1, code="ABCDEF", token="0" * 32, since=0))
                answer = json.loads(ws.recv(timeout=60))
            assert serve.poll() is None  # still serving
        finally:
            serve.terminate()
            _, err = serve.communicate(timeout=60)
            holder.rollback()
    assert answer["t"] == "error" and answer["d"]["code"] == "store"
    assert answer["d"]["reason"]["k"] == "net.store.unreachable"
    assert "Traceback" not in err

