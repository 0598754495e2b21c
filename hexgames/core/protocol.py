"""The one protocol every game implements.

Everything else in the app (scenes, AI, saves, undo, arena, bench) is written once against `Rules`,
so a game only adds a rules module, an evaluation for its AI and a scene. Rules modules never import
pygame: they run headless, fast, and in AI worker processes.

Conventions every game follows:
- A state is owned data; `play` never mutates its argument (it copies, then `apply`s).
- Chance (bag draws, dice, deals) is resolved inside `apply` from an RNG carried in the state, so
  `setup(options, seats, seed)` plus the move list replays a game exactly.
- Multi-step decisions (bonus placements, swap choices, village order) are ordinary moves of the seat
  that must decide, so the UI and the AI handle them alike.
"""
from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, field
from typing import Any, Generic, Mapping, Sequence, TypeVar

JSON = Any
S = TypeVar("S")
M = TypeVar("M")


class Reason(str):
    """A reason a player can read, which also carries a translation key.

    It *is* the English sentence (so tests and logs read naturally); the UI looks up
    `key` in the active language and falls back to the English text.
    """

    key: str
    params: dict[str, Any]

    def __new__(cls, key: str, text: str, **params: Any) -> "Reason":
        obj = super().__new__(cls, text.format(**params) if params else text)
        obj.key = key
        obj.params = dict(params)
        return obj

    def __reduce__(self):  # keep key and params across pickling (AI worker processes)
        return (_rebuild_reason, (self.key, str(self), self.params))


def _rebuild_reason(key: str, text: str, params: dict[str, Any]) -> Reason:
    obj = str.__new__(Reason, text)
    obj.key = key
    obj.params = params
    return obj


class IllegalMove(Exception):
    """Raised by `Rules.play` for a move `check` refuses; the state is left untouched."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Outcome:
    """How a finished game came out.

    `ranks[i]` is seat i's place, 0 = first; tied seats share a rank. `scores` are the headline numbers
    shown to players; `details` are per-seat texts (e.g. Ingenious' sorted colour sequence).
    """

    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    summary: str
    details: tuple[str, ...] = field(default=())

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(i for i, r in enumerate(self.ranks) if r == 0)

    def reward(self, seat: int) -> float:
        """1 for a sole win, 0 for last, shared fairly on ties; what search maximises."""
        n = len(self.ranks)
        if n == 1:
            return 1.0
        mine = self.ranks[seat]
        beaten = sum(1 for r in self.ranks if r > mine)
        tied = sum(1 for r in self.ranks if r == mine) - 1
        return (beaten + 0.5 * tied) / (n - 1)


class Rules(Generic[S, M]):
    """Base class of every game's rules. Subclasses override the abstract parts and may override
    the fast paths (`copy`, `apply`, `random_move`) for speed."""

    id: str = ""

    # --- the protocol -------------------------------------------------------------------------
    def setup(self, options: Mapping[str, Any], seats: int, seed: int) -> S:
        raise NotImplementedError

    def to_move(self, s: S) -> int:
        """The seat that decides now."""
        raise NotImplementedError

    def legal_moves(self, s: S) -> Sequence[M]:
        raise NotImplementedError

    def check(self, s: S, m: M) -> str | None:
        """None if `m` is legal now, else a reason a player can read (ideally a `Reason`)."""
        if self.is_over(s):
            return Reason("core.game_over", "The game is over.")
        return None if m in self.legal_moves(s) else Reason("core.illegal", "That move is not allowed now.")

    def play(self, s: S, m: M) -> S:
        reason = self.check(s, m)
        if reason is not None:
            raise IllegalMove(reason)
        t = self.copy(s)
        self.apply(t, m)
        return t

    def is_over(self, s: S) -> bool:
        raise NotImplementedError

    def outcome(self, s: S) -> Outcome:
        raise NotImplementedError

    def observe(self, s: S, seat: int) -> S:
        """What `seat` may know: a state of the same type with hidden parts unknown."""
        raise NotImplementedError

    def sample(self, view: S, seat: int, rng: random.Random) -> S:
        """A full state consistent with `view` (a determinisation for search)."""
        raise NotImplementedError

    def encode(self, m: M) -> JSON:
        raise NotImplementedError

    def decode(self, j: JSON) -> M:
        raise NotImplementedError

    # --- fast paths and helpers ---------------------------------------------------------------
    def copy(self, s: S) -> S:
        raise NotImplementedError

    def apply(self, s: S, m: M) -> None:
        """Apply a move already known to be legal, in place. The hot path of playouts."""
        raise NotImplementedError

    def random_move(self, s: S, rng: random.Random) -> M:
        """A uniformly-ish random legal move; games override it to avoid full enumeration."""
        return rng.choice(list(self.legal_moves(s)))

    def reveals(self, s: S, m: M) -> str | None:
        """If applying `m` to `s` shows anyone information drawn from a hidden source (a bag, a
        deck), the reason undoing past it is refused; else None."""
        return None

    def private_info(self, s: S) -> bool:
        """Whether anything in `s` is private to one seat now (a hand, a secret choice). Games whose
        hidden information is only private for a while (hands turned face up later) say False once
        it is all public or hidden from everyone, so a hot-seat needs no hand-over then."""
        return True

    def digest(self, s: S) -> str:
        """A stable fingerprint of the full state, stored in saves to verify a replay."""
        return hashlib.sha256(repr(self.fingerprint(s)).encode()).hexdigest()[:32]

    def fingerprint(self, s: S) -> JSON:
        """Canonical plain data for `digest`; override when `repr(s)` is not deterministic."""
        return s

    def describe(self, s: S, m: M) -> str:
        """A short human text for a move (logs, arena traces)."""
        return repr(self.encode(m))
