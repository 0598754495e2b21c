"""Helpers of the store tests: a table record, the store under test opened (again, as a restart
would), its database reached directly (as damage, or another program, would write to it), and
PostgreSQL's own view of what the store's connections are doing."""
from __future__ import annotations

import sqlite3
import threading
import time
from typing import Any, Callable

from hexgames.net.store import SeatRecord, TableRecord, TableStore, is_database_url, open_store

WAIT = 30.0  # seconds a condition in the database may take to come about on a loaded machine


def record(code: str = "ABC234", **fields: Any) -> TableRecord:
    return TableRecord(code, "clans", {"mode": "standard"}, 12345, [SeatRecord("human", None, "Ann", "h" * 64),
                                                                     SeatRecord("ai", "medium", "CPU 2")], 0, "k" * 64,
                       **fields)


class Stores:
    """The store at `spec` (an SQLite file or a postgresql:// URL), opened by `open()` (which closes
    the one opened before), and `sql()` on a connection of its own."""

    def __init__(self, spec: str):
        self.spec = spec
        self.store: TableStore | None = None

    @property
    def postgres(self) -> bool:
        return is_database_url(self.spec)

    def open(self) -> TableStore:
        self.close()
        self.store, _ = open_store(self.spec)
        return self.store

    def close(self) -> None:
        if self.store is not None:
            self.store.close()
            self.store = None

    def sql(self, statement: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """`statement` (with `?` for each of `args`) run and committed; the rows it returned."""
        if self.postgres:
            import psycopg

            with psycopg.connect(self.spec, autocommit=True) as conn:
                cur = conn.execute(statement.replace("?", "%s"), args)
                return cur.fetchall() if cur.description else []
        db = sqlite3.connect(self.spec, isolation_level=None)
        try:
            return db.execute(statement, args).fetchall()
        finally:
            db.close()


def wait_until(condition: Callable[[], bool], what: str) -> None:
    end = time.monotonic() + WAIT
    while not condition():
        assert time.monotonic() < end, f"{what} did not come about"
        time.sleep(0.01)


def store_backends(url: str, where: str = "true") -> list[int]:
    """The server processes of the stores' connections to `url`'s database (`where`: a condition on
    pg_stat_activity, e.g. what they wait for)."""
    rows = Stores(url).sql("SELECT pid FROM pg_stat_activity WHERE datname=current_database() "
                           f"AND application_name='hexgames serve' AND {where}")
    return [pid for (pid,) in rows]


def wait_until_commits_wait_for_a_standby(url: str) -> None:
    """Block until a commit to `url` waits for the synchronous standby just named in the settings.

    `pg_reload_conf()` returns before the setting is in force: the checkpointer raises the shared flag
    that makes commits wait a moment later. So a probe commits on a connection of its own until one
    of its commits waits; that one is then cancelled (PostgreSQL keeps it, with a warning)."""
    end = time.monotonic() + WAIT
    while not _a_probe_commit_waited(url, end):
        pass


def _a_probe_commit_waited(url: str, end: float) -> bool:
    """One commit on a connection of its own: whether it waited for the standby (then it is let go)."""
    import psycopg

    with psycopg.connect(url, autocommit=True, application_name="hexgames probe") as probe:
        pid = probe.info.backend_pid
        done = threading.Event()

        def commit_once() -> None:
            probe.execute("CREATE TEMPORARY TABLE probe (n integer)")  # its catalog rows are logged
            done.set()

        threading.Thread(target=commit_once, daemon=True).start()
        while not done.is_set() and not _waits_for_standby(url, pid):
            assert time.monotonic() < end, "commits did not come to wait for a standby"
            time.sleep(0.01)
        if done.is_set():
            return False
        Stores(url).sql("SELECT pg_cancel_backend(?)", (pid,))
        assert done.wait(WAIT), "the probe's commit was not let go"
        return True


def _waits_for_standby(url: str, pid: int) -> bool:
    return bool(Stores(url).sql("SELECT 1 FROM pg_stat_activity WHERE pid=? AND wait_event='SyncRep'", (pid,)))
