"""The app's own files: written so that a crash never leaves half a file (and what a crash leaves is
cleaned up at the next start), read so that no content (random bytes, truncation, hostile JSON) and
no kind of file (a pipe, a device, a link loop) can crash or hang the app, and set aside with a
notice when damaged."""
from __future__ import annotations

import errno
import json
import os
import re
import stat
import tempfile
import threading
import time
from datetime import datetime, timezone
from itertools import accumulate
from pathlib import Path
from typing import Any, Callable, TypeVar

from hexgames.core.protocol import Reason, clip

T = TypeVar("T")


def write_atomic(path: str | os.PathLike[str], data: str | bytes) -> None:
    """Write to a temp file in the same folder (readable by its owner alone, as mkstemp makes it),
    flush it to disk, then rename it over `path`: readers see the old file or the new one, never a
    mixture. Text is written as UTF-8."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.stem}-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data.encode("utf-8") if isinstance(data, str) else data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


LEFTOVER_SECONDS = 60.0  # a temp file this old is no write under way (one takes milliseconds)
_LEFTOVER = re.compile(r"\..+-[A-Za-z0-9_]+\.tmp")  # what write_atomic names its temp files


def remove_leftovers(folder: str | os.PathLike[str]) -> int:
    """Delete the temp files `write_atomic` left in `folder` when the app was killed mid-write;
    returns how many. A younger one may be another running hexgames' write, so it is left."""
    removed = 0
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except OSError:  # no folder yet: nothing was left
        return 0
    for entry in entries:
        try:
            if (_LEFTOVER.fullmatch(entry.name) and entry.is_file(follow_symlinks=False)
                    and entry.stat(follow_symlinks=False).st_mtime < now - LEFTOVER_SECONDS):
                os.unlink(entry.path)
                removed += 1
        except OSError:
            continue
    return removed


# --- reading the user's files -----------------------------------------------------------------------
# Saves, settings, high scores, decks and the records live in a folder the user can edit, copy between
# versions, or have damaged by a full disk. Reading one must never crash, hang or flood the app, and
# whatever goes wrong must reach the player as one short sentence, never an exception's text. Every
# file the app reads from there goes through `read_bytes`: regular files only (a FIFO would block
# `open()` forever, a link to /dev/zero never ends), opened without blocking, size-capped from the
# open descriptor (never trusting the name, which may change between a check and the open), and all
# JSON (files and database columns) through `parse_json`: depth-capped before parsing, so no
# RecursionError can escape.
MAX_FILE_BYTES = 4_000_000  # far above any file the app writes; keeps a stray huge file cheap to refuse
MAX_JSON_DEPTH = 64  # the app's files nest a few levels; deeper data would only exhaust recursion later
_OPEN_FLAGS = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
               | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0))
_MISSING = (errno.ENOENT, errno.ENOTDIR)  # the file, or a folder on its way, is not there
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)  # a JSON string, escapes and all
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


class UnreadableFile(Exception):
    """A file that cannot be used; `reason` is a short `Reason` for the player."""

    def __init__(self, reason: Reason):
        super().__init__(str(reason))
        self.reason = reason


class MissingFile(UnreadableFile):
    """The file is not there (often simply not written yet: no message is due)."""


