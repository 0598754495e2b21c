"""Ingenious heuristics for the AI: evaluation, greedy choice, candidate ordering, playout policy.

Why this shape: a player's result is the *lowest* colour, so a point is worth far more on a lagging
colour than on a leading one. Every heuristic here therefore values a score track by its six scores
sorted ascending with steeply falling weights (lexicographic-ish), and a move by how much it raises
that value, plus a reward for each bonus placement it earns. Gains are computed from the board as it
is (a half's rays never pass through its partner, except along the skipped direction), so ranking
hundreds of placements copies nothing.
"""
from __future__ import annotations

import math
import random
from typing import Any

from hexgames.games.ingenious.rules import (
    CELL_OF, HEX_OF, NB, RAYS, IngeniousRules, IngeniousState, Move, Place, Swap, _gain, _raise,
)

RULES = IngeniousRules()
# Weight of the lowest, 2nd lowest, ... colour: the lowest dominates, as in the ranking.
WEIGHTS = (1.0, 0.45, 0.22, 0.12, 0.07, 0.04)
BONUS_VALUE = 2.5  # an extra placement, in points of the lowest colour
NEAR_BONUS_VALUE = 0.3  # a colour a few points below a bonus threshold
EVAL_SCALE = 3.0  # value difference that makes evaluate() about 0.73


def track_value(track: list[int] | tuple[int, ...]) -> float:
    """The sorted-ascending weighted sum of a track's six scores."""
    a, b, c, d, e, f = sorted(track)
    return a + 0.45 * b + 0.22 * c + 0.12 * d + 0.07 * e + 0.04 * f


def _potential(s: IngeniousState, track: list[int]) -> float:
    """Bonus-reaching potential: colours within 3 points of a threshold they have not reached."""
    return NEAR_BONUS_VALUE * sum(1 for v in track for t in s.thresholds if t - 3 <= v < t)


def _standing(s: IngeniousState, track_index: int) -> float:
    track = s.scores[track_index]
    return track_value(track) + _potential(s, track)


def evaluate(s: IngeniousState, seat: int) -> float:
    """How well `seat` stands, in [0, 1]; 0.5 = level with the best opponent track."""
    mine_index = s.track_of(seat)
    if len(s.scores) == 1:  # solo: the share of the best possible track value
        return min(1.0, track_value(s.scores[0]) / (s.cap * sum(WEIGHTS)))
    if s.phase == "over":
        return RULES.outcome(s).reward(seat)
    mine = _standing(s, mine_index)
    if s.current == seat or s.track_of(s.current) == mine_index:
        mine += BONUS_VALUE * s.bonus_pending
    best_other = max(_standing(s, i) for i in range(len(s.scores)) if i != mine_index)
    return 1.0 / (1.0 + math.exp(-(mine - best_other) / EVAL_SCALE))


# --- ranking placements -----------------------------------------------------------------------
def _runs(cells: list[int], a: int) -> list[tuple[int, int]]:
    """For empty cell a: per direction, (colour of the line next to it, its length) or (-1, 0)."""
    out = []
    base = a * 6
    for d in range(6):
        ray = RAYS[base + d]
        if not ray or cells[ray[0]] < 0:
            out.append((-1, 0))
            continue
        colour = cells[ray[0]]
        n = 0
        for x in ray:
            if cells[x] != colour:
                break
            n += 1
        out.append((colour, n))
    return out


def _half_gain(runs: list[tuple[int, int]], colour: int, skip: int) -> int:
    return sum(n for d, (c, n) in enumerate(runs) if c == colour and d != skip)


def _move_value(s: IngeniousState, track: list[int], base_value: float, ca: int, ga: int,
                cb: int, gb: int) -> float:
    """Value gained by adding ga to colour ca and gb to colour cb (capped), plus bonuses earned."""
    new = track[:]
    earned = 0
    for colour, gain in ((ca, ga), (cb, gb)) if ca != cb else ((ca, ga + gb),):
        old = new[colour]
        new[colour] = _raise(old, gain, s.cap, s.stop)
        earned += sum(1 for t in s.thresholds if old < t <= new[colour])
    return track_value(new) - base_value + BONUS_VALUE * earned


def scored_placements(s: IngeniousState) -> list[tuple[float, Place]]:
    """Every legal placement for the seat to move with its heuristic value (unsorted)."""
    rack = s.racks[s.current]
    if not rack or s.phase not in ("place", "bonus"):
        return []
    cells = s.cells
    track = s.scores[s.track_of(s.current)]
    base_value = track_value(track)
    pairs = RULES._pairs_for(s)
    runs: dict[int, list[tuple[int, int]]] = {}
    for a, b in pairs:
        if a not in runs:
            runs[a] = _runs(cells, a)
    out: list[tuple[float, Place]] = []
    for tile in sorted(set(rack)):
        ca, cb = tile
        for a, b in pairs:
            if ca == cb and a > b:
                continue
            d = _direction_index(a, b)
            ga = _half_gain(runs[a], ca, d)
            gb = _half_gain(runs[b], cb, (d + 3) % 6)
            value = _move_value(s, track, base_value, ca, ga, cb, gb)
            out.append((value, Place(tile, HEX_OF[a], HEX_OF[b])))
    return out


def _direction_index(a: int, b: int) -> int:
    base = a * 6
    for d in range(6):
        if NB[base + d] == b:
            return d
    return -1


def _swap_choice(s: IngeniousState) -> Swap:
    """Swap when offered: the rack by construction cannot feed the lowest colour(s)."""
    return Swap(True)


# --- the hooks ----------------------------------------------------------------------------------
def greedy(s: IngeniousState, rng: random.Random, noise: float = 0.0) -> Move:
    """The best move by the heuristic; with noise > 0, a random slip with that probability."""
    if s.phase == "swap":
        if noise > 0 and rng.random() < noise:
            return Swap(rng.random() < 0.5)
        return _swap_choice(s)
    if noise > 0 and rng.random() < noise:
        return RULES.random_move(s, rng)
    scored = scored_placements(s)
    best = max(v for v, _ in scored)
    ties = [m for v, m in scored if v >= best - 1e-9]
    return ties[int(rng.random() * len(ties))]


def candidates(s: IngeniousState, k: int) -> list[Move]:
    """The k most promising moves, best first."""
    if s.phase == "swap":
        return [Swap(True), Swap(False)][:k]
    scored = scored_placements(s)
    scored.sort(key=lambda vm: -vm[0])
    return [m for _, m in scored[:k]]


def policy(s: IngeniousState, rng: random.Random, samples: int = 6) -> Move:
    """A cheap playout move: the best of a few random placements by the same heuristic."""
    if s.phase == "swap":
        return Swap(True)
    track = s.scores[s.track_of(s.current)]
    base_value = track_value(track)
    cells = s.cells
    best_move: Any = None
    best_value = -1.0
    for _ in range(samples):
        m = RULES.random_move(s, rng)
        a, b = CELL_OF[m.a], CELL_OF[m.b]
        d = _direction_index(a, b)
        ca, cb = m.tile
        ga = _gain(cells, a, ca, d)
        gb = _gain(cells, b, cb, (d + 3) % 6)
        value = _move_value(s, track, base_value, ca, ga, cb, gb)
        if value > best_value:
            best_value, best_move = value, m
    return best_move


__all__ = ["evaluate", "greedy", "candidates", "policy", "track_value", "scored_placements"]
