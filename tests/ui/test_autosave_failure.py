"""A failed autosave is not silent: the game says it is not being saved, and where, keeps going, and
tries again after every move. The unwritable folder is a path under a regular file, which stops
writes even for root (tests may run as root, where a read-only mode bit does not)."""
from __future__ import annotations

import json

from hexgames import games
from hexgames.core import saves
from hexgames.games import new_match
from tests.ui.conftest import click_at, step, step_until
from tests.ui.test_shell import HUMAN_VS_AI

NOT_SAVED = "This game is not being saved"


def test_an_unwritable_data_folder_is_shown_in_the_game_and_retried_after_every_move(app, tmp_path, monkeypatch):
    blocker = tmp_path / "blocker"
    blocker.write_text("a file where the data folder's parent should be")
    folder = blocker / "data"
    monkeypatch.setenv("HEXGAMES_DATA_DIR", str(folder))

    app.start_match(new_match("ui_toy", HUMAN_VS_AI, {"pile": 12}, 3))
    step(app)
    game = app.scenes.top
    errors = [t.text for t in game.toasts.toasts if t.error]
    assert len(errors) == 1 and NOT_SAVED in errors[0] and str(folder / saves.AUTOSAVE_NAME) in errors[0]

    click_at(app, game.take_rects()[0].center)  # the game goes on: a move, then the AI's reply
    assert step_until(app, lambda: len(game.match.moves) == 2 and not game.is_animating())
    assert sum(NOT_SAVED in t.text for t in game.toasts.toasts) == 1  # said once, not once per move
    assert not folder.exists()

    blocker.unlink()  # the player frees the folder; the next move saves again
    click_at(app, game.take_rects()[0].center)
    assert step_until(app, lambda: len(game.match.moves) == 4)
    written = json.loads((folder / saves.AUTOSAVE_NAME).read_text(encoding="utf-8"))
    assert len(written["moves"]) == 4
    assert "The game is being saved again." in game.toasts.texts


def test_the_menu_opens_and_finds_no_resume_where_the_data_folder_cannot_be_made(app, tmp_path, monkeypatch):
    blocker = tmp_path / "blocker"
    blocker.write_text("not a folder")
    monkeypatch.setenv("HEXGAMES_DATA_DIR", str(blocker / "data"))
    assert saves.load_autosave(games.get) is None
    app.open_menu()
    step(app)
    assert app.scenes.top.button_for("resume") is None


def test_the_reason_a_write_failed_is_in_the_players_language(tmp_path, monkeypatch):
    from tests.drive import make_app
    from tests.ui import toygame

    toygame.register()
    blocker = tmp_path / "blocker"
    blocker.write_text("a file where a folder should be")
    monkeypatch.setenv("HEXGAMES_DATA_DIR", str(blocker / "data"))
    ja = make_app(language="ja")
    try:
        ja.start_match(new_match("ui_toy", HUMAN_VS_AI, {"pile": 12}, 3))
        step(ja)
        errors = [t.text for t in ja.scenes.top.toasts.toasts if t.error]
        assert len(errors) == 1 and "フォルダーがありません" in errors[0], errors
        assert "Not a directory" not in errors[0]  # the OS's English message stays out
    finally:
        ja.shutdown()


def test_uncommon_write_errors_keep_their_code():
    import errno

    from hexgames.core.files import os_error_reason

    assert os_error_reason(OSError(errno.ENOSPC, "No space left on device")) == "the disk is full"
    assert os_error_reason(OSError(errno.EIO, "Input/output error")) == "system error EIO"
    assert os_error_reason(OSError("no errno at all")) == "system error OSError"


def test_the_app_starts_and_opens_its_dialogs_where_the_data_folder_cannot_be_made(tmp_path, monkeypatch):
    from tests.drive import make_app
    from tests.ui.conftest import click

    blocker = tmp_path / "blocker"
    blocker.write_text("not a folder")
    monkeypatch.setenv("HEXGAMES_DATA_DIR", str(blocker / "data"))
    app = make_app()  # settings are read without making the folder: the defaults
    try:
        app.open_menu()
        step(app)
        click(app, app.scenes.top.button_for("load"))
        assert app.scenes.top.dialog is not None  # the dialog opens at home instead
        app.set_language("ja")  # saving the settings fails quietly
        step(app)
    finally:
        app.shutdown()
