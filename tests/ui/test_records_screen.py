"""The players' records as a player meets them: a game finished in its scene is recorded (once; again
after undo and a new end, replacing the first), a database that cannot be written does not stop the
game's end, and the Records screen opens from the menu, switches game and player with its drop-downs
and goes back, in English and Japanese."""
from __future__ import annotations

import pygame
import pytest

from hexgames.core import records
from hexgames.core.match import Seat
from hexgames.games import new_match
from hexgames.ui.menu import MenuScene
from hexgames.ui.records import RecordsScene
from hexgames.ui.results import ResultsScene
from tests.drive import make_app
from tests.ui import toygame
from tests.ui.conftest import choose, click, key, step, step_until, visible_texts
from tests.ui.test_shell import HUMAN_VS_AI, start, take


def test_a_game_finished_in_its_scene_is_recorded_and_replaced_after_undo(app):
    game = start(app, HUMAN_VS_AI, pile=2)
    take(app, game, 2)  # Alice takes the last tokens
    assert game.match.is_over
    [first] = records.load()
    assert first.uid == game.match.uid and [s.rank for s in first.seats] == [0, 1]
    assert step_until(app, lambda: isinstance(app.scenes.top, ResultsScene), max_frames=60)
    step(app, 3)
    assert len(records.load()) == 1  # the results screen records nothing more
    key(app, pygame.K_ESCAPE)  # look at the board
    click(app, game.undo_button)
    assert not game.match.is_over
    take(app, game, 1)
    assert step_until(app, lambda: game.match.is_over)  # the AI takes the last one
    [again] = records.load()
    assert again.uid == first.uid and [s.rank for s in again.seats] == [1, 0]
    assert [s.level for s in again.seats] == [None, "medium"]


def test_a_game_of_ais_alone_is_recorded_too(app):
    game = start(app, [Seat("ai", "easy", "E"), Seat("ai", "hard", "H")], pile=5)
    assert step_until(app, lambda: game.match.is_over)
    [r] = records.load()
    assert [s.kind for s in r.seats] == ["ai", "ai"]


def test_records_that_cannot_be_written_do_not_stop_the_end(app, tmp_path, monkeypatch):
    blocker = tmp_path / "blocker"
    blocker.write_text("a file where the data folder's parent should be: nothing can be written")
    monkeypatch.setenv("HEXGAMES_DATA_DIR", str(blocker / "data"))
    game = start(app, HUMAN_VS_AI, pile=2)
    take(app, game, 2)
    assert step_until(app, lambda: isinstance(app.scenes.top, ResultsScene), max_frames=60)
    assert any(t.error and "could not be added to your records" in t.text for t in game.toasts.toasts)
    assert records.load() == []


def _record(seats, moves, pile=3, seed=1):
    m = new_match("ui_toy", seats, {"pile": pile}, seed)
    for n in moves:
        m.play(n)
    records.record_match(m)


TEXTS = {"en": {"records": "Records", "no_players": "No players yet", "ingenious": "Ingenious", "back": "Back"},
         "ja": {"records": "戦績", "no_players": "まだプレイヤーがいません", "ingenious": "インジーニアス", "back": "戻る"}}


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_records_screen_from_the_menu_switches_game_and_player_and_goes_back(language):
    toygame.register()
    alice, bob = Seat("human", None, "Alice"), Seat("human", None, "Bob")
    _record([alice, Seat("ai", "medium", "M")], [3])  # Alice wins against Medium
    _record([alice, Seat("ai", "hard", "H")], [1, 2])  # Hard wins
    _record([alice, bob], [2, 1], seed=2)  # Bob wins
    _record([bob, Seat("ai", "easy", "E")], [3], seed=3)
    app = make_app(language)
    texts = TEXTS[language]
    try:
        menu = app.scenes.top
        click(app, menu.button_for("records"))
        scene = app.scenes.top
        assert isinstance(scene, RecordsScene) and texts["records"] in visible_texts(app)
        assert scene.game_id == "ui_toy" and scene.player == "Alice"  # the most recent game; most games
        stats = scene._stats
        assert (stats.played, stats.wins, stats.results.lost) == (3, 1, 2)
        assert {lvl: (t.won, t.lost) for lvl, t in stats.vs_level.items()} == {"medium": (1, 0), "hard": (0, 1)}
        step(app, 2)  # drawn without error

        choose(app, scene.control_for("player"), "Bob")
        assert scene.player == "Bob" and (scene._stats.played, scene._stats.wins) == (2, 2)

        choose(app, scene.control_for("game"), texts["ingenious"])
        assert scene.game_id == "ingenious" and scene.player is None and scene.control_for("player") is None
        assert texts["no_players"] in visible_texts(app)
        step(app, 2)  # the empty state draws

        choose(app, scene.control_for("game"), "Toy Pile")
        assert scene.game_id == "ui_toy" and scene.player == "Alice"
        click(app, scene.back_button)
        assert isinstance(app.scenes.top, MenuScene)

        click(app, app.scenes.top.button_for("records"))
        assert isinstance(app.scenes.top, RecordsScene)
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.scenes.top, MenuScene)
    finally:
        app.shutdown()


