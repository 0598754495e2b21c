"""Medium's evaluation (`ai.evaluate`) worked out faster, for the leaves of Hard's search.

Why a second copy of the same judgement: the search evaluates tens of thousands of leaves a move, and
`ai.evaluate` spends most of its time in `_chances_now`, called twelve times a leaf (each seat, each
value it may draw) and walking the lines again every time. Here the line ends and stackable columns a
seat could use are listed once per leaf (`Slots`), and each of the twelve hands only runs down that
list. The result is the same number (a test compares the two on random positions); Medium keeps the
plain version, which is easier to read.
"""
from __future__ import annotations

import math
from typing import Callable

from hexgames.games.dotlines import ai
from hexgames.games.dotlines.rules import (
    CHIP_NONE, COUNTS_AFTER, DOUBLE, DRAW, EXCHANGE, INVERTER, MAX_COLUMNS, NEIGHBOURS, OVER, REDRAW, STACK,
    VALUES, DotLinesState, unseen_counts,
)

NORMAL, WINS, GIFT = 0, 1, 2  # a placement that is ordinary, completes the seat's own line, or the opponent's


class Slots:
    """What a seat could lay on this table whatever it holds: (value, count, kind) at the open line
    ends, (value, count) on the columns it could stack on, its chip side, and its ways out (actions)."""

    __slots__ = ("places", "stacks", "side", "redraw", "exchange")

    def __init__(self, s: DotLinesState, seat: int):
        used = s.used[seat]
        self.side = s.chip[seat] if s.chip_at[seat] is None else CHIP_NONE
        mine = s.home[seat]
        places = []
        for line in (0, 1):
            cols = s.lines[line]
            k = len(cols)
            if k >= MAX_COLUMNS:
                continue
            kind = NORMAL if k < MAX_COLUMNS - 1 else WINS if line == mine else GIFT
            counts = (1, 2) if not k else COUNTS_AFTER[cols[-1].count]
            for v in NEIGHBOURS[s.wrap][cols[-1].value if k else s.die[line]]:
                for c in counts:
                    places.append((v, c, kind))
        self.places = places
        self.stacks = [] if used & STACK else [(col.value, col.count) for line in s.lines for col in line]
        self.redraw = not used & REDRAW and bool(s.deck)
        other = s.hands[1 - seat]
        self.exchange = not used & EXCHANGE and bool(other and other[0])

    def chances(self, hand: list[int]) -> tuple[int, int, int]:
        """(wins at once, is stuck, has no useful placement) as 0/1, as `ai._chances_now`."""
        n = hand[0]
        side = self.side
        dead = True
        for v, c, kind in self.places:
            used = ai._fits(hand, v, c, side, n)
            if used < 0:
                continue
            if used == n or kind == WINS:
                return 1, 0, 0
            if kind == NORMAL:
                dead = False
        for v, c in self.stacks:
            used = ai._fits(hand, v, c, side, n)
            if used == n:
                return 1, 0, 0
            if used >= 0:
                dead = False
        if not dead:
            return 0, 0, 0
        can_act = (self.redraw and n) or (self.exchange and n)
        return 0, (0 if can_act else 1), 1


def turn_chances(s: DotLinesState, seat: int, drew: bool, left: list[int]) -> tuple[float, float, float]:
    """`ai.turn_chances` on a seat's `Slots`: averaged over the draw unless the seat has drawn."""
    hand = s.hands[seat]
    if hand is None:
        return 0.0, 0.0, 0.0
    slots = Slots(s, seat)
    if drew:
        w, st, d = slots.chances(hand)
        return float(w), float(st), float(d)
    total = sum(left[1:])
    if total <= 0:
        return 0.0, 0.0, 0.0
    wins, alive = draw_masks(slots, hand)
    can_act = slots.redraw or slots.exchange  # after a draw the hand is never empty
    win = stuck = dead = 0
    for v in VALUES:
        k = left[v]
        if not k:
            continue
        bit = 1 << v
        if wins & bit:
            win += k
        elif not alive & bit:
            dead += k
            if not can_act:
                stuck += k
    return win / total, stuck / total, dead / total


ALL_DRAWS = 0b1111110  # bit v: the drawn tile is a v


