"""Every screen of the app, put on an app's stack as a player reaches it: what the `screenshot`
command shows (`hexgames.app.screenshot` renders one to a PNG, headless), how we look at what a
player sees without a display, and how tests check that rendering works.

Shared screens (`SCENES`): the menu, settings, a game's setup, the game itself, the hot-seat hand-over,
pause, rules help, results, the game with its move log open, the replay viewer (the seeded game
played to its end and shown at move `--moves`), the players' records, and a client's screen of an
online table (`screenshot_online`: a real server in this process); the online screen with a game given
shows three remembered tables of it (Your tables). The records screen is shown
over a temporary data folder (never the user's) filled first with a few seeded games finished through
the game's own scene, as a player's would be (`fill_records`). Each game adds its own dialogs through its scene's `screens()` hook
(Ingenious' swap prompt, Clans' village-order choice): a name and a test on the state that tells when
that dialog is up. The screenshot plays the seeded game on until the test holds and shows that
position to the seat to move, seated as a human so the dialog is theirs to answer; nothing here knows
any game.

Moves are chosen in this process with the medium agent for every seat, whatever the seats' kinds (no
worker processes, no clock), so a screenshot of a given game, seats, options, seed and move count is
reproducible. The `hint` scene shows the position after `--moves` to the seat to move, seated as a
human, with the hint ("What would Hard do?") previewed: Hard's search capped at
`hint.SCREENSHOT_ITERATIONS`, so that too is the same on every run.
"""
from __future__ import annotations

import contextlib
import os
import random
import tempfile
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping, Sequence

if TYPE_CHECKING:
    from hexgames.ui.shell import Shell

SCENES = ("menu", "settings", "setup", "game", "handover", "pause", "rules", "results", "records", "hint", "log",
          "replay", "refusal", "quickstart", "tutorial", "online_game", "online", "lobby", "lobby_guest", "scoring")
NO_GAME_SCENES = ("menu", "settings", "records", "online")  # scenes that need no --game
LOBBY_SCENES = ("lobby", "lobby_guest")  # a table hosted on a real server in this process, as host or guest
SAMPLE_GAMES = 8  # seeded games the records screenshot records first (its --moves)
SEARCH_GAMES = 40  # seeded games tried to find a position where a game's dialog is up


def choose_move(game_id: str, level: str, view: Any, seat: int, seed: int) -> Any:
    """Pick a move for `seat` from its view in this process with the `level` agent, seeded: no worker,
    no clock, so a screenshot is the same on every run."""
    from hexgames import games
    from hexgames.ai.agents import make_agent

    info = games.get(game_id)
    return make_agent(info, level).choose(info.rules, view, seat, random.Random(seed))


class NoSuchScreen(ValueError):
    """A scene name the game does not have, or a dialog no searched game reached."""


def game_screens(info: Any) -> dict[str, Callable[[Any], bool]]:
    """The game's own dialogs from its scene's `screens()` hook (none for a game with no scene, such as
    the engines the AI tests register)."""
    return dict(info.scene_class().screens()) if info.scene_path else {}


def scenes_for(info: Any | None) -> tuple[str, ...]:
    """Every scene name `screenshot` takes for this game (or without a game)."""
    return SCENES if info is None else SCENES + tuple(game_screens(info))


def default_seats(info: Any, scene: str, options: Mapping[str, Any] | None = None) -> list[Any]:
    """Medium AIs (two where the mode allows, the hand-over's all humans) when no seats are given."""
    from hexgames.core.match import Seat

    mode = (options or {}).get("mode")
    allowed = set(info.mode(mode).seats) if mode else {n for m in info.modes for n in m.seats}
    count = 2 if 2 in allowed else min(allowed)
    if scene in LOBBY_SCENES:  # the host, an open seat, and a computer where a third seat fits
        count = 3 if 3 in allowed else count
        return [Seat("human", None, "") for _ in range(2)] + [Seat("ai", "medium", "CPU 3")][:count - 2]
    if scene == "handover":
        return [Seat("human", None, "") for _ in range(count)]
    if scene == "online_game":  # two people at two machines
        return [Seat("human", None, "Ann"), Seat("human", None, "Bob")] + [
            Seat("ai", "medium", f"CPU {i + 1}") for i in range(2, count)]
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
    from hexgames.core.match import Match

    info = games.get(game_id)
    seats = _translated_names(seats) if seats else default_seats(info, "game", options)
    match = Match(info, seats, dict(options) if options else None, seed)
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
    for attempt in range(SEARCH_GAMES):
        match = build_match(game_id, seed + attempt, moves, seats=seats, options=options, until=test)
        if match is None:
            continue
        return human_to_move(match)
    raise NoSuchScreen(f"no {game_id} game from seed {seed} to {seed + SEARCH_GAMES - 1} reached {name!r} "
                       f"after move {moves}")


