"""Where a Dot Lines move is input on screen (the tutorial's marker and autoplay), and the tips of the
drawn parts. Read from the scene's own layout; nothing here decides a rule."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from hexgames.games.dotlines.rules import Exchange, Place, Redraw, Stack
from hexgames.ui import gestures

if TYPE_CHECKING:
    from hexgames.games.dotlines.scene import DotLinesScene


def input_points(scene: "DotLinesScene", move: Any) -> list[gestures.Gesture]:
    """A choice (roll, home, first, chip, draw) is its button in the prompt. A column is: click its
    hand tiles (Shift adds to the selection), the chip button if it carries the chip, then the lit
    line end, or the column it is stacked on. Redraw and Exchange: the tile, the action's button,
    and for Exchange the opponent's tile."""
    click = gestures.click
    for button, choice in scene.prompt_buttons:
        if choice == move:
            return [click(button.rect.center)]
    seat = scene.match.to_move
    kind = type(move)
    if kind in (Place, Stack):
        tiles, chip = scene.move_tiles(move)
        out = _select(scene, seat, tiles)
        if chip:
            out.append(click(scene.chip_button.rect.center))
        cols = scene.col_rects[move.line]
        target = cols[len(scene.state.lines[move.line])] if kind is Place else cols[move.col]
        return out + [click(target.center)]
    if kind is Redraw:
        return _select(scene, seat, [move.value]) + [click(scene.action_buttons["redraw"].rect.center)]
    if kind is Exchange:
        theirs = scene.state.hand_tiles(1 - seat)
        rects = scene.hand_rects[1 - seat]
        return (_select(scene, seat, [move.give]) + [click(scene.action_buttons["exchange"].rect.center)]
                + [click(rects[theirs.index(move.take)].center)])
    raise ValueError(f"no input for {move!r}")


def _select(scene: "DotLinesScene", seat: int, values: list[int]) -> list[gestures.Gesture]:
    """Clicks that select hand tiles of these values: the first alone, the others added with Shift."""
    hand, rects = scene.my_hand(), scene.hand_rects[seat]
    picked: list[int] = []
    for value in values:
        picked.append(next(i for i, v in enumerate(hand) if v == value and i not in picked))
    return [gestures.click(rects[i].center, mod=pygame.KMOD_SHIFT if k else 0) for k, i in enumerate(picked)]


def tip_regions(scene: "DotLinesScene") -> list[tuple[pygame.Rect, str]]:
    tr = scene.app.tr
    out = [(scene.deck_rect, tr("learn.tips.dotlines.deck"))]
    out += [(rect, tr("learn.tips.dotlines.die")) for rect in scene.die_rects]
    geo = scene.geo
    if geo is not None:
        out += [(box, tr("learn.tips.dotlines.seat")) for box in geo.seat_boxes]
        out += [(area, tr("learn.tips.dotlines.line")) for area in geo.line_area]
        out += [(area, tr("learn.tips.dotlines.hand")) for area in geo.hand_area.values()]
    return out
