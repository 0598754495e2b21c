"""Killing the app mid-game (SIGKILL, no chance to clean up) loses nothing: the autosave on disk is a
complete, verifiable save of the position, and a new app's menu offers to resume it."""
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from hexgames.core import saves

ROOT = Path(__file__).resolve().parent.parent


def _wait_for_moves(path: Path, proc: subprocess.Popen, count: int, timeout: float = 90.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        assert proc.poll() is None, "the app ended by itself"
        try:
            if len(json.loads(path.read_text())["moves"]) >= count:
                return
        except (OSError, ValueError, KeyError):
            pass
        time.sleep(0.2)
    raise AssertionError("no autosave with enough moves appeared")


def test_kill_9_mid_game_then_resume_restores_the_same_position(tmp_path, monkeypatch):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               HEXGAMES_DATA_DIR=str(tmp_path), PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "--game", "ingenious",
                             "--seats", "ai:easy,ai:easy", "--seed", "11"],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        _wait_for_moves(tmp_path / saves.AUTOSAVE_NAME, proc, 4)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
    written = json.loads((tmp_path / saves.AUTOSAVE_NAME).read_text())

    resumed = saves.load_autosave()  # the test's HEXGAMES_DATA_DIR is a different folder
    assert resumed is None
    monkeypatch.setenv("HEXGAMES_DATA_DIR", str(tmp_path))
    resumed = saves.load_autosave()
    assert resumed is not None
    assert resumed.digest() == written["digest"] and len(resumed.moves) == len(written["moves"])

    from hexgames.app import App

    app = App(headless=True)
    try:
        labels = [w.text for w in app.scenes.top.widgets if hasattr(w, "text")]
        assert any("Resume" in text for text in labels), labels
    finally:
        app.shutdown()
