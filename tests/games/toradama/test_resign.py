"""Either player may resign at any time (RULES.md §3.7), whoever is to move: `rules.resign`, kept by
the match as a `Resignation` among its moves, so saves, records, the replay and undo treat it like a
move. The scene tests press the Resign button with real events, in hot-seat and against the AI."""
from __future__ import annotations

import pytest

from hexgames import games
from hexgames.core import saves
from hexgames.core.match import Seat
from hexgames.core.protocol import IllegalMove, Resignation
from hexgames.games import new_match
from hexgames.games.toradama.moves import Place
from hexgames.games.toradama.rules import CHOOSE, OVER, PLACING, ToradamaRules
from tests.games.toradama.positions import make

R = ToradamaRules()
ALICE, BOB, CPU = Seat("human", None, "Alice"), Seat("human", None, "Bob"), Seat("ai", "medium", "Robo")


def test_either_seat_resigns_in_any_phase_and_the_other_wins():
    s = R.setup({}, 2, 1)
    assert s.phase == CHOOSE
    for seat in (0, 1):
        assert R.resign_refusal(s, seat) is None
        t = R.resign(s, seat)
        assert t.phase == OVER and t.end == "resign" and t.winner == 1 - seat and s.phase == CHOOSE
        assert t.events == [("resign", seat)]
        assert R.outcome(t).ranks == ((1, 0) if seat == 0 else (0, 1))
    mid = R.play(make(["....."] * 6, pool="RYB"), Place(0, 0))
    assert mid.phase == PLACING and mid.current == 0
    assert R.resign(mid, 1).winner == 0  # the waiting player gives up in the middle of a turn
    assert R.resign_refusal(R.resign(mid, 1), 0).key == "core.game_over"
    assert R.resign_refusal(mid, 2).key == "toradama.no_such_seat"
    with pytest.raises(IllegalMove):
        R.resign(mid, 5)


def test_a_solo_player_may_stop_and_keeps_the_score():
    s = make(["....."] * 6, seats=1, chars=(0,), score=("RRB", ""))
    t = R.resign(s, 0)
    out = R.outcome(t)
    assert out.ranks == (0,) and out.scores == (5.0,) and out.ending == "resigned"
    assert out.summary.key == "toradama.result.solo_resign"


def test_a_resignation_out_of_turn_is_saved_replayed_and_undone_like_a_move(tmp_path):
    import json

    seed = next(n for n in range(100) if R.setup({}, 2, n).current == 0)
    match = new_match("toradama", [ALICE, CPU], None, seed)
    match.play(R.legal_moves(match.state)[0])  # Alice chose; the computer is to move
    assert match.to_move == 1
    match.resign(0)  # Alice gives up while the computer is to choose
    assert match.is_over and match.moves[-1] == Resignation(0) and match.mover(1) == 0
    assert match.outcome().ranks == (1, 0)
    path = tmp_path / "resigned.json"
    saves.write_save(match, path)
    assert json.loads(path.read_text())["moves"][-1] == {"resign": 0}
    loaded = saves.read_save(path, games.get)
    assert loaded.digest() == match.digest() and loaded.moves == match.moves
    with pytest.raises(IllegalMove):
        match.resign(1)  # the game is over
    assert match.undo_point() == 1  # Alice's resignation is her last decision: Undo takes it back
    assert match.undo() is None and not match.is_over and match.to_move == 1 and len(match.moves) == 1


def test_the_move_log_names_who_resigned():
    from hexgames.ui.move_log import MoveLog

    match = new_match("toradama", [ALICE, BOB], None, 3)
    match.play(R.legal_moves(match.state)[0])
    resigner = 1 - match.to_move

    class App:
        settings = type("S", (), {"language": "en"})()

        @staticmethod
        def tr_reason(reason):
            return str(reason)

    match.resign(resigner)
    log = MoveLog(App, match, lambda: None, lambda seat: f"P{seat}", lambda *a: None)
    entries = log.entries()
    assert entries[-1].seat == resigner and entries[-1].text == "resigned"
