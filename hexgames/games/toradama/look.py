"""The colours and words of the Toradama screen, shared by the scene, its views, the character choice
and the narration.

Why a module of its own: the board, the pool, the side panel, the call-outs and the banner all mark
seats and picks with the same colours, and all speak through the same translator (`toradama_ui`)
and name characters and okunote the same way."""
from __future__ import annotations

from typing import TYPE_CHECKING

from hexgames.games.toradama.rules import CHARACTER_NAMES, OKUNOTE_COST, OKUNOTE_RECYCLED
from hexgames.ui import hud
from hexgames.ui.words import translator

if TYPE_CHECKING:
    from hexgames.ui.shell import Shell

NS = "toradama_ui"
tr_ui = translator(NS)

SEAT_CHIPS = ((72, 206, 206), (236, 238, 242))
AREA_TINTS = ((72, 206, 206, 34), (236, 238, 242, 26))  # each seat's columns, faintly in its colour
GRID_BG = (30, 35, 45)
GRID_LINE = (52, 60, 74)
LEGAL = hud.LEGAL  # the shared green of a legal target
BALL = (255, 214, 92)  # the clear ball, a picked tile, an okunote's first cell
RESIGN = (226, 92, 92)


def seat_colour(seat: int) -> tuple[int, int, int]:
    return SEAT_CHIPS[seat % 2]


def character_name(app: "Shell", c: int) -> str:
    name = CHARACTER_NAMES[c]
    return app.tr(f"toradama.character.{name}", default=name.capitalize())


def okunote_parts(app: "Shell", c: int) -> tuple[str, str]:
    """What the okunote does, and its cost."""
    name = CHARACTER_NAMES[c]
    what = tr_ui(app, f"okunote.{name}", name)
    cost = tr_ui(app, "cost_recycled" if OKUNOTE_RECYCLED[c] else "cost", "{n} niku", n=OKUNOTE_COST[c])
    return what, cost


def okunote_text(app: "Shell", c: int) -> str:
    """The okunote in a line: what it does and its cost."""
    what, cost = okunote_parts(app, c)
    return tr_ui(app, "okunote_line", "{what} ({cost})", what=what, cost=cost)
