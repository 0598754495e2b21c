"""A small local high-score table shared by every game's solo mode.

Why it exists apart from saves: a high score outlives the match that made it. Each key (for example
"ingenious/rack") keeps its best 10 entries; an entry is a score *sequence* compared lexicographically
(higher is better; a plain number is a sequence of one), with the date and the seed so a good game can
be replayed. The table is one JSON file in `saves.data_dir()`, written atomically (temp file + rename);
a damaged or foreign file is set aside (with a notice) and the table starts empty rather than stopping
the game. No pygame here.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Sequence

from hexgames.core import files
from hexgames.core.protocol import Reason
from hexgames.core.saves import data_dir, data_location

FILE_NAME = "highscores.json"
KEEP = 10
MAX_SCORES, MAX_SCORE = 16, 10**9  # bounds of an entry read back: an edited file cannot flood a screen


@dataclass(frozen=True)
class Entry:
    """One result: the score sequence (compared lexicographically), when, and the seed."""

    scores: tuple[int, ...]
    date: str
    seed: int

    def to_json(self) -> dict[str, Any]:
        return {"scores": list(self.scores), "date": self.date, "seed": self.seed}

    @staticmethod
    def from_json(data: Any) -> "Entry":
        scores, date, seed = data["scores"], data["date"], data["seed"]
        if not isinstance(scores, list) or len(scores) > MAX_SCORES or \
                not all(type(x) is int and abs(x) < MAX_SCORE for x in scores):
            raise ValueError("scores must be a few whole numbers")
        if not isinstance(date, str) or len(date) > 40 or type(seed) is not int or abs(seed) > 2**64:
            raise ValueError("bad date or seed")
        return Entry(tuple(scores), date, seed)


def path() -> Path:
    """The table's file; reading it never creates the data folder (a folder that cannot be made
    simply has no high scores)."""
    return data_location() / FILE_NAME


def _load_all() -> dict[str, list[Entry]]:
    """Every table, or {} if the file is missing or damaged (then it is set aside with a notice)."""
    what = Reason("core.file.highscores", "The high-score table")
    return files.load_user_file(path(), _tables, what) or {}


def _tables(data: Any) -> dict[str, list[Entry]]:
    """The tables in the file's data; a damaged key is dropped alone."""
    if not isinstance(data, dict):
        raise ValueError("the high-score file holds a JSON object")
    tables: dict[str, list[Entry]] = {}
    for key, rows in data.items():
        try:
            tables[key] = _sorted([Entry.from_json(r) for r in rows])[:KEEP]
        except (KeyError, TypeError, ValueError):
            continue
    return tables


def _save_all(tables: dict[str, list[Entry]]) -> None:
    files.write_atomic(data_dir() / FILE_NAME, json.dumps({k: [e.to_json() for e in v] for k, v in tables.items()}, indent=1))


def _sorted(entries: list[Entry]) -> list[Entry]:
    """Best first; among equal sequences the earlier entry stays ahead (stable sort)."""
    return sorted(entries, key=lambda e: e.scores, reverse=True)


def top(key: str) -> list[Entry]:
    """The best entries for `key`, best first (at most 10)."""
    return _load_all().get(key, [])


def best_of_game(game_id: str) -> Entry | None:
    """The best entry of every table of one game ("ingenious", "ingenious/rack", ...), or None."""
    entries = [t[0] for k, t in _load_all().items() if t and (k == game_id or k.startswith(game_id + "/"))]
    return max(entries, key=lambda e: e.scores, default=None)


def qualifies(key: str, scores: Sequence[int]) -> bool:
    """Whether `scores` would enter the table for `key`."""
    table = top(key)
    return len(table) < KEEP or tuple(scores) > table[-1].scores


def record(key: str, scores: Sequence[int], seed: int, date: str | None = None) -> int | None:
    """Add a result; returns its place (0 = best) if it made the top 10, else None."""
    entry = Entry(tuple(int(x) for x in scores), date or datetime.now(timezone.utc).isoformat(timespec="seconds"),
                  int(seed))
    tables = _load_all()
    table = tables.get(key, [])
    # a new entry goes after existing equal ones: earlier results keep their place
    place = sum(1 for e in table if e.scores >= entry.scores)
    if place >= KEEP:
        return None
    table.insert(place, entry)
    tables[key] = table[:KEEP]
    _save_all(tables)
    return place


def clear(key: str) -> None:
    tables = _load_all()
    if tables.pop(key, None) is not None:
        _save_all(tables)
