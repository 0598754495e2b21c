"""No file stops, hangs or floods the app (issue 19): the app started headless on a FIFO, a link to
/dev/zero or a link loop where its files belong, on database rows of the wrong type or nested 100,000
deep, with temp files a kill left behind, reaches the menu, sets the file aside and says so; a FIFO
picked in Load is refused with a reason; a game that ends on a full disk says nothing about saving
again. Each FIFO is read under a watchdog, so a regression fails instead of hanging the run."""
from __future__ import annotations

import errno
import os
import sqlite3
import time

import pygame
import pygame_gui
import pytest

from hexgames.core import files, highscores, records, saves
from hexgames.core.match import Match, Seat
from hexgames.games import new_match
from hexgames.ui.menu import MenuScene
from hexgames.ui.records import RecordsScene
from hexgames.ui.results import ResultsScene
from hexgames.ui.settings import SETTINGS_NAME
from tests.core.test_files import NEEDS_FIFO, returns_without_blocking
from tests.drive import make_app, post
from tests.ui import toygame
from tests.ui.conftest import click, click_at, step, step_until
from tests.ui.test_shell import HUMAN_VS_AI, start, take

NAMES = (SETTINGS_NAME, saves.AUTOSAVE_NAME, highscores.FILE_NAME)


def started(language: str = "en"):
    """The app, built and stepped past its first frames (the notices are up)."""
    app = make_app(language)
    step(app, 2)
    return app


def aside(folder) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if ".damaged-" in p.name)


@NEEDS_FIFO
def test_fifos_named_like_the_apps_files_are_set_aside_without_hanging():
    folder = saves.data_dir()
    fifos = [folder / name for name in NAMES]
    for fifo in fifos:
        os.mkfifo(fifo)
    app = returns_without_blocking(started, fifos, seconds=60)
    try:
        assert isinstance(app.scenes.top, MenuScene) and app.scenes.top.button_for("resume") is None
        texts = app.notices.texts
        assert len(texts) == 3 and all("not an ordinary file" in t for t in texts), texts
        assert not any(p.exists() for p in fifos) and len(aside(folder)) == 3
    finally:
        app.shutdown()


@NEEDS_FIFO
def test_a_fifo_picked_in_load_is_refused_with_a_reason(app, tmp_path):
    fifo = tmp_path / "picked.json"
    os.mkfifo(fifo)
    menu = app.scenes.top
    post(pygame_gui.UI_FILE_DIALOG_PATH_PICKED, text=str(fifo), ui_element=None)
    returns_without_blocking(lambda: step(app, 2), [fifo])
    assert app.scenes.top is menu
    assert any(t.error and "not an ordinary file" in t.text for t in menu.toasts.toasts), menu.toasts.texts
    assert fifo.exists()  # a file the player picked is never moved


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_high_scores_linked_to_dev_zero_are_set_aside_not_read():
    folder = saves.data_dir()
    (folder / highscores.FILE_NAME).symlink_to("/dev/zero")
    app = returns_without_blocking(started, [], seconds=60)
    try:
        [text] = app.notices.texts
        assert text.startswith("The high-score table could not be used: It is not an ordinary file")
        assert not os.path.lexists(folder / highscores.FILE_NAME) and len(aside(folder)) == 1
    finally:
        app.shutdown()


def test_an_autosave_that_is_a_link_loop_is_set_aside_like_any_damaged_file():
    folder = saves.data_dir()
    (folder / "other.json").symlink_to(folder / saves.AUTOSAVE_NAME)
    (folder / saves.AUTOSAVE_NAME).symlink_to(folder / "other.json")
    app = started("ja")
    try:
        [text] = app.notices.texts
        assert text.startswith("自動保存されたゲームを使えませんでした：自分自身を指すリンク"), text
        assert app.scenes.top.button_for("resume") is None
        assert not os.path.lexists(folder / saves.AUTOSAVE_NAME) and len(aside(folder)) == 1
    finally:
        app.shutdown()


def test_leftover_temp_files_from_a_kill_are_removed_at_start():
    folder = saves.data_dir()
    old = time.time() - files.LEFTOVER_SECONDS - 1
    leftover = folder / ".autosave-x1y2z3.tmp"
    leftover.write_text('{"format": "hexgames-sa')
    os.utime(leftover, (old, old))
    app = started()
    try:
        assert not leftover.exists() and app.notices.texts == []
    finally:
        app.shutdown()


# --- database rows -----------------------------------------------------------------------------------
def _sql(statement: str, *args) -> None:
    con = sqlite3.connect(records.path())
    con.execute(statement, args)
    con.commit()
    con.close()


def test_a_high_score_row_nested_deep_does_not_stop_the_start():
    highscores.record("ui_toy/solo", (7,), seed=1)
    _sql("UPDATE highscores SET scores = ?", "[" * 100_000)
    toygame.register()
    app = started()
    try:
        assert isinstance(app.scenes.top, MenuScene)
        assert app.notices.texts == ["The high-score table: damaged entries are left out."]
    finally:
        app.shutdown()


def _finished_toy(seats, seed: int) -> Match:
    m = new_match("ui_toy", seats, {"pile": 3}, seed)
    m.play(3)
    return m