def human_to_move(match: Any) -> Any:
    """The same match with the seat to move seated as a human (the screen shown is theirs)."""
    from hexgames.core.match import Match, Seat

    seat_list = list(match.seats)
    if not seat_list[match.to_move].is_human:
        seat_list[match.to_move] = Seat("human", None, "")
    shown = Match(match.info, seat_list, match.options, match.seed)
    shown.replay(match.moves)
    return shown


@dataclass(frozen=True)
class Staging:
    """How one screen is shown: whether it needs a data folder of its own (the records, an online
    server's tables, Your tables: never the user's), and what puts it on a fresh app's stack."""
    own_data: bool
    show: Callable[["Shell"], None]


def staging(game_id: str | None = None, scene: str = "game", seed: int = 1, moves: int | None = None,
            seats: Sequence[Any] | None = None, options: Mapping[str, Any] | None = None) -> Staging:
    """How to show `scene` (see `scenes_for`; NoSuchScreen if the game has none such); `seats`
    (`Seat`s) and `options` (with "mode") set up the game as the setup screen would. `moves`: moves
    played first (default 0); for "records", the number of seeded games recorded first (default
    SAMPLE_GAMES; 0 shows the empty screen)."""
    from hexgames import games

    info = games.get(game_id) if game_id is not None and scene != "menu" else None
    if scene not in scenes_for(info) or (info is None and scene not in NO_GAME_SCENES):
        raise NoSuchScreen(f"unknown scene {scene!r}; choose one of {', '.join(scenes_for(info))}"
                           + ("" if info else f" (all but {', '.join(NO_GAME_SCENES)} need a game)"))
    if scene == "records":
        return Staging(True, lambda app: _show_records(app, info, seed, SAMPLE_GAMES if moves is None else moves))
    if scene in LOBBY_SCENES:  # the hosted server's tables, never the user's
        from hexgames.ui.screenshot_online import show_lobby

        return Staging(True, lambda app: show_lobby(app, info, list(seats or default_seats(info, scene)), options,
                                                    scene == "lobby_guest"))
    if scene == "online_game":  # a real server in this process, its tables in a folder of its own
        from hexgames.ui.screenshot_online import show_online_game

        return Staging(True, lambda app: show_online_game(app, info, seed, moves or 0,
                                                          list(seats or default_seats(info, scene))))
    if scene == "online":  # never the player's own tables: with a game, three made up for it
        from hexgames.ui.screenshot_online import show_your_tables

        return Staging(True, lambda app: show_your_tables(app, info, seed) if info else
                       show_screen(app, info, scene, seed, moves or 0, seats, options))
    return Staging(False, lambda app: show_screen(app, info, scene, seed, moves or 0, seats, options))


@contextlib.contextmanager
def temporary_data_dir() -> Iterator[None]:
    """`HEXGAMES_DATA_DIR` pointed at a fresh temporary folder for the duration (removed after)."""
    old = os.environ.get("HEXGAMES_DATA_DIR")
    with tempfile.TemporaryDirectory(prefix="hexgames-shot-") as folder:
        os.environ["HEXGAMES_DATA_DIR"] = folder
        try:
            yield
        finally:
            if old is None:
                os.environ.pop("HEXGAMES_DATA_DIR", None)
            else:
                os.environ["HEXGAMES_DATA_DIR"] = old


