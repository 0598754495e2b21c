"""A territory's scoring lit on the board where it happened (issue 27): the computer's founding or
growing shows once its sticker has dropped, exactly the rules' marks, and holds the next turn until
it ends or a click on the board ends it; a territory both founded says it scores for nobody and why."""
from __future__ import annotations

import pytest

from hexgames.core.match import Seat
from hexgames.core.scoring import ScoreMark
from hexgames.games.stickers import pieces, view_overlays
from hexgames.games.stickers.regions import point_xy
from hexgames.games.stickers.rules import Place
from hexgames.games.stickers.view_board import BoardView
from tests.drive import click_at, make_app, step, step_until
from tests.games.stickers.test_scene import ALICE, play_one_decision, start  # the decks built with Quick deck

ROBO = Seat("ai", "easy", "Robo")


@pytest.fixture
def app():
    application = make_app("en", anim_speed=1.0)
    yield application
    application.shutdown()


def computer_scored(app) -> tuple[object, list[ScoreMark]]:
    """Plays Alice's turns with the mouse, game after game (the computer's choices vary), until a
    move of the computer's that does not end the game scores: the scene and that move's marks by the
    rules, from what Alice sees."""
    for seed in range(3, 23):
        scene = start(app, [ALICE, ROBO], seed)
        while not scene.match.is_over:
            if scene.can_act:
                play_one_decision(app, scene)
                continue
            moves = len(scene.match.moves)
            assert step_until(app, lambda: len(scene.match.moves) > moves or scene.can_act or scene.match.is_over, 900)
            m, r = scene.match, scene.rules
            if len(m.moves) > moves and type(m.moves[-1]) is Place and r.to_move(m.states[-2]) == 1 \
                    and not m.is_over:  # a last move has no next turn for its show to hold
                marks = r.score_marks(r.observe(m.states[-2], 0), m.moves[-1], r.observe(m.states[-1], 0))
                if marks:
                    return scene, marks
    raise AssertionError("the computer never scored")


def ring_points(scene, point) -> list[tuple[int, int]]:
    """Where a lit grid point's ring passes: left, right, above and below it."""
    x, y = scene.geo.to_screen(*point_xy(point))
    r = max(7, round(scene.geo.zoom * 0.22))
    return [(round(x + dx), round(y + dy)) for dx, dy in ((r, 0), (-r, 0), (0, r), (0, -r))]


def colours_at(app, points) -> list[tuple[int, int, int]]:
    return [tuple(app.screen.get_at(p))[:3] for p in points]


def test_the_computer_s_territory_lights_up_with_its_points_and_holds_the_next_turn(app):
    scene, marks = computer_scored(app)
    step(app, 40)  # the sticker has dropped, the marks have grown in
    assert [lit.mark for lit in scene.score_show.lit()] == marks
    assert scene.is_animating() and not scene.can_act  # Alice reads it before her turn
    rings = {p: ring_points(scene, p) for mark in marks for p in mark.places}
    during = {p: colours_at(app, pts) for p, pts in rings.items()}
    assert step_until(app, lambda: scene.can_act, 240)  # and it ends by itself, in a few seconds
    step(app, 2)
    after = {p: colours_at(app, pts) for p, pts in rings.items()}
    for mark in marks:
        ring = pieces.COLOUR_RGB[mark.colour]
        lit = [p for p in mark.places if any(c == ring and c != a for c, a in zip(during[p], after[p]))]
        assert len(lit) >= len(mark.places) - 1, (mark, lit)  # every point ringed (the pill may hide one)


def test_a_click_on_the_board_ends_the_show_and_does_nothing_else(app):
    scene, _ = computer_scored(app)
    step(app, 30)
    moves = len(scene.match.moves)
    corner = scene.geo.board.inflate(-20, -20).topleft
    click_at(app, corner, frames=0)
    assert not scene.score_show.busy and len(scene.match.moves) == moves  # the click was the show's alone
    assert not scene.is_animating() or scene.match.to_move == 1  # the turn goes on (a Double: the computer's)


@pytest.mark.parametrize("language, said, label", [
    ("en", "\u221211: both founded it, it scores for nobody", "30: both founded, scores 0"),
    ("ja", "\u221211：両方が成立、だれの点にもならない", "30：両方成立で0点"),
])
def test_a_territory_both_founded_says_it_scores_for_nobody_and_why(app, language, said, label):
    app.set_language(language)
    mark = ScoreMark((0,), -11, 2, 0, 0, "cancelled")
    assert view_overlays.mark_words(app, mark) == said
    assert view_overlays.mark_words(app, ScoreMark((0,), 4, 2, 1, 0, "founded")) == "+4"
    assert BoardView(app)._cancelled(30) == label  # no bare "×30" beside two scores of 0
