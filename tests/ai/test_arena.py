"""The arena: documented keys, sane numbers, fair seat rotation, the same results with a process pool."""
from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from hexgames.arena import format_arena, game_seed, run_arena, seating, wilson
from tests.ai import toygame  # noqa: F401 - registers the toy games

KEYS = ("game", "seats", "games", "wins", "draws", "win_rate", "ci95", "move_seconds", "slowest_move")


def check_sane(result: dict, levels: list[str], games: int, timed: bool = True) -> None:
    for key in KEYS:
        assert key in result
    json.dumps(result)  # the CLI prints it as JSON
    n = len(levels)
    assert result["game"] == "toybids" and result["seats"] == levels and result["games"] == games
    assert sum(result["wins"]) + result["draws"] == games
    for slot in range(n):
        rate = result["win_rate"][slot]
        low, high = result["ci95"][slot]
        assert rate == result["wins"][slot] / games
        assert 0.0 <= low <= rate <= high <= 1.0
        if timed:
            assert 0.0 <= result["move_seconds"][slot] <= result["slowest_move"][slot]
    if not timed:  # wall-clock figures would break reproducibility
        assert result["move_seconds"] is None and result["slowest_move"] is None
    assert result["mean_moves"] > 0 and sum(result["endings"].values()) == games
    for slot in range(n):  # each slot's wins split by the seat it sat at add up to its wins
        by_seat = result["by_seat"][slot]
        assert sum(c["games"] for c in by_seat) == games and sum(c["wins"] for c in by_seat) == result["wins"][slot]


def test_arena_in_one_process_and_in_a_pool_agree():
    levels = ["hard", "random"]
    calls = []
    one = run_arena("toybids", levels, 6, seed=3, jobs=1, iterations=30,
                    progress=lambda done, total: calls.append((done, total)))
    two = run_arena("toybids", levels, 6, seed=3, jobs=2, iterations=30, register_module="tests.ai.toygame")
    check_sane(one, levels, 6, timed=False)
    check_sane(two, levels, 6, timed=False)
    assert one == two  # untimed: the pool plays exactly the same games
    assert calls == [(i, 6) for i in range(1, 7)]


def test_three_seat_arena_and_its_table():
    levels = ["medium", "easy", "random"]
    result = run_arena("toybids", levels, 6, seed=1)
    check_sane(result, levels, 6)
    table = format_arena(result)
    for level in levels:
        assert level in table
    assert "95% CI" in table


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 4), st.integers(1, 20))
def test_every_slot_starts_equally_often(slots, rounds):
    """Over any whole number of rotations each slot sits in each seat equally often."""
    games = slots * rounds
    for seat in range(slots):
        counts = [0] * slots
        for g in range(games):
            counts[seating(slots, g)[seat]] += 1
        assert counts == [rounds] * slots
    for g in range(games):
        assert sorted(seating(slots, g)) == list(range(slots))


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 500), st.data())
def test_wilson_interval_contains_the_rate_and_stays_in_bounds(n, data):
    k = data.draw(st.integers(0, n))
    low, high = wilson(k, n)
    assert 0.0 <= low <= k / n <= high <= 1.0
    assert high - low > 0


def test_wilson_matches_a_worked_value():
    """65 of 100: the Wilson 95 % interval is [0.5525, 0.7364] (textbook formula, 4 decimals)."""
    low, high = wilson(65, 100)
    assert round(low, 4) == 0.5525 and round(high, 4) == 0.7364


def test_a_side_holding_first_place_alone_wins_and_a_shared_first_place_between_sides_is_a_draw():
    from hexgames.core.protocol import Outcome

    teams = Outcome(scores=(5, 3, 5, 3), ranks=(0, 1, 0, 1), summary="", teams=(0, 1, 0, 1))
    assert teams.winning_side == 0 and teams.side(2) == 0
    alone = Outcome(scores=(5, 3, 2), ranks=(0, 1, 2), summary="")
    assert alone.winning_side == 0 and alone.side(2) == 2
    shared = Outcome(scores=(5, 5, 2), ranks=(0, 0, 2), summary="")
    assert shared.winning_side is None


def test_team_arena_counts_a_team_first_place_as_a_win_for_both_partners():
    """Ingenious 2v2: Medium partners against Random partners; partners always win or lose together,
    and the partnership is reported (it used to be a draw every game)."""
    levels = ["medium", "random", "medium", "random"]
    result = run_arena("ingenious", levels, 4, seed=2, options={"mode": "team"})
    assert result["wins"][0] == result["wins"][2] and result["wins"][1] == result["wins"][3]
    assert result["wins"][0] + result["wins"][1] + result["draws"] == 4
    assert result["wins"][0] >= 3  # Medium beats random play
    teams = {tuple(t["slots"]): t for t in result["teams"]}
    assert set(teams) == {(0, 2), (1, 3)}
    assert teams[(0, 2)]["wins"] == result["wins"][0] and teams[(0, 2)]["games"] == 4
    assert "team 1 medium + 3 medium" in format_arena(result)
    assert set(result["endings"]) <= {"all_colours_at_cap", "board_full", "tiles_out"}
    assert sum(result["endings"].values()) == 4 and result["mean_moves"] > 20



def test_the_table_splits_each_levels_wins_by_the_seat_it_won_from():
    result = run_arena("toybids", ["medium", "random"], 8, seed=2)
    rows = [line for line in format_arena(result).splitlines() if "by seat" in line]
    assert len(rows) == 2
    for slot, level in enumerate(["medium", "random"]):
        cells = result["by_seat"][slot]
        assert [c["games"] for c in cells] == [4, 4]  # seats rotate
        assert rows[slot].startswith(f"  {slot + 1} {level} by seat: seat 1 {cells[0]['wins']}/4")
        assert f"seat 2 {cells[1]['wins']}/4" in rows[slot]


def test_games_the_first_seat_did_not_win_are_saved_and_replay_as_they_ended(tmp_path):
    """`--save-lost`: a file for exactly the games the first slot did not win, each a save the app
    loads (checked against its digest), ended, with the levels where they sat."""
    from hexgames import games
    from hexgames.arena import lost_game_file
    from hexgames.core.saves import read_save

    levels = ["easy", "random"]
    result = run_arena("stickers", levels, 4, seed=2, save_lost=str(tmp_path))
    assert result["wins"][0] == 3  # seed 2: Easy wins three, so one game is kept
    saved = sorted(tmp_path.iterdir())
    assert len(saved) == 1
    for path in saved:
        game = int(path.stem.rsplit("game", 1)[1])
        assert path == lost_game_file(str(tmp_path), "stickers", 2, game)
        match = read_save(path, games.get)
        assert match.is_over
        sat = [levels[slot] for slot in seating(2, game)]
        assert [seat.level for seat in match.seats] == sat
        assert sat.index("easy") not in match.outcome().winners


def test_a_level_the_app_does_not_offer_is_saved_as_hard_under_its_own_name(tmp_path):
    from hexgames import games
    from hexgames.arena import write_lost_game
    from hexgames.core.saves import read_save

    info = games.get("stickers")
    path = write_lost_game(str(tmp_path), info, ["hard-0.1", "medium"], None, [], 7, 3)
    match = read_save(path, games.get)
    assert [(s.level, s.name) for s in match.seats] == [("hard", "1: hard-0.1"), ("medium", "2: medium")]
    assert path.name == "stickers-seed7-game0003.json" and not match.moves
    assert match.seed == game_seed(7, 3)  # the deal game 3 of seed 7 was played on
