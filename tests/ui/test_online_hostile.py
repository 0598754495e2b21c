"""The app against a hostile server, driven as a player would: joined from the Play online screen by
address and code, its lobby and then its game screen are sent every crafted frame of
`tests.net.fakeserver.crafted` (each of which once crashed the app), and the app keeps running, draws
each frame, and shows the last good data; a good frame after them still arrives."""
from __future__ import annotations

from hexgames.net.remote_table import RemoteTable
from hexgames.ui.game_scene import GameScene
from hexgames.ui.lobby import LobbyScene
from tests.net.fakeserver import FakeServer, TableFrames, crafted, other, server, table  # noqa: F401 - fixtures
from tests.ui.conftest import click, step, step_until
from tests.ui.test_online_lobby import open_online, type_into

WAIT = 60 * 30  # frames: half a minute for a frame on a loaded machine


def join(app, server: FakeServer, code: str):
    scene = open_online(app)
    type_into(app, scene.address_entry, server.address)
    type_into(app, scene.code_entry, code)
    click(app, scene.button_for("join"))
    return scene


def test_the_lobby_and_the_game_screen_keep_running_through_every_crafted_frame(app, server, table, other):
    waiting = TableFrames("ingenious", moves=0, started=False)
    server.answers["sit"] = [waiting.text("welcome"), waiting.text("sync"), waiting.text("presence")]
    join(app, server, waiting.room.code)
    assert step_until(app, lambda: isinstance(app.scenes.top, LobbyScene) and app.scenes.top.table is not None, WAIT)
    lobby = app.scenes.top
    good = lobby.seats
    assert [s["name"] for s in good] == ["Ann", "Bob"]

    server.send(*crafted(table, other).values())
    step(app, 30)
    assert app.scenes.top is lobby and lobby.seats == good  # the last good seats, drawn each frame
    seats = waiting.data("lobby")["seats"]
    server.send(waiting.text("lobby", seats=[seats[0], {**seats[1], "name": "Carol"}]))
    assert step_until(app, lambda: lobby.seats[1]["name"] == "Carol", WAIT)

    server.send(table.text("sync"))  # the game starts: the game screen opens
    assert step_until(app, lambda: isinstance(app.scenes.top, GameScene), WAIT)
    scene = app.scenes.top
    remote = scene.table
    assert isinstance(remote, RemoteTable) and remote.seat == 0 and remote.match.info.id == "ingenious"
    presence, moves = list(remote.presence), len(scene.match.moves)
    server.send(*crafted(table, other).values(), table.text("chat", text="still here"))
    assert step_until(app, lambda: "Bob: still here" in scene.toasts.texts, WAIT)
    step(app, 10)
    assert app.scenes.top is scene and scene.table is remote
    assert remote.presence == presence and len(scene.match.moves) == moves
    assert not any("x" * 300 in t for t in scene.toasts.texts)
    assert remote.session.connection == "online"


def test_the_open_tables_listed_are_only_well_formed_ones(app, server, table, other):
    lines = crafted(table, other)
    server.answers["list"] = [lines["tables entry a number"], lines["tables entry a text"],
                              lines["tables entry host not a seat"], lines["tables a hundred and one"],
                              table.text("tables")]
    scene = open_online(app)
    type_into(app, scene.address_entry, server.address)
    click(app, scene.button_for("list"))
    assert step_until(app, lambda: scene.tables is not None, WAIT)
    assert scene.tables == [table.data("lobby")]  # the well-formed answer, the first good one
    step(app, 5)
    assert scene.table_buttons and app.scenes.top is scene
