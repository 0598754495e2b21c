"""A match: one game's rules, its state, who sits where, and the history that undo and saves use.

The match knows nothing of the screen or of how an AI thinks; the table asks it what is legal, tells
it what was played, and listens for changes (the app autosaves on every change). It is made from the
game's `GameInfo` itself, never from an id: finding a game by id is the registry's
(`hexgames.games.new_match`), which the engine does not depend on.
"""
from __future__ import annotations

import re
import unicodedata
import uuid
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from hexgames.core.gameinfo import GameInfo
from hexgames.core.protocol import JSON, IllegalMove, Outcome, Reason, Resignation, Rules

AI_LEVELS = ("random", "easy", "medium", "hard")
MAX_NAME = 24  # characters of a player's name: what every seat chip and banner has room for


@dataclass(frozen=True)
class Seat:
    """A place at the table: a human, or an AI of a level. `name` is what players see."""

    kind: str  # "human" | "ai"
    level: str | None = None
    name: str = ""

    @property
    def is_human(self) -> bool:
        return self.kind == "human"

    @staticmethod
    def parse(spec: str, index: int = 0) -> "Seat":
        """`human`, `human:Alice`, `ai:hard`, or a bare level `hard`. Raises ValueError."""
        head, _, rest = spec.strip().partition(":")
        head = head.lower()
        if head == "human":
            return Seat("human", None, clean_name(rest) or f"Player {index + 1}")
        level = rest.lower() if head == "ai" else head
        if level not in AI_LEVELS:
            raise ValueError(f"unknown seat {spec!r}: use human, ai:LEVEL or LEVEL ({', '.join(AI_LEVELS)})")
        return Seat("ai", level, f"CPU {index + 1} ({level})")

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "level": self.level, "name": self.name}

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> "Seat":
        kind, level, name = data["kind"], data.get("level"), data.get("name", "")
        if kind not in ("human", "ai") or (kind == "ai" and level not in AI_LEVELS):
            raise ValueError("bad seat")
        if not isinstance(name, str):
            raise ValueError("seat name must be text")
        return Seat(kind, level, clean_name(name))


def clean_name(name: str, limit: int = MAX_NAME) -> str:
    """A player name as the screens can show it: one line, at most `limit` characters. Names come
    from the setup screen (already so), the command line, save files and the network (anything at
    all); chat lines are cleaned the same way, with a longer limit."""
    flat = "".join(" " if unicodedata.category(c)[0] == "C" or c in "\u2028\u2029" else c for c in name)
    return re.sub(" {2,}", " ", flat).strip()[:limit].strip()


def new_uid() -> str:
    """A random id for a match: 32 hex digits."""
    return uuid.uuid4().hex


def is_uid(value: Any) -> bool:
    """Whether `value` can be a match's id as a save file gives it (short ASCII letters, digits, -)."""
    return isinstance(value, str) and 0 < len(value) <= 64 and re.fullmatch(r"[0-9A-Za-z-]+", value) is not None


