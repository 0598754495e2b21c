"""The table: one match's turns as the players at it live them, pygame-free, so that every way of
playing a match (the local game scene, a server, the tutorial, screenshots, the replay viewer) follows
the same rules of the table. A scene asks the table and draws; it never decides who may do what.

What a `Table` owns:
- The match and its seats. Human seats are played at this screen, unless named `remote` (an online
  game's other players, whose moves arrive through `play` from the network); computer seats are
  asked of the `worker` (none: nobody here moves them, as on a client whose server runs them).
- Whose private information may show (`viewer`). With one human at the screen, theirs. With several
  (hot-seat) in a game with secrets, nobody's between turns: when a turn ends the screen is hidden
  (`ScreenHidden`), `handover_due()` names the next player, the scene shows its hand-over screen,
  and `take_screen(seat)` gives that player the screen. In a game with nothing private the screen
  simply follows the human to move. `viewer_override` pins one seat's view (screenshots); `watch`
  makes the table a spectator's (the replay viewer): a fixed view, no turns driven, nothing recorded.
- Playing: `play(move, by_ai)` and `resign(seat)` check with the rules and return the refusal as a
  `Reason` (changing nothing), or make the change and tell every listener (`Played`).
- The computer's turns (`poll_ai()`, called while a computer is to move and the board is still): the
  request goes to the worker with the seat's `observe`d view only; its answer is taken once the last
  computer move has been on show `pace` seconds of `clock` (the scene's clock runs at the animation
  speed; a server's is wall time); an agent that errs is asked again with another seed, and after
  MAX_AI_FAILURES a random legal move keeps the game going (`Notice`). `ai_moves` lists the computer
  moves since a human last acted.
- Hints ("What would Hard do?"): `request_hint()` asks Hard for the seat to move at the screen, from
  its view; `poll_hint()` takes the answer (`HintReady`) or drops it when the turn moved on;
  `hint_move` is the hint on show, cleared by any move, undo or hand-over. `hint_refusal()` says why
  hints are off at this table (never at a local one; online, a table of two or more humans allows
  them only if its host chose so).
- Undo (`undo()`, `undo_refusal()`): the policy below; an end undone is forgotten, so the end reached
  again replaces its record.
- The finished game in the players' records and a solo game in its high-score table, each once per
  end (`keeps_records` off for tutorials and replays).

Listeners (`table.listeners.append(fn)`) get the events as they happen: `Played(before, move, after,
seat, by_ai)`, `Undone()`, `ScreenHidden(seat)`, `HintReady(move)`, `Notice(reason, error)` (words for
the players, such as a failed computer move or a record that could not be written). The local scene
animates, sounds and toasts from them; a server would send them on as frames.

The undo policy. A `Match` holds the history and can step back to any point; the table decides which
point Undo may reach. Against computers alone (one human) Undo steps back to that human's last
decision, over the computers' moves, as long as nothing hidden was drawn since. At one screen shared by
several humans (hot-seat) it must never become a way into another player's secret: it takes back only
moves of the human now at the screen, made since the screen came to them, and never crosses another
human's move. So a player cannot step into the previous player's turn, where that player's rack,
colour, chip or picks would show, nor change what that player chose. (Online, where the other humans
are remote, taking back a move needs their consent: that is the server's to ask before it calls
`undo`.)
"""
from __future__ import annotations

import math
import random
import sys
import time
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Protocol, Sequence

from hexgames.ai.hint import HINT_LEVEL, hint_request
from hexgames.core.match import Match
from hexgames.core.protocol import Reason

AI_PACE = 0.6  # seconds of the clock a computer move stays on show before the next is taken
MAX_AI_FAILURES = 3  # agent errors in a row before a random legal move is played instead


# --- the undo policy --------------------------------------------------------------------------------
def undo_point(match: Match, at_screen: int | None) -> int | None:
    """The index of the move Undo would take back (Undo returns to the state just before it), for
    the human seat `at_screen` (None: nobody has taken the screen yet, as behind a hand-over)."""
    if match.human_count <= 1:
        return match.undo_point()
    if at_screen is None:
        return None
    for i in range(len(match.moves) - 1, -1, -1):
        mover = match.mover(i)
        if mover == at_screen:
            return i
        if match.seats[mover].is_human:
            return None  # another human's move: Undo never crosses it
    return None


