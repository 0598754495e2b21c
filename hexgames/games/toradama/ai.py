"""Toradama heuristics for the AI: evaluation, greedy turn planning, candidate ordering, playouts.

Why this shape:
- What wins is clearing groups, and what loses is handing the opponent a clearable group. So a
  position is judged by each player's points plus the best clear each could make on the board as it
  stands (`best_clear`: every possible clear ball simulated with gravity, chains, bonuses and the
  favourite's double value), weighted by who moves next: the mover's best clear is nearly in hand,
  the waiting player's may be spoiled first. That one number sees chain potential, favourite value
  and the danger of a group left on the shared column (the opponent's best clear includes it).
- A turn is several moves (okunote, 1-3 tiles, or a clear ball), so `greedy` plans the whole turn:
  it tries every clear ball and every distinct placement of the turn's tiles (deduplicated by the
  board they make), and plays the first move of the best plan. Called again mid-turn it re-plans
  with the tiles that are left.
- Simulating a clear ball is the hot path: `_clear_points` works on a copy of the 30 cells only, and
  `best_clear` first skips balls whose fall cannot bring two same-kind tama together, which is most.
- The AI never knows a cube's face: greedy plans on `rules.sample` of its view, and a cube placed by
  a plan is a face-down tile that matches nothing.
"""
from __future__ import annotations

import math
import random
from typing import Any, Callable

from hexgames.games.toradama import board
from hexgames.games.toradama.board import CUBE, EMPTY, KINDS, ROWS
from hexgames.games.toradama.moves import Choose, Swap
from hexgames.games.toradama.rules import (
    AREA, CHOOSE, FAVOURITE, KITSUNE, KUMA, NEKO, OVER, PLACING, START, TORA, USAGI, ToradamaRules, ToradamaState,
)

RULES = ToradamaRules()
CHARACTER_PREFERENCE = (TORA, NEKO, KITSUNE, USAGI, KUMA)
MOVER_CLEAR_WEIGHT = 0.8  # share of the best clear a player about to clear can count on
WAITING_CLEAR_WEIGHT = 0.35  # ... and a player who must wait a turn (it may be spoiled or stolen)
PLACING_CLEAR_WEIGHT = 0.3  # the mover mid-placing cannot clear this turn
NIKU_VALUE = 0.4
CUBE_VALUE = 0.1  # a cube in your pool is a spare tile for placing
EVAL_SCALE = 2.5  # a point difference that makes evaluate() about 0.6
SOLO_SCALE = 40.0
BEAM = 10  # partial placements carried on to a third tile


# --- simulating clear balls on bare cells -----------------------------------------------------------
AREA_MASK = tuple(board.area_mask(a) for a in AREA)


def _clear_points(cells: list[int], ball: int, area: int, favourite: int) -> int:
    """Points a clear ball on `ball` would score (chains, bonuses, favourite x2) for the player
    whose area is the bit set `area`; `cells` is left untouched."""
    c = cells[:]
    c[ball] = EMPTY
    board.fall(c)
    chain = points = 0
    while True:
        found = board.group_masks(c, area)
        if not found:
            return points
        chain += 1
        bonus = 2 if chain >= 3 else 1 if chain == 2 else 0
        cleared = 0
        for mask, kind in found:
            size = mask.bit_count()
            taken = 1 + (size >= 4) + bonus
            points += taken * (2 if kind == favourite else 1)
            cleared |= mask
        touched = cleared | ((cleared << 1) & board.NOT_BOTTOM) | ((cleared >> 1) & board.NOT_TOP) \
            | ((cleared << ROWS) & board.FULL) | (cleared >> ROWS)
        for x in board.cells_of(touched):
            code = c[x]
            if (cleared >> x) & 1:
                c[x] = EMPTY
            elif code >= CUBE:
                face = code - CUBE
                c[x] = face if face < KINDS else KINDS + 1  # an unknown face matches nothing
        board.fall(c)


