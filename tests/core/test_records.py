"""The players' records database: schema and migrations, recording finished games (once per match,
replaced after undo + re-finish), the save kept for the replay, damaged and newer files set aside, and
the statistics computed from hand-built records."""
from __future__ import annotations

import json
import os
import sqlite3

import pytest

from hexgames.core import files, record_stats, records, saves
from hexgames.core.match import Match, Seat
from hexgames.core.records import GameRecord, SeatRecord
from hexgames.games import new_match
from tests.core.toy import TOY, find_game



def _finished(seats=None, seed=3) -> Match:
    m = Match(TOY, seats or [Seat("human", None, "Ann"), Seat("ai", "hard", "CPU")], {"deck": "double"}, seed)
    while not m.is_over:
        m.play("tap" if len(m.moves) % 3 else "draw")
    return m


def _connect() -> sqlite3.Connection:
    return sqlite3.connect(records.path())


# --- schema ----------------------------------------------------------------------------------------
def test_reading_creates_nothing():
    assert records.load() == [] and records.save_of(1) is None
    assert not saves.data_location().exists()


def test_the_first_record_creates_the_schema_at_the_current_version():
    records.record_match(_finished())
    con = _connect()
    assert con.execute("PRAGMA user_version").fetchone()[0] == records.SCHEMA_VERSION
    tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"games", "seats", "highscores", "meta"} <= tables
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "delete"


def test_a_database_one_version_old_is_migrated_keeping_its_games():
    saves.data_dir()
    con = _connect()
    con.isolation_level = None
    records.migrate(con, upto=records.SCHEMA_VERSION - 1)
    assert con.execute("PRAGMA user_version").fetchone()[0] == records.SCHEMA_VERSION - 1
    con.execute("INSERT INTO games (id, uid, game, mode, options, finished, seed, moves, digest, save) VALUES "
                "(1, 'old', 'toy', 'standard', '{}', '2025-01-01T00:00:00+00:00', 5, 12, 'd', '{}')")
    con.execute("INSERT INTO seats (game_id, seat, kind, level, name, score, rank, side) VALUES "
                "(1, 0, 'human', NULL, 'Ann', 7, 0, 0), (1, 1, 'ai', 'easy', 'CPU', 3, 1, 1)")
    con.close()
    [old] = records.load()
    assert old.uid == "old" and [s.name for s in old.seats] == ["Ann", "CPU"]
    assert old.seats[0].hints is None  # not counted before version 2
    records.record_match(_finished())
    assert len(records.load()) == 2
    assert _connect().execute("PRAGMA user_version").fetchone()[0] == records.SCHEMA_VERSION


# --- recording ---------------------------------------------------------------------------------------
def test_a_finished_game_is_recorded_with_everything_needed():
    m = _finished()
    m.hints = {0: 2}  # what the hint strand adds to Match
    record_id = records.record_match(m, date="2026-03-01T10:00:00+00:00")
    [r] = records.load()
    o = m.outcome()
    assert (r.id, r.uid, r.game, r.mode, r.date, r.seed, r.moves, r.digest) == (
        record_id, m.uid, "toy", m.options["mode"], "2026-03-01T10:00:00+00:00", 3, len(m.moves), m.digest())
    assert dict(r.options) == m.options
    assert [(s.kind, s.level, s.name, s.score, s.rank, s.hints) for s in r.seats] == [
        ("human", None, "Ann", o.scores[0], o.ranks[0], 2), ("ai", "hard", "CPU", o.scores[1], o.ranks[1], 0)]
    replay = saves.match_from_dict(records.save_of(record_id), find_game)
    assert replay.digest() == m.digest() and replay.uid == m.uid
    assert records.load("other") == [] and len(records.load("toy")) == 1


def test_an_unfinished_game_is_not_recorded():
    with pytest.raises(ValueError):
        records.record_match(Match(TOY, [Seat("human", None, "Ann"), Seat("ai", "hard", "CPU")]))


def test_undo_and_finish_again_replaces_the_record():
    m = _finished([Seat("human", None, "Ann"), Seat("human", None, "Bob")])
    records.record_match(m)
    first_digest = m.digest()
    assert m.undo() is None  # the last move was a tap: nothing revealed
    m.play("draw" if m.rules.check(m.state, "draw") is None else "tap")
    assert m.is_over and m.digest() != first_digest
    records.record_match(m)
    [r] = records.load()
    assert r.digest == m.digest() and r.uid == m.uid
    records.record_match(_finished())  # another match: another record
    assert len(records.load()) == 2


