"""Online play over real sockets on 127.0.0.1: whole games, privacy of every frame, reconnects,
a server killed and restarted, and hostile frames.

The server runs the privacy oracle (`tests.net.netplay.Auditor`) on every frame it sends to a seat
or a spectator, with the state it was built from: a view must be the audience's own `observe` and
stay the same under every world that audience cannot tell from the real one; a log line must be the
move as `describe` words it for that audience; and no frame may hold the seed or an RNG state.
"""
from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from hexgames.core.protocol import Resignation
from hexgames.net.frames import MAX_FRAME, client_frame
from tests.net.netplay import TIMEOUT, Auditor, Player, over, play_until, start_server, table, to_move

pytestmark = [pytest.mark.netplay, pytest.mark.usefixtures("clean_audit")]

GAMES = ("ingenious", "clans", "toradama", "dotlines", "stickers")




@pytest.fixture
def url(server) -> str:
    return f"ws://127.0.0.1:{server.port}"




@pytest.mark.parametrize("game", GAMES)
def test_two_clients_play_a_whole_game_and_every_frame_keeps_each_seat_s_secrets(url, server, auditor, game):
    players, code = table(url, game, seed=GAMES.index(game))
    key = players[0].client.key
    watcher = Player(url, "watcher")
    watcher.client.watch(code, key)
    watcher.wait(lambda f: f.t == "sync")
    players[1].client.chat("good luck\u2028\x07 all")
    line = players[0].wait_type("chat")
    assert line.d == {"by": 1, "name": "P1", "text": "good luck all"}
    views_before, moves_before = auditor.views, auditor.moves
    sent = play_until(players, over(players + [watcher]))
    room = server.call(lambda: server.server.rooms.get(code))
    record = players[0].first("final").d["match"]
    assert record is not None and record.is_over and len(record.moves) == sent
    assert room is None or len(room.match.moves) == sent  # a finished table nobody is at leaves memory
    last = watcher.first("final").d["match"]
    assert last.digest() == record.digest()
    assert auditor.views - views_before >= 2 * sent  # every update to both seats went through the oracle
    assert auditor.moves > moves_before  # and every move sent to a seat or spectator that did not make it
    spectator_views = [f.d["state"] for f in watcher.frames if f.t in ("sync", "update")]
    assert spectator_views and all(v is not None for v in spectator_views)  # every game has a public view
    token = players[1].client.token
    for p in players + [watcher]:
        p.close()
    deadline = time.monotonic() + 30
    while server.call(lambda: code in server.server.rooms):  # nobody at a finished table: it leaves memory
        assert time.monotonic() < deadline
        time.sleep(0.05)
    later = Player(url, "later")  # the finished table, back from the store for a player who returns
    later.client.resume(code, token, 0)
    assert later.first("sync").d["over"] is True and later.first("final").d["match"].digest() == record.digest()
    later.close()


def _play_until_turn_of(players: list[Player], who: Player, min_ply: int) -> None:
    """Random moves until it is `who`'s turn at move `min_ply` or later (`who` moves only before)."""
    while True:
        p = to_move(players)
        if p is who and p.last.d["ply"] >= min_ply:
            return
        p.client.send_move(p.random_move())
        p.last = None


def test_undo_needs_the_other_player_s_consent_and_leaks_nothing(url):
    players, _ = table(url, "clans", seed=11)
    a, b = players
    _play_until_turn_of(players, a, 6)
    a.client.send_move(a.random_move())
    after = a.wait(lambda f: f.t == "update")
    ply = after.d["ply"]
    b.wait(lambda f: f.t == "update" and f.d["ply"] == ply)
    a.client.ask_undo()
    asked = b.wait_type("undo_asked")
    assert asked.d == {"by": 0, "at": after.seq, "waiting": [1]}
    b.client.consent(False)
    assert a.wait_type("undo_done").d == {"done": False, "by": 0, "refused_by": 1}
    a.client.ask_undo()
    b.wait_type("undo_asked")
    marks = [len(p.frames) for p in players]
    b.client.consent(True)
    assert a.wait(lambda f: f.t == "undo_done", start=marks[0]).d["done"] is True
    for p, mark in zip(players, marks):
        synced = p.wait(lambda f: f.t == "sync", start=mark)
        assert synced.d["ply"] == ply - 1 and synced.d["to_move"] == 0
    play_until(players, over(players))
    for p in players:
        p.close()


