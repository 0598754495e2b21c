"""Dot Lines rules (RULES.md §4): placements, the chip, the actions, the roll-off and endings A–E."""
import random

import pytest

from hexgames.core.protocol import IllegalMove
from hexgames.games.dotlines.rules import (
    ACT, BLACK, CHIP, CHIP_HIDDEN, CHIP_NONE, CHOOSE, DOUBLE, DRAW, EXCHANGE, HOME, INVERTER, OVER, REDRAW, ROLL,
    STACK, WHITE, Chip, Draw, Exchange, First, Home, Place, Redraw, Roll, Stack,
)
from tests.games.dotlines.boards import RULES, col, position


def _key(reason) -> str:
    return reason.key if reason is not None else None


# --- placing ------------------------------------------------------------------------------------
def test_next_to_the_die_a_column_has_one_or_two_tiles():
    s = position(mine=(4, 4, 4, 2), die=(3, 5))
    assert RULES.check(s, Place(WHITE, 4, 1, 0)) is None
    assert RULES.check(s, Place(WHITE, 4, 2, 0)) is None
    assert _key(RULES.check(s, Place(WHITE, 4, 3, 0))) == "dotlines.die_count"
    assert RULES.check(s, Place(WHITE, 2, 1, 0)) is None


def test_values_connect_by_one_and_counts_step_by_one():
    s = position(mine=(5, 5, 5, 1, 2), white=[col(4, 2)])
    assert RULES.check(s, Place(WHITE, 5, 1, 0)) is None
    assert RULES.check(s, Place(WHITE, 5, 3, 0)) is None
    assert _key(RULES.check(s, Place(WHITE, 5, 2, 0))) == "dotlines.count"
    assert _key(RULES.check(s, Place(WHITE, 2, 1, 0))) == "dotlines.connect"
    assert _key(RULES.check(s, Place(WHITE, 5, 4, 0))) == "dotlines.not_enough"


def test_a_line_never_gets_a_seventh_column():
    six = [col(1, 1), col(2, 2), col(3, 1), col(4, 2), col(5, 1), col(6, 2)]
    s = position(mine=(5, 5, 5, 1), white=six, die=(2, 4))
    assert _key(RULES.check(s, Place(WHITE, 5, 1, 0))) == "dotlines.seventh"
    assert not [m for m in RULES.legal_moves(s) if type(m) is Place and m.line == WHITE]


def test_wrap_off_six_and_one_do_not_connect_wrap_on_they_do():
    off = position(mine=(1, 1, 3), white=[col(6, 1)], wrap=False)
    assert _key(RULES.check(off, Place(WHITE, 1, 2, 0))) == "dotlines.no_wrap"
    on = position(mine=(1, 1, 3), white=[col(6, 1)], wrap=True)
    assert RULES.check(on, Place(WHITE, 1, 2, 0)) is None
    die_one = position(mine=(6, 3), die=(1, 4), wrap=True)
    assert RULES.check(die_one, Place(WHITE, 6, 1, 0)) is None


def test_placement_lays_the_tiles_and_may_go_on_either_line():
    s = position(mine=(5, 5, 2), die=(4, 6))
    t = RULES.play(s, Place(BLACK, 5, 2, 0))
    assert t.lines[BLACK] == [col(5, 2)]
    assert t.hands[0][5] == 0 and t.hands[0][0] == 1
    assert t.phase == DRAW and t.current == 1


# --- the chip -----------------------------------------------------------------------------------
def test_double_makes_one_tile_count_as_two():
    s = position(mine=(4, 2, 2), chips=(DOUBLE, INVERTER))
    t = RULES.play(s, Place(WHITE, 4, 0, 1))
    assert t.lines[WHITE] == [col(4, 2, (4,))]
    assert t.chip_at[0] == (WHITE, 0, 0)
    # the next column must have 1 or 3 tiles, as after any two-tile column
    t.current, t.phase = 0, ACT
    t.hands[0] = [0, 0, 0, 0, 0, 3, 0]
    t.hands[0][0] = 3
    assert RULES.check(t, Place(WHITE, 5, 1, 0)) is None
    assert _key(RULES.check(t, Place(WHITE, 5, 2, 0))) == "dotlines.count"


