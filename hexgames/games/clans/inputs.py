"""Input for Clans: the player's selection (the group picked up or dragged, the keyboard's ring, the
open guess picker, the pointer), what the mouse and the keys do to it, where each move is input on
screen (the tutorial's marker and autoplay) and the tips of the drawn panel.

Everything here reads the layout (`layout.TableLayout`) and what the scene hands it (the villages
waiting, the groups that may be picked up, the rules' targets of a group), never the scene, so
hit-testing and drawing share their numbers through the layout alone. Nothing here decides a rule:
a drop or a second click proposes a `Move`, a "?" mark a `ScoreNext`, and the scene submits them to
the rules, which may refuse.

Playing without the mouse: the arrow keys or Tab point at an area (a cyan ring), Enter picks the
group up, points at a target and puts it down; Backspace lets go. While several villages wait, the
same keys choose which one scores next.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Collection, Mapping, Sequence, Union

import pygame

from hexgames.games.clans.layout import PlayerRows, TableLayout
from hexgames.games.clans.rules import COLOURS, Move, ScoreNext
from hexgames.ui import gestures

if TYPE_CHECKING:
    from hexgames.ui.shell import Shell

DRAG_THRESHOLD = 6  # pixels the pointer moves (up+across) before a press becomes a drag
DIRECTIONS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
KEYS = (pygame.K_TAB, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_BACKSPACE)
NoteAction = tuple  # ("open", seat) or ("pick", seat, colour or None)


@dataclass
class Selection:
    """What the player at the screen is doing now: drag (or click-click) a group onto a neighbour,
    or point at areas with the keys; a guess picker may be open in the side panel."""
    selected: int | None = None  # the group picked up by a click (or Enter, or the hint)
    hover: int | None = None  # the area under the pointer
    press_area: int | None = None  # the group the button went down on
    press_pos: tuple[int, int] | None = None  # where it went down
    dragging: bool = False  # the pressed group follows the pointer
    drag_pos: tuple[int, int] = (0, 0)  # where the dragged group is
    key_focus: int | None = None  # the area the keyboard points at (arrows / Tab, then Enter)
    picker_for: int | None = None  # the seat whose colour guess is being picked

    @property
    def source(self) -> int | None:
        """The group whose targets light up: the dragged one, else the one picked up."""
        return self.press_area if self.dragging else self.selected

    def clear(self) -> None:
        """Nothing of the last gesture stays: the group in hand or dragged, the keyboard's ring, the
        pointer's hover and an open guess picker."""
        self.selected = self.hover = self.key_focus = self.picker_for = None
        self.press_area, self.press_pos, self.dragging = None, None, False
        self.drag_pos = (0, 0)


@dataclass(frozen=True)
class Lifted:
    """The button went down on a group that may be picked up (the scene says why if it cannot move)."""
    area: int


@dataclass(frozen=True)
class Drop:
    """A dragged group let go over `dst` (None: off the map or back on its own area)."""
    src: int
    dst: int | None
    pos: tuple[int, int]


@dataclass(frozen=True)
class Guess:
    """The viewer's guess of `seat`'s colour (None clears it)."""
    seat: int
    colour: int | None


ORDER_FIRST = "order_prompt"  # a press elsewhere while villages wait for their order: the scene says so
Pressed = Union[bool, ScoreNext, Lifted, str]


# --- the pointer ---------------------------------------------------------------------------------
def point(geo: TableLayout, sel: Selection, pos: tuple[int, int]) -> bool:
    """The pointer moved: the hover follows it, and a pressed group becomes a drag once it has
    moved far enough. True while a group is pressed (the move is the board's)."""
    sel.hover = geo.area_at(pos)
    if sel.press_area is None:
        return False
    sel.drag_pos = pos
    if not sel.dragging and sel.press_pos is not None and _far(pos, sel.press_pos):
        sel.dragging = True
    return True


