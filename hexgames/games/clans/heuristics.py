"""Cheap, colour-by-colour estimates of what a Clans move is worth; no pygame, no hidden information.

Two users share these numbers, which is why they live apart from both: the AI's move choice (a seat
maximises its own colour's gain against its rivals') and its colour inference in `beliefs` (a move
that raises colour X's prospects is evidence that the mover plays X). Everything here reads only public parts of
the state (huts, villages, epoch), so the inference can run on any seat's view.

The estimate of a move for colour c = the points c scores at once from villages the move forms, plus
the change in c's *prospects*: a group where c is present is worth its value (huts + terrain bonus of
the current epoch, 0 on hostile terrain) times how close it is to becoming a village, which depends on
how many occupied neighbours it still has.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from hexgames.core.caches import BoundedCache

if TYPE_CHECKING:
    from hexgames.games.clans.rules import ClansState

COLOURS = 5
# closeness to becoming a village by number of occupied neighbours (0 = it is one)
CLOSENESS = (1.0, 0.45, 0.2, 0.1, 0.05, 0.03, 0.02)
HOSTILE_SOON = 0.3  # a hostile terrain may become safe when the epoch turns


def terrain_value(state: "ClansState", area: int, huts: int, epoch: int) -> float:
    """What a village of `huts` huts here would be worth in `epoch` (0 on hostile terrain)."""
    rules = state.rules
    terrain = rules.map.terrain[area]
    if terrain == rules.HOSTILE[epoch]:
        return 0.0
    if rules.FAVOURED[epoch] in (terrain, -1):
        return float(huts + rules.BONUS[epoch])
    return float(huts)


def colours_scoring(huts: tuple[int, ...]) -> tuple[int, ...]:
    """The hut counts that score after the dispute rule (all five present: single huts leave)."""
    if all(huts):
        return tuple(0 if h == 1 else h for h in huts)
    return huts


def group_prospect(state: "ClansState", area: int, huts: tuple[int, ...], occupied_nbrs: int,
                   out: list[float]) -> None:
    """Add this group's prospect for every colour present to `out`."""
    scoring = colours_scoring(huts)
    n = sum(scoring)
    if n == 0:
        return
    value = terrain_value(state, area, n, state.epoch)
    if value == 0.0:
        value = HOSTILE_SOON * n
    w = value * CLOSENESS[min(occupied_nbrs, 6)]
    for c in range(COLOURS):
        if scoring[c]:
            out[c] += w


def move_gains(state: "ClansState", src: int, dst: int) -> tuple[list[float], int]:
    """(gain per colour, villages founded) of Move(src, dst), relative to not moving.

    Villages formed together are valued in the current epoch (the exact order is a later decision)."""
    rules = state.rules
    nbrs = rules.map.neighbours
    size = state.size
    huts = state.huts
    gains = [0.0] * COLOURS
    # prospects lost: src's and dst's groups and src's neighbours as they stand
    before = [0.0] * COLOURS
    after = [0.0] * COLOURS
    touched = [n for n in nbrs[src] if size[n]]
    occ_count = {}
    for a in [src] + touched:
        occ_count[a] = sum(1 for m in nbrs[a] if size[m])
        group_prospect(state, a, huts[a], occ_count[a], before)
    founded = 0
    merged = tuple(x + y for x, y in zip(huts[src], huts[dst]))
    epoch_index = state.villages_scored
    for a in touched:
        group = merged if a == dst else huts[a]
        k = occ_count[a] - 1  # src is now empty
        if a == dst:
            k = sum(1 for m in nbrs[dst] if m != src and size[m])
        if k == 0:
            founded += 1
            ep = rules.EPOCH_OF_VILLAGE[min(epoch_index, len(rules.EPOCH_OF_VILLAGE) - 1)]
            epoch_index += 1
            scoring = colours_scoring(group)
            n = sum(scoring)
            value = terrain_value(state, a, n, ep) if n else 0.0
            for c in range(COLOURS):
                if scoring[c]:
                    gains[c] += value
        else:
            group_prospect(state, a, group, k, after)
    for c in range(COLOURS):
        gains[c] += after[c] - before[c]
    return gains, founded


def _prospect_vec(state: "ClansState", area: int, huts: tuple[int, ...], k: int) -> list[float] | None:
    out = [0.0] * COLOURS
    group_prospect(state, area, huts, k, out)
    return out


def _village_vec(state: "ClansState", area: int, huts: tuple[int, ...], epoch: int) -> list[float]:
    scoring = colours_scoring(huts)
    n = sum(scoring)
    value = terrain_value(state, area, n, epoch) if n else 0.0
    return [value if scoring[c] else 0.0 for c in range(COLOURS)]


# positions whose gains are kept: a Hard move's search visits a few hundred (about 50 kB each); the
# positions of earlier moves are not met again, so more would only grow the process game by game
GAINS_KEPT = 512
_GAINS_CACHE: BoundedCache[tuple, list[tuple[object, list[float], int]]] = BoundedCache(GAINS_KEPT)


def gains_table(state: "ClansState") -> list[tuple[object, list[float], int]]:
    """(move, gains per colour, villages founded) for every legal move, kept for the position: the
    gains do not depend on who plays which colour, so search reuses them across determinisations,
    and the beliefs weigh the move then made from the same table."""
    key = (tuple(state.huts), state.villages_scored)
    return _GAINS_CACHE.get_or_make(key, lambda: all_move_gains(state, state.rules.legal_moves(state)))


def all_move_gains(state: "ClansState", moves) -> list[tuple[object, list[float], int]]:
    """`move_gains` for many moves at once, sharing the per-area work (same numbers, faster)."""
    rules = state.rules
    nbrs, size, huts = rules.map.neighbours, state.size, state.huts
    occ: dict[int, int] = {}
    now: dict[int, list[float]] = {}
    less: dict[int, list[float]] = {}
    eov = rules.EPOCH_OF_VILLAGE
    last = len(eov) - 1

    def occupied(a: int) -> int:
        k = occ.get(a)
        if k is None:
            k = occ[a] = sum(1 for m in nbrs[a] if size[m])
        return k

    def prospect_now(a: int) -> list[float]:
        v = now.get(a)
        if v is None:
            v = now[a] = _prospect_vec(state, a, huts[a], occupied(a))
        return v

    def prospect_less(a: int) -> list[float]:
        v = less.get(a)
        if v is None:
            v = less[a] = _prospect_vec(state, a, huts[a], occupied(a) - 1)
        return v

    out = []
    for m in moves:
        src, dst = m
        gains = [0.0] * COLOURS
        touched = [n for n in nbrs[src] if size[n]]
        for a in [src] + touched:
            v = prospect_now(a)
            for c in range(COLOURS):
                gains[c] -= v[c]
        founded = 0
        index = state.villages_scored
        for a in touched:
            if a == dst:
                group = tuple(x + y for x, y in zip(huts[src], huts[dst]))
                k = sum(1 for n in nbrs[dst] if n != src and size[n])
            else:
                group = huts[a]
                k = occupied(a) - 1
            if k == 0:
                founded += 1
                v = _village_vec(state, a, group, eov[min(index, last)])
                index += 1
            elif a == dst:
                v = _prospect_vec(state, a, group, k)
            else:
                v = prospect_less(a)
            for c in range(COLOURS):
                gains[c] += v[c]
        out.append((m, gains, founded))
    return out