def test_inverter_turns_a_two_into_a_five():
    s = position(mine=(2, 6, 6), die=(4, 3), chips=(INVERTER, DOUBLE))
    assert RULES.check(s, Place(WHITE, 5, 0, 1)) is None
    t = RULES.play(s, Place(WHITE, 5, 0, 1))
    assert t.lines[WHITE] == [col(5, 1, (2,))]
    assert t.hands[0][2] == 0
    assert t.chip_at[0] == (WHITE, 0, 0)


def test_the_chip_is_used_once_and_stays_on_its_tile():
    s = position(mine=(4, 5, 5, 5, 1), chips=(DOUBLE, INVERTER))
    s.chip_at[0] = (BLACK, 0, 0)
    assert _key(RULES.check(s, Place(WHITE, 4, 0, 1))) == "dotlines.chip_used"
    assert not [m for m in RULES.legal_moves(s) if getattr(m, "chip", 0)]


def test_inverter_needs_the_opposite_tile():
    s = position(mine=(5, 5), die=(4, 3), chips=(INVERTER, DOUBLE))
    assert _key(RULES.check(s, Place(WHITE, 5, 1, 1))) == "dotlines.no_inverted"


# --- actions ------------------------------------------------------------------------------------
def test_stack_needs_the_same_value_and_count():
    s = position(mine=(4, 4, 3, 6), white=[col(4, 2)])
    assert RULES.check(s, Stack(WHITE, 0, 2, 0)) is None
    assert _key(RULES.check(s, Stack(WHITE, 0, 1, 0))) == "dotlines.stack_count"
    s2 = position(mine=(4, 3, 6), white=[col(4, 2)])
    assert _key(RULES.check(s2, Stack(WHITE, 0, 2, 0))) == "dotlines.not_enough"
    t = RULES.play(s, Stack(WHITE, 0, 2, 0))
    assert t.lines[WHITE] == [col(4, 2, (4, 4, 4, 4))]
    assert t.used[0] & STACK


def test_stack_on_a_stacked_column_and_with_the_chip():
    s = position(mine=(4, 3, 6), white=[col(4, 2, (4, 4, 4, 4))], chips=(DOUBLE, INVERTER))
    t = RULES.play(s, Stack(WHITE, 0, 0, 1))
    assert t.lines[WHITE][0] == col(4, 2, (4, 4, 4, 4, 4))
    assert t.chip_at[0] == (WHITE, 0, 4)


def test_redraw_discards_then_draws():
    s = position(mine=(2, 5), deck=[1, 6, 6])
    t = RULES.play(s, Redraw(2))
    assert t.discards == [2] and t.hands[0][6] == 1 and t.hands[0][2] == 0 and t.hands[0][0] == 2
    assert t.used[0] & REDRAW


def test_redraw_needs_a_tile_in_the_deck():
    s = position(mine=(2, 5), deck=[])
    assert _key(RULES.check(s, Redraw(2))) == "dotlines.redraw_empty"


def test_exchange_swaps_one_tile_each_way():
    s = position(mine=(2, 5), theirs=(6, 1))
    t = RULES.play(s, Exchange(2, 6))
    assert t.hands[0][6] == 1 and t.hands[0][2] == 0 and t.hands[1][2] == 1 and t.hands[1][6] == 0
    assert _key(RULES.check(s, Exchange(2, 2))) == "dotlines.not_in_their_hand"


def test_an_exchange_of_equal_values_is_allowed_and_spends_the_action():
    # §4.7 swaps any hand tile for any of the opponent's: equal values leave the hands as they were,
    # but the action is used and the turn is over
    s = position(mine=(3, 5), theirs=(3, 1))
    assert RULES.check(s, Exchange(3, 3)) is None and Exchange(3, 3) in RULES.legal_moves(s)
    t = RULES.play(s, Exchange(3, 3))
    assert t.hands == s.hands and t.used[0] & EXCHANGE
    assert t.current == 1 and t.phase == DRAW


