"""Ingenious rules from RULES.md §1 and the seed's worked examples, on hand-built positions.

Directions are flat-top axial: up (0,-1), up-right (1,-1), down-right (1,0), down (0,1),
down-left (-1,1), up-left (-1,0).
"""
from __future__ import annotations

import pytest

from hexgames.core import hexgrid
from hexgames.core.protocol import IllegalMove
from hexgames.games.ingenious.rules import (
    BLUE, GREEN, ORANGE, PURPLE, RED, YELLOW, CELL_OF, START_HEXES, IngeniousRules, Place, Swap,
    count_empty_pairs, full_bag,
)

R = IngeniousRules()


def fresh(seats: int = 2, mode: str = "standard", **options):
    s = R.setup({"mode": mode, **options}, seats, seed=7)
    s.phase = "place"
    s.placed = [True] * seats  # past the first round unless a test says otherwise
    s.round = 2
    return s


def give(s, seat, tiles):
    """Replace a rack, keeping the 120 tiles accounted for (old rack back to the bag)."""
    s.bag.extend(s.racks[seat])
    for t in tiles:
        s.bag.remove(t)
    s.racks[seat] = sorted(tiles)


# --- components -----------------------------------------------------------------------------------
def test_bag_has_120_tiles_15_pairs_by_6_and_6_doubles_by_5():
    bag = full_bag()
    assert len(bag) == 120
    assert bag.count((RED, GREEN)) == 6 and bag.count((BLUE, PURPLE)) == 6
    assert bag.count((ORANGE, ORANGE)) == 5
    assert len(set(bag)) == 21


@pytest.mark.parametrize("seats,mode,radius,cells", [
    (1, "solo", 5, 91), (2, "standard", 5, 91), (3, "standard", 6, 127), (4, "standard", 7, 169),
    (4, "team", 7, 169)])
def test_board_size_by_player_count(seats, mode, radius, cells):
    s = R.setup({"mode": mode}, seats, 1)
    assert s.radius == radius
    assert sum(1 for h in hexgrid.hexes_within(7) if s.is_playable(h)) == cells


def test_start_hexes_are_the_ring5_corners_and_count_as_colour():
    s = R.setup({"mode": "standard"}, 4, 1)
    cube = {(5, -5, 0), (5, 0, -5), (0, 5, -5), (-5, 5, 0), (-5, 0, 5), (0, -5, 5)}
    assert {hexgrid.to_cube(h) for h in s.start_hexes} == cube
    assert sorted(s.start_hexes.values()) == list(range(6))
    for h, colour in START_HEXES.items():
        assert s.colour_at(h) == colour


def test_setup_deals_six_hidden_tiles_and_a_seeded_start_player():
    starts = {R.setup({"mode": "standard"}, 4, seed).current for seed in range(40)}
    assert starts == {0, 1, 2, 3}
    s = R.setup({"mode": "standard"}, 3, 5)
    assert [len(r) for r in s.racks] == [6, 6, 6] and len(s.bag) == 120 - 18
    assert R.digest(s) == R.digest(R.setup({"mode": "standard"}, 3, 5))


# --- seed scoring examples ------------------------------------------------------------------------
def test_seed_example_blue_yellow_scores_blue_3_and_yellow_2():
    s = fresh()
    R.put(s, {(0, -1): BLUE, (0, -2): BLUE, (0, -3): RED,  # 2 up, then another colour
              (-1, 0): BLUE,  # 1 up-left
              (1, 1): YELLOW, (2, 1): YELLOW,  # yellow half: 2 down-right
              (1, -1): GREEN})
    move = Place((BLUE, YELLOW), (0, 0), (0, 1))
    gains = R.score_preview(s, move)
    assert gains[BLUE] == 3 and gains[YELLOW] == 2
    assert sum(gains) == 5


def test_seed_example_orange_double_scores_6():
    s = fresh()
    left, right = (0, 0), (1, -1)  # right is up-right of left
    R.put(s, {(1, -2): ORANGE, (1, -3): ORANGE,  # right half: 2 up
              (0, -1): ORANGE, (-1, -1): ORANGE,  # right half: 2 up-left; also left's up line
              (0, -2): ORANGE})  # left half: 2 up
    assert R.score_preview(s, Place((ORANGE, ORANGE), left, right))[ORANGE] == 6
    # the partner is never counted: the line through the other half is skipped
    assert R.score_preview(s, Place((ORANGE, ORANGE), right, left))[ORANGE] == 6


