"""AI-vs-AI matches: how we know the levels are ordered, with confidence intervals, not impressions.

Each game seats the level *slots* (as given, e.g. `["hard", "medium"]`) in a rotation that changes with
the game number, so every slot starts equally often and first-player advantage cancels out. Results are
reported per slot. Every agent sees only `rules.observe(state, its seat)`, exactly as in the app.
A first place shared between sides counts as a draw; partners (the rules' `Outcome.teams`) who take
first place together both win. With `iterations` and no `budget` every search is untimed and the
whole run, JSON included, is reproducible from the seed (wall-clock move times are then left out).
With `jobs > 1` games run in a `spawn` process pool (never `fork`: callers may have SDL initialised).
"""
from __future__ import annotations

import math
import random
import statistics
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping, Sequence

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
              register_module: str | None = None, iterations: int | None = None,
              save_lost: str | None = None) -> dict[str, Any]:
    """One seeded game. Returns `winners` (the slots of the side that took first place alone, empty
    for a draw), `sides` (each slot's side: its team, or itself), per-slot `times` and `scores`, the
    `seat_of` (where each slot sat), the number of `moves` and the rules' `ending`. With `save_lost`
    (a folder), a game the first slot did not win is written there as a save file (`lost_game_file`)."""
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
    played: list[Any] = []
    moves = 0
    for moves in range(MAX_MOVES + 1):
        if rules.is_over(state):
            break
        seat = rules.to_move(state)
        view = rules.observe(state, seat)
        start = time.perf_counter()
        move = agents[seat].choose(rules, view, seat, rngs[seat])
        times[slot_at[seat]].append(time.perf_counter() - start)
        state = rules.play(state, move)
        played.append(move)
    else:
        raise RuntimeError(f"{game_id} game {game} did not end within {MAX_MOVES} moves")
    outcome = rules.outcome(state)
    seat_of = sorted(range(n), key=lambda seat: slot_at[seat])  # seat_of[slot]
    side = outcome.winning_side
    winners = [slot for slot in range(n) if side is not None and outcome.side(seat_of[slot]) == side]
    if save_lost is not None and 0 not in winners:
        write_lost_game(save_lost, info, [levels[slot] for slot in slot_at], options, played, seed, game)
    return {"winners": winners,
            "sides": [outcome.side(seat_of[slot]) for slot in range(n)],
            "times": times, "scores": [outcome.scores[seat_of[slot]] for slot in range(n)],
            "seat_of": seat_of, "moves": moves, "ending": outcome.ending or "ended"}


def lost_game_file(folder: str, game_id: str, seed: int, game: int) -> Path:
    """Where `--save-lost` keeps game `game` of a run with `seed`: one name per game, so a second run
    with the same seed replaces its files instead of piling up copies."""
    return Path(folder) / f"{game_id}-seed{seed}-game{game:04d}.json"


def write_lost_game(folder: str, info: Any, seat_levels: Sequence[str], options: Mapping[str, Any] | None,
                    moves: Sequence[Any], seed: int, game: int) -> Path:
    """Game `game` of a run with `seed` as an ordinary save file: the app's Load opens a finished
    game in the replay viewer, move by move, which is how a lost game is studied. A level the app
    does not offer (`hard-0.1`) sits as Hard, named by its level."""
    from hexgames.core.match import AI_LEVELS, Match, Seat
    from hexgames.core.saves import write_save

    seats = [Seat("ai", level if level in AI_LEVELS else "hard", f"{seat + 1}: {level}")
             for seat, level in enumerate(seat_levels)]
    match = Match(info, seats, options, game_seed(seed, game))
    match.replay(moves)
    path = lost_game_file(folder, info.id, seed, game)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_save(match, path)
    return path


def in_jobs(work: Callable[[Any], Any], tasks: Sequence[Any], jobs: int) -> Iterator[Any]:
    """`work(task)` for every task, results in the tasks' order, in `jobs` processes when more than one
    is asked for (and there is more than one task). The pool starts its workers by `spawn`, never
    `fork`: a caller may have SDL initialised. `work` must be importable by the workers (a top-level
    function of a module or of the script being run)."""
    if jobs <= 1 or len(tasks) <= 1:
        yield from map(work, tasks)
        return
    import multiprocessing as mp

    with ProcessPoolExecutor(max_workers=jobs, mp_context=mp.get_context("spawn")) as pool:
        yield from pool.map(work, tasks)


def _play_game_args(args: tuple) -> dict[str, Any]:
    return play_game(*args)


def run_arena(game_id: str, levels: list[str], games: int, seed: int, jobs: int = 1,
              options: dict | None = None, budget: float | None = None,
              progress: Callable[[int, int], None] | None = None,
              register_module: str | None = None, iterations: int | None = None,
              save_lost: str | None = None) -> dict[str, Any]:
    """Play `games` AI-vs-AI games between the level slots `levels`; JSON-ready results per slot.

    Keys: game, seats, games, wins, draws, win_rate, ci95 ([low, high], Wilson), move_seconds
    (median seconds per move; None when untimed), slowest_move (the longest move's seconds: Hard must
    stay within its budget, and a median over instant moves such as Dot Lines' draws hides it),
    mean_score, mean_moves (per game), endings (how many games ended each way, by the rules'
    `Outcome.ending`), teams (per partnership of slots). `register_module` is imported first (in every
    worker too), for games registered outside the package (tests); `iterations` caps Hard's search
    (with no budget, the whole arena is reproducible). `save_lost` (a folder) keeps every game the
    first slot did not win as a save file the app replays.
    """
    tasks = [(game_id, list(levels), g, seed, options, budget, register_module, iterations, save_lost)
             for g in range(games)]
    results: list[dict[str, Any]] = []

    def done(r: dict[str, Any]) -> None:
        results.append(r)
        if progress is not None:
            progress(len(results), games)

    for r in in_jobs(_play_game_args, tasks, jobs):
        done(r)
    return _summarise(game_id, levels, games, results, timed=budget is not None or iterations is None)


