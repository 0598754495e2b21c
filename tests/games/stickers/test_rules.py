"""Sticker Turf rules from the texts' own examples (RULES.md §5 and the seed)."""
from __future__ import annotations

import random

import pytest

from hexgames.core.protocol import IllegalMove
from hexgames.games import new_match
from hexgames.games.stickers import catalogue
from hexgames.games.stickers.catalogue import BLOCK, DOUBLE, JUMP, PEEK
from hexgames.games.stickers.regions import cell_key, point_key
from hexgames.games.stickers.rules import Block, Pick, Place, Reorder
from tests.games.stickers.boards import RULES, board, dealt, empty, green_seven, lay, yellow_ten


def sizes(s):
    return sorted((t.colour, t.size, tuple(sorted(t.founders))) for t in RULES.territories(s) if t.founders)


# --- the catalogue and decks -----------------------------------------------------------------------
def test_the_catalogue_has_every_layout_with_its_rarity():
    assert len(catalogue.BY_RARITY["SR"]) == 4
    assert len(catalogue.BY_RARITY["R"]) == 48
    assert len(catalogue.BY_RARITY["N"]) == 256 - 52
    assert catalogue.BY_RARITY["helper"] == (JUMP, DOUBLE, PEEK, BLOCK)
    assert catalogue.rarity(lay("YYYY")) == "SR"
    assert catalogue.rarity(lay("YYGY")) == "R"
    assert catalogue.rarity(lay("YYGG")) == "N"


@pytest.mark.parametrize("picks,sticker,key", [
    ([JUMP, PEEK], DOUBLE, "stickers.too_many_helpers"),
    ([lay("RRRR"), lay("BBBB")], lay("GGGG"), "stickers.too_many_sr"),
    ([lay("RRRB"), lay("RRRB")], lay("RRRB"), "stickers.too_many_same"),
    ([lay("RRRR"), lay("RRRR")], lay("RRRR"), "stickers.too_many_sr"),
    ([lay("RGRG")] * 8, lay("RGRG"), "stickers.deck_full"),
    ([], 260, "stickers.no_such_sticker"),
    ([], -1, "stickers.no_such_sticker"),
    ([], True, "stickers.no_such_sticker"),
    ([], 3.0, "stickers.no_such_sticker"),
])
def test_each_deck_refusal_has_its_reason(picks, sticker, key):
    why = catalogue.add_problem(picks, sticker, 8)
    assert why is not None and why.key == key and str(why)


def test_n_stickers_are_unlimited_and_a_deck_needs_eight():
    assert catalogue.deck_problem([lay("RGRG")] * 7, 8).key == "stickers.deck_short"
    assert catalogue.deck_problem([lay("RGRG")] * 8, 8) is None


def test_quick_decks_are_legal_with_the_promised_mix():
    for seed in range(50):
        deck = catalogue.quick_deck(random.Random(seed))
        assert catalogue.deck_problem(deck, 8) is None
        kinds = sorted(catalogue.RARITY[s] for s in deck)
        assert kinds == sorted(["SR"] + ["R"] * 2 + ["N"] * 3 + ["helper"] * 2)
        assert catalogue.deck_problem(catalogue.quick_deck(random.Random(seed), 16), 16) is None


def test_decks_are_picked_one_sticker_at_a_time_then_shuffled_and_play_starts():
    s = empty(first="player2")
    deck0 = [lay("YYYY")] * 2 + [lay("YYYG")] * 2 + [lay("RGRG")] * 4
    for st in deck0:
        assert RULES.to_move(s) == 0
        s = RULES.play(s, Pick(st))
    with pytest.raises(IllegalMove) as e:
        RULES.play(s, Place(0, 0))
    assert e.value.reason.key == "stickers.build_first"
    for st in [lay("GGGG")] + [lay("BBGG")] * 7:
        s = RULES.play(s, Pick(st))
    assert s.phase == "place" and RULES.to_move(s) == 1  # player 2 starts, as asked
    assert sorted(s.decks[0]) == sorted(deck0) and len(s.decks[1]) == 7 and s.drawn >= 0
    assert RULES.legal_moves(s) == [Place(0, 0)]
    assert RULES.check(s, Pick(3)).key == "stickers.decks_done"


