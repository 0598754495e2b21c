"""Turn clocks of an online table: how much time each human seat has, and whose time runs since when.

Pure: no asyncio, no clock of its own. Every method that needs the time is given it (`now`, in
seconds of whatever steady source the server uses: `time.monotonic`, or a test's), and returns a new
`TurnClock`: the server works out the clock a move leads to, stores it with the move, and only then
makes it the table's, as it does with the move itself.

Times are whole milliseconds, so what a charge takes and an increment adds is exact. Two rules:
- "move": each turn of a seat gets `per_move` milliseconds, whatever it used before.
- "bank": each seat has a bank of time; a turn takes what it used from it, never below zero, and the
  seat's own move adds `increment` (a seat whose bank is empty gets only the increments, so when
  its time runs out at every turn, the computer plays those turns for it, or it loses, as the table
  chose).
Only human seats are timed (`left` is None for a computer's seat); while a computer is to move no
time runs.

Kept over restarts: what is stored (`to_json`) is each seat's time as it was when the running turn
began, and whose turn it is, never a reading of the time source. A server that starts again reads
it back (`from_json`) with the running turn beginning at its own start: a restarted server charges
nobody for the time it was down, nor for the part of the interrupted turn before it went down.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Sequence

MAX_LEFT = 7 * 24 * 3600 * 1000  # milliseconds a bank may hold, increments included (a week)
KINDS = ("move", "bank")


@dataclass(frozen=True)
class ClockRule:
    """How a table's time is counted: "move" (`per_move` ms every turn) or "bank" (`bank` ms to start
    with, and `increment` ms added after each of the seat's own moves)."""

    kind: str
    per_move: int = 0
    bank: int = 0
    increment: int = 0

    @property
    def full(self) -> int:
        """What a seat has at the start of the game (and, by the move, at the start of every turn)."""
        return self.per_move if self.kind == "move" else self.bank


