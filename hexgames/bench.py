"""`python -m hexgames bench`: how fast each game's engine, AI and scene are on this machine, how
soon the app shows its menu and how much memory it holds.

Figures, not tests: speed is reported here and in the README, never asserted in the test suite.
The app's launch and memory are measured in fresh processes of this same hexgames (`hexgames
bench-probe launch` and `... memory LANGUAGE GAME...`; `own_program` says how to start one, also in the
desktop app), each started as a player starts the app, headless, over an empty temporary data folder
(never the player's own).
"""
from __future__ import annotations

import contextlib
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any, Iterator, Sequence

from hexgames.cli import BENCH_PROBE
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


def has_scene(info: GameInfo) -> bool:
    if not info.scene_path:
        return False
    try:
        info.scene_class()
    except ModuleNotFoundError:  # a game whose scene is not written yet
        return False
    return True


def late_match(info: GameInfo, seats: int) -> Any:
    """A busy late-game position (85% into a random game) where the human in seat 0 is to move: no
    hand-over, no AI thinking, so a frame is the scene's drawing only."""
    from hexgames.core.match import Match, Seat

    options = info.resolve_options({}, seats)
    moves = random_game(info, seats, 7, options)
    seat_list = [Seat("human", None, "P1")] + [Seat("ai", "medium", f"CPU {i + 1}") for i in range(1, seats)]
    match = Match(info, seat_list, options, 7)
    k = int(len(moves) * 0.85)
    match.replay(moves[:k])
    while match.is_over or match.to_move != 0:
        k -= 1
        match = Match(info, seat_list, options, 7)
        match.replay(moves[:k])
    return match


