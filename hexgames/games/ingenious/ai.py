"""Ingenious heuristics for the AI: evaluation, greedy choice, candidate ordering, playout policy.

Why this shape: a player's result is the *lowest* colour, so a point is worth far more on a lagging
colour than on a leading one. Every heuristic here therefore values a score track by its six scores
sorted ascending with steeply falling weights (lexicographic-ish), and a move by how much it raises
that value, plus a reward for each bonus placement it earns. Gains are computed from the board as it
is (a half's rays never pass through its partner, except along the skipped direction), so ranking
hundreds of placements copies nothing.

Speed is strength here: Hard compares its candidates by playouts made of `greedy` replies, so every
millisecond saved in ranking placements is more playouts within the same second (see
`_ranked_placements`). The search's leaf value (`evaluate`) also counts each rack's best next
placement, so the search can tell a rack that feeds the lowest colour (or a swap) from one that cannot.
"""
from __future__ import annotations

import math
import random
from typing import Any

from hexgames.games.ingenious.rules import (
    CELL_OF, EMPTY, HEX_OF, NB, RAYS, TEMPLATES, IngeniousRules, IngeniousState, Move, Place, Swap, Tile, direction, line_gain,
    raised_score,
)

RULES = IngeniousRules()
# Weight of the lowest, 2nd lowest, ... colour: the lowest dominates, as in the ranking.
WEIGHTS = (1.0, 0.45, 0.22, 0.12, 0.07, 0.04)
BONUS_VALUE = 2.5  # an extra placement, in points of the lowest colour
NEAR_BONUS_VALUE = 0.3  # a colour a few points below a bonus threshold
EVAL_SCALE = 3.0  # value difference that makes evaluate() about 0.73
SAME_OUTCOME_KEEP = 2  # candidates kept per (tile, value): distinct ideas for the search
RACK_WEIGHT_TO_MOVE = 0.6  # share of its rack's best next placement a standing counts for the mover
RACK_WEIGHT_WAITING = 0.3  # ... and for a player who must wait (the line may be blocked first)


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
    """How well `seat` stands, in [0, 1]; 0.5 = level with the best opponent track.

    A standing is the track's value plus what the rack in hand can still add: the best placement the
    rack could make on the open lines of the board (scored as if both halves found their best cell).
    The seat to move is sure to use it; the others may see it blocked first, so it counts for less.
    That is what makes racks that feed the lowest colour, and boards that starve an opponent's
    lowest colour, worth something to the search."""
    mine_index = s.track_of(seat)
    if len(s.scores) == 1:  # solo: the share of the best possible track value
        return min(1.0, track_value(s.scores[0]) / (s.cap * sum(WEIGHTS)))
    if s.phase == "over":
        return RULES.outcome(s).reward(seat)
    standings = _standings(s)
    mine = standings[mine_index]
    if s.current == seat or s.track_of(s.current) == mine_index:
        mine += BONUS_VALUE * s.bonus_pending
    best_other = max(v for i, v in enumerate(standings) if i != mine_index)
    return 1.0 / (1.0 + math.exp(-(mine - best_other) / EVAL_SCALE))


def _standings(s: IngeniousState) -> list[float]:
    """Every track's value, bonus potential and rack potential."""
    out = [_standing(s, i) for i in range(len(s.scores))]
    best = _open_best(s)
    mover_track = s.track_of(s.current)
    for seat in range(s.seats):
        rack = s.racks[seat]
        if not rack:
            continue
        i = s.track_of(seat)
        weight = RACK_WEIGHT_TO_MOVE if i == mover_track else RACK_WEIGHT_WAITING
        out[i] += weight * _rack_potential(s, s.scores[i], rack, best)
    return out


def _open_best(s: IngeniousState) -> list[int]:
    """Per colour, the most one half of that colour could score on a cell where a tile still fits."""
    cells = s.cells
    best = [0, 0, 0, 0, 0, 0]
    for a in TEMPLATES[s.radius][1]:
        if cells[a] != EMPTY:
            continue
        base = a * 6
        if not any(NB[base + d] >= 0 and cells[NB[base + d]] == EMPTY for d in range(6)):
            continue
        gains = _cell_gains(cells, a)
        if gains is not None:
            for c in range(6):
                if gains[c] > best[c]:
                    best[c] = gains[c]
    return best


def _rack_potential(s: IngeniousState, track: list[int], rack: list[Tile], best: list[int]) -> float:
    """The value of the rack's best tile on the board's best open cells (optimistic, one move)."""
    base = track_value(track)
    top = 0.0
    for ca, cb in set(rack):
        gb = best[cb] if ca != cb else best[cb] // 2  # a double's halves rarely both find the best
        v = _move_value(s, track, base, ca, best[ca], cb, gb)
        if v > top:
            top = v
    return top


