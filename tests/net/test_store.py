"""The table store, in SQLite and in PostgreSQL alike: one transaction per change, each move stored
once, the schema-2 columns kept, damaged or hostile rows refused in words while the others load; and
PostgreSQL going away mid-use: said in words, nothing half-written, working again once it is back."""
import sqlite3
import sys
import threading

import pytest

from hexgames.net.store import NewerStore, SeatRecord, StoreError, StoreUnavailable, open_store
from tests.net.stores import Stores, store_backends, wait_until, wait_until_commits_wait_for_a_standby
from tests.net.stores import record as _record


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.cluster)])
def stores(request, tmp_path):
    spec = str(tmp_path / "tables.sqlite3") if request.param == "sqlite" else request.getfixturevalue("postgres_url")
    s = Stores(spec)
    yield s
    s.close()


@pytest.fixture
def store(stores):
    return stores.open()


def test_a_table_comes_back_as_it_was_stored(stores, store):
    store.create(_record())
    rec = _record()
    rec.version, rec.started = 1, True
    store.save_table(rec)
    store.add_move("ABC234", 0, ["move", 1, 2], 2, False)
    store.add_move("ABC234", 1, ["move", 3, 4], 3, True)
    again = stores.open()
    (back,), problems = again.load()
    assert problems == []
    assert (back.version, back.started, back.finished, back.moves) == (3, True, True, [["move", 1, 2], ["move", 3, 4]])
    assert back.seats[0] == SeatRecord("human", None, "Ann", "h" * 64) and back.seats[1].level == "medium"
    assert again.load_table("ABC234").moves == back.moves and again.load_table("ZZZZZZ") is None


def test_no_move_is_stored_twice_and_no_change_skips_a_version(store):
    store.create(_record())
    store.add_move("ABC234", 0, ["m"], 1, False)
    with pytest.raises(StoreError, match="stored already"):
        store.add_move("ABC234", 0, ["m"], 2, False)  # the same ply again
    with pytest.raises(StoreError, match="not at version"):
        store.add_move("ABC234", 1, ["m"], 1, False)  # a version already taken
    with pytest.raises(StoreError, match="not at version"):
        store.add_move("ABC234", 1, ["m"], 5, False)  # a version skipped
    with pytest.raises(StoreError, match="exists already"):
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


def test_a_damaged_row_is_reported_and_left_while_the_others_load(stores, store):
    store.create(_record("ABC234"))
    store.create(_record("XYZ789"))
    store.add_move("XYZ789", 0, ["m"], 1, False)
    stores.sql("UPDATE tables SET seats='{oops' WHERE code='ABC234'")
    stores.sql("DELETE FROM moves WHERE code='XYZ789'")
    stores.sql("INSERT INTO moves VALUES ('XYZ789', 3, '[1]')")  # a gap in the plies
    store.create(_record("GOOD22"))
    records, problems = store.load()
    assert [r.code for r in records] == ["GOOD22"]
    assert len(problems) == 2 and all("left as it is" in p for p in problems)
    assert stores.sql("SELECT count(*) FROM tables") == [(3,)]  # nothing deleted


def test_finished_and_forgotten_tables_are_pruned(stores, store):
    store.create(_record("OLD222"))
    store.create(_record("NEW333"))
    store.add_move("OLD222", 0, ["m"], 1, True)
    stores.sql("UPDATE tables SET updated=0 WHERE code='OLD222'")
    assert store.prune(10 * 24 * 3600) == 1
    assert [r.code for r in store.load()[0]] == ["NEW333"]
    assert stores.sql("SELECT count(*) FROM moves") == [(0,)]


# --- schema 2: origin, settings, clocks, the open tables ---------------------------------------------
def test_origin_settings_and_clocks_are_kept_with_each_change(stores, store):
    store.create(_record(origin="o" * 32, settings={"clock": {"kind": "bank", "seconds": 300}, "hints": False},
                         clock={"left": [300.0, 300.0]}))
    rec = _record(version=1, started=True, clock={"left": [300.0, 300.0], "running": 0})
    store.save_table(rec)
    store.add_move("ABC234", 0, ["a"], 2, False, clock={"left": [290.5, 300.0], "running": 1})
    store.add_move("ABC234", 1, ["b"], 3, False)  # no clock given: the stored one stays
    assert store.load_table("ABC234").clock == {"left": [290.5, 300.0], "running": 1}
    store.take_back("ABC234", 1, 4, clock={"left": [290.5, 299.0], "running": 1})
    back = stores.open().load_table("ABC234")
    assert (back.origin, back.settings) == ("o" * 32, {"clock": {"kind": "bank", "seconds": 300}, "hints": False})
    assert (back.clock, back.moves, back.version) == ({"left": [290.5, 299.0], "running": 1}, [["a"]], 4)
    assert stores.store.load()[0][0].clock == back.clock


