"""Ingenious AI heuristics: legal, hidden-information-blind, and sensible on hand-built positions."""
from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

from hexgames.games import get
from hexgames.games.ingenious import ai
from hexgames.games.ingenious.rules import (
    BLUE, GREEN, ORANGE, PURPLE, RED, YELLOW, IngeniousRules, Place, Swap,
)

R = IngeniousRules()
SETUPS = [({"mode": "solo"}, 1), ({"mode": "solo", "solo": "solitaire"}, 1), ({"mode": "standard"}, 2),
          ({"mode": "standard"}, 3), ({"mode": "team"}, 4)]


def midgame(options, seats, seed, steps):
    rng = random.Random(seed)
    s = R.setup(options, seats, seed)
    for _ in range(steps):
        if R.is_over(s):
            break
        R.apply(s, R.random_move(s, rng))
    return s


def test_registry_exposes_the_hooks():
    info = get("ingenious")
    assert info.rules.id == "ingenious"
    assert info.evaluate is ai.evaluate and info.greedy is ai.greedy
    assert info.candidates is ai.candidates and info.policy is ai.policy
    assert [m.id for m in info.modes] == ["standard", "team", "solo"]
    assert info.resolve_options({"mode": "solo"}, 1) == {"mode": "solo", "swap_rule": "seed", "solo": "rack"}
    assert info.scene_path == "hexgames.games.ingenious.scene:IngeniousScene"


def test_track_value_prefers_raising_the_lowest_colour():
    assert ai.track_value([3, 8, 8, 8, 8, 8]) > ai.track_value([2, 8, 8, 8, 8, 12])
    assert ai.track_value([5, 5, 5, 5, 5, 5]) > ai.track_value([0, 6, 6, 6, 6, 6])  # same total, balanced


def test_evaluate_is_zero_sum_in_two_player_and_tracks_the_lead():
    s = R.setup({"mode": "standard"}, 2, 1)
    assert abs(ai.evaluate(s, 0) + ai.evaluate(s, 1) - 1.0) < 1e-12
    assert abs(ai.evaluate(s, 0) - 0.5) < 0.1  # only the racks differ at the start
    s.scores[0] = [4, 5, 6, 7, 8, 9]
    assert ai.evaluate(s, 0) > 0.5 > ai.evaluate(s, 1)
    assert 0.0 <= ai.evaluate(s, 1) <= 1.0


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(SETUPS), st.integers(0, 2**20), st.integers(0, 90))
def test_hooks_return_legal_moves_and_values_in_range(setup, seed, steps):
    options, seats = setup
    s = midgame(options, seats, seed, steps)
    for seat in range(seats):
        assert 0.0 <= ai.evaluate(s, seat) <= 1.0
    if R.is_over(s):
        return
    rng = random.Random(seed)
    legal = set(R.legal_moves(s))
    assert ai.greedy(s, rng, 0.0) in legal
    assert ai.greedy(s, rng, 1.0) in legal
    assert ai.policy(s, rng) in legal
    top = ai.candidates(s, 5)
    assert top and set(top) <= legal and len(top) == len(set(top)) <= 5


@settings(max_examples=15, deadline=None)
@given(st.sampled_from(SETUPS[2:]), st.integers(0, 2**20), st.integers(0, 60))
def test_greedy_reads_only_what_the_mover_may_see(setup, seed, steps):
    s = midgame(*setup, seed, steps)
    if R.is_over(s):
        return
    seat = s.current
    view = R.observe(s, seat)
    twin = R.sample(view, seat, random.Random(seed + 1))
    picks = {ai.greedy(x, random.Random(5), 0.0) for x in (s, view, twin)}
    assert len(picks) == 1
    assert ai.candidates(s, 4) == ai.candidates(twin, 4)


@settings(max_examples=15, deadline=None)
@given(st.sampled_from(SETUPS), st.integers(0, 2**20), st.integers(0, 60))
def test_heuristic_gains_match_the_rules_scoring(setup, seed, steps):
    s = midgame(*setup, seed, steps)
    if s.phase not in ("place", "bonus"):
        return
    track = s.scores[s.track_of(s.current)]
    base = ai.track_value(track)
    for value, move in ai.scored_placements(s)[::7]:
        gains = R.raw_gains(s, move)
        ca, cb = move.tile
        gb = gains[cb] if ca != cb else 0  # a double's points are all in gains[ca]
        expected = ai._move_value(s, track, base, ca, gains[ca], cb, gb)
        assert abs(value - expected) < 1e-9


def test_greedy_feeds_the_lowest_colour():
    s = R.setup({"mode": "standard"}, 2, 3)
    s.placed = [True, True]
    seat = s.current
    s.scores[seat] = [2, 9, 9, 9, 9, 9]  # red lags
    R.put(s, {(0, -1): RED, (0, -2): RED, (2, -1): BLUE, (2, -2): BLUE, (2, -3): BLUE})
    s.bag.extend(s.racks[seat])
    s.racks[seat] = [(RED, YELLOW), (GREEN, BLUE)]
    for t in s.racks[seat]:
        s.bag.remove(t)
    move = ai.greedy(s, random.Random(0), 0.0)
    assert move.tile == (RED, YELLOW)
    assert R.score_preview(s, move)[RED] >= 2


