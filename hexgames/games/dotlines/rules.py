"""Dot Lines (RULES.md §4) as a pure, fast engine; no pygame.

Why it looks the way it does:
- Random playouts (the `bench` target is 2,000 whole games a second) make `copy`, `apply` and
  `random_move` the hot path: a hand is a list of seven ints (index 0 = hand size, 1..6 = tiles of
  that value), a line is a list of immutable column tuples, so a copy is a few slice copies.
- Every decision is an ordinary move of the seat that must make it: the roll-off (`Roll`, both dice
  from the state's RNG, re-rolled on ties), the winner's `First` or `Home`, the loser's `Home`, the
  simultaneous `Chip` choice, and in every turn an explicit `Draw` before placing or acting. The draw
  being its own move keeps the check of ending D ("after drawing, can neither place nor act") where
  §4.8 puts it, and lets a player take back a placement until the next tile is drawn.
- Hidden information: before the homes are chosen each hand is private to its owner; the removed
  tile and the deck order are hidden from everyone; a chosen chip is hidden from the other seat until
  both have chosen. A view (`observe`) keeps the deck's length with zeros for values, sets a hidden
  hand to None and a hidden chip to CHIP_HIDDEN, and `sample` deals the unseen tiles uniformly.
- Endings A–E are checked in §4.8's order. D is checked right after a `Draw`; A, C, B, E after every
  other move of a turn. C (the mover emptied their hand on the opponent's 6th column) always matches A
  too, so under that order A decides it; the state's `matches` lists every ending that matched, so the
  announcement can name both. The outcome names the ending in words (`ending_label`, `ending_reason`),
  never by its letter alone.
"""
from __future__ import annotations

import random
from collections import namedtuple
from typing import Any, Mapping, NamedTuple, Sequence

from hexgames.core import chance
from hexgames.core.protocol import JSON, Outcome, Reason, Rules, reasons

VALUES = (1, 2, 3, 4, 5, 6)
COPIES = 6
TILES = 36
HAND_START = 4
MAX_COLUMNS = 6
WHITE, BLACK = 0, 1
DOUBLE, INVERTER = 0, 1
CHIP_NONE, CHIP_HIDDEN = -1, -2
REDRAW, EXCHANGE, STACK = 1, 2, 4
FULL_DECK = tuple(v for v in VALUES for _ in range(COPIES))

# phases
ROLL, CHOOSE, HOME, CHIP, DRAW, ACT, OVER = range(7)
PHASE_NAMES = ("roll", "choose", "home", "chip", "draw", "act", "over")



