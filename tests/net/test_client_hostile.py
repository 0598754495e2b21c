"""A hostile server: the client reads every frame through one guarded reader (`frames.read_server_frame`,
then `Client._learn`), so a crafted frame is dropped in the network thread, never reaches the app,
and the frames after it still do; a server that floods the app is hung up on, saying why."""
from __future__ import annotations

import json
import time

import pytest

from hexgames.net import client as client_module
from hexgames.net.client import Client
from hexgames.net.frames import SERVER_FRAMES, SERVER_OPTIONAL, Frame, write
from tests.net.fakeserver import FakeServer, TableFrames, crafted, other, server, table  # noqa: F401 - fixtures

TIMEOUT = 30.0


def connected(server: FakeServer, *opening: str, reconnect: bool = False) -> Client:
    """A client of `server`, sent `opening` once it is connected (and every frame of it taken)."""
    c = Client(server.url, reconnect=reconnect).start()
    end = time.monotonic() + TIMEOUT
    while not server.connected():
        assert time.monotonic() < end
        time.sleep(0.005)
    if opening:
        server.send(*opening)
        wait(c, lambda f: f.t == json.loads(opening[-1])["t"])
    return c


def wait(c: Client, predicate, taken: list[Frame] | None = None) -> list[Frame]:
    """Poll until a frame satisfies `predicate`; the frames taken (up to and with it)."""
    taken = [] if taken is None else taken
    end = time.monotonic() + TIMEOUT
    while True:
        for i, f in enumerate(c.poll()):
            taken.append(f)
            if predicate(f):
                return taken
        assert time.monotonic() < end, f"no such frame; got {[f.t for f in taken]}"
        time.sleep(0.005)


def marker(table: TableFrames, text: str = "still here") -> str:
    return table.text("chat", text=text)


def test_every_crafted_frame_is_dropped_and_the_next_one_still_arrives(server, table, other, caplog):
    c = connected(server, table.text("welcome"), table.text("sync"))
    try:
        for name, text in crafted(table, other).items():
            caplog.clear()
            server.send(text, marker(table, name))
            got = wait(c, lambda f: f.t == "chat" and f.d["text"] == name)
            assert [f.t for f in got] == ["chat"], f"{name}: {[f.t for f in got]} arrived"
            assert any("refused" in r.message or "not understood" in r.message for r in caplog.records), name
            assert (c.game, c.seat, c.seats, c.code) == ("ingenious", 0, 2, table.room.code), name
        assert c.status == "online"
    finally:
        c.close()


def test_a_table_s_frames_before_any_welcome_are_dropped(server, table):
    c = connected(server)
    try:
        early = [table.text(kind) for kind in ("sync", "update", "lobby", "presence", "chat", "undo_asked",
                                                  "undo_done")]
        server.send(*early, table.text("welcome"), table.text("sync"))
        got = wait(c, lambda f: f.t == "sync")
        assert [f.t for f in got] == ["connection", "welcome", "sync"]
        assert got[-1].d["state"] is not None and c.seats == 2
    finally:
        c.close()


def test_the_last_good_data_stays_and_good_frames_of_every_kind_still_arrive(server, table):
    c = connected(server, table.text("welcome"), table.text("sync"))
    try:
        kinds = ("lobby", "presence", "update", "undo_asked", "undo_done", "chat", "tables", "error")
        server.send(table.text("chat", by="x"), *[table.text(k) for k in kinds])
        got = wait(c, lambda f: f.t == "error")
        assert [f.t for f in got] == list(kinds)
        update = got[2]
        assert type(update.d["state"]).__name__ == "IngeniousState" and update.d["words"]
    finally:
        c.close()


# --- what the client keeps of what it reads ----------------------------------------------------------
def test_names_and_chat_lines_are_cleaned_like_the_server_s():
    t = TableFrames("toradama", moves=0, started=False)
    c = Client("ws://127.0.0.1:9")  # never started: only its reading of frames is used
    try:
        seats = t.data("lobby")["seats"]
        for text in (t.text("welcome"), t.text("lobby", seats=[{**seats[0], "name": "An\nn\x00 "}, seats[1]]),
                     t.text("chat", name="B\tob", text="hi\u2028there\x1b[2J")):
            assert c._receive(text)
        lobby, chat = c.poll()[1:]
        assert lobby.d["seats"][0]["name"] == "An n"
        assert (chat.d["name"], chat.d["text"]) == ("B ob", "hi there [2J")
    finally:
        c._loop.close()


