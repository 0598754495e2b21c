"""Dot Lines' example positions (assets/rules/dotlines.positions.json), drawn by its own scene for
the illustrated rules and the quick start card.

A description: {"die": [white, black], "home": [seat 1's line, seat 2's line] (0 white, 1 black),
"lines": [white columns, black columns], a column being [value, count, [pips of its tiles]],
"chip": [seat 1's side, seat 2's] ("double" / "inverter"), "chip_at": [[line, column, tile] or
null per seat], "hands": [[values], [values]]}. The picture is the two lines, with dice, columns,
counts and any chip as in play."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from hexgames import games
from hexgames.games.dotlines.rules import ACT, DOUBLE, INVERTER, Column
from hexgames.ui import pictures

if TYPE_CHECKING:
    from hexgames.ui.shell import Shell

SIDES = {"double": DOUBLE, "inverter": INVERTER}


def position(desc: dict[str, Any]) -> Any:
    rules = games.get("dotlines").rules
    s = rules.setup({"mode": "standard"}, 2, 1)
    s.die = list(desc["die"])
    s.home = list(desc.get("home", (0, 1)))
    s.lines = [[Column(v, n, tuple(pips)) for v, n, pips in line] for line in desc["lines"]]
    s.chip = [SIDES[side] for side in desc.get("chip", ("double", "inverter"))]
    s.chip_at = [tuple(at) if at else None for at in desc.get("chip_at", (None, None))]
    for seat, values in enumerate(desc.get("hands", ([], []))):
        s.hands[seat] = [len(values)] + [values.count(v) for v in range(1, 7)]
    s.phase, s.current, s.first, s.rolls = ACT, 0, 1, ((s.die[0], s.die[1]),)
    return s


def draw(app: "Shell", desc: dict[str, Any]) -> pygame.Surface:
    def crop(scene: Any) -> pygame.Rect:
        return scene.line_area[0].union(scene.line_area[1])

    return pictures.scene_picture(app, "dotlines", position(desc), crop)
