"""tools/dotlines_fit.py fits the weights `fitted.py` uses, term for term.

Why: the tool prints 24 weights in an order and `fitted.py` spells them out by name. If one of the
tool's features stood for another term than the weight it lands on, the fit would be right and Hard's
valuation wrong, with nothing to show it. So the fitted weights, laid on the tool's features in the
tool's order, must give `fitted.evaluate` exactly (to rounding) on real positions.
"""
from __future__ import annotations

import math
import random

import pytest

from hexgames.games.dotlines import ai, fitted
from hexgames.games.dotlines.rules import DRAW, OVER
from tests.games.dotlines.boards import RULES
from tests.tools import load_tool

WEIGHTS = (list(fitted.W_COLUMNS) + [fitted.W_HAND, fitted.W_HAND_LATE] + list(fitted.W_ACTION)
           + list(fitted.W_ACTIONS_LEFT) + [fitted.W_CHIP, fitted.W_FIT, fitted.W_STUCK, fitted.W_DEAD,
                                            fitted.W_WAITING_DEAD, fitted.W_WAITING_STUCK, fitted.W_THREAT,
                                            fitted.W_MOVER])


def _positions():
    out = []
    for seed in range(12):
        rng = random.Random(seed)
        s = RULES.setup({}, 2, seed)
        while s.phase != OVER:
            if s.phase >= DRAW:
                out.append(RULES.copy(s))
            move = RULES.random_move(s, rng) if rng.random() < 0.3 else ai.greedy(RULES.observe(s, s.current), rng)
            s = RULES.play(s, move)
    return out


def test_the_tool_s_features_in_its_order_weighed_by_fitted_py_give_fitted_evaluate():
    tool = load_tool("dotlines_fit")
    positions = _positions()
    assert len(positions) > 200
    for s in positions:
        x, win, stuck = tool.features(s)
        assert len(x) == len(WEIGHTS)
        z = sum(w * f for w, f in zip(WEIGHTS, x))
        value = win + (1.0 - win - stuck) / (1.0 + math.exp(-z))
        assert fitted.evaluate(s, s.current) == pytest.approx(value, abs=1e-12)


def test_stage_two_starts_from_fitted_py_s_valuation_laid_out_from_either_seat():
    """Stage 2 weighs the mover's and the waiting seat's standings apart, in two blocks by who moves;
    fitted.py's weights laid out that way must still be fitted.py's valuation, whichever seat the
    greedy player sits at, or the fit would start from (and the tool compare against) something else."""
    tool = load_tool("dotlines_fit")
    weights = tool.stage_one_as_stage_two()
    positions = _positions()
    for s in positions:
        for hero in (0, 1):
            x, win, stuck = tool.hero_features(s, hero)
            assert len(x) == len(weights) == 2 * tool.N_CASE
            z = sum(w * f for w, f in zip(weights, x))
            assert fitted.evaluate(s, s.current) == pytest.approx(win + (1.0 - win - stuck) / (1.0 + math.exp(-z)),
                                                                  abs=1e-12)
            assert tool.stage_two_valuation(weights, hero)(s, s.current) == pytest.approx(
                fitted.evaluate(s, s.current), abs=1e-12)