def test_the_records_screen_with_no_database_says_so_and_creates_nothing():
    from hexgames.core.saves import data_location

    app = make_app("en")
    try:
        click(app, app.scenes.top.button_for("records"))
        scene = app.scenes.top
        assert isinstance(scene, RecordsScene) and scene.player is None and scene.all == []
        assert "No players yet" in visible_texts(app)
        step(app, 2)
        assert not records.path().exists()
    finally:
        app.shutdown()
    assert not (data_location() / records.DB_NAME).exists()


def test_a_damaged_database_is_told_once_when_the_records_open():
    records.path().parent.mkdir(parents=True, exist_ok=True)
    records.path().write_bytes(b"\x00garbage" * 300)
    app = make_app("en")
    try:
        click(app, app.scenes.top.button_for("records"))
        step(app, 2)
        assert isinstance(app.scenes.top, RecordsScene)
        assert any("game records could not be used" in t for t in app.notices.texts)
        assert any(".damaged-" in p.name for p in records.path().parent.iterdir())
    finally:
        app.shutdown()


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_last_game_opens_in_the_replay_viewer_and_back_returns_to_the_records(language):
    from hexgames.ui.replay import ReplayScene
    from tests.drive import click_at

    toygame.register()
    alice = Seat("human", None, "Alice")
    _record([alice, Seat("ai", "medium", "M")], [1, 2], pile=3, seed=4)
    app = make_app(language)
    try:
        click(app, app.scenes.top.button_for("records"))
        scene = app.scenes.top
        step(app, 2)
        [(row, record_id)] = scene.game_rows
        assert record_id == records.load()[0].id
        click_at(app, row.center)
        replay = app.scenes.top
        assert isinstance(replay, ReplayScene) and replay.step == replay.total == 2
        assert replay.full.digest() == records.load()[0].digest
        key(app, pygame.K_ESCAPE)
        assert app.scenes.top is scene

        import sqlite3

        con = sqlite3.connect(records.path())  # the record's save damaged behind the screen's back
        with con:
            con.execute("UPDATE games SET save = ?", ('{"format": "hexgames-save", "version": 1}',))
        con.close()
        click_at(app, row.center)
        assert app.scenes.top is scene and any(t.error for t in scene.toasts.toasts)
    finally:
        app.shutdown()


def test_a_save_loaded_twice_and_finished_two_ways_is_two_records(app, tmp_path):
    """Undo and the autosave's resume keep a match's id, so a re-finished game replaces its record;
    a file loaded again is a new game, and the first ending must stay in the records."""
    from hexgames.core import saves

    alice, bob = Seat("human", None, "Alice"), Seat("human", None, "Bob")
    match = new_match("ui_toy", [alice, bob], {"pile": 3}, 5)
    match.play(1)
    path = tmp_path / "two-ways.json"
    saves.write_save(match, path)
    for last in (2, 1):  # Bob takes the last two; or Bob takes one and Alice the last
        assert app.load_file(path) is None
        game = app.scenes.stack[0]
        assert game.submit(last)
        if not game.match.is_over:
            assert game.submit(1)
        assert game.match.is_over
    kept = records.load()
    assert len(kept) == 2 and kept[0].uid != kept[1].uid != match.uid
    assert sorted(tuple(s.rank for s in r.seats) for r in kept) == [(0, 1), (1, 0)]


def test_a_high_score_is_entered_once_per_end_and_replaced_when_the_end_is_played_again(app):
    from hexgames.core import highscores

    game = start(app, HUMAN_VS_AI, pile=2)
    take(app, game, 2)
    assert game.match.is_over
    assert game.record_highscore("ui_toy/solo", [5]) == 0
    assert game.record_highscore("ui_toy/solo", [5]) is None  # once per end
    assert step_until(app, lambda: isinstance(app.scenes.top, ResultsScene), max_frames=60)
    key(app, pygame.K_ESCAPE)
    click(app, game.undo_button)
    assert not game.match.is_over and game.highscore_place is None
    take(app, game, 1)
    assert step_until(app, lambda: game.match.is_over)
    assert game.record_highscore("ui_toy/solo", [3]) == 0
    assert [e.scores for e in highscores.top("ui_toy/solo")] == [(3,)]  # the match's entry, replaced
