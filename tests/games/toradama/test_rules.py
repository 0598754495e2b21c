"""Toradama rules from RULES.md §3's own examples, each on a hand-built board (see positions.py)."""
import pytest

from hexgames.core.protocol import IllegalMove
from hexgames.games.toradama import board
from hexgames.games.toradama.board import BLUE, CUBE, GREEN, RED, YELLOW, cell
from hexgames.games.toradama.moves import (
    CUBE_SOURCE, Choose, Clear, Dig, Flip, Give, Place, Reroll, Resign, Swap, Triple,
)
from hexgames.games.toradama.rules import (
    CHOOSE, DRAW, KITSUNE, KUMA, NEKO, NIKU, PLACING, START, TORA, USAGI,
)
from tests.games.toradama.positions import RULES, kind, make, show, tile_count

EMPTY_ROWS = ["....."] * 6


def rows(*bottom_up_top: str) -> list[str]:
    """Board lines given top first, padded with empty rows above."""
    return ["....."] * (6 - len(bottom_up_top)) + list(bottom_up_top)


def events(s, name):
    return [e for e in s.events if e[0] == name]


# --- setup and the character choice ---------------------------------------------------------------
def test_setup_fills_the_pool_with_tama_and_the_start_player_chooses_first():
    for seed in range(20):
        s = RULES.setup({}, 2, seed)
        assert len(s.pool) == 3 and all(0 <= k < 5 for k in s.pool)
        assert s.phase == CHOOSE and s.current == s.start_player
        assert tile_count(s) == 66 and len(s.bag) == 63


def test_each_player_chooses_a_different_character_then_the_start_player_places_one_tile():
    s = RULES.setup({}, 2, 3)
    first = s.current
    s = RULES.play(s, Choose(NEKO))
    assert s.current == 1 - first and Choose(NEKO) not in RULES.legal_moves(s)
    assert RULES.check(s, Choose(NEKO)).key == "toradama.character_taken"
    s = RULES.play(s, Choose(TORA))
    assert s.chars[first] == NEKO and s.chars[1 - first] == TORA
    assert s.phase == START and s.current == first and s.to_place == 1
    src = s.pool[0]
    s = RULES.play(s, Place(src, 2 if first == 0 else 3))
    assert s.current == 1 - first and s.to_place == 2 and len(s.pool) == 3


# --- placing --------------------------------------------------------------------------------------
def test_placing_takes_two_tiles_one_at_a_time_and_never_clears():
    s = make(rows("RR..."), pool="RYB")
    s = RULES.play(s, Place(RED, 2))
    assert s.phase == PLACING and s.to_place == 1 and s.current == 0
    assert RULES.check(s, Clear(cell(0, 0))).key == "toradama.finish_placing"
    s = RULES.play(s, Place(YELLOW, 0))
    assert show(s)[-2:] == ["Y....", "RRR.."]  # three reds in a row stay: placing never clears
    assert s.current == 1 and s.phase == START


def test_a_tile_goes_only_on_a_column_of_your_area_with_room():
    s = make(rows("R....", "R....", "R....", "Y....", "Y....", "Y...."))
    assert RULES.check(s, Place(RED, 3)).key == "toradama.not_your_column"
    assert RULES.check(s, Place(RED, 0)).key == "toradama.column_full"
    assert RULES.check(s, Place(GREEN, 1)).key == "toradama.not_in_pool"
    assert RULES.check(s, Place(CUBE_SOURCE, 1)).key == "toradama.no_cube"


def test_a_cube_is_placed_face_down_from_the_top_of_your_cube_pool():
    s = make(EMPTY_ROWS, cubes=("GB", ""))
    s = RULES.play(s, Place(CUBE_SOURCE, 1))
    assert s.cells[cell(1, 0)] == CUBE + BLUE and s.cubes[0] == [GREEN]
    assert RULES.observe(s, 0).cells[cell(1, 0)] == board.HIDDEN_CUBE


def test_a_tile_not_placed_goes_to_the_opponents_score_pile_at_their_favourite_value():
    s = make(EMPTY_ROWS, pool="BBY", chars=(TORA, NEKO))  # Neko's favourite is blue
    s = RULES.play(s, Give(BLUE))
    assert s.score[1][BLUE] == 1 and s.points(1) == 2
    s = RULES.play(s, Give(YELLOW))
    assert s.points(1) == 3


