"""The local high-score table: ordering, the top-10 limit, persistence in the records database, and
the one-time import of the old JSON table (damaged ones set aside)."""
from __future__ import annotations

import json

from hypothesis import given, settings, strategies as st

from hexgames.core import highscores, records
from hexgames.core.saves import data_dir, data_location


def test_empty_table_when_no_file():
    assert highscores.top("ingenious/rack") == []
    assert highscores.qualifies("ingenious/rack", (0, 0, 0, 0, 0, 0))


def test_record_orders_sequences_lexicographically():
    assert highscores.record("ingenious/rack", (10, 12, 12, 13, 15, 18), seed=1, date="2026-01-01") == 0
    assert highscores.record("ingenious/rack", (10, 11, 18, 18, 18, 18), seed=2, date="2026-01-02") == 1
    assert highscores.record("ingenious/rack", (11, 11, 11, 11, 11, 11), seed=3, date="2026-01-03") == 0
    table = highscores.top("ingenious/rack")
    assert [e.seed for e in table] == [3, 1, 2]
    assert table[0].scores == (11, 11, 11, 11, 11, 11)
    assert table[0].date == "2026-01-03"


def test_keys_are_separate():
    highscores.record("ingenious/rack", (5,) * 6, seed=1)
    highscores.record("ingenious/solitaire", (7,) * 6, seed=2)
    assert [e.seed for e in highscores.top("ingenious/rack")] == [1]
    assert [e.seed for e in highscores.top("ingenious/solitaire")] == [2]


def test_keeps_best_ten_and_refuses_worse():
    for i in range(12):
        highscores.record("k", (i,), seed=i)
    table = highscores.top("k")
    assert [e.scores[0] for e in table] == list(range(11, 1, -1))
    assert highscores.record("k", (1,), seed=99) is None
    assert not highscores.qualifies("k", (2,))
    assert highscores.qualifies("k", (3,))


def test_equal_result_goes_after_earlier_one():
    highscores.record("k", (4, 4), seed=1)
    assert highscores.record("k", (4, 4), seed=2) == 1
    assert [e.seed for e in highscores.top("k")] == [1, 2]


def test_a_damaged_old_file_is_set_aside_and_the_table_starts_empty():
    (data_dir() / highscores.FILE_NAME).write_text("{not json", encoding="utf-8")
    assert highscores.top("k") == []
    assert any(".damaged-" in p.name for p in data_dir().iterdir())
    assert highscores.record("k", (3,), seed=5) == 0
    assert [e.seed for e in highscores.top("k")] == [5]


def test_wrong_shapes_in_the_old_file_are_ignored():
    (data_dir() / highscores.FILE_NAME).write_text('[1, 2, 3]', encoding="utf-8")
    assert highscores.top("k") == []
    (data_dir() / highscores.FILE_NAME).write_text(
        '{"k": [{"scores": "x", "date": "d", "seed": 1}], "j": [{"scores": [2], "date": "d", "seed": 4}]}',
        encoding="utf-8")
    assert highscores.top("k") == []
    assert [e.seed for e in highscores.top("j")] == [4]


def test_the_old_json_entries_are_imported_once_and_the_file_kept():
    old = data_dir() / highscores.FILE_NAME
    rows = [{"scores": [12, 14], "date": "2025-05-01", "seed": 7}, {"scores": [12, 13], "date": "2025-05-02", "seed": 8}]
    old.write_text(json.dumps({"ingenious/rack": rows, "toradama/solo": [{"scores": [40], "date": "d", "seed": 9}]}),
                   encoding="utf-8")
    assert [(e.scores, e.date, e.seed) for e in highscores.top("ingenious/rack")] == [
        ((12, 14), "2025-05-01", 7), ((12, 13), "2025-05-02", 8)]
    kept = data_dir() / (highscores.FILE_NAME + highscores.IMPORTED_SUFFIX)
    assert not old.exists() and json.loads(kept.read_text(encoding="utf-8"))["ingenious/rack"] == rows
    assert highscores.record("ingenious/rack", (12, 13), seed=10) == 2  # after the imported equal one
    assert [e.seed for e in highscores.top("toradama/solo")] == [9]
    assert highscores.best_of_game("ingenious").seed == 7
    assert len(highscores.top("ingenious/rack")) == 3  # opening again imports nothing more


def test_an_old_file_that_cannot_be_renamed_is_not_imported_twice(monkeypatch):
    old = data_dir() / highscores.FILE_NAME
    old.write_text(json.dumps({"k": [{"scores": [5], "date": "d", "seed": 1}]}), encoding="utf-8")
    monkeypatch.setattr(type(old), "replace", lambda self, target: (_ for _ in ()).throw(PermissionError()))
    assert len(highscores.top("k")) == 1
    assert len(highscores.top("k")) == 1 and old.exists()


def test_reading_creates_nothing():
    assert highscores.top("k") == [] and highscores.best_of_game("ingenious") is None
    assert not data_location().exists()


def test_no_temp_files_left_behind():
    highscores.record("k", (1,), seed=1)
    highscores.record("k", (2,), seed=2)
    assert sorted(p.name for p in data_dir().iterdir()) == [records.DB_NAME]


@settings(max_examples=25, deadline=None)
@given(st.lists(st.lists(st.integers(0, 18), min_size=6, max_size=6), max_size=15))
def test_table_is_the_best_ten_sorted(results):
    highscores.clear("prop")
    for i, r in enumerate(results):
        highscores.record("prop", r, seed=i)
    got = [list(e.scores) for e in highscores.top("prop")]
    assert got == sorted(results, reverse=True)[:10]


def test_a_match_played_to_its_end_again_replaces_its_own_entry_only():
    assert highscores.record("g", [5], seed=1, uid="a") == 0
    assert highscores.record("g", [7], seed=2, uid="b") == 0
    assert highscores.record("g", [3], seed=1, uid="a") == 1  # match a's end undone and played worse
    assert [e.scores for e in highscores.top("g")] == [(7,), (3,)]
    assert highscores.record("g", [9], seed=1, uid="a") == 0  # ... and better
    assert [e.scores for e in highscores.top("g")] == [(9,), (7,)]
    assert highscores.record("g", [9], seed=3) == 1  # entries without a match are never replaced
    assert highscores.record("g", [9], seed=4) == 2
    assert len(highscores.top("g")) == 4


def test_entries_from_before_the_match_column_survive_the_migration():
    import sqlite3

    data_dir()
    con = sqlite3.connect(records.path())
    con.isolation_level = None
    records.migrate(con, upto=2)
    con.execute("INSERT INTO highscores (key, scores, date, seed) VALUES ('g', '[4, 2]', '2025-01-01', 8)")
    con.close()
    assert [(e.scores, e.seed) for e in highscores.top("g")] == [((4, 2), 8)]
    assert highscores.record("g", [5], seed=9, uid="x") == 0
    assert [e.scores for e in highscores.top("g")] == [(5,), (4, 2)]
