"""A small local high-score table shared by every game's solo mode.

Why it exists apart from saves: a high score outlives the match that made it. Each key (for example
"ingenious/rack") keeps its best 10 entries; an entry is a score *sequence* compared lexicographically
(higher is better; a plain number is a sequence of one), with the date and the seed so a good game can
be replayed. The tables live in the players' records database (`core/records.py`, table
`highscores`), so they share its transactions, its crash safety and its handling of a damaged file.

They used to be one JSON file (`highscores.json`): its entries are imported once, the first time the
database is opened with the file there (a damaged file is set aside with a notice instead), and the
file is then renamed `highscores.json.imported`, kept, never deleted. No pygame here.
"""
from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sqlite3
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Sequence, TypeVar

from hexgames.core import files, records, rows
from hexgames.core.protocol import Reason
from hexgames.core.saves import data_location

T = TypeVar("T")
FILE_NAME = "highscores.json"  # the old table, imported once
IMPORTED_SUFFIX = ".imported"
KEEP = 10
MAX_SCORES, MAX_SCORE = 16, 10**9  # bounds of an entry read back: an edited file cannot flood a screen
WHAT = Reason("core.file.highscores", "The high-score table")


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
    """The old JSON table, imported once into the records database; reading never creates the data
    folder (a folder that cannot be made simply has no high scores)."""
    return data_location() / FILE_NAME


def _read(fn: Callable[[sqlite3.Connection], T], default: T) -> T:
    """`fn` on the records database, after importing the old JSON table if it is still there."""
    return records.read(_importing(fn), default, create=os.path.lexists(path()))  # a link loop is reported too


def _importing(fn: Callable[[sqlite3.Connection], T]) -> Callable[[sqlite3.Connection], T]:
    """`fn`, after importing the old JSON table of the data folder it is made for (it may run later,
    from the records' background writer)."""
    old = path()

    def run(con: sqlite3.Connection) -> T:
        _import_json(con, old)
        return fn(con)

    return run


def _import_json(con: sqlite3.Connection, old: Path) -> None:
    """Move the old JSON table's entries into the database, then rename the file `.imported`. The
    file's hash is noted in `meta`, so a file that could not be renamed is not imported twice. A file
    that does not read (damaged, a pipe, a link to a device...) is set aside with a notice."""
    found = files.load_user_file(old, _hashed_tables, WHAT, decode=bytes)
    if found is None:  # not there (the usual case), or set aside
        return
    digest, tables = found
    done = con.execute("SELECT value FROM meta WHERE key = 'highscores_json'").fetchone()
    if done is None or done[0] != digest:
        with records.transaction(con) if not con.in_transaction else contextlib.nullcontext(con):
            for key, entries in tables.items():
                for entry in entries:
                    _insert(con, key, entry)
                _trim(con, key)
            con.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('highscores_json', ?)", (digest,))
    try:
        old.replace(old.with_name(old.name + IMPORTED_SUFFIX))
    except OSError:
        pass  # imported all the same; the noted hash keeps it from being imported again


def _hashed_tables(raw: bytes) -> tuple[str, dict[str, list[Entry]]]:
    """The old file's hash and tables."""
    return hashlib.sha256(raw).hexdigest(), _tables(files.parse_json(raw))


def _tables(data: Any) -> dict[str, list[Entry]]:
    """The tables in the old file's data; a damaged key is dropped alone."""
    if not isinstance(data, dict):
        raise ValueError("the high-score file holds a JSON object")
    tables: dict[str, list[Entry]] = {}
    for key, entries in data.items():
        try:
            tables[key] = _sorted([Entry.from_json(e) for e in entries])[:KEEP]
        except (KeyError, TypeError, ValueError):
            continue
    return tables


def _insert(con: sqlite3.Connection, key: str, entry: Entry, uid: str | None = None) -> None:
    con.execute("INSERT INTO highscores (key, scores, date, seed, uid) VALUES (?, ?, ?, ?, ?)",
                (key, json.dumps(list(entry.scores)), entry.date, entry.seed, uid))


