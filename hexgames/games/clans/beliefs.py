"""What the Clans AI believes about the colours it cannot see; no pygame.

The rules deal hidden colours uniformly (`ClansRules.sample`); a player who watches the table knows
better: a move that raises colour X's prospects is evidence that the mover plays X. Per seat and
colour the *evidence* is the log-likelihood that a player of that colour chose the moves that seat
made, each move modelled as a softmax over the heuristic gains of every legal move there
(`heuristics.all_move_gains`, sharpness `INFERENCE_BETA`). The posterior over deals is the uniform
prior times exp(total evidence), and `determinise` draws search determinisations from it (the
`GameInfo.determinise` hook, see `hexgames.ai.belief`).

The evidence is read from the public history: the view is replayed from `rules.opening`. Replays
are kept per game (`_Track`), extended as the game goes on and cut back on undo, so each move is
weighed once per process, as it was when the rules did it inside `play`.
"""
from __future__ import annotations

import itertools
import math
import random
from typing import Any

from hexgames.core.caches import BoundedCache
from hexgames.games.clans import heuristics
from hexgames.games.clans.rules import COLOURS, ClansState, Move

# how sharply a player is assumed to prefer the moves that help their colour
INFERENCE_BETA = 0.6
TRACKS_KEPT = 8  # games whose replay is kept: a process plays one or a few at a time

Evidence = tuple[tuple[float, ...], ...]


class _Track:
    """One game's replay: the state before each move of `moves` and the evidence after each prefix."""

    def __init__(self, opening: ClansState):
        self.moves: list[tuple[int, Any]] = []
        self.states: list[ClansState] = [opening]
        self.evidence: list[Evidence] = [tuple((0.0,) * COLOURS for _ in range(opening.seats))]

    def evidence_for(self, history: list[tuple[int, Any]]) -> Evidence:
        keep = 0
        for mine, theirs in zip(self.moves, history):
            if mine != theirs:
                break
            keep += 1
        del self.moves[keep:]
        del self.states[keep + 1:]
        del self.evidence[keep + 1:]
        rules = self.states[0].rules
        for entry in history[keep:]:
            before = self.states[-1]
            self.evidence.append(_with_move(before, self.evidence[-1], entry[1]))
            after = rules.copy(before)
            rules.apply(after, entry[1])
            self.moves.append(entry)
            self.states.append(after)
        return self.evidence[-1]


_TRACKS: BoundedCache[tuple, _Track] = BoundedCache(TRACKS_KEPT)


def evidence(view: ClansState) -> Evidence:
    """Per seat and colour, how well that seat's moves so far fit a player of that colour."""
    key = (view.start, view.first, view.seats)
    track = _TRACKS.get_or_make(key, lambda: _Track(view.rules.opening(view)))
    return track.evidence_for(view.history)


def _with_move(s: ClansState, before: Evidence, m: Any) -> Evidence:
    """Add the log-likelihood, per colour, that a player of that colour chose `m` in `s`."""
    if not isinstance(m, Move):
        return before
    moves = s.rules.legal_moves(s)
    if len(moves) < 2:
        return before
    beta = INFERENCE_BETA
    chosen = None
    columns: list[list[float]] = [[] for _ in range(COLOURS)]
    for mv, gains, _ in heuristics.gains_table(s):  # the table the mover's AI may have just used
        for c in range(COLOURS):
            columns[c].append(beta * gains[c])
        if mv == m:
            chosen = gains
    assert chosen is not None
    row = list(before[s.current])
    for c in range(COLOURS):
        col = columns[c]
        top = max(col)
        log_z = top + math.log(sum(math.exp(x - top) for x in col))
        row[c] += beta * chosen[c] - log_z
    out = list(before)
    out[s.current] = tuple(row)
    return tuple(out)


_LAST: list[Any] = [None, None]  # the last view asked about and its deals: search asks per iteration


def assignment_weights(view: ClansState) -> tuple[list[tuple[int, ...]], list[float]]:
    """Every way to give the unknown seats distinct unknown colours, with its posterior weight.

    The prior is uniform over deals; each seat's evidence is independent given its colour, so the
    weight of a deal is exp(sum of each seat's evidence for its colour)."""
    if _LAST[0] is view:
        return _LAST[1]
    known = view.colour_of
    unknown_seats = [i for i, c in enumerate(known) if c is None]
    free = [c for c in range(COLOURS) if c not in known]
    ev = evidence(view) if unknown_seats else ()
    assignments, logw = [], []
    for perm in itertools.permutations(free, len(unknown_seats)):
        full = list(known)
        total = 0.0
        for i, c in zip(unknown_seats, perm):
            full[i] = c
            total += ev[i][c]
        assignments.append(tuple(full))
        logw.append(total)
    top = max(logw)
    result = (assignments, [math.exp(x - top) for x in logw])
    _LAST[0], _LAST[1] = view, result
    return result


def colour_beliefs(view: ClansState, seat: int) -> list[list[float]]:
    """For every seat, the probability of each colour as `seat` can judge from its view."""
    assignments, weights = assignment_weights(view)
    total = sum(weights)
    out = [[0.0] * COLOURS for _ in range(view.seats)]
    for full, w in zip(assignments, weights):
        for i, c in enumerate(full):
            out[i][c] += w / total
    return out


def determinise(view: ClansState, seat: int, rng: random.Random) -> ClansState:
    """A full state for search: the hidden colours drawn from the posterior, not uniformly."""
    t = view.rules.copy(view)
    if None in view.colour_of:
        assignments, weights = assignment_weights(view)
        t.colour_of = rng.choices(assignments, weights)[0]
    return t