# --- moves ------------------------------------------------------------------------------------
class _MoveTuple(tuple):
    """Moves are named tuples (cheap to build and hash) that equal only moves of their own kind:
    a plain tuple would make Place(0, 4, 1, 0) equal Stack(0, 4, 1, 0), and Roll() equal Draw()."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash((type(self).__name__, tuple.__hash__(self)))


def _move(name: str, fields: str, doc: str) -> type:
    base = namedtuple(name, fields)
    return type(name, (_MoveTuple, base), {"__slots__": (), "__doc__": doc, "__module__": __name__})


Roll = _move("Roll", "", "Both players roll their die (ties are re-rolled); seat 0 starts the roll-off.")
First = _move("First", "", "The roll-off winner moves first; the other player then chooses their home line.")
Home = _move("Home", "line", "Choose `line` (WHITE or BLACK) as home: by the roll-off winner (the other then "
             "moves first), or by the loser after the winner chose to move first.")
Chip = _move("Chip", "side", "Choose the conversion chip's side for the game: DOUBLE or INVERTER.")
Draw = _move("Draw", "", "Draw the top tile of the deck: the first step of every turn.")
Place = _move("Place", "line value plain chip",
              "A new column of value `value` at the open end of `line`: `plain` hand tiles of that value, "
              "plus, if `chip` is 1, one more tile carrying the mover's chip (Double: a tile of `value` "
              "counting as two; Inverter: a tile of 7 - `value` counting as `value`).")
Stack = _move("Stack", "line col plain chip",
              "Stack on column `col` of `line` tiles of its value and count (`plain`, `chip` as in Place).")
Redraw = _move("Redraw", "value", "Discard a hand tile of `value` face up, then draw one.")
Exchange = _move("Exchange", "give take", "Swap a hand tile of value `give` for one of the opponent's of value "
                 "`take`.")


Move = Any
MOVE_TYPES = (Roll, First, Home, Chip, Draw, Place, Stack, Redraw, Exchange)
_ROLL, _FIRST, _DRAW = Roll(), First(), Draw()


class Column(NamedTuple):
    """A column of a line: the value and count it stands for, and the physical pips of its tiles in
    the order they were laid (stacked tiles follow)."""

    value: int
    count: int
    tiles: tuple[int, ...]


# --- the state --------------------------------------------------------------------------------
class DotLinesState:
    """One moment of a game. Public fields are read by the scene and the AI.

    hands[seat][0] is the hand size, hands[seat][v] the tiles of value v (None: hidden in a view).
    lines[line] is the list of its Columns; die[line] the die at its origin (0 before the roll-off).
    home[seat] is the seat's home line (-1 before chosen). chip[seat] is the chosen side, CHIP_NONE
    or (in a view) CHIP_HIDDEN; chip_at[seat] is (line, col, tile index) once the chip is used.
    used[seat] is a bit set of REDRAW, EXCHANGE, STACK. In a view (`observer` >= 0) deck values and
    `removed` are 0 (unknown) and `rng` is 0.
    """

    __slots__ = ("wrap", "phase", "current", "first", "winner_roll", "hands", "deck", "removed",
                 "discards", "die", "rolls", "home", "lines", "used", "chip", "chip_at", "rng",
                 "ending", "matches", "winner", "last", "observer")

    def owner(self, line: int) -> int:
        """The seat whose home `line` is (-1 before the homes are chosen)."""
        h = self.home
        return 0 if h[0] == line else 1 if h[1] == line else -1

    def hand_size(self, seat: int) -> int:
        h = self.hands[seat]
        return h[0] if h is not None else HAND_START

    def hand_tiles(self, seat: int) -> list[int]:
        """The seat's hand as sorted values (empty if hidden)."""
        h = self.hands[seat]
        return [] if h is None else [v for v in VALUES for _ in range(h[v])]

    def __repr__(self) -> str:
        return (f"DotLinesState(phase={PHASE_NAMES[self.phase]}, current={self.current}, "
                f"hands={self.hands}, lines={self.lines}, deck={len(self.deck)})")


def _copy(s: DotLinesState) -> DotLinesState:
    t = DotLinesState.__new__(DotLinesState)
    t.wrap, t.phase, t.current, t.first, t.winner_roll = s.wrap, s.phase, s.current, s.first, s.winner_roll
    h0, h1 = s.hands
    t.hands = [h0[:] if h0 is not None else None, h1[:] if h1 is not None else None]
    t.deck = s.deck[:]
    t.removed = s.removed
    t.discards = s.discards[:]
    t.die = s.die[:]
    t.rolls = s.rolls
    t.home = s.home[:]
    t.lines = [s.lines[0][:], s.lines[1][:]]
    t.used = s.used[:]
    t.chip = s.chip[:]
    t.chip_at = s.chip_at[:]
    t.rng = s.rng
    t.ending, t.matches, t.winner, t.last, t.observer = s.ending, s.matches, s.winner, s.last, s.observer
    return t


_reason = reasons("dotlines")


def _is_int(x: Any) -> bool:
    return type(x) is int


def neighbours(value: int, wrap: bool) -> tuple[int, ...]:
    """The values that connect to `value`: exactly one apart (6 and 1 only with wrap on)."""
    if value == 1:
        return (2, 6) if wrap else (2,)
    if value == 6:
        return (5, 1) if wrap else (5,)
    return (value - 1, value + 1)


NEIGHBOURS = ({v: neighbours(v, False) for v in VALUES}, {v: neighbours(v, True) for v in VALUES})
COUNTS_AFTER = {c: ((c - 1, c + 1) if c > 1 else (2,)) for c in range(1, 40)}


def next_counts(line: list[Column]) -> tuple[int, ...]:
    """The counts a new column at the end of `line` may have: 1 or 2 next to the die, else ±1."""
    if not line:
        return (1, 2)
    c = line[-1].count
    return (c - 1, c + 1) if c > 1 else (2,)


def end_value(s: DotLinesState, line: int) -> int:
    """The value a new column on `line` must connect to: the last column's, or the die's."""
    cols = s.lines[line]
    return cols[-1].value if cols else s.die[line]


def can_exchange(hand: list[int] | None, other: list[int] | None) -> bool:
    """Whether an Exchange is open to a player holding `hand` against `other`: any tile of each,
    equal values included (§4.7 swaps any hand tile for any of the opponent's; the hands stay as
    they were then, but the action is spent and is the turn's act, which can save a player from D)."""
    return bool(hand and other and hand[0] and other[0])


