"""`hexgames bench --online`: a real server process and N tables of random-playing clients over real
sockets on this machine, measured.

The server runs as `hexgames serve` in a child process (so its memory is its own) on a temporary
table store. Each table is two clients in this process that take turns choosing a random legal move
from their own decoded view, after a short think (`think` seconds on average, like a quick player),
and a new table starts where a game ends, so N tables are always in play. Reported: moves a second,
the time from a move sent to the next view received (p50, p99), the server's memory, and how many
frames held anything the receiving seat may not see, by the oracle of `privacy` run afterwards on
every frame of every finished game (whose full record the server sends at its end).
"""
from __future__ import annotations

import asyncio
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

from hexgames import games
from hexgames.ai.agents import view_moves
from hexgames.net import frames
from hexgames.net.client import MAX_INCOMING
from hexgames.net.server import collect_garbage
from hexgames.net.store import without_password

GAMES = ("ingenious", "clans", "toradama", "dotlines", "stickers")
DRAIN_SECONDS = 120.0  # after the measured window, how long running games may take to finish
WARMUP_LIMIT = 300.0  # seconds the tables may take to be set up before the window opens anyway


# A frame one seat received, kept as its text for the privacy audit (text is cheap to keep: the
# garbage collector does not walk strings, so keeping every frame does not slow the clients down).
Seen = tuple[str, str]  # (type, text)


@dataclass
class Game:
    game: str
    frames: dict[int, list[Seen]] = field(default_factory=dict)
    record: Any = None


@dataclass
class Stats:
    start: float = 0.0
    end: float = float("inf")
    moves: int = 0
    latencies: list[float] = field(default_factory=list)
    games: list[Game] = field(default_factory=list)
    frames: int = 0
    started: int = 0  # games started, the first of every table included
    errors: dict[str, int] = field(default_factory=dict)
    # with an attacker (`attack`): the window from `start` ends at `split`, and a second one,
    # under attack, runs from `attacked_from` to `end`, its moves timed in `attacked`
    split: float = float("inf")
    attacked_from: float = float("inf")
    attacked: list[float] = field(default_factory=list)

    def measuring(self, t: float) -> bool:
        return self.start <= t < self.end

    def timed(self, t: float) -> list[float] | None:
        """The list a move sent at `t` is timed in, or None outside the measured windows."""
        if self.start <= t < min(self.split, self.end):
            return self.latencies
        return self.attacked if self.attacked_from <= t < self.end else None


class Seat:
    """One random-playing client of a table."""

    def __init__(self, url: str, game: Game, stats: Stats, rng: random.Random, think: list[float]):
        self.url, self.game, self.stats, self.rng, self.think = url, game, stats, rng, think
        self.ws: Any = None
        self.seat: int | None = None
        self.code: str | None = None
        self.sent_at: float | None = None
        self.seq = 0
        self.done = asyncio.Event()
        self.welcomed = asyncio.Event()
        self.rules = games.get(game.game).rules

    async def send(self, kind: str, **d: Any) -> None:
        self.seq += 1
        await self.ws.send(frames.client_frame(kind, self.seq, **d))

    async def run(self) -> None:
        async for raw in self.ws:
            now = time.perf_counter()
            frame = frames.read_server_frame(raw)
            self.stats.frames += 1
            if frame.t == "welcome":
                self.seat, self.code = frame.d["seat"], frame.d["code"]
                self.game.frames.setdefault(self.seat, [])
                self.welcomed.set()
            if self.seat is not None:
                self.game.frames[self.seat].append((frame.t, raw))
            if frame.t == "error":
                code = frame.d["code"]
                self.stats.errors[code] = self.stats.errors.get(code, 0) + 1
            if frame.t in ("sync", "update"):
                if self.sent_at is not None:
                    timed = self.stats.timed(self.sent_at)
                    if timed is not None:
                        timed.append(now - self.sent_at)
                        self.stats.moves += timed is self.stats.latencies
                    self.sent_at = None
                if frame.d["view"] is not None and not frame.d["over"] and frame.d["to_move"] == self.seat:
                    asyncio.ensure_future(self.move(frame))
            if frame.t == "final":
                self.game.record = frame.d["record"]
                self.done.set()
                return

    async def move(self, frame: frames.Frame) -> None:
        think = self.think[0]
        if think > 0:
            await asyncio.sleep(self.rng.uniform(0.5, 1.5) * think)
        from hexgames.net.views import decode_state

        view = decode_state(self.rules, frame.d["view"])
        move = self.rng.choice(list(view_moves(self.rules, view, self.seat, self.rng)))
        self.sent_at = time.perf_counter()
        await self.send("move", move=self.rules.encode(move), at=frame.seq)


