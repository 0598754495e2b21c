"""Save files: versioned JSON holding how to rebuild a match, never the state itself.

A save is the game id, options, seats, seed and the encoded moves (a resignation among them, which any
seat may give at any time, as `{"resign": seat}`: `match.encode_entry`); loading replays them and checks the
digest of the final state, so a file edited by hand or written by a different rules version is caught
instead of producing a subtly different game. Writes go to a temporary file that is renamed over the
target, so a crash mid-write leaves the old file intact.

Each seat's private notes (`Match.notes`, e.g. colour guesses) ride along in an optional `notes`
object keyed by seat number: they are not moves and not in the digest, and a save without them (any
older one) loads with none. The format version stays 1: older readers ignore the field.

`uid` (`Match.uid`, the match's random id for the players' records) is optional in the same way: a
save without one (any older save) loads with a new one. The hints each seat took (`Match.hints`)
ride the same way in an optional `hints` object.

A save names its game by id; reading one takes the lookup that finds a game by id (`find_game`: the
registry's `hexgames.games.get`, or a test's own), since the engine does not depend on the registry.
"""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Callable

from hexgames.core.files import MissingFile, UnreadableFile, read_json, report_set_aside, write_atomic
from hexgames.core.gameinfo import GameInfo
from hexgames.core.match import Match, Seat, decode_entry, encode_entry, is_uid
from hexgames.core.protocol import IllegalMove, Reason, clip

FORMAT = "hexgames-save"
VERSION = 1
AUTOSAVE_NAME = "autosave.json"
MAX_SEED = 2**64  # far above any seed the app makes; bounds what an edited file can ask for
MAX_HINTS = 10**6  # hints a seat can have taken: far above any real game, bounds an edited file

FindGame = Callable[[str], GameInfo]  # a game by its id, KeyError if there is none (`hexgames.games.get`)


class SaveError(Exception):
    """A save file that cannot be used; `reason` is a short `Reason` for the player (never an
    exception's text or an echo of the file's data)."""

    def __init__(self, reason: Reason):
        super().__init__(str(reason))
        self.reason = reason


class MissingSave(SaveError):
    """There is no file at the path (no message is due for a missing autosave)."""


def _error(key: str, text: str, **params: Any) -> SaveError:
    return SaveError(Reason(f"core.save.{key}", text, **params))


def data_location() -> Path:
    """Where the app keeps autosaves, settings and high scores (platform conventions), without
    creating it: what to tell the player when the folder cannot be made or written.

    `HEXGAMES_DATA_DIR` overrides it, which tests use to stay out of the user's files."""
    override = os.environ.get("HEXGAMES_DATA_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("hexgames", appauthor=False))


def data_dir() -> Path:
    """`data_location()`, created if missing (raises OSError when it cannot be)."""
    path = data_location()
    path.mkdir(parents=True, exist_ok=True)
    return path


def dialog_folder() -> Path:
    """Where the save and load dialogs open: the data folder, or the home folder where that cannot
    be made (a player can still save elsewhere)."""
    try:
        return data_dir()
    except OSError:
        return Path.home()


def match_to_dict(match: Match) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": match.game_id,
        "options": match.options,
        "seats": [s.to_json() for s in match.seats],
        "seed": match.seed,
        "moves": [encode_entry(match.rules, m) for m in match.moves],
        "digest": match.digest(),
        "uid": match.uid,
        **({"notes": {str(seat): note for seat, note in sorted(match.notes.items())}} if match.notes else {}),
        **({"hints": {str(seat): n for seat, n in sorted(match.hints.items())}} if match.hints else {}),
    }


def _per_seat(data: Any, seats: int, field: str) -> dict[int, Any]:
    """An optional per-seat object keyed by seat number ("0".."3"); absent means empty."""
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise ValueError(f"{field} must be an object keyed by seat")
    out = {}
    for key, value in data.items():
        if not (isinstance(key, str) and key.isascii() and key.isdigit() and int(key) < seats):
            raise ValueError(f"{field} for an unknown seat {key!r}")
        out[int(key)] = value
    return out


def _notes_from(data: Any, seats: int) -> dict[int, Any]:
    """Each seat's private notes (any JSON data)."""
    return _per_seat(data, seats, "notes")