def unseen_counts(view: DotLinesState) -> list[int]:
    """Per value (index 1-6), the tiles nobody can see in `view` (the deck, the removed tile, hidden
    hands): 6 of each minus every visible one. `sample` deals these; the AI weighs draws by them."""
    left = [0] + [COPIES] * 6
    for h in view.hands:
        if h is not None:
            for v in VALUES:
                left[v] -= h[v]
    for line in view.lines:
        for col in line:
            for p in col.tiles:
                left[p] -= 1
    for p in view.discards:
        left[p] -= 1
    return left


class DotLinesRules(Rules[DotLinesState, Move]):
    id = "dotlines"

    # --- setup ------------------------------------------------------------------------------------
    def setup(self, options: Mapping[str, Any], seats: int, seed: int) -> DotLinesState:
        if seats != 2:
            raise ValueError("Dot Lines is a game for two players")
        x = chance.seed_state(seed)
        deck = list(FULL_DECK)
        for i in range(TILES - 1, 0, -1):  # Fisher-Yates from the state's own generator: no Random()
            x = chance.step(x)
            j = (x >> 33) % (i + 1)
            deck[i], deck[j] = deck[j], deck[i]
        s = DotLinesState()
        s.wrap = options.get("wrap", "off") == "on"
        s.phase, s.current, s.first, s.winner_roll = ROLL, 0, -1, -1
        s.removed = deck.pop()
        s.hands = [[0] * 7, [0] * 7]
        for seat in (0, 1):
            for _ in range(HAND_START):
                _add(s.hands[seat], deck.pop())
        s.deck = deck
        s.discards = []
        s.die = [0, 0]
        s.rolls = ()
        s.home = [-1, -1]
        s.lines = [[], []]
        s.used = [0, 0]
        s.chip = [CHIP_NONE, CHIP_NONE]
        s.chip_at = [None, None]
        s.rng = x
        s.ending, s.matches, s.winner, s.last, s.observer = "", (), -1, None, -1
        return s

    def copy(self, s: DotLinesState) -> DotLinesState:
        return _copy(s)

    # --- reading ----------------------------------------------------------------------------------
    def to_move(self, s: DotLinesState) -> int:
        return s.current

    def is_over(self, s: DotLinesState) -> bool:
        return s.phase == OVER

    def private_info(self, s: DotLinesState) -> bool:
        """Something private to one seat shows now: a hand before the reveal, a chosen chip before
        both have chosen. After that both hands are open and a hot-seat needs no hand-over."""
        return s.phase < CHIP or (s.phase == CHIP and s.chip != [CHIP_NONE, CHIP_NONE])

    def chip_count(self, side: int, plain: int, chip: int) -> int:
        """The count a group of `plain` tiles plus an optional chip tile stands for."""
        return plain + (0 if not chip else 2 if side == DOUBLE else 1)

    # --- legal moves ------------------------------------------------------------------------------
    def legal_moves(self, s: DotLinesState) -> list[Move]:
        phase = s.phase
        if phase == ACT:
            return self._act_moves(s)
        if phase == DRAW:
            return [_DRAW]
        if phase == ROLL:
            return [_ROLL]
        if phase == CHOOSE:
            return [_FIRST, Home(WHITE), Home(BLACK)]
        if phase == HOME:
            return [Home(WHITE), Home(BLACK)]
        if phase == CHIP:
            return [Chip(DOUBLE), Chip(INVERTER)]
        return []

    def _act_moves(self, s: DotLinesState) -> list[Move]:
        seat = s.current
        return self.moves_for(s, seat, s.hands[seat])

    def moves_for(self, s: DotLinesState, seat: int, hand: list[int]) -> list[Move]:
        """The placements and actions `seat` would have with `hand` on this table (the AI asks this
        for hands after each possible draw)."""
        side = s.chip[seat] if s.chip_at[seat] is None else CHIP_NONE
        out: list[Move] = []
        for line in (0, 1):
            cols = s.lines[line]
            n = len(cols)
            if n >= MAX_COLUMNS:
                continue
            counts = (1, 2) if not n else COUNTS_AFTER[cols[-1].count]
            for v in NEIGHBOURS[s.wrap][cols[-1].value if n else s.die[line]]:
                _groups(out, Place, line, v, counts, hand, side, v)
        used = s.used[seat]
        if not used & STACK:
            for line in (0, 1):
                for j, col in enumerate(s.lines[line]):
                    _groups(out, Stack, line, j, (col.count,), hand, side, col.value)
        if not used & REDRAW and s.deck:
            out += [Redraw(v) for v in VALUES if hand[v]]
        if not used & EXCHANGE:
            other = s.hands[1 - seat]
            if other is not None:
                theirs = [t for t in VALUES if other[t]]
                out += [Exchange(g, t) for g in VALUES if hand[g] for t in theirs]
        return out

    def _has_act_move(self, s: DotLinesState) -> bool:
        """Whether the mover can place or act now (ending D when not)."""
        seat = s.current
        used = s.used[seat]
        hand = s.hands[seat]
        if not used & REDRAW and s.deck and hand[0]:
            return True
        if not used & EXCHANGE and can_exchange(hand, s.hands[1 - seat]):
            return True
        return bool(self._act_moves(s))

    # --- checking ---------------------------------------------------------------------------------
    def check(self, s: DotLinesState, m: Any) -> str | None:
        if s.phase == OVER:
            return Reason("core.game_over", "The game is over.")
        kind = type(m)
        if kind not in MOVE_TYPES or not all(_is_int(x) for x in m):
            return _reason("bad_move", "That is not a move of this game.")
        phase = s.phase
        if phase == ROLL:
            return None if kind is Roll else _reason("roll_first", "First roll the dice to decide who chooses.")
        if phase == CHOOSE:
            if kind is First or (kind is Home and m.line in (0, 1)):
                return None
            return _reason("choose_first", "Choose a home line or to move first.")
        if phase == HOME:
            return None if kind is Home and m.line in (0, 1) else _reason(
                "choose_home", "Choose your home line: white or black.")
        if phase == CHIP:
            return None if kind is Chip and m.side in (0, 1) else _reason(
                "choose_chip", "Choose your chip's side: Double or Inverter.")
        if phase == DRAW:
            return None if kind is Draw else _reason("draw_first", "Draw a tile first.")
        if kind in (Roll, First, Home, Chip, Draw):
            return _reason("not_now", "That choice is not open now.")
        why = self._check_act(s, m)
        if why is None and m not in self._act_moves(s):  # a backstop: never pass an unlisted move
            why = _reason("bad_move", "That is not a move of this game.")
        return why

    def _check_act(self, s: DotLinesState, m: Any) -> Reason | None:
        seat = s.current
        kind = type(m)
        if kind is Place or kind is Stack:
            return self._check_tiles(s, m, kind is Stack)
        if kind is Redraw:
            if s.used[seat] & REDRAW:
                return _reason("used.redraw", "You have already used Redraw in this game.")
            if not s.deck:
                return _reason("redraw_empty", "Redraw needs a tile in the deck.")
            if not (1 <= m.value <= 6) or not s.hands[seat][m.value]:
                return _reason("not_in_hand", "You have no such tile in your hand.")
            return None
        if s.used[seat] & EXCHANGE:
            return _reason("used.exchange", "You have already used Exchange in this game.")
        if not (1 <= m.give <= 6) or not s.hands[seat][m.give]:
            return _reason("not_in_hand", "You have no such tile in your hand.")
        if not (1 <= m.take <= 6) or not s.hands[1 - seat][m.take]:
            return _reason("not_in_their_hand", "Your opponent has no such tile.")
        return None  # equal values too (§4.7): the hands stay as they were, but the action is spent

    def _check_tiles(self, s: DotLinesState, m: Any, stacking: bool) -> Reason | None:
        seat = s.current
        if not 0 <= m.line <= 1:
            return _reason("no_line", "There is no such line.")
        if m.plain < 0 or m.chip not in (0, 1) or m.plain + m.chip == 0:
            return _reason("no_tiles", "Choose at least one tile from your hand.")
        if m.chip and s.chip_at[seat] is not None:
            return _reason("chip_used", "Your chip is already on the table; it is used once.")
        side = s.chip[seat]
        cols = s.lines[m.line]
        if stacking:
            if s.used[seat] & STACK:
                return _reason("used.stack", "You have already used Stack in this game.")
            if not 0 <= m.col < len(cols):
                return _reason("no_column", "There is no such column to stack on.")
            value, count = cols[m.col].value, cols[m.col].count
        else:
            if len(cols) >= MAX_COLUMNS:
                return _reason("seventh", "A line never gets a 7th column.")
            value, count = m.value, None
            if value not in neighbours(end_value(s, m.line), s.wrap):
                return self._connect_reason(s, m.line, value)
        why = self._check_hand(s, seat, value, m.plain, m.chip, side)
        if why is not None:
            return why
        n = self.chip_count(side, m.plain, m.chip)
        if stacking:
            if n != count:
                return _reason("stack_count", "A stack needs the column's count: {count} tiles.", count=count)
            return None
        if n not in next_counts(cols):
            if not cols:
                return _reason("die_count", "Next to the die a column has 1 or 2 tiles.")
            return _reason("count", "Use one tile more or one fewer than the previous column ({count}).",
                           count=cols[-1].count)
        return None

    def _connect_reason(self, s: DotLinesState, line: int, value: int) -> Reason:
        prev = end_value(s, line)
        if {prev, value} == {1, 6}:
            return _reason("no_wrap", "6 and 1 do not connect in this game.")
        return _reason("connect", "The value must differ by exactly 1 from {prev}.", prev=prev)

    def _check_hand(self, s: DotLinesState, seat: int, value: int, plain: int, chip: int, side: int) -> Reason | None:
        if not 1 <= value <= 6:
            return _reason("bad_value", "Tile values run from 1 to 6.")
        hand = s.hands[seat]
        need_same = plain + (1 if chip and side == DOUBLE else 0)
        if hand[value] < need_same:
            return _reason("not_enough", "You do not have that many tiles of {value}.", value=value)
        if chip and side == INVERTER and not hand[7 - value]:
            return _reason("no_inverted", "The Inverter needs a tile of {value} in your hand.", value=7 - value)
        return None

    # --- playing ----------------------------------------------------------------------------------
    def apply(self, s: DotLinesState, m: Move) -> None:
        kind = type(m)
        seat = s.current
        s.last = (seat, m)
        if kind is Draw:
            _add(s.hands[seat], s.deck.pop())
            s.phase = ACT
            if not self._has_act_move(s):
                self._finish(s, "D", 1 - seat, ("D",))
            return
        if kind is Place:
            self._lay(s, seat, m, None)
        elif kind is Stack:
            self._lay(s, seat, m, m.col)
            s.used[seat] |= STACK
        elif kind is Redraw:
            _take(s.hands[seat], m.value)
            s.discards.append(m.value)
            _add(s.hands[seat], s.deck.pop())
            s.used[seat] |= REDRAW
        elif kind is Exchange:
            mine, theirs = s.hands[seat], s.hands[1 - seat]
            _take(mine, m.give)
            _add(theirs, m.give)
            _take(theirs, m.take)
            _add(mine, m.take)
            s.used[seat] |= EXCHANGE
        else:
            self._setup_move(s, m)
            return
        self._end_turn(s, seat, m)

    def _lay(self, s: DotLinesState, seat: int, m: Any, col: int | None) -> None:
        """Take the tiles of a Place or Stack from the hand and lay them (and the chip)."""
        hand = s.hands[seat]
        cols = s.lines[m.line]
        value = m.value if col is None else cols[col].value
        laid = (value,) * m.plain
        if m.plain:
            hand[value] -= m.plain
            hand[0] -= m.plain
        side = s.chip[seat]
        if m.chip:
            pip = value if side == DOUBLE else 7 - value
            _take(hand, pip)
            laid += (pip,)
        if col is None:
            cols.append(Column(value, self.chip_count(side, m.plain, m.chip), laid))
            j, before = len(cols) - 1, 0
        else:
            old = cols[col]
            cols[col] = Column(old.value, old.count, old.tiles + laid)
            j, before = col, len(old.tiles)
        if m.chip:
            s.chip_at[seat] = (m.line, j, before + len(laid) - 1)

    def _end_turn(self, s: DotLinesState, seat: int, m: Move) -> None:
        """Endings A, C, B, E in §4.8's order (first match decides), else the other player's turn."""
        empty = s.hands[seat][0] == 0
        full = -1
        if type(m) is Place and len(s.lines[m.line]) == MAX_COLUMNS:
            full = m.line
        matches = []
        if empty:
            matches.append("A")
            if full >= 0 and s.owner(full) == 1 - seat:
                matches.append("C")
        if full >= 0:
            matches.append("B")
        if not s.deck:
            matches.append("E")
        if matches:
            first = matches[0]
            if first in ("A", "C"):
                winner = seat
            elif first == "B":
                winner = s.owner(full)
            else:
                a, b = s.hands[0][0], s.hands[1][0]
                winner = 0 if a < b else 1 if b < a else -1
            self._finish(s, first, winner, tuple(matches))
            return
        s.current = 1 - seat
        s.phase = DRAW

    def _finish(self, s: DotLinesState, ending: str, winner: int, matches: tuple[str, ...]) -> None:
        s.phase = OVER
        s.ending = ending
        s.winner = winner
        s.matches = matches

    def _setup_move(self, s: DotLinesState, m: Move) -> None:
        kind = type(m)
        if kind is Roll:
            self._roll_off(s)
        elif kind is First:
            s.first = s.winner_roll
            s.current = 1 - s.winner_roll
            s.phase = HOME
        elif kind is Home:
            chooser = s.current
            s.home[chooser] = m.line
            s.home[1 - chooser] = 1 - m.line
            if s.phase == CHOOSE:  # the winner took a home: the other moves first
                s.first = 1 - chooser
            for seat in (0, 1):
                s.die[s.home[seat]] = s.rolls[-1][seat]
            s.phase = CHIP
            s.current = s.first
        else:  # Chip
            seat = s.current
            s.chip[seat] = m.side
            if s.chip[1 - seat] == CHIP_NONE:
                s.current = 1 - seat
            else:
                s.current = s.first
                s.phase = DRAW

    def _roll_off(self, s: DotLinesState) -> None:
        x = s.rng
        rolls = []
        while True:
            x = chance.step(x)
            a = (x >> 33) % 6 + 1
            x = chance.step(x)
            b = (x >> 33) % 6 + 1
            rolls.append((a, b))
            if a != b:
                break
        s.rng = x
        s.rolls = tuple(rolls)
        s.winner_roll = 0 if a > b else 1
        s.current = s.winner_roll
        s.phase = CHOOSE

    def random_move(self, s: DotLinesState, rng: random.Random) -> Move:
        moves = self.legal_moves(s)
        return moves[int(rng.random() * len(moves))]

    # --- the end ----------------------------------------------------------------------------------
    def score_marks(self, before: DotLinesState, m: Move, after: DotLinesState) -> list[Any]:
        """What `m` did for the race, to light on the board (`marks.py`: a new column's count out of
        six, the chip's effect, the tiles left in hand, the ending that decided the game)."""
        from hexgames.games.dotlines import marks  # it reads this module's moves and constants

        return marks.score_marks(before, m, after)

    def outcome(self, s: DotLinesState) -> Outcome:
        w = s.winner
        if s.phase != OVER:
            scores, ranks = (0.5, 0.5), (0, 0)
        elif w < 0:
            scores, ranks = (0.5, 0.5), (0, 0)
        else:
            scores = (1.0, 0.0) if w == 0 else (0.0, 1.0)
            ranks = (0, 1) if w == 0 else (1, 0)
        summary = ending_reason(s)
        details = tuple(_reason("detail", "tiles in hand: {tiles} · home line: {columns} of 6 columns",
                                tiles=s.hand_size(i), columns=len(s.lines[s.home[i]]) if s.home[i] >= 0 else 0)
                        for i in (0, 1))
        return Outcome(scores, ranks, summary, details, ending=ending_label(s))

    # --- hidden information -----------------------------------------------------------------------
    def observe(self, s: DotLinesState, seat: int) -> DotLinesState:
        v = _copy(s)
        if s.observer >= 0:
            return v
        v.deck = [0] * len(s.deck)
        v.removed = 0
        v.rng = 0
        v.observer = seat
        for other in (0, 1):  # a seat nobody holds (a spectator) sees neither player's secrets
            if other == seat:
                continue
            if s.phase < CHIP:
                v.hands[other] = None
            if s.phase == CHIP and s.chip[other] != CHIP_NONE:
                v.chip[other] = CHIP_HIDDEN
                if s.last is not None and s.last[0] == other:
                    v.last = (other, None)  # the last move was that secret choice: which side stays unknown
        return v

    def unseen_tiles(self, view: DotLinesState) -> list[int]:
        """The tiles a view cannot place: 6 of each value minus every visible one."""
        left = unseen_counts(view)
        return [v for v in VALUES for _ in range(left[v])]

    def sample(self, view: DotLinesState, seat: int, rng: random.Random) -> DotLinesState:
        s = _copy(view)
        if view.observer < 0:
            return s
        pool = self.unseen_tiles(view)
        rng.shuffle(pool)
        for i in (0, 1):
            if s.hands[i] is None:
                s.hands[i] = [0] * 7
                for _ in range(HAND_START):
                    _add(s.hands[i], pool.pop())
        s.removed = pool.pop()
        s.deck = pool
        for i in (0, 1):
            if s.chip[i] == CHIP_HIDDEN:
                s.chip[i] = rng.randrange(2)
                if s.last == (i, None):
                    s.last = (i, Chip(s.chip[i]))
        s.rng = rng.getrandbits(64)
        s.observer = -1
        return s

    def reveals(self, s: DotLinesState, m: Move) -> str | None:
        if s.observer >= 0 or self.check(s, m) is not None:
            return None
        kind = type(m)
        if kind is Draw or kind is Redraw:
            return _reason("undo_drawn", "a tile has been drawn from the deck (by you or by your opponent), and a drawn "
                                         "tile cannot go back unseen.")
        if kind is Home or (kind is Chip and s.chip[1 - s.current] != CHIP_NONE):
            t = _copy(s)
            self.apply(t, m)
            if t.phase == CHIP and s.phase != CHIP:
                return _reason("undo_hands", "the hands were turned face up.")
            if t.phase == DRAW:
                return _reason("undo_chips", "both chips were shown.")
        return None

    # --- encoding ---------------------------------------------------------------------------------
    def encode(self, m: Move) -> JSON:
        return [_NAMES[type(m)], *m]

    def decode(self, j: JSON) -> Move:
        if type(j) is not list or not j or type(j[0]) is not str:
            raise ValueError(f"not a Dot Lines move: {j!r}")
        kind = _KINDS.get(j[0])
        if kind is None or len(j) != len(kind._fields) + 1 or not all(_is_int(x) for x in j[1:]):
            raise ValueError(f"not a Dot Lines move: {j!r}")
        return kind(*j[1:])

    def fingerprint(self, s: DotLinesState) -> JSON:
        return (s.wrap, s.phase, s.current, s.first, s.winner_roll,
                tuple(tuple(h) if h is not None else None for h in s.hands), tuple(s.deck), s.removed,
                tuple(s.discards), tuple(s.die), s.rolls, tuple(s.home),
                tuple(tuple(line) for line in s.lines), tuple(s.used), tuple(s.chip), tuple(s.chip_at),
                s.rng, s.ending, s.matches, s.winner, s.observer)

    def describe(self, s: DotLinesState, m: Move, viewer: int | None = None) -> Reason:
        """The move as `viewer` may know it, worded for them ("your line", "your 3"): a chip chosen
        while the other chip is still to come is secret from all but its chooser; the dice and drawn
        tiles come from the deck after the move and are not named. Everything else (homes, lines, the
        open hands' exchanges) is public."""
        kind = type(m)
        seat = s.current
        if kind is Chip:
            if viewer != seat and s.chip[1 - seat] == CHIP_NONE:
                return _reason("log.chip_secret", "chose a chip side (secret)")
            return _reason("log.chip", "chose the {chip} chip", chip=_chip_name(m.side))
        if kind is Home:
            return _reason("log.home", "took the {line} line as home", line=_line_name(m.line))
        if kind in (Roll, First, Draw):
            key = {Roll: "roll", First: "first", Draw: "draw"}[kind]
            return _reason(f"log.{key}", {"roll": "rolled for the start", "first": "chose to move first",
                                          "draw": "drew a tile"}[key])
        if kind is Redraw:
            return _reason("log.redraw", "discarded a {value} and drew (Redraw)", value=m.value)
        if kind is Exchange:
            return _exchange_words(m, seat, viewer)
        line = _line_words(s, m.line, viewer)
        if kind is Place:
            text = _reason("log.place", "placed {tiles} on {line} as column {col}", line=line,
                           col=len(s.lines[m.line]) + 1,
                           tiles=_tiles(self.chip_count(s.chip[seat], m.plain, m.chip), m.value))
        else:
            column = s.lines[m.line][m.col] if 0 <= m.col < len(s.lines[m.line]) else Column(0, 0, ())
            text = _reason("log.stack", "stacked {tiles} on {line}, column {col}", line=line, col=m.col + 1,
                           tiles=_tiles(column.count, column.value))
        if m.chip and s.chip[seat] in (DOUBLE, INVERTER):
            return _reason("log.with_chip", "{move}, with the {chip} chip", move=text, chip=_chip_name(s.chip[seat]))
        return text