def frame_ms(info: GameInfo, seats: int, frames: int = 60) -> float | None:
    """Mean time of one full app frame with the game's scene on a busy late-game position."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if not has_scene(info):
        return None
    from hexgames.app import App

    match = late_match(info, seats)
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
    states = mid_game_states(info, base, MID_GAME_STATES, late=info.bench_late)
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


# --- the app as a whole: launch time and memory, each from fresh processes ------------------------
LAUNCHES = 5  # timed launches, of which the median is reported
SETTLE_FRAMES = 30  # frames drawn on a screen before its peak is read (widgets finish their looks)
LANGUAGES = ("en", "ja")


def bench_app(game_ids: Sequence[str], launches: int = LAUNCHES) -> dict[str, Any]:
    """How long the app takes from its start to the first menu frame (median wall time of `launches`
    fresh processes, and the CPU time they used, the figure a busy machine changes least), and the
    peak resident memory at the menu and in each game's scene, in each language.

    Keys: launch_seconds, launch_cpu_seconds, launches, menu_peak_rss_mib {language: MiB},
    game_peak_rss_mib {game: {language: MiB}}, peak_rss_mib (the most of all). Memory figures are
    None where the system does not tell them."""
    with _probe_env() as env:
        # a first, untimed start may compile the modules, as installing the app does
        _probe(["launch"], {**env, "PYTHONDONTWRITEBYTECODE": ""})
        times = [_timed_launch(env) for _ in range(max(1, launches))]
        walks = {lang: json.loads(_probe(["memory", lang, *game_ids], env).splitlines()[-1]) for lang in LANGUAGES}
    menu = {lang: _round_mib(walk["menu"]) for lang, walk in walks.items()}
    per_game = {gid: {lang: _round_mib(walk["games"].get(gid)) for lang, walk in walks.items()}
                for gid in game_ids if any(gid in walk["games"] for walk in walks.values())}
    peaks = [v for v in [*menu.values(), *(x for g in per_game.values() for x in g.values())] if v is not None]
    return {"launch_seconds": round(statistics.median(wall for wall, _ in times), 3),
            "launch_cpu_seconds": round(statistics.median(cpu for _, cpu in times), 3), "launches": len(times),
            "menu_peak_rss_mib": menu, "game_peak_rss_mib": per_game, "peak_rss_mib": max(peaks) if peaks else None}


def _round_mib(x: float | None) -> float | None:
    return None if x is None else round(x, 1)


@contextlib.contextmanager
def _probe_env() -> Iterator[dict[str, str]]:
    """The environment of a measuring process: headless, over an empty temporary data folder."""
    with tempfile.TemporaryDirectory(prefix="hexgames-bench-") as folder:
        yield {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
               "PYGAME_HIDE_SUPPORT_PROMPT": "1", "HEXGAMES_DATA_DIR": folder}


def own_program() -> list[str]:
    """The command that starts this hexgames afresh: in the desktop app (tools/build_app.py)
    `sys.executable` is the app itself, which takes hexgames' commands and no `-m`; elsewhere it is
    the Python that runs the package."""
    return [sys.executable] if getattr(sys, "frozen", False) else [sys.executable, "-m", "hexgames"]


def _probe(args: list[str], env: dict[str, str]) -> str:
    done = subprocess.run([*own_program(), BENCH_PROBE, *args], env=env, capture_output=True,
                          text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"bench probe {' '.join(args)} failed: {done.stderr.strip()[-2000:]}")
    return done.stdout


def _timed_launch(env: dict[str, str]) -> tuple[float, float]:
    """Wall seconds from starting the process to its first menu frame, and the CPU seconds it used."""
    start = time.perf_counter()
    proc = subprocess.Popen([*own_program(), BENCH_PROBE, "launch"], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    line = proc.stdout.readline() if proc.stdout else ""
    wall = time.perf_counter() - start
    proc.communicate()
    if proc.returncode != 0 or not line.startswith("first-frame "):
        raise RuntimeError("bench probe launch failed")
    return wall, float(line.split()[1])


def _launch_probe() -> None:
    """In the measuring process: start the app, draw the first menu frame, say so at once."""
    from hexgames.app import App

    app = App(headless=True)
    app.step(1 / 60)
    print(f"first-frame {time.process_time():.4f}", flush=True)
    app.shutdown()


def _memory_probe(language: str, game_ids: Sequence[str]) -> None:
    """In the measuring process: the peak resident memory at the menu, then in each game's scene on a
    late position (from the menu, back to it after each game); prints them as JSON."""
    from hexgames import games, memory
    from hexgames.app import App

    app = App(headless=True, language=language)
    _settle(app)
    out: dict[str, Any] = {"menu": memory.peak_rss_mib(), "games": {}}
    for gid in game_ids:
        info = games.get(gid)
        if not has_scene(info):
            continue
        memory.reset_peak()  # where it cannot, a game's figure is the peak so far
        app.start_match(late_match(info, max(_seat_counts(info))))
        _settle(app)
        out["games"][gid] = memory.peak_rss_mib()
        app.open_menu()
        _settle(app)
    app.shutdown()
    print(json.dumps(out))


def _settle(app: Any) -> None:
    for _ in range(SETTLE_FRAMES):
        app.step(1 / 60)


def format_app(r: dict[str, Any]) -> str:
    menu = " / ".join(f"{lang} {_mib(v)}" for lang, v in r["menu_peak_rss_mib"].items())
    return (f"app: launch to the first menu frame {r['launch_seconds']:.2f} s (median of {r['launches']}; "
            f"CPU {r['launch_cpu_seconds']:.2f} s); peak RSS {_mib(r['peak_rss_mib'])} MiB at most "
            f"(menu {menu} MiB)")


def format_game_memory(peaks: dict[str, float | None]) -> str:
    """The tail of a game's bench line: its scene's peak memory in each language."""
    return "; peak RSS " + " / ".join(f"{lang} {_mib(v)}" for lang, v in peaks.items()) + " MiB"


def _mib(x: float | None) -> str:
    return "n/a" if x is None else f"{x:.0f}"


def probe_main(argv: Sequence[str]) -> int:
    """A measuring process of `bench_app` (`hexgames bench-probe launch | memory LANGUAGE [GAME...]`)."""
    if list(argv[:1]) == ["launch"]:
        _launch_probe()
    elif list(argv[:1]) == ["memory"] and len(argv) > 1:
        _memory_probe(argv[1], argv[2:])
    else:
        print(f"usage: hexgames {BENCH_PROBE} launch | memory LANGUAGE [GAME...]", file=sys.stderr)
        return 2
    return 0
