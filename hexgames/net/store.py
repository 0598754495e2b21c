"""Where a server's tables live between runs: `TableStore`, and `SqliteTableStore` in the data folder.

A table is stored as how to rebuild it, never as a state: the game, options, seed, seats (with the
SHA-256 of each seat's token, never the token) and the encoded moves (`match.encode_entry`:
resignations too), like a save file. Every change is one transaction that also moves the table's
version on by one, and a move is stored under its ply number, which the database keeps unique: a
server killed at any instant (kill -9) restarts with every table at its last stored move, and no
move can be stored twice.

The server calls the methods of `TableStore` from one thread of its own (`StoreRunner`), never on
its event loop, so a slow or unreachable database holds up only the requests that wait for it. Past
one machine the same interface is kept in PostgreSQL (`pg_store`): the same tables, the same
transactions, the same version checks. What the rows hold is read back through one guarded reader
(`record_from_row`) whatever the database, so a damaged or hostile row is refused in words.
"""
from __future__ import annotations

import asyncio
import concurrent.futures as futures
import contextlib
import json
import sqlite3
import threading
import time
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, TypeVar
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from hexgames.core.protocol import JSON, Reason

SCHEMA_VERSION = 2  # 2: origin, settings and clock
FINISHED_KEPT = 24 * 3600  # seconds a finished table stays (its players can still fetch the game)
IDLE_KEPT = 30 * 24 * 3600  # seconds an unfinished table with no change stays
CHECKPOINT_SECONDS = 2.0


@dataclass
class SeatRecord:
    """A seat: "human" (open while `token_hash` is None) or "ai" with its level."""

    kind: str
    level: str | None = None
    name: str = ""
    token_hash: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "level": self.level, "name": self.name, "token_hash": self.token_hash}

    @staticmethod
    def from_json(data: Any) -> "SeatRecord":
        if type(data) is not dict:
            raise ValueError("a seat must be an object")
        kind, level, name, token = data.get("kind"), data.get("level"), data.get("name", ""), data.get("token_hash")
        if kind not in ("human", "ai") or not isinstance(name, str) or not (token is None or isinstance(token, str)):
            raise ValueError("a seat is malformed")
        if not (level is None or isinstance(level, str)):
            raise ValueError("a seat's level is malformed")
        return SeatRecord(kind, level, name, token)


@dataclass
class TableRecord:
    """Everything a table is rebuilt from."""

    code: str
    game: str
    options: dict[str, Any]
    seed: int
    seats: list[SeatRecord]
    host: int
    spectator_hash: str
    listed: bool = True
    started: bool = False
    finished: bool = False
    version: int = 0
    moves: list[JSON] = field(default_factory=list)
    created: float = 0.0
    updated: float = 0.0
    origin: str = ""  # a keyed hash of the address that created it (fair listing, per-address quotas)
    settings: dict[str, Any] = field(default_factory=dict)  # the table's own rules: clock, hints
    clock: dict[str, Any] = field(default_factory=dict)  # the turn clocks' state, stored with each move


class StoreError(Exception):
    """The store refused a change (a version or ply already taken) or cannot be used; the message
    says why in words."""


class NewerStore(StoreError):
    """The store was written by a newer hexgames."""


class StoreUnavailable(StoreError):
    """The database cannot be reached or did not answer in time, and the change was not made; the
    next call connects again. `reason` is what a player is told (the message, for the log, may name
    the database's address)."""

    reason = Reason("net.store.unreachable",
                    "The server cannot reach its table database just now; nothing changed. Try again in a moment.")


