"""Hard's own choices for Dot Lines, put in front of the shared search (`SearchConfig.searcher`).

Why the setup is not searched: before the first draw the evaluation is flat (every position is 0.5)
and a few plies of playout cannot tell the two chip sides apart, so version 0.1's search took the
Inverter about a third of the time (11 of 30 setups against Medium, 400 iterations), and the Inverter
side loses: Medium against Medium, the seat with the Inverter against a Double won 120 of 300 games
(40% [35, 46]). Hard now sets up as Medium does (`ai.greedy`: the Double chip; the roll-off winner
takes a home line, as who moves first made no difference: the first mover won 49% [44, 55] of 300).

Every turn is searched by the shared search as before, on hooks that give the same values faster: the
search's evaluations and its Medium-like replies use `fast_eval.evaluate`, equal to `ai.evaluate` to
the last bit and about 1.6 times as fast, so the same budget holds more iterations (Medium keeps the
plain version).
"""
from __future__ import annotations

import random
from dataclasses import replace
from functools import partial
from typing import Any

from hexgames.ai.search import SearchConfig, StopCheck, ismcts
from hexgames.games.dotlines import ai, fast_eval
from hexgames.games.dotlines.rules import DRAW, DotLinesState


def choose(info: Any, view: DotLinesState, seat: int, rng: random.Random, config: SearchConfig,
           should_stop: StopCheck | None = None) -> Any:
    """Hard's move: Medium's rule for the roll-off and the chip, the shared search for the turns."""
    if view.phase < DRAW:
        return ai.greedy(view, rng, 0.0)
    return ismcts(with_fast_hooks(info), view, seat, rng, replace(config, searcher=None), should_stop)


def with_fast_hooks(info: Any) -> Any:
    """The game's hooks with the faster equal evaluation in every place the search calls one,
    remembered for this search."""
    judge = fast_eval.remembering()
    return replace(info, evaluate=judge, greedy=partial(ai.greedy, judge=judge),
                   candidates=partial(ai.candidates, judge=judge))
