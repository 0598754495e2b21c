"""Input for Dot Lines: the player's selection (the hand tiles picked, the chip toggled on, an action
waiting for its tile, a drag), what a click, a drag or an action button does to it, which moves the
selection makes (matched against the rules' legal moves), where each move is input on screen (the
tutorial's marker and autoplay) and the tips of the drawn parts.

Everything here reads the layout (`layout.TableLayout`) and the position as the player to move sees
it, never the scene, so hit-testing and drawing share their numbers through the layout alone. Nothing
here decides a rule: a selection lights the legal moves (`rules.legal_moves`) that use exactly its
tiles, and a click where none lights up still proposes the move the player meant, for the rules to
refuse with their reason.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Sequence

import pygame

from hexgames.games.dotlines.layout import TableLayout
from hexgames.games.dotlines.rules import (
    ACT, BLACK, CHIP, CHOOSE, DOUBLE, DRAW, HOME, INVERTER, ROLL, WHITE, Chip, DotLinesState, Draw, Exchange, First,
    Home, Place, Redraw, Roll, Stack,
)
from hexgames.ui import gestures

if TYPE_CHECKING:
    from hexgames.ui.shell import Shell

THEIRS = "theirs"  # a click on the opponent's hand while no exchange asks for one of their tiles
CHIP_CLICK = "chip"  # a click on the player's own chip in their box

# The prompt's choices by phase (buttons in the panel; Enter takes a lone one): key, English, move.
CHOICES: dict[int, tuple[tuple[str, str, Any], ...]] = {
    ROLL: (("roll", "Roll the dice", Roll()),),
    CHOOSE: (("first", "Move first", First()), ("home_white", "Home: white", Home(WHITE)),
             ("home_black", "Home: black", Home(BLACK))),
    HOME: (("home_white", "Home: white", Home(WHITE)), ("home_black", "Home: black", Home(BLACK))),
    CHIP: (("chip.double", "Double", Chip(DOUBLE)), ("chip.inverter", "Inverter", Chip(INVERTER))),
    DRAW: (("draw", "Draw a tile", Draw()),),
}


@dataclass
class Selection:
    """What the player at the screen is doing now. Select hand tiles (shift/ctrl-click or drag for
    several), add the chip if wanted, then click a lit line end or column; an action button acts at
    once when the selection says enough, else waits (`mode`) for the tile it needs."""
    selected: list[int] = field(default_factory=list)  # indices into the mover's sorted hand
    chip_on: bool = False
    mode: str | None = None  # "redraw" | "exchange" | "stack": an action waiting for input
    give: int | None = None  # Exchange: the value offered
    dragging: bool = False
    mouse: tuple[int, int] = (-1, -1)

    @property
    def busy(self) -> bool:
        return bool(self.selected or self.mode)

    def clear(self) -> None:
        """Nothing of the last gesture stays: the tiles, the chip, the action waiting, the drag, the pointer."""
        self.selected = []
        self.chip_on = False
        self.mode = None
        self.give = None
        self.dragging = False
        self.mouse = (-1, -1)

    def ask(self, acting: bool, hint_lit: bool) -> str | None:
        """What the player is asked next (a key of `look.ASKS`): the tile the action waiting needs,
        else, while acting, to play the hint lit up, to click a target, or to select tiles."""
        if self.mode == "exchange":
            return "give" if self.give is None else "take"
        if self.mode is not None:
            return self.mode
        if not acting:
            return None
        return "hint" if hint_lit else "place" if self.selected else "select"

    def pick(self, i: int, add: bool) -> None:
        """A click on hand tile `i`: added to or taken from the selection (`add`: Shift or Ctrl held),
        else the selection becomes that tile alone (a drag from it adds the tiles it crosses), or
        nothing if it was that tile alone."""
        if add:
            if i in self.selected:
                self.selected.remove(i)
            else:
                self.selected.append(i)
        elif self.selected == [i]:
            self.selected = []
        else:
            self.selected = [i]
            self.dragging = True


@dataclass(frozen=True)
class Target:
    """A click on a line: one of its columns, or its open end (`col` None)."""
    line: int
    col: int | None


@dataclass(frozen=True)
class Reach:
    """The moves the player to move can make with their hand, and those their selection makes: the
    position as they see it (`view`), the rules' legal moves in it (asked for only when needed:
    only the player to move's view holds all they need), their selection."""
    view: DotLinesState
    seat: int
    moves: Callable[[], Sequence[Any]]  # the legal moves of `view`
    selection: Selection
    can_act: bool  # a human at this screen may input a move now

    @property
    def legal(self) -> Sequence[Any]:
        return self.moves()

    @property
    def acting(self) -> bool:
        """Placing or using an action (not a prompt's choice)."""
        return self.can_act and self.view.phase == ACT

    @property
    def hand(self) -> list[int]:
        return self.view.hand_tiles(self.seat)

    @property
    def raised(self) -> list[int]:
        """The hand tiles drawn raised: the selection, while the player may act."""
        return self.selection.selected if self.can_act else []

    def selection_values(self) -> list[int]:
        hand = self.hand
        return sorted(hand[i] for i in self.selection.selected if i < len(hand))

    def tiles(self, m: Place | Stack) -> tuple[list[int], int]:
        """The hand tiles a Place/Stack uses (sorted) and whether it uses the chip."""
        s = self.view
        value = m.value if type(m) is Place else s.lines[m.line][m.col].value
        tiles = [value] * m.plain
        if m.chip:
            tiles.append(value if s.chip[self.seat] == DOUBLE else 7 - value)
        return sorted(tiles), m.chip

    def candidates(self) -> list[Any]:
        """The legal placements and stacks that use exactly the selected tiles (and the chip if on)."""
        sel = self.selection
        if not sel.selected or not self.acting:
            return []
        want = self.selection_values()
        out = []
        for m in self.legal:
            if type(m) in (Place, Stack):
                if sel.mode == "stack" and type(m) is not Stack:
                    continue
                tiles, chip = self.tiles(m)
                if tiles == want and bool(chip) == sel.chip_on:
                    out.append(m)
        return out

    def playable(self) -> set[int]:
        """The hand values some legal placement or stack uses (with or without the chip)."""
        return {v for m in self.legal if type(m) in (Place, Stack) for v in self.tiles(m)[0]}

    def places(self) -> tuple[Place | Stack, ...]:
        """One legal placement or stack per place it goes (a line end, a column): where some tiles go."""
        found: dict[tuple[int, int | None], Place | Stack] = {}
        for m in self.legal:
            if type(m) in (Place, Stack):
                found.setdefault((m.line, m.col if type(m) is Stack else None), m)
        return tuple(found.values())

    def intended(self, target: Target) -> Any:
        """The move a click on a line end or a column means, legal or not, so the rules can say why
        it is refused; None with nothing selected."""
        vals = self.selection_values()
        if not vals:
            return None
        s = self.view
        chip = 1 if self.selection.chip_on else 0
        main = max(set(vals), key=vals.count)
        plain = vals.count(main) - (1 if chip and s.chip[self.seat] == DOUBLE else 0)
        if target.col is not None:
            return Stack(target.line, target.col, max(0, plain), chip)
        value = main
        if chip and s.chip[self.seat] == INVERTER:
            others = [v for v in vals if v != main]
            value = 7 - others[0] if others else 7 - main
            plain = vals.count(value)
        return Place(target.line, value, max(0, plain), chip)

    def move_at(self, target: Target) -> Any:
        """What a click on `target` plays: the lit move there, else the move meant (None: nothing
        selected)."""
        for m in self.candidates():
            if m.line == target.line and ((type(m) is Stack and m.col == target.col)
                                          or (type(m) is Place and target.col is None)):
                return m
        return self.intended(target)


