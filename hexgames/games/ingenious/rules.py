"""Ingenious (RULES.md §1): the rules engine.

Why it looks the way it does: the AI runs thousands of whole games per second through `copy`, `apply`
and `random_move`, so the board is a flat list of ints indexed by a cell id (all hexes within radius 7),
the neighbour and ray tables are precomputed once, the bag's randomness is a 64-bit LCG kept as a plain
int in the state (copying it is free, and `observe` can hide it), and `apply` trusts its move. Only
`check` validates, and it says why a move is refused with a translatable `Reason`.

Decisions taken here (shown in the rules help too):
- Start player random from the seed; start symbols coloured red, green, blue, orange, yellow, purple
  clockwise from (5, 0).
- The first-round restriction applies to each player's first (non-bonus) placement. If it leaves no
  legal spot, any spot is allowed.
- A player whose rack is empty (the bag ran dry) is skipped; if nobody holds a tile, the game ends.
- A swap is offered only if the rack still holds a tile and the bag is not empty (otherwise it would
  be the same as a normal refill).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, Mapping, Sequence

from hexgames.core import chance, hexgrid
from hexgames.core.hexgrid import Hex
from hexgames.core.protocol import Outcome, Reason, Rules, board_part, listing, reasons
from hexgames.core.scoring import ScoreMark

RED, GREEN, BLUE, ORANGE, YELLOW, PURPLE = range(6)
COLOURS = (RED, GREEN, BLUE, ORANGE, YELLOW, PURPLE)
COLOUR_NAMES = ("red", "green", "blue", "orange", "yellow", "purple")
# What the scene draws on top of each colour, so the game needs no colour vision.
COLOUR_SYMBOLS = ("sun12", "circle", "star6", "hexagon", "star24", "ring")

Tile = tuple[int, int]
EMPTY, OFF = -1, -2
MAX_RADIUS = 7
RACK_SIZE = 6
BONUS_AT = 18

# --- geometry tables (cell id = index into HEX_OF) ----------------------------------------------
HEX_OF: tuple[Hex, ...] = tuple(hexgrid.hexes_within(MAX_RADIUS))
CELL_OF: dict[Hex, int] = {h: i for i, h in enumerate(HEX_OF)}
NCELLS = len(HEX_OF)
# NB[c * 6 + d]: the neighbour of cell c in direction d, or -1 beyond radius 7.
NB: tuple[int, ...] = tuple(CELL_OF.get(hexgrid.neighbour(h, d), -1) for h in HEX_OF for d in range(6))


def _ray(c: int, d: int) -> tuple[int, ...]:
    out = []
    c = NB[c * 6 + d]
    while c >= 0:
        out.append(c)
        c = NB[c * 6 + d]
    return tuple(out)


# RAYS[c * 6 + d]: the cells along the straight line leaving c in direction d.
RAYS: tuple[tuple[int, ...], ...] = tuple(_ray(c, d) for c in range(NCELLS) for d in range(6))
CELL_RADIUS: tuple[int, ...] = tuple(hexgrid.radius(h) for h in HEX_OF)

# Start symbols at the corners of ring 5 (cube (x, y, z) -> axial (x, z)), and their colours.
START_HEXES: dict[Hex, int] = {
    (5, 0): RED, (5, -5): GREEN, (0, -5): BLUE, (-5, 0): ORANGE, (-5, 5): YELLOW, (0, 5): PURPLE,
}
START_CELLS: tuple[int, ...] = tuple(CELL_OF[h] for h in START_HEXES)
# START_NEAR[c]: index (0..5) of the start symbol next to cell c, or -1. The corners are 5 apart, so a
# cell touches at most one of them.
START_NEAR: tuple[int, ...] = tuple(
    next((i for i, sc in enumerate(START_CELLS) if sc in NB[c * 6:c * 6 + 6]), -1) for c in range(NCELLS))


def _template(radius: int) -> tuple[list[int], tuple[int, ...], int]:
    """The empty board for a playable radius: cells, the playable cell ids, adjacent empty pairs."""
    cells = [EMPTY if CELL_RADIUS[c] <= radius else OFF for c in range(NCELLS)]
    for h, colour in START_HEXES.items():
        cells[CELL_OF[h]] = colour
    playable = tuple(c for c in range(NCELLS) if CELL_RADIUS[c] <= radius)
    pairs = sum(1 for c in playable if cells[c] == EMPTY for d in range(3)
                if NB[c * 6 + d] >= 0 and cells[NB[c * 6 + d]] == EMPTY)
    return cells, playable, pairs


TEMPLATES = {r: _template(r) for r in (5, 6, 7)}
# FIRST_PAIRS[radius]: ordered adjacent playable pairs (a, b) of which at least one touches a start
# symbol, so first-round placements are found without scanning the board.
FIRST_PAIRS = {r: tuple((a, NB[a * 6 + d]) for a in TEMPLATES[r][1] for d in range(6)
                        if NB[a * 6 + d] >= 0 and CELL_RADIUS[NB[a * 6 + d]] <= r
                        and (START_NEAR[a] >= 0 or START_NEAR[NB[a * 6 + d]] >= 0)
                        and a not in START_CELLS and NB[a * 6 + d] not in START_CELLS)
               for r in (5, 6, 7)}


def count_empty_pairs(cells: Sequence[int], radius: int) -> int:
    """Adjacent pairs of empty playable hexes, counted from scratch (the state keeps it up to date)."""
    return sum(1 for c in TEMPLATES[radius][1] if cells[c] == EMPTY for d in range(3)
               if NB[c * 6 + d] >= 0 and cells[NB[c * 6 + d]] == EMPTY)


def full_bag() -> list[Tile]:
    """The 120 tiles: each two-colour pair six times, each double five times."""
    bag: list[Tile] = []
    for a in COLOURS:
        for b in COLOURS:
            if a < b:
                bag.extend([(a, b)] * 6)
            elif a == b:
                bag.extend([(a, a)] * 5)
    return bag


# --- the chance source: hexgames.core.chance (a 64-bit LCG kept in the state) ---------------------
_MASK, _LCG_A, _LCG_C, _seed_state = chance.MASK, chance.LCG_A, chance.LCG_C, chance.seed_state


# --- moves ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Place:
    """Put `tile` on the board: colour tile[0] on hex a, tile[1] on the adjacent hex b.

    Normalised on creation (smaller colour first; for a double, the smaller hex first), so the same
    placement always compares equal however the player rotated it."""

    tile: Tile
    a: Hex
    b: Hex

    def __post_init__(self) -> None:
        t = self.tile
        if t[0] > t[1] or (t[0] == t[1] and self.a > self.b):
            object.__setattr__(self, "tile", (t[1], t[0]))
            a = self.a
            object.__setattr__(self, "a", self.b)
            object.__setattr__(self, "b", a)


@dataclass(frozen=True)
class Swap:
    """The swap-right decision at the end of a turn: True = exchange the rack, False = normal refill."""

    accept: bool


Move = Place | Swap
PHASES = ("place", "bonus", "swap", "over")


# --- the state ------------------------------------------------------------------------------------
class IngeniousState:
    """Everything about one moment of a game. Plain lists of ints so copying is cheap.

    A *view* (from `observe`) has `observer >= 0`: other racks are None, the bag is empty, the unseen
    tiles (bag + other racks) are listed sorted in `unseen`, and the PRNG state is 0."""

    __slots__ = ("seats", "mode", "variant", "swap_rule", "radius", "cap", "stop", "thresholds",
                 "cells", "scores", "racks", "bag", "rng", "current", "start_player", "phase",
                 "bonus_pending", "round", "placed", "touched", "last_move", "pairs",
                 "observer", "unseen", "rack_counts", "hidden_bag")

    # --- readable views for the scene and AI -------------------------------------------------
    @property
    def board(self) -> dict[Hex, int]:
        """Every coloured hex (tiles and start symbols) -> colour."""
        return {HEX_OF[c]: v for c, v in enumerate(self.cells) if v >= 0}

    def colour_at(self, h: Hex) -> int | None:
        c = CELL_OF.get(h)
        if c is None or self.cells[c] < 0:
            return None
        return self.cells[c]

    def is_playable(self, h: Hex) -> bool:
        return hexgrid.radius(h) <= self.radius

    @property
    def start_hexes(self) -> dict[Hex, int]:
        return dict(START_HEXES)

    def track_of(self, seat: int) -> int:
        return seat % 2 if self.mode == "team" else seat

    @property
    def bag_count(self) -> int:
        return self.hidden_bag if self.observer >= 0 else len(self.bag)

    @property
    def first_round_touched(self) -> dict[Hex, int]:
        """Start hexes touched by players' first placements -> the seat that touched them."""
        return {HEX_OF[START_CELLS[i]]: seat for i, seat in enumerate(self.touched) if seat >= 0}

    def rack_size(self, seat: int) -> int:
        rack = self.racks[seat]
        return len(rack) if rack is not None else self.rack_counts[seat]

    def __repr__(self) -> str:
        return (f"IngeniousState(mode={self.mode}, seats={self.seats}, current={self.current}, "
                f"phase={self.phase}, round={self.round}, scores={self.scores})")


