"""A tiny game for testing the generic machinery (match, undo, saves) without a real game.

Each turn the seat to move either draws the top card of a hidden deck into its hidden hand (which
reveals a card, so undo may not cross it) or taps (adds 1 to its score, revealing nothing). The game
ends after 12 moves; the score is hand total + taps.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from hexgames.core.protocol import Outcome, Reason, Rules
from hexgames import games
from hexgames.games import GameInfo, Mode, OptionSpec

LENGTH = 12


@dataclass
class ToyState:
    seats: int
    deck: list[int]
    hands: list[list[int] | None]
    taps: list[int]
    turn: int = 0
    seed: int = 0

    def fingerprint(self):
        return (self.seats, tuple(self.deck), tuple(tuple(h or ()) for h in self.hands), tuple(self.taps), self.turn)


class ToyRules(Rules):
    id = "toy"

    def setup(self, options, seats, seed):
        deck = list(range(1, 21)) * (2 if options.get("deck") == "double" else 1)
        random.Random(seed).shuffle(deck)
        return ToyState(seats, deck, [[] for _ in range(seats)], [0] * seats, 0, seed)

    def to_move(self, s):
        return s.turn % s.seats

    def legal_moves(self, s):
        if self.is_over(s):
            return []
        return ["draw", "tap"] if s.deck else ["tap"]

    def check(self, s, m):
        if self.is_over(s):
            return Reason("core.game_over", "The game is over.")
        if m == "draw" and not s.deck:
            return Reason("toy.empty", "The deck is empty.")
        return None if m in ("draw", "tap") else Reason("toy.unknown", "Unknown move {m}.", m=m)

    def copy(self, s):
        return ToyState(s.seats, list(s.deck), [None if h is None else list(h) for h in s.hands],
                        list(s.taps), s.turn, s.seed)

    def apply(self, s, m):
        seat = self.to_move(s)
        if m == "draw":
            s.hands[seat].append(s.deck.pop())
        else:
            s.taps[seat] += 1
        s.turn += 1

    def is_over(self, s):
        return s.turn >= LENGTH

    def outcome(self, s):
        scores = tuple(float(sum(h or ()) + t) for h, t in zip(s.hands, s.taps))
        ranks = tuple(sum(1 for o in scores if o > x) for x in scores)
        return Outcome(scores, ranks, "toy over")

    def observe(self, s, seat):
        v = self.copy(s)
        v.deck = [0] * len(s.deck)
        v.hands = [h if i == seat else None for i, h in enumerate(v.hands)]
        return v

    def sample(self, view, seat, rng):
        return self.copy(view)

    def encode(self, m):
        return m

    def decode(self, j):
        if j not in ("draw", "tap"):
            raise ValueError(f"bad move {j!r}")
        return j

    def reveals(self, s, m):
        return Reason("toy.drawn", "a card was drawn") if m == "draw" else None

    def fingerprint(self, s):
        return s.fingerprint()


TOY = GameInfo(
    id="toy", title="Toy", description="A test game.", rules=ToyRules(),
    modes=(Mode("standard", (2, 3)), Mode("solo", (1,))),
    options=(OptionSpec("deck", ("single", "double")),),
    evaluate=lambda s, seat: 0.5,
)


def find_game(game_id: str) -> GameInfo:
    """The toy, or else a registered game: how the tests read saves of the toy (the toy need not be
    in the registry)."""
    return TOY if game_id == TOY.id else games.get(game_id)
