"""What happened at the table since a player last moved, read from a match's history; no pygame.

Why: in hot-seat play the hand-over screen hides the board while the others move, so the next player
cannot see what changed. The scene shows these turns as arrows on the map and as short lines. Every
move in Clans is public (only who plays which colour is secret, and nothing here names a player's
colour), so the recap hides nothing it should not.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from hexgames.games.clans.rules import Move, ScoreEntry


@dataclass(frozen=True)
class Turn:
    """One player's turn: the group moved (None if the turn only chose a scoring order), the
    villages it scored, in order, and where its moves are in the history (`moves[i]` for i in
    `steps`), so each can be worded."""

    seat: int
    move: Move | None
    huts: int
    villages: tuple[ScoreEntry, ...]
    steps: tuple[int, ...]


def turns(states: Sequence[Any], moves: Sequence[Any], start: int = 0) -> list[Turn]:
    """The turns of `moves[start:]` (`states[i]` is the state before `moves[i]`), each move grouped
    with the order choices that followed it."""
    out: list[Turn] = []
    for i in range(start, len(moves)):
        before, move, after = states[i], moves[i], states[i + 1]
        seat = before.current
        scored = tuple(after.score_log[len(before.score_log):])
        if isinstance(move, Move):
            out.append(Turn(seat, move, before.size[move.src], scored, (i,)))
        elif out and out[-1].seat == seat:
            last = out[-1]
            out[-1] = Turn(seat, last.move, last.huts, last.villages + scored, last.steps + (i,))
        else:
            out.append(Turn(seat, None, 0, scored, (i,)))
    return out


def since_last_turn(states: Sequence[Any], moves: Sequence[Any], seat: int) -> list[Turn]:
    """The other players' turns since `seat` last moved (all turns so far if it has not moved yet)."""
    mine = [i for i in range(len(moves)) if states[i].current == seat]
    return turns(states, moves, mine[-1] + 1 if mine else 0)


def last_turn(states: Sequence[Any], moves: Sequence[Any]) -> list[Turn]:
    """The most recent turn, whoever played it (empty before the first move)."""
    starts = [i for i in range(len(moves)) if isinstance(moves[i], Move)]
    return turns(states, moves, starts[-1]) if starts else []
