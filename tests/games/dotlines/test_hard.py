"""Dot Lines' Hard: Medium's setup rule in front of the search, every turn searched, and `hard-0.1`
still the shared search for every decision."""
import random
from dataclasses import replace

import pytest

from hexgames import games
from hexgames.ai.agents import make_agent, past_hard
from hexgames.ai.search import ismcts
from hexgames.games.dotlines import ai, fast_eval, fitted, hard
from hexgames.games.dotlines.rules import (
    ACT, CHIP, CHOOSE, DOUBLE, DRAW, EXCHANGE, OVER, REDRAW, STACK, WHITE, Chip, Exchange, Home, Place, Redraw,
)
from tests.games.dotlines.boards import RULES, col, position

INFO = games.get("dotlines")


def _setup_decisions(level: str, seeds: range) -> list:
    """Every roll-off and chip decision of seat 0 played by `level` (seat 1 is Medium)."""
    agent = make_agent(INFO, level, iterations=60)
    medium = make_agent(INFO, "medium")
    picked = []
    for seed in seeds:
        s = RULES.setup({}, 2, seed)
        rng = random.Random(seed)
        while s.phase < DRAW:
            seat = s.current
            mover = agent if seat == 0 and s.phase in (CHOOSE, CHIP) else medium
            m = mover.choose(RULES, RULES.observe(s, seat), seat, rng)
            if mover is agent:
                picked.append(m)
            s = RULES.play(s, m)
    return picked


def test_hard_takes_the_double_chip_and_a_home_line():
    picked = _setup_decisions("hard", range(12))
    chips = [m for m in picked if type(m) is Chip]
    assert len(chips) == 12 and all(m.side == DOUBLE for m in chips)
    assert all(type(m) in (Chip, Home) for m in picked)


def test_hard_01_still_searches_its_setup():
    """The frozen Hard keeps the shared search for the chip (it took the Inverter now and then)."""
    assert make_agent(INFO, "hard-0.1").config.searcher is None
    assert make_agent(INFO, "hard").config.searcher is hard.choose
    chips = [m for m in _setup_decisions("hard-0.1", range(12)) if type(m) is Chip]
    assert any(m.side != DOUBLE for m in chips)


def test_hard_01_still_judges_a_redraw_on_the_tile_on_top():
    """Medium now judges a Redraw over the tiles it may bring; the frozen Hard's hooks keep the old
    judgement (on the tile the state holds on top: a blank on a view), so it stays the yardstick."""
    # from a Medium game (seed 4): seat 0's Double chip lies on white's first column
    s = position(mine=(1, 4, 5, 6), theirs=(1, 1, 3, 6, 6), white=[col(4, 1, (4, 4)), col(3, 2), col(2, 1)],
                 die=(3, 1), used=(0, EXCHANGE | STACK), chips=(DOUBLE, DOUBLE))
    s.chip_at[0] = (WHITE, 0, 1)
    old = past_hard(INFO, "0.1")
    for state in (s, RULES.observe(s, 0)):
        as_dealt = {}
        for m in RULES.legal_moves(state):
            after = RULES.copy(state)
            RULES.apply(after, m)
            as_dealt[m] = ai.evaluate(after, 0) - (ai.PASS_TIE_BREAK if type(m) is Exchange and m.give == m.take else 0)
        assert old.candidates(state, 99) == sorted(as_dealt, key=lambda m: -as_dealt[m])
        assert old.candidates(state, 99) != INFO.candidates(state, 99)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_hard_completes_its_own_line(seed):
    five = [col(5, 1), col(6, 2), col(5, 1), col(4, 2), col(3, 1)]
    s = position(mine=(2, 2, 6, 6), theirs=(1, 3, 3), white=five, die=(4, 4))
    view = RULES.observe(s, 0)
    move = make_agent(INFO, "hard", iterations=40).choose(RULES, view, 0, random.Random(seed))
    assert type(move) is Place and move.line == WHITE
    t = RULES.play(s, move)
    assert t.phase == OVER and t.winner == 0


def _positions(seeds: range) -> list:
    """Views of every position of a few games half random, half Medium-like."""
    out = []
    for seed in seeds:
        rng = random.Random(seed)
        s = RULES.setup({}, 2, seed)
        while not RULES.is_over(s):
            if s.phase >= DRAW:
                out += [RULES.observe(s, seat) for seat in (0, 1)]
            view = RULES.observe(s, s.current)
            s = RULES.play(s, RULES.random_move(s, rng) if rng.random() < 0.5 else ai.greedy(view, rng, 0.0))
    return out


