"""The seats kept between runs (`net.places`): what is written is read back, a hostile file gives what
is valid in it (and never a crash or a hang), at most MAX_PLACES are kept, one per table, newest first,
and a session remembers and forgets its seat as the server's frames say."""
from __future__ import annotations

import errno
import json
import os
import threading
from dataclasses import asdict

import pytest

from hexgames.core import files
from hexgames.net import places
from hexgames.net.frames import Frame
from hexgames.net.places import MAX_PLACES, Keeper, Place

TOKEN = "0123456789abcdef" * 2


def place(code: str = "ABC234", url: str = "ws://192.168.1.5:8765", hosted: bool = False, **kw) -> Place:
    fields = {"token": TOKEN, "game": "clans", "name": "Ann", "seat": 1, **kw}
    return Place(url, code, hosted=hosted, **fields)


def codes(found: list[Place]) -> list[str]:
    return [p.code for p in found]


def write_raw(content: str | bytes) -> None:
    path = places.path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content if isinstance(content, bytes) else content.encode())


def test_a_remembered_place_is_loaded_back_whole():
    assert places.load() == []
    places.remember(place(hosted=True, url="ws://127.0.0.1:8765", seat=0))
    places.remember(place("XYZ789", url="wss://games.example.org:443", game="ingenious", name="Bob"))
    found = places.load()
    assert codes(found) == ["XYZ789", "ABC234"]  # newest first
    first, second = found
    assert (first.url, first.token, first.game, first.hosted, first.name, first.seat) == (
        "wss://games.example.org:443", TOKEN, "ingenious", False, "Bob", 1)
    assert (second.hosted, second.seat, second.port) == (True, 0, 8765)
    assert first.saved[:4].isdigit() and "T" in first.saved


def test_the_token_is_never_in_a_place_s_words():
    assert TOKEN not in repr(place()) and TOKEN not in str(place())


def test_one_place_per_table_and_the_newest_first():
    places.remember(place("AAAAAA"))
    places.remember(place("BBBBBB"))
    places.remember(place("AAAAAA", seat=2))  # the same table again: moved first, not doubled
    places.remember(place("AAAAAA", url="ws://10.0.0.2:8765"))  # another server's table of that code
    places.remember(place("BBBBBB", hosted=True, url="ws://127.0.0.1:9000"))
    places.remember(place("BBBBBB", hosted=True, url="ws://127.0.0.1:9001"))  # hosted again: on another port
    found = places.load()
    assert [(p.code, p.url, p.hosted) for p in found] == [
        ("BBBBBB", "ws://127.0.0.1:9001", True), ("AAAAAA", "ws://10.0.0.2:8765", False),
        ("AAAAAA", "ws://192.168.1.5:8765", False), ("BBBBBB", "ws://192.168.1.5:8765", False)]
    assert found[2].seat == 2


def test_at_most_twenty_are_kept_the_newest():
    made = [f"ABC{n:03d}".replace("0", "Z").replace("1", "Y") for n in range(MAX_PLACES + 5)]
    for code in made:
        places.remember(place(code))
    assert codes(places.load()) == made[::-1][:MAX_PLACES]
    assert len(json.loads(places.path().read_text())["places"]) == MAX_PLACES


def test_forget_drops_that_table_and_keeps_the_others():
    places.remember(place("AAAAAA"))
    places.remember(place("BBBBBB"))
    places.forget("AAAAAA")
    assert codes(places.load()) == ["BBBBBB"]
    places.forget("CCCCCC")  # nothing of it: nothing changes
    assert codes(places.load()) == ["BBBBBB"]


def test_the_file_is_the_player_s_own():
    places.remember(place())
    if os.name == "posix":
        assert places.path().stat().st_mode & 0o077 == 0


@pytest.mark.parametrize("field, value", [
    ("url", "http://example.org:80"), ("url", "ws://host:99999"), ("url", "ws://a b:1"), ("url", 5),
    ("url", "ws://" + "h" * 200 + ":1"), ("code", "abc234"), ("code", "ABC10O"), ("code", None),
    ("token", "0123"), ("token", TOKEN.upper()), ("token", ["x"]), ("game", "chess"), ("game", 3),
    ("hosted", "yes"), ("hosted", 1), ("name", "n" * 101), ("name", {}), ("seat", 9), ("seat", True),
    ("seat", "1"), ("seat", -1), ("saved", "yesterday"), ("saved", 20250101),
])
def test_an_entry_with_one_bad_field_is_dropped_and_the_others_kept(field, value):
    good = {**asdict(place("GREAT2")), "saved": "2025-05-01T10:00:00"}
    bad = {**good, "code": "BAD222", field: value}
    missing = {k: v for k, v in good.items() if k != field}
    missing["code"] = "MESS22" if field != "code" else None
    write_raw(json.dumps({"places": [bad, 7, "x", None, missing, good]}))
    assert codes(places.load()) == ["GREAT2"]
    assert files.take_notices() == []  # entries dropped quietly: the file itself is fine


