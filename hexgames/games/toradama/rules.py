"""Toradama (RULES.md §3): the rules engine, pure and fast; no pygame, no players.

Why it looks the way it does:
- Playouts and the `bench` target (500 random games a second) make `copy` and `apply` the hot path:
  the board is one flat list of 30 ints (see `board`), pools and piles are short lists of ints, and
  the bag's randomness is a 64-bit LCG kept as a plain int (free to copy, easy to hide in a view).
- Every decision is its own move of the mover: the character choice at the start, each okunote,
  each tile taken while placing (`Place` / `Give`, one at a time) and the clear ball (`Clear`).
  The okunote phase needs no "skip" move: taking a tile or a clear ball ends it.
- Chance and chains are resolved inside `apply`. When the state's `events` is a list (the checked
  `play` path sets it), `apply` records every step (falls, groups per chain with bonuses, cube flips,
  draws, the bag-out) so the scene can replay them one after the other; playouts record nothing.
- Cube faces are unknown to everyone (§3.9): `observe` turns every face-down cube into HIDDEN_CUBE
  (or -1 in a cube pool), empties the bag and lists the unseen tiles; `sample` deals those faces
  and the bag uniformly. `reveals` refuses undo across any draw from the bag or any cube shown.

Decisions taken here (shown in the rules help too): the start player chooses a character first; a
tama discarded by Kuma's okunote is shown (a cube is turned face up as it leaves); Tora swaps two
tiles that look different (two tama of one kind, or two face-down cubes whatever their faces: what
is offered must not depend on faces nobody may know, and such a swap would change nothing anyone
sees); Usagi's okunote is offered only while the bag is in use, Neko's only when three tiles can be
taken, and no okunote can be used mid-placing.

Resigning (§3.7, "either player may resign", at any time): `resign(state, seat)` of the protocol,
for either seat whoever is to move, kept by the match as a `Resignation` among its moves. The
`Resign` move (the mover gives up at the start of a turn) stays legal only so that saves and records
written before it replay; the app resigns through `Match.resign`.
"""
from __future__ import annotations

import random
from typing import Any, Callable, Mapping

from hexgames.core import chance
from hexgames.core.protocol import JSON, IllegalMove, Outcome, Reason, Resignation, Rules, reasons
from hexgames.core.scoring import ScoreMark
from hexgames.games.toradama import board
from hexgames.games.toradama.board import CELLS, CUBE, EMPTY, HIDDEN_CUBE, KINDS, NEIGHBOURS, ROWS
from hexgames.games.toradama.moves import (
    CUBE_SOURCE, MOVE_TYPES, Choose, Clear, Dig, Flip, Give, Place, Resign, Reroll, Swap, Triple,
)

NIKU = KINDS  # bag code of a niku-cube tile (0..4 are tama)
TAMA_PER_KIND = 12
NIKU_TILES = 6
TOTAL_TILES = KINDS * TAMA_PER_KIND + NIKU_TILES  # 66
POOL_SIZE = 3
NIKU_STOCK = 2

TORA, USAGI, NEKO, KITSUNE, KUMA = range(5)
CHARACTER_NAMES = ("tora", "usagi", "neko", "kitsune", "kuma")
FAVOURITE = (board.RED, board.YELLOW, board.BLUE, board.PURPLE, board.GREEN)
OKUNOTE_COST = (1, 1, 1, 2, 2)
OKUNOTE_RECYCLED = (False, True, False, False, True)

CHOOSE, START, PLACING, OVER = range(4)
DRAW = 2  # `winner` when both reached the target together
AREA = ((0, 1, 2), (2, 3, 4))
PRIVATE = ((0, 1), (3, 4))

_reason = reasons("toradama")


class ToradamaState:
    """One moment of a game. Public fields are read by the scene and the AI.

    cells: the board (see `board`); pool: the pool's tama kinds, sorted; bag: tile codes (0..4 tama,
    NIKU); cubes[seat]: the cube pool bottom to top (faces, -1 in a view); score[seat][kind]: the
    score pile; niku[seat]: niku stock; discard[code]: discarded tiles; chars[seat]: character or -1;
    to_place: tiles still to take this turn; seen: a counter of hidden things shown (for `reveals`).
    events: the steps of the move that led here, recorded by `play` (None elsewhere); public_events:
    in a view (and a world `sample` deals from it), those steps as everyone saw them (`_public`), ()
    elsewhere. Neither is part of the position (`fingerprint`).
    """

    __slots__ = ("seats", "cubes_on", "target", "cells", "pool", "bag", "rng", "cubes", "score", "niku",
                 "discard", "chars", "current", "start_player", "phase", "to_place", "okunote_used",
                 "first_turn", "bag_out", "winner", "end", "seen", "turn", "observer", "unseen",
                 "hidden_bag", "events", "public_events")

    @property
    def solo(self) -> bool:
        return self.seats == 1

    @property
    def bag_count(self) -> int:
        return self.hidden_bag if self.observer >= 0 else len(self.bag)

    def area(self, seat: int) -> tuple[int, ...]:
        return AREA[seat]

    def private(self, seat: int) -> tuple[int, ...]:
        return PRIVATE[seat]

    def opponent(self, seat: int) -> int:
        return seat if self.seats == 1 else 1 - seat

    def points(self, seat: int) -> int:
        """Score tiles are 1 point each, the character's favourite tama 2."""
        pile = self.score[seat]
        c = self.chars[seat]
        return sum(pile) + (pile[FAVOURITE[c]] if c >= 0 else 0)

    def tile_value(self, seat: int, kind: int) -> int:
        c = self.chars[seat]
        return 2 if c >= 0 and FAVOURITE[c] == kind else 1

    def __repr__(self) -> str:
        return (f"ToradamaState(seats={self.seats}, current={self.current}, phase={self.phase}, "
                f"turn={self.turn}, points={[self.points(i) for i in range(self.seats)]})")


