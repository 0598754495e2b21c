"""The table (hexgames/table.py) driving a toy game without pygame: whose view shows and when the
screen changes hands, undo, the computer's turns paced by a fake clock and answered by a fake worker,
hints asked and dropped, and the finished game recorded once per end."""
from __future__ import annotations

from dataclasses import replace

from hexgames.ai.hint import HINT_LEVEL
from hexgames.core import highscores, records
from hexgames.core.match import Match, Seat
from hexgames.table import (AI_PACE, MAX_AI_FAILURES, HintReady, Notice, Played, ScreenHidden, Table,
                            Undone)
from tests.core.toy import TOY, ToyRules

ANN, BOB = Seat("human", None, "Ann"), Seat("human", None, "Bob")
CPU, CPU2 = Seat("ai", "easy", "CPU"), Seat("ai", "hard", "CPU 2")


class OpenToyRules(ToyRules):
    """The toy with nothing private: hot-seat needs no hand-over."""

    def private_info(self, s):
        return False


OPEN_TOY = replace(TOY, id="toy_open", rules=OpenToyRules())


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class FakeWorker:
    """Answers only when a test says so; remembers every request and cancel."""

    def __init__(self) -> None:
        self.requests: list[dict] = []
        self.answers: list[tuple[int, object]] = []
        self.cancels = 0

    def request(self, game_id, level, view, seat, seed, budget=None, iterations=None) -> int:
        self.requests.append(dict(game_id=game_id, level=level, view=view, seat=seat, seed=seed,
                                  iterations=iterations))
        return len(self.requests)

    def poll(self):
        return self.answers.pop(0) if self.answers else None

    def answer(self, move, ticket: int | None = None) -> None:
        self.answers.append((len(self.requests) if ticket is None else ticket, move))

    def cancel(self) -> None:
        self.cancels += 1


def _table(seats, info=TOY, seed=1, **kw) -> tuple[Table, list]:
    """A table for a new match of `info`, and the list of every event it tells."""
    table = Table(Match(info, seats, None, seed), **kw)
    heard: list = []
    table.listeners.append(heard.append)
    return table, heard


# --- who sees what -------------------------------------------------------------------------------
def test_hot_seat_with_secrets_hides_the_screen_after_each_turn_until_the_next_player_takes_it():
    table, heard = _table([ANN, BOB])
    assert table.hot_seat and table.hides_info
    assert table.viewer is None and not table.can_act and table.handover_due() == 0
    table.take_screen(0)
    assert table.viewer == 0 and table.can_act and table.handover_due() is None
    assert table.play("draw") is None
    assert [type(e) for e in heard] == [ScreenHidden, Played] and heard[0].seat == 0
    assert heard[1].move == "draw" and heard[1].seat == 0 and not heard[1].by_ai
    assert heard[1].after is table.match.state and heard[1].before is table.match.states[-2]
    assert table.viewer is None and not table.can_act and table.handover_due() == 1
    table.take_screen(1)
    assert table.viewer == 1 and table.can_act


def test_a_pinned_viewer_shows_that_seat_whoever_has_the_screen():
    table, _ = _table([ANN, BOB])
    table.viewer_override = 1
    assert table.viewer == 1 and table.handover_due() == 0  # the hand-over still follows the turn


def test_hot_seat_without_secrets_follows_the_human_to_move_with_no_hand_over():
    table, heard = _table([ANN, BOB], info=OPEN_TOY)
    assert table.hot_seat and not table.hides_info
    for _ in range(5):
        assert table.viewer == table.match.to_move and table.can_act and table.handover_due() is None
        assert table.play("tap") is None
    assert not any(isinstance(e, ScreenHidden) for e in heard)
    while not table.match.is_over:
        table.play("tap")
    assert table.viewer == table.match.mover(len(table.match.moves) - 1)  # the last to move keeps it


def test_one_human_against_the_computer_always_sees_their_own_view():
    table, _ = _table([ANN, CPU], worker=FakeWorker())
    assert not table.hot_seat and table.viewer == 0 and table.can_act
    table.play("draw")
    assert table.viewer == 0 and not table.can_act and table.ai_due and table.handover_due() is None


def test_a_remote_human_is_not_at_this_screen():
    table, _ = _table([ANN, BOB], remote={1})
    assert table.screen_seats == (0,) and not table.hot_seat and table.viewer == 0
    table.play("tap")
    assert not table.can_act and table.handover_due() is None and not table.ai_due
    assert table.play("tap") is None  # the remote player's move, arrived from elsewhere
    assert table.can_act and table.viewer == 0


def test_a_spectator_s_table_drives_nothing_and_records_nothing():
    worker = FakeWorker()
    table, _ = _table([CPU, CPU2], worker=worker)
    table.watch(None)
    assert table.viewer is None and not table.ai_due and not table.can_act and table.handover_due() is None
    assert not table.poll_ai() and worker.requests == [] and not table.keeps_records