def test_undo_is_refused_where_it_would_reach_into_the_other_player_s_turn(url):
    players, _ = table(url, "clans", seed=3)
    mover = to_move(players)
    other = next(p for p in players if p is not mover)
    mover.client.send_move(mover.random_move())
    other.wait_type("update")
    other.client.ask_undo()  # nothing of its own to take back since the other player moved
    err = other.wait_type("error")
    assert err.d["code"] == "undo_refused" and err.d["why"].params["why"].key == "core.undo_not_yours"
    for p in players:
        p.close()


def test_a_player_resigns_mid_game_out_of_turn_and_both_are_sent_the_end(url, server):
    players, code = table(url, "toradama", seed=12)
    a, b = players
    _play_until_turn_of(players, a, 4)
    ply = a.last.d["ply"]
    b.wait(lambda f: f.t == "update" and f.d["ply"] == ply, start=0)  # b has seen the table as it is
    marks = [len(p.frames) for p in players]
    b.client.resign()  # while a is to move
    for p, mark in zip(players, marks):
        update = p.wait(lambda f: f.t == "update", start=mark)
        assert update.d["ply"] == ply + 1 and update.d["over"] is True
        assert update.d["log"][-1]["by"] == b.seat and update.d["moves"][-1] == Resignation(b.seat)
        record = p.wait(lambda f: f.t == "final", start=mark).d["match"]
        assert record.is_over and record.moves[-1] == Resignation(b.seat)
        assert record.outcome().ranks[a.seat] < record.outcome().ranks[b.seat]
    assert server.call(lambda: server.server.store.load_table(code).moves[-1]) == {"resign": b.seat}
    for p in players:
        p.close()
    refusing, _ = table(url, "dotlines", seed=13)
    refusing[1].client.resign()
    refused = refusing[1].wait_type("error")
    assert refused.d["code"] == "resign_refused" and refused.d["why"].params["why"].key == "core.no_resign"
    for p in refusing:
        p.close()


def test_a_computer_s_answer_that_comes_after_a_resignation_is_dropped(url, server, monkeypatch):
    from hexgames.net import server as server_module

    asked, answer = threading.Event(), threading.Event()
    decide = server_module.decide

    def slow(*args):  # the computer thinks until the test lets it answer
        asked.set()
        answer.wait(TIMEOUT)
        return decide(*args)

    monkeypatch.setattr(server_module, "decide", slow)
    host = Player(url, "host", 3)
    try:
        host.client.create("toradama", ["human", "ai:easy"], name="Ann")
        host.wait_type("welcome")
        host.client.start_game()
        end = time.monotonic() + TIMEOUT
        while not asked.is_set():  # the player moves until the computer is asked for a move
            assert time.monotonic() < end
            host.pump()
            if host.my_turn():
                host.client.send_move(host.random_move())
                host.last = None
            time.sleep(0.005)
        code = host.client.code
        room = server.call(lambda: server.server.rooms[code])
        version = server.call(lambda: room.version)
        host.wait(lambda f: f.t in ("sync", "update") and f.seq == version, start=0)
        host.client.resign()
        assert host.wait_type("final").d["match"].moves[-1] == Resignation(0)
        moves = server.call(lambda: list(room.match.moves))
        answer.set()
        while server.call(lambda: code in server.server.thinking):
            assert time.monotonic() < end
            time.sleep(0.01)
        assert server.call(lambda: list(room.match.moves)) == moves and room.over  # the answer was dropped
        assert not any(f.t == "error" for f in host.frames)
    finally:
        answer.set()
        host.close()


