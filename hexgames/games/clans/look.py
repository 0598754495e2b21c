"""The colours and words of the Clans screen that its parts share (the board, the side panel, the
scene's banner chips and charts). The tribe colours themselves, with their shapes, are `pieces`'."""
from __future__ import annotations

from typing import TYPE_CHECKING

from hexgames.games.clans.map import TERRAIN_NAMES
from hexgames.games.clans.rules import COLOUR_NAMES
from hexgames.ui.words import translator

if TYPE_CHECKING:
    from hexgames.ui.shell import Shell

tr_ui = translator("clans.ui")  # the screen texts (the game's own words live under "clans")

TERRAIN_RGB = ((150, 152, 160), (52, 112, 64), (226, 200, 116), (156, 208, 120))
TERRAIN_DARK = ((104, 106, 114), (28, 74, 38), (176, 150, 72), (104, 160, 80))
HIGHLIGHT = (255, 236, 120)
# the one seat chip while colours are secret (banner and panel alike): a slate grey, no clan colour
NEUTRAL_SEAT_RGB = (120, 130, 148)
KEY_FOCUS = (110, 220, 255)  # the keyboard's pointer: a cyan ring, unlike the yellow targets


def terrain_label(app: "Shell", terrain: int | None) -> str:
    """A terrain's name (None: no terrain, -1: any), as the epoch chart and the village captions say it."""
    if terrain is None:
        return app.tr("clans.terrain.none", default="None")
    if terrain == -1:
        return app.tr("clans.terrain.any", default="Any terrain")
    name = TERRAIN_NAMES[terrain]
    return app.tr(f"clans.terrain.{name}", default=name.capitalize())


def colour_label(app: "Shell", colour: int) -> str:
    """A hut colour's name."""
    name = COLOUR_NAMES[colour]
    return app.tr(f"clans.colour.{name}", default=name.capitalize())
