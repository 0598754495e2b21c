"""The Clans AI: it reads only its view, its beliefs are probabilities, and its hooks give legal moves."""
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hexgames import games
from hexgames.games.clans import ai, heuristics
from hexgames.games.clans.rules import ClansRules, colour_beliefs

RULES: ClansRules = games.get("clans").rules


def _midgame(seats: int, seed: int, moves: int):
    rng = random.Random(seed)
    s = RULES.setup({}, seats, seed)
    for _ in range(moves):
        if RULES.is_over(s):
            break
        seat = RULES.to_move(s)
        s = RULES.play(s, ai.greedy(RULES.observe(s, seat), rng, 0.0))
    return s


@settings(max_examples=15, deadline=None)
@given(seats=st.integers(2, 4), seed=st.integers(0, 10**5), moves=st.integers(0, 25))
def test_beliefs_are_distributions_that_know_only_the_own_colour(seats, seed, moves):
    s = _midgame(seats, seed, moves)
    if RULES.is_over(s):
        return
    seat = RULES.to_move(s)
    beliefs = colour_beliefs(RULES.observe(s, seat), seat)
    own = s.colour_of[seat]
    assert beliefs[seat][own] == pytest.approx(1.0)
    for i, row in enumerate(beliefs):
        assert sum(row) == pytest.approx(1.0)
        assert all(-1e-9 <= p <= 1.0 + 1e-9 for p in row)
        if i != seat:
            assert row[own] == pytest.approx(0.0)


@settings(max_examples=10, deadline=None)
@given(seats=st.integers(3, 4), seed=st.integers(0, 10**5), moves=st.integers(0, 20))
def test_the_choice_is_the_same_whoever_holds_the_hidden_colours(seats, seed, moves):
    s = _midgame(seats, seed, moves)
    if RULES.is_over(s):
        return
    seat = RULES.to_move(s)
    other = RULES.copy(s)
    hidden = [i for i in range(seats) if i != seat]
    colours = list(s.colour_of)
    colours[hidden[0]], colours[hidden[1]] = colours[hidden[1]], colours[hidden[0]]
    other.colour_of = tuple(colours)
    a, b = RULES.observe(s, seat), RULES.observe(other, seat)
    assert RULES.fingerprint(a) == RULES.fingerprint(b)
    assert ai.greedy(a, random.Random(1), 0.0) == ai.greedy(b, random.Random(1), 0.0)
    assert ai.evaluate(a, seat) == ai.evaluate(b, seat)


@settings(max_examples=10, deadline=None)
@given(seats=st.integers(2, 4), seed=st.integers(0, 10**5), moves=st.integers(0, 30))
def test_hooks_return_legal_moves_and_evaluate_stays_in_range(seats, seed, moves):
    s = _midgame(seats, seed, moves)
    if RULES.is_over(s):
        return
    seat = RULES.to_move(s)
    view = RULES.observe(s, seat)
    legal = set(RULES.legal_moves(s))
    rng = random.Random(seed)
    assert ai.greedy(view, rng, 0.0) in legal
    assert ai.greedy(view, rng, 0.15) in legal
    cands = ai.candidates(view, 5)
    assert cands and set(cands) <= legal and len(cands) == min(5, len(legal))
    det = RULES.sample(view, seat, rng)
    assert ai.policy(det, rng) in legal
    for i in range(seats):
        assert 0.0 <= ai.evaluate(view, i) <= 1.0


def test_shared_gain_tables_match_one_move_at_a_time():
    s = _midgame(3, 7, 15)
    table = heuristics.all_move_gains(s, RULES.legal_moves(s))
    for move, gains, founded in table:
        single, single_founded = heuristics.move_gains(s, move.src, move.dst)
        assert founded == single_founded
        assert gains == pytest.approx(single)


def test_inference_beats_chance_against_greedy_players():
    hits = total = 0
    for seed in range(6):
        s = _midgame(3, seed, 20)
        for seat in range(3):
            beliefs = colour_beliefs(RULES.observe(s, seat), seat)
            for other in range(3):
                if other != seat:
                    total += 1
                    hits += max(range(5), key=beliefs[other].__getitem__) == s.colour_of[other]
    assert hits / total > 0.5  # chance is 1 in 4


def test_a_move_that_completes_a_village_of_my_colour_is_preferred():
    from .boards import huts, isolated_pair, make_state

    area, nb = isolated_pair("steppe")
    far, far_nb = next((a, b) for a in range(60) for b in RULES.map.neighbours[a]
                       if {a, b}.isdisjoint({area, nb}) and not set(RULES.map.neighbours[a]) & {area, nb}
                       and not set(RULES.map.neighbours[b]) & {area, nb})
    s = make_state({area: huts(red=3), nb: huts(red=1), far: huts(blue=1), far_nb: huts(blue=1)},
                   seats=2, colours=(4, 2))
    move = ai.greedy(RULES.observe(s, 0), random.Random(0), 0.0)
    assert {move.src, move.dst} == {area, nb}
