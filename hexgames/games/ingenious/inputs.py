"""Input for Ingenious: the player's selection (the rack tile in hand, its turn, the placement
previewed, the pointer), what a click or the wheel does to it, where each move is input on screen
(the tutorial's marker and autoplay) and the tips of the drawn panels.

Everything here reads the layout (`layout.TableLayout`) and the rack it is given, never the scene,
so hit-testing and drawing share their numbers through the layout alone. Nothing here decides a rule:
a click on the board proposes a `Place`, which the scene checks with the rules.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Sequence

import pygame

from hexgames.core.hexgrid import DOWN
from hexgames.games.ingenious.layout import TableLayout, direction, on_board
from hexgames.games.ingenious.rules import Place, Swap
from hexgames.ui import gestures

if TYPE_CHECKING:
    from hexgames.ui.shell import Shell

Tile = tuple[int, int]
Rack = Sequence[Tile]


@dataclass
class Selection:
    """What the player at the screen is doing now. Placing follows the seed's hands-on feel
    (RULES.md §1.2): click a rack tile, it follows the pointer, right-click turns it 60° clockwise, a
    click on the board leaves a preview that Enter or Confirm commits; Esc or a click on the rack
    takes it back."""
    held: int | None = None  # rack index of the tile in hand
    orientation: int = DOWN  # direction from tile[0]'s hex to tile[1]'s hex
    preview: Place | None = None  # placed on the board, not yet confirmed
    preview_slot: int | None = None  # the rack index of the previewed tile
    mouse: tuple[int, int] = (0, 0)  # the pointer

    @property
    def busy(self) -> bool:
        return self.held is not None or self.preview is not None

    def tile(self, rack: Rack | None) -> Tile | None:
        """The tile in hand, if the rack still holds it."""
        if self.held is None or rack is None or self.held >= len(rack):
            return None
        return rack[self.held]

    def pick(self, slot: int) -> None:
        """Take a rack tile in hand (clicking the tile in hand again puts it back)."""
        if self.held == slot:
            self.put_back()
            return
        self.preview = self.preview_slot = None
        self.held = slot
        self.orientation = DOWN

    def rotate(self, steps: int = 1) -> None:
        """Turn the tile in hand by 60° per step, clockwise for positive steps (the right button)."""
        self.orientation = (self.orientation + steps) % 6

    def put_back(self) -> None:
        """The tile in hand or the preview goes back to the rack (Esc, a click on the rack)."""
        self.held = None
        self.preview = self.preview_slot = None

    def clear(self) -> None:
        """Nothing of the last gesture stays: the tile and its turn, the preview, the pointer's hover."""
        self.put_back()
        self.orientation = DOWN
        self.mouse = (-1, -1)

    def show(self, move: Place, slot: int | None) -> None:
        """`move` as the preview of the tile in rack slot `slot`, nothing in hand (a legal drop, a hint)."""
        self.held = None
        self.preview, self.preview_slot = move, slot

    def lift(self, rack: Rack) -> None:
        """The preview back in hand, turned as it lay (which half went where)."""
        p = self.preview
        assert p is not None
        tile = rack[self.preview_slot or 0]
        a, b = (p.a, p.b) if tuple(p.tile) == tuple(tile) else (p.b, p.a)
        self.held, self.orientation = self.preview_slot, direction(a, b)
        self.preview = self.preview_slot = None


def hover(geo: TableLayout, selection: Selection, rack: Rack | None) -> Place | None:
    """The placement under the pointer for the tile in hand, if both halves are on the board."""
    tile = selection.tile(rack)
    if tile is None or not geo.board_area.collidepoint(selection.mouse):
        return None
    a, b = geo.hexes_under(selection.mouse, selection.orientation)
    return Place(tile, a, b) if on_board(a) and on_board(b) else None


def click(geo: TableLayout, selection: Selection, rack: Rack | None, pos: tuple[int, int]) -> bool | Place:
    """A left click while the player may place: a rack tile is picked (or put back), a click
    elsewhere on the rack puts back what is held, a click on the board proposes the tile in hand
    there (the returned `Place`, for the scene to check) or lifts the preview clicked on. Returns
    whether the click was the board's or the rack's."""
    slot = geo.slot_at(pos, len(rack)) if rack is not None else None
    if slot is not None:
        selection.pick(slot)
        return True
    if geo.rack_area.collidepoint(pos):
        selection.put_back()
        return True
    if not geo.board_area.collidepoint(pos):
        return False
    if selection.held is not None:
        tile = selection.tile(rack)
        return True if tile is None else Place(tile, *geo.hexes_under(pos, selection.orientation))
    if selection.preview is not None and rack is not None and geo.hex_at(pos) in (selection.preview.a,
                                                                                   selection.preview.b):
        selection.lift(rack)
        return True
    return False


def rack_slot(rack: Rack, tile: Sequence[int]) -> int | None:
    """The rack slot holding `tile` (either way round)."""
    return next((i for i, t in enumerate(rack) if sorted(t) == sorted(tile)), None)


def input_points(geo: TableLayout, rack: Rack, move: Any) -> list[gestures.Gesture]:
    """A swap is its button; a placement is: click the rack tile, right-click to turn it until its
    halves lie as the move's, click the board between the two hexes, Enter to confirm."""
    if isinstance(move, Swap):
        return [gestures.click((geo.swap_accept if move.accept else geo.swap_decline).center)]
    slot = rack_slot(rack, move.tile)
    if slot is None:
        raise ValueError(f"the tile {move.tile} is not in the rack")
    a, b = (move.a, move.b) if tuple(rack[slot]) == tuple(move.tile) else (move.b, move.a)
    turns = (direction(a, b) - DOWN) % 6
    pos = geo.placement_center(a, b)
    return ([gestures.click(geo.rack_slots[slot].center)] + [gestures.rclick(pos)] * turns
            + [gestures.click(pos), gestures.key(pygame.K_RETURN)])


def tip_regions(app: "Shell", geo: TableLayout) -> list[tuple[pygame.Rect, str]]:
    p = geo.panel
    out = [(pygame.Rect(p.x, p.y, p.w, 26), app.tr("learn.tips.ingenious.bag")),
           (geo.legend, app.tr("learn.tips.ingenious.legend"))]
    out += [(rect, app.tr("learn.tips.ingenious.card")) for rect in geo.cards.values()]
    return out
