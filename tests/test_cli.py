"""The command line refuses bad names with status 2 and one line, and its subcommands work."""
import json
import os

import pytest

from hexgames import cli


def _run(capsys, *argv):
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("argv", [
    ("arena", "--game", "chess", "--seats", "hard,medium"),
    ("bench", "--game", "chess"),
    ("screenshot", "--game", "chess", "--out", "x.png"),
    ("--game", "chess"),
])
def test_unknown_game_exits_2_with_one_line(capsys, argv):
    code, _, err = _run(capsys, *argv)
    assert code == 2
    assert err.count("\n") == 1 and "chess" in err


@pytest.mark.parametrize("argv,word", [
    (("arena", "--game", "ingenious", "--seats", "hard,genius"), "genius"),
    (("arena", "--game", "ingenious", "--seats", "hard,medium", "--option", "swap_rule=maybe"), "swap_rule"),
    (("arena", "--game", "ingenious", "--seats", "hard,medium", "--option", "colour=red"), "colour"),
    (("arena", "--game", "ingenious", "--seats", "hard,medium,easy,easy,easy"), "5"),
    (("--game", "ingenious", "--seats", "human,robot"), "robot"),
    (("bench", "--online", "--processes", "2"), "--bus"),  # several processes share their tables over Redis
    (("bench", "--online", "--processes", "0"), "--processes"),
])
def test_bad_seats_and_options_exit_2_with_one_line(capsys, argv, word):
    code, _, err = _run(capsys, *argv)
    assert code == 2 and err.count("\n") == 1 and word in err


def test_arena_json_has_the_documented_keys(capsys):
    code, out, _ = _run(capsys, "arena", "--game", "ingenious", "--seats", "random,random",
                        "--games", "2", "--seed", "3", "--json")
    assert code == 0
    result = json.loads(out.strip().splitlines()[-1])
    for key in ("game", "seats", "games", "wins", "draws", "win_rate", "ci95", "move_seconds"):
        assert key in result
    assert result["games"] == 2 and sum(result["wins"]) + result["draws"] == 2


def test_the_arena_seats_a_past_hard_to_measure_today_s_against(capsys):
    code, out, _ = _run(capsys, "arena", "--game", "dotlines", "--seats", "hard-0.1,medium",
                        "--games", "1", "--iterations", "5", "--json")
    assert code == 0
    assert json.loads(out.strip().splitlines()[-1])["seats"] == ["hard-0.1", "medium"]


def test_bench_json_has_the_documented_keys(capsys):
    code, out, _ = _run(capsys, "bench", "--game", "ingenious", "--seconds", "0.05", "--no-hard", "--launches", "1",
                        "--json")
    assert code == 0
    everything = json.loads(out.strip().splitlines()[-1])
    result = everything["ingenious"]
    assert set(result["random_games_per_s"]) == {"1", "2", "3", "4"}
    assert all(v > 0 for v in result["random_games_per_s"].values())
    assert result["legal_moves_us"] > 0 and result["frame_ms"] > 0
    assert set(result["ai_move_seconds"]) == {"easy", "medium"}
    assert set(result["peak_rss_mib"]) == {"en", "ja"}  # memory in the game's scene, in each language
    app = everything["app"]  # launch to the first menu frame, and memory at the menu, from fresh processes
    assert app["launches"] == 1 and 0 < app["launch_cpu_seconds"] and 0 < app["launch_seconds"] < 60
    assert set(app["menu_peak_rss_mib"]) == {"en", "ja"} and set(app["game_peak_rss_mib"]) == {"ingenious"}
    peaks = [*app["menu_peak_rss_mib"].values(), *result["peak_rss_mib"].values()]
    assert app["peak_rss_mib"] == max(peaks) and all(10 < p < 10_000 for p in peaks)


def test_bench_prints_launch_time_and_peak_memory_beside_the_speeds(capsys):
    code, out, _ = _run(capsys, "bench", "--game", "dotlines", "--seconds", "0.05", "--no-hard", "--launches", "1")
    assert code == 0
    app_line, game_line = out.strip().splitlines()[-2:]
    assert app_line.startswith("app: launch to the first menu frame ") and "peak RSS" in app_line
    assert game_line.startswith("dotlines: ") and "frame" in game_line and "peak RSS en " in game_line