async def play_table(urls: list[str], game_id: str, stats: Stats, rng: random.Random, think: list[float]) -> Game:
    """One game at a new table: the host creates it, the guest sits, the host starts, both play.
    With several server processes, each player connects to one of them chosen at random, as a load
    balancer would send them (a guest connected elsewhere than the table's owner is relayed)."""
    game = Game(game_id)
    url, guest_url = rng.choice(urls), rng.choice(urls)
    host, guest = Seat(url, game, stats, rng, think), Seat(guest_url, game, stats, rng, think)
    async with connect(url, max_size=MAX_INCOMING, compression=None, open_timeout=60) as a:
        host.ws = a
        tasks = [asyncio.ensure_future(host.run())]
        await host.send("create", game=game_id, seats=["human", "human"], name="Host")
        await asyncio.wait_for(host.welcomed.wait(), 120)
        guest.ws = b = await connect(guest_url, max_size=MAX_INCOMING, compression=None, open_timeout=60)
        tasks.append(asyncio.ensure_future(guest.run()))
        await guest.send("sit", code=host.code, name="Guest")
        await asyncio.wait_for(guest.welcomed.wait(), 60)
        await host.send("start")
        stats.started += 1
        await asyncio.wait(tasks, timeout=DRAIN_SECONDS + 600, return_when=asyncio.ALL_COMPLETED)
        for t in tasks:
            t.cancel()
        await b.close()
    return game


async def _table_loop(urls: list[str], index: int, stats: Stats, think: list[float], stop: asyncio.Event,
                      game_ids: tuple[str, ...]) -> None:
    rng = random.Random(index)
    n = index
    while not stop.is_set():
        game = await play_table(urls, game_ids[n % len(game_ids)], stats, rng, think)
        stats.games.append(game)
        n += 1


def start_server(db: Path | str, tables: int, bus: str | None = None) -> tuple[subprocess.Popen[str], int]:
    """`hexgames serve` on a free port, in a child process, on the store `db` (a file or a
    postgresql:// URL) and, with `bus`, sharing its tables over that Redis; (process, port)."""
    program = [sys.executable] if getattr(sys, "frozen", False) else [sys.executable, "-m", "hexgames"]  # the app
    cmd = [*program, "serve", "--port", "0", "--db", str(db), "--max-connections", str(4 * tables + 100),
           "--unlimited-address", "127.0.0.1"]  # the honest tables all play from here: only an attacker is limited
    if bus:
        cmd += ["--bus", bus]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    found = re.search(r"ws://[^:]+:(\d+)", line)
    if not found:
        proc.kill()
        raise RuntimeError(f"the server did not start: {line.strip() or 'no output'}")
    return proc, int(found.group(1))


