"""The colours and words of the Ingenious screen, shared by the scene and its views.

Why a module of its own: the board, the rack, the side panel and the banner all mark seats and
placements with the same colours, and all speak through the same translator (`ingenious_ui`)."""
from __future__ import annotations

from hexgames.ui import hud
from hexgames.ui.words import translator

NS = "ingenious_ui"
tr_ui = translator(NS)

# Empty hexes by ring, as in the seed: white area (2 players), light grey (+3rd), dark grey (+4th).
RING_FILLS = {5: (238, 234, 224), 6: (196, 199, 206), 7: (146, 151, 162)}
OUT_OF_PLAY = (50, 56, 68)
GRID_LINE = (92, 98, 110)
START_MARK = (255, 255, 255)
LEGAL = hud.LEGAL
ILLEGAL = (240, 90, 90)
LAST_MOVE = (255, 214, 92)
# Seat chips kept apart from the six tile colours so a seat is never mistaken for a colour.
SEAT_CHIPS = [(236, 238, 242), (72, 206, 206), (240, 128, 186), (196, 164, 112)]


def seat_colour(seat: int) -> tuple[int, int, int]:
    return SEAT_CHIPS[seat % len(SEAT_CHIPS)]
