"""Fit Dot Lines' valuation to game outcomes: where `hexgames/games/dotlines/fitted.py` got its weights.

Why: Medium's weights were set by hand. This plays games of Medium against itself (with a little
noise, so that the positions vary), records every position where a player is about to draw, and
fits the features `ai.evaluate` already uses to who won, by a logistic regression in
`ai.evaluate`'s own shape (the mover's exact chances of winning at once and of being stuck on this
draw stay outside the logistic). It prints the held-out log loss of Medium's weights and of the fitted
ones, and the fitted weights in the order `fitted.py` spells them.

    pip install numpy   # research only: the app and its tests do not need it
    python tools/dotlines_fit.py --games 12000 --noise 0.05

What it gave (2026-11-28): 162 000 positions; held-out log loss 0.555 with Medium's weights, 0.528
fitted; the weights in `fitted.py`.

`--stage 2` asks whether Hard's own side could be played better still: it plays fitted.py's greedy
player (with the noise) against Medium (without), fits a valuation *from that player's side*, its
standing and Medium's weighed apart, once for the positions where it is to move and once for
Medium's (86 weights, starting from fitted.py's), and plays each greedy player against Medium:

    python tools/dotlines_fit.py --stage 2 --games 12000 --noise 0.05

What it gave (2026-11-28): 165 000 positions, held-out loss 0.558 → 0.551; as greedy players against
Medium (6000 games, deals apart from the fit's), fitted.py's won 55.0% and the second stage's 61.5%.
Another round (the second stage's player against Medium, refitted) did not add to it (59.3%, 60.8%).
Yet Hard's search built on it won no more: 160 of 200 against Medium (seeds 7 and 8: 76, 84), the
same as with fitted.py's; so fitted.py keeps its weights and the second stage's stay here.
"""
from __future__ import annotations

import argparse
import random

from hexgames.games.dotlines import ai, fast_eval, fitted
from hexgames.games.dotlines.rules import DRAW, EXCHANGE, OVER, REDRAW, STACK, DotLinesRules, unseen_counts

RULES = DotLinesRules()


def side_features(s, seat: int) -> list[float]:
    """Columns one-hot (7), hand, hand as the deck runs out, Redraw/Exchange/Stack unused, actions
    unused one-hot (4), chip unused, fitting placements (capped), stuck: `fitted.standing`'s terms."""
    hand = s.hand_size(seat)
    late = 1.0 - min(len(s.deck), 16) / 16.0
    home = s.home[seat]
    columns = [0.0] * 7
    columns[len(s.lines[home]) if home >= 0 else 0] = 1.0
    used = s.used[seat]
    left = [0.0] * 4
    left[3 - bin(used).count("1")] = 1.0
    fit = ai.placements(s, seat)
    return columns + [hand, hand * late, float(not used & REDRAW), float(not used & EXCHANGE),
                      float(not used & STACK)] + left + [float(s.chip_at[seat] is None), min(fit, ai.FIT_CAP),
                                                         float(fit == 0 and used == ai.ALL_USED)]


def _chances(s) -> tuple[fast_eval.Chances, fast_eval.Chances]:
    """The mover's and the waiting seat's chances on this draw (`fast_eval.turn_chances`)."""
    left = unseen_counts(s)
    return (fast_eval.turn_chances(s, s.current, s.phase != DRAW, left),
            fast_eval.turn_chances(s, 1 - s.current, False, left))


def _table(mine: fast_eval.Chances, theirs: fast_eval.Chances) -> list[float]:
    """The mover has no placement, the waiting seat has none, would be stuck, could win at once; bias."""
    threat, w_stuck, w_dead = theirs
    return [mine[2], w_dead, w_stuck, threat, 1.0]


def features(s) -> tuple[list[float], float, float]:
    """(the logistic's inputs, the mover's chance to win at once, to be stuck) for a position."""
    mover = s.current
    mine, theirs = _chances(s)
    x = [a - b for a, b in zip(side_features(s, mover), side_features(s, 1 - mover))]
    return x + _table(mine, theirs), mine[0], mine[1]


