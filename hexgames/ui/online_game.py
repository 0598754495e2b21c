"""The game screen of online play (being built by the lead): `open_online_game` turns a started
table's first sync into the game's own scene, driven by the server through a `RemoteTable`."""
from __future__ import annotations

from typing import TYPE_CHECKING

from hexgames.net.frames import Frame
from hexgames.net.session import Session

if TYPE_CHECKING:
    from hexgames.app import App


def open_online_game(app: "App", session: Session, sync: Frame) -> None:
    """Show the started table of `session` (its "sync" frame `sync`) in its game's scene."""
    raise NotImplementedError("the online game screen is not merged yet")