def stop_server(proc: subprocess.Popen[str], grace: float = 30.0) -> None:
    """Stop the server, and kill it if it takes longer than `grace` seconds: with thousands of
    connections whose clients no longer answer (this process stopped reading them), its clean close
    can outlast any fixed wait, and the figures are measured by then; they must still be printed."""
    proc.terminate()
    try:
        proc.wait(grace)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def memory_mb(pid: int) -> dict[str, float | None]:
    """The server's resident memory now and at its peak, and that of its worker processes (the AI),
    from Linux's /proc (None elsewhere)."""
    out: dict[str, float | None] = {"rss_mb": None, "peak_rss_mb": None, "workers_rss_mb": None}
    status = _status(pid)
    if status is None:
        return out
    out["rss_mb"], out["peak_rss_mb"] = _kb(status, "VmRSS"), _kb(status, "VmHWM")
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return out
    sizes = [_kb(_status(int(c)) or "", "VmRSS") for c in children]
    out["workers_rss_mb"] = round(sum(x for x in sizes if x is not None), 1)
    return out


def _status(pid: int) -> str | None:
    try:
        return Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None


def _kb(status: str, key: str) -> float | None:
    found = re.search(rf"{key}:\s+(\d+) kB", status)
    return round(int(found.group(1)) / 1024, 1) if found else None


async def _run(tables: int, seconds: float, think: float, game_ids: tuple[str, ...], warmup: float,
               attackers: int = 0, processes: int = 1, db: str | None = None, bus: str | None = None) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="hexgames-bench-") as tmp:
        servers = [start_server(db or Path(tmp) / "tables.sqlite3", tables, bus) for _ in range(processes)]
        proc, port = servers[0]
        urls = [f"ws://127.0.0.1:{p}" for _, p in servers]
        url = urls[0]
        stats, stop, pace = Stats(), asyncio.Event(), [think]
        try:
            loops = [asyncio.ensure_future(_table_loop(urls, i, stats, pace, stop, game_ids)) for i in range(tables)]
            collector = asyncio.ensure_future(collect_garbage())  # the clients' own pauses are not the server's
            deadline = time.perf_counter() + WARMUP_LIMIT
            while stats.started < tables and time.perf_counter() < deadline:
                await asyncio.sleep(0.1)  # every table set up and started (the server surveys its games first)
            await asyncio.sleep(warmup)
            stats.start, cpu = time.perf_counter(), [cpu_seconds(p.pid) for p, _ in servers]
            await asyncio.sleep(seconds)
            cpu = _sum(_delta(a, cpu_seconds(p.pid)) for a, (p, _) in zip(cpu, servers))
            under_attack = await _under_attack(url, attackers, seconds, warmup, stats, proc.pid) if attackers else None
            stats.end = time.perf_counter()
            memory = _memory([memory_mb(p.pid) for p, _ in servers])
            stop.set()
            pace[0] = 0.0  # the games still running finish quickly; they are audited, not timed
            done, pending = await asyncio.wait(loops, timeout=DRAIN_SECONDS)
            for task in [*pending, collector]:
                task.cancel()
        finally:
            for p, _ in servers:
                stop_server(p)
    audit = audit_games(stats.games)
    measured = min(stats.end, stats.split) - stats.start
    extra = {"under_attack": {**under_attack, "latency_ms": _latency(stats.attacked)}} if attackers else {}
    return {"tables": tables, "processes": processes, "store": without_password(str(db)) if db else "sqlite",
            "bus": without_password(bus) if bus else None, "seconds": round(measured, 1), "think_s": think,
            "moves": stats.moves, "moves_per_s": round(stats.moves / max(1e-9, measured), 1), "server_cpu_s": cpu,
            "latency_ms": _latency(stats.latencies), **extra,
            "server_memory": memory, "frames": stats.frames, **audit, "errors": stats.errors}


def _sum(values: Any) -> float | None:
    found = list(values)
    return None if any(v is None for v in found) else round(sum(found), 2)


def _memory(each: list[dict[str, float | None]]) -> dict[str, Any]:
    """The servers' memory added up (each process's figures kept too, with several)."""
    total = {key: _sum(m[key] for m in each) for key in each[0]}
    return {**total, "processes": each} if len(each) > 1 else total