def _copy(s: ToradamaState) -> ToradamaState:
    t = ToradamaState.__new__(ToradamaState)
    t.seats, t.cubes_on, t.target = s.seats, s.cubes_on, s.target
    t.cells = s.cells[:]
    t.pool = s.pool[:]
    t.bag = s.bag[:]
    t.rng = s.rng
    t.cubes = [s.cubes[0][:], s.cubes[1][:]]
    t.score = [s.score[0][:], s.score[1][:]]
    t.niku = s.niku[:]
    t.discard = s.discard[:]
    t.chars = s.chars[:]
    t.current, t.start_player, t.phase, t.to_place = s.current, s.start_player, s.phase, s.to_place
    t.okunote_used, t.first_turn, t.bag_out = s.okunote_used, s.first_turn, s.bag_out
    t.winner, t.end, t.seen, t.turn = s.winner, s.end, s.seen, s.turn
    t.observer, t.unseen, t.hidden_bag = s.observer, s.unseen, s.hidden_bag
    t.events, t.public_events = None, ()
    return t


class ToradamaRules(Rules[ToradamaState, Any]):
    """The Toradama rules behind the common protocol."""

    id = "toradama"

    # --- setup --------------------------------------------------------------------------------
    def setup(self, options: Mapping[str, Any], seats: int, seed: int) -> ToradamaState:
        if seats not in (1, 2):
            raise ValueError("Toradama is played by 1 or 2 players")
        s = ToradamaState.__new__(ToradamaState)
        s.seats = seats
        s.cubes_on = options.get("cubes", "on") == "on"
        s.target = int(options.get("target", 8))
        s.cells = [EMPTY] * CELLS
        s.bag = [k for k in range(KINDS) for _ in range(TAMA_PER_KIND)] + [NIKU] * NIKU_TILES
        s.rng = chance.seed_state(seed)
        s.pool = []
        while len(s.pool) < POOL_SIZE:  # a niku cube drawn in setup goes back: draw tama only
            i = self._rand(s, len(s.bag))
            if s.bag[i] != NIKU:
                s.bag[i], s.bag[-1] = s.bag[-1], s.bag[i]
                s.pool.append(s.bag.pop())
        s.pool.sort()
        s.cubes = [[], []]
        s.score = [[0] * KINDS, [0] * KINDS]
        s.niku = [0, 0]
        s.discard = [0] * (KINDS + 1)
        s.chars = [-1] * seats
        s.start_player = s.current = self._rand(s, seats)
        s.phase, s.to_place, s.okunote_used, s.first_turn, s.bag_out = CHOOSE, 0, False, True, False
        s.winner, s.end, s.seen, s.turn = -1, "", 0, 0
        s.observer, s.unseen, s.hidden_bag = -1, None, 0
        s.events, s.public_events = None, ()
        return s

    @staticmethod
    def _rand(s: ToradamaState, n: int) -> int:
        s.rng = x = chance.step(s.rng)
        return (x >> 32) % n

    # --- protocol basics ----------------------------------------------------------------------
    def copy(self, s: ToradamaState) -> ToradamaState:
        return _copy(s)

    def to_move(self, s: ToradamaState) -> int:
        return s.current

    def is_over(self, s: ToradamaState) -> bool:
        return s.phase == OVER

    # --- what the mover may do ----------------------------------------------------------------
    def tiles_this_turn(self, s: ToradamaState) -> int:
        """Tiles the placing phase takes: 1 on the first player's first turn, else 2 (Neko: 3)."""
        return 1 if s.first_turn else 2

    def can_place(self, s: ToradamaState) -> bool:
        if s.phase == PLACING:
            return True
        return s.phase == START and len(s.pool) + len(s.cubes[s.current]) >= s.to_place

    def can_clear(self, s: ToradamaState) -> bool:
        if s.phase != START:
            return False
        cells = s.cells
        return any(0 <= cells[c] < KINDS for col in s.area(s.current) for c in board.COLUMN_CELLS[col])

    def okunote_moves(self, s: ToradamaState) -> list[Any]:
        """The mover's okunote uses open now (paid, unused this turn, and with an effect)."""
        seat = s.current
        if s.phase != START or s.okunote_used:
            return []
        c = s.chars[seat]
        if s.niku[seat] < OKUNOTE_COST[c]:
            return []
        cells = s.cells
        if c == TORA:
            return [Swap(a, b) for a, b in self._swap_pairs(s, seat)]
        if c == USAGI:
            return [] if s.bag_out else [Reroll()]
        if c == NEKO:
            return [Triple()] if len(s.pool) + len(s.cubes[seat]) >= 3 and s.to_place < 3 else []
        if c == KITSUNE:
            return [Flip(x) for col in s.area(seat) for x in board.COLUMN_CELLS[col] if cells[x] >= CUBE]
        return [Dig(col) for col in s.private(seat) if cells[col * ROWS] != EMPTY]

    @staticmethod
    def _swap_pairs(s: ToradamaState, seat: int) -> list[tuple[int, int]]:
        cells = s.cells
        cols = s.private(seat)
        out = []
        for col in cols:
            for row in range(ROWS):
                a = col * ROWS + row
                ca = cells[a]
                if ca == EMPTY:
                    break
                for b in (a + 1, a + ROWS):
                    if b >= CELLS or (b == a + 1 and row == ROWS - 1) or (b == a + ROWS and col + 1 not in cols):
                        continue
                    cb = cells[b]
                    if cb != EMPTY and _looks(ca) != _looks(cb):
                        out.append((a, b))
        return out

    def placing_moves(self, s: ToradamaState) -> list[Any]:
        if not self.can_place(s):
            return []
        seat = s.current
        sources = sorted(set(s.pool))
        if s.cubes[seat]:
            sources.append(CUBE_SOURCE)
        cols = [col for col in s.area(seat) if s.cells[col * ROWS + ROWS - 1] == EMPTY]
        out: list[Any] = [Place(src, col) for src in sources for col in cols]
        out.extend(Give(src) for src in sources)
        return out

    def clearing_moves(self, s: ToradamaState) -> list[Any]:
        if s.phase != START:
            return []
        cells = s.cells
        return [Clear(x) for col in s.area(s.current) for x in board.COLUMN_CELLS[col] if 0 <= cells[x] < KINDS]

    def legal_moves(self, s: ToradamaState) -> list[Any]:
        if s.phase == OVER:
            return []
        if s.phase == CHOOSE:
            return [Choose(c) for c in range(len(CHARACTER_NAMES)) if c not in s.chars]
        out = self.okunote_moves(s) + self.placing_moves(s) + self.clearing_moves(s)
        if s.phase == START:
            out.append(Resign())
        return out

    # --- why a move is refused ----------------------------------------------------------------
    def check(self, s: ToradamaState, m: Any) -> str | None:
        if s.phase == OVER:
            return Reason("core.game_over", "The game is over.")
        if type(m) not in MOVE_TYPES or not all(type(getattr(m, f)) is int for f in m.__slots__):
            return _reason("bad_move", "That is not a move of this game.")
        why = self._why(s, m)
        if why is None and m not in self.legal_moves(s):  # safety net: legal means listed
            why = Reason("core.illegal", "That move is not allowed now.")
        return why

    def _why(self, s: ToradamaState, m: Any) -> Reason | None:
        if s.phase == CHOOSE:
            if type(m) is not Choose:
                return _reason("choose_first", "First choose your character.")
            if not 0 <= m.character < len(CHARACTER_NAMES):
                return _reason("no_such_character", "There is no such character.")
            if m.character in s.chars:
                return _reason("character_taken", "The other player already chose that character.")
            return None
        if type(m) is Choose:
            return _reason("no_choice_now", "The characters are already chosen.")
        if type(m) is Resign:
            return None if s.phase == START else _reason("finish_placing",
                                                          "Place or give away the rest of your tiles first.")
        if type(m) in (Place, Give):
            return self._why_place(s, m)
        if type(m) is Clear:
            return self._why_clear(s, m)
        return self._why_okunote(s, m)

    def _why_place(self, s: ToradamaState, m: Place | Give) -> Reason | None:
        seat = s.current
        if not self.can_place(s):
            return _reason("not_enough_tiles",
                           "Placing takes {n} tiles and the pool and your cube pool hold only {have}.",
                           n=s.to_place, have=len(s.pool) + len(s.cubes[seat]))
        if m.src == CUBE_SOURCE:
            if not s.cubes[seat]:
                return _reason("no_cube", "Your cube pool is empty.")
        elif m.src not in s.pool:
            return _reason("not_in_pool", "That tama is not in the pool.")
        if type(m) is Place:
            if m.col not in s.area(seat):
                return _reason("not_your_column", "Tiles go only on the columns of your area.")
            if s.cells[m.col * ROWS + ROWS - 1] != EMPTY:
                return _reason("column_full", "That column is full.")
        return None

    def _why_clear(self, s: ToradamaState, m: Clear) -> Reason | None:
        if s.phase != START:
            return _reason("finish_placing", "Place or give away the rest of your tiles first.")
        if not 0 <= m.cell < CELLS:
            return _reason("no_such_cell", "There is no such cell.")
        if board.col_of(m.cell) not in s.area(s.current):
            return _reason("not_your_area", "The clear ball must be a tama in your area.")
        code = s.cells[m.cell]
        if code == EMPTY:
            return _reason("empty_cell", "There is no tile there.")
        if code >= CUBE:
            return _reason("cube_not_ball", "A face-down cube cannot be the clear ball.")
        return None

    def _why_okunote(self, s: ToradamaState, m: Any) -> Reason | None:
        seat = s.current
        c = s.chars[seat]
        if type(m) is not (Swap, Reroll, Triple, Flip, Dig)[c]:
            return _reason("not_your_okunote", "That is not your character's okunote.")
        if s.phase != START:
            return _reason("okunote_first", "The okunote is used before placing or clearing.")
        if s.okunote_used:
            return _reason("okunote_used", "You already used your okunote this turn.")
        if s.niku[seat] < OKUNOTE_COST[c]:
            return _reason("okunote_cost", "Your okunote costs {cost} niku cubes and you have {have}.",
                           cost=OKUNOTE_COST[c], have=s.niku[seat])
        if m not in self.okunote_moves(s):
            return self._okunote_target_reason(s, m)
        return None

    @staticmethod
    def _okunote_target_reason(s: ToradamaState, m: Any) -> Reason:
        if type(m) is Swap:
            return _reason("swap_cells", "Swap two different-looking tiles next to each other in your own columns.")
        if type(m) is Reroll:
            return _reason("bag_closed", "The bag is out of use: this okunote does nothing now.")
        if type(m) is Triple:
            return _reason("triple_tiles", "The pool and your cube pool do not hold 3 tiles.")
        if type(m) is Flip:
            return _reason("flip_cell", "Choose a face-down cube in your area.")
        return _reason("dig_column", "Choose one of your own columns with a tile in it.")

    # --- applying -----------------------------------------------------------------------------
    def play(self, s: ToradamaState, m: Any) -> ToradamaState:
        return self._recorded(s, self.check(s, m), lambda t: self.apply(t, m))

    @staticmethod
    def _recorded(s: ToradamaState, refusal: str | None, change: Callable[[ToradamaState], None]) -> ToradamaState:
        """A copy of `s` made by `change` with every step recorded in its `events` (the checked path
        the scene animates); IllegalMove with `refusal` instead, when there is one."""
        if refusal is not None:
            raise IllegalMove(refusal)
        t = _copy(s)
        t.events = []
        change(t)
        return t

    def apply(self, s: ToradamaState, m: Any) -> None:
        kind = type(m)
        if kind is Place:
            self._take(s, m.src, m.col)
        elif kind is Give:
            self._take(s, m.src, -1)
        elif kind is Clear:
            self._clear(s, m.cell)
        elif kind is Choose:
            self._choose(s, m.character)
        elif kind is Resign:
            self._resign(s, s.current)
        else:
            self._okunote(s, m)

    def _log(self, s: ToradamaState, *event: Any) -> None:
        if s.events is not None:
            s.events.append(event)

    def _choose(self, s: ToradamaState, character: int) -> None:
        s.chars[s.current] = character
        self._log(s, "choose", s.current, character)
        if -1 in s.chars:
            s.current = 1 - s.current
            return
        s.current = s.start_player
        self._begin_turn(s)

    def _take(self, s: ToradamaState, src: int, col: int) -> None:
        """One tile of the placing phase: onto column `col`, or (col -1) to the opponent's pile."""
        seat = s.current
        if src == CUBE_SOURCE:
            face = s.cubes[seat].pop()
            code = CUBE + face
        else:
            s.pool.remove(src)
            face = code = src
        s.phase = PLACING
        s.to_place -= 1
        if col >= 0:
            row = board.height(s.cells, col)
            s.cells[col * ROWS + row] = code
            self._log(s, "place", seat, src, col, row, code if code < CUBE else HIDDEN_CUBE)
        else:
            self._give(s, seat, src, face)
            if s.phase == OVER:
                return
        if s.to_place == 0:
            self._end_turn(s)

    def _give(self, s: ToradamaState, seat: int, src: int, kind: int) -> None:
        """A tile not placed: to the opponent's score pile (solo: discarded); a cube is shown."""
        if src == CUBE_SOURCE:
            s.seen += 1
        if s.seats == 1:
            s.discard[kind] += 1
            self._log(s, "give", seat, src, kind, -1)
            return
        receiver = 1 - seat
        s.score[receiver][kind] += 1
        self._log(s, "give", seat, src, kind, receiver)
        self._check_target(s)

    def _clear(self, s: ToradamaState, ball: int) -> None:
        seat = s.current
        cells = s.cells
        kind = cells[ball]
        cells[ball] = EMPTY
        if not s.cubes_on:
            s.discard[kind] += 1
            dest = -1
        else:
            dest = s.opponent(seat)
            s.cubes[dest].append(kind)
        self._log(s, "ball", seat, ball, kind, dest)
        area = s.area(seat)
        pile = s.score[seat]
        chain = 0
        while True:
            drops = board.fall(cells)
            if drops:
                self._log(s, "fall", tuple(drops))
            found = board.groups(cells, area)
            if not found:
                break
            chain += 1
            bonus_chain = 2 if chain >= 3 else 1 if chain == 2 else 0
            cleared, flips = [], []
            for group in found:
                k = cells[group[0]]
                taken = 1 + (len(group) >= 4) + bonus_chain
                pile[k] += taken
                s.discard[k] += len(group) - taken
                cleared.append((tuple(group), k, taken, len(group) >= 4, bonus_chain))
                for c in group:
                    cells[c] = EMPTY
            for group in found:
                for c in group:
                    for n in NEIGHBOURS[c]:
                        if cells[n] >= CUBE:
                            face = cells[n] - CUBE
                            cells[n] = face
                            flips.append((n, face))
            self._log(s, "chain", chain, tuple(cleared))
            if flips:
                s.seen += len(flips)
                self._log(s, "flip", tuple(flips))
        self._check_target(s)
        if s.phase != OVER:
            self._end_turn(s)

    def _okunote(self, s: ToradamaState, m: Any) -> None:
        seat = s.current
        c = s.chars[seat]
        cost = OKUNOTE_COST[c]
        s.niku[seat] -= cost
        s.okunote_used = True
        if OKUNOTE_RECYCLED[c] and not s.bag_out:
            s.bag.extend([NIKU] * cost)
        else:
            s.discard[NIKU] += cost
        self._log(s, "okunote", seat, c, cost)
        cells = s.cells
        kind = type(m)
        if kind is Swap:
            cells[m.a], cells[m.b] = cells[m.b], cells[m.a]
            self._log(s, "swap", m.a, m.b)
        elif kind is Reroll:
            self._log(s, "return", tuple(s.pool))
            s.bag.extend(s.pool)
            s.pool.clear()
            if self._refill(s):
                self._next_turn(s)  # the bag ran out during the okunote's refill: the turn ends
                return
        elif kind is Triple:
            s.to_place = 3
        elif kind is Flip:
            s.seen += 1
            cells[m.cell] -= CUBE
            self._log(s, "flip", ((m.cell, cells[m.cell]),))
        else:
            top = board.height(cells, m.col) - 1
            x = m.col * ROWS + top
            code = cells[x]
            if code >= CUBE:
                s.seen += 1
                code -= CUBE
            s.discard[code] += 1
            cells[x] = EMPTY
            self._log(s, "dig", x, code)
        self._check_stuck(s)

    def resign_refusal(self, s: ToradamaState, seat: int) -> Reason | None:
        """Either player may resign at any time (§3.7): in any phase, whoever is to move."""
        if s.phase == OVER:
            return Reason("core.game_over", "The game is over.")
        if type(seat) is not int or not 0 <= seat < s.seats:
            return _reason("no_such_seat", "There is no such player.")
        return None

    def resign(self, s: ToradamaState, seat: int) -> ToradamaState:
        return self._recorded(s, self.resign_refusal(s, seat), lambda t: self._resign(t, seat))

    def _resign(self, s: ToradamaState, seat: int) -> None:
        s.phase = OVER
        s.end = "resign"
        s.winner = 0 if s.seats == 1 else 1 - seat
        self._log(s, "resign", seat)

    # --- turn structure -----------------------------------------------------------------------
    def _refill(self, s: ToradamaState) -> bool:
        """Draw until the pool holds 3 tama; True if the bag ran out (announced, turn ends)."""
        if s.bag_out:
            return False
        seat = s.current
        drew = False
        while len(s.pool) < POOL_SIZE and s.bag:
            i = self._rand(s, len(s.bag))
            bag = s.bag
            bag[i], bag[-1] = bag[-1], bag[i]
            code = bag.pop()
            drew = True
            if code != NIKU:
                s.pool.append(code)
                self._log(s, "draw", code, -1)
                continue
            to = seat if s.niku[seat] < NIKU_STOCK else s.opponent(seat)
            if s.niku[to] < NIKU_STOCK:
                s.niku[to] += 1
            else:
                to = -1
                s.discard[NIKU] += 1
            self._log(s, "draw", NIKU, to)
        if drew:
            s.seen += 1
            s.pool.sort()
        if not s.bag:
            s.bag_out = True
            self._log(s, "bagout")
            return True
        return False

    def _end_turn(self, s: ToradamaState) -> None:
        self._refill(s)
        self._next_turn(s)

    def _next_turn(self, s: ToradamaState) -> None:
        if s.current == s.start_player:
            s.first_turn = False
        s.current = s.opponent(s.current)
        s.turn += 1
        self._begin_turn(s)

    def _begin_turn(self, s: ToradamaState) -> None:
        s.phase = START
        s.okunote_used = False
        s.to_place = self.tiles_this_turn(s)
        self._log(s, "turn", s.current)
        if not (self.can_place(s) or self.can_clear(s) or self.okunote_moves(s)):
            self._check_stuck(s)

    def _check_stuck(self, s: ToradamaState) -> None:
        """After the okunote phase, a player who can neither place nor clear loses (solo: ends)."""
        if self.can_place(s) or self.can_clear(s):
            return
        s.phase = OVER
        s.end = "stuck"
        s.winner = 0 if s.seats == 1 else 1 - s.current
        self._log(s, "stuck", s.current)

    def _check_target(self, s: ToradamaState) -> None:
        if s.seats == 1:
            return
        reached = [s.points(i) >= s.target for i in range(2)]
        if not any(reached):
            return
        s.phase = OVER
        s.end = "target"
        s.winner = DRAW if all(reached) else reached.index(True)
        self._log(s, "win", s.winner)

    # --- fast random play ---------------------------------------------------------------------
    def random_move(self, s: ToradamaState, rng: random.Random) -> Any:
        """A random move among those that play the game on (never resigns, so random games are played
        out): uniform over the kinds of decision open now, then over that kind's moves."""
        if s.phase == CHOOSE:
            return rng.choice(self.legal_moves(s))
        rand = rng.random
        seat = s.current
        cells = s.cells
        balls = []
        okunote: list[Any] = []
        if s.phase == START:
            for col in AREA[seat]:
                for x in range(col * ROWS, col * ROWS + ROWS):
                    code = cells[x]
                    if code == EMPTY:
                        break
                    if code < KINDS:
                        balls.append(x)
            if not s.okunote_used and s.niku[seat] >= OKUNOTE_COST[s.chars[seat]]:
                okunote = self.okunote_moves(s)
        kinds = [k for k, ok in ((0, okunote), (1, self.can_place(s)), (2, balls)) if ok]
        pick = kinds[int(rand() * len(kinds))]
        if pick == 0:
            return okunote[int(rand() * len(okunote))]
        if pick == 2:
            return Clear(balls[int(rand() * len(balls))])
        sources = sorted(set(s.pool))
        if s.cubes[seat]:
            sources.append(CUBE_SOURCE)
        src = sources[int(rand() * len(sources))]
        cols = [col for col in AREA[seat] if cells[col * ROWS + ROWS - 1] == EMPTY]
        i = int(rand() * (len(cols) + 1))
        return Place(src, cols[i]) if i < len(cols) else Give(src)

    # --- the end ------------------------------------------------------------------------------
    def outcome(self, s: ToradamaState) -> Outcome:
        scores = tuple(float(s.points(i)) for i in range(s.seats))
        if s.seats == 1:
            ranks: tuple[int, ...] = (0,)
        elif s.winner == DRAW or s.winner < 0:
            ranks = (0, 0)
        else:
            ranks = (0, 1) if s.winner == 0 else (1, 0)
        details = tuple(self._detail(s, seat) for seat in range(s.seats))
        return Outcome(scores, ranks, self._summary(s), details, ending=ending(s))

    def _summary(self, s: ToradamaState) -> Reason:
        """How the game ended, in words (the results screen's line under the headline)."""
        points = s.points(0)
        if s.seats == 1:
            if s.end == "resign":
                return _reason("result.solo_resign", "You stopped the game. Your score: {points} points.",
                               points=points)
            return _reason("result.solo", "The bag is empty and no move remains. Your score: {points} points.",
                           points=points)
        if s.end == "resign":
            return _reason("result.resign", "A player resigned: the other wins.")
        if s.end == "stuck":
            return _reason("result.stuck", "A player could neither place nor clear and lost.")
        if s.winner == DRAW:
            return _reason("result.draw", "Both reached {target} points together: a draw.", target=s.target)
        if s.phase != OVER:
            return _reason("result.unfinished", "The game is not over.")
        return _reason("result.target", "First to {target} points.", target=s.target)

    def _detail(self, s: ToradamaState, seat: int) -> Reason:
        """One player's line in the results: their character, and their part in the ending."""
        c = s.chars[seat]
        who = _reason(f"character.{CHARACTER_NAMES[c]}", CHARACTER_NAMES[c].capitalize()) if c >= 0 else \
            _reason("detail.no_character", "no character")
        part = None
        if s.end == "resign" and (s.seats == 1 or seat != s.winner):
            part = _reason("detail.resigned", "resigned")
        elif s.end == "stuck" and s.seats == 2 and seat != s.winner:
            part = _reason("detail.stuck", "could neither place nor clear")
        elif s.end == "target" and s.points(seat) >= s.target:
            part = _reason("detail.reached", "reached {target} points", target=s.target)
        if part is None:
            return who
        return _reason("detail.line", "{character} — {part}", character=who, part=part)

    def highscore_key(self, s: ToradamaState) -> str | None:
        return "toradama/solo" if s.seats == 1 else None

    # --- hidden information -------------------------------------------------------------------
    def private_info(self, s: ToradamaState) -> bool:
        """Nothing is one player's alone (cube faces are hidden from both): hot-seat needs no hand-over."""
        return False

    def observe(self, s: ToradamaState, seat: int) -> ToradamaState:
        v = _copy(s)
        v.public_events = public_record(s)
        if s.observer >= 0:
            return v
        unseen = list(s.bag)
        for i, code in enumerate(s.cells):
            if code >= CUBE:
                unseen.append(code - CUBE)
                v.cells[i] = HIDDEN_CUBE
        for i in range(2):
            unseen.extend(s.cubes[i])
            v.cubes[i] = [-1] * len(s.cubes[i])
        v.bag = []
        v.unseen = tuple(sorted(unseen))
        v.hidden_bag = len(s.bag)
        v.rng = 0
        v.observer = seat
        return v

    def sample(self, view: ToradamaState, seat: int, rng: random.Random) -> ToradamaState:
        s = _copy(view)
        s.public_events = public_record(view)  # the move everyone watched is the same in every world
        if view.observer < 0:
            return s
        tama = [k for k in view.unseen if k != NIKU]
        niku = len(view.unseen) - len(tama)
        rng.shuffle(tama)
        for i, code in enumerate(s.cells):
            if code == HIDDEN_CUBE:
                s.cells[i] = CUBE + tama.pop()
        for i in range(2):
            s.cubes[i] = [tama.pop() for _ in s.cubes[i]]
        s.bag = tama + [NIKU] * niku
        s.rng = rng.getrandbits(64)
        s.observer, s.unseen, s.hidden_bag = -1, None, 0
        return s

    def reveals(self, s: ToradamaState, m: Any) -> str | None:
        if s.observer >= 0 or self.check(s, m) is not None:
            return None
        t = _copy(s)
        self.apply(t, m)
        if t.seen != s.seen:
            return _reason("undo_revealed", "tiles were drawn from the bag or cubes were turned face up.")
        return None

    # --- what a move scored, for the screens -------------------------------------------------
    def score_marks(self, before: ToradamaState, m: Any, after: ToradamaState) -> list[ScoreMark]:
        """What `m` scored and where, read from the move's record as everyone watched it
        (`public_events` of the view after): each group a chain link cleared, as step n for link n,
        on its cells, with the points its score tiles bring the mover (the tama as colour); a tile
        given away, as step 0 on the receiver's score pile (place ("pile", seat)). Per seat the points
        add up to the change of `points`. The note says why in words the screen translates: "four"
        (a 4+ group's bonus tile), "chain+1" / "chain+2" (the link's bonus tiles), "shared" (a group
        with tiles in the shared column, which either player may cash), "give" (a tile given away).

        Why the record and not the two boards: a cube turned face up by one link may join a group of
        a later link and leave with it, so its face shows in neither view, and replaying the move on
        the view before (where it is face down) would miss that link. The record holds nothing nobody
        saw (`_public`)."""
        marks: list[ScoreMark] = []
        mover = before.current
        for event in public_record(after):
            if event[0] == "ball":
                mover = event[1]
            elif event[0] == "chain":
                marks += [_group_mark(after, mover, event[1], group) for group in event[2]]
            elif event[0] == "give" and event[4] >= 0:
                receiver, kind = event[4], event[3]
                marks.append(ScoreMark((("pile", receiver),), after.tile_value(receiver, kind), kind, receiver,
                                       0, "give"))
        return marks

    # --- encoding -----------------------------------------------------------------------------
    _TAGS = {Choose: "c", Place: "p", Give: "g", Clear: "x", Swap: "s", Reroll: "r", Triple: "t", Flip: "f",
             Dig: "d", Resign: "q"}
    _CLASSES = {tag: cls for cls, tag in _TAGS.items()}

    def encode(self, m: Any) -> JSON:
        return [self._TAGS[type(m)], *(getattr(m, f) for f in m.__slots__)]

    def decode(self, j: JSON) -> Any:
        if not isinstance(j, list) or not j or not isinstance(j[0], str) or j[0] not in self._CLASSES:
            raise ValueError(f"not a Toradama move: {j!r}")
        cls = self._CLASSES[j[0]]
        args = j[1:]
        if len(args) != len(cls.__slots__) or not all(type(x) is int for x in args):
            raise ValueError(f"not a Toradama move: {j!r}")
        if not all(-1 <= x < 64 for x in args):
            raise ValueError(f"number out of range in {j!r}")
        return cls(*args)

    def fingerprint(self, s: ToradamaState) -> JSON:
        return (s.seats, s.cubes_on, s.target, tuple(s.cells), tuple(s.pool), tuple(sorted(s.bag)), s.rng,
                tuple(map(tuple, s.cubes)), tuple(map(tuple, s.score)), tuple(s.niku), tuple(s.discard),
                tuple(s.chars), s.current, s.start_player, s.phase, s.to_place, s.okunote_used,
                s.first_turn, s.bag_out, s.winner, s.end, s.seen, s.turn, s.observer, s.unseen, s.hidden_bag)

    def describe(self, s: ToradamaState, m: Any, viewer: int | None = None) -> Reason:
        """The decision as the table saw it taken and what it did, as `viewer` ("you") may know it:
        worded from the public view alone. Cube faces are unknown to everyone, so a cube is never
        named, and a clearing is followed only up to the first cube it turns face up (what comes
        after depends on faces nobody knew; the animation shows it). Columns are named the same
        for both players (the board is mirrored for player 2): the mover's edge or inner column,
        or the shared one."""
        v = s if s.observer >= 0 else self.observe(s, 0)
        kind = type(m)
        if kind is Resignation or kind is Resign:
            return _reason("log.resign", "resigned")
        if kind is Choose:
            name = CHARACTER_NAMES[m.character]
            return _reason("log.choose", "chose {character}",
                           character=_reason(f"character.{name}", name.capitalize()))
        if kind is Place:
            return _reason("log.place", "dropped {tile} in {col}", tile=_tile(m.src), col=_column(v, m.col))
        if kind is Give:
            return self._describe_give(v, m, viewer)
        if kind is Clear:
            return self._describe_clear(v, m, viewer)
        return _reason("log.okunote", "{what} (okunote, {cost} niku)", what=self._describe_okunote(v, m),
                       cost=OKUNOTE_COST[v.chars[v.current]])

    @staticmethod
    def _describe_give(v: ToradamaState, m: Give, viewer: int | None) -> Reason:
        tile = _tile(m.src)
        if v.seats == 1:
            return _reason("log.discard", "discarded {tile}", tile=tile)
        receiver = v.opponent(v.current)
        you = "_you" if viewer == receiver else ""
        if m.src == CUBE_SOURCE:  # its face shows only as it lands on the pile
            text = "gave you a cube: its tama scores for you" if you else \
                "gave away a cube: its tama scores for the opponent"
            return _reason(f"log.give_cube{you}", text)
        text = "gave you {tile}: +{points} for you" if you else "gave away {tile}: +{points} for the opponent"
        return _reason(f"log.give{you}", text, tile=tile, points=v.tile_value(receiver, m.src))

    def _describe_clear(self, v: ToradamaState, m: Clear, viewer: int | None) -> Reason:
        seat = v.current
        trial = _copy(v)
        trial.events = []
        self._clear(trial, m.cell)  # on the view: face-down cubes match nothing until turned up
        chains = points = flipped = 0
        for event in trial.events:
            if event[0] == "chain":
                chains = event[1]
                points += sum(taken * v.tile_value(seat, k) for _, k, taken, _, _ in event[2])
            elif event[0] == "flip":
                flipped = len(event[1])
                break
        if chains == 0:
            result = _reason("log.result.none", "nothing matched")
        elif chains == 1:
            result = _reason("log.result.point" if points == 1 else "log.result.points",
                             "+1 point" if points == 1 else "+{points} points", points=points)
        else:
            result = _reason("log.result.chain", "a chain of {n}, +{points} points", n=chains, points=points)
        if flipped:
            result = _reason("log.result.flipped_one" if flipped == 1 else "log.result.flipped",
                             "{result}, turning a cube face up" if flipped == 1 else "{result}, turning {n} cubes face up",
                             result=result, n=flipped)
        tile, col = _tama(v.cells[m.cell]), _column(v, board.col_of(m.cell))
        if v.cubes_on and v.seats == 2 and viewer == v.opponent(seat):
            return _reason("log.clear_you", "cleared with {tile} in {col}, onto your cube pool: {result}",
                           tile=tile, col=col, result=result)
        return _reason("log.clear", "cleared with {tile} in {col}: {result}", tile=tile, col=col, result=result)

    @staticmethod
    def _describe_okunote(v: ToradamaState, m: Any) -> Reason:
        kind = type(m)
        if kind is Swap:
            return _reason("log.swap", "swapped {a} and {b}", a=_tile(v.cells[m.a]), b=_tile(v.cells[m.b]))
        if kind is Flip:
            return _reason("log.flip", "turned a cube in {col} face up", col=_column(v, board.col_of(m.cell)))
        if kind is Dig:
            top = v.cells[m.col * ROWS + max(0, board.height(v.cells, m.col) - 1)]
            return _reason("log.dig", "discarded {tile} from the top of {col}", tile=_tile(top),
                           col=_column(v, m.col))
        if kind is Reroll:
            return _reason("log.reroll", "returned the pool to the bag and refilled it")
        return _reason("log.triple", "takes 3 tiles this turn")


