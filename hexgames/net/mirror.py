"""A client's copy of an online match, so that the game scenes draw an online game exactly as they
draw a local one, from a `Match`.

What differs: the states are this seat's views as the server sent them (never the full state: the
seed and the hidden parts stay on the server), the moves are those this seat may know (None for
another seat's secret move, such as a Dot Lines chip), and each move's words are the server's, worded
for this seat. Nothing is played here: the server plays, the mirror follows (`follow`), and after a
rejoin or an undo it starts again from the server's view (`restart`), knowing the moves before only
by their words. Once the game is over the server sends the whole game, which replaces the mirror's
history (`adopt`), so the results, the replay and the records work as after a local game.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from hexgames.core.gameinfo import GameInfo
from hexgames.core.match import Match, Seat, new_uid
from hexgames.core.protocol import IllegalMove, Reason


class MirrorMatch(Match):
    """See the module docstring."""

    def __init__(self, info: GameInfo, seats: Sequence[Seat], options: Mapping[str, Any], view: Any,
                 words: Sequence[Any] = (), movers: Sequence[int] = (), moves: Sequence[Any] | None = None):
        # Match.__init__ would set the game up from a seed: the server's secret, so not called.
        self.info = info
        self.rules = info.rules
        self.seats = list(seats)
        self.options = dict(options)
        self.seed = 0
        self.notes: dict[int, Any] = {}
        self.uid = new_uid()
        self.hints: dict[int, int] = {}
        self.listeners = []
        self.complete = False  # the whole game was adopted: states and moves are the server's own
        self.restart(view, words, movers, moves)

    def restart(self, view: Any, words: Sequence[Any], movers: Sequence[int], moves: Sequence[Any] | None = None) -> None:
        """Start again from `view` after the moves the log names (rejoin, undo): the earlier views
        are not known, so each earlier ply shows the present one."""
        n = len(words)
        self.words = list(words)
        self.movers = list(movers)
        self.moves = list(moves) if moves is not None else [None] * n
        self.states = [view] * (n + 1)
        self.complete = False

    def follow(self, move: Any, view: Any, words: Any, mover: int) -> None:
        """The server played `move` (None if this seat may not know it) by `mover`: this is the view after."""
        self.moves.append(move)
        self.states.append(view)
        self.words.append(words)
        self.movers.append(mover)
        self._changed()

    def adopt(self, whole: Match) -> None:
        """The game is over and the server sent it whole: its history becomes this match's (the words
        stay as this seat was told them)."""
        self.seed = whole.seed
        self.uid = whole.uid
        self.moves = list(whole.moves)
        self.states = list(whole.states)
        self.movers = [whole.mover(i) for i in range(len(whole.moves))]
        self.words = [self.words[i] if i < len(self.words) else whole.describe(i, None)
                      for i in range(len(whole.moves))]
        self.complete = True

    # --- what the server decides, not this copy ------------------------------------------------
    def describe(self, i: int, viewer: int | None) -> Any:
        return self.words[i]

    def mover(self, i: int) -> int:
        return self.movers[i]

    def play(self, move: Any) -> None:
        raise IllegalMove(Reason("net.mirror.server_plays", "Online, the server plays every move."))

    def push(self, move: Any, state: Any) -> None:
        raise IllegalMove(Reason("net.mirror.server_plays", "Online, the server plays every move."))

    def resign(self, seat: int) -> None:
        raise IllegalMove(Reason("net.mirror.server_plays", "Online, the server plays every move."))

    def undo(self, point: int | None = -1) -> str | None:
        return Reason("net.mirror.server_plays", "Online, the server plays every move.")

    def undo_refusal(self, point: int | None = -1) -> str | None:
        """Only whether there is a move to take back: what the moves since revealed (a draw, the
        end) is the server's to judge, which knows them all."""
        k = self.undo_point() if point == -1 else point
        return Reason("core.undo_nothing", "There is nothing to undo.") if k is None else None

    def end_revealed(self) -> bool:
        return False  # the server's to judge (see undo_refusal)
