"""Sticker Turf AI hooks: evaluation, the greedy (Medium) move, candidates, the playout policy, and
each level's deck. No pygame; the AI sees only `observe`'s view (deck orders unknown, contents public).

How a position is valued (`standings`): each seat's territory corners now, plus what the open points
of the board promise. An *open point* is a grid point of a region whose corners so far are all the
region's colour: one more sticker with that colour on the right corner completes it (three corners
there) or brings it closer (two). Who can do that depends on the stickers left in each deck (their
contents are public), so each seat's chance is the share of its remaining stickers that carry the
colour on the corner the empty cell needs. An open point is worth:
- for an unfounded region: the region's size to whoever may found it (regions it could still claim);
- for a region one seat founded: a loss to the founder if the rival can found there too (a spoil
  cancels it), which is also what the rival gains by spoiling.
Blocked cells close their points. The deck's own contents count through those shares.

Decks are part of the level: Random picks at random, Easy takes a quick-play deck, Medium builds a
one-colour deck (SR and R stickers of one colour, which found and grow regions of it) of seven
stickers and Peek (see `one_colour_deck`), Hard eight stickers of one colour whose odd corners are
of a colour a Medium deck of that colour lacks (see `spare_deck`).
"""
from __future__ import annotations

import math
import random
from typing import Any

from hexgames.games.stickers import catalogue
from hexgames.games.stickers.catalogue import DOUBLE, HELPER, N, PEEK, R, SR
from hexgames.games.stickers.regions import CORNER_OFFSET, CORNERS, STRIDE, summaries
from hexgames.games.stickers.rules import Pick, Reorder, StickersRules, StickersState, board_layout

RULES = StickersRules()
EVAL_SCALE = 6.0  # corners of lead that make evaluate about 0.73
CLAIM_WEIGHT = 0.45  # share of an unfounded region's size an open point promises
SPOIL_WEIGHT = 0.55  # share of a founded region's size a rival's open point puts at risk
FAR_WEIGHT = 0.3  # an open point with two corners (two stickers away) counts this much of one with three
NOISE_CORNERS = 4.0  # Easy's noise (given on the [0, 1] scale) in corners
# the cell that has its corner k on grid point p is p - CELL_AT[k]
CELL_AT = CORNER_OFFSET


# --- what the decks can still do ----------------------------------------------------------------
def corner_shares(s: StickersState) -> list[list[float]]:
    """Per seat, per (colour * 4 + corner): the share of its remaining stickers (the drawn one
    included) that would put that colour on that corner of a cell."""
    out = []
    for seat in range(s.seats):
        counts = [0] * 16
        stickers = list(s.decks[seat])
        if seat == s.current and s.drawn >= 0:
            stickers.append(s.drawn)
        n = 0
        for st in stickers:
            if st < catalogue.LAYOUTS:
                n += 1
                cols = CORNERS[board_layout(st, seat)]
                for k in range(4):
                    counts[cols[k] * 4 + k] += 1
        out.append([min(1.0, 2.0 * c / n) if n else 0.0 for c in counts])
    return out


def standings(s: StickersState, shares: list[list[float]] | None = None) -> list[float]:
    """Each seat's territory corners plus the expected worth of the board's open points. `shares`
    (from `corner_shares(s)`) may be passed in when ranking many placements of one sticker."""
    seats = s.seats
    value = [0.0] * seats
    if shares is None:
        shares = corner_shares(s)
    pts, cells, blocked = s.points, s.cells, s.blocked
    for t in summaries(cells, s.founded):
        founders = t.founders
        if len(founders) > 1:
            continue
        owner = next(iter(founders)) if founders else None
        if owner is not None:
            value[owner] += t.size
        colour = t.colour
        single = 1 << colour
        reach = [0.0] * seats
        for p in t.points:
            v = pts[p]
            count = v >> 4
            if count == 4 or (v & 15) != single:
                continue
            weight = 1.0 if count == 3 else FAR_WEIGHT
            for k in range(4):
                cell = p - CELL_AT[k]
                if cell not in cells and cell not in blocked:
                    for seat in range(seats):
                        r = weight * shares[seat][colour * 4 + k]
                        if r > reach[seat]:
                            reach[seat] = r
        if owner is None:
            for seat in range(seats):
                value[seat] += CLAIM_WEIGHT * t.size * reach[seat]
        else:
            risk = max((reach[x] for x in range(seats) if x != owner), default=0.0)
            value[owner] -= SPOIL_WEIGHT * t.size * risk
    return value


def evaluate(s: StickersState, seat: int) -> float:
    """How well `seat` stands, in [0, 1] (0.5 = level); solo: the share of 40 corners reached."""
    if s.phase == "over":
        return RULES.outcome(s).reward(seat) if s.seats > 1 else min(1.0, RULES.scores(s)[0] / 40.0)
    if s.phase == "deck":
        return 0.5
    v = standings(s)
    if s.seats == 1:
        return min(1.0, v[0] / 40.0)
    diff = v[seat] - max(v[i] for i in range(s.seats) if i != seat)
    return 1.0 / (1.0 + math.exp(-diff / EVAL_SCALE))


