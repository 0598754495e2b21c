"""The online table as the app drives it (`RemoteTable` over a `MirrorMatch`), over real sockets on
127.0.0.1, without pygame: each player's mirror follows the server move by move, refusals come back
in words and change nothing, undo waits for the other human's consent, a dropped connection comes
back without disturbing the screen, and the finished game is adopted whole and recorded."""
from __future__ import annotations

import random
import threading
import time

import pytest

from hexgames.core import records
from hexgames.net.mirror import MirrorMatch
from hexgames.net.privacy import seat_wire
from hexgames.net.remote_table import ChatSaid, ConnectionChanged, UndoAnswered, UndoAsked
from hexgames.net.views import encode_state
from hexgames.table import Played, Undone
from tests.net.netplay import close, play_one, random_move, round_trip, settle, started_tables

pytestmark = [pytest.mark.netplay, pytest.mark.usefixtures("clean_audit")]


@pytest.fixture
def open_table(server):
    """`started_tables` on the module's server; every table opened is closed after the test."""
    opened: list = []

    def make(game: str, seats: list[str]):
        tables, events = started_tables(server, game, seats)
        opened.extend(tables)
        return tables, events

    yield make
    close(opened)






@pytest.mark.parametrize("game", ["ingenious", "clans", "toradama", "dotlines", "stickers"])
def test_each_mirror_follows_the_server_to_the_end_and_keeps_the_whole_game(server, game, open_table):
    tables, events = open_table(game, ["human", "human"])
    rng = random.Random(3)
    while not all(t.match.is_over for t in tables):
        play_one(tables, rng)
        for t in tables:  # what each screen holds is that seat's own view of the server's state
            room = server.call(lambda: server.server.rooms.get(t.session.code))
            if room is not None and len(room.match.moves) == len(t.match.moves) and not t.match.complete:
                sent = seat_wire(room.rules, room.policy, room.match.state, t.seat, room.match.states[0])
                assert encode_state(room.rules, t.match.state) == sent
    settle(tables, lambda: all(t.end_known for t in tables))
    whole = tables[0].final
    for t, told in zip(tables, events):
        m = t.match
        assert isinstance(m, MirrorMatch) and m.complete
        assert m.digest() == whole.digest() and len(m.moves) == len(whole.moves)
        played = [e for e in told if isinstance(e, Played)]
        assert len(played) == len(whole.moves)  # each move was told once, in order
        assert [e.seat for e in played] == [whole.mover(i) for i in range(len(whole.moves))]
        assert all(e.by_ai == (e.seat != t.seat) for e in played)  # others' moves animate like a computer's
    assert records.flush(10)
    kept = [r for r in records.load(game)]
    assert kept and kept[0].game == game


def test_a_move_the_own_view_refuses_is_refused_here_in_words_and_sends_nothing(server, open_table):
    tables, events = open_table("ingenious", ["human", "human"])
    settle(tables, lambda: any(t.can_act for t in tables))
    mover = next(t for t in tables if t.can_act)
    other = next(t for t in tables if t is not mover)
    version = server.call(lambda: server.server.rooms[mover.session.code].version)
    legal = random_move(mover, random.Random(1))
    bad = type(legal)(legal.tile, (40, 40), (40, 41))  # off the board
    reason = mover.play(bad)
    assert reason is not None and str(reason)
    assert other.play(legal) is not None  # not their turn: refused before the server is asked
    for t in tables:
        round_trip(tables, t, events[tables.index(t)])  # whatever they sent has been handled
    assert server.call(lambda: server.server.rooms[mover.session.code].version) == version
    assert mover.can_act  # nothing is waiting for an answer


def test_undo_asks_the_other_human_and_happens_only_when_they_agree(open_table):
    tables, events = open_table("clans", ["human", "human"])
    rng = random.Random(5)
    for _ in range(3):
        play_one(tables, rng)
    mover = play_one(tables, rng)
    other = next(t for t in tables if t is not mover)
    ply = len(mover.match.moves)
    assert other.undo_refusal() is not None  # the last move is not theirs
    assert mover.undo_refusal() is None
    assert mover.undo() is None
    settle(tables, lambda: any(isinstance(e, UndoAsked) for e in events[tables.index(other)]))
    asked = next(e for e in events[tables.index(other)] if isinstance(e, UndoAsked))
    assert asked.by == mover.seat and other.seat in asked.waiting
    assert mover.undo_refusal() is not None  # one request at a time
    other.consent(False)
    settle(tables, lambda: any(isinstance(e, UndoAnswered) for e in events[tables.index(mover)]))
    refused = next(e for e in events[tables.index(mover)] if isinstance(e, UndoAnswered))
    assert not refused.done and refused.refused_by == other.seat
    assert len(mover.match.moves) == ply  # refused: nothing taken back
    assert mover.undo() is None
    settle(tables, lambda: other.undo_request is not None)
    other.consent(True)
    settle(tables, lambda: all(len(t.match.moves) < ply for t in tables))
    for t, told in zip(tables, events):
        assert any(isinstance(e, Undone) for e in told)  # the screen drops what it showed
    assert mover.can_act and len(mover.match.moves) == ply - 1


