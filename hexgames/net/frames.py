"""The frames of online play: small versioned JSON objects `{"t": type, "v": 1, "seq": n, "d": {...}}`.

- `t` names the frame, `d` holds its data.
- `v` is the protocol version: a client and a server of different versions refuse each other with a
  clear message instead of misreading each other.
- `seq` in a frame from the server is the table's version: it counts every stored change of the
  table (a seat taken, the start, a move, an undo). Frames that change nothing stored (chat, who is
  connected, errors) carry the version as it is. A client keeps the last version it saw and resumes
  with it after a dropped connection; a move names the version it was made at, so a move sent twice
  (resent after a reconnect) finds the table moved on and is refused, never played twice.
  In a frame from a client, `seq` is the client's own counter, which the error answering it echoes.

The requests a client may send are `CLIENT_FRAMES` (with their fields). What the server sends, by `t`:
    tables      {tables: [lobby, ...]}: the open tables, answering "list"
    welcome     {code, game, seat (None for a spectator), token and key when a seat was just taken:
                the seat's secret, to keep for "resume", and the spectators' key, to give to watchers}
    lobby       {code, game, options, seats: [{kind, level, name, taken, online, stand_in}], host,
                started, listed, settings}: the table changed before the start
    sync        lobby's fields and {you, view, to_move, over, ply, log: [{by, w, m?}], undo, chat, clock}:
                all of it, after a (re)join, the start, or an undo
    update      {view, to_move, over, ply, log: [{by, w, m?}], clock}: after each move or resignation
    timeout     {by, then: "computer" | "lose"}: seat `by`'s time ran out; the computer plays its move,
                or it loses (its resignation follows in an update)
    presence    {seats}: who is connected, and where the computer plays for an absent player
    undo_asked  {by, at, waiting}; undo_done {done, by, and refused_by or reason when not done}
    chat        {by, name, text}
    final       {record}: the whole game (a save file's data), once it is over
    error       {code, reason, re}: a request refused (`re` is its seq), nothing changed
    pong        {re}
`settings` are the table's own (`table_settings.TableSettings.to_json`: its clock, what happens when a
seat's time runs out, whether hints are allowed). `clock` is None at a table without one, else
{left: [milliseconds each seat has left at the moment the frame was made, None for a seat not timed],
running: the seat whose time runs, or None}: a client counts down from when the frame arrived.
`view` is `views.encode_state` of the audience's own view (None before the start, or for spectators
of a game without a public view). A log line names the seat that moved (`by`), the move in words as
the audience may know it (`w`, `views.encode_reason`), and the move itself (`m`, `match.encode_entry`:
a resignation is `{"resign": seat}`) only where the audience may know it: its mover, or anyone for a
public move (`privacy.move_is_public`).

A frame from a client is read by `read_client_frame` before anything else looks at it: at most
MAX_FRAME bytes, strict JSON (no NaN), exactly the four keys, the protocol version, a known type,
and every field of `d` present with its type and bounds (and no field more). Anything else is a
`FrameError` with a short reason; the server answers it and drops the frame (or the connection).

A frame from the server is read the same way by `read_server_frame`, in the client's network thread,
before the app sees it (`SERVER_FRAMES`): every field the client reads present, with its type and
bounds (seats a list of at most MAX_SEATS seat objects, names at most MAX_NAME characters, chat
lines MAX_CHAT, the open tables MAX_LISTED), and every seat a frame names one of the table's. Fields
the client does not read are let be (a newer server may add some). The client then checks what
needs the table (`Client._learn`: the game of the welcome, the view a state of that game); a frame
that fails is dropped with a warning in the log, and the app keeps what it had.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, Callable

from hexgames.core.match import MAX_NAME
from hexgames.core.protocol import Reason, plain_json
from hexgames.net.clock import MAX_LEFT
from hexgames.net.table_settings import BANK_MINUTES, CLOCKS, INCREMENT_SECONDS, MOVE_SECONDS, TIMEOUTS

PROTOCOL = 1
MAX_FRAME = 64 * 1024  # bytes of one frame from a client (the server's frames may be larger: a log)
MAX_SEQ = 2**53  # integers JSON carries exactly everywhere
MAX_SEATS = 8
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I: codes are read aloud and typed
CODE_LENGTH = 6
TOKEN_HEX = 32  # 128 bits from `secrets`
MAX_CHAT = 200  # characters of a chat line
CHAT_KEPT = 50  # chat lines a (re)joining player is shown
MAX_LISTED = 100  # open tables in one answer to "list"
MAX_LOG = 20_000  # log lines of one sync: far more moves than any game has


@dataclass(frozen=True)
class Frame:
    t: str
    seq: int
    d: dict[str, Any]
    v: int = PROTOCOL

    def to_json(self) -> dict[str, Any]:
        return {"t": self.t, "v": self.v, "seq": self.seq, "d": self.d}


class FrameError(Exception):
    """A frame refused before it was acted on; `code` for programs, `reason` for the player."""

    def __init__(self, code: str, reason: Reason, seq: int | None = None):
        super().__init__(str(reason))
        self.code = code
        self.reason = reason
        self.seq = seq


def _error(code: str, text: str, seq: int | None = None, **params: Any) -> FrameError:
    return FrameError(code, Reason(f"net.error.{code}", text, **params), seq)


# --- the fields a client's frame may hold ---------------------------------------------------------
Check = Callable[[Any], bool]


def text(longest: int, shortest: int = 0, pattern: str | None = None) -> Check:
    rx = re.compile(pattern) if pattern else None
    return lambda x: type(x) is str and shortest <= len(x) <= longest and (rx is None or rx.fullmatch(x) is not None)


def whole(lowest: int, highest: int) -> Check:
    return lambda x: type(x) is int and lowest <= x <= highest


def flag(x: Any) -> bool:
    return type(x) is bool


def data(x: Any) -> bool:
    """JSON data of bounded depth and size (a move, the options): its meaning is checked later."""
    return plain_json(x)


def listing(item: Check, most: int, fewest: int = 0) -> Check:
    return lambda x: type(x) is list and fewest <= len(x) <= most and all(item(y) for y in x)


def options(x: Any) -> bool:
    return type(x) is dict and len(x) <= 16 and plain_json(x)


def one_of(*choices: str) -> Check:
    return lambda x: type(x) is str and x in choices


CODE = text(CODE_LENGTH, CODE_LENGTH, f"[{CODE_ALPHABET}]+")
TOKEN = text(TOKEN_HEX, TOKEN_HEX, "[0-9a-f]+")
VERSION = whole(0, MAX_SEQ)
SEAT = whole(0, MAX_SEATS - 1)
NAME = text(100)
SEAT_SPEC = text(40, 1)
GAME = text(40, 1)
SETTINGS_FIELDS: dict[str, Check] = {  # a table's settings (`table_settings`), each field bounded
    "clock": one_of(*CLOCKS), "move_seconds": whole(*MOVE_SECONDS), "bank_minutes": whole(*BANK_MINUTES),
    "increment_seconds": whole(*INCREMENT_SECONDS), "timeout": one_of(*TIMEOUTS), "hints": flag}


def settings(x: Any) -> bool:
    """A host's table settings: an object of known settings, each valid (those left out keep their
    defaults)."""
    return type(x) is dict and set(x) <= set(SETTINGS_FIELDS) and all(SETTINGS_FIELDS[k](v) for k, v in x.items())


# type -> {field: check}; fields in OPTIONAL may be left out.
CLIENT_FRAMES: dict[str, dict[str, Check]] = {
    "list": {},  # the open tables of this server
    "create": {"game": GAME, "options": options, "seats": listing(SEAT_SPEC, MAX_SEATS), "seat": SEAT,
               "name": NAME, "listed": flag, "settings": settings},
    "sit": {"code": CODE, "seat": SEAT, "name": NAME},  # take an open seat of a table
    "resume": {"code": CODE, "token": TOKEN, "since": VERSION},  # a seat's player comes back
    "watch": {"code": CODE, "key": TOKEN, "since": VERSION},  # a spectator
    "seat": {"seat": SEAT, "spec": SEAT_SPEC},  # the host: "open" or "ai:LEVEL" before the start
    "start": {},  # the host starts the game once every seat is filled
    "move": {"move": data, "at": VERSION},
    "resign": {"at": VERSION},  # give up now, whoever is to move (in a game whose rules allow it)
    "undo": {"at": VERSION},  # ask to take back one's last move(s)
    "consent": {"yes": flag, "at": VERSION},  # answer another player's undo request
    "chat": {"text": text(MAX_CHAT, 1)},
    "ping": {},
}
OPTIONAL: dict[str, set[str]] = {"create": {"options", "listed", "seat", "settings"}, "sit": {"seat"}}


def read_client_frame(raw: str | bytes) -> Frame:
    """A client's frame, checked (see the module docstring); raises FrameError."""
    if len(raw) > MAX_FRAME:
        raise _error("too_big", "The message is too large.")
    obj = _envelope(raw)
    seq = obj["seq"] if type(obj["seq"]) is int and 0 <= obj["seq"] <= MAX_SEQ else None
    if seq is None:
        raise _error("bad_frame", "The message is not a frame.")
    if obj["v"] != PROTOCOL or type(obj["v"]) is not int:
        raise _error("version", "This server speaks another version of the protocol; please update.", seq)
    kind, d = obj["t"], obj["d"]
    fields = CLIENT_FRAMES.get(kind) if type(kind) is str else None
    if fields is None:
        raise _error("unknown_type", "The server does not know that request.", seq)
    if type(d) is not dict:
        raise _error("bad_field", "The request's data is malformed.", seq)
    optional = OPTIONAL.get(kind, set())
    if not set(d) <= set(fields) or not set(fields) - optional <= set(d):
        raise _error("bad_field", "The request's data is malformed.", seq)
    if not all(fields[name](value) for name, value in d.items()):
        raise _error("bad_field", "The request's data is malformed.", seq)
    return Frame(kind, seq, d, PROTOCOL)


