"""What the board lights after an Ingenious placement: each counted line, from the seed's worked
examples (RULES.md §1.2), computed from what the viewer sees."""
from __future__ import annotations

from hexgames.core.scoring import ScoreMark
from hexgames.games.ingenious.rules import BLUE, GREEN, ORANGE, RED, YELLOW, IngeniousRules, Place, Swap
from tests.games.ingenious.test_rules import fresh, give

R = IngeniousRules()


def played(s, move):
    """The marks of `move` as seat 1 (not the mover) sees the two positions."""
    give(s, s.current, [move.tile, (RED, RED), (GREEN, GREEN), (BLUE, BLUE), (RED, GREEN), (RED, BLUE)])
    after = R.play(s, move)
    other = 1 - s.current
    return R.score_marks(R.observe(s, other), move, R.observe(after, other))


def test_blue_yellow_lights_two_blue_lines_and_one_yellow_line():
    s = fresh()
    R.put(s, {(0, -1): BLUE, (0, -2): BLUE, (0, -3): RED, (-1, 0): BLUE,
              (1, 1): YELLOW, (2, 1): YELLOW, (1, -1): GREEN})
    mover = s.current
    marks = played(s, Place((BLUE, YELLOW), (0, 0), (0, 1)))
    assert sorted(marks, key=lambda m: (m.step, -m.points)) == [
        ScoreMark(((0, 0), (0, -1), (0, -2)), 2, BLUE, mover, 0, anchor="last"),
        ScoreMark(((0, 0), (-1, 0)), 1, BLUE, mover, 0, anchor="last"),
        ScoreMark(((0, 1), (1, 1), (2, 1)), 2, YELLOW, mover, 1, anchor="last"),
    ]
    assert sum(m.points for m in marks) == 5  # the seed's 3 blue + 2 yellow


def test_the_orange_double_s_lines_add_up_to_its_six_and_never_count_the_partner():
    s = fresh()
    R.put(s, {(1, -2): ORANGE, (1, -3): ORANGE, (0, -1): ORANGE, (-1, -1): ORANGE, (0, -2): ORANGE})
    marks = played(s, Place((ORANGE, ORANGE), (0, 0), (1, -1)))
    assert sum(m.points for m in marks) == 6 and {m.colour for m in marks} == {ORANGE}
    assert all((0, 0) not in m.places[1:] and (1, -1) not in m.places[1:] for m in marks)
    assert {m.places[0] for m in marks} == {(0, 0), (1, -1)}


def test_a_placement_that_scores_nothing_lights_nothing_and_a_swap_neither():
    s = fresh()
    assert played(s, Place((RED, GREEN), (2, 2), (2, 3))) == []
    s = fresh()
    s.phase = "swap"
    assert R.score_marks(s, Swap(True), s) == []


def test_the_line_that_reaches_ingenious_says_so():
    s = fresh()
    track = s.track_of(s.current)
    s.scores[track][GREEN] = 16
    R.put(s, {(0, 0): GREEN, (0, -1): GREEN, (0, -2): GREEN})
    marks = played(s, Place((GREEN, RED), (0, 1), (1, 1)))
    assert [(m.points, m.note) for m in marks if m.colour == GREEN] == [(3, "ingenious")]
