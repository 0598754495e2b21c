"""The game registry: one `GameInfo` per game, found by id.

Registration is declarative and imports no pygame: the scene is named by a dotted path and loaded only
when the app needs it, so the arena, bench and AI workers stay headless. What a game is (`GameInfo`,
`Mode`, `OptionSpec`) lives in the engine (`hexgames.core.gameinfo`), which never looks a game up by
id: whoever holds an id asks here (`get`, `new_match`).
"""
from __future__ import annotations

import importlib
from typing import Any, Mapping, Sequence

from hexgames.core.gameinfo import GameInfo, Mode, OptionSpec
from hexgames.core.match import Match, Seat

__all__ = ["GameInfo", "Mode", "OptionSpec", "get", "new_match", "register", "registered", "shipped"]

_GAMES: dict[str, GameInfo] = {}
_LOADED = False

# Each game module exposes `GAME: GameInfo`. Listed in menu order.
_GAME_MODULES = (
    "hexgames.games.ingenious",
    "hexgames.games.clans",
    "hexgames.games.toradama",
    "hexgames.games.dotlines",
    "hexgames.games.stickers",
)


def _load() -> None:
    global _LOADED
    if _LOADED:
        return
    _LOADED = True
    for path in _GAME_MODULES:
        register(importlib.import_module(path).GAME)  # a mistyped module or a missing GAME fails loudly


def register(info: GameInfo) -> None:
    _GAMES[info.id] = info


def get(game_id: str) -> GameInfo:
    _load()
    try:
        return _GAMES[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}; known: {', '.join(_GAMES)}") from None


def registered() -> list[GameInfo]:
    """Every game, in menu order."""
    _load()
    return list(_GAMES.values())


def shipped() -> list[GameInfo]:
    """The games hexgames ships, in menu order, without any others registered since (tests' toy games)."""
    _load()
    return [importlib.import_module(path).GAME for path in _GAME_MODULES]


def new_match(game_id: str, seats: Sequence[Seat], options: Mapping[str, Any] | None = None,
              seed: int = 0) -> Match:
    """A new match of the registered game `game_id` (KeyError if there is none)."""
    return Match(get(game_id), seats, options, seed)