def _exchange_words(m: Any, seat: int, viewer: int | None) -> Reason:
    """An Exchange as the player whose hand it changed reads it ("exchanged your 3 for their 5":
    the tile that left the viewer's hand, then the one that came), or plainly for anyone else."""
    if m.give == m.take:
        return _reason("log.exchange_same", "exchanged a {value} for a {value}: the hands are unchanged (Exchange)",
                       value=m.give)
    if viewer == seat:
        return _reason("log.exchange_gave", "exchanged your {mine} for their {theirs} (Exchange)",
                       mine=m.give, theirs=m.take)
    if viewer == 1 - seat:
        return _reason("log.exchange_took", "exchanged your {mine} for their {theirs} (Exchange)",
                       mine=m.take, theirs=m.give)
    return _reason("log.exchange", "gave a {give} for a {take} (Exchange)", give=m.give, take=m.take)


def _line_words(s: DotLinesState, line: int, viewer: int | None) -> Reason:
    """A line as the viewer knows it: "your line (White)" when it is their home, else its colour."""
    if viewer is not None and 0 <= viewer < 2 and s.home[viewer] == line:
        return _reason("log.your_line", "your line ({line})", line=_line_name(line))
    return _line_name(line)


def _tiles(count: int, value: int) -> Reason:
    """"2 tiles of 4": what a column stands for."""
    if count == 1:
        return _reason("log.tile", "1 tile of {value}", value=value)
    return _reason("log.tiles", "{count} tiles of {value}", count=count, value=value)


