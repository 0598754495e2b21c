"""The players' records: every finished game, kept in one SQLite database in the user's data folder.

A finished game is one row of `games` (game, mode, options, date, seed, number of moves, the final
digest and the whole save, so its replay can be opened from the record) and one row of `seats` per
seat (human name or AI level, final score, rank, side, hints taken). The solo high-score tables live
in the same database (`highscores`, used by `core/highscores.py`), and so do the tutorials a player
finished (`tutorials`: one row per game). Statistics are computed from the
rows by `core/record_stats.py`; nothing here knows any game.

Why SQLite and not another JSON file: the records grow with every game and are queried by player and
game; SQLite gives both, and commits that are atomic even when the process is killed mid-write.

Crash safety, the choice made: the classic rollback journal (`journal_mode=DELETE`) with
`synchronous=FULL`. Each write is one transaction; SQLite copies the pages it changes to
`records.sqlite3-journal` and syncs it before touching the database, so a kill -9 (or a power cut)
mid-write leaves a "hot" journal that the next connection rolls back: the database holds every
committed record whole and nothing of the interrupted one. WAL would be as safe against kill -9 (with
`synchronous=NORMAL` it may lose the last commits on power loss, never consistency), but it keeps
two more files (`-wal`, `-shm`) that belong with the database: a player copying the data folder, or
this module setting a damaged database aside, would have to move all three together or lose data. One
file (plus a journal only while writing) is simpler to keep right, and the fsyncs of FULL cost nothing
at one write per finished game.

Versions: `PRAGMA user_version` is the number of `MIGRATIONS` applied; opening an older database
applies the missing ones in order, each in its own transaction. A database that is damaged, or that a
newer hexgames wrote (a version above ours), is set aside (renamed `records.damaged-<time>.sqlite3`,
never deleted, its journal with it), the player told once through `files`' notices, and a fresh one
started. Reading never creates the database (nor the data folder); a database that cannot be written
raises `RecordsUnavailable` (an OSError), which callers pass over: recording must never end a game.

Another program holding the database (another hexgames mid-write, a database browser with a write
open) must never freeze the app: the UI thread waits at most `UI_TIMEOUT` for a lock. A read that
finds the database busy gives its default at once (and every read of the next `BUSY_RETRY` seconds
does, without waiting again), with a notice; a write that finds it busy (`write_or_defer`) is queued
for a background thread that does it, in order, once the database is free, and the player is told.
Every row read back is checked by `core/rows.py`.
"""
from __future__ import annotations

import json
import sqlite3
import sys
import threading
import time
from collections import deque
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping, TypeVar

from hexgames.core import files, rows
from hexgames.core.protocol import Reason
from hexgames.core.saves import SaveError, data_location, match_to_dict

T = TypeVar("T")
DB_NAME = "records.sqlite3"
UI_TIMEOUT = 0.02  # seconds the UI thread waits for another program's lock: about a frame
BUSY_TIMEOUT = 5.0  # seconds the background writer waits for it, each try
BUSY_RETRY = 2.0  # seconds after finding the database busy during which reads give up at once

# Each migration is a list of statements; migration i (0-based) takes the database to version i + 1.
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (  # 1: finished games and who sat where
        """CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            uid TEXT NOT NULL UNIQUE,      -- Match.uid: a re-finished game replaces its record
            game TEXT NOT NULL,
            mode TEXT NOT NULL,
            options TEXT NOT NULL,         -- JSON object, as the match resolved them
            finished TEXT NOT NULL,        -- ISO 8601, UTC
            seed INTEGER NOT NULL,
            moves INTEGER NOT NULL,
            digest TEXT NOT NULL,
            save TEXT NOT NULL             -- JSON: saves.match_to_dict, to open the replay
        )""",
        """CREATE TABLE seats (
            game_id INTEGER NOT NULL REFERENCES games(id),
            seat INTEGER NOT NULL,
            kind TEXT NOT NULL,            -- human | ai
            level TEXT,                    -- the AI's level; NULL for humans
            name TEXT NOT NULL,
            score REAL NOT NULL,
            rank INTEGER NOT NULL,         -- 0 = first; tied seats and partners share a rank
            side INTEGER NOT NULL,         -- the team, or the seat itself
            PRIMARY KEY (game_id, seat)
        )""",
        "CREATE INDEX games_by_game ON games(game, finished)",
    ),
    (  # 2: hints taken per seat; the solo high-score tables (were highscores.json); small settings
        "ALTER TABLE seats ADD COLUMN hints INTEGER",  # NULL: not counted (games recorded before)
        """CREATE TABLE highscores (
            id INTEGER PRIMARY KEY,        -- insertion order: an earlier equal result stays ahead
            key TEXT NOT NULL,             -- "ingenious/rack", ...
            scores TEXT NOT NULL,          -- JSON list of whole numbers, compared lexicographically
            date TEXT NOT NULL,
            seed INTEGER NOT NULL
        )""",
        "CREATE INDEX highscores_by_key ON highscores(key)",
        "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    ),
    (  # 3: the match that made a high score: a solo game whose end is undone and that ends again
        # replaces its entry, as it replaces its record (NULL: entries from before)
        "ALTER TABLE highscores ADD COLUMN uid TEXT",
    ),
    (  # 4: the tutorials a player finished (their menu cards say so)
        """CREATE TABLE tutorials (
            game TEXT PRIMARY KEY,
            finished TEXT NOT NULL         -- ISO 8601, UTC: the first time it was finished
        )""",
    ),
)
SCHEMA_VERSION = len(MIGRATIONS)
WHAT = Reason("core.file.records", "Your game records")
DAMAGE = ("SQLITE_CORRUPT", "SQLITE_NOTADB")  # error names meaning the file itself is bad


