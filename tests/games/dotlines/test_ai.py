"""The Dot Lines AI: its hooks give legal moves, it reads only its view, and it sees the races."""
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from hexgames import games
from hexgames.ai.agents import make_agent
from hexgames.games.dotlines import ai
from hexgames.games.dotlines.rules import (
    ACT, BLACK, DOUBLE, DRAW, EXCHANGE, INVERTER, OVER, REDRAW, STACK, WHITE, Exchange, Place, Redraw, Stack,
)
from tests.games.dotlines.boards import RULES, col, position

INFO = games.get("dotlines")


def _state_after(seed: int, steps: int):
    rng = random.Random(seed)
    s = RULES.setup({}, 2, seed)
    for _ in range(steps):
        if RULES.is_over(s):
            break
        RULES.apply(s, RULES.random_move(s, rng))
    return s


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 40))
def test_hooks_return_legal_moves_and_values_in_range(seed, steps):
    s = _state_after(seed, steps)
    for seat in (0, 1):
        assert 0.0 <= ai.evaluate(s, seat) <= 1.0
    if RULES.is_over(s):
        assert ai.evaluate(s, s.winner if s.winner >= 0 else 0) in (0.5, 1.0)
        return
    view = RULES.observe(s, s.current)
    rng = random.Random(seed)
    legal = set(RULES.legal_moves(s))
    assert ai.greedy(view, rng, 0.0) in legal
    assert ai.greedy(view, rng, 0.3) in legal
    assert ai.policy(s, rng) in legal
    cands = ai.candidates(view, 5)
    assert cands and set(cands) <= legal and len(cands) <= 5


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 40))
def test_greedy_reads_only_what_the_mover_may_see(seed, steps):
    s = _state_after(seed, steps)
    if RULES.is_over(s):
        return
    seat = s.current
    view = RULES.observe(s, seat)
    twin = RULES.sample(view, seat, random.Random(seed + 1))  # another deck order, removed tile, hand
    picks = {ai.greedy(RULES.observe(x, seat), random.Random(5), 0.0) for x in (s, twin)}
    assert len(picks) == 1
    assert ai.evaluate(RULES.observe(s, seat), seat) == ai.evaluate(RULES.observe(twin, seat), seat)


def test_zero_sum_evaluation():
    s = _state_after(3, 20)
    assert abs(ai.evaluate(s, 0) + ai.evaluate(s, 1) - 1.0) < 1e-9


def test_greedy_empties_the_hand_to_win():
    s = position(mine=(4, 4), theirs=(1, 2, 3), die=(3, 5))
    move = ai.greedy(s, random.Random(0), 0.0)
    assert type(move) is Place and move.plain + move.chip == 2
    t = RULES.play(s, move)
    assert t.phase == OVER and t.winner == 0


def test_greedy_completes_its_own_line():
    five = [col(5, 1), col(6, 2), col(5, 1), col(4, 2), col(3, 1)]
    s = position(mine=(2, 2, 6, 6), theirs=(1, 3, 3), white=five, die=(4, 4))
    move = ai.greedy(s, random.Random(0), 0.0)
    assert type(move) is Place and move.line == WHITE
    t = RULES.play(s, move)
    assert t.ending == "B" and t.winner == 0


def test_greedy_does_not_give_the_opponent_their_sixth_column():
    five = [col(5, 1), col(6, 2), col(5, 1), col(4, 2), col(3, 1)]
    # seat 0 could place two 2s on black (the opponent's line: they would win by B) or one 3 at home
    s = position(mine=(2, 2, 3, 6), theirs=(1, 1, 5), black=five, die=(4, 4))
    move = ai.greedy(s, random.Random(0), 0.0)
    assert not (type(move) is Place and move.line == BLACK)


def test_the_evaluation_sees_the_next_players_winning_draws():
    # seat 1 (to draw next) wins at once with a 2 on their five-column line; more 2s unseen = worse for 0
    five = [col(5, 1), col(6, 2), col(5, 1), col(4, 2), col(3, 1)]
    s = position(mine=(6, 6), theirs=(2, 5), black=five, die=(4, 4), phase=DRAW, current=1)
    win, stuck, _ = ai.turn_chances(s, 1, False, ai.unseen_counts(s))
    assert win == 1.0 and stuck == 0.0
    assert ai.evaluate(s, 0) < 0.05


def test_unused_actions_are_worth_something():
    fresh = position(mine=(2, 5), theirs=(6, 1))
    spent = position(mine=(2, 5), theirs=(6, 1), used=(REDRAW | EXCHANGE | STACK, 0))
    assert ai.standing(fresh, 0) > ai.standing(spent, 0)


def test_greedy_keeps_its_last_action_when_a_placement_takes_the_same_tiles():
    # seat 0 (white) has only Stack left; its two 2s can make a new home column (2x2 after 1x3) or be
    # stacked on the 2x2 column: the same tiles leave the hand either way, so spending the last way out
    # of a dead end is a waste (the old weights did it; most games lost to a careless player end by D)
    home = [col(1, 1), col(2, 2), col(1, 3)]
    theirs_line = [col(5, 1, (2, 5)), col(6, 2), col(5, 3, (5, 5))]
    s = position(mine=(2, 2, 3, 4, 6), theirs=(1, 2, 4), white=home, black=theirs_line, die=(2, 6),
                 used=(REDRAW | EXCHANGE, REDRAW | EXCHANGE | STACK), chips=(INVERTER, DOUBLE))
    s.chip_at = [(BLACK, 0, 0), (BLACK, 2, 1)]
    assert set(RULES.legal_moves(s)) == {Place(WHITE, 2, 2, 0), Stack(WHITE, 1, 2, 0)}
    assert ai.greedy(s, random.Random(0), 0.0) == Place(WHITE, 2, 2, 0)