def test_a_client_killed_mid_turn_resumes_its_seat_with_no_move_lost_or_played_twice(url, server):
    players, code = table(url, "toradama", seed=5)
    mover = players[0]
    _play_until_turn_of(players, mover, 4)
    token, since, ply = mover.client.token, mover.last.seq, mover.last.d["ply"]
    move = mover.random_move()
    mover.client.send_move(move)
    time.sleep(0.3)  # the move reaches the server; the client dies before it reads the answer
    mover.client._loop.call_soon_threadsafe(lambda: mover.client._ws.transport.abort())
    mover.close()
    assert server.call(lambda: len(server.server.rooms[code].match.moves)) == ply + 1  # the move was not lost
    back = Player(url, "back")
    back.client.resume(code, token, since)
    synced = back.wait_type("sync")
    assert synced.d["you"] == mover.seat and synced.d["ply"] == ply + 1
    back.client.seen = since
    back.client.send_move(move)  # the same move sent again, as a client that missed the answer would
    assert back.wait_type("error").d["code"] == "stale"
    back.client.seen = synced.seq
    assert server.call(lambda: len(server.server.rooms[code].match.moves)) == ply + 1  # nor played twice
    rest = [back, players[1]]
    play_until(rest, over(rest))
    for p in rest:
        p.close()


def test_a_dropped_connection_comes_back_by_itself(url, server):
    players, code = table(url, "dotlines", seed=8)
    a = players[0]
    mark = len(a.frames)
    a.client._loop.call_soon_threadsafe(lambda: a.client._ws.transport.abort())
    a.wait(lambda f: f.t == "connection" and f.d["state"] == "reconnecting", start=mark)
    a.wait(lambda f: f.t == "connection" and f.d["state"] == "online", start=mark)
    assert a.wait(lambda f: f.t == "sync", start=mark).d["you"] == 0
    play_until(players, over(players))
    for p in players:
        p.close()


def test_a_seat_left_empty_is_played_by_the_ai_until_its_player_returns(tmp_path, auditor):
    server = start_server(tmp_path / "away.sqlite3", auditor, away_after=0.5)
    url = f"ws://127.0.0.1:{server.port}"
    players, code = table(url, "stickers", seed=2)
    a, b = players
    token, left_at = b.client.token, b.last.d["ply"]
    b.close()  # away: the server's away time in these tests is half a second

    def ai_moved_for_b() -> bool:
        return any(f.t == "update" and f.d["log"][0]["by"] == 1 and f.d["ply"] > left_at for f in a.frames)

    play_until([a], ai_moved_for_b, 60)
    stood = a.wait(lambda f: f.t == "presence" and f.d["seats"][1]["stand_in"])
    assert stood.d["seats"][1]["online"] is False
    back = Player(url, "back", 9)
    back.client.resume(code, token, 0)
    back.wait_type("sync")
    assert server.call(lambda: set(server.server.rooms[code].stand_in)) == set()
    assert a.wait(lambda f: f.t == "presence" and f.d["seats"][1]["online"]).d["seats"][1]["stand_in"] is False
    rest = [a, back]
    play_until(rest, over(rest))
    for p in rest:
        p.close()
    server.stop()


def test_a_table_with_a_computer_seat_plays_to_the_end_and_undo_needs_no_one_s_consent(url):
    host = Player(url, "host")
    host.client.create("clans", ["human", "ai:medium"], name="Ann")
    host.wait_type("welcome")
    host.client.start_game()
    _play_until_turn_of([host], host, 4)
    ply = host.last.d["ply"]
    mark = len(host.frames)
    host.client.ask_undo()  # back over the computer's reply to the player's own last move
    assert host.wait(lambda f: f.t == "undo_done", start=mark).d["done"] is True
    synced = host.wait(lambda f: f.t == "sync", start=mark)
    assert synced.d["ply"] < ply and synced.d["to_move"] == 0
    play_until([host], over([host]))
    final = host.first("final").d["match"]
    assert final.is_over and final.seats[1].kind == "ai"
    host.close()


# --- hostile frames ------------------------------------------------------------------------------
def _raw(url: str):
    return connect(url, max_size=4 * MAX_FRAME, open_timeout=30)


def _reply(ws) -> dict:
    return json.loads(ws.recv(timeout=30))