def _line_name(line: int) -> Reason:
    name = ("white", "black")[line] if line in (WHITE, BLACK) else "?"
    return _reason(f"log.{name}", name.capitalize())


def _chip_name(side: int) -> Reason:
    name = ("double", "inverter")[side] if side in (DOUBLE, INVERTER) else "?"
    return _reason(f"log.{name}", name.capitalize())


_NAMES = {Roll: "roll", First: "first", Home: "home", Chip: "chip", Draw: "draw", Place: "place",
          Stack: "stack", Redraw: "redraw", Exchange: "exchange"}
_KINDS = {v: k for k, v in _NAMES.items()}


def _add(hand: list[int], value: int) -> None:
    hand[value] += 1
    hand[0] += 1


def _take(hand: list[int], value: int) -> None:
    hand[value] -= 1
    hand[0] -= 1


def _groups(out: list, kind: type, line: int, key: int, counts: Sequence[int], hand: list[int], side: int,
            v: int) -> None:
    """Append every way to lay `counts` tiles of value `v` from `hand` as `kind(line, key, ...)`,
    with and without the chip (`side` = CHIP_NONE when it is no longer available)."""
    have = hand[v]
    for n in counts:
        if have >= n:
            out.append(kind(line, key, n, 0))
        if side == DOUBLE:
            if n >= 2 and have >= n - 1:
                out.append(kind(line, key, n - 2, 1))
        elif side == INVERTER:
            if hand[7 - v] and have >= n - 1:
                out.append(kind(line, key, n - 1, 1))