def ending(s: ToradamaState) -> str:
    """How the game ended, as the arena tallies it: "first_to_8" (the target reached, 8 by default),
    "both_reached_8" (a draw), "no_move" (a player could neither place nor clear), "resigned",
    "solo_bag_out" (solo: the bag is empty and no move remains); "" before the end."""
    if s.phase != OVER:
        return ""
    if s.end == "resign":
        return "resigned"
    if s.seats == 1:
        return "solo_bag_out"
    if s.end == "stuck":
        return "no_move"
    return f"both_reached_{s.target}" if s.winner == DRAW else f"first_to_{s.target}"


def _tama(kind: int) -> Reason:
    """"a red tama": a face-up tile of `kind` in words."""
    name = board.KIND_NAMES[kind]
    return _reason("log.tama", "a {kind} tama", kind=_reason(f"kind.{name}", name))


def _tile(code: int) -> Reason:
    """A tile as everyone sees it: a face-up tama by its kind, any cube (a board code, a view's
    hidden cube, or CUBE_SOURCE: the top of a cube pool) as just a cube."""
    return _tama(code) if 0 <= code < KINDS else _reason("log.cube", "a cube")


def _column(v: ToradamaState, col: int) -> Reason:
    """A column as both players can name it: the mover's edge or inner column or the shared one (the
    board is mirrored for player 2, so no left or right); solo: left, middle, right."""
    if v.seats == 1:
        where = ("left", "middle", "right")[col]
        return _reason(f"log.col.{where}", f"the {where} column")
    if col == board.SHARED_COLUMN:
        return _reason("log.shared", "the shared column")
    if col in (0, board.COLS - 1):
        return _reason("log.col.edge", "the edge column")
    return _reason("log.col.inner", "the inner column")


