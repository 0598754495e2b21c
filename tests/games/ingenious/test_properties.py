"""Ingenious invariants over random legal play (hypothesis chooses seeds and how far to play)."""
from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from hexgames import games
from hexgames.core import hexgrid, saves
from hexgames.core.match import Seat
from hexgames.core.protocol import IllegalMove
from hexgames.games import new_match
from hexgames.games.ingenious.rules import (
    HEX_OF, START_CELLS, IngeniousRules, Place, Swap, count_empty_pairs, full_bag,
)

R = IngeniousRules()
SETUPS = [({"mode": "solo", "solo": "rack"}, 1), ({"mode": "solo", "solo": "solitaire"}, 1),
          ({"mode": "standard"}, 2), ({"mode": "standard", "swap_rule": "official"}, 2),
          ({"mode": "standard"}, 3), ({"mode": "standard"}, 4), ({"mode": "team"}, 4)]
setups = st.sampled_from(SETUPS)
seeds = st.integers(0, 2**32)


def tiles_in_play(s) -> Counter:
    """Bag + racks + the tiles on the board (as colour counts; a tile's halves are 2 cells)."""
    held = Counter()
    for tile in s.bag + [t for r in s.racks for t in r]:
        held[tile[0]] += 1
        held[tile[1]] += 1
    on_board = Counter(v for c, v in enumerate(s.cells) if v >= 0 and c not in START_CELLS)
    return held + on_board


FULL = Counter(c for t in full_bag() for c in t)


def random_play(options, seats, seed, steps):
    rng = random.Random(seed)
    s = R.setup(options, seats, seed)
    states = [s]
    for _ in range(steps):
        if R.is_over(s):
            break
        s = R.play(s, R.random_move(s, rng))
        states.append(s)
    return states, rng


@settings(max_examples=30, deadline=None)
@given(setups, seeds, st.integers(0, 120))
def test_tiles_are_conserved_and_counts_stay_true(setup, seed, steps):
    states, _ = random_play(*setup, seed, steps)
    for s in states:
        assert tiles_in_play(s) == FULL
        assert len(s.bag) + sum(len(r) for r in s.racks) + (sum(1 for v in s.cells if v >= 0) - 6) // 2 == 120
        assert s.pairs == count_empty_pairs(s.cells, s.radius)
        assert all(len(r) <= 6 for r in s.racks)


@settings(max_examples=30, deadline=None)
@given(setups, seeds, st.integers(0, 120))
def test_scores_never_decrease_nor_pass_the_cap(setup, seed, steps):
    states, _ = random_play(*setup, seed, steps)
    for before, after in zip(states, states[1:]):
        for old, new in zip(before.scores, after.scores):
            assert all(o <= n <= after.cap for o, n in zip(old, new))
            if after.stop:
                assert all(not (o < after.stop < n) for o, n in zip(old, new))


@settings(max_examples=30, deadline=None)
@given(setups, seeds, st.integers(0, 60), st.data())
def test_illegal_moves_raise_and_change_nothing(setup, seed, steps, data):
    states, _ = random_play(*setup, seed, steps)
    s = states[-1]
    before = R.digest(s)
    legal = set(R.legal_moves(s))
    for _ in range(20):
        a = data.draw(st.sampled_from(HEX_OF))
        b = data.draw(st.sampled_from(HEX_OF))
        tile = (data.draw(st.integers(0, 5)), data.draw(st.integers(0, 5)))
        for move in (Place(tile, a, b), Swap(data.draw(st.booleans()))):
            reason = R.check(s, move)
            assert (reason is None) == (move in legal)
            if reason is not None:
                with pytest.raises(IllegalMove):
                    R.play(s, move)
    assert R.digest(s) == before


