"""Hostile input never breaks a game's rules: the bad-input contract of `hexgames.core.protocol`,
fuzzed with hypothesis for every registered game (the games still to come inherit it by registering).

What is thrown at each game, in states taken from seeded random play (every kind of decision the game
has, and the end):
- random Python objects and random JSON into `check`, `play` and `decode`;
- near-misses built from the game's own legal moves: a field swapped for a float, a bool, a list
  instead of a tuple, a huge number, None, a string, or any random object;
- mutated encodings of legal moves (one leaf changed, an item added or dropped, the whole wrapped in
  deep nesting) into `decode`.
The promises: `check` answers None or a reason and never raises; what it accepts is a legal move of
the same types; `play` returns a state or raises `IllegalMove`; `decode` returns a move or raises
`ValueError`, and what it returns encodes canonically; no call changes the state (its digest).
"""
from __future__ import annotations

import copy
import dataclasses
import functools
import os
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hexgames import games
from hexgames.core.protocol import MAX_MESSAGE, IllegalMove, plain_json, same_move
from tests.test_conformance import BUILTIN

GAME_IDS = [g.id for g in BUILTIN]
# CI runs a fixed, quick sample; HEXGAMES_FUZZ_EXAMPLES=5000 runs a long random hunt locally.
_LONG = os.environ.get("HEXGAMES_FUZZ_EXAMPLES")
FUZZ = settings(max_examples=int(_LONG or 120), deadline=None, derandomize=not _LONG,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

# --- what is thrown -------------------------------------------------------------------------------
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(), st.integers(-3, 40), st.floats(allow_nan=True),
                    st.text(max_size=8), st.binary(max_size=4), st.sampled_from([2**70, -2**70, 1.0, 0.0, True]))
PY_OBJECTS = st.recursive(
    SCALARS,
    lambda kids: st.one_of(st.lists(kids, max_size=5), st.lists(kids, max_size=5).map(tuple),
                           st.dictionaries(st.text(max_size=4), kids, max_size=4),
                           st.frozensets(st.integers(0, 9), max_size=3)),
    max_leaves=12)
JSON_SCALARS = st.one_of(st.none(), st.booleans(), st.integers(), st.integers(-3, 40),
                         st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=8))
JSON = st.recursive(
    JSON_SCALARS,
    lambda kids: st.one_of(st.lists(kids, max_size=8), st.dictionaries(st.text(max_size=4), kids, max_size=4)),
    max_leaves=16)


def deep(levels: int) -> list:
    """A list nested `levels` deep, built without recursion."""
    out: list = []
    for _ in range(levels):
        out = [out]
    return out


# --- states to throw it at ---------------------------------------------------------------------------
@functools.lru_cache(maxsize=None)
def states_of(game_id: str) -> tuple[Any, ...]:
    """A few states of every kind of decision met in seeded random games (by the types of the legal
    moves), and each game's end, for every mode at its smallest seat count."""
    info = games.get(game_id)
    rules = info.rules
    kept: dict[Any, list[Any]] = {}
    for mode in info.modes:
        seats = min(mode.seats)
        for seed in (1, 2):
            s = rules.setup(info.resolve_options({"mode": mode.id}, seats), seats, seed)
            rng = random.Random(seed)
            while not rules.is_over(s):
                kind = (mode.id, frozenset(type(m).__name__ for m in rules.legal_moves(s)))
                if len(kept.setdefault(kind, [])) < 2 and rng.random() < 0.3:
                    kept[kind].append(rules.copy(s))
                s = rules.play(s, rules.random_move(s, rng))
            kept.setdefault(("end", mode.id), []).append(s)
    return tuple(s for group in kept.values() for s in group)


def legal_sample(rules, s, limit: int = 40) -> list[Any]:
    moves = list(rules.legal_moves(s))
    return moves if len(moves) <= limit else random.Random(len(moves)).sample(moves, limit)


def any_legal_move(game_id: str) -> list[Any]:
    """Legal moves from every sampled state: shapes for the near-misses."""
    rules = games.get(game_id).rules
    return [m for s in states_of(game_id) for m in legal_sample(rules, s, 8)]


@st.composite
def near_misses(draw, game_id: str) -> Any:
    """A legal-looking move with one field replaced by something of the wrong type or value."""
    move = draw(st.sampled_from(any_legal_move(game_id)))
    names = field_names(move)
    if not names:
        return draw(PY_OBJECTS)
    name = draw(st.sampled_from(names))
    value = draw(st.one_of(bent(getattr(move, name)), PY_OBJECTS))
    return with_field(move, name, value)


def field_names(move: Any) -> list[str]:
    if dataclasses.is_dataclass(move):
        return [f.name for f in dataclasses.fields(move)]
    return list(getattr(move, "_fields", ()))


def with_field(move: Any, name: str, value: Any) -> Any:
    """`move` with one field set to `value`, bypassing any normalising constructor (a caller can
    build such an object, so the rules must cope with it)."""
    if hasattr(move, "_replace"):
        return move._replace(**{name: value})
    out = copy.copy(move)
    object.__setattr__(out, name, value)
    return out