# --- the second stage (research only) -------------------------------------------------------------
N_CASE = 2 * 19 + 5  # the mover's standing, the waiting seat's, the table: one logistic of stage 2
STAGE_2_SEEDS = (100_000, 10**7)  # the fit's first deal, the held-out games' first
VERSUS_SEED = 50_000  # the greedy players' games against Medium


def _hero_x(s, hero: int, mine: fast_eval.Chances, theirs: fast_eval.Chances) -> list[float]:
    """Stage 2's inputs, seen from `hero`'s seat: the mover's standing, the waiting seat's and the
    table, in the first block when `hero` is to move and in the second when Medium is (the other zero)."""
    x = side_features(s, s.current) + side_features(s, 1 - s.current) + _table(mine, theirs)
    zero = [0.0] * N_CASE
    return x + zero if s.current == hero else zero + x


def hero_features(s, hero: int) -> tuple[list[float], float, float]:
    """Stage 2's (inputs, the mover's chance to win at once, to be stuck) for a position."""
    mine, theirs = _chances(s)
    return _hero_x(s, hero, mine, theirs), mine[0], mine[1]


def play(games: int, first_seed: int, noise: float, against_medium: bool = False):
    """Rows (x, win, stuck, outcome for the mover) from the deals `first_seed`.. on. Stage 1: Medium
    against itself, both with `noise`. Stage 2 (`against_medium`): fitted.py's greedy player (with
    `noise`, at the deal's parity) against Medium (without), with `hero_features`."""
    rows = []
    for g in range(first_seed, first_seed + games):
        s = RULES.setup({}, 2, g)
        rng = random.Random(g)
        hero = g % 2 if against_medium else None
        seen = []
        while s.phase != OVER:
            if s.phase == DRAW and s.deck:
                seen.append((*(features(s) if hero is None else hero_features(s, hero)), s.current))
            if hero is None or s.current == hero:
                judge, nz = (fast_eval.evaluate if hero is None else fitted.evaluate), noise
            else:
                judge, nz = fast_eval.evaluate, 0.0
            RULES.apply(s, ai.greedy(RULES.observe(s, s.current), rng, nz, judge=judge))
        rows += [(x, win, stuck, 0.5 if s.winner < 0 else float(s.winner == mover)) for x, win, stuck, mover in seen]
    return rows


def stage_one_as_stage_two() -> list[float]:
    """fitted.py's weights in stage 2's layout (the same valuation): where stage 2 starts."""
    side = (list(fitted.W_COLUMNS) + [fitted.W_HAND, fitted.W_HAND_LATE] + list(fitted.W_ACTION)
            + list(fitted.W_ACTIONS_LEFT) + [fitted.W_CHIP, fitted.W_FIT, fitted.W_STUCK])
    table = [fitted.W_DEAD, fitted.W_WAITING_DEAD, fitted.W_WAITING_STUCK, fitted.W_THREAT, fitted.W_MOVER]
    return (side + [-w for w in side] + table) * 2


def stage_two_valuation(weights: list[float], hero: int):
    """A valuation with `evaluate`'s signature by stage 2's `weights`, for a greedy player at `hero`."""
    def logit(s, mover, mine, theirs):
        return sum(w * f for w, f in zip(weights, _hero_x(s, hero, mine, theirs)) if f)
    return lambda s, seat: fast_eval.shaped(s, seat, logit)