def test_a_given_cube_counts_as_its_tama_and_is_shown():
    s = make(EMPTY_ROWS, cubes=("B", ""), chars=(TORA, NEKO))
    assert RULES.reveals(s, Give(CUBE_SOURCE)) is not None
    s = RULES.play(s, Give(CUBE_SOURCE))
    assert s.score[1][BLUE] == 1 and s.points(1) == 2


def test_placing_needs_the_tiles_of_the_turn_in_pool_and_cube_pool():
    s = make(rows("R...."), pool="Y")
    s.bag_out = True
    assert not RULES.can_place(s)
    assert RULES.check(s, Place(YELLOW, 0)).key == "toradama.not_enough_tiles"
    s = make(rows("R...."), pool="Y", cubes=("G", ""))
    assert RULES.can_place(s)


# --- clearing -------------------------------------------------------------------------------------
def test_a_buried_clear_ball_lets_the_tiles_above_fall():
    s = make(rows("B....", "Y....", "R...."))
    s = RULES.play(s, Clear(cell(0, 0)))
    assert show(s)[-2:] == ["B....", "Y...."]
    assert s.cubes[1] == [RED]  # onto the opponent's cube pool, face down
    assert events(s, "fall") == [("fall", ((0, 1, 0, YELLOW), (0, 2, 1, BLUE)))]
    assert s.current == 1 and sum(s.score[0]) == 0  # nothing matched: legal all the same


def test_a_cube_or_an_empty_cell_cannot_be_the_clear_ball_nor_a_tama_outside_your_area():
    s = make(rows("r...Y"))
    assert RULES.check(s, Clear(cell(0, 0))).key == "toradama.cube_not_ball"
    assert RULES.check(s, Clear(cell(1, 0))).key == "toradama.empty_cell"
    assert RULES.check(s, Clear(cell(4, 0))).key == "toradama.not_your_area"
    assert RULES.check(s, Clear(99)).key == "toradama.no_such_cell"


def test_an_l_shaped_group_clears_one_tile_scored_the_rest_discarded():
    s = make(rows("R....", "RRB.."), chars=(TORA, NEKO))
    s = RULES.play(s, Clear(cell(2, 0)))
    assert s.score[0][RED] == 1 and s.discard[RED] == 2 and s.points(0) == 2  # Tora: red counts 2
    assert show(s)[-1] == "....."
    (chain,) = events(s, "chain")
    assert chain[1] == 1 and chain[2][0][2] == 1


def test_a_group_of_four_or_more_gives_one_bonus_tile():
    s = make(rows("R....", "R....", "R....", "RY..."), chars=(NEKO, TORA))
    s = RULES.play(s, Clear(cell(1, 0)))
    assert s.score[0][RED] == 2 and s.discard[RED] == 2


def test_chain_two_and_three_bonuses():
    # the ball's column drops: blue joins blue (chain 1); the reds then meet (chain 2); the greens last
    s = make(rows("R....", "BG...", "BR...", "RB...", "YGG.."), chars=(KUMA, NEKO))
    s = RULES.play(s, Clear(cell(0, 0)))
    chains = events(s, "chain")
    assert [c[1] for c in chains] == [1, 2, 3]
    assert [(g[1], g[2]) for c in chains for g in c[2]] == [(BLUE, 1), (RED, 2), (GREEN, 3)]
    assert s.score[0] == [2, 0, 1, 0, 3] and s.points(0) == 9  # green is Kuma's favourite
    assert show(s) == EMPTY_ROWS


def test_a_group_spanning_the_shared_column_is_cleared_by_the_opponent():
    s = make(rows("RGGGY"), current=1)  # seat 0 placed greens across into the shared column
    s = RULES.play(s, Clear(cell(4, 0)))
    assert s.score[1] == [0, 0, 0, 0, 1] and s.cubes[0] == [YELLOW]
    assert show(s)[-1] == "R...."


def test_a_group_wholly_in_the_opponents_private_columns_does_not_clear():
    s = make(rows("BY...", "BY...", "BR..G"), current=1)
    s = RULES.play(s, Clear(cell(4, 0)))
    assert sum(s.score[1]) == 0 and show(s)[-3:] == ["BY...", "BY...", "BR..."]


