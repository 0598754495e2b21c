"""Render any screen of the app to a PNG, headless: how we look at what a player sees without a
display, and how tests check that rendering works.

Shared screens (`SCENES`): the menu, settings, a game's setup, the game itself, the hot-seat hand-over,
pause, rules help, results, the game with its move log open, and the replay viewer (the seeded game
played to its end and shown at move `--moves`). Each game adds its own dialogs through its scene's `screens()` hook
(Ingenious' swap prompt, Clans' village-order choice): a name and a test on the state that tells when
that dialog is up. The screenshot plays the seeded game on until the test holds and shows that
position to the seat to move, seated as a human so the dialog is theirs to answer; nothing here knows
any game.

Moves are chosen in this process with the medium agent for every seat, whatever the seats' kinds (no
worker processes, no clock), so a screenshot of a given game, seats, options, seed and move count is
reproducible.
"""
from __future__ import annotations

import os
from typing import Any, Callable, Mapping, Sequence

SCENES = ("menu", "settings", "setup", "game", "handover", "pause", "rules", "results", "log", "replay")
SEARCH_GAMES = 40  # seeded games tried to find a position where a game's dialog is up


class NoSuchScreen(ValueError):
    """A scene name the game does not have, or a dialog no searched game reached."""


def game_screens(info: Any) -> dict[str, Callable[[Any], bool]]:
    """The game's own dialogs from its scene's `screens()` hook (none while a scene is unwritten)."""
    from hexgames.ui.game_scene import GameScene

    try:
        cls = info.scene_class() if info.scene_path else GameScene
    except ModuleNotFoundError:
        cls = GameScene
    return dict(cls.screens())


def scenes_for(info: Any | None) -> tuple[str, ...]:
    """Every scene name `screenshot` takes for this game (or without a game)."""
    return SCENES if info is None else SCENES + tuple(game_screens(info))


def default_seats(info: Any, scene: str, options: Mapping[str, Any] | None = None) -> list[Any]:
    """Medium AIs (two where the mode allows, the hand-over's all humans) when no seats are given."""
    from hexgames.core.match import Seat

    mode = (options or {}).get("mode")
    allowed = set(info.mode(mode).seats) if mode else {n for m in info.modes for n in m.seats}
    count = 2 if 2 in allowed else min(allowed)
    if scene == "handover":
        return [Seat("human", None, "") for _ in range(count)]
    return [Seat("ai", "medium", f"CPU {i + 1}") for i in range(count)]


def _translated_names(seats: Sequence[Any]) -> list[Any]:
    """Humans left with the command line's default name ("Player 2") get the screen language's."""
    from hexgames.core.match import Seat

    return [Seat("human", None, "") if s.is_human and s.name == f"Player {i + 1}" else s
            for i, s in enumerate(seats)]


def build_match(game_id: str, seed: int, moves: int, to_end: bool = False, seats: Sequence[Any] | None = None,
                options: Mapping[str, Any] | None = None, until: Callable[[Any], bool] | None = None) -> Any:
    """A match after `moves` moves chosen by the medium agent (or played to the end with `to_end`, or,
    with `until`, on from there to the first state where `until(state)` holds; None if none does)."""
    from hexgames import games
    from hexgames.app import choose_move
    from hexgames.core.match import Match

    info = games.get(game_id)
    seats = _translated_names(seats) if seats else default_seats(info, "game", options)
    match = Match(game_id, seats, dict(options) if options else None, seed)
    ply = 0
    while not match.is_over:
        if until is not None and ply >= moves and until(match.state):
            return match
        if until is None and not to_end and ply >= moves:
            return match
        seat = match.to_move
        view = match.rules.observe(match.state, seat)
        match.replay([choose_move(game_id, "medium", view, seat, seed * 100_003 + ply)])
        ply += 1
    return None if until is not None else match


def find_screen(game_id: str, name: str, test: Callable[[Any], bool], seed: int, moves: int,
                seats: Sequence[Any] | None, options: Mapping[str, Any] | None) -> Any:
    """A match standing where the game's dialog `name` is up, with the seat to move made human (the
    dialog is a human's to answer). Tries seeds seed, seed + 1, ... for `SEARCH_GAMES` games."""
    from hexgames.core.match import Match, Seat

    for attempt in range(SEARCH_GAMES):
        match = build_match(game_id, seed + attempt, moves, seats=seats, options=options, until=test)
        if match is None:
            continue
        seat_list = list(match.seats)
        if not seat_list[match.to_move].is_human:
            seat_list[match.to_move] = Seat("human", None, "")
        shown = Match(game_id, seat_list, match.options, match.seed)
        shown.replay(match.moves)
        return shown
    raise NoSuchScreen(f"no {game_id} game from seed {seed} to {seed + SEARCH_GAMES - 1} reached {name!r} "
                       f"after move {moves}")


