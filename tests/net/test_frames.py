"""The schema check every client frame passes before anything reads it."""
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hexgames.net.frames import MAX_FRAME, FrameError, client_frame, read_client_frame, read_server_frame

TOKEN = "0123456789abcdef" * 2


def _code(raw) -> str:
    with pytest.raises(FrameError) as e:
        read_client_frame(raw)
    assert str(e.value.reason) and e.value.reason.key == f"net.error.{e.value.code}"
    return e.value.code


def test_well_formed_frames_are_read():
    f = read_client_frame(client_frame("move", 7, move=["p", 0, 5, 0, 4, 1, 4], at=12))
    assert (f.t, f.seq, f.d) == ("move", 7, {"move": ["p", 0, 5, 0, 4, 1, 4], "at": 12})
    assert read_client_frame(client_frame("resume", 1, code="ABC234", token=TOKEN, since=0)).t == "resume"
    assert read_client_frame(client_frame("sit", 2, code="ABC234", name="Ann")).d == {"code": "ABC234", "name": "Ann"}
    assert read_client_frame(client_frame("resign", 3, at=9)).d == {"at": 9}


@pytest.mark.parametrize("raw,code", [
    ("x" * (MAX_FRAME + 1), "too_big"),
    (b"{}", "not_text"),
    ("{not json", "not_json"),
    ('{"t":"ping","v":1,"seq":1,"d":{"x":NaN}}', "not_json"),
    ("[" * 100_000 + "]" * 100_000, "too_big"),
    ("[" * 20_000 + "]" * 20_000, "not_json"),
    ("[]", "bad_frame"),
    ('{"t":"ping","v":1,"seq":1}', "bad_frame"),
    ('{"t":"ping","v":1,"seq":1,"d":{},"x":1}', "bad_frame"),
    ('{"t":"ping","v":1,"seq":-1,"d":{}}', "bad_frame"),
    ('{"t":"ping","v":1,"seq":1.0,"d":{}}', "bad_frame"),
    ('{"t":"ping","v":2,"seq":1,"d":{}}', "version"),
    ('{"t":"ping","v":true,"seq":1,"d":{}}', "version"),
    ('{"t":"admin","v":1,"seq":1,"d":{}}', "unknown_type"),
    ('{"t":"ping","v":1,"seq":1,"d":[]}', "bad_field"),
    ('{"t":"ping","v":1,"seq":1,"d":{"x":1}}', "bad_field"),
    ('{"t":"move","v":1,"seq":1,"d":{"move":[1]}}', "bad_field"),
    ('{"t":"move","v":1,"seq":1,"d":{"move":[1],"at":true}}', "bad_field"),
    ('{"t":"resign","v":1,"seq":1,"d":{}}', "bad_field"),
    ('{"t":"resign","v":1,"seq":1,"d":{"at":0,"seat":1}}', "bad_field"),  # only one's own seat resigns
    ('{"t":"resume","v":1,"seq":1,"d":{"code":"abc234","token":"' + TOKEN + '","since":0}}', "bad_field"),
    ('{"t":"resume","v":1,"seq":1,"d":{"code":"ABC234","token":"' + TOKEN[:-1] + '","since":0}}', "bad_field"),
    ('{"t":"resume","v":1,"seq":1,"d":{"code":"ABC234","token":"' + TOKEN.upper() + '","since":0}}', "bad_field"),
    ('{"t":"chat","v":1,"seq":1,"d":{"text":""}}', "bad_field"),
    ('{"t":"create","v":1,"seq":1,"d":{"game":"clans","seats":["human"],"name":"A","options":[]}}', "bad_field"),
    ('{"t":"move","v":1,"seq":1,"d":{"move":' + "[" * 30 + "]" * 30 + ',"at":0}}', "bad_field"),
])
def test_malformed_frames_are_refused_with_a_reason(raw, code):
    assert _code(raw) == code


@settings(max_examples=200, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=30))
def test_any_json_at_all_is_either_a_frame_or_refused(data):
    try:
        raw = json.dumps(data)
    except ValueError:
        return
    try:
        frame = read_client_frame(raw)
    except FrameError as e:
        assert e.code
        return
    assert frame.t in ("ping", "list", "start") and frame.d == {}  # only frames with no data are this loose


def test_a_server_frame_must_be_a_known_frame():
    assert read_server_frame('{"t":"pong","v":1,"seq":3,"d":{}}').seq == 3
    for raw in ('{"t":"hack","v":1,"seq":3,"d":{}}', '{"t":"pong","v":1,"seq":3}', "nope"):
        with pytest.raises(FrameError):
            read_server_frame(raw)
