"""Input for Sticker Turf: what the player at the screen is doing now (on the board: the cell under
the pointer, a middle-drag, the camera fitting or not, a Peek order being numbered; in the deck
builder: the filters, the scroll and the stickers chosen), what a click, a drag, the wheel or a key
does to it, where each move is input on screen (the tutorial's marker and autoplay) and the tips of
the side panel's parts.

Everything here reads the layout (`layout.TableLayout`), never the scene, so hit-testing and drawing
share their numbers through the layout alone. Nothing here decides a rule: a click on the board
proposes a `Place` or a `Block`, a click in the catalogue a `Pick`, which the scene (or the deck
builder) checks with the rules.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Sequence

import pygame

from hexgames.games.stickers import catalogue
from hexgames.games.stickers.catalogue import ALL_STICKERS, RARITY
from hexgames.games.stickers.layout import DeckLayout, TableLayout
from hexgames.games.stickers.rules import Block, Pick, Place, Reorder
from hexgames.ui import gestures

if TYPE_CHECKING:
    from hexgames.ui.shell import Shell
    from hexgames.games.stickers.decks import SavedDeck

WHEEL_ZOOM, KEY_ZOOM = 1.15, 1.2
ZOOM_IN = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
ZOOM_OUT = (pygame.K_MINUS, pygame.K_KP_MINUS)


@dataclass
class Selection:
    """What the player at the screen is doing on the board now. The camera fits the whole board
    until they pan or zoom (`auto_fit`); Peek's stickers are numbered by clicks, top first, and
    played only when confirmed (`peek_order`)."""
    hover: tuple[int, int] | None = None  # the cell under the pointer
    panning: tuple[int, int] | None = None  # where a middle-drag last was
    peek_order: list[int] = field(default_factory=list)  # the shown stickers clicked, top first
    auto_fit: bool = True  # the camera follows the board until the player moves it

    def number(self, i: int) -> None:
        """Give shown sticker `i` the next place from the top, or take its number back."""
        if i in self.peek_order:
            self.peek_order.remove(i)
        else:
            self.peek_order.append(i)

    def peek_choice(self, count: int) -> tuple[int, ...]:
        """The order the clicks give so far, of `count` shown stickers: the ones clicked first, the
        rest as they lie."""
        return tuple(self.peek_order + [j for j in range(count) if j not in self.peek_order])

    def clear(self) -> None:
        """Nothing of the last player's gestures stays: the hover, a drag, a Peek order."""
        self.hover = None
        self.panning = None
        self.peek_order = []


def steer(geo: TableLayout, sel: Selection, event: pygame.event.Event,
          pointer: tuple[int, int]) -> TableLayout | None:
    """The board's camera moved by a middle-drag, the wheel (at the `pointer`), an arrow key or + / -:
    the new layout, and the camera stops fitting; None when the event moves no camera."""
    moved = None
    if event.type == pygame.MOUSEMOTION and sel.panning is not None:
        moved = geo.panned(event.pos[0] - sel.panning[0], event.pos[1] - sel.panning[1])
        sel.panning = event.pos
    elif event.type == pygame.MOUSEWHEEL:
        moved = geo.zoomed_at(WHEEL_ZOOM ** event.y, pointer)
    elif event.type == pygame.KEYDOWN:
        step = geo.zoom
        pans = {pygame.K_LEFT: (step, 0), pygame.K_RIGHT: (-step, 0), pygame.K_UP: (0, step),
                pygame.K_DOWN: (0, -step)}
        if event.key in pans:
            moved = geo.panned(*pans[event.key])
        elif event.key in ZOOM_IN + ZOOM_OUT:
            moved = geo.zoomed_at(KEY_ZOOM if event.key in ZOOM_IN else 1 / KEY_ZOOM)
    if moved is not None:
        sel.auto_fit = False
    return moved


def drag(geo: TableLayout, sel: Selection, event: pygame.event.Event) -> bool:
    """A middle-drag starts on the board and ends anywhere; the pointer's cell follows every motion.
    Returns whether the event was the drag's (a motion only while dragging)."""
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 2 and geo.board.collidepoint(event.pos):
        sel.panning = event.pos
        return True
    if event.type == pygame.MOUSEBUTTONUP and event.button == 2:
        sel.panning = None
        return True
    if event.type == pygame.MOUSEMOTION:
        sel.hover = geo.cell_at(event.pos)
        return sel.panning is not None
    return False


def click(geo: TableLayout, sel: Selection, pos: tuple[int, int], phase: str, shown: int) -> bool | Place | Block:
    """A left click of the player who may act: on one of the `shown` stickers of Peek it numbers it
    (or takes its number back); on a cell of the board it proposes the drawn sticker there (a block in
    Block's phase), for the scene to submit. Returns whether the click was the table's."""
    i = geo.peek_at(pos, shown)
    if i is not None:
        sel.number(i)
        return True
    cell = geo.cell_at(pos)
    if cell is None:
        return False
    return Block(*cell) if phase == "block" else Place(*cell)


