"""A table on the server, without sockets: seats and credentials, turns, undo by consent, chat."""
import json
import random

import pytest

from hexgames.net.privacy import survey
from hexgames.net.room import Room, RoomError, hash_secret, new_table


def _room(game="clans", specs=("human", "human"), name="Ann") -> tuple[Room, str, str]:
    record, token, key = new_table(game, {}, list(specs), None, name, True, [])
    return Room(record, survey(game)), token, key


def _code(call) -> str:
    with pytest.raises(RoomError) as e:
        call()
    assert str(e.value.reason)
    return e.value.code


def test_credentials_are_random_128_bit_and_kept_only_as_hashes():
    room, token, key = _room()
    assert len(token) == len(key) == 32 and token != key
    assert room.seat_of(token) == 0 and room.seat_of(key) is None and room.seat_of("0" * 32) is None
    assert room.is_spectator_key(key) and not room.is_spectator_key(token)
    stored = json.dumps([s.to_json() for s in room.record.seats]) + room.record.spectator_hash
    assert token not in stored and key not in stored and hash_secret(token) in stored
    assert len(room.code) == 6 and room.record.seed >= 2**62  # far too large to turn up by chance in a frame


def test_the_lobby_fills_then_the_host_starts():
    room, _, _ = _room("ingenious", ("human", "human", "human"))
    assert _code(lambda: room.start(0)) == "not_full"
    record, seat, token = room.sit(None, "  Bob\n\x00 ")
    room.adopt(record)
    assert seat == 1 and room.record.seats[1].name == "Bob" and room.seat_of(token) == 1
    assert _code(lambda: room.sit(1, "Eve")) == "seat_taken"
    assert _code(lambda: room.set_seat(1, 2, "ai:hard")) == "not_host"
    assert _code(lambda: room.set_seat(0, 1, "ai:hard")) == "seat_taken"  # a player's seat: only reopened
    assert _code(lambda: room.set_seat(0, 2, "ai:genius")) == "bad_level"
    room.adopt(room.set_seat(0, 2, "ai:hard"))
    assert room.match.seats[2].level == "hard" and room.version == 2
    assert _code(lambda: room.check_move(0, ["swap", 1], room.version)) == "not_started"
    room.adopt(room.start(0))
    assert room.started and _code(lambda: room.sit(None, "Late")) == "started"


def test_the_host_reopens_a_seat_a_stranger_took_before_the_start():
    room, _, _ = _room("ingenious", ("human", "human"))
    record, seat, token = room.sit(None, "Stranger")
    room.adopt(record)
    assert _code(lambda: room.set_seat(1, 1, "open")) == "not_host"
    assert room.is_taken_by_player(1)
    room.adopt(room.set_seat(0, 1, "open"))
    assert room.open_seats() == [1] and room.seat_of(token) is None  # the old key no longer holds it
    assert room.lobby()["seats"][1]["taken"] is False and room.record.seats[1].name == ""
    record, _, token = room.sit(None, "Friend")
    room.adopt(record)
    room.adopt(room.start(0))
    assert _code(lambda: room.set_seat(0, 1, "open")) == "started"  # once it has started, never


def test_moves_are_checked_in_order_turn_version_form_and_rules():
    room, _, _ = _room("toradama")
    record, _, _ = room.sit(None, "Bob")
    room.adopt(record)
    room.adopt(room.start(0))
    mover = room.match.to_move
    assert _code(lambda: room.check_move(1 - mover, ["c", 0], room.version)) == "not_your_turn"
    assert _code(lambda: room.check_move(mover, ["c", 0], room.version - 1)) == "stale"
    assert _code(lambda: room.check_move(mover, {"evil": True}, room.version)) == "malformed"
    later, rng = room.match.state, random.Random(5)
    for _ in range(6):
        later = room.rules.play(later, room.rules.random_move(later, rng))
    wrong = next(m for m in room.rules.legal_moves(later) if room.match.check(m) is not None)
    with pytest.raises(RoomError) as refused:
        room.check_move(mover, room.rules.encode(wrong), room.version)
    view_reason = room.rules.check(room.rules.observe(room.match.state, mover), wrong)
    assert refused.value.code == "illegal" and refused.value.reason.params["why"] == view_reason  # the seat's own view's words
    move = room.rules.random_move(room.match.state, random.Random(1))
    checked, after = room.check_move(mover, room.rules.encode(move), room.version)
    version = room.version
    room.play(checked, after)
    assert room.version == version + 1 and room.match.moves == [move]