def _hints_from(data: Any, seats: int) -> dict[int, int]:
    """How many hints each seat took: whole numbers above zero."""
    hints = _per_seat(data, seats, "hints")
    if any(type(n) is not int or not 0 < n <= MAX_HINTS for n in hints.values()):
        raise ValueError("hint counts must be whole numbers above zero")
    return hints


def match_from_dict(data: Any, find_game: FindGame) -> Match:
    """Rebuild and verify a match of the game `find_game` gives for its id; every problem becomes a
    SaveError with a short readable reason."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _error("foreign", "This is not a hexgames save file.")
    version = data.get("version")
    if type(version) is not int:
        raise _error("no_version", "The save file has no valid version number.")
    if version > VERSION:
        raise _error("newer", "This save was written by a newer hexgames; please update.")
    game = data.get("game")
    try:
        info = find_game(game)
    except (KeyError, TypeError):
        raise _error("unknown_game", "The save is for a game this hexgames does not have: {game}.",
                     game=clip(repr(game), 40)) from None
    try:
        seats = [Seat.from_json(s) for s in data["seats"]]
        seed = data["seed"]
        if type(seed) is not int or abs(seed) > MAX_SEED:
            raise ValueError("seed must be a whole number")
        match = Match(info, seats, data["options"], seed)
        moves = [decode_entry(match.rules, m, len(seats)) for m in data["moves"]]
        match.notes = _notes_from(data.get("notes"), len(seats))
        if "uid" in data:
            if not is_uid(data["uid"]):
                raise ValueError("uid must be a short id")
            match.uid = data["uid"]
        match.hints = _hints_from(data.get("hints"), len(seats))
    except Exception:  # malformed fields of any kind; the player needs no exception text
        raise _error("damaged", "The save file is damaged.") from None
    try:
        match.replay(moves)
    except IllegalMove as e:
        raise _error("replay", "The save file's moves do not replay: {why}", why=e.reason) from None
    except Exception:
        raise _error("replay_failed", "The save file's moves do not replay.") from None
    if data.get("digest") != match.digest():
        raise _error("digest", "The save file does not match the game it describes.")
    return match


def write_save(match: Match, path: str | os.PathLike[str]) -> None:
    write_atomic(path, json.dumps(match_to_dict(match), ensure_ascii=False, indent=1))


def read_save(path: str | os.PathLike[str], find_game: FindGame) -> Match:
    """The match saved in `path` (its game found by `find_game`); any content at all becomes a
    SaveError, never another exception."""
    try:
        data = read_json(path)
    except MissingFile as e:
        raise MissingSave(e.reason) from None
    except UnreadableFile as e:  # a pipe, a device, a link loop, too big, not JSON...
        raise SaveError(e.reason) from None
    try:
        return match_from_dict(data, find_game)
    except SaveError:
        raise
    except Exception:  # a last guard: a bug in a game's setup must not crash loading
        raise _error("damaged", "The save file is damaged.") from None


# --- autosave -------------------------------------------------------------------------------------
def autosave_path() -> Path:
    """In the data folder, created when possible. Where it cannot be made the path is still given:
    reading it finds nothing, and writing fails with the OSError the app reports to the player."""
    try:
        return data_dir() / AUTOSAVE_NAME
    except OSError:
        return data_location() / AUTOSAVE_NAME


def autosave(match: Match) -> None:
    """Called after every move: a finished game leaves nothing to resume."""
    if match.is_over:
        clear_autosave()
    else:
        write_save(match, autosave_path())


def clear_autosave() -> None:
    try:
        autosave_path().unlink()
    except FileNotFoundError:
        pass


def load_autosave(find_game: FindGame) -> Match | None:
    """The match to resume (its game found by `find_game`), or None. An autosave that no longer loads
    (damaged, written by other rules, or no file at all: a pipe, a link loop...) is set aside and a
    notice queued for the player (`files.take_notices`)."""
    path = autosave_path()
    try:
        return read_save(path, find_game)
    except MissingSave:
        return None
    except SaveError as e:
        report_set_aside(path, Reason("core.file.autosave", "The autosaved game"), e.reason)
        return None