def test_the_other_seats_picks_are_secret_until_both_decks_are_complete():
    s = empty()
    for st in [lay("YYYY")] * 2 + [lay("RGRG")] * 6:
        s = RULES.play(s, Pick(st))
    view = RULES.observe(s, 1)
    assert view.picks[0] == [-1] * 8
    det = RULES.sample(view, 1, random.Random(1))
    assert catalogue.deck_problem(det.picks[0], 8) is None
    assert RULES.observe(s, 0).picks[0] == s.picks[0]


# --- placement -------------------------------------------------------------------------------------
def test_a_helper_on_top_at_the_start_goes_to_the_bottom():
    s = dealt([[lay("RRRR")] * 3 + [JUMP], [lay("BBBB")] * 4])
    assert s.drawn == lay("RRRR") and s.decks[0][0] == JUMP
    assert ("helper_bottom", 0, JUMP) in s.events


def test_the_first_sticker_goes_in_the_centre():
    s = dealt([[lay("RRRR")] * 4, [lay("BBBB")] * 4])
    assert RULES.check(s, Place(1, 0)).key == "stickers.centre_first"
    s = RULES.play(s, Place(0, 0))
    assert s.cells[cell_key(0, 0)] & 255 == lay("RRRR")  # the layout as drawn


def test_player_twos_stickers_lie_turned_half_round():
    s = dealt([[lay("RRRR")] * 4, [lay("RRBG")] * 4])
    s = RULES.play(s, Place(0, 0))
    assert RULES.to_move(s) == 1
    s = RULES.play(s, RULES.legal_moves(s)[0])
    (cell, v), = [(c, v) for c, v in s.cells.items() if v >> 8 == 1]
    assert v & 255 == lay("BGRR") == catalogue.turned(lay("RRBG"))


def test_a_sticker_needs_an_edge_and_a_matching_corner():
    s = dealt([[lay("YYYY")] * 4, [lay("RRRR")] * 2 + [lay("BBBB")]])
    s = RULES.play(s, Place(0, 0))
    # player 2 holds nothing with yellow: every sticker went to the bottom once, and the turn passed
    assert [e[0] for e in s.events].count("bottom") == 3 and ("pass", 1, -1) in s.events
    assert RULES.to_move(s) == 0 and s.passes == 1
    s = dealt([[lay("YYYY")] * 4, [lay("YYYR")] * 2 + [lay("BBBB")]])
    s = RULES.play(s, Place(0, 0))
    # player 2 drew blue-only first: it went to the bottom, face up, and a yellow one came up
    assert ("bottom", 1, lay("BBBB")) in s.events
    assert s.decks[1][0] == lay("BBBB") and s.known_bottom[1] == 1
    assert RULES.check(s, Place(3, 3)).key == "stickers.not_adjacent"
    s.drawn = lay("YRRY")  # player 2's: on the board its left corners are red, its right ones yellow
    assert RULES.check(s, Place(1, 0)).key == "stickers.no_match"
    assert RULES.check(s, Place(-1, 0)) is None
    assert RULES.check(s, Place(0, 0)).key == "stickers.occupied"


def test_diagonal_corners_touch():
    s = board({(0, 0): ("RRYR", 0), (1, 0): ("RRRR", 0)})
    s.drawn, s.phase, s.current = lay("YBBB"), "place", 0
    assert RULES.check(s, Place(1, 1)) is None  # touches (0, 0)'s bottom-right across the diagonal


def test_strict_matching_refuses_a_mixed_point_lenient_allows():
    spec = {(0, 0): ("RRYR", 0), (1, 0): ("RRRB", 0)}
    for strict in (False, True):
        s = board(spec, matching="strict" if strict else "lenient")
        s.drawn, s.phase, s.current = lay("YRRR"), "place", 0
        # (1, 1): its TL sits on point (1, 1) with (0, 0)'s yellow BR and (1, 0)'s blue BL
        why = RULES.check(s, Place(1, 1))
        if strict:
            assert why.key == "stickers.strict_mismatch"
        else:
            assert why is None
    s = board(spec, matching="strict")
    s.drawn, s.phase, s.current = lay("RBRR"), "place", 0
    assert RULES.check(s, Place(2, 0)) is None  # TL red on (1,0)'s red TR; BL red on its BR... red
    s.drawn = lay("GBRR")
    assert RULES.check(s, Place(2, 0)).key == "stickers.strict_mismatch"


