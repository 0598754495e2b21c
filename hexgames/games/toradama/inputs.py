"""Where a Toradama move is input on screen (the tutorial's marker and autoplay), and the tips of the
drawn parts. Read from the scene's own layout; nothing here decides a rule."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from hexgames.games.toradama import board
from hexgames.games.toradama.moves import Choose, Clear, Dig, Flip, Give, Place, Reroll, Resign, Swap, Triple
from hexgames.ui import gestures

if TYPE_CHECKING:
    from hexgames.games.toradama.scene import ToradamaScene


def input_points(scene: "ToradamaScene", move: Any) -> list[gestures.Gesture]:
    """A character: its card. A tile: its pool slot (or the cube pool), then its column, or Give away.
    A clear ball: the tama, clicked twice (marked, then cleared). An okunote: its button, then the
    cells or the column it needs. Resign: the button twice (it asks to be sure)."""
    click = gestures.click
    kind = type(move)
    if kind is Choose:
        return [click(scene.char_cards[move.character].center)]
    if kind in (Place, Give):
        source = click(scene.source_rect(scene.match.to_move, move.src).center)
        if kind is Give:
            return [source, click(scene.give_button.rect.center)]
        return [source, click(_column_top(scene, move.col))]
    if kind is Clear:
        spot = click(scene.cell_rect(move.cell).center)
        return [spot, spot]
    if kind is Resign:
        button = click(scene.resign_button.rect.center)
        return [button, button]
    okunote = click(scene.okunote_button.rect.center)
    if kind in (Reroll, Triple):
        return [okunote]
    if kind is Swap:
        return [okunote, click(scene.cell_rect(move.a).center), click(scene.cell_rect(move.b).center)]
    if kind is Flip:
        return [okunote, click(scene.cell_rect(move.cell).center)]
    if kind is Dig:
        return [okunote, click(_column_top(scene, move.col))]
    raise ValueError(f"no input for {move!r}")


def _column_top(scene: "ToradamaScene", col: int) -> tuple[int, int]:
    """The free cell a tile dropped on the column lands in (the top one when it is full)."""
    row = min(board.height(scene.view().cells, col), board.ROWS - 1)
    return scene.tile_rect(col, row).center


def tip_regions(scene: "ToradamaScene") -> list[tuple[pygame.Rect, str]]:
    tr = scene.app.tr
    out = [(scene.bag_rect, tr("learn.tips.toradama.bag"))]
    out += [(rect, tr("learn.tips.toradama.cubes")) for rect in scene.stacks.values()]
    out += [(rect, tr("learn.tips.toradama.card")) for rect in scene.cards.values()]
    return out
