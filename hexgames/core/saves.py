"""Save files: versioned JSON holding how to rebuild a match, never the state itself.

A save is the game id, options, seats, seed and the encoded moves; loading replays them and checks the
digest of the final state, so a file edited by hand or written by a different rules version is caught
instead of producing a subtly different game. Writes go to a temporary file that is renamed over the
target, so a crash mid-write leaves the old file intact.
"""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from hexgames import games
from hexgames.core.files import write_atomic
from hexgames.core.match import Match, Seat
from hexgames.core.protocol import IllegalMove

FORMAT = "hexgames-save"
VERSION = 1
AUTOSAVE_NAME = "autosave.json"


class SaveError(Exception):
    """A save file that cannot be used; the message is for the player."""


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


def match_to_dict(match: Match) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": match.game_id,
        "options": match.options,
        "seats": [s.to_json() for s in match.seats],
        "seed": match.seed,
        "moves": [match.rules.encode(m) for m in match.moves],
        "digest": match.digest(),
    }


def match_from_dict(data: Any) -> Match:
    """Rebuild and verify a match; every problem becomes a SaveError with a readable message."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("This is not a hexgames save file.")
    version = data.get("version")
    if not isinstance(version, int):
        raise SaveError("The save file has no valid version number.")
    if version > VERSION:
        raise SaveError(f"This save was written by a newer hexgames (format {version}); please update.")
    try:
        info = games.get(data["game"])
    except (KeyError, TypeError):
        raise SaveError(f"The save is for an unknown game: {data.get('game')!r}.") from None
    try:
        seats = [Seat.from_json(s) for s in data["seats"]]
        seed = data["seed"]
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError("seed must be a whole number")
        match = Match(info.id, seats, data["options"], seed)
        moves = [match.rules.decode(m) for m in data["moves"]]
    except SaveError:
        raise
    except Exception as e:  # malformed fields of any kind
        raise SaveError(f"The save file is damaged ({type(e).__name__}: {e}).") from None
    try:
        match.replay(moves)
    except IllegalMove as e:
        raise SaveError(f"The save file's moves do not replay: {e.reason}") from None
    except Exception as e:
        raise SaveError(f"The save file's moves do not replay ({type(e).__name__}).") from None
    if data.get("digest") != match.digest():
        raise SaveError("The save file does not match the game it describes (digest differs).")
    return match


def write_save(match: Match, path: str | os.PathLike[str]) -> None:
    write_atomic(path, json.dumps(match_to_dict(match), ensure_ascii=False, indent=1))


def read_save(path: str | os.PathLike[str]) -> Match:
    try:
        raw = Path(path).read_bytes()
    except OSError as e:
        raise SaveError(f"The file cannot be read: {e.strerror or e}.") from None
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise SaveError("The save file is damaged or truncated (not valid JSON).") from None
    return match_from_dict(data)


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


def load_autosave() -> Match | None:
    """The match to resume, or None (no autosave, or one that no longer loads)."""
    path = autosave_path()
    if not path.exists():
        return None
    try:
        return read_save(path)
    except SaveError:
        return None
