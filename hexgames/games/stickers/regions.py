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
    """Every colour region of the board, with its corners (for drawing and the tests' recount).
    `cells` maps a cell to its board layout (+ 256 * owner); `founded` maps a completed
    single-colour point to the seat that completed it."""
    roots, points, colours = _components(cells)
    order = list(cells)
    groups: dict[int, list[int]] = {}
    for node, root in enumerate(roots):
        groups.setdefault(root, []).append(node)
    out = []
    for nodes in groups.values():
        corners = tuple(sorted((order[n >> 2], n & 3) for n in nodes))
        spots = frozenset(points[n] for n in nodes)
        founders = frozenset(founded[p] for p in spots if p in founded)
        out.append(Territory(colours[nodes[0]], corners, spots, founders))
    out.sort(key=lambda t: t.corners[0])
    return out


class Summary(NamedTuple):
    """A region without its corner list: what scoring and the AI need, computed faster."""

    colour: int
    size: int
    points: set[int]
    founders: set[int]


def summaries(cells: Mapping[int, int], founded: Mapping[int, int]) -> list[Summary]:
    """Every region's colour, size, grid points and founders (the hot path of the AI's evaluation,
    so no corner lists and no sorting)."""
    roots, points, colours = _components(cells)
    groups: dict[int, Summary] = {}
    sizes: dict[int, int] = {}
    for node, root in enumerate(roots):
        g = groups.get(root)
        p = points[node]
        if g is None:
            g = groups[root] = Summary(colours[node], 0, set(), set())
        g.points.add(p)
        sizes[root] = sizes.get(root, 0) + 1
        seat = founded.get(p)
        if seat is not None:
            g.founders.add(seat)
    return [g._replace(size=sizes[root]) for root, g in groups.items()]


def _components(cells: Mapping[int, int]) -> tuple[list[int], list[int], list[int]]:
    """The union-find behind both views: corner 4i+k is corner k of the i-th cell of `cells`; gives
    each corner's region root, grid point and colour."""
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
            points[i + k] = cell + CORNER_OFFSET[k]
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
        for k in range(4):  # same-colour corners on one grid point
            key = points[i + k] * 4 + cols[k]
            other = first_at.get(key)
            if other is None:
                first_at[key] = i + k
            else:
                ra, rb = find(i + k), find(other)
                if ra != rb:
                    parent[ra] = rb
        i += 4
    return [find(node) for node in range(i)], points, colours


def scores(cells: Mapping[int, int], founded: Mapping[int, int], seats: int) -> list[int]:
    """Corners in each seat's territories (regions founded by that seat alone)."""
    out = [0] * seats
    if not founded:
        return out
    for g in summaries(cells, founded):
        if len(g.founders) == 1:
            out[next(iter(g.founders))] += g.size
    return out