def press(geo: TableLayout, sel: Selection, pos: tuple[int, int], pending: Sequence[int],
          movable: Collection[int], can_act: bool) -> Pressed:
    """The left button went down. While villages wait for their order, a "?" mark (or its area)
    chooses the next (`ScoreNext`), anything else is `ORDER_FIRST`; otherwise a group of `movable`
    is pressed (`Lifted`), to be dragged or clicked. Returns True/False for whether the press was
    the map's when nothing else came of it."""
    area = geo.marker_at(pos, pending) if pending else None
    if area is None:
        area = geo.area_at(pos)
    if area is None or not can_act:
        return area is not None
    if pending:
        return ScoreNext(area) if area in pending else ORDER_FIRST
    if sel.selected is not None and area != sel.selected:
        return True  # the second click of click-click: resolved on release
    if area in movable:
        sel.press_area, sel.press_pos, sel.drag_pos = area, pos, pos
        sel.dragging = False
        return Lifted(area)
    return True


def release(geo: TableLayout, sel: Selection, pos: tuple[int, int], can_act: bool) -> bool | Move | Drop:
    """The left button came up: a drag ends in a `Drop`, a click without a drag picks the group up
    (or puts it down), and a click on another area after picking one up proposes the `Move`."""
    area = geo.area_at(pos)
    src, dragging = sel.press_area, sel.dragging
    sel.press_area, sel.press_pos, sel.dragging = None, None, False
    if src is not None and dragging:
        sel.selected = None
        return Drop(src, None if area is None or area == src else area, pos)
    if src is not None:  # a click without a drag: select, or unselect
        sel.selected = None if sel.selected == src else src
        return True
    if sel.selected is not None and area is not None and can_act:
        first, sel.selected = sel.selected, None
        return Move(first, area)
    return area is not None


def _far(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) > DRAG_THRESHOLD


# --- the keys ------------------------------------------------------------------------------------
def reading_order(geo: TableLayout, areas: Sequence[int]) -> list[int]:
    """`areas` top to bottom, left to right (rows of about three cells): the order Tab goes in."""
    return sorted(areas, key=lambda a: (round(geo.area_center(a)[1] / max(1.0, geo.cell * 3)),
                                        geo.area_center(a)[0]))


def key(geo: TableLayout, sel: Selection, event_key: int, mod: int, pending: Sequence[int],
        candidates: Callable[[], Sequence[int]], targets: Callable[[int], Sequence[int]],
        can_act: bool) -> bool | Move | ScoreNext:
    """A key the board plays with: Tab / arrows move the ring among `candidates()`, Enter (or Space)
    picks the group up, puts it on the ringed target (the `Move`) or scores the ringed village
    next (the `ScoreNext`); Backspace lets go. False for any other key."""
    if event_key not in DIRECTIONS and event_key not in KEYS:
        return False
    if not can_act:
        return True
    if event_key == pygame.K_BACKSPACE:
        sel.selected = None
        return True
    areas = candidates()
    if not areas:
        return True
    focus = sel.key_focus if sel.key_focus in areas else None
    if event_key == pygame.K_TAB:
        step = -1 if mod & pygame.KMOD_SHIFT else 1
        i = areas.index(focus) + step if focus is not None else 0
        sel.key_focus = areas[i % len(areas)]
    elif event_key in DIRECTIONS:
        sel.key_focus = nearest(geo, areas, focus, DIRECTIONS[event_key])
    elif focus is None:
        sel.key_focus = areas[0]
    else:
        return _confirm(sel, focus, pending, targets)
    return True


def nearest(geo: TableLayout, candidates: Sequence[int], focus: int | None, d: tuple[int, int]) -> int:
    """The candidate closest in direction `d` from the focus (the focus itself if none lies there)."""
    if focus is None:
        return candidates[0]
    fx, fy = geo.area_center(focus)
    best, best_cost = focus, float("inf")
    for a in candidates:
        x, y = geo.area_center(a)
        along = (x - fx) * d[0] + (y - fy) * d[1]
        if a == focus or along <= 0:
            continue
        across = abs((x - fx) * d[1] - (y - fy) * d[0])
        cost = along + 2 * across
        if cost < best_cost:
            best, best_cost = a, cost
    return best


