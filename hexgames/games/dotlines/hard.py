"""Hard's own choices for Dot Lines, put in front of the shared search (`SearchConfig.searcher`).

Why the setup is not searched: before the first draw the evaluation is flat (every position is 0.5)
and a few plies of playout cannot tell the two chip sides apart, so version 0.1's search took the
Inverter about a third of the time (11 of 30 setups against Medium, 400 iterations), and the Inverter
side loses: Medium against Medium, the seat with the Inverter against a Double won 120 of 300 games
(40% [35, 46]). Hard now sets up as Medium does (`ai.greedy`: the Double chip; the roll-off winner
takes a home line, as who moves first made no difference: the first mover won 49% [44, 55] of 300).

Every turn is searched by the shared search, with Hard's side and the rival's judged apart: Hard's
candidates, its own moves in the playouts and the playouts' ends are judged by `fitted.evaluate`
(Medium's features with weights fitted to won games); the rival's replies by Medium's own judgement,
so the search models Medium exactly. A search that judged everything Medium's way improved on Medium
by one step only and stayed near 75% against it whatever the budget (77 of 100 at four times the
time); one that plays its own side better in the playouts won 160 of 200 at 0.8 s (78 and 82 of 100
on seeds 7 and 8; Medium's judgement for both sides: 149 of 200 on seed 7, 72 of the same 100 deals on
seed 8), and 120 of 200 against `hard-0.1` (seeds 7 and 8). Both judgements use
`fast_eval`, about 1.6 times as fast as the plain `ai.evaluate` and remembered per search.
"""
from __future__ import annotations

import random
from dataclasses import replace
from functools import partial
from typing import Any

from hexgames.ai.search import SearchConfig, StopCheck, ismcts
from hexgames.games.dotlines import ai, fast_eval, fitted
from hexgames.games.dotlines.rules import DRAW, DotLinesState


def choose(info: Any, view: DotLinesState, seat: int, rng: random.Random, config: SearchConfig,
           should_stop: StopCheck | None = None) -> Any:
    """Hard's move: Medium's rule for the roll-off and the chip, the shared search for the turns."""
    if view.phase < DRAW:
        return ai.greedy(view, rng, 0.0)
    return ismcts(search_hooks(info, seat), view, seat, rng, replace(config, searcher=None), should_stop)


def search_hooks(info: Any, seat: int) -> Any:
    """The game's hooks for one search by `seat`: its own candidates, playout moves and leaves judged
    by the fitted valuation, the rival's playout replies by Medium's; both remembered for this search."""
    medium = fast_eval.remembering()
    mine = fast_eval.remembering(fitted.evaluate)

    def greedy(s: DotLinesState, rng: random.Random, noise: float = 0.0) -> Any:
        return ai.greedy(s, rng, noise, judge=mine if s.current == seat else medium)

    return replace(info, evaluate=mine, greedy=greedy, candidates=partial(ai.candidates, judge=mine))