def only_an_equal_exchange(deck):
    """Seat 0 holds a 1 and is to draw another; seat 1 holds only 1s; nothing fits the dice (6 and 6,
    no wrap), Redraw and Stack are spent: after the draw the only act left is Exchange(1, 1)."""
    return position(mine=(1,), theirs=(1, 1, 1), die=(6, 6), deck=deck, used=(REDRAW | STACK, 0), phase=DRAW)


def test_a_player_whose_only_act_is_an_equal_exchange_plays_on():
    s = RULES.play(only_an_equal_exchange([4, 1]), Draw())
    assert s.phase == ACT  # not ending D: the exchange is an act
    assert RULES.legal_moves(s) == [Exchange(1, 1)]
    t = RULES.play(s, Exchange(1, 1))
    assert t.phase == DRAW and t.current == 1 and t.hands[0] == s.hands[0]


def test_an_equal_exchange_can_win_by_the_deck_running_out():
    # the last tile drawn, the exchange ends the turn with an empty deck: 2 tiles in hand against 3
    s = RULES.play(only_an_equal_exchange([1]), Draw())
    t = RULES.play(s, Exchange(1, 1))
    assert t.phase == OVER and t.ending == "E" and t.winner == 0
    assert RULES.outcome(t).summary == "The deck ran out: 2 against 3 tiles in hand; fewer wins."


def test_describe_words_an_exchange_for_the_player_whose_hand_it_changed():
    s = position(mine=(2, 5), theirs=(6, 1), current=1)  # seat 1 gives its 6 and takes seat 0's 2
    m = Exchange(6, 2)
    assert RULES.describe(s, m, 0) == "exchanged your 2 for their 6 (Exchange)"
    assert RULES.describe(s, m, 1) == "exchanged your 6 for their 2 (Exchange)"
    assert RULES.describe(s, m, None) == "gave a 6 for a 2 (Exchange)"
    same = position(mine=(3, 5), theirs=(3, 1))
    assert RULES.describe(same, Exchange(3, 3), 1) == "exchanged a 3 for a 3: the hands are unchanged (Exchange)"


def test_describe_says_whose_line_a_placement_went_on():
    s = position(mine=(4, 4, 2), theirs=(1, 5), white=[col(3, 1)], die=(2, 5))
    assert RULES.describe(s, Place(WHITE, 4, 2, 0), 0) == "placed 2 tiles of 4 on your line (White) as column 2"
    assert RULES.describe(s, Place(WHITE, 4, 2, 0), 1) == "placed 2 tiles of 4 on White as column 2"
    assert RULES.describe(s, Stack(WHITE, 0, 1, 0), None) == "stacked 1 tile of 3 on White, column 1"


@pytest.mark.parametrize("bit,move,key", [
    (REDRAW, Redraw(2), "dotlines.used.redraw"),
    (EXCHANGE, Exchange(2, 6), "dotlines.used.exchange"),
    (STACK, Stack(WHITE, 0, 1, 0), "dotlines.used.stack"),
])
def test_every_action_is_refused_a_second_time(bit, move, key):
    s = position(mine=(2, 5, 5), theirs=(6, 1), white=[col(5, 1)], used=(bit, 0))
    assert _key(RULES.check(s, move)) == key
    with pytest.raises(IllegalMove):
        RULES.play(s, move)


def test_an_action_is_a_whole_turn():
    s = position(mine=(2, 5), theirs=(6, 1))
    t = RULES.play(s, Exchange(2, 6))
    assert t.current == 1 and t.phase == DRAW


# --- endings ------------------------------------------------------------------------------------
def test_ending_a_emptying_the_hand_wins():
    s = position(mine=(4, 4), theirs=(1, 2, 3))
    t = RULES.play(s, Place(WHITE, 4, 2, 0))
    assert t.phase == OVER and t.ending == "A" and t.winner == 0
    assert RULES.outcome(t).ranks == (0, 1)


