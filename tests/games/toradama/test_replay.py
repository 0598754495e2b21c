"""The animation steps replay exactly what the rules did: after the last step of every move, the shown
position is the public view of the new state, and no step ever shows a hidden cube face."""
import random

from hypothesis import given, settings, strategies as st

from hexgames.games.toradama import replay
from hexgames.games.toradama.board import CUBE, HIDDEN_CUBE
from hexgames.games.toradama.rules import ToradamaRules

RULES = ToradamaRules()


def _public(s):
    return (tuple(s.cells), tuple(s.pool), tuple(map(tuple, s.score)), tuple(s.niku), tuple(map(len, s.cubes)),
            s.bag_out)


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([1, 2]))
def test_the_steps_of_every_move_end_on_the_new_public_view(seed, seats):
    s = RULES.setup({"mode": "solo" if seats == 1 else "standard"}, seats, seed)
    rng = random.Random(seed)
    while not RULES.is_over(s):
        move = RULES.random_move(s, rng)
        after = RULES.play(s, move)
        shown = RULES.observe(s, 0)
        for step in replay.steps_for(after.events, s.current):
            replay.apply_step(shown, step)
            assert not any(CUBE <= c < HIDDEN_CUBE for c in shown.cells)
        assert _public(shown) == _public(RULES.observe(after, 0)), move
        s = after


def test_a_clearing_becomes_ball_fall_chain_and_flip_steps_in_order():
    from tests.games.toradama.positions import make
    from hexgames.games.toradama.moves import Clear

    s = make(["....."] * 4 + [".r...", "YRRR."])  # three reds placed earlier, a cube on one of them
    after = RULES.play(s, Clear(0))
    kinds = [st.kind for st in replay.steps_for(after.events, 0)]
    assert kinds[:4] == ["ball", "chain", "flip", "fall"]
    assert all(st.duration > 0 for st in replay.steps_for(after.events, 0))


def test_the_falling_easing_accelerates_then_hops_once_and_lands():
    from hexgames.ui.anim import ease_fall_bounce

    xs = [ease_fall_bounce(i / 100) for i in range(101)]
    assert xs[0] == 0 and abs(xs[-1] - 1) < 1e-9
    speeds = [b - a for a, b in zip(xs[:80], xs[1:81])]
    assert all(s2 >= s1 for s1, s2 in zip(speeds, speeds[1:]))  # gravity: faster and faster
    assert min(xs[80:]) >= 1 - 0.07 - 1e-9 and min(xs[81:100]) < 1  # one small hop after landing
