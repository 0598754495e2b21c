"""The table store: one transaction per change, each move stored once, damaged data reported."""
import sqlite3

import pytest

from hexgames.net.store import NewerStore, SeatRecord, SqliteTableStore, StoreError, TableRecord, open_store


def _record(code: str = "ABC234") -> TableRecord:
    return TableRecord(code, "clans", {"mode": "standard"}, 12345, [SeatRecord("human", None, "Ann", "h" * 64),
                                                                     SeatRecord("ai", "medium", "CPU 2")], 0, "k" * 64)


@pytest.fixture
def store(tmp_path):
    s = SqliteTableStore(tmp_path / "tables.sqlite3")
    yield s
    s.close()


def test_a_table_comes_back_as_it_was_stored(store, tmp_path):
    store.create(_record())
    rec = _record()
    rec.version, rec.started = 1, True
    store.save_table(rec)
    store.add_move("ABC234", 0, ["move", 1, 2], 2, False)
    store.add_move("ABC234", 1, ["move", 3, 4], 3, True)
    store.close()
    again = SqliteTableStore(tmp_path / "tables.sqlite3")
    (back,), problems = again.load()
    assert problems == []
    assert (back.version, back.started, back.finished, back.moves) == (3, True, True, [["move", 1, 2], ["move", 3, 4]])
    assert back.seats[0] == SeatRecord("human", None, "Ann", "h" * 64) and back.seats[1].level == "medium"
    assert again.load_table("ABC234").moves == back.moves and again.load_table("ZZZZZZ") is None
    again.close()


def test_no_move_is_stored_twice_and_no_change_skips_a_version(store):
    store.create(_record())
    store.add_move("ABC234", 0, ["m"], 1, False)
    with pytest.raises(StoreError):
        store.add_move("ABC234", 0, ["m"], 2, False)  # the same ply again
    with pytest.raises(StoreError):
        store.add_move("ABC234", 1, ["m"], 1, False)  # a version already taken
    with pytest.raises(StoreError):
        store.add_move("ABC234", 1, ["m"], 5, False)  # a version skipped
    with pytest.raises(StoreError):
        store.create(_record())  # the code is taken
    (back,), _ = store.load()
    assert (back.version, back.moves) == (1, [["m"]])  # the refused changes left nothing behind


def test_an_undo_takes_moves_back_in_one_step(store):
    store.create(_record())
    for ply in range(4):
        store.add_move("ABC234", ply, [ply], ply + 1, ply == 3)
    store.take_back("ABC234", 2, 5)
    (back,), _ = store.load()
    assert (back.moves, back.version, back.finished) == ([[0], [1]], 5, False)


def test_a_damaged_row_is_reported_and_left_while_the_others_load(store, tmp_path):
    store.create(_record("ABC234"))
    store.create(_record("XYZ789"))
    store.add_move("XYZ789", 0, ["m"], 1, False)
    store.db.execute("UPDATE tables SET seats='{oops' WHERE code='ABC234'")
    store.db.execute("DELETE FROM moves WHERE code='XYZ789'")
    store.db.execute("INSERT INTO moves VALUES ('XYZ789', 3, '[1]')")  # a gap in the plies
    store.create(_record("GOOD22"))
    records, problems = store.load()
    assert [r.code for r in records] == ["GOOD22"]
    assert len(problems) == 2 and all("left as it is" in p for p in problems)
    assert store.db.execute("SELECT count(*) FROM tables").fetchone()[0] == 3  # nothing deleted


def test_finished_and_forgotten_tables_are_pruned(store):
    store.create(_record("OLD222"))
    store.create(_record("NEW333"))
    store.add_move("OLD222", 0, ["m"], 1, True)
    store.db.execute("UPDATE tables SET updated=0 WHERE code='OLD222'")
    assert store.prune(10 * 24 * 3600) == 1
    assert [r.code for r in store.load()[0]] == ["NEW333"]
    assert store.db.execute("SELECT count(*) FROM moves").fetchone()[0] == 0


def test_a_file_that_is_not_a_store_is_set_aside_and_a_new_one_begun(tmp_path):
    path = tmp_path / "tables.sqlite3"
    path.write_bytes(b"this is not a database at all, just some bytes" * 100)
    store, notice = open_store(path)
    try:
        assert notice and "kept as" in notice
        assert store.load() == ([], [])
        assert [p.name for p in tmp_path.iterdir() if "damaged" in p.name]  # the old file is kept
    finally:
        store.close()


def test_a_store_from_a_newer_hexgames_is_not_touched(tmp_path):
    path = tmp_path / "tables.sqlite3"
    db = sqlite3.connect(path)
    db.execute("PRAGMA user_version=99")
    db.close()
    with pytest.raises(NewerStore):
        open_store(path)
    assert path.exists() and not [p for p in tmp_path.iterdir() if "damaged" in p.name]
