"""Rows read back from the records database, checked column by column before anything uses them.

A database file is the user's as much as a JSON file: edited with a tool, written by another version,
damaged. SQLite keeps any type in any column (a BLOB where a name should be, text in a number), and
the JSON columns may hold anything at all. So every row read goes through `checked`: each column has
a check that returns the value as the code expects it or raises, and a row that fails any check is
left out (never changed or deleted: the file loses nothing), the player told once per run, file and
table. No exception from a row's content gets past it. No pygame here.
"""
from __future__ import annotations

import math
from typing import Any, Callable, Iterable, Sequence, TypeVar

from hexgames.core import files
from hexgames.core.match import clean_name
from hexgames.core.protocol import Reason

T = TypeVar("T")
Check = Callable[[Any], Any]
MAX_TEXT = 200  # characters of a short text column (ids, keys, dates, levels)
MAX_INT = 2**63  # SQLite's own range


def integer(value: Any) -> int:
    if type(value) is not int or not -MAX_INT <= value < MAX_INT:
        raise ValueError("not a whole number")
    return value


def number(value: Any) -> float:
    if type(value) not in (int, float) or not math.isfinite(value):
        raise ValueError("not a number")
    return float(value)


def text(value: Any) -> str:
    """A short text (a BLOB, a number or a page of text is refused)."""
    if type(value) is not str or len(value) > MAX_TEXT:
        raise ValueError("not a short text")
    return value


def name(value: Any) -> str:
    """A player's name as the screens can show it (one line, `match.MAX_NAME` at most)."""
    if type(value) is not str:
        raise ValueError("a name is text")
    cleaned = clean_name(value[:MAX_TEXT])
    if not cleaned:
        raise ValueError("an empty name")
    return cleaned


def optional(check: Check) -> Check:
    """`check`, or None for NULL."""
    return lambda value: None if value is None else check(value)


def one_of(*allowed: Any) -> Check:
    def check(value: Any) -> Any:
        if type(value) is not str or value not in allowed:
            raise ValueError("not an allowed value")
        return value
    return check


def json_of(kind: type) -> Check:
    """A JSON text column holding a `kind` (dict or list), read with `files.parse_json` (size and
    depth capped)."""
    def check(value: Any) -> Any:
        if type(value) is not str:
            raise ValueError("JSON is stored as text")
        data = files.parse_json(value)
        if not isinstance(data, kind):
            raise ValueError(f"not a JSON {kind.__name__}")
        return data
    return check


_TOLD: set[tuple[str, str]] = set()  # (database, what) already reported this run


def _as_tuple(*values: Any) -> tuple:
    return values


def checked(rows: Iterable[Sequence[Any]], columns: Sequence[Check], what: Reason, where: str,
            build: Callable[..., T] = _as_tuple, rejected: list[Sequence[Any]] | None = None) -> list[T]:
    """`build(*values)` for each row whose every column passes its check (the values as the checks
    return them; by default the tuple of them). A row that fails a check, or that `build` refuses
    (by raising anything), is left out (and added to `rejected` when given), and the first time in
    this run that `what` ("Your game records") in the database `where` has one, a notice for the
    player is queued."""
    out = []
    for row in rows:
        try:
            if len(row) != len(columns):
                raise ValueError("a row of another shape")
            out.append(build(*(check(value) for check, value in zip(columns, row))))
        except Exception:  # whatever the content: the row is left out, the reading goes on
            if rejected is not None:
                rejected.append(row)
            if (where, what.key) not in _TOLD:
                _TOLD.add((where, what.key))
                files.notify(Reason("core.records.rows_skipped", "{what}: damaged entries are left out.", what=what))
    return out