def test_a_deck_with_nothing_placeable_passes_and_two_passes_end_the_game():
    s = dealt([[lay("RRRR")] * 2 + [lay("YYYY")], [lay("BBBB")] * 3])
    s = RULES.play(s, Place(0, 0))  # yellow in the centre; red, red are left
    # player 2 holds only blue: a pass; player 1's reds cannot go either: a pass; the game ends
    assert s.phase == "over"
    assert any(e[0] == "pass" for e in s.events)


def test_the_game_ends_when_both_decks_are_empty():
    s = dealt([[lay("YYYY")] * 2, [lay("YYYY")] * 2])
    while not RULES.is_over(s):
        s = RULES.play(s, RULES.legal_moves(s)[0])
    assert all(not d for d in s.decks) and len(s.cells) == 4


# --- territories -----------------------------------------------------------------------------------
def test_the_seeds_yellow_territory_of_ten_and_green_of_seven():
    s = board({**yellow_ten(), **green_seven()})
    assert point_key(1, 1) in s.founded and point_key(5, 1) in s.founded
    assert sizes(s) == [(2, 10, (0,)), (3, 7, (0,))]
    assert RULES.scores(s) == [17, 0]


def test_the_territory_goes_to_whoever_placed_the_fourth_corner():
    s = board({(0, 0): ("RRYR", 0), (1, 0): ("RRRY", 0), (0, 1): ("RYRR", 0)})
    assert not s.founded
    s.drawn, s.phase, s.current = lay("RRYR"), "place", 1  # player 2's sticker, turned: TL yellow
    s = RULES.play(s, Place(1, 1))
    assert s.founded == {point_key(1, 1): 1}
    assert RULES.scores(s) == [0, 4]


def test_diagonal_corners_of_one_sticker_are_not_connected():
    s = board({(0, 0): ("GRGR", 0)})
    ts = RULES.territories(s)
    assert sorted(t.size for t in ts) == [1, 1, 1, 1]
    s = board({(0, 0): ("GGRR", 0)})
    assert sorted(t.size for t in RULES.territories(s)) == [2, 2]


def test_a_rival_founding_in_the_same_region_cancels_it():
    spec = yellow_ten()
    s = board(spec)
    assert RULES.scores(s) == [10, 0]
    # (2, 1) and (2, 0) with yellow on the left edge make point (2, 1) all yellow: founded by player 2
    RULES.put(s, 2, 0, lay("RRRY"), 1)  # BL at (2, 1)
    RULES.put(s, 2, 1, lay("YRRR"), 1)  # TL at (2, 1)
    assert s.founded[point_key(2, 1)] == 1
    t = next(t for t in RULES.territories(s) if point_key(1, 1) in t.points)
    assert t.founders == {0, 1} and t.owner is None
    assert RULES.scores(s) == [0, 0]


def test_two_territories_of_one_player_growing_into_one_score_once():
    s = board(yellow_ten())
    RULES.put(s, 2, 0, lay("RRRY"), 0)
    RULES.put(s, 2, 1, lay("YRRR"), 0)
    assert len([p for p, seat in s.founded.items() if seat == 0]) == 2
    t = next(t for t in RULES.territories(s) if point_key(1, 1) in t.points)
    assert point_key(2, 1) in t.points and t.size == 12
    assert RULES.scores(s) == [12, 0]