def test_undo_waits_for_every_other_human_and_a_no_ends_it():
    room, _, _ = _room("clans", ("human", "human", "human"))
    for _ in range(2):
        record, _, _ = room.sit(None, "P")
        room.adopt(record)
    room.adopt(room.start(0))
    mover = room.match.to_move
    move = room.rules.random_move(room.match.state, random.Random(2))
    room.play(move, room.played(move))
    request = room.ask_undo(mover, room.version)
    assert request.waiting == {0, 1, 2} - {mover}
    assert _code(lambda: room.ask_undo(mover, room.version)) == "undo_pending"
    assert _code(lambda: room.consent(mover, True, room.version)) == "not_asked"
    first, second = sorted(request.waiting)
    room.consent(first, True, room.version)
    assert room.undo_request.waiting == {second}
    room.consent(second, False, room.version)
    assert room.undo_request is None  # refused: the game stays as it is
    assert len(room.match.moves) == 1
    room.ask_undo(mover, room.version)
    room.consent(first, True, room.version)
    room.consent(second, True, room.version)
    assert room.undo_point() == 0
    room.undo()
    assert room.match.moves == [] and room.version == 5


def test_chat_is_one_clean_line_and_a_seat_s_frames_carry_no_credentials():
    room, token, key = _room()
    record, _, guest = room.sit(None, "Bob")
    room.adopt(record)
    room.adopt(room.start(0))
    line = room.say(1, "hi\u2028there\x1b[31m " + "x" * 500)
    assert "\n" not in line["text"] and "\u2028" not in line["text"] and "\x1b" not in line["text"]
    assert len(line["text"]) <= 200 and line["text"].startswith("hi there")
    for audience in (0, 1, None):
        text = json.dumps(room.sync(audience))
        assert all(secret not in text for secret in (token, key, guest, hash_secret(token), str(room.record.seed)))


def test_the_ai_plays_an_ai_seat_and_a_seat_away_too_long():
    room, _, _ = _room("stickers", ("human", "ai:easy"))
    room.adopt(room.start(0))
    while room.match.to_move != 1:
        move = room.rules.random_move(room.match.state, random.Random(3))
        room.play(move, room.played(move))
    assert room.ai_to_play(0.0, 300) == "easy"
    room2, _, _ = _room("stickers")
    record, _, _ = room2.sit(None, "Bob")
    room2.adopt(record)
    room2.adopt(room2.start(0))
    seat = room2.match.to_move
    room2.away_since[seat] = 100.0
    assert room2.ai_to_play(200.0, 300) is None
    assert room2.ai_to_play(401.0, 300) == "medium" and room2.stand_in == {seat}
    room2.online[seat] = 1
    assert room2.ai_to_play(402.0, 300) is None and room2.stand_in == set()


# --- the moves in the log -----------------------------------------------------------------------
def _started(game: str, seats: int = 2, policy=None) -> Room:
    room, _, _ = _room(game, ("human",) * seats)
    if policy is not None:
        room.policy = policy
    for _ in range(seats - 1):
        record, _, _ = room.sit(None, "P")
        room.adopt(record)
    room.adopt(room.start(0))
    return room


def _play_random(room: Room, rng: random.Random) -> None:
    move = room.rules.random_move(room.match.state, rng)
    room.play(move, room.played(move))


def test_a_public_move_goes_to_every_audience_in_the_log():
    room = _started("ingenious")
    rng = random.Random(6)
    for _ in range(3):
        _play_random(room, rng)
    for audience in (0, 1, None):
        log = room.sync(audience)["log"]
        assert [line["m"] for line in log] == [room.rules.encode(m) for m in room.match.moves]
        assert room.update(audience)["log"] == log[-1:]


@pytest.mark.parametrize("game, secret", [("dotlines", "Chip"), ("stickers", "Pick")])
def test_a_secret_move_goes_to_its_mover_only(game, secret):
    room = _started(game)
    rng = random.Random(2)
    while secret not in {type(m).__name__ for m in room.match.moves}:
        _play_random(room, rng)
    for _ in range(3):  # public moves after it too
        _play_random(room, rng)
    lines = {audience: room.sync(audience)["log"] for audience in (0, 1, None)}
    for i, move in enumerate(room.match.moves):
        mover = room.match.mover(i)
        assert lines[mover][i]["m"] == room.rules.encode(move)
        for audience in (1 - mover, None):
            if type(move).__name__ == secret:
                assert "m" not in lines[audience][i] and lines[audience][i]["by"] == mover
            else:
                assert lines[audience][i]["m"] == room.rules.encode(move)


