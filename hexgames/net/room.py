"""One table on the server: its match, its seats and their credentials, undo by consent, chat, and
the data of the frames each audience is sent. Pure: no sockets, no clock of its own, no store.

The server asks a room to check a request (`check_move`, `ask_undo`, ...), stores the change, then
tells the room to make it (`play`, `undo`, ...), so a room never holds a change the store refused.

What an audience is sent is built here and only here, from `privacy.seat_wire` (the seat's own
`observe`) or `privacy.spectator_wire`, and from the log as `describe` words it for that viewer,
with the move itself where that viewer may know it (its own, or a public one:
`privacy.move_is_public`): never from the state itself. A refused move is explained by the
mover's own view (`played`). What is public about the table (its seats and names, whether each is
connected, the version, whose turn it is when every seat's view agrees) goes to everyone.

Turn clocks (`clock.TurnClock`, at a table whose settings have one): the room is given a time source
(`now`, never wall time of its own) and works out the clock each change leads to (`clock_after_move`,
`clock_after_undo`), which the server stores with the change before the room takes it. A seat whose
time has run out (`out_of_time`) may not move; the server has the computer play for it, or it
resigns (`timeout_resigns`). Each sync and update carries the clocks as they are at that moment.

Credentials: a table has a short join code (anyone with it may take an open seat before the start);
each seat gets a 128-bit token from `secrets` when taken, and spectators a key of their own. Only
their SHA-256 is kept, and they are compared with `hmac.compare_digest`.
"""
from __future__ import annotations

import dataclasses
import hashlib
import hmac
import random
import secrets
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from hexgames import games, table
from hexgames.core.match import AI_LEVELS, Match, Seat, clean_name, decode_entry, encode_entry
from hexgames.core.protocol import IllegalMove, Reason, Resignation, clip
from hexgames.core.saves import match_to_dict
from hexgames.net.clock import TurnClock
from hexgames.net.frames import CHAT_KEPT, CODE_ALPHABET, CODE_LENGTH, MAX_CHAT
from hexgames.net.privacy import WirePolicy, move_is_public, spectator_wire, wire_view
from hexgames.net.store import SeatRecord, TableRecord
from hexgames.net.table_settings import TableSettings, read_settings
from hexgames.net.views import encode_reason

STAND_IN_LEVEL = "medium"  # who plays for a player away too long


class RoomError(Exception):
    """A request the table refuses; `code` for programs, `reason` (a Reason) for the player."""

    def __init__(self, code: str, text: str, **params: Any):
        self.code = code
        self.reason = Reason(f"net.error.{code}", text, **params)
        super().__init__(str(self.reason))


def hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode("ascii", "replace")).hexdigest()


def matches_secret(secret: str, stored: str | None) -> bool:
    return stored is not None and hmac.compare_digest(hash_secret(secret), stored)


def new_secret() -> str:
    return secrets.token_hex(16)  # 128 bits


def new_code(taken: Iterable[str]) -> str:
    used = set(taken)
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if code not in used:
            return code


def player_name(name: str, seat: int) -> str:
    return clean_name(name) or f"Player {seat + 1}"


