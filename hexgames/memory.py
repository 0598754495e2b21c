"""How much memory a process holds, for `arena`'s progress lines and `bench`'s peak figures, and
giving back what it has freed.

Read from Linux's /proc (resident set now, VmRSS, and its peak, VmHWM); elsewhere the peak comes from
`resource.getrusage` where there is one, and what cannot be known is None: a figure, never a failure.
"""
from __future__ import annotations

import ctypes
import functools
import gc
import os
import sys
from pathlib import Path

PROC = Path("/proc")


def _status_mib(pid: int | str, field: str) -> float | None:
    try:
        text = (PROC / str(pid) / "status").read_text()
    except OSError:
        return None
    for line in text.splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024  # kB
    return None


def rss_mib(pid: int | str = "self") -> float | None:
    """The resident set of a process now, in MiB."""
    return _status_mib(pid, "VmRSS")


def tree_rss_mib() -> float | None:
    """This process's resident set and its children's (an arena's worker processes), in MiB."""
    own = rss_mib()
    if own is None:
        return None
    return own + sum(rss_mib(child) or 0.0 for child in _children(os.getpid()))


def _children(pid: int) -> list[int]:
    out = []
    for task in (PROC / str(pid) / "task").glob("*"):
        try:
            out += [int(c) for c in (task / "children").read_text().split()]
        except (OSError, ValueError):
            continue
    return out


def peak_rss_mib() -> float | None:
    """The most this process has held resident (since `reset_peak`), in MiB."""
    peak = _status_mib("self", "VmHWM")
    if peak is not None:
        return peak
    try:
        import resource
    except ImportError:  # Windows
        return None
    maxrss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return maxrss / 2**20 if sys.platform == "darwin" else maxrss / 1024  # bytes on macOS, kB elsewhere


def reset_peak() -> bool:
    """Start `peak_rss_mib` again from the resident set now (Linux); False where it cannot."""
    try:
        (PROC / "self" / "clear_refs").write_text("5")
    except OSError:
        return False
    return True


def give_back_freed() -> None:
    """Free what only reference cycles keep alive, and hand the memory freed so far back to the
    system: a screen that was replaced (a scene and its pictures refer to each other) would wait
    for the collector's next full pass, and glibc keeps what a process frees for its next
    allocations, so the app would stay as large as it was and the next screen's peak would come on
    top. About 10 ms; the giving back does nothing where there is no glibc."""
    gc.collect()
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


@functools.lru_cache(maxsize=1)
def _malloc_trim() -> "ctypes._CFuncPtr | None":
    if not sys.platform.startswith("linux"):
        return None
    try:
        return ctypes.CDLL("libc.so.6").malloc_trim
    except (OSError, AttributeError):  # another C library (musl)
        return None