def _latency(values: list[float]) -> dict[str, float | None]:
    lat = sorted(values)
    return {"p50": _ms(_pct(lat, 50)), "p99": _ms(_pct(lat, 99)), "max": _ms(lat[-1] if lat else None)}


def cpu_seconds(pid: int) -> float | None:
    """The CPU time (user and system) process `pid` has used, from Linux's /proc (None elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def _delta(before: float | None, after: float | None) -> float | None:
    return None if before is None or after is None else round(after - before, 2)


async def _under_attack(url: str, attackers: int, seconds: float, ramp: float, stats: Stats,
                        server_pid: int) -> dict[str, Any]:
    """The first window has been measured; now `attackers` connections from another address
    (`attack`) for `ramp` seconds, then a second window of `seconds` under attack."""
    import concurrent.futures as futures
    import multiprocessing as mp

    from hexgames.ai.worker import exit_with_parent
    from hexgames.net.attack import ATTACKER, attack_for

    stats.split = time.perf_counter()
    ramp = max(ramp, 3.0)  # the attacker's process starts, and its connections are made
    with futures.ProcessPoolExecutor(1, mp_context=mp.get_context("spawn"), initializer=exit_with_parent) as pool:
        attacker = asyncio.get_running_loop().run_in_executor(pool, attack_for, url, attackers, ramp + seconds)
        await asyncio.sleep(ramp)
        stats.attacked_from, cpu = time.perf_counter(), cpu_seconds(server_pid)
        await asyncio.sleep(seconds)
        stats.end, cpu = time.perf_counter(), _delta(cpu, cpu_seconds(server_pid))
        seen = await attacker
    return {"connections": attackers, "address": ATTACKER, "moves": len(stats.attacked), "server_cpu_s": cpu,
            "moves_per_s": round(len(stats.attacked) / max(1e-9, stats.end - stats.attacked_from), 1),
            "attacker": seen}


def _pct(values: list[float], p: float) -> float | None:
    if not values:
        return None
    return values[min(len(values) - 1, int(len(values) * p / 100))]


def _ms(x: float | None) -> float | None:
    return None if x is None else round(x * 1000, 1)


def audit_games(played: list[Game], jobs: int = 2) -> dict[str, Any]:
    """Every frame of every finished game through the privacy oracle (`audit_game`), on `jobs`
    processes: how many frames were checked, and how many held what their seat may not see."""
    import concurrent.futures as futures
    import multiprocessing as mp

    finished = [(g.game, g.record, g.frames) for g in played if g.record is not None]
    checked = leaks = 0
    examples: list[str] = []
    from hexgames.ai.worker import exit_with_parent

    with futures.ProcessPoolExecutor(jobs, mp_context=mp.get_context("spawn"), initializer=exit_with_parent) as pool:
        for n, bad, found in pool.map(audit_game, *zip(*finished), chunksize=4) if finished else ():
            checked, leaks = checked + n, leaks + bad
            examples += found[:5 - len(examples)]
    return {"games_finished": len(finished), "frames_audited": checked, "leaky_frames": leaks,
            **({"leak_examples": examples} if examples else {})}


def audit_game(game_id: str, record: Any, seen: dict[int, list[Seen]]) -> tuple[int, int, list[str]]:
    """(frames checked, frames that held what their seat may not see, a few examples) for one
    finished game: no frame may hold the seed or an RNG state of the game in decimal, and every view
    and log line must be exactly the seat's own and pass `privacy.view_leaks` or
    `privacy.log_line_leaks` (each distinct one once). The final frame, the whole game sent once it
    is over, is public by then."""
    from hexgames.core.saves import match_from_dict
    from hexgames.net.privacy import holds_secret_number, log_line_leaks, secret_numbers, survey, view_leaks

    match = match_from_dict(record, games.get)
    rules, seats, states = match.rules, len(match.seats), match.states
    policy = survey(game_id)
    numbers = set().union(*(secret_numbers(s, match.seed) for s in states))
    rng = random.Random(0)
    judged: dict[tuple[int, int, str], list[str]] = {}

    def line_leaks(i: int, seat: int, line: Any) -> list[str]:
        key = (i, seat, "log:" + json.dumps(line, sort_keys=True))
        if key not in judged:
            judged[key] = log_line_leaks(rules, states[i], match.moves[i], states[i + 1], match.mover(i), seat,
                                         seats, line, rng)
        return judged[key]

    checked = leaks = 0
    examples: list[str] = []
    for seat, frames_seen in seen.items():
        for kind, text in frames_seen:
            if kind == "final":
                continue
            checked += 1
            problems = ["holds the seed or the RNG state"] if holds_secret_number(text, numbers) else []
            if kind in ("sync", "update"):
                d = json.loads(text)["d"]
                k, view = d["ply"], d["view"]
                key = (seat, k, json.dumps(view, sort_keys=True))
                if view is not None and key not in judged:
                    before, move = (states[k - 1], match.moves[k - 1]) if k else (None, None)
                    judged[key] = view_leaks(rules, policy, states[k], seat, seats, view, states[0], rng, before, move)
                problems += judged.get(key, [])
                first = k - len(d["log"])
                for i, line in zip(range(first, k), d["log"]):
                    problems += line_leaks(i, seat, line)
            if problems:
                leaks += 1
                if len(examples) < 5:
                    examples.append(f"{game_id} seat {seat}, {kind} frame: {'; '.join(problems)}")
    return checked, leaks, examples


def bench_online(tables: int, seconds: float = 30.0, think: float = 1.0, game_ids: tuple[str, ...] = GAMES,
                 warmup: float = 2.0, attack: int = 0, processes: int = 1, db: str | None = None,
                 bus: str | None = None) -> dict[str, Any]:
    """The benchmark; with `processes` above 1, that many `serve` processes share the store `db`
    (a temporary SQLite file when None, or a postgresql:// URL) over the Redis at `bus`."""
    return asyncio.run(_run(tables, seconds, think, game_ids, warmup, attack, processes, db, bus))


def format_online(r: dict[str, Any]) -> str:
    mem = r["server_memory"]
    lines = [
        f"online: {r['tables']} tables, {r['seconds']} s measured, think {r['think_s']} s on average; "
        f"{r['processes']} serve process(es) on {r['store']}" + (f" sharing over {r['bus']}" if r["bus"] else ""),
        f"  {r['moves']} moves, {r['moves_per_s']} moves/s; move sent to next view: p50 {r['latency_ms']['p50']} ms, "
        f"p99 {r['latency_ms']['p99']} ms, max {r['latency_ms']['max']} ms; server CPU {r['server_cpu_s']} s",
        f"  server memory {mem['rss_mb']} MB (peak {mem['peak_rss_mb']} MB; AI workers {mem['workers_rss_mb']} MB); "
        f"{r['frames']} frames received",
        f"  privacy: {r['frames_audited']} frames of {r['games_finished']} finished games audited, "
        f"{r['leaky_frames']} held anything their seat may not see",
    ]
    if "under_attack" in r:
        a = r["under_attack"]
        lines.append(f"  under attack from {a['address']} ({a['connections']} connections, each asking as fast as "
                     f"the server takes it): {a['moves']} moves, {a['moves_per_s']} moves/s; move sent to next view: "
                     f"p50 {a['latency_ms']['p50']} ms, p99 {a['latency_ms']['p99']} ms, max {a['latency_ms']['max']} ms; "
                     f"server CPU {a['server_cpu_s']} s")
        lines.append(f"    the attacker: {json.dumps(a['attacker'])}")
    lines += [f"    {e}" for e in r.get("leak_examples", [])]
    if r["errors"]:
        lines.append(f"  errors from the server: {json.dumps(r['errors'])}")
    return "\n".join(lines)