def _may_match(cells: list[int], ball: int) -> bool:
    """Could removing `ball` make a group? Only if a tama that falls lands next to one of its kind."""
    col, row = divmod(ball, ROWS)
    base = col * ROWS
    column = [cells[base + r] for r in range(ROWS) if cells[base + r] != EMPTY]
    del column[row]
    left = (col - 1) * ROWS if col > 0 else -1
    right = (col + 1) * ROWS if col < board.COLS - 1 else -1
    n = len(column)
    for j in range(row, n):
        kind = column[j]
        if not 0 <= kind < KINDS:
            continue
        if ((j > 0 and column[j - 1] == kind) or (j + 1 < n and column[j + 1] == kind)
                or (left >= 0 and cells[left + j] == kind) or (right >= 0 and cells[right + j] == kind)):
            return True
    return False


def best_clear(s: ToradamaState, seat: int) -> int:
    """The most points `seat` could score with one clear ball on this board (0 if none scores)."""
    cells = s.cells
    area = AREA_MASK[seat]
    c = s.chars[seat]
    favourite = FAVOURITE[c] if c >= 0 else -1
    standing = bool(board.group_masks(cells, area))  # groups formed by placing clear with any ball
    best = 0
    for col in AREA[seat]:
        for x in board.COLUMN_CELLS[col]:
            code = cells[x]
            if code == EMPTY:
                break
            if code >= KINDS or not (standing or _may_match(cells, x)):
                continue
            p = _clear_points(cells, x, area, favourite)
            if p > best:
                best = p
    return best


# --- evaluation ---------------------------------------------------------------------------------------
def standing(s: ToradamaState, seat: int) -> float:
    """Points plus what the board, niku and cubes promise `seat`, in points."""
    value = s.points(seat) + NIKU_VALUE * s.niku[seat] + CUBE_VALUE * len(s.cubes[seat])
    if s.current == seat:
        weight = PLACING_CLEAR_WEIGHT if s.phase == PLACING else MOVER_CLEAR_WEIGHT
    else:
        weight = WAITING_CLEAR_WEIGHT
    return value + weight * best_clear(s, seat)


def evaluate(s: ToradamaState, seat: int) -> float:
    """How well `seat` stands, in [0, 1] (0.5 = even)."""
    if s.phase == OVER and s.seats == 2:
        return RULES.outcome(s).reward(seat)
    if s.seats == 1:
        return min(1.0, standing(s, 0) / SOLO_SCALE)
    if s.phase == CHOOSE:
        return 0.5
    other = 1 - seat
    mine, theirs = standing(s, seat), standing(s, other)
    target = s.target
    # the last points before the target matter most: a sure clear that reaches it is the game
    if s.current == seat and s.phase == START and s.points(seat) + best_clear(s, seat) >= target:
        return 0.97
    if s.current == other and s.phase == START and s.points(other) + best_clear(s, other) >= target:
        return 0.03
    return 1.0 / (1.0 + math.exp(-(mine - theirs) / EVAL_SCALE))


# --- planning a turn ----------------------------------------------------------------------------------
def sampled(s: ToradamaState, rng: random.Random) -> ToradamaState:
    """A full state to plan on: a view's hidden cubes and bag drawn by the rules, a full state as it is."""
    return RULES.sample(s, s.observer, rng) if s.observer >= 0 else s


def _placement_key(s: ToradamaState) -> tuple:
    return (tuple(s.cells), tuple(s.pool), tuple(s.score[0]), tuple(s.score[1]), len(s.cubes[0]), len(s.cubes[1]),
            s.discard[0], s.discard[1], s.discard[2], s.discard[3], s.discard[4])


Value = Callable[[ToradamaState, int], float]  # an evaluation: (state, seat) -> [0, 1]


def placement_plans(s: ToradamaState, value: Value | None = None) -> list[tuple[Any, ToradamaState]]:
    """Every distinct outcome of taking the rest of this turn's tiles, as (first move, state after),
    deduplicated by what the placements leave (order does not matter when the result is the same).
    `value` (default `evaluate`) picks the partial placements carried on to a third tile."""
    value = value or evaluate
    seat = s.current
    frontier: list[tuple[Any, ToradamaState]] = [(None, s)]
    done: list[tuple[Any, ToradamaState]] = []
    while frontier:
        seen: dict[tuple, tuple[Any, ToradamaState]] = {}
        for first, state in frontier:
            for m in RULES.placing_moves(state):
                t = RULES.copy(state)
                t.events = None
                RULES.apply(t, m)
                key = _placement_key(t)
                if key not in seen:
                    seen[key] = (first or m, t)
        frontier = []
        for first, t in seen.values():
            if t.phase == PLACING and t.current == seat:
                frontier.append((first, t))
            else:
                done.append((first, t))
        if len(frontier) > BEAM:  # three tiles (Neko): go on only from the most promising
            frontier.sort(key=lambda ft: value(ft[1], seat), reverse=True)
            del frontier[BEAM:]
    return done


