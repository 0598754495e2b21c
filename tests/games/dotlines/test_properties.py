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
from hexgames.games.dotlines.rules import (
    ACT, CHIP, CHIP_HIDDEN, OVER, TILES, Chip, Draw, Exchange, First, Home, Place, Redraw, Roll, Stack,
)
from tests.games.dotlines.boards import RULES

WRAPS = st.sampled_from(["off", "on"])


def _random_game(seed: int, wrap: str = "off"):
    """Yield every state of a random game, played through `play` (the checked path)."""
    rng = random.Random(seed)
    s = RULES.setup({"wrap": wrap}, 2, seed)
    yield s
    while not RULES.is_over(s):
        s = RULES.play(s, RULES.random_move(s, rng))
        yield s


def _tiles(s) -> list[int]:
    out = list(s.deck) + [s.removed] + list(s.discards)
    for seat in (0, 1):
        out += s.hand_tiles(seat)
    for line in s.lines:
        for col in line:
            out += list(col.tiles)
    return sorted(out)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), wrap=WRAPS)
def test_all_36_tiles_are_always_accounted_for(seed, wrap):
    full = sorted(v for v in range(1, 7) for _ in range(6))
    for s in _random_game(seed, wrap):
        assert len(_tiles(s)) == TILES and _tiles(s) == full
        for line in s.lines:
            assert len(line) <= 6
            for a, b in zip(line, line[1:]):
                assert abs(a.count - b.count) == 1
            if line:
                assert line[0].count in (1, 2)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), wrap=WRAPS, steps=st.integers(0, 60))
def test_hands_are_open_except_before_the_reveal_and_deck_and_removed_stay_hidden(seed, wrap, steps):
    states = list(_random_game(seed, wrap))
    s = states[min(steps, len(states) - 1)]
    for seat in (0, 1):
        v = RULES.observe(s, seat)
        assert v.removed == 0 and all(x == 0 for x in v.deck) and len(v.deck) == len(s.deck)
        assert v.hands[seat] == s.hands[seat]
        assert (v.hands[1 - seat] == s.hands[1 - seat]) == (s.phase >= CHIP)
        if s.phase >= CHIP:
            assert v.lines == s.lines and v.discards == s.discards
        if s.phase == CHIP and s.chip[1 - seat] >= 0:
            assert v.chip[1 - seat] == CHIP_HIDDEN
        det = RULES.sample(v, seat, random.Random(seed))
        assert _tiles(det) == _tiles(s)
        assert det.hands[seat] == s.hands[seat] and RULES.to_move(det) == RULES.to_move(s)
        if s.phase >= CHIP:
            assert det.hands == s.hands


ALL_MOVES = ([Roll(), First(), Draw(), Home(0), Home(1), Chip(0), Chip(1)]
             + [Place(ln, v, n, c) for ln in (0, 1) for v in range(1, 7) for n in range(0, 5) for c in (0, 1)]
             + [Stack(ln, j, n, c) for ln in (0, 1) for j in range(6) for n in range(0, 4) for c in (0, 1)]
             + [Redraw(v) for v in range(1, 7)] + [Exchange(a, b) for a in range(1, 7) for b in range(1, 7)])


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 60))
def test_check_agrees_with_legal_moves_and_an_illegal_move_changes_nothing(seed, steps):
    states = list(_random_game(seed))
    s = states[min(steps, len(states) - 1)]
    legal = set(RULES.legal_moves(s))
    before = RULES.digest(s)
    for m in ALL_MOVES:
        why = RULES.check(s, m)
        assert (why is None) == (m in legal), (m, why)
        if why is not None:
            assert why.key.startswith(("dotlines.", "core."))
            with pytest.raises(IllegalMove):
                RULES.play(s, m)
    assert RULES.digest(s) == before


@pytest.mark.parametrize("seed", range(40))
def test_seeded_self_play_ends_with_one_of_the_five_endings(seed):
    s = None
    for s in _random_game(seed, "on" if seed % 2 else "off"):
        pass
    assert s.phase == OVER and s.ending in "ABCDE" and s.matches[0] == s.ending
    out = RULES.outcome(s)
    assert sorted(out.ranks) in ([0, 0], [0, 1])
    assert RULES.legal_moves(s) == []


def test_replay_reproduces_the_digest(tmp_path):
    rng = random.Random(5)
    m = new_match("dotlines", [Seat.parse("human"), Seat.parse("human")], {"wrap": "on"}, seed=11)
    while not m.is_over:
        m.play(RULES.random_move(m.state, rng))
    path = tmp_path / "g.json"
    saves.write_save(m, path)
    again = saves.read_save(path, games.get)
    assert again.digest() == m.digest() and again.moves == m.moves
