"""Hex-grid geometry shared by the hex games (Ingenious' board, Clans' map cells).

Axial coordinates (q, r) with the implied cube coordinate s = -q - r. Hexes are flat-topped, so a hex
has neighbours straight up and down, as on the Ingenious board of the rule text ("2 up, 1 up-left").
Pure arithmetic, no pygame: the rules use it for adjacency, the scenes for pixels.
"""
from __future__ import annotations

import math
from typing import Iterator

Hex = tuple[int, int]

# Clockwise from "up" on a flat-topped screen layout (y grows downwards).
UP, UP_RIGHT, DOWN_RIGHT, DOWN, DOWN_LEFT, UP_LEFT = range(6)
DIRECTIONS: tuple[Hex, ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
SQRT3 = math.sqrt(3.0)


def add(a: Hex, b: Hex) -> Hex:
    return (a[0] + b[0], a[1] + b[1])


def neighbour(h: Hex, direction: int) -> Hex:
    dq, dr = DIRECTIONS[direction % 6]
    return (h[0] + dq, h[1] + dr)


def neighbours(h: Hex) -> list[Hex]:
    return [(h[0] + dq, h[1] + dr) for dq, dr in DIRECTIONS]


def direction_between(a: Hex, b: Hex) -> int | None:
    """The direction from a to its neighbour b, or None if they are not adjacent."""
    try:
        return DIRECTIONS.index((b[0] - a[0], b[1] - a[1]))
    except ValueError:
        return None


def distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def radius(h: Hex) -> int:
    """Distance from the centre: max(|x|, |y|, |z|) in cube terms."""
    return distance(h, (0, 0))


def to_cube(h: Hex) -> tuple[int, int, int]:
    return (h[0], -h[0] - h[1], h[1])


def from_cube(x: int, y: int, z: int) -> Hex:
    if x + y + z != 0:
        raise ValueError("cube coordinates must sum to 0")
    return (x, z)


def hexes_within(n: int) -> Iterator[Hex]:
    """Every hex at distance <= n from the centre, row by row."""
    for q in range(-n, n + 1):
        for r in range(max(-n, -q - n), min(n, -q + n) + 1):
            yield (q, r)


def ring(n: int) -> list[Hex]:
    """The hexes at exactly distance n, clockwise from the top one."""
    if n == 0:
        return [(0, 0)]
    h = (DIRECTIONS[DOWN_LEFT][0] * n, DIRECTIONS[DOWN_LEFT][1] * n)
    out = []
    for d in range(6):
        for _ in range(n):
            out.append(h)
            h = neighbour(h, d)
    return out


def to_pixel(h: Hex, size: float, origin: tuple[float, float] = (0.0, 0.0)) -> tuple[float, float]:
    """Centre of a flat-topped hex whose corner radius is `size`."""
    q, r = h
    return (origin[0] + size * 1.5 * q, origin[1] + size * SQRT3 * (r + q / 2.0))


def from_pixel(x: float, y: float, size: float, origin: tuple[float, float] = (0.0, 0.0)) -> Hex:
    """The hex containing a pixel (cube rounding)."""
    px, py = (x - origin[0]) / size, (y - origin[1]) / size
    q = 2.0 / 3.0 * px
    r = -1.0 / 3.0 * px + SQRT3 / 3.0 * py
    return round_hex(q, r)


def round_hex(q: float, r: float) -> Hex:
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return (int(rq), int(rr))


def corners(center: tuple[float, float], size: float) -> list[tuple[float, float]]:
    """The six corners of a flat-topped hex, clockwise from the right-hand one."""
    cx, cy = center
    return [(cx + size * math.cos(math.radians(60 * i)), cy + size * math.sin(math.radians(60 * i)))
            for i in range(6)]
