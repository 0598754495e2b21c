"""Invariants over random legal play (hypothesis), seeded self-play, and save/replay."""
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hexgames import games
from hexgames.core import saves
from hexgames.core.match import Seat
from hexgames.core.protocol import IllegalMove
from hexgames.games import new_match
from hexgames.games.clans import ai
from hexgames.games.clans.rules import ClansRules, Move, ScoreNext

RULES: ClansRules = games.get("clans").rules
ALL_PAIRS = [Move(a, b) for a in range(60) for b in range(60)]


def _random_game(seats: int, seed: int):
    """Yield every state of a random game, played through `play` (the checked path)."""
    rng = random.Random(seed)
    s = RULES.setup({}, seats, seed)
    yield s
    while not RULES.is_over(s):
        s = RULES.play(s, RULES.random_move(s, rng))
        yield s


@settings(max_examples=25, deadline=None)
@given(seats=st.integers(2, 4), seed=st.integers(0, 10**6))
def test_huts_are_conserved_villages_isolated_points_never_fall(seats, seed):
    previous = None
    for s in _random_game(seats, seed):
        assert s.huts_on_board + s.removed == 60
        assert all(sum(h) == n for h, n in zip(s.huts, s.size))
        for area, *_ in s.villages:
            assert not any(s.size[n] for n in RULES.map.neighbours[area])
        assert set(s.active).isdisjoint(s.village_areas())
        if previous is not None:
            assert all(a >= b for a, b in zip(s.points, previous.points))
            assert all(a >= b for a, b in zip(s.founded, previous.founded))
        previous = s
    assert s.villages_scored <= 12
    assert RULES.legal_moves(s) == []


@settings(max_examples=20, deadline=None)
@given(seats=st.integers(2, 4), seed=st.integers(0, 10**6), steps=st.integers(0, 40))
def test_observe_hides_every_other_players_colour(seats, seed, steps):
    states = list(_random_game(seats, seed))
    s = states[min(steps, len(states) - 2)]
    assert not RULES.is_over(s)
    for seat in range(seats):
        view = RULES.observe(s, seat)
        assert view.colour_of[seat] == s.colour_of[seat]
        assert all(c is None for i, c in enumerate(view.colour_of) if i != seat)
        assert view.huts == s.huts and view.points == s.points and view.founded == s.founded
        det = RULES.sample(view, seat, random.Random(seed))
        assert det.colour_of[seat] == s.colour_of[seat]
        assert sorted(set(det.colour_of)) == sorted(det.colour_of) and None not in det.colour_of
        assert RULES.legal_moves(det) == RULES.legal_moves(s)
    # the end reveals everyone
    assert RULES.observe(states[-1], 0).colour_of == states[-1].colour_of


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 45), pick=st.integers(0, 10**6))
def test_illegal_moves_raise_and_leave_the_state_unchanged(seed, steps, pick):
    states = list(_random_game(3, seed))
    s = states[min(steps, len(states) - 1)]
    legal = set(RULES.legal_moves(s))
    candidates = [m for m in ALL_PAIRS + [ScoreNext(a) for a in range(60)] if m not in legal]
    bad = candidates[pick % len(candidates)]
    before = RULES.digest(s)
    reason = RULES.check(s, bad)
    assert reason
    with pytest.raises(IllegalMove) as e:
        RULES.play(s, bad)
    assert e.value.reason == reason
    assert RULES.digest(s) == before


@given(st.one_of(st.builds(Move, st.integers(0, 59), st.integers(0, 59)),
                 st.builds(ScoreNext, st.integers(0, 59))))
def test_moves_round_trip_through_json(move):
    assert RULES.decode(RULES.encode(move)) == move
    assert type(RULES.decode(RULES.encode(move))) is type(move)


@pytest.mark.parametrize("bad", [[], ["move", 1], ["jump", 1, 2], ["score", "x"], "move", None])
def test_decoding_rubbish_is_refused(bad):
    with pytest.raises(ValueError):
        RULES.decode(bad)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_seeded_greedy_self_play_ends_validly(seats):
    for seed in range(3):
        rng = random.Random(seed)
        s = RULES.setup({}, seats, seed)
        while not RULES.is_over(s):
            seat = RULES.to_move(s)
            move = ai.greedy(RULES.observe(s, seat), rng, 0.1 if seat else 0.0)
            s = RULES.play(s, move)
        out = RULES.outcome(s)
        assert len(out.scores) == seats and min(out.ranks) == 0
        assert s.villages_scored == 12 or not s.active
        assert sum(out.scores) == sum(s.points[c] for c in s.colour_of) + sum(s.founded)
        assert sum(s.founded) == s.villages_scored


def test_a_saved_match_replays_to_the_same_digest(tmp_path):
    match = new_match("clans", [Seat.parse("human"), Seat.parse("medium", 1), Seat.parse("easy", 2)], {}, 11)
    rng = random.Random(11)
    for _ in range(30):
        match.play(RULES.random_move(match.state, rng))
    path = tmp_path / "clans.json"
    saves.write_save(match, path)
    loaded = saves.read_save(path, games.get)
    assert loaded.digest() == match.digest()
    assert loaded.state.colour_of == match.state.colour_of


def test_undo_always_works_in_clans():
    match = new_match("clans", [Seat.parse("human"), Seat.parse("human", 1)], {}, 4)
    rng = random.Random(4)
    for _ in range(5):
        match.play(RULES.random_move(match.state, rng))
    assert match.undo_refusal() is None
    before = match.rules.digest(match.states[-2])
    assert match.undo() is None
    assert match.digest() == before
