"""What a Dot Lines move did for the race, as marks the board lights where it happened (issue 27).

Dot Lines has no points: a player wins by an ending (RULES.md §4.8). So what a move "scores" is its
progress towards one, and the marks say what the endings read:
- a new column: its line's column count out of six ("4/6"), for the line's owner (B: a line of six
  columns wins for its owner, whoever laid the sixth);
- the chip laid with it: what it did (Double: one tile counts as two; Inverter: a tile's pips p
  count as 7 - p);
- tiles stacked on a column (Stack): how many left the hand;
- the mover's hand after laying: the tiles left (A: an empty hand wins; E: fewer tiles wins when the
  deck runs out), while the game goes on;
- the move that ended the game: the ending that decided it, where it shows (the full line, the
  emptied hand, both hands when the deck ran out, the stuck player's hand).

Places are the layout's: (line, column index) for a column, (line, column index, tile index) for the
chip laid on that tile (as `state.chip_at` says it), ("hand", seat) for a seat's hand.
A mark's `colour` is the line it belongs to (the white or the black line: the mover's home line for
a hand), `seat` the player it counts for, `points` the number it says (columns, tiles, pips), `note`
what it is (the screen words it by the note). Everything read here is public once the hands are
turned up (lines, hand sizes, the chips laid, the ending); the deck's order and the removed tile are
never read, so the marks are the same from either seat's view and from the full state.
"""
from __future__ import annotations

from typing import Any, Sequence

from hexgames.core.scoring import ScoreMark
from hexgames.games.dotlines.rules import DOUBLE, MAX_COLUMNS, OVER, DotLinesState, Place, Stack

HAND = "hand"
# notes: what a mark is; the screen words each (look.MARK_WORDS)
COLUMNS, STACKED, CHIP_DOUBLE, CHIP_INVERTER, HAND_LEFT = "columns", "stacked", "double", "inverter", "hand"
WON_LINE, WON_HAND, WON_HAND_SIXTH, STUCK = "won_line", "won_hand", "won_hand_sixth", "stuck"
DECK_FEWER, DECK_MORE, DECK_EVEN = "deck_fewer", "deck_more", "deck_even"
ENDINGS = (WON_LINE, WON_HAND, WON_HAND_SIXTH, STUCK, DECK_FEWER, DECK_MORE, DECK_EVEN)
NOTES = (COLUMNS, STACKED, CHIP_DOUBLE, CHIP_INVERTER, HAND_LEFT, *ENDINGS)


def hand_place(seat: int) -> tuple[str, int]:
    return (HAND, seat)


def score_marks(before: DotLinesState, move: Any, after: DotLinesState) -> list[ScoreMark]:
    """The marks of `move` from `before` to `after` (the viewer's observations), in the order a
    player reads them: the column, the chip, the hand, then the ending if the move decided the game."""
    marks = _laid(before, move, after) if type(move) in (Place, Stack) else []
    if after.phase == OVER and before.phase != OVER:
        step = 1 + max((m.step for m in marks), default=-1)
        marks += _ending(before, move, after, step)
    return marks


def _laid(before: DotLinesState, move: Any, after: DotLinesState) -> list[ScoreMark]:
    """A Place or a Stack: the column it made (or stacked on), the chip laid with it, the hand left."""
    seat = before.current
    line = move.line
    home = after.home[seat]
    left = after.hand_size(seat)
    if type(move) is Place:
        col = len(before.lines[line])
        marks = [ScoreMark(((line, col),), col + 1, line, after.owner(line), 0, COLUMNS)]
    else:
        col = move.col
        laid = before.hand_size(seat) - left
        marks = [ScoreMark(((line, col),), laid, home, seat, 0, STACKED)]  # for the mover's hand, not the line
    at = after.chip_at[seat]
    if move.chip and at is not None:
        pip = after.lines[line][col].tiles[at[2]]
        double = after.chip[seat] == DOUBLE
        marks.append(ScoreMark((at,), 2 if double else pip, home, seat, 1, CHIP_DOUBLE if double else CHIP_INVERTER))
    if after.phase != OVER:  # the hand left counts at the end; once over, the ending says what decided
        marks.append(ScoreMark((hand_place(seat),), left, home, seat, len(marks), HAND_LEFT))
    return marks


def _ending(before: DotLinesState, move: Any, after: DotLinesState, step: int) -> list[ScoreMark]:
    """The ending that decided the game, where it shows on the board (RULES.md §4.8's order: the
    ending `after.ending` names is the one that decided, `after.matches` all that held)."""
    mover = before.current
    ending = after.ending
    if ending == "A":
        sixth = "C" in after.matches
        places = (hand_place(mover), (move.line, MAX_COLUMNS - 1)) if sixth else (hand_place(mover),)
        return [ScoreMark(places, 0, after.home[mover], mover, step, WON_HAND_SIXTH if sixth else WON_HAND,
                          anchor="first")]
    if ending == "B":
        line = move.line
        return [ScoreMark(tuple((line, j) for j in range(MAX_COLUMNS)), MAX_COLUMNS, line, after.owner(line), step,
                          WON_LINE)]  # said over the line's middle, clear of the sixth column's count
    if ending == "D":
        return [ScoreMark((hand_place(mover),), after.hand_size(mover), after.home[mover], mover, step, STUCK)]
    if ending != "E":  # not an ending of §4.8 (a game ended otherwise has nothing to show here)
        return []
    sizes = [after.hand_size(seat) for seat in (0, 1)]
    notes = [DECK_EVEN if sizes[0] == sizes[1] else DECK_FEWER if sizes[seat] < sizes[1 - seat] else DECK_MORE
             for seat in (0, 1)]
    return [ScoreMark((hand_place(seat),), sizes[seat], after.home[seat], seat, step, notes[seat]) for seat in (0, 1)]


def ending_marks(rules: Any, states: Sequence[DotLinesState], moves: Sequence[Any]) -> list[ScoreMark]:
    """The marks of the ending that decided a finished game, from its last move as seat 0 sees it
    (everything they show is public by then): the board keeps them once the game is over."""
    if len(states) < 2 or not moves or states[-1].phase != OVER:
        return []
    before, after = rules.observe(states[-2], 0), rules.observe(states[-1], 0)
    return [m for m in score_marks(before, moves[-1], after) if m.note in ENDINGS]