# --- playing and undo -----------------------------------------------------------------------------
def test_a_refused_move_changes_nothing_and_says_why():
    table, heard = _table([ANN, CPU])
    reason = table.play("jump")
    assert reason is not None and reason.key == "toy.unknown" and table.match.moves == [] and heard == []


def test_undo_against_the_computer_takes_back_its_moves_too_and_forgets_them():
    table, heard = _table([ANN, CPU], worker=FakeWorker())
    table.play("tap")
    table.play("tap", by_ai=True)
    assert table.ai_moves == [1]
    assert table.undo() is None
    assert table.match.moves == [] and table.ai_moves == [] and isinstance(heard[-1], Undone)


def test_undo_is_refused_across_a_drawn_card_changing_nothing():
    table, heard = _table([ANN, CPU])
    table.play("draw")
    table.play("tap", by_ai=True)
    refusal = table.undo()
    assert refusal is not None and refusal.key == "core.undo_reveals" and len(table.match.moves) == 2
    assert not any(isinstance(e, Undone) for e in heard)


def test_hot_seat_undo_takes_back_only_the_player_at_the_screen_s_own_moves():
    table, _ = _table([ANN, BOB], info=OPEN_TOY)
    table.play("tap")  # Ann
    assert table.viewer == 1 and table.undo().key == "core.undo_not_yours"
    table.play("tap")  # Bob
    assert table.viewer == 0 and table.undo().key == "core.undo_not_yours"
    table.viewer_override = 1
    assert table.undo() is None and table.match.moves == ["tap"]


def test_rewind_sets_the_history_and_forgets_the_old_position():
    table, heard = _table([ANN, CPU], worker=FakeWorker())
    table.play("tap")
    table.play("draw", by_ai=True)
    table.rewind(["draw", "tap", "tap"])
    assert table.match.moves == ["draw", "tap", "tap"] and len(table.match.states) == 4
    assert table.ai_moves == [] and isinstance(heard[-1], Undone)


# --- the computer's turns --------------------------------------------------------------------------
def test_the_computer_is_asked_from_its_own_view_and_paced_by_the_clock():
    clock, worker = FakeClock(), FakeWorker()
    table, heard = _table([ANN, CPU, CPU2], worker=worker, clock=clock)
    assert not table.poll_ai()  # Ann's turn: nothing to ask
    table.play("draw")
    assert table.ai_due and not table.poll_ai()
    ask = worker.requests[-1]
    assert (ask["seat"], ask["level"], ask["game_id"]) == (1, "easy", "toy")
    assert ask["view"].hands[0] is None and ask["view"].deck == [0] * len(table.match.state.deck)
    assert not table.poll_ai()  # thinking: no answer yet
    worker.answer("tap")
    assert table.poll_ai() and table.match.moves == ["draw", "tap"] and table.ai_moves == [1]
    assert heard[-1] == Played(table.match.states[1], "tap", table.match.state, 1, True)
    assert not table.poll_ai() and worker.requests[-1]["seat"] == 2 and worker.requests[-1]["level"] == "hard"
    worker.answer("tap")
    clock.now = AI_PACE / 2
    assert not table.poll_ai() and table.ai_held and worker.answers  # on show: the answer waits
    clock.now = AI_PACE
    assert table.poll_ai() and len(table.match.moves) == 3 and table.ai_moves == [1, 2]
    table.play("tap")
    assert table.ai_moves == []  # the human acted: the computer's moves were seen


def test_no_pace_plays_the_next_computer_move_at_once():
    clock, worker = FakeClock(), FakeWorker()
    table, _ = _table([CPU, CPU2], worker=worker, clock=clock)
    table.pace = 0.0
    for _ in range(3):
        table.poll_ai()
        worker.answer("tap")
        assert table.poll_ai()


def test_an_answer_to_a_cancelled_request_is_dropped():
    worker = FakeWorker()
    table, _ = _table([ANN, CPU], worker=worker)
    table.play("tap")
    table.poll_ai()
    assert table.ai_thinking
    assert table.undo() is None and not table.ai_thinking and worker.cancels >= 1
    worker.answer("tap", ticket=1)  # the late answer
    table.play("tap")
    table.poll_ai()  # a new request, ticket 2
    assert not table.poll_ai() and len(table.match.moves) == 1


def test_a_failing_computer_is_asked_again_then_plays_a_random_legal_move():
    worker = FakeWorker()
    table, heard = _table([CPU, ANN], worker=worker)
    for attempt in range(MAX_AI_FAILURES):
        table.poll_ai()
        worker.answer(RuntimeError("boom") if attempt % 2 == 0 else "jump")  # an error, an illegal move
        table.poll_ai()
    seeds = [r["seed"] for r in worker.requests]
    assert len(set(seeds)) == MAX_AI_FAILURES  # each retry with another seed
    assert len(table.match.moves) == 1 and table.match.moves[0] in ("draw", "tap") and table.ai_moves == [0]
    notices = [e for e in heard if isinstance(e, Notice)]
    assert len(notices) == 1 and notices[0].error and notices[0].reason.key == "ui.game.ai_failed"