class TableStore(ABC):
    """The interface the server keeps its tables through. Each method is one transaction."""

    @abstractmethod
    def load(self) -> tuple[list[TableRecord], list[str]]:
        """Every kept table, and a sentence for each one that could not be read (left in place)."""

    @abstractmethod
    def load_table(self, code: str) -> TableRecord | None:
        """One kept table (a finished one the server let go of), or None; ValueError if unreadable."""

    @abstractmethod
    def create(self, record: TableRecord) -> None:
        """A new table at version 0 (StoreError if the code is taken)."""

    @abstractmethod
    def save_table(self, record: TableRecord) -> None:
        """The seats, `started` and `finished` of a table whose version moves on to `record.version`
        (StoreError unless the stored version is the one before)."""

    @abstractmethod
    def add_move(self, code: str, ply: int, move: JSON, version: int, finished: bool,
                 clock: dict[str, Any] | None = None) -> None:
        """Move number `ply` (0-based), with the table moving on to `version` (and its clocks to
        `clock`, when given)."""

    @abstractmethod
    def take_back(self, code: str, ply: int, version: int, clock: dict[str, Any] | None = None) -> None:
        """Remove moves from `ply` on (an undo), with the table moving on to `version`."""

    @abstractmethod
    def open_tables(self, limit: int) -> list[TableRecord]:
        """Up to `limit` listed tables not yet started, newest first, without their moves (the
        public list is built from these, whichever process holds each table)."""

    def unfinished(self) -> list[str]:
        """The codes of every started, unfinished table: what a server's sweeper loads when no
        process holds them (after a restart, or when their owner died). Every store can answer from
        `load`; a database answers with one query (override)."""
        records, _ = self.load()
        return [r.code for r in records if r.started and not r.finished]

    @abstractmethod
    def prune(self, now: float) -> int:
        """Remove tables finished FINISHED_KEPT ago, or left unchanged IDLE_KEPT; how many."""

    @abstractmethod
    def close(self) -> None:
        ...


T = TypeVar("T")


class StoreRunner:
    """Runs a store's methods on one thread of their own, for a server's event loop to await: a
    database that is slow or gone holds up only the requests waiting for it, never the loop, and the
    store sees one call at a time, in the order they were made."""

    def __init__(self, store: TableStore):
        self.store = store
        self.pool = futures.ThreadPoolExecutor(1, thread_name_prefix="hexgames-store")

    async def run(self, method: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self.pool, method, *args)

    async def close(self) -> None:
        await self.run(self.store.close)
        self.pool.shutdown(wait=False)


