"""How often can *any* player beat Medium at Dot Lines? An upper bound, for issue 29's goal.

Why: Hard at Dot Lines stayed near 67-70% against Medium whatever the search did, and the goal asks
85%. Dot Lines' only hidden information is the deck's order (hands are open), and Medium's move is a
function of its view and its tie-breaking RNG. So for one arena deal (the arena's seed, seats and
Medium RNG), fixing the deck order and Medium's RNG fixes Medium's every reply to every line of play,
and the game becomes a puzzle for one player: is there a sequence of our moves that wins?

This tool answers that exactly for each deal by depth-first search over our moves (Medium's replies
played by the real Medium agent with the arena's RNG, copied along each line), with the lines already
proved lost remembered. A player who does not see the deck plays, in each deal, one of those
sequences, so it wins at most where a winning sequence exists: the share of deals with one is an upper
bound on every player's win rate against Medium (a deal the search gives up on, at --nodes, is counted
as won, so the bound stays a bound).

    python tools/dotlines_ceiling.py --games 200 --seed 7 --jobs 2

Research only: it reads the whole state, which no agent in the app may do.

What it found (2026-11-28, `--games 200 --seed 7`): a winning line exists in all 200 deals (median 39
positions searched, at most 7 735), so this bound is 100% and says nothing against the 85% goal. Knowing
the order of the draws is worth that much: the Hard that does not know it is not held back by the
deal. (An earlier estimate of 80-90% came from a search that knew the order but played heuristically.)
"""
from __future__ import annotations

import argparse
import json
import random
import sys
from typing import Any

GAME = "dotlines"
MEDIUM_SLOT = 1  # slot 0 is the player we bound, slot 1 Medium, seated as `hexgames arena --seats x,medium`


class GaveUp(Exception):
    """The deal needs more than --nodes positions."""


def solve_deal(args: tuple[int, int, int]) -> dict[str, Any]:
    """Whether the player at slot 0 can win game `game` of an arena run with `seed`."""
    seed, game, nodes = args
    sys.setrecursionlimit(10_000)  # here, not in main: a spawned worker does not run main
    from hexgames import games
    from hexgames.ai.agents import make_agent
    from hexgames.arena import game_seed, seating

    info = games.get(GAME)
    rules = info.rules
    gseed = game_seed(seed, game)
    slot_at = seating(2, game)
    me = slot_at.index(0)
    medium_seat = 1 - me
    medium = make_agent(info, "medium")
    state = rules.setup(info.resolve_options(None, 2), 2, gseed)
    lost: set[Any] = set()
    count = [0]
    line: list[Any] = []  # our moves of the winning line, last first

    def can_win(s: Any, medium_rng: tuple) -> bool:
        count[0] += 1
        if count[0] > nodes:
            raise GaveUp
        if rules.is_over(s):
            outcome = rules.outcome(s)
            return outcome.winning_side == outcome.side(me)
        key = (rules.fingerprint(s), medium_rng)
        if key in lost:
            return False
        seat = rules.to_move(s)
        if seat == medium_seat:
            rng = random.Random()
            rng.setstate(medium_rng)
            move = medium.choose(rules, rules.observe(s, seat), seat, rng)
            won = can_win(rules.play(s, move), rng.getstate())
        else:
            won = False
            for m in _ordered(info, s):
                if can_win(rules.play(s, m), medium_rng):
                    line.append(m)
                    won = True
                    break
        if not won:
            lost.add(key)
        return won

    start_rng = random.Random(f"{gseed}:{medium_seat}").getstate()
    try:
        result = "win" if can_win(state, start_rng) else "no_win"
    except GaveUp:
        result = "unknown"
    return {"game": game, "seat": me, "result": result, "nodes": count[0],
            "line": [rules.encode(m) for m in reversed(line)] if result == "win" else []}


def _ordered(info: Any, s: Any) -> list[Any]:
    """Our moves, Medium's favourite first (a win is usually found down the first few)."""
    from hexgames.games.dotlines import ai
    from hexgames.games.dotlines.rules import ACT

    if s.phase != ACT:
        return list(info.rules.legal_moves(s))
    return [m for _, m in ai.ranked_moves(s)]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--nodes", type=int, default=2_000_000, help="positions per deal before giving up")
    a = p.parse_args(argv)
    tasks = [(a.seed, g, a.nodes) for g in range(a.games)]
    from hexgames.arena import in_jobs, wilson

    rows = list(in_jobs(solve_deal, tasks, a.jobs))

    tally = {k: sum(r["result"] == k for r in rows) for k in ("win", "no_win", "unknown")}
    bound = (tally["win"] + tally["unknown"]) / len(rows)
    for r in rows:
        r.pop("line")
    print(json.dumps({"games": len(rows), "seed": a.seed, **tally, "upper_bound": bound,
                      "ci95": wilson(tally["win"] + tally["unknown"], len(rows)),
                      "nodes_median": sorted(r["nodes"] for r in rows)[len(rows) // 2],
                      "deals": rows}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
