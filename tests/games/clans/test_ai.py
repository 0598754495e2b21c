"""The Clans AI: it reads only its view, its beliefs are probabilities, and its hooks give legal moves."""
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hexgames import games
from hexgames.games.clans import ai, beliefs, heuristics
from hexgames.games.clans.beliefs import colour_beliefs
from hexgames.games.clans.rules import ClansRules

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


def test_the_rules_deal_hidden_colours_uniformly_whatever_the_moves_suggest():
    s = _midgame(4, 3, 20)
    seat = RULES.to_move(s)
    view = RULES.observe(s, seat)
    rng = random.Random(5)
    counts: dict[tuple, int] = {}
    draws = 4800
    for _ in range(draws):
        deal = RULES.sample(view, seat, rng).colour_of
        counts[deal] = counts.get(deal, 0) + 1
    assert len(counts) == 24  # 4 free colours for 3 hidden seats
    expected = draws / 24
    chi2 = sum((n - expected) ** 2 / expected for n in counts.values())
    assert chi2 < 60  # 23 degrees of freedom: 60 is far beyond p = 0.001
    # the AI's determinisations, by contrast, follow its beliefs about how each seat has moved
    ai_counts: dict[tuple, int] = {}
    for _ in range(600):
        deal = beliefs.determinise(view, seat, rng).colour_of
        ai_counts[deal] = ai_counts.get(deal, 0) + 1
    assert max(ai_counts.values()) > 600 / 24 * 4


def test_evidence_replayed_after_undo_equals_a_fresh_replay():
    s = _midgame(3, 9, 24)
    late = RULES.observe(s, 0)
    beliefs.evidence(late)
    early = RULES.copy(late)
    del early.history[12:]  # only the history matters to the evidence
    cut = beliefs.evidence(early)
    beliefs._TRACKS.clear()
    assert beliefs.evidence(early) == cut
    assert beliefs.evidence(late) != cut


def test_search_draws_its_determinisations_from_the_game_hook():
    import dataclasses

    from hexgames.ai.search import SearchConfig, ismcts

    calls = []

    def recording(view, seat, rng):
        calls.append(seat)
        return beliefs.determinise(view, seat, rng)

    info = dataclasses.replace(games.get("clans"), determinise=recording)
    s = _midgame(3, 2, 6)
    seat = RULES.to_move(s)
    move = ismcts(info, RULES.observe(s, seat), seat, random.Random(1),
                  SearchConfig(budget=None, iterations=30, root="halving", top_k=4, playout_depth=2))
    assert move in RULES.legal_moves(s)
    assert len(calls) >= 3 and set(calls) == {seat}


def test_what_the_ai_remembers_stays_within_its_bounds_game_after_game(monkeypatch):
    """An arena plays game after game in one process: the positions' gains and the games' replays
    kept are the most recent few, and a position met again after it was let go gives the same table."""
    from hexgames.core.caches import BoundedCache

    monkeypatch.setattr(heuristics, "_GAINS_CACHE", BoundedCache(6))
    monkeypatch.setattr(beliefs, "_TRACKS", BoundedCache(2))
    first = _midgame(2, 1, 3)
    table = heuristics.gains_table(first)
    for seed in range(2, 6):  # four more games, a few moves each
        _midgame(2, seed, 4)
        assert len(heuristics._GAINS_CACHE) <= 6 and len(beliefs._TRACKS) <= 2
    again = heuristics.gains_table(first)
    assert again == table and again is not table  # made again, the same
