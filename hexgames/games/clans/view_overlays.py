"""What is drawn over the Clans table for a moment: a group sliding from area to area (a computer's
move, or a refused drop flying home), the group the player drags under the pointer, and how a
village's scoring is lit (`scoring_style`, played by the frame's `ui.score_show`).

They are lifted (a shadow under them) and cross the other parts: the slide passes over the huts on
its way, the dragged group goes wherever the pointer goes. The board hides the areas they left
(`BoardShown.hidden`), so a group is never drawn twice.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Mapping

import pygame

from hexgames.core.scoring import ScoreMark
from hexgames.games.clans import pieces
from hexgames.games.clans.layout import TableLayout
from hexgames.games.clans.look import NEUTRAL_SEAT_RGB, SCORING, tr_ui
from hexgames.ui import draw, score_show
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


def scoring_style(app: "Shell", geo: TableLayout, seat_name: Callable[[int], str]) -> score_show.MarkStyle:
    """Clans' marks: the scored village's area outlined, its points in pills just below its huts (the
    huts stay in view): the founder's point with the neutral seat chip and the founder's name (a
    public fact), each colour's gain with that colour's shape, never a player's name (whose colour
    it is stays secret until the end), the huts a dispute sends away, a hostile land's nothing."""
    def centre(area: object) -> tuple[float, float]:
        x, y = geo.area_center(int(area))  # type: ignore[call-overload]
        return x, y + geo.hut_radius() * 2.8

    def outline(surface: pygame.Surface, area: object, colour: tuple[int, int, int], alpha: int) -> None:
        if alpha >= 128:  # lines have no alpha: the border goes with the fading pills' second half
            width = max(3, round(geo.cell / 4))
            pieces.outline_area(surface, geo, int(area), SCORING, width)  # type: ignore[call-overload]

    return score_show.MarkStyle(
        centre=centre, outline=outline,
        colour=lambda mark: pieces.FILLS[mark.colour] if mark.colour is not None else SCORING,
        symbol=_symbol, size=max(16, round(geo.hut_radius() * 1.6)),
        words=lambda mark: mark_words(app, mark, seat_name), bounds=geo.map_rect)


def mark_words(app: "Shell", mark: ScoreMark, seat_name: Callable[[int], str]) -> str:
    """A mark in words: "+5" for a colour (its shape beside it), "+1 Ann (founder)", the lone huts a
    dispute sends away, and "hostile land: 0"."""
    points = f"{mark.points:+d}".replace("-", "\u2212")
    if mark.note == "founder" and mark.seat is not None:
        return tr_ui(app, "mark.founder", "{points} {name} (founder)", points=points, name=seat_name(mark.seat))
    if mark.note == "dispute":
        return tr_ui(app, "mark.dispute", "lone huts {points}", points=points)
    if mark.note == "hostile":
        return tr_ui(app, "mark.hostile", "hostile land: 0")
    return points


def _symbol(mark: ScoreMark, size: int) -> pygame.Surface | None:
    """A colour's chip (its shape) for a colour's mark, the neutral seat chip for the founder's."""
    if mark.colour is None and mark.note != "founder":
        return None
    icon = pygame.Surface((size, size), pygame.SRCALPHA)
    r = size / 2
    if mark.colour is not None:
        pieces.chip(icon, mark.colour, (r, r), r - 1, shadow=False)
    else:
        draw.aa_circle(icon, NEUTRAL_SEAT_RGB, (r, r), r - 1, border=(240, 240, 240))
    return icon
