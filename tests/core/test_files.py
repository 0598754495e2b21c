"""The one guarded reader every file of the app goes through (`core/files.py`): regular files only (a
FIFO refused without blocking, a link to /dev/zero without reading it), a size cap taken from the open
file, nesting checked before parsing, a link loop named, and every exception from content turned into
a refusal with a reason; and the temp files a killed write leaves are cleaned up."""
from __future__ import annotations

import json
import os
import sys
import threading
import time
from pathlib import Path

import pytest

from hexgames.core import files
from hexgames.core.protocol import Reason

NEEDS_FIFO = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")


def returns_without_blocking(fn, unblock: list[Path], seconds: float = 10.0):
    """`fn()`'s result, or `fn`'s exception; fails the test if it blocks (then the FIFOs in `unblock`
    are opened for writing and closed, so a reader stuck in open() gets an end of file and the
    test run does not hang)."""
    out: dict = {}

    def run():
        try:
            out["value"] = fn()
        except BaseException as e:  # handed back to the test
            out["error"] = e

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    blocked = thread.is_alive()
    if blocked:
        for fifo in unblock:
            try:
                os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
            except OSError:
                pass
        thread.join(5)
    assert not blocked, f"{fn} blocked"
    if "error" in out:
        raise out["error"]
    return out.get("value")


def refusal(path) -> Reason:
    with pytest.raises(files.UnreadableFile) as e:
        files.read_json(path)
    assert not isinstance(e.value, files.MissingFile)
    return e.value.reason


@NEEDS_FIFO
def test_a_fifo_is_refused_without_blocking(tmp_path):
    fifo = tmp_path / "settings.json"
    os.mkfifo(fifo)
    reason = returns_without_blocking(lambda: refusal(fifo), [fifo])
    assert reason.key == "core.file.not_regular"


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_a_link_to_dev_zero_is_refused_without_being_read(tmp_path):
    link = tmp_path / "highscores.json"
    link.symlink_to("/dev/zero")
    assert returns_without_blocking(lambda: refusal(link), []).key == "core.file.not_regular"


def test_a_link_to_an_ordinary_file_is_read(tmp_path):
    (tmp_path / "real.json").write_text('{"a": 1}', encoding="utf-8")
    (tmp_path / "link.json").symlink_to(tmp_path / "real.json")
    assert files.read_json(tmp_path / "link.json") == {"a": 1}


def test_a_link_loop_is_named_as_such(tmp_path):
    (tmp_path / "a.json").symlink_to(tmp_path / "b.json")
    (tmp_path / "b.json").symlink_to(tmp_path / "a.json")
    reason = refusal(tmp_path / "a.json")
    assert reason.key == "core.file.link_loop" and "link" in reason


def test_a_dangling_link_or_a_missing_folder_is_just_missing(tmp_path):
    (tmp_path / "dangling.json").symlink_to(tmp_path / "nowhere.json")
    (tmp_path / "file").write_text("x")
    for path in (tmp_path / "dangling.json", tmp_path / "file" / "under.json"):
        with pytest.raises(files.MissingFile):
            files.read_json(path)


def test_the_size_cap_is_read_from_the_open_file(tmp_path):
    sparse = tmp_path / "sparse.json"
    with open(sparse, "wb") as f:
        f.truncate(50 * files.MAX_FILE_BYTES)  # 200 MB that take no disk and would take long to read
    assert refusal(sparse).key == "core.file.too_big"
    small = tmp_path / "small.json"
    small.write_bytes(b"[1, 2, 3]")
    assert files.read_bytes(small, limit=9) == b"[1, 2, 3]"
    with pytest.raises(files.UnreadableFile):
        files.read_bytes(small, limit=8)


def test_nesting_is_capped_before_parsing():
    at_cap = "[" * files.MAX_JSON_DEPTH + "]" * files.MAX_JSON_DEPTH
    assert files.parse_json(at_cap) is not None
    over = "[" * (files.MAX_JSON_DEPTH + 1) + "]" * (files.MAX_JSON_DEPTH + 1)
    with pytest.raises(files.UnreadableFile):
        files.parse_json(over)
    # brackets inside strings are text, not nesting (escaped quotes included)
    texty = json.dumps({"name": "[" * 500 + '\\"{' * 300, "list": [[1]]})
    assert files.parse_json(texty)["list"] == [[1]]
    for deep in ("[" * 100_000, '{"a":' * 50_000 + "1" + "}" * 50_000):
        with pytest.raises(files.UnreadableFile) as e:
            files.parse_json(deep)
        assert e.value.reason.key == "core.file.damaged"


def test_deep_json_is_refused_even_with_little_stack_left():
    """Called with few frames to spare, a nesting the parser would survive at full stack still comes
    back as a refusal, never as a RecursionError."""
    text = "[" * 500 + "]" * 500
    limit = sys.getrecursionlimit()

    def nested(n: int):
        return nested(n - 1) if n else files.parse_json(text)

    sys.setrecursionlimit(200)
    try:
        with pytest.raises(files.UnreadableFile):
            nested(150)
    finally:
        sys.setrecursionlimit(limit)


def test_database_text_and_wrong_types_are_refused_the_same_way():
    assert files.parse_json('{"scores": [1, 2]}') == {"scores": [1, 2]}
    for bad in (b"\xff\xfe", 12, None, "NaN", "x" * (files.MAX_FILE_BYTES + 1)):
        with pytest.raises(files.UnreadableFile):
            files.parse_json(bad)


@pytest.mark.parametrize("error", [IndexError, RecursionError, AttributeError, ZeroDivisionError, LookupError])
def test_any_exception_from_a_files_content_sets_it_aside_with_a_notice(tmp_path, error):
    path = tmp_path / "settings.json"
    path.write_text("{}", encoding="utf-8")

    def parse(data):
        raise error("the content's fault")

    assert files.load_user_file(path, parse, Reason("core.file.settings", "Your settings")) is None
    [notice] = files.take_notices()
    assert notice.key == "core.file.set_aside" and notice.params["why"].key == "core.file.damaged"
    assert not path.exists() and len(list(tmp_path.glob("settings.damaged-*.json"))) == 1


def test_leftover_temp_files_are_removed_and_a_write_under_way_is_left(tmp_path):
    old = time.time() - files.LEFTOVER_SECONDS - 5
    leftovers = [tmp_path / ".autosave-k3j_x9.tmp", tmp_path / ".settings-abc123.tmp"]
    for p in leftovers:
        p.write_text("{half a fi")
        os.utime(p, (old, old))
    fresh = tmp_path / ".autosave-zz9.tmp"  # another hexgames' write, under way
    fresh.write_text("{")
    kept = [tmp_path / "autosave.json", tmp_path / "notes.tmp", tmp_path / "records.sqlite3-journal"]
    for p in kept:
        p.write_text("keep")
        os.utime(p, (old, old))
    assert files.remove_leftovers(tmp_path) == 2
    assert not any(p.exists() for p in leftovers) and fresh.exists() and all(p.exists() for p in kept)
    assert files.remove_leftovers(tmp_path / "no such folder") == 0