def undo_refusal(match: Match, at_screen: int | None) -> Reason | None:
    """Why Undo is refused to the player `at_screen` now, in words; None if it may go ahead."""
    if match.end_revealed():
        return match.undo_refusal()  # the end showed every secret: nobody may play on from before it
    if match.human_count >= 2:
        if at_screen is None:
            return Reason("core.undo_nobody", "Undo takes back only your own moves: take the screen first.")
        if undo_point(match, at_screen) is None:
            if match.undo_point() is None:
                return Reason("core.undo_nothing", "There is nothing to undo.")
            return Reason("core.undo_not_yours",
                          "Undo takes back only your own moves of this turn, never another player's.")
    return match.undo_refusal(undo_point(match, at_screen))


def undo(match: Match, at_screen: int | None) -> Reason | None:
    """Step back one decision of the player `at_screen`; the refusal instead, changing nothing."""
    refusal = undo_refusal(match, at_screen)
    if refusal is not None:
        return refusal
    point = undo_point(match, at_screen)
    assert point is not None
    return match.undo(point)


# --- what the table tells its listeners ------------------------------------------------------------
@dataclass(frozen=True)
class Played:
    """A move (or a resignation, as `match.moves` keeps it) was made by `seat`."""

    before: Any
    move: Any
    after: Any
    seat: int
    by_ai: bool


@dataclass(frozen=True)
class Undone:
    """The match stepped back (an undo, or a jump to another point of its history): whatever was
    shown of the later position is stale."""


@dataclass(frozen=True)
class ScreenHidden:
    """`seat`'s turn at a shared screen is over: nothing private may show until the next player takes
    the screen."""

    seat: int


@dataclass(frozen=True)
class HintReady:
    """The hint for the seat to move arrived (it is `table.hint_move` now)."""

    move: Any


@dataclass(frozen=True)
class Notice:
    """Words for the players about the table itself (a computer that could not move, a hint that
    failed, a record that could not be written)."""

    reason: Reason
    error: bool = False


class Worker(Protocol):
    """What the table needs of an AI worker (`hexgames.ai.worker.AIWorker`): one request at a time,
    answered by ticket, cancellable."""

    def request(self, game_id: str, level: str, view: Any, seat: int, seed: int,
                budget: float | None = None, iterations: int | None = None) -> int: ...

    def poll(self) -> tuple[int, Any] | None: ...

    def cancel(self) -> None: ...