def test_uid_rides_in_saves_and_old_saves_get_a_new_one():
    m = _finished()
    data = saves.match_to_dict(m)
    assert saves.match_from_dict(data, find_game).uid == m.uid
    del data["uid"]
    fresh = saves.match_from_dict(data, find_game).uid
    assert fresh and fresh != m.uid and fresh != saves.match_from_dict(data, find_game).uid
    for bad in (3, "", "x" * 65, "a b", None):
        with pytest.raises(saves.SaveError):
            saves.match_from_dict({**data, "uid": bad}, find_game)


# --- damaged and newer files -------------------------------------------------------------------------
def _aside() -> list[str]:
    return sorted(p.name for p in saves.data_dir().iterdir() if ".damaged-" in p.name)


@pytest.mark.parametrize("content", [b"not a database at all" * 50, b"SQLite format 3\x00" + b"\xff" * 3000])
def test_a_damaged_database_is_set_aside_with_a_notice_and_a_fresh_one_works(content):
    records.path().parent.mkdir(parents=True)
    records.path().write_bytes(content)
    assert records.load() == []
    notices = files.take_notices()
    assert len(notices) == 1 and notices[0].key == "core.file.set_aside"
    [kept] = _aside()
    assert kept.startswith("records.damaged-") and kept.endswith(".sqlite3")
    assert (saves.data_dir() / kept).read_bytes() == content
    records.record_match(_finished())
    assert len(records.load()) == 1 and not files.take_notices()  # told once