def test_the_fast_evaluation_is_medium_s_to_the_last_bit():
    for view in _positions(range(40)):
        for seat in (0, 1):
            assert fast_eval.evaluate(view, seat) == ai.evaluate(view, seat)


def _plain_hooks(seat: int):
    """Hard's judgements without the memory: its own side by the fitted valuation, the rival by Medium's."""
    def greedy(s, rng, noise=0.0):
        return ai.greedy(s, rng, noise, judge=fitted.evaluate if s.current == seat else ai.evaluate)
    return replace(INFO, evaluate=fitted.evaluate, greedy=greedy,
                   candidates=lambda s, k: ai.candidates(s, k, judge=fitted.evaluate))


def test_hard_searches_its_turns_as_the_shared_search_would_on_the_plain_hooks():
    """The remembered hooks change the time a move takes, not the move: on an iteration cap Hard's turn
    is the shared search's move on the plain judgements."""
    config = replace(make_agent(INFO, "hard", iterations=30).config, searcher=None)
    views = [v for v in _positions(range(3)) if v.phase == ACT and v.current == v.observer][::5]
    assert len(views) >= 5
    for i, view in enumerate(views):
        seat = view.current
        plain = ismcts(_plain_hooks(seat), view, seat, random.Random(i), config)
        assert hard.choose(INFO, view, seat, random.Random(i), config) == plain


def test_the_rival_s_replies_in_hard_s_playouts_are_medium_s_moves_and_its_own_are_the_fitted_ones():
    """The search models Medium exactly (the rival's reply is Medium's move on the same table, tie-break
    included) and plays its own side by the fitted valuation, which chooses otherwise now and then."""
    rng = random.Random(9)
    differ = 0
    for view in [v for v in _positions(range(8)) if v.phase == ACT]:
        full = RULES.sample(view, view.observer, rng)
        mover = full.current
        for s in (view, full):
            seed = rng.random()
            rival_hooks = hard.search_hooks(INFO, 1 - mover)
            assert rival_hooks.greedy(s, random.Random(seed)) == ai.greedy(s, random.Random(seed))
            own = hard.search_hooks(INFO, mover).greedy(s, random.Random(seed))
            assert own == ai.greedy(s, random.Random(seed), judge=fitted.evaluate)
            differ += own != ai.greedy(s, random.Random(seed))
    assert differ >= 3


def test_the_fitted_valuation_is_a_chance_exact_at_the_end_and_the_same_from_either_side():
    judge = fast_eval.remembering(fitted.evaluate)
    for view in _positions(range(20)):
        for seat in (0, 1):
            v = fitted.evaluate(view, seat)
            assert 0.0 <= v <= 1.0 and judge(view, seat) == v
        assert fitted.evaluate(view, 0) + fitted.evaluate(view, 1) == pytest.approx(1.0)
    for seed in range(6):
        rng = random.Random(seed)
        s = RULES.setup({}, 2, seed)
        while not RULES.is_over(s):
            s = RULES.play(s, ai.greedy(RULES.observe(s, s.current), rng, 0.0))
        assert [fitted.evaluate(s, seat) for seat in (0, 1)] == [RULES.outcome(s).reward(seat) for seat in (0, 1)]


def test_remembered_values_are_the_evaluation_s_for_views_and_determinisations():
    """One memory across many games' positions (and full states with a deck order) must never hand
    back a value remembered for another position."""
    judge = fast_eval.remembering()
    rng = random.Random(4)
    for view in _positions(range(30)):
        full = RULES.sample(view, view.observer, rng)
        for s in (view, full, view):
            for seat in (1, 0):
                assert judge(s, seat) == ai.evaluate(s, seat)


def test_positions_that_differ_only_in_spent_actions_or_the_chip_are_remembered_apart():
    judge = fast_eval.remembering()
    line = [col(4, 1), col(5, 2)]
    twins = [position(mine=(2, 6, 6), theirs=(1, 3, 3), white=line, used=used) for used in ((0, 0), (REDRAW, 0),
                                                                                             (0, EXCHANGE | STACK))]
    chipped = position(mine=(2, 6, 6), theirs=(1, 3, 3), white=line)
    chipped.chip_at = [(0, 1, 1), None]
    for s in twins + [chipped]:
        assert judge(s, 0) == ai.evaluate(s, 0)
    assert len({judge(s, 0) for s in twins + [chipped]}) == 4
