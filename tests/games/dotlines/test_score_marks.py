"""What the board lights after a Dot Lines move (issue 27): the race's progress where it happened,
from RULES.md §4's own examples and endings, computed from what the other player sees."""
from __future__ import annotations

import random

import pytest

from hexgames.core.scoring import ScoreMark
from hexgames.games.dotlines.marks import ending_marks, hand_place
from hexgames.games.dotlines.rules import (
    BLACK, DOUBLE, DRAW, EXCHANGE, INVERTER, REDRAW, STACK, WHITE, Draw, Exchange, Place, Redraw, Stack,
)
from tests.games.dotlines.boards import RULES, col, position

FIVE = [col(5, 1), col(6, 2), col(5, 1), col(4, 2), col(3, 1)]


def played(s, move, viewer: int = 1):
    """The marks of `move` as `viewer` (by default seat 1, not the mover) sees the two positions."""
    after = RULES.play(s, move)
    return RULES.score_marks(RULES.observe(s, viewer), move, RULES.observe(after, viewer))


def test_two_fours_next_to_a_three_make_the_white_line_s_first_column_and_leave_two_in_hand():
    # §4.5's example: the die shows 3, the first column may be two 4s
    marks = played(position(mine=(4, 4, 2, 6), die=(3, 5)), Place(WHITE, 4, 2, 0))
    assert marks == [ScoreMark(((WHITE, 0),), 1, WHITE, 0, 0, "columns"),
                     ScoreMark((hand_place(0),), 2, WHITE, 0, 1, "hand")]


def test_a_column_on_the_opponent_s_line_counts_towards_their_six():
    # after a column of two 4s the next is one or three 3s or 5s; here on black, seat 1's line
    s = position(mine=(5, 5, 5, 1), black=[col(4, 2)], die=(2, 3))
    marks = played(s, Place(BLACK, 5, 3, 0))
    assert marks[0] == ScoreMark(((BLACK, 1),), 2, BLACK, 1, 0, "columns")  # 2/6 for black's owner
    assert marks[1] == ScoreMark((hand_place(0),), 1, WHITE, 0, 1, "hand")  # the mover's hand


def test_the_double_chip_says_one_tile_counts_as_two():
    s = position(mine=(4, 2, 2), chips=(DOUBLE, INVERTER))
    marks = played(s, Place(WHITE, 4, 0, 1))  # one 4 with the Double: a column of two 4s
    assert [(m.note, m.points, m.step, m.places) for m in marks] == [  # the chip on the column's only tile
        ("columns", 1, 0, ((WHITE, 0),)), ("double", 2, 1, ((WHITE, 0, 0),)), ("hand", 2, 2, (hand_place(0),))]


def test_the_inverter_says_which_pips_counted_as_the_column_s_value():
    s = position(mine=(2, 6, 6), die=(4, 3), chips=(INVERTER, DOUBLE))
    marks = played(s, Place(WHITE, 5, 0, 1))  # a 2 under the Inverter counts as 5
    chip = next(m for m in marks if m.note == "inverter")
    assert chip.points == 2 and chip.places == ((WHITE, 0, 0),) and chip.seat == 0


def test_a_stack_says_how_many_tiles_left_the_hand_and_no_column_count():
    s = position(mine=(4, 4, 3, 6), white=[col(4, 2)])
    marks = played(s, Stack(WHITE, 0, 2, 0))
    assert marks == [ScoreMark(((WHITE, 0),), 2, WHITE, 0, 0, "stacked"),
                     ScoreMark((hand_place(0),), 2, WHITE, 0, 1, "hand")]


def test_a_stack_on_the_opponent_s_line_counts_for_the_mover_s_hand_not_for_the_line():
    s = position(mine=(4, 3, 6), theirs=(1, 2), black=[col(4, 1)], current=0)
    stacked = played(s, Stack(BLACK, 0, 1, 0))[0]
    assert (stacked.places, stacked.colour, stacked.seat) == (((BLACK, 0),), WHITE, 0)


def test_a_stack_with_the_double_counts_the_tiles_that_left_the_hand():
    s = position(mine=(4, 3, 6), white=[col(4, 2, (4, 4, 4, 4))], chips=(DOUBLE, INVERTER))
    marks = played(s, Stack(WHITE, 0, 0, 1))  # one 4 counting two: one tile left the hand
    assert [(m.note, m.points) for m in marks] == [("stacked", 1), ("double", 2), ("hand", 2)]
    assert marks[1].places == ((WHITE, 0, 4),)  # on the fifth tile of the pile


@pytest.mark.parametrize("s,move", [
    (position(mine=(2, 5), deck=[1, 6, 6]), Redraw(2)),
    (position(mine=(2, 5), theirs=(6, 1)), Exchange(2, 6)),
    (position(mine=(2, 5), phase=DRAW), Draw()),
])
def test_a_turn_that_lays_nothing_and_ends_nothing_lights_nothing(s, move):
    assert played(s, move) == []


# --- the endings (§4.8) -----------------------------------------------------------------------------
def test_a_emptied_hand_is_marked_on_the_mover_s_hand_as_the_win():
    marks = played(position(mine=(4, 4), theirs=(1, 2, 3)), Place(WHITE, 4, 2, 0))
    assert marks == [ScoreMark(((WHITE, 0),), 1, WHITE, 0, 0, "columns"),
                     ScoreMark((hand_place(0),), 0, WHITE, 0, 1, "won_hand", anchor="first")]