def test_seed_example_green_double_scores_1_or_2_by_orientation():
    s = fresh()
    R.put(s, {(0, 0): GREEN})
    in_line = Place((GREEN, GREEN), (0, 1), (0, 2))  # only the near half sees it
    both_touch = Place((GREEN, GREEN), (0, 1), (1, 0))  # both halves touch the green
    assert R.score_preview(s, in_line)[GREEN] == 1
    assert R.score_preview(s, both_touch)[GREEN] == 2


def test_start_symbols_score_and_empty_hex_stops_a_line():
    s = fresh()
    R.put(s, {(5, -2): RED})
    # red at (5,-1) sees the start symbol (5,0) below and (5,-2) above
    assert R.score_preview(s, Place((RED, BLUE), (5, -1), (4, -1)))[RED] == 2
    R.put(s, {(3, -2): BLUE})  # (4,-2) empty stops that line
    assert R.score_preview(s, Place((RED, BLUE), (5, -1), (4, -1)))[BLUE] == 0


def test_placement_adds_the_points_and_fills_the_hexes():
    s = fresh()
    give(s, s.current, [(BLUE, YELLOW)] + [(RED, RED)] * 5)
    R.put(s, {(0, -1): BLUE, (0, -2): BLUE, (-1, 0): BLUE, (1, 1): YELLOW, (2, 1): YELLOW})
    seat = s.current
    t = R.play(s, Place((YELLOW, BLUE), (0, 1), (0, 0)))  # same placement, tile given the other way
    assert t.scores[seat][BLUE] == 3 and t.scores[seat][YELLOW] == 2
    assert t.colour_at((0, 0)) == BLUE and t.colour_at((0, 1)) == YELLOW
    assert len(t.racks[seat]) == 6 and t.current != seat


# --- cap and bonus --------------------------------------------------------------------------------
def _line_of(s, colour, start, direction, n):
    h = start
    cells = {}
    for _ in range(n):
        h = hexgrid.neighbour(h, direction)
        cells[h] = colour
    R.put(s, cells)


def test_cap_18_excess_is_lost_and_reaching_it_gives_a_bonus():
    s = fresh()
    seat = s.current
    s.scores[seat][GREEN] = 16
    _line_of(s, GREEN, (0, 0), hexgrid.UP, 4)
    give(s, seat, [(GREEN, PURPLE), (RED, BLUE)])
    m = Place((GREEN, PURPLE), (0, 0), (0, 1))
    assert R.score_preview(s, m)[GREEN] == 2
    t = R.play(s, m)
    assert t.scores[seat][GREEN] == 18
    assert t.phase == "bonus" and t.bonus_pending == 1 and t.current == seat
    assert len(t.racks[seat]) == 1  # no refill during bonus placements


def test_colour_already_at_18_never_triggers_again():
    s = fresh()
    seat = s.current
    s.scores[seat][GREEN] = 18
    _line_of(s, GREEN, (0, 0), hexgrid.UP, 2)
    give(s, seat, [(GREEN, PURPLE), (RED, BLUE)])
    t = R.play(s, Place((GREEN, PURPLE), (0, 0), (0, 1)))
    assert t.scores[seat][GREEN] == 18 and t.phase != "bonus" and t.current != seat


def test_bonus_is_mandatory_swap_refused():
    s = fresh()
    seat = s.current
    s.scores[seat][GREEN] = 17
    _line_of(s, GREEN, (0, 0), hexgrid.UP, 1)
    give(s, seat, [(GREEN, PURPLE), (RED, BLUE)])
    t = R.play(s, Place((GREEN, PURPLE), (0, 0), (0, 1)))
    reason = R.check(t, Swap(False))
    assert reason is not None and reason.key == "ingenious.bonus_pending"
    assert all(isinstance(m, Place) for m in R.legal_moves(t))


