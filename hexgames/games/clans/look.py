"""The colours of the Clans screen, shared by the scene and its parts (panel, recap, keyboard)."""
from __future__ import annotations

from hexgames.games.clans import pieces
from hexgames.ui.words import translator

tr_ui = translator("clans.ui")  # the screen texts (the game's own words live under "clans")

CLAN_RGB = pieces.FILLS
TERRAIN_RGB = ((150, 152, 160), (52, 112, 64), (226, 200, 116), (156, 208, 120))
TERRAIN_DARK = ((104, 106, 114), (28, 74, 38), (176, 150, 72), (104, 160, 80))
HIGHLIGHT = (255, 236, 120)
# the one seat chip while colours are secret (banner and panel alike): a slate grey, no clan colour
NEUTRAL_SEAT_RGB = (120, 130, 148)
KEY_FOCUS = (110, 220, 255)  # the keyboard's pointer: a cyan ring, unlike the yellow targets
