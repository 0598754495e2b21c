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

The contract for bad input (fuzzed for every registered game by tests/test_conformance_fuzz.py). Moves reach the
rules from clicks, from AI workers and from save files anyone can edit, so:
- `check(s, m)` answers EVERY object with None or a reason and never raises. A move is well-formed
  only if it survives `decode(encode(m))` with identical types and values (see `malformed`): floats
  for ints, bools for ints, lists for tuples, foreign classes are never accepted, whatever the game's
  own check says. The game's reason is kept when it gives one (it is the most helpful); an exception
  inside a game's check, or its acceptance of a malformed move, becomes a short generic reason.
- Legal means equal to a move of `legal_moves(s)` AND of the same types.
- `decode(j)` raises only ValueError for anything malformed: input that is not plain JSON data
  (bounded depth, size and integers) is refused before the game's decode runs, and any other
  exception from it becomes a ValueError. Each game's decode is strict: it accepts exactly the JSON
  types its `encode` produces (a bool is not an int), so `encode(decode(j))` is canonical.
- `play` of a refused move raises `IllegalMove` and leaves the state untouched.
Games get these guards without writing them: `Rules.__init_subclass__` wraps every game's own `check`
and `decode` (the unguarded originals stay reachable as `__wrapped__`, which the fuzz uses to find
bugs the guard would otherwise hide).
"""
from __future__ import annotations

import dataclasses
import functools
import hashlib
import math
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Generic, Mapping, Sequence, TypeVar

JSON = Any
S = TypeVar("S")
M = TypeVar("M")

# What a move's JSON may hold: no move needs more, and bounds keep hostile input cheap to refuse.
MAX_MOVE_DEPTH = 16
MAX_MOVE_ITEMS = 1000
MAX_MOVE_INT = 2**63
MAX_MOVE_TEXT = 200
MAX_MESSAGE = 200  # characters of any message shown to a player
_ATOMS = frozenset({int, str, float, bool, bytes, type(None)})
_FLAT = frozenset({int, str, bool, type(None)})


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
        return (rebuild_reason, (self.key, str(self), self.params))


def rebuild_reason(key: str, text: str, params: dict[str, Any]) -> Reason:
    """A `Reason` with its text as given (not formatted again): unpickling, or decoding one sent."""
    obj = str.__new__(Reason, text)
    obj.key = key
    obj.params = params
    return obj


def reasons(namespace: str) -> Callable[..., Reason]:
    """A game's one way of wording its reasons and log lines: `_reason = reasons("toradama")`, then
    `_reason("no_room", "That column is full.")` is the Reason keyed "toradama.no_room"."""

    def reason(key: str, text: str, **params: Any) -> Reason:
        return Reason(f"{namespace}.{key}", text, **params)

    return reason


def listing(items: Sequence[Any], key: str = "core.log.list", text: str = "{a}, {b}") -> Any:
    """Several texts (plain or `Reason`s) as one, joined the active language's way when translated
    ("a, b, c" in English, "a、b、c" in Japanese): the move log names a varying number of things.
    A game joins its own way with its own `key` and English `text` ("{a}/{b}")."""
    if not items:
        return ""
    out = items[-1]
    for item in reversed(items[:-1]):
        out = Reason(key, text, a=item, b=out)
    return out


_PARTS = ((("upper_left", "in the upper left"), ("top", "at the top"), ("upper_right", "in the upper right")),
          (("left", "on the left"), ("centre", "in the centre"), ("right", "on the right")),
          (("lower_left", "in the lower left"), ("bottom", "at the bottom"), ("lower_right", "in the lower right")))


def board_part(x: float, y: float, half_w: float, half_h: float) -> Reason:
    """Where on the board a point lies, in the words of someone looking at the screen ("in the upper
    left", "in the centre"): the board cut in thirds each way. `(x, y)` is the point's offset from
    the board's centre on screen axes (y grows downwards), `half_w` / `half_h` the board's half size.
    Move descriptions say where a move went, since boards have no coordinates printed on them."""
    col = 0 if x < -half_w / 3 else 2 if x > half_w / 3 else 1
    row = 0 if y < -half_h / 3 else 2 if y > half_h / 3 else 1
    key, text = _PARTS[row][col]
    return Reason(f"core.where.{key}", text)


def clip(text: str, limit: int = MAX_MESSAGE) -> str:
    """`text` cut to `limit` characters with an ellipsis: messages never echo a page of bad data."""
    text = str(text)
    return text if len(text) <= limit else text[:limit - 1].rstrip() + "…"


def malformed_reason() -> Reason:
    return Reason("core.malformed", "That is not a move of this game.")


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
    `teams[i]` names seat i's side when seats play as partners (Ingenious 2v2: (0, 1, 0, 1)); empty
    means every seat plays for itself. Partners share a rank, so a side's first place is one win for
    all its seats (the arena counts it so). `ending` is a short word for how the game ended
    ("board_full", "twelve_villages", ...), tallied by the arena; empty when a game does not say.
    """

    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    summary: str
    details: tuple[str, ...] = field(default=())
    teams: tuple[int, ...] = field(default=())
    ending: str = ""

    def side(self, seat: int) -> int:
        """The side `seat` plays for: its team, or the seat itself when there are no teams."""
        return self.teams[seat] if self.teams else seat

    @property
    def winning_side(self) -> int | None:
        """The one side holding first place alone, or None when first place is shared between sides."""
        sides = {self.side(seat) for seat in self.winners}
        return sides.pop() if len(sides) == 1 else None

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


@dataclass(frozen=True)
class Resignation:
    """`seat` gives up. Not a move: a move is the decision of the seat to move, and any seat may
    resign at any time in a game whose rules allow it (`Rules.resign_refusal`), also while another
    seat is to move. A match keeps it among its moves (`Match.resign`), saves it as
    `{"resign": seat}` and replays it through `Rules.resign`."""

    seat: int


class Rules(Generic[S, M]):
    """Base class of every game's rules. Subclasses override the abstract parts and may override
    the fast paths (`copy`, `apply`, `random_move`) for speed. A subclass's own `check` and `decode`
    are wrapped in the guards of the module docstring when the class is created."""

    id: str = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = cls.__dict__
        if "check" in own and not getattr(own["check"], "_guard", False):
            cls.check = _guard_check(own["check"])  # type: ignore[method-assign]
        if "decode" in own and not getattr(own["decode"], "_guard", False):
            cls.decode = _guard_decode(own["decode"])  # type: ignore[method-assign]

    def malformed(self, m: Any) -> Reason | None:
        """A reason if `m` is not a well-formed move of this game: it must survive
        `decode(encode(m))` with identical types and values. None for a well-formed move."""
        try:
            if same_move(self.decode(self.encode(m)), m):
                return None
        except Exception:  # any object at all may arrive here; its failure is the answer
            pass
        return malformed_reason()

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
        if any(same_move(m, legal) for legal in self.legal_moves(s)):
            return None
        return Reason("core.illegal", "That move is not allowed now.")

    def play(self, s: S, m: M) -> S:
        reason = self.check(s, m)
        if reason is not None:
            raise IllegalMove(reason)
        t = self.copy(s)
        self.apply(t, m)
        return t

    def is_over(self, s: S) -> bool:
        raise NotImplementedError

    def resign_refusal(self, s: S, seat: int) -> str | None:
        """None if `seat` may resign now, whoever is to move; else the reason. Default: the game has
        no resignation (its rules end it otherwise)."""
        return Reason("core.no_resign", "This game has no resignation.")

    def resign(self, s: S, seat: int) -> S:
        """The state after `seat` resigns (`s` untouched); raises IllegalMove with
        `resign_refusal`'s reason when refused. Games with a resignation override both."""
        raise IllegalMove(self.resign_refusal(s, seat) or Reason("core.no_resign", "This game has no resignation."))

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

    def score_marks(self, before: S, m: M, after: S) -> list[Any]:
        """What `m` scored and where (`hexgames.core.scoring.ScoreMark`s), for the screens to light
        up. `before` and `after` are what the viewer sees (`observe`), so a mark says nothing the
        board does not show. A game that scores on the board overrides it."""
        return []

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

    def describe(self, s: S, m: M, viewer: int | None = None) -> Reason:
        """The move `m`, played from state `s`, in words as `viewer` may know it (the move log, the
        hint, the replay): a `Reason` whose key the UI translates ("<game>.log.<kind>", params that
        are Reasons translated too). Whatever of the move is hidden from `viewer` is left out (None:
        a spectator, who sees only what is public). The default is the move's plain encoding."""
        return Reason("core.log.move", "{move}", move=clip(repr(self.encode(m)), 80))


# --- the guards of the bad-input contract ---------------------------------------------------------
def same_move(a: Any, b: Any, depth: int = 0) -> bool:
    """Equal AND of the same types all the way down (True is not 1, 1.0 is not 1, [] is not ())."""
    kind = type(a)
    if kind is not type(b) or depth > MAX_MOVE_DEPTH:
        return False
    if kind in _ATOMS:  # the common leaves first: this runs on every checked move
        return bool(a == b)
    if isinstance(a, (tuple, list)):
        return len(a) == len(b) and all(same_move(x, y, depth + 1) for x, y in zip(a, b))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same_move(a[k], b[k], depth + 1) for k in a)
    names = _dataclass_fields(kind)
    if names is not None:
        return all(same_move(getattr(a, n), getattr(b, n), depth + 1) for n in names)
    return bool(a == b)