@settings(max_examples=30, deadline=None)
@given(setups, seeds, st.integers(0, 80))
def test_legal_moves_are_distinct_and_all_pass_check(setup, seed, steps):
    states, _ = random_play(*setup, seed, steps)
    s = states[-1]
    moves = R.legal_moves(s)
    assert len(moves) == len(set(moves))
    assert (len(moves) == 0) == R.is_over(s)
    for m in moves[:: max(1, len(moves) // 25)]:
        assert R.check(s, m) is None
        assert R.decode(R.encode(m)) == m


@settings(max_examples=30, deadline=None)
@given(setups, seeds, st.integers(0, 60), st.integers(0, 2**16))
def test_observe_hides_other_racks_bag_order_and_prng(setup, seed, steps, other_seed):
    options, seats = setup
    states, _ = random_play(options, seats, seed, steps)
    s = states[-1]
    for seat in range(seats):
        view = R.observe(s, seat)
        assert view.racks[seat] == s.racks[seat]
        assert all(view.racks[i] is None for i in range(seats) if i != seat)
        assert view.bag == [] and view.rng == 0 and view.bag_count == len(s.bag)
        assert Counter(view.unseen) == Counter(s.bag + [t for i, r in enumerate(s.racks) if i != seat for t in r])
        # another full state with the same view: the views cannot be told apart
        twin = R.sample(view, seat, random.Random(other_seed))
        assert R.fingerprint(R.observe(twin, seat)) == R.fingerprint(view)
        assert twin.cells == s.cells and twin.scores == s.scores and twin.racks[seat] == s.racks[seat]
        assert [len(r) for r in twin.racks] == [len(r) for r in s.racks]
        assert len(twin.bag) == len(s.bag)
        assert tiles_in_play(twin) == FULL


@settings(max_examples=15, deadline=None)
@given(setups, seeds, st.integers(0, 40))
def test_sampled_states_play_on_legally(setup, seed, steps):
    options, seats = setup
    states, rng = random_play(options, seats, seed, steps)
    s = states[-1]
    twin = R.sample(R.observe(s, s.current), s.current, random.Random(seed))
    for _ in range(30):
        if R.is_over(twin):
            break
        twin = R.play(twin, R.random_move(twin, rng))


@settings(max_examples=10, deadline=None)
@given(setups, seeds, st.integers(0, 80))
def test_saved_match_replays_to_the_same_digest(setup, seed, steps):
    options, seats = setup
    match = new_match("ingenious", [Seat("ai", "random", f"P{i}") for i in range(seats)], options, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if match.is_over:
            break
        match.play(R.random_move(match.state, rng))
    data = saves.match_to_dict(match)
    again = saves.match_from_dict(data, games.get)
    assert again.digest() == match.digest()
    path = saves.data_dir() / "ing.json"
    saves.write_save(match, path)
    assert saves.read_save(path, games.get).digest() == match.digest()


def test_undo_is_refused_across_a_refill_but_not_a_bonus_placement():
    match = new_match("ingenious", [Seat("human", None, "A"), Seat("human", None, "B")], {}, 11)
    s = match.state
    move = R.legal_moves(s)[0]
    assert R.reveals(s, move).key == "ingenious.undo_drawn"
    t = R.copy(s)
    t.phase, t.bonus_pending, t.placed = "bonus", 2, [True, True]
    bonus_move = next(m for m in R.legal_moves(t))
    assert R.reveals(t, bonus_move) is None


@pytest.mark.parametrize("options,seats", SETUPS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_seeded_self_play_ends_with_a_valid_outcome(options, seats, seed):
    rng = random.Random(seed)
    s = R.setup(options, seats, seed)
    for _ in range(1000):
        if R.is_over(s):
            break
        s = R.play(s, R.random_move(s, rng))
    assert R.is_over(s)
    full = max(min(t) for t in s.scores) >= s.cap
    assert s.pairs == 0 or full or not any(s.racks)
    out = R.outcome(s)
    assert len(out.ranks) == seats and min(out.ranks) == 0
    assert all(0 <= r < seats for r in out.ranks)
    assert out.scores == tuple(float(min(s.scores[s.track_of(i)])) for i in range(seats))
    if options["mode"] == "team":
        assert out.ranks[0] == out.ranks[2] and out.ranks[1] == out.ranks[3]
    assert R.digest(s) == R.digest(_replay(options, seats, seed))


def _replay(options, seats, seed):
    rng = random.Random(seed)
    s = R.setup(options, seats, seed)
    while not R.is_over(s):
        R.apply(s, R.random_move(s, rng))
    return s


@settings(max_examples=20, deadline=None)
@given(setups, seeds, st.integers(0, 8))
def test_first_round_targets_equal_a_brute_force_filter(setup, seed, steps):
    states, _ = random_play(*setup, seed, steps)
    s = states[-1]
    if R.is_over(s) or s.phase != "place":
        return
    empty = [c for c, v in enumerate(s.cells) if v == -1]
    tile = s.racks[s.current][0]
    targets = R.placement_targets(s, tile)
    legal = {(HEX_OF[a], HEX_OF[b]) for a in empty for b in empty if a != b and _adjacent_ok(s, a, b)}
    assert targets == legal


def _adjacent_ok(s, a, b):
    """Brute force: adjacent, and (first placement) touching an untaken start symbol only."""
    if hexgrid.distance(HEX_OF[a], HEX_OF[b]) != 1:
        return False
    if s.placed[s.current]:
        return True
    near = {i for i, sc in enumerate(START_CELLS) for c in (a, b)
            if hexgrid.distance(HEX_OF[c], HEX_OF[sc]) == 1}
    return bool(near) and all(s.touched[i] in (-1, s.current) for i in near)
