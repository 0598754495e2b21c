"""Sticker Turf: corner-matching stickers, territories that grow and cancel, helpers and decks.

Registered declaratively; the scene is loaded only by the app, so importing this stays headless.
"""
from hexgames.games import GameInfo, Mode, OptionSpec
from hexgames.games.stickers import ai
from hexgames.games.stickers.rules import StickersRules

GAME = GameInfo(
    id="stickers",
    title="Sticker Turf",
    description="Match sticker corners to found territories; a rival founding in yours cancels it.",
    rules=StickersRules(),
    modes=(Mode("standard", (2,)), Mode("solo", (1,))),
    options=(
        OptionSpec("matching", ("lenient", "strict")),
        OptionSpec("first", ("random", "player1", "player2"), modes=("standard",)),
    ),
    evaluate=ai.evaluate,
    greedy=ai.greedy,
    candidates=ai.candidates,
    policy=ai.policy,
    # Hard's playouts go to the end of the game (a deck is 8 stickers, so at most ~20 moves remain):
    # Medium's replies for four plies, the cheap policy after. Who keeps a region is only settled at
    # the end (a rival founding in it cancels it), and a two-ply horizon could not see it (against
    # Medium at 0.8 s, seeds 7 and 8, 200 games each: 302 of 400 won, 11 lost; two plies 288 and 20)
    search={"playout_depth": 20, "greedy_plies": 4},
    hard_versions={"0.1": {"candidates": ai.candidates_v01, "search": {}}},
    scene_path="hexgames.games.stickers.scene:StickersScene",
    rules_help="stickers",
    # bench: time AI moves on placements, not on deck picks (the first half of a random game's moves)
    # the menu card shows the board after the 16 deck picks and 14 placements
    bench_late=0.75,
    thumbnail_moves=30,
)
