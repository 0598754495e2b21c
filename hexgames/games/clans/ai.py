"""Clans AI hooks: evaluation, the greedy (Medium) move, candidate ranking and the playout policy.

The AI never reads another seat's colour. On a view it weighs every opponent's possible colours by
`colour_beliefs` (inferred from their moves, see `beliefs`); on a determinised state from
`beliefs.determinise` the colours are a guess drawn from those same beliefs, so searching over many samples
averages over what the seat does not know. No pygame.

Scoring a move for the seat to move = its own colour's gain + villages it founds, minus the gains of
the colours its rivals probably hold (weighted by belief), see `heuristics.move_gains`.
"""
from __future__ import annotations

import math
import random
from typing import Any

from hexgames.games.clans import heuristics
from hexgames.games.clans.beliefs import colour_beliefs
from hexgames.games.clans.rules import COLOURS, ClansState, ScoreNext

EVAL_SCALE = 6.0  # points of lead that make evaluate ~0.73
NOISE_POINTS = 6.0  # Easy's noise (given on the [0, 1] scale) in points: slips, but still plays
FOUNDER_WEIGHT = 1.0


def _beliefs(state: ClansState, seat: int) -> list[list[float]]:
    if None not in state.colour_of:
        out = [[0.0] * COLOURS for _ in range(state.seats)]
        for i, c in enumerate(state.colour_of):
            out[i][c] = 1.0
        return out
    return colour_beliefs(state, seat)


def rival_weights(state: ClansState, seat: int) -> list[float]:
    """How much each colour's points count against `seat`: the expected rivals holding it."""
    beliefs = _beliefs(state, seat)
    rivals = max(1, state.seats - 1)
    alpha = min(1.0, 1.0 / rivals + 0.25)
    return [alpha * sum(beliefs[i][c] for i in range(state.seats) if i != seat) for c in range(COLOURS)]


def own_colour(state: ClansState, seat: int) -> int:
    colour = state.colour_of[seat]
    if colour is None:  # a view of another seat: use the likeliest guess
        b = colour_beliefs(state, seat)[seat]
        colour = max(range(COLOURS), key=b.__getitem__)
    return colour


def prospects(state: ClansState) -> list[float]:
    """Per colour, the expected worth of the groups still on the move (see heuristics)."""
    out = [0.0] * COLOURS
    size, nbrs = state.size, state.rules.nbrs
    for a in state.active:
        k = sum(1 for m in nbrs[a] if size[m])
        heuristics.group_prospect(state, a, state.huts[a], k, out)
    return out


def evaluate(state: ClansState, seat: int) -> float:
    """How well `seat` stands, in [0, 1]: own colour points + founded villages + prospects, against
    the best rival's expected total as this seat can judge it."""
    rules = state.rules
    if rules.is_over(state) and None not in state.colour_of:
        return rules.outcome(state).reward(seat)
    beliefs = _beliefs(state, seat)
    pros = prospects(state)
    worth = [state.points[c] + 0.5 * pros[c] for c in range(COLOURS)]
    mine = sum(beliefs[seat][c] * worth[c] for c in range(COLOURS)) + state.founded[seat]
    best = max((sum(beliefs[i][c] * worth[c] for c in range(COLOURS)) + state.founded[i]
                for i in range(state.seats) if i != seat), default=0.0)
    return 1.0 / (1.0 + math.exp(-(mine - best) / EVAL_SCALE))


def _score(gains: list[float], founded: int, colour: int, rivals: list[float]) -> float:
    return gains[colour] + FOUNDER_WEIGHT * founded - sum(rivals[c] * gains[c] for c in range(COLOURS))


def ranked_moves(state: ClansState) -> list[tuple[float, Any]]:
    """Every legal move with its heuristic score for the seat to move, best first."""
    rules = state.rules
    seat = rules.to_move(state)
    moves = rules.legal_moves(state)
    if state.pending:
        scored = []
        for m in moves:
            after = rules.copy(state)
            rules.apply(after, m)
            scored.append((evaluate(after, seat), m))
    else:
        colour = own_colour(state, seat)
        rivals = rival_weights(state, seat)
        scored = [(_score(g, f, colour, rivals), m) for m, g, f in heuristics.gains_table(state)]
    scored.sort(key=lambda x: -x[0])
    return scored


def greedy(state: ClansState, rng: random.Random, noise: float = 0.0) -> Any:
    scored = ranked_moves(state)
    if noise > 0:
        scale = NOISE_POINTS * noise if not state.pending else noise
        scored = [(v + rng.gauss(0.0, scale), m) for v, m in scored]
        scored.sort(key=lambda x: -x[0])
    best = scored[0][0]
    ties = [m for v, m in scored if v >= best - 1e-9]
    return ties[0] if len(ties) == 1 else rng.choice(ties)


def candidates(state: ClansState, k: int) -> list[Any]:
    return [m for _, m in ranked_moves(state)[:k]]


POLICY_SAMPLES = 5


def policy(state: ClansState, rng: random.Random) -> Any:
    """A cheap playout move: the best of a few random moves for the mover's (sampled) colour."""
    rules = state.rules
    if state.pending:
        return ScoreNext(rng.choice(state.pending))
    seat = state.current
    colour = state.colour_of[seat]
    if colour is None:
        return rules.random_move(state, rng)
    best, best_v = None, -1e9
    for _ in range(POLICY_SAMPLES):
        m = rules.random_move(state, rng)
        gains, founded = heuristics.move_gains(state, m.src, m.dst)
        v = gains[colour] + founded - 0.5 * (sum(gains) - gains[colour])
        if v > best_v:
            best, best_v = m, v
    return best
