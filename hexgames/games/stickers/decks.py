"""Named Sticker Turf decks saved in the user's data folder, offered again in the deck builder.

One JSON file beside the settings and high scores, written atomically and read through the app's
guarded reader (`core/files.py`). A file that does not read (damaged, too deep, a pipe...) is set
aside with a notice and a deck in it that breaks the deck rules is skipped, rather than stopping the
game: saved decks are a convenience. No pygame.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from hexgames.core.files import load_user_file, write_atomic
from hexgames.core.protocol import Reason
from hexgames.core.saves import data_location
from hexgames.games.stickers.catalogue import deck_problem

FILE_NAME = "stickers_decks.json"
MAX_NAME = 24


@dataclass(frozen=True)
class SavedDeck:
    name: str
    stickers: tuple[int, ...]

    @property
    def size(self) -> int:
        return len(self.stickers)


def path() -> Path:
    """The decks file; reading never creates the data folder (writing does)."""
    return data_location() / FILE_NAME


def _parse(row: Any) -> SavedDeck | None:
    if not isinstance(row, dict):
        return None
    name, stickers = row.get("name"), row.get("stickers")
    if not isinstance(name, str) or not name.strip() or not isinstance(stickers, list):
        return None
    if not all(type(x) is int for x in stickers) or len(stickers) not in (8, 16):
        return None
    if deck_problem(stickers, len(stickers)) is not None:
        return None
    return SavedDeck(name.strip()[:MAX_NAME], tuple(stickers))


def load() -> list[SavedDeck]:
    """Every usable saved deck, in the order saved (newest last)."""
    return load_user_file(path(), _parse_file, Reason("core.file.decks", "Your saved decks")) or []


def _parse_file(data: Any) -> list[SavedDeck]:
    rows = data.get("decks") if isinstance(data, dict) else None
    if not isinstance(rows, list):
        raise ValueError("a decks file holds a list of decks")
    return [d for d in (_parse(r) for r in rows) if d is not None]


def for_size(size: int) -> list[SavedDeck]:
    return [d for d in load() if d.size == size]


def save(name: str, stickers: Sequence[int]) -> SavedDeck:
    """Save (or replace, by name and size) a complete legal deck; raises ValueError otherwise."""
    name = name.strip()[:MAX_NAME]
    if not name:
        raise ValueError("a deck needs a name")
    why = deck_problem(stickers, len(stickers))
    if why is not None or len(stickers) not in (8, 16):
        raise ValueError(str(why or "a deck holds 8 or 16 stickers"))
    deck = SavedDeck(name, tuple(stickers))
    _write([d for d in load() if not (d.name == name and d.size == deck.size)] + [deck])
    return deck


def delete(name: str, size: int) -> None:
    _write([d for d in load() if not (d.name == name and d.size == size)])


def _write(kept: list[SavedDeck]) -> None:
    write_atomic(path(), json.dumps({"decks": [{"name": d.name, "stickers": list(d.stickers)} for d in kept]},
                                    indent=1))