def test_bad_frames_are_refused_while_another_table_keeps_playing(url, server):
    players, code = table(url, "ingenious", seed=21)
    token = players[0].client.token
    with _raw(url) as ws:
        ws.send("{not json")
        assert _reply(ws)["d"]["code"] == "not_json"
        ws.send(json.dumps({"t": "move", "v": 1, "seq": 1}))
        assert _reply(ws)["d"]["code"] == "bad_frame"
        ws.send(json.dumps({"t": "move", "v": 2, "seq": 1, "d": {}}))
        assert _reply(ws)["d"]["code"] == "version"
        ws.send(json.dumps({"t": "shutdown", "v": 1, "seq": 2, "d": {}}))
        assert _reply(ws)["d"]["code"] == "unknown_type"
        ws.send(client_frame("sit", 3, code=code, name="x", admin=True))
        assert _reply(ws)["d"]["code"] == "bad_field"
        ws.send(client_frame("resume", 4, code=code, token="0" * 32, since=0))  # a forged token
        assert _reply(ws)["d"]["code"] == "no_table"  # the same answer as for a code no table has
        ws.send(client_frame("resume", 5, code=code, token=token[:-1] + ("0" if token[-1] != "0" else "1"), since=0))
        assert _reply(ws)["d"]["code"] == "no_table"
        ws.send(client_frame("move", 6, move=["p", 0, 0, 0, 0, 0, 0], at=0))  # no seat held
        assert _reply(ws)["d"]["code"] == "not_now"
        ws.send('{"t":"ping","v":1,"seq":7,"d":{},"x":' + "[" * 5000 + "]" * 5000 + "}")
        assert _reply(ws)["d"]["code"] in ("not_json", "bad_frame")
        ws.send(json.dumps({"t": "ping", "v": 1, "seq": 8, "d": {}}))
        assert _reply(ws)["t"] == "pong"  # the connection lived through all of it
    with _raw(url) as ws:
        ws.send(client_frame("chat", 1, text="x" * (MAX_FRAME + 10)))
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=30)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009  # too big: dropped
    mover = to_move(players)
    waiting = next(p for p in players if p is not mover)
    waiting.client.send_move(["p", 0, 0, 0, 0, 0, 0])  # out of turn
    assert waiting.wait_type("error").d["code"] == "not_your_turn"
    mover.client.send_move(["zz", 1])  # not a move of this game
    assert mover.wait_type("error").d["code"] == "malformed"
    mover.client.send_move(["p", 0, 0, 0, 0, 0, 0])  # well formed, but not in the rack or on the board
    refused = mover.wait_type("error")
    assert refused.d["code"] == "illegal" and str(refused.d["why"])
    play_until(players, over(players))  # the other table played on to its end
    for p in players:
        p.close()


def test_a_flooding_connection_is_refused_then_closed_while_another_table_plays_on(tmp_path):
    """The flood's own bucket never refills (rate 0), so what the server does with each of its
    frames is decided by their number alone, however loaded the machine: 40 answered, then one
    refusal in words, then 100 refused in a row and the connection closed. The flood comes from an
    address of its own (127.0.0.2), as a flood from the internet would."""
    auditor = Auditor()
    server = start_server(tmp_path / "flood.sqlite3", auditor, rate=0.0, burst=40, flood=100)
    url = f"ws://127.0.0.1:{server.port}"
    try:
        players, _ = table(url, "toradama", seed=4)
        with connect(url, max_size=4 * MAX_FRAME, open_timeout=30, source_address=("127.0.0.2", 0)) as ws:
            codes, pongs = [], 0
            try:
                for i in range(400):
                    ws.send(client_frame("ping", i))
            except ConnectionClosed:
                pass
            with pytest.raises(ConnectionClosed) as closed:
                while True:  # every answer, up to the close
                    reply = _reply(ws)
                    pongs += reply["t"] == "pong"
                    if reply["t"] == "error":
                        codes.append(reply["d"]["code"])
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
        assert (pongs, codes) == (40, ["rate"])  # the burst answered, told once, then dropped frames, then closed
        play_until(players, over(players))
        assert auditor.problems == []
        for p in players:
            p.close()
    finally:
        server.stop()


