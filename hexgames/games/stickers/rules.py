"""Sticker Turf (RULES.md §5) as a pure, fast rules engine; no pygame, no players.

How a game runs through the protocol:
- **Decks first.** Every seat picks its deck one sticker at a time (`Pick`, 8 each; 16 in solo), seat 1
  after seat 0. One small move per sticker keeps `legal_moves` enumerable (at most 260 picks) and
  lets `check` give a readable reason for every refusal (`catalogue.add_problem`). A seat's picks are
  hidden from the other seat until both decks are complete; then both decks are shuffled (from the
  state's seeded RNG) and their *contents* are public, but never their order.
- **Turns.** Drawing is chance inside `apply`: the seat to move always has its sticker already drawn
  (`drawn`), and its only decision is where to put it (`Place`). Helpers are used at once when drawn:
  Jump and Double need no decision; Peek asks for the new order of the top 3 (`Reorder`), Block for a
  cell (`Block`). An unplaceable sticker goes to the bottom of the deck (face up, so both players
  know what lies at the bottom) and the next is drawn; a deck tried through without a placeable
  sticker is a pass.
- **Hidden information.** Per deck, `known_bottom` stickers at the bottom are public (returned as
  unplaceable), and `peeked` stickers at the top are known to the owner (Peek). `observe` shuffles
  nothing but canonicalises (sorts) the parts a seat cannot see, and `sample` shuffles them.
- **Undo.** Any move after which a sticker is drawn from an unseen part of a deck reveals it, so undo
  across it is refused (`reveals`); picks before the decks are complete can be undone freely.

The board is a dict cell -> board layout (+ 256 * owner), a dict grid point -> colours present and
corner count, the founded points, the frontier (empty cells sharing an edge with a sticker) and the
blocked cells; regions are recomputed when scored (`regions.py`).
"""
from __future__ import annotations

import itertools
import random
from dataclasses import dataclass
from typing import Any, Mapping, NamedTuple, Sequence

from hexgames.core import chance
from hexgames.core.protocol import JSON, Outcome, Reason, Rules, listing, reasons
from hexgames.core.scoring import ScoreMark
from hexgames.games.stickers import catalogue, regions
from hexgames.games.stickers.catalogue import BLOCK, DOUBLE, HELPER_NAMES, JUMP, LAYOUTS, PEEK, turned
from hexgames.games.stickers.regions import CORNER_OFFSET, CORNERS, cell_key, cell_xy

MAX_COORD = 100  # moves beyond this are refused; real games stay within 16 cells of the centre
PEEK_COUNT = 3
CENTRE = 0  # cell_key(0, 0)
HIDDEN = -1  # a sticker another seat picked, in a view


# --- moves --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Pick:
    """Add `sticker` (a catalogue id) to the deck of the seat that is building."""

    sticker: int


@dataclass(frozen=True)
class Place:
    """Put the drawn sticker on cell (x, y); it is never rotated (seat 1's appear turned 180°)."""

    x: int
    y: int


@dataclass(frozen=True)
class Block:
    """The Block helper: cell (x, y) stays empty for the rest of the game."""

    x: int
    y: int


@dataclass(frozen=True)
class Reorder:
    """The Peek helper: the top stickers in a new order. `order[i]` is the index (0 = current top)
    of the sticker that becomes the i-th from the top."""

    order: tuple[int, ...]


Move = Pick | Place | Block | Reorder
PICKS = tuple(Pick(i) for i in catalogue.ALL_STICKERS)  # moves are immutable: made once, shared
_PLACES: dict[int, Place] = {}


def place_at(cell: int) -> Place:
    """The (shared) Place move for a cell key: random playouts make millions of them."""
    m = _PLACES.get(cell)
    if m is None:
        m = _PLACES[cell] = Place(*cell_xy(cell))
    return m
PHASES = ("deck", "place", "peek", "block", "over")


