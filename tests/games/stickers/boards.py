"""Hand-built Sticker Turf positions for the tests: layouts spelled with colour letters."""
from __future__ import annotations

from hexgames import games
from hexgames.games.stickers.catalogue import layout_of
from hexgames.games.stickers.rules import StickersState

RULES = games.get("stickers").rules
LETTER = {"R": 0, "B": 1, "Y": 2, "G": 3}


def lay(spec: str) -> int:
    """'RYYG' -> the layout with corners TL=red, TR=yellow, BR=yellow, BL=green."""
    return layout_of(*(LETTER[c] for c in spec))


def empty(seats: int = 2, **options) -> StickersState:
    mode = "solo" if seats == 1 else "standard"
    return RULES.setup({"mode": mode, **options}, seats, 1)


def board(stickers: dict[tuple[int, int], tuple[str, int]], seats: int = 2, **options) -> StickersState:
    """A position with the given stickers ((x, y) -> (board layout letters, owner)) already stuck."""
    s = empty(seats, **options)
    for (x, y), (spec, owner) in stickers.items():
        RULES.put(s, x, y, lay(spec), owner)
    return s


def dealt(decks, starter: int = 0, seats: int = 2, **options) -> StickersState:
    """A game past the deck phase with these decks (bottom first, so the top is the last)."""
    s = empty(seats, **options)
    RULES.deal(s, decks, starter)
    return s


def yellow_ten() -> dict[tuple[int, int], tuple[str, int]]:
    """The seed's yellow territory of 10 corners: four stickers meet yellow at grid point (1, 1);
    corners joined to those along a sticker edge, or at a shared point, extend it."""
    return {(0, 0): ("RYYY", 0), (1, 0): ("RRYY", 0), (0, 1): ("RYYR", 0), (1, 1): ("YYRY", 0)}


def green_seven() -> dict[tuple[int, int], tuple[str, int]]:
    """The seed's green territory of 7 corners, placed right of the yellow one."""
    return {(4, 0): ("RGGG", 0), (5, 0): ("RRGG", 0), (4, 1): ("RGRR", 0), (5, 1): ("GRRR", 0)}
