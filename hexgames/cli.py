"""Command line: `python main.py` (the app), and the `arena`, `bench`, `screenshot` and `tutorial` subcommands.

Every bad name (game id, seat spec, option) exits with status 2 and one line on stderr, so scripts and
people both get a clear answer instead of a traceback.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any, Sequence

SUBCOMMANDS = ("arena", "bench", "screenshot", "tutorial", "serve")
BENCH_PROBE = "bench-probe"  # not for people: one of `bench`'s measuring processes (hexgames.bench.probe_main)


class UsageError(Exception):
    """A bad argument: printed as one line, exit status 2."""


# --- parsing helpers ------------------------------------------------------------------------------
def _game(game_id: str):
    from hexgames import games

    try:
        return games.get(game_id)
    except KeyError:
        known = ", ".join(g.id for g in games.registered())
        raise UsageError(f"unknown game {game_id!r} (known: {known})") from None


def _options(pairs: Sequence[str]) -> dict[str, Any]:
    """`name=value` pairs; values stay text unless they look like whole numbers."""
    out: dict[str, Any] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise UsageError(f"option {pair!r} must look like name=value")
        out[name] = int(value) if value.lstrip("-").isdigit() else value
    return out


def _resolve(info, options: dict[str, Any], seats: int) -> dict[str, Any]:
    """Check options against the game; int-looking text is matched against the declared choices."""
    fixed = dict(options)
    for spec in info.options:
        if spec.name in fixed and fixed[spec.name] not in spec.choices:
            as_text = str(fixed[spec.name])
            fixed[spec.name] = next((c for c in spec.choices if str(c) == as_text), fixed[spec.name])
    try:
        return info.resolve_options(fixed, seats)
    except (ValueError, KeyError) as e:
        raise UsageError(str(e).strip("'\"")) from None


def _seats(spec: str):
    from hexgames.core.match import Seat

    parts = [p for p in spec.split(",") if p.strip()]
    if not parts:
        raise UsageError("--seats needs at least one seat, e.g. human,ai:hard")
    try:
        return [Seat.parse(p, i) for i, p in enumerate(parts)]
    except ValueError as e:
        raise UsageError(str(e)) from None


def _levels(spec: str) -> list[str]:
    from hexgames.ai.agents import ARENA_LEVELS

    levels = [p.strip().lower().removeprefix("ai:") for p in spec.split(",") if p.strip()]
    bad = [lv for lv in levels if lv not in ARENA_LEVELS]
    if bad or not levels:
        raise UsageError(f"unknown AI level(s) {bad or spec!r}: use {', '.join(ARENA_LEVELS)}")
    return levels


def _check_seat_count(info, n: int, options: dict[str, Any]) -> None:
    mode_id = options.get("mode")
    allowed = info.mode(mode_id).seats if mode_id else tuple(n for m in info.modes for n in m.seats)
    if n not in allowed:
        raise UsageError(f"{info.id} takes {sorted(set(allowed))} seats, not {n}")


# --- subcommands ------------------------------------------------------------------------------------
COMMANDS_HELP = """commands (each has its own --help):
  hexgames arena       AI against AI: win rates with 95% intervals, moves per game, endings
  hexgames bench       speed of each game's engine, AI levels and drawing on this machine
  hexgames screenshot  any screen (menu, setup, game, a game's dialogs, records...) as a PNG, headless
  hexgames tutorial    a game's interactive tutorial (--autoplay: played to its end headless)
  hexgames serve       host online tables for other machines (a websocket server)"""


def version() -> str:
    """The installed distribution's version; a checkout run without installing, and the desktop app
    (which carries no package metadata), fall back to `hexgames.__version__`, which pyproject.toml
    reads as the version, so the two never differ."""
    from importlib import metadata

    try:
        return metadata.version("hexgames")
    except metadata.PackageNotFoundError:
        from hexgames import __version__

        return __version__


def cmd_play(argv: Sequence[str]) -> int:
    p = argparse.ArgumentParser(prog="hexgames", description="Play hexgames (opens the menu).",
                                epilog=COMMANDS_HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--version", action="version", version=f"hexgames {version()}")
    p.add_argument("--game", help="start straight into this game")
    p.add_argument("--seats", default="human,ai:medium", help="e.g. human,ai:hard or human,human")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--language", choices=("en", "ja"))
    args = p.parse_args(argv)
    match = None
    if args.game:
        import random

        from hexgames.core.match import Match

        info = _game(args.game)
        seats = _seats(args.seats)
        options = _options(args.option)
        _check_seat_count(info, len(seats), options)
        options = _resolve(info, options, len(seats))
        seed = args.seed if args.seed is not None else random.randrange(1 << 30)
        match = Match(info, seats, options, seed)
    from hexgames.app import App
    from hexgames.ui.window import NoDisplay

    try:
        app = App(language=args.language)
    except NoDisplay as e:
        print(f"hexgames: {e}", file=sys.stderr)
        return 1
    if match is not None:
        app.start_match(match)
    return app.run()


def cmd_arena(argv: Sequence[str]) -> int:
    p = argparse.ArgumentParser(prog="hexgames arena", description="AI-vs-AI matches with win rates.")
    p.add_argument("--game", required=True)
    p.add_argument("--seats", required=True, help="levels per seat, e.g. hard,medium")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--budget", type=float, default=None, help="seconds per Hard move (default 0.8)")
    p.add_argument("--iterations", type=int, default=None, metavar="N",
                   help="Hard searches N iterations, untimed: the run is reproducible from --seed")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    p.add_argument("--save-lost", metavar="FOLDER",
                   help="write every game the first seat listed did not win there as a save file "
                        "(open it with the app's Load to replay it)")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    info = _game(args.game)
    levels = _levels(args.seats)
    options = _options(args.option)
    _check_seat_count(info, len(levels), options)
    options = _resolve(info, options, len(levels))
    if args.games < 1 or args.jobs < 1:
        raise UsageError("--games and --jobs must be at least 1")
    if args.iterations is not None and (args.iterations < 1 or args.budget is not None):
        raise UsageError("--iterations must be at least 1, and replaces --budget (an untimed search)")
    from hexgames.arena import format_arena, run_arena
    from hexgames.memory import tree_rss_mib

    live = sys.stderr.isatty()  # a terminal gets one line counting up; a log file a line a tenth

    def progress(done: int, total: int) -> None:
        if args.json:
            return
        rss = tree_rss_mib()  # the arena and its workers: a long run must stay flat
        line = f"{done}/{total} games" + ("" if rss is None else f", RSS {rss:.0f} MiB")
        if live:
            print(f"\r{line}", end="", file=sys.stderr, flush=True)
        elif done == total or done * 10 // total != (done - 1) * 10 // total:
            print(line, file=sys.stderr, flush=True)

    result = run_arena(info.id, levels, args.games, args.seed, jobs=args.jobs, options=options,
                       budget=args.budget, progress=progress, iterations=args.iterations,
                       save_lost=args.save_lost)
    if not args.json:
        if live:
            print(file=sys.stderr)
        print(format_arena(result))
    else:
        print(json.dumps(result))
    return 0


def cmd_bench(argv: Sequence[str]) -> int:
    p = argparse.ArgumentParser(prog="hexgames bench", description="Engine, AI and drawing speed; with "
                                "--online, a server and N tables of random-playing clients over real sockets.")
    p.add_argument("--game", help="only this game")
    p.add_argument("--seconds", type=float, default=None,
                   help="time per random-games figure (default 2); with --online, the measured window (default 30)")
    p.add_argument("--no-hard", action="store_true", help="skip the slow Hard timing")
    p.add_argument("--launches", type=int, default=5, metavar="N",
                   help="fresh starts of the app timed to its first menu frame (the median is reported)")
    p.add_argument("--online", action="store_true", help="measure a server on this machine instead")
    p.add_argument("--tables", type=int, default=200, help="with --online: tables in play at once (default 200)")
    p.add_argument("--think", type=float, default=1.0,
                   help="with --online: seconds a client thinks before each move, on average (default 1)")
    p.add_argument("--processes", type=int, default=1, metavar="N",
                   help="with --online: N serve processes sharing the tables (needs --bus with N above 1)")
    p.add_argument("--db", default=None, metavar="FILE|URL",
                   help="with --online: the store every serve process uses (default: a temporary SQLite file; "
                        "a postgresql:// database of its own: the benchmark's tables stay in it)")
    p.add_argument("--bus", default=None, metavar="redis://HOST:PORT/0",
                   help="with --online: the Redis the serve processes share their tables over")
    p.add_argument("--startup", type=int, default=None, metavar="N",
                   help="with --online: fill a store with N tables mid-game and time how soon serve answers a resume")
    p.add_argument("--attack", type=int, default=0, metavar="N",
                   help="with --online: then a second window while an attacker on 127.0.0.2 holds N connections "
                        "asking as fast as the server allows")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    if args.online and args.startup is not None:
        return _bench_startup(args)
    if args.online:
        return _bench_online(args)
    if args.launches < 1:
        raise UsageError("--launches must be at least 1")
    from hexgames import games
    from hexgames.bench import bench_app, bench_game, format_app, format_bench, format_game_memory

    infos = [_game(args.game)] if args.game else games.registered()
    app = bench_app([info.id for info in infos], launches=args.launches)
    result: dict[str, Any] = {"app": app}
    if not args.json:
        print(format_app(app), flush=True)
    for info in infos:
        result[info.id] = bench_game(info, seconds=args.seconds or 2.0, hard=not args.no_hard)
        if info.id in app["game_peak_rss_mib"]:
            result[info.id]["peak_rss_mib"] = app["game_peak_rss_mib"][info.id]
        if not args.json:
            memory = format_game_memory(result[info.id]["peak_rss_mib"]) if "peak_rss_mib" in result[info.id] else ""
            print(format_bench(info.id, result[info.id]) + memory, flush=True)
    if args.json:
        print(json.dumps(result))
    return 0


def cmd_bench_probe(argv: Sequence[str]) -> int:
    """Not for people (no help lists it): one of `bench`'s measuring processes, started as this same
    program, which in the desktop app is the app itself (hexgames.bench.own_program)."""
    from hexgames.bench import probe_main

    return probe_main(argv)


def _bench_online(args: argparse.Namespace) -> int:
    from hexgames.net.bench import GAMES, bench_online, format_online

    if args.tables < 1 or (args.seconds is not None and args.seconds <= 0) or args.think < 0:
        raise UsageError("--tables and --seconds must be above 0, --think at least 0")
    if args.processes < 1 or (args.processes > 1 and not args.bus):
        raise UsageError("--processes must be at least 1, and more than one share their tables over --bus redis://…")
    game_ids = (_game(args.game).id,) if args.game else GAMES
    result = bench_online(args.tables, seconds=args.seconds or 30.0, think=args.think, game_ids=game_ids,
                          attack=args.attack, processes=args.processes, db=args.db, bus=args.bus)
    print(json.dumps(result) if args.json else format_online(result))
    return 0


def _bench_startup(args: argparse.Namespace) -> int:
    from hexgames.net.startup import bench_startup, format_startup

    if args.startup < 1:
        raise UsageError("--startup must be at least 1")
    result = bench_startup(args.startup)
    print(json.dumps(result) if args.json else format_startup(result))
    return 0


def cmd_serve(argv: Sequence[str]) -> int:
    p = argparse.ArgumentParser(
        prog="hexgames serve",
        description="Host online tables: a websocket server that holds every table's game and runs its rules. "
                    "Players connect from the app with this machine's address and the port; open that TCP port "
                    "in the firewall for players on other machines.",
        epilog="Tables are kept in an SQLite file in the data folder, or in PostgreSQL with --db postgresql://…; a "
               "server stopped at any moment and started again resumes every table at its last move. The default "
               "--host 127.0.0.1 accepts this machine only; --host 0.0.0.0 accepts the local network.")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1; 0.0.0.0: every network)")
    p.add_argument("--port", type=int, default=8765, help="TCP port (default 8765; 0: any free port)")
    p.add_argument("--db", default=None, metavar="FILE|URL",
                   help="the table store: an SQLite file (default: tables.sqlite3 in the data folder), or a "
                        "PostgreSQL database as postgresql://user:password@host:port/database (needs "
                        "pip install 'hexgames[server]')")
    p.add_argument("--away", type=float, default=300.0, metavar="SECONDS",
                   help="how long a player may be away before the computer plays their seat (default 300)")
    p.add_argument("--max-connections", type=int, default=1000,
                   help="connections at once (default 1000); a tenth of them is kept for players taking their seat back")
    p.add_argument("--bus", default=None, metavar="redis://HOST:PORT/0",
                   help="share the tables with the other serve processes on this Redis (with one --db they "
                        "all use); without it this process holds every table itself")
    _public_arguments(p)
    args = p.parse_args(argv)
    if not 0 <= args.port <= 65535:
        raise UsageError("--port must be 0..65535")
    if args.away <= 0 or args.max_connections < 1:
        raise UsageError("--away and --max-connections must be above 0")
    if bool(args.cert) != bool(args.key):
        raise UsageError("--cert and --key go together")
    from hexgames.net.guard import AddressLimits, unlimited
    from hexgames.net.server import serve_command

    if min(args.per_address_connections, args.tables_per_hour, args.requests_per_second,
           args.wrong_codes_per_minute) <= 0:
        raise UsageError("the per-address limits must be above 0")
    per_address = AddressLimits(
        connections=args.per_address_connections, tables_per_hour=args.tables_per_hour,
        rate=args.requests_per_second, burst=max(1, int(2 * args.requests_per_second)),
        wrong_codes=args.wrong_codes_per_minute, unlimited=unlimited(args.unlimited_address))
    return serve_command(args.host, args.port, args.db, args.away, args.max_connections, per_address,
                         args.trust_proxy, args.cert, args.key, args.bus)


def _public_arguments(p: argparse.ArgumentParser) -> None:
    """`serve`'s flags for a server open to the public: TLS, the proxy, the limits per client address."""
    p.add_argument("--cert", metavar="FILE", help="TLS certificate chain (PEM): serve wss:// (with --key)")
    p.add_argument("--key", metavar="FILE", help="the certificate's private key (PEM)")
    p.add_argument("--trust-proxy", action="store_true",
                   help="clients come through a reverse proxy: count each by the address the proxy adds to "
                        "X-Forwarded-For (never use it when clients can reach the server directly)")
    p.add_argument("--per-address-connections", type=int, default=16, metavar="N",
                   help="connections one client address may hold (default 16)")
    p.add_argument("--tables-per-hour", type=int, default=20, metavar="N",
                   help="tables one client address may create an hour (default 20)")
    p.add_argument("--requests-per-second", type=float, default=30.0, metavar="N",
                   help="requests one client address may make a second, all its connections together "
                        "(default 30, bursts of twice that)")
    p.add_argument("--wrong-codes-per-minute", type=int, default=10, metavar="N",
                   help="join codes or keys one client address may get wrong a minute (default 10)")
    p.add_argument("--unlimited-address", action="append", default=[], metavar="ADDRESS",
                   help="an address the per-address limits do not apply to (a monitor; repeatable)")


def _screenshot_parser() -> argparse.ArgumentParser:
    from hexgames import games
    from hexgames.ui.screenshot import SCENES, game_screens

    dialogs = "; ".join(f"{info.id}: {', '.join(game_screens(info))}" for info in games.registered() if game_screens(info))
    p = argparse.ArgumentParser(prog="hexgames screenshot", description="Render any screen of the app headless "
                                "to a PNG.", epilog=f"Games' own dialogs (as --scene): {dialogs or 'none'}.")
    p.add_argument("--game", help="the game (every scene but menu, settings and records needs one)")
    p.add_argument("--scene", default=None,
                   help=f"{', '.join(SCENES)}, or a game's dialog (default: game, or menu without --game); "
                   "hint: the position after --moves with Hard's suggested move previewed for the seat to move; "
                   "refusal: the same position with a refused move's reason in the message strip; "
                   "quickstart: the game's How to play card; tutorial: its tutorial after --moves steps; "
                   "online with --game: the online screen with three remembered tables (Your tables)")
    p.add_argument("--seats", default=None, help="e.g. human,ai:hard (default: two medium AIs)")
    p.add_argument("--mode", default=None, help="the game's mode, e.g. team or solo")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--moves", type=int, default=None, help="moves played first (a dialog: searched from there; "
                   "replay: the game is played to its end and shown at this move); for --scene records, the "
                   "seeded games recorded first in a temporary data folder (default 8, 0: the empty screen)")
    p.add_argument("--out", required=True)
    p.add_argument("--language", choices=("en", "ja"))
    p.add_argument("--size", default="1280x800", help="WIDTHxHEIGHT")
    return p


def _screenshot_table(info, scene: str, args: argparse.Namespace) -> tuple[Any, Any]:
    """The seats and resolved options the screenshot's game is set up with (checked like `play`'s)."""
    from hexgames.ui.screenshot import default_seats

    options = _options(args.option)
    if args.mode:
        options["mode"] = args.mode
    seats = _seats(args.seats) if args.seats else default_seats(info, scene, options)
    _check_seat_count(info, len(seats), options)
    options = _resolve(info, options, len(seats))
    if scene == "setup" and not args.seats:
        seats = None  # the setup screen's own defaults (you and a medium AI)
    return seats, options


def cmd_screenshot(argv: Sequence[str]) -> int:
    args = _screenshot_parser().parse_args(argv)
    scene = args.scene or ("game" if args.game else "menu")
    info = _game(args.game) if args.game and scene != "menu" else None
    from hexgames.ui.screenshot import NO_GAME_SCENES, NoSuchScreen, scenes_for

    if scene not in scenes_for(info):
        raise UsageError(f"unknown scene {scene!r} (known: {', '.join(scenes_for(info))})")
    if info is None and scene not in NO_GAME_SCENES:
        raise UsageError(f"--scene {scene} needs --game ID")
    seats, options = _screenshot_table(info, scene, args) if info is not None and scene != "records" else (None, None)
    try:
        w, h = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        raise UsageError(f"--size {args.size!r} must look like 1280x800") from None
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from hexgames.app import screenshot

    try:
        screenshot(args.out, game_id=info.id if info else None, scene=scene, seed=args.seed, moves=args.moves,
                   size=(w, h), language=args.language, seats=seats, options=options)
    except NoSuchScreen as e:
        raise UsageError(str(e)) from None
    print(args.out)
    return 0


def cmd_tutorial(argv: Sequence[str]) -> int:
    p = argparse.ArgumentParser(prog="hexgames tutorial", description="A game's interactive tutorial: a short "
                                "scripted game, step by step. With --autoplay it is played to its end headless "
                                "by posting each step's input as events (exit 1 names the step that fails).")
    p.add_argument("--game", required=True)
    p.add_argument("--autoplay", action="store_true", help="play every step by posted events, headless")
    p.add_argument("--language", choices=("en", "ja"))
    p.add_argument("--size", default="1280x800", help="WIDTHxHEIGHT (autoplay)")
    args = p.parse_args(argv)
    info = _game(args.game)
    from hexgames import tutorials

    try:
        script = tutorials.load(info.id)
        tutorials.check(script)
    except tutorials.ScriptError as e:
        print(f"hexgames: {e}", file=sys.stderr)
        return 1
    if not args.autoplay:
        from hexgames.app import App
        from hexgames.ui.tutorial import start_tutorial
        from hexgames.ui.window import NoDisplay

        try:
            app = App(language=args.language)
        except NoDisplay as e:
            print(f"hexgames: {e}", file=sys.stderr)
            return 1
        start_tutorial(app, info.id)
        return app.run()
    try:
        w, h = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        raise UsageError(f"--size {args.size!r} must look like 1280x800") from None
    from hexgames.ui.screenshot import temporary_data_dir

    with temporary_data_dir():  # a headless run leaves no records or settings behind
        return _autoplay(info.id, script, (w, h), args.language)


def _autoplay(game_id: str, script, size: tuple[int, int], language: str | None) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from hexgames.app import App
    from hexgames.tutorials import ScriptError
    from hexgames.ui.anim import INSTANT
    from hexgames.ui.tutorial import tutorial_scene
    from hexgames.ui.tutorial_autoplay import autoplay

    app = App(size=size, headless=True, language=language)
    app.settings.anim_speed = INSTANT
    try:
        scene = tutorial_scene(app, script)
        app.scenes.reset(scene)
        autoplay(app, scene, report=lambda line: print(f"{game_id} tutorial {line}", flush=True))
    except ScriptError as e:
        print(f"hexgames: {e}", file=sys.stderr)
        return 1
    finally:
        app.shutdown()
    print(f"{game_id} tutorial: played to its end, {len(script.steps)} steps")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    import multiprocessing

    # In the desktop app (tools/build_app.py) the AI worker and `arena --jobs` processes start as the
    # app's own executable: this runs them and exits. Elsewhere it does nothing.
    multiprocessing.freeze_support()
    argv = list(sys.argv[1:] if argv is None else argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    commands = {"arena": cmd_arena, "bench": cmd_bench, "screenshot": cmd_screenshot, "tutorial": cmd_tutorial,
                "serve": cmd_serve, BENCH_PROBE: cmd_bench_probe}
    try:
        if argv and argv[0] in commands:
            return commands[argv[0]](argv[1:])
        return cmd_play(argv)
    except UsageError as e:
        print(f"hexgames: {e}", file=sys.stderr)
        return 2
