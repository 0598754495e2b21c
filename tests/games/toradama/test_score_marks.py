"""What the board lights after a Toradama move (issue 27): each group a chain link cleared, with the
points RULES.md §3.4 gives it (1 tile, +1 if 4+, +1 in chain 2, +2 in chain 3 or later; the
favourite tama's tiles 2 points each), and a tile given away on the receiver's pile. Computed from
what the viewer sees: the two views, never the full state."""
from __future__ import annotations

import random

from hypothesis import given, settings

from hexgames.core.scoring import ScoreMark
from hexgames.games.toradama.board import BLUE, GREEN, HIDDEN_CUBE, KINDS, RED, cell
from hexgames.games.toradama.moves import CUBE_SOURCE, Clear, Give, Place
from hexgames.games.toradama.rules import KUMA, NEKO, TORA
from tests.games.toradama.positions import RULES, make
from tests.games.toradama.test_properties import games, random_game
from tests.games.toradama.test_rules import rows


def marks_of(s, move, viewer: int = 1):
    """The marks of `move` from `s`, as `viewer` sees the two positions (by default seat 2, who did
    not move in these examples)."""
    after = RULES.play(s, move)
    return RULES.score_marks(RULES.observe(s, viewer), move, RULES.observe(after, viewer))


def test_an_l_shaped_group_scores_one_tile_at_the_favourite_s_two_points():
    s = make(rows("R....", "RRB.."), chars=(TORA, NEKO))
    assert marks_of(s, Clear(cell(2, 0))) == [ScoreMark((cell(0, 0), cell(0, 1), cell(1, 0)), 2, RED, 0, 1)]


def test_a_group_of_four_says_its_bonus_tile():
    s = make(rows("R....", "R....", "R....", "RY..."), chars=(NEKO, TORA))
    (mark,) = marks_of(s, Clear(cell(1, 0)))
    assert (mark.places, mark.points, mark.note) == (tuple(cell(0, r) for r in range(4)), 2, "four")


def test_a_chain_of_three_lights_its_links_in_order_with_their_bonuses():
    # RULES.md's chain: blue (chain 1), red (+1 in chain 2), green (+2 in chain 3), green is Kuma's
    s = make(rows("R....", "BG...", "BR...", "RB...", "YGG.."), chars=(KUMA, NEKO))
    marks = marks_of(s, Clear(cell(0, 0)))
    assert [(m.step, m.colour, m.points, m.note) for m in marks] == [
        (1, BLUE, 1, ""), (2, RED, 2, "chain+1"), (3, GREEN, 6, "chain+2 shared")]
    assert all(m.seat == 0 and len(m.places) == 3 for m in marks)
    assert sum(m.points for m in marks) == 9  # the rules' own 9 points for this clearing


def test_a_group_touching_the_shared_column_scores_for_whoever_cashes_it():
    s = make(rows("RGGGY"), current=1)  # seat 1 placed greens across into the shared column
    assert marks_of(s, Clear(cell(4, 0)), viewer=0) == [
        ScoreMark((cell(1, 0), cell(2, 0), cell(3, 0)), 1, GREEN, 1, 1, "shared")]


def test_a_cube_turned_up_by_one_link_and_cleared_by_the_next_is_marked_though_no_view_shows_its_face():
    # the blues clear (chain 1) and turn the cube beside them up: a red, which falls into a row of reds
    s = make(rows("R....", "BrR..", "YBB.."), chars=(NEKO, TORA))
    view_before = RULES.observe(s, 1)
    assert view_before.cells[cell(1, 1)] == HIDDEN_CUBE
    marks = marks_of(s, Clear(cell(0, 0)))
    assert [(m.step, m.colour, m.places, m.points) for m in marks] == [
        (1, BLUE, (cell(0, 0), cell(1, 0), cell(2, 0)), 2), (2, RED, (cell(0, 0), cell(1, 0), cell(2, 0)), 2)]
    after = RULES.observe(RULES.play(s, Clear(cell(0, 0))), 1)
    assert all(c == -1 for c in after.cells)  # the red face shows in neither view
    trial = RULES.copy(view_before)  # the clearing replayed on the view before would miss link 2
    trial.events = []
    RULES.apply(trial, Clear(cell(0, 0)))
    assert sum(1 for e in trial.events if e[0] == "chain") == 1


def test_a_tile_given_away_scores_on_the_receiver_s_pile_at_their_value():
    s = make(rows("R...."), chars=(KUMA, NEKO), pool="BYR")
    assert marks_of(s, Give(BLUE), viewer=0) == [ScoreMark((("pile", 1),), 2, BLUE, 1, 0, "give")]
    s = make(rows("R...."), chars=(KUMA, NEKO), cubes=("g", ""))
    assert marks_of(s, Give(CUBE_SOURCE)) == [ScoreMark((("pile", 1),), 1, GREEN, 1, 0, "give")]


def test_what_scores_nothing_lights_nothing():
    s = make(rows("R...."), chars=(KUMA, NEKO))
    assert marks_of(s, Place(BLUE, 1)) == []
    assert marks_of(s, Clear(cell(0, 0))) == []  # legal, and nothing matched
    solo = make(rows("R...."), chars=(KUMA,), seats=1)
    assert marks_of(solo, Give(BLUE), viewer=0) == []  # solo: a refused tile is discarded


@settings(max_examples=12, deadline=None)
@given(games)
def test_per_seat_the_marks_add_up_to_the_change_of_points(game):
    states, moves = random_game(*game)
    for before, move, after in zip(states, moves, states[1:]):
        for viewer in range(before.seats):
            marks = RULES.score_marks(RULES.observe(before, viewer), move, RULES.observe(after, viewer))
            for seat in range(before.seats):
                gained = sum(m.points for m in marks if m.seat == seat)
                assert gained == after.points(seat) - before.points(seat), (move, marks)
            assert all(type(p) is int and 0 <= p < 30 or p == ("pile", m.seat) for m in marks for p in m.places)


@settings(max_examples=8, deadline=None)
@given(games)
def test_resampling_what_the_viewer_cannot_see_changes_no_mark(game):
    states, moves = random_game(*game)
    rng = random.Random(game[0])
    for before, move, after in zip(states, moves, states[1:]):
        viewer = 1 if after.seats == 2 else 0
        seen_before, seen_after = RULES.observe(before, viewer), RULES.observe(after, viewer)
        marks = RULES.score_marks(seen_before, move, seen_after)
        for _ in range(2):
            world_before = RULES.sample(seen_before, viewer, rng)
            world_after = RULES.sample(seen_after, viewer, rng)
            again = RULES.observe(world_after, viewer)
            assert again.public_events == seen_after.public_events
            assert RULES.score_marks(RULES.observe(world_before, viewer), move, again) == marks
        falls = [code for e in seen_after.public_events if e[0] == "fall" for *_, code in e[1]]
        assert all(code < KINDS or code == HIDDEN_CUBE for code in falls)  # no falling cube's face
