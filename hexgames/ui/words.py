"""The one way a game's screen words itself: each game makes its helper once, from the namespace
of its screen texts, and every scene, panel and dialog of that game calls it with the app.

    tr_ui = translator("toradama_ui")          # in the game's module that the others import
    tr_ui(app, "points", "points")             # "toradama_ui.points" in the player's language

The default is the English text, shown where a translation is missing; parameters fill `%{name}`
places as `App.tr` does (and `count` picks a plural form). A game's title, wherever a screen names
the game, is `game_title`."""
from __future__ import annotations

from typing import Any, Callable


def translator(namespace: str) -> Callable[..., str]:
    """The screen-text helper of a game whose texts live under `namespace`."""

    def tr_ui(app: Any, key: str, default: str | None = None, **params: Any) -> str:
        return app.tr(f"{namespace}.{key}", default=default, **params)

    tr_ui.__doc__ = f"A screen text of {namespace!r} in the player's language."
    return tr_ui


def game_title(app: Any, info: Any) -> str:
    """The game's title in the player's language (its registered title where none is translated)."""
    return app.tr(f"{info.id}.title", default=info.title)
