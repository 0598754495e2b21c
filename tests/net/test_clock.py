"""The turn clocks and a table's settings, pure: what a turn takes and an increment adds, whose time
runs, when it runs out, what is stored and read back after a restart, what a client is sent, and
the settings a host may choose (and nothing else)."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hexgames import games
from hexgames.net.clock import MAX_LEFT, ClockRule, SeenClock, TurnClock
from hexgames.net.frames import read_client_frame, client_frame, FrameError
from hexgames.net.table_settings import TableSettings, has_resignation, read_settings

MOVE = ClockRule("move", per_move=30_000)
BANK = ClockRule("bank", bank=60_000, increment=5_000)


def test_a_time_per_move_is_whole_at_every_turn_and_runs_out_after_it():
    clock = TurnClock.new(MOVE, [True, True]).start(0, 100.0)
    assert clock.running == 0 and clock.remaining(0, 112.5) == 17_500 and clock.remaining(1, 112.5) == 30_000
    assert clock.expires_at() == 130.0 and clock.expired(129.9) is None and clock.expired(130.0) == 0
    later = clock.after_move(112.5, mover=0, to_move=1)
    assert later.running == 1 and later.left == (30_000, 30_000)
    assert later.after_move(140.0, mover=1, to_move=1).remaining(1, 140.0) == 30_000  # a second move: whole again


def test_a_bank_loses_what_a_turn_used_and_gains_the_increment_only_for_its_own_move():
    clock = TurnClock.new(BANK, [True, True]).start(0, 0.0)
    clock = clock.after_move(10.0, mover=0, to_move=1)
    assert clock.left == (55_000, 60_000) and clock.running == 1
    assert clock.after_move(200.0, mover=1, to_move=0).left == (55_000, 5_000)  # ran out, then + 5 s


def test_an_undo_keeps_time_used_spent_and_takes_back_the_increments_of_the_moves_it_took_back():
    clock = TurnClock.new(BANK, [True, True]).start(0, 0.0).after_move(10.0, mover=0, to_move=1)
    undone = clock.after_undo(30.0, to_move=0, undone=[0])
    assert undone.left == (50_000, 40_000) and undone.running == 0 and undone.remaining(0, 31.0) == 49_000
    assert clock.after_undo(30.0, to_move=0, undone=[0, 0, 0]).left == (40_000, 40_000)
    short = TurnClock(BANK, (3_000, 60_000), 1, 0.0)
    assert short.after_undo(1.0, to_move=0, undone=[0]).left == (0, 59_000)  # never below zero
    per_move = TurnClock.new(MOVE, [True, True]).start(1, 0.0).after_undo(12.0, to_move=0, undone=[0])
    assert per_move.left == (30_000, 30_000) and per_move.running == 0


def test_a_resignation_out_of_turn_leaves_the_running_turn_running_and_the_end_stops_every_clock():
    clock = TurnClock.new(BANK, [True, True, True]).start(1, 0.0)
    same = clock.after_move(20.0, mover=2, to_move=1)
    assert same == clock and same.remaining(1, 20.0) == 40_000
    over = clock.after_move(20.0, mover=1, to_move=None)
    assert over.running is None and over.left == (60_000, 45_000, 60_000) and over.expires_at() is None


def test_a_computer_s_seat_is_never_timed_and_no_time_runs_on_its_turn():
    clock = TurnClock.new(MOVE, [True, False]).start(1, 0.0)
    assert clock.left == (30_000, None) and clock.running is None and clock.expired(10_000.0) is None
    assert clock.remaining(1, 5.0) is None
    assert clock.after_move(50.0, mover=1, to_move=0).remaining(0, 60.0) == 20_000


@settings(max_examples=300, deadline=None)
@given(left=st.integers(0, MAX_LEFT), used=st.floats(0, 10**6, allow_nan=False), increment=st.integers(0, 600_000),
       moved=st.booleans())
def test_a_charge_never_leaves_a_negative_time_and_adds_the_increment_exactly(left, used, increment, moved):
    rule = ClockRule("bank", bank=left, increment=increment)
    clock = TurnClock(rule, (left, None), 0, 1000.0)
    charged = clock.charge(1000.0 + used, moved)
    kept = clock.remaining(0, 1000.0 + used)
    assert kept is not None and 0 <= kept <= left
    assert charged.left[0] == min(MAX_LEFT, kept + (increment if moved else 0)) >= 0
    assert charged.running is None


def test_what_is_stored_reads_back_and_a_restart_charges_nobody_for_the_time_it_was_down():
    clock = TurnClock.new(BANK, [True, False, True]).start(0, 0.0).after_move(10.0, 0, 2)
    stored = clock.to_json()
    assert stored == {"left": [55_000, None, 60_000], "running": 2}  # no reading of any time source
    back = TurnClock.from_json(stored, BANK, [True, False, True], now=5000.0)
    assert back.remaining(2, 5000.0) == 60_000 and back.remaining(2, 5001.0) == 59_000
    assert back.expires_at() == 5060.0


@pytest.mark.parametrize("stored", [
    None, [], {"left": [1, 2]}, {"left": [1, 2], "running": 0, "since": 5}, {"left": "ab", "running": None},
    {"left": [1], "running": None}, {"left": [1, 2, 3], "running": None}, {"left": [-1, 2], "running": None},
    {"left": [MAX_LEFT + 1, 2], "running": None}, {"left": [1.5, 2], "running": None},
    {"left": [True, 2], "running": None}, {"left": [1, 2], "running": 2}, {"left": [1, 2], "running": "0"},
    {"left": [None, 2], "running": None}, {"left": [1, None], "running": 1},
])
def test_a_stored_clock_that_is_not_one_of_these_seats_is_refused_in_words(stored):
    with pytest.raises(ValueError):
        TurnClock.from_json(stored, MOVE, [True, True], 0.0)
    with pytest.raises(ValueError):
        TurnClock.from_json({"left": [1, 2], "running": None}, MOVE, [True, False], 0.0)


def test_a_client_is_sent_the_time_left_now_and_counts_down_from_when_it_arrived():
    clock = TurnClock.new(MOVE, [True, True]).start(1, 100.0)
    sent = clock.frame(104.0, running=1)
    assert sent == {"left": [30_000, 26_000], "running": 1}
    seen = SeenClock.from_frame(sent, at=7.0)  # the client's own clock, however far from the server's
    assert seen.remaining(1, 9.5) == 23_500 and seen.remaining(0, 9.5) == 30_000 and seen.remaining(1, 60.0) == 0
    assert seen.remaining(5, 9.5) is None
    hidden = clock.frame(104.0, running=0)  # an audience whose view does not say seat 1 is to move
    assert hidden == {"left": [30_000, 30_000], "running": None}


# --- the settings -------------------------------------------------------------------------------
def test_settings_are_read_with_their_defaults_and_bounds():
    assert TableSettings.from_json({}) == TableSettings()  # a table stored before settings: no clock, no hints
    chosen = TableSettings.from_json({"clock": "bank", "bank_minutes": 5, "increment_seconds": 3, "timeout": "lose",
                                      "hints": True})
    assert chosen.rule == ClockRule("bank", bank=300_000, increment=3_000)
    assert TableSettings.from_json({"clock": "move", "move_seconds": 1}).rule == ClockRule("move", per_move=1000)
    assert TableSettings().rule is None
    assert TableSettings.from_json(chosen.to_json()) == chosen


@pytest.mark.parametrize("bad", [
    [], {"clock": "sundial"}, {"move_seconds": 0}, {"move_seconds": 3601}, {"bank_minutes": 181},
    {"increment_seconds": -1}, {"move_seconds": 1.5}, {"move_seconds": True}, {"timeout": "draw"},
    {"hints": 1}, {"colour": "red"}, {"clock": None},
])
def test_settings_out_of_bounds_are_refused_by_the_frame_schema_and_the_reader(bad):
    with pytest.raises(ValueError):
        TableSettings.from_json(bad)
    assert read_settings(bad) == TableSettings()  # a stored row's, leniently: the defaults
    frame = client_frame("create", 1, game="clans", seats=["human", "human"], name="Ann", settings=bad)
    with pytest.raises(FrameError):
        read_client_frame(frame)


def test_a_setting_a_newer_server_adds_is_passed_over_by_the_lenient_reader():
    assert read_settings({"clock": "move", "move_seconds": 20, "sundial": 3}).move_seconds == 20
    assert read_settings({"clock": 5}) == TableSettings()


def test_whether_a_game_lets_a_seat_out_of_time_resign():
    assert has_resignation(games.get("toradama"), {}, 2)
    assert not has_resignation(games.get("ingenious"), {}, 2)
    assert not has_resignation(games.get("clans"), {"mode": "nonsense"}, 2)


def test_a_host_s_settings_are_checked_again_by_the_room_and_a_table_keeps_them():
    from hexgames.net.room import RoomError, new_table

    good = {"clock": "move", "move_seconds": 15, "hints": True}
    read_client_frame(client_frame("create", 1, game="clans", seats=["human", "human"], name="Ann", settings=good))
    record, _, _ = new_table("clans", {}, ["human", "human"], None, "Ann", True, [], good)
    assert record.settings == {**TableSettings().to_json(), **good}
    with pytest.raises(RoomError) as refused:
        new_table("clans", {}, ["human", "human"], None, "Ann", True, [], {"move_seconds": 0})
    assert refused.value.code == "bad_settings" and "move_seconds" in str(refused.value.reason)
