"""Killing the app mid-game (SIGKILL, no chance to clean up) loses nothing and leaves nothing behind:
the autosave on disk is a complete, verifiable save of the position, a new app's menu offers to resume
it, and no process the app started (its AI worker, multiprocessing's resource tracker) outlives it."""
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from hexgames import games
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


def _stat(pid: int) -> list[str] | None:
    """Fields of /proc/<pid>/stat after the command name (state first), or None if it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text.rpartition(")")[2].split()


def _descendants(root: int) -> dict[int, str]:
    """Every live process below `root`, as pid -> start time (which tells a reused pid apart)."""
    children: dict[int, list[int]] = {}
    starts: dict[int, str] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (fields := _stat(int(entry.name))) is not None:
            children.setdefault(int(fields[1]), []).append(int(entry.name))
            starts[int(entry.name)] = fields[19]
    found, todo = {}, [root]
    while todo:
        for child in children.get(todo.pop(), []):
            found[child] = starts[child]
            todo.append(child)
    return found


def _alive(pid: int, start: str) -> bool:
    fields = _stat(pid)
    return fields is not None and fields[19] == start and fields[0] != "Z"  # a zombie has ended


def _wait_until_gone(procs: dict[int, str], timeout: float = 15.0) -> list[int]:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        left = [pid for pid, start in procs.items() if _alive(pid, start)]
        if not left:
            return []
        time.sleep(0.2)
    return left


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="finds the app's processes in /proc")
def test_kill_9_mid_game_then_resume_restores_the_same_position(tmp_path, monkeypatch):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               HEXGAMES_DATA_DIR=str(tmp_path), PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "--game", "ingenious",
                             "--seats", "ai:easy,ai:easy", "--seed", "11"],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        _wait_for_moves(tmp_path / saves.AUTOSAVE_NAME, proc, 4)
        started = _descendants(proc.pid)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert started, "the app should think in a worker process"
    survivors = _wait_until_gone(started)
    for pid in survivors:  # do not leave them behind for the next run either
        os.kill(pid, signal.SIGKILL)
    assert not survivors, f"processes of the killed app still running: {survivors}"
    written = json.loads((tmp_path / saves.AUTOSAVE_NAME).read_text())

    resumed = saves.load_autosave(games.get)  # the test's HEXGAMES_DATA_DIR is a different folder
    assert resumed is None
    monkeypatch.setenv("HEXGAMES_DATA_DIR", str(tmp_path))
    resumed = saves.load_autosave(games.get)
    assert resumed is not None
    assert resumed.digest() == written["digest"] and len(resumed.moves) == len(written["moves"])

    from hexgames.app import App

    app = App(headless=True)
    try:
        labels = [w.text for w in app.scenes.top.widgets if hasattr(w, "text")]
        assert any("Resume" in text for text in labels), labels
    finally:
        app.shutdown()
