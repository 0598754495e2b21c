"""What the board lights when Sticker Turf scores (RULES.md §5.5): a territory founded or grown,
and one cancelled, with the seed's regions; per seat the marks add up to the change of score."""
from hypothesis import given, settings
from hypothesis import strategies as st

from hexgames.games.stickers.regions import point_key
from hexgames.games.stickers.rules import Place

from .boards import RULES, board, lay, yellow_ten


def placed(s, x, y, spec, seat):
    s.drawn, s.phase, s.current = lay(spec), "place", seat
    after = RULES.play(s, Place(x, y))
    return RULES.score_marks(RULES.observe(s, 1 - seat), Place(x, y), RULES.observe(after, 1 - seat))


def test_founding_a_territory_marks_its_four_corners_for_its_founder():
    s = board({(0, 0): ("RRYR", 0), (1, 0): ("RRRY", 0), (0, 1): ("RYRR", 0)})
    marks = placed(s, 1, 1, "YRRR", 0)
    assert [(m.points, m.seat, m.note) for m in marks] == [(4, 0, "founded")]
    assert point_key(1, 1) in marks[0].places


def test_growing_a_territory_marks_only_the_new_corners_and_a_rival_s_founding_cancels_it():
    s = board(yellow_ten())
    RULES.put(s, 2, 0, lay("RRRY"), 1)  # player 2's yellow corner grows player 1's region to 11
    marks = placed(s, 2, 1, "RRYR", 1)  # player 2's, turned: founds (2, 1) inside it
    assert [(m.points, m.seat, m.note) for m in marks] == [(-11, 0, "cancelled")]
    s = board(yellow_ten())
    assert [(m.points, m.seat) for m in placed(s, 2, 0, "RRRY", 0)] == [(1, 0)]


def test_a_placement_that_changes_no_score_marks_nothing():
    s = board({(0, 0): ("RRRR", 0)})
    assert placed(s, 1, 0, "RRBB", 0) == []


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), moves=st.integers(1, 30))
def test_per_seat_the_marks_add_up_to_the_change_of_score(seed, moves):
    import random

    s = RULES.setup({"mode": "standard", "decks": "quick"}, 2, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if RULES.is_over(s):
            break
        move = RULES.random_move(s, rng)
        after = RULES.play(s, move)
        marks = RULES.score_marks(s, move, after)
        for seat in range(2):
            assert sum(m.points for m in marks if m.seat == seat) == RULES.scores(after)[seat] - RULES.scores(s)[seat]
        s = after
