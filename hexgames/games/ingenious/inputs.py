"""Where an Ingenious move is input on screen (the tutorial's marker and autoplay), and the tips of
the drawn panels. Read from the scene's own layout; nothing here decides a rule."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from hexgames.core import hexgrid
from hexgames.core.hexgrid import DOWN
from hexgames.games.ingenious.rules import Swap
from hexgames.ui import gestures

if TYPE_CHECKING:
    from hexgames.games.ingenious.scene import IngeniousScene


def input_points(scene: "IngeniousScene", move: Any) -> list[gestures.Gesture]:
    """A swap is its button; a placement is: click the rack tile, right-click to turn it until its
    halves lie as the move's, click the board between the two hexes, Enter to confirm."""
    if isinstance(move, Swap):
        button = scene.swap_accept_button if move.accept else scene.swap_decline_button
        return [gestures.click(button.rect.center)]
    rack = scene.state.racks[scene.match.to_move] or []
    slot = next((i for i, t in enumerate(rack) if sorted(t) == sorted(move.tile)), None)
    if slot is None:
        raise ValueError(f"the tile {move.tile} is not in the rack")
    a, b = (move.a, move.b) if tuple(rack[slot]) == tuple(move.tile) else (move.b, move.a)
    d = hexgrid.direction_between(a, b)  # UP is 0: never `or`-default it
    turns = ((DOWN if d is None else d) - DOWN) % 6
    pos = scene.placement_center(a, b)
    return ([gestures.click(scene.rack_slots[slot].center)] + [gestures.rclick(pos)] * turns
            + [gestures.click(pos), gestures.key(pygame.K_RETURN)])


def tip_regions(scene: "IngeniousScene") -> list[tuple[pygame.Rect, str]]:
    app = scene.app
    p = scene.panel_rect
    out = [(pygame.Rect(p.x, p.y, p.w, 26), app.tr("learn.tips.ingenious.bag")),
           (scene.legend_rect, app.tr("learn.tips.ingenious.legend"))]
    out += [(rect, app.tr("learn.tips.ingenious.card")) for rect in scene.cards.values()]
    return out
