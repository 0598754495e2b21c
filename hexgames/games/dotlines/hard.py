"""Hard's own choices for Dot Lines, put in front of the shared search (`SearchConfig.searcher`).

Why the setup is not searched: before the first draw the evaluation is flat (every position is 0.5)
and a few plies of playout cannot tell the two chip sides apart, so version 0.1's search took the
Inverter about a third of the time (11 of 30 setups against Medium, 400 iterations), and the Inverter
side loses: Medium against Medium, the seat with the Inverter against a Double won 120 of 300 games
(40% [35, 46]). Hard now sets up as Medium does (`ai.greedy`: the Double chip; the roll-off winner
takes a home line, as who moves first made no difference: the first mover won 49% [44, 55] of 300).
Every turn is still searched.
"""
from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from hexgames.ai.search import SearchConfig, StopCheck, ismcts
from hexgames.games.dotlines import ai
from hexgames.games.dotlines.rules import DRAW, DotLinesState


def choose(info: Any, view: DotLinesState, seat: int, rng: random.Random, config: SearchConfig,
           should_stop: StopCheck | None = None) -> Any:
    """Hard's move: Medium's rule for the roll-off and the chip, the shared search for the turns."""
    if view.phase < DRAW:
        return ai.greedy(view, rng, 0.0)
    return ismcts(info, view, seat, rng, replace(config, searcher=None), should_stop)
