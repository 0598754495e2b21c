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
"""
from __future__ import annotations

import argparse
import random

from hexgames.games.dotlines import ai, fast_eval
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


def features(s) -> tuple[list[float], float, float]:
    """(the logistic's inputs, the mover's chance to win at once, to be stuck) for a position."""
    mover = s.current
    left = unseen_counts(s)
    win, stuck, dead = fast_eval.turn_chances(s, mover, s.phase != DRAW, left)
    threat, w_stuck, w_dead = fast_eval.turn_chances(s, 1 - mover, False, left)
    x = [a - b for a, b in zip(side_features(s, mover), side_features(s, 1 - mover))]
    return x + [dead, w_dead, w_stuck, threat, 1.0], win, stuck


def play(games: int, first_seed: int, noise: float):
    """Rows (x, win, stuck, outcome for the mover) from games of Medium against itself."""
    rows = []
    for g in range(games):
        s = RULES.setup({}, 2, first_seed + g)
        rng = random.Random(first_seed + g)
        seen = []
        while s.phase != OVER:
            if s.phase == DRAW and s.deck:
                seen.append((*features(s), s.current))
            RULES.apply(s, ai.greedy(RULES.observe(s, s.current), rng, noise, judge=fast_eval.evaluate))
        for x, win, stuck, mover in seen:
            rows.append((x, win, stuck, 0.5 if s.winner < 0 else float(s.winner == mover)))
    return rows


def medium_weights() -> list[float]:
    """Medium's hand-set weights on the same features (its `diff / EVAL_SCALE`)."""
    w = (list(ai.W_COLUMNS) + [-ai.W_HAND, -ai.W_HAND_LATE] + list(ai.W_ACTION) + list(ai.W_ACTIONS_LEFT)
         + [ai.W_CHIP, ai.W_FIT, -ai.W_STUCK, -ai.W_DEAD, ai.W_DEAD, ai.W_STUCK_NEXT, -ai.W_THREAT, 0.0])
    return [x / ai.EVAL_SCALE for x in w]


def main(argv: list[str] | None = None) -> int:
    import numpy as np

    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=12000)
    p.add_argument("--noise", type=float, default=0.05)
    p.add_argument("--steps", type=int, default=3000)
    a = p.parse_args(argv)

    def arrays(rows):
        return tuple(np.array([r[i] for r in rows]) for i in range(4))

    X, win, stuck, y = arrays(play(a.games, 0, a.noise))
    Xt, win_t, stuck_t, y_t = arrays(play(a.games // 4, 10**6, a.noise))

    def predict(w, X, win, stuck):
        return win + (1 - win - stuck) / (1 + np.exp(-X @ w))

    def loss(w, X, win, stuck, y):
        q = np.clip(predict(w, X, win, stuck), 1e-6, 1 - 1e-6)
        return float(-np.mean(y * np.log(q) + (1 - y) * np.log(1 - q)))

    w = np.array(medium_weights())
    print(f"positions {len(y)} (held out {len(y_t)}); Medium's weights: held-out loss {loss(w, Xt, win_t, stuck_t, y_t):.3f}")
    for _ in range(a.steps):  # plain gradient descent with a little L2
        sig = 1 / (1 + np.exp(-X @ w))
        room = 1 - win - stuck
        q = np.clip(win + room * sig, 1e-6, 1 - 1e-6)
        grad = X.T @ ((q - y) / (q * (1 - q)) * room * sig * (1 - sig)) / len(y) + 1e-4 * w
        w -= 0.5 * grad
    print(f"fitted: held-out loss {loss(w, Xt, win_t, stuck_t, y_t):.3f}")
    print("weights (W_COLUMNS x7, W_HAND, W_HAND_LATE, W_ACTION x3, W_ACTIONS_LEFT x4, W_CHIP, W_FIT, W_STUCK,"
          " W_DEAD, W_WAITING_DEAD, W_WAITING_STUCK, W_THREAT, W_MOVER):")
    print(", ".join(f"{x:.3f}" for x in w))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
