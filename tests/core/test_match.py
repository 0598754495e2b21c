"""Match: playing, refusing, undo to the last human decision, and undo refused across hidden draws."""
import pytest

from hexgames.core.match import Match, Seat
from hexgames.core.protocol import IllegalMove
from tests.core.toy import TOY

H, A = Seat("human", None, "Ann"), Seat("ai", "medium", "CPU")


def test_seat_parse_accepts_the_documented_forms_and_refuses_others():
    assert Seat.parse("human:Alice").name == "Alice"
    assert Seat.parse("ai:hard") == Seat("ai", "hard", "CPU 1 (hard)")
    assert Seat.parse("easy", 2).level == "easy"
    with pytest.raises(ValueError):
        Seat.parse("ai:godlike")


def test_options_are_resolved_with_defaults_and_unknown_ones_refused():
    m = Match(TOY, [H, A], {}, 1)
    assert m.options == {"mode": "standard", "deck": "single"}
    assert Match(TOY, [H], {}, 1).options["mode"] == "solo"
    with pytest.raises(ValueError):
        Match(TOY, [H, A], {"colour": "red"}, 1)
    with pytest.raises(ValueError):
        Match(TOY, [H, A], {"deck": "triple"}, 1)
    with pytest.raises(ValueError):
        Match(TOY, [H, A], {"mode": "solo"}, 1)


def test_illegal_move_raises_and_changes_nothing():
    m = Match(TOY, [H, A], {}, 1)
    with pytest.raises(IllegalMove) as e:
        m.play("fly")
    assert "fly" in e.value.reason and e.value.reason.key == "toy.unknown"
    assert m.moves == [] and len(m.states) == 1


def test_undo_returns_to_the_last_human_decision_across_ai_moves():
    m = Match(TOY, [H, A], {}, 1)
    m.play("tap")  # human
    m.play("tap")  # ai
    before = m.digest()
    m.play("tap")  # human
    m.play("tap")  # ai
    assert m.undo() is None
    assert m.digest() == before and len(m.moves) == 2 and m.seat_to_move.is_human


def test_undo_is_refused_with_a_reason_when_a_card_was_drawn_since():
    m = Match(TOY, [H, A], {}, 1)
    m.play("tap")
    m.play("draw")  # the AI drew: its card was revealed to it
    reason = m.undo()
    assert reason is not None and reason.key == "core.undo_reveals" and "drawn" in reason
    assert len(m.moves) == 2


def test_undo_with_nothing_to_undo_says_so():
    m = Match(TOY, [A, A], {}, 1)
    m.play("tap")
    assert m.undo().key == "core.undo_nothing"


def test_listeners_hear_every_play_and_undo():
    m = Match(TOY, [H, H], {}, 1)
    heard = []
    m.listeners.append(lambda match: heard.append(len(match.moves)))
    m.play("tap")
    m.play("tap")
    m.undo()
    assert heard == [1, 2, 1]


def test_a_game_without_a_resignation_refuses_one_and_changes_nothing():
    m = Match(TOY, [H, A], {}, 1)
    assert m.resign_refusal(1).key == "core.no_resign"
    with pytest.raises(IllegalMove):
        m.resign(0)
    assert m.moves == [] and len(m.states) == 1
