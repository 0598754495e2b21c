"""The words and text sizes of the Sticker Turf screen, shared by the scene, its views and the deck
builder.

Why a module of its own: the board, the drawn sticker, the side panel, the deck builder and the
messages all speak through the same translator (`stickers_ui`), name the helpers the same way, and
keep to the same smallest text. The stickers themselves, and the owners' colours and markers, are
drawn by `pieces`."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from hexgames.games.stickers.catalogue import HELPER_NAMES
from hexgames.ui.words import translator

if TYPE_CHECKING:
    from hexgames.ui.shell import Shell

NS = "stickers_ui"  # the namespace of the game's screen texts
tr_ui = translator(NS)
MIN_TEXT = 12  # no text under this, at 800x600 in Japanese too


def helper_name(app: "Shell", helper: int) -> str:
    """A helper sticker's name in the player's language ("Jump", "Peek"...)."""
    key = HELPER_NAMES[helper]
    return tr_ui(app, f"helper.{key}", key.capitalize())


def keep_label(app: "Shell", numbered: Sequence[int]) -> str:
    """Peek's button: it keeps the order as it lies until a sticker is numbered."""
    if numbered:
        return tr_ui(app, "peek.use", "Use this order")
    return tr_ui(app, "peek.keep", "Keep this order")


def event_words(app: "Shell", events: Sequence[tuple[str, int, Any]], seat_name: Any) -> list[str]:
    """What a move set off (the state's `events`: helpers used, stickers sent to the bottom, passes),
    in words for the message strip, so an AI's turn can be followed."""
    out = []
    for kind, seat, sticker in events:
        name = seat_name(seat)
        if kind == "helper":
            out.append(tr_ui(app, "toast.helper", "{name} used {helper}.", name=name, helper=helper_name(app, sticker)))
        elif kind == "bottom":
            out.append(tr_ui(app, "toast.bottom", "{name}'s sticker fits nowhere: it goes to the bottom.", name=name))
        elif kind == "pass":
            out.append(tr_ui(app, "toast.pass", "No sticker of {name}'s fits: {name} passes.", name=name))
        elif kind == "helper_bottom":
            out.append(tr_ui(app, "toast.helper_bottom", "A helper on top at the start goes to the bottom."))
    return out
