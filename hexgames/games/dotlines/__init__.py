"""Dot Lines: a two-player duel of dot tiles laid in lines of connecting values (RULES.md §4).

Registered declaratively; the scene is loaded only by the app, so importing this stays headless.
"""
from functools import partial

from hexgames.games import GameInfo, Mode, OptionSpec
from hexgames.games.dotlines import ai, hard
from hexgames.games.dotlines.rules import DotLinesRules

# Hard 0.1's search settings: the shared search for every decision, setup included.
_SEARCH_V01 = {"root": "halving", "top_k": 10, "playout_depth": 6, "greedy_plies": 6}

GAME = GameInfo(
    id="dotlines",
    title="Dot Lines",
    description="Lay dot tiles in lines of connecting values; empty your hand or fill your line first.",
    rules=DotLinesRules(),
    modes=(Mode("standard", (2,)),),
    options=(OptionSpec("wrap", ("off", "on")),),
    evaluate=ai.evaluate,
    greedy=ai.greedy,
    candidates=ai.candidates,
    policy=ai.policy,
    scene_path="hexgames.games.dotlines.scene:DotLinesScene",
    rules_help="dotlines",
    search={**_SEARCH_V01, "searcher": hard.choose},
    # Hard 0.1 judged a Redraw on the tile on top (a blank, on its view): kept so, to stay the yardstick
    hard_versions={"0.1": {"search": _SEARCH_V01, "greedy": partial(ai.greedy, redraw_as_dealt=True),
                           "candidates": partial(ai.candidates, redraw_as_dealt=True)}},
)
