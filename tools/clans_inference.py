"""Measure how often Clans' colour inference guesses an opponent's colour right.

Self-play of seeded games (each seat Medium, or Easy with `--noise`); after move 10 and 20 of each
game, every seat's most likely colour for every other seat (`colour_beliefs` on its own view) is
compared with the truth. Prints the hit rate and the chance rate (1 / number of colours possible).

Run: `python tools/clans_inference.py --games 200 --seats 3 --seed 1`
"""
from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hexgames.games.clans import ai  # noqa: E402
from hexgames.games.clans.beliefs import colour_beliefs  # noqa: E402
from hexgames.games.clans.rules import ClansRules  # noqa: E402

CHECKPOINTS = (10, 20)


def measure(games: int, seats: int, seed: int, noise: float) -> dict[int, tuple[int, int]]:
    rules = ClansRules()
    hits = {k: [0, 0] for k in CHECKPOINTS}
    for g in range(games):
        rng = random.Random(seed * 100003 + g)
        s = rules.setup({}, seats, seed * 100003 + g)
        moves = 0
        while not rules.is_over(s) and moves <= max(CHECKPOINTS):
            if moves in hits and not s.pending:
                for seat in range(seats):
                    beliefs = colour_beliefs(rules.observe(s, seat), seat)
                    for other in range(seats):
                        if other != seat:
                            guess = max(range(5), key=beliefs[other].__getitem__)
                            hits[moves][0] += guess == s.colour_of[other]
                            hits[moves][1] += 1
            seat = rules.to_move(s)
            s = rules.play(s, ai.greedy(rules.observe(s, seat), rng, noise))
            moves += 1
    return {k: (v[0], v[1]) for k, v in hits.items()}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seats", type=int, default=3)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--noise", type=float, default=0.0)
    a = p.parse_args()
    for k, (hit, total) in measure(a.games, a.seats, a.seed, a.noise).items():
        print(f"after {k} moves: most likely colour right {hit}/{total} = {hit / max(1, total):.1%} "
              f"(chance {1 / 4:.0%})")


if __name__ == "__main__":
    main()