def screenshot(out: str, game_id: str | None = None, scene: str = "game", seed: int = 1, moves: int = 0,
               size: tuple[int, int] = (1280, 800), language: str | None = None,
               seats: Sequence[Any] | None = None, options: Mapping[str, Any] | None = None) -> None:
    """Write a PNG of `scene` (see `scenes_for`); `seats` (`Seat`s) and `options` (with "mode") set up
    the game as the setup screen would."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from hexgames import games
    from hexgames.app import App
    from hexgames.ui.anim import INSTANT

    info = games.get(game_id) if game_id is not None and scene != "menu" else None
    if scene not in scenes_for(info) or (info is None and scene not in ("menu", "settings")):
        raise NoSuchScreen(f"unknown scene {scene!r}; choose one of {', '.join(scenes_for(info))}"
                           + ("" if info else " (all but menu and settings need a game)"))
    app = App(size=size, headless=True, language=language)
    app.settings.anim_speed = INSTANT
    try:
        _show(app, info, scene, seed, moves, seats, options)
        for _ in range(4):
            app.step(1 / 60)
        app.render_to_png(out)
    finally:
        app.shutdown()


def _show(app: Any, info: Any, scene: str, seed: int, moves: int, seats: Sequence[Any] | None,
          options: Mapping[str, Any] | None) -> None:
    if scene == "menu":
        return
    if scene == "settings":
        from hexgames.ui.settings import SettingsScene

        app.scenes.push(SettingsScene(app))
        return
    if scene == "setup":
        app.scenes.push(_setup_scene(app, info, seats, options))
        return
    if scene == "rules":
        from hexgames.ui.rules_help import RulesHelpScene

        app.scenes.push(RulesHelpScene(app, info))
        return
    seats = list(seats) if seats else default_seats(info, scene, options)
    dialogs = game_screens(info)
    if scene in dialogs:
        match = find_screen(info.id, scene, dialogs[scene], seed, moves, seats, options)
    else:
        match = build_match(info.id, seed, moves, to_end=scene in ("results", "replay"), seats=seats, options=options)
    _show_game(app, match, scene)
    if scene == "replay":
        why = app.open_replay(match, moves)
        if why is not None:
            raise NoSuchScreen(why)


def _show_game(app: Any, match: Any, scene: str) -> None:
    from hexgames.app import _scene_class

    game = _scene_class(match)(app, match)
    game.auto_play = False
    game._results_shown = scene != "results"  # the results overlay only where asked for
    humans = [i for i, s in enumerate(match.seats) if s.is_human]
    if scene != "handover":  # the hand-over shows nobody's secrets; every other screen one seat's
        to_move = None if match.is_over else match.to_move
        game.viewer_override = to_move if to_move in humans else (humans[0] if humans else 0)
    app.scenes.reset(game)
    if scene == "pause":
        game.open_pause()
    elif scene == "log":
        game.toggle_log()
    elif scene == "results":
        game.show_results()
    elif scene == "handover":
        from hexgames.ui.handover import HandoverScene

        app.scenes.push(HandoverScene(app, game, match.to_move))


def _setup_scene(app: Any, info: Any, seats: Sequence[Any] | None, options: Mapping[str, Any] | None) -> Any:
    """The setup screen filled in as `seats` and `options` say (its defaults where they say nothing)."""
    from hexgames.ui.menu import SetupScene

    setup = SetupScene(app, info)
    if seats:
        setup.count = len(seats)
        for i, seat in enumerate(_translated_names(seats)):
            setup.kinds[i] = "human" if seat.is_human else seat.level
            setup.names[i] = seat.name if seat.is_human and seat.name else None
        setup.mode_id = info.default_mode_for(setup.count).id
    for name, value in (options or {}).items():
        if name == "mode":
            setup.mode_id = value
        else:
            setup.options[name] = value
    if setup.count not in info.mode(setup.mode_id).seats:
        setup.count = len(default_seats(info, "setup", options))
    return setup