def test_two_colours_reaching_18_with_one_tile_give_two_chained_bonuses():
    s = fresh()
    seat = s.current
    s.scores[seat][RED] = 17
    s.scores[seat][BLUE] = 17
    R.put(s, {(0, -1): RED, (0, 2): BLUE})
    give(s, seat, [(RED, BLUE), (ORANGE, ORANGE), (PURPLE, PURPLE), (YELLOW, YELLOW)])
    t = R.play(s, Place((RED, BLUE), (0, 0), (0, 1)))
    assert t.scores[seat][RED] == 18 and t.scores[seat][BLUE] == 18
    assert t.phase == "bonus" and t.bonus_pending == 2
    # the first bonus placement makes orange reach 18 too: the chain grows
    t.scores[seat][ORANGE] = 16
    R.put(t, {(-3, 0): ORANGE})
    t = R.play(t, Place((ORANGE, ORANGE), (-3, 1), (-4, 1)))
    assert t.scores[seat][ORANGE] == 18 and t.phase == "bonus" and t.bonus_pending == 2
    t = R.play(t, Place((PURPLE, PURPLE), (2, 1), (2, 2)))
    assert t.bonus_pending == 1 and t.current == seat
    t = R.play(t, Place((YELLOW, YELLOW), (-3, 3), (-3, 4)))
    assert t.phase in ("place", "swap") and t.bonus_pending == 0


def test_bonus_without_a_tile_left_is_forfeited():
    s = fresh()
    seat = s.current
    s.scores[seat][GREEN] = 17
    _line_of(s, GREEN, (0, 0), hexgrid.UP, 1)
    give(s, seat, [(GREEN, PURPLE)])
    t = R.play(s, Place((GREEN, PURPLE), (0, 0), (0, 1)))
    assert t.scores[seat][GREEN] == 18
    assert t.bonus_pending == 0 and t.phase != "bonus"
    assert t.current != seat and len(t.racks[seat]) == 6


# --- team track --------------------------------------------------------------------------------------
def test_team_stop_at_18_then_on_to_36():
    s = fresh(4, "team")
    seat = s.current
    track = s.track_of(seat)
    assert s.track_of((seat + 2) % 4) == track and s.track_of((seat + 1) % 4) != track
    s.scores[track][RED] = 17
    _line_of(s, RED, (0, 0), hexgrid.UP, 3)
    give(s, seat, [(RED, PURPLE), (RED, GREEN), (BLUE, BLUE)])
    m = Place((RED, PURPLE), (0, 0), (0, 1))
    assert R.score_preview(s, m)[RED] == 1  # 17 + 3 stops at 18
    t = R.play(s, m)
    assert t.scores[track][RED] == 18 and t.phase == "bonus" and t.bonus_pending == 1
    # the bonus placement itself goes on past 18
    t = R.play(t, Place((RED, GREEN), (-1, 0), (-2, 0)))
    assert t.scores[track][RED] == 20
    assert t.phase != "bonus"


def test_team_bonus_again_at_36_and_cap_36():
    s = fresh(4, "team")
    seat = s.current
    track = s.track_of(seat)
    s.scores[track][BLUE] = 34
    _line_of(s, BLUE, (0, 0), hexgrid.UP, 4)
    give(s, seat, [(BLUE, PURPLE), (RED, RED)])
    t = R.play(s, Place((BLUE, PURPLE), (0, 0), (0, 1)))
    assert t.scores[track][BLUE] == 36 and t.phase == "bonus"


def test_team_partner_points_add_to_one_track():
    s = fresh(4, "team")
    seat = s.current
    s.scores[s.track_of(seat)][RED] = 1
    _line_of(s, RED, (0, 0), hexgrid.UP, 2)
    give(s, seat, [(RED, PURPLE)])
    t = R.play(s, Place((RED, PURPLE), (0, 0), (0, 1)))
    assert t.scores[t.track_of((seat + 2) % 4)][RED] == 3


# --- swap right -----------------------------------------------------------------------------------
def _end_turn_state(track, rest, swap_rule="seed"):
    """A state where the mover plays a scoreless tile and keeps `rest` in the rack."""
    s = fresh(swap_rule=swap_rule)
    seat = s.current
    s.scores[seat] = list(track)
    give(s, seat, [(PURPLE, PURPLE)] + rest)
    return s, seat, Place((PURPLE, PURPLE), (0, 0), (0, 1))


