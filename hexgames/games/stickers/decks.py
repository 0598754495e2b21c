"""Named Sticker Turf decks saved in the user's data folder, offered again in the deck builder.

Each player's decks are their own: the file keeps them by player name, so in a hot-seat game the
second player's builder never lists the deck the first just saved. One JSON file beside the
settings and high scores, written atomically and read through the app's guarded reader
(`core/files.py`):

    {"version": 2, "players": {"alice": [{"name": "Fire", "stickers": [...]}, ...]}, "shared": [...]}

A file of the first format (`{"decks": [...]}`, from before decks had owners) still loads: its decks
become "shared", offered to every player. They were written when every deck showed to everyone, so
offering them reveals nothing new, and offering them to nobody would lose a player's work; they stay
in the file when it is written again. A file that does not read (damaged, too deep, a pipe, neither
format...) is set aside with a notice, and a deck in it that breaks the deck rules is skipped, rather
than stopping the game: saved decks are a convenience. No pygame.

Reading and writing the file happen in `_read` and `_write` only; the rest is the data model.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from hexgames.core.files import load_user_file, write_atomic
from hexgames.core.match import clean_name
from hexgames.core.protocol import Reason
from hexgames.core.saves import data_location
from hexgames.games.stickers.catalogue import deck_problem

FILE_NAME = "stickers_decks.json"
MAX_NAME = 24
VERSION = 2


@dataclass(frozen=True)
class SavedDeck:
    name: str
    stickers: tuple[int, ...]
    shared: bool = False  # from a file of the first format: offered to every player

    @property
    def size(self) -> int:
        return len(self.stickers)


@dataclass
class DeckBook:
    """Everything the file holds: each player's decks (by `player_key`) and the shared ones."""

    players: dict[str, list[SavedDeck]] = field(default_factory=dict)
    shared: list[SavedDeck] = field(default_factory=list)


def path() -> Path:
    """The decks file; reading never creates the data folder (writing does)."""
    return data_location() / FILE_NAME


def player_key(name: str) -> str:
    """Whose decks these are: the player's name as the screens show it, without regard to case (the
    same person types "alice" one day and "Alice" the next)."""
    return clean_name(name).casefold()


# --- the data model --------------------------------------------------------------------------------
def _parse_deck(row: Any, shared: bool = False) -> SavedDeck | None:
    if not isinstance(row, dict):
        return None
    name, stickers = row.get("name"), row.get("stickers")
    if not isinstance(name, str) or not name.strip() or not isinstance(stickers, list):
        return None
    if not all(type(x) is int for x in stickers) or len(stickers) not in (8, 16):
        return None
    if deck_problem(stickers, len(stickers)) is not None:
        return None
    return SavedDeck(name.strip()[:MAX_NAME], tuple(stickers), shared)


def _parse_decks(rows: Any, shared: bool = False) -> list[SavedDeck]:
    if not isinstance(rows, list):
        return []
    return [d for d in (_parse_deck(r, shared) for r in rows) if d is not None]


def parse_book(data: Any) -> DeckBook:
    """The decks in a file's JSON, of either format; whatever row is not a usable deck is left out.
    Raises ValueError for a file of neither format (the reader then sets it aside)."""
    if not isinstance(data, dict):
        raise ValueError("a decks file holds an object")
    if "players" not in data:  # the first format: one list, no owners
        if not isinstance(data.get("decks"), list):
            raise ValueError("a decks file holds a list of decks")
        return DeckBook(shared=_parse_decks(data["decks"], shared=True))
    players = data["players"]
    if not isinstance(players, dict):
        raise ValueError("a decks file holds the decks by player")
    book = DeckBook(shared=_parse_decks(data.get("shared"), shared=True))
    for name, rows in players.items():
        key = player_key(name) if isinstance(name, str) else ""
        decks = _parse_decks(rows)
        if key and decks:
            book.players.setdefault(key, []).extend(decks)
    return book


def dump_book(book: DeckBook) -> dict[str, Any]:
    def rows(decks: list[SavedDeck]) -> list[dict[str, Any]]:
        return [{"name": d.name, "stickers": list(d.stickers)} for d in decks]

    return {"version": VERSION, "players": {k: rows(v) for k, v in book.players.items() if v},
            "shared": rows(book.shared)}


def load(player: str) -> list[SavedDeck]:
    """The decks offered to `player`: their own in the order saved (newest last), then the shared."""
    book = _read()
    return book.players.get(player_key(player), []) + book.shared


def for_size(size: int, player: str) -> list[SavedDeck]:
    return [d for d in load(player) if d.size == size]


def save(player: str, name: str, stickers: Sequence[int]) -> SavedDeck:
    """Save (or replace, by name and size) a complete legal deck as `player`'s; raises ValueError
    otherwise (a deck needs a name and an owner)."""
    name = name.strip()[:MAX_NAME]
    if not name:
        raise ValueError("a deck needs a name")
    key = player_key(player)
    if not key:
        raise ValueError("a deck needs a player's name")
    why = deck_problem(stickers, len(stickers))
    if why is not None or len(stickers) not in (8, 16):
        raise ValueError(str(why or "a deck holds 8 or 16 stickers"))
    deck = SavedDeck(name, tuple(stickers))
    book = _read()
    own = book.players.get(key, [])
    book.players[key] = [d for d in own if not (d.name == name and d.size == deck.size)] + [deck]
    _write(dump_book(book))
    return deck


def delete(player: str, name: str, size: int) -> None:
    """Forget one of `player`'s decks (shared decks are nobody's to delete)."""
    book = _read()
    key = player_key(player)
    book.players[key] = [d for d in book.players.get(key, []) if not (d.name == name and d.size == size)]
    _write(dump_book(book))


# --- the file ---------------------------------------------------------------------------------------
def _read() -> DeckBook:
    """The file's decks; none when it is missing, or when it does not read (set aside, with a notice)."""
    return load_user_file(path(), parse_book, Reason("core.file.decks", "Your saved decks")) or DeckBook()


def _write(data: dict[str, Any]) -> None:
    write_atomic(path(), json.dumps(data, indent=1))