def test_ending_a_also_by_stack():
    s = position(mine=(4,), theirs=(1, 2, 3), black=[col(4, 1)])
    t = RULES.play(s, Stack(BLACK, 0, 1, 0))
    assert t.ending == "A" and t.winner == 0


def test_a_decides_over_b_when_the_mover_empties_their_hand_on_the_opponents_sixth_column():
    five = [col(5, 1), col(6, 2), col(5, 1), col(4, 2), col(3, 1)]
    s = position(mine=(2, 2), theirs=(1, 1, 3), black=five, die=(3, 4))
    t = RULES.play(s, Place(BLACK, 2, 2, 0))
    assert len(t.lines[BLACK]) == 6
    assert t.ending == "A" and t.winner == 0
    # C and B matched too (this is C's situation); §4.8's order lets A decide, for the same winner
    assert t.matches == ("A", "C", "B")
    assert RULES.outcome(t).summary.key == "dotlines.ending.emptied_hand_sixth_column"


def test_ending_c_situation_the_mover_wins_not_the_lines_owner():
    five = [col(5, 1), col(6, 2), col(5, 1), col(4, 2), col(3, 1)]
    s = position(mine=(2,), theirs=(1, 1, 3), black=five, die=(3, 4), chips=(DOUBLE, INVERTER))
    t = RULES.play(s, Place(BLACK, 2, 0, 1))  # one 2 under the Double: a column of two, hand empty
    assert "C" in t.matches and t.winner == 0 and RULES.outcome(t).ranks == (0, 1)


def _ending_text(language: str, key: str) -> str:
    """A translated ending from the game's translation file (no app needed)."""
    import json
    from pathlib import Path

    path = Path(__file__).resolve().parents[3] / "assets" / "translations" / f"dotlines.{language}.json"
    return json.loads(path.read_text(encoding="utf-8"))[language]["ending"][key]


FIVE = [col(5, 1), col(6, 2), col(5, 1), col(4, 2), col(3, 1)]


def c_position():
    """Seat 0 (white) holds one 2; black (seat 1's home) has five columns ending in a column of two 3s,
    so the 2 alone makes black's 6th column: ending C's situation, with A's (an empty hand) too."""
    five = [col(5, 2), col(6, 1), col(5, 2), col(4, 1), col(3, 2)]
    return position(mine=(2,), theirs=(1, 1, 6), black=five, die=(3, 4))


def test_ending_c_reached_with_the_last_tile_is_announced_with_a():
    t = RULES.play(c_position(), Place(BLACK, 2, 1, 0))
    assert len(t.lines[BLACK]) == 6 and t.hands[0][0] == 0
    # §4.8 checks A first and C implies A: A decides, for the mover, and the ending says C held too
    assert t.phase == OVER and t.winner == 0 and t.ending == "A" and t.matches == ("A", "C", "B")
    out = RULES.outcome(t)
    assert out.ranks == (0, 1) and out.ending == "emptied_hand_sixth_column"
    assert out.summary == "Won by emptying their hand on the opponent's 6th column."
    assert "6列目" in _ending_text("ja", "emptied_hand_sixth_column")


