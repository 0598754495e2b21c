"""Toradama's pictures: tama tiles (a colour *and* a shape each), face-down cubes, niku cubes and the
five characters' faces, drawn with plain pygame and cached by size; and how a tile is put on the
table (`blit_tile`: scaled, squeezed while it turns over, faded), which every part of it does.

Every tama kind carries its own white symbol (sun, star, drop, moon, leaf) so the game never needs
colour vision; cubes are wooden tiles with a cube outline, niku cubes pink with a bone.
"""
from __future__ import annotations

import math

import pygame

from hexgames.core.caches import BoundedCache
from hexgames.games.toradama.board import HIDDEN_CUBE, KINDS
from hexgames.ui import draw

KIND_FILLS = ((222, 72, 62), (236, 188, 46), (58, 128, 222), (152, 92, 204), (68, 168, 88))
KIND_SYMBOLS = ("sun", "star", "drop", "moon", "leaf")
CUBE_FILL = (196, 164, 116)
CUBE_LINE = (110, 84, 52)
NIKU_FILL = (236, 142, 152)
SYMBOL = (255, 255, 255)
SYMBOL_EDGE = (40, 34, 30)
CHARACTER_FILLS = ((236, 150, 52), (236, 232, 226), (150, 150, 162), (222, 112, 48), (140, 96, 64))

_CACHE: BoundedCache[tuple, pygame.Surface] = BoundedCache(400)  # a few sizes of every sprite


SUPERSAMPLE = 3  # symbols are drawn this many times larger, then scaled down smoothly


def _cached(key: tuple, build) -> pygame.Surface:
    """The picture for `key`, built once; `build(n)` draws it at n pixels, n = size * SUPERSAMPLE."""
    img = _CACHE.get(key)
    if img is None:
        size = key[-1]
        img = _CACHE.put(key, pygame.transform.smoothscale(build(size * SUPERSAMPLE), (size, size)))
    return img


def _darker(c: tuple[int, int, int], f: float = 0.6) -> tuple[int, int, int]:
    return (int(c[0] * f), int(c[1] * f), int(c[2] * f))