def new_table(game_id: str, options: dict[str, Any], specs: list[str], host: int | None, host_name: str,
              listed: bool, taken_codes: Iterable[str],
              settings: dict[str, Any] | None = None) -> tuple[TableRecord, str, str]:
    """A new table (not yet stored), with the host seated: (record, host's token, spectator key).
    Raises RoomError for an unknown game, a seat count, option or setting the game does not take."""
    try:
        info = games.get(game_id)
    except KeyError:
        raise RoomError("no_game", "There is no game called {game}.", game=clip(game_id, 40)) from None
    try:
        seats = [Seat.parse(spec, i) for i, spec in enumerate(specs)]
        resolved = info.resolve_options(options, len(seats))
    except (ValueError, KeyError) as e:
        raise RoomError("bad_table", "That table cannot be set up: {why}", why=clip(str(e).strip("'\""), 120)) from None
    try:
        chosen = TableSettings.from_json(settings or {})
    except (ValueError, TypeError) as e:
        raise RoomError("bad_settings", "Those table settings cannot be used: {why}", why=clip(str(e), 120)) from None
    humans = [i for i, s in enumerate(seats) if s.is_human]
    host = humans[0] if host is None and humans else host
    if host is None or host >= len(seats) or not seats[host].is_human:
        raise RoomError("host_seat", "The host must take one of the table's human seats.")
    token, key = new_secret(), new_secret()
    records = [SeatRecord("human", None, "") if s.is_human else SeatRecord("ai", s.level, s.name) for s in seats]
    records[host] = SeatRecord("human", None, player_name(host_name, host), hash_secret(token))
    record = TableRecord(new_code(taken_codes), info.id, resolved, secrets.randbits(62) + 2**62, records, host,
                         hash_secret(key), listed, settings=chosen.to_json())
    return record, token, key


def seat_list(record: TableRecord, online: dict[int, int], stand_in: set[int]) -> list[dict[str, Any]]:
    """The public part of each seat: who sits there, and whether they are connected (`online`: seat
    -> open connections) or played for by the computer (`stand_in`)."""
    return [{"kind": s.kind, "level": s.level, "name": s.name, "taken": s.kind == "ai" or s.token_hash is not None,
             "online": s.kind == "ai" or bool(online.get(i)), "stand_in": i in stand_in}
            for i, s in enumerate(record.seats)]


def record_lobby(record: TableRecord, online: dict[int, int] | None = None,
                 stand_in: set[int] | None = None) -> dict[str, Any]:
    """A table's lobby data, from its record alone where no Room holds it (the public list: a table
    another process, or nobody, holds), its players then shown as not connected."""
    r = record
    return {"code": r.code, "game": r.game, "options": r.options, "seats": seat_list(r, online or {}, stand_in or set()),
            "host": r.host, "started": r.started, "listed": r.listed}


@dataclass
class UndoRequest:
    by: int
    at: int  # the table's version when it was asked
    waiting: set[int] = field(default_factory=set)

    def to_json(self) -> dict[str, Any]:
        return {"by": self.by, "at": self.at, "waiting": sorted(self.waiting)}


