"""The Clans map, loaded from data: areas as clusters of small hex cells, lakes as water cells.

Everything the rules need (adjacency, regions, terrain) is *derived* from the same cells the scene
draws, so what a player sees and what the rules use cannot disagree: two areas are neighbours iff a
cell of one touches a cell of the other; water cells belong to no area and so separate. No pygame.
The data is made by `tools/make_clans_map.py`; this module only reads and derives.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from hexgames.core import hexgrid
from hexgames.paths import ASSETS

MAP_PATH = ASSETS / "clans" / "map.json"

MOUNTAINS, FOREST, STEPPE, GRASSLAND = range(4)
TERRAIN_NAMES = ("mountains", "forest", "steppe", "grassland")

Cell = hexgrid.Hex


@dataclass(frozen=True)
class ClansMap:
    """The board. Areas are numbered 0..n-1; `neighbours[a]` is sorted and symmetric."""

    cells: tuple[tuple[Cell, ...], ...]  # per area
    water: frozenset[Cell]
    region: tuple[int, ...]  # per area
    terrain: tuple[int, ...]  # per area: MOUNTAINS / FOREST / STEPPE / GRASSLAND
    label: tuple[Cell, ...]  # per area: the cell where its huts are drawn
    neighbours: tuple[tuple[int, ...], ...]
    area_of_cell: dict[Cell, int]
    regions: int

    @property
    def areas(self) -> int:
        return len(self.cells)

    def region_areas(self, region: int) -> list[int]:
        return [a for a in range(self.areas) if self.region[a] == region]

    def centroid(self, area: int) -> tuple[float, float]:
        """Mean cell centre in unit-size pixel space (multiply by the cell size, add the origin)."""
        pts = [hexgrid.to_pixel(c, 1.0) for c in self.cells[area]]
        return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))

    def river_edges(self) -> list[tuple[Cell, int]]:
        """Cell edges on land between two regions, each once, as (cell, direction to the other)."""
        return self._edges(lambda a, b: self.region[a] != self.region[b])

    def area_edges(self) -> list[tuple[Cell, int]]:
        """Cell edges between two different areas of the same region (thin borders)."""
        return self._edges(lambda a, b: a != b and self.region[a] == self.region[b])

    def coast_edges(self) -> list[tuple[Cell, int]]:
        """Land cell edges facing water or the outside of the map (the coastline)."""
        out = []
        for cell in self.area_of_cell:
            for d in range(6):
                if hexgrid.neighbour(cell, d) not in self.area_of_cell:
                    out.append((cell, d))
        return out

    def _edges(self, keep) -> list[tuple[Cell, int]]:
        out = []
        for cell, a in self.area_of_cell.items():
            for d in (hexgrid.UP, hexgrid.UP_RIGHT, hexgrid.DOWN_RIGHT):  # each edge once
                b = self.area_of_cell.get(hexgrid.neighbour(cell, d))
                if b is not None and keep(a, b):
                    out.append((cell, d))
        return out

    def all_cells(self) -> list[Cell]:
        return list(self.area_of_cell) + list(self.water)

    def area_at(self, cell: Cell) -> int | None:
        return self.area_of_cell.get(cell)


def derive_neighbours(cells: tuple[tuple[Cell, ...], ...]) -> tuple[tuple[int, ...], ...]:
    owner = {c: a for a, cs in enumerate(cells) for c in cs}
    adj: list[set[int]] = [set() for _ in cells]
    for c, a in owner.items():
        for n in hexgrid.neighbours(c):
            b = owner.get(n)
            if b is not None and b != a:
                adj[a].add(b)
    return tuple(tuple(sorted(s)) for s in adj)


def parse_map(data: dict) -> ClansMap:
    """Build a map from its JSON data; raises ValueError on malformed data."""
    if data.get("format") != "hexgames-clans-map":
        raise ValueError("not a Clans map file")
    areas = sorted(data["areas"], key=lambda a: a["id"])
    if [a["id"] for a in areas] != list(range(len(areas))):
        raise ValueError("area ids must be 0..n-1")
    cells = tuple(tuple(tuple(c) for c in a["cells"]) for a in areas)
    owner: dict[Cell, int] = {}
    for i, cs in enumerate(cells):
        for c in cs:
            if c in owner:
                raise ValueError(f"cell {c} is in areas {owner[c]} and {i}")
            owner[c] = i
    water = frozenset(tuple(c) for c in data.get("water", ()))
    if water & owner.keys():
        raise ValueError("a cell is both land and water")
    return ClansMap(
        cells=cells,
        water=water,
        region=tuple(int(a["region"]) for a in areas),
        terrain=tuple(TERRAIN_NAMES.index(a["terrain"]) for a in areas),
        label=tuple(tuple(a["label"]) for a in areas),
        neighbours=derive_neighbours(cells),
        area_of_cell=owner,
        regions=int(data["regions"]),
    )


def load_map(path: str | Path | None = None) -> ClansMap:
    return _load_cached(str(path or MAP_PATH))


@lru_cache(maxsize=4)
def _load_cached(path: str) -> ClansMap:
    with open(path, encoding="utf-8") as f:
        return parse_map(json.load(f))
