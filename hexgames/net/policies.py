"""The wire policy of each game, surveyed once per release and shipped (`assets/net/wire_policies.json`),
so that a server starting up serves its first table at once instead of surveying every game first
(`privacy.survey` takes seconds a game).

The file is made by `python -m hexgames.net.policies` (it surveys the five games and writes it) and a
test checks that it equals a fresh survey of each game, so a change of rules that changes a policy
fails until the file is made again. It is read through the guarded reader of files
(`files.read_json`: size and depth capped, strict JSON) and each entry is checked field by field; an
entry that fails, or a game the file does not name (a test game), is surveyed at first need as
before.
"""
from __future__ import annotations

import json
import logging
import sys
from pathlib import Path
from typing import Any

from hexgames import paths
from hexgames.core import files
from hexgames.net.privacy import WirePolicy

log = logging.getLogger("hexgames.net")

POLICY_FILE = paths.ASSETS / "net" / "wire_policies.json"
FORMAT = 1
GAMES = ("ingenious", "clans", "toradama", "dotlines", "stickers")
MAX_NAMES = 200  # attribute or class names in one list: far more than any game has
_NAME = 80


def to_json(policy: WirePolicy) -> dict[str, Any]:
    return {"withheld": sorted(policy.withheld), "spectators": policy.spectators,
            "secret_moves": sorted(policy.secret_moves), "public_moves": sorted(policy.public_moves)}


def _names(value: Any) -> frozenset[str]:
    if type(value) is not list or len(value) > MAX_NAMES or not all(
            type(x) is str and 0 < len(x) <= _NAME for x in value):
        raise ValueError("a list of names is malformed")
    return frozenset(value)


def from_json(data: Any) -> WirePolicy:
    """A policy as the file holds it; ValueError, in words, for anything else."""
    if type(data) is not dict or set(data) != {"withheld", "spectators", "secret_moves", "public_moves"}:
        raise ValueError("it is not a wire policy")
    if type(data["spectators"]) is not bool:
        raise ValueError("its spectators flag is not true or false")
    return WirePolicy(_names(data["withheld"]), data["spectators"], _names(data["secret_moves"]),
                      _names(data["public_moves"]))


def load(path: Path = POLICY_FILE) -> dict[str, WirePolicy]:
    """The policies in the shipped file, by game; none for a file that is missing or unreadable, and
    none for an entry that fails its check (each named in the log): those games are surveyed."""
    try:
        data = files.read_json(path)
    except files.UnreadableFile as e:
        log.warning("the shipped wire policies (%s) cannot be read: %s; every game is surveyed at first need",
                    path, e)
        return {}
    if type(data) is not dict or data.get("format") != FORMAT or type(data.get("games")) is not dict:
        log.warning("the shipped wire policies (%s) are not of format %d; every game is surveyed", path, FORMAT)
        return {}
    found = {}
    for game, entry in data["games"].items():
        try:
            found[game] = from_json(entry)
        except ValueError as e:
            log.warning("the shipped wire policy of %s was refused (%s); it is surveyed at first need",
                        str(game)[:40], e)
    return found


def survey_all(game_ids: tuple[str, ...] = GAMES) -> dict[str, Any]:
    """The file's data: a fresh survey of each game."""
    from hexgames.net.privacy import survey

    return {"format": FORMAT, "games": {game: to_json(survey(game)) for game in game_ids}}


def write(path: Path = POLICY_FILE, game_ids: tuple[str, ...] = GAMES) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    files.write_atomic(path, json.dumps(survey_all(game_ids), indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":  # python -m hexgames.net.policies [path]: survey the games, write the file
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else POLICY_FILE
    write(target)
    print(f"wrote {target}")