@pytest.mark.parametrize("make,move,label,summary", [
    (lambda: position(mine=(4, 4), theirs=(1, 2, 3)), Place(WHITE, 4, 2, 0), "emptied_hand",
     "Won by emptying their hand."),
    (lambda: position(mine=(2, 2, 1), theirs=(1, 1, 3), white=FIVE, die=(4, 4)), Place(WHITE, 2, 2, 0),
     "six_columns", "The White home line reached six columns: its owner wins."),
    (lambda: position(mine=(1,), theirs=(3, 3), die=(6, 6), deck=[4, 1, 1], used=(REDRAW | EXCHANGE | STACK, 0),
                      phase=DRAW), Draw(), "stuck", "After drawing, the loser could neither place nor act."),
    (lambda: position(mine=(4, 4, 1), theirs=(1, 2, 3, 6), deck=[]), Place(WHITE, 4, 2, 0), "deck_out",
     "The deck ran out: 1 against 4 tiles in hand; fewer wins."),
    (lambda: position(mine=(4, 1, 6), theirs=(1, 2), deck=[]), Place(WHITE, 4, 1, 0), "deck_out",
     "The deck ran out and the hands are equal (2 each): a draw."),
])
def test_the_outcome_names_the_ending_in_words_and_what_decided_it(make, move, label, summary):
    out = RULES.outcome(RULES.play(make(), move))
    assert out.ending == label and out.summary == summary
    assert "Ending" not in out.summary
    key = out.summary.key.split(".", 1)[1]
    assert key.startswith("ending.") and _ending_text("ja", key.split(".")[1])


def test_before_the_end_there_is_no_ending_label():
    assert RULES.outcome(position(mine=(2,), theirs=(1,))).ending == ""


def test_ending_b_own_sixth_column_wins():
    five = [col(5, 1), col(6, 2), col(5, 1), col(4, 2), col(3, 1)]
    s = position(mine=(2, 2, 1), theirs=(1, 1, 3), white=five, die=(4, 4))
    t = RULES.play(s, Place(WHITE, 2, 2, 0))
    assert t.ending == "B" and t.winner == 0


def test_ending_b_the_opponents_sixth_column_makes_them_win():
    five = [col(5, 1), col(6, 2), col(5, 1), col(4, 2), col(3, 1)]
    s = position(mine=(2, 2, 1), theirs=(1, 1, 3), black=five, die=(4, 4))
    t = RULES.play(s, Place(BLACK, 2, 2, 0))
    assert t.ending == "B" and t.winner == 1


def test_ending_d_a_player_who_cannot_place_or_act_loses():
    # seat 0 draws a 1; nothing of theirs fits the ends (die 6 / 6), every action is used
    s = position(mine=(1,), theirs=(3, 3), die=(6, 6), deck=[4, 1, 1], used=(REDRAW | EXCHANGE | STACK, 0),
                 phase=DRAW)
    t = RULES.play(s, Draw())
    assert t.phase == OVER and t.ending == "D" and t.winner == 1


def test_ending_d_beats_e_when_the_stuck_player_drew_the_last_tile():
    s = position(mine=(1,), theirs=(3, 3, 3, 3, 3), die=(6, 6), deck=[1], used=(REDRAW | EXCHANGE | STACK, 0),
                 phase=DRAW)
    t = RULES.play(s, Draw())
    assert not t.deck
    assert t.ending == "D" and t.winner == 1  # E alone would have given the win to seat 0 (2 tiles v 5)


def test_ending_e_fewer_tiles_in_hand_wins():
    s = position(mine=(4, 4, 1), theirs=(1, 2, 3, 6), deck=[])
    t = RULES.play(s, Place(WHITE, 4, 2, 0))
    assert t.ending == "E" and t.winner == 0


def test_ending_e_equal_hands_is_a_draw():
    s = position(mine=(4, 1, 6), theirs=(1, 2), deck=[])
    t = RULES.play(s, Place(WHITE, 4, 1, 0))
    assert t.ending == "E" and t.winner == -1
    assert RULES.outcome(t).ranks == (0, 0)
    assert RULES.outcome(t).summary.key == "dotlines.ending.deck_out_draw"


def test_ending_e_after_a_redraw_takes_the_last_tile():
    s = position(mine=(4, 1, 6), theirs=(1, 2), deck=[5])
    t = RULES.play(s, Redraw(1))
    assert t.ending == "E" and t.winner == 1


# --- roll-off and chip ----------------------------------------------------------------------------
def test_the_roll_off_rerolls_ties_and_the_winner_chooses():
    ties = 0
    for seed in range(60):
        s = RULES.setup({}, 2, seed)
        assert s.phase == ROLL and RULES.legal_moves(s) == [Roll()]
        t = RULES.play(s, Roll())
        a, b = t.rolls[-1]
        assert a != b and all(x == y for x, y in t.rolls[:-1])
        ties += len(t.rolls) > 1
        assert t.phase == CHOOSE and t.current == (0 if a > b else 1)
    assert ties  # some of 60 roll-offs tied at first