def _copy(s: IngeniousState) -> IngeniousState:
    t = IngeniousState.__new__(IngeniousState)
    t.seats, t.mode, t.variant, t.swap_rule = s.seats, s.mode, s.variant, s.swap_rule
    t.radius, t.cap, t.stop, t.thresholds = s.radius, s.cap, s.stop, s.thresholds
    t.cells = s.cells[:]
    t.scores = [x[:] for x in s.scores]
    t.racks = [r[:] if r is not None else None for r in s.racks]
    t.bag = s.bag[:]
    t.rng, t.current, t.start_player, t.phase = s.rng, s.current, s.start_player, s.phase
    t.bonus_pending, t.round = s.bonus_pending, s.round
    t.placed = s.placed[:]
    t.touched = s.touched[:]
    t.last_move, t.pairs = s.last_move, s.pairs
    t.observer, t.unseen, t.rack_counts, t.hidden_bag = s.observer, s.unseen, s.rack_counts, s.hidden_bag
    return t


def _draw(s: IngeniousState, rack: list[Tile], n: int) -> None:
    """Draw up to n tiles from the bag into rack (what there is, if the bag runs short)."""
    bag = s.bag
    x = s.rng
    for _ in range(min(n, len(bag))):
        x = (x * _LCG_A + _LCG_C) & _MASK
        i = (x >> 32) % len(bag)
        bag[i], bag[-1] = bag[-1], bag[i]
        rack.append(bag.pop())
    s.rng = x


