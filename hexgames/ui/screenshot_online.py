"""The screens of online play for `hexgames screenshot`, made the way a player reaches them: a real
server in this process on 127.0.0.1 (any free port, its tables in the screenshot's temporary data
folder), this app's player at seat 1, every other human seat taken by a second client, the moves
played over the sockets, and the client's own game screen shown once the board is still; or the
table's lobby before the start, as its host or as a guest sees it (`show_lobby`); or the online
screen with the tables this player holds a seat at (`show_your_tables`).

Moves are chosen in this process by the medium agent from each seat's own view (no worker, no
clock), so, like every screenshot, the same game, seats, seed and move count give the same picture.
"""
from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, Sequence

from hexgames.net.frames import Frame

if TYPE_CHECKING:
    from hexgames.ui.shell import Shell

WAIT = 30.0  # seconds any answer of the server may take


def show_online_game(app: "Shell", info: Any, seed: int, moves: int, seats: Sequence[Any],
                     settings: dict[str, Any] | None = None) -> None:
    """The client's screen of an online table of `info` after `moves` moves, on `app`'s stack (with
    the table's own `settings`, such as a clock, whose times then are what they are when drawn)."""
    from hexgames.net.remote_table import RemoteTable
    from hexgames.net.session import host_session, join_session
    from hexgames.ui.online_game import open_online_game

    specs = ["human" if s.is_human else f"ai:{s.level}" for s in seats]
    specs[0] = "human"
    host = host_session(seats[0].name or "Ann", port=0, ai_in_process=False)
    others: list[Any] = host.companions  # the other players leave when this app's player does
    try:
        host.client.create(info.id, specs, name=seats[0].name or "Ann", settings=settings)
        _wait(lambda: host.code is not None, host)
        for i in range(1, specs.count("human")):
            guest = join_session(f"127.0.0.1:{host.share.rsplit(':', 1)[1]}", seats[i].name or f"P{i + 1}")
            guest.client.sit(host.code, seats[i].name or f"P{i + 1}")
            _wait(lambda: guest.seat is not None, guest)
            others.append(guest)
        host.client.start_game()
        first = [_first_sync(s) for s in [host, *others]]
        scene = open_online_game(app, host, *first[0])
        tables = [scene.table] + [RemoteTable.from_sync(s, *f) for s, f in zip(others, first[1:])]
        _play(app, scene, tables, seed, moves)
    except BaseException:
        host.close()
        raise


def _wait(done: Any, session: Any = None) -> None:
    """Until `done()` holds (draining `session`'s frames meanwhile, if given), at most WAIT seconds."""
    end = time.monotonic() + WAIT
    while True:
        if session is not None:
            session.pump()
        if done():
            return
        if time.monotonic() > end:
            raise RuntimeError("the server did not answer in time")
        time.sleep(0.005)


def _first_sync(session: Any) -> tuple[Frame, list[Frame]]:
    """The started table's first sync for `session`, and the frames that came after it."""
    got: list[Frame] = []
    _wait(lambda: got.extend(session.pump()) or any(f.t == "sync" and f.d.get("state") is not None for f in got))
    k = max(i for i, f in enumerate(got) if f.t == "sync" and f.d.get("state") is not None)
    return got[k], got[k + 1:]


def _play(app: "Shell", scene: Any, tables: list[Any], seed: int, moves: int) -> None:
    """Play until `moves` moves are made (or the game ends), each seat's move from its own view. A
    seat moves only once every table has every move so far, so no move beyond `moves` can be on its
    way when the last one arrives (the picture is the same on every run)."""
    from hexgames.ui.screenshot import choose_move

    end = time.monotonic() + WAIT * max(1, moves)
    while len(scene.match.moves) < moves and not scene.match.is_over:
        app.step(1 / 60)
        for t in tables[1:]:
            t.receive()
            while t.poll_remote():
                pass
        level = len({len(t.match.moves) for t in tables}) == 1 and len(scene.match.moves) < moves
        mover = next((t for t in tables if level and t.can_act and not (t is scene.table and scene.is_animating())),
                     None)
        if mover is not None:
            m = mover.match
            mover.play(choose_move(m.game_id, "medium", m.state, mover.seat, seed + len(m.moves)))
        if time.monotonic() > end:
            raise RuntimeError("the online game did not reach its move in time")
        time.sleep(0.002)
    _wait(lambda: app.step(1 / 60) or (not scene.is_animating() and scene.table.caught_up))


def show_lobby(app: "Shell", info: Any, seats: Sequence[Any], options: Any, guest: bool,
               settings: dict[str, Any] | None = None) -> None:
    """The lobby of a table hosted by Ann (with its own `settings`): her view, or with `guest` the
    view of Bob, who took the first open seat by the table's code. Every human seat after the first
    is open until Bob takes one; the sessions close when the app does."""
    from hexgames.net.session import host_session, join_session
    from hexgames.ui.lobby import LobbyScene

    specs = ["human" if s.is_human else f"ai:{s.level}" for s in seats]
    host = app.close_on_exit(host_session("Ann", port=0, ai_in_process=False))
    host.client.create(info.id, specs, name="Ann", options=dict(options or {}), settings=settings)
    session = host
    if guest:
        _wait(lambda: host.code is not None, host)
        session = app.close_on_exit(join_session(f"127.0.0.1:{host.server.port}", "Bob"))
        session.client.sit(host.code, "Bob")
    app.scenes.push(LobbyScene(app, session))
    if not app.step_until(lambda: session.table is not None and session.seat is not None
                          and all(s["online"] for s in session.table["seats"] if s["taken"]), round(60 * WAIT)):
        raise RuntimeError(f"the hosted {info.id} table did not answer: {session.connection} {session.why}")


def show_your_tables(app: "Shell", info: Any, seed: int) -> None:
    """The online screen of a player who holds seats at three tables: one of `info` they host, one of
    `info` at another's, and one of another game; the codes and dates follow from `seed`. Their
    tokens are made up (nothing is asked of a server until a button is clicked)."""
    import random
    from datetime import datetime, timedelta

    from hexgames import games
    from hexgames.net import places
    from hexgames.net.frames import CODE_ALPHABET, CODE_LENGTH
    from hexgames.ui.online import OnlineScene

    rng = random.Random(seed)
    other = next((g.id for g in games.registered() if g.id != info.id), info.id)
    when = datetime(2025, 5, 3, 20, 15) - timedelta(days=rng.randrange(30))
    made = [("ws://192.168.1.20:8765", other, False, 2), ("ws://192.168.1.5:8765", info.id, False, 1),
            ("ws://127.0.0.1:8765", info.id, True, 0)]
    for i, (url, game, hosted, seat) in enumerate(made):
        code = "".join(rng.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        places.remember(places.Place(url, code, f"{rng.getrandbits(128):032x}", game, hosted, "Ann", seat),
                        when + timedelta(hours=5 * i, minutes=rng.randrange(60)))
    app.scenes.push(OnlineScene(app))