def test_screenshot_writes_a_png(capsys, tmp_path):
    out = tmp_path / "menu.png"
    code, _, _ = _run(capsys, "screenshot", "--scene", "menu", "--out", str(out))
    assert code == 0 and out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_arena_with_iterations_is_reproducible_byte_for_byte(tmp_path):
    """Two separate processes (different hash seeds) with the same --seed print the same JSON."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    argv = [sys.executable, "-m", "hexgames", "arena", "--game", "ingenious", "--seats", "hard,medium",
            "--games", "2", "--seed", "5", "--iterations", "24", "--json"]
    outs = []
    for hash_seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed, PYTHONPATH=str(root))
        outs.append(subprocess.run(argv, cwd=root, env=env, capture_output=True, check=True).stdout)
    assert outs[0] == outs[1]
    result = json.loads(outs[0])
    assert result["move_seconds"] is None and result["games"] == 2
    assert result["mean_moves"] > 10 and sum(result["endings"].values()) == 2


def test_iterations_and_budget_exclude_each_other(capsys):
    code, _, err = _run(capsys, "arena", "--game", "ingenious", "--seats", "hard,medium",
                        "--iterations", "10", "--budget", "0.1")
    assert code == 2 and "--iterations" in err


def _app_without_display(**env_extra: str):
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY")}
    env.update(PYTHONPATH=str(root), **env_extra)
    return subprocess.run([sys.executable, str(root / "main.py")], env=env, capture_output=True, text=True,
                          timeout=60)


@pytest.mark.skipif(not __import__("sys").platform.startswith("linux"), reason="X11/Wayland variables")
def test_no_display_says_so_in_one_line_and_exits_non_zero():
    done = _app_without_display()
    assert done.returncode == 1
    assert done.stderr.startswith("hexgames: no display") and done.stderr.count("\n") == 1, done.stderr


@pytest.mark.skipif(not __import__("sys").platform.startswith("linux"), reason="X11 display names")
def test_a_display_that_cannot_be_reached_does_not_run_invisibly():
    """With DISPLAY naming no server SDL falls back to drawing offscreen; the app refuses that."""
    done = _app_without_display(DISPLAY=":97")
    assert done.returncode == 1
    assert "hexgames: no display" in done.stderr


def test_help_lists_every_subcommand_with_one_line(capsys):
    with pytest.raises(SystemExit) as done:
        cli.main(["--help"])
    out = capsys.readouterr().out
    assert done.value.code == 0
    for command in cli.SUBCOMMANDS:
        lines = [line for line in out.splitlines() if line.strip().startswith(f"hexgames {command} ")]
        assert len(lines) == 1 and len(lines[0].split(None, 2)[2]) > 10, out


def test_arena_progress_in_a_log_file_is_a_line_a_tenth(capsys):
    code, out, err = _run(capsys, "arena", "--game", "dotlines", "--seats", "random,random", "--games", "20",
                          "--seed", "3")
    assert code == 0 and "\r" not in err  # captured stderr is no terminal
    lines = err.splitlines()
    assert [line.split(",")[0] for line in lines] == [f"{k}/20 games" for k in range(2, 21, 2)]
    assert "random" in out


def test_version_prints_the_packages_version(capsys):
    from hexgames import __version__

    with pytest.raises(SystemExit) as done:
        cli.main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out == f"hexgames {__version__}\n"


@pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="the resident set is read from Linux's /proc")
def test_arena_progress_tells_the_memory_the_arena_holds(capsys):
    """A long arena must stay flat in memory: each progress line says how much it holds now."""
    import re

    _, _, err = _run(capsys, "arena", "--game", "dotlines", "--seats", "random,random", "--games", "10", "--seed", "3")
    lines = err.splitlines()
    assert len(lines) == 10 and all(re.fullmatch(r"\d+/10 games, RSS \d+ MiB", line) for line in lines), lines
    assert all(10 < int(line.split()[-2]) < 10_000 for line in lines)


def test_serve_has_help_and_refuses_bad_settings(capsys):
    with pytest.raises(SystemExit) as done:
        cli.main(["serve", "--help"])
    out = capsys.readouterr().out
    assert done.value.code == 0 and "--port" in out and "--host" in out and "firewall" in out
    assert cli.main(["serve", "--port", "70000"]) == 2
    assert cli.main(["serve", "--away", "0"]) == 2
    assert cli.main(["bench", "--online", "--tables", "0"]) == 2


def test_serve_says_so_when_its_port_is_taken(tmp_path, capsys):
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert cli.main(["serve", "--port", str(port), "--db", str(tmp_path / "t.sqlite3")]) == 1
    assert f"cannot listen on 127.0.0.1:{port}" in capsys.readouterr().err