# --- the deck builder ----------------------------------------------------------------------------------
@dataclass
class DeckSelection:
    """What the player building a deck is doing now: the catalogue's filters and scroll, and the
    stickers chosen, not yet used (the first `fixed` of them picked in the match already: a resumed
    game)."""
    rarity: str | None = None
    colour: int | None = None
    scroll: int = 0
    slots: list[int] = field(default_factory=list)
    fixed: int = 0

    def visible(self) -> list[int]:
        """The catalogue stickers that pass the filters."""
        return [s for s in ALL_STICKERS if (self.rarity is None or RARITY[s] == self.rarity)
                and (self.colour is None or (s < catalogue.LAYOUTS and self.colour in catalogue.corners(s)))]

    def remove(self, index: int) -> None:
        if self.fixed <= index < len(self.slots):
            del self.slots[index]

    def scroll_by(self, geo: DeckLayout, rows: int) -> None:
        self.scroll = max(0, min(geo.max_scroll(len(self.visible())), self.scroll + rows))

    def bring_into_view(self, geo: DeckLayout, sticker: int) -> None:
        """Scroll (clearing the filters if they hide it) until `sticker` shows in the grid."""
        if sticker not in self.visible():
            self.rarity = self.colour = None
        row = self.visible().index(sticker) // geo.columns
        shown = geo.shown_rows
        if not self.scroll <= row < self.scroll + shown:
            self.scroll = max(0, min(geo.max_scroll(len(self.visible())), row - shown // 2))


def deck_click(geo: DeckLayout, picks: DeckSelection, pos: tuple[int, int],
               saved: Sequence["SavedDeck"]) -> bool | Pick | "SavedDeck":
    """A left click in the deck builder: a filter is set (back to the catalogue's top), a deck place
    given back; a catalogue sticker is proposed as a `Pick` and a saved deck (of `saved`, as listed)
    is returned, for the builder to check. Returns whether the click was the builder's."""
    chip = geo.chip_at(pos)
    if chip is not None:
        kind, value = chip
        if kind == "rarity":
            picks.rarity = value
        else:
            picks.colour = value
        picks.scroll = 0
        return True
    sticker = geo.sticker_at(pos, picks.visible(), picks.scroll)
    if sticker is not None:
        return Pick(sticker)
    slot = geo.slot_at(pos)
    if slot is not None:
        picks.remove(slot)
        return True
    deck = geo.saved_at(pos, saved)
    return False if deck is None else deck


# --- the tutorial and the tips ---------------------------------------------------------------------------
def input_points(geo: TableLayout, move: Any, shown: int, picks: DeckSelection) -> list[gestures.Gesture]:
    """A pick: the sticker in the deck builder's catalogue (after its rarity's filter if it is not in
    view), and Use this deck when it is the deck's last. A placement or a block: its cell. A Peek
    order of the `shown` stickers: them clicked in the new order (all but the last, which follows),
    or Keep when the order stays."""
    click_at = gestures.click
    if isinstance(move, Pick):
        return _pick(geo.deck, picks, move.sticker)
    if isinstance(move, Reorder):
        rects = geo.peek_rects(shown)
        if list(move.order) == sorted(move.order):
            return [click_at(geo.keep_button.center)]
        return [click_at(rects[i].center) for i in move.order[:-1]]
    return [click_at(geo.cell_centre(move.x, move.y))]


def _pick(geo: DeckLayout, picks: DeckSelection, sticker: int) -> list[gestures.Gesture]:
    out: list[gestures.Gesture] = []
    spot = next((rect for rect, s in geo.grid_cells(picks.visible(), picks.scroll) if s == sticker), None)
    if spot is None:  # filtered out or scrolled away: the sticker's rarity shows it at the top
        out.append(gestures.click(geo.chip("rarity", RARITY[sticker]).center))
        shown = DeckSelection(RARITY[sticker]).visible()
        spot = next(rect for rect, s in geo.grid_cells(shown, 0) if s == sticker)
    out.append(gestures.click(spot.center))
    if len(picks.slots) + 1 >= len(geo.slots):
        out.append(gestures.click(geo.use.center))
    return out


def tip_regions(app: "Shell", geo: TableLayout, box: str) -> list[tuple[pygame.Rect, str]]:
    """The tips of the side panel's parts, with the panel's box (see `TableLayout.panel_parts`)."""
    tr = app.tr
    parts = geo.panel_parts(box)
    out = [(rect, tr("learn.tips.stickers.player")) for rect in parts.players]
    if parts.drawn.h:
        out.append((parts.drawn, tr("learn.tips.stickers.drawn")))
    if parts.rest.h > 0:
        out.append((parts.rest, tr("learn.tips.stickers.rest")))
    return out