class SqlTableStore(TableStore):
    """The tables in SQL, whatever the database: the two tables (`tables`, and `moves` keyed by table
    and ply), the statements and the version checks are the same in SQLite and PostgreSQL, so they are
    written once, here. A database gives a transaction, a way to run a statement (with `?` for each
    value) and what its driver raises for a key stored already."""

    duplicate: tuple[type[BaseException], ...] = ()
    # the change the transaction under way makes: (table, its new version, its `updated` stamp), by
    # which a database whose answer to COMMIT was lost can look whether the change was made
    change: tuple[str, int, float] | None = None

    @abstractmethod
    def _transaction(self, read_only: bool = False) -> contextlib.AbstractContextManager[None]:
        """All of a change or none of it (a read: one consistent view of the tables)."""

    @abstractmethod
    def _execute(self, sql: str, args: tuple[Any, ...] = ()) -> Any:
        """A DB-API cursor that ran `sql` with `args` (one `?` each) in the transaction under way."""

    # --- reading ------------------------------------------------------------------------------
    def load(self) -> tuple[list[TableRecord], list[str]]:
        records, problems = [], []
        moves: dict[str, list[tuple[int, str]]] = {}
        with self._transaction(read_only=True):
            for code, ply, move in self._execute("SELECT code, ply, move FROM moves ORDER BY code, ply").fetchall():
                moves.setdefault(code, []).append((ply, move))
            rows = self._rows("SELECT * FROM tables ORDER BY created")
        for row in rows:
            try:
                records.append(record_from_row(row, moves.get(row["code"], [])))
            except ValueError as e:
                problems.append(f"table {str(row['code'])[:12]!r} cannot be read and was left as it is: {e}")
        return records, problems

    def load_table(self, code: str) -> TableRecord | None:
        with self._transaction(read_only=True):
            rows = self._rows("SELECT * FROM tables WHERE code=?", (code,))
            moves = self._execute("SELECT ply, move FROM moves WHERE code=? ORDER BY ply", (code,)).fetchall()
        return record_from_row(rows[0], moves) if rows else None

    def open_tables(self, limit: int) -> list[TableRecord]:
        with self._transaction(read_only=True):
            rows = self._rows("SELECT * FROM tables WHERE listed=1 AND started=0 AND finished=0 "
                              "ORDER BY created DESC LIMIT ?", (limit,))
        return read_rows(rows)

    def unfinished(self) -> list[str]:
        with self._transaction(read_only=True):
            rows = self._execute("SELECT code FROM tables WHERE started=1 AND finished=0").fetchall()
        return [str(code) for (code,) in rows]

    def _rows(self, sql: str, args: tuple[Any, ...] = ()) -> list[dict[str, Any]]:
        cur = self._execute(sql, args)
        names = [d[0] for d in cur.description]
        return [dict(zip(names, row)) for row in cur.fetchall()]

    # --- writing ------------------------------------------------------------------------------
    def create(self, record: TableRecord) -> None:
        now = time.time()
        record.created = record.updated = record.created or now
        try:
            with self._transaction():
                row = record_to_row(record)
                self.change = (record.code, record.version, record.updated)
                self._execute(f"INSERT INTO tables ({', '.join(row)}) VALUES ({', '.join('?' * len(row))})",
                              tuple(row.values()))
                for ply, move in enumerate(record.moves):
                    self._execute("INSERT INTO moves VALUES (?,?,?)", (record.code, ply, _dump(move)))
        except self.duplicate:
            raise StoreError(f"a table {record.code} exists already") from None

    def save_table(self, record: TableRecord) -> None:
        with self._transaction():
            self._advance(record.code, record.version)
            self._execute("UPDATE tables SET seats=?, started=?, finished=?, clock=? WHERE code=?",
                          (_seats(record), int(record.started), int(record.finished), _dump(record.clock),
                           record.code))

    def add_move(self, code: str, ply: int, move: JSON, version: int, finished: bool,
                 clock: dict[str, Any] | None = None) -> None:
        try:
            with self._transaction():
                self._advance(code, version)
                self._execute("INSERT INTO moves VALUES (?,?,?)", (code, ply, _dump(move)))
                if finished:
                    self._execute("UPDATE tables SET finished=1 WHERE code=?", (code,))
                if clock is not None:
                    self._execute("UPDATE tables SET clock=? WHERE code=?", (_dump(clock), code))
        except self.duplicate:
            raise StoreError(f"move {ply} of table {code} is stored already") from None

    def take_back(self, code: str, ply: int, version: int, clock: dict[str, Any] | None = None) -> None:
        with self._transaction():
            self._advance(code, version)
            self._execute("DELETE FROM moves WHERE code=? AND ply>=?", (code, ply))
            self._execute("UPDATE tables SET finished=0 WHERE code=?", (code,))
            if clock is not None:
                self._execute("UPDATE tables SET clock=? WHERE code=?", (_dump(clock), code))

    def _advance(self, code: str, version: int) -> None:
        stamp = time.time()
        cur = self._execute("UPDATE tables SET version=?, updated=? WHERE code=? AND version=?",
                            (version, stamp, code, version - 1))
        if cur.rowcount != 1:
            raise StoreError(f"table {code} is not at version {version - 1}")
        self.change = (code, version, stamp)

    def prune(self, now: float) -> int:
        with self._transaction():
            cur = self._execute("DELETE FROM tables WHERE (finished=1 AND updated<?) OR updated<?",
                                (now - FINISHED_KEPT, now - IDLE_KEPT))
            return cur.rowcount


