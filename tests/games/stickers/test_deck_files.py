"""The saved-decks file read and written like every other file of the app: a deck file nested deep, a
FIFO or a link to /dev/zero does not stop (or hang) the start of a Sticker Turf game, it is set aside
with a notice; and a deck that cannot be saved (a full disk) says why in words."""
from __future__ import annotations

import errno
import os

import pytest

from hexgames.core import files, saves
from hexgames.core.match import Seat
from hexgames.games import new_match
from hexgames.games.stickers import decks
from hexgames.games.stickers.scene import StickersScene
from tests.core.test_files import NEEDS_FIFO, returns_without_blocking
from tests.drive import click_at, step

ALICE = Seat("human", None, "Alice")


def start_building(app) -> StickersScene:
    """A solo game, at its deck builder (which offers the saved decks)."""
    app.start_match(new_match("stickers", [ALICE], {"mode": "solo"}, 3))
    step(app, 2)
    scene = app.scenes.stack[0]
    assert isinstance(scene, StickersScene) and scene.building
    return scene


def assert_set_aside_with_a_notice(app, scene: StickersScene, why: str) -> None:
    assert scene.builder.saved == []
    step(app, 2)
    [text] = app.notices.texts
    assert text.startswith(f"Your saved decks could not be used: {why}"), text
    assert not os.path.lexists(decks.path())
    assert [p for p in saves.data_dir().iterdir() if p.name.startswith("stickers_decks.damaged-")]


def test_a_deeply_nested_decks_file_does_not_stop_the_game(app):
    decks.path().parent.mkdir(parents=True, exist_ok=True)
    decks.path().write_text('{"decks": ' + "[" * 100_000, encoding="utf-8")
    assert_set_aside_with_a_notice(app, start_building(app), "The file is damaged")


@NEEDS_FIFO
def test_a_decks_fifo_does_not_hang_the_game(app):
    decks.path().parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(decks.path())
    scene = returns_without_blocking(lambda: start_building(app), [decks.path()])
    assert_set_aside_with_a_notice(app, scene, "It is not an ordinary file")


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_a_decks_file_linked_to_dev_zero_is_not_read(app):
    decks.path().parent.mkdir(parents=True, exist_ok=True)
    decks.path().symlink_to("/dev/zero")
    scene = returns_without_blocking(lambda: start_building(app), [])
    assert_set_aside_with_a_notice(app, scene, "It is not an ordinary file")


@pytest.mark.parametrize("language, words", [("en", "The deck could not be saved: the disk is full."),
                                             ("ja", "デッキを保存できませんでした：ディスクの空きがありません。")])
def test_a_deck_that_cannot_be_saved_says_why_in_words(app, monkeypatch, language, words):
    app.set_language(language)
    scene = start_building(app)
    builder = scene.builder
    click_at(app, next(b for b, f in builder.buttons.items() if f == builder.quick).rect.center)
    builder.name_entry.set_text("Fire")

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    click_at(app, next(b for b, f in builder.buttons.items() if f == builder.save).rect.center)
    errors = [t.text for t in scene.toasts.toasts if t.error]
    assert errors == [words] and decks.load("Alice") == []
    assert not [p for p in saves.data_dir().iterdir() if p.suffix == ".tmp"]  # no half-written file left
    assert files.take_notices() == []
