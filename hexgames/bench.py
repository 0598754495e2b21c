"""`python -m hexgames bench`: how fast each game's engine, AI and scene are on this machine.

Figures, not tests: speed is reported here and in the README, never asserted in the test suite.
"""
from __future__ import annotations

import random
import statistics
import time
from typing import Any

from hexgames.games import GameInfo

MID_GAME_STATES = 12
HARD_SAMPLES = 5  # Hard moves timed per game (each takes its full budget)


def _seat_counts(info: GameInfo) -> list[int]:
    return sorted({n for m in info.modes for n in m.seats if m.id == info.default_mode_for(n).id})


def random_game(info: GameInfo, seats: int, seed: int, options: dict[str, Any] | None = None) -> list[Any]:
    """One complete random game through the fast path; returns the moves (for replays)."""
    rules = info.rules
    rng = random.Random(seed)
    s = rules.setup(options or info.resolve_options({}, seats), seats, seed)
    moves = []
    while not rules.is_over(s):
        m = rules.random_move(s, rng)
        rules.apply(s, m)
        moves.append(m)
    return moves


def random_games_per_s(info: GameInfo, seats: int, seconds: float) -> float:
    rules = info.rules
    options = info.resolve_options({}, seats)
    rng = random.Random(seats)
    games = 0
    start = time.perf_counter()
    while True:
        s = rules.setup(options, seats, rng.randrange(1 << 30))
        while not rules.is_over(s):
            rules.apply(s, rules.random_move(s, rng))
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games / elapsed


def mid_game_states(info: GameInfo, seats: int, count: int, late: float = 0.5) -> list[Any]:
    """States part-way through random games (not over), for timing move generation and the AI."""
    rules = info.rules
    options = info.resolve_options({}, seats)
    out = []
    for seed in range(count):
        moves = random_game(info, seats, seed, options)
        s = rules.setup(options, seats, seed)
        for m in moves[: int(len(moves) * late)]:
            rules.apply(s, m)
        if not rules.is_over(s):
            out.append(s)
    return out


def legal_moves_us(info: GameInfo, states: list[Any]) -> float:
    rules = info.rules
    reps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < 0.5:
        for s in states:
            rules.legal_moves(s)
        reps += len(states)
    return (time.perf_counter() - start) / reps * 1e6


def ai_move_seconds(info: GameInfo, states: list[Any], level: str, samples: int) -> float:
    from hexgames.ai.agents import make_agent

    rules = info.rules
    agent = make_agent(info, level)
    times = []
    for i, s in enumerate(states[:samples]):
        seat = rules.to_move(s)
        view = rules.observe(s, seat)
        t = time.perf_counter()
        agent.choose(rules, view, seat, random.Random(i))
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def hard_search(info: GameInfo, states: list[Any], samples: int) -> dict[str, float]:
    """A Hard move in its normal time budget: median seconds and median search iterations, which say
    how strong Hard is on this machine now (fewer on a slower or busier one; the figure to give
    `arena --iterations` for reproducible runs of that strength), and the iterations the same budget
    gives on an idle core, from the CPU time the searches used (the load-independent figure)."""
    from hexgames.ai.agents import HARD_BUDGET, search_config
    from hexgames.ai.search import search_stats

    rules = info.rules
    config = search_config(info, HARD_BUDGET, None)
    times, iterations, cpu = [], [], 0.0
    for i, s in enumerate(states[:samples]):
        seat = rules.to_move(s)
        t, c = time.perf_counter(), time.process_time()
        stats = search_stats(info, rules.observe(s, seat), seat, random.Random(i), config)
        times.append(time.perf_counter() - t)
        cpu += time.process_time() - c
        iterations.append(stats["iterations"])
    return {"seconds": statistics.median(times), "iterations": int(statistics.median(iterations)),
            "idle_core_iterations": round(sum(iterations) / cpu * HARD_BUDGET) if cpu > 0 else 0}


def frame_ms(info: GameInfo, seats: int, frames: int = 60) -> float | None:
    """Mean time of one full app frame with the game's scene on a busy late-game position."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if not info.scene_path:
        return None
    try:
        info.scene_class()
    except ModuleNotFoundError:  # a game whose scene is not written yet
        return None
    from hexgames.app import App
    from hexgames.core.match import Match, Seat

    options = info.resolve_options({}, seats)
    moves = random_game(info, seats, 7, options)
    seat_list = [Seat("human", None, "P1")] + [Seat("ai", "medium", f"CPU {i + 1}") for i in range(1, seats)]
    match = Match(info, seat_list, options, 7)
    k = int(len(moves) * 0.85)
    match.replay(moves[:k])
    while match.is_over or match.to_move != 0:  # a human turn: no hand-over, no AI thinking
        k -= 1
        match = Match(info, seat_list, options, 7)
        match.replay(moves[:k])
    app = App(headless=True)
    try:
        app.start_match(match)
        for _ in range(10):
            app.step(1 / 60)
        start = time.perf_counter()
        for _ in range(frames):
            app.step(1 / 60)
        return (time.perf_counter() - start) / frames * 1000
    finally:
        app.shutdown()


def bench_game(info: GameInfo, seconds: float = 2.0, hard: bool = True) -> dict[str, Any]:
    counts = _seat_counts(info)
    base = 2 if 2 in counts else counts[0]
    # a game may say where its "middle" lies (Sticker Turf spends its first half building decks)
    states = mid_game_states(info, base, MID_GAME_STATES, late=float(info.extra.get("bench_late", 0.5)))
    result = {
        "random_games_per_s": {str(n): round(random_games_per_s(info, n, seconds), 1) for n in counts},
        "legal_moves_us": round(legal_moves_us(info, states), 1),
        "ai_move_seconds": {lv: round(ai_move_seconds(info, states, lv, 8), 4) for lv in ("easy", "medium")},
        "frame_ms": _round(frame_ms(info, max(counts))),
    }
    if hard:
        search = hard_search(info, states, HARD_SAMPLES)
        result["ai_move_seconds"]["hard"] = round(search["seconds"], 4)
        result["hard_iterations"] = search["iterations"]
        result["hard_iterations_idle_core"] = search["idle_core_iterations"]
    return result


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, 2)


def format_bench(game_id: str, r: dict[str, Any]) -> str:
    games = ", ".join(f"{n}p {v:g}/s" for n, v in r["random_games_per_s"].items())
    ai = ", ".join(f"{lv} {v:.3f}s" for lv, v in r["ai_move_seconds"].items())
    frame = "n/a" if r["frame_ms"] is None else f"{r['frame_ms']:.1f} ms"
    iterations = (f" (Hard: {r['hard_iterations']} search iterations, {r['hard_iterations_idle_core']} "
                  f"on an idle core)") if "hard_iterations" in r else ""
    return (f"{game_id}: random games {games}; legal moves {r['legal_moves_us']:.0f} µs; "
            f"AI move {ai}{iterations}; frame {frame}")
