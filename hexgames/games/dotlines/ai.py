"""Dot Lines AI hooks: evaluation, the greedy (Medium) move, candidate ranking and the playout policy.

What a position is worth to a seat (see `standing`): the game is a race on two fronts, so a seat's
standing counts its home line's columns (ending B; each column nearer six weighs more), its hand size
(E's tie-break when the deck runs low, where every tile in hand weighs more; early on a tile is no
burden, as it is one more way to fit, and ending A is seen by the win-at-once chances), the one-shot
actions and the chip still in hand (each is a way out of a dead end, and the last one left is worth the
most: a player with none left who cannot place loses by D, the usual way games are lost), and whether its
hand still fits the open line ends. Placing on the opponent's line helps them, unless it wins at once,
which the terminal check sees. No pygame; nothing here reads hidden information beyond the state it is
given (a view or a determinisation from `sample`).
"""
from __future__ import annotations

import math
import random
from typing import Any, Callable

from hexgames.games.dotlines.rules import (
    ACT, CHIP, CHOOSE, DOUBLE, DRAW, EXCHANGE, MAX_COLUMNS, OVER, REDRAW, STACK, VALUES, Chip, DotLinesRules, DotLinesState,
    CHIP_NONE, COUNTS_AFTER, INVERTER, NEIGHBOURS, Exchange, Home, Place, Redraw, can_exchange, neighbours,
    next_counts, unseen_counts,
)

RULES = DotLinesRules()
Evaluation = Callable[[DotLinesState, int], float]
EVAL_SCALE = 2.5
W_HAND = -0.2  # per tile in hand: early on a tile is worth keeping (more ways to fit, ending D is the
# usual danger); ending A is seen by the win-at-once chances, and late in the game W_HAND_LATE takes over
W_HAND_LATE = 0.3  # extra per tile as the deck empties (ending E compares hands)
W_COLUMNS = (0.0, 0.5, 1.2, 2.2, 3.6, 6.0, 6.0)  # by columns on the home line: each nearer six weighs more
W_ACTION = (1.0, 1.5, 0.3)  # unused Redraw, Exchange, Stack: each a way out of a dead end (Stack only
# when a column matches, so it is the least sure)
W_ACTIONS_LEFT = (0.0, 3.0, 4.0, 4.5)  # by how many actions are unused: spending the last way out of a
# dead end costs most (all three spent is how most games against a careless player are lost, by D)
W_CHIP = 0.5
W_FIT = 0.2  # per fitting placement (at most FIT_CAP counted)
FIT_CAP = 3
W_STUCK = 2.0  # no placement fits and no action left
W_THREAT = 3.0  # the waiting player's chance to win at once on their next turn, as things stand
W_DEAD = 1.0  # chance that nothing can be placed: an action must be spent (or the game is lost)
W_STUCK_NEXT = 3.0  # the waiting player's chance of ending D on the present table
HOME_FIT_ONLY = True  # a fit on the opponent's line only helps them towards six columns
CHIP_PICK = DOUBLE  # arena: Double beat Inverter against Random (94.7% v 88%)
WINNER_MOVES_FIRST = False
PASS_TIE_BREAK = 1e-6  # below an equal-value Exchange's rating: it loses every tie (see `ranked_moves`)
ALL_USED = REDRAW | EXCHANGE | STACK


def _chances_now(s: DotLinesState, seat: int, hand: list[int]) -> tuple[bool, bool, bool]:
    """(wins at once, is lost = ending D or only moves that give the opponent six columns, has no
    useful placement or stack) for `seat` holding `hand`. Worked out from the hand's counts without
    building moves: this is the inner loop of `evaluate`."""
    n = hand[0]
    used = s.used[seat]
    side = s.chip[seat] if s.chip_at[seat] is None else CHIP_NONE
    mine, theirs = s.home[seat], s.home[1 - seat]
    dead = True
    for line in (0, 1):
        cols = s.lines[line]
        k = len(cols)
        if k >= MAX_COLUMNS:
            continue
        counts = (1, 2) if not k else COUNTS_AFTER[cols[-1].count]
        for v in NEIGHBOURS[s.wrap][cols[-1].value if k else s.die[line]]:
            for c in counts:
                used_tiles = _fits(hand, v, c, side, n)
                if used_tiles < 0:
                    continue
                if used_tiles == n or (line == mine and k == MAX_COLUMNS - 1):
                    return True, False, False
                if not (line == theirs and k == MAX_COLUMNS - 1):
                    dead = False
    if not used & STACK:
        for line in (0, 1):
            for col in s.lines[line]:
                used_tiles = _fits(hand, col.value, col.count, side, n)
                if used_tiles == n:
                    return True, False, False
                if used_tiles >= 0:
                    dead = False
    if not dead:
        return False, False, False
    can_act = (not used & REDRAW and s.deck and n) or (not used & EXCHANGE and can_exchange(hand, s.hands[1 - seat]))
    return False, not can_act, True