class RecordsUnavailable(OSError):
    """The records cannot be written now (a folder that cannot be made, a full disk, a file that
    cannot be set aside...). Callers pass over it: a game's end is shown anyway."""


class RecordsBusy(RecordsUnavailable):
    """Another program holds the database's lock: try again later."""


class _Unusable(Exception):
    """The database file must be set aside; `why` tells the player why."""

    def __init__(self, why: Reason):
        super().__init__(str(why))
        self.why = why


def path() -> Path:
    """The database file (its folder not created)."""
    return data_location() / DB_NAME


# --- opening ---------------------------------------------------------------------------------------
_CHECKED: set[tuple[str, int]] = set()  # (path, inode) whose integrity this process has checked
_REFUSED: set[str] = set()  # paths found unusable but not movable: told once, then left alone


def _damaged() -> Reason:
    return Reason("core.file.damaged", "The file is damaged or truncated.")


def _is_damage(error: sqlite3.Error) -> bool:
    return getattr(error, "sqlite_errorname", "") in DAMAGE or type(error) is sqlite3.DatabaseError


def _is_busy(error: BaseException) -> bool:
    """Another connection holds a lock we need (SQLITE_BUSY and its extended codes, SQLITE_LOCKED)."""
    return isinstance(error, sqlite3.Error) and \
        getattr(error, "sqlite_errorname", "").startswith(("SQLITE_BUSY", "SQLITE_LOCKED"))


def _open(db: Path, wait: float) -> sqlite3.Connection:
    """A connection to `db` that waits at most `wait` seconds for a lock, migrated to SCHEMA_VERSION;
    raises _Unusable for a damaged or newer file, sqlite3.Error for anything else (busy,
    unwritable...)."""
    con = sqlite3.connect(db, timeout=wait, isolation_level=None)  # transactions are explicit
    try:
        con.execute("PRAGMA journal_mode=DELETE")
        con.execute("PRAGMA synchronous=FULL")
        version = con.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise _Unusable(Reason("core.file.newer", "It was written by a newer hexgames."))
        key = (str(db), db.stat().st_ino)
        if key not in _CHECKED:
            if con.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                raise _Unusable(_damaged())
            _CHECKED.add(key)
        migrate(con)
    except sqlite3.Error as e:
        con.close()
        if _is_damage(e):
            raise _Unusable(_damaged()) from None
        raise
    except BaseException:
        con.close()
        raise
    return con


def migrate(con: sqlite3.Connection, upto: int = SCHEMA_VERSION) -> None:
    """Apply the missing migrations up to version `upto`, each in its own transaction (another
    hexgames may migrate at the same time: the version is read again inside each)."""
    while con.execute("PRAGMA user_version").fetchone()[0] < upto:  # reading takes no write lock
        with transaction(con):
            version = con.execute("PRAGMA user_version").fetchone()[0]
            if version >= upto:
                return
            for statement in MIGRATIONS[version]:
                con.execute(statement)
            con.execute(f"PRAGMA user_version = {version + 1}")


