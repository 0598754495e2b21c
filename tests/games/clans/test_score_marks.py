"""What the board lights when Clans villages score: the seed's worked examples (RULES.md §2.5), by
colour and never by whose colour it is."""
from hexgames.core.scoring import ScoreMark
from hexgames.games.clans.rules import BLUE, GREEN, RED, WHITE, YELLOW, Move

from .boards import RULES, huts, isolated_pair, make_state


def _village_by_moving_in(terrain: str, stay: tuple, mover: tuple):
    """Huts `stay` on an area of `terrain`, `mover` on its neighbour; moving them in forms a village."""
    area, nb = isolated_pair(terrain)
    s = make_state({area: stay, nb: mover})
    return s, RULES.play(s, Move(nb, area)), area


def marks_seen_by(seat, before, move, after):
    return RULES.score_marks(RULES.observe(before, seat), move, RULES.observe(after, seat))


def test_a_village_shows_its_founder_point_and_each_colour_s_gain_by_colour():
    s, t, area = _village_by_moving_in("forest", huts(white=1, blue=1), huts(green=1, red=1))
    mover = s.current
    assert marks_seen_by(1, s, Move(*t.last_move[1]), t) == [
        ScoreMark((area,), 1, None, mover, 0, "founder"),
        *(ScoreMark((area,), 5, c, None, 0) for c in (WHITE, BLUE, GREEN, RED))]


def test_a_dispute_shows_the_lone_huts_leaving_and_the_rest_scoring_six():
    s, t, area = _village_by_moving_in("steppe", huts(white=1, red=2, green=1), huts(yellow=1, blue=2, green=1))
    marks = marks_seen_by(2, s, t.last_move[1], t)
    assert {(m.colour, m.points, m.note) for m in marks if m.colour is not None} == {
        (RED, 6, ""), (GREEN, 6, ""), (BLUE, 6, ""), (WHITE, -1, "dispute"), (YELLOW, -1, "dispute")}


def test_five_lone_huts_leave_only_the_founder_point_and_hostile_land_scores_nothing():
    s, t, area = _village_by_moving_in("forest", huts(white=1, yellow=1, red=1), huts(blue=1, green=1))
    assert [(m.points, m.note) for m in marks_seen_by(0, s, t.last_move[1], t) if m.colour is None] == [(1, "founder")]
    s, t, area = _village_by_moving_in("mountains", huts(red=3), huts(blue=2))
    assert [(m.colour, m.points, m.note) for m in marks_seen_by(0, s, t.last_move[1], t)] == [
        (None, 1, "founder"), (None, 0, "hostile")]


def test_a_move_that_forms_no_village_marks_nothing_and_no_mark_names_a_colour_s_owner():
    s, t, _ = _village_by_moving_in("forest", huts(white=1, blue=1), huts(green=1, red=1))
    assert RULES.score_marks(t, Move(0, 1), t) == []
    assert all(m.seat is None for m in marks_seen_by(1, s, t.last_move[1], t) if m.colour is not None)
