"""Ingenious' example positions (assets/rules/ingenious.positions.json), drawn by its own scene for
the illustrated rules and the quick start card.

A description: {"cells": {colour: [[q, r], ...]}, "place": {"tile": [colour, colour], "at": [[q, r],
[q, r]]}, "focus": [q, r], "reach": hexes shown around the focus}. The placement shows as the player's
own preview, with the points it would score in its badge, worked out by the rules."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from hexgames import games
from hexgames.core import hexgrid
from hexgames.games.ingenious.rules import COLOUR_NAMES, Place
from hexgames.ui import pictures

if TYPE_CHECKING:
    from hexgames.ui.shell import Shell

HEX = 30  # the hexes' size in the picture


def draw(app: "Shell", desc: dict[str, Any]) -> pygame.Surface:
    rules = games.get("ingenious").rules
    s = rules.setup({"mode": "standard"}, 2, 1)
    rules.put(s, {(q, r): COLOUR_NAMES.index(c) for c, hexes in desc.get("cells", {}).items() for q, r in hexes})
    s.placed = [True] * s.seats  # past the first round: no start-symbol claims drawn
    place = desc.get("place")
    move = None
    if place:
        (a, b), (ha, hb) = place["tile"], place["at"]
        move = Place((COLOUR_NAMES.index(a), COLOUR_NAMES.index(b)), tuple(ha), tuple(hb))
    focus = tuple(desc.get("focus", (0, 0)))
    reach = int(desc.get("reach", 3))

    def prepare(scene: Any) -> None:
        scene.geo = scene.geo.zoomed(HEX, focus)
        scene.preview = move

    def crop(scene: Any) -> pygame.Rect:
        rect = pygame.Rect(0, 0, round(HEX * (1.5 * (2 * reach + 1) + 0.5)), round(HEX * hexgrid.SQRT3 * (2 * reach + 1)))
        rect.center = scene.board_area.center
        return rect

    return pictures.scene_picture(app, "ingenious", s, crop, prepare)