COLUMNS = (rows.integer, rows.text, rows.json_of(list), rows.text, rows.integer)  # id, key, scores, date, seed


def _row(row_id: int, key: str, scores: list[Any], date: str, seed: int) -> tuple[str, int, Entry]:
    return key, row_id, Entry.from_json({"scores": scores, "date": date, "seed": seed})


def _rows(con: sqlite3.Connection, key: str | None = None) -> dict[str, list[tuple[int, Entry]]]:
    """Every table (or one), each best first, as (row id, entry); a row that does not read is left
    out (the player is told once)."""
    where, args = ("WHERE key = ?", (key,)) if key is not None else ("", ())
    tables: dict[str, list[tuple[int, Entry]]] = {}
    for k, row_id, entry in rows.checked(
            con.execute(f"SELECT id, key, scores, date, seed FROM highscores {where} ORDER BY id", args),
            COLUMNS, WHAT, str(records.path()), build=_row):
        tables.setdefault(k, []).append((row_id, entry))
    return {k: sorted(table, key=lambda r: r[1].scores, reverse=True) for k, table in tables.items()}


def _trim(con: sqlite3.Connection, key: str) -> None:
    """Keep the best KEEP rows of `key`."""
    for row_id, _ in _rows(con, key).get(key, [])[KEEP:]:
        con.execute("DELETE FROM highscores WHERE id = ?", (row_id,))


def _sorted(entries: list[Entry]) -> list[Entry]:
    """Best first; among equal sequences the earlier entry stays ahead (stable sort)."""
    return sorted(entries, key=lambda e: e.scores, reverse=True)


def tables() -> dict[str, list[Entry]]:
    """Every table, best first in each (the Records screen shows them)."""
    return _read(lambda con: {k: [e for _, e in rows][:KEEP] for k, rows in _rows(con).items()}, {})


def top(key: str) -> list[Entry]:
    """The best entries for `key`, best first (at most 10)."""
    return _read(lambda con: [e for _, e in _rows(con, key).get(key, [])][:KEEP], [])


def best_of_game(game_id: str) -> Entry | None:
    """The best entry of every table of one game ("ingenious", "ingenious/rack", ...), or None."""
    entries = [t[0] for k, t in tables().items() if t and (k == game_id or k.startswith(game_id + "/"))]
    return max(entries, key=lambda e: e.scores, default=None)


def qualifies(key: str, scores: Sequence[int]) -> bool:
    """Whether `scores` would enter the table for `key`."""
    table = top(key)
    return len(table) < KEEP or tuple(scores) > table[-1].scores


def record(key: str, scores: Sequence[int], seed: int, date: str | None = None,
           uid: str | None = None) -> int | None:
    """Add a result; returns its place (0 = best) if it made the top 10, else None (None too when the
    database is busy: the result is entered later, see `records.write_or_defer`). A result of the
    match `uid` (its end undone, then played again) replaces that match's earlier entry. Raises
    `records.RecordsUnavailable` (an OSError) when the database cannot be written."""
    entry = Entry(tuple(int(x) for x in scores), date or datetime.now(timezone.utc).isoformat(timespec="seconds"),
                  int(seed))

    def add(con: sqlite3.Connection) -> int | None:
        if uid is not None:
            con.execute("DELETE FROM highscores WHERE key = ? AND uid = ?", (key, uid))
        table = [e for _, e in _rows(con, key).get(key, [])]
        # a new entry goes after existing equal ones: earlier results keep their place
        place = sum(1 for e in table if e.scores >= entry.scores)
        if place >= KEEP:
            return None
        _insert(con, key, entry, uid)
        _trim(con, key)
        return place

    return records.write_or_defer(_importing(add))


def clear(key: str) -> None:
    records.write(_importing(lambda con: con.execute("DELETE FROM highscores WHERE key = ?", (key,))))