def _base(size: int, fill: tuple[int, int, int]) -> pygame.Surface:
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    r = pygame.Rect(0, 0, size, size)
    radius = max(3, size // 6)
    pygame.draw.rect(surf, _darker(fill, 0.55), r, border_radius=radius)
    pygame.draw.rect(surf, fill, r.inflate(-max(2, size // 16) * 2, -max(2, size // 16) * 2), border_radius=radius)
    hi = pygame.Rect(r.x + size // 8, r.y + size // 10, size - size // 4, size // 5)
    pygame.draw.rect(surf, (*[min(255, v + 40) for v in fill],), hi, border_radius=radius)
    return surf


def _star(cx: float, cy: float, r: float, points: int = 5, inner: float = 0.45) -> list[tuple[float, float]]:
    out = []
    for i in range(points * 2):
        a = -math.pi / 2 + i * math.pi / points
        rr = r if i % 2 == 0 else r * inner
        out.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return out


def _symbol_polys(kind: int, c: float, r: float) -> list[list[tuple[float, float]]]:
    """The symbol of a kind as polygons around centre (c, c) with radius r."""
    name = KIND_SYMBOLS[kind]
    if name == "sun":
        rays = _star(c, c, r, 10, 0.62)
        disc = [(c + r * 0.5 * math.cos(a / 16 * 2 * math.pi), c + r * 0.5 * math.sin(a / 16 * 2 * math.pi))
                for a in range(16)]
        return [rays, disc]
    if name == "star":
        return [_star(c, c + r * 0.08, r)]
    if name == "drop":
        return [[(c, c - r)] + [(c + r * 0.6 * math.cos(math.radians(a)), c + r * 0.3 + r * 0.6 * math.sin(math.radians(a)))
                                for a in range(-20, 201, 15)]]
    if name == "moon":
        outer = [(c + r * math.cos(math.radians(a)), c + r * math.sin(math.radians(a))) for a in range(40, 321, 10)]
        inner = [(c + r * 0.45 + r * 0.8 * math.cos(math.radians(a)), c + r * 0.8 * math.sin(math.radians(a)))
                 for a in range(300, 59, -10)]
        return [outer + inner]
    # leaf: a pointed lens tilted 45 degrees
    pts = []
    for i in range(0, 181, 12):
        t = math.radians(i)
        pts.append((-r + 2 * r * i / 180, -r * 0.55 * math.sin(t)))
    for i in range(180, -1, -12):
        t = math.radians(i)
        pts.append((-r + 2 * r * i / 180, r * 0.55 * math.sin(t)))
    rot = math.radians(-45)
    return [[(c + x * math.cos(rot) - y * math.sin(rot), c + x * math.sin(rot) + y * math.cos(rot)) for x, y in pts]]


def tama(kind: int, size: int) -> pygame.Surface:
    """A face-up tama tile of `size` pixels."""
    def build(size: int) -> pygame.Surface:
        surf = _base(size, KIND_FILLS[kind])
        c, r = size / 2, size * 0.3
        for poly in _symbol_polys(kind, c, r):
            off = max(1, size // 40)
            draw.aa_polygon(surf, (*SYMBOL_EDGE, 110), [(x + off, y + off) for x, y in poly])
            draw.aa_polygon(surf, SYMBOL, poly)
        if KIND_SYMBOLS[kind] == "leaf":
            pygame.draw.line(surf, _darker(KIND_FILLS[kind], 0.7), (c - r * 0.55, c + r * 0.55), (c + r * 0.5, c - r * 0.5),
                             max(1, size // 24))
        return surf
    return _cached(("tama", kind, size), build)


def cube(size: int) -> pygame.Surface:
    """A face-down cube: a wooden tile with a cube outline (its face is unknown to everyone)."""
    def build(size: int) -> pygame.Surface:
        surf = _base(size, CUBE_FILL)
        c, r = size / 2, size * 0.3
        hexpts = [(c + r * math.cos(math.radians(30 + 60 * i)), c + r * math.sin(math.radians(30 + 60 * i)))
                  for i in range(6)]
        w = max(2, size // 18)
        pygame.draw.polygon(surf, CUBE_LINE, [(round(x), round(y)) for x, y in hexpts], w)
        for i in (1, 3, 5):
            pygame.draw.line(surf, CUBE_LINE, (c, c), hexpts[i], w)
        return surf
    return _cached(("cube", size), build)


def niku(size: int) -> pygame.Surface:
    """A niku cube: pink, with a bone."""
    def build(size: int) -> pygame.Surface:
        surf = _base(size, NIKU_FILL)
        c = size / 2
        w = max(2, size // 7)
        pygame.draw.line(surf, SYMBOL, (c - size * 0.22, c + size * 0.18), (c + size * 0.22, c - size * 0.18), w)
        for dx, dy in ((-0.22, 0.18), (0.22, -0.18)):
            for ox, oy in ((-0.06, -0.05), (0.06, 0.05)):
                draw.aa_circle(surf, SYMBOL, (c + size * (dx + ox), c + size * (dy + oy)), size * 0.08)
        return surf
    return _cached(("niku", size), build)


def slot(size: int) -> pygame.Surface:
    """An empty place (pool slot, niku slot)."""
    def build(size: int) -> pygame.Surface:
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.rect(surf, (255, 255, 255, 50), surf.get_rect(), max(1, size // 20), border_radius=max(3, size // 6))
        return surf
    return _cached(("slot", size), build)


def face(character: int, size: int) -> pygame.Surface:
    """A character's face: Tora (striped ears), Usagi (long ears), Neko, Kitsune (pointed), Kuma (round)."""
    def build(size: int) -> pygame.Surface:
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        fill = CHARACTER_FILLS[character]
        edge = _darker(fill, 0.5)
        c, r = size / 2, size * 0.34
        cy = c + size * 0.08
        ears = _ears(character, c, cy, r, size)
        for poly in ears:
            draw.aa_polygon(surf, edge, poly)
            draw.aa_polygon(surf, fill, _shrink(poly, 0.8))
        draw.aa_circle(surf, edge, (c, cy), r + 2)
        draw.aa_circle(surf, fill, (c, cy), r)
        if character == 0:  # tiger stripes
            for dx in (-0.5, 0.0, 0.5):
                pygame.draw.line(surf, (60, 40, 20), (c + dx * r, cy - r * 0.95), (c + dx * r * 0.8, cy - r * 0.55),
                                 max(2, size // 20))
        if character == 3:  # fox cheeks
            draw.aa_circle(surf, (250, 245, 235), (c, cy + r * 0.45), r * 0.45)
        for ex in (-0.38, 0.38):
            draw.aa_circle(surf, (30, 26, 24), (c + ex * r, cy - r * 0.05), max(2, size * 0.045))
        draw.aa_circle(surf, (60, 40, 40), (c, cy + r * 0.28), max(2, size * 0.05))
        return surf
    return _cached(("face", character, size), build)


def _ears(character: int, c: float, cy: float, r: float, size: int) -> list[list[tuple[float, float]]]:
    if character == 1:  # usagi: long ears
        return [[(c + dx * r - r * 0.18, cy - r * 0.6), (c + dx * r, cy - r * 1.75), (c + dx * r + r * 0.18, cy - r * 0.6)]
                for dx in (-0.4, 0.4)]
    if character == 4:  # kuma: round ears
        return [[(c + dx * r + r * 0.32 * math.cos(a / 8 * math.tau), cy - r * 0.85 + r * 0.32 * math.sin(a / 8 * math.tau))
                 for a in range(8)] for dx in (-0.7, 0.7)]
    tall = 1.45 if character == 3 else 1.25
    return [[(c + dx * r - r * 0.35, cy - r * 0.55), (c + dx * r * 1.05, cy - r * tall), (c + dx * r + r * 0.35, cy - r * 0.55)]
            for dx in (-0.65, 0.65)]


def _shrink(poly: list[tuple[float, float]], f: float) -> list[tuple[float, float]]:
    cx = sum(p[0] for p in poly) / len(poly)
    cy = sum(p[1] for p in poly) / len(poly)
    return [(cx + (x - cx) * f, cy + (y - cy) * f) for x, y in poly]


def source_code(src: int) -> int:
    """How a picked source shows: its tama, or a face-down cube for the cube pool."""
    return src if src < KINDS else HIDDEN_CUBE


def blit_tile(surface: pygame.Surface, code: int, rect: pygame.Rect, scale: float = 1.0,
              scale_x: float | None = None, alpha: int = 255) -> None:
    """The tile `code` (a tama kind, else a face-down cube) centred on `rect`, `rect.w` pixels wide,
    times `scale` (and `scale_x` across, while it turns over), `alpha` opaque."""
    size = rect.w
    img = tama(code, size) if 0 <= code < KINDS else cube(size)
    w = max(1, round(size * scale * (scale_x if scale_x is not None else 1.0)))
    h = max(1, round(size * scale))
    if (w, h) != (size, size):
        img = pygame.transform.smoothscale(img, (w, h))
    if alpha < 255:
        img = img.copy()
        img.set_alpha(alpha)
    surface.blit(img, img.get_rect(center=rect.center))