ENDING_WORDS = {"A": "emptied_hand", "B": "six_columns", "D": "stuck", "E": "deck_out"}


def ending_label(s: DotLinesState) -> str:
    """How the game ended, as a short word for the arena's tally ("" before the end): the hand
    emptied (A; "emptied_hand_sixth_column" when C held too: C implies A, which §4.8 checks first, so
    C never decides alone), a home line of six columns (B), a player stuck after drawing (D), or the
    deck run out (E)."""
    if s.phase != OVER:
        return ""
    if s.ending == "A" and "C" in s.matches:
        return "emptied_hand_sixth_column"
    return ENDING_WORDS[s.ending]


def ending_reason(s: DotLinesState) -> Reason:
    """The ending that decided the game in words, with what decided it: the line that got six
    columns, or the hand sizes when the deck ran out. Names no player: the results name the winner."""
    if s.phase != OVER:
        return _reason("ending.none", "The game is not over.")
    label = ending_label(s)
    if label == "six_columns":
        full = next((line for line in (WHITE, BLACK) if len(s.lines[line]) == MAX_COLUMNS), WHITE)
        return _reason("ending.six_columns", "The {line} home line reached six columns: its owner wins.",
                       line=_line_name(full))
    if label == "deck_out":
        a, b = sorted((s.hand_size(0), s.hand_size(1)))
        if a == b:
            return _reason("ending.deck_out_draw", "The deck ran out and the hands are equal ({tiles} each): a draw.",
                           tiles=a)
        return _reason("ending.deck_out", "The deck ran out: {fewer} against {more} tiles in hand; fewer wins.",
                       fewer=a, more=b)
    texts = {
        "emptied_hand": "Won by emptying their hand.",
        "emptied_hand_sixth_column": "Won by emptying their hand on the opponent's 6th column.",
        "stuck": "After drawing, the loser could neither place nor act.",
    }
    return _reason(f"ending.{label}", texts[label])