def _summarise(game_id: str, levels: Sequence[str], games: int, results: list[dict[str, Any]],
               timed: bool = True) -> dict[str, Any]:
    n = len(levels)
    wins = [sum(1 for r in results if slot in r["winners"]) for slot in range(n)]
    draws = sum(1 for r in results if not r["winners"])
    times = [[t for r in results for t in r["times"][slot]] for slot in range(n)]
    out = {
        "game": game_id,
        "seats": list(levels),
        "games": games,
        "wins": wins,
        "draws": draws,
        "win_rate": [w / games for w in wins],
        "ci95": [list(wilson(w, games)) for w in wins],
        # wall-clock figures vary from run to run: an untimed (--iterations) run leaves them out,
        # so that its JSON is the same byte for byte for the same seed
        "move_seconds": [statistics.median(t) if t else 0.0 for t in times] if timed else None,
        "slowest_move": [max(t, default=0.0) for t in times] if timed else None,
        "mean_score": [statistics.fmean(r["scores"][slot] for r in results) for slot in range(n)],
        "mean_moves": statistics.fmean(r["moves"] for r in results),
        "endings": dict(sorted(Counter(r["ending"] for r in results).items())),
        "teams": _team_results(results, levels, games),
        "by_seat": _seat_results(results, n),
    }
    return out


def _seat_results(results: list[dict[str, Any]], n: int) -> list[list[dict[str, Any]]]:
    """Per slot, per seat it sat at: the games and wins there, so a level that wins from one seat
    only shows it (seats rotate, so each slot sits at each seat equally often)."""
    out = []
    for slot in range(n):
        row = []
        for seat in range(n):
            mine = [r for r in results if r["seat_of"][slot] == seat]
            won = sum(1 for r in mine if slot in r["winners"])
            row.append({"games": len(mine), "wins": won, "ci95": list(wilson(won, len(mine)))})
        out.append(row)
    return out


def _team_results(results: list[dict[str, Any]], levels: Sequence[str], games: int) -> list[dict[str, Any]]:
    """Wins per partnership of slots (empty when nobody played with a partner). Seats rotate, so a
    partnership is a set of slots; each is reported with the games it played and won together."""
    played: Counter = Counter()
    won: Counter = Counter()
    for r in results:
        groups: dict[int, list[int]] = {}
        for slot, side in enumerate(r["sides"]):
            groups.setdefault(side, []).append(slot)
        for slots in groups.values():
            if len(slots) > 1:
                played[tuple(slots)] += 1
                won[tuple(slots)] += int(slots[0] in r["winners"])
    return [{"slots": list(slots), "levels": [levels[s] for s in slots], "games": count, "wins": won[slots],
             "win_rate": won[slots] / count, "ci95": list(wilson(won[slots], count))}
            for slots, count in sorted(played.items())]


def format_arena(result: Mapping[str, Any]) -> str:
    """A readable table: one row per level slot, then partnerships, game length and endings."""
    lines = [f"{result['game']}: {result['games']} games, {result['draws']} drawn "
             f"(seats rotate; a first place shared between sides is a draw, partners win together)",
             f"{'slot':<5}{'level':<9}{'wins':>6}{'win rate':>10}{'95% CI':>17}{'median move':>13}"
             f"{'slowest':>10}{'mean score':>12}"]
    n = len(result["seats"])
    seconds, slowest = result.get("move_seconds"), result.get("slowest_move")
    for slot, level in enumerate(result["seats"]):
        low, high = result["ci95"][slot]
        score = result.get("mean_score", [float("nan")] * n)[slot]
        move = "untimed" if seconds is None else f"{seconds[slot] * 1000:.1f} ms"
        worst = "" if slowest is None else f"{slowest[slot]:.2f} s"
        lines.append(f"{slot + 1:<5}{level:<9}{result['wins'][slot]:>6}{result['win_rate'][slot]:>10.1%}"
                     f"{f'[{low:.1%}, {high:.1%}]':>17}{move:>13}{worst:>10}{score:>12.2f}")
    for slot, level in enumerate(result["seats"]):
        if n > 1 and "by_seat" in result:
            parts = [f"seat {seat + 1} {c['wins']}/{c['games']} [{c['ci95'][0]:.0%}, {c['ci95'][1]:.0%}]"
                     for seat, c in enumerate(result["by_seat"][slot])]
            lines.append(f"  {slot + 1} {level} by seat: " + ", ".join(parts))
    for team in result.get("teams", []):
        low, high = team["ci95"]
        names = " + ".join(f"{s + 1} {lv}" for s, lv in zip(team["slots"], team["levels"]))
        lines.append(f"team {names}: {team['wins']}/{team['games']} won, {team['win_rate']:.1%} "
                     f"[{low:.1%}, {high:.1%}]")
    if "mean_moves" in result:
        endings = ", ".join(f"{k} {v}" for k, v in result["endings"].items())
        lines.append(f"mean moves per game {result['mean_moves']:.1f}; endings: {endings}")
    return "\n".join(lines)
