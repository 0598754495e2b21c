"""Save files round-trip, and every kind of damaged file is refused with a message, changing nothing."""
import json

import pytest

from hexgames.core import saves
from hexgames.core.match import Match, Seat
from tests.core.toy import TOY, find_game



def _match(moves=("tap", "draw", "tap", "draw")):
    m = Match(TOY, [Seat("human", None, "Ann"), Seat("ai", "hard", "CPU")], {"deck": "double"}, 42)
    for mv in moves:
        m.play(mv)
    return m


def test_round_trip_reproduces_the_position(tmp_path):
    m = _match()
    path = tmp_path / "game.json"
    saves.write_save(m, path)
    loaded = saves.read_save(path, find_game)
    assert loaded.digest() == m.digest()
    assert loaded.moves == m.moves and loaded.seats == m.seats and loaded.options == m.options


def test_write_is_atomic_and_leaves_no_temp_files(tmp_path):
    path = tmp_path / "game.json"
    saves.write_save(_match(), path)
    saves.write_save(_match(("tap",)), path)
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]
    assert len(json.loads(path.read_text())["moves"]) == 1


def _damaged_variants(good: dict):
    yield "truncated", json.dumps(good)[:-20]
    yield "not json", "\x00\x01garbage"
    yield "foreign", json.dumps({"name": "some other program", "data": [1, 2]})
    yield "newer", json.dumps({**good, "version": saves.VERSION + 1})
    yield "no version", json.dumps({k: v for k, v in good.items() if k != "version"})
    yield "unknown game", json.dumps({**good, "game": "chess"})
    yield "bad seats", json.dumps({**good, "seats": [{"kind": "robot"}]})
    yield "bad option", json.dumps({**good, "options": {"deck": "huge"}})
    yield "bad move", json.dumps({**good, "moves": good["moves"] + ["teleport"]})
    yield "illegal move", json.dumps({**good, "moves": good["moves"] + ["tap"] * 20})
    yield "digest", json.dumps({**good, "digest": "0" * 32})
    yield "edited", json.dumps({**good, "seed": good["seed"] + 1})
    yield "list", json.dumps([1, 2, 3])
    yield "bad seed", json.dumps({**good, "seed": "x"})


@pytest.mark.parametrize("kind", [k for k, _ in _damaged_variants(saves.match_to_dict(_match()))])
def test_damaged_files_give_a_clear_error(tmp_path, kind):
    good = saves.match_to_dict(_match())
    text = dict(_damaged_variants(good))[kind]
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8", errors="surrogateescape")
    with pytest.raises(saves.SaveError) as e:
        saves.read_save(path, find_game)
    message = str(e.value)
    assert message and "\n" not in message and "Traceback" not in message
    assert path.read_text(encoding="utf-8", errors="surrogateescape") == text  # unchanged


def test_missing_file_is_a_save_error(tmp_path):
    with pytest.raises(saves.SaveError):
        saves.read_save(tmp_path / "nope.json", find_game)


def test_autosave_resumes_the_same_position_and_clears_when_over():
    assert saves.load_autosave(find_game) is None
    m = _match()
    saves.autosave(m)
    resumed = saves.load_autosave(find_game)
    assert resumed is not None and resumed.digest() == m.digest()
    while not m.is_over:
        m.play("tap")
    saves.autosave(m)
    assert saves.load_autosave(find_game) is None


def test_a_damaged_autosave_offers_nothing_instead_of_crashing():
    saves.autosave_path().write_text("{broken", encoding="utf-8")
    assert saves.load_autosave(find_game) is None


def test_private_notes_ride_along_per_seat_and_are_optional(tmp_path):
    m = _match()
    seen = []
    m.listeners.append(lambda match: seen.append(dict(match.notes)))
    m.set_note(0, {"1": 3})
    assert seen == [{0: {"1": 3}}]  # a note autosaves like a move
    digest = m.digest()
    path = tmp_path / "game.json"
    saves.write_save(m, path)
    data = json.loads(path.read_text())
    assert data["notes"] == {"0": {"1": 3}}
    loaded = saves.read_save(path, find_game)
    assert loaded.notes == {0: {"1": 3}} and loaded.digest() == digest
    m.set_note(0, None)
    assert m.notes == {} and "notes" not in saves.match_to_dict(m)  # saves without notes look as before
    for bad in ([1, 2], {"7": {}}, {"x": {}}, {"²": {}}):
        data["notes"] = bad
        with pytest.raises(saves.SaveError):
            saves.match_from_dict(data, find_game)


def test_a_resignation_in_a_save_is_refused_by_a_game_that_has_none(tmp_path):
    good = saves.match_to_dict(_match())
    path = tmp_path / "resigned.json"
    path.write_text(json.dumps({**good, "moves": good["moves"] + [{"resign": 0}]}))
    with pytest.raises(saves.SaveError) as e:
        saves.read_save(path, find_game)
    assert "no resignation" in str(e.value)
    for bad in ({"resign": 2}, {"resign": True}, {"resign": 0, "x": 1}):
        path.write_text(json.dumps({**good, "moves": good["moves"] + [bad]}))
        with pytest.raises(saves.SaveError, match="damaged"):
            saves.read_save(path, find_game)
