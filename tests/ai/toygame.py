"""Bids: a tiny hidden-information card game for testing the shared AI.

Why this game: it has every kind of hiding the real games have — hidden hands, a hidden deck order,
and a decision another seat has made but not shown (a face-down bid) — yet a whole game is 8–12 moves,
so search, worker and arena tests stay fast. Skill clearly matters (bid high on big prizes, do not
waste a 12 on a 1), so a good search beats random play by a wide margin.

Rules: bid cards 1..12 are shuffled and each seat is dealt 4 (hidden). Prize cards 1..6 are shuffled
face down; each round one is turned up. Starting with the round's leader, every seat bids one card
face down. Then the bids are shown: the single highest bid takes the prize's points; a tie for highest
takes nothing. The lead rotates; after 4 rounds the highest score wins (ties share).

Importing this module registers three games: `toybids` (only `evaluate`, so agents use their generic
paths), `toybids_hooked` (with `greedy`, `candidates` and `policy` hooks) and `toybids_broken` (whose
greedy hook raises, to test the worker's fallback). Being an importable
module, it can be named as `register_module` so spawned AI workers see the games too.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from hexgames import games
from hexgames.core.protocol import Outcome, Reason, Rules

CARDS = tuple(range(1, 9))  # every seat has its own deck of these
PRIZES = tuple(range(1, 9))
HAND = 5
ROUNDS = 5
HIDDEN = -1  # a card the observer cannot see


@dataclass(frozen=True)
class Bid:
    card: int


@dataclass
class BidsState:
    seats: int
    hands: list[list[int]]  # sorted; another seat's cards are HIDDEN in a view
    pools: list[list[int]]  # each seat's undealt cards, all hidden in a view
    prizes: list[int]  # the face-down prize deck, top = last; hidden in a view
    prize: int  # the prize on offer now (0 once the game is over)
    bids: list[int | None]  # this round: None = not yet, HIDDEN = face down in a view
    leader: int
    turn: int
    scores: list[int]
    round: int = 0
    shown_bids: list[list[int]] = field(default_factory=list)  # each seat's bids revealed so far
    shown_prizes: list[int] = field(default_factory=list)  # every prize turned up so far


class BidsRules(Rules[BidsState, Bid]):
    id = "toybids"

    def setup(self, options: Mapping[str, Any], seats: int, seed: int) -> BidsState:
        rng = random.Random(seed)
        hands, pools = [], []
        for _ in range(seats):
            cards = list(CARDS)
            rng.shuffle(cards)
            hands.append(sorted(cards[:HAND]))
            pools.append(sorted(cards[HAND:]))
        prizes = list(PRIZES)
        rng.shuffle(prizes)
        first = prizes.pop()
        start = rng.randrange(seats)
        return BidsState(seats, hands, pools, prizes, first, [None] * seats,
                         start, start, [0] * seats, 0, [[] for _ in range(seats)], [first])

    def to_move(self, s: BidsState) -> int:
        return s.turn

    def legal_moves(self, s: BidsState) -> Sequence[Bid]:
        if self.is_over(s):
            return []
        return [Bid(c) for c in s.hands[s.turn]]

    def check(self, s: BidsState, m: Bid) -> str | None:
        if self.is_over(s):
            return Reason("core.game_over", "The game is over.")
        if not isinstance(m, Bid) or m.card not in s.hands[s.turn]:
            return Reason("core.illegal", "That move is not allowed now.")
        return None

    def is_over(self, s: BidsState) -> bool:
        return s.round >= ROUNDS

    def outcome(self, s: BidsState) -> Outcome:
        ranks = tuple(sum(1 for o in s.scores if o > mine) for mine in s.scores)
        return Outcome(tuple(float(x) for x in s.scores), ranks, f"scores {s.scores}")

    def observe(self, s: BidsState, seat: int) -> BidsState:
        v = self.copy(s)
        v.hands = [list(h) if i == seat else [HIDDEN] * len(h) for i, h in enumerate(s.hands)]
        v.pools = [[HIDDEN] * len(p) for p in s.pools]
        v.prizes = [HIDDEN] * len(s.prizes)
        v.bids = [b if (i == seat or b is None) else HIDDEN for i, b in enumerate(s.bids)]
        return v

    def sample(self, view: BidsState, seat: int, rng: random.Random) -> BidsState:
        s = self.copy(view)
        for i in range(view.seats):
            if i == seat:
                continue
            unknown = [c for c in CARDS if c not in view.shown_bids[i]]
            rng.shuffle(unknown)
            s.hands[i] = sorted(unknown.pop() for _ in view.hands[i])
            if view.bids[i] == HIDDEN:
                s.bids[i] = unknown.pop()
            s.pools[i] = sorted(unknown)
        rest = [p for p in PRIZES if p not in view.shown_prizes]
        rng.shuffle(rest)
        s.prizes = rest
        return s

    def encode(self, m: Bid) -> Any:
        return m.card

    def decode(self, j: Any) -> Bid:
        return Bid(int(j))

    def copy(self, s: BidsState) -> BidsState:
        return BidsState(s.seats, [list(h) for h in s.hands], [list(p) for p in s.pools], list(s.prizes),
                         s.prize, list(s.bids), s.leader, s.turn, list(s.scores), s.round,
                         [list(b) for b in s.shown_bids], list(s.shown_prizes))

    def apply(self, s: BidsState, m: Bid) -> None:
        s.hands[s.turn].remove(m.card)
        s.bids[s.turn] = m.card
        s.turn = (s.turn + 1) % s.seats
        if s.turn == s.leader:
            self._resolve(s)

    def _resolve(self, s: BidsState) -> None:
        bids = [b for b in s.bids if b is not None]
        top = max(bids)
        if bids.count(top) == 1:
            s.scores[s.bids.index(top)] += s.prize
        for i, b in enumerate(s.bids):
            s.shown_bids[i].append(b)
        s.bids = [None] * s.seats
        s.round += 1
        s.leader = s.turn = (s.leader + 1) % s.seats
        if s.round < ROUNDS:
            s.prize = s.prizes.pop()
            s.shown_prizes.append(s.prize)
        else:
            s.prize = 0


RULES = BidsRules()


def _potential(s: BidsState, seat: int) -> float:
    """Score so far, the expected take of a pending bid, and a little for the cards still held."""
    value = float(s.scores[seat])
    bid = s.bids[seat]
    if bid not in (None, HIDDEN):
        value += s.prize * (bid - 1) / (len(CARDS) - 1)
    return value + 0.3 * sum(c for c in s.hands[seat] if c != HIDDEN)


def evaluate(s: BidsState, seat: int) -> float:
    """How well `seat` stands, 0..1 (0.5 = even): its potential against the best rival's."""
    if RULES.is_over(s):
        return RULES.outcome(s).reward(seat)
    mine = _potential(s, seat)
    best_other = max(_potential(s, i) for i in range(s.seats) if i != seat)
    return min(1.0, max(0.0, 0.5 + (mine - best_other) / 40))


