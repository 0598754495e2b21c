"""Sticker Turf invariants over random play (hypothesis chooses the seeds)."""
from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from hexgames.core.match import Seat
from hexgames.core.protocol import IllegalMove
from hexgames.games import new_match
from hexgames.games.stickers.regions import CORNER_OFFSET, CORNERS
from hexgames.games.stickers.rules import Place, board_layout
from tests.games.stickers.boards import RULES, empty

SEEDS = st.integers(min_value=0, max_value=2**31 - 1)


def random_game(seed: int, seats: int = 2, strict: bool = False, stop_at: float = 1.0):
    """States of a random game (deck phase included), up to a fraction of its moves."""
    s = empty(seats, matching="strict" if strict else "lenient")
    rng = random.Random(seed)
    out = [s]
    while not RULES.is_over(s):
        s = RULES.play(s, RULES.random_move(s, rng))
        out.append(s)
    return out[: max(1, int(len(out) * stop_at))]


def brute_regions(cells):
    """Regions by breadth-first search over corners, straight from §5.5's wording."""
    corners = {(c, k): CORNERS[v & 255][k] for c, v in cells.items() for k in range(4)}
    seen, out = set(), []
    for start in corners:
        if start in seen:
            continue
        colour, todo, region = corners[start], [start], set()
        seen.add(start)
        while todo:
            c, k = todo.pop()
            region.add((c, k))
            p = c + CORNER_OFFSET[k]
            nbrs = [(c, (k + 1) % 4), (c, (k + 3) % 4)]  # along an edge of the same sticker
            nbrs += [(p - CORNER_OFFSET[j], j) for j in range(4)]  # on the same grid point
            for n in nbrs:
                if n in corners and n not in seen and corners[n] == colour:
                    seen.add(n)
                    todo.append(n)
        out.append(region)
    return out


def brute_scores(s):
    out = [0] * s.seats
    for region in brute_regions(s.cells):
        points = {c + CORNER_OFFSET[k] for c, k in region}
        founders = {s.founded[p] for p in points if p in s.founded}
        if len(founders) == 1:
            out[founders.pop()] += len(region)
    return out


@settings(max_examples=40, deadline=None)
@given(SEEDS, st.booleans(), st.sampled_from([1, 2]))
def test_territory_sizes_equal_a_brute_force_recount(seed, strict, seats):
    for s in random_game(seed, seats, strict)[::3]:
        assert RULES.scores(s) == brute_scores(s)
        mine = sorted(sorted(t.corners) for t in RULES.territories(s))
        assert mine == sorted(sorted(r) for r in brute_regions(s.cells))
        for p, seat in s.founded.items():  # a founded point has four corners of one colour
            cols = {CORNERS[s.cells[p - CORNER_OFFSET[k]] & 255][k] for k in range(4)}
            assert len(cols) == 1


@settings(max_examples=30, deadline=None)
@given(SEEDS)
def test_stickers_keep_their_orientation(seed):
    s = empty()
    rng = random.Random(seed)
    while not RULES.is_over(s):
        m = RULES.random_move(s, rng)
        before = s
        s = RULES.play(s, m)
        if isinstance(m, Place):
            v = s.cells[m.x * 256 + m.y]
            assert v >> 8 == before.current
            assert v & 255 == board_layout(before.drawn, before.current)


@settings(max_examples=30, deadline=None)
@given(SEEDS, st.floats(min_value=0.0, max_value=1.0))
def test_illegal_placements_leave_the_state_unchanged(seed, when):
    s = random_game(seed, stop_at=when)[-1]
    if RULES.is_over(s):
        return
    rng = random.Random(seed)
    legal = set(RULES.legal_moves(s))
    before = RULES.digest(s)
    for _ in range(20):
        m = Place(rng.randint(-6, 6), rng.randint(-6, 6))
        if m in legal:
            continue
        try:
            RULES.play(s, m)
        except IllegalMove as e:
            assert str(e.reason)
        else:
            raise AssertionError(f"{m} was played but is not legal")
        assert RULES.digest(s) == before


@settings(max_examples=15, deadline=None)
@given(SEEDS, st.sampled_from([1, 2]))
def test_replay_reproduces_the_digest(seed, seats):
    seat_list = [Seat("human", None, f"P{i}") for i in range(seats)]
    match = new_match("stickers", seat_list, {"mode": "solo" if seats == 1 else "standard"}, seed)
    rng = random.Random(seed)
    while not match.is_over:
        match.play(RULES.random_move(match.state, rng))
    again = new_match("stickers", seat_list, match.options, seed)
    again.replay([RULES.decode(RULES.encode(m)) for m in match.moves])
    assert again.digest() == match.digest()


@settings(max_examples=30, deadline=None)
@given(SEEDS, st.floats(min_value=0.0, max_value=1.0))
def test_a_sample_keeps_what_the_seat_knows(seed, when):
    s = random_game(seed, stop_at=when)[-1]
    if RULES.is_over(s) or s.phase == "deck":
        return
    seat = RULES.to_move(s)
    view = RULES.observe(s, seat)
    det = RULES.sample(view, seat, random.Random(seed))
    for owner in range(2):
        assert Counter(det.decks[owner]) == Counter(s.decks[owner])  # contents are public
        kb = s.known_bottom[owner]
        assert det.decks[owner][:kb] == s.decks[owner][:kb]  # returned stickers stay where all saw them
    peek = s.peeked[seat]
    if peek:
        assert det.decks[seat][-peek:] == s.decks[seat][-peek:]  # what Peek showed stays on top
    assert det.drawn == s.drawn and det.cells == s.cells
    assert RULES.observe(det, seat).decks == view.decks