def sample_seats(info: Any, i: int) -> list[Any]:
    """The seats of the i-th sample game: Ann against each AI level in turn, now and then Ann and Bob
    at one device, and Ann alone where the game has a solo mode."""
    from hexgames.core.match import AI_LEVELS, Seat

    counts = {n for m in info.modes for n in m.seats}
    ann = Seat("human", None, "Ann")
    if i % 4 == 3 and 1 in counts:
        return [ann]
    if i % 5 == 4:
        return [ann, Seat("human", None, "Bob")] if 2 in counts else [ann]
    level = AI_LEVELS[1 + i % (len(AI_LEVELS) - 1)]  # easy, medium, hard
    n = 2 if 2 in counts else min(counts)
    return [ann] + [Seat("ai", level, f"CPU {k + 1}") for k in range(1, n)]


def fill_records(app: "Shell", game_id: str, seed: int, count: int) -> None:
    """Record `count` seeded games of `game_id`: each played to its last move by the medium agent, the
    last move played through the game's own scene, so it is recorded (and enters the high scores)
    exactly as a player's game is."""
    from hexgames import games
    from hexgames.core.match import Match

    info = games.get(game_id)
    for i in range(count):
        finished = build_match(game_id, seed + i, 0, to_end=True, seats=sample_seats(info, i))
        match = Match(info, finished.seats, finished.options, finished.seed)
        match.replay(finished.moves[:-1])
        scene = match.info.scene_class()(app, match)
        scene.auto_play = False
        app.scenes.reset(scene)  # laid out as on screen: games animate the last move from their layout
        scene.table.play(finished.moves[-1], by_ai=True)


def _show_records(app: "Shell", info: Any, seed: int, count: int) -> None:
    from hexgames.ui.records import RecordsScene

    game_id = info.id if info is not None else "ingenious"
    fill_records(app, game_id, seed, count)
    app.open_menu()
    app.scenes.push(RecordsScene(app, game_id))


def show_screen(app: "Shell", info: Any, scene: str, seed: int, moves: int, seats: Sequence[Any] | None,
                options: Mapping[str, Any] | None) -> None:
    """Put `scene` of the game `info` (None for the menu and settings) on `app`'s stack, as
    `screenshot` renders it (the records screen aside: it needs a data folder of its own)."""
    if scene == "menu":
        return
    if scene == "settings":
        from hexgames.ui.settings import SettingsScene

        app.scenes.push(SettingsScene(app))
        return
    if scene == "online":
        from hexgames.ui.online import OnlineScene

        app.scenes.push(OnlineScene(app))
        return
    if scene == "setup":
        app.scenes.push(_setup_scene(app, info, seats, options))
        return
    if scene == "rules":
        from hexgames.ui.rules_help import RulesHelpScene

        app.scenes.push(RulesHelpScene(app, info))
        return
    if scene == "quickstart":
        from hexgames.ui.quickstart import QuickStartScene

        app.scenes.push(QuickStartScene(app, info))
        return
    if scene == "tutorial":
        _show_tutorial(app, info, moves)
        return
    seats = list(seats) if seats else default_seats(info, scene, options)
    dialogs = game_screens(info)
    if scene in dialogs:
        match = find_screen(info.id, scene, dialogs[scene], seed, moves, seats, options)
    elif scene == "scoring":
        match = scored_match(info, seed, moves, seats, options)
    else:
        match = build_match(info.id, seed, moves, to_end=scene in ("results", "replay"), seats=seats, options=options)
    if scene in ("hint", "refusal"):
        if match.is_over:
            raise NoSuchScreen(f"the {info.id} game from seed {seed} is over after {moves} moves: no hint to show")
        match = human_to_move(match)
    _show_game(app, match, scene)
    if scene == "replay":
        why = app.open_replay(match, moves)
        if why is not None:
            raise NoSuchScreen(why)


def _show_tutorial(app: "Shell", info: Any, steps: int) -> None:
    """The game's tutorial after its first `steps` steps were played by posted events: the next step
    on show, waiting for the player (or the tutorial's end)."""
    from hexgames import tutorials
    from hexgames.ui.tutorial import tutorial_scene
    from hexgames.ui.tutorial_autoplay import autoplay

    try:
        script = tutorials.load(info.id)
        tutorials.check(script)
    except tutorials.ScriptError as e:
        raise NoSuchScreen(str(e)) from None
    scene = tutorial_scene(app, script)
    app.scenes.reset(scene)
    autoplay(app, scene, upto=steps)
    for _ in range(30):  # the opponent's reply before the step, paced as in play
        if scene.phase != "say" or not scene.queue:
            break
        app.step(1 / 60)