def test_a_truncated_database_is_set_aside_too():
    for seed in range(30):
        records.record_match(_finished(seed=seed))
    records._CHECKED.clear()  # as in a new run of the app
    raw = records.path().read_bytes()
    records.path().write_bytes(raw[:len(raw) // 2])
    assert records.load() == []
    assert len(files.take_notices()) == 1 and len(_aside()) == 1
    records.record_match(_finished())
    assert len(records.load()) == 1


def test_a_database_from_a_newer_hexgames_is_set_aside():
    records.record_match(_finished())
    con = _connect()
    con.execute(f"PRAGMA user_version = {records.SCHEMA_VERSION + 1}")
    con.commit()
    con.close()
    records.record_match(_finished(seed=4))
    [notice] = files.take_notices()
    assert notice.params["why"].key == "core.file.newer"
    assert len(_aside()) == 1 and [r.seed for r in records.load()] == [4]


def test_a_journal_left_by_a_damaged_database_never_rolls_into_the_fresh_one():
    records.path().parent.mkdir(parents=True)
    records.path().write_bytes(b"garbage" * 100)
    journal = records.path().with_name(records.DB_NAME + "-journal")
    journal.write_bytes(b"journal")
    records.record_match(_finished())
    assert not journal.exists() and len(records.load()) == 1  # gone with the old file (or disposed of)
    assert _connect().execute("PRAGMA integrity_check").fetchone()[0] == "ok"


@pytest.mark.parametrize("kind", [
    pytest.param("fifo", marks=pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")),
    pytest.param("dev zero", marks=pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")),
    "link loop"])
def test_something_else_where_the_database_belongs_is_set_aside(kind):
    """SQLite would answer a FIFO with an I/O error forever and write every record into /dev/zero."""
    import os

    db = records.path()
    db.parent.mkdir(parents=True)
    if kind == "fifo":
        os.mkfifo(db)
    elif kind == "dev zero":
        db.symlink_to("/dev/zero")
    else:
        db.symlink_to(db.with_name("loop"))
        db.with_name("loop").symlink_to(db)
    assert records.load() == []
    [notice] = files.take_notices()
    assert notice.params["why"].key in ("core.file.not_regular", "core.file.link_loop")
    assert len(_aside()) == 1
    records.record_match(_finished())
    assert len(records.load()) == 1 and db.is_file() and not db.is_symlink()


def test_a_database_that_cannot_be_written_raises_an_os_error(monkeypatch, tmp_path):
    blocker = tmp_path / "a file"
    blocker.write_text("x")
    monkeypatch.setenv("HEXGAMES_DATA_DIR", str(blocker / "data"))  # a folder that cannot be made
    with pytest.raises(OSError):
        records.record_match(_finished())
    assert records.load() == []


# --- statistics -----------------------------------------------------------------------------------------
def _rec(i: int, seats: list[tuple], date: str | None = None) -> GameRecord:
    """seats: (kind, level, name, score, rank[, side])"""
    built = tuple(SeatRecord(n, s[0], s[1], s[2], float(s[3]), s[4], s[5] if len(s) > 5 else n)
                  for n, s in enumerate(seats))
    return GameRecord(i, f"u{i}", "toy", "standard", {}, date or f"2026-01-{i:02d}", i, 10, "d", built)


ANN = ("human", None, "Ann")


def test_wins_averages_and_best():
    recs = [_rec(1, [(*ANN, 10, 0), ("ai", "easy", "CPU", 5, 1)]),
            _rec(2, [(*ANN, 4, 1), ("ai", "hard", "CPU", 9, 0)]),
            _rec(3, [(*ANN, 7, 0), ("human", None, "Bob", 7, 0)]),  # shared first: a draw
            _rec(4, [(*ANN, 30, 0)]),  # solo: played and scored, neither won nor lost
            _rec(5, [("human", None, "Bob", 1, 0), ("ai", "easy", "CPU", 0, 1)])]  # Ann absent
    s = record_stats.player_stats(recs, "Ann")
    assert s.played == 4 and s.wins == 1 and (s.results.lost, s.results.drawn) == (1, 1)
    assert s.average == pytest.approx((10 + 4 + 7 + 30) / 4) and s.best == 30
    assert [r.result for r in s.recent] == ["won", "lost", "drawn", ""]
    assert [r.best_other for r in s.recent] == [5, 9, 7, None]
    assert record_stats.player_stats(recs, "Nobody").played == 0
    assert record_stats.player_stats(recs, "Nobody").average is None
    assert record_stats.player_names(recs) == ["Ann", "Bob"]


def test_hints_taken_add_up_where_they_were_counted():
    ann = lambda hints: SeatRecord(0, "human", None, "Ann", 5.0, 0, 0, hints)  # noqa: E731
    cpu = SeatRecord(1, "ai", "easy", "CPU", 3.0, 1, 1, 0)
    recs = [GameRecord(i, f"u{i}", "toy", "standard", {}, f"2026-01-0{i}", i, 9, "d", (ann(h), cpu))
            for i, h in enumerate((2, None, 1), start=1)]
    assert record_stats.player_stats(recs, "Ann").hints == 3


def test_record_against_each_ai_level():
    recs = [_rec(1, [(*ANN, 10, 0), ("ai", "easy", "E", 5, 1), ("ai", "hard", "H", 8, 1)]),
            _rec(2, [(*ANN, 6, 1), ("ai", "hard", "H1", 9, 0), ("ai", "hard", "H2", 2, 2)]),  # one Hard beat Ann
            _rec(3, [(*ANN, 6, 0), ("ai", "medium", "M", 6, 0)])]
    s = record_stats.player_stats(recs, "Ann")
    assert {lvl: (t.won, t.lost, t.drawn) for lvl, t in s.vs_level.items()} == {
        "easy": (1, 0, 0), "hard": (1, 1, 0), "medium": (0, 0, 1)}


def test_partners_share_a_win_and_an_ai_partner_is_no_opponent():
    # Ingenious 2 v 2: seats 0 and 2 play for side 0, seats 1 and 3 for side 1; partners share a rank
    recs = [_rec(1, [(*ANN, 12, 0, 0), ("ai", "hard", "H", 9, 1, 1), ("human", None, "Bob", 12, 0, 0),
                     ("ai", "easy", "E", 9, 1, 1)]),
            _rec(2, [(*ANN, 8, 1, 0), ("human", None, "Cy", 11, 0, 1), ("ai", "hard", "H", 8, 1, 0),
                     ("ai", "easy", "E", 11, 0, 1)])]
    ann, bob = record_stats.player_stats(recs, "Ann"), record_stats.player_stats(recs, "Bob")
    assert (ann.wins, ann.results.lost) == (1, 1) and bob.wins == 1
    assert {lvl: (t.won, t.lost) for lvl, t in ann.vs_level.items()} == {"hard": (1, 0), "easy": (1, 1)}
    assert record_stats.player_stats(recs, "Cy").wins == 1


def test_a_real_team_game_records_sides_so_partners_share_the_win():
    seats = [Seat("human", None, "Ann"), Seat("ai", "easy", "E1"), Seat("human", None, "Bob"), Seat("ai", "easy", "E2")]
    m = new_match("ingenious", seats, {"mode": "team"}, 5)
    import random

    rng = random.Random(5)
    while not m.is_over:
        m.replay([m.rules.random_move(m.state, rng)])
    records.record_match(m)
    [r] = records.load()
    assert [s.side for s in r.seats] == [0, 1, 0, 1]
    ann, bob = (record_stats.player_stats([r], n) for n in ("Ann", "Bob"))
    assert (ann.wins, ann.results.lost, ann.results.drawn) == (bob.wins, bob.results.lost, bob.results.drawn)
    assert ann.results.total == 1


def test_records_json_columns_are_valid():
    records.record_match(_finished())
    con = _connect()
    options, save = con.execute("SELECT options, save FROM games").fetchone()
    assert json.loads(options)["deck"] == "double" and json.loads(save)["format"] == saves.FORMAT
