"""The rules of Clans (RULES.md §2) as a pure, fast engine; no pygame.

Why it looks the way it does:
- Playouts for the AI and the `bench` target (500 random 3-player games a second on one core) make
  `apply`, `copy` and `random_move` the hot path: the state is a few flat lists, huts per area are
  tuples (so a copy is a shallow list copy), and village detection only looks at the neighbours of
  the area just emptied (nothing else can become isolated by a move).
- Several villages formed by one move wait in `pending` for the mover's `ScoreNext` decision, an
  ordinary move, so the scene's "?" markers and the AI handle it the same way.
- The only hidden information is who plays which colour. `observe` blanks the other seats' colours
  and keeps everything else; `sample` deals the unknown colours uniformly among the consistent deals.
  The rules know no players: guessing colours from how someone moves is the AI's business
  (`clans/beliefs.py`), which replays the public `history` from `opening`.
- There is no chance after the setup, so `reveals` stays None; undo works until the end, whose
  reveal of every colour the match layer refuses to take back (`Match.end_revealed`).
"""
from __future__ import annotations

import random
from typing import Any, Mapping, NamedTuple, Sequence

from hexgames.core import hexgrid
from hexgames.core.protocol import JSON, Outcome, Reason, Rules, board_part, listing, reasons
from hexgames.core.scoring import ScoreMark
from hexgames.games.clans.map import FOREST, GRASSLAND, MOUNTAINS, STEPPE, TERRAIN_NAMES, ClansMap, load_map

_reason = reasons("clans")

WHITE, YELLOW, BLUE, GREEN, RED = range(5)
COLOUR_NAMES = ("white", "yellow", "blue", "green", "red")
COLOURS = 5
HUTS_PER_COLOUR = 12
BIG_GROUP = 7
EMPTY = (0, 0, 0, 0, 0)


class Move(NamedTuple):
    """Move every hut of area `src` onto the occupied neighbouring area `dst`."""

    src: int
    dst: int


class ScoreNext(NamedTuple):
    """The mover's choice of which of several villages formed together scores next."""

    area: int


class ScoreEntry(NamedTuple):
    """One scored village, in the order scored, so the scene can replay the scoring step by step."""

    area: int
    epoch: int
    founder: int
    removed: tuple[int, ...]  # huts per colour taken off the board (dispute rule, hostile terrain)
    value: int
    scorers: tuple[int, ...]  # colours that gained `value`
    hostile: bool


class ClansState:
    """A Clans position. Public fields are read by the scene and the AI; see the module docstring."""

    __slots__ = ("rules", "seats", "huts", "size", "active", "points", "founded", "villages", "pending",
                 "villages_scored", "colour_of", "current", "last_move", "score_log", "removed",
                 "history", "start", "first")

    @property
    def areas(self) -> int:
        return len(self.huts)

    @property
    def epoch(self) -> int:
        """The current epoch, 0..4 (I..V); stays at the last one once all 12 villages are scored."""
        return ClansRules.EPOCH_OF_VILLAGE[min(self.villages_scored, ClansRules.VILLAGES - 1)]

    @property
    def huts_on_board(self) -> int:
        return sum(self.size)

    def village_areas(self) -> set[int]:
        return {v[0] for v in self.villages}