class Room:
    """A table the server holds (see the module docstring)."""

    def __init__(self, record: TableRecord, policy: WirePolicy, now: Callable[[], float] = time.monotonic):
        self.record = record
        self.policy = policy
        self.now = now  # the time source of the turn clocks
        self.settings = read_settings(record.settings)
        self.info = games.get(record.game)
        self.rules = self.info.rules
        self.match = self._new_match()
        self.match.replay([decode_entry(self.rules, m, len(record.seats)) for m in record.moves])
        record.moves = []  # from here on the match holds the moves (the store has them too)
        self.chat: deque[dict[str, Any]] = deque(maxlen=CHAT_KEPT)
        self.undo_request: UndoRequest | None = None
        self.online: dict[int, int] = {}  # seat -> open connections
        self.away_since: dict[int, float] = {}  # seat -> when its last connection closed
        self.stand_in: set[int] = set()  # human seats the AI plays for now
        self.rng = random.Random(secrets.randbits(64))  # resampling for the spectators' check only
        self.clock_problem: str | None = None  # why the stored clock could not be read, if it could not
        self.clock: TurnClock | None = self._stored_clock()
        self.timeout_told: int | None = None  # the version at which a seat's time running out was told

    def _new_match(self) -> Match:
        seats = [Seat("human", None, s.name or "") if s.kind == "human" else Seat("ai", s.level, s.name)
                 for s in self.record.seats]
        return Match(games.get(self.record.game), seats, self.record.options, self.record.seed)

    # --- reading ------------------------------------------------------------------------------
    @property
    def code(self) -> str:
        return self.record.code

    @property
    def version(self) -> int:
        return self.record.version

    @property
    def seats(self) -> int:
        return len(self.record.seats)

    @property
    def started(self) -> bool:
        return self.record.started

    @property
    def over(self) -> bool:
        return self.match.is_over

    def seat_of(self, token: str) -> int | None:
        """The seat `token` holds, or None. Every seat is compared, in constant time each."""
        found = None
        for i, seat in enumerate(self.record.seats):
            if matches_secret(token, seat.token_hash):
                found = i
        return found

    def is_spectator_key(self, key: str) -> bool:
        return matches_secret(key, self.record.spectator_hash)

    def is_taken_by_player(self, seat: int) -> bool:
        current = self.record.seats[seat]
        return current.kind == "human" and current.token_hash is not None

    def open_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.record.seats) if s.kind == "human" and s.token_hash is None]

    def ai_to_play(self, now: float, away_after: float) -> str | None:
        """The AI level to play the seat to move now, or None when a human is to play it: an AI
        seat, or a human's seat while its player has been away longer than `away_after`."""
        if not self.started or self.over:
            return None
        if self.out_of_time() is not None:
            return STAND_IN_LEVEL  # its time ran out: the computer makes this move for it
        seat = self.match.to_move
        record = self.record.seats[seat]
        if record.kind == "ai":
            return record.level or STAND_IN_LEVEL
        since = self.away_since.get(seat)
        if self.online.get(seat) or since is None or now - since < away_after:
            self.stand_in.discard(seat)
            return None
        self.stand_in.add(seat)
        return STAND_IN_LEVEL

    # --- the lobby ----------------------------------------------------------------------------
    def sit(self, seat: int | None, name: str) -> tuple[TableRecord, int, str]:
        """Take an open seat: the record to store (version + 1), the seat and its new token."""
        if self.started:
            raise RoomError("started", "This game has started; its seats are taken.")
        free = self.open_seats()
        if not free:
            raise RoomError("full", "Every seat at this table is taken.")
        if seat is None:
            seat = free[0]
        if seat not in free:
            raise RoomError("seat_taken", "That seat is taken.")
        token = new_secret()
        record = self._next_record()
        record.seats[seat] = SeatRecord("human", None, player_name(name, seat), hash_secret(token))
        return record, seat, token

    def set_seat(self, by: int, seat: int, spec: str) -> TableRecord:
        """The host opens a seat or gives it to an AI level, before the start. A seat a player took
        can be opened again (a stranger who found the code): its token no longer holds it."""
        self._host_only(by)
        if seat >= self.seats or seat == self.record.host:
            raise RoomError("bad_seat", "That seat cannot be changed.")
        if self.is_taken_by_player(seat) and spec != "open":
            raise RoomError("seat_taken", "That seat is taken.")
        record = self._next_record()
        if spec == "open":
            record.seats[seat] = SeatRecord("human")
        else:
            level = spec.removeprefix("ai:").lower()
            if level not in AI_LEVELS:
                raise RoomError("bad_level", "Unknown computer level {level}.", level=clip(level, 20))
            record.seats[seat] = SeatRecord("ai", level, Seat.parse(level, seat).name)
        return record

    def start(self, by: int) -> TableRecord:
        self._host_only(by)
        if self.open_seats():
            raise RoomError("not_full", "Every seat must be taken before the game starts.")
        record = self._next_record()
        record.started = True
        clock = self._fresh_clock(self.now())
        record.clock = clock.to_json() if clock is not None else {}
        return record

    def _host_only(self, by: int) -> None:
        if by != self.record.host:
            raise RoomError("not_host", "Only the host can do that.")
        if self.started:
            raise RoomError("started", "This game has started; its seats are taken.")

    def _next_record(self) -> TableRecord:
        r = self.record
        return dataclasses.replace(r, options=dict(r.options), seats=[SeatRecord(**s.__dict__) for s in r.seats],
                                   version=r.version + 1, moves=[], settings=dict(r.settings), clock=dict(r.clock))

    def adopt(self, record: TableRecord) -> None:
        """Make a stored change of seats or of the start the room's own."""
        self.record = record
        if not self.match.moves:
            self.match = self._new_match()
        else:
            self.match.seats = self._new_match().seats
        if record.started and self.clock is None:
            self.clock = self._stored_clock()  # the first turn's time runs from now

    # --- moves ----------------------------------------------------------------------------------
    def check_move(self, seat: int, move_json: Any, at: int) -> tuple[Any, Any]:
        """(move, state after it) for the move `seat` sent, if it may be played now; else RoomError
        with the reason."""
        self._check_turn(seat, at)
        try:
            move = self.rules.decode(move_json)
        except ValueError:
            raise RoomError("malformed", "That is not a move of this game.") from None
        return move, self.played(move)

    def played(self, move: Any) -> Any:
        """The state after the move of the seat to move, or RoomError with the reason it is refused.

        The rules decide on the full state; the reason the player is told is the one their own view
        gives (`check` of what they observe), so it can name nothing they cannot see. Where their
        view would allow the move, the reason is a plain "not allowed now"."""
        state = self.match.state
        try:
            return self.rules.play(state, move)
        except IllegalMove:
            seat = self.rules.to_move(state)
            try:
                why = self.rules.check(self.rules.observe(state, seat), move)
            except Exception:  # noqa: BLE001 - a view some game cannot check: the plain reason
                why = None
            raise RoomError("illegal", "{why}", why=why or Reason("core.illegal", "That move is not allowed now.")) \
                from None

    def _check_turn(self, seat: int, at: int) -> None:
        self._check_in_play(at)
        if self.match.to_move != seat:
            raise RoomError("not_your_turn", "It is not your turn.")
        if self.out_of_time() == seat:
            raise RoomError("time_up", "Your time for this move has run out.")

    def _check_in_play(self, at: int) -> None:
        if not self.started:
            raise RoomError("not_started", "The game has not started yet.")
        if self.over:
            raise RoomError("over", "The game is over.")
        if at != self.version:
            raise RoomError("stale", "The table has moved on since; your view is being brought up to date.")

    def check_resign(self, seat: int, at: int) -> tuple[Resignation, Any]:
        """(the resignation, state after it) if `seat` may give up now, whoever is to move; else
        RoomError with the reason (the rules' own where they have no resignation)."""
        self._check_in_play(at)
        refusal = self.rules.resign_refusal(self.match.state, seat)
        if refusal is not None:
            raise RoomError("resign_refused", "{why}", why=refusal)
        return Resignation(seat), self.rules.resign(self.match.state, seat)

    def play(self, move: Any, after: Any, clock: TurnClock | None = None) -> None:
        """Make a checked move (`check_move`, the AI's) or resignation (`check_resign`) part of the
        game, once the store holds it (with `clock`, the clock it leads to: `clock_after_move`)."""
        self._take_clock(clock if clock is not None else self.clock_after_move(move, after))
        self.match.push(move, after)
        self.record.version += 1
        self.record.finished = self.over
        self.undo_request = None

    # --- undo by consent ----------------------------------------------------------------------
    def ask_undo(self, seat: int, at: int) -> UndoRequest:
        """Record `seat`'s undo request (the table's undo policy must allow it); `waiting` names the
        other humans whose consent it needs (empty: it may go ahead now)."""
        if not self.started:
            raise RoomError("not_started", "The game has not started yet.")
        if at != self.version:
            raise RoomError("stale", "The table has moved on since; your view is being brought up to date.")
        if self.undo_request is not None:
            raise RoomError("undo_pending", "An undo is already waiting for an answer.")
        refusal = table.undo_refusal(self.match, seat)
        if refusal is not None:
            raise RoomError("undo_refused", "{why}", why=refusal)
        others = {i for i, s in enumerate(self.record.seats) if s.kind == "human" and i != seat}
        self.undo_request = UndoRequest(seat, self.version, others)
        return self.undo_request

    def consent(self, seat: int, yes: bool, at: int) -> UndoRequest:
        request = self.undo_request
        if request is None or request.at != at:
            raise RoomError("no_undo", "There is no undo request to answer.")
        if seat not in request.waiting:
            raise RoomError("not_asked", "Your answer is not needed.")
        if not yes:
            self.undo_request = None
            request.waiting = {-1}  # refused: never complete
            return request
        request.waiting.discard(seat)
        return request

    def undo_point(self) -> int:
        """The ply the agreed undo goes back to (checked again, so nothing changed meanwhile)."""
        request = self.undo_request
        assert request is not None
        refusal = table.undo_refusal(self.match, request.by)
        point = table.undo_point(self.match, request.by)
        if refusal is not None or point is None:
            self.undo_request = None
            raise RoomError("undo_refused", "{why}", why=refusal or "")
        return point

    def undo(self, clock: TurnClock | None = None) -> None:
        """Apply the agreed undo, once the store has taken the moves back (with `clock`, the clock
        it leads to: `clock_after_undo`)."""
        request = self.undo_request
        assert request is not None
        self._take_clock(clock if clock is not None else
                         self.clock_after_undo(table.undo_point(self.match, request.by) or 0))
        table.undo(self.match, request.by)
        self.record.version += 1
        self.record.finished = False
        self.undo_request = None

    # --- the turn clocks ------------------------------------------------------------------------
    def _timed(self) -> list[bool]:
        """Which seats are timed: the humans' (a computer's seat never is)."""
        return [s.kind == "human" for s in self.record.seats]

    def _clock_seat(self, state: Any) -> int | None:
        """Whose turn a state is, for the clock (None once the game is over)."""
        return None if self.rules.is_over(state) else self.rules.to_move(state)

    def _fresh_clock(self, now: float) -> TurnClock | None:
        """Every timed seat with its full time, the seat to move's turn beginning at `now`."""
        rule = self.settings.rule
        if rule is None:
            return None
        return TurnClock.new(rule, self._timed()).start(self._clock_seat(self.match.state), now)

    def _stored_clock(self) -> TurnClock | None:
        """The clock of a started table as stored, its running turn beginning now (a restart charges
        nobody for the time the server was down: `clock`). A stored clock that cannot be read gives
        way to a fresh one, and `clock_problem` says why."""
        rule = self.settings.rule
        if rule is None or not self.record.started:
            return None
        now = self.now()
        try:
            return TurnClock.from_json(self.record.clock, rule, self._timed(), now)
        except ValueError as e:
            self.clock_problem = str(e)
            return self._fresh_clock(now)

    def _take_clock(self, clock: TurnClock | None) -> None:
        self.clock = clock
        self.record.clock = clock.to_json() if clock is not None else {}

    def clock_after_move(self, move: Any, after: Any) -> TurnClock | None:
        """The clock once `move` (of the seat to move, or a resignation of any seat) is played now,
        leading to `after`; None at a table without a clock."""
        if self.clock is None:
            return None
        mover = move.seat if isinstance(move, Resignation) else self.match.to_move
        return self.clock.after_move(self.now(), mover, self._clock_seat(after))

    def clock_after_undo(self, point: int) -> TurnClock | None:
        """The clock once the moves from `point` on are taken back now (with the increments they earned)."""
        if self.clock is None:
            return None
        undone = [self.match.mover(i) for i in range(point, len(self.match.moves))]
        return self.clock.after_undo(self.now(), self._clock_seat(self.match.states[point]), undone)

    def out_of_time(self) -> int | None:
        """The seat to move, if its time has run out (it may not move: the server acts for it)."""
        if self.clock is None or not self.started or self.over:
            return None
        return self.clock.expired(self.now())

    def expires_at(self) -> float | None:
        """When the running seat's time runs out, by the room's time source (None: no time runs)."""
        return self.clock.expires_at() if self.clock is not None and self.started and not self.over else None

    def timeout_resigns(self, seat: int) -> bool:
        """Whether `seat`, out of time, loses by resigning (the table's choice, where the rules have a
        resignation now); else the computer plays its move."""
        return self.settings.timeout == "lose" and self.rules.resign_refusal(self.match.state, seat) is None

    def timeout_news(self) -> dict[str, Any] | None:
        """What everyone is told when the seat to move has run out of time: once per version of
        the table, else None."""
        seat = self.out_of_time()
        if seat is None or self.timeout_told == self.version:
            return None
        self.timeout_told = self.version
        return {"by": seat, "then": "lose" if self.timeout_resigns(seat) else "computer"}

    def _clock_frame(self, to_move: int | None) -> dict[str, Any] | None:
        """The clocks for an audience whose own view says `to_move` is to move."""
        return self.clock.frame(self.now(), to_move) if self.clock is not None else None

    # --- chat -----------------------------------------------------------------------------------
    def say(self, seat: int, text: str) -> dict[str, Any]:
        line = {"by": seat, "name": self.record.seats[seat].name, "text": clean_name(text, MAX_CHAT)}
        self.chat.append(line)
        return line

    # --- what is sent ---------------------------------------------------------------------------
    def seat_list(self) -> list[dict[str, Any]]:
        return seat_list(self.record, self.online, self.stand_in)

    def lobby(self) -> dict[str, Any]:
        return {**record_lobby(self.record, self.online, self.stand_in), "settings": self.settings.to_json()}

    def _view(self, audience: int | None) -> dict[str, Any]:
        """The audience's view on the wire, whose turn it is and whether the game is over, all from
        that view (a spectator shown no view: from what every seat's view agrees on)."""
        rules, state, first = self.rules, self.match.state, self.match.states[0]
        if audience is not None:
            view = rules.observe(state, audience)
            wire = wire_view(rules, self.policy, view, lambda: rules.observe(first, audience))
            return {"view": wire, "to_move": rules.to_move(view), "over": rules.is_over(view)}
        wire = spectator_wire(rules, self.policy, state, self.seats, first, self.rng)
        views = [rules.observe(state, s) for s in range(self.seats)]
        movers, ends = {rules.to_move(v) for v in views}, {rules.is_over(v) for v in views}
        return {"view": wire, "to_move": movers.pop() if len(movers) == 1 else None,
                "over": ends.pop() if len(ends) == 1 else None}

    def _log_line(self, i: int, audience: int | None) -> dict[str, Any]:
        """Move `i` as `audience` may know it: who made it, its words, and the move itself (a history
        entry, `encode_entry`) for its mover, or for anyone when it is public."""
        move, by = self.match.moves[i], self.match.mover(i)
        line = {"by": by, "w": encode_reason(self.rules.describe(self.match.states[i], move, audience))}
        if audience == by or move_is_public(self.policy, move):
            line["m"] = encode_entry(self.rules, move)
        return line

    def sync(self, audience: int | None) -> dict[str, Any]:
        """Everything a (re)joining player or spectator is shown: the table, its view and the log."""
        log = [self._log_line(i, audience) for i in range(len(self.match.moves))]
        view = self._view(audience) if self.started else {"view": None, "to_move": None, "over": False}
        return {**self.lobby(), "you": audience, **view, "ply": len(self.match.moves), "log": log,
                "undo": self.undo_request.to_json() if self.undo_request else None, "chat": list(self.chat),
                "clock": self._clock_frame(view["to_move"])}

    def update(self, audience: int | None) -> dict[str, Any]:
        """After a move or a resignation: the new view and the log line of what was done."""
        ply = len(self.match.moves)
        view = self._view(audience)
        return {**view, "ply": ply, "log": [self._log_line(ply - 1, audience)], "clock": self._clock_frame(view["to_move"])}

    def final(self) -> dict[str, Any]:
        """The whole game, for everyone, once it is over: seed, seats and moves, like a save file."""
        assert self.over
        return {"record": match_to_dict(self.match)}

