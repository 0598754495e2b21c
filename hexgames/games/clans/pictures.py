"""Clans' example positions (assets/rules/clans.positions.json), drawn by its own scene for the
illustrated rules and the quick start card.

A description is a short game: {"seed": n, "moves": [encoded moves], "focus": area, "reach": cells
shown around the focus}. The scene draws the map as the moves left it, the last move and any village
with its score as in play."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from hexgames import games
from hexgames.ui import pictures

if TYPE_CHECKING:
    from hexgames.ui.shell import Shell

DRAW_SIZE = (2080, 1440)  # the whole map at twice the usual size: a part of it shows sharp


def draw(app: "Shell", desc: dict[str, Any]) -> pygame.Surface:
    rules = games.get("clans").rules
    state = rules.setup({"mode": "standard"}, 2, int(desc.get("seed", 1)))
    moves = [rules.decode(j) for j in desc.get("moves", [])]
    focus = desc.get("focus")
    reach = float(desc.get("reach", 5))

    def crop(scene: Any) -> pygame.Rect:
        if focus is None:
            return scene.map_rect
        x, y = scene.area_center(int(focus))
        half = round(scene.cell * reach)
        return pygame.Rect(round(x) - round(half * 1.4), round(y) - half, round(half * 2.8), 2 * half)

    return pictures.scene_picture(app, "clans", state, crop, options={"mode": "standard"}, moves=moves,
                                  seed=int(desc.get("seed", 1)), size=DRAW_SIZE)