def versus_medium(judge_for, games: int) -> float:
    """The share of points a greedy player judging by `judge_for(its seat)` takes from Medium (no noise
    on either side; each deal played from both seats)."""
    points = 0.0
    for i in range(games):
        s = RULES.setup({}, 2, VERSUS_SEED + i // 2)
        rng = random.Random(i)
        me = i % 2
        mine = judge_for(me)
        while s.phase != OVER:
            judge = mine if s.current == me else fast_eval.evaluate
            RULES.apply(s, ai.greedy(RULES.observe(s, s.current), rng, 0.0, judge=judge))
        points += 0.5 if s.winner < 0 else float(s.winner == me)
    return points / games


def medium_weights() -> list[float]:
    """Medium's hand-set weights on the same features (its `diff / EVAL_SCALE`)."""
    w = (list(ai.W_COLUMNS) + [-ai.W_HAND, -ai.W_HAND_LATE] + list(ai.W_ACTION) + list(ai.W_ACTIONS_LEFT)
         + [ai.W_CHIP, ai.W_FIT, -ai.W_STUCK, -ai.W_DEAD, ai.W_DEAD, ai.W_STUCK_NEXT, -ai.W_THREAT, 0.0])
    return [x / ai.EVAL_SCALE for x in w]


def main(argv: list[str] | None = None) -> int:
    import numpy as np

    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--stage", type=int, choices=(1, 2), default=1)
    p.add_argument("--games", type=int, default=12000)
    p.add_argument("--noise", type=float, default=0.05)
    p.add_argument("--steps", type=int, default=3000)
    p.add_argument("--versus", type=int, default=6000, help="stage 2: games of each greedy player against Medium")
    a = p.parse_args(argv)

    def arrays(rows):
        return tuple(np.array([r[i] for r in rows]) for i in range(4))

    if a.stage == 1:
        X, win, stuck, y = arrays(play(a.games, 0, a.noise))
        Xt, win_t, stuck_t, y_t = arrays(play(a.games // 4, 10**6, a.noise))
        w, start = np.array(medium_weights()), "Medium's weights"
    else:
        X, win, stuck, y = arrays(play(a.games, STAGE_2_SEEDS[0], a.noise, against_medium=True))
        Xt, win_t, stuck_t, y_t = arrays(play(a.games // 4, STAGE_2_SEEDS[1], a.noise, against_medium=True))
        w, start = np.array(stage_one_as_stage_two()), "fitted.py's weights"

    def predict(w, X, win, stuck):
        return win + (1 - win - stuck) / (1 + np.exp(-X @ w))

    def loss(w, X, win, stuck, y):
        q = np.clip(predict(w, X, win, stuck), 1e-6, 1 - 1e-6)
        return float(-np.mean(y * np.log(q) + (1 - y) * np.log(1 - q)))

    print(f"positions {len(y)} (held out {len(y_t)}); {start}: held-out loss {loss(w, Xt, win_t, stuck_t, y_t):.3f}")
    for _ in range(a.steps):  # plain gradient descent with a little L2
        sig = 1 / (1 + np.exp(-X @ w))
        room = 1 - win - stuck
        q = np.clip(win + room * sig, 1e-6, 1 - 1e-6)
        grad = X.T @ ((q - y) / (q * (1 - q)) * room * sig * (1 - sig)) / len(y) + 1e-4 * w
        w = w - 0.5 * grad
    print(f"fitted: held-out loss {loss(w, Xt, win_t, stuck_t, y_t):.3f}")
    if a.stage == 1:
        print("weights (W_COLUMNS x7, W_HAND, W_HAND_LATE, W_ACTION x3, W_ACTIONS_LEFT x4, W_CHIP, W_FIT, W_STUCK,"
              " W_DEAD, W_WAITING_DEAD, W_WAITING_STUCK, W_THREAT, W_MOVER):")
        print(", ".join(f"{x:.3f}" for x in w))
        return 0
    weights = [float(x) for x in w]
    for name, block in (("the greedy player to move", weights[:N_CASE]), ("Medium to move", weights[N_CASE:])):
        print(f"{name} (mover's standing x19, waiting seat's x19, table x5):")
        print(", ".join(f"{x:.3f}" for x in block))
    first = versus_medium(lambda seat: fitted.evaluate, a.versus)
    second = versus_medium(lambda seat: stage_two_valuation(weights, seat), a.versus)
    print(f"greedy against Medium ({a.versus} games): fitted.py's {first:.1%}, stage 2's {second:.1%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