def tile_indices(hand: Sequence[int], values: Sequence[int]) -> list[int]:
    """Hand indices holding `values`, each index once (a hand may hold several of a value)."""
    picked: list[int] = []
    for value in values:
        picked.append(next(i for i, v in enumerate(hand) if v == value and i not in picked))
    return picked


# --- what a gesture does ---------------------------------------------------------------------------
def click(geo: TableLayout, reach: Reach, pos: tuple[int, int], add: bool) -> bool | str | Target | Any:
    """A left click while the player acts: an opponent's tile (taken by a waiting exchange, else
    `THEIRS`), a hand tile (selected, or given to the action waiting for it), the player's chip
    (`CHIP_CLICK`), a column or a line end (the `Target`, for the scene to play), else nothing (False).
    A move returned (Redraw, Exchange) is the player's, to submit."""
    sel, v, seat = reach.selection, reach.view, reach.seat
    other = 1 - seat
    j = geo.hand_at(other, v.hand_size(other), pos)
    if j is not None:
        if sel.mode == "exchange" and sel.give is not None:
            return Exchange(sel.give, v.hand_tiles(other)[j])
        return THEIRS
    i = geo.hand_at(seat, v.hand_size(seat), pos, reach.raised)
    if i is not None:
        return _click_hand(sel, i, reach.hand[i], add)
    if geo.chip_at(pos) == seat:
        return CHIP_CLICK
    hit = geo.line_at(pos, [len(line) for line in v.lines])
    return False if hit is None else Target(*hit)


def _click_hand(sel: Selection, i: int, value: int, add: bool) -> bool | Redraw:
    if sel.mode == "redraw":
        return Redraw(value)
    if sel.mode == "exchange" and sel.give is None:
        sel.give = value
        sel.selected = [i]
        return True
    sel.pick(i, add)
    return True