def test_silence_and_a_full_server_are_refused(tmp_path):
    server = start_server(tmp_path / "idle.sqlite3", hello_timeout=0.3, max_connections=1)
    url = f"ws://127.0.0.1:{server.port}"
    try:
        with _raw(url) as ws:
            with _raw(url) as second:
                assert _reply(second)["d"]["code"] == "server_full"  # told in words, then closed
                with pytest.raises(ConnectionClosed) as full:
                    second.recv(timeout=30)
                assert full.value.rcvd.code == 1013
            with pytest.raises(ConnectionClosed) as silent:
                ws.recv(timeout=30)
            assert silent.value.rcvd.code == 1008
    finally:
        server.stop()


# --- a server killed and started again ---------------------------------------------------------------
def _serve(db: Path) -> tuple[subprocess.Popen, str]:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "hexgames", "serve", "--port", "0", "--db", str(db)],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    line = proc.stdout.readline()
    found = re.search(r"ws://127\.0\.0\.1:(\d+)", line)
    assert found, line
    return proc, f"ws://127.0.0.1:{found.group(1)}"


def test_a_server_killed_with_kill_9_resumes_every_table_at_its_last_move(tmp_path):
    db = tmp_path / "tables.sqlite3"
    proc, url = _serve(db)
    try:
        tables = [table(url, game, seed=30 + i) for i, game in enumerate(("clans", "stickers"))]
        for players, _ in tables:
            play_until(players, lambda p=players: p[0].last is not None and p[0].last.d["ply"] >= 6)
        before = {}
        for players, code in tables:
            for p in players:
                p.pump()
            newest = max((p.last for p in players if p.last), key=lambda f: f.seq)
            before[code] = newest.seq, newest.d["ply"]
        credentials = [[(p.client.token, p.seat) for p in players] for players, _ in tables]
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(30)
        for players, _ in tables:
            for p in players:
                p.close()
        proc, url = _serve(db)
        for (players, code), creds in zip(tables, credentials):
            back = []
            for token, seat in creds:
                p = Player(url, f"back{seat}", seat)
                p.client.resume(code, token, 0)
                synced = p.wait_type("sync")
                assert synced.d["you"] == seat
                version, ply = before[code]
                assert synced.seq >= version and synced.d["ply"] >= ply  # nothing it was told of was lost
                assert synced.seq - version == synced.d["ply"] - ply  # each stored move counted once
                back.append(p)
            play_until(back, over(back))
            record = back[0].first("final").d["match"]
            assert record is not None and record.is_over  # the stored moves replay to the digest
            for p in back:
                p.close()
    finally:
        proc.kill()
        proc.wait(30)


# --- the audit itself can fail ----------------------------------------------------------------------
def test_the_audit_catches_a_server_that_sends_a_secret(tmp_path, monkeypatch):
    """Dot Lines with a leaky observe (the last move kept whole, a secret chip choice among them) and
    nothing withheld: the secret goes out in the opponent's view, and the audit of the frames says so."""
    import asyncio

    from hexgames.net.privacy import WirePolicy
    from tests.net.test_wire_privacy import leaky_dotlines

    leaky_dotlines(monkeypatch)
    auditor = Auditor()
    server = start_server(tmp_path / "leaky.sqlite3", auditor)

    def open_policy():
        future = asyncio.get_running_loop().create_future()
        future.set_result(WirePolicy())
        server.server.policies["dotlines"] = future

    server.call(open_policy)
    url = f"ws://127.0.0.1:{server.port}"
    try:
        for seed in range(8):
            players, _ = table(url, "dotlines", seed=seed)
            play_until(players, over(players))
            for p in players:
                p.close()
            if auditor.problems:
                break
        assert any("chip" in p and "cannot" in p for p in auditor.problems), auditor.problems
    finally:
        server.stop()


def test_bench_online_plays_tables_over_sockets_and_finds_no_leak(capsys):
    from hexgames import cli

    code = cli.main(["bench", "--online", "--tables", "2", "--seconds", "1", "--think", "0.05", "--game",
                     "dotlines", "--json"])
    result = json.loads(capsys.readouterr().out)
    assert code == 0 and result["tables"] == 2 and result["moves"] > 0
    assert result["frames_audited"] > 0 and result["leaky_frames"] == 0
    assert result["latency_ms"]["p50"] is not None and result["server_memory"]["rss_mb"]
