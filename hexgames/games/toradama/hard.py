"""Toradama's Hard: the hooks its search uses, built for speed and to play the same from either seat.

Why not simply `ai`'s hooks (which Hard 0.1 used, and Medium still uses):
- Speed. Hard's budget is 0.8 s, and nearly all of it went to `ai.best_clear` (every clear ball of
  both players in every position looked at). Here the clear balls are simulated on bit sets
  (`clearsim`), and each board's best clears are remembered: a search meets the same board again
  and again (about two thirds of the calls), so the same budget plays out several times as many moves.
- Symmetry. Move lists run from column 0 to 4, so wherever the evaluation ties, player 1 tried its
  edge column first and player 2 the shared one, which hands the opponent clear balls and matching
  tiles. Hard's moves are ranked as player 1 would rank them on the mirrored board (`mirror`).
- Replies. The search plays each candidate on with Medium's own moves (`greedy_memo`: the same move
  as `ai.greedy`, remembered per position, since the arms of one comparison meet the same replies).
"""
from __future__ import annotations

import math
import random
from typing import Any

from hexgames.games.toradama import ai, clearsim
from hexgames.games.toradama.mirror import mirror_move, mirror_state
from hexgames.games.toradama.rules import CHOOSE, FAVOURITE, OVER, PLACING, START, ToradamaState

MEMO_LIMIT = 50_000  # boards remembered before the memo starts afresh (about 25 MB)
_memo: dict[tuple, tuple[int, int]] = {}


def best_clears(s: ToradamaState) -> tuple[int, int]:
    """`ai.best_clear` of both players at once: the board's bit sets are built once, and remembered."""
    favourites = tuple(FAVOURITE[c] if c >= 0 else -1 for c in s.chars)
    key = (*s.cells, *favourites)
    found = _memo.get(key)
    if found is not None:
        return found
    if len(_memo) >= MEMO_LIMIT:
        _memo.clear()
    masks = clearsim.masks_of(s.cells)
    found = tuple(clearsim.best_of(masks, ai.AREA_MASK[seat], favourites[seat])
                  for seat in range(len(favourites)))
    if len(found) == 1:
        found = (found[0], 0)
    _memo[key] = found
    return found


def standing(s: ToradamaState, seat: int, best: int) -> float:
    """`ai.standing`, given the seat's best clear."""
    value = s.points(seat) + ai.NIKU_VALUE * s.niku[seat] + ai.CUBE_VALUE * len(s.cubes[seat])
    if s.current == seat:
        weight = ai.PLACING_CLEAR_WEIGHT if s.phase == PLACING else ai.MOVER_CLEAR_WEIGHT
    else:
        weight = ai.WAITING_CLEAR_WEIGHT
    return value + weight * best


def evaluate(s: ToradamaState, seat: int) -> float:
    """`ai.evaluate` exactly, several times faster."""
    if s.phase == OVER and s.seats == 2:
        return ai.RULES.outcome(s).reward(seat)
    if s.seats == 1:
        return min(1.0, standing(s, 0, best_clears(s)[0]) / ai.SOLO_SCALE)
    if s.phase == CHOOSE:
        return 0.5
    best = best_clears(s)
    other = 1 - seat
    target = s.target
    if s.phase == START and s.points(s.current) + best[s.current] >= target:
        return 0.97 if s.current == seat else 0.03
    mine, theirs = standing(s, seat, best[seat]), standing(s, other, best[other])
    return 1.0 / (1.0 + math.exp(-(mine - theirs) / ai.EVAL_SCALE))


# A waiting player whose best clear reaches the target has nearly won: the mover can only spoil it
# by breaking that group this turn. Estimated by the previous study of lost games: the mover still
# wins about one game in six from the start of its turn, one in twenty once it is placing.
THREATENED_AT_START = 0.17
THREATENED_MID_TURN = 0.05


