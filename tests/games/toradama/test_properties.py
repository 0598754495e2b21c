"""Invariants of Toradama over random games (hypothesis picks the seeds and the move choices)."""
import random

from hypothesis import given, settings, strategies as st

from hexgames.core.protocol import IllegalMove
from hexgames.games.toradama.board import CUBE, HIDDEN_CUBE
from hexgames.games.toradama.rules import ToradamaRules
from tests.games.toradama.positions import floating, tile_count

RULES = ToradamaRules()
OPTIONS = [{"mode": "standard", "cubes": "on", "target": 8}, {"mode": "standard", "cubes": "off", "target": 12},
           {"mode": "solo", "cubes": "on", "target": 8}]


def random_game(seed: int, option: int, max_moves: int = 400):
    """States and moves of one random game, through the checked path."""
    options = OPTIONS[option]
    seats = 1 if options["mode"] == "solo" else 2
    s = RULES.setup(options, seats, seed)
    rng = random.Random(seed)
    states, moves = [s], []
    while not RULES.is_over(s) and len(moves) < max_moves:
        m = RULES.random_move(s, rng)
        s = RULES.play(s, m)
        states.append(s)
        moves.append(m)
    return states, moves


games = st.tuples(st.integers(0, 10**6), st.integers(0, len(OPTIONS) - 1))


@settings(max_examples=25, deadline=None)
@given(games)
def test_every_tile_is_accounted_for_and_nothing_floats(game):
    states, _ = random_game(*game)
    for s in states:
        assert tile_count(s) == 66
        assert not floating(s.cells)
        assert all(0 <= n <= 2 for n in s.niku)
        assert len(s.pool) <= 3


@settings(max_examples=20, deadline=None)
@given(games, st.integers(0, 1))
def test_no_cube_face_shows_in_any_view(game, seat):
    states, _ = random_game(*game)
    for s in states[:: max(1, len(states) // 12)]:
        v = RULES.observe(s, min(seat, s.seats - 1))
        assert not any(CUBE <= c < HIDDEN_CUBE for c in v.cells)
        assert all(face == -1 for pile in v.cubes for face in pile)
        assert v.bag == [] and v.rng == 0 and v.bag_count == len(s.bag)
        assert tile_count(v) == 66
        full = RULES.sample(v, v.observer, random.Random(1))
        assert tile_count(full) == 66 and RULES.legal_moves(full) == RULES.legal_moves(s)


@settings(max_examples=20, deadline=None)
@given(games, st.integers(0, 10**6))
def test_an_illegal_move_leaves_the_state_unchanged(game, pick):
    states, moves = random_game(*game)
    rng = random.Random(pick)
    s = states[rng.randrange(len(states))]
    other = moves[rng.randrange(len(moves))] if moves else None
    before = RULES.digest(s)
    if RULES.check(s, other) is not None:
        try:
            RULES.play(s, other)
        except IllegalMove:
            pass
        else:
            raise AssertionError("a refused move was played")
    assert RULES.digest(s) == before


@settings(max_examples=15, deadline=None)
@given(games)
def test_replay_reproduces_the_digest(game):
    states, moves = random_game(*game)
    options = OPTIONS[game[1]]
    s = RULES.setup(options, states[0].seats, game[0])
    for m in moves:
        s = RULES.play(s, RULES.decode(RULES.encode(m)))
    assert RULES.digest(s) == RULES.digest(states[-1])
