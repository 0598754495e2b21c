"""Values derived from the position on screen, computed once per state, viewer and language: frames
are many and moves few, so a game scene's views, legal moves, territories and texts are not worked
out again 60 times a second (`GameScene.cached`).

A new viewer starts afresh, so nothing computed for one seat is drawn for another; states are told
apart by identity, since an undo may bring back an equal one. A scene forgets everything when it is
laid out again (cached surfaces have a size).
"""
from __future__ import annotations

from typing import Any, Callable


class PositionCache:
    """Values by key for the position `stamp()` names: (state, viewer, language)."""

    def __init__(self, stamp: Callable[[], tuple[Any, ...]]):
        self.stamp = stamp
        self._values: dict[Any, Any] = {}
        self._stamp: tuple[Any, ...] = ()

    def cached(self, key: Any, compute: Callable[[], Any]) -> Any:
        """The value of `key` for the position on screen, computed now if it is not known yet."""
        stamp = self.stamp()
        old = self._stamp
        if not old or old[0] is not stamp[0] or old[1:] != stamp[1:]:  # states by identity: undo repeats
            self._stamp, self._values = stamp, {}
        if key not in self._values:
            self._values[key] = compute()
        return self._values[key]

    def forget(self) -> None:
        self._values = {}