def test_the_records_screen_opens_on_deep_json_and_a_blob_name(app):
    alice, bob = Seat("human", None, "Alice"), Seat("human", None, "Bob")
    blob = records.record_match(_finished_toy([alice, Seat("ai", "easy", "E")], 1))
    deep_options = records.record_match(_finished_toy([bob, Seat("ai", "easy", "E")], 2))
    deep_save = records.record_match(_finished_toy([alice, bob], 3))
    _sql("UPDATE seats SET name = ? WHERE game_id = ? AND seat = 0", b"Alice", blob)
    _sql("UPDATE games SET options = ? WHERE id = ?", "{" * 100_000, deep_options)
    _sql("UPDATE games SET save = ? WHERE id = ?", "[" * 100_000, deep_save)
    click(app, app.scenes.top.button_for("records"))
    scene = app.scenes.top
    assert isinstance(scene, RecordsScene)
    assert [r.id for r in scene.all] == [deep_save] and scene.player == "Alice"
    step(app, 2)
    assert app.notices.texts == ["Your game records: damaged entries are left out."]
    [(row, record_id)] = scene.game_rows
    click_at(app, row.center)  # the game whose save is nested deep: refused, the screen stays
    assert app.scenes.top is scene and record_id == deep_save
    assert any("cannot be replayed: The save file is damaged." in t for t in scene.toasts.texts), scene.toasts.texts


# --- a full disk ----------------------------------------------------------------------------------------
def test_a_game_that_ends_on_a_full_disk_does_not_say_it_is_saved_again(app, monkeypatch):
    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    game = start(app, HUMAN_VS_AI, pile=2)
    errors = [t.text for t in game.toasts.toasts if t.error]
    assert len(errors) == 1 and "the disk is full" in errors[0] and "Errno" not in errors[0]
    take(app, game, 2)  # the last tokens: the game ends, the (unwritten) autosave is cleared away
    assert game.match.is_over
    assert step_until(app, lambda: isinstance(app.scenes.top, ResultsScene), max_frames=60)
    assert "The game is being saved again." not in game.toasts.texts
    assert not saves.autosave_path().exists()


# --- a database another program holds -------------------------------------------------------------------
@pytest.fixture
def ui_timeouts(monkeypatch):
    """The timeout of every connection opened on the UI thread."""
    import threading

    seen: list[float] = []
    connect = sqlite3.connect

    def spy(*args, **kw):
        if threading.current_thread() is threading.main_thread():
            seen.append(kw.get("timeout", 5.0))
        return connect(*args, **kw)

    monkeypatch.setattr(records.sqlite3, "connect", spy)
    return seen


@pytest.fixture
def held():
    """The records database (with a high score in it) held by another connection, as another program
    writing would hold it."""
    highscores.record("toradama/solo", (30,), seed=1)
    holder = sqlite3.connect(records.path(), isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    yield holder
    if holder.in_transaction:
        holder.execute("ROLLBACK")
    holder.close()
    assert records.flush(timeout=30)


def test_start_up_and_resume_do_not_wait_for_a_held_database(held, ui_timeouts):
    solo = new_match("toradama", [Seat("human", None, "Ann")], {"mode": "solo"}, 5)
    saves.autosave(solo)
    app = started()
    try:
        menu = app.scenes.top
        assert isinstance(menu, MenuScene) and menu.button_for("resume") is not None
        assert app.notices.texts == ["Your game records are in use by another program: they are not shown for now."]
        assert ui_timeouts == [records.UI_TIMEOUT]  # one short try; the other games' best scores gave up at once
        records._BUSY_SINCE.clear()  # as a while later: resuming tries again, as briefly
        click(app, menu.button_for("resume"))
        step(app, 3)
        assert app.scenes.top.match.game_id == "toradama" and app.scenes.top.match.digest() == solo.digest()
        assert ui_timeouts == [records.UI_TIMEOUT] * 2
    finally:
        app.shutdown()


def test_a_game_that_ends_while_the_database_is_held_is_recorded_once_it_is_free(app, held, ui_timeouts):
    game = start(app, HUMAN_VS_AI, pile=2)
    take(app, game, 2)
    assert game.match.is_over
    assert step_until(app, lambda: isinstance(app.scenes.top, ResultsScene), max_frames=60)  # the game goes on
    assert ui_timeouts == [records.UI_TIMEOUT]
    assert app.notices.texts == ["Your game records are in use by another program: this game will be added"
                                 " as soon as they are free."]
    assert not any(t.error for t in game.toasts.toasts)  # not "could not be added": it will be
    held.execute("ROLLBACK")
    assert records.flush(timeout=30)
    assert [r.uid for r in records.load()] == [game.match.uid]


@pytest.mark.skipif(not hasattr(os, "fork"), reason="a second process holding the lock")
def test_a_database_held_by_another_process_does_not_freeze_the_start(tmp_path, ui_timeouts):
    """The issue's reproduction: another process holding the records made the start wait 25.6 s."""
    import subprocess
    import sys

    highscores.record("toradama/solo", (30,), seed=1)
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sqlite3, sys\n"
                               "con = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
                               "con.execute('BEGIN EXCLUSIVE')\nprint('held', flush=True)\nsys.stdin.read()",
         str(records.path())], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        ui_timeouts.clear()
        began = time.monotonic()
        app = started()
        took = time.monotonic() - began
        try:
            assert ui_timeouts == [records.UI_TIMEOUT]
            assert any("in use by another program" in t for t in app.notices.texts)
            assert took < 20, took  # generous: the notice shows after one short try, not 5 s per game
        finally:
            app.shutdown()
    finally:
        holder.stdin.close()
        holder.wait(timeout=30)