class Table:
    """Drives one match's turns; see the module's docstring."""

    def __init__(self, match: Match, worker: Worker | None = None, clock: Callable[[], float] = time.monotonic,
                 remote: Iterable[int] = ()):
        self.match = match
        self.worker = worker
        self.clock = clock
        self.remote = frozenset(remote)
        self.pace = AI_PACE
        self.keeps_records = True
        self.listeners: list[Callable[[Any], None]] = []
        screen = self.screen_seats
        # hot-seat with hidden information starts hidden: the first hand-over reveals the first player
        self.at_screen: int | None = screen[0] if len(screen) == 1 else None
        self.last_human: int | None = None  # the human at the screen who moved last
        self.viewer_override: int | None = None
        self.spectator = False
        self._watched: int | None = None
        self.ai_moves: list[int] = []  # computer moves since a human last acted (indices into moves)
        self.hint_move: Any = None
        self.hint_iterations: int | None = None  # caps Hard's search for hints (tests); None: Hard's clock
        self.highscore_place: int | None = None  # where this solo game entered its table, if it did
        self._ai_ticket: int | None = None
        self._ai_failures = 0
        self._last_ai_at = -math.inf  # the clock when the last computer move was played
        self._hint_ticket: int | None = None
        self._hint_at = -1  # the move count the pending hint was asked at
        self._recorded = False  # this end of the match is in the players' records
        self._highscore_recorded = False
        self.online = False  # the moves of remote seats come from a server (`net.remote_table`)

    def _tell(self, event: Any) -> None:
        for listener in list(self.listeners):
            listener(event)

    # --- who may see and do what ------------------------------------------------------------------
    @property
    def screen_seats(self) -> tuple[int, ...]:
        """The human seats played at this screen."""
        return tuple(i for i, s in enumerate(self.match.seats) if s.is_human and i not in self.remote)

    @property
    def hot_seat(self) -> bool:
        """Several humans share this screen."""
        return len(self.screen_seats) >= 2

    @property
    def hides_info(self) -> bool:
        """The screen must change hands through a hand-over: hot-seat, with something private now."""
        return self.hot_seat and self.match.rules.private_info(self.match.state)

    @property
    def viewer(self) -> int | None:
        """The seat whose private information may be shown now (None: nobody's)."""
        if self.viewer_override is not None:
            return self.viewer_override
        if self.spectator:
            return self._watched
        screen = self.screen_seats
        if not screen:
            return None
        if self.hot_seat and not self.hides_info:
            seat = self.match.to_move
            return seat if seat in screen and not self.match.is_over else self.last_human
        return self.at_screen

    @property
    def can_act(self) -> bool:
        """The seat to move is a human at this screen who has it: a move may be input now."""
        m = self.match
        return (not self.spectator and not m.is_over and m.to_move in self.screen_seats
                and self.viewer == m.to_move)

    def handover_due(self) -> int | None:
        """The human at this screen who must take it before anything private of theirs shows, or None."""
        m = self.match
        if self.spectator or m.is_over or not self.hides_info:
            return None
        seat = m.to_move
        return seat if seat in self.screen_seats and self.at_screen != seat else None

    def hide_screen(self) -> None:
        """Nobody has the screen now (the device is changing hands)."""
        self.at_screen = None
        self.hint_move = None

    def take_screen(self, seat: int) -> None:
        """`seat`'s player is at the screen: it shows their view from now on."""
        self.at_screen = seat

    def watch(self, seat: int | None) -> None:
        """Make this a spectator's table: `seat`'s view shown (None: nobody's secrets), no turns
        driven, no hand-over, nothing recorded."""
        self.spectator = True
        self._watched = seat
        self.keeps_records = False
        self.stop_thinking()

    # --- moves from elsewhere (a local table has none; an online one overrides these) --------------
    def receive(self) -> None:
        """Take what arrived for this table since the last frame, without waiting."""

    def poll_remote(self) -> bool:
        """Make the next move that arrived from elsewhere the match's (while the board is still);
        whether anything changed."""
        return False

    @property
    def end_known(self) -> bool:
        """The finished match is known whole, so its results may show."""
        return True

    def close(self) -> None:
        """The players leave the table."""
        self.stop_thinking()

    def leaving_warning(self) -> Reason | None:
        """What leaving now does to other players, for the player to confirm first; None: nothing."""
        return None

    # --- moves ----------------------------------------------------------------------------------
    def play(self, move: Any, by_ai: bool = False) -> Reason | None:
        """Play `move` for the seat to move; the rules' refusal instead, changing nothing."""
        m = self.match
        reason = m.check(move)
        if reason is not None:
            return reason  # type: ignore[return-value]
        self._commit(m.to_move, by_ai, lambda: m.play(move))
        return None

    def resign(self, seat: int) -> Reason | None:
        """`seat` gives up now, also while another seat is to move or a computer thinks (in games
        whose rules have a resignation), kept like a move; the refusal instead."""
        refusal = self.match.resign_refusal(seat)
        if refusal is not None:
            return refusal  # type: ignore[return-value]
        self.cancel_ai()  # the computer's pending move has nothing left to decide
        self._commit(seat, False, lambda: self.match.resign(seat))
        return None

    def _commit(self, seat: int, by_ai: bool, change: Callable[[], None]) -> None:
        """Make `change` (a checked move or resignation of `seat`) and do what follows any of them."""
        m = self.match
        before = m.state
        self.cancel_hint()
        self.hint_move = None
        change()  # the match's own listeners (the app's autosave) hear of it here
        if by_ai:
            self.ai_moves.append(len(m.moves) - 1)
            self._last_ai_at = self.clock()
        else:
            self.ai_moves.clear()  # a human acted: the computer's moves have been seen
        if m.is_over:
            self.record()
        if seat in self.screen_seats:
            self.last_human = seat
            if self.hides_info and (m.is_over or m.to_move != seat):
                # the turn is over: hide it now, not at the next hand-over, so nothing private shows
                # if the device changes hands while a computer moves
                self.hide_screen()
                self._tell(ScreenHidden(seat))
        self._tell(Played(before, m.moves[-1], m.state, seat, by_ai))

    def undo_refusal(self) -> Reason | None:
        """Why Undo is refused to the player at the screen now; None if it may go ahead."""
        return undo_refusal(self.match, self.viewer)

    def undo(self) -> Reason | None:
        """Take back the last decision of the player at the screen (the policy above says which); the
        refusal instead, changing nothing."""
        refusal = self.undo_refusal()
        if refusal is not None:
            return refusal
        self.stop_thinking()
        undo(self.match, self.viewer)
        self._forget_end()
        return None

    def rewind(self, moves: Sequence[Any]) -> None:
        """Make the match's history exactly `moves` (known to replay: a tutorial's script), as an
        undo or a jump forward would leave it."""
        m = self.match
        keep = 0
        while keep < min(len(m.moves), len(moves)) and m.moves[keep] == moves[keep]:
            keep += 1
        del m.moves[keep:]
        del m.states[keep + 1:]
        m.replay(moves[keep:])
        self.stop_thinking()
        self._forget_end()

    def _forget_end(self) -> None:
        """The match stepped back: whatever followed from the later position goes."""
        self.hint_move = None
        self._recorded = False
        self._highscore_recorded = False  # an end played again replaces this match's high score
        self.highscore_place = None
        self._ai_failures = 0
        self._last_ai_at = -math.inf
        self.ai_moves.clear()
        self._tell(Undone())

    # --- the computer's turns ------------------------------------------------------------------
    @property
    def ai_due(self) -> bool:
        """A computer seat this table moves is to move."""
        m = self.match
        return (not self.spectator and self.worker is not None and not m.is_over
                and not m.seat_to_move.is_human and m.to_move not in self.remote)

    @property
    def ai_thinking(self) -> bool:
        return self._ai_ticket is not None

    @property
    def ai_held(self) -> bool:
        """The last computer move is still on show: the next one waits (`pace`)."""
        return self.clock() - self._last_ai_at < self.pace

    def poll_ai(self) -> bool:
        """One step of a computer's turn (call it while `ai_due`, as often as convenient): ask the
        worker, wait for its answer and the pace, then play it. Returns whether a move was played."""
        if not self.ai_due:
            return False
        m = self.match
        assert self.worker is not None
        if self._ai_ticket is None:
            seat = m.to_move
            view = m.rules.observe(m.state, seat)
            seed = (m.seed * 1_000_003 + len(m.moves) * 7919 + self._ai_failures) % (2**31)
            self._ai_ticket = self.worker.request(m.game_id, m.seats[seat].level or "medium", view, seat, seed)
            return False
        if self.ai_held:
            return False  # the answer waits in the worker
        result = self.worker.poll()
        if result is None:
            return False
        ticket, move = result
        if ticket != self._ai_ticket:
            return False  # an answer to a cancelled request
        self._ai_ticket = None
        if isinstance(move, BaseException):
            return self._ai_failed(str(move))
        reason = m.check(move)
        if reason is not None:
            return self._ai_failed(reason)
        self._ai_failures = 0
        return self.play(move, by_ai=True) is None

    def _ai_failed(self, why: str) -> bool:
        """An agent that errs gets retried with another seed; after that a random legal move keeps
        the game going rather than hanging the table."""
        self._ai_failures += 1
        if self._ai_failures < MAX_AI_FAILURES:
            return False
        self._tell(Notice(Reason("ui.game.ai_failed", "The computer player could not move: {why}", why=why),
                          error=True))
        self._ai_failures = 0
        m = self.match
        return self.play(m.rules.random_move(m.state, random.Random(len(m.moves))), by_ai=True) is None

    def cancel_ai(self) -> None:
        """Abandon the computer's pending request (its late answer is dropped)."""
        if self._ai_ticket is not None:
            self._ai_ticket = None
            self._cancel_worker()

    def stop_thinking(self) -> None:
        """Abandon every request on the worker: the computer's move and the hint."""
        self.cancel_ai()
        self.cancel_hint()

    def _cancel_worker(self) -> None:
        try:
            if self.worker is not None:
                self.worker.cancel()
        except Exception:  # a dead worker must not block playing on or leaving the game
            pass

    # --- hints ----------------------------------------------------------------------------------
    @property
    def hint_thinking(self) -> bool:
        return self._hint_ticket is not None

    def hint_refusal(self) -> Reason | None:
        """Why this table allows no hints, in words; None where it allows them (every local table)."""
        return None

    def request_hint(self) -> bool:
        """Ask Hard, on the worker, for the move of the seat to move at this screen, from that seat's
        view only; False (nothing asked) when it is not such a seat's turn, there is no worker, or
        the table allows no hints."""
        if self.worker is None or not self.can_act or self.hint_refusal() is not None:
            return False
        m = self.match
        self.hint_move = None
        view, seat, seed = hint_request(m)
        self._hint_ticket = self.worker.request(m.game_id, HINT_LEVEL, view, seat, seed,
                                                iterations=self.hint_iterations)
        self._hint_at = len(m.moves)
        return True

    def cancel_hint(self) -> None:
        """Stop the hint being thought about (the search stops early; a late answer is dropped)."""
        if self._hint_ticket is not None:
            self._hint_ticket = None
            self._cancel_worker()

    def poll_hint(self) -> None:
        """Take the hint's answer when it is there (`HintReady`); drop it if the turn moved on."""
        if self._hint_ticket is None:
            return
        m = self.match
        if len(m.moves) != self._hint_at or not self.can_act:
            self.cancel_hint()
            return
        assert self.worker is not None
        result = self.worker.poll()
        if result is None or result[0] != self._hint_ticket:
            return
        self._hint_ticket = None
        move = result[1]
        if isinstance(move, BaseException) or move is None or m.check(move) is not None:
            self._tell(Notice(Reason("ui.hint.failed", "No hint this time: the computer found no move."),
                              error=True))
            return
        m.count_hint(m.to_move)
        self.hint_move = move
        self._tell(HintReady(move))

    # --- the records ----------------------------------------------------------------------------
    def record(self) -> None:
        """Enter the finished match in the players' records, once per end (every game: hot-seat, vs
        AI, solo, and AIs alone, whose replays are worth keeping; statistics count human names only).
        An end that is undone and comes again replaces the record (same `match.uid`). A database
        that cannot be written is passed over with a `Notice`: the game's end shows all the same."""
        from hexgames.core import records

        if not self.keeps_records or self._recorded or not self.match.is_over:
            return
        self._recorded = True
        try:
            records.record_match(self.match)
        except Exception as e:  # a last guard: nothing about the records may end a game
            print(f"hexgames: the game could not be recorded: {e}", file=sys.stderr)
            self._tell(Notice(Reason("ui.game.record_failed", "This game could not be added to your records."),
                              error=True))

    def record_highscore(self, key: str | None, scores: Sequence[int]) -> int | None:
        """Enter a finished solo game in the high-score table `key` (once per end: an end undone and
        played again replaces the match's entry); its place if it made the table. A table that
        cannot be written must not spoil the game's end, so that is passed over."""
        from hexgames.core import highscores

        if key is None or not self.keeps_records or self._highscore_recorded:
            return None
        self._highscore_recorded = True
        try:
            place = highscores.record(key, list(scores), self.match.seed, uid=self.match.uid)
        except OSError:
            return None
        self.highscore_place = place
        return place