class ClansRules(Rules[ClansState, Any]):
    id = "clans"

    EPOCH_SIZES = (4, 3, 2, 2, 1)
    EPOCH_OF_VILLAGE = tuple(e for e, n in enumerate(EPOCH_SIZES) for _ in range(n))
    VILLAGES = len(EPOCH_OF_VILLAGE)  # 12
    FAVOURED = (FOREST, MOUNTAINS, STEPPE, GRASSLAND, -1)  # -1: any terrain
    BONUS = (1, 2, 3, 4, 5)
    HOSTILE = (MOUNTAINS, GRASSLAND, FOREST, STEPPE, None)

    def __init__(self, clans_map: ClansMap | None = None):
        self.map = clans_map or load_map()
        self.nbrs = self.map.neighbours
        self._region_areas = [self.map.region_areas(r) for r in range(self.map.regions)]
        pts = [hexgrid.to_pixel(c, 1.0) for c in self.map.all_cells()]  # the map's extent, for `describe`
        self._bounds = ((min(p[0] for p in pts), min(p[1] for p in pts)), (max(p[0] for p in pts), max(p[1] for p in pts)))

    def __reduce__(self):
        # states carry their rules; send AI worker processes a reference to the shared map, not a copy
        return (_default_rules, ())

    # --- setup ------------------------------------------------------------------------------------
    def setup(self, options: Mapping[str, Any], seats: int, seed: int) -> ClansState:
        rng = random.Random(seed)
        s = ClansState()
        s.rules = self
        s.seats = seats
        colours = list(range(COLOURS))
        rng.shuffle(colours)
        s.colour_of = tuple(colours[:seats])
        huts = [EMPTY] * self.map.areas
        for areas in self._region_areas:
            order = list(range(COLOURS))
            rng.shuffle(order)
            for area, colour in zip(areas, order):
                h = [0] * COLOURS
                h[colour] = 1
                huts[area] = tuple(h)
        s.huts = huts
        s.size = [sum(h) for h in huts]
        s.active = [a for a in range(self.map.areas) if s.size[a]]
        s.points = [0] * COLOURS
        s.founded = [0] * seats
        s.villages = []
        s.pending = []
        s.villages_scored = 0
        s.current = rng.randrange(seats)
        s.last_move = None
        s.score_log = []
        s.removed = 0
        s.history = []
        s.start = tuple(huts)
        s.first = s.current
        return s

    def opening(self, s: ClansState) -> ClansState:
        """The position before the first move, knowing the colours `s` knows: replaying `s.history`
        from it gives `s` again (the recap and the AI's colour inference read what happened)."""
        t = self.copy(s)
        t.huts = list(s.start)
        t.size = [sum(h) for h in t.huts]
        t.active = [a for a in range(self.map.areas) if t.size[a]]
        t.points = [0] * COLOURS
        t.founded = [0] * s.seats
        t.villages, t.pending, t.score_log, t.history = [], [], [], []
        t.villages_scored = t.removed = 0
        t.current = s.first
        t.last_move = None
        return t

    def copy(self, s: ClansState) -> ClansState:
        t = ClansState.__new__(ClansState)
        t.rules = s.rules
        t.seats = s.seats
        t.huts = s.huts[:]
        t.size = s.size[:]
        t.active = s.active[:]
        t.points = s.points[:]
        t.founded = s.founded[:]
        t.villages = s.villages[:]
        t.pending = s.pending[:]
        t.villages_scored = s.villages_scored
        t.colour_of = s.colour_of
        t.current = s.current
        t.last_move = s.last_move
        t.score_log = s.score_log[:]
        t.removed = s.removed
        t.history = s.history[:]
        t.start = s.start
        t.first = s.first
        return t

    # --- reading ----------------------------------------------------------------------------------
    def to_move(self, s: ClansState) -> int:
        return s.current

    def is_over(self, s: ClansState) -> bool:
        return s.villages_scored >= self.VILLAGES or (not s.active and not s.pending)

    def can_move(self, s: ClansState, src: int, dst: int) -> bool:
        size = s.size
        return size[dst] > 0 and (size[src] < BIG_GROUP or size[dst] >= size[src])

    def targets(self, s: ClansState, src: int) -> list[int]:
        """The areas the huts of `src` may move to now (empty when `src` cannot move)."""
        if s.pending or self.is_over(s) or not s.size[src]:
            return []
        return [d for d in self.nbrs[src] if self.can_move(s, src, d)]

    def legal_moves(self, s: ClansState) -> Sequence[Any]:
        if self.is_over(s):
            return []
        if s.pending:
            return [ScoreNext(a) for a in s.pending]
        size, nbrs = s.size, self.nbrs
        out = []
        for src in sorted(s.active):
            n = size[src]
            for dst in nbrs[src]:
                m = size[dst]
                if m and (n < BIG_GROUP or m >= n):
                    out.append(Move(src, dst))
        return out

    def check(self, s: ClansState, m: Any) -> str | None:
        if self.is_over(s):
            return Reason("core.game_over", "The game is over.")
        if isinstance(m, ScoreNext):
            return self._check_score_next(s, m)
        if not isinstance(m, Move):
            return Reason("core.illegal", "That move is not allowed now.")
        if s.pending:
            return _reason("choose_order", "First choose which village scores next: click a ? mark.")
        return self._check_move(s, m)

    def _check_score_next(self, s: ClansState, m: ScoreNext) -> str | None:
        if not s.pending:
            return _reason("no_pending", "No villages are waiting to be scored.")
        if m.area not in s.pending:
            return _reason("not_pending", "That area is not one of the villages waiting to be scored.")
        return None

    def _check_move(self, s: ClansState, m: Move) -> str | None:
        n = self.map.areas
        if not (0 <= m.src < n and 0 <= m.dst < n):
            return _reason("no_such_area", "There is no such area.")
        if m.src in s.village_areas() or m.dst in s.village_areas():
            return _reason("village_fixed", "A village never moves and takes no more huts.")
        if not s.size[m.src]:
            return _reason("src_empty", "There are no huts in that area.")
        if m.src == m.dst:
            return _reason("same_area", "Drop the huts on a neighbouring area.")
        if m.dst not in self.nbrs[m.src]:
            return _reason("not_adjacent",
                          "Huts move only to a neighbouring area (rivers can be crossed, lakes cannot).")
        if not s.size[m.dst]:
            return _reason("dst_empty", "Huts move only onto other huts, never into an empty area.")
        if s.size[m.src] >= BIG_GROUP and s.size[m.dst] < s.size[m.src]:
            return _reason("too_big",
                          "A group of {size} huts cannot move, except onto a group at least as large.",
                          size=s.size[m.src])
        return None

    # --- playing ----------------------------------------------------------------------------------
    def apply(self, s: ClansState, m: Any) -> None:
        mover = s.current
        s.last_move = (mover, m)
        s.history.append((mover, m))
        if len(m) == 1:  # ScoreNext
            s.pending.remove(m[0])
            self._score(s, m[0])
            self._after_scoring(s)
            return
        src, dst = m
        huts, size, nbrs = s.huts, s.size, self.nbrs
        a, b = huts[src], huts[dst]
        huts[dst] = (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3], a[4] + b[4])
        size[dst] += size[src]
        huts[src] = EMPTY
        size[src] = 0
        active = s.active
        active.remove(src)
        new = []
        for n in nbrs[src]:
            if size[n]:
                for k in nbrs[n]:
                    if size[k]:
                        break
                else:
                    new.append(n)
                    active.remove(n)
        if not new:
            s.current = (mover + 1) % s.seats
        elif len(new) == 1:
            self._score(s, new[0])
            self._after_scoring(s)
        else:
            s.pending = new

    def _after_scoring(self, s: ClansState) -> None:
        """Auto-score a last forced village, or pass the turn once nothing waits."""
        if s.villages_scored >= self.VILLAGES:
            s.pending = []
            return
        if len(s.pending) == 1:
            self._score(s, s.pending.pop())
            if s.villages_scored >= self.VILLAGES:
                return
        if not s.pending:
            s.current = (s.current + 1) % s.seats

    def _score(self, s: ClansState, area: int) -> None:
        epoch = self.EPOCH_OF_VILLAGE[s.villages_scored]
        founder = s.current
        s.founded[founder] += 1
        h = list(s.huts[area])
        removed = [0] * COLOURS
        if all(h):  # dispute: all five colours present, single huts leave
            for c in range(COLOURS):
                if h[c] == 1:
                    h[c] = 0
                    removed[c] = 1
        terrain = self.map.terrain[area]
        hostile = terrain == self.HOSTILE[epoch]
        n = sum(h)
        if hostile:
            value = 0
            for c in range(COLOURS):
                removed[c] += h[c]
            h = [0] * COLOURS
        elif n:
            favoured = self.FAVOURED[epoch]
            value = n + (self.BONUS[epoch] if favoured == terrain or favoured == -1 else 0)
        else:
            value = 0
        scorers = tuple(c for c in range(COLOURS) if h[c])
        for c in scorers:
            s.points[c] += value
        s.huts[area] = tuple(h)
        s.size[area] = sum(h)
        s.removed += sum(removed)
        s.villages_scored += 1
        s.villages.append((area, epoch, value, founder))
        s.score_log.append(ScoreEntry(area, epoch, founder, tuple(removed), value, scorers, hostile))

    def random_move(self, s: ClansState, rng: random.Random) -> Any:
        if s.pending:
            return ScoreNext(rng.choice(s.pending))
        # rejection sampling: a random active area, then a random one of six neighbour slots (slots
        # beyond its degree reject), so every legal (src, dst) pair is equally likely
        active, size, nbrs = s.active, s.size, self.nbrs
        rand = rng.random
        k = len(active)
        for _ in range(40):
            src = active[int(rand() * k)]
            ns = nbrs[src]
            j = int(rand() * 6)
            if j >= len(ns):
                continue
            dst = ns[j]
            m = size[dst]
            if m and (m >= size[src] or size[src] < BIG_GROUP):
                return Move(src, dst)
        return rng.choice(list(self.legal_moves(s)))

    # --- the end ----------------------------------------------------------------------------------
    def seat_score(self, s: ClansState, seat: int) -> int:
        colour = s.colour_of[seat]
        return (s.points[colour] if colour is not None else 0) + s.founded[seat]

    def outcome(self, s: ClansState) -> Outcome:
        scores = tuple(float(self.seat_score(s, i)) for i in range(s.seats))
        ranks = tuple(sum(1 for o in scores if o > mine) for mine in scores)
        best = max(scores)
        shared = sum(1 for x in scores if x == best) > 1
        summary = (_reason("outcome.shared", "Colours revealed: a shared win with {points} points.",
                          points=int(best)) if shared else
                   _reason("outcome.summary", "Colours revealed: the best score is {points} points.",
                          points=int(best)))
        details = tuple(self._detail(s, i) for i in range(s.seats))
        ending = "twelve_villages" if s.villages_scored >= self.VILLAGES else "no_moves"
        return Outcome(scores, ranks, summary, details, ending=ending)

    def _detail(self, s: ClansState, seat: int) -> str:
        colour = s.colour_of[seat]
        if colour is None:
            return ""
        name = COLOUR_NAMES[colour]
        return _reason("outcome.detail", "{colour}: {points} points + {villages} villages",
                      colour=_reason(f"colour.{name}", name.capitalize()), points=s.points[colour],
                      villages=s.founded[seat])

    # --- what the board shows of scoring ---------------------------------------------------------
    def score_marks(self, before: ClansState, m: Any, after: ClansState) -> list[ScoreMark]:
        """Each village the move scored, in the order scored (RULES.md §2.5): its founder's point
        (a public fact: who moved), then what every colour still in it gained, by colour only (whose
        colour it is stays secret); a dispute's lone huts and a hostile terrain's huts as lost."""
        marks: list[ScoreMark] = []
        for step, entry in enumerate(after.score_log[len(before.score_log):]):
            place = (entry.area,)
            marks.append(ScoreMark(place, 1, None, entry.founder, step, "founder"))
            marks += [ScoreMark(place, entry.value, c, None, step) for c in entry.scorers]
            marks += [ScoreMark(place, -n, c, None, step, "hostile" if entry.hostile else "dispute")
                      for c, n in enumerate(entry.removed) if n and not entry.hostile]
            if entry.hostile:
                marks.append(ScoreMark(place, 0, None, None, step, "hostile"))
        return marks

    # --- hidden information -----------------------------------------------------------------------
    def observe(self, s: ClansState, seat: int) -> ClansState:
        t = self.copy(s)
        if not self.is_over(s):
            t.colour_of = tuple(c if i == seat else None for i, c in enumerate(s.colour_of))
        return t

    def sample(self, view: ClansState, seat: int, rng: random.Random) -> ClansState:
        """Deal the colours `view` does not show uniformly: every consistent deal is equally likely."""
        t = self.copy(view)
        known = view.colour_of
        unknown = [i for i, c in enumerate(known) if c is None]
        if unknown:
            free = [c for c in range(COLOURS) if c not in known]
            full = list(known)
            for i, c in zip(unknown, rng.sample(free, len(unknown))):
                full[i] = c
            t.colour_of = tuple(full)
        return t

    # --- moves as data ----------------------------------------------------------------------------
    def encode(self, m: Any) -> JSON:
        if isinstance(m, ScoreNext):
            return ["score", m.area]
        return ["move", m.src, m.dst]

    def decode(self, j: JSON) -> Any:
        """Strict: exactly what `encode` writes (["score", area] or ["move", src, dst], whole numbers
        that are not bools); the message never echoes the data."""
        if type(j) is not list or not j or not all(type(x) is int for x in j[1:]):
            raise ValueError("not a Clans move")
        if j[0] == "score" and len(j) == 2:
            return ScoreNext(j[1])
        if j[0] == "move" and len(j) == 3:
            return Move(j[1], j[2])
        raise ValueError("not a Clans move")

    def fingerprint(self, s: ClansState) -> JSON:
        return (tuple(s.huts), tuple(s.points), tuple(s.founded), tuple(s.villages), tuple(s.pending),
                s.villages_scored, s.colour_of, s.current, s.removed, tuple(s.score_log))

    def describe(self, s: ClansState, m: Any, viewer: int | None = None) -> Reason:
        """Every move is public; only who plays which colour is secret. The text names the group
        moved by its size, the terrains the map shows and the part of the map (`board_part`), and
        each village it founded: where, what it was worth and to which hut colours (those are on the
        board for all to see). The viewer's own colour is marked "yours" when `s` (their
        observation) shows it, and so are their huts a hostile village removed; no text ever ties a
        colour to another seat. Short enough for the narrow move log."""
        after = self.copy(s)
        self.apply(after, m)
        mine = s.colour_of[viewer] if viewer is not None and 0 <= viewer < s.seats else None
        villages = listing([self._village_text(e, mine) for e in after.score_log[len(s.score_log):]],
                           "clans.log.villages", "{a}; {b}")
        if isinstance(m, ScoreNext):
            return _reason("log.order", "chose the order: {villages}", villages=villages)
        huts = s.size[m.src]
        key, words = ("log.move_one", "moved 1 hut from {src} to {dst} {where}") if huts == 1 else \
            ("log.move", "moved {huts} huts from {src} to {dst} {where}")
        x, y = self.map.centroid(m.dst)
        (x0, y0), (x1, y1) = self._bounds
        where = board_part(x - (x0 + x1) / 2, y - (y0 + y1) / 2, (x1 - x0) / 2, (y1 - y0) / 2)
        text = _reason(f"{key}", words, huts=huts, src=self._terrain(m.src), dst=self._terrain(m.dst), where=where)
        if after.pending and not s.pending:
            return _reason("log.pending", "{move}, forming {n} villages to score in the order chosen", move=text,
                          n=len(after.pending))
        if not villages:
            return text
        return _reason("log.then", "{move}, founding {villages}", move=text, villages=villages)

    def _terrain(self, area: int) -> Reason:
        name = self.terrain_name(area)
        return _reason(f"terrain.{name}", name.capitalize())

    def _village_text(self, e: ScoreEntry, mine: int | None) -> Reason:
        """One village in words; `mine` is the reader's own colour if they know it (else None)."""
        terrain = self._terrain(e.area)
        if e.hostile:
            lost = e.removed[mine] if mine is not None else 0
            if lost:
                return _reason("log.hostile_yours", "a village in hostile {terrain} (huts removed, {n} yours)",
                              terrain=terrain, n=lost)
            return _reason("log.hostile", "a village in hostile {terrain} (huts removed)", terrain=terrain)
        if not e.scorers:
            return _reason("log.village_none", "a {terrain} village (no points)", terrain=terrain)
        colours = []
        for c in e.scorers:
            name = _reason(f"colour.{COLOUR_NAMES[c]}", COLOUR_NAMES[c].capitalize())
            colours.append(_reason("log.yours", "your {colour}", colour=name) if c == mine else name)
        return _reason("log.village", "a {terrain} village (+{value} for {colours})", terrain=terrain,
                      value=e.value, colours=listing(colours, "clans.log.colours", "{a}/{b}"))

    def terrain_name(self, area: int) -> str:
        return TERRAIN_NAMES[self.map.terrain[area]]


_DEFAULT: ClansRules | None = None


def _default_rules() -> ClansRules:
    global _DEFAULT
    if _DEFAULT is None:
        from hexgames import games

        _DEFAULT = games.get("clans").rules
    return _DEFAULT