def test_winner_takes_a_home_and_the_other_moves_first():
    s = RULES.play(RULES.setup({}, 2, 1), Roll())
    w = s.current
    t = RULES.play(s, Home(BLACK))
    assert t.home[w] == BLACK and t.home[1 - w] == WHITE and t.first == 1 - w
    assert t.die[BLACK] == s.rolls[-1][w] and t.die[WHITE] == s.rolls[-1][1 - w]
    assert t.phase == CHIP and t.current == 1 - w


def test_winner_moves_first_and_the_other_chooses_a_home():
    s = RULES.play(RULES.setup({}, 2, 1), Roll())
    w = s.current
    t = RULES.play(s, First())
    assert t.phase == HOME and t.current == 1 - w
    assert _key(RULES.check(t, First())) == "dotlines.choose_home"
    u = RULES.play(t, Home(WHITE))
    assert u.home[1 - w] == WHITE and u.home[w] == BLACK and u.first == w and u.current == w


def test_hands_are_private_until_the_homes_are_chosen():
    s = RULES.play(RULES.setup({}, 2, 3), Roll())
    view = RULES.observe(s, 0)
    assert view.hands[0] == s.hands[0] and view.hands[1] is None
    t = RULES.play(s, Home(WHITE))
    assert RULES.observe(t, 0).hands[1] == t.hands[1]


def test_the_chip_choice_is_hidden_until_both_have_chosen():
    s = RULES.play(RULES.play(RULES.setup({}, 2, 3), Roll()), First())
    s = RULES.play(s, Home(WHITE))
    assert s.phase == CHIP
    a = s.current
    t = RULES.play(s, Chip(INVERTER))
    assert t.current == 1 - a and t.phase == CHIP
    assert RULES.observe(t, 1 - a).chip[a] == CHIP_HIDDEN
    assert RULES.observe(t, a).chip[a] == INVERTER
    u = RULES.play(t, Chip(DOUBLE))
    assert u.phase == DRAW and u.current == u.first
    assert RULES.observe(u, 1 - a).chip == [INVERTER if i == a else DOUBLE for i in (0, 1)]
    assert RULES.reveals(t, Chip(DOUBLE)) is not None
    assert RULES.reveals(s, Chip(DOUBLE)) is None


def test_the_views_of_a_secret_chip_tell_nothing_of_its_side():
    """Neither the opponent's view nor a spectator's (a seat nobody holds) can tell the two chips
    apart: not through the chip, not through the last move, and the hands stay hidden from a
    spectator until they are turned face up."""
    s = RULES.play(RULES.play(RULES.setup({}, 2, 3), Roll()), First())
    assert RULES.observe(s, 2).hands == [None, None] and RULES.observe(s, 0).hands[0] is not None
    s = RULES.play(s, Home(WHITE))
    a = s.current
    inverter, double = RULES.play(s, Chip(INVERTER)), RULES.play(s, Chip(DOUBLE))
    for viewer in (1 - a, 2):
        assert RULES.digest(RULES.observe(inverter, viewer)) == RULES.digest(RULES.observe(double, viewer))
    assert RULES.digest(RULES.observe(inverter, a)) != RULES.digest(RULES.observe(double, a))
    full = RULES.sample(RULES.observe(inverter, 1 - a), 1 - a, random.Random(1))
    assert full.last == (a, Chip(full.chip[a]))  # a sampled state is whole: its last move names a side


def test_nothing_private_shows_once_both_chips_are_chosen():
    s = RULES.setup({}, 2, 3)
    seen = []
    rng = random.Random(3)
    while s.phase != ACT:
        seen.append((s.phase, RULES.private_info(s)))
        s = RULES.play(s, RULES.random_move(s, rng))
    assert seen[0] == (ROLL, True)
    assert (CHIP, False) in seen and (CHIP, True) in seen
    assert seen[-1] == (DRAW, False)


