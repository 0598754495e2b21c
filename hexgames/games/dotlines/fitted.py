"""Dot Lines' fitted valuation: Medium's features, weighed by what won games, for Hard's own choices.

Why a second valuation: Medium's weights (`ai.evaluate`) were set by hand. Fitted to the outcomes of
12 000 games of Medium against itself (`tools/dotlines_fit.py`: a logistic fit of the same features,
162 000 positions, held-out log loss 0.528 against Medium's 0.555), the weights say the hand's fit to
the line, an unused chip and the rival's chance of winning at once count for more. As a greedy
player it beats Medium 55% of the time (6000 games), and Hard's search plays its own moves by it
(see `hard.py`), while the rival's replies stay Medium's own, which is the model of Medium that makes
the search exact about it. Medium keeps its weights: it is the yardstick the levels are measured by.

The value has `ai.evaluate`'s shape: the mover's chance of winning at once and of being stuck on this
draw are exact (`fast_eval.turn_chances`); the rest is a logistic of the two seats' standings.
"""
from __future__ import annotations

from hexgames.games.dotlines import ai, fast_eval
from hexgames.games.dotlines.rules import EXCHANGE, REDRAW, STACK, DotLinesState

# Per seat: columns on the home line 0..6; tiles in hand; tiles in hand as the deck runs out; Redraw,
# Exchange, Stack unused; 0..3 actions unused; chip unused; fitting placements (capped); stuck.
W_COLUMNS = (-0.061, 0.188, 0.584, 0.889, 1.543, 1.505, 2.066)
W_HAND, W_HAND_LATE = 0.189, -0.138
W_ACTION = (0.505, 0.829, 0.241)
W_ACTIONS_LEFT = (-0.016, 0.738, 1.402, 1.835)
W_CHIP, W_FIT, W_STUCK = 0.82, 0.42, -0.117
# Of the table: the mover has no placement, the waiting seat has none, the waiting seat would be stuck,
# the waiting seat could win at once; and the bias (the mover's side of an even position).
W_DEAD, W_WAITING_DEAD, W_WAITING_STUCK, W_THREAT, W_MOVER = -0.614, 0.16, 1.018, -2.332, -0.112


def standing(s: DotLinesState, seat: int, late: float) -> float:
    """A seat's prospects on the logistic's scale."""
    hand = s.hand_size(seat)
    home = s.home[seat]
    used = s.used[seat]
    v = W_COLUMNS[len(s.lines[home]) if home >= 0 else 0] + W_HAND * hand + W_HAND_LATE * hand * late
    left = 0
    for bit, weight in zip((REDRAW, EXCHANGE, STACK), W_ACTION):
        if not used & bit:
            v += weight
            left += 1
    v += W_ACTIONS_LEFT[left]
    if s.chip_at[seat] is None:
        v += W_CHIP
    fit = ai.placements(s, seat)
    v += W_FIT * min(fit, ai.FIT_CAP)
    if fit == 0 and used == ai.ALL_USED:
        v += W_STUCK
    return v


def evaluate(s: DotLinesState, seat: int) -> float:
    """How well `seat` stands, in [0, 1]; exact once the game is over."""
    return fast_eval.shaped(s, seat, _logit)


def _logit(s: DotLinesState, mover: int, mine: fast_eval.Chances, theirs: fast_eval.Chances) -> float:
    threat, w_stuck, w_dead = theirs
    late = 1.0 - min(len(s.deck), 16) / 16.0
    return (standing(s, mover, late) - standing(s, 1 - mover, late) + W_DEAD * mine[2] + W_WAITING_DEAD * w_dead
            + W_WAITING_STUCK * w_stuck + W_THREAT * threat + W_MOVER)
