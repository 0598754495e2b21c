"""Tables in PostgreSQL (psycopg 3), for several `serve` processes to share: `PostgresTableStore`.

The tables, the statements and the version checks are the SQLite store's (`store.SqlTableStore`):
a change is one transaction that moves the table's version on by one (`UPDATE … WHERE version=…`
must hit exactly one row), and a move is stored under its ply, which the database keeps unique, so
of two processes that try the same change exactly one succeeds. JSON columns are TEXT, read back by
the same guarded reader (`record_from_row`) as SQLite's.

The database may go away. The server calls the store from one thread (`StoreRunner`), so one
connection is enough, and every way the database can fail is bounded in time: connecting gives up
after CONNECT_SECONDS, a statement after STATEMENT_SECONDS, and a host that vanished is noticed by
TCP keepalives. Then the call raises `StoreUnavailable` (nothing changed) and the next call connects
again. The connection is in autocommit mode with each method's own BEGIN … COMMIT, so that the
BEGIN, which changes nothing, finds a connection the database closed meanwhile (a restart) and is
sent again on a new one. When the answer to a COMMIT is lost, the change may or may not have been
made; the store then looks, on a new connection, and answers for what it finds: a move is stored
and the call returns, or it is not and the call says so.
"""
from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import psycopg
from psycopg import errors
from psycopg.conninfo import conninfo_to_dict

from hexgames.net.store import (
    SCHEMA_VERSION,
    NewerStore,
    SqlTableStore,
    StoreError,
    StoreUnavailable,
    without_password,
)

CONNECT_SECONDS = 3  # a database that does not answer a new connection by then is away
STATEMENT_SECONDS = 5  # the longest one statement may hold the store's thread (and every table waiting on it)
SCHEMA_LOCK = 0x6865_7867  # the advisory lock under which processes starting together create the tables

COLUMNS = (("code", "TEXT PRIMARY KEY"), ("game", "TEXT NOT NULL"), ("options", "TEXT NOT NULL"),
           ("seed", "BIGINT NOT NULL"), ("seats", "TEXT NOT NULL"), ("host", "INTEGER NOT NULL"),
           ("spectator_hash", "TEXT NOT NULL"), ("listed", "INTEGER NOT NULL"), ("started", "INTEGER NOT NULL"),
           ("finished", "INTEGER NOT NULL"), ("version", "BIGINT NOT NULL"), ("created", "DOUBLE PRECISION NOT NULL"),
           ("updated", "DOUBLE PRECISION NOT NULL"), ("origin", "TEXT NOT NULL DEFAULT ''"),
           ("settings", "TEXT NOT NULL DEFAULT '{}'"), ("clock", "TEXT NOT NULL DEFAULT '{}'"))
SCHEMA = (
    f"CREATE TABLE IF NOT EXISTS tables ({', '.join(f'{name} {kind}' for name, kind in COLUMNS)})",
    ("CREATE TABLE IF NOT EXISTS moves (code TEXT NOT NULL REFERENCES tables(code) ON DELETE CASCADE, "
     "ply INTEGER NOT NULL, move TEXT NOT NULL, PRIMARY KEY (code, ply))"),
    "CREATE INDEX IF NOT EXISTS open_tables ON tables (listed, started, created)",
)
LOST = (psycopg.OperationalError, psycopg.InterfaceError)  # the connection is gone, refused or timed out


