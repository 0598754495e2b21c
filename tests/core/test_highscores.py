"""The local high-score table: ordering, the top-10 limit, persistence and damaged files."""
from __future__ import annotations

from hypothesis import given, settings, strategies as st

from hexgames.core import highscores
from hexgames.core.saves import data_dir


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


def test_damaged_file_is_treated_as_empty_and_then_replaced():
    (data_dir() / highscores.FILE_NAME).write_text("{not json", encoding="utf-8")
    assert highscores.top("k") == []
    assert highscores.record("k", (3,), seed=5) == 0
    assert [e.seed for e in highscores.top("k")] == [5]


def test_wrong_shapes_are_ignored():
    (data_dir() / highscores.FILE_NAME).write_text('[1, 2, 3]', encoding="utf-8")
    assert highscores.top("k") == []
    (data_dir() / highscores.FILE_NAME).write_text(
        '{"k": [{"scores": "x", "date": "d", "seed": 1}], "j": [{"scores": [2], "date": "d", "seed": 4}]}',
        encoding="utf-8")
    assert highscores.top("k") == []
    assert [e.seed for e in highscores.top("j")] == [4]


def test_no_temp_files_left_behind():
    highscores.record("k", (1,), seed=1)
    highscores.record("k", (2,), seed=2)
    assert sorted(p.name for p in data_dir().iterdir()) == [highscores.FILE_NAME]


@settings(max_examples=25, deadline=None)
@given(st.lists(st.lists(st.integers(0, 18), min_size=6, max_size=6), max_size=15))
def test_table_is_the_best_ten_sorted(results):
    highscores.clear("prop")
    for i, r in enumerate(results):
        highscores.record("prop", r, seed=i)
    got = [list(e.scores) for e in highscores.top("prop")]
    assert got == sorted(results, reverse=True)[:10]