def test_without_a_worker_nobody_here_moves_the_computer():
    table, _ = _table([ANN, CPU])
    table.play("tap")
    assert not table.ai_due and not table.poll_ai() and len(table.match.moves) == 1


# --- hints ------------------------------------------------------------------------------------------
def test_a_hint_is_asked_from_the_seat_s_view_and_shown_when_it_comes():
    worker = FakeWorker()
    table, heard = _table([ANN, CPU], worker=worker)
    table.hint_iterations = 50
    assert table.request_hint() and table.hint_thinking
    ask = worker.requests[-1]
    assert (ask["level"], ask["seat"], ask["iterations"]) == (HINT_LEVEL, 0, 50) and ask["view"].hands[1] is None
    table.poll_hint()
    assert table.hint_move is None
    worker.answer("draw")
    table.poll_hint()
    assert table.hint_move == "draw" and heard[-1] == HintReady("draw") and table.match.hints == {0: 1}
    assert not table.hint_thinking
    table.play("tap")
    assert table.hint_move is None  # any move clears the hint on show


def test_a_cancelled_hint_s_late_answer_is_dropped():
    worker = FakeWorker()
    table, heard = _table([ANN, CPU], worker=worker)
    table.request_hint()
    table.cancel_hint()
    assert not table.hint_thinking and worker.cancels == 1
    worker.answer("tap")
    table.poll_hint()
    assert table.hint_move is None and heard == [] and table.match.hints == {}


def test_a_hint_is_dropped_when_the_turn_moves_on_and_a_bad_one_is_told():
    worker = FakeWorker()
    table, heard = _table([ANN, CPU], worker=worker)
    table.request_hint()
    table.play("tap")
    assert not table.hint_thinking  # the move cancelled it
    table.play("tap", by_ai=True)
    table.request_hint()
    worker.answer("jump")
    table.poll_hint()
    assert table.hint_move is None and isinstance(heard[-1], Notice) and heard[-1].error
    assert heard[-1].reason.key == "ui.hint.failed" and table.match.hints == {}


def test_a_hint_for_a_position_that_changed_meanwhile_is_dropped():
    worker = FakeWorker()
    table, heard = _table([ANN], worker=worker)
    table.request_hint()
    table.match.play("tap")  # changed outside the table (as a server's history is): Ann is to move again
    worker.answer("draw")
    table.poll_hint()
    assert not table.hint_thinking and table.hint_move is None and worker.cancels == 1 and heard == []


def test_no_hint_is_asked_for_a_seat_not_at_the_screen():
    worker = FakeWorker()
    table, _ = _table([ANN, BOB], worker=worker)
    assert not table.request_hint() and worker.requests == []  # nobody has the screen yet
    table.take_screen(0)
    assert table.request_hint()


# --- the records --------------------------------------------------------------------------------------
def _to_end(table: Table) -> None:
    while not table.match.is_over:
        table.play("tap", by_ai=not table.match.seat_to_move.is_human)


def test_the_finished_game_is_recorded_once_per_end(monkeypatch):
    recorded = []
    real = records.record_match
    monkeypatch.setattr(records, "record_match", lambda match: recorded.append(len(match.moves)) or real(match))
    table, _ = _table([ANN, CPU])
    _to_end(table)
    table.record()
    assert recorded == [12] and len(records.load()) == 1
    assert table.undo() is None and not table.match.is_over
    _to_end(table)
    assert recorded == [12, 12]
    assert [r.uid for r in records.load()] == [table.match.uid]  # the end reached again replaces it


def test_a_tutorial_s_table_records_nothing():
    table, _ = _table([ANN, CPU])
    table.keeps_records = False
    _to_end(table)
    assert records.load() == [] and table.record_highscore("toy/solo", [3]) is None


def test_a_record_that_cannot_be_written_is_told_and_the_game_ends_all_the_same(monkeypatch):
    def fail(match, date=None):
        raise records.RecordsUnavailable("disk full")

    monkeypatch.setattr(records, "record_match", fail)
    table, heard = _table([ANN, CPU])
    _to_end(table)
    notices = [e for e in heard if isinstance(e, Notice)]
    assert table.match.is_over and len(notices) == 1 and notices[0].reason.key == "ui.game.record_failed"
    assert isinstance(heard[-1], Played)


def test_a_solo_high_score_is_entered_once_per_end():
    table, _ = _table([ANN])
    _to_end(table)
    assert table.record_highscore("toy/solo", [5]) == 0 and table.highscore_place == 0
    assert table.record_highscore("toy/solo", [5]) is None  # once per end
    assert len(highscores.top("toy/solo")) == 1
    table.undo()
    assert table.highscore_place is None
    _to_end(table)
    assert table.record_highscore("toy/solo", [7]) == 0 and len(highscores.top("toy/solo")) == 1