def read_bytes(path: str | os.PathLike[str], limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of the regular file `path` (a link to one is fine), or `UnreadableFile` (`MissingFile`
    if absent): a pipe, device, socket or folder is refused without blocking, a link loop is named as
    such, and a file over `limit` bytes is refused without being read."""
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except (OSError, ValueError) as e:
        raise _refusal(e) from None
    try:
        info = os.fstat(fd)
        _require_regular(info)
        if info.st_size > limit:
            raise UnreadableFile(_too_big())
        chunks, size = [], 0
        while size <= limit:  # the file may grow while it is read: the cap holds all the same
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError:
        raise UnreadableFile(_unreadable()) from None
    finally:
        os.close(fd)
    if size > limit:
        raise UnreadableFile(_too_big())
    return b"".join(chunks)


def require_regular(path: str | os.PathLike[str]) -> None:
    """`UnreadableFile` (`MissingFile` if absent) unless `path` is a regular file or a link to one:
    for files another library opens (the records database), checked the way `read_bytes` checks."""
    try:
        _require_regular(os.stat(path))
    except (OSError, ValueError) as e:
        raise _refusal(e) from None


def _require_regular(info: os.stat_result) -> None:
    if not stat.S_ISREG(info.st_mode):
        raise UnreadableFile(Reason("core.file.not_regular", "It is not an ordinary file (a pipe, a device or a folder)."))


def _refusal(error: OSError | ValueError) -> UnreadableFile:
    """What the player is told when a file cannot even be opened (ValueError: a name the system
    refuses, such as one with a NUL byte)."""
    errno_ = getattr(error, "errno", None)
    if errno_ in _MISSING:
        return MissingFile(Reason("core.file.missing", "The file does not exist."))
    if errno_ == errno.ELOOP:
        return UnreadableFile(Reason("core.file.link_loop", "It is a link that leads back to itself."))
    return UnreadableFile(_unreadable())


def parse_json(raw: bytes | str) -> Any:
    """The JSON data in `raw` (a file's bytes or a database column's text), or `UnreadableFile`,
    whatever it holds: strict JSON only (no NaN or Infinity), bounded size and nesting (checked
    before parsing), UTF-8 (a BOM is tolerated)."""
    try:
        text = raw.decode("utf-8-sig") if isinstance(raw, (bytes, bytearray)) else raw
        if not isinstance(text, str):
            raise TypeError("JSON is text")
        if len(text) > MAX_FILE_BYTES:
            raise UnreadableFile(_too_big())
        if _nesting(text) > MAX_JSON_DEPTH:
            raise ValueError("nested too deep")
        return json.loads(text, parse_constant=_refuse_constant)
    except UnreadableFile:
        raise
    except Exception:  # bad UTF-8, bad JSON, 5000-digit numbers, a wrong type; RecursionError as a last guard
        raise UnreadableFile(_damaged()) from None


def read_json(path: str | os.PathLike[str]) -> Any:
    """`parse_json(read_bytes(path))`: the JSON data in the file, or `UnreadableFile`."""
    return parse_json(read_bytes(path))


def _nesting(text: str) -> int:
    """How deep brackets nest in `text`, strings left out; iterative, so it cannot overflow."""
    if text.count("[") + text.count("{") <= MAX_JSON_DEPTH:
        return 0  # cannot be too deep: spare the scan
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0)


def _damaged() -> Reason:
    return Reason("core.file.damaged", "The file is damaged or truncated.")


def _unreadable() -> Reason:
    return Reason("core.file.unreadable", "The file cannot be read.")


def _too_big() -> Reason:
    return Reason("core.file.too_big", "The file is too large to be one of ours.")


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def set_aside(path: str | os.PathLike[str]) -> Path | None:
    """Rename a damaged file to `<stem>.damaged-<UTC time>[-n]<suffix>` beside it, so the app can
    start afresh while the user keeps the file (to send in or repair). None if it cannot be moved."""
    path = Path(path)
    stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
    for n in range(100):
        target = path.with_name(f"{path.stem}.damaged-{stamp}{f'-{n}' if n else ''}{path.suffix}")
        if target.exists():
            continue
        try:
            path.rename(target)
        except OSError:
            return None
        return target
    return None


def load_user_file(path: str | os.PathLike[str], parse: Callable[[Any], T], what: Reason,
                   decode: Callable[[bytes], Any] = parse_json) -> T | None:
    """`parse(decode(read_bytes(path)))` (by default the file's JSON data), or None: when the file is
    missing (nothing to say), or when it cannot be read, decoded or parsed, in which case it is set
    aside and a notice for the player is queued (`take_notices`). `parse` refuses data by raising
    any exception (whatever it raises is the content's fault, never the app's end); `what` names
    the file for the player ("Your settings")."""
    try:
        return parse(decode(read_bytes(path)))
    except MissingFile:
        return None
    except UnreadableFile as e:
        why = e.reason
    except Exception:
        why = _damaged()
    report_set_aside(path, what, why)
    return None


def report_set_aside(path: str | os.PathLike[str], what: Reason, why: Reason) -> Path | None:
    """Move a damaged file aside and queue the notice that tells the player, once; returns where it
    was kept (None if it could not be moved)."""
    kept = set_aside(path)
    if kept is None:
        notice = Reason("core.file.not_used", "{what} could not be used: {why}", what=what, why=why)
    else:
        notice = Reason("core.file.set_aside", "{what} could not be used: {why} It was kept as {name}.",
                        what=what, why=why, name=clip(kept.name, 60))
    notify(notice)
    return kept


_NOTICES: list[Reason] = []
_NOTICES_LOCK = threading.Lock()  # the records' background writer queues notices too


def notify(notice: Reason) -> None:
    """Queue a notice for the player (a file set aside, records that are busy...); the app shows
    each once."""
    with _NOTICES_LOCK:
        _NOTICES.append(notice)


def take_notices() -> list[Reason]:
    """Every notice queued since the last call (the app shows each once)."""
    with _NOTICES_LOCK:
        out = _NOTICES[:]
        _NOTICES.clear()
    return out


_OS_REASONS = {
    errno.ENOSPC: ("no_space", "the disk is full"),
    errno.EDQUOT: ("no_space", "the disk is full"),
    errno.EACCES: ("no_permission", "permission denied"),
    errno.EPERM: ("no_permission", "permission denied"),
    errno.EROFS: ("read_only", "the disk is read-only"),
    errno.ENOENT: ("no_folder", "the folder does not exist"),
    errno.ENOTDIR: ("no_folder", "the folder does not exist"),
    errno.EISDIR: ("is_folder", "that is a folder"),
    errno.ENAMETOOLONG: ("bad_name", "the name is not allowed"),
    errno.EINVAL: ("bad_name", "the name is not allowed"),
}


def os_error_reason(e: OSError) -> Reason:
    """Why a write failed, in words the player's language has (the OS's own message is English on
    most systems); an error without a common cause keeps its short code so it can still be looked up."""
    key, text = _OS_REASONS.get(e.errno or 0, ("other", "system error {code}"))
    code = errno.errorcode.get(e.errno or 0, type(e).__name__)
    return Reason(f"core.file.os.{key}", text, **({"code": code} if key == "other" else {}))