def _confirm(sel: Selection, area: int, pending: Sequence[int],
             targets: Callable[[int], Sequence[int]]) -> bool | Move | ScoreNext:
    """Enter on the ringed area: score it next, pick its group up (the ring goes to its first
    target), put it down again, or propose moving the group in hand there."""
    if pending:
        return ScoreNext(area)
    if sel.selected is None:
        sel.selected = area
        options = targets(area)
        sel.key_focus = options[0] if options else area
        return True
    if area == sel.selected:
        sel.selected = None
        return True
    first, sel.selected = sel.selected, None
    return Move(first, area)


# --- the guess notes in the side panel (the viewer's own, kept in Match.notes) ----------------
def note_targets(rows: PlayerRows, guessable: Collection[int], picker_for: int | None,
                 choices: Sequence[int]) -> list[tuple[pygame.Rect, NoteAction]]:
    """What a click in the players part may hit: the guess slot of each seat the viewer may guess,
    and the open picker's cells (a colour each, then "clear")."""
    out: list[tuple[pygame.Rect, NoteAction]] = []
    for seat, slot in enumerate(rows.slots):
        if seat in guessable:
            out.append((slot, ("open", seat)))
        if seat == picker_for:
            out += [(cell, ("pick", seat, c)) for cell, c in zip(rows.cells, [*choices, None])]
    return out


def click_note(sel: Selection, targets: Sequence[tuple[pygame.Rect, NoteAction]], pos: tuple[int, int],
               panel: pygame.Rect) -> bool | Guess:
    """A click on a guess slot opens (or closes) its picker, a click in the picker is the `Guess`;
    any other click closes the picker (and is the panel's if it fell there)."""
    for rect, action in targets:
        if rect.collidepoint(pos):
            if action[0] == "open":
                sel.picker_for = None if sel.picker_for == action[1] else action[1]
                return True
            sel.picker_for = None
            return Guess(action[1], action[2])
    if sel.picker_for is not None:
        sel.picker_for = None
        return panel.collidepoint(pos)
    return False


def read_guesses(note: Any, viewer: int | None, seats: int) -> dict[int, int]:
    """The guesses in a viewer's note (`Match.notes[viewer]`, JSON from a save: {"seat": colour}),
    each other seat's at most once; anything else in it is ignored."""
    if not isinstance(note, dict):
        return {}
    out = {}
    for k, colour in note.items():
        if (isinstance(k, str) and k.isdigit() and int(k) < seats and int(k) != viewer
                and type(colour) is int and 0 <= colour < COLOURS):
            out[int(k)] = colour
    return out


def noted(guesses: Mapping[int, int], guess: Guess) -> dict[str, int]:
    """The viewer's note with `guess` made (or its seat's guess cleared), ready for `Match.set_note`."""
    note = {str(k): v for k, v in guesses.items() if k != guess.seat}
    if guess.colour is not None:
        note[str(guess.seat)] = guess.colour
    return note


# --- the tutorial and the tips -------------------------------------------------------------------
def input_points(geo: TableLayout, move: Any) -> list[gestures.Gesture]:
    """A group moves by a drag from its area to the neighbour; a village scores next by a click on
    its "?" mark."""
    if isinstance(move, ScoreNext):
        return [gestures.click(geo.marker_pos(move.area))]
    return [gestures.drag(geo.area_center(move.src), geo.area_center(move.dst))]


def tip_regions(app: "Shell", geo: TableLayout, sections: dict[str, pygame.Rect]) -> list[tuple[pygame.Rect, str]]:
    """A tip for each part of the side panel where it was last drawn (`sections`), or for the whole
    panel before its first frame."""
    if not sections:
        return [(geo.panel, app.tr("learn.tips.clans.panel"))]
    return [(rect, app.tr(f"learn.tips.clans.{name}")) for name, rect in sections.items() if rect.h > 0]