def test_the_audit_catches_a_secret_move_class_sent_as_public():
    """Dot Lines with its chip choice forced public: the log line sent to the other seat holds a
    chip side that seat could not tell from the other one, and the audit says so; the survey's
    own policy passes the same lines."""
    from dataclasses import replace

    from tests.net.netplay import Auditor

    honest = survey("dotlines")
    forced = replace(honest, secret_moves=frozenset(), public_moves=honest.public_moves | honest.secret_moves)
    for seed in range(20):
        room, rng, auditor = _started("dotlines", policy=forced), random.Random(seed), Auditor()
        for _ in range(6):
            _play_random(room, rng)
        leaks = [p for i in range(len(room.match.moves)) for audience in (0, 1, None)
                 for p in auditor.check_line(room, audience, i, room.sync(audience)["log"][i])]
        if leaks:
            break
    assert any("cannot tell it from" in p and "chip" in p for p in leaks), leaks
    room.policy = honest
    assert [p for i in range(len(room.match.moves)) for audience in (0, 1, None)
            for p in auditor.check_line(room, audience, i, room.sync(audience)["log"][i])] == []
    assert auditor.moves > 0  # the public moves of the honest policy went through the check too


def test_the_client_reads_each_log_line_s_move_or_none():
    from hexgames.core.protocol import Resignation
    from hexgames.net.client import Client
    from hexgames.net.frames import Frame

    room = _started("dotlines")
    rng = random.Random(2)
    while len(room.match.moves) < 8:
        _play_random(room, rng)
    client = Client("ws://127.0.0.1:9")  # never started: only its reading of frames is used
    try:
        client.game, client.seat = "dotlines", 1  # as the welcome said
        sync = json.loads(json.dumps(room.sync(1)))
        client._learn(Frame("sync", room.version, sync))
        expected = [m if room.match.mover(i) == 1 or type(m).__name__ not in room.policy.secret_moves else None
                    for i, m in enumerate(room.match.moves)]
        assert sync["moves"] == expected and None in expected and client.seats == 2
        bad = {"view": None, "log": [{"by": 0, "w": {"x": "a"}, "m": m}
                                     for m in (["nonsense", 1], {"resign": 5}, {"resign": 1}, None, 7)]}
        client._learn(Frame("update", room.version, bad))
        assert bad["moves"] == [None, None, Resignation(1), None, None]  # what is no entry of this table: None
    finally:
        client._loop.close()


# --- resignation --------------------------------------------------------------------------------
def test_either_player_resigns_at_any_time_and_everyone_is_told():
    room, _, _ = _room("toradama")
    record, _, _ = room.sit(None, "Bob")
    room.adopt(record)
    assert _code(lambda: room.check_resign(0, room.version)) == "not_started"
    room.adopt(room.start(0))
    rng = random.Random(3)
    for _ in range(5):
        _play_random(room, rng)
    waiting = 1 - room.match.to_move  # not its turn: it may give up all the same
    assert _code(lambda: room.check_resign(waiting, room.version - 1)) == "stale"
    resignation, after = room.check_resign(waiting, room.version)
    version = room.version
    room.play(resignation, after)
    assert room.over and room.version == version + 1 and room.record.finished
    for audience in (0, 1, None):
        (line,) = room.update(audience)["log"]
        assert line["by"] == waiting and line["m"] == {"resign": waiting} and line["w"]["k"].endswith("resign")
    assert room.final()["record"]["moves"][-1] == {"resign": waiting}
    assert _code(lambda: room.check_resign(1 - waiting, room.version)) == "over"


def test_resigning_is_refused_with_the_rules_reason_where_the_game_has_none():
    room = _started("ingenious")
    with pytest.raises(RoomError) as refused:
        room.check_resign(1, room.version)
    assert refused.value.code == "resign_refused" and refused.value.reason.params["why"].key == "core.no_resign"
    assert room.match.moves == [] and not room.over


def test_a_stored_resignation_is_replayed_when_the_table_is_loaded_again(tmp_path):
    from hexgames.core.match import encode_entry
    from hexgames.net.store import SqliteTableStore

    room = _started("toradama")
    rng = random.Random(1)
    for _ in range(3):
        _play_random(room, rng)
    room.play(*room.check_resign(0, room.version))
    store = SqliteTableStore(tmp_path / "tables.sqlite3")
    record = room.record
    record.moves = [encode_entry(room.rules, m) for m in room.match.moves]
    store.create(record)
    store.close()
    store = SqliteTableStore(tmp_path / "tables.sqlite3")
    again = Room(store.load_table(room.code), room.policy)
    store.close()
    assert again.over and again.match.moves == room.match.moves and again.match.digest() == room.match.digest()
