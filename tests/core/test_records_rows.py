"""Rows read back from the records database go through one checked reader (`core/rows.py`): a BLOB where
a name belongs, JSON nested 100,000 deep in a column, text in a number column leave their row out with
one notice, never a crash, and the other rows still show. And a database another program holds never
makes a read or a write wait more than `records.UI_TIMEOUT`: reads give their default with a notice,
writes are done by the background writer once the database is free, in order."""
from __future__ import annotations

import sqlite3
import threading
import time

import pytest

from hexgames.core import files, highscores, record_stats, records, saves
from hexgames.core.match import Match, Seat
from tests.core.toy import TOY

DEEP = "[" * 100_000


def _finished(seed: int = 3, name: str = "Ann") -> Match:
    m = Match(TOY, [Seat("human", None, name), Seat("ai", "hard", "CPU")], {"deck": "double"}, seed)
    while not m.is_over:
        m.play("tap" if len(m.moves) % 3 else "draw")
    return m


def _sql(statement: str, *args) -> None:
    con = sqlite3.connect(records.path())
    con.execute(statement, args)
    con.commit()
    con.close()


def _notice_keys() -> list[str]:
    return [n.key for n in files.take_notices()]


# --- damaged rows ------------------------------------------------------------------------------------
def test_a_seat_name_stored_as_a_blob_leaves_its_game_out_with_one_notice():
    ann, bob = records.record_match(_finished(3)), records.record_match(_finished(4, "Bob"))
    _sql("UPDATE seats SET name = ? WHERE game_id = ? AND seat = 0", b"Ann\xff", ann)
    loaded = records.load()
    assert [r.id for r in loaded] == [bob]
    assert record_stats.player_names(loaded) == ["Bob"]  # no casefold() on bytes
    assert _notice_keys() == ["core.records.rows_skipped"]
    assert records.load() == loaded and _notice_keys() == []  # told once


@pytest.mark.parametrize("column, value", [("options", DEEP), ("options", "[1, 2]"), ("options", "{bad"),
                                           ("seed", "a text"), ("finished", b"\x00\x01"), ("uid", b"u1")])
def test_a_game_row_that_does_not_read_is_left_out(column, value):
    bad, good = records.record_match(_finished(3)), records.record_match(_finished(4))
    _sql(f"UPDATE games SET {column} = ? WHERE id = ?", value, bad)
    assert [r.id for r in records.load()] == [good]
    assert _notice_keys() == ["core.records.rows_skipped"]


@pytest.mark.parametrize("column, value", [("kind", "robot"), ("score", "many"), ("rank", b"\x00"), ("hints", -0.5),
                                           ("level", b"hard")])
def test_a_seat_row_that_does_not_read_leaves_its_game_out(column, value):
    bad, good = records.record_match(_finished(3)), records.record_match(_finished(4))
    _sql(f"UPDATE seats SET {column} = ? WHERE game_id = ? AND seat = 1", value, bad)
    assert [r.id for r in records.load()] == [good]


def test_a_deeply_nested_save_is_refused_with_a_reason():
    record_id = records.record_match(_finished())
    _sql("UPDATE games SET save = ? WHERE id = ?", DEEP, record_id)
    with pytest.raises(saves.SaveError) as e:
        records.save_of(record_id)
    assert e.value.reason.key == "core.save.damaged"
    assert records.save_of(record_id + 1) is None


@pytest.mark.parametrize("column, value", [("scores", DEEP), ("scores", '{"a": 1}'), ("scores", b"[1]"),
                                           ("key", b"k"), ("date", b"2026"), ("seed", "seven")])
def test_a_high_score_row_that_does_not_read_is_left_out(column, value):
    highscores.record("k", (5,), seed=1)
    highscores.record("k", (9,), seed=2)
    _sql(f"UPDATE highscores SET {column} = ? WHERE seed = 2", value)
    assert [e.seed for e in highscores.top("k")] == [1]
    assert highscores.best_of_game("k").seed == 1
    assert _notice_keys() == ["core.records.rows_skipped"]
    assert highscores.record("k", (3,), seed=3) == 1  # the table goes on working around it


# --- a busy database -----------------------------------------------------------------------------------
@pytest.fixture
def locked():
    """The records database held by another connection (`BEGIN EXCLUSIVE`, as another program
    writing would), and the timeout of every connection the app opens meanwhile, by thread."""
    records.record_match(_finished(99))
    holder = sqlite3.connect(records.path(), isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    files.take_notices()
    yield holder
    if holder.in_transaction:
        holder.execute("ROLLBACK")
    holder.close()
    assert records.flush(timeout=30)


@pytest.fixture
def timeouts(monkeypatch):
    seen: list[tuple[str, float]] = []
    connect = sqlite3.connect

    def spy(*args, **kw):
        seen.append((threading.current_thread().name, kw.get("timeout", 5.0)))
        return connect(*args, **kw)

    monkeypatch.setattr(records.sqlite3, "connect", spy)
    return seen


def test_a_busy_database_gives_reads_their_default_without_waiting(locked, timeouts):
    assert records.load() == [] and highscores.top("k") == [] and records.save_of(1) is None
    assert records.busy()
    assert [t for _, t in timeouts] == [records.UI_TIMEOUT]  # one short try; the next reads gave up at once
    assert _notice_keys() == ["core.records.busy_read"]
    locked.execute("ROLLBACK")
    records._BUSY_SINCE.clear()  # as BUSY_RETRY seconds later
    assert len(records.load()) == 1


def test_a_game_that_ends_while_the_database_is_busy_is_recorded_once_it_is_free(locked, timeouts):
    first, second = _finished(1), _finished(2)
    assert records.record_match(first) is None  # not now...
    assert highscores.record("k", (4,), seed=1, uid=first.uid) is None
    assert records.record_match(second) is None
    assert [t for name, t in timeouts if name == threading.current_thread().name] == [records.UI_TIMEOUT]
    assert _notice_keys() == ["core.records.busy_write"]  # said once
    time.sleep(0.1)
    assert not records.flush(timeout=0.1)  # ...nor while the lock is held
    locked.execute("ROLLBACK")
    assert records.flush(timeout=30)  # ...but as soon as it is free, in the order played
    assert [r.uid for r in sorted(records.load(), key=lambda r: r.id)][1:] == [first.uid, second.uid]
    assert [e.seed for e in highscores.top("k")] == [1]
    background = [t for name, t in timeouts if name == "records-writer"]
    assert background and all(t == records.BUSY_TIMEOUT for t in background)


def test_a_deferred_write_that_then_fails_is_told(locked, monkeypatch):
    assert records.record_match(_finished(1)) is None
    files.take_notices()

    def unwritable(*args, **kw):
        raise records.RecordsUnavailable("the disk is gone")

    monkeypatch.setattr(records, "write", unwritable)
    locked.execute("ROLLBACK")
    assert records.flush(timeout=30)
    assert _notice_keys() == ["core.records.write_failed"]
