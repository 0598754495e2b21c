"""The table's undo policy (hexgames/table.py), on real games: one human against computers steps back
over their moves; at one screen Undo never crosses another human's move."""
from __future__ import annotations

from hexgames import table
from hexgames.core.match import Seat
from hexgames.ui.screenshot import build_match

ANN, BOB = Seat("human", None, "Ann"), Seat("human", None, "Bob")
CPU = Seat("ai", "medium", "CPU")


def _mover(match, i: int) -> int:
    return match.rules.to_move(match.states[i])


def test_within_one_s_own_turn_hot_seat_undo_steps_back_one_decision():
    # Toradama: a turn places two tiles, two decisions of the same player (nothing drawn between)
    for moves in range(2, 30):
        match = build_match("toradama", 4, moves, seats=[ANN, BOB])
        if match.is_over:
            break
        seat = match.to_move
        if _mover(match, len(match.moves) - 1) == seat and table.undo_refusal(match, seat) is None:
            before = list(match.moves)
            assert table.undo(match, seat) is None
            assert match.moves == before[:-1] and match.to_move == seat
            return
    raise AssertionError("no position with an undoable own move was reached")


def test_hot_seat_undo_never_crosses_the_other_human_s_move():
    for game_id in ("ingenious", "clans", "toradama", "dotlines", "stickers"):
        for moves in range(1, 25):
            match = build_match(game_id, 2, moves, seats=[ANN, BOB])
            if match.is_over:
                break
            seat = match.to_move
            if _mover(match, len(match.moves) - 1) != seat:  # the other player moved last
                refusal = table.undo_refusal(match, seat)
                assert refusal is not None and refusal.key in ("core.undo_not_yours", "core.undo_nothing")
                assert table.undo(match, seat) == refusal and len(match.moves) == moves
        # and nobody behind the hand-over may undo at all
        match = build_match(game_id, 2, 3, seats=[ANN, BOB])
        assert table.undo_refusal(match, None).key == "core.undo_nobody"


def test_one_human_against_computers_steps_back_over_their_moves():
    match = build_match("toradama", 5, 0, seats=[ANN, CPU])
    from hexgames.ui.screenshot import choose_move

    while not (len(match.moves) >= 3 and match.to_move == 0 and _mover(match, len(match.moves) - 1) == 1):
        seat = match.to_move
        match.play(choose_move("toradama", "medium", match.rules.observe(match.state, seat), seat, len(match.moves)))
    point = table.undo_point(match, 0)
    assert point is not None and _mover(match, point) == 0 and point < len(match.moves) - 1
    assert table.undo_point(match, 0) == match.undo_point()