def evaluate_with_threats(s: ToradamaState, seat: int) -> float:
    """`evaluate`, but a waiting player whose best clear reaches the target counts as nearly winning
    (unless the mover's own clear wins first): `evaluate` weighs that clear like any other."""
    value = evaluate(s, seat)
    if s.seats != 2 or s.phase not in (START, PLACING):
        return value
    best = best_clears(s)
    waiting = 1 - s.current
    if s.points(waiting) + best[waiting] < s.target:
        return value
    if s.phase == START and s.points(s.current) + best[s.current] >= s.target:
        return value
    cap = THREATENED_AT_START if s.phase == START else THREATENED_MID_TURN
    return max(value, 1.0 - cap) if seat == waiting else min(value, cap)


# --- moves, ranked as player 1 would rank them ----------------------------------------------------
def _as_first_player(s: ToradamaState) -> tuple[ToradamaState, bool]:
    """The position as the mover would see it from player 1's side (mirrored for player 2)."""
    if s.seats == 2 and s.current == 1:
        return mirror_state(s), True
    return s, False


def candidates(s: ToradamaState, k: int) -> list[Any]:
    """`ai.candidates` judged by this module's evaluation, ties broken the same from either seat."""
    if s.phase == CHOOSE:  # playouts cannot tell the characters apart: take Medium's first choice
        return ai.candidates(s, 1)
    t, mirrored = _as_first_player(s)
    state = ai.sampled(t, random.Random(len(t.cells) + t.turn))
    out: list[Any] = []
    for _, m in ai.ranked_plans(state, value=evaluate):
        if m not in out:
            out.append(m)
            if len(out) >= k:
                break
    if not out:
        out.append(ai.RULES.random_move(state, random.Random(0)))
    return [mirror_move(m) for m in out] if mirrored else out


def policy(s: ToradamaState, rng: random.Random) -> Any:
    """`ai.policy` (the best scoring clear ball, else the best single tile), on the fast evaluation."""
    if s.phase == CHOOSE:
        return ai.greedy(s, rng)
    seat = s.current
    if s.phase == START:
        masks = clearsim.masks_of(s.cells)
        area = ai.AREA_MASK[seat]
        favourite = FAVOURITE[s.chars[seat]]
        standing_groups = clearsim.has_group(masks, area)
        best, move = 0, None
        for m in ai.RULES.clearing_moves(s):
            p = clearsim.ball_points(masks, m.cell, area, favourite, standing_groups)
            if p > best:
                best, move = p, m
        if move is not None:
            return move
    moves = ai.RULES.placing_moves(s)
    if not moves:
        return ai.RULES.random_move(s, rng)
    return max(moves, key=lambda m: evaluate(ai.after(s, m), seat) + 1e-3 * rng.random())


def greedy(s: ToradamaState, rng: random.Random, noise: float = 0.0) -> Any:
    """Medium's move (Easy's with `noise`), and the search's reply model: `ai.greedy` on the fast
    evaluation, chosen as player 1 would choose it, so that Medium is the same player from either seat."""
    if s.phase == CHOOSE:
        return ai.greedy(s, rng, noise)
    t, mirrored = _as_first_player(s)
    if noise > 0:
        move = ai.greedy(t, rng, noise)
    else:
        state = ai.sampled(t, rng)
        plans = ai.ranked_plans(state, value=evaluate)
        move = plans[0][1] if plans else ai.RULES.random_move(state, rng)
    return mirror_move(move) if mirrored else move


_replies: dict[tuple, Any] = {}


def greedy_memo(s: ToradamaState, rng: random.Random, noise: float = 0.0) -> Any:
    """`greedy`, remembered per full position (playouts meet the same replies again and again)."""
    if s.observer >= 0 or noise > 0 or s.phase == CHOOSE:
        return greedy(s, rng, noise)
    key = (*s.cells, tuple(s.pool), tuple(s.cubes[0]), tuple(s.cubes[1]), tuple(s.score[0]), tuple(s.score[1]),
           tuple(s.niku), s.current, s.phase, s.to_place, s.okunote_used, s.first_turn, s.bag_out, tuple(s.chars))
    found = _replies.get(key)
    if found is None:
        if len(_replies) >= MEMO_LIMIT:
            _replies.clear()
        found = _replies[key] = greedy(s, rng, noise)
    return found

