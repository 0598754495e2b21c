"""Hand-built Clans positions for the rule examples: only the areas a test names hold huts."""
from __future__ import annotations

from hexgames.games.clans.map import TERRAIN_NAMES
from hexgames.games.clans.rules import EMPTY, ClansRules, ClansState

RULES = ClansRules()
MAP = RULES.map


def huts(white=0, yellow=0, blue=0, green=0, red=0) -> tuple[int, ...]:
    return (white, yellow, blue, green, red)


def make_state(placed: dict[int, tuple[int, ...]], seats: int = 3, current: int = 0,
               villages_scored: int = 0, colours: tuple[int, ...] | None = None) -> ClansState:
    """A legal-looking position with huts only in `placed`; earlier villages are counted, not drawn."""
    s = RULES.setup({}, seats, 0)
    s.huts = [EMPTY] * MAP.areas
    for area, h in placed.items():
        s.huts[area] = tuple(h)
    s.size = [sum(h) for h in s.huts]
    s.active = [a for a in range(MAP.areas) if s.size[a] and any(s.size[n] for n in MAP.neighbours[a])]
    s.current = current
    s.villages_scored = villages_scored
    s.removed = 0
    if colours is not None:
        s.colour_of = colours
    return s


def terrain(name: str) -> int:
    return TERRAIN_NAMES.index(name)


def isolated_pair(t: str) -> tuple[int, int]:
    """(village area of terrain t, a neighbour): moving the neighbour in leaves t's area alone."""
    for a in range(MAP.areas):
        if MAP.terrain[a] == terrain(t):
            return a, MAP.neighbours[a][0]
    raise LookupError(t)


def fork(t1: str, t2: str) -> tuple[int, int, int]:
    """(x, y, z): y of terrain t1 and z of terrain t2 both border x but not each other."""
    for x in range(MAP.areas):
        for y in MAP.neighbours[x]:
            for z in MAP.neighbours[x]:
                if (MAP.terrain[y] == terrain(t1) and MAP.terrain[z] == terrain(t2)
                        and z not in MAP.neighbours[y] and y != z):
                    return x, y, z
    raise LookupError((t1, t2))