# --- ranking placements -----------------------------------------------------------------------
# Why this is fast: a half placed on empty cell a never scores along the line towards its partner
# (that neighbour is empty until the tile lands), so its points are simply the sum of the same-colour
# runs leaving a in all six directions. One pass over the empty cells gives every cell's six per-colour
# gains; a placement's value then depends only on (colour, gain) of each half, which is memoised. Cells
# with no coloured neighbour score nothing whatever lands there, so pairs of two such cells are only
# listed when nothing better exists.
def _cell_gains(cells: list[int], a: int) -> list[int] | None:
    """Points a half of each colour would score on empty cell a, or None if it would score nothing."""
    gains: list[int] | None = None
    base = a * 6
    for d in range(6):
        ray = RAYS[base + d]
        if not ray:
            continue
        colour = cells[ray[0]]
        if colour < 0:
            continue
        n = 0
        for x in ray:
            if cells[x] != colour:
                break
            n += 1
        if gains is None:
            gains = [0, 0, 0, 0, 0, 0]
        gains[colour] += n
    return gains


def _move_value(s: IngeniousState, track: list[int], base_value: float, ca: int, ga: int,
                cb: int, gb: int) -> float:
    """Value gained by adding ga to colour ca and gb to colour cb (capped), plus bonuses earned."""
    new = track[:]
    earned = 0
    for colour, gain in ((ca, ga), (cb, gb)) if ca != cb else ((ca, ga + gb),):
        old = new[colour]
        new[colour] = raised_score(old, gain, s.cap, s.stop)
        earned += sum(1 for t in s.thresholds if old < t <= new[colour])
    return track_value(new) - base_value + BONUS_VALUE * earned


def _open_pairs(s: IngeniousState) -> tuple[list[tuple[int, int]], dict[int, list[int] | None]]:
    """Every ordered pair (a, b) open to the mover now, and each empty cell's per-colour gains."""
    cells = s.cells
    pairs = RULES.pairs_for(s)
    gains: dict[int, list[int] | None] = {}
    for a, _ in pairs:
        if a not in gains:
            gains[a] = _cell_gains(cells, a)
    return pairs, gains


def _ranked_placements(s: IngeniousState, scoring_only: bool) -> list[tuple[float, Tile, int, int]]:
    """(value, tile, cell a, cell b) per legal placement. With `scoring_only`, placements that score
    no point are left out (they are all worth 0)."""
    rack = s.racks[s.current]
    if not rack or s.phase not in ("place", "bonus"):
        return []
    track = s.scores[s.track_of(s.current)]
    base = track_value(track)
    pairs, gains = _open_pairs(s)
    if scoring_only:
        pairs = [(a, b) for a, b in pairs if gains[a] is not None or gains[b] is not None]
    zero = (0, 0, 0, 0, 0, 0)
    out: list[tuple[float, Tile, int, int]] = []
    for tile in sorted(set(rack)):
        ca, cb = tile
        double = ca == cb
        memo: dict[int, float] = {}  # the value depends only on the two halves' points
        for a, b in pairs:
            if double and a > b:
                continue
            x = (gains[a] or zero)[ca]
            y = (gains[b] or zero)[cb]
            if scoring_only and not (x or y):
                continue
            key = x << 8 | y
            v = memo.get(key)
            if v is None:
                v = memo[key] = _move_value(s, track, base, ca, x, cb, y)
            out.append((v, tile, a, b))
    return out


def _place(tile: Tile, a: int, b: int) -> Place:
    return Place(tile, HEX_OF[a], HEX_OF[b])


def scored_placements(s: IngeniousState) -> list[tuple[float, Place]]:
    """Every legal placement for the seat to move with its heuristic value (unsorted)."""
    return [(v, _place(t, a, b)) for v, t, a, b in _ranked_placements(s, scoring_only=False)]


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
    scored = _ranked_placements(s, scoring_only=True)
    best = max((row[0] for row in scored), default=0.0)
    if best <= 1e-9:  # nothing scores: every placement is worth the same nothing
        scored = _ranked_placements(s, scoring_only=False)
    ties = [row for row in scored if row[0] >= best - 1e-9]
    _, tile, a, b = ties[int(rng.random() * len(ties))]
    return _place(tile, a, b)


def candidates(s: IngeniousState, k: int) -> list[Move]:
    """The k most promising moves, best first, at most `SAME_OUTCOME_KEEP` per outcome.

    Many placements give the same tile the same points in different places; a search that spends its
    k slots on copies of one idea cannot compare ideas, so each (tile, value) keeps only a couple of
    spots and the next distinct ideas fill the rest."""
    if s.phase == "swap":
        return [Swap(True), Swap(False)][:k]
    scored = _ranked_placements(s, scoring_only=True)
    if len(scored) < 4 * k:
        scored = _ranked_placements(s, scoring_only=False)
    scored.sort(key=lambda row: -row[0])
    seen: dict[tuple[Tile, float], int] = {}
    top: list[Move] = []
    spare: list[Move] = []
    for v, t, a, b in scored:
        key = (t, round(v, 6))
        n = seen.get(key, 0)
        seen[key] = n + 1
        if n < SAME_OUTCOME_KEEP:
            top.append(_place(t, a, b))
            if len(top) == k:
                return top
        elif len(spare) < k:
            spare.append(_place(t, a, b))
    return top + spare[: k - len(top)]


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
        d = direction(a, b)
        ca, cb = m.tile
        ga = line_gain(cells, a, ca, d)
        gb = line_gain(cells, b, cb, (d + 3) % 6)
        value = _move_value(s, track, base_value, ca, ga, cb, gb)
        if value > best_value:
            best_value, best_move = value, m
    return best_move


__all__ = ["evaluate", "greedy", "candidates", "policy", "track_value", "scored_placements"]