def _margin(s: StickersState, seat: int, shares: list[list[float]] | None = None) -> float:
    v = standings(s, shares)
    if s.seats == 1:
        return v[0]
    return v[seat] - max(v[i] for i in range(s.seats) if i != seat)


# --- ranking moves ------------------------------------------------------------------------------
def _board_after(s: StickersState, cell: int, layout: int, seat: int) -> StickersState:
    """The position with the sticker put down and nothing else (no draw, no turn change)."""
    t = RULES.copy(s)
    RULES.stick(t, cell, layout, seat)
    if t.current == seat:
        t.drawn = -1
    return t


def ranked_moves(s: StickersState) -> list[tuple[float, Any]]:
    """Every legal move with its value for the seat to move, best first."""
    seat = s.current
    moves = RULES.legal_moves(s)
    if s.phase == "place":
        layout = board_layout(s.drawn, seat)
        scored = []
        shares = None
        for m in moves:
            after = _board_after(s, m.x * STRIDE + m.y, layout, seat)
            if shares is None:  # the same for every placement of this sticker
                shares = corner_shares(after)
            scored.append((_margin(after, seat, shares), m))
    elif s.phase == "block":
        scored = []
        for m in moves:
            t = RULES.copy(s)
            t.blocked.add(m.x * STRIDE + m.y)
            scored.append((_margin(t, seat), m))
    elif s.phase == "peek":
        scored = [(_order_value(s, m), m) for m in moves]
    else:
        plan = deck_plan(s, "medium")
        scored = [(1.0 if m.sticker == plan else 0.0, m) for m in moves]
    scored.sort(key=lambda x: -x[0])
    return scored


def _best_placement(s: StickersState, sticker: int) -> float:
    """The best margin `sticker` would reach if placed now (for ordering Peek's stickers)."""
    seat = s.current
    if sticker >= catalogue.LAYOUTS:
        return 2.0 if sticker == DOUBLE else 0.5
    layout = board_layout(sticker, seat)
    best = -1e9
    for cell in s.frontier:
        if RULES.fits(s, cell, layout, s.jump):
            best = max(best, _margin(_board_after(s, cell, layout, seat), seat))
    return best


def _order_value(s: StickersState, m: Reorder) -> float:
    deck = s.decks[s.current]
    top = deck[-len(m.order):][::-1]
    values = [_best_placement(s, top[i]) for i in m.order]
    return sum(v * (0.5 ** i) for i, v in enumerate(values))


def greedy(s: StickersState, rng: random.Random, noise: float = 0.0) -> Any:
    if s.phase == "deck":
        return Pick(deck_plan(s, "easy" if noise > 0 else "medium", rng))
    scored = ranked_moves(s)
    if noise > 0:
        scored = [(v + rng.gauss(0.0, NOISE_CORNERS * noise), m) for v, m in scored]
        scored.sort(key=lambda x: -x[0])
    best = scored[0][0]
    ties = [m for v, m in scored if v >= best - 1e-9]
    return ties[0] if len(ties) == 1 else rng.choice(ties)


def candidates(s: StickersState, k: int) -> list[Any]:
    """Hard's moves worth searching: its deck plan's next pick, or the k best-ranked moves."""
    return _candidates(s, k, "hard")


def candidates_v01(s: StickersState, k: int) -> list[Any]:
    """Version 0.1's candidates: the same, but from the one-colour deck (for `hard-0.1`)."""
    return _candidates(s, k, "hard-0.1")


def _candidates(s: StickersState, k: int, level: str) -> list[Any]:
    if s.phase == "deck":  # no search over decks: the level's deck is its plan
        return [Pick(deck_plan(s, level, random.Random(len(s.picks[s.current]) + 7 * s.current)))]
    return [m for _, m in ranked_moves(s)[:k]]


def policy(s: StickersState, rng: random.Random) -> Any:
    """A cheap playout move: a random one, but a placement that founds a territory when one is seen
    among a few tries."""
    if s.phase != "place" or not s.cells:
        return RULES.random_move(s, rng)
    layout = board_layout(s.drawn, s.current)
    cols = CORNERS[layout]
    pts = s.points
    first = None
    for _ in range(4):
        m = RULES.random_move(s, rng)
        first = first or m
        cell = m.x * STRIDE + m.y
        for k in range(4):
            v = pts.get(cell + CORNER_OFFSET[k], 0)
            if v >> 4 == 3 and (v & 15) == 1 << cols[k]:
                return m
    return first


