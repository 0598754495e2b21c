"""The seats this player holds at online tables, kept between runs of the app, so that a player whose
app closed (or crashed) mid-game can go back to their seat.

A seat is taken back with its token, the 128-bit secret the server gave in its "welcome": whoever
has it plays that seat. So the token is kept like a save, in the player's own data folder (a small
JSON file, written atomically: a temp file, readable by its owner only, renamed over the old one),
and it is never logged, shown, or put in a URL or a window title (`Place`'s repr leaves it out).

The file is the player's to edit or damage: it is read only through `files.load_user_file`
(a regular file, size and depth capped; a file that is no list of places at all is set aside with a
notice), and each entry is checked field by field: a bad entry is dropped, the others kept.

    places.remember(Place(url, code, token, game, hosted, name, seat))   # newest first, at most MAX_PLACES
    places.load()        # -> [Place, ...]
    places.forget(code)  # the game is over, or the server no longer knows the seat

`Keeper` does this for a `Session` as its frames arrive. Nothing here imports pygame.
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, replace
from datetime import datetime
from typing import Any

from hexgames import games
from hexgames.core import files, saves
from hexgames.core.protocol import Reason
from hexgames.net import frames
from hexgames.net.frames import Frame

FILE_NAME = "online_seats.json"
MAX_PLACES = 20
MAX_URL = 200
REFUSED = ("auth", "no_table", "reopened")  # the seat, or the table, is gone for good (the host reopened it)
_WHAT = Reason("core.file.online_seats", "Your online tables")


@dataclass(frozen=True)
class Place:
    """One seat at one online table. `url` is the server's websocket URL (`session.server_url`'s
    form; a server of several processes: their URLs, comma separated); for a table this app `hosted`, the server is this app's own, started again on return."""

    url: str
    code: str
    token: str = field(repr=False)  # the seat's secret: never shown, never logged
    game: str
    hosted: bool
    name: str
    seat: int
    saved: str = ""  # ISO date and time it was last held

    @property
    def key(self) -> tuple[str, str]:
        """One place per table: by its server (any run of this app's own, when hosted) and code."""
        return ("hosted" if self.hosted else self.url, self.code)

    @property
    def port(self) -> int:
        return int(self.url.rpartition(":")[2])


def path() -> Any:
    return saves.data_location() / FILE_NAME


def load() -> list[Place]:
    """The places in the file, newest first: each valid entry (at most MAX_PLACES, one per table);
    none when the file is missing, and none, with a notice, when it is not a list at all."""
    entries = files.load_user_file(path(), _entries, _WHAT)
    places: list[Place] = []
    for entry in entries or []:
        place = parse(entry)
        if place is not None and all(p.key != place.key for p in places):
            places.append(place)
    return places[:MAX_PLACES]


def _entries(data: Any) -> list[Any]:
    if not isinstance(data, dict) or not isinstance(data.get("places"), list):
        raise ValueError("the file holds no list of places")
    return data["places"]


def parse(entry: Any) -> Place | None:
    """The place an entry of the file describes, or None if any field is missing or not valid."""
    if not isinstance(entry, dict):
        return None
    url, code, token, game = entry.get("url"), entry.get("code"), entry.get("token"), entry.get("game")
    hosted, name, seat, saved = entry.get("hosted"), entry.get("name"), entry.get("seat"), entry.get("saved")
    valid = (_is_url(url) and frames.CODE(code) and frames.TOKEN(token) and _is_game(game) and type(hosted) is bool
             and frames.NAME(name) and frames.SEAT(seat) and _is_date(saved))
    return Place(url, code, token, game, hosted, name, seat, saved) if valid else None


def _is_url(url: Any) -> bool:
    from hexgames.net.session import AddressError, server_urls  # the session imports this module

    if type(url) is not str or len(url) > MAX_URL:
        return False
    try:
        return ",".join(server_urls(url)) == url
    except AddressError:
        return False


def _is_game(game: Any) -> bool:
    return type(game) is str and game in {g.id for g in games.registered()}


def _is_date(saved: Any) -> bool:
    if type(saved) is not str or len(saved) > 40:
        return False
    try:
        datetime.fromisoformat(saved)
    except ValueError:
        return False
    return True


def remember(place: Place, when: datetime | None = None) -> None:
    """Keep `place` first, dated `when` (now by default), in the place of any earlier one of the
    same table; raises OSError when the file cannot be written."""
    place = replace(place, saved=(when or datetime.now()).isoformat(timespec="seconds"))
    if parse(asdict(place)) is None:
        raise ValueError("not a place of an online table")
    _write([place] + [p for p in load() if p.key != place.key])


def forget(code: str) -> None:
    """Drop every place at the table with this code (a code is one table's, whatever its server);
    raises OSError when the file cannot be written."""
    kept = load()
    if any(p.code == code for p in kept):
        _write([p for p in kept if p.code != code])


def _write(kept: list[Place]) -> None:
    saves.data_dir()
    files.write_atomic(path(), json.dumps({"places": [asdict(p) for p in kept[:MAX_PLACES]]}, indent=1))


class Keeper:
    """Keeps one session's seat in the file as the session's frames arrive: remembered at each
    welcome to a seat (after create, sit or resume), forgotten at the game's "final" frame or when a
    resume is refused for good (REFUSED). A file that cannot be written is told once, in words."""

    def __init__(self, hosted: bool):
        self.hosted = hosted
        self.code: str | None = None  # the table whose seat this session holds, or asks back
        self.failed = False

    def resuming(self, code: str) -> None:
        self.code = code

    def see(self, frame: Frame, client: Any, name: str) -> None:
        d = frame.d
        if frame.t == "welcome" and d.get("seat") is not None and client.token:
            self.code = d.get("code")
            self._safely(remember, Place(client.url, d.get("code"), client.token, d.get("game"), self.hosted, name,
                                         d.get("seat")))
        elif self.code and (frame.t == "final" or (frame.t == "error" and d.get("code") in REFUSED)):
            # a held seat makes no request that could be refused so: the refusal is its resume's,
            # or the host reopened it
            code, self.code = self.code, None
            self._safely(forget, code)

    def _safely(self, change: Any, what: Any) -> None:
        try:
            change(what)
        except ValueError:
            pass  # a seat the file cannot describe (a name past its length): play goes on, unkept
        except OSError as e:
            if not self.failed:
                files.notify(Reason("core.file.not_kept", "{what} could not be saved ({why}): if the app closes, you cannot return to this table.", what=_WHAT,
                                    why=files.os_error_reason(e)))
            self.failed = True
