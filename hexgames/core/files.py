"""The app's own files: written so that a crash never leaves half a file, read so that no content
(random bytes, truncation, hostile JSON) can crash the app, and set aside with a notice when damaged."""
from __future__ import annotations

import errno
import json
import os
import tempfile
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, TypeVar

from hexgames.core.protocol import Reason, clip

T = TypeVar("T")


def write_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write to a temp file in the same folder, flush it to disk, then rename it over `path`:
    readers see the old file or the new one, never a mixture."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.stem}-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


# --- reading the user's files -----------------------------------------------------------------------
# Saves, settings, high scores (and records and decks to come) live in a folder the user can edit,
# copy between versions, or have damaged by a full disk. Reading one must never crash the app, and
# whatever goes wrong must reach the player as one short sentence, never an exception's text.
MAX_FILE_BYTES = 4_000_000  # far above any file the app writes; keeps a stray huge file cheap to refuse
MAX_JSON_DEPTH = 64  # the app's files nest a few levels; deeper data would only exhaust recursion later


class UnreadableFile(Exception):
    """A file that cannot be used; `reason` is a short `Reason` for the player."""

    def __init__(self, reason: Reason):
        super().__init__(str(reason))
        self.reason = reason


class MissingFile(UnreadableFile):
    """The file is not there (often simply not written yet: no message is due)."""


def read_json(path: str | os.PathLike[str]) -> Any:
    """The JSON data in `path`, or `UnreadableFile` (`MissingFile` if absent), whatever the bytes:
    strict JSON only (no NaN or Infinity), bounded size and nesting, UTF-8 (a BOM is tolerated)."""
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise MissingFile(Reason("core.file.missing", "The file does not exist.")) from None
    except (OSError, ValueError):  # permissions, a folder, a name the system refuses
        raise UnreadableFile(Reason("core.file.unreadable", "The file cannot be read.")) from None
    if len(raw) > MAX_FILE_BYTES:
        raise UnreadableFile(Reason("core.file.too_big", "The file is too large to be one of ours."))
    try:
        data = json.loads(raw.decode("utf-8-sig"), parse_constant=_refuse_constant)
    except (ValueError, RecursionError, MemoryError):  # bad UTF-8, bad JSON, 5000-digit numbers, deep nesting
        raise UnreadableFile(_damaged()) from None
    if not _shallow(data):
        raise UnreadableFile(_damaged())
    return data


def _damaged() -> Reason:
    return Reason("core.file.damaged", "The file is damaged or truncated.")


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _shallow(data: Any) -> bool:
    """Whether `data` nests at most MAX_JSON_DEPTH levels; iterative, so it cannot overflow."""
    stack = [(data, 0)]
    while stack:
        x, depth = stack.pop()
        if depth > MAX_JSON_DEPTH:
            return False
        if isinstance(x, list):
            stack.extend((y, depth + 1) for y in x)
        elif isinstance(x, dict):
            stack.extend((y, depth + 1) for y in x.values())
    return True


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


def load_user_file(path: str | os.PathLike[str], parse: Callable[[Any], T], what: Reason) -> T | None:
    """`parse(read_json(path))`, or None: when the file is missing (nothing to say), or when it cannot
    be read or parsed, in which case it is set aside and a notice for the player is queued
    (`take_notices`). `parse` refuses data by raising ValueError, TypeError or KeyError; `what`
    names the file for the player ("Your settings")."""
    try:
        return parse(read_json(path))
    except MissingFile:
        return None
    except UnreadableFile as e:
        why = e.reason
    except (ValueError, TypeError, KeyError, AttributeError, RecursionError):
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
    _NOTICES.append(notice)
    return kept


_NOTICES: list[Reason] = []


def take_notices() -> list[Reason]:
    """Every notice queued since the last call (the app shows each once)."""
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
