"""The one reader of what comes from Redis: every hostile message is refused in words, every good one
read back as it was written."""
from __future__ import annotations

import json

import pytest

from hexgames.net.bus import (MAX_MESSAGE, BusMessageError, Inbound, LocalBus, Outbound, open_bus, read_message,
                              write_message)
from hexgames.net.frames import MAX_FRAME, client_frame

GOOD = [
    Inbound(7, "0123456789abcdef", "127.0.0.5", client_frame("resume", 1, code="ABCDEF", token="a" * 32, since=0)),
    Inbound(7, "0123456789abcdef"),
    Outbound(7, text='{"t":"pong","v":1,"seq":0,"d":{"re":1}}'),
    Outbound(2**53, close=(1012, "The table moved; reconnecting.")),
]


@pytest.mark.parametrize("message", GOOD, ids=["in", "end", "out", "close"])
def test_a_message_is_read_back_as_it_was_written(message):
    raw = write_message(message)
    assert read_message(raw) == message
    assert read_message(raw.encode()) == message  # redis-py hands over bytes


def _in(**change):
    data = {"k": "in", "c": 1, "o": "0123456789abcdef", "a": "", "f": "{}"}
    data.update(change)
    return json.dumps({k: v for k, v in data.items() if v is not ...})


HOSTILE = {
    "not json": "{not json",
    "not utf-8": b"\xff\xfe{}",
    "NaN": '{"k": "out", "c": NaN, "x": "a"}',
    "a list": "[1, 2]",
    "a number": "5",
    "deep nesting": "[" * 100_000 + "]" * 100_000,
    "too large": "x" * (MAX_MESSAGE + 1),
    "too large bytes": b"x" * (MAX_MESSAGE + 1),
    "no kind": '{"c": 1}',
    "unknown kind": '{"k": "shout", "c": 1}',
    "kind not text": '{"k": 5, "c": 1}',
    "a field more": _in(z=1),
    "a field less": _in(a=...),
    "conn id zero": _in(c=0),
    "conn id a text": _in(c="1"),
    "conn id a float": _in(c=1.0),
    "conn id a bool": _in(c=True),
    "conn id huge": _in(c=2**60),
    "origin not hex": _in(o="../../etc/passwd"),
    "origin short": _in(o="ab"),
    "frame empty": _in(f=""),
    "frame too large": _in(f="x" * (MAX_FRAME + 1)),
    "frame an object": _in(f={"t": "move"}),
    "address too long": _in(a="1" * 201),
    "close code out of range": '{"k": "close", "c": 1, "code": 99999, "r": ""}',
    "close reason too long": json.dumps({"k": "close", "c": 1, "code": 1012, "r": "x" * 124}),
    "out text empty": '{"k": "out", "c": 1, "x": ""}',
    "out text a list": '{"k": "out", "c": 1, "x": ["a"]}',
    "not text at all": 12345,
    "None": None,
}


@pytest.mark.parametrize("raw", list(HOSTILE.values()), ids=list(HOSTILE))
def test_a_hostile_message_is_refused_in_words(raw):
    with pytest.raises(BusMessageError) as refused:
        read_message(raw)
    assert str(refused.value)  # says what is wrong


def test_without_a_bus_address_a_process_holds_every_table_itself():
    assert isinstance(open_bus(None), LocalBus)
    with pytest.raises(ValueError, match="redis://"):
        open_bus("http://example.com")