def test_the_open_tables_are_the_newest_listed_ones_not_started_without_their_moves(store):
    for i, code in enumerate(("OPEN22", "OPEN33", "OPEN44", "OPEN55")):
        store.create(_record(code, created=1000.0 + i))
    store.create(_record("HIDDEN", created=2000.0, listed=False))
    store.create(_record("BEGUN2", created=2001.0))
    store.save_table(_record("BEGUN2", version=1, started=True))
    store.create(_record("OVER22", created=2002.0))
    store.add_move("OVER22", 0, ["m"], 1, True)
    store.add_move("OPEN55", 0, ["m"], 1, False)
    listed = store.open_tables(3)
    assert [r.code for r in listed] == ["OPEN55", "OPEN44", "OPEN33"]
    assert all(r.moves == [] for r in listed) and listed[0].version == 1
    assert [r.code for r in store.open_tables(100)] == ["OPEN55", "OPEN44", "OPEN33", "OPEN22"]


@pytest.mark.parametrize("column, value, words", [
    ("settings", "x" * 2_000_000, "settings are not stored text"),  # 2 MB: refused unread
    ("settings", '{"a":' * 10_000 + "1" + "}" * 10_000, "settings are not JSON"),  # 10,000 levels deep
    ("seats", 5, "seats are not"),  # a number where a list of seats belongs
])
def test_a_hostile_row_is_refused_in_words_while_the_others_load(stores, store, column, value, words):
    store.create(_record("BAD222"))
    store.create(_record("GOOD22"))
    stores.sql(f"UPDATE tables SET {column}=? WHERE code='BAD222'", (value,))
    records, problems = store.load()
    assert [r.code for r in records] == ["GOOD22"]
    assert len(problems) == 1 and "'BAD222' cannot be read" in problems[0] and words in problems[0]
    with pytest.raises(ValueError, match=words):
        store.load_table("BAD222")
    assert store.load_table("GOOD22").code == "GOOD22"
    assert [r.code for r in store.open_tables(10)] == ["GOOD22"]


# --- SQLite only --------------------------------------------------------------------------------------
def test_a_store_of_schema_1_is_brought_up_to_date_and_its_tables_read_with_the_defaults(tmp_path):
    path = tmp_path / "tables.sqlite3"
    db = sqlite3.connect(path)
    db.executescript("""
        CREATE TABLE tables (code TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL, seed INTEGER NOT NULL,
            seats TEXT NOT NULL, host INTEGER NOT NULL, spectator_hash TEXT NOT NULL, listed INTEGER NOT NULL,
            started INTEGER NOT NULL, finished INTEGER NOT NULL, version INTEGER NOT NULL, created REAL NOT NULL,
            updated REAL NOT NULL);
        CREATE TABLE moves (code TEXT NOT NULL REFERENCES tables(code) ON DELETE CASCADE, ply INTEGER NOT NULL,
            move TEXT NOT NULL, PRIMARY KEY (code, ply));
        INSERT INTO tables VALUES ('OLD222', 'clans', '{}', 7, '[{"kind":"human","name":"Ann"}]', 0, 'kk', 1, 1, 0,
            1, 100.0, 100.0);
        INSERT INTO moves VALUES ('OLD222', 0, '["m"]');
        PRAGMA user_version=1;""")
    db.close()
    store, notice = open_store(path)
    try:
        (back,), problems = store.load()
        assert notice is None and problems == []
        assert (back.code, back.moves, back.version) == ("OLD222", [["m"]], 1)
        assert (back.origin, back.settings, back.clock) == ("", {}, {})
        store.add_move("OLD222", 1, ["n"], 2, False, clock={"left": [1.0]})
        assert store.load_table("OLD222").clock == {"left": [1.0]}
    finally:
        store.close()
    assert Stores(str(path)).sql("PRAGMA user_version") == [(2,)]


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


# --- PostgreSQL only ------------------------------------------------------------------------------------
@pytest.mark.cluster
def test_a_database_from_a_newer_hexgames_is_not_touched(postgres_url):
    stores = Stores(postgres_url)
    stores.open().create(_record())
    stores.close()
    stores.sql("UPDATE meta SET value=99 WHERE name='schema'")
    with pytest.raises(NewerStore, match="newer hexgames; please update"):
        stores.open()
    assert stores.sql("SELECT value FROM meta") == [(99,)] and stores.sql("SELECT code FROM tables") == [("ABC234",)]


@pytest.mark.cluster
def test_a_database_holding_another_program_s_tables_is_refused_in_words(postgres_url):
    Stores(postgres_url).sql("CREATE TABLE tables (code TEXT PRIMARY KEY, listed INT, started INT, created REAL)")
    with pytest.raises(StoreError, match="cannot hold hexgames' tables"):
        open_store(postgres_url)


@pytest.mark.cluster
def test_a_password_in_the_address_is_never_in_the_store_s_words(postgres, postgres_url):
    url = postgres_url.replace("hexgames@", "hexgames:s3cret@")
    stores = Stores(url)
    store = stores.open()  # the test server trusts loopback: the password is not even asked for
    store.create(_record())
    postgres.stop()
    try:
        with pytest.raises(StoreUnavailable) as refused:
            store.load()
    finally:
        postgres.start()
        stores.close()
    assert "s3cret" not in str(refused.value) and "hexgames:***@" in str(refused.value)