def test_swap_right_with_a_unique_lowest_colour_missing_from_the_rack():
    s, seat, m = _end_turn_state([3, 5, 5, 6, 7, 8], [(GREEN, BLUE), (ORANGE, YELLOW)])
    t = R.play(s, m)
    assert t.phase == "swap" and t.current == seat and R.swap_allowed(t)
    assert R.lowest_colours(t, seat) == (RED,)
    assert R.legal_moves(t) == [Swap(True), Swap(False)]
    assert R.check(t, m).key == "ingenious.decide_swap"


def test_no_swap_with_a_tie_for_lowest_under_the_seed_rule():
    s, seat, m = _end_turn_state([3, 3, 5, 6, 7, 8], [(BLUE, YELLOW)])
    t = R.play(s, m)
    assert t.phase == "place" and t.current != seat


def test_no_swap_when_the_rack_shows_the_lowest_colour():
    s, seat, m = _end_turn_state([3, 5, 5, 6, 7, 8], [(BLUE, YELLOW), (RED, ORANGE)])
    t = R.play(s, m)
    assert t.phase == "place" and t.current != seat


def test_official_swap_rule_allows_ties_if_the_rack_shows_none():
    s, seat, m = _end_turn_state([3, 3, 5, 6, 7, 8], [(BLUE, YELLOW)], swap_rule="official")
    assert R.play(s, m).phase == "swap"
    s, seat, m = _end_turn_state([3, 3, 5, 6, 7, 8], [(GREEN, YELLOW)], swap_rule="official")
    assert R.play(s, m).phase == "place"


def test_swap_draws_six_then_returns_the_old_tiles():
    s, seat, m = _end_turn_state([3, 5, 5, 6, 7, 8], [(GREEN, BLUE), (ORANGE, YELLOW)])
    # make the bag such that only purple doubles can be drawn: the set-aside tiles cannot return
    others = [t for i, r in enumerate(s.racks) if i != seat for t in r]
    s.bag = [(RED, RED)] * 3 + [(PURPLE, PURPLE)] * 3 + [(RED, PURPLE)] * 2
    t = R.play(s, m)
    assert t.phase == "swap"
    assert R.reveals(t, Swap(True)).key == "ingenious.undo_drawn"
    u = R.play(t, Swap(True))
    assert sorted(u.racks[seat]) != sorted([(GREEN, BLUE), (ORANGE, YELLOW)])
    assert not set(u.racks[seat]) & {(GREEN, BLUE), (ORANGE, YELLOW)}
    assert len(u.racks[seat]) == 6 and len(u.bag) == 8 - 6 + 2
    assert (GREEN, BLUE) in u.bag and (ORANGE, YELLOW) in u.bag
    assert [t2 for i, r in enumerate(u.racks) if i != seat for t2 in r] == others
    v = R.play(t, Swap(False))
    assert {(GREEN, BLUE), (ORANGE, YELLOW)} <= set(v.racks[seat]) and len(v.racks[seat]) == 6


def test_swap_with_a_short_bag_draws_what_there_is():
    s, seat, m = _end_turn_state([3, 5, 5, 6, 7, 8], [(GREEN, BLUE)])
    s.bag = [(RED, RED), (PURPLE, PURPLE)]
    t = R.play(R.play(s, m), Swap(True))
    assert sorted(t.racks[seat]) == [(RED, RED), (PURPLE, PURPLE)]
    assert t.bag == [(GREEN, BLUE)]


def test_swap_refused_outside_the_swap_phase():
    s = fresh()
    assert R.check(s, Swap(True)).key == "ingenious.no_swap_now"


# --- first round ----------------------------------------------------------------------------------
def test_first_round_must_touch_a_start_symbol():
    s = R.setup({"mode": "standard"}, 2, 3)
    seat = s.current
    tile = s.racks[seat][0]
    reason = R.check(s, Place(tile, (0, 0), (0, 1)))
    assert reason.key == "ingenious.first_round_start"
    with pytest.raises(IllegalMove):
        R.play(s, Place(tile, (0, 0), (0, 1)))
    assert R.check(s, Place(tile, (4, 0), (4, 1))) is None  # (4,0) touches the red start (5,0)
    targets = R.placement_targets(s, tile)
    assert ((4, 0), (4, 1)) in targets and ((0, 0), (0, 1)) not in targets


