"""Toradama: a two-player falling-tile match-3 duel (RULES.md §3), and its solo score attack.

Registered declaratively; the scene is loaded only by the app, so importing this stays headless.
"""
from hexgames.games import GameInfo, Mode, OptionSpec
from hexgames.games.toradama import ai, hard
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
    # Hard's hooks (`hard`): Medium's judgement on a faster engine (and a clear that wins next turn
    # counted as nearly won), moves ranked alike from either seat; `greedy` is Medium's own move (the
    # same move, remembered for the search's playouts)
    evaluate=hard.evaluate_with_threats,
    greedy=hard.greedy_memo,
    candidates=hard.candidates,
    policy=hard.policy,
    scene_path="hexgames.games.toradama.scene:ToradamaScene",
    rules_help="toradama",
    # Nothing is private to one player (cube faces are hidden from both), so hot-seat needs no
    # hand-over screen between turns.
    # Hard: sequential halving over the best-ranked first moves, each played on by Medium's moves for
    # five moves (the rest of the turn, the opponent's reply, and on into our next turn), then judged
    # after six; the budget covers ranking the moves too (a round of greedy playouts is long). Against
    # Medium, seed 7: 182 of 200, 94 and 88 by seat (three greedy moves, judged after four: 85 of 100).
    search={"root": "halving", "top_k": 6, "playout_depth": 6, "greedy_plies": 5, "strict_budget": True},
    # Hard 0.1: Medium's hooks, and playouts of single tiles cut after four moves
    hard_versions={"0.1": {
        "evaluate": ai.evaluate, "greedy": ai.greedy, "candidates": ai.candidates, "policy": ai.policy,
        "search": {"root": "halving", "top_k": 6, "playout_depth": 4, "greedy_plies": 0},
    }},
)
