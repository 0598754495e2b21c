"""AI-vs-AI matches: how we know the levels are ordered, with confidence intervals, not impressions.

Each game seats the level *slots* (as given, e.g. `["hard", "medium"]`) in a rotation that changes with
the game number, so every slot starts equally often and first-player advantage cancels out. Results are
reported per slot. Every agent sees only `rules.observe(state, its seat)`, exactly as in the app.
A game whose first place is shared counts as a draw. With `jobs > 1` games run in a `spawn` process
pool (never `fork`: callers may have SDL initialised).
"""
from __future__ import annotations

import math
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Callable, Mapping, Sequence

MAX_MOVES = 100_000  # a game longer than this is a rules bug, not a long game


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion (sane at 0 %, 100 % and small n)."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # exact at the ends: rounding must not push the bound past the observed rate at 0 % or 100 %
    return (max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))


def game_seed(seed: int, game: int) -> int:
    """Independent, reproducible seeds per game (the same for jobs=1 and jobs=2)."""
    return random.Random(f"arena:{seed}:{game}").randrange(2**31)


def seating(slots: int, game: int) -> list[int]:
    """`seating(n, g)[seat]` = the level slot sitting at `seat` in game `g` (a rotation by g)."""
    return [(seat + game) % slots for seat in range(slots)]


def play_game(game_id: str, levels: Sequence[str], game: int, seed: int,
              options: Mapping[str, Any] | None = None, budget: float | None = None,
              register_module: str | None = None, iterations: int | None = None) -> dict[str, Any]:
    """One seeded game; returns the winning slot (None for a draw) and per-slot move times."""
    from hexgames import games
    from hexgames.ai.agents import make_agent

    if register_module:
        __import__(register_module)
    info = games.get(game_id)
    rules = info.rules
    n = len(levels)
    slot_at = seating(n, game)
    gseed = game_seed(seed, game)
    state = rules.setup(info.resolve_options(options, n), n, gseed)
    agents = [make_agent(info, levels[slot], budget, iterations) for slot in slot_at]
    rngs = [random.Random(f"{gseed}:{seat}") for seat in range(n)]
    times: list[list[float]] = [[] for _ in range(n)]
    for _ in range(MAX_MOVES):
        if rules.is_over(state):
            break
        seat = rules.to_move(state)
        view = rules.observe(state, seat)
        start = time.perf_counter()
        move = agents[seat].choose(rules, view, seat, rngs[seat])
        times[slot_at[seat]].append(time.perf_counter() - start)
        state = rules.play(state, move)
    else:
        raise RuntimeError(f"{game_id} game {game} did not end within {MAX_MOVES} moves")
    outcome = rules.outcome(state)
    winners = outcome.winners
    return {"winner": slot_at[winners[0]] if len(winners) == 1 else None, "times": times,
            "scores": [outcome.scores[seat] for seat in sorted(range(n), key=lambda s: slot_at[s])]}


def _play_game_args(args: tuple) -> dict[str, Any]:
    return play_game(*args)


def run_arena(game_id: str, levels: list[str], games: int, seed: int, jobs: int = 1,
              options: dict | None = None, budget: float | None = None,
              progress: Callable[[int, int], None] | None = None,
              register_module: str | None = None, iterations: int | None = None) -> dict[str, Any]:
    """Play `games` AI-vs-AI games between the level slots `levels`; JSON-ready results per slot.

    Keys: game, seats, games, wins, draws, win_rate, ci95 ([low, high], Wilson), move_seconds
    (median seconds per move), mean_score. `register_module` is imported first (in every worker
    too), for games registered outside the package (tests); `iterations` caps Hard's search (with no
    budget, the whole arena is reproducible).
    """
    tasks = [(game_id, list(levels), g, seed, options, budget, register_module, iterations) for g in range(games)]
    results: list[dict[str, Any]] = []

    def done(r: dict[str, Any]) -> None:
        results.append(r)
        if progress is not None:
            progress(len(results), games)

    if jobs <= 1 or games <= 1:
        for t in tasks:
            done(_play_game_args(t))
    else:
        import multiprocessing as mp

        with ProcessPoolExecutor(max_workers=jobs, mp_context=mp.get_context("spawn")) as pool:
            for r in pool.map(_play_game_args, tasks):
                done(r)
    return _summarise(game_id, levels, games, results)


def _summarise(game_id: str, levels: Sequence[str], games: int, results: list[dict[str, Any]]) -> dict[str, Any]:
    n = len(levels)
    wins = [sum(1 for r in results if r["winner"] == slot) for slot in range(n)]
    draws = sum(1 for r in results if r["winner"] is None)
    times = [[t for r in results for t in r["times"][slot]] for slot in range(n)]
    return {
        "game": game_id,
        "seats": list(levels),
        "games": games,
        "wins": wins,
        "draws": draws,
        "win_rate": [w / games for w in wins],
        "ci95": [list(wilson(w, games)) for w in wins],
        "move_seconds": [statistics.median(t) if t else 0.0 for t in times],
        "mean_score": [statistics.fmean(r["scores"][slot] for r in results) for slot in range(n)],
    }


def format_arena(result: Mapping[str, Any]) -> str:
    """A readable table: one row per level slot."""
    lines = [f"{result['game']}: {result['games']} games, {result['draws']} drawn "
             f"(seats rotate; a shared first place is a draw)",
             f"{'slot':<5}{'level':<9}{'wins':>6}{'win rate':>10}{'95% CI':>17}{'median move':>13}"
             f"{'mean score':>12}"]
    for slot, level in enumerate(result["seats"]):
        low, high = result["ci95"][slot]
        score = result.get("mean_score", [float("nan")] * len(result["seats"]))[slot]
        lines.append(f"{slot + 1:<5}{level:<9}{result['wins'][slot]:>6}{result['win_rate'][slot]:>10.1%}"
                     f"{f'[{low:.1%}, {high:.1%}]':>17}{result['move_seconds'][slot] * 1000:>10.1f} ms"
                     f"{score:>12.2f}")
    return "\n".join(lines)
