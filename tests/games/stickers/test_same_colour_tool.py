"""tools/stickers_same_colour.py: the points it counts as open to the rival are the ones the rival's
deck can really complete.

Why: the tool's finding (does Hard miss a lead the rival can no longer spoil?) rests on this count. A
point with three yellow corners and an empty fourth cell can be completed by a rival sticker that puts
yellow on that cell's corner, as the rival's seat turns it; not by one that puts another colour there,
and not at all once the cell is blocked.
"""
from __future__ import annotations


import pytest

from hexgames.games.stickers.regions import cell_key
from tests.games.stickers.boards import LETTER, board, lay
from tests.tools import load_tool


def _tool():
    return load_tool("stickers_same_colour")


def three_yellow_corners_at_one_point():
    """Yellow meets three times at grid point (1, 1); cell (1, 1), whose top-left corner is there, is empty."""
    return board({(0, 0): ("RRYR", 0), (1, 0): ("RRRY", 0), (0, 1): ("RYRR", 0)})


@pytest.mark.parametrize("rival_deck, open_points", [
    (["YYYY"], 1),  # all yellow: fits the corner whichever way it is turned
    (["YRRR", "RRRR"], 0),  # seat 1 turns a sticker 180 degrees: its yellow top-left lands bottom-right
    (["RRYR"], 1),  # ... and its yellow bottom-right lands top-left, on the point
    (["RRRR", "BBBB"], 0),
])
def test_a_point_counts_when_a_sticker_left_to_the_rival_completes_it(rival_deck, open_points):
    s = three_yellow_corners_at_one_point()
    s.decks[1] = [lay(spec) for spec in rival_deck]
    assert _tool().fillable_points(s, 1, LETTER["Y"]) == open_points


def test_a_blocked_cell_closes_the_point():
    s = three_yellow_corners_at_one_point()
    s.decks[1] = [lay("YYYY")]
    s.blocked.add(cell_key(1, 1))
    assert _tool().fillable_points(s, 1, LETTER["Y"]) == 0