def line_gain(cells: list[int], c: int, colour: int, skip: int) -> int:
    """Points one half of colour `colour` on cell c scores, looking along all directions but `skip`."""
    n = 0
    base = c * 6
    for d in range(6):
        if d == skip:
            continue
        for x in RAYS[base + d]:
            if cells[x] != colour:
                break
            n += 1
    return n


def _lines(cells: list[int], c: int, colour: int, skip: int) -> list[tuple[int, ...]]:
    """The rows of `colour` leaving cell c in every direction but `skip` (what `line_gain` counts)."""
    out = []
    for d in range(6):
        if d == skip:
            continue
        line = []
        for x in RAYS[c * 6 + d]:
            if cells[x] != colour:
                break
            line.append(x)
        if line:
            out.append(tuple(line))
    return out


def direction(a: int, b: int) -> int:
    base = a * 6
    for d in range(6):
        if NB[base + d] == b:
            return d
    return -1


def raised_score(old: int, gain: int, cap: int, stop: int) -> int:
    """A colour's new score: capped, and stopped at `stop` when crossing it from below (team)."""
    new = old + gain
    if new > cap:
        new = cap
    if stop and old < stop < new:
        new = stop
    return new


def _ending(s: IngeniousState) -> str:
    """How the game ended: a track reached the cap in every colour, no two adjacent empty spaces
    were left, or nobody held a tile any more (the arena tallies these)."""
    if any(min(track) >= s.cap for track in s.scores):
        return "all_colours_at_cap"
    return "board_full" if s.pairs == 0 else "tiles_out"


def _rank_key(track: Sequence[int]) -> tuple[int, ...]:
    return tuple(sorted(track))


# --- reasons ------------------------------------------------------------------------------------
_reason = reasons("ingenious")