def _fits(hand: list[int], v: int, c: int, side: int, n: int) -> int:
    """How many hand tiles a group of count `c` and value `v` takes (-1: it cannot be laid); when
    there is a choice, the one that empties the hand if any."""
    have = hand[v]
    best = -1
    if have >= c:
        best = c
    if side == DOUBLE and c >= 2 and have >= c - 1 and (best < 0 or c - 1 == n):
        best = c - 1
    elif side == INVERTER and hand[7 - v] and have >= c - 1 and best < 0:
        best = c
    return best


def turn_chances(s: DotLinesState, seat: int, drew: bool, left: list[int]) -> tuple[float, float, float]:
    """(chance to win at once, chance to be stuck = ending D, chance of no placement) for `seat`'s
    turn on this table. If `seat` has not drawn yet (`drew` False) it is averaged over the draw."""
    hand = s.hands[seat]
    if hand is None:
        return 0.0, 0.0, 0.0
    if drew:
        return tuple(float(x) for x in _chances_now(s, seat, hand))  # type: ignore[return-value]
    total = sum(left[1:])
    if total <= 0:
        return 0.0, 0.0, 0.0
    win = stuck = dead = 0.0
    for v in VALUES:
        k = left[v]
        if not k:
            continue
        hand[v] += 1
        hand[0] += 1
        w, st, d = _chances_now(s, seat, hand)
        hand[v] -= 1
        hand[0] -= 1
        win += k * w
        stuck += k * st
        dead += k * d
    return win / total, stuck / total, dead / total


def placements(s: DotLinesState, seat: int) -> int:
    """How many (line, value, count) placements `seat`'s hand could make on the open ends now,
    without the chip; a measure of how well the hand fits the table."""
    hand = s.hands[seat]
    if hand is None:
        return 1
    n = 0
    for line in ((s.home[seat],) if HOME_FIT_ONLY and s.home[seat] >= 0 else (0, 1)):
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


def standing(s: DotLinesState, seat: int) -> float:
    """A seat's prospects in points (higher is better); see the module docstring."""
    hand = s.hand_size(seat)
    late = 1.0 - min(len(s.deck), 16) / 16.0
    home = s.home[seat]
    cols = len(s.lines[home]) if home >= 0 else 0
    used = s.used[seat]
    v = -(W_HAND + W_HAND_LATE * late) * hand + W_COLUMNS[cols]
    left = 0
    if not used & REDRAW:
        v += W_ACTION[0]
        left += 1
    if not used & EXCHANGE:
        v += W_ACTION[1]
        left += 1
    if not used & STACK:
        v += W_ACTION[2]
        left += 1
    v += W_ACTIONS_LEFT[left]
    if s.chip_at[seat] is None:
        v += W_CHIP
    fit = placements(s, seat)
    v += W_FIT * min(fit, FIT_CAP)
    if fit == 0 and used == ALL_USED:
        v -= W_STUCK
    return v


def evaluate(s: DotLinesState, seat: int) -> float:
    """How well `seat` stands, in [0, 1]; exact once the game is over.

    The player about to move gets their immediate chances worked out over the tile they will draw
    (a win at once, or ending D); the rest is the standings' difference, where the waiting player's
    chance of a win at once on the present table counts as a threat."""
    if s.phase == OVER:
        return RULES.outcome(s).reward(seat)
    if s.phase < DRAW:
        return 0.5
    mover = s.current
    left = unseen_counts(s)
    win, stuck, dead = turn_chances(s, mover, s.phase == ACT, left)
    threat, w_stuck, w_dead = turn_chances(s, 1 - mover, False, left)
    diff = (standing(s, mover) - W_DEAD * dead
            - standing(s, 1 - mover) + W_DEAD * w_dead + W_STUCK_NEXT * w_stuck - W_THREAT * threat)
    base = 1.0 / (1.0 + math.exp(-diff / EVAL_SCALE))
    value = win + (1.0 - win - stuck) * base
    return value if seat == mover else 1.0 - value


