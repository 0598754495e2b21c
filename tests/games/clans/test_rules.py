"""The seed's worked examples and every rule of RULES.md §2 on hand-built positions."""
import pytest

from hexgames.core.protocol import IllegalMove
from hexgames.games.clans.rules import BLUE, GREEN, RED, WHITE, YELLOW, ClansRules, Move, ScoreNext

from .boards import MAP, RULES, fork, huts, isolated_pair, make_state


def _village_by_moving_in(t: str, stay: tuple, mover: tuple, villages_scored: int = 0):
    """Huts `stay` on an area of terrain t, `mover` on its neighbour; the move forms a village on t."""
    area, nb = isolated_pair(t)
    s = make_state({area: stay, nb: mover}, villages_scored=villages_scored)
    return s, RULES.play(s, Move(nb, area)), area


def test_four_colours_score_four_plus_the_forest_bonus():
    # seed: white, blue, green, red in a village -> each scores 4 (+ bonus); epoch I forest +1
    _, t, area = _village_by_moving_in("forest", huts(white=1, blue=1), huts(green=1, red=1))
    assert t.points == [5, 0, 5, 5, 5]
    assert t.founded == [1, 0, 0]
    assert t.villages == [(area, 0, 5, 0)]
    assert t.score_log[-1].scorers == (WHITE, BLUE, GREEN, RED)


def test_five_colours_single_white_and_yellow_leave_and_the_rest_score_six():
    # seed: two areas join; white and yellow have one hut each and are removed; red, green, blue get 6
    _, t, area = _village_by_moving_in("steppe", huts(white=1, red=2, green=1),
                                       huts(yellow=1, blue=2, green=1))
    assert t.points[WHITE] == 0 and t.points[YELLOW] == 0
    assert t.points[RED] == t.points[GREEN] == t.points[BLUE] == 6
    assert t.huts[area] == huts(red=2, green=2, blue=2)
    assert t.score_log[-1].removed == huts(white=1, yellow=1)
    assert t.removed == 2


def test_five_single_huts_score_nothing_but_the_founder_point():
    _, t, area = _village_by_moving_in("forest", huts(white=1, yellow=1, red=1), huts(blue=1, green=1))
    assert t.points == [0] * 5
    assert t.founded == [1, 0, 0]
    assert t.huts[area] == huts()
    assert t.villages_scored == 1


def test_two_huts_of_the_fewest_colour_still_stay_in_a_dispute():
    _, t, _ = _village_by_moving_in("steppe", huts(white=2, yellow=3, red=4), huts(blue=5, green=1))
    assert t.score_log[-1].removed == huts(green=1)
    assert t.points == [14, 14, 14, 0, 14]


def test_hostile_terrain_scores_zero_and_removes_the_huts():
    # epoch I: mountains are hostile
    _, t, area = _village_by_moving_in("mountains", huts(red=3), huts(blue=2))
    assert t.points == [0] * 5
    assert t.founded == [1, 0, 0]
    assert t.huts[area] == huts()
    assert t.score_log[-1].hostile and t.removed == 5


@pytest.mark.parametrize("scored,terrain,expected", [
    (4, "mountains", 2 + 2), (4, "grassland", 0), (7, "steppe", 2 + 3), (7, "forest", 0),
    (9, "grassland", 2 + 4), (9, "steppe", 0), (11, "mountains", 2 + 5), (11, "grassland", 2 + 5),
    (0, "steppe", 2), (0, "grassland", 2),
])
def test_epoch_chart_bonus_and_hostile_terrain(scored, terrain, expected):
    _, t, _ = _village_by_moving_in(terrain, huts(red=1), huts(red=1), villages_scored=scored)
    assert t.points[RED] == expected


def _big_pair(a_size: int, b_size: int):
    a = next(x for x in range(MAP.areas))
    b = MAP.neighbours[a][0]
    c = MAP.neighbours[b][-1] if MAP.neighbours[b][-1] != a else MAP.neighbours[b][0]
    return make_state({a: huts(red=a_size), b: huts(blue=b_size), c: huts(green=1)}), a, b


def test_a_group_of_seven_cannot_move_onto_a_smaller_one():
    s, a, b = _big_pair(7, 5)
    reason = RULES.check(s, Move(a, b))
    assert reason is not None and reason.key == "clans.too_big"
    assert RULES.check(s, Move(b, a)) is None  # the smaller group may join the 7


def test_seven_plus_may_move_onto_a_larger_seven_plus_but_not_back():
    s, a, b = _big_pair(7, 9)
    assert RULES.check(s, Move(a, b)) is None
    assert RULES.check(s, Move(b, a)).key == "clans.too_big"