def test_a_by_stack_too():
    marks = played(position(mine=(4,), theirs=(1, 2, 3), black=[col(4, 1)]), Stack(BLACK, 0, 1, 0))
    assert [m.note for m in marks] == ["stacked", "won_hand"] and marks[-1].seat == 0


def test_c_the_hand_emptied_on_the_opponent_s_sixth_column_wins_for_the_mover():
    s = position(mine=(2, 2), theirs=(1, 1, 3), black=FIVE, die=(3, 4))
    marks = played(s, Place(BLACK, 2, 2, 0))
    assert marks[0] == ScoreMark(((BLACK, 5),), 6, BLACK, 1, 0, "columns")  # 6/6 for black's owner...
    assert marks[-1] == ScoreMark((hand_place(0), (BLACK, 5)), 0, WHITE, 0, 1, "won_hand_sixth", anchor="first")


def test_b_the_full_line_is_marked_for_its_owner_even_when_the_opponent_laid_the_sixth():
    s = position(mine=(2, 2, 1), theirs=(1, 1, 3), black=FIVE, die=(4, 4))
    marks = played(s, Place(BLACK, 2, 2, 0))
    won = marks[-1]
    assert [m.note for m in marks] == ["columns", "won_line"]  # once over, the hand left is not news
    assert won.seat == 1 and won.colour == BLACK and won.step == 1
    assert won.places == tuple((BLACK, j) for j in range(6))


def test_d_the_stuck_player_s_hand_is_marked_after_their_draw():
    s = position(mine=(1,), theirs=(3, 3), die=(6, 6), deck=[4, 1, 1], used=(REDRAW | EXCHANGE | STACK, 0),
                 phase=DRAW)
    assert played(s, Draw()) == [ScoreMark((hand_place(0),), 2, WHITE, 0, 0, "stuck")]


def test_e_both_hands_are_marked_fewer_wins():
    marks = played(position(mine=(4, 4, 1), theirs=(1, 2, 3, 6), deck=[]), Place(WHITE, 4, 2, 0))
    assert [m.note for m in marks] == ["columns", "deck_fewer", "deck_more"]
    assert [(m.places, m.points, m.step) for m in marks[1:]] == [((hand_place(0),), 1, 1), ((hand_place(1),), 4, 1)]


def test_e_equal_hands_are_marked_as_a_draw_and_after_a_redraw_too():
    marks = played(position(mine=(4, 1, 6), theirs=(1, 2), deck=[]), Place(WHITE, 4, 1, 0))
    assert [(m.note, m.points) for m in marks if m.step == 1] == [("deck_even", 2), ("deck_even", 2)]
    marks = played(position(mine=(4, 1, 6), theirs=(1, 2), deck=[5]), Redraw(1))
    assert [(m.note, m.step) for m in marks] == [("deck_more", 0), ("deck_fewer", 0)]


# --- what the marks may know ------------------------------------------------------------------------
def _games(count: int):
    """(before, move, after) of every move of `count` random games."""
    rng = random.Random(27)
    for seed in range(count):
        s = RULES.setup({}, 2, seed)
        while not RULES.is_over(s):
            move = RULES.random_move(s, rng)
            after = RULES.play(s, move)
            yield s, move, after
            s = after


def test_the_marks_read_nothing_hidden_they_are_the_same_from_either_seat_and_from_the_full_state():
    seen = 0
    for before, move, after in _games(40):
        full = RULES.score_marks(before, move, after)
        seen += bool(full)
        for viewer in (0, 1):
            assert RULES.score_marks(RULES.observe(before, viewer), move, RULES.observe(after, viewer)) == full
    assert seen > 100


def test_resampling_the_hidden_deck_and_removed_tile_changes_no_mark():
    rng = random.Random(5)
    checked = differed = 0
    for before, move, after in _games(25):
        if type(move) not in (Place, Stack, Exchange):  # (a draw's tile is another in another world, and shows)
            continue
        viewer = 1 - before.current
        marks = RULES.score_marks(RULES.observe(before, viewer), move, RULES.observe(after, viewer))
        for _ in range(2):  # another deck order and removed tile the viewer could not tell apart
            world = RULES.sample(RULES.observe(before, viewer), viewer, rng)
            differed += (world.deck, world.removed) != (before.deck, before.removed)
            then = RULES.play(world, move)
            assert RULES.score_marks(world, move, then) == marks  # the whole world, hidden parts and all
            checked += 1
    assert checked > 100 and differed > checked * 0.9  # the hidden parts did change


def test_a_finished_game_keeps_only_its_ending_s_marks_for_the_board():
    before = position(mine=(2, 2, 1), theirs=(1, 1, 3), black=FIVE, die=(4, 4))
    after = RULES.play(before, Place(BLACK, 2, 2, 0))
    kept = ending_marks(RULES, [before, after], [Place(BLACK, 2, 2, 0)])
    assert [(m.note, m.seat) for m in kept] == [("won_line", 1)]  # not the sixth column's "6/6"
    going = position(mine=(4, 4, 2, 6), die=(3, 5))
    assert ending_marks(RULES, [going, RULES.play(going, Place(WHITE, 4, 2, 0))], [Place(WHITE, 4, 2, 0)]) == []
