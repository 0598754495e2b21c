"""The command line refuses bad names with status 2 and one line, and its subcommands work."""
import json

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


def test_bench_json_has_the_documented_keys(capsys):
    code, out, _ = _run(capsys, "bench", "--game", "ingenious", "--seconds", "0.05", "--no-hard", "--json")
    assert code == 0
    result = json.loads(out.strip().splitlines()[-1])["ingenious"]
    assert set(result["random_games_per_s"]) == {"1", "2", "3", "4"}
    assert all(v > 0 for v in result["random_games_per_s"].values())
    assert result["legal_moves_us"] > 0 and result["frame_ms"] > 0
    assert set(result["ai_move_seconds"]) == {"easy", "medium"}


def test_screenshot_writes_a_png(capsys, tmp_path):
    out = tmp_path / "menu.png"
    code, _, _ = _run(capsys, "screenshot", "--scene", "menu", "--out", str(out))
    assert code == 0 and out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
