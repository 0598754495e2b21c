"""Each game's wire policy ships with the release: the file must be what a fresh survey finds (a change
of rules that changes a policy fails here until `python -m hexgames.net.policies` writes it again),
and a damaged file is refused entry by entry, those games surveyed as before."""
from __future__ import annotations

import json

import pytest

from hexgames.net import policies
from hexgames.net.privacy import WirePolicy, survey


@pytest.mark.parametrize("game", policies.GAMES)
def test_the_shipped_policy_is_a_fresh_survey_of_the_game(game):
    assert policies.load()[game] == survey(game)


def test_a_damaged_policy_file_is_refused_entry_by_entry(tmp_path, caplog):
    good = policies.to_json(WirePolicy(frozenset({"rack"}), False, frozenset({"Pick"}), frozenset({"Place"})))
    entries = {
        "good": good,
        "not an object": [1],
        "a field more": {**good, "x": 1},
        "flag a number": {**good, "spectators": 1},
        "names not a list": {**good, "withheld": "rack"},
        "a name a number": {**good, "public_moves": [5]},
        "too many names": {**good, "withheld": [f"a{i}" for i in range(300)]},
    }
    path = tmp_path / "wire_policies.json"
    path.write_text(json.dumps({"format": 1, "games": entries}))
    found = policies.load(path)
    assert found == {"good": WirePolicy(frozenset({"rack"}), False, frozenset({"Pick"}), frozenset({"Place"}))}
    assert caplog.text.count("was refused") == len(entries) - 1
    for raw in ("{", "[]", json.dumps({"format": 2, "games": entries}), "[" * 10_000):
        path.write_text(raw)
        assert policies.load(path) == {}
    assert policies.load(tmp_path / "missing.json") == {}
