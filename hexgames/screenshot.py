"""Render a screen of the app to a PNG, headless: how we look at what a player sees without a
display, and how tests check that rendering works.

AI moves are chosen in this process with the medium agent (no worker processes), so a screenshot of
a given game, seed and move count is reproducible.
"""
from __future__ import annotations

import os
from typing import Any

SCENES = ("menu", "setup", "game", "pause", "results", "rules")


def build_match(game_id: str, seed: int, moves: int, to_end: bool = False) -> Any:
    """A match between medium AIs (the game's usual 2 seats when allowed) after `moves` moves."""
    from hexgames import games
    from hexgames.app import choose_move
    from hexgames.core.match import Match, Seat

    info = games.get(game_id)
    allowed = {n for m in info.modes for n in m.seats}
    count = 2 if 2 in allowed else min(allowed)
    match = Match(game_id, [Seat("ai", "medium", f"CPU {i + 1}") for i in range(count)], None, seed)
    ply = 0
    while not match.is_over and (to_end or ply < moves):
        seat = match.to_move
        view = match.rules.observe(match.state, seat)
        match.replay([choose_move(game_id, "medium", view, seat, seed * 100_003 + ply)])
        ply += 1
    return match


def screenshot(out: str, game_id: str | None = None, scene: str = "game", seed: int = 1, moves: int = 0,
               size: tuple[int, int] = (1280, 800), language: str | None = None) -> None:
    """Write a PNG of `scene` ("menu", or a game's "setup" / "game" / "pause" / "results" / "rules")."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from hexgames import games
    from hexgames.app import App
    from hexgames.ui.anim import INSTANT

    if scene not in SCENES:
        raise ValueError(f"unknown scene {scene!r}; choose one of {', '.join(SCENES)}")
    app = App(size=size, headless=True, language=language)
    app.settings.anim_speed = INSTANT
    try:
        if game_id is not None and scene != "menu":
            _show(app, games.get(game_id), scene, seed, moves)
        for _ in range(4):
            app.step(1 / 60)
        app.render_to_png(out)
    finally:
        app.shutdown()


def _show(app: Any, info: Any, scene: str, seed: int, moves: int) -> None:
    if scene == "setup":
        from hexgames.ui.menu import SetupScene

        app.scenes.push(SetupScene(app, info))
        return
    if scene == "rules":
        from hexgames.ui.rules_help import RulesHelpScene

        app.scenes.push(RulesHelpScene(app, info))
        return
    from hexgames.app import _scene_class

    match = build_match(info.id, seed, moves, to_end=(scene == "results"))
    game = _scene_class(match)(app, match)
    game.viewer_override = 0
    game.auto_play = False
    game._results_shown = scene != "results"  # the results overlay only where asked for
    app.scenes.reset(game)
    if scene == "pause":
        game.open_pause()
    elif scene == "results":
        game.show_results()
