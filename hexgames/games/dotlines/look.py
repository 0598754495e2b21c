"""The colours and words of the Dot Lines screen, shared by the scene and its views.

Why a module of its own: the felt, the hands, the side panel and the banner mark lines, seats and
targets with the same colours, name the lines and the actions with the same words, and all speak
through the same translator (`dotlines_ui`). The pieces' own colours (tiles, chips, dice, the
selection's gold, the targets' green) are `pieces.py`'s."""
from __future__ import annotations

from typing import TYPE_CHECKING

from hexgames.games.dotlines.layout import ACTIONS
from hexgames.games.dotlines.rules import CHIP, CHOOSE, DRAW, EXCHANGE, HOME, REDRAW, ROLL, STACK, WHITE
from hexgames.ui.words import translator

if TYPE_CHECKING:
    from hexgames.ui.shell import Shell

tr_ui = translator("dotlines_ui")

ACTION_KEYS = ACTIONS  # the one-shot actions, in the order of their buttons and markers
ACTION_BITS = (REDRAW, EXCHANGE, STACK)  # their bits in `state.used`

FELT = (34, 74, 58)
FELT_DARK = (26, 58, 46)
EMPTY_PLACE = (52, 92, 74)  # the outline of a place with no tile: a line's free column, a tile still on its way
SOFT_TARGET = (84, 170, 112)  # a line end or column some legal placement reaches (nothing selected)
NEUTRAL = (150, 150, 160)  # the banner's chip while the roll-off dice still tumble
MARKER_OUTLINE = (214, 214, 224)  # the black square's light edge: it stands out on dark panels

# What the player to move is asked, by phase: in the banner, and in the panel's words.
BANNERS = {
    ROLL: ("banner.roll", "{name}: roll for the start"),
    CHOOSE: ("banner.choose", "{name} rolled higher: choose"),
    HOME: ("banner.home", "{name}: choose your home line"),
    CHIP: ("banner.chip", "{name}: choose your chip (kept secret)"),
    DRAW: ("banner.draw", "{name}: draw a tile"),
}
BANNER_ACT = ("banner.act", "{name}: place tiles or use an action")
PROMPTS = {
    ROLL: ("prompt.roll", "Roll-off: the higher roller chooses."),
    CHOOSE: ("prompt.choose", "{name} rolled higher: choose a home line, or to move first."),
    HOME: ("prompt.home", "{name}: choose your home line."),
    CHIP: ("prompt.chip", "{name}: choose your chip for this game (hidden until both chose)."),
    DRAW: ("prompt.draw", "{name}: draw a tile (click the deck or press Enter)."),
}
# What the player acting is asked: by the action waiting for its tile, else by what they hold.
ASKS = {
    "redraw": ("ask.redraw", "Redraw: click the hand tile to discard."),
    "give": ("ask.give", "Exchange: click one of your tiles."),
    "take": ("ask.take", "Exchange: now click one of your opponent's tiles."),
    "stack": ("ask.stack", "Stack: select tiles, then click a column of that value and count."),
    "hint": ("ask.hint", "Hint: press Enter or click the ringed target to play it."),
    "place": ("ask.place", "Click a lit line end to place, or a column to stack."),
    "select": ("ask.select", "Select hand tiles (shift/ctrl-click or drag for several), or use an action."),
}


def line_name(app: "Shell", line: int) -> str:
    return tr_ui(app, f"line.{'white' if line == WHITE else 'black'}", "White" if line == WHITE else "Black")


def action_name(app: "Shell", key: str) -> str:
    """An action's name, as its button and its marker say it."""
    return tr_ui(app, f"action.{key}", key.capitalize())