def test_cubes_next_to_a_cleared_group_turn_face_up_on_both_sides():
    s = make(rows(".r.y.", "YBBB."), chars=(TORA, NEKO))
    assert RULES.reveals(s, Clear(cell(0, 0))) is not None
    s = RULES.play(s, Clear(cell(0, 0)))
    (flip,) = events(s, "flip")
    assert sorted(flip[1]) == [(cell(1, 1), RED), (cell(3, 1), YELLOW)]
    assert show(s)[-1] == ".R.Y."  # face up, and fallen into the gap


def test_cubes_off_discards_the_clear_ball():
    s = make(rows("R...."), options={"cubes": "off"})
    s = RULES.play(s, Clear(cell(0, 0)))
    assert s.cubes == [[], []] and s.discard[RED] == 1


# --- refill, niku cubes, the bag-out --------------------------------------------------------------
def _with_bag(s, bag):
    """Keep every tile accounted for: what leaves the bag goes to the discard pile."""
    for code in s.bag:
        s.discard[code] += 1
    for code in bag:
        s.discard[code] -= 1
    s.bag = list(bag)
    return s


def test_a_niku_cube_goes_to_the_mover_if_room_else_the_opponent_else_it_is_discarded():
    s = _with_bag(make(EMPTY_ROWS, pool="RYB", niku=(2, 1)), [NIKU, NIKU])
    s = RULES.play(RULES.play(s, Place(RED, 0)), Place(YELLOW, 0))
    assert s.niku == [2, 2] and s.discard[NIKU] == 1 + (6 - 3 - 2)
    assert [e[2] for e in events(s, "draw")] in ([1, -1],)
    s = _with_bag(make(EMPTY_ROWS, pool="RYB", niku=(1, 0)), [NIKU, GREEN, GREEN])
    s = RULES.play(RULES.play(s, Place(RED, 0)), Place(YELLOW, 0))
    assert s.pool == [BLUE, GREEN, GREEN] and s.niku[0] in (1, 2)
    assert tile_count(s) == 66


def test_the_bag_running_out_mid_refill_is_announced_and_ends_refills():
    s = _with_bag(make(rows("R...."), pool="RYB"), [GREEN])
    s = RULES.play(RULES.play(s, Place(RED, 0)), Place(YELLOW, 0))
    assert s.pool == [BLUE, GREEN] and s.bag_out and events(s, "bagout")
    assert s.current == 1 and s.phase == START
    s = RULES.play(RULES.play(s, Place(BLUE, 2)), Place(GREEN, 2))
    assert s.pool == [] and len(events(s, "draw")) == 0  # refills are skipped from now on


def test_the_bag_reaching_zero_is_announced_even_when_the_pool_is_full_again():
    s = _with_bag(make(rows("R...."), pool="RYB"), [GREEN, GREEN])
    s = RULES.play(RULES.play(s, Place(RED, 0)), Place(YELLOW, 0))
    assert s.pool == [BLUE, GREEN, GREEN] and s.bag_out and events(s, "bagout")


def test_a_player_who_can_neither_place_nor_clear_loses():
    s = _with_bag(make(rows("R...."), pool="RYB"), [NIKU])
    s = RULES.play(RULES.play(s, Place(RED, 0)), Place(YELLOW, 1))
    # seat 1: one tama in the pool, no cubes, nothing face up in columns 2-4
    assert RULES.is_over(s) and s.end == "stuck" and s.winner == 0
    assert RULES.outcome(s).ranks == (0, 1)


# --- okunote ----------------------------------------------------------------------------------------
def test_tora_swaps_two_adjacent_tiles_of_her_private_columns_for_one_niku():
    s = make(rows("Y....", "RB..."), chars=(TORA, NEKO), niku=(1, 0))
    assert RULES.check(s, Swap(cell(0, 0), cell(2, 0))).key == "toradama.swap_cells"
    s = RULES.play(s, Swap(cell(0, 0), cell(0, 1)))
    assert show(s)[-2:] == ["R....", "YB..."] and s.niku[0] == 0 and s.discard[NIKU] == 1
    assert RULES.check(s, Swap(cell(0, 0), cell(1, 0))).key == "toradama.okunote_used"
    assert s.phase == START and s.current == 0


