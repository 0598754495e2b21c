"""Dot Lines: a two-player duel of dot tiles laid in lines of connecting values (RULES.md §4).

Registered declaratively; the scene is loaded only by the app, so importing this stays headless.
"""
from hexgames.games import GameInfo, Mode, OptionSpec
from hexgames.games.dotlines import ai
from hexgames.games.dotlines.rules import DotLinesRules

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
    search={"root": "halving", "top_k": 10, "playout_depth": 6, "greedy_plies": 6},
)
