"""Saved decks: kept by name in the user's data folder; damaged files and illegal decks are skipped."""
from __future__ import annotations

import random

import pytest

from hexgames.core import files, saves
from hexgames.games.stickers import catalogue, decks


def test_a_saved_deck_is_offered_again_and_replaced_by_name():
    deck = catalogue.quick_deck(random.Random(1))
    decks.save("Fire", deck)
    assert decks.for_size(8) == [decks.SavedDeck("Fire", tuple(deck))]
    other = catalogue.quick_deck(random.Random(2))
    decks.save("Fire", other)
    decks.save("Water", deck)
    assert [(d.name, list(d.stickers)) for d in decks.load()] == [("Fire", other), ("Water", deck)]
    assert decks.for_size(16) == []
    decks.delete("Fire", 8)
    assert [d.name for d in decks.load()] == ["Water"]


def test_incomplete_or_illegal_decks_are_not_saved():
    with pytest.raises(ValueError):
        decks.save("Short", catalogue.quick_deck(random.Random(1))[:7])
    with pytest.raises(ValueError):
        decks.save("Helpers", [catalogue.JUMP] * 3 + [catalogue.layout_of(0, 1, 2, 3)] * 5)
    with pytest.raises(ValueError):
        decks.save("   ", catalogue.quick_deck(random.Random(1)))
    assert decks.load() == []


def test_a_damaged_file_gives_no_decks_and_bad_rows_are_skipped():
    saves.data_dir()
    decks.path().write_text("{not json", encoding="utf-8")
    assert decks.load() == []
    [notice] = files.take_notices()  # set aside, kept, and the player told
    assert notice.params["what"].key == "core.file.decks" and not decks.path().exists()
    good = catalogue.quick_deck(random.Random(3))
    decks.path().write_text(
        '{"decks": [{"name": "ok", "stickers": %s}, {"name": "bad", "stickers": [true, 1]},'
        ' {"name": 3, "stickers": []}, "junk", {"name": "illegal", "stickers": [256, 256, 256, 1, 2, 3, 4, 5]}]}'
        % good, encoding="utf-8")
    assert [d.name for d in decks.load()] == ["ok"]