class IngeniousRules(Rules[IngeniousState, Move]):
    """The Ingenious rules behind the common protocol."""

    id = "ingenious"

    # --- setup ----------------------------------------------------------------------------------
    def setup(self, options: Mapping[str, Any], seats: int, seed: int) -> IngeniousState:
        mode = options.get("mode") or ("solo" if seats == 1 else "standard")
        if mode == "team" and seats != 4:
            raise ValueError("team mode needs 4 seats")
        if mode == "solo" and seats != 1:
            raise ValueError("solo mode needs 1 seat")
        if mode == "standard" and seats not in (2, 3, 4):
            raise ValueError("standard mode needs 2 to 4 seats")
        variant = options.get("solo", "rack") if mode == "solo" else mode
        s = IngeniousState.__new__(IngeniousState)
        s.seats, s.mode, s.variant = seats, mode, variant
        s.swap_rule = options.get("swap_rule", "seed")
        s.radius = 7 if seats == 4 else 6 if seats == 3 else 5
        if variant == "team":
            s.cap, s.stop, s.thresholds = 36, BONUS_AT, (BONUS_AT, 36)
        elif variant == "solitaire":
            s.cap, s.stop, s.thresholds = 36, BONUS_AT, ()
        else:
            s.cap, s.stop, s.thresholds = BONUS_AT, 0, (BONUS_AT,)
        cells, _, pairs = TEMPLATES[s.radius]
        s.cells, s.pairs = cells[:], pairs
        s.scores = [[0] * 6 for _ in range(2 if variant == "team" else seats)]
        s.bag = full_bag()
        s.rng = _seed_state(seed)
        s.racks = [[] for _ in range(seats)]
        for rack in s.racks:
            _draw(s, rack, 1 if variant == "solitaire" else RACK_SIZE)
            rack.sort()
        s.rng = (s.rng * _LCG_A + _LCG_C) & _MASK
        s.start_player = s.current = (s.rng >> 32) % seats
        s.phase, s.bonus_pending, s.round = "place", 0, 1
        s.placed = [False] * seats
        s.touched = [-1] * 6
        s.last_move = None
        s.observer, s.unseen, s.rack_counts, s.hidden_bag = -1, None, None, 0
        return s

    # --- protocol basics ------------------------------------------------------------------------
    def to_move(self, s: IngeniousState) -> int:
        return s.current

    def is_over(self, s: IngeniousState) -> bool:
        return s.phase == "over"

    def copy(self, s: IngeniousState) -> IngeniousState:
        return _copy(s)

    # --- placement geometry -----------------------------------------------------------------------
    def _first_round(self, s: IngeniousState) -> bool:
        return s.phase == "place" and not s.placed[s.current]

    def _start_ok(self, s: IngeniousState, a: int, b: int) -> str | None:
        """None if a first placement on a, b respects the start-symbol rules, else why not."""
        near = [i for i in (START_NEAR[a], START_NEAR[b]) if i >= 0]
        if not near:
            return "start"
        seat = s.current
        for i in near:
            if s.touched[i] >= 0 and s.touched[i] != seat:
                return "taken"
        return None

    def pairs_for(self, s: IngeniousState) -> list[tuple[int, int]]:
        """Every ordered pair (a, b) of adjacent empty playable cells open to the player now."""
        cells = s.cells
        if self._first_round(s):
            restricted = [(a, b) for a, b in FIRST_PAIRS[s.radius]
                          if cells[a] == EMPTY and cells[b] == EMPTY and self._start_ok(s, a, b) is None]
            if restricted:
                return restricted
        out = []
        for a in TEMPLATES[s.radius][1]:
            if cells[a] != EMPTY:
                continue
            base = a * 6
            for d in range(6):
                b = NB[base + d]
                if b >= 0 and cells[b] == EMPTY:
                    out.append((a, b))
        return out

    def placement_targets(self, s: IngeniousState, tile: Tile) -> set[tuple[Hex, Hex]]:
        """Where `tile` may go now, as (hex for tile[0], hex for tile[1]); for highlighting."""
        if s.phase not in ("place", "bonus"):
            return set()
        return {(HEX_OF[a], HEX_OF[b]) for a, b in self.pairs_for(s)}

    # --- legal moves --------------------------------------------------------------------------
    def legal_moves(self, s: IngeniousState) -> list[Move]:
        if s.phase == "over":
            return []
        if s.phase == "swap":
            return [Swap(True), Swap(False)]
        rack = s.racks[s.current]
        if not rack:
            return []
        pairs = self.pairs_for(s)
        out: list[Move] = []
        for tile in sorted(set(rack)):
            if tile[0] == tile[1]:
                out.extend(Place(tile, HEX_OF[a], HEX_OF[b]) for a, b in pairs if a < b)
            else:
                out.extend(Place(tile, HEX_OF[a], HEX_OF[b]) for a, b in pairs)
        return out

    def check(self, s: IngeniousState, m: Move) -> str | None:
        if s.phase == "over":
            return Reason("core.game_over", "The game is over.")
        if isinstance(m, Swap):
            if s.phase == "bonus":
                return _reason("bonus_pending", "You must place your bonus tile first.")
            if s.phase != "swap":
                return _reason("no_swap_now", "There is no swap decision to make now.")
            return None
        if not isinstance(m, Place):
            return _reason("bad_move", "That is not a move of this game.")
        if s.phase == "swap":
            return _reason("decide_swap", "First decide whether to swap your tiles or refill normally.")
        rack = s.racks[s.current]
        if rack is None or tuple(m.tile) not in rack:
            return _reason("not_in_rack", "That tile is not in your rack.")
        a, b = CELL_OF.get(tuple(m.a)), CELL_OF.get(tuple(m.b))
        if hexgrid.distance(m.a, m.b) != 1:
            return _reason("not_adjacent", "The two halves of a tile must lie on neighbouring hexes.")
        for c in (a, b):
            if c is None or s.cells[c] == OFF:
                return _reason("off_board", "That hex is outside the playable area.")
            if s.cells[c] != EMPTY:
                return _reason("occupied", "That hex is already occupied.")
        if self._first_round(s):
            why = self._start_ok(s, a, b)
            if why is not None and any(self._start_ok(s, x, y) is None for x, y in self.pairs_for(s)):
                if why == "start":
                    return _reason("first_round_start",
                                   "In your first turn the tile must touch a start symbol.")
                return _reason("first_round_taken",
                               "Another player already touched that start symbol in this round.")
        return None

    # --- applying -----------------------------------------------------------------------------
    def apply(self, s: IngeniousState, m: Move) -> None:
        s.last_move = m
        if isinstance(m, Swap):
            self._finish_swap(s, m.accept)
            return
        self._place(s, m.tile, CELL_OF[m.a], CELL_OF[m.b])

    def _place(self, s: IngeniousState, tile: Tile, a: int, b: int) -> None:
        seat = s.current
        s.racks[seat].remove(tile)
        cells = s.cells
        ca, cb = tile
        # keep the count of adjacent empty pairs: filling a cell removes its pairs
        base = a * 6
        lost = 0
        for d in range(6):
            x = NB[base + d]
            if x >= 0 and cells[x] == EMPTY:
                lost += 1
        cells[a] = ca
        base = b * 6
        for d in range(6):
            x = NB[base + d]
            if x >= 0 and cells[x] == EMPTY:
                lost += 1
        cells[b] = cb
        s.pairs -= lost
        d_ab = direction(a, b)
        track = s.scores[seat % 2 if s.variant == "team" else seat]
        ga = line_gain(cells, a, ca, d_ab)
        gb = line_gain(cells, b, cb, (d_ab + 3) % 6)
        earned = 0
        if ca == cb:
            earned += self._add(s, track, ca, ga + gb)
        else:
            earned += self._add(s, track, ca, ga)
            earned += self._add(s, track, cb, gb)
        if not s.placed[seat]:
            s.placed[seat] = True
            for i in (START_NEAR[a], START_NEAR[b]):
                if i >= 0 and s.touched[i] < 0:
                    s.touched[i] = seat
        if s.phase == "bonus":
            s.bonus_pending -= 1
        s.bonus_pending += earned
        cap = s.cap
        if s.pairs == 0 or min(track) >= cap:
            s.phase = "over"
            s.bonus_pending = 0
            return
        if s.bonus_pending:
            if s.racks[seat]:
                s.phase = "bonus"
                return
            s.bonus_pending = 0  # no tile left to place: the bonus is forfeited
        self._end_turn(s)

    def _add(self, s: IngeniousState, track: list[int], colour: int, gain: int) -> int:
        """Add points to one colour; return how many bonus placements that earns."""
        old = track[colour]
        new = raised_score(old, gain, s.cap, s.stop)
        track[colour] = new
        return sum(1 for t in s.thresholds if old < t <= new)

    def _end_turn(self, s: IngeniousState) -> None:
        seat = s.current
        rack = s.racks[seat]
        if s.variant == "solitaire":
            _draw(s, rack, 1)
            if not rack:
                s.phase = "over"
            else:
                s.phase = "place"
            return
        if self._swap_right(s, seat):
            s.phase = "swap"
            return
        _draw(s, rack, RACK_SIZE - len(rack))
        rack.sort()
        self._advance(s)

    def _finish_swap(self, s: IngeniousState, accept: bool) -> None:
        rack = s.racks[s.current]
        if accept:
            aside = rack[:]
            rack.clear()
            _draw(s, rack, RACK_SIZE)
            s.bag.extend(aside)
        else:
            _draw(s, rack, RACK_SIZE - len(rack))
        rack.sort()
        self._advance(s)

    def _advance(self, s: IngeniousState) -> None:
        """Pass the turn on, skipping players with no tile left; nobody holding one ends the game."""
        n = s.seats
        cur = s.current
        for _ in range(n):
            cur = (cur + 1) % n
            if cur == s.start_player:
                s.round += 1
            if s.racks[cur] or (s.racks[cur] is None and s.rack_counts[cur]):
                s.current = cur
                s.phase = "place"
                s.bonus_pending = 0
                return
        s.phase = "over"

    # --- the swap right -------------------------------------------------------------------------
    def lowest_colours(self, s: IngeniousState, seat: int) -> tuple[int, ...]:
        track = s.scores[s.track_of(seat)]
        low = min(track)
        return tuple(c for c in COLOURS if track[c] == low)

    def _swap_right(self, s: IngeniousState, seat: int) -> bool:
        rack = s.racks[seat]
        if not rack or not s.bag or s.variant == "solitaire":
            return False
        track = s.scores[s.track_of(seat)]
        low = min(track)
        if s.swap_rule == "seed" and track.count(low) != 1:
            return False
        for a, b in rack:
            if track[a] == low or track[b] == low:
                return False
        return True

    def swap_allowed(self, s: IngeniousState) -> bool:
        """Whether the player to move has the swap right now (always true in the swap phase)."""
        if s.phase == "swap":
            return True
        if s.phase == "over" or s.racks[s.current] is None:
            return False
        return self._swap_right(s, s.current)

    # --- scoring helpers for the UI and the AI ----------------------------------------------------
    def raw_gains(self, s: IngeniousState, m: Place) -> tuple[int, ...]:
        """Points per colour the placement would score before the cap."""
        a, b = CELL_OF[m.a], CELL_OF[m.b]
        ca, cb = m.tile
        cells = s.cells[:]
        cells[a], cells[b] = ca, cb
        d = direction(a, b)
        out = [0] * 6
        out[ca] += line_gain(cells, a, ca, d)
        out[cb] += line_gain(cells, b, cb, (d + 3) % 6)
        return tuple(out)

    def score_marks(self, before: IngeniousState, m: Move, after: IngeniousState) -> list[ScoreMark]:
        """Each straight line a placed half counted (RULES.md §1.2): the half's hex and the hexes
        of its colour in a row beyond it, with their number said at the line's end, the first
        half's lines before the second's. A colour that crossed "Ingenious!" says so on its last line."""
        if not isinstance(m, Place):
            return []
        a, b = CELL_OF[m.a], CELL_OF[m.b]
        cells = before.cells[:]
        cells[a], cells[b] = m.tile
        d = direction(a, b)
        seat = before.current
        marks = [ScoreMark((HEX_OF[cell], *(HEX_OF[x] for x in line)), len(line), colour, seat, step, anchor="last")
                 for step, (cell, colour, skip) in enumerate(((a, m.tile[0], d), (b, m.tile[1], (d + 3) % 6)))
                 for line in _lines(cells, cell, colour, skip)]
        track = before.track_of(seat)
        crossed = {c for c in COLOURS for t in after.thresholds if before.scores[track][c] < t <= after.scores[track][c]}
        for colour in crossed:
            last = max(i for i, mark in enumerate(marks) if mark.colour == colour)
            marks[last] = replace(marks[last], note="ingenious")
        return marks

    def score_preview(self, s: IngeniousState, m: Place) -> tuple[int, ...]:
        """Points per colour the placement would add to the mover's track, after the cap."""
        track = s.scores[s.track_of(s.current)]
        raw = self.raw_gains(s, m)
        return tuple(raised_score(track[c], raw[c], s.cap, s.stop) - track[c] for c in COLOURS)

    # --- fast random play -----------------------------------------------------------------------
    def random_move(self, s: IngeniousState, rng: random.Random) -> Move:
        if s.phase == "swap":
            return Swap(rng.random() < 0.5)
        rack = s.racks[s.current]
        tile = rack[int(rng.random() * len(rack))]
        if self._first_round(s):
            a, b = rng.choice(self.pairs_for(s))
        else:
            a, b = self._random_pair(s, rng)
        if tile[0] != tile[1] and rng.random() < 0.5:
            a, b = b, a
        return Place(tile, HEX_OF[a], HEX_OF[b])

    @staticmethod
    def _random_pair(s: IngeniousState, rng: random.Random) -> tuple[int, int]:
        cells = s.cells
        playable = TEMPLATES[s.radius][1]
        n = len(playable)
        rand = rng.random
        for _ in range(24):
            a = playable[int(rand() * n)]
            if cells[a] != EMPTY:
                continue
            base = a * 6
            d0 = int(rand() * 6)
            for k in range(6):
                b = NB[base + (d0 + k) % 6]
                if b >= 0 and cells[b] == EMPTY:
                    return a, b
        live = [(a, NB[a * 6 + d]) for a in playable if cells[a] == EMPTY for d in range(6)
                if NB[a * 6 + d] >= 0 and cells[NB[a * 6 + d]] == EMPTY]
        return live[int(rand() * len(live))]

    # --- hand-built positions, solo results ---------------------------------------------------
    def put(self, s: IngeniousState, hexes: Mapping[Hex, int | None]) -> None:
        """Set hexes to a colour (or None = empty) by hand, for tests and puzzles; keeps the counts."""
        for h, colour in hexes.items():
            c = CELL_OF[h]
            if s.cells[c] == OFF or c in START_CELLS:
                raise ValueError(f"{h} cannot be edited")
            s.cells[c] = EMPTY if colour is None else colour
        s.pairs = count_empty_pairs(s.cells, s.radius)

    def highscore_key(self, s: IngeniousState) -> str | None:
        """The high-score table a finished solo game goes to ("ingenious/rack" or "/solitaire")."""
        return f"ingenious/{s.variant}" if s.mode == "solo" else None

    def result_sequence(self, s: IngeniousState, seat: int = 0) -> tuple[int, ...]:
        """The seat's track sorted ascending: the solo result and the ranking key."""
        return _rank_key(s.scores[s.track_of(seat)])

    # --- the end --------------------------------------------------------------------------------
    def outcome(self, s: IngeniousState) -> Outcome:
        keys = [_rank_key(t) for t in s.scores]
        track_rank = [sum(1 for k in keys if k > mine) for mine in keys]
        ranks = tuple(track_rank[s.track_of(i)] for i in range(s.seats))
        scores = tuple(float(min(s.scores[s.track_of(i)])) for i in range(s.seats))
        details = tuple("-".join(str(v) for v in keys[s.track_of(i)]) for i in range(s.seats))
        # Names are the app's to add (it knows the seats' names and the language): the summary only
        # gives the sequence that decided the game.
        if s.seats == 1:
            summary = Reason("ingenious.result.solo", "Your result: {sequence}", sequence=details[0])
        else:
            best = details[ranks.index(0)]
            summary = Reason("ingenious.result.best", "Winning sequence, lowest colour first: {sequence}",
                             sequence=best)
        teams = tuple(s.track_of(i) for i in range(s.seats)) if s.variant == "team" else ()
        return Outcome(scores=scores, ranks=ranks, summary=summary, details=details, teams=teams,
                       ending=_ending(s))

    # --- hidden information ---------------------------------------------------------------------
    def observe(self, s: IngeniousState, seat: int) -> IngeniousState:
        v = _copy(s)
        if s.observer >= 0:
            return v
        unseen = list(s.bag)
        counts = [len(r) for r in s.racks]
        for i in range(s.seats):
            if i != seat:
                unseen.extend(s.racks[i])
                v.racks[i] = None
        v.bag = []
        v.unseen = tuple(sorted(unseen))
        v.rack_counts = tuple(counts)
        v.hidden_bag = len(s.bag)
        v.rng = 0
        v.observer = seat
        return v

    def sample(self, view: IngeniousState, seat: int, rng: random.Random) -> IngeniousState:
        s = _copy(view)
        if view.observer < 0:
            return s
        pool = list(view.unseen)
        rng.shuffle(pool)
        for i in range(s.seats):
            if s.racks[i] is None:
                k = view.rack_counts[i]
                s.racks[i] = sorted(pool[:k])
                del pool[:k]
        s.bag = pool
        s.rng = rng.getrandbits(64)
        s.observer, s.unseen, s.rack_counts, s.hidden_bag = -1, None, None, 0
        return s

    def reveals(self, s: IngeniousState, m: Move) -> str | None:
        if s.observer >= 0 or self.check(s, m) is not None:
            return None
        t = _copy(s)
        self.apply(t, m)
        if len(t.bag) != len(s.bag) or t.rng != s.rng:
            return _reason("undo_drawn", "new tiles were drawn from the bag.")
        return None

    # --- encoding -------------------------------------------------------------------------------
    def encode(self, m: Move) -> list[Any]:
        if isinstance(m, Swap):
            return ["s", 1 if m.accept else 0]
        return ["p", m.tile[0], m.tile[1], m.a[0], m.a[1], m.b[0], m.b[1]]

    def decode(self, j: Any) -> Move:
        """Strict: exactly what `encode` writes (["s", 0|1] or ["p", 6 whole numbers], no bools or
        floats); the message never echoes the data."""
        if type(j) is not list or not j or not all(type(x) is int for x in j[1:]):
            raise ValueError("not an Ingenious move")
        if j[0] == "s" and len(j) == 2 and j[1] in (0, 1):
            return Swap(j[1] == 1)
        if j[0] == "p" and len(j) == 7:
            if not (0 <= j[1] < 6 and 0 <= j[2] < 6):
                raise ValueError("bad colour in an Ingenious move")
            return Place((j[1], j[2]), (j[3], j[4]), (j[5], j[6]))
        raise ValueError("not an Ingenious move")

    def fingerprint(self, s: IngeniousState) -> Any:
        return (s.seats, s.mode, s.variant, s.swap_rule, s.radius, tuple(s.cells),
                tuple(tuple(t) for t in s.scores),
                tuple(tuple(r) if r is not None else None for r in s.racks), tuple(s.bag), s.rng,
                s.current, s.start_player, s.phase, s.bonus_pending, s.round, tuple(s.placed),
                tuple(s.touched), s.pairs, s.observer, s.unseen, s.rack_counts, s.hidden_bag)

    def describe(self, s: IngeniousState, m: Move, viewer: int | None = None) -> Reason:
        """Every Ingenious move is public once played (the tile is on the board, the swap is seen):
        the tile, where it went (the part of the board, as `board_part` words it), what it scored and
        the bonus placements it earned; the tiles drawn after it are not named, so nothing hidden
        shows whoever reads it."""
        if isinstance(m, Swap):
            if m.accept:
                return _reason("log.swap", "swapped the whole rack")
            return _reason("log.refill", "kept the rack")
        a, b = (_colour(c) for c in m.tile)
        tile = _reason("log.tile", "{a}/{b}", a=a, b=b)
        gains = self.score_preview(s, m) if s.phase in ("place", "bonus") else (0,) * 6
        earned = [_reason("log.gain", "+{n} {colour}", n=gains[c], colour=_colour(c)) for c in COLOURS if gains[c]]
        points = listing(earned) if earned else _reason("log.nothing", "no points")
        key, text = ("log.bonus", "bonus placement {tile} {where}: {points}") if s.phase == "bonus" else \
            ("log.place", "placed {tile} {where}: {points}")
        words = _reason(key, text, tile=tile, where=self._where(s, m), points=points)
        track = s.scores[s.track_of(s.current)]
        bonus = sum(1 for c in COLOURS for t in s.thresholds if track[c] < t <= track[c] + gains[c])
        if bonus == 1:
            return _reason("log.ingenious_one", "{move} – Ingenious! A bonus placement", move=words)
        if bonus:
            return _reason("log.ingenious", "{move} – Ingenious! {n} bonus placements", move=words, n=bonus)
        return words

    @staticmethod
    def _where(s: IngeniousState, m: Place) -> Reason:
        """The part of the area in use the tile lies in (its middle, as drawn on screen)."""
        (ax, ay), (bx, by) = hexgrid.to_pixel(m.a, 1.0), hexgrid.to_pixel(m.b, 1.0)
        return board_part((ax + bx) / 2, (ay + by) / 2, 1.5 * s.radius + 1, hexgrid.SQRT3 * (s.radius + 0.5))


def _colour(c: int) -> Reason:
    return _reason(f"colour.{COLOUR_NAMES[c]}", COLOUR_NAMES[c])