def test_chat_reaches_every_seat_and_a_dropped_connection_comes_back_without_a_fresh_start(open_table):
    tables, events = open_table("dotlines", ["human", "human"])
    rng = random.Random(2)
    for _ in range(2):
        play_one(tables, rng)
    tables[1].chat("  well played  ")
    settle(tables, lambda: all(any(isinstance(e, ChatSaid) for e in told) for told in events))
    said = next(e for e in events[0] if isinstance(e, ChatSaid))
    assert (said.seat, said.name, said.text) == (1, "P1", "well played")
    a = tables[0]
    client = a.session.client
    mark = len(events[0])
    client._loop.call_soon_threadsafe(lambda: client._ws.transport.abort())
    settle(tables, lambda: any(isinstance(e, ConnectionChanged) and e.state == "online"
                               for e in events[0][mark:]))
    states = [e.state for e in events[0][mark:] if isinstance(e, ConnectionChanged)]
    assert states[0] == "reconnecting" and a.session.connection == "online"
    round_trip(tables, a, events[0])  # the sync that answered the resume was taken before the line
    assert not any(isinstance(e, Undone) for e in events[0][mark:])  # nothing was missed: the screen stays
    while not all(t.match.is_over for t in tables):
        play_one(tables, rng)


def test_a_computer_seat_s_moves_arrive_like_anyone_else_s(open_table):
    tables, events = open_table("ingenious", ["human", "ai:easy"])
    rng = random.Random(4)
    (me,) = tables
    for _ in range(20):  # until the computer answered (a bonus placement lets a player go on)
        play_one(tables, rng)
        settle(tables, lambda: me.can_act or me.match.is_over)
        if me.match.mover(len(me.match.moves) - 1) == 1:
            break
    played = [e for e in events[0] if isinstance(e, Played)]
    assert any(e.seat == 1 and e.by_ai for e in played)
    assert me.match.seats[1].level == "easy" and not me.match.seats[1].is_human
    m = me.match
    trailing = [i for i in range(len(m.moves)) if all(m.mover(j) == 1 for j in range(i, len(m.moves)))]
    assert trailing and me.ai_moves == trailing  # the strip words the computer's moves since mine


def test_a_player_may_resign_out_of_turn_and_both_screens_end_with_the_whole_game(open_table):
    tables, events = open_table("toradama", ["human", "human"])
    rng = random.Random(8)
    for _ in range(3):
        play_one(tables, rng)
    settle(tables, lambda: any(t.can_act for t in tables))
    waiting = next(t for t in tables if not t.can_act)
    assert waiting.resign(1 - waiting.seat) is not None  # only one's own seat
    assert waiting.resign(waiting.seat) is None
    settle(tables, lambda: all(t.end_known and t.match.is_over for t in tables))
    for t in tables:
        assert t.match.complete and t.match.moves[-1].seat == waiting.seat
        assert t.match.outcome().ranks[waiting.seat] > t.match.outcome().ranks[1 - waiting.seat]


def test_a_game_without_resignation_refuses_it_here_in_words(open_table):
    tables, _ = open_table("dotlines", ["human", "human"])
    reason = tables[0].resign(tables[0].seat)
    assert reason is not None and reason.key  # the rules' own refusal, nothing sent


def test_a_move_lost_with_the_connection_leaves_the_player_free_to_move_again(open_table):
    tables, events = open_table("clans", ["human", "human"])
    rng = random.Random(6)
    settle(tables, lambda: any(t.can_act for t in tables))
    mover = next(t for t in tables if t.can_act)
    client = mover.session.client
    sent = client.send_move
    client.send_move = lambda move: 10**6  # the frame is lost on the way (it never reaches the server)
    try:
        assert mover.play(random_move(mover, rng)) is None
    finally:
        client.send_move = sent
    assert not mover.can_act  # waiting for an answer that will not come...
    told = events[tables.index(mover)]
    mark = len(told)
    client._loop.call_soon_threadsafe(lambda: client._ws.transport.abort())
    settle(tables, lambda: any(isinstance(e, ConnectionChanged) and e.state == "online" for e in told[mark:]))
    round_trip(tables, mover, told)
    assert mover.can_act  # ...until the sync after the reconnect answered it
    ply = len(mover.match.moves)
    assert mover.play(random_move(mover, rng)) is None
    settle(tables, lambda: all(len(t.match.moves) == ply + 1 for t in tables))


