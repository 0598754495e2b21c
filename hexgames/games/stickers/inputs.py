"""Where a Sticker Turf move is input on screen (the tutorial's marker and autoplay), and the tip of
the drawn panel. Read from the scene's own layout; nothing here decides a rule."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from hexgames.games.stickers.catalogue import RARITY
from hexgames.games.stickers.rules import Pick, Reorder
from hexgames.ui import gestures

if TYPE_CHECKING:
    from hexgames.games.stickers.scene import StickersScene


def input_points(scene: "StickersScene", move: Any) -> list[gestures.Gesture]:
    """A pick: the sticker in the deck builder's catalogue (after its rarity's filter if it is not in
    view), and Use this deck when it is the deck's last. A placement or a block: its cell. A Peek
    order: the shown stickers clicked in the new order (all but the last, which follows)."""
    click = gestures.click
    if isinstance(move, Pick):
        return _pick(scene, move.sticker)
    if isinstance(move, Reorder):
        rects = scene.peek_rects()
        if list(move.order) == sorted(move.order):
            return [click(scene.keep_button.rect.center)]
        return [click(rects[i].center) for i in move.order[:-1]]
    return [click(scene.cell_centre(move.x, move.y))]


def _pick(scene: "StickersScene", sticker: int) -> list[gestures.Gesture]:
    builder = scene.builder
    assert builder is not None
    out: list[gestures.Gesture] = []
    spot = next((rect for rect, s in builder._grid_cells() if s == sticker), None)
    if spot is None:  # filtered out or scrolled away: the sticker's rarity shows it at the top
        chip = next(rect for rect, kind, value in builder.chips if kind == "rarity" and value == RARITY[sticker])
        out.append(gestures.click(chip.center))
        kept = builder.rarity, builder.colour, builder.scroll
        builder.rarity, builder.colour, builder.scroll = RARITY[sticker], None, 0
        try:
            spot = next(rect for rect, s in builder._grid_cells() if s == sticker)
        finally:
            builder.rarity, builder.colour, builder.scroll = kept
    out.append(gestures.click(spot.center))
    if len(builder.slots) + 1 >= builder.size:
        use = next(b for b, action in builder.buttons.items() if action == builder.use)
        out.append(gestures.click(use.rect.center))
    return out


def tip_regions(scene: "StickersScene") -> list[tuple[pygame.Rect, str]]:
    if scene.state.phase == "deck":
        return []
    tr = scene.app.tr
    players, drawn, rest = scene.panel_layout()
    out = [(rect, tr("learn.tips.stickers.player")) for rect in players]
    if drawn.h:
        out.append((drawn, tr("learn.tips.stickers.drawn")))
    if rest.h > 0:
        out.append((rest, tr("learn.tips.stickers.rest")))
    return out
