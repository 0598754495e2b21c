"""A Toradama chain played out on the board with its points (issue 27): the computer's clearing lights
each link's groups while they flash and vanish, in order, and holds the player's turn until the last
has shown or a click on the board ends the clearing and its marks together."""
from __future__ import annotations

import pytest

from hexgames.core.match import Seat
from hexgames.games import new_match
from hexgames.games.toradama import view_overlays
from hexgames.games.toradama.board import cell
from hexgames.games.toradama.moves import Clear
from hexgames.games.toradama.rules import KUMA, NEKO
from tests.drive import click_at, make_app, step, step_until
from tests.games.toradama.positions import RULES, make
from tests.games.toradama.test_rules import rows

ALICE, ROBO = Seat("human", None, "Alice"), Seat("ai", "medium", "Robo")
BALL = Clear(cell(4, 0))  # Robo's yellow: blue clears (link 1), then red (2), then green (3)
CHAIN = rows("....R", "...GB", "...RB", "...BR", "R.GGY")  # Alice's red at the far left plays no part
TARGET = {"target": 20}  # the chain's 9 points end no game


@pytest.fixture
def app():
    application = make_app("en", anim_speed=1.0)
    yield application
    application.shutdown()


def computer_clears(app):
    """Alice against Robo, Robo to clear `CHAIN` with `BALL`: the table plays it as the worker's
    answer would (by_ai), the computer's thinking left out so the test is the same on every run."""
    app.start_match(new_match("toradama", [ALICE, ROBO], None, 1))
    scene = app.scenes.stack[0]
    scene.auto_play = False
    scene.match.states[-1] = make(CHAIN, chars=(NEKO, KUMA), current=1, options=TARGET)
    step(app, 2)
    scene.table.play(BALL, by_ai=True)
    return scene


def ringed(app, scene, c) -> bool:
    """Whether cell c wears the gold ring of a scoring group on one of its edges (a pill may hide some)."""
    r = scene.cell_rect(c).inflate(4, 4)
    edges = [(r.left + 1, r.centery), (r.right - 2, r.centery), (r.centerx, r.top + 1), (r.centerx, r.bottom - 2)]
    return any(all(abs(a - b) <= 30 for a, b in zip(app.screen.get_at(p)[:3], view_overlays.CHAIN_GOLD))
               for p in edges)


def test_the_computer_s_chain_lights_each_link_with_its_points_as_it_clears_and_holds_the_turn(app):
    scene = computer_clears(app)
    marks = {m.step: m for m in RULES.score_marks(scene.match.states[-2], BALL, scene.match.states[-1])}
    assert sorted(marks) == [1, 2, 3]
    first_lit: list[int] = []
    for _ in range(900):
        if not scene.is_animating():
            break
        assert not scene.can_act  # Alice reads the chain before her turn
        playing = scene.current_step()
        for lit in scene.score_show.lit():
            link = lit.mark.step
            assert lit.mark == marks[link]  # the rules' points, on the rules' cells
            if link not in first_lit:
                first_lit.append(link)
            if lit.alpha == 1.0:  # fully lit only while its own link flashes and vanishes
                assert playing is not None and playing[0].kind == "chain" and playing[0].data[0] == link
                if lit.grown == 1.0 and playing[1] < 0.5:
                    assert any(ringed(app, scene, c) for c in lit.mark.places)
        step(app)
    assert first_lit == [1, 2, 3]
    assert not scene.is_animating() and scene.can_act  # and it ended by itself


def test_a_click_on_the_board_ends_the_clearing_and_its_marks_and_does_nothing_else(app):
    scene = computer_clears(app)
    assert step_until(app, lambda: scene.score_show.lit(), 240)
    moves = len(scene.match.moves)
    click_at(app, scene.cell_rect(cell(0, 0)).center, frames=1)  # on Alice's own red tama
    assert not scene.score_show.busy and scene.shown is None and not scene.is_animating()
    assert scene.ball is None and len(scene.match.moves) == moves  # the click was the show's alone
    assert scene.can_act and scene.match.state.score[1] == RULES.play(
        make(CHAIN, chars=(NEKO, KUMA), current=1, options=TARGET), BALL).score[1]