@functools.lru_cache(maxsize=256)
def _dataclass_fields(kind: type) -> tuple[str, ...] | None:
    """The field names of a dataclass type (cached: `same_move` runs on every checked move)."""
    return tuple(f.name for f in dataclasses.fields(kind)) if dataclasses.is_dataclass(kind) else None


def plain_json(j: Any) -> bool:
    """Whether `j` is JSON data a move could be: exact JSON types, finite numbers, bounded depth,
    size, integers and texts. Iterative, so hostile nesting cannot exhaust the stack."""
    if type(j) is list and len(j) <= MAX_MOVE_ITEMS and all(type(x) in _FLAT for x in j):
        return all(-MAX_MOVE_INT <= x <= MAX_MOVE_INT for x in j if type(x) is int) and \
            all(len(x) <= MAX_MOVE_TEXT for x in j if type(x) is str)  # the usual move: a flat list
    stack, items = [(j, 0)], 0
    while stack:
        x, depth = stack.pop()
        items += 1
        if items > MAX_MOVE_ITEMS or depth > MAX_MOVE_DEPTH:
            return False
        kind = type(x)
        if kind is list:
            stack.extend((y, depth + 1) for y in x)
        elif kind is dict:
            if not all(type(k) is str and len(k) <= MAX_MOVE_TEXT for k in x):
                return False
            stack.extend((y, depth + 1) for y in x.values())
        elif kind is int:
            if not -MAX_MOVE_INT <= x <= MAX_MOVE_INT:
                return False
        elif kind is float:
            if not math.isfinite(x):
                return False
        elif kind is str:
            if len(x) > MAX_MOVE_TEXT:
                return False
        elif x is not None and kind is not bool:
            return False
    return True


def _guard_check(check: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(check)
    def guarded(self: Rules, s: Any, m: Any) -> str | None:
        why = self.malformed(m)
        try:
            reason = check(self, s, m)
        except Exception:  # bad input, or a game's bug (the fuzz finds those via __wrapped__)
            reason = None
            why = why or Reason("core.illegal", "That move is not allowed now.")
        if isinstance(reason, str) and 0 < len(reason) <= MAX_MESSAGE:
            return reason  # the game's own words are the most helpful, for a malformed move too
        if reason is None and why is None:
            return None
        return why or Reason("core.illegal", "That move is not allowed now.")

    guarded._guard = True  # type: ignore[attr-defined]
    return guarded


def _guard_decode(decode: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(decode)
    def guarded(self: Rules, j: Any) -> Any:
        if not plain_json(j):
            raise ValueError("not plain JSON data of a move")
        try:
            return decode(self, j)
        except ValueError as e:
            raise ValueError(clip(str(e), 100)) from None
        except Exception:
            raise ValueError(f"not a move of {self.id or 'this game'}") from None

    guarded._guard = True  # type: ignore[attr-defined]
    return guarded


Rules.check = _guard_check(Rules.check)  # type: ignore[method-assign]  # games that keep the default
