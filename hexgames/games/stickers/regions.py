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


class Summary(NamedTuple):
    """A region without its corner list: what scoring and the AI need, computed faster."""

    colour: int
    size: int
    points: set[int]
    founders: set[int]


def summaries(cells: Mapping[int, int], founded: Mapping[int, int]) -> list[Summary]:
    """Every region's colour, size, grid points and founders (the hot path of the AI's evaluation:
    corners are numbered 0..4n-1 in a flat union-find, with no sorting)."""
    parent = list(range(4 * len(cells)))
    points: list[int] = [0] * len(parent)
    colours: list[int] = [0] * len(parent)
    first_at: dict[int, int] = {}  # point * 4 + colour -> a corner there

    def find(a: int) -> int:
        root = a
        while parent[root] != root:
            root = parent[root]
        while parent[a] != root:
            parent[a], a = root, parent[a]
        return root

    i = 0
    for cell, packed in cells.items():
        c0, c1, c2, c3 = cols = CORNERS[packed & 255]
        for k in range(4):
            p = cell + CORNER_OFFSET[k]
            points[i + k] = p
            colours[i + k] = cols[k]
        # same-colour corners along one edge of the sticker
        if c0 == c1:
            parent[find(i + 1)] = find(i)
        if c1 == c2:
            parent[find(i + 2)] = find(i + 1)
        if c2 == c3:
            parent[find(i + 3)] = find(i + 2)
        if c3 == c0:
            parent[find(i + 3)] = find(i)
        for k in range(4):
            key = points[i + k] * 4 + cols[k]
            other = first_at.get(key)
            if other is None:
                first_at[key] = i + k
            else:
                ra, rb = find(i + k), find(other)
                if ra != rb:
                    parent[ra] = rb
        i += 4
    groups: dict[int, Summary] = {}
    for node in range(i):
        root = find(node)
        g = groups.get(root)
        p = points[node]
        if g is None:
            g = groups[root] = Summary(colours[node], 0, set(), set())
        g.points.add(p)
        seat = founded.get(p)
        if seat is not None:
            g.founders.add(seat)
    sizes: dict[int, int] = {}
    for node in range(i):
        r = parent[node]
        sizes[r] = sizes.get(r, 0) + 1
    return [g._replace(size=sizes[root]) for root, g in groups.items()]


def scores(cells: Mapping[int, int], founded: Mapping[int, int], seats: int) -> list[int]:
    """Corners in each seat's territories (regions founded by that seat alone)."""
    out = [0] * seats
    if not founded:
        return out
    for g in summaries(cells, founded):
        if len(g.founders) == 1:
            out[next(iter(g.founders))] += g.size
    return out
