"""Where a Clans move is input on screen (the tutorial's marker and autoplay), and the tip of the drawn
panel. Read from the scene's own layout; nothing here decides a rule."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from hexgames.games.clans.rules import ScoreNext
from hexgames.ui import gestures

if TYPE_CHECKING:
    from hexgames.games.clans.scene import ClansScene


def input_points(scene: "ClansScene", move: Any) -> list[gestures.Gesture]:
    """A group moves by a drag from its area to the neighbour; a village scores next by a click on
    its "?" mark."""
    if isinstance(move, ScoreNext):
        return [gestures.click(scene.marker_pos(move.area))]
    return [gestures.drag(scene.area_center(move.src), scene.area_center(move.dst))]


def tip_regions(scene: "ClansScene") -> list[tuple[pygame.Rect, str]]:
    sections = scene.panel_sections
    if not sections:  # not drawn yet: the whole panel
        return [(scene.panel_rect, scene.app.tr("learn.tips.clans.panel"))]
    return [(rect, scene.app.tr(f"learn.tips.clans.{name}")) for name, rect in sections.items() if rect.h > 0]