def test_two_players_territories_growing_into_one_cancel_both():
    s = board({(0, 0): ("YYYY", 0), (1, 0): ("YYYY", 0), (0, 1): ("YYYY", 0), (1, 1): ("YYYY", 0),
               (3, 0): ("YYYY", 1), (4, 0): ("YYYY", 1), (3, 1): ("YYYY", 1), (4, 1): ("YYYY", 1)})
    assert RULES.scores(s) == [16, 16]
    RULES.put(s, 2, 0, lay("YYRR"), 0)  # top edge joins both blocks (diagonal yellow would not)
    assert RULES.scores(s) == [0, 0]


# --- helpers ---------------------------------------------------------------------------------------
def test_jump_double_peek_block():
    # Jump: player 1 draws Jump, then blue goes next to yellow although nothing matches
    s = dealt([[lay("BBBB"), JUMP, lay("YYYY")], [lay("YYYY")] * 3], starter=0)
    s = RULES.play(s, Place(0, 0))
    s = RULES.play(s, Place(1, 0))  # player 2 (yellow matches)
    assert ("helper", 0, JUMP) in s.events and s.jump and s.drawn == lay("BBBB")
    assert len(RULES.legal_moves(s)) == len(s.frontier)
    s = RULES.play(s, Place(0, 1))
    assert not s.jump and RULES.to_move(s) == 1

    # Double: two placements in one turn
    s = dealt([[lay("YYYY"), lay("YYYY"), DOUBLE, lay("YYYY")], [lay("YYYY")] * 3], starter=0)
    s = RULES.play(s, Place(0, 0))
    s = RULES.play(s, Place(1, 0))
    assert ("helper", 0, DOUBLE) in s.events and RULES.to_move(s) == 0
    s = RULES.play(s, Place(2, 0))
    assert RULES.to_move(s) == 0  # the extra sticker
    s = RULES.play(s, Place(3, 0))
    assert RULES.to_move(s) == 1

    # Peek: reorder the top 3, then draw the new top
    a, b, c = lay("YYYR"), lay("YYYB"), lay("YYYG")
    s = dealt([[a, b, c, PEEK, lay("YYYY")], [lay("YYYY")] * 3], starter=0)
    s = RULES.play(s, Place(0, 0))
    s = RULES.play(s, Place(1, 0))
    assert s.phase == "peek" and len(RULES.legal_moves(s)) == 6
    assert RULES.check(s, Place(2, 0)).key == "stickers.peek_first"
    assert RULES.check(s, Reorder((0, 0, 1))).key == "stickers.bad_order"
    assert RULES.reveals(s, Reorder((2, 1, 0))) is not None
    s = RULES.play(s, Reorder((2, 1, 0)))  # top was c, b, a: now a, b, c
    assert s.drawn == a and s.decks[0] == [c, b] and s.peeked[0] == 2

    # Block: the chosen cell stays empty
    s = dealt([[lay("YYYY"), BLOCK, lay("YYYY")], [lay("YYYY")] * 3], starter=0)
    s = RULES.play(s, Place(0, 0))
    s = RULES.play(s, Place(1, 0))
    assert s.phase == "block"
    assert RULES.check(s, Block(5, 5)).key == "stickers.block_where"
    s = RULES.play(s, Block(2, 0))
    assert cell_key(2, 0) in s.blocked and Place(2, 0) not in RULES.legal_moves(s)
    assert RULES.check(s, Place(2, 0)).key == "stickers.blocked"


# --- protocol details ------------------------------------------------------------------------------
@pytest.mark.parametrize("junk", [None, 3, "place", [1, 2], (0, 0), Place(0.0, 0), Place(True, 0), Pick(True),
                                  Pick(1.0), Reorder([0]), Block("a", 1)])
def test_check_answers_anything_without_raising(junk):
    s = dealt([[lay("YYYY")] * 3, [lay("YYYY")] * 3])
    assert RULES.check(s, junk) is not None
    s = empty()
    assert RULES.check(s, junk) is not None


@pytest.mark.parametrize("j", [None, [], ["place"], ["place", 1], ["place", True, 0], ["place", 1.0, 0],
                               ["pick", 260], ["pick", -1], ["order", 0, 0], ["order", 1, 2, 3],
                               ["order"], ["block", 1000, 0], ["nope", 1], [["place"], 1, 2], "place"])
