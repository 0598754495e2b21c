"""The table of an online game as one player's app drives it: the same `Table` the local game scene
drives, with the server in the place of the rules.

Only this player's seat is played at this screen; every other seat is `remote` (its moves, a
computer's too, are played on the server). So there is never a hand-over: the screen shows this
seat's view, the only one the server sends. What changes against a local table:

- `play`, `resign` and `undo` are requests to the server. A move the seat's own view already refuses
  is refused here at once, with the same words; otherwise it goes out, and the table takes no other
  move of this player until the server answered (the update with it, or an error in words).
- `receive()` (each frame, never blocking) takes what arrived: moves and fresh views are queued, and
  `poll_remote()` makes them the mirror's one at a time, once the board is still and the last one has
  been on show `pace` seconds, so every other player's move is seen as a computer's is locally.
  Chat lines, undo requests and the connection's state are told at once; who is connected is read
  from the session as the server last said it (`presence`).
- Undo needs the consent of every other human: `undo()` asks, `consent(yes)` answers another's
  request. Whether Undo is offered at all follows the local policy on the log's movers (only your
  own moves of this turn, never across another human's); the server checks again.
- The table's settings (its server's lobby and sync frames, kept by the session) say whether hints
  are allowed: with two or more humans at the table, only if its host chose so (`hint_refusal`).
  The turn clocks are the session's (`turn_clock`); a seat whose time ran out is told (`TimeRanOut`).
- The records and results wait for the whole game, which the server sends once it is over
  (`end_known`); the mirror adopts it, and the finished game is recorded as after a local game.
"""
from __future__ import annotations

import collections
import time
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence

from hexgames import games
from hexgames.core.match import Seat
from hexgames.core.protocol import Reason
from hexgames.net.frames import Frame
from hexgames.net.mirror import MirrorMatch
from hexgames.net.clock import SeenClock
from hexgames.net.session import Session
from hexgames.table import Notice, Table, Worker, undo_refusal


# --- what the table tells its listeners, besides the local table's events -----------------------
@dataclass(frozen=True)
class ChatSaid:
    seat: int
    name: str
    text: str


@dataclass(frozen=True)
class UndoAsked:
    """`by` asks to take back their move; `waiting` are the seats whose answer is still needed."""

    by: int
    waiting: tuple[int, ...]


@dataclass(frozen=True)
class UndoAnswered:
    """The undo request of `by` was settled: `done`, or refused (by `refused_by`, or for `reason`)."""

    by: int
    done: bool
    refused_by: int | None = None
    reason: Any = None


@dataclass(frozen=True)
class TimeRanOut:
    """`seat`'s time ran out: `then` "computer" (the computer makes its move) or "lose" (it resigns)."""

    seat: int
    then: str


@dataclass(frozen=True)
class ConnectionChanged:
    state: str  # "online", "reconnecting" or "closed"
    why: Any = ""  # a Reason the app translates


FINAL_WAIT = 5.0  # seconds the results wait for the whole game after the last move
CATCH_UP = 8  # moves waiting beyond which they are no longer paced (back from a pause, a burst)


def _words(key: str, text: str, **params: Any) -> Reason:
    return Reason(f"net.play.{key}", text, **params)


def seats_of(table: dict[str, Any]) -> list[Seat]:
    """The match's seats from a lobby's seat list (names as the server cleaned them)."""
    return [Seat("ai", s.get("level") or "medium", s.get("name") or "") if s.get("kind") == "ai"
            else Seat("human", None, s.get("name") or "") for s in table["seats"]]