def _show_game(app: "Shell", match: Any, scene: str) -> None:

    game = match.info.scene_class()(app, match)
    game.auto_play = False
    game.results_shown = scene != "results"  # the results overlay only where asked for
    humans = [i for i, s in enumerate(match.seats) if s.is_human]
    if scene != "handover":  # the hand-over shows nobody's secrets; every other screen one seat's
        to_move = None if match.is_over else match.to_move
        game.viewer_override = to_move if to_move in humans else (humans[0] if humans else 0)
    app.scenes.reset(game)
    if game.viewer_override is not None and game.viewer_override == game.match.to_move:
        game.handover_done(game.viewer_override)  # that player has the screen: no hand-over over it
    if match.moves and not match.seats[match.rules.to_move(match.states[-2])].is_human:
        game.table.ai_moves = [len(match.moves) - 1]  # the strip words the computer's last move, as in play
    if scene == "pause":
        game.open_pause()
    elif scene == "log":
        game.toggle_log()
    elif scene == "results":
        game.show_results()
    elif scene == "handover":
        from hexgames.ui.handover import HandoverScene

        app.scenes.push(HandoverScene(app, game, match.to_move))
    elif scene == "hint":
        from hexgames.ai.hint import compute_hint

        game.offer_hint(compute_hint(match))
    elif scene == "scoring":
        show_scoring(game)
    elif scene == "refusal":
        game.toast(app.tr_reason(refused_move_reason(match)), error=True)
        game.toasts.newest.age = 0.5  # shown as a player reads it, not in its first frame of fading in


def scored_match(info: Any, seed: int, moves: int, seats: Sequence[Any], options: Mapping[str, Any] | None) -> Any:
    """The seeded game stopped just after the first move at or past `moves` that scored something on
    the board (`rules.score_marks`); NoSuchScreen if the game shows no scoring or none did."""
    from hexgames.core.match import Match
    from hexgames.ui.game_hooks import GameHooks

    if info.scene_class().score_style is GameHooks.score_style:
        raise NoSuchScreen(f"{info.id} shows no scoring on its board")
    whole = build_match(info.id, seed, 0, to_end=True, seats=seats, options=options)
    rules = whole.rules
    for ply in range(moves, len(whole.moves)):
        before, after = whole.states[ply], whole.states[ply + 1]
        seat = rules.to_move(before)
        if rules.score_marks(rules.observe(before, seat), whole.moves[ply], rules.observe(after, seat)):
            shown = Match(info, whole.seats, whole.options, whole.seed)
            shown.replay(whole.moves[:ply + 1])
            return shown
    raise NoSuchScreen(f"no move of the {info.id} game from seed {seed} after move {moves} scored on the board")


def show_scoring(game: Any) -> None:
    """The last move's scoring on the board with every step lit, as a player sees it just before it
    fades (the screenshot's animations are instant, which would show none: this show runs on its own
    clock, stopped there)."""
    from hexgames.table import Played
    from hexgames.ui import score_show

    m = game.match
    game.score_show.speed = lambda: 1.0
    game.play_scoring(Played(m.states[-2], m.moves[-1], m.state, m.rules.to_move(m.states[-2]), True))
    steps = len(game.score_show.steps)
    game.score_show.clock = game.score_show.delay + (steps - 1) * score_show.STEP_SECONDS + score_show.POP_SECONDS
    game.score_show.speed = lambda: 0.0  # held there while the frames are drawn


def refused_move_reason(match: Any) -> Any:
    """Why a move the player might try now is refused: a move that was legal earlier in the game and
    is not now (a tile already placed, a cell since taken), or failing that the rules' word on a
    move of no meaning; what the `refusal` screenshot shows in the message strip."""
    from hexgames.core.protocol import malformed_reason

    for earlier in reversed(match.states[:-1]):
        for move in list(match.rules.legal_moves(earlier))[:200]:
            reason = match.check(move)
            if reason is not None:
                return reason
    return malformed_reason()


def _setup_scene(app: "Shell", info: Any, seats: Sequence[Any] | None, options: Mapping[str, Any] | None) -> Any:
    """The setup screen filled in as `seats` and `options` say (its defaults where they say nothing)."""
    from hexgames.ui.setup_screen import SetupScene

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
