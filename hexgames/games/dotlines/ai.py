"""Dot Lines AI hooks: evaluation, the greedy (Medium) move, candidate ranking and the playout policy.

What a position is worth to a seat (see `standing`): the game is a race on two fronts, so a seat's
standing counts its home line's columns (ending B), its hand size (ending A, and E's tie-break when the
deck runs low, where every tile in hand weighs more), the one-shot actions and the chip still in hand
(each is a way out of a dead end), and whether its hand still fits the open line ends (a player with
nothing to place drifts towards ending D). Placing on the opponent's line helps them, unless it wins
at once, which the terminal check sees. No pygame; nothing here reads hidden information beyond the
state it is given (a view or a determinisation from `sample`).
"""
from __future__ import annotations

import math
import random
from typing import Any

from hexgames.games.dotlines.rules import (
    ACT, CHIP, CHIP_NONE, DOUBLE, DRAW, EXCHANGE, INVERTER, MAX_COLUMNS, OVER, REDRAW, STACK, Chip, DotLinesRules,
    DotState, Home, Place, neighbours, next_counts,
)

RULES = DotLinesRules()
EVAL_SCALE = 2.0
W_HAND = 1.0  # per tile in hand
W_HAND_LATE = 0.8  # extra per tile as the deck empties (ending E compares hands)
W_COLUMN = 0.9  # per column of the home line
W_COLUMN_5 = 1.5  # extra for a home line one column from six
W_ACTION = (0.0, 0.55, 0.45, 0.5)  # unused Redraw, Exchange, Stack (index by bit order 1, 2, 3)
W_CHIP = 0.6
W_FIT = 0.5  # per playable line end (at most two counted)
W_STUCK = 1.5  # no placement fits and no action left
TO_MOVE_BONUS = 0.3


def placements(s: DotState, seat: int) -> int:
    """How many (line, value, count) placements `seat`'s hand could make on the open ends now,
    without the chip; a measure of how well the hand fits the table."""
    hand = s.hands[seat]
    if hand is None:
        return 1
    n = 0
    for line in (0, 1):
        cols = s.lines[line]
        if len(cols) >= MAX_COLUMNS:
            continue
        counts = next_counts(cols)
        for v in neighbours(cols[-1].value if cols else s.die[line], s.wrap):
            have = hand[v]
            for c in counts:
                if have >= c:
                    n += 1
    return n


def standing(s: DotState, seat: int) -> float:
    """A seat's prospects in points (higher is better); see the module docstring."""
    hand = s.hand_size(seat)
    late = 1.0 - min(len(s.deck), 20) / 20.0
    home = s.home[seat]
    cols = len(s.lines[home]) if home >= 0 else 0
    used = s.used[seat]
    v = -(W_HAND + W_HAND_LATE * late) * hand + W_COLUMN * cols + (W_COLUMN_5 if cols == 5 else 0.0)
    v += (0.0 if used & REDRAW else W_ACTION[1]) + (0.0 if used & EXCHANGE else W_ACTION[2])
    v += 0.0 if used & STACK else W_ACTION[3]
    if s.chip_at[seat] is None:
        v += W_CHIP
    fit = placements(s, seat)
    v += W_FIT * min(fit, 2)
    if fit == 0 and used == REDRAW | EXCHANGE | STACK:
        v -= W_STUCK
    return v


def evaluate(s: DotState, seat: int) -> float:
    """How well `seat` stands, in [0, 1]; exact once the game is over."""
    if s.phase == OVER:
        return RULES.outcome(s).reward(seat)
    if s.phase < ACT and s.phase != DRAW:
        return 0.5
    diff = standing(s, seat) - standing(s, 1 - seat)
    if s.current == seat:
        diff += TO_MOVE_BONUS
    return 1.0 / (1.0 + math.exp(-diff / EVAL_SCALE))


def _setup_choice(s: DotState, rng: random.Random) -> Any:
    """Roll-off and chip decisions: a home line whose die fits the hand; Inverter (it widens what fits)."""
    moves = RULES.legal_moves(s)
    if s.phase == CHIP:
        return Chip(INVERTER)
    homes = [m for m in moves if type(m) is Home]
    if not homes:
        return moves[0]
    seat = s.current
    hand = s.hands[seat]
    rolls = s.rolls[-1] if s.rolls else (0, 0)
    mine = rolls[seat]

    def fit(value: int) -> int:
        return sum(hand[v] for v in neighbours(value, s.wrap)) if hand is not None and value else 0

    if len(moves) == 3 and fit(mine) < 2:  # winner with a poor fit for their own die: move first
        return moves[0]
    return homes[rng.randrange(len(homes))]


def ranked_moves(s: DotState) -> list[tuple[float, Any]]:
    """Every legal move with the mover's evaluation after it, best first."""
    seat = s.current
    out = []
    for m in RULES.legal_moves(s):
        t = RULES.copy(s)
        RULES.apply(t, m)
        out.append((evaluate(t, seat), m))
    out.sort(key=lambda x: -x[0])
    return out


def greedy(s: DotState, rng: random.Random, noise: float = 0.0) -> Any:
    if s.phase != ACT:
        return _setup_choice(s, rng) if s.phase != DRAW else RULES.legal_moves(s)[0]
    scored = ranked_moves(s)
    if noise > 0:
        scored = [(v + rng.gauss(0.0, noise), m) for v, m in scored]
        scored.sort(key=lambda x: -x[0])
    best = scored[0][0]
    ties = [m for v, m in scored if v >= best - 1e-9]
    return ties[0] if len(ties) == 1 else ties[rng.randrange(len(ties))]


def candidates(s: DotState, k: int) -> list[Any]:
    if s.phase != ACT:
        return list(RULES.legal_moves(s))[:k]
    return [m for _, m in ranked_moves(s)[:k]]


def policy(s: DotState, rng: random.Random) -> Any:
    """A cheap playout move: placements first (most tiles, home line preferred), actions rarely."""
    if s.phase != ACT:
        return greedy(s, rng) if s.phase in (CHIP,) else RULES.random_move(s, rng)
    moves = RULES.legal_moves(s)
    home = s.home[s.current]
    best, best_v = None, -1e9
    for m in moves:
        if type(m) is Place:
            v = m.plain + m.chip + (1.0 if m.line == home else 0.0) + rng.random()
        else:
            v = rng.random() - 0.5
        if v > best_v:
            best, best_v = m, v
    return best