# --- decks ---------------------------------------------------------------------------------------
def one_colour_deck(colour: int, size: int, peek: bool = False) -> list[int]:
    """SR and R stickers of one colour, per 8: two SR, and R stickers with the odd corner on every
    side; with `peek` (Medium) the last place is a Peek, else (Hard) one more R sticker.

    Why: placements are corners, and a helper costs one. Medium first had Double and Peek (six
    placements) and drew 0-0 with Random too often (93.5% won, 200 games, seed 1): Random founded in
    its colour before it could, or it founded nothing. With seven stickers and Peek it won 96% on
    seeds 1-6 (1150 of 1200), with eight stickers 98%, but eight stickers also make it Hard's equal:
    the two then both fill one region of 26 corners, and Hard at 200 iterations beat it 15 times in
    40 games (20 drawn). Seven leave Hard its step up (a 26-corner region to Medium's 23)."""
    k = size // 8
    sr = catalogue.layout_of(colour, colour, colour, colour)
    rs = [lay for lay in catalogue.BY_RARITY[R] if catalogue.corners(lay).count(colour) == 3]
    rs.sort(key=lambda lay: (catalogue.corners(lay).index(next(c for c in catalogue.corners(lay) if c != colour)),
                             lay))
    deck = [sr] * 2
    if k > 1:  # solo: the SR limit is 4, and one layout may appear twice
        deck += [catalogue.layout_of(*(((colour + 1) % 4,) * 4))] * 2
    deck += [rs[i * 3 % len(rs)] for i in range(4 * k)]
    deck += [rs[(1 + 3 * i) % len(rs)] for i in range(2 * k - (k if peek else 0))]
    return deck + [PEEK] * k if peek else deck


def spare_deck(colour: int, size: int) -> list[int]:
    """Hard's deck against a rival: per 8, two SR of `colour` and six R stickers whose odd corner is
    the `spare_colour` (on each side in turn, then on the first two again).

    Why: the odd corners of `one_colour_deck` (Hard's deck before) are red and blue, and against a
    red or blue Medium (half the games) they joined its region, which then outscored Hard's 26 (in
    40 games against Medium, seed 1, 200 iterations, Hard lost 6 and drew 1 of its 32 games of two
    colours, 6 of the 7 against a red or blue Medium). Odd corners of the spare colour meet a rival
    region only when Medium picked that colour (a quarter of the games), and then six of them can
    found in it, which cancels it: with this deck Hard won 31 of those 32 games and 35 of the 40 (was 30)."""
    spare = spare_colour(colour)
    odd = [catalogue.layout_of(*(spare if i == side else colour for i in range(4))) for side in (0, 1, 2, 3, 0, 1)]
    return ([catalogue.layout_of(colour, colour, colour, colour)] * 2 + odd) * (size // 8)


def spare_colour(colour: int) -> int:
    """The colour no Medium deck of `colour` shows (see `one_colour_deck`)."""
    shown = {c for lay in one_colour_deck(colour, 8, peek=True) if lay < catalogue.LAYOUTS
             for c in catalogue.corners(lay)}
    return next(c for c in range(4) if c not in shown)


def deck_plan(s: StickersState, level: str, rng: random.Random | None = None) -> int:
    """The next sticker the seat to move picks for its deck at `level`."""
    picks = s.picks[s.current]
    if level == "easy":  # a quick-play deck: per 8, 1 SR, 2 R, 3 N and 2 helpers at random
        rng = rng or random.Random(len(picks))
        k = s.size // 8
        need = {SR: k, R: 2 * k, N: 3 * k, HELPER: 2 * k}
        for p in picks:
            need[catalogue.RARITY[p]] -= 1
        pool = [st for kind, n in need.items() if n > 0 for st in catalogue.BY_RARITY[kind]
                if catalogue.add_problem(picks, st, s.size) is None]
        if pool:
            return rng.choice(pool)
    colour = _main_colour(picks, rng)
    if level == "hard" and s.seats > 1:
        plan = spare_deck(colour, s.size)
    else:  # Medium; Hard alone in solo; version 0.1's Hard ("hard-0.1")
        plan = one_colour_deck(colour, s.size, peek=level == "medium")
    for p in picks:
        if p in plan:
            plan.remove(p)
    for sticker in plan:
        if catalogue.add_problem(picks, sticker, s.size) is None:
            return sticker
    return next(i for i in catalogue.ALL_STICKERS if catalogue.add_problem(picks, i, s.size) is None)


def _main_colour(picks: list[int], rng: random.Random | None) -> int:
    """The colour the deck so far favours (for a fresh deck, any colour: a random one, or yellow, as
    in the seed's example, when there is no rng to ask)."""
    counts = [0] * 4
    for p in picks:
        if p < catalogue.LAYOUTS:
            for c in catalogue.corners(p):
                counts[c] += 1
    if not any(counts):
        return rng.randrange(4) if rng is not None else catalogue.YELLOW
    return max(range(4), key=counts.__getitem__)