def _public(events: list[tuple]) -> tuple[tuple, ...]:
    """A move's recorded steps as everyone saw them: a cube that falls stays a face-down cube. Every
    other step already holds only what the screen shows (the faces of cubes turned up, given away or
    dug out, the tiles drawn into the pool, the groups cleared)."""
    return tuple(("fall", tuple((col, frm, to, _looks(code)) for col, frm, to, code in e[1])) if e[0] == "fall" else e
                 for e in events)


def _group_mark(v: ToradamaState, mover: int, link: int, group: tuple) -> ScoreMark:
    """One group a chain link cleared (as the "chain" event records it), marked for `score_marks`."""
    cells, kind, taken, four, bonus = group
    shared = v.seats == 2 and any(board.col_of(c) == board.SHARED_COLUMN for c in cells)
    said = (("four", four), (f"chain+{bonus}", bonus), ("shared", shared))
    return ScoreMark(tuple(cells), taken * v.tile_value(mover, kind), kind, mover, link,
                     " ".join(word for word, yes in said if yes))


def public_record(s: ToradamaState) -> tuple[tuple, ...]:
    """The steps of the move that led to `s` as everyone saw them: from its events when `play`
    recorded them, else what a view (or a world dealt from one) kept. What the screens animate."""
    return s.public_events if s.events is None else _public(s.events)


def _looks(code: int) -> int:
    """What a tile looks like: its kind if face up, one look for every cube."""
    return HIDDEN_CUBE if code >= CUBE else code