def _wrong(value, field: str, valid) -> bool:
    """Whether `value` is certainly wrong for `field`, whose valid value is `valid` (the exceptions:
    a flag's other value, any small object as the options, and a saved game that is not one, which
    arrives as `match` None)."""
    if type(value) is bool and type(valid) is bool:
        return False
    return not (type(value) is dict and field in ("options", "record"))


@pytest.mark.parametrize("kind", sorted(k for k in SERVER_FRAMES if k != "pong"))
def test_each_field_missing_or_of_a_wrong_type_drops_the_frame(kind, table):
    """Every field the client reads, left out (where it may not be) or replaced by a value of
    another type or beyond its bounds: the frame never reaches the app, and the client goes on."""
    c = Client("ws://127.0.0.1:9")  # never started: only its reading of frames is used
    try:
        assert c._receive(table.text("welcome")) and c._receive(table.text("sync"))
        assert [f.t for f in c.poll()] == ["welcome", "sync"]
        valid = table.data(kind)
        for field in SERVER_FRAMES[kind]:
            changes = [("missing", None)] if field not in SERVER_OPTIONAL.get(kind, ()) else []
            changes += [(repr(v)[:20], v) for v in ("x" * 100_000, -5, {"bad": [1]}, [[[]]], 2**60, True)
                        if _wrong(v, field, valid.get(field))]
            for label, value in changes:
                text = table.text(kind, drop=(field,)) if label == "missing" else table.text(kind, **{field: value})
                assert c._receive(text), (kind, field, label)
                assert c.poll() == [], f"{kind} with {field} {label} reached the app"
        assert c._receive(table.text(kind)) and [f.t for f in c.poll()] == [kind]
    finally:
        c._loop.close()


def test_a_final_game_of_another_table_is_no_game():
    from hexgames.core.saves import match_to_dict

    t, other = TableFrames("toradama", moves=3), TableFrames("dotlines", moves=3)
    c = Client("ws://127.0.0.1:9")
    try:
        finals = [write(Frame("final", 9, {"record": match_to_dict(m)})) for m in (other.room.match, t.room.match)]
        for text in (t.text("welcome"), t.text("sync"), *finals):
            assert c._receive(text)
        finals = [f for f in c.poll() if f.t == "final"]
        assert finals[0].d["match"] is None and finals[1].d["match"].info.id == "toradama"
    finally:
        c._loop.close()


@pytest.mark.parametrize("game", ["ingenious", "clans", "toradama", "dotlines", "stickers"])
def test_what_a_real_table_sends_passes_the_reader(game):
    """The guarded reader refuses nothing a real server sends: each kind, to a seat and a spectator."""
    t = TableFrames(game, moves=4)
    for seat in (0, 1, None):
        c = Client("ws://127.0.0.1:9")
        try:
            kinds = ["welcome", "sync", "lobby", "presence", "update", "undo_asked", "undo_done", "chat", "tables",
                     "error"]
            for kind in kinds:
                assert c._receive(t.text(kind, seat))
            got = c.poll()
            assert [f.t for f in got] == kinds
            assert (got[1].d["state"] is None) == (got[1].d["view"] is None)
            if seat is not None:
                assert got[1].d["state"] is not None and got[4].d["state"] is not None
        finally:
            c._loop.close()


# --- a flood --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("cap", ["frames", "text"])
def test_a_flood_the_app_cannot_take_in_closes_the_connection_and_says_why(server, table, monkeypatch, cap):
    if cap == "frames":
        monkeypatch.setattr(client_module, "MAX_WAITING", 300)
        flood = [marker(table, f"line {i}") for i in range(600)]
    else:
        monkeypatch.setattr(client_module, "MAX_WAITING_TEXT", 200_000)
        flood = [table.text("update")] * 120  # about 3 KB each
    c = connected(server, table.text("welcome"), table.text("sync"), reconnect=True)
    try:
        server.send(*flood)  # the app takes none of them meanwhile
        end = time.monotonic() + TIMEOUT
        while c.status != "closed":
            assert time.monotonic() < end, c.status
            time.sleep(0.01)
        got = c.poll()
        assert got[-1].t == "connection" and got[-1].d["state"] == "closed"
        assert got[-1].d["why"].key == "net.connection.flooded"
        assert len(got) - 1 <= (300 if cap == "frames" else 200_000 // 2900)
        time.sleep(0.5)
        assert not server.connected() and c.status == "closed"  # hung up, and not dialled again
        assert c.poll() == []
    finally:
        c.close()
