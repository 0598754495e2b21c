"""The table: who may do what at a game's screen, pygame-free so that every way of playing a match
(the local scene today, a server later) follows the same rules of the table.

A `Match` holds the history and can step back to any point; the table decides which point Undo may
reach. Against computers alone (one human) Undo steps back to that human's last decision, over the
computers' moves, as long as nothing hidden was drawn since. At one screen shared by several humans
(hot-seat) it must never become a way into another player's secret: it takes back only moves of the
human now at the screen, made since the screen came to them, and never crosses another human's move.
So a player cannot step into the previous player's turn, where that player's rack, colour, chip or
picks would show, nor change what that player chose.
"""
from __future__ import annotations

from hexgames.core.match import Match
from hexgames.core.protocol import Reason


def undo_point(match: Match, at_screen: int | None) -> int | None:
    """The index of the move Undo would take back (Undo returns to the state just before it), for
    the human seat `at_screen` (None: nobody has taken the screen yet, as behind a hand-over)."""
    if match.human_count <= 1:
        return match.undo_point()
    if at_screen is None:
        return None
    for i in range(len(match.moves) - 1, -1, -1):
        mover = match.mover(i)
        if mover == at_screen:
            return i
        if match.seats[mover].is_human:
            return None  # another human's move: Undo never crosses it
    return None


def undo_refusal(match: Match, at_screen: int | None) -> Reason | None:
    """Why Undo is refused to the player `at_screen` now, in words; None if it may go ahead."""
    if match.end_revealed():
        return match.undo_refusal()  # the end showed every secret: nobody may play on from before it
    if match.human_count >= 2:
        if at_screen is None:
            return Reason("core.undo_nobody", "Undo takes back only your own moves: take the screen first.")
        if undo_point(match, at_screen) is None:
            if match.undo_point() is None:
                return Reason("core.undo_nothing", "There is nothing to undo.")
            return Reason("core.undo_not_yours",
                          "Undo takes back only your own moves of this turn, never another player's.")
    return match.undo_refusal(undo_point(match, at_screen))


def undo(match: Match, at_screen: int | None) -> Reason | None:
    """Step back one decision of the player `at_screen`; the refusal instead, changing nothing."""
    refusal = undo_refusal(match, at_screen)
    if refusal is not None:
        return refusal
    point = undo_point(match, at_screen)
    assert point is not None
    return match.undo(point)