# --- the state -----------------------------------------------------------------------------------
class StickersState:
    """One moment of a game. Plain ints, lists, dicts and sets so that a copy is cheap.

    decks[seat]: the deck, bottom first (the top is decks[seat][-1]); in a view the parts the viewer
    cannot order are sorted.
    picks[seat]: the stickers chosen so far during the deck phase (HIDDEN for another seat's, in a view).
    cells: cell -> board layout + 256 * owner; points: grid point -> colour mask | corners << 4;
    founded: grid point -> seat that completed it; frontier: empty, unblocked cells next to a sticker.
    events: what the last move set off (draws, helpers, stickers sent to the bottom, passes), for the
    scene to show; never read by the rules."""

    __slots__ = ("seats", "mode", "strict", "size", "phase", "current", "starter", "picks", "decks",
                 "known_bottom", "peeked", "drawn", "jump", "extra", "placed_turn", "passes", "cells",
                 "points", "founded", "frontier", "blocked", "rng", "hidden_draws", "events",
                 "observer", "last_place")

    def deck_count(self, seat: int) -> int:
        return len(self.decks[seat])

    def owner_at(self, x: int, y: int) -> int | None:
        v = self.cells.get(cell_key(x, y))
        return None if v is None else v >> 8

    def __repr__(self) -> str:
        return f"StickersState(phase={self.phase}, current={self.current}, drawn={self.drawn}, cells={len(self.cells)})"


def _copy(s: StickersState) -> StickersState:
    t = StickersState.__new__(StickersState)
    t.seats, t.mode, t.strict, t.size = s.seats, s.mode, s.strict, s.size
    t.phase, t.current, t.starter = s.phase, s.current, s.starter
    t.picks = [p[:] for p in s.picks]
    t.decks = [d[:] for d in s.decks]
    t.known_bottom = s.known_bottom[:]
    t.peeked = s.peeked[:]
    t.drawn, t.jump, t.extra, t.placed_turn, t.passes = s.drawn, s.jump, s.extra, s.placed_turn, s.passes
    t.cells = s.cells.copy()
    t.points = s.points.copy()
    t.founded = s.founded.copy()
    t.frontier = s.frontier.copy()
    t.blocked = s.blocked.copy()
    t.rng, t.hidden_draws, t.events = s.rng, s.hidden_draws, s.events
    t.observer, t.last_place = s.observer, s.last_place
    return t


def _shuffle(s: StickersState, items: list[int]) -> None:
    """Fisher-Yates from the state's generator (`hexgames.core.chance`)."""
    x = s.rng
    for i in range(len(items) - 1, 0, -1):
        x = chance.step(x)
        j = (x >> 33) % (i + 1)
        items[i], items[j] = items[j], items[i]
    s.rng = x


_reason = reasons("stickers")


def board_layout(sticker: int, seat: int) -> int:
    """How a sticker lies on the board: upright for seat 0, turned 180° for seat 1 (§5.2)."""
    return TURNED[sticker] if seat == 1 else sticker


TURNED = tuple(turned(x) for x in range(LAYOUTS))
BITS = tuple(tuple(1 << c for c in CORNERS[x]) for x in range(LAYOUTS))  # corner colours as bit masks
assert CORNER_OFFSET == (0, 256, 257, 1)  # `fits` spells the offsets out for speed


class Preview(NamedTuple):
    """What a placement would do: scores before and after, the grid points it would found, and the
    territories (owner, size) it would cancel."""

    before: tuple[int, ...]
    after: tuple[int, ...]
    founded: tuple[int, ...]
    cancelled: tuple[tuple[int, int], ...]