class Match:
    """Rules + state + seats + history. `states[i]` is the state before `moves[i]`.

    `notes` holds each seat's private jottings (a Clans player's guesses at the others' colours): not
    moves, not part of the game or its digest, but kept with the match so a save or a resume keeps them.
    A scene shows a seat's notes only to that seat.

    `uid` names this match for the players' records: random, kept by saves and resumes and undo, so
    a game whose end is undone and that ends again replaces its record instead of adding a second.

    `hints` counts the hints each seat was shown ("What would Hard do?"): not part of the game either,
    but kept with it so the results can say who had help, after a resume too."""

    def __init__(self, info: GameInfo, seats: Sequence[Seat], options: Mapping[str, Any] | None = None,
                 seed: int = 0):
        self.info = info
        self.rules = self.info.rules
        self.seats = list(seats)
        self.options = self.info.resolve_options(options, len(self.seats))
        self.seed = int(seed)
        self.states: list[Any] = [self.rules.setup(self.options, len(self.seats), self.seed)]
        self.moves: list[Any] = []
        self.notes: dict[int, Any] = {}  # seat -> JSON data of that seat's private notes
        self.uid: str = new_uid()
        self.hints: dict[int, int] = {}  # seat -> hints taken (seats without hints are absent)
        self.listeners: list[Callable[["Match"], None]] = []

    # --- reading ------------------------------------------------------------------------------
    @property
    def game_id(self) -> str:
        return self.info.id

    @property
    def state(self) -> Any:
        return self.states[-1]

    @property
    def is_over(self) -> bool:
        return self.rules.is_over(self.state)

    @property
    def to_move(self) -> int:
        return self.rules.to_move(self.state)

    @property
    def seat_to_move(self) -> Seat:
        return self.seats[self.to_move]

    @property
    def human_count(self) -> int:
        return sum(1 for s in self.seats if s.is_human)

    def outcome(self) -> Outcome:
        return self.rules.outcome(self.state)

    def check(self, move: Any) -> str | None:
        return self.rules.check(self.state, move)

    def mover(self, i: int) -> int:
        """The seat that made `moves[i]`: the seat to move then, or the seat that resigned."""
        move = self.moves[i]
        return move.seat if isinstance(move, Resignation) else self.rules.to_move(self.states[i])

    def describe(self, i: int, viewer: int | None) -> Any:
        """`moves[i]` in words as `viewer` may know it (the move log, the computer's last move)."""
        return self.rules.describe(self.states[i], self.moves[i], viewer)

    def resign_refusal(self, seat: int) -> str | None:
        """Why `seat` may not resign now (the game is over, or its rules have no resignation), or None."""
        if self.is_over:
            return Reason("core.game_over", "The game is over.")
        return self.rules.resign_refusal(self.state, seat)

    # --- changing -----------------------------------------------------------------------------
    def play(self, move: Any) -> None:
        """Play a move for the seat to move; raises IllegalMove and changes nothing if refused."""
        if self.is_over:
            raise IllegalMove(Reason("core.game_over", "The game is over."))
        new_state = self.rules.play(self.state, move)
        self.moves.append(move)
        self.states.append(new_state)
        self._changed()

    def resign(self, seat: int) -> None:
        """`seat` gives up now, whoever is to move; kept among the moves as a `Resignation` (saved,
        replayed and undone like a move). Raises IllegalMove and changes nothing if refused."""
        refusal = self.resign_refusal(seat)
        if refusal is not None:
            raise IllegalMove(refusal)
        new_state = self.rules.resign(self.state, seat)
        self.moves.append(Resignation(seat))
        self.states.append(new_state)
        self._changed()

    def push(self, move: Any, state: Any) -> None:
        """Add `move`, which the rules have already played to `state` (`rules.play(self.state, move)`):
        the server checks a move, stores it, and only then makes it part of the history."""
        self.moves.append(move)
        self.states.append(state)
        self._changed()

    def set_note(self, seat: int, note: Any) -> None:
        """Replace `seat`'s private notes (JSON data; None or empty removes them); autosaved like a move."""
        if note:
            self.notes[seat] = note
        else:
            self.notes.pop(seat, None)
        self._changed()

    def count_hint(self, seat: int) -> None:
        """`seat` was shown a hint; saved like a move, and never taken back by undo."""
        self.hints[seat] = self.hints.get(seat, 0) + 1
        self._changed()

    def undo_point(self) -> int | None:
        """Index of the last move a human made: undo returns to the state just before it."""
        for i in range(len(self.moves) - 1, -1, -1):
            if self.seats[self.mover(i)].is_human:
                return i
        return None

    def undo_refusal(self, point: int | None = -1) -> str | None:
        """Why stepping back to just before move `point` is not possible now, or None (the default
        point: the last human decision; who may ask for which point is the table's to say)."""
        k = self.undo_point() if point == -1 else point
        if k is None:
            return Reason("core.undo_nothing", "There is nothing to undo.")
        for j in range(k, len(self.moves)):
            if isinstance(self.moves[j], Resignation):
                continue  # giving up draws nothing: the end's own revelations are judged below
            why = self.rules.reveals(self.states[j], self.moves[j])
            if why:
                return Reason("core.undo_reveals", "Undo is not possible: {why}", why=why)
        if self.end_revealed():
            why = Reason("core.end_revealed", "the end of the game showed what was hidden.")
            return Reason("core.undo_reveals", "Undo is not possible: {why}", why=why)
        return None

    def end_revealed(self) -> bool:
        """Whether the game is over and its end showed some seat everything it could not see just
        before (Clans shows every colour at the end). Undo across such an end would let players
        play on knowing what the game hides, so it is refused for every game, from the protocol's
        `observe` alone: a seat sees everything when its view has the full state's digest."""
        if not self.is_over or not self.moves:
            return False
        end, before = self.states[-1], self.states[-2]
        return any(self._sees_all(end, seat) and not self._sees_all(before, seat) for seat in range(len(self.seats)))

    def _sees_all(self, state: Any, seat: int) -> bool:
        return self.rules.digest(self.rules.observe(state, seat)) == self.rules.digest(state)

    def undo(self, point: int | None = -1) -> str | None:
        """Step back to just before move `point` (default: the last human decision); returns the
        refusal reason instead if refused, changing nothing."""
        k = self.undo_point() if point == -1 else point
        refusal = self.undo_refusal(k)
        if refusal is not None:
            return refusal
        assert k is not None
        del self.moves[k:]
        del self.states[k + 1:]
        self._changed()
        return None

    def _changed(self) -> None:
        for listener in list(self.listeners):
            listener(self)

    # --- replay -------------------------------------------------------------------------------
    def replay(self, moves: Sequence[Any]) -> None:
        """Play `moves` from the current state without notifying listeners (used by loading)."""
        for move in moves:
            new_state = play_entry(self.rules, self.state, move)
            self.moves.append(move)
            self.states.append(new_state)

    def digest(self) -> str:
        return self.rules.digest(self.state)


# --- the entries of a match's history: moves and resignations -------------------------------------
def play_entry(rules: Rules, state: Any, entry: Any) -> Any:
    """The state after one entry of a history: a move played, or a `Resignation` given."""
    if isinstance(entry, Resignation):
        if rules.is_over(state):
            raise IllegalMove(Reason("core.game_over", "The game is over."))
        return rules.resign(state, entry.seat)
    return rules.play(state, entry)


def encode_entry(rules: Rules, entry: Any) -> JSON:
    """A history entry as JSON: the game's encoding of a move, or `{"resign": seat}`."""
    if isinstance(entry, Resignation):
        return {"resign": entry.seat}
    return rules.encode(entry)


def decode_entry(rules: Rules, data: JSON, seats: int) -> Any:
    """The entry `encode_entry` wrote; ValueError for anything else (a seat that is not at the table
    included)."""
    if isinstance(data, dict) and data.keys() == {"resign"}:
        seat = data["resign"]
        if type(seat) is not int or not 0 <= seat < seats:
            raise ValueError("a resignation of a seat that is not at the table")
        return Resignation(seat)
    return rules.decode(data)
