"""`hexgames screenshot` reaches every screen a player can see: the shared ones for any game, and each
game's own dialogs through its scene's `screens()` hook, with seats, mode, options, language and size."""
from __future__ import annotations

import struct

import pytest

from hexgames import cli, games
from hexgames.app import App
from hexgames.core.match import Seat
from hexgames.ui.screenshot import SCENES, scenes_for, show_screen


def _top_after(scene: str, game_id: str, **kw):
    app = App(size=(1100, 760), headless=True)
    try:
        show_screen(app, games.get(game_id), scene, kw.pop("seed", 1), kw.pop("moves", 0), kw.pop("seats", None),
                    kw.pop("options", None))
        for _ in range(3):
            app.step(1 / 60)
        return app, app.scenes.top
    except BaseException:
        app.shutdown()
        raise


@pytest.mark.parametrize("scene,cls_name", [
    ("settings", "SettingsScene"), ("setup", "SetupScene"), ("handover", "HandoverScene"),
    ("pause", "PauseScene"), ("rules", "RulesHelpScene"), ("results", "ResultsScene"),
])
def test_each_shared_scene_is_the_screen_on_top(scene, cls_name):
    app, top = _top_after(scene, "clans", moves=3)
    try:
        assert type(top).__name__ == cls_name
        if scene == "handover":
            assert top.game.viewer is None  # nobody's secrets show under the hand-over
        if scene == "results":
            assert top.game.match.is_over
    finally:
        app.shutdown()


def test_ingenious_swap_prompt_is_open_for_the_seat_to_move():
    app, top = _top_after("swap", "ingenious", seed=1)
    try:
        assert type(top).__name__ == "IngeniousScene"
        assert top.state.phase == "swap" and top.match.seat_to_move.is_human
        assert top.swap_prompt_open() and top.swap_accept_button.visible
    finally:
        app.shutdown()


def test_the_scoring_screen_shows_the_last_move_s_marks_every_step_lit():
    app, top = _top_after("scoring", "ingenious", seed=1, moves=10)
    try:
        m = top.match
        marks = m.rules.score_marks(m.rules.observe(m.states[-2], 0), m.moves[-1], m.rules.observe(m.state, 0))
        assert marks and len(m.moves) > 10
        assert set(lit.mark for lit in top.score_show.lit()) == set(marks) and top.score_show.busy
    finally:
        app.shutdown()


def test_clans_village_order_choice_waits_for_the_human_mover():
    app, top = _top_after("village_order", "clans", seed=1)
    try:
        assert type(top).__name__ == "ClansScene"
        assert len(top.state.pending) > 1 and top.match.seat_to_move.is_human and top.can_act
    finally:
        app.shutdown()


def test_setup_shows_the_given_seats_mode_and_options():
    seats = [Seat.parse(s, i) for i, s in enumerate(["human:Ann", "ai:hard", "human", "ai:easy"])]
    app, top = _top_after("setup", "ingenious", seats=seats,
                          options={"mode": "team", "swap_rule": "official"})
    try:
        assert (top.count, top.mode_id, top.options["swap_rule"]) == (4, "team", "official")
        assert top.kinds[:4] == ["human", "hard", "human", "easy"]
        assert [s.name for s in top.seats()][:1] == ["Ann"]
    finally:
        app.shutdown()


def test_every_game_lists_the_shared_scenes_and_its_own_dialogs():
    assert set(scenes_for(games.get("ingenious"))) == set(SCENES) | {"swap"}
    assert set(scenes_for(games.get("clans"))) == set(SCENES) | {"village_order"}


def _png_size(path) -> tuple[int, int]:
    return struct.unpack(">II", path.read_bytes()[16:24])


def test_cli_takes_seats_mode_option_language_and_size(tmp_path, capsys):
    out = tmp_path / "team.png"
    code = cli.main(["screenshot", "--game", "ingenious", "--scene", "game", "--seats",
                     "human,ai:easy,human:Bo,ai:easy", "--mode", "team", "--option", "swap_rule=official",
                     "--moves", "6", "--language", "ja", "--size", "800x600", "--out", str(out)])
    assert code == 0 and _png_size(out) == (800, 600)


@pytest.mark.parametrize("argv,word", [
    (["--game", "clans", "--scene", "swap"], "swap"),
    (["--scene", "pause"], "--game"),
    (["--game", "ingenious", "--mode", "team", "--seats", "human,human"], "4"),
    (["--game", "ingenious", "--option", "swap_rule=never"], "swap_rule"),
])
def test_cli_refuses_what_a_game_does_not_have(tmp_path, capsys, argv, word):
    code = cli.main(["screenshot", *argv, "--out", str(tmp_path / "x.png")])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and word in err


def test_records_screenshot_fills_a_temporary_folder_never_the_users(tmp_path, monkeypatch):
    """`--scene records` needs no game; its sample games go to a folder of its own, removed after, and
    the data folder in use (here the test's) is left untouched."""
    import os

    from hexgames.core import records
    from hexgames.ui.records import RecordsScene

    seen = []
    original = RecordsScene.enter

    def spy(scene):
        seen.append((len(scene.all), scene.game_id, scene.player, os.environ["HEXGAMES_DATA_DIR"]))
        original(scene)

    monkeypatch.setattr(RecordsScene, "enter", spy)
    before = os.environ["HEXGAMES_DATA_DIR"]
    out = tmp_path / "records.png"
    code = cli.main(["screenshot", "--scene", "records", "--game", "dotlines", "--moves", "3",
                     "--size", "800x600", "--language", "ja", "--out", str(out)])
    assert code == 0 and _png_size(out) == (800, 600)
    [(count, game, player, folder)] = seen
    assert (count, game, player) == (3, "dotlines", "Ann") and folder != before
    assert os.environ["HEXGAMES_DATA_DIR"] == before and not os.path.exists(folder)
    assert not records.path().exists()


@pytest.mark.parametrize("game", [None, "toradama"])
def test_online_screenshot_shows_made_up_tables_never_the_players(tmp_path, monkeypatch, game):
    """`--scene online` lays out a temporary folder's seats: three made up for `--game` (Your tables),
    none without one; the player's own seats (in the data folder in use, here the test's) never show."""
    from hexgames.net import places
    from hexgames.ui.online import OnlineScene

    places.remember(places.Place("ws://10.0.0.9:8765", "MYSEAT", "ab" * 16, "clans", False, "Me", 0))
    seen = []
    original = OnlineScene.enter

    def spy(scene):
        original(scene)
        seen.append([(p.game, p.hosted, p.code) for p in scene.places])

    monkeypatch.setattr(OnlineScene, "enter", spy)
    out = tmp_path / "online.png"
    argv = ["screenshot", "--scene", "online", "--size", "800x600", "--out", str(out)] + (["--game", game] if game else [])
    assert cli.main(argv) == 0 and _png_size(out) == (800, 600)
    shown = seen[-1]
    assert "MYSEAT" not in [code for _, _, code in shown]
    if game is None:
        assert shown == []
    else:
        assert [(g, hosted) for g, hosted, _ in shown[:2]] == [(game, True), (game, False)]
        assert len(shown) == 3 and shown[2][0] != game and not shown[2][1]  # and one of another game
    assert [p.code for p in places.load()] == ["MYSEAT"]