class StickersRules(Rules[StickersState, Move]):
    id = "stickers"

    # --- setup -------------------------------------------------------------------------------
    def setup(self, options: Mapping[str, Any], seats: int, seed: int) -> StickersState:
        mode = options.get("mode") or ("solo" if seats == 1 else "standard")
        if (mode == "solo") != (seats == 1) or seats not in (1, 2):
            raise ValueError("Sticker Turf is played by 2 seats, or 1 in solo mode")
        s = StickersState.__new__(StickersState)
        s.seats, s.mode = seats, mode
        s.strict = options.get("matching", "lenient") == "strict"
        s.size = catalogue.DECK_SIZE[mode]
        s.rng = chance.seed_state(seed)
        first = options.get("first", "random")
        if seats == 1:
            s.starter = 0
        elif first in ("player1", "player2"):
            s.starter = 0 if first == "player1" else 1
        else:
            s.rng = chance.step(s.rng)
            s.starter = (s.rng >> 40) % 2
        s.phase, s.current = "deck", 0
        s.picks = [[] for _ in range(seats)]
        s.decks = [[] for _ in range(seats)]
        s.known_bottom = [0] * seats
        s.peeked = [0] * seats
        s.drawn, s.jump, s.extra, s.placed_turn, s.passes = -1, False, 0, False, 0
        s.cells, s.points, s.founded = {}, {}, {}
        s.frontier, s.blocked = set(), set()
        s.hidden_draws, s.events = 0, ()
        s.observer, s.last_place = -1, None
        return s

    # --- protocol basics ---------------------------------------------------------------------
    def to_move(self, s: StickersState) -> int:
        return s.current

    def is_over(self, s: StickersState) -> bool:
        return s.phase == "over"

    def copy(self, s: StickersState) -> StickersState:
        return _copy(s)

    # --- placement geometry ------------------------------------------------------------------
    def fits(self, s: StickersState, cell: int, layout: int, jump: bool = False) -> bool:
        """Whether a sticker of board layout `layout` may go on the empty frontier cell `cell`."""
        if jump:
            return True
        get = s.points.get
        b0, b1, b2, b3 = BITS[layout]
        if s.strict:
            touch = False
            for v, b in ((get(cell, 0) & 15, b0), (get(cell + 256, 0) & 15, b1),
                         (get(cell + 257, 0) & 15, b2), (get(cell + 1, 0) & 15, b3)):
                if v:
                    if v != b:
                        return False
                    touch = True
            return touch
        return bool(get(cell, 0) & b0 or get(cell + 256, 0) & b1 or get(cell + 257, 0) & b2
                    or get(cell + 1, 0) & b3)

    def _placeable(self, s: StickersState, sticker: int, seat: int) -> bool:
        if not s.cells:
            return True
        layout = board_layout(sticker, seat)
        jump = s.jump
        fits = self.fits
        for cell in s.frontier:
            if fits(s, cell, layout, jump):
                return True
        return False

    def targets(self, s: StickersState) -> list[tuple[int, int]]:
        """The cells where the drawn sticker may go now, as (x, y); for highlighting and the AI."""
        if s.phase != "place":
            return []
        if not s.cells:
            return [(0, 0)]
        layout = board_layout(s.drawn, s.current)
        return sorted(cell_xy(c) for c in s.frontier if self.fits(s, c, layout, s.jump))

    # --- legal moves -------------------------------------------------------------------------
    def legal_moves(self, s: StickersState) -> list[Move]:
        phase = s.phase
        if phase == "place":
            return [Place(x, y) for x, y in self.targets(s)]
        if phase == "deck":
            picks = s.picks[s.current]
            return [PICKS[i] for i in catalogue.ALL_STICKERS if catalogue.add_problem(picks, i, s.size) is None]
        if phase == "peek":
            k = min(PEEK_COUNT, len(s.decks[s.current]))
            return [Reorder(p) for p in itertools.permutations(range(k))]
        if phase == "block":
            return [Block(x, y) for x, y in sorted(cell_xy(c) for c in s.frontier)]
        return []

    def check(self, s: StickersState, m: Any) -> str | None:
        if s.phase == "over":
            return Reason("core.game_over", "The game is over.")
        kind = type(m)
        if kind not in (Pick, Place, Block, Reorder):
            return _reason("bad_move", "That is not a move of this game.")
        if s.phase == "deck":
            if kind is not Pick:
                return _reason("build_first", "First build your deck.")
            return catalogue.add_problem(s.picks[s.current], m.sticker, s.size)
        if kind is Pick:
            return _reason("decks_done", "The decks are already complete.")
        if s.phase == "peek":
            return self._check_reorder(s, m) if kind is Reorder else _reason(
                "peek_first", "Peek: first choose the order of your top stickers.")
        if s.phase == "block":
            return self._check_block(s, m) if kind is Block else _reason(
                "block_first", "Block: first choose an empty cell to block.")
        if kind is not Place:
            return _reason("place_first", "Place the sticker you drew.")
        return self._check_place(s, m)

    def _cell(self, x: Any, y: Any) -> int | None:
        if type(x) is not int or type(y) is not int or abs(x) > MAX_COORD or abs(y) > MAX_COORD:
            return None
        return cell_key(x, y)

    def _check_place(self, s: StickersState, m: Place) -> Reason | None:
        cell = self._cell(m.x, m.y)
        if cell is None:
            return _reason("no_such_cell", "There is no such cell.")
        if not s.cells:
            return None if cell == CENTRE else _reason("centre_first", "The first sticker goes in the centre.")
        if cell in s.cells:
            return _reason("occupied", "That cell already holds a sticker.")
        if cell in s.blocked:
            return _reason("blocked", "That cell is blocked.")
        if cell not in s.frontier:
            return _reason("not_adjacent", "A sticker must share an edge with a sticker already placed.")
        if self.fits(s, cell, board_layout(s.drawn, s.current), s.jump):
            return None
        if s.strict:
            return _reason("strict_mismatch",
                           "Strict matching: every corner that touches another must have its colour.")
        return _reason("no_match", "At least one corner must touch a corner of the same colour.")

    def _check_block(self, s: StickersState, m: Block) -> Reason | None:
        cell = self._cell(m.x, m.y)
        if cell is None:
            return _reason("no_such_cell", "There is no such cell.")
        if cell in s.cells:
            return _reason("occupied", "That cell already holds a sticker.")
        if cell not in s.frontier:
            return _reason("block_where", "Block an empty cell next to a sticker.")
        return None

    def _check_reorder(self, s: StickersState, m: Reorder) -> Reason | None:
        k = min(PEEK_COUNT, len(s.decks[s.current]))
        order = m.order
        if type(order) is not tuple or len(order) != k or any(type(i) is not int for i in order) \
                or sorted(order) != list(range(k)):
            return _reason("bad_order", "Give each of your top {stickers} one place.", stickers=counted("stickers", k))
        return None

    # --- applying ----------------------------------------------------------------------------
    def apply(self, s: StickersState, m: Move) -> None:
        s.events = ()
        kind = type(m)
        if kind is Place:
            self._place(s, cell_key(m.x, m.y))
        elif kind is Pick:
            self._pick(s, m.sticker)
        elif kind is Reorder:
            self._reorder(s, m.order)
        else:
            cell = cell_key(m.x, m.y)
            s.blocked.add(cell)
            s.frontier.discard(cell)
            self._draw(s)

    def _pick(self, s: StickersState, sticker: int) -> None:
        picks = s.picks[s.current]
        picks.append(sticker)
        if len(picks) < s.size:
            return
        if s.current + 1 < s.seats:
            s.current += 1
            return
        for seat in range(s.seats):
            deck = s.picks[seat][:]
            _shuffle(s, deck)
            s.decks[seat] = deck
        s.current = s.starter
        s.phase = "place"
        self._start_turn(s)

    def _reorder(self, s: StickersState, order: tuple[int, ...]) -> None:
        seat = s.current
        deck = s.decks[seat]
        k = len(order)
        top = deck[-k:][::-1]  # top first
        deck[-k:] = [top[i] for i in order][::-1]
        s.peeked[seat] = k
        s.known_bottom[seat] = min(s.known_bottom[seat], len(deck) - k)
        s.events += (("reorder", seat, k),)
        self._draw(s)

    def _place(self, s: StickersState, cell: int) -> None:
        seat = s.current
        self.stick(s, cell, board_layout(s.drawn, seat), seat)
        s.last_place = (seat, cell)
        s.drawn = -1
        s.jump = False
        s.placed_turn = True
        s.passes = 0
        if s.extra:
            s.extra -= 1
            self._draw(s)
        else:
            self._next_turn(s)

    @staticmethod
    def stick(s: StickersState, cell: int, layout: int, seat: int) -> None:
        """Put a sticker of board layout `layout` on `cell` for `seat`: corners, foundings, frontier.
        (Unrolled: it runs once per placement of every playout.)"""
        cells, blocked, frontier = s.cells, s.blocked, s.frontier
        cells[cell] = layout + 256 * seat
        frontier.discard(cell)
        for n in (cell - 256, cell + 256, cell - 1, cell + 1):
            if n not in cells and n not in blocked:
                frontier.add(n)
        pts = s.points
        get = pts.get
        for p, b in zip((cell, cell + 256, cell + 257, cell + 1), BITS[layout]):
            v = (get(p, 0) | b) + 16
            pts[p] = v
            if v >> 4 == 4 and (v & 15) == b:
                s.founded[p] = seat

    # --- hand-built positions (tests, puzzles) ------------------------------------------------
    def put(self, s: StickersState, x: int, y: int, layout: int, seat: int = 0) -> None:
        """Stick a sticker of *board* layout `layout` on (x, y) for `seat`, outside the turn order."""
        cell = cell_key(x, y)
        if cell in s.cells:
            raise ValueError(f"({x}, {y}) is taken")
        self.stick(s, cell, layout, seat)

    def deal(self, s: StickersState, decks: Sequence[Sequence[int]], starter: int | None = None) -> None:
        """Skip the deck phase: play starts with these decks in this order (bottom first)."""
        s.picks = [list(d) for d in decks]
        s.decks = [list(d) for d in decks]
        s.current = s.starter if starter is None else starter
        s.phase = "place"
        self._start_turn(s)

    # --- turns and draws -----------------------------------------------------------------------
    def _next_turn(self, s: StickersState) -> None:
        """Hand the turn on, skipping seats with an empty deck; nobody with a sticker ends it."""
        n = s.seats
        for i in range(1, n + 1):
            seat = (s.current + i) % n
            if s.decks[seat]:
                s.current = seat
                self._start_turn(s)
                return
        self._end(s)

    def _start_turn(self, s: StickersState) -> None:
        s.jump, s.extra, s.placed_turn = False, 0, False
        self._draw(s)

    def _end(self, s: StickersState) -> None:
        s.phase = "over"
        s.drawn = -1

    def _pop(self, s: StickersState, seat: int) -> int:
        deck = s.decks[seat]
        if len(deck) > s.known_bottom[seat]:
            s.hidden_draws += 1
        sticker = deck.pop()
        if s.peeked[seat]:
            s.peeked[seat] -= 1
        if s.known_bottom[seat] > len(deck):
            s.known_bottom[seat] = len(deck)
        return sticker

    def _to_bottom(self, s: StickersState, seat: int, sticker: int) -> None:
        s.decks[seat].insert(0, sticker)
        s.known_bottom[seat] += 1

    def _draw(self, s: StickersState) -> None:
        """Draw for the seat to move until it holds a placeable sticker or must decide on a helper;
        an empty deck ends its turn, and a deck tried through without a fit is a pass."""
        seat = s.current
        deck = s.decks[seat]
        tried = 0
        while True:
            if not deck:
                self._turn_over(s, passed=False)
                return
            if tried >= len(deck):
                s.events += (("pass", seat, -1),)
                self._turn_over(s, passed=not s.placed_turn)
                return
            sticker = self._pop(s, seat)
            if sticker >= LAYOUTS:
                if not s.cells:  # a helper on top at the start goes to the bottom (§5.3)
                    self._to_bottom(s, seat, sticker)
                    s.events += (("helper_bottom", seat, sticker),)
                    tried += 1  # a deck of helpers only must end in a pass, not loop for ever
                    continue
                s.events += (("helper", seat, sticker),)
                tried = 0
                if sticker == JUMP:
                    s.jump = True
                elif sticker == DOUBLE:
                    s.extra += 1
                elif sticker == PEEK:
                    if deck:
                        s.phase = "peek"
                        return
                elif sticker == BLOCK:
                    if s.frontier:
                        s.phase = "block"
                        return
                continue
            if self._placeable(s, sticker, seat):
                s.drawn = sticker
                s.phase = "place"
                s.events += (("draw", seat, sticker),)
                return
            self._to_bottom(s, seat, sticker)
            s.events += (("bottom", seat, sticker),)
            tried += 1

    def _turn_over(self, s: StickersState, passed: bool) -> None:
        s.drawn = -1
        s.phase = "place"
        if passed:
            s.passes += 1
            live = sum(1 for d in s.decks if d)
            if s.passes >= live:
                self._end(s)
                return
        elif s.placed_turn:
            s.passes = 0
        self._next_turn(s)

    # --- fast random play ----------------------------------------------------------------------
    def random_move(self, s: StickersState, rng: random.Random) -> Move:
        phase = s.phase
        if phase == "place":
            if not s.cells:
                return place_at(CENTRE)
            layout = board_layout(s.drawn, s.current)
            cells = tuple(s.frontier)
            n = len(cells)
            rand = rng.random
            for _ in range(12):
                c = cells[int(rand() * n)]
                if self.fits(s, c, layout, s.jump):
                    return place_at(c)
            return rng.choice(self.legal_moves(s))
        if phase == "deck":
            picks = s.picks[s.current]
            for _ in range(20):
                i = int(rng.random() * len(catalogue.ALL_STICKERS))
                if catalogue.add_problem(picks, i, s.size) is None:
                    return PICKS[i]
        return rng.choice(self.legal_moves(s))

    # --- scores and the end ------------------------------------------------------------------
    def territories(self, s: StickersState) -> list[regions.Territory]:
        return regions.regions(s.cells, s.founded)

    def scores(self, s: StickersState) -> list[int]:
        return regions.scores(s.cells, s.founded, s.seats)

    def score_marks(self, before: StickersState, m: Move, after: StickersState) -> list[ScoreMark]:
        """How each region the move touched changed its owner's score (RULES.md §5.5): a territory
        founded or grown (+ its new corners), and one cancelled by a rival's founding or by two
        players' territories growing into one (minus what it scored: it now scores for nobody).
        The places are the region's grid points; per seat the marks add up to the change of score."""
        if not isinstance(m, Place):
            return []
        old = self.territories(before)
        marks = []
        for region in self.territories(after):
            grown_from = [o for o in old if o.colour == region.colour and o.points & region.points]
            was = {seat: sum(o.size for o in grown_from if o.owner == seat) for seat in range(after.seats)}
            now = {seat: region.size if region.owner == seat else 0 for seat in range(after.seats)}
            places = tuple(sorted(region.points))
            for seat in range(after.seats):
                if now[seat] != was[seat]:
                    note = "cancelled" if region.owner is None else "founded" if not was[seat] else ""
                    marks.append(ScoreMark(places, now[seat] - was[seat], region.colour, seat, 0, note))
        return marks

    def preview(self, s: StickersState, x: int, y: int) -> Preview:
        """The consequences of putting the drawn sticker on (x, y), for the scene to show before the
        player commits (the placement itself must be legal; see `check`)."""
        seat = s.current
        t = _copy(s)
        self.stick(t, cell_key(x, y), board_layout(s.drawn, seat), seat)
        old = self.territories(s)
        new = self.territories(t)
        region_of = {p: reg for reg in new for p in reg.points}
        cancelled = tuple((reg.owner, reg.size) for reg in old if reg.owner is not None
                          and region_of[next(iter(reg.points))].owner is None)
        founded = tuple(p for p in t.founded if p not in s.founded)
        return Preview(tuple(self.scores(s)), tuple(self.scores(t)), founded, cancelled)

    @staticmethod
    def ending(s: StickersState) -> str:
        """How the game ended (§5.7), for the arena's tally and the results: "decks_out" when every
        deck is used up, "no_fit" when every player with stickers left passed in a row (none of them
        fits anywhere); "" before the end. A pass keeps its stickers, so a deck is left only then."""
        if s.phase != "over":
            return ""
        return "no_fit" if any(s.decks) else "decks_out"

    def ending_words(self, s: StickersState) -> Reason:
        """The ending in words, as the results screen shows it."""
        solo = s.seats == 1
        if self.ending(s) == "decks_out":
            return _reason("ending.decks_out_solo" if solo else "ending.decks_out",
                           "The deck is used up." if solo else "Both decks are used up.")
        if self.ending(s) == "no_fit":
            return _reason("ending.no_fit", "No sticker left fits anywhere.")
        return _reason("ending.none", "The game is not over.")

    def outcome(self, s: StickersState) -> Outcome:
        pts = self.scores(s)
        scores = tuple(float(x) for x in pts)
        ranks = tuple(sum(1 for o in scores if o > mine) for mine in scores)
        owned = [0] * s.seats
        for t in self.territories(s):
            if t.owner is not None:
                owned[t.owner] += 1
        details = tuple(Reason("stickers.result.detail", "{territories}, {corners}",
                               territories=counted("territories", owned[i]), corners=counted("corners", pts[i]))
                        for i in range(s.seats))
        if s.seats == 1:
            result = Reason("stickers.result.solo", "Your territories hold {corners}.", corners=counted("corners", pts[0]))
        elif ranks[0] == ranks[1]:
            result = Reason("stickers.result.draw", "A draw: both hold {corners}.", corners=counted("corners", pts[0]))
        else:
            result = Reason("stickers.result.best", "The widest turf holds {corners}.",
                            corners=counted("corners", max(pts)))
        summary = Reason("stickers.result.summary", "{ending} {result}", ending=self.ending_words(s), result=result)
        return Outcome(scores, ranks, summary, details, ending=self.ending(s))

    def highscore_key(self, s: StickersState) -> str | None:
        return "stickers/solo" if s.mode == "solo" else None

    # --- hidden information ------------------------------------------------------------------
    def _unseen_span(self, s: StickersState, deck_seat: int, seat: int) -> tuple[int, int]:
        """The slice of deck `deck_seat` whose order `seat` cannot know."""
        deck = s.decks[deck_seat]
        lo = s.known_bottom[deck_seat]
        hi = len(deck) - (self.known_top(s, deck_seat) if deck_seat == seat else 0)
        return lo, max(lo, hi)

    @staticmethod
    def known_top(s: StickersState, seat: int) -> int:
        """How many stickers on top of its deck `seat` knows: those Peek showed, including the ones
        it is looking at while it decides their order."""
        if s.phase == "peek" and s.current == seat:
            return max(s.peeked[seat], min(PEEK_COUNT, len(s.decks[seat])))
        return s.peeked[seat]

    def private_info(self, s: StickersState) -> bool:
        """Only decks in the making and an order Peek showed are private; the board, the drawn
        stickers and the deck contents are open, so a hot-seat needs no hand-over otherwise."""
        return s.phase in ("deck", "peek") or any(self.known_top(s, seat) for seat in range(s.seats))

    def observe(self, s: StickersState, seat: int) -> StickersState:
        v = _copy(s)
        if s.observer >= 0:  # already a view (a finished game keeps its deck order hidden too)
            return v
        v.observer = seat
        v.rng = 0
        if s.phase == "deck":
            for other in range(s.seats):
                if other != seat:  # chosen in secret until both decks are complete
                    v.picks[other] = [HIDDEN] * len(s.picks[other])
            return v
        for owner in range(s.seats):
            lo, hi = self._unseen_span(s, owner, seat)
            v.decks[owner][lo:hi] = sorted(v.decks[owner][lo:hi])
        return v

    def sample(self, view: StickersState, seat: int, rng: random.Random) -> StickersState:
        s = _copy(view)
        if view.observer < 0:
            return s
        s.observer = -1
        s.rng = rng.getrandbits(64)
        if s.phase == "deck":
            for other in range(s.seats):
                picks = s.picks[other]
                if picks and picks[0] == HIDDEN:
                    s.picks[other] = catalogue.random_deck(rng, s.size, len(picks))
            return s
        for owner in range(s.seats):
            lo, hi = self._unseen_span(view, owner, seat)
            part = s.decks[owner][lo:hi]
            rng.shuffle(part)
            s.decks[owner][lo:hi] = part
        return s

    def reveals(self, s: StickersState, m: Move) -> str | None:
        if s.observer >= 0 or self.check(s, m) is not None:
            return None
        t = _copy(s)
        self.apply(t, m)
        if t.hidden_draws != s.hidden_draws or type(m) is Reorder:
            return _reason("undo_drawn", "a sticker was drawn from a deck since then.")
        return None

    # --- moves as data -----------------------------------------------------------------------
    def encode(self, m: Move) -> JSON:
        kind = type(m)
        if kind is Pick:
            return ["pick", m.sticker]
        if kind is Place:
            return ["place", m.x, m.y]
        if kind is Block:
            return ["block", m.x, m.y]
        return ["order", *m.order]

    def decode(self, j: JSON) -> Move:
        if not isinstance(j, list) or not j or not all(type(x) is int for x in j[1:]):
            raise ValueError(f"not a Sticker Turf move: {j!r}")
        head, args = j[0], j[1:]
        if head == "pick" and len(args) == 1 and 0 <= args[0] < len(catalogue.ALL_STICKERS):
            return Pick(args[0])
        if head in ("place", "block") and len(args) == 2 and all(abs(a) <= MAX_COORD for a in args):
            return (Place if head == "place" else Block)(args[0], args[1])
        if head == "order" and 1 <= len(args) <= PEEK_COUNT and sorted(args) == list(range(len(args))):
            return Reorder(tuple(args))
        raise ValueError(f"not a Sticker Turf move: {j!r}")

    def fingerprint(self, s: StickersState) -> JSON:
        return (s.seats, s.mode, s.strict, s.phase, s.current, s.starter,
                tuple(tuple(p) for p in s.picks), tuple(tuple(d) for d in s.decks),
                tuple(s.known_bottom), tuple(s.peeked), s.drawn, s.jump, s.extra, s.placed_turn, s.passes,
                tuple(sorted(s.cells.items())), tuple(sorted(s.points.items())),
                tuple(sorted(s.founded.items())), tuple(sorted(s.frontier)), tuple(sorted(s.blocked)),
                s.rng, s.hidden_draws, s.observer)

    def describe(self, s: StickersState, m: Move, viewer: int | None = None) -> Reason:
        """The move as `viewer` may know it: a pick is secret from the other seat (the decks are
        built in secret), and so is the order Peek gave the top of a deck; the sticker drawn next is
        never named (it shows on the board). A placement names the drawn sticker (everyone sees it)
        and what it did: a territory founded, corners won, the viewer's (or a rival's) corners
        cancelled; a block says when it shuts a cell beside the viewer's stickers."""
        kind = type(m)
        seat = s.current
        if kind is Pick:
            if viewer != seat:
                return _reason("log.pick_secret", "picked a sticker for the deck")
            return _reason("log.pick", "picked {sticker}", sticker=sticker_words(m.sticker))
        if kind is Reorder:
            if viewer != seat:
                return _reason("log.peek_secret", "ordered the top {stickers} (Peek)",
                               stickers=counted("stickers", len(m.order)))
            deck = s.decks[seat]
            top = deck[::-1][:len(m.order)]
            order = [top[i] for i in m.order if i < len(top)]
            return _reason("log.peek", "put {stickers} on top (Peek)",
                           stickers=listing([sticker_words(x) for x in order]))
        if kind is Block:
            beside = {s.owner_at(m.x + dx, m.y + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))}
            if viewer is not None and viewer != seat and viewer in beside:
                return _reason("log.block_yours", "blocked a cell beside your stickers (Block)")
            return _reason("log.block", "blocked a cell (Block)")
        before, after, founded, cancelled = self._placement(s, m)
        effects: list[Reason] = []
        if founded and not cancelled:
            effects.append(_reason("log.founded", "founded a territory"))
        gain = after[seat] - before[seat]
        if gain:
            effects.append(_reason("log.gain", "{gain} corners" if abs(gain) != 1 else "{gain} corner",
                                   gain=f"{gain:+d}", count=abs(gain)))
        for other in range(s.seats):
            lost = before[other] - after[other]
            if other != seat and lost > 0:
                key, text = ("log.cancel_yours", "cancelled {corners} of yours") if other == viewer else \
                    ("log.cancel", "cancelled {corners} of the rival's")
                effects.append(_reason(key, text, corners=counted("corners", lost)))
        if not effects:
            return _reason("log.place_plain", "placed {sticker}", sticker=sticker_words(s.drawn))
        return _reason("log.place", "placed {sticker} ({effects})", sticker=sticker_words(s.drawn),
                       effects=listing(effects))

    def _placement(self, s: StickersState, m: Place) -> Preview:
        """`preview` for a described placement (a drawn sticker is needed; else nothing changes)."""
        if s.drawn < 0 or s.drawn >= LAYOUTS or cell_key(m.x, m.y) in s.cells:
            scores = tuple(self.scores(s))
            return Preview(scores, scores, (), ())
        return self.preview(s, m.x, m.y)


