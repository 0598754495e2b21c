"""Ingenious: registration of the game, its modes, options and AI hooks.

The scene is named by a dotted path so importing the registry never imports pygame.
"""
from hexgames.games import GameInfo, Mode, OptionSpec
from hexgames.games.ingenious import ai
from hexgames.games.ingenious.rules import IngeniousRules

# Hard 0.1's settings (three greedy plies), kept for `hard-0.1`.
_SEARCH_V01 = {"top_k": 12, "greedy_plies": 3, "playout_depth": 3}
_SEARCH = {"top_k": 12, "greedy_plies": 5, "playout_depth": 5}

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
    # Hard: ranking placements is cheap, so the search affords a wide field of candidates (arena, 30
    # games each vs Medium: top 8 73%, top 12 83%) and five greedy playout plies: the rival's reply,
    # our answer and two more rounds (seed 7, 200 games at 0.8 s: 88.5% [83.3, 92.2] against Medium,
    # with three plies 82.0%); the top 16 with three plies was no better (11 of its first ~67 games
    # not won).
    search=_SEARCH,
    hard_versions={"0.1": {"search": _SEARCH_V01}},
)
