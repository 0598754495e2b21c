"""Views on the wire: every game's views come back as states of the same digest; nothing but the
game's own classes is ever built from what a peer sends."""
import json
import random

import pytest

from hexgames import games
from hexgames.bench import random_game
from hexgames.core.protocol import Outcome, Reason
from hexgames.net.views import WireError, decode_outcome, decode_reason, decode_state, encode_outcome, \
    encode_reason, encode_state


def _positions(game_id: str, seats: int, seed: int):
    info = games.get(game_id)
    options = info.resolve_options({}, seats)
    s = info.rules.setup(options, seats, seed)
    yield s
    for m in random_game(info, seats, seed, options):
        s = info.rules.play(s, m)
        yield s


def _seat_counts(game_id: str) -> list[int]:
    return sorted({n for m in games.get(game_id).modes for n in m.seats})


@pytest.mark.parametrize("game_id", [g.id for g in games.registered()])
def test_every_view_of_every_game_comes_back_with_its_digest_and_its_moves(game_id):
    rules = games.get(game_id).rules
    for seats in _seat_counts(game_id):
        for s in _positions(game_id, seats, seats):
            for seat in range(seats):
                view = rules.observe(s, seat)
                text = json.dumps(encode_state(rules, view))
                back = decode_state(rules, json.loads(text))
                assert type(back) is type(view) and rules.digest(back) == rules.digest(view)
                assert json.dumps(encode_state(rules, back)) == text
                if not rules.is_over(view) and rules.to_move(view) == seat:
                    assert rules.to_move(back) == seat
                    assert [rules.encode(m) for m in rules.legal_moves(back)] == \
                        [rules.encode(m) for m in rules.legal_moves(view)]


@pytest.mark.parametrize("data", [
    {"o": "Popen", "f": {}},  # a class of another module
    {"o": "IngeniousRules", "f": {}},  # the rules class itself
    {"o": "__class__", "f": {}},
    {"o": "Place", "f": {"tile": [1, 2], "evil": 1}},  # a field the class does not have
    {"o": "IngeniousState", "t": []},  # not a tuple class
    {"x": [1]}, {"t": 5}, {"d": [[1]]}, {},
    {"s": [[1, 2]]},  # an unhashable set item
    [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]],
    {"t": [float("nan")]},
])
def test_anything_but_a_view_of_the_game_is_refused(data):
    with pytest.raises(WireError):
        decode_state(games.get("ingenious").rules, data)


def test_reasons_and_outcomes_keep_their_keys_and_words():
    inner = Reason("core.log.list", "{a}, {b}", a="x", b=3)
    r = Reason("ingenious.log.place", "placed {tile} ({points})", tile=inner, points=2.5)
    back = decode_reason(json.loads(json.dumps(encode_reason(r))))
    assert back == str(r) and back.key == r.key and back.params["tile"].key == "core.log.list"
    assert decode_reason(encode_reason("plain words")) == "plain words"
    o = Outcome((3.0, 1.0), (0, 1), "Ann wins", (Reason("a.b", "seven {n}", n=7), "plain"), (), "board_full")
    assert decode_outcome(json.loads(json.dumps(encode_outcome(o)))) == o
    for bad in ({"k": 1, "x": "t"}, {"x": 3}, [], {"k": "a", "x": "t", "p": {"n": [1]}}):
        with pytest.raises(WireError):
            decode_reason(bad)


def test_a_state_holding_something_foreign_is_not_sent():
    rules = games.get("toradama").rules
    s = rules.setup(games.get("toradama").resolve_options({}, 2), 2, 1)
    s.events = [random.Random(1)]
    with pytest.raises(WireError):
        encode_state(rules, s)