def test_tora_never_swaps_two_tiles_that_look_alike_not_even_two_cubes_with_different_faces():
    s = make(rows("r....", "bRR.."), chars=(TORA, NEKO), niku=(1, 0))
    swaps = RULES.okunote_moves(s)
    assert Swap(cell(0, 0), cell(0, 1)) not in swaps  # a blue and a red cube: both look like a cube
    assert Swap(cell(1, 0), cell(2, 0)) not in swaps  # the shared column is not hers anyway
    assert swaps == [Swap(cell(0, 0), cell(1, 0))]  # only the cube and the red tama look different
    assert RULES.check(s, Swap(cell(0, 0), cell(0, 1))).key == "toradama.swap_cells"
    view = RULES.observe(s, 0)  # what is offered depends on nothing the faces would tell
    assert RULES.okunote_moves(view) == swaps


def test_an_okunote_needs_its_niku_cubes():
    s = make(rows("Y....", "RB..."), chars=(TORA, NEKO))
    assert RULES.check(s, Swap(cell(0, 0), cell(0, 1))).key == "toradama.okunote_cost"
    assert RULES.check(s, Triple()).key == "toradama.not_your_okunote"


def test_usagi_returns_the_pool_and_refills_it_and_the_niku_is_recycled():
    s = make(rows("Y...."), pool="RRR", chars=(USAGI, NEKO), niku=(1, 0))
    bag_before = len(s.bag)
    s = RULES.play(s, Reroll())
    assert len(s.pool) == 3 and s.okunote_used and tile_count(s) == 66
    assert len(s.bag) + s.niku[0] + s.niku[1] == bag_before + 1 + 3 - 3 and s.discard[NIKU] == 0
    assert RULES.reveals(make(rows("Y...."), chars=(USAGI, NEKO), niku=(1, 0)), Reroll()) is not None


def test_neko_places_three_tiles_this_turn():
    s = make(EMPTY_ROWS, pool="RYB", chars=(NEKO, TORA), niku=(1, 0))
    s = RULES.play(s, Triple())
    assert s.to_place == 3 and s.discard[NIKU] == 1
    for src in (RED, YELLOW, BLUE):
        assert s.current == 0
        s = RULES.play(s, Place(src, 0))
    assert s.current == 1 and show(s)[-3:] == ["B....", "Y....", "R...."]


def test_kitsune_turns_a_cube_of_her_area_face_up_for_two_niku():
    s = make(rows("..g.b"), chars=(KITSUNE, NEKO), niku=(2, 0))
    assert RULES.okunote_moves(s) == [Flip(cell(2, 0))]
    s = RULES.play(s, Flip(cell(2, 0)))
    assert s.cells[cell(2, 0)] == GREEN and s.niku[0] == 0 and s.discard[NIKU] == 2


def test_kuma_discards_the_top_tile_of_a_private_column_and_recycles_two_niku():
    s = make(rows("y....", "R...."), chars=(KUMA, NEKO), niku=(2, 0))
    bag = len(s.bag)
    s = RULES.play(s, Dig(0))
    assert show(s)[-2:] == [".....", "R...."] and s.discard[YELLOW] == 1  # the cube is shown as it leaves
    assert len(s.bag) == bag + 2 and s.niku[0] == 0
    assert RULES.check(s, Dig(1)).key in ("toradama.okunote_used",)


# --- the end ----------------------------------------------------------------------------------------
def test_a_gift_wins_the_game_for_the_opponent_on_the_movers_turn():
    s = make(EMPTY_ROWS, pool="BRY", chars=(TORA, NEKO), score=("", "RRRRRR"))
    s = RULES.play(s, Give(BLUE))
    assert RULES.is_over(s) and s.winner == 1 and s.end == "target"
    assert RULES.outcome(s).ranks == (1, 0)


def test_reaching_the_target_by_clearing_wins_at_once():
    s = make(rows("R....", "RRB.."), chars=(TORA, NEKO), score=("YYYYYY", ""))
    s = RULES.play(s, Clear(cell(2, 0)))
    assert RULES.is_over(s) and s.winner == 0 and s.points(0) == 8


def test_both_reaching_the_target_together_is_a_draw():
    s = make(EMPTY_ROWS, score=("RRRRRRRR", "BBBB"))
    RULES._check_target(s)
    assert s.winner == DRAW and RULES.outcome(s).ranks == (0, 0)


def test_resign_hands_the_win_to_the_opponent():
    s = make(rows("R...."))
    s = RULES.play(s, Resign())
    assert RULES.is_over(s) and s.winner == 1 and RULES.outcome(s).ranks == (1, 0)


