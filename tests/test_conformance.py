"""Every registered game keeps the protocol's promises, checked through the same API for all.

Like OpenSpiel's random_sim_test: random legal play through `play` (the checked path) for every mode
and seat count, with the promises checked on the way.
"""
import random

import pytest

from hexgames import games
from hexgames.core.protocol import IllegalMove, Outcome

# Only the app's own games: test suites register toy games of their own.
BUILTIN = [g for g in games.registered() if type(g.rules).__module__.startswith("hexgames.games.")]
CASES = [(info.id, mode.id, n) for info in BUILTIN for mode in info.modes for n in mode.seats]


def _walk(info, mode, seats, seed, step_check, max_moves=2000):
    rules = info.rules
    s = rules.setup(info.resolve_options({"mode": mode}, seats), seats, seed)
    rng = random.Random(seed)
    for _ in range(max_moves):
        if rules.is_over(s):
            return s
        step_check(rules, s, rng)
        s = rules.play(s, rules.random_move(s, rng))
    raise AssertionError("game did not end")


@pytest.mark.parametrize("game_id,mode,seats", CASES)
def test_random_play_keeps_the_protocol(game_id, mode, seats):
    info = games.get(game_id)

    def check(rules, s, rng):
        moves = rules.legal_moves(s)
        assert moves, "a live game always offers the mover a move"
        m = rng.choice(list(moves))
        assert rules.check(s, m) is None
        assert rules.decode(rules.encode(m)) == m
        seat = rules.to_move(s)
        det = rules.sample(rules.observe(s, seat), seat, rng)
        assert rules.to_move(det) == seat
        assert set(map(repr, rules.legal_moves(det))) == set(map(repr, moves))
        fast = rules.copy(s)
        rules.apply(fast, m)
        assert rules.digest(fast) == rules.digest(rules.play(s, m))

    s = _walk(info, mode, seats, 3, check)
    out = info.rules.outcome(s)
    assert isinstance(out, Outcome) and len(out.ranks) == len(out.scores) == seats
    assert min(out.ranks) == 0 and out.summary


@pytest.mark.parametrize("game_id,mode,seats", CASES)
def test_a_refused_move_raises_and_leaves_the_state_alone(game_id, mode, seats):
    info = games.get(game_id)
    rules = info.rules
    s = rules.setup(info.resolve_options({"mode": mode}, seats), seats, 5)
    before = rules.digest(s)
    legal = {repr(m) for m in rules.legal_moves(s)}
    # a move that is legal later in some game but not now: take one from further into random games
    stranger = next((m for seed in range(6, 60) for m in _walk_moves(info, mode, seats, seed)
                     if repr(m) not in legal), None)
    assert stranger is not None
    with pytest.raises(IllegalMove) as e:
        rules.play(s, stranger)
    assert str(e.value.reason)
    assert rules.digest(s) == before


def _walk_moves(info, mode, seats, seed):
    rules = info.rules
    s = rules.setup(info.resolve_options({"mode": mode}, seats), seats, seed)
    rng = random.Random(seed)
    out = []
    while not rules.is_over(s):
        m = rules.random_move(s, rng)
        out.append(m)
        rules.apply(s, m)
    return out


@pytest.mark.parametrize("game_id", [g.id for g in BUILTIN])
def test_registration_is_complete(game_id):
    info = games.get(game_id)
    assert info.title and info.description and info.modes and info.evaluate is not None
    assert info.scene_path and info.rules_help
    from hexgames import paths

    for lang in ("en", "ja"):
        assert (paths.RULES_HELP / f"{info.rules_help}.{lang}.md").exists()
        assert (paths.TRANSLATIONS / f"{info.id}.{lang}.json").exists()