class RemoteTable(Table):
    """See the module docstring."""

    def __init__(self, session: Session, match: MirrorMatch, seat: int, worker: Worker | None = None,
                 clock: Callable[[], float] = time.monotonic):
        super().__init__(match, worker, clock, remote=[s for s in range(len(match.seats)) if s != seat])
        self.session = session
        self.seat = seat
        self.online = True
        self.undo_request: dict[str, Any] | None = None
        self.final: Any = None  # the whole game, once the server sent it
        self._incoming: collections.deque[Frame] = collections.deque()
        self._sent: tuple[str, int] | None = None  # (kind, seq) of our request the server has not answered
        self._over_at: float | None = None  # when the mirror's game ended (the whole game is due)

    @classmethod
    def from_sync(cls, session: Session, sync: Frame, worker: Worker | None = None,
                  later: Sequence[Frame] = ()) -> "RemoteTable":
        """The table of a started game, from the server's sync for this seat and the frames that
        arrived after it in the same batch (a computer may have moved at once: none may be lost)."""
        d = sync.d
        info = games.get(d["game"])
        match = MirrorMatch(info, seats_of(d), d.get("options", {}), d["state"], d["words"],
                            [line["by"] for line in d["log"]], d.get("moves"))
        table = cls(session, match, d["you"], worker)
        table.undo_request = d.get("undo")  # one waiting for this seat's answer: `asks_me`
        table.take(later)
        return table

    def asks_me(self) -> bool:
        """Another player's undo request waits for this seat's answer."""
        request = self.undo_request
        return request is not None and request.get("by") != self.seat and self.seat in request.get("waiting", ())

    @property
    def presence(self) -> list[dict[str, Any]]:
        """Each seat as the server last told it (who holds it, whether they are connected): the
        session keeps it from every lobby, sync and presence frame."""
        return list((self.session.table or {}).get("seats", []))

    # --- who may do what -------------------------------------------------------------------------
    @property
    def caught_up(self) -> bool:
        """Every move and view that arrived is the mirror's."""
        return not self._incoming

    @property
    def can_act(self) -> bool:
        """This seat is to move, the mirror is up to date, and no request of ours is unanswered."""
        return super().can_act and self.caught_up and self._sent is None

    @property
    def end_known(self) -> bool:
        """The whole game arrived, or cannot any more (closed), or is late: the results then show
        from this seat's last view rather than never."""
        if self.final is not None or self.session.connection == "closed":
            return True
        return self._over_at is not None and time.monotonic() - self._over_at > FINAL_WAIT

    def others_human(self) -> list[int]:
        return [i for i, s in enumerate(self.match.seats) if s.is_human and i != self.seat]

    @property
    def turn_clock(self) -> SeenClock | None:
        """The turn clocks as the server last said them (None: the table has no clock)."""
        return self.session.clock

    def hint_refusal(self) -> Reason | None:
        """Hints are off with two or more humans at the table, unless its host allowed them;
        alone against computers, they work as at a local table."""
        if self.others_human() and not self.session.settings.hints:
            return Reason("net.clock.no_hints", "This table does not allow hints.")
        return None

    # --- requests to the server ------------------------------------------------------------------
    def play(self, move: Any, by_ai: bool = False) -> Reason | None:
        refusal = self._busy() or self.match.check(move)
        if refusal is not None:
            return refusal  # type: ignore[return-value]
        self.cancel_hint()
        self.hint_move = None
        self._sent = ("move", self.session.client.send_move(move))
        return None

    def resign(self, seat: int) -> Reason | None:
        refusal = self._busy() or self.match.resign_refusal(seat)
        if refusal is not None:
            return refusal  # type: ignore[return-value]
        if seat != self.seat:
            return _words("not_your_seat", "You can only give up your own seat.")
        self._sent = ("resign", self.session.client.resign())
        return None

    def undo_refusal(self) -> Reason | None:
        """The one-screen policy on the mirror's movers (only this seat's own moves, never across
        another human's); what the moves revealed is the server's to judge, with all it knows."""
        if self.undo_request is not None or self._awaiting("undo"):
            return _words("undo_waiting", "An undo is waiting for the players' answers.")
        if self.match.is_over:
            return Reason("core.game_over", "The game is over.")
        return undo_refusal(self.match, self.seat)

    def undo(self) -> Reason | None:
        """Ask the server to take back this seat's last move (the other humans are asked to agree)."""
        refusal = self._busy() or self.undo_refusal()
        if refusal is not None:
            return refusal
        self._sent = ("undo", self.session.client.ask_undo())  # until the request stands (or is refused)
        if self.others_human():
            self._tell(Notice(_words("undo_asked_others", "Asking the other players to agree to the undo…")))
        return None

    def consent(self, yes: bool) -> None:
        """Answer another player's undo request."""
        self.session.client.consent(yes)

    def chat(self, text: str) -> None:
        text = text.strip()
        if text:
            self.session.client.chat(text)

    def _awaiting(self, kind: str) -> bool:
        """A request of ours of that kind ("move", "resign", "undo") waits for the server's answer."""
        return self._sent is not None and self._sent[0] == kind

    def _busy(self) -> Reason | None:
        if self._sent is not None:
            return _words("wait_server", "Waiting for the server to answer your last move.")
        if self._incoming:
            return _words("wait_catch_up", "The table is catching up with the others' moves.")
        return None

    # --- what arrives ----------------------------------------------------------------------------
    def receive(self) -> None:
        """Take every frame that arrived (never blocks): moves and views are queued for
        `poll_remote`; everything else is told now."""
        self.take(self.session.pump())

    def take(self, frames: Iterable[Frame]) -> None:
        for frame in frames:
            handler = self._handlers.get(frame.t)
            if handler is not None:
                handler(self, frame)

    def _queue(self, frame: Frame) -> None:
        self._incoming.append(frame)

    def _on_chat(self, frame: Frame) -> None:
        d = frame.d  # checked and cleaned by the client's reader
        self._tell(ChatSaid(d["by"], d["name"], d["text"]))

    def _on_undo_asked(self, frame: Frame) -> None:
        self.undo_request = frame.d
        if frame.d.get("by") == self.seat and self._awaiting("undo"):
            self._sent = None
        self._tell(UndoAsked(frame.d["by"], tuple(frame.d.get("waiting", ()))))

    def _on_undo_done(self, frame: Frame) -> None:
        d = frame.d
        self.undo_request = None
        if self._awaiting("undo"):
            self._sent = None
        self._tell(UndoAnswered(d["by"], bool(d.get("done")), d.get("refused_by"), d.get("why")))  # read by the client

    def _on_error(self, frame: Frame) -> None:
        if self._sent is not None and frame.d.get("re") == self._sent[1]:
            self._sent = None  # our request was refused: nothing changed, the player may try again
        self._tell(Notice(frame.d.get("why") or _words("refused", "The server refused that."), error=True))

    def _on_timeout(self, frame: Frame) -> None:
        self._tell(TimeRanOut(frame.d["by"], frame.d["then"]))  # checked by the client's reader

    def _on_connection(self, frame: Frame) -> None:
        self._tell(ConnectionChanged(frame.d.get("state", ""), frame.d.get("why", "")))

    _handlers: dict[str, Callable[["RemoteTable", Frame], None]] = {
        "sync": _queue, "update": _queue, "final": _queue, "chat": _on_chat,
        "undo_asked": _on_undo_asked, "undo_done": _on_undo_done, "error": _on_error,
        "connection": _on_connection, "timeout": _on_timeout}

    def poll_remote(self) -> bool:
        """Make the next queued move, view or end the mirror's (call it while the board is still):
        an update waits until the last move from elsewhere has been on show `pace` seconds. Returns
        whether anything changed."""
        if not self._incoming:
            return False
        frame = self._incoming[0]
        if frame.t == "update" and self.ai_held and len(self._incoming) < CATCH_UP:
            return False  # on show a moment longer (far behind, it catches up at once)
        self._incoming.popleft()
        return {"sync": self._apply_sync, "update": self._apply_update, "final": self._apply_final}[frame.t](frame)

    def _apply_sync(self, frame: Frame) -> bool:
        d = frame.d
        if d.get("state") is None:
            return False
        m = self.match
        assert isinstance(m, MirrorMatch)
        movers = [line["by"] for line in d["log"]]
        self._sent = None  # a sync answers every request: what was lost with a connection too
        self.undo_request = d.get("undo")
        if self.asks_me():
            self._tell(UndoAsked(self.undo_request["by"], tuple(self.undo_request.get("waiting", ()))))
        if (len(movers) == len(m.moves) and movers == m.movers and not m.complete
                and m.rules.digest(d["state"]) == m.rules.digest(m.state)):
            return False  # a rejoin that missed nothing: what is on screen stays
        m.restart(d["state"], d["words"], movers, d.get("moves"))
        self._over_at = time.monotonic() if m.is_over else None
        self.stop_thinking()
        self._forget_end()  # tells Undone: the scene drops what it showed of the old position
        return True

    def _apply_update(self, frame: Frame) -> bool:
        d = frame.d
        m = self.match
        assert isinstance(m, MirrorMatch)
        if d.get("state") is None or d.get("ply") != len(m.moves) + 1 or len(d["log"]) != 1:
            return False  # not the next move of what this mirror holds: the next sync puts it right
        mover = d["log"][0]["by"]
        move = (d.get("moves") or [None])[0]
        if mover == self.seat:
            self._sent = None
        self.undo_request = None  # a move settles any undo request (the server cancels it)
        self._commit(mover, mover != self.seat, lambda: m.follow(move, d["state"], d["words"][0], mover))
        if m.is_over and self._over_at is None:
            self._over_at = time.monotonic()
        return True

    def _apply_final(self, frame: Frame) -> bool:
        whole = frame.d.get("match")
        m = self.match
        assert isinstance(m, MirrorMatch)
        if whole is None or not whole.is_over:
            return False
        self.final = whole
        m.adopt(whole)
        self.record()
        return True

    def record(self) -> None:
        """Into the records once the whole game is known (the views alone may not say the scores)."""
        if self.final is not None:
            super().record()

    def leaving_warning(self) -> Reason | None:
        """The host's app runs the server: leaving stops the game for everyone until they host again."""
        if self.session.server is None or self.match.is_over or not self.others_human():
            return None
        return _words("host_leaves", "You host this table: leaving stops the game for the other players "
                      "until you host it again. Choose again to leave.")

    def close(self) -> None:
        """Leave the table: the connection (and the server this app hosts) closes."""
        self.stop_thinking()
        self.session.close()