class SqliteTableStore(SqlTableStore):
    """Tables in one SQLite file. WAL journal with synchronous=NORMAL: a commit is durable against
    the process dying (kill -9, a crash) without an fsync per move; only a power cut can lose the
    last moments, and then whole transactions, never half of one."""

    duplicate = (sqlite3.IntegrityError,)

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(str(self.path), isolation_level=None, check_same_thread=False)
        try:
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
            self.db.execute("PRAGMA foreign_keys=ON")
            self.db.execute("PRAGMA wal_autocheckpoint=0")
            self._schema()
        except sqlite3.DatabaseError as e:
            self.db.close()
            raise StoreError(f"{self.path} is not a table store this server can use ({e}).") from None
        self._stop = threading.Event()
        self._checkpointer = threading.Thread(target=self._checkpoints, name="hexgames-store", daemon=True)
        self._checkpointer.start()

    def _checkpoints(self) -> None:
        """Copy the journal into the database file now and then, on a thread of its own: the copy
        ends with an fsync, which must not stall the server's event loop (SQLite's own automatic
        checkpoint runs inside a commit, so it is turned off). A passive checkpoint never blocks
        the writer."""
        reader = sqlite3.connect(str(self.path), isolation_level=None, check_same_thread=False)
        try:
            while not self._stop.wait(CHECKPOINT_SECONDS):
                with contextlib.suppress(sqlite3.Error):
                    reader.execute("PRAGMA wal_checkpoint(PASSIVE)")
        finally:
            reader.close()

    def _schema(self) -> None:
        version = self.db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise NewerStore(f"{self.path} was written by a newer hexgames; please update.")
        with self._transaction():
            self.db.execute("""CREATE TABLE IF NOT EXISTS tables (
                code TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL, seed INTEGER NOT NULL,
                seats TEXT NOT NULL, host INTEGER NOT NULL, spectator_hash TEXT NOT NULL,
                listed INTEGER NOT NULL, started INTEGER NOT NULL, finished INTEGER NOT NULL,
                version INTEGER NOT NULL, created REAL NOT NULL, updated REAL NOT NULL)""")
            self.db.execute("""CREATE TABLE IF NOT EXISTS moves (
                code TEXT NOT NULL REFERENCES tables(code) ON DELETE CASCADE, ply INTEGER NOT NULL,
                move TEXT NOT NULL, PRIMARY KEY (code, ply))""")
            columns = {row[1] for row in self.db.execute("PRAGMA table_info(tables)")}
            for column, default in NEW_COLUMNS:
                if column not in columns:  # a store of schema 1: its tables get the defaults
                    self.db.execute(f"ALTER TABLE tables ADD COLUMN {column} TEXT NOT NULL DEFAULT '{default}'")
            self.db.execute("CREATE INDEX IF NOT EXISTS open_tables ON tables (listed, started, created)")
            self.db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")

    def _transaction(self, read_only: bool = False) -> "_Transaction":
        return _Transaction(self.db, "BEGIN" if read_only else "BEGIN IMMEDIATE")

    def _execute(self, sql: str, args: tuple[Any, ...] = ()) -> sqlite3.Cursor:
        return self.db.execute(sql, args)

    def close(self) -> None:
        self._stop.set()
        self._checkpointer.join(10)
        with contextlib.suppress(sqlite3.Error):
            self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        self.db.close()


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK on any exception: all of a change or none of it (a
    read begins with a plain BEGIN: one view of the file, without taking the write lock)."""

    def __init__(self, db: sqlite3.Connection, begin: str):
        self.db, self.begin = db, begin

    def __enter__(self) -> None:
        self.db.execute(self.begin)

    def __exit__(self, kind: Any, *_: Any) -> None:
        self.db.execute("COMMIT" if kind is None else "ROLLBACK")


NEW_COLUMNS = (("origin", ""), ("settings", "{}"), ("clock", "{}"))  # added by schema 2, with defaults
MAX_STORED_TEXT = 1 << 20  # characters of one stored JSON field: a longer one is refused, never parsed


def _dump(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def _seats(record: TableRecord) -> str:
    return _dump([s.to_json() for s in record.seats])


def record_to_row(record: TableRecord) -> dict[str, Any]:
    """The columns of `tables` for a record, named (every database stores the same row)."""
    return {"code": record.code, "game": record.game, "options": _dump(record.options), "seed": record.seed,
            "seats": _seats(record), "host": record.host, "spectator_hash": record.spectator_hash,
            "listed": int(record.listed), "started": int(record.started), "finished": int(record.finished),
            "version": record.version, "created": record.created, "updated": record.updated,
            "origin": record.origin, "settings": _dump(record.settings), "clock": _dump(record.clock)}


def _json(text: Any, what: str, kind: type) -> Any:
    if not isinstance(text, str) or len(text) > MAX_STORED_TEXT:
        raise ValueError(f"its {what} are not stored text")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise ValueError(f"its {what} are not JSON") from None
    if kind is not object and type(data) is not kind:
        raise ValueError(f"its {what} are not a{'n object' if kind is dict else ' list'}")
    return data


def record_from_row(row: dict[str, Any], moves: list[tuple[int, str]]) -> TableRecord:
    """The one guarded reader of a stored table, whatever the database: every column checked,
    ValueError (in words) for a row that cannot be a table."""
    try:
        if [ply for ply, _ in moves] != list(range(len(moves))):
            raise ValueError("its moves are not numbered 0, 1, 2, ...")
        seat_list = _json(row["seats"], "seats", list)
        if not seat_list:
            raise ValueError("its seats are not a list")
        return TableRecord(
            str(row["code"]), str(row["game"]), _json(row["options"], "options", dict), int(row["seed"]),
            [SeatRecord.from_json(s) for s in seat_list], int(row["host"]), str(row["spectator_hash"]),
            bool(row["listed"]), bool(row["started"]), bool(row["finished"]), int(row["version"]),
            [_json(m, "moves", object) for _, m in moves],
            float(row["created"]), float(row["updated"]), str(row.get("origin") or ""),
            _json(row.get("settings") or "{}", "settings", dict), _json(row.get("clock") or "{}", "clock", dict))
    except (TypeError, KeyError, AttributeError, OverflowError) as e:
        raise ValueError(f"it is malformed ({type(e).__name__}: {e})") from None


def read_rows(rows: list[dict[str, Any]]) -> list[TableRecord]:
    """The records of `rows` (no moves) that can be read; a row that cannot is passed over."""
    records = []
    for row in rows:
        with contextlib.suppress(ValueError):
            records.append(record_from_row(row, []))
    return records


DATABASE_SCHEMES = ("postgresql://", "postgres://")


def is_database_url(spec: str | Path) -> bool:
    """Whether `--db` names a PostgreSQL database rather than an SQLite file."""
    return isinstance(spec, str) and spec.lower().startswith(DATABASE_SCHEMES)


def without_password(url: str) -> str:
    """`url` as it may be printed or logged: a password in it (user:password@, or ?password=) is
    shown as ***."""
    parts = urlsplit(url)
    netloc = parts.netloc
    if parts.password is not None:
        netloc = f"{parts.username or ''}:***@{netloc.rpartition('@')[2]}"
    query = urlencode([(k, "***" if k == "password" else v) for k, v in parse_qsl(parts.query, keep_blank_values=True)],
                      safe="*")
    return urlunsplit(parts._replace(netloc=netloc, query=query))


def open_store(spec: str | Path) -> tuple[TableStore, str | None]:
    """The store `spec` names: a `postgresql://` URL (PostgreSQL, `pg_store`), else an SQLite file,
    with a notice when the file there could not be used: a damaged file is set aside (renamed beside
    it, kept for repair) and a new store begun. A store written by a newer hexgames is never set
    aside: StoreError says to update."""
    if is_database_url(spec):
        return _postgres(str(spec)), None
    from hexgames.core.files import set_aside

    path = Path(spec)
    try:
        return SqliteTableStore(path), None
    except NewerStore:
        raise
    except StoreError as e:
        kept = set_aside(path)
        if kept is None:
            raise
        return SqliteTableStore(path), f"{e} It was kept as {kept.name}; a new table store was begun."


def _postgres(url: str) -> TableStore:
    """psycopg is imported only for a PostgreSQL store: the app, and a server on SQLite, run without it."""
    try:
        from hexgames.net.pg_store import PostgresTableStore
    except ImportError as e:
        raise StoreError(f"a postgresql:// table store needs psycopg ({e}): pip install 'hexgames[server]'") from None
    return PostgresTableStore(url)
