"""Finished tutorials in the players' records (schema 4): noted once, read back for the menu cards,
and a database of the version before gains the table without losing anything."""
from __future__ import annotations

import sqlite3

from hexgames.core import records, saves


def test_reading_finished_tutorials_creates_nothing():
    assert records.tutorials_done() == set()
    assert not saves.data_location().exists()


def test_a_finished_tutorial_is_noted_once_keeping_the_first_date():
    records.record_tutorial("clans", date="2026-01-02T03:04:05+00:00")
    records.record_tutorial("clans", date="2026-05-06T00:00:00+00:00")
    records.record_tutorial("dotlines")
    assert records.tutorials_done() == {"clans", "dotlines"}
    con = sqlite3.connect(records.path())
    assert con.execute("SELECT finished FROM tutorials WHERE game = 'clans'").fetchall() == [("2026-01-02T03:04:05+00:00",)]


def test_a_database_of_version_3_gains_the_tutorials_table_and_keeps_its_scores():
    saves.data_dir()
    con = sqlite3.connect(records.path())
    con.isolation_level = None
    records.migrate(con, upto=3)
    con.execute("INSERT INTO highscores (key, scores, date, seed) VALUES ('toradama/solo', '[9]', '2025-01-01', 4)")
    con.close()
    assert records.tutorials_done() == set()  # read: migrated, nothing there yet
    records.record_tutorial("toradama")
    con = sqlite3.connect(records.path())
    assert con.execute("PRAGMA user_version").fetchone()[0] == records.SCHEMA_VERSION == 4
    assert con.execute("SELECT key FROM highscores").fetchall() == [("toradama/solo",)]
    assert records.tutorials_done() == {"toradama"}