def _fit(s: BidsState, card: int) -> float:
    """A fixed rule of thumb: bid about the prize's value."""
    return -abs(card - s.prize)


def greedy(view: BidsState, rng: random.Random, noise: float) -> Bid:
    hand = view.hands[view.turn]
    return Bid(max(hand, key=lambda c: _fit(view, c) + rng.gauss(0.0, noise * 6 if noise else 0.0)))


def candidates(s: BidsState, k: int) -> list[Bid]:
    return sorted(RULES.legal_moves(s), key=lambda m: -_fit(s, m.card))[:k]


def policy(s: BidsState, rng: random.Random) -> Bid:
    return RULES.random_move(s, rng)


GAME = games.GameInfo(id="toybids", title="Bids", description="A tiny test card game.", rules=RULES,
                      modes=(games.Mode("standard", (2, 3)),), evaluate=evaluate)
GAME_HOOKED = games.GameInfo(id="toybids_hooked", title="Bids (hooked)", description="Bids with hooks.",
                             rules=RULES, modes=(games.Mode("standard", (2, 3)),), evaluate=evaluate,
                             greedy=greedy, candidates=candidates, policy=policy)

games.register(GAME)
games.register(GAME_HOOKED)


def _broken_greedy(view: BidsState, rng: random.Random, noise: float) -> Bid:
    raise RuntimeError("deliberately broken greedy hook (tests the worker's fallback)")


GAME_BROKEN = games.GameInfo(id="toybids_broken", title="Bids (broken AI)", description="Its AI raises.",
                             rules=RULES, modes=(games.Mode("standard", (2, 3)),), evaluate=evaluate,
                             greedy=_broken_greedy)
games.register(GAME_BROKEN)
