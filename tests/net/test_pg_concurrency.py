"""Two processes' stores on one PostgreSQL database: of two changes made at the same version exactly
one is stored, and a writer that fell behind is refused by the version check."""
from __future__ import annotations

import threading

import psycopg
import pytest

from hexgames.net.pg_store import PostgresTableStore
from hexgames.net.store import StoreError, StoreUnavailable
from tests.net.stores import record, store_backends, wait_until

pytestmark = pytest.mark.cluster


@pytest.fixture
def two(postgres_url):
    a, b = PostgresTableStore(postgres_url), PostgresTableStore(postgres_url)
    yield a, b
    a.close()
    b.close()


def test_of_two_processes_adding_the_same_move_at_once_exactly_one_is_stored(two, postgres_url):
    a, b = two
    a.create(record())
    outcome: dict[str, BaseException | None] = {}

    def attempt(name: str, store: PostgresTableStore) -> None:
        try:
            store.add_move("ABC234", 0, [name], 1, False)
            outcome[name] = None
        except StoreError as e:
            outcome[name] = e

    # a third connection holds the table's row, so that both moves are inside their transactions,
    # waiting on it, when it lets go: then they race
    with psycopg.connect(postgres_url) as gate:
        gate.execute("SELECT 1 FROM tables WHERE code='ABC234' FOR UPDATE")
        threads = [threading.Thread(target=attempt, args=(name, store)) for name, store in (("a", a), ("b", b))]
        for t in threads:
            t.start()
        wait_until(lambda: len(store_backends(postgres_url, "wait_event_type='Lock'")) == 2, "both moves waiting")
        gate.rollback()
    for t in threads:
        t.join(30)
    winners = [name for name, e in outcome.items() if e is None]
    (loser,) = [e for e in outcome.values() if e is not None]
    assert len(winners) == 1 and not isinstance(loser, StoreUnavailable) and "not at version 0" in str(loser)
    for store in (a, b):
        back = store.load_table("ABC234")
        assert (back.version, back.moves) == (1, [winners])


def test_a_writer_that_fell_behind_is_refused_and_changes_nothing(two):
    a, b = two
    a.create(record())
    a.add_move("ABC234", 0, ["a0"], 1, False)
    assert b.load_table("ABC234").version == 1  # b has the table at version 1 ...
    a.add_move("ABC234", 1, ["a1"], 2, False)  # ... and a moves on without it
    stale = [lambda: b.add_move("ABC234", 1, ["b1"], 2, False), lambda: b.take_back("ABC234", 0, 2),
             lambda: b.save_table(record(version=2, started=True)), lambda: b.add_move("ABC234", 1, ["b1"], 3, False)]
    for change in stale:
        with pytest.raises(StoreError, match="not at version|stored already"):
            change()
    back = a.load_table("ABC234")
    assert (back.version, back.moves, back.started) == (2, [["a0"], ["a1"]], False)
    b.add_move("ABC234", 2, ["b2"], 3, True)  # at the version it now reads, b may write
    assert a.load_table("ABC234").moves == [["a0"], ["a1"], ["b2"]]