@contextmanager
def transaction(con: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """BEGIN IMMEDIATE (the write lock at once: no deadlock between two writers) ... COMMIT, or
    ROLLBACK on any error."""
    con.execute("BEGIN IMMEDIATE")
    try:
        yield con
    except BaseException:
        try:
            con.execute("ROLLBACK")
        except sqlite3.Error:  # the failure may have ended the transaction already
            pass
        raise
    con.execute("COMMIT")


def _set_aside(db: Path, why: Reason) -> bool:
    """Rename the database (and a journal left beside it) out of the way, with the player's notice;
    False when it could not be moved (then it is left alone for the rest of this run)."""
    if str(db) in _REFUSED:
        return False
    journal = db.with_name(db.name + "-journal")
    kept = files.report_set_aside(db, WHAT, why)
    if kept is None:
        _REFUSED.add(str(db))
        return False
    if journal.exists():  # a hot journal must travel with its database, never roll into a fresh one
        try:
            journal.rename(kept.with_name(kept.name + "-journal"))
        except OSError:
            journal.unlink(missing_ok=True)
    return True


def _connect(create: bool, db: Path, wait: float) -> sqlite3.Connection | None:
    """An open, migrated database, or None when there is none and `create` is False. A damaged or
    newer one, or something else where it belongs (a pipe, a link to a device: SQLite would write
    into it and keep nothing), is set aside and a fresh one started (or None when reading)."""
    if str(db) in _REFUSED:
        raise sqlite3.OperationalError("the records database was found unusable")
    why = None
    try:
        files.require_regular(db)
    except files.MissingFile:
        if not create:
            return None
        db.parent.mkdir(parents=True, exist_ok=True)
    except files.UnreadableFile as e:
        why = e.reason
    if why is None:
        try:
            return _open(db, wait)
        except _Unusable as e:
            why = e.why
    if not _set_aside(db, why):
        raise sqlite3.OperationalError("the records database cannot be set aside")
    if not create:
        return None
    try:
        return _open(db, wait)
    except _Unusable:  # a brand-new file cannot be damaged or newer; if it is, give up for now
        raise sqlite3.OperationalError("a fresh records database cannot be started") from None


def read(fn: Callable[[sqlite3.Connection], T], default: T, create: bool = False) -> T:
    """`fn(connection)`, or `default` when there is no database or it cannot be read now (never an
    error: a screen showing records must not crash). `create` makes the database if missing. A busy
    database (another program holds it) gives `default` after at most `UI_TIMEOUT`, and at once
    for the next `BUSY_RETRY` seconds; the player is told."""
    db = path()
    if busy(db):
        return default
    for _ in range(2):
        try:
            con = _connect(create, db, UI_TIMEOUT)
        except (sqlite3.Error, OSError) as e:
            if _is_busy(e):
                _note_busy(db, reading=True)
            return default
        if con is None:
            return default
        try:
            return fn(con)
        except sqlite3.Error as e:
            if not _damage_found(con, e, db):
                if _is_busy(e):
                    _note_busy(db, reading=True)
                return default
        finally:
            con.close()
    return default


def write(fn: Callable[[sqlite3.Connection], T], wait: float = UI_TIMEOUT, db: Path | None = None) -> T:
    """`fn(connection)` inside one transaction (all of it is written, or none), creating the database
    (`db`, by default `path()`) if needed and waiting at most `wait` seconds for another program's
    lock; raises RecordsBusy when it is busy, RecordsUnavailable when it cannot be written."""
    db = db or path()
    for _ in range(2):
        try:
            con = _connect(True, db, wait)
        except (sqlite3.Error, OSError) as e:
            raise _unavailable("opened", e) from None
        assert con is not None
        try:
            with transaction(con):
                result = fn(con)
            _BUSY_SINCE.pop(str(db), None)  # free again: reads need not give up any more
            return result
        except sqlite3.Error as e:
            if not _damage_found(con, e, db):
                raise _unavailable("written", e) from None
        finally:
            con.close()
    raise RecordsUnavailable("the records database is damaged")


def _unavailable(what: str, error: Exception) -> RecordsUnavailable:
    return (RecordsBusy if _is_busy(error) else RecordsUnavailable)(f"the records cannot be {what}: {error}")


def _damage_found(con: sqlite3.Connection, error: sqlite3.Error, db: Path) -> bool:
    """After `error`: whether the file was damaged (then it is set aside, so a retry starts afresh)."""
    if not _is_damage(error):
        return False
    con.close()
    return _set_aside(db, _damaged())


# --- a busy database ---------------------------------------------------------------------------------
BUSY_NOTICE_SECONDS = 10.0  # about a notice's life on screen: no second one about the same while it shows
RETRY_SECONDS = 1.0  # between the background writer's tries, on top of BUSY_TIMEOUT's wait
BUSY_READ = Reason("core.records.busy_read",
                   "Your game records are in use by another program: they are not shown for now.")
_BUSY_SINCE: dict[str, float] = {}  # database -> when it was last found busy (time.monotonic)
_TOLD_BUSY: dict[tuple[str, bool], float] = {}  # (database, reading) -> when the player was last told


def busy(db: Path | None = None) -> bool:
    """Whether the database was found busy in the last `BUSY_RETRY` seconds (reads give up at once)."""
    since = _BUSY_SINCE.get(str(db or path()))
    return since is not None and time.monotonic() - since < BUSY_RETRY


def _note_busy(db: Path, reading: bool) -> None:
    """Remember that `db` was found busy, and tell the player (not again while the notice shows)."""
    now = time.monotonic()
    _BUSY_SINCE[str(db)] = now
    told = (str(db), reading)
    if now - _TOLD_BUSY.get(told, -BUSY_NOTICE_SECONDS) < BUSY_NOTICE_SECONDS:
        return
    _TOLD_BUSY[told] = now
    if reading:
        files.notify(BUSY_READ)
    else:
        files.notify(Reason("core.records.busy_write", "Your game records are in use by another program:"
                                                       " this game will be added as soon as they are free."))


def write_or_defer(fn: Callable[[sqlite3.Connection], T]) -> T | None:
    """`write(fn)` now, or None when the database is busy: then `fn` is queued for the background
    writer, which does it once the database is free (after every write queued before it: the order
    of writes is kept), and the player is told. Raises RecordsUnavailable when it cannot be written."""
    db = path()
    if not _LATER.pending() and not busy(db):
        try:
            return write(fn, db=db)
        except RecordsBusy:
            pass
    _note_busy(db, reading=False)
    _LATER.add(lambda: write(fn, BUSY_TIMEOUT, db))
    return None


def flush(timeout: float) -> bool:
    """Wait up to `timeout` seconds for the queued writes; whether none is left (the app calls it when
    it closes, tests when they free the database)."""
    return _LATER.wait(timeout)


class _Later:
    """Writes that found the database busy, done in order by one background thread: each is tried
    (waiting `BUSY_TIMEOUT` for the lock) until the database is free; one that fails otherwise is
    dropped with a notice. The thread ends when the queue is empty."""

    def __init__(self) -> None:
        self.jobs: deque[Callable[[], Any]] = deque()
        self.cond = threading.Condition()
        self.running = False

    def pending(self) -> bool:
        with self.cond:
            return bool(self.jobs)

    def add(self, job: Callable[[], Any]) -> None:
        with self.cond:
            self.jobs.append(job)
            if not self.running:
                self.running = True
                threading.Thread(target=self._run, name="records-writer", daemon=True).start()

    def wait(self, timeout: float) -> bool:
        with self.cond:
            return self.cond.wait_for(lambda: not self.jobs, timeout)

    def _run(self) -> None:
        while True:
            with self.cond:
                if not self.jobs:
                    self.running = False
                    return
                job = self.jobs[0]
            try:
                job()
            except RecordsBusy:
                time.sleep(RETRY_SECONDS)
                continue
            except Exception as e:  # unwritable, a full disk...: the player is told, the game goes on
                print(f"hexgames: a game could not be recorded: {e}", file=sys.stderr)
                files.notify(Reason("core.records.write_failed", "A finished game could not be added to your records."))
            with self.cond:
                self.jobs.popleft()
                self.cond.notify_all()


_LATER = _Later()


# --- finished games --------------------------------------------------------------------------------
@dataclass(frozen=True)
class SeatRecord:
    """One seat of a finished game as recorded."""

    seat: int
    kind: str  # "human" | "ai"
    level: str | None
    name: str
    score: float
    rank: int
    side: int
    hints: int | None = None  # hints taken; None where they were not counted

    @property
    def is_human(self) -> bool:
        return self.kind == "human"


@dataclass(frozen=True)
class GameRecord:
    """One finished game: what was played, when, and how each seat came out."""

    id: int
    uid: str
    game: str
    mode: str
    options: Mapping[str, Any]
    date: str
    seed: int
    moves: int
    digest: str
    seats: tuple[SeatRecord, ...]


def record_match(match: Any, date: str | None = None) -> int | None:
    """Record a finished match (a `Match`); returns the record's id, or None when the database is
    busy (it is recorded later, see `write_or_defer`). A match recorded before (same `uid`: its end
    was undone and it ended again) has its record replaced. Raises RecordsUnavailable when the
    database cannot be written, ValueError for an unfinished match."""
    if not match.is_over:
        raise ValueError("only a finished game is recorded")
    outcome = match.outcome()
    hints = getattr(match, "hints", None)
    when = date or datetime.now(timezone.utc).isoformat(timespec="seconds")
    save = json.dumps(match_to_dict(match), ensure_ascii=False)
    seats = [(i, s.kind, s.level if not s.is_human else None, s.name, float(outcome.scores[i]),
              int(outcome.ranks[i]), outcome.side(i), _hints(hints, i)) for i, s in enumerate(match.seats)]

    def insert(con: sqlite3.Connection) -> int:
        for (old,) in con.execute("SELECT id FROM games WHERE uid = ?", (match.uid,)).fetchall():
            con.execute("DELETE FROM seats WHERE game_id = ?", (old,))
            con.execute("DELETE FROM games WHERE id = ?", (old,))
        cur = con.execute(
            "INSERT INTO games (uid, game, mode, options, finished, seed, moves, digest, save)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (match.uid, match.game_id, str(match.options.get("mode", "")), json.dumps(match.options, sort_keys=True),
             when, match.seed, len(match.moves), match.digest(), save))
        game_id = int(cur.lastrowid)
        con.executemany("INSERT INTO seats (game_id, seat, kind, level, name, score, rank, side, hints)"
                        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", [(game_id, *row) for row in seats])
        return game_id

    return write_or_defer(insert)


def _hints(hints: Any, seat: int) -> int | None:
    """Hints `seat` took, from `Match.hints` ({seat: count}, added by the hint feature); None when
    the match does not count them."""
    if not isinstance(hints, Mapping):
        return None
    count = hints.get(seat, hints.get(str(seat), 0))
    return count if type(count) is int and count >= 0 else 0


GAME_COLUMNS = (rows.integer, rows.text, rows.text, rows.text, rows.json_of(dict), rows.text, rows.integer,
                rows.integer, rows.text)
SEAT_COLUMNS = (rows.integer, rows.integer, rows.one_of("human", "ai"), rows.optional(rows.text), rows.name,
                rows.number, rows.integer, rows.integer, rows.optional(rows.integer))


def load(game: str | None = None) -> list[GameRecord]:
    """Every recorded game (of one game id, or all), newest first; [] when there are none. A game
    with a row that does not read (a wrong type, damaged JSON...) is left out, and the player told."""
    def query(con: sqlite3.Connection) -> list[GameRecord]:
        where, args = ("WHERE game = ?", (game,)) if game is not None else ("", ())
        found = rows.checked(con.execute(
            f"SELECT id, uid, game, mode, options, finished, seed, moves, digest FROM games {where}"
            " ORDER BY finished DESC, id DESC", args), GAME_COLUMNS, WHAT, str(path()))
        rejected: list[Any] = []
        seats: dict[int, list[SeatRecord]] = {}
        for game_id, *fields in rows.checked(con.execute(
                "SELECT game_id, seat, kind, level, name, score, rank, side, hints FROM seats ORDER BY game_id, seat"),
                SEAT_COLUMNS, WHAT, str(path()), rejected=rejected):
            seats.setdefault(game_id, []).append(SeatRecord(*fields))
        incomplete = {bad[0] for bad in rejected if bad}  # a game missing a seat would count wrongly
        return [GameRecord(*r, seats=tuple(seats.get(r[0], ()))) for r in found if r[0] not in incomplete]

    return read(query, [])


def save_of(record_id: int) -> dict[str, Any] | None:
    """The recorded game's save (`saves.match_to_dict`), to rebuild its replay with
    `saves.match_from_dict`; None if there is no such record, or the database cannot be read now
    (`busy()` tells); SaveError when the kept save does not read."""
    def query(con: sqlite3.Connection) -> dict[str, Any] | None:
        row = con.execute("SELECT save FROM games WHERE id = ?", (record_id,)).fetchone()
        if row is None:
            return None
        try:
            return rows.json_of(dict)(row[0])
        except Exception:
            raise SaveError(Reason("core.save.damaged", "The save file is damaged.")) from None

    return read(query, None)


# --- tutorials ---------------------------------------------------------------------------------------
def record_tutorial(game: str, date: str | None = None) -> None:
    """Note that the game's tutorial was played to its end (the first time is kept). Raises
    RecordsUnavailable when the database cannot be written."""
    when = date or datetime.now(timezone.utc).isoformat(timespec="seconds")
    write(lambda con: con.execute("INSERT OR IGNORE INTO tutorials (game, finished) VALUES (?, ?)", (game, when)))


def tutorials_done() -> set[str]:
    """The games whose tutorial was finished ({} when there are no records or they cannot be read)."""
    def query(con: sqlite3.Connection) -> set[str]:
        return {row[0] for row in con.execute("SELECT game FROM tutorials") if isinstance(row[0], str)}

    return read(query, set())