def test_a_computer_waits_for_the_answer_to_an_undo_and_a_move_instead_of_an_answer_ends_it(server, monkeypatch,
                                                                                             open_table):
    from hexgames.net import server as server_module

    gate, decide = threading.Event(), server_module.decide

    def held(*args):  # the computer answers only once the gate is open
        gate.wait(60)
        return decide(*args)

    monkeypatch.setattr(server_module, "decide", held)
    tables, events = open_table("clans", ["human", "human", "ai:easy"])
    rng = random.Random(7)
    a, b = tables
    gate.set()
    while True:  # until a human moves and the computer is next (asked, and held at the gate)
        settle(tables, lambda: any(t.can_act for t in tables))
        gate.clear()  # the computer is not to move now: it is held from the next time it is asked
        mover = play_one(tables, rng)
        m = mover.match
        if not m.is_over and not m.seats[m.to_move].is_human:
            break
        gate.set()
    other = b if mover is a else a
    ply = len(mover.match.moves)
    assert mover.undo() is None
    settle(tables, lambda: other.asks_me())
    gate.set()  # its answer comes while the question is open...
    while server.call(lambda: mover.session.code in server.server.thinking):
        time.sleep(0.01)
    round_trip(tables, other, events[tables.index(other)])
    assert len(other.match.moves) == ply  # ...and is not played over it
    other.consent(False)
    settle(tables, lambda: all(len(t.match.moves) > ply for t in tables))  # now it does
    assert all(t.undo_request is None for t in tables)
    while True:  # a human moves, asks to undo, and the other human moves instead of answering
        settle(tables, lambda: any(t.can_act for t in tables))
        asker = next(t for t in tables if t.can_act)
        played = play_one(tables, rng)
        m = asker.match
        if played is asker and not m.is_over and m.seats[m.to_move].is_human and m.to_move != asker.seat:
            break
    answerer = b if asker is a else a
    assert asker.undo() is None
    settle(tables, lambda: answerer.asks_me())
    ply = len(asker.match.moves)
    told = events[tables.index(asker)]
    answers_before = sum(isinstance(e, UndoAnswered) for e in told)
    assert answerer.play(random_move(answerer, rng)) is None
    settle(tables, lambda: all(len(t.match.moves) > ply and t.undo_request is None for t in tables))
    # the move already cleared the request on every table; the server's word on it comes after
    settle(tables, lambda: sum(isinstance(e, UndoAnswered) for e in told) > answers_before)
    ended = [e for e in told if isinstance(e, UndoAnswered)][-1]
    assert not ended.done and ended.reason.key == "net.play.undo_moved_on"
    assert asker.undo_refusal() is not None and asker.undo_refusal().key != "net.play.undo_waiting"


def test_an_undo_question_waiting_for_a_player_is_asked_again_after_their_connection_came_back(open_table):
    tables, events = open_table("clans", ["human", "human"])
    rng = random.Random(8)
    mover = play_one(tables, rng)
    other = next(t for t in tables if t is not mover)
    ply = len(mover.match.moves)
    assert mover.undo() is None
    told = events[tables.index(other)]
    settle(tables, lambda: any(isinstance(e, UndoAsked) for e in told))
    mark = len(told)
    client = other.session.client
    client._loop.call_soon_threadsafe(lambda: client._ws.transport.abort())
    settle(tables, lambda: any(isinstance(e, UndoAsked) for e in told[mark:]))  # asked again by the sync
    assert other.asks_me()
    other.consent(True)
    settle(tables, lambda: all(len(t.match.moves) == ply - 1 and t.undo_request is None for t in tables))
    assert mover.can_act


def test_moves_waiting_beyond_a_few_are_caught_up_at_once_and_the_last_few_shown_at_their_pace(open_table):
    from hexgames.net.remote_table import CATCH_UP, RemoteTable

    tables, _ = open_table("clans", ["human", "human"])
    rng = random.Random(9)
    b = tables[1]
    received: list = []
    pump = b.session.pump
    b.session.pump = lambda: received.extend(got := pump()) or got  # what B's app was sent
    for _ in range(CATCH_UP + 6):
        play_one(tables, rng)
    updates = [f for f in received if f.t == "update"]
    assert len(updates) >= CATCH_UP + 6
    # another screen of seat 1 that was away (paused): every move arrives while it waits
    late = RemoteTable.from_sync(b.session, _sync_before(updates[0], b), later=updates)
    late.pace, late.clock = 1000.0, lambda: 0.0  # nothing is ever "on show long enough"
    applied = 0
    while late.poll_remote():
        applied += 1
    assert applied == len(updates) - CATCH_UP + 1  # the backlog is caught up to the last few...
    assert late.poll_remote() is False  # ...which wait for their pace, as any move does


def _sync_before(update, table):
    """A sync of `table`'s seat at the position just before `update` (from the mirror's history)."""
    from hexgames.net.frames import Frame

    m, ply = table.match, update.d["ply"] - 1
    d = {"code": table.session.code, "game": m.game_id, "options": m.options, "seats": table.presence, "host": 0,
         "started": True, "you": table.seat, "state": m.states[ply], "words": m.words[:ply],
         "log": [{"by": by} for by in m.movers[:ply]], "moves": m.moves[:ply], "undo": None, "chat": []}
    return Frame("sync", update.seq - 1, d)