def bent(value: Any) -> st.SearchStrategy:
    """Values close to `value` but not of its exact type or range."""
    options: list[Any] = [None, str(value), [value], -1, 10**30]
    if type(value) is int:
        options += [float(value), bool(value % 2), value + 0.5, -value - 1]
    if type(value) is bool:
        options += [int(value), float(value), "yes"]
    if isinstance(value, tuple):
        options += [list(value), value + (0,), value[:-1], tuple(float(x) if type(x) is int else x for x in value),
                    tuple(bool(x) if type(x) is int else x for x in value)]
    return st.sampled_from(options)


@st.composite
def mutated_encodings(draw, game_id: str) -> Any:
    """The JSON of a legal move with one change a hand-edited or damaged save might hold."""
    rules = games.get(game_id).rules
    j = rules.encode(draw(st.sampled_from(any_legal_move(game_id))))
    how = draw(st.sampled_from(["leaf", "append", "drop", "wrap", "deep"]))
    if how == "deep":
        return [deep(draw(st.integers(20, 5000))), j]
    if how == "wrap":
        return [j]
    if not isinstance(j, list) or not j:
        return draw(JSON)
    j = list(j)
    i = draw(st.integers(0, len(j) - 1))
    if how == "append":
        return j + [draw(JSON)]
    if how == "drop":
        return j[:i] + j[i + 1:]
    j[i] = draw(st.one_of(st.sampled_from([True, False, 1.0, -0.0, 2**64, "1", None, [], {}]), JSON))
    return j


# --- the promises ---------------------------------------------------------------------------------
def assert_check_is_total(rules, s, m) -> None:
    before = rules.digest(s)
    reason = rules.check(s, m)
    assert reason is None or (isinstance(reason, str) and 0 < len(reason) <= MAX_MESSAGE), repr(reason)
    if reason is None:
        assert any(same_move(m, legal) for legal in rules.legal_moves(s)), f"check accepted {m!r}"
    elif rules.malformed(m) is None:
        # a well-formed move reaches the game's own check: it must answer without the guard's help
        raw = type(rules).check.__wrapped__(rules, s, m)
        assert raw is not None
    try:
        after = rules.play(s, m)
    except IllegalMove as e:
        assert reason is not None and str(e.reason)
    else:
        assert reason is None and after is not s
    assert rules.digest(s) == before


def assert_decode_is_strict(rules, j) -> None:
    try:
        m = rules.decode(j)
    except ValueError as e:
        assert len(str(e)) <= 120
        return
    out = rules.encode(m)
    assert plain_json(out)
    assert same_move(rules.decode(out), m), f"{j!r} decodes to {m!r}, which does not round-trip"
    assert rules.encode(rules.decode(out)) == out  # canonical


@pytest.mark.parametrize("game_id", GAME_IDS)
@FUZZ
@given(data=st.data())
def test_check_and_play_take_any_python_object(game_id, data):
    rules = games.get(game_id).rules
    s = data.draw(st.sampled_from(states_of(game_id)))
    assert_check_is_total(rules, s, data.draw(PY_OBJECTS))


@pytest.mark.parametrize("game_id", GAME_IDS)
@FUZZ
@given(data=st.data())
def test_check_and_play_refuse_near_misses_of_legal_moves(game_id, data):
    rules = games.get(game_id).rules
    s = data.draw(st.sampled_from(states_of(game_id)))
    assert_check_is_total(rules, s, data.draw(near_misses(game_id)))


@pytest.mark.parametrize("game_id", GAME_IDS)
@FUZZ
@given(data=st.data())
def test_decode_takes_any_json_or_object(game_id, data):
    rules = games.get(game_id).rules
    j = data.draw(st.one_of(JSON, PY_OBJECTS, mutated_encodings(game_id)))
    assert_decode_is_strict(rules, j)
    # whatever decodes is then judged by check like any other move, in a live state
    try:
        m = rules.decode(j)
    except ValueError:
        return
    s = data.draw(st.sampled_from(states_of(game_id)))
    assert_check_is_total(rules, s, m)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_legal_move_is_well_formed_and_accepted(game_id):
    rules = games.get(game_id).rules
    for s in states_of(game_id):
        for m in legal_sample(rules, s):
            assert rules.malformed(m) is None and rules.check(s, m) is None
            assert_decode_is_strict(rules, rules.encode(m))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_hostile_json_is_refused_cheaply(game_id):
    rules = games.get(game_id).rules
    for j in (deep(100_000), [10**4000], float("nan"), {"a": deep(5000)}, [[0] * 100_000], "x" * 1_000_000,
              object(), b"\x00", {1: 2}, (1, 2), {"move"}):
        with pytest.raises(ValueError):
            rules.decode(j)
        for s in states_of(game_id)[:2]:
            assert rules.check(s, j) is not None