def after(s: ToradamaState, m: Any) -> ToradamaState:
    """The state after move `m` (legal by construction, so unchecked); `s` is left as it was."""
    t = RULES.copy(s)
    RULES.apply(t, m)
    return t


def ranked_plans(s: ToradamaState, with_okunote: bool = True, value: Value | None = None) -> list[tuple[float, Any]]:
    """(value for the mover, first move) of every plan for the rest of this turn, best first, as
    judged by `value` (default `evaluate`)."""
    value = value or evaluate
    seat = s.current
    out: list[tuple[float, Any]] = []
    for m in RULES.clearing_moves(s):
        out.append((value(after(s, m), seat), m))
    for first, t in placement_plans(s, value):
        out.append((value(t, seat), first))
    if with_okunote:
        for m in RULES.okunote_moves(s):
            t = after(s, m)
            if t.phase != START or t.current != seat:
                out.append((value(t, seat), m))
                continue
            follow = _okunote_follow_up(t, m, value)
            if follow:
                out.append((follow[0][0], m))
    out.sort(key=lambda vm: vm[0], reverse=True)
    return out


def _okunote_follow_up(t: ToradamaState, m: Any, value: Value) -> list[tuple[float, Any]]:
    """The best continuation after an okunote; a swap is judged by the clears it opens (cheap), the
    others by the whole turn."""
    if type(m) is Swap:
        seat = t.current
        return sorted(((value(after(t, c), seat), c) for c in RULES.clearing_moves(t)),
                      key=lambda vm: vm[0], reverse=True)
    return ranked_plans(t, with_okunote=False, value=value)


def greedy(s: ToradamaState, rng: random.Random, noise: float = 0.0) -> Any:
    """The first move of the best plan for this turn (Medium); noise > 0 makes it slip (Easy)."""
    if s.phase == CHOOSE:
        return Choose(next(c for c in CHARACTER_PREFERENCE if c not in s.chars))
    state = sampled(s, rng)
    plans = ranked_plans(state)
    if not plans:
        return RULES.random_move(state, rng)
    if noise > 0:
        return max(plans, key=lambda vm: vm[0] + rng.gauss(0.0, noise))[1]
    return plans[0][1]


def candidates(s: ToradamaState, k: int) -> list[Any]:
    """The first moves of the k best plans (distinct moves), best first."""
    if s.phase == CHOOSE:
        return [Choose(c) for c in CHARACTER_PREFERENCE if c not in s.chars][:k]
    state = sampled(s, random.Random(len(s.cells) + s.turn))
    out: list[Any] = []
    for _, m in ranked_plans(state):
        if m not in out:
            out.append(m)
            if len(out) >= k:
                break
    return out or [RULES.random_move(state, random.Random(0))]


def policy(s: ToradamaState, rng: random.Random) -> Any:
    """A cheap, sensible playout move: the best scoring clear ball if one scores, else the best single
    tile by `evaluate` (one tile at a time, not whole plans: a tenth of greedy's cost)."""
    if s.phase == CHOOSE:
        return greedy(s, rng)
    seat = s.current
    if s.phase == START:
        best, move = 0, None
        area = AREA_MASK[seat]
        favourite = FAVOURITE[s.chars[seat]]
        standing_groups = bool(board.group_masks(s.cells, area))
        for m in RULES.clearing_moves(s):
            if standing_groups or _may_match(s.cells, m.cell):
                p = _clear_points(s.cells, m.cell, area, favourite)
                if p > best:
                    best, move = p, m
        if move is not None:
            return move
    moves = RULES.placing_moves(s)
    if not moves:
        return RULES.random_move(s, rng)
    return max(moves, key=lambda m: evaluate(after(s, m), seat) + 1e-3 * rng.random())
