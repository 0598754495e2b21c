"""Records survive a kill -9 during a write: a child process records games (and high scores) in a loop
and is killed with SIGKILL mid-stream, three times over the same database; the database then passes
`PRAGMA integrity_check`, keeps every record the child reported committed, and holds only whole
records (each game with all its seats and a save that replays to its digest)."""
from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from hexgames.core import records, saves
from tests.core.toy import find_game

ROOT = Path(__file__).resolve().parents[2]
CHILD = """
import sys
from hexgames.core import highscores, records
from hexgames.core.match import Match, Seat
from tests.core.toy import TOY

n = 0
while True:
    m = Match(TOY, [Seat("human", None, "Ann"), Seat("ai", "easy", "CPU")], {"deck": "double"}, n)
    while not m.is_over:
        m.play("draw" if len(m.moves) % 2 else "tap")
    records.record_match(m)
    highscores.record("toy/solo", [n % 50], seed=n)
    n += 1
    print(n, flush=True)
"""


def _run_and_kill(after: int) -> int:
    """Start the writer, let it commit `after` records, kill -9 it; the count it reported."""
    child = subprocess.Popen([sys.executable, "-c", CHILD], cwd=ROOT, stdout=subprocess.PIPE, text=True,
                             env={**os.environ, "PYTHONPATH": str(ROOT)})
    reported = 0
    try:
        assert child.stdout is not None
        for line in child.stdout:
            reported = int(line)
            if reported >= after:
                break
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    assert child.returncode == -signal.SIGKILL
    return reported


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX")
def test_records_survive_kill_9_mid_write():
    committed = 0
    for round_ in range(3):
        committed += _run_and_kill(after=15 + 7 * round_)
        con = sqlite3.connect(records.path())  # rolls back what the kill interrupted
        assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        games_rows = con.execute("SELECT id, digest, save FROM games").fetchall()
        assert len(games_rows) >= committed  # nothing committed was lost
        for game_id, digest, save in games_rows:
            seats = con.execute("SELECT seat FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)).fetchall()
            assert seats == [(0,), (1,)]
            assert saves.match_from_dict(json.loads(save), find_game).digest() == digest
        orphans = con.execute("SELECT COUNT(*) FROM seats WHERE game_id NOT IN (SELECT id FROM games)").fetchone()
        assert orphans == (0,)
        assert con.execute("SELECT COUNT(*) FROM highscores").fetchone()[0] <= 10
        con.close()
    assert len(records.load()) >= committed
