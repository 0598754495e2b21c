"""Colour regions and territories on the sticker board (RULES.md §5.5), computed from scratch.

Geometry: a cell is an int key `x * STRIDE + y` (y grows downwards); the corners of the sticker on
cell c lie on the grid points c + CORNER_OFFSET[k] for k = top-left, top-right, bottom-right,
bottom-left, and a grid point p is that same kind of key (point (x, y) is the top-left corner of cell
(x, y)). With at most 16 stickers on the board the coordinates stay far inside +-STRIDE/2.

A region is a connected set of same-colour corners: corners of one colour on one grid point are
connected, and so are same-colour corners along one edge of one sticker (k and k+1 mod 4); the two
diagonal corners of a sticker are not. A region's founders are the seats that completed a point of
it; it scores its size for its founder when it has exactly one. A union-find over at most 64 corners
is fast enough to run after every move of a playout, so nothing is kept incrementally. No pygame.
"""
from __future__ import annotations

from typing import Mapping, NamedTuple

STRIDE = 256
HALF = STRIDE // 2
CORNER_OFFSET = (0, STRIDE, STRIDE + 1, 1)  # TL, TR, BR, BL
EDGE_STEPS = (-STRIDE, STRIDE, -1, 1)  # left, right, up, down neighbours of a cell


def cell_key(x: int, y: int) -> int:
    return x * STRIDE + y


def cell_xy(key: int) -> tuple[int, int]:
    x, y = divmod(key + HALF, STRIDE)
    return x, y - HALF


point_key = cell_key
point_xy = cell_xy


class Territory(NamedTuple):
    """One region: its colour, corners (cell, k), grid points, and the seats that founded it."""

    colour: int
    corners: tuple[tuple[int, int], ...]
    points: frozenset[int]
    founders: frozenset[int]

    @property
    def size(self) -> int:
        return len(self.corners)

    @property
    def owner(self) -> int | None:
        """The seat it scores for, or None (unfounded, or cancelled by both players' founding)."""
        return next(iter(self.founders)) if len(self.founders) == 1 else None


def corner_colours(layout: int) -> tuple[int, int, int, int]:
    return (layout >> 6) & 3, (layout >> 4) & 3, (layout >> 2) & 3, layout & 3


CORNERS = tuple(corner_colours(layout) for layout in range(256))


def regions(cells: Mapping[int, int], founded: Mapping[int, int]) -> list[Territory]:
    """Every colour region of the board. `cells` maps a cell to its board layout (+ 256 * owner);
    `founded` maps a completed single-colour point to the seat that completed it."""
    parent: dict[int, int] = {}

    def find(a: int) -> int:
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    def union(a: int, b: int) -> None:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[ra] = rb

    at_point: dict[tuple[int, int], int] = {}  # (point, colour) -> a corner node there
    colour_of: dict[int, int] = {}
    for cell, packed in cells.items():
        cols = CORNERS[packed & 255]
        base = cell * 4
        for k in range(4):
            node = base + k
            parent[node] = node
            colour_of[node] = cols[k]
        for k in range(4):
            if cols[k] == cols[(k + 1) % 4]:
                union(base + k, base + (k + 1) % 4)
        for k in range(4):
            key = (cell + CORNER_OFFSET[k], cols[k])
            other = at_point.get(key)
            if other is None:
                at_point[key] = base + k
            else:
                union(base + k, other)
    groups: dict[int, list[int]] = {}
    for node in parent:
        groups.setdefault(find(node), []).append(node)
    out = []
    for nodes in groups.values():
        corners = tuple(sorted(divmod(n, 4) for n in nodes))
        points = frozenset(c + CORNER_OFFSET[k] for c, k in corners)
        founders = frozenset(founded[p] for p in points if p in founded)
        out.append(Territory(colour_of[nodes[0]], corners, points, founders))
    out.sort(key=lambda t: t.corners[0])
    return out


def scores(cells: Mapping[int, int], founded: Mapping[int, int], seats: int) -> list[int]:
    """Corners in each seat's territories (regions founded by that seat alone)."""
    out = [0] * seats
    if not founded:
        return out
    for t in regions(cells, founded):
        owner = t.owner
        if owner is not None:
            out[owner] += t.size
    return out