def test_every_ending_is_named_for_the_arena_and_in_words_for_the_results():
    won = RULES.play(make(EMPTY_ROWS, pool="BRY", chars=(TORA, NEKO), score=("", "RRRRRR")), Give(BLUE))
    drawn = make(EMPTY_ROWS, score=("RRRRRRRR", "BBBB"))
    RULES._check_target(drawn)
    stuck = _with_bag(make(rows("R...."), pool="RYB"), [NIKU])
    stuck = RULES.play(RULES.play(stuck, Place(RED, 0)), Place(YELLOW, 1))
    resigned = RULES.resign(make(rows("R....")), 1)
    ten = RULES.play(make(EMPTY_ROWS, pool="BRY", chars=(TORA, NEKO), score=("", "RRRRRRRR"),
                          options={"target": 10}), Give(BLUE))
    expected = {
        "first_to_8": (won, "toradama.result.target", ("toradama.character.tora", "toradama.detail.line")),
        "both_reached_8": (drawn, "toradama.result.draw", ("toradama.detail.line", "toradama.detail.line")),
        "no_move": (stuck, "toradama.result.stuck", ("toradama.character.tora", "toradama.detail.line")),
        "resigned": (resigned, "toradama.result.resign", ("toradama.character.tora", "toradama.detail.line")),
        "first_to_10": (ten, "toradama.result.target", ("toradama.character.tora", "toradama.detail.line")),
    }
    for name, (state, summary, details) in expected.items():
        out = RULES.outcome(state)
        assert (out.ending, out.summary.key, tuple(d.key for d in out.details)) == (name, summary, details)
    assert RULES.outcome(resigned).details[1].params["part"].key == "toradama.detail.resigned"
    assert RULES.outcome(stuck).details[1].params["part"].key == "toradama.detail.stuck"
    assert RULES.outcome(make(EMPTY_ROWS)).ending == ""


# --- solo -------------------------------------------------------------------------------------------
def test_solo_clear_balls_go_to_your_own_cube_pool_and_refused_tiles_are_discarded():
    s = make(rows("R...."), pool="RYB", seats=1, chars=(TORA,))
    s = RULES.play(s, Clear(cell(0, 0)))
    assert s.cubes[0] == [RED] and s.current == 0
    s = RULES.play(s, Give(CUBE_SOURCE))
    assert s.discard[RED] == 1 and sum(s.score[0]) == 0


def test_solo_plays_until_no_move_remains():
    s = RULES.setup({"mode": "solo"}, 1, 4)
    import random
    rng = random.Random(4)
    while not RULES.is_over(s):
        s = RULES.play(s, RULES.random_move(s, rng))
    assert s.end == "stuck" and s.bag_out and RULES.outcome(s).ranks == (0,)
    assert RULES.highscore_key(s) == "toradama/solo"
    out = RULES.outcome(s)
    assert out.ending == "solo_bag_out" and out.summary.key == "toradama.result.solo"
    assert out.summary.params["points"] == s.points(0)


# --- moves as data ----------------------------------------------------------------------------------
@pytest.mark.parametrize("bad", [None, [], ["p"], ["p", 1], ["p", 1, True], ["p", 1.0, 2], ["z", 1, 2],
                                 ["p", 1, 2, 3], ("p", 1, 2), ["r", 1], [1, 2], ["p", 1, 999], ["c", [1]]])
def test_decode_refuses_anything_malformed(bad):
    with pytest.raises(ValueError):
        RULES.decode(bad)


@pytest.mark.parametrize("odd", [None, 3, "p", (0, 1), [0, 1], Place(True, 0), Place(1.0, 0), Place("1", 0),
                                 Clear(-5), Choose(1)])
def test_check_answers_every_object_with_a_reason(odd):
    s = make(rows("R...."))
    assert RULES.check(s, odd) is not None
    with pytest.raises(IllegalMove):
        RULES.play(s, odd)


def test_encode_decode_round_trip_for_every_move_class():
    for m in (Choose(2), Place(1, 2), Place(CUBE_SOURCE, 0), Give(3), Clear(7), Swap(0, 1), Reroll(), Triple(),
              Flip(14), Dig(3), Resign()):
        assert RULES.decode(RULES.encode(m)) == m and type(RULES.decode(RULES.encode(m))) is type(m)
    assert Reroll() != Triple() and Place(1, 2) != Swap(1, 2)
    assert kind("g") == GREEN