def test_the_last_unused_action_is_worth_the_most():
    def worth(used):
        return ai.standing(position(mine=(2, 5), theirs=(6, 1), used=(used, 0)), 0)

    none, one, two = worth(REDRAW | EXCHANGE | STACK), worth(REDRAW | EXCHANGE), worth(REDRAW)
    assert one - none > two - one > 0


FIVE = [col(5, 1), col(6, 2), col(5, 1), col(4, 2), col(3, 1)]


def test_an_equal_exchange_passes_when_every_placement_loses():
    # seat 0's 2s fit only black, as its 6th column (seat 1 would win by B); Redraw and Stack are
    # spent and both hands hold only 2s: the Exchange of a 2 for a 2 keeps the game going (seat 1 wins
    # next only if it draws a 2)
    s = position(mine=(2, 2, 2), theirs=(2,), black=FIVE, die=(6, 4), used=(REDRAW | STACK, 0))
    assert set(RULES.legal_moves(s)) == {Place(BLACK, 2, 2, 0), Place(BLACK, 2, 0, 1), Exchange(2, 2)}
    assert ai.greedy(s, random.Random(0), 0.0) == Exchange(2, 2)


def test_medium_does_not_spend_its_exchange_on_equal_values_when_it_has_better():
    s = position(mine=(4, 4, 3, 1), theirs=(3, 1, 6), die=(3, 5))
    assert Exchange(3, 3) in RULES.legal_moves(s)
    assert type(ai.greedy(s, random.Random(0), 0.0)) is Place


def test_an_equal_exchange_loses_every_tie(monkeypatch):
    # in a won position every move rates 1.0 (seen in the arena: the opponent stuck whatever seat 0
    # does); the equal exchanges, passes that spend the action, are never picked among equals
    monkeypatch.setattr(ai, "evaluate", lambda s, seat: 1.0)
    s = position(mine=(1, 1, 5, 6), theirs=(1, 2, 4, 6), white=[col(4, 1)], die=(5, 1))
    assert {Exchange(1, 1), Exchange(6, 6)} <= set(RULES.legal_moves(s))
    picks = {ai.greedy(s, random.Random(seed), 0.0) for seed in range(60)}
    assert len(picks) > 5 and not [m for m in picks if type(m) is Exchange and m.give == m.take]


def _redraw_values(s):
    return {m: v for v, m in ai.ranked_moves(s) if type(m) is Redraw}


def test_a_redraw_is_judged_over_the_tiles_it_may_bring_whatever_the_deck_order():
    # seat 0 holds a 1 and a 6 that fit nowhere (its line ends on 3, seat 1's on 4); what a Redraw
    # brings decides its worth. On its view the deck is blanks: Medium judged the blank drawn as a
    # tile of no value (the hand grew by two), and on a determinisation by whichever tile was on top
    s = position(mine=(1, 6, 3, 3), theirs=(2, 5, 5), white=[col(4, 1)], black=[col(5, 2)], die=(3, 4))
    on_top = {}
    for top in (2, 5):
        full = RULES.copy(s)
        full.deck.remove(top)
        full.deck.append(top)
        on_top[top] = _redraw_values(full)
    view = _redraw_values(RULES.observe(s, 0))
    assert set(view) == {Redraw(1), Redraw(6), Redraw(3)}
    assert on_top[2] == on_top[5] == view
    left = [0] + [len([t for t in s.deck if t == v]) + (s.removed == v) for v in range(1, 7)]
    expected = 0.0
    for v in range(1, 7):
        after = RULES.copy(s)
        after.deck[-1] = v
        RULES.apply(after, Redraw(6))
        expected += left[v] * ai.evaluate(after, 0) / sum(left)
    assert abs(view[Redraw(6)] - expected) < 1e-12


def _score_against(level: str, other: str, games: int, seed0: int = 100) -> float:
    """Points of `level` against `other` over seeded games, each seat in turn."""
    agents = {lv: make_agent(INFO, lv, iterations=60 if lv == "hard" else None) for lv in (level, other)}
    total = 0.0
    for g in range(games):
        seed = seed0 + g
        s = RULES.setup({}, 2, seed)
        rng = random.Random(seed)
        me = g % 2
        while not RULES.is_over(s):
            seat = s.current
            agent = agents[level if seat == me else other]
            s = RULES.play(s, agent.choose(RULES, RULES.observe(s, seat), seat, rng))
        total += RULES.outcome(s).reward(me)
    return total


def test_medium_beats_random_play():
    assert _score_against("medium", "random", 30) >= 30 * 0.75


def test_hard_returns_legal_moves_on_an_iteration_cap():
    agent = make_agent(INFO, "hard", iterations=40)
    s = _state_after(7, 12)
    while s.phase != ACT:
        RULES.apply(s, RULES.random_move(s, random.Random(1)))
    seat = s.current
    move = agent.choose(RULES, RULES.observe(s, seat), seat, random.Random(2))
    assert RULES.check(s, move) is None
