"""Saved decks: each player's own, kept by name in the user's data folder; a file of the first format
still loads (its decks offered to everyone); damaged files and illegal decks are skipped."""
from __future__ import annotations

import json
import random

import pytest

from hexgames.core import files, saves
from hexgames.games.stickers import catalogue, decks


def test_a_saved_deck_is_offered_again_and_replaced_by_name():
    deck = catalogue.quick_deck(random.Random(1))
    decks.save("Ann", "Fire", deck)
    assert decks.for_size(8, "Ann") == [decks.SavedDeck("Fire", tuple(deck))]
    other = catalogue.quick_deck(random.Random(2))
    decks.save("Ann", "Fire", other)
    decks.save("Ann", "Water", deck)
    assert [(d.name, list(d.stickers)) for d in decks.load("Ann")] == [("Fire", other), ("Water", deck)]
    assert decks.for_size(16, "Ann") == []
    decks.delete("Ann", "Fire", 8)
    assert [d.name for d in decks.load("Ann")] == ["Water"]


def test_each_players_decks_are_their_own():
    ann, bob = catalogue.quick_deck(random.Random(1)), catalogue.quick_deck(random.Random(2))
    decks.save("Ann", "Fire", ann)
    decks.save("Bob", "Fire", bob)  # the same deck name is no clash between players
    assert [d.stickers for d in decks.load("Ann")] == [tuple(ann)]
    assert [d.stickers for d in decks.load("Bob")] == [tuple(bob)]
    assert decks.load("Cid") == []
    assert decks.load("  ann ") == decks.load("Ann")  # one player whatever the case and spaces typed
    decks.delete("Bob", "Fire", 8)
    assert decks.load("Bob") == [] and len(decks.load("Ann")) == 1
    with pytest.raises(ValueError):
        decks.save("   ", "Nameless", ann)  # a deck needs an owner


def test_a_file_of_the_first_format_is_offered_to_everyone_and_kept():
    """Decks saved before they had owners were shown to every player: offering them to everyone
    reveals nothing new, and dropping them would lose a player's work."""
    old = catalogue.quick_deck(random.Random(3))
    saves.data_dir()
    decks.path().write_text(json.dumps({"decks": [{"name": "Classic", "stickers": old}]}), encoding="utf-8")
    for player in ("Ann", "Bob"):
        assert decks.load(player) == [decks.SavedDeck("Classic", tuple(old), shared=True)]
    mine = catalogue.quick_deck(random.Random(4))
    decks.save("Ann", "Mine", mine)  # the file is written in the new format, the old decks kept
    data = json.loads(decks.path().read_text(encoding="utf-8"))
    assert data["version"] == decks.VERSION and list(data["players"]) == ["ann"]
    assert [d.name for d in decks.load("Ann")] == ["Mine", "Classic"]
    assert [d.name for d in decks.load("Bob")] == ["Classic"]
    decks.delete("Bob", "Classic", 8)  # a shared deck is nobody's to delete
    assert [d.name for d in decks.load("Bob")] == ["Classic"]


def test_incomplete_or_illegal_decks_are_not_saved():
    with pytest.raises(ValueError):
        decks.save("Ann", "Short", catalogue.quick_deck(random.Random(1))[:7])
    with pytest.raises(ValueError):
        decks.save("Ann", "Helpers", [catalogue.JUMP] * 3 + [catalogue.layout_of(0, 1, 2, 3)] * 5)
    with pytest.raises(ValueError):
        decks.save("Ann", "   ", catalogue.quick_deck(random.Random(1)))
    assert decks.load("Ann") == []


def test_a_damaged_file_gives_no_decks_and_bad_rows_are_skipped():
    saves.data_dir()
    decks.path().write_text("{not json", encoding="utf-8")
    assert decks.load("Ann") == []
    [notice] = files.take_notices()  # set aside, kept, and the player told
    assert notice.params["what"].key == "core.file.decks" and not decks.path().exists()
    good = catalogue.quick_deck(random.Random(3))
    rows = ('[{"name": "ok", "stickers": %s}, {"name": "bad", "stickers": [true, 1]}, {"name": 3, "stickers": []},'
            ' "junk", {"name": "illegal", "stickers": [256, 256, 256, 1, 2, 3, 4, 5]}]' % good)
    decks.path().write_text('{"decks": %s}' % rows, encoding="utf-8")
    assert [d.name for d in decks.load("Ann")] == ["ok"]
    decks.path().write_text('{"version": 2, "players": {"Ann": %s, "7": "junk", "": %s}, "shared": 5}' % (rows, rows),
                            encoding="utf-8")
    assert [d.name for d in decks.load("Ann")] == ["ok"] and decks.load("Bob") == []
    assert files.take_notices() == []  # bad rows are only left out
    decks.path().write_text('{"version": 2, "players": ["Ann"]}', encoding="utf-8")  # neither format
    assert decks.load("Ann") == [] and len(files.take_notices()) == 1 and not decks.path().exists()