def test_greedy_goes_for_a_bonus():
    s = R.setup({"mode": "standard"}, 2, 3)
    s.placed = [True, True]
    seat = s.current
    s.scores[seat] = [5, 5, 5, 5, 17, 5]  # one yellow point from a bonus placement
    R.put(s, {(-2, 0): YELLOW, (3, 0): ORANGE})
    s.bag.extend(s.racks[seat])
    s.racks[seat] = [(YELLOW, YELLOW), (PURPLE, PURPLE)]
    for t in s.racks[seat]:
        s.bag.remove(t)
    move = ai.greedy(s, random.Random(0), 0.0)
    assert R.score_preview(s, move)[YELLOW] >= 1


def test_greedy_swaps_when_the_rack_cannot_help_the_lowest_colour():
    s = R.setup({"mode": "standard"}, 2, 3)
    s.phase = "swap"
    assert ai.greedy(s, random.Random(0), 0.0) == Swap(True)
    assert ai.candidates(s, 2) == [Swap(True), Swap(False)]


def _reward_against_random(choose, games: int) -> float:
    """Total reward of `choose(state, rng)` against random play, alternating who starts."""
    reward = 0.0
    for seed in range(games):
        rng = random.Random(seed)
        s = R.setup({"mode": "standard"}, 2, seed)
        seat = seed % 2
        while not R.is_over(s):
            R.apply(s, choose(s, rng) if s.current == seat else R.random_move(s, rng))
        reward += R.outcome(s).reward(seat)
    return reward


def test_greedy_beats_random_play():
    assert _reward_against_random(lambda s, rng: ai.greedy(s, rng, 0.0), 6) >= 6 - 1


def test_policy_beats_random_play():
    assert _reward_against_random(ai.policy, 10) >= 10 * 0.7


def test_candidates_are_ordered_best_first():
    s = midgame({"mode": "standard"}, 2, 4, 20)
    if s.phase == "swap":
        R.apply(s, Swap(False))
    values = {m: v for v, m in ai.scored_placements(s)}
    top = ai.candidates(s, 10)
    assert [values[m] for m in top] == sorted((values[m] for m in top), reverse=True)
    assert values[top[0]] == max(values.values())
    assert all(isinstance(m, Place) for m in top)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(SETUPS), st.integers(0, 2**20), st.integers(0, 80))
def test_greedy_takes_a_best_valued_placement_of_the_full_list(setup, seed, steps):
    s = midgame(*setup, seed, steps)
    if s.phase not in ("place", "bonus"):
        return
    values = {m: v for v, m in ai.scored_placements(s)}
    assert set(values) == set(R.legal_moves(s))  # every placement ranked, nothing else
    move = ai.greedy(s, random.Random(seed), 0.0)
    assert values[move] >= max(values.values()) - 1e-9


def test_evaluate_values_a_rack_that_can_feed_the_lowest_colour():
    s = R.setup({"mode": "standard"}, 2, 3)
    s.placed = [True, True]
    seat = s.current
    other = 1 - seat
    s.scores[seat] = [2, 9, 9, 9, 9, 9]  # red lags
    s.scores[other] = [6, 9, 9, 9, 9, 9]
    R.put(s, {(0, -1): RED, (0, -2): RED, (0, -3): RED})  # an open red line of three
    feeding, starving = R.copy(s), R.copy(s)
    feeding.racks[seat] = [(RED, YELLOW)] + [(GREEN, BLUE)] * 5
    starving.racks[seat] = [(GREEN, YELLOW)] + [(GREEN, BLUE)] * 5
    assert ai.evaluate(feeding, seat) > ai.evaluate(starving, seat)
    # the seat to move counts its rack more than a seat that must wait for its turn
    waiting = R.copy(feeding)
    waiting.current = other
    assert ai.evaluate(feeding, seat) > ai.evaluate(waiting, seat)


def test_candidates_keep_distinct_ideas():
    s = midgame({"mode": "standard"}, 2, 11, 24)
    if s.phase == "swap":
        R.apply(s, Swap(False))
    values = {m: v for v, m in ai.scored_placements(s)}
    top = ai.candidates(s, 8)
    assert len(top) == len(set(top)) == 8 and set(top) <= set(values)
    ideas = [(m.tile, round(values[m], 6)) for m in top]
    assert max(ideas.count(i) for i in ideas) <= ai.SAME_OUTCOME_KEEP
    assert values[top[0]] == max(values.values())
    kept = [values[m] for m in top]
    assert kept == sorted(kept, reverse=True)


def test_hard_looks_five_greedy_plies_ahead_and_hard_01_three():
    """Hard's playouts: five Medium-like plies then `evaluate`; `hard-0.1` keeps version 0.1's three,
    so the arena still measures today's Hard against it."""
    from hexgames.ai.agents import make_agent

    info = get("ingenious")
    hard = make_agent(info, "hard", iterations=5).config
    past = make_agent(info, "hard-0.1", iterations=5).config
    assert (hard.top_k, hard.greedy_plies, hard.playout_depth, hard.root) == (12, 5, 5, "halving")
    assert (past.top_k, past.greedy_plies, past.playout_depth, past.root) == (12, 3, 3, "halving")
