"""Toradama: a two-player falling-tile match-3 duel (RULES.md §3), and its solo score attack.

Registered declaratively; the scene is loaded only by the app, so importing this stays headless.
"""
from hexgames.games import GameInfo, Mode, OptionSpec
from hexgames.games.toradama import ai
from hexgames.games.toradama.rules import ToradamaRules

GAME = GameInfo(
    id="toradama",
    title="Toradama",
    description="Drop tama, clear a ball and set off chains; first to 8 points wins.",
    rules=ToradamaRules(),
    modes=(
        Mode("standard", (2,)),
        Mode("solo", (1,)),
    ),
    options=(
        OptionSpec("cubes", ("on", "off")),
        OptionSpec("target", (8, 6, 10, 12), modes=("standard",)),
    ),
    evaluate=ai.evaluate,
    greedy=ai.greedy,
    candidates=ai.candidates,
    policy=ai.policy,
    scene_path="hexgames.games.toradama.scene:ToradamaScene",
    rules_help="toradama",
    # Nothing is private to one player (cube faces are hidden from both), so hot-seat needs no
    # hand-over screen between turns.
    # Hard: sequential halving over the best-ranked first moves, each played out by the cheap
    # one-tile-at-a-time policy through the rest of the turn and the opponent's reply, then evaluated.
    search={"root": "halving", "top_k": 6, "playout_depth": 4, "greedy_plies": 0},
)