def drag(geo: TableLayout, reach: Reach, pos: tuple[int, int]) -> None:
    """The pointer moved with the button down after picking a tile: the hand tiles it crosses join."""
    sel = reach.selection
    if not sel.dragging:
        return
    i = geo.hand_at(reach.seat, reach.view.hand_size(reach.seat), pos, reach.raised)
    if i is not None and i not in sel.selected:
        sel.selected.append(i)


def press_action(reach: Reach, key: str) -> Any:
    """An action button the rules allow: the move to play at once if the selection says enough
    (Redraw of the one tile selected, the one Stack the tiles make), else None, the selection
    waiting for what is missing (Exchange: one of yours, then one of theirs)."""
    sel = reach.selection
    vals = reach.selection_values()
    if key == "redraw":
        if len(vals) == 1:
            return Redraw(vals[0])
        sel.selected, sel.mode = [], "redraw"
    elif key == "exchange":
        if len(vals) == 1:
            sel.mode, sel.give = "exchange", vals[0]
        else:
            sel.selected, sel.mode, sel.give = [], "exchange", None
    else:
        sel.mode = "stack"
        found = reach.candidates()
        if vals and len(found) == 1:
            return found[0]
    return None


def hold_hint(reach: Reach, move: Any) -> bool:
    """A hinted move as the player's own selection: a placement's or a stack's tiles raised (the
    chip on if it uses it), True when that lights the move up (its target then shows it); a
    Redraw's or an Exchange's tile to give raised, for the action's button."""
    sel = reach.selection
    hand = reach.hand
    if type(move) in (Place, Stack):
        tiles, chip = reach.tiles(move)
        sel.selected, sel.chip_on = tile_indices(hand, tiles), bool(chip)
        if move in reach.candidates():
            return True
        sel.clear()
    elif type(move) in (Redraw, Exchange):
        value = move.value if type(move) is Redraw else move.give
        sel.selected = [hand.index(value)] if value in hand else []
    return False


# --- the tutorial and the tips -----------------------------------------------------------------------
def input_points(geo: TableLayout, reach: Reach, prompt: Sequence[tuple[pygame.Rect, Any]],
                 move: Any) -> list[gestures.Gesture]:
    """A choice (roll, home, first, chip, draw) is its button in the prompt (`prompt`: each choice's
    rect and move). A column is: click its hand tiles (Shift adds to the selection), the chip button
    if it carries the chip, then the lit line end, or the column it is stacked on. Redraw and
    Exchange: the tile, the action's button, and for Exchange the opponent's tile."""
    click_at = gestures.click
    for rect, choice in prompt:
        if choice == move:
            return [click_at(rect.center)]
    kind, v = type(move), reach.view
    if kind in (Place, Stack):
        tiles, chip = reach.tiles(move)
        out = _select(geo, reach, tiles)
        if chip:
            out.append(click_at(geo.chip_button.center))
        target = geo.col_rects[move.line][len(v.lines[move.line]) if kind is Place else move.col]
        return out + [click_at(target.center)]
    if kind is Redraw:
        return _select(geo, reach, [move.value]) + [click_at(geo.actions["redraw"].center)]
    if kind is Exchange:
        other = 1 - reach.seat
        theirs = v.hand_tiles(other)
        rects = geo.hand_rects(other, v.hand_size(other))
        return (_select(geo, reach, [move.give]) + [click_at(geo.actions["exchange"].center)]
                + [click_at(rects[theirs.index(move.take)].center)])
    raise ValueError(f"no input for {move!r}")


def _select(geo: TableLayout, reach: Reach, values: list[int]) -> list[gestures.Gesture]:
    """Clicks that select hand tiles of these values: the first alone, the others added with Shift."""
    rects = geo.hand_rects(reach.seat, reach.view.hand_size(reach.seat), reach.raised)
    return [gestures.click(rects[i].center, mod=pygame.KMOD_SHIFT if k else 0)
            for k, i in enumerate(tile_indices(reach.hand, values))]


def tip_regions(app: "Shell", geo: TableLayout) -> list[tuple[pygame.Rect, str]]:
    tr = app.tr
    out = [(geo.deck_rect, tr("learn.tips.dotlines.deck"))]
    out += [(rect, tr("learn.tips.dotlines.die")) for rect in geo.die_rects]
    out += [(box, tr("learn.tips.dotlines.seat")) for box in geo.seat_boxes]
    out += [(area, tr("learn.tips.dotlines.line")) for area in geo.line_area]
    out += [(area, tr("learn.tips.dotlines.hand")) for area in geo.hand_area.values()]
    return out
