"""What is drawn over the Clans table for a moment: a group sliding from area to area (a computer's
move, or a refused drop flying home) and the group the player drags under the pointer.

They are lifted (a shadow under them) and cross the other parts: the slide passes over the huts on
its way, the dragged group goes wherever the pointer goes. The board hides the areas they left
(`BoardShown.hidden`), so a group is never drawn twice.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

import pygame

from hexgames.games.clans import pieces
from hexgames.games.clans.layout import TableLayout
from hexgames.ui.anim import ease_in_out

if TYPE_CHECKING:
    from hexgames.ui.shell import Shell


def draw_slide(surface: pygame.Surface, app: "Shell", geo: TableLayout, slide: Mapping[str, Any] | None) -> None:
    """The sliding group between its "from" and "to" points, eased, `t` of the way (0..1)."""
    if slide is None:
        return
    t = ease_in_out(min(1.0, slide["t"]))
    pos = tuple(a + (b - a) * t for a, b in zip(slide["from"], slide["to"]))
    pieces.group(surface, app.font, geo, slide["huts"], pos, lifted=True)  # type: ignore[arg-type]


def draw_drag(surface: pygame.Surface, app: "Shell", geo: TableLayout, huts: tuple[int, ...] | None,
              pos: tuple[int, int]) -> None:
    """The dragged group under the pointer (None: nothing dragged)."""
    if huts is not None:
        pieces.group(surface, app.font, geo, huts, pos, lifted=True)