def _envelope(raw: str | bytes) -> dict[str, Any]:
    """The JSON object of a text frame with exactly the keys t, v, seq and d (not yet their values)."""
    if isinstance(raw, bytes):
        raise _error("not_text", "Messages must be text frames.")
    try:
        obj = json.loads(raw, parse_constant=_refuse_constant)
    except (ValueError, RecursionError):
        raise _error("not_json", "The message is not valid JSON.") from None
    if type(obj) is not dict or set(obj) != {"t", "v", "seq", "d"}:
        raise _error("bad_frame", "The message is not a frame.")
    return obj


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def write(frame: Frame) -> str:
    """The frame as compact JSON text for the socket."""
    return json.dumps(frame.to_json(), separators=(",", ":"), ensure_ascii=False)


def client_frame(t: str, seq: int, **d: Any) -> str:
    """A client's frame as text (what `read_client_frame` accepts)."""
    return write(Frame(t, seq, d))


# --- what a client reads of the server's frames ------------------------------------------------------
def maybe(check: Check) -> Check:
    """`check`, or None."""
    return lambda x: x is None or check(x)


def anything(x: Any) -> bool:
    """Present, whatever it is: read later by a reader of its own (a view: `views.decode_state`)."""
    return True


def mapping(x: Any) -> bool:
    """An object, read later by a reader of its own (words: `views.decode_reason`; a saved game)."""
    return type(x) is dict