@pytest.mark.cluster
def test_a_stopped_database_is_said_in_words_and_the_store_works_again_once_it_is_back(postgres, postgres_url):
    stores = Stores(postgres_url)
    store = stores.open()
    store.create(_record())
    store.add_move("ABC234", 0, ["a"], 1, False)
    postgres.stop()
    try:
        for change in (lambda: store.add_move("ABC234", 1, ["b"], 2, False), store.load,
                       lambda: store.open_tables(10), lambda: store.save_table(_record(version=2, started=True))):
            with pytest.raises(StoreUnavailable, match="cannot be reached or did not answer .*; nothing changed"):
                change()
    finally:
        postgres.start()
    store.add_move("ABC234", 1, ["b"], 2, False)  # the refused move, again: stored once
    (back,), _ = stores.open().load()
    assert (back.moves, back.version, back.started) == ([["a"], ["b"]], 2, False)
    stores.close()


@pytest.mark.cluster
def test_a_connection_the_database_closed_while_it_was_idle_is_replaced_at_once(postgres, postgres_url):
    stores = Stores(postgres_url)
    store = stores.open()
    store.create(_record())
    postgres.stop()  # a restart between two moves: the store's connection is gone, unknown to it
    postgres.start()
    store.add_move("ABC234", 0, ["a"], 1, False)
    assert store.load_table("ABC234").moves == [["a"]]
    stores.close()


@pytest.mark.cluster
def test_a_move_cut_off_in_the_middle_of_its_transaction_leaves_nothing_behind(postgres_url):
    stores = Stores(postgres_url)
    store = stores.open()
    store.create(_record())
    import psycopg

    with psycopg.connect(postgres_url) as other:  # holds ply 0 uncommitted, so the store's move waits there
        other.execute("INSERT INTO moves VALUES ('ABC234', 0, '\"x\"')")
        outcome: list[BaseException | None] = []
        mover = threading.Thread(target=lambda: outcome.append(_attempt(store.add_move, "ABC234", 0, ["a"], 1, True)))
        mover.start()
        wait_until(lambda: store_backends(postgres_url, "wait_event_type='Lock'"), "the store's move waiting")
        stores.sql("SELECT pg_terminate_backend(?)", (store_backends(postgres_url)[0],))  # cut: version set, no move
        mover.join(30)
        other.rollback()
    assert isinstance(outcome[0], StoreUnavailable) and "nothing changed" in str(outcome[0])
    back = store.load_table("ABC234")
    assert (back.version, back.moves, back.finished) == (0, [], False)  # the version set before the cut is undone
    store.add_move("ABC234", 0, ["a"], 1, True)
    assert store.load_table("ABC234").moves == [["a"]]
    stores.close()


@pytest.mark.cluster
def test_a_move_whose_commit_was_answered_by_nobody_is_looked_up_and_counted_once(postgres_url):
    """The answer to COMMIT lost while the commit was made: PostgreSQL waits for a standby that does
    not exist after writing the commit, and the store's connection is ended there."""
    stores = Stores(postgres_url)
    store = stores.open()
    store.create(_record())
    stores.sql("ALTER SYSTEM SET synchronous_standby_names='nobody'")
    stores.sql("SELECT pg_reload_conf()")
    try:
        wait_until_commits_wait_for_a_standby(postgres_url)
        outcome: list[BaseException | None] = []
        mover = threading.Thread(target=lambda: outcome.append(_attempt(store.add_move, "ABC234", 0, ["a"], 1, False)))
        mover.start()
        wait_until(lambda: store_backends(postgres_url, "wait_event='SyncRep'"), "the commit waiting for a standby")
        stores.sql("SELECT pg_terminate_backend(?)", (store_backends(postgres_url, "wait_event='SyncRep'")[0],))
        mover.join(30)
    finally:
        stores.sql("ALTER SYSTEM RESET synchronous_standby_names")
        stores.sql("SELECT pg_reload_conf()")
    assert outcome == [None]  # the move was stored, and the store says so
    store.add_move("ABC234", 1, ["b"], 2, False)
    back = store.load_table("ABC234")
    assert (back.moves, back.version) == ([["a"], ["b"]], 2)
    stores.close()


def _attempt(method, *args) -> BaseException | None:
    try:
        method(*args)
    except Exception as e:  # noqa: BLE001 - the outcome is what the test looks at
        return e
    return None


def test_a_postgresql_store_without_psycopg_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "psycopg", None)  # as on a machine without the server extra
    monkeypatch.delitem(sys.modules, "hexgames.net.pg_store", raising=False)
    with pytest.raises(StoreError, match=r"needs psycopg .*pip install 'hexgames\[server\]'"):
        open_store("postgresql://hexgames@127.0.0.1:1/hexgames")
