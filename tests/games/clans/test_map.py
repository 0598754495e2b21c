"""The map data keeps every structural fact of RULES.md §2, derived from the drawn cells."""
from collections import Counter, deque

import pytest

from hexgames.core import hexgrid
from hexgames.games.clans.map import TERRAIN_NAMES, derive_neighbours, load_map, parse_map

MAP = load_map()


def _connected(nodes: set[int]) -> bool:
    start = next(iter(nodes))
    seen, queue = {start}, deque([start])
    while queue:
        a = queue.popleft()
        for b in MAP.neighbours[a]:
            if b in nodes and b not in seen:
                seen.add(b)
                queue.append(b)
    return seen == nodes


def test_sixty_areas_in_twelve_regions_of_five():
    assert MAP.areas == 60
    assert MAP.regions == 12
    assert Counter(MAP.region) == {r: 5 for r in range(12)}


def test_fifteen_areas_of_each_terrain():
    assert Counter(MAP.terrain) == {t: 15 for t in range(len(TERRAIN_NAMES))}


def test_every_region_holds_all_four_terrains_plus_one_repeat():
    for r in range(12):
        kinds = Counter(MAP.terrain[a] for a in MAP.region_areas(r))
        assert set(kinds) == {0, 1, 2, 3}
        assert sorted(kinds.values()) == [1, 1, 1, 2]


def test_every_region_is_connected_and_so_is_the_land():
    for r in range(12):
        assert _connected(set(MAP.region_areas(r)))
    assert _connected(set(range(MAP.areas)))


def test_adjacency_is_symmetric_with_two_to_six_neighbours():
    for a in range(MAP.areas):
        assert 2 <= len(MAP.neighbours[a]) <= 6
        assert a not in MAP.neighbours[a]
        for b in MAP.neighbours[a]:
            assert a in MAP.neighbours[b]


def test_adjacency_comes_from_touching_cells_and_water_separates():
    for a in range(MAP.areas):
        touching = {MAP.area_at(n) for c in MAP.cells[a] for n in hexgrid.neighbours(c)} - {None, a}
        assert touching == set(MAP.neighbours[a])
    for w in MAP.water:
        assert MAP.area_at(w) is None
    assert MAP.water, "the map has lakes"


def test_every_area_is_one_piece_with_its_label_inside():
    for a in range(MAP.areas):
        cells = set(MAP.cells[a])
        assert MAP.label[a] in cells
        seen, queue = {MAP.cells[a][0]}, deque([MAP.cells[a][0]])
        while queue:
            c = queue.popleft()
            for n in hexgrid.neighbours(c):
                if n in cells and n not in seen:
                    seen.add(n)
                    queue.append(n)
        assert seen == cells


def test_rivers_run_only_between_regions():
    edges = MAP.river_edges()
    assert edges
    for cell, d in edges:
        a, b = MAP.area_at(cell), MAP.area_at(hexgrid.neighbour(cell, d))
        assert MAP.region[a] != MAP.region[b]
    regions_touching = {(MAP.region[a], MAP.region[b]) for a in range(60) for b in MAP.neighbours[a]
                        if MAP.region[a] != MAP.region[b]}
    drawn = {(MAP.region[MAP.area_at(c)], MAP.region[MAP.area_at(hexgrid.neighbour(c, d))])
             for c, d in edges}
    assert {tuple(sorted(p)) for p in regions_touching} == {tuple(sorted(p)) for p in drawn}


def test_derived_neighbours_of_a_tiny_map():
    cells = (((0, 0),), ((1, 0),), ((3, 0),))
    assert derive_neighbours(cells) == ((1,), (0,), ())


def test_a_cell_in_two_areas_is_refused():
    data = {"format": "hexgames-clans-map", "regions": 1, "water": [],
            "areas": [{"id": 0, "region": 0, "terrain": "forest", "label": [0, 0], "cells": [[0, 0]]},
                      {"id": 1, "region": 0, "terrain": "steppe", "label": [0, 0], "cells": [[0, 0]]}]}
    with pytest.raises(ValueError):
        parse_map(data)
