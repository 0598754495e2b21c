"""A search setting a game opts into (off by default): a budget that covers the whole move, on the
Bids toy game."""
from __future__ import annotations

import random
import time
from dataclasses import replace

from hexgames import games
from hexgames.ai.search import SearchConfig, ismcts, search_stats
from tests.ai import toygame  # noqa: F401  (registers the toy games)
from tests.ai.toygame import RULES


def slow_hooks(delay_in: str, seconds: float):
    """The hooked toy game with `delay_in` ("candidates" or "evaluate") taking `seconds` a call."""
    info = games.get("toybids_hooked")
    hook = getattr(info, delay_in)

    def slow(*args):
        time.sleep(seconds)
        return hook(*args)

    return replace(info, **{delay_in: slow})


def iterations(info, strict: bool, budget: float) -> int:
    s = RULES.setup({}, 2, 4)
    seat = RULES.to_move(s)
    config = SearchConfig(budget=budget, root="halving", playout_depth=2, strict_budget=strict)
    return search_stats(info, RULES.observe(s, seat), seat, random.Random(1), config)["iterations"]


def test_a_strict_budget_counts_the_time_spent_ranking_the_moves():
    info = slow_hooks("candidates", 0.05)
    assert iterations(info, strict=True, budget=0.04) == 0
    assert iterations(info, strict=False, budget=0.04) > 0


def test_a_strict_budget_drops_a_round_the_deadline_cuts_short():
    """Five arms, each playout judged in 10 ms: the first round outlasts a 20 ms budget."""
    info = slow_hooks("evaluate", 0.01)
    assert iterations(info, strict=True, budget=0.02) == 0
    assert iterations(info, strict=False, budget=0.02) >= 5


def test_a_strict_budget_stops_a_playout_between_two_moves():
    """A playout of greedy replies can outlast a tenth of the budget: once the search is told to stop,
    not one more greedy reply is asked for, and the move is still a legal one."""
    info = games.get("toybids_hooked")
    calls = []

    def counted_greedy(*args):
        calls.append(1)
        return info.greedy(*args)

    counted = replace(info, greedy=counted_greedy)
    s = RULES.setup({}, 2, 4)
    seat = RULES.to_move(s)
    view = RULES.observe(s, seat)
    for strict, expected in ((True, 3), (False, None)):
        calls.clear()
        config = SearchConfig(budget=None, iterations=40, root="halving", playout_depth=4, greedy_plies=4,
                              strict_budget=strict)
        move = ismcts(counted, view, seat, random.Random(1), config, should_stop=lambda: len(calls) >= 3)
        assert move in RULES.legal_moves(view)
        if expected is not None:
            assert len(calls) == expected
        else:  # without a strict budget a playout runs to its end: a whole round of arms
            assert len(calls) > 3