def test_first_round_cannot_touch_a_start_symbol_another_player_touched():
    s = R.setup({"mode": "standard"}, 2, 3)
    first = s.current
    s = R.play(s, Place(s.racks[first][0], (4, 0), (4, 1)))
    if s.phase == "swap":
        s = R.play(s, Swap(False))
    other = s.current
    assert other != first and s.first_round_touched == {(5, 0): first}
    tile = s.racks[other][0]
    assert R.check(s, Place(tile, (5, -1), (5, -2))).key == "ingenious.first_round_taken"
    assert R.check(s, Place(tile, (5, -1), (4, -1))).key == "ingenious.first_round_taken"
    assert R.check(s, Place(tile, (-4, 0), (-4, 1))) is None


def test_after_the_first_placement_any_adjacent_pair_is_allowed():
    s = R.setup({"mode": "standard"}, 2, 3)
    for _ in range(2):
        s = R.play(s, next(m for m in R.legal_moves(s)))
        if s.phase == "swap":
            s = R.play(s, Swap(False))
    assert s.round == 2
    assert R.check(s, Place(s.racks[s.current][0], (0, 0), (0, 1))) is None


# --- refusals -----------------------------------------------------------------------------------------
def test_placement_refusals_have_reasons():
    s = fresh()
    seat = s.current
    give(s, seat, [(RED, BLUE)])
    R.put(s, {(1, 1): GREEN})
    cases = {
        Place((GREEN, GREEN), (0, 0), (0, 1)): "ingenious.not_in_rack",
        Place((RED, BLUE), (0, 0), (0, 2)): "ingenious.not_adjacent",
        Place((RED, BLUE), (1, 1), (1, 2)): "ingenious.occupied",
        Place((RED, BLUE), (5, 0), (4, 0)): "ingenious.occupied",  # start symbols are never covered
        Place((RED, BLUE), (6, 0), (5, 1)): "ingenious.off_board",
        "nonsense": "ingenious.bad_move",
    }
    before = R.digest(s)
    for move, key in cases.items():
        assert R.check(s, move).key == key, move
        with pytest.raises(IllegalMove):
            R.play(s, move)
    assert R.digest(s) == before


# --- the end --------------------------------------------------------------------------------------
def test_game_ends_when_no_two_adjacent_empty_hexes_remain():
    s = fresh()
    seat = s.current
    give(s, seat, [(RED, BLUE), (GREEN, GREEN)])
    fill = {}
    for i, h in enumerate(hexgrid.hexes_within(5)):
        if h not in START_HEXES and h not in ((0, 0), (0, 1)):
            fill[h] = (i * 7) % 6
    R.put(s, fill)
    assert s.pairs == 1
    t = R.play(s, Place((RED, BLUE), (0, 0), (0, 1)))
    assert t.phase == "over" and R.is_over(t) and R.legal_moves(t) == []
    assert R.check(t, Swap(True)).key == "core.game_over"


def test_game_ends_at_once_when_a_player_has_18_in_all_six():
    s = fresh(3)
    seat = s.current
    s.scores[seat] = [18, 18, 18, 18, 18, 17]
    for other in range(3):
        if other != seat:
            s.scores[other] = [17] * 6
    _line_of(s, PURPLE, (0, 0), hexgrid.UP, 1)
    give(s, seat, [(RED, PURPLE), (BLUE, BLUE)])
    t = R.play(s, Place((RED, PURPLE), (0, 1), (0, 0)))
    assert t.phase == "over" and t.bonus_pending == 0
    out = R.outcome(t)
    assert out.ranks[seat] == 0 and out.winners == (seat,)


def test_ranking_compares_sorted_scores_and_breaks_ties_upwards():
    s = fresh(3)
    s.scores = [[5, 9, 7, 12, 18, 6],   # 5 6 7 9 12 18
                [7, 5, 6, 8, 1 + 8, 9],  # 5 6 7 8 9 9 -> loses on the 4th lowest
                [6, 5, 8, 18, 18, 18]]  # 5 6 8 ... -> wins on the 3rd lowest
    s.phase = "over"
    out = R.outcome(s)
    assert out.ranks == (1, 2, 0)
    assert out.scores == (5.0, 5.0, 5.0)
    assert out.details[2] == "5-6-8-18-18-18"


def test_identical_sequences_tie():
    s = fresh(2)
    s.scores = [[3, 4, 5, 6, 7, 8], [8, 7, 6, 5, 4, 3]]
    assert R.outcome(s).ranks == (0, 0)