@pytest.mark.parametrize("content", [
    b"\x00\xff garbage", "[1, 2, 3]", '{"places": {"a": 1}}', '{"places": "x"}', "",
    "[" * 10_000 + "]" * 10_000, '{"places": [' + "[" * 5000 + "]" * 5000 + "]}",
    b'{"places": ["' + b"x" * (files.MAX_FILE_BYTES + 10) + b'"]}',
])
def test_a_damaged_file_is_set_aside_with_a_notice_and_remembering_goes_on(content):
    write_raw(content)
    assert places.load() == []
    notices = files.take_notices()
    assert [n.params["what"].key for n in notices] == ["core.file.online_seats"]
    assert not places.path().exists()  # set aside, beside it
    assert any(p.name.startswith("online_seats.damaged-") for p in places.path().parent.iterdir())
    places.remember(place())
    assert codes(places.load()) == ["ABC234"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are a POSIX thing")
def test_a_fifo_in_its_place_neither_blocks_nor_crashes():
    places.path().parent.mkdir(parents=True)
    os.mkfifo(places.path())
    done: list[list[Place]] = []
    reader = threading.Thread(target=lambda: done.append(places.load()), daemon=True)
    reader.start()
    reader.join(10)
    assert done == [[]]
    assert files.take_notices()


def test_a_folder_in_its_place_gives_no_places_and_is_set_aside():
    places.path().mkdir(parents=True)
    assert places.load() == []
    assert files.take_notices()
    places.remember(place())
    assert codes(places.load()) == ["ABC234"]


def test_a_file_that_cannot_be_written_is_told_once_in_words(monkeypatch):
    def full(path, text):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(files, "write_atomic", full)
    keeper = Keeper(hosted=False)
    for seq in (1, 2):  # a welcome at every reconnection
        keeper.see(Frame("welcome", seq, {"code": "ABC234", "game": "clans", "seat": 0}), fake_client(), "Ann")
    [notice] = files.take_notices()
    assert notice.key == "core.file.not_kept" and notice.params["why"].key == "core.file.os.no_space"


def fake_client(token: str | None = TOKEN):
    return type("C", (), {"url": "ws://10.0.0.2:8765", "token": token})()


def test_a_keeper_remembers_at_a_welcome_and_forgets_at_the_final_frame():
    keeper = Keeper(hosted=False)
    keeper.see(Frame("welcome", 3, {"code": "ABC234", "game": "clans", "seat": None}), fake_client(None), "Ann")
    assert places.load() == []  # a spectator holds no seat
    keeper.see(Frame("welcome", 3, {"code": "ABC234", "game": "clans", "seat": 2}), fake_client(), "Ann")
    [kept] = places.load()
    assert (kept.url, kept.code, kept.token, kept.seat, kept.hosted, kept.name) == (
        "ws://10.0.0.2:8765", "ABC234", TOKEN, 2, False, "Ann")
    keeper.see(Frame("error", 4, {"code": "not_your_turn"}), fake_client(), "Ann")
    assert codes(places.load()) == ["ABC234"]
    keeper.see(Frame("final", 9, {"record": {}}), fake_client(), "Ann")
    assert places.load() == []


def test_a_seat_the_host_reopened_is_forgotten():
    keeper = Keeper(hosted=False)
    keeper.see(Frame("welcome", 1, {"code": "ABC234", "game": "clans", "seat": 1}), fake_client(), "Ann")
    assert codes(places.load()) == ["ABC234"]
    keeper.see(Frame("error", 2, {"code": "reopened"}), fake_client(), "Ann")
    assert places.load() == []


@pytest.mark.parametrize("code", ["auth", "no_table"])
def test_a_refused_resume_forgets_the_place(code):
    places.remember(place("ABC234"))
    places.remember(place("XYZ789"))
    keeper = Keeper(hosted=False)
    keeper.see(Frame("error", 0, {"code": code}), fake_client(), "Ann")
    assert codes(places.load()) == ["XYZ789", "ABC234"]  # a refusal to a session that asked no seat back
    keeper.resuming("ABC234")
    keeper.see(Frame("error", 0, {"code": code}), fake_client(), "Ann")
    assert codes(places.load()) == ["XYZ789"]
