"""Hand-built Dot Lines positions for rules tests: a turn in progress with chosen hands and lines."""
from __future__ import annotations

from hexgames import games
from hexgames.games.dotlines.rules import ACT, COPIES, DOUBLE, INVERTER, VALUES, Column, DotLinesRules, DotLinesState

RULES: DotLinesRules = games.get("dotlines").rules


def hand(*values: int) -> list[int]:
    h = [0] * 7
    for v in values:
        h[v] += 1
        h[0] += 1
    return h


def col(value: int, count: int, tiles: tuple[int, ...] | None = None) -> Column:
    return Column(value, count, tiles if tiles is not None else (value,) * count)


def position(mine=(), theirs=(), white=(), black=(), die=(3, 4), deck=None, current=0, used=(0, 0),
             chips=(DOUBLE, INVERTER), wrap=False, phase=ACT, removed=None) -> DotLinesState:
    """Seat 0 has the white line, seat 1 the black one; `deck` lists tiles, the last drawn first.
    By default the deck holds every tile not shown elsewhere (minus one removed), so 36 add up."""
    s = RULES.setup({"wrap": "on" if wrap else "off"}, 2, 0)
    s.phase, s.current, s.first, s.winner_roll = phase, current, 0, 0
    s.hands = [hand(*mine), hand(*theirs)]
    s.lines = [list(white), list(black)]
    s.die = list(die)
    s.home = [0, 1]
    s.rolls = ((die[0], die[1]),)
    s.used = list(used)
    s.chip = list(chips)
    s.chip_at = [None, None]
    if deck is None:
        left = {v: COPIES for v in VALUES}
        for v in list(mine) + list(theirs) + [p for line in (white, black) for c in line for p in c.tiles]:
            left[v] -= 1
        deck = [v for v in VALUES for _ in range(left[v])]
        removed = deck.pop(0) if removed is None else removed
    s.deck = list(deck)
    s.removed = removed or 1
    return s