def test_decode_refuses_malformed_moves(j):
    with pytest.raises(ValueError):
        RULES.decode(j)


def test_encode_decode_round_trip():
    for m in (Pick(0), Pick(259), Place(-3, 4), Block(2, -1), Reorder((1, 0)), Reorder((2, 0, 1))):
        assert RULES.decode(RULES.encode(m)) == m
        assert RULES.encode(RULES.decode(RULES.encode(m))) == RULES.encode(m)


def test_undo_is_refused_after_a_draw_but_not_for_picks():
    s = empty()
    assert RULES.reveals(s, Pick(0)) is None
    s = dealt([[lay("YYYY")] * 3, [lay("YYYY")] * 3])
    why = RULES.reveals(s, Place(0, 0))
    assert why is not None and why.key == "stickers.undo_drawn"


def test_the_preview_tells_what_a_placement_would_found_or_cancel():
    s = board({(0, 0): ("RRYR", 0), (1, 0): ("RRRY", 0), (0, 1): ("RYRR", 0)})
    s.drawn, s.phase, s.current = lay("YRRR"), "place", 0
    p = RULES.preview(s, 1, 1)
    assert p.founded == (point_key(1, 1),) and p.before == (0, 0) and p.after == (4, 0) and not p.cancelled
    assert s.cells.keys() == {cell_key(0, 0), cell_key(1, 0), cell_key(0, 1)}  # nothing was placed
    s = board(yellow_ten())
    RULES.put(s, 2, 0, lay("RRRY"), 1)  # player 2's yellow corner on (2, 1) grows player 1's region
    assert RULES.scores(s) == [11, 0]
    s.drawn, s.phase, s.current = lay("RRYR"), "place", 1  # player 2's, turned: its TL is yellow
    p = RULES.preview(s, 2, 1)
    assert p.cancelled == ((0, 11),) and p.after == (0, 0)


def test_a_deck_of_helpers_only_passes_instead_of_drawing_for_ever():
    s = dealt([[JUMP, PEEK], [JUMP, PEEK]])
    assert RULES.is_over(s) and not s.cells  # both players pass at once: nothing can be placed


def test_a_finished_game_keeps_its_deck_order_and_chance_hidden_so_its_end_can_be_undone():
    from hexgames.core.match import Seat

    rng = random.Random(4)
    match = new_match("stickers", [Seat("human", None, "A"), Seat("human", None, "B")], None, 4)
    while not match.is_over:
        match.play(RULES.random_move(match.state, rng))
    view = RULES.observe(match.state, 0)
    assert view.rng == 0 and RULES.digest(view) != RULES.digest(match.state)
    assert not match.end_revealed()


# --- how a game ended (the arena's tally, the results' words) ---------------------------------------
def test_the_outcome_names_how_the_game_ended():
    s = dealt([[lay("RRRR")] * 2 + [lay("YYYY")], [lay("BBBB")] * 3])
    s = RULES.play(s, Place(0, 0))  # nothing else fits: both pass, stickers are left
    assert RULES.outcome(s).ending == "no_fit" and RULES.ending_words(s).key == "stickers.ending.no_fit"
    s = dealt([[lay("YYYY")] * 2, [lay("YYYY")] * 2])
    assert RULES.outcome(s).ending == ""  # not over yet
    for cell in ((0, 0), (1, 0), (0, 1), (1, 1)):  # player 2 places the fourth corner at (1, 1)
        s = RULES.play(s, Place(*cell))
    out = RULES.outcome(s)
    assert out.ending == "decks_out" and out.summary.params["ending"].key == "stickers.ending.decks_out"
    assert str(out.summary) == "Both decks are used up. The widest turf holds 16 corners."
    assert [str(d) for d in out.details] == ["0 territories, 0 corners", "1 territory, 16 corners"]
    solo = dealt([[lay("YYYY")] * 4], seats=1)
    for cell in ((0, 0), (1, 0), (0, 1), (1, 1)):
        solo = RULES.play(solo, Place(*cell))
    assert RULES.is_over(solo)
    assert str(RULES.outcome(solo).summary) == "The deck is used up. Your territories hold 16 corners."