COUNT_WORDS = {"corners": ("{count} corner", "{count} corners"),
               "territories": ("{count} territory", "{count} territories"),
               "stickers": ("{count} sticker", "{count} stickers")}


def counted(noun: str, count: int) -> Reason:
    """A number of things in words ("1 corner", "3 corners"): the key's translation holds each
    language's plural forms, picked by `count` (see `App.tr`)."""
    one, other = COUNT_WORDS[noun]
    return _reason(f"count.{noun}", one if count == 1 else other, count=count)


def sticker_words(sticker: int) -> Reason:
    """A sticker in words: a helper by name, a layout by its corner colours, most first ("3 green +
    1 red"; the board shows where each corner lies)."""
    if sticker >= LAYOUTS:
        name = HELPER_NAMES.get(sticker, "?")
        return _reason(f"log.helper.{name}", name.capitalize())
    colours = catalogue.corners(sticker)
    counts = sorted({c: colours.count(c) for c in colours}.items(), key=lambda kv: (-kv[1], kv[0]))
    parts = [_reason("log.part", "{n} {colour}", n=n, colour=_reason(f"log.colour.{catalogue.COLOUR_NAMES[c]}",
                                                                     catalogue.COLOUR_NAMES[c]))
             for c, n in counts]
    out = parts[-1]
    for part in reversed(parts[:-1]):
        out = _reason("log.plus", "{a} + {b}", a=part, b=out)
    return out