def record(fields: dict[str, Check], optional: frozenset[str] = frozenset()) -> Check:
    """An object with these fields, each valid (present, unless `optional`); keys it does not name
    are let be: a newer server may add some, and a client reads only what it knows."""
    return lambda x: type(x) is dict and _bad_field(x, fields, optional) is None


def _bad_field(d: dict[str, Any], fields: dict[str, Check], optional: frozenset[str]) -> str | None:
    """The first field of `fields` that `d` lacks (and may not) or holds wrongly; None if none."""
    for name, check in fields.items():
        if name in d:
            if not check(d[name]):
                return name
        elif name not in optional:
            return name
    return None


SEAT_INFO = record({"kind": one_of("human", "ai"), "level": maybe(text(20)), "name": text(MAX_NAME),
                    "taken": flag, "online": flag, "stand_in": flag})
SEATS = listing(SEAT_INFO, MAX_SEATS, 1)
LOBBY = {"code": CODE, "game": GAME, "options": options, "seats": SEATS, "host": maybe(SEAT), "started": flag,
         "settings": record(SETTINGS_FIELDS)}  # every setting present (a server sends them all)
LOG_LINE = record({"by": SEAT, "w": mapping, "m": maybe(data)}, frozenset({"m"}))
UNDO = {"by": SEAT, "at": VERSION, "waiting": listing(SEAT, MAX_SEATS)}
CHAT_LINE = {"by": SEAT, "name": text(MAX_NAME), "text": text(MAX_CHAT)}
CLOCK = record({"left": listing(maybe(whole(0, MAX_LEFT)), MAX_SEATS, 1), "running": maybe(SEAT)})
PLAY = {"view": anything, "ply": whole(0, MAX_SEQ), "log": listing(LOG_LINE, MAX_LOG), "clock": maybe(CLOCK)}
NEWER = frozenset({"settings", "clock"})  # fields an older server does not send: read when present


