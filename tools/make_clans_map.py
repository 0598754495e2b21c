"""Generate the Clans map data (`assets/clans/map.json`) from a seed.

Why a generator and not a hand-drawn file: the map must satisfy a dozen structural facts of RULES.md §2
(60 areas, 12 regions of 5, 15 areas per terrain, every region holding all four terrains, 2-6
neighbours per area, connectivity). A seeded script that builds the map and checks every fact is easier
to trust and to change than hundreds of hand-typed coordinates. The game itself only loads the JSON.

Construction:
1. Hexagonal "slots" of 19 small flat-top cells (radius 2) tile the plane exactly; we take the 64 slots
   nearest the middle of a wide ellipse. Four interior slots become lakes (water cells).
2. The 60 land slots are split into 12 connected regions of 5 (random growth, retried until it works).
3. Terrains: each region gets all four plus one repeat, every terrain repeated in exactly 3 regions;
   among many seeded tries we keep the one with the fewest same-terrain neighbours (easier to read).
4. Shapes are roughened: border cells move between neighbouring areas (and the lakes) when the cell
   already sits mostly inside its new owner, every area stays connected and at least 14 cells, and
   the area adjacency graph stays exactly as it was, so the map looks hand drawn while the graph
   built in steps 1-3 stays valid. `check` then verifies every fact again on the final cells.

Run: `python tools/make_clans_map.py [--seed N] [--out PATH]`.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
from collections import deque
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hexgames.core import hexgrid  # noqa: E402

SLOT_RADIUS = 2
BASIS = ((5, -2), (2, 3))  # lattice of radius-2 hexagons (19 cells each) that tiles the plane
LAND_AREAS = 60
LAKES = 4
REGIONS = 12
REGION_SIZE = 5
TERRAINS = ("mountains", "forest", "steppe", "grassland")
MIN_AREA_CELLS = 14
WATER = -1  # pseudo-area of lake cells while roughening
ASPECT = 1.45  # the map is wider than tall, like the board panel


def slot_center(a: int, b: int) -> hexgrid.Hex:
    return (a * BASIS[0][0] + b * BASIS[1][0], a * BASIS[0][1] + b * BASIS[1][1])


def slot_cells(a: int, b: int) -> list[hexgrid.Hex]:
    c = slot_center(a, b)
    return [hexgrid.add(c, h) for h in hexgrid.hexes_within(SLOT_RADIUS)]


def choose_slots() -> list[tuple[int, int]]:
    """The LAND_AREAS + LAKES slots nearest the centre of a wide ellipse (pixel space)."""
    cand = [(a, b) for a in range(-8, 9) for b in range(-8, 9)]

    def ellipse(slot: tuple[int, int]) -> float:
        x, y = hexgrid.to_pixel(slot_center(*slot), 1.0)
        return (x / ASPECT) ** 2 + y ** 2 + 1e-6 * (x + 0.5 * y)

    cand.sort(key=ellipse)
    return cand[: LAND_AREAS + LAKES]


def slot_graph(slots: list[tuple[int, int]]) -> dict[tuple[int, int], set[tuple[int, int]]]:
    owner = {cell: s for s in slots for cell in slot_cells(*s)}
    graph: dict[tuple[int, int], set[tuple[int, int]]] = {s: set() for s in slots}
    for cell, s in owner.items():
        for n in hexgrid.neighbours(cell):
            t = owner.get(n)
            if t is not None and t != s:
                graph[s].add(t)
    return graph


def connected(nodes: set, graph: dict) -> bool:
    if not nodes:
        return True
    start = next(iter(nodes))
    seen = {start}
    queue = deque([start])
    while queue:
        x = queue.popleft()
        for y in graph[x]:
            if y in nodes and y not in seen:
                seen.add(y)
                queue.append(y)
    return len(seen) == len(nodes)


def components(nodes: set, graph: dict) -> list[set]:
    left = set(nodes)
    out = []
    while left:
        start = left.pop()
        comp = {start}
        queue = deque([start])
        while queue:
            x = queue.popleft()
            for y in graph[x]:
                if y in left:
                    left.discard(y)
                    comp.add(y)
                    queue.append(y)
        out.append(comp)
    return out


def choose_lakes(rng: random.Random, slots: list, graph: dict) -> set:
    """Interior slots as lakes, keeping land connected and every land slot with >= 2 land neighbours."""
    interior = [s for s in slots if len(graph[s]) == 6]
    while True:
        lakes = set(rng.sample(interior, LAKES))
        if any(graph[x] & lakes for x in lakes):
            continue  # lakes apart, so each one separates something
        land = set(slots) - lakes
        if not connected(land, graph):
            continue
        if all(len(graph[s] & land) >= 2 for s in land):
            return lakes


def split_regions(rng: random.Random, land: set, graph: dict) -> list[set]:
    """12 connected groups of 5 by random growth from the most cornered free slot; retried."""
    for _attempt in range(20000):
        free = set(land)
        regions: list[set] = []
        ok = True
        while free:
            start = min(free, key=lambda s: (len(graph[s] & free), rng.random()))
            region = {start}
            while len(region) < REGION_SIZE:
                frontier = {n for x in region for n in graph[x] if n in free and n not in region}
                if not frontier:
                    break
                region.add(min(frontier, key=lambda s: (len(graph[s] & (free - region)), rng.random())))
            if len(region) < REGION_SIZE:
                ok = False
                break
            free -= region
            if any(len(c) % REGION_SIZE for c in components(free, graph)):
                ok = False
                break
            regions.append(region)
        if ok:
            return regions
    raise RuntimeError("could not split the land into regions")


def assign_terrain(rng: random.Random, regions: list[set], graph: dict, tries: int = 400) -> dict:
    best, best_cost = None, None
    for _ in range(tries):
        repeats = [t for t in range(len(TERRAINS)) for _ in range(REGIONS // len(TERRAINS))]
        rng.shuffle(repeats)
        terrain = {}
        for region, extra in zip(regions, repeats):
            kinds = list(range(len(TERRAINS))) + [extra]
            rng.shuffle(kinds)
            for slot, kind in zip(sorted(region), kinds):
                terrain[slot] = kind
        cost = sum(1 for s in terrain for n in graph[s] if n in terrain and terrain[n] == terrain[s])
        if best_cost is None or cost < best_cost:
            best, best_cost = terrain, cost
    return best


def area_adjacency(owner: dict) -> set[tuple[int, int]]:
    pairs = set()
    for cell, a in owner.items():
        for n in hexgrid.neighbours(cell):
            b = owner.get(n)
            if b is not None and b != a:
                pairs.add((min(a, b), max(a, b)))
    return pairs


def cells_connected(cells: set) -> bool:
    graph = {c: [n for n in hexgrid.neighbours(c) if n in cells] for c in cells}
    return connected(set(cells), graph)


def roughen(rng: random.Random, owner: dict, steps: int) -> None:
    """Move border cells between neighbouring areas without changing the adjacency graph."""
    target = area_adjacency(owner)
    members: dict[int, set] = {}
    for cell, a in owner.items():
        members.setdefault(a, set()).add(cell)
    cells = list(owner)
    for _ in range(steps):
        cell = rng.choice(cells)
        a = owner[cell]
        others = [owner[n] for n in hexgrid.neighbours(cell) if n in owner and owner[n] != a]
        if not others or (a != WATER and len(members[a]) <= MIN_AREA_CELLS):
            continue
        b = rng.choice(others)
        around = [owner.get(n) for n in hexgrid.neighbours(cell)]
        if around.count(b) < 2 or around.count(a) > 3:
            continue  # only smooth moves: the cell already sits mostly inside b
        members[a].discard(cell)
        if not cells_connected(members[a]):
            members[a].add(cell)
            continue
        owner[cell] = b
        members[b].add(cell)
        if area_adjacency(owner) != target:
            owner[cell] = a
            members[b].discard(cell)
            members[a].add(cell)


def label_cell(cells: set) -> hexgrid.Hex:
    """The cell deepest inside the area (farthest from its border), nearest the centroid on ties."""
    depth = {c: 0 for c in cells if any(n not in cells for n in hexgrid.neighbours(c))}
    queue = deque(depth)
    while queue:
        c = queue.popleft()
        for n in hexgrid.neighbours(c):
            if n in cells and n not in depth:
                depth[n] = depth[c] + 1
                queue.append(n)
    cx = sum(hexgrid.to_pixel(c, 1.0)[0] for c in cells) / len(cells)
    cy = sum(hexgrid.to_pixel(c, 1.0)[1] for c in cells) / len(cells)

    def key(c):
        x, y = hexgrid.to_pixel(c, 1.0)
        return (-depth[c], (x - cx) ** 2 + (y - cy) ** 2, c)

    return min(cells, key=key)


def build(seed: int) -> dict:
    rng = random.Random(seed)
    slots = choose_slots()
    graph = slot_graph(slots)
    lakes = choose_lakes(rng, slots, graph)
    land = set(slots) - lakes
    regions = split_regions(rng, land, graph)
    terrain = assign_terrain(rng, regions, graph)
    # number areas region by region, reading order inside a region (top-left first)
    regions.sort(key=lambda reg: min((hexgrid.to_pixel(slot_center(*s), 1.0)[1],
                                      hexgrid.to_pixel(slot_center(*s), 1.0)[0]) for s in reg))
    order = []
    for reg in regions:
        order += sorted(reg, key=lambda s: (hexgrid.to_pixel(slot_center(*s), 1.0)[1],
                                            hexgrid.to_pixel(slot_center(*s), 1.0)[0]))
    index = {s: i for i, s in enumerate(order)}
    owner = {cell: index[s] for s in order for cell in slot_cells(*s)}
    owner.update({cell: WATER for s in lakes for cell in slot_cells(*s)})
    roughen(rng, owner, steps=4000)
    water = sorted([list(c) for c, a in owner.items() if a == WATER])
    owner = {c: a for c, a in owner.items() if a != WATER}
    members: dict[int, set] = {}
    for cell, a in owner.items():
        members.setdefault(a, set()).add(cell)
    areas = []
    for s in order:
        i = index[s]
        region = next(k for k, reg in enumerate(regions) if s in reg)
        areas.append({
            "id": i,
            "region": region,
            "terrain": TERRAINS[terrain[s]],
            "label": list(label_cell(members[i])),
            "cells": sorted([list(c) for c in members[i]]),
        })
    return {
        "format": "hexgames-clans-map",
        "version": 1,
        "generator": f"tools/make_clans_map.py --seed {seed}",
        "terrains": list(TERRAINS),
        "regions": REGIONS,
        "areas": areas,
        "water": water,
    }


def check(data: dict) -> None:
    """Every structural fact of RULES.md §2; raises AssertionError on the first one broken."""
    areas = data["areas"]
    assert len(areas) == LAND_AREAS
    owner = {tuple(c): a["id"] for a in areas for c in a["cells"]}
    assert sum(len(a["cells"]) for a in areas) == len(owner), "a cell belongs to two areas"
    assert not owner.keys() & {tuple(c) for c in data["water"]}, "a cell is land and water"
    pairs = area_adjacency(owner)
    graph = {a["id"]: set() for a in areas}
    for x, y in pairs:
        graph[x].add(y)
        graph[y].add(x)
    for a in areas:
        assert 2 <= len(graph[a["id"]]) <= 6, f"area {a['id']} has {len(graph[a['id']])} neighbours"
        assert cells_connected({tuple(c) for c in a["cells"]}), f"area {a['id']} in pieces"
        assert tuple(a["label"]) in {tuple(c) for c in a["cells"]}
    assert connected(set(graph), graph)
    for t in TERRAINS:
        assert sum(1 for a in areas if a["terrain"] == t) == 15, t
    for r in range(REGIONS):
        ids = {a["id"] for a in areas if a["region"] == r}
        assert len(ids) == REGION_SIZE
        assert connected(ids, graph), f"region {r} not connected"
        assert {areas[i]["terrain"] for i in ids} == set(TERRAINS), f"region {r} lacks a terrain"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--out", default=str(ROOT / "assets" / "clans" / "map.json"))
    args = parser.parse_args()
    data = build(args.seed)
    check(data)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    areas_json = ",\n  ".join(json.dumps(a, separators=(",", ":")) for a in data["areas"])
    head = {k: v for k, v in data.items() if k not in ("areas", "water")}
    text = json.dumps(head, indent=1)[:-2]
    text += f',\n "areas": [\n  {areas_json}\n ],\n "water": {json.dumps(data["water"], separators=(",", ":"))}\n}}\n'
    json.loads(text)
    out.write_text(text, encoding="utf-8")
    print(f"wrote {out}: {len(data['areas'])} areas, {len(data['water'])} water cells")


if __name__ == "__main__":
    main()
