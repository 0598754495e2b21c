"""A cache that keeps a fixed number of entries, so a process that runs for hours stays flat in memory.

Module-level memos (pictures per size, an AI's per-position tables, fitted fonts) are filled as long
as the process lives: an arena of a thousand games, a session with many window sizes, a server. Each
keeps at most `maxsize` entries here; past that the one used longest ago goes. `functools.lru_cache`
does the same for a function of hashable arguments; this is for caches filled by hand under a key
the caller makes (`get_or_make(key, make)`), like Sticker Turf's per-state `cached()`.
"""
from __future__ import annotations

from collections import OrderedDict
from typing import Callable, Generic, Hashable, Iterator, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
_MISSING = object()


class BoundedCache(Generic[K, V]):
    """The `maxsize` most recently used entries of a dict; storing one more drops the least recently
    used. Reading an entry (`get`, `get_or_make`, `in` does not) counts as using it."""

    __slots__ = ("maxsize", "_entries")

    def __init__(self, maxsize: int):
        if maxsize < 1:
            raise ValueError(f"a cache keeps at least one entry, not {maxsize}")
        self.maxsize = maxsize
        self._entries: OrderedDict[K, V] = OrderedDict()

    def get(self, key: K, default: V | None = None) -> V | None:
        """The value stored under `key` (now the most recently used), else `default`."""
        value = self._entries.get(key, _MISSING)
        if value is _MISSING:
            return default
        self._entries.move_to_end(key)
        return value  # type: ignore[return-value]

    def put(self, key: K, value: V) -> V:
        """Store `value` under `key` as the most recently used entry; returns `value`."""
        entries = self._entries
        entries[key] = value
        entries.move_to_end(key)
        if len(entries) > self.maxsize:
            entries.popitem(last=False)
        return value

    def get_or_make(self, key: K, make: Callable[[], V]) -> V:
        """The value under `key`, made by `make()` and stored the first time (None is a value too)."""
        value = self.get(key, _MISSING)  # type: ignore[arg-type]
        if value is _MISSING:
            return self.put(key, make())
        return value  # type: ignore[return-value]

    def pop(self, key: K, default: V | None = None) -> V | None:
        return self._entries.pop(key, default)

    def clear(self) -> None:
        self._entries.clear()

    def __contains__(self, key: object) -> bool:
        return key in self._entries

    def __len__(self) -> int:
        return len(self._entries)

    def __iter__(self) -> Iterator[K]:
        """The keys, least recently used first (a copy: the cache may change while they are read)."""
        return iter(list(self._entries))