def draw_masks(slots: Slots, hand: list[int]) -> tuple[int, int]:
    """For `hand` plus one drawn tile, the draws (bit v: a v is drawn) after which the seat wins at
    once, and those after which it has a useful placement or stack: each slot is judged three times
    (the drawn tile is its value, its inverse, or neither) instead of once per value."""
    n = hand[0] + 1
    side = slots.side
    wins = alive = 0
    for v, c, kind in slots.places:
        w, a = _slot_masks(hand, v, c, side, n)
        if kind == WINS:
            wins |= a
        else:
            wins |= w
            if kind == NORMAL:
                alive |= a
    for v, c in slots.stacks:
        w, a = _slot_masks(hand, v, c, side, n)
        wins |= w
        alive |= a
    return wins, alive


def _slot_masks(hand: list[int], v: int, c: int, side: int, n: int) -> tuple[int, int]:
    """(draws that lay this group emptying the hand, draws that lay it at all) for `n` tiles in hand
    after the draw; remembered, as only a few hundred cases ever occur."""
    key = (hand[v], hand[7 - v], v, c, side, n)
    got = _MASKS.get(key)
    if got is None:
        got = _MASKS[key] = _work_out_masks(*key)
    return got


def _work_out_masks(have: int, inv: int, v: int, c: int, side: int, n: int) -> tuple[int, int]:
    bv, bi = 1 << v, 1 << (7 - v)
    wins = fits = 0
    for mask, h, i in ((ALL_DRAWS & ~bv & ~bi, have, inv), (bv, have + 1, inv), (bi, have, inv + 1)):
        used = _fits_counts(h, i, c, side, n)
        if used >= 0:
            fits |= mask
            if used == n:
                wins |= mask
    return wins, fits


_MASKS: dict[tuple[int, ...], tuple[int, int]] = {}


def _fits_counts(have: int, inv: int, c: int, side: int, n: int) -> int:
    """`ai._fits` from the counts of the group's value (`have`) and of its inverse (`inv`)."""
    best = c if have >= c else -1
    if side == DOUBLE:
        if c >= 2 and have >= c - 1 and (best < 0 or c - 1 == n):
            best = c - 1
    elif side == INVERTER and best < 0 and inv and have >= c - 1:
        best = c
    return best


Chances = tuple[float, float, float]  # (win at once, stuck, no placement), as `turn_chances` gives them


def evaluate(s: DotLinesState, seat: int) -> float:
    """The same value as `ai.evaluate`, faster."""
    return shaped(s, seat, _medium_logit)


def _medium_logit(s: DotLinesState, mover: int, mine: Chances, theirs: Chances) -> float:
    threat, w_stuck, w_dead = theirs
    diff = (ai.standing(s, mover) - ai.W_DEAD * mine[2] - ai.standing(s, 1 - mover) + ai.W_DEAD * w_dead
            + ai.W_STUCK_NEXT * w_stuck - ai.W_THREAT * threat)
    return diff / ai.EVAL_SCALE


def shaped(s: DotLinesState, seat: int, logit: Callable[[DotLinesState, int, Chances, Chances], float]) -> float:
    """A value in `ai.evaluate`'s shape, for any weighing of the standings: exact once the game is over;
    the mover's chances of winning at once and of being stuck on this draw are exact, and `logit` (of
    the position, the mover and both seats' chances) weighs the rest."""
    if s.phase == OVER:
        return ai.RULES.outcome(s).reward(seat)
    if s.phase < DRAW:
        return 0.5
    mover = s.current
    left = unseen_counts(s)
    mine = turn_chances(s, mover, s.phase != DRAW, left)
    theirs = turn_chances(s, 1 - mover, False, left)
    win, stuck, _ = mine
    value = win + (1.0 - win - stuck) * (1.0 / (1.0 + math.exp(-logit(s, mover, mine, theirs))))
    return value if seat == mover else 1.0 - value


def remembering(evaluate_fn: Callable[[DotLinesState, int], float] = evaluate
                ) -> Callable[[DotLinesState, int], float]:
    """`evaluate_fn` remembered by the public position, for one search: the playouts of a search
    from one view meet the same positions again and again (after a root move the opponent's draw
    has six values, so its reply is ranked on six tables), and the value reads only what both seats
    see (hands, lines, actions, chips, the deck's length), never the deck's order."""
    memo: dict[tuple, float] = {}

    def judge(s: DotLinesState, seat: int) -> float:
        if s.phase == OVER:
            return evaluate_fn(s, seat)
        h0, h1 = s.hands
        key = (s.phase, s.current, tuple(h0), tuple(h1), tuple(s.lines[0]), tuple(s.lines[1]), s.used[0],
               s.used[1], s.chip_at[0], s.chip_at[1], len(s.deck), tuple(s.discards))
        got = memo.get(key)
        if got is None:
            got = memo[key] = evaluate_fn(s, s.current)
        return got if seat == s.current else 1.0 - got

    return judge
