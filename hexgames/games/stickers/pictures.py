"""Sticker Turf's example positions (assets/rules/stickers.positions.json), drawn by its own scene for
the illustrated rules and the quick start card.

A description: {"stickers": [[x, y, corners, seat], ...]}, corners being four letters r b y g (red,
blue, yellow, green) for the top-left, top-right, bottom-right and bottom-left corners as they lie on
the board. The rules find the territories the corners make; the scene outlines them with their size
and the founder's marker, as in play."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from hexgames import games
from hexgames.games.stickers.catalogue import COLOUR_NAMES, layout_of
from hexgames.ui import pictures

if TYPE_CHECKING:
    from hexgames.ui.shell import Shell

LETTERS = {name[0]: colour for colour, name in enumerate(COLOUR_NAMES)}


def position(desc: dict[str, Any]) -> Any:
    rules = games.get("stickers").rules
    s = rules.setup({"mode": "standard"}, 2, 1)
    for x, y, corners, seat in desc["stickers"]:
        rules.put(s, x, y, layout_of(*(LETTERS[ch] for ch in corners)), seat)
    s.phase, s.drawn = "over", -1  # a still position: nobody to move, no targets lit
    return s


def draw(app: "Shell", desc: dict[str, Any]) -> pygame.Surface:
    cells = [(x, y) for x, y, _, _ in desc["stickers"]]

    def crop(scene: Any) -> pygame.Rect:
        rect = scene.cell_rect(*cells[0])
        for x, y in cells[1:]:
            rect = rect.union(scene.cell_rect(x, y))
        return rect.inflate(round(scene.zoom * 1.2), round(scene.zoom * 0.8))

    return pictures.scene_picture(app, "stickers", position(desc), crop)
