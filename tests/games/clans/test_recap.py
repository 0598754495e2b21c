"""The recap of turns since a player last moved: grouped per turn, with the villages each scored."""
import random

from hexgames.core.match import Match, Seat
from hexgames.games import new_match
from hexgames.games.clans import recap
from hexgames.games.clans.rules import Move, ScoreNext

SEATS = [Seat("human", None, "A"), Seat("human", None, "B"), Seat("ai", "medium", "C")]


def _played(seed: int, moves: int) -> Match:
    match = new_match("clans", SEATS, {}, seed)
    rng = random.Random(seed)
    while len(match.moves) < moves and not match.is_over:
        match.play(match.rules.random_move(match.state, rng))
    return match


def test_since_last_turn_lists_the_others_turns_in_order():
    match = _played(4, 25)
    for seat in range(3):
        turns = recap.since_last_turn(match.states, match.moves, seat)
        mine = [i for i in range(len(match.moves)) if match.states[i].current == seat]
        later = [i for i in range(mine[-1] + 1, len(match.moves)) if isinstance(match.moves[i], Move)]
        assert [t.move for t in turns if t.move is not None] == [match.moves[i] for i in later]
        assert all(t.seat != seat for t in turns)
        for t in turns:
            if t.move is not None:
                i = match.moves.index(t.move)
                assert t.huts == match.states[i].size[t.move.src]


def test_every_scored_village_is_in_exactly_one_turn():
    match = _played(9, 200)
    turns = recap.turns(match.states, match.moves)
    assert [e for t in turns for e in t.villages] == list(match.state.score_log)
    assert len([t for t in turns if t.move is not None]) == sum(isinstance(m, Move) for m in match.moves)
    assert all(t.move is not None or t.villages for t in turns)
    assert not any(isinstance(m, ScoreNext) for m in match.moves) or any(len(t.villages) > 1 for t in turns)


def test_the_last_turn_before_any_move_is_empty_and_then_the_latest():
    match = new_match("clans", SEATS, {}, 1)
    assert recap.last_turn(match.states, match.moves) == []
    match = _played(2, 7)
    last = recap.last_turn(match.states, match.moves)
    moves = [m for m in match.moves if isinstance(m, Move)]
    assert len(last) == 1 and last[0].move == moves[-1]


def test_each_turn_knows_its_moves_in_the_history():
    match = _played(9, 120)
    turns = recap.turns(match.states, match.moves)
    assert [i for t in turns for i in t.steps] == list(range(len(match.moves)))
    for t in turns:
        assert all(match.states[i].current == t.seat for i in t.steps)
        assert t.move is None or match.moves[t.steps[0]] == t.move
        assert all(isinstance(match.moves[i], ScoreNext) for i in t.steps[1:])