def test_equal_big_groups_move_either_way():
    s, a, b = _big_pair(8, 8)
    assert RULES.check(s, Move(a, b)) is None
    assert RULES.check(s, Move(b, a)) is None


def test_huts_never_move_into_an_empty_or_distant_area():
    a = 0
    b = MAP.neighbours[a][0]
    far = next(x for x in range(MAP.areas) if x != a and x not in MAP.neighbours[a])
    s = make_state({a: huts(red=1), b: huts(blue=1), far: huts(green=1)})
    empty = next(x for x in MAP.neighbours[a] if x != b) if len(MAP.neighbours[a]) > 1 else None
    assert RULES.check(s, Move(a, far)).key == "clans.not_adjacent"
    if empty is not None:
        assert RULES.check(s, Move(a, empty)).key == "clans.dst_empty"
    assert RULES.check(s, Move(a, a)).key == "clans.same_area"


def _fork_state(scored: int):
    """x borders forest y and mountains z; moving x onto y leaves both y and z alone: two villages."""
    x, y, z = fork("forest", "mountains")
    s = make_state({x: huts(blue=1), y: huts(red=2), z: huts(red=3)}, villages_scored=scored)
    return s, x, y, z


def test_simultaneous_villages_wait_for_the_movers_order():
    s, x, y, z = _fork_state(0)
    t = RULES.play(s, Move(x, y))
    assert sorted(t.pending) == sorted([y, z])
    assert RULES.to_move(t) == 0
    assert set(RULES.legal_moves(t)) == {ScoreNext(y), ScoreNext(z)}
    assert RULES.check(t, Move(y, z)).key == "clans.choose_order"
    u = RULES.play(t, ScoreNext(y))
    assert u.pending == [] and u.villages_scored == 2  # the last one scores by itself
    assert RULES.to_move(u) == 1
    assert u.founded == [2, 0, 0]


def test_the_order_matters_when_the_epoch_changes_in_between():
    s, x, y, z = _fork_state(3)  # one village left in epoch I (forest +1, mountains hostile)
    t = RULES.play(s, Move(x, y))
    forest_first = RULES.play(t, ScoreNext(y))
    # forest y (red 2 + blue 1 = 3 +1) in epoch I, then mountains z in epoch II (3 + 2)
    assert forest_first.points[RED] == 4 + 5 and forest_first.points[BLUE] == 4
    mountains_first = RULES.play(t, ScoreNext(z))
    # mountains z hostile in epoch I (0, removed), then forest y in epoch II: no bonus (3)
    assert mountains_first.points[RED] == 3 and mountains_first.points[BLUE] == 3
    assert mountains_first.removed == 3


def test_the_twelfth_village_is_the_movers_choice_and_the_rest_score_nothing():
    s, x, y, z = _fork_state(11)
    t = RULES.play(s, Move(x, y))
    assert not RULES.is_over(t)
    end = RULES.play(t, ScoreNext(z))
    assert RULES.is_over(end)
    assert end.villages_scored == 12 and end.founded == [1, 0, 0]
    assert end.points[RED] == 3 + 5 and end.points[BLUE] == 0  # y never scored
    assert RULES.legal_moves(end) == []
    with pytest.raises(IllegalMove):
        RULES.play(end, ScoreNext(y))


def test_the_game_ends_when_no_move_remains():
    area, nb = isolated_pair("steppe")
    s = make_state({area: huts(red=1), nb: huts(blue=1)}, villages_scored=2)
    t = RULES.play(s, Move(nb, area))
    assert RULES.is_over(t) and t.villages_scored == 3


def test_final_scores_are_colour_points_plus_villages_and_ties_share_the_win():
    s = make_state({}, seats=3, colours=(RED, BLUE, GREEN))
    s.points = [9, 0, 10, 7, 8]
    s.founded = [1, 0, 3]
    out = RULES.outcome(s)
    assert out.scores == (9.0, 10.0, 10.0)
    assert out.winners == (1, 2)
    assert out.ranks == (2, 0, 0)


def test_setup_puts_one_hut_of_each_colour_in_every_region():
    s = RULES.setup({}, 4, 123)
    assert all(sum(h) == 1 for h in s.huts)
    for r in range(MAP.regions):
        colours = sorted(h.index(1) for a, h in enumerate(s.huts) if MAP.region[a] == r)
        assert colours == [0, 1, 2, 3, 4]
    assert len(set(s.colour_of)) == 4
    assert RULES.reveals(s, RULES.legal_moves(s)[0]) is None


def test_setup_is_random_by_seed():
    a, b = RULES.setup({}, 3, 1), RULES.setup({}, 3, 2)
    assert RULES.fingerprint(a) == RULES.fingerprint(RULES.setup({}, 3, 1))
    assert a.huts != b.huts
    assert isinstance(RULES, ClansRules)