@dataclass(frozen=True)
class TurnClock:
    """The clocks of every seat (see the module docstring). `left[seat]` is the seat's time when its
    time last stopped (or when its running turn began); `running` is the seat whose time runs, since
    `since` (a reading of the time source)."""

    rule: ClockRule
    left: tuple[int | None, ...]
    running: int | None = None
    since: float = 0.0

    @classmethod
    def new(cls, rule: ClockRule, timed: Sequence[bool]) -> "TurnClock":
        """A clock at the start of a game: each timed seat with its full time, nobody's running."""
        return cls(rule, tuple(rule.full if t else None for t in timed))

    # --- reading ------------------------------------------------------------------------------
    def remaining(self, seat: int, now: float) -> int | None:
        """Milliseconds `seat` has left at `now` (None: it is not timed), never below zero."""
        return countdown(self.left[seat], seat == self.running, now - self.since)

    def expires_at(self) -> float | None:
        """When the running seat's time runs out (None: no time runs)."""
        if self.running is None:
            return None
        left = self.left[self.running]
        return None if left is None else self.since + left / 1000

    def expired(self, now: float) -> int | None:
        """The seat whose time has run out by `now`, or None."""
        expires = self.expires_at()
        return self.running if expires is not None and now >= expires else None

    # --- changing -----------------------------------------------------------------------------
    def start(self, seat: int | None, now: float) -> "TurnClock":
        """`seat`'s turn begins at `now` (None, or an untimed seat: nobody's time runs). The running
        turn, if any, must have been charged first."""
        left = list(self.left)
        if seat is None or left[seat] is None:
            return dataclasses.replace(self, left=tuple(left), running=None, since=now)
        if self.rule.kind == "move":
            left[seat] = self.rule.per_move
        return dataclasses.replace(self, left=tuple(left), running=seat, since=now)

    def charge(self, now: float, moved: bool) -> "TurnClock":
        """Stop the running seat's time at `now`: it loses what it used (never going below zero) and,
        if it made the move that stops it (`moved`), gains the increment. Nobody's time runs after."""
        seat = self.running
        if seat is None:
            return dataclasses.replace(self, since=now)
        left = list(self.left)
        if self.rule.kind == "move":
            left[seat] = self.rule.per_move
        else:
            kept = self.remaining(seat, now) or 0
            left[seat] = min(MAX_LEFT, kept + (self.rule.increment if moved else 0))
        return dataclasses.replace(self, left=tuple(left), running=None, since=now)

    def after_move(self, now: float, mover: int, to_move: int | None) -> "TurnClock":
        """The clock once `mover` moved (or resigned) at `now` and `to_move` is to move (None: the game
        is over). A seat resigning while another's turn runs leaves that turn running."""
        if to_move is not None and self.running == to_move and mover != to_move:
            return self
        charged = self.charge(now, moved=mover == self.running)
        return charged if to_move is None else charged.start(to_move, now)

    def after_undo(self, now: float, to_move: int | None, undone: Sequence[int] = ()) -> "TurnClock":
        """The clock once the moves of the seats `undone` (one entry per move) were taken back at
        `now`: time used stays used (the running seat is charged for this turn so far, with no
        increment), the increments those moves earned are taken back (never below zero), and the
        turn of the seat now to move begins (a full turn by the move; what its bank holds otherwise)."""
        charged = self.charge(now, moved=False)
        if self.rule.kind == "bank":
            left = list(charged.left)
            for seat in undone:
                if left[seat] is not None:
                    left[seat] = max(0, left[seat] - self.rule.increment)
            charged = dataclasses.replace(charged, left=tuple(left))
        return charged if to_move is None else charged.start(to_move, now)

    # --- on the wire and in the store ---------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """What the store keeps (see the module docstring: no reading of the time source)."""
        return {"left": list(self.left), "running": self.running}

    @classmethod
    def from_json(cls, data: Any, rule: ClockRule, timed: Sequence[bool], now: float) -> "TurnClock":
        """A stored clock read back, its running turn beginning at `now`; ValueError (in words) for
        anything that is not a clock of these seats and this rule."""
        if type(data) is not dict or set(data) != {"left", "running"}:
            raise ValueError("the clock is not an object of left and running")
        left, running = data["left"], data["running"]
        if type(left) is not list or len(left) != len(timed):
            raise ValueError("the clock has another number of seats than the table")
        for value, is_timed in zip(left, timed):
            if (value is None) == is_timed or not (value is None or (type(value) is int and 0 <= value <= MAX_LEFT)):
                raise ValueError("a seat's time on the clock is malformed")
        if not (running is None or (type(running) is int and 0 <= running < len(left) and left[running] is not None)):
            raise ValueError("the clock's running seat is not a timed seat of the table")
        return cls(rule, tuple(left), running, now)

    def frame(self, now: float, running: int | None) -> dict[str, Any]:
        """What a client is sent: each seat's milliseconds left at this moment (the frame's own
        reference point, so a client counts down from when it received it, whatever its own clock
        says), and the seat whose time runs, where the audience may know whose turn it is
        (`running`: the seat its own view says is to move)."""
        shown = self.running if self.running is not None and self.running == running else None
        return {"left": [self.remaining(seat, now) if seat == shown else left for seat, left in enumerate(self.left)],
                "running": shown}


@dataclass(frozen=True)
class SeenClock:
    """The clocks as a client was last sent them (a frame's "clock", read by the client's guarded
    reader): counted down from `at`, the client's own steady clock when the frame arrived, so the
    server's and the client's clocks never need to agree."""

    left: tuple[int | None, ...]
    running: int | None
    at: float

    @classmethod
    def from_frame(cls, clock: dict[str, Any], at: float) -> "SeenClock":
        return cls(tuple(clock["left"]), clock["running"], at)

    def remaining(self, seat: int, now: float) -> int | None:
        """Milliseconds `seat` has left at `now` as far as this client can tell (None: not timed)."""
        left = self.left[seat] if 0 <= seat < len(self.left) else None
        return countdown(left, seat == self.running, now - self.at)


def countdown(left: int | None, running: bool, seconds: float) -> int | None:
    """Milliseconds left of `left` once `seconds` have passed, if its time runs; never below zero."""
    if left is None or not running:
        return left
    return max(0, left - max(0, int(seconds * 1000)))