def _setup_choice(s: DotLinesState, rng: random.Random) -> Any:
    """Roll-off and chip decisions. Both lines are alike (each die goes to its owner's home line), so
    the real choice is who moves first: the winner takes a home line and lets the other start, which
    won more arena games than moving first; the chip is Double (it beat Inverter in the arena)."""
    if s.phase == CHIP:
        return Chip(CHIP_PICK)
    moves = RULES.legal_moves(s)
    if WINNER_MOVES_FIRST and s.phase == CHOOSE:
        return moves[0]
    homes = [m for m in moves if type(m) is Home]
    return homes[rng.randrange(len(homes))] if homes else moves[0]


def ranked_moves(s: DotLinesState, judge: Evaluation | None = None, redraw_as_dealt: bool = False
                 ) -> list[tuple[float, Any]]:
    """Every legal move with the mover's evaluation after it, best first. An Exchange of two equal
    values only passes the turn (at the price of the action): it is worth playing when every other
    move is worse, never as one of several equally good moves (a won position rates them all 1.0).
    `judge` is the evaluation used (default `evaluate`; Hard's search passes a faster equal one).
    `redraw_as_dealt` judges a Redraw on the tile the state has on top, as Hard 0.1 did (it is kept
    so, to stay the yardstick it was)."""
    judge = judge or evaluate
    out = []
    for m in RULES.legal_moves(s):
        value = value_after(s, m, judge, redraw_as_dealt)
        if type(m) is Exchange and m.give == m.take:
            value -= PASS_TIE_BREAK
        out.append((value, m))
    out.sort(key=lambda x: -x[0])
    return out


def value_after(s: DotLinesState, m: Any, judge: Evaluation, as_dealt: bool = False) -> float:
    """The mover's value after `m`. A Redraw brings a tile nobody has seen, so it is judged over every
    value it may bring, weighted by the unseen tiles of each value: on a view the deck holds blanks,
    and judging the blank drawn counted a tile that is no value at all (the hand grew by two, and a
    Redraw looked like a fine move early on); on a determinisation the top tile is only a guess.
    `as_dealt` judges it on the tile the state has on top instead (Hard 0.1's way)."""
    if as_dealt or type(m) is not Redraw or not s.deck:
        t = RULES.copy(s)
        RULES.apply(t, m)
        return judge(t, s.current)
    left = unseen_counts(s)
    total = weighted = 0.0
    for v in VALUES:
        if left[v]:
            t = RULES.copy(s)
            t.deck[-1] = v
            RULES.apply(t, m)
            weighted += left[v] * judge(t, s.current)
            total += left[v]
    return weighted / total


def greedy(s: DotLinesState, rng: random.Random, noise: float = 0.0, judge: Evaluation | None = None,
           redraw_as_dealt: bool = False) -> Any:
    if s.phase != ACT:
        return _setup_choice(s, rng) if s.phase != DRAW else RULES.legal_moves(s)[0]
    scored = ranked_moves(s, judge, redraw_as_dealt)
    if noise > 0:
        scored = [(v + rng.gauss(0.0, noise), m) for v, m in scored]
        scored.sort(key=lambda x: -x[0])
    best = scored[0][0]
    ties = [m for v, m in scored if v >= best - 1e-9]
    return ties[0] if len(ties) == 1 else ties[rng.randrange(len(ties))]


def candidates(s: DotLinesState, k: int, judge: Evaluation | None = None, redraw_as_dealt: bool = False
               ) -> list[Any]:
    if s.phase != ACT:
        return list(RULES.legal_moves(s))[:k]
    return [m for _, m in ranked_moves(s, judge, redraw_as_dealt)[:k]]


def policy(s: DotLinesState, rng: random.Random) -> Any:
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