def test_team_partners_share_the_rank():
    s = fresh(4, "team")
    s.scores = [[4] * 6, [3] * 6]
    assert R.outcome(s).ranks == (0, 1, 0, 1)


# --- solo -------------------------------------------------------------------------------------
def test_solitaire_holds_one_tile_and_draws_after_each_placement():
    s = R.setup({"mode": "solo", "solo": "solitaire"}, 1, 4)
    assert len(s.racks[0]) == 1 and s.cap == 36 and s.thresholds == ()
    s = R.play(s, R.legal_moves(s)[0])
    assert len(s.racks[0]) == 1 and len(s.bag) == 118 and s.phase == "place"
    assert R.highscore_key(s) == "ingenious/solitaire"


def test_solitaire_stops_at_18_and_gives_no_bonus():
    s = R.setup({"mode": "solo", "solo": "solitaire"}, 1, 4)
    s.placed = [True]
    s.scores[0][RED] = 16
    _line_of(s, RED, (0, 0), hexgrid.UP, 4)
    give(s, 0, [(RED, GREEN)])
    t = R.play(s, Place((RED, GREEN), (0, 0), (0, 1)))
    assert t.scores[0][RED] == 18 and t.phase == "place" and t.bonus_pending == 0


def test_solo_rack_uses_the_small_board_and_normal_rules():
    s = R.setup({"mode": "solo"}, 1, 4)
    assert s.radius == 5 and s.cap == 18 and len(s.racks[0]) == 6
    assert R.highscore_key(s) == "ingenious/rack"
    s.scores[0] = [4, 2, 9, 3, 3, 5]
    assert R.result_sequence(s) == (2, 3, 3, 4, 5, 9)


def test_maintained_empty_pair_count_matches_a_recount():
    s = fresh()
    give(s, s.current, [(RED, BLUE)])
    t = R.play(s, Place((RED, BLUE), (0, 0), (1, 0)))
    assert t.pairs == count_empty_pairs(t.cells, t.radius) == s.pairs - 11  # 6 around the first hex, 5 more around the second
    assert CELL_OF[(0, 0)] != CELL_OF[(1, 0)]


def test_encode_decode():
    for m in (Place((RED, BLUE), (0, 0), (1, 0)), Place((GREEN, GREEN), (2, -1), (1, -1)), Swap(True),
              Swap(False)):
        assert R.decode(R.encode(m)) == m
    for bad in ([], ["p", 9, 1, 0, 0, 0, 1], ["x"], "p", ["s", 2], ["p", 1, 2, 0, 0, 0]):
        with pytest.raises(ValueError):
            R.decode(bad)


# --- texts shown to players -------------------------------------------------------------------
def _flat(d, prefix=""):
    out = {}
    for k, v in d.items():
        if isinstance(v, dict):
            out.update(_flat(v, f"{prefix}{k}."))
        else:
            out[f"{prefix}{k}"] = v
    return out


def test_every_reason_mode_option_and_colour_has_english_and_japanese_text():
    import json
    import re

    from hexgames import paths
    from hexgames.games import get
    from hexgames.games.ingenious import rules as rules_module

    en = _flat(json.loads((paths.TRANSLATIONS / "ingenious.en.json").read_text("utf-8"))["en"])
    ja = _flat(json.loads((paths.TRANSLATIONS / "ingenious.ja.json").read_text("utf-8"))["ja"])
    assert set(en) == set(ja)
    source = open(rules_module.__file__, encoding="utf-8").read()
    raised = set(re.findall(r'_reason\(\s*"([a-z_]+)"', source))
    assert raised and raised <= set(en)
    for key in raised:  # the rules' English text is the file's English text
        text = re.search(r'_reason\(\s*"%s",\s*\n?\s*"([^"]+)"' % key, source).group(1)
        assert en[key] == text
    info = get("ingenious")
    needed = {"title", "description"} | {f"mode.{m.id}" for m in info.modes}
    needed |= {f"option.{o.name}" for o in info.options}
    needed |= {f"option.{o.name}.{v}" for o in info.options for v in o.choices}
    needed |= {f"colour.{name}" for name in rules_module.COLOUR_NAMES}
    assert needed <= set(en)
    for lang in ("en", "ja"):
        text = (paths.RULES_HELP / f"ingenious.{lang}.md").read_text("utf-8")
        assert "18" in text and "36" in text
