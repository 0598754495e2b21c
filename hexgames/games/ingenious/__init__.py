"""Ingenious: registration of the game, its modes, options and AI hooks.

The scene is named by a dotted path so importing the registry never imports pygame.
"""
from hexgames.games import GameInfo, Mode, OptionSpec
from hexgames.games.ingenious import ai
from hexgames.games.ingenious.rules import IngeniousRules

GAME = GameInfo(
    id="ingenious",
    title="Ingenious",
    description="Place two-colour tiles on a hex board; your score is your weakest colour.",
    rules=IngeniousRules(),
    modes=(
        Mode("standard", (2, 3, 4)),
        Mode("team", (4,)),
        Mode("solo", (1,)),
    ),
    options=(
        OptionSpec("swap_rule", ("seed", "official")),
        OptionSpec("solo", ("rack", "solitaire"), modes=("solo",)),
    ),
    evaluate=ai.evaluate,
    greedy=ai.greedy,
    candidates=ai.candidates,
    policy=ai.policy,
    scene_path="hexgames.games.ingenious.scene:IngeniousScene",
    rules_help="ingenious",
    # Hard: ranking placements is cheap now, so the search affords a wider field of candidates and a
    # third greedy playout ply (arena, 30 games each vs Medium: top 8 73%, top 12 83%, + 3 plies 87%).
    search={"top_k": 12, "greedy_plies": 3, "playout_depth": 3},
)