class PostgresTableStore(SqlTableStore):
    """Tables in the PostgreSQL database at `url` (postgresql://user:password@host:port/database)."""

    duplicate = (errors.UniqueViolation,)

    def __init__(self, url: str):
        self.where = without_password(url)
        self.params = _connection_params(url)
        self.conn: psycopg.Connection[Any] | None = None
        self._schema()

    def _schema(self) -> None:
        """The tables, created if missing, and the schema's version in `meta`: a database written by a
        newer hexgames is refused before anything is read from it or written to it."""
        try:
            with self._transaction():
                self._execute("SELECT pg_advisory_xact_lock(?)", (SCHEMA_LOCK,))
                self._execute("CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value INTEGER NOT NULL)")
                row = self._execute("SELECT value FROM meta WHERE name='schema'").fetchone()
                if row is not None and row[0] > SCHEMA_VERSION:
                    raise NewerStore(f"the database {self.where} was written by a newer hexgames; please update.")
                for statement in SCHEMA:
                    self._execute(statement)
                self._execute(f"SELECT {', '.join(name for name, _ in COLUMNS)} FROM tables LIMIT 0")
                self._execute("INSERT INTO meta VALUES ('schema', ?) ON CONFLICT (name) DO UPDATE "
                              "SET value=EXCLUDED.value WHERE meta.value <> EXCLUDED.value", (SCHEMA_VERSION,))
        except psycopg.Error as e:  # a `tables` of something else, a user who may not create tables
            self.close()
            raise StoreError(f"the database {self.where} cannot hold hexgames' tables ({_first_line(e)}).") from None
        except StoreError:
            self.close()
            raise

    # --- the connection -------------------------------------------------------------------------
    def _connection(self) -> psycopg.Connection[Any]:
        if self.conn is None or self.conn.closed:
            try:
                self.conn = psycopg.connect(**self.params)
            except LOST as e:
                raise self._unreachable(e) from None
        return self.conn

    def _unreachable(self, e: BaseException) -> StoreUnavailable:
        return StoreUnavailable(f"the table database {self.where} cannot be reached or did not answer "
                                f"({_first_line(e)}); nothing changed.")

    def _drop(self) -> None:
        """Let go of a connection that failed (the next call connects again)."""
        if self.conn is not None:
            with contextlib.suppress(psycopg.Error):
                self.conn.close()
        self.conn = None

    def _begin(self, read_only: bool) -> psycopg.Connection[Any]:
        """BEGIN, on a new connection if the one kept was closed by the database meanwhile (nothing
        was sent but the BEGIN, so nothing can be done twice)."""
        begin = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY" if read_only else "BEGIN"
        while True:  # twice at the most: the second connection is a new one
            fresh = self.conn is None or self.conn.closed
            conn = self._connection()
            try:
                conn.execute(begin)
                return conn
            except LOST as e:
                self._drop()
                if fresh:
                    raise self._unreachable(e) from None

    @contextlib.contextmanager
    def _transaction(self, read_only: bool = False) -> Iterator[None]:
        conn = self._begin(read_only)
        self.change = None
        try:
            yield
        except LOST as e:
            self._drop()
            raise self._unreachable(e) from None
        except BaseException:
            with contextlib.suppress(*LOST):
                conn.execute("ROLLBACK")
            raise
        pid = conn.info.backend_pid
        try:
            conn.execute("COMMIT")
        except LOST as e:
            self._drop()
            if not self._made(pid):
                raise self._unreachable(e) from None

    def _made(self, pid: int) -> bool:
        """Whether the change of a transaction whose COMMIT went unanswered was made: its server
        process (`pid`) is ended first, so that it cannot commit after the look. False when the
        database cannot be asked, or the transaction changed no table."""
        if self.change is None:
            return False
        code, version, stamp = self.change
        try:
            conn = self._connection()
            conn.execute("SELECT pg_terminate_backend(%s, %s)", (pid, CONNECT_SECONDS * 1000))
            row = conn.execute("SELECT version, updated FROM tables WHERE code=%s", (code,)).fetchone()
        except (StoreUnavailable, psycopg.Error):
            self._drop()
            return False
        return row is not None and row[0] == version and row[1] == stamp

    def _execute(self, sql: str, args: tuple[Any, ...] = ()) -> psycopg.Cursor[Any]:
        assert self.conn is not None, "a statement runs in a transaction"
        return self.conn.execute(sql.replace("?", "%s"), args)

    def close(self) -> None:
        self._drop()


def _connection_params(url: str) -> dict[str, Any]:
    """psycopg's parameters for `url`, with the store's time limits (where the URL sets none)."""
    try:
        params = conninfo_to_dict(url)
    except psycopg.ProgrammingError as e:
        raise StoreError(f"{without_password(url)} is not a database address ({_first_line(e)}).") from None
    options = params.get("options", "")
    if "statement_timeout" not in options:
        options = f"{options} -c statement_timeout={STATEMENT_SECONDS * 1000}".strip()
    return {"connect_timeout": CONNECT_SECONDS, "keepalives": 1, "keepalives_idle": 10, "keepalives_interval": 3,
            "keepalives_count": 3, "tcp_user_timeout": (STATEMENT_SECONDS + 5) * 1000,
            "application_name": "hexgames serve", **params, "options": options, "autocommit": True}


def _first_line(e: BaseException) -> str:
    return (str(e).strip().splitlines() or [type(e).__name__])[0]