def _table(x: Any) -> bool:
    """One open table of a "tables" answer: a lobby whose host is one of its seats."""
    return record(LOBBY, NEWER)(x) and _seats_named("lobby", x) is None


# type -> {field: check} of what the client reads of each server frame (see the module docstring);
# fields in SERVER_OPTIONAL may be left out; a client ignores the fields it does not read.
SERVER_FRAMES: dict[str, dict[str, Check]] = {
    "tables": {"tables": listing(_table, MAX_LISTED)},
    "welcome": {"code": CODE, "game": GAME, "seat": maybe(SEAT), "token": maybe(TOKEN), "key": maybe(TOKEN)},
    "lobby": LOBBY,
    "sync": {**LOBBY, "you": maybe(SEAT), **PLAY, "undo": maybe(record(UNDO)),
             "chat": listing(record(CHAT_LINE), CHAT_KEPT)},
    "update": PLAY,
    "presence": {"seats": SEATS},
    "undo_asked": UNDO,
    "undo_done": {"done": flag, "by": SEAT, "refused_by": maybe(SEAT), "reason": mapping},
    "chat": CHAT_LINE,
    "timeout": {"by": SEAT, "then": one_of(*TIMEOUTS)},
    "final": {"record": mapping},
    "error": {"code": text(40, 1), "reason": mapping, "re": maybe(VERSION)},
    "pong": {},
}
SERVER_OPTIONAL: dict[str, frozenset[str]] = {"welcome": frozenset({"token", "key"}),
                                              "undo_done": frozenset({"refused_by", "reason"}),
                                              "lobby": NEWER, "sync": NEWER, "update": NEWER}


def seats_named(kind: str, d: dict[str, Any]) -> list[int]:
    """Every seat a server frame's data names (its schema checked): each must be one of the table's."""
    named = [d.get(name) for name in ("host", "you", "by", "refused_by")]
    named += [line["by"] for line in d.get("log", ())]
    named += [d["clock"]["running"]] if d.get("clock") else []
    if kind == "sync":
        named += [line["by"] for line in d["chat"]]
        named += [d["undo"]["by"], *d["undo"]["waiting"]] if d["undo"] else []
    elif kind == "undo_asked":
        named += d["waiting"]
    return [seat for seat in named if seat is not None]


def _seats_named(kind: str, d: dict[str, Any]) -> str | None:
    """Within a frame that lists the seats: the first seat it names that is not one of them."""
    if "seats" in d and any(seat >= len(d["seats"]) for seat in seats_named(kind, d)):
        return "a seat the table does not have"
    if "seats" in d and clock_seats(d) not in (None, len(d["seats"])):
        return "a clock of another number of seats"
    return None


def clock_seats(d: dict[str, Any]) -> int | None:
    """How many seats the frame's clock times (None: it has none); it must be the table's."""
    return len(d["clock"]["left"]) if d.get("clock") else None


def read_server_frame(raw: str | bytes) -> Frame:
    """A server's frame as a client reads it: the envelope, and every field the client reads of
    its data, present with its type and bounds (`SERVER_FRAMES`), and the seats it names the
    table's own; anything else is a FrameError saying what is wrong (and nothing acts on it)."""
    obj = _envelope(raw)
    kind, d = obj["t"], obj["d"]
    if type(d) is not dict or not VERSION(obj["seq"]) or type(kind) is not str or kind not in SERVER_FRAMES:
        raise _error("bad_frame", "The message is not a frame.")
    if obj["v"] != PROTOCOL or type(obj["v"]) is not int:
        raise _error("version", "This server speaks another version of the protocol; please update.")
    wrong = _bad_field(d, SERVER_FRAMES[kind], SERVER_OPTIONAL.get(kind, frozenset())) or _seats_named(kind, d)
    if wrong is not None:
        raise _error("bad_data", "The server's {frame} message is malformed ({field}).", frame=kind, field=wrong)
    return Frame(kind, obj["seq"], d, PROTOCOL)
