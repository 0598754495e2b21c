"""`hexgames bench --online --startup N`: how soon a server with N stored tables mid-game serves its first
one. The store is filled here (`fill_store`: each table two human seats, a few random moves in), then
`hexgames serve` is started on it in a child process and a player resumes a seat: reported are the
seconds from starting the process to its first line (listening) and to the first `sync` of that
resume, then the time a few more resumes take while the server is still loading the rest.
"""
from __future__ import annotations

import asyncio
import random
import secrets
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Iterator

from websockets.asyncio.client import connect

from hexgames import games
from hexgames.core.match import encode_entry
from hexgames.net import frames
from hexgames.net.client import MAX_INCOMING
from hexgames.net.frames import CODE_ALPHABET, CODE_LENGTH
from hexgames.net.room import hash_secret, new_secret
from hexgames.net.store import SeatRecord, TableRecord, TableStore, open_store

GAMES = ("ingenious", "clans", "toradama", "dotlines", "stickers")
PLIES = 8  # moves into each stored game
PROBES = 20  # resumes timed after the first


def _codes(n: int) -> Iterator[str]:
    seen: set[str] = set()
    while len(seen) < n:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if code not in seen:
            seen.add(code)
            yield code


def _template(game_id: str, plies: int, seed: int) -> tuple[dict[str, Any], list[Any], int]:
    """(options, the encoded moves of a seeded random game `plies` moves in, the seat to move then)."""
    info = games.get(game_id)
    rules, options = info.rules, info.resolve_options({}, 2)
    state, rng, moves = rules.setup(options, 2, seed), random.Random(seed), []
    for _ in range(plies):
        if rules.is_over(state):
            break
        move = rules.random_move(state, rng)
        moves.append(encode_entry(rules, move))
        state = rules.play(state, move)
    return options, moves, rules.to_move(state)


def stored_tables(n: int, game_ids: tuple[str, ...] = GAMES, plies: int = PLIES, ai_to_move: bool = False,
                  seed: int = 1) -> Iterator[tuple[TableRecord, str]]:
    """N started tables mid-game, each with the token of a human seat: two human seats each, or
    (`ai_to_move`) the seat to move played by the computer (Easy) and the other human."""
    templates = {g: _template(g, plies, seed) for g in game_ids}
    for i, code in enumerate(_codes(n)):
        game = game_ids[i % len(game_ids)]
        options, moves, to_move = templates[game]
        tokens = [new_secret(), new_secret()]
        seats = [SeatRecord("human", None, f"P{k + 1}", hash_secret(tokens[k])) for k in range(2)]
        if ai_to_move:
            seats[to_move] = SeatRecord("ai", "easy", "Easy")
        human = next(k for k, s in enumerate(seats) if s.kind == "human")
        yield (TableRecord(code, game, dict(options), seed, seats, human, hash_secret(new_secret()), listed=False,
                           started=True, version=1 + len(moves), moves=list(moves)), tokens[human])


def fill_store(store: TableStore, n: int, **kwargs: Any) -> list[tuple[str, str]]:
    """Store N tables mid-game (`stored_tables`); their (code, token of a human seat)."""
    out = []
    for record, token in stored_tables(n, **kwargs):
        store.create(record)
        out.append((record.code, token))
    return out


async def _resume(url: str, code: str, token: str) -> None:
    async with connect(url, max_size=MAX_INCOMING, compression=None, open_timeout=60) as ws:
        await ws.send(frames.client_frame("resume", 1, code=code, token=token, since=0))
        async for raw in ws:
            frame = frames.read_server_frame(raw)
            if frame.t == "sync":
                return
            if frame.t == "error":
                raise RuntimeError(f"the resume was refused: {frame.d['code']}")


def bench_startup(n: int) -> dict[str, Any]:
    """Fill a temporary SQLite store with N tables, start `serve` on it, resume a seat (see the
    module docstring)."""
    with tempfile.TemporaryDirectory(prefix="hexgames-startup-") as tmp:
        path = Path(tmp) / "tables.sqlite3"
        store, _ = open_store(path)
        began = time.perf_counter()
        tables = fill_store(store, n)
        filled = time.perf_counter() - began
        store.close()
        program = [sys.executable] if getattr(sys, "frozen", False) else [sys.executable, "-m", "hexgames"]
        cmd = [*program, "serve", "--port", "0", "--db", str(path)]
        began = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            assert proc.stdout is not None
            line = proc.stdout.readline()
            listening = time.perf_counter() - began
            port = line.split("ws://", 1)[1].split(" ", 1)[0].rsplit(":", 1)[1] if "ws://" in line else ""
            if not port.isdigit():
                raise RuntimeError(f"the server did not start: {line.strip() or 'no output'}")
            url = f"ws://127.0.0.1:{port}"
            asyncio.run(_resume(url, *tables[n // 2]))
            first = time.perf_counter() - began
            probes = random.Random(0).sample(tables, min(PROBES, n))
            times = []
            for code, token in probes:
                t = time.perf_counter()
                asyncio.run(_resume(url, code, token))
                times.append(time.perf_counter() - t)
        finally:
            proc.terminate()
            proc.wait(30)
    times.sort()
    return {"tables": n, "fill_s": round(filled, 1), "listening_s": round(listening, 2),
            "first_resume_s": round(first, 2), "next_resumes_ms": {"p50": round(times[len(times) // 2] * 1000, 1),
                                                                   "max": round(times[-1] * 1000, 1)}}


def format_startup(r: dict[str, Any]) -> str:
    return (f"start-up with {r['tables']} stored tables mid-game (filled in {r['fill_s']} s): listening after "
            f"{r['listening_s']} s, first resume served after {r['first_resume_s']} s; {PROBES} more resumes while "
            f"the rest loads: p50 {r['next_resumes_ms']['p50']} ms, max {r['next_resumes_ms']['max']} ms")