def test_the_removed_tile_and_the_deck_are_hidden_from_everyone():
    s = RULES.setup({}, 2, 7)
    for seat in (0, 1):
        v = RULES.observe(s, seat)
        assert v.removed == 0 and set(v.deck) <= {0} and len(v.deck) == len(s.deck) and v.rng == 0
        assert v.chip == [CHIP_NONE, CHIP_NONE]


def test_draw_refuses_undo():
    s = position(mine=(4,), theirs=(3,), phase=DRAW)
    assert RULES.reveals(s, Draw()) is not None
    assert RULES.reveals(position(mine=(4, 2)), Place(WHITE, 4, 1, 0)) is None


# --- protocol -----------------------------------------------------------------------------------
@pytest.mark.parametrize("junk", [None, 3, "place", [], (), ["place", 0, 4, 1, 0], (0, 4, 1, 0),
                                  Place(0, 4, True, 0), Place(0, 4.0, 1, 0), Place(0, "4", 1, 0),
                                  Place(5, 4, 1, 0), Place(0, 9, 1, 0), Place(0, 4, -1, 0), Place(0, 4, 0, 0),
                                  Place(0, 4, 1, 2), Stack(0, 7, 1, 0), Redraw(9), Exchange(0, 0), Chip(3)])
def test_check_refuses_junk_without_raising(junk):
    s = position(mine=(4, 2), theirs=(1,))
    assert RULES.check(s, junk) is not None


@pytest.mark.parametrize("bad", [None, [], ["place"], ["place", 0, 4, 1], ["place", 0, 4, 1, True],
                                 ["place", 0, 4.0, 1, 0], ("draw",), ["nope"], [1, 2], ["draw", 0],
                                 ["place", 0, 4, 1, [0]]])
def test_decode_is_strict(bad):
    with pytest.raises(ValueError):
        RULES.decode(bad)


def test_encode_decode_round_trip():
    for m in [Roll(), First(), Home(1), Chip(0), Draw(), Place(1, 4, 2, 1), Stack(0, 3, 1, 0), Redraw(6),
              Exchange(2, 5)]:
        j = RULES.encode(m)
        assert RULES.decode(j) == m and type(RULES.decode(j)) is type(m)
        assert RULES.encode(RULES.decode(j)) == j


def test_options_and_seat_count():
    with pytest.raises(ValueError):
        RULES.setup({}, 3, 1)
    assert RULES.setup({"wrap": "on"}, 2, 1).wrap and not RULES.setup({}, 2, 1).wrap


def test_every_reason_key_has_english_and_japanese():
    import json
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[3]

    def keys(d, prefix=""):
        out = set()
        for k, v in d.items():
            out |= keys(v, f"{prefix}{k}.") if isinstance(v, dict) else {prefix + k}
        return out

    for ns in ("dotlines", "dotlines_ui"):
        en = json.loads((root / f"assets/translations/{ns}.en.json").read_text(encoding="utf-8"))["en"]
        ja = json.loads((root / f"assets/translations/{ns}.ja.json").read_text(encoding="utf-8"))["ja"]
        assert keys(en) == keys(ja)
        assert not any(" " in v for v in _values(ja))  # natural Japanese: no stray spaces
    en = keys(json.loads((root / "assets/translations/dotlines.en.json").read_text(encoding="utf-8"))["en"])
    source = (root / "hexgames/games/dotlines/rules.py").read_text(encoding="utf-8")
    used = set(re.findall(r'_reason\(\s*f?"([a-z_.A-E{}]+)"', source))
    used = {k for k in used if "{" not in k} | {f"ending.{e}" for e in ("emptied_hand", "emptied_hand_sixth_column",
                                                                       "stuck")}
    assert used <= en, used - en


def _values(d):
    for v in d.values():
        if isinstance(v, dict):
            yield from _values(v)
        else:
            yield v
