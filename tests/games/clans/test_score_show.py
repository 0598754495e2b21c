"""A village's scoring lit on the map where it happened (issue 27): the computer's village shows
exactly the rules' marks, village by village as the strip tells it, and holds the next turn until
it ends or a click on the map ends it; while the game runs no mark says whose colour scored."""
from __future__ import annotations

import random

import pytest

from hexgames.games import new_match
from hexgames.games.clans import view_overlays
from hexgames.games.clans.rules import ScoreNext
from hexgames.games.clans.scene import ClansScene
from tests.drive import changed_pixels, click_at, make_app, step, step_until
from tests.games.clans.test_scene import HUMAN_VS_AI, position_with_a_double_village, resample_colours, start


@pytest.fixture
def app():
    application = make_app("en", anim_speed=1.0)
    yield application
    application.shutdown()


def computer_scored(app) -> tuple[ClansScene, list]:
    """The computer scores its first village; the scene and that move's marks by the rules, from
    what Alice (the viewer) sees."""
    seed, played, move = position_with_a_double_village(seat=1)  # the computer's next moves order them
    match = new_match("clans", HUMAN_VS_AI, {}, seed)
    match.replay(played + [move])
    scene = start(app, match)
    scene.auto_play = True
    moves = len(match.moves)
    assert step_until(app, lambda: len(match.moves) > moves, 900)
    assert isinstance(match.moves[-1], ScoreNext)
    r = scene.rules
    return scene, r.score_marks(r.observe(match.states[-2], 0), match.moves[-1], r.observe(match.states[-1], 0))


def test_the_computer_s_villages_light_up_one_by_one_as_the_strip_tells_them_and_hold_the_next_turn(app):
    scene, marks = computer_scored(app)
    assert marks and marks[0].note == "founder" and marks[0].seat == 1
    villages = sorted({m.step for m in marks})
    moves = len(scene.match.moves)
    for shown, village in enumerate(villages):
        lit_steps = set(villages[:shown + 1])
        assert step_until(app, lambda: {lit.mark.step for lit in scene.score_show.lit()} == lit_steps, 240)
        step(app, 12)  # grown in
        assert [lit.mark for lit in scene.score_show.lit()] == [m for m in marks if m.step <= village]
        area = next(m.places[0] for m in marks if m.step == village)
        assert scene.score_steps and scene.score_steps[0].entry.area == area  # the strip tells the same village
        assert scene.is_animating() and not scene.can_act
    assert step_until(app, lambda: not scene.score_steps, 240)  # the strip moves on with the marks...
    assert scene.score_show.waits and len(scene.match.moves) == moves and not scene.can_act  # ...which still hold
    assert step_until(app, lambda: not scene.score_show.busy, 240)  # and end by themselves


def test_a_click_on_the_map_ends_the_show_and_the_telling(app):
    scene, marks = computer_scored(app)
    step(app, 10)
    moves = len(scene.match.moves)
    corner = scene.map_rect.inflate(-6, -6).topleft  # water or land, the click only ends the show
    click_at(app, corner, frames=0)
    assert not scene.score_show.busy and not scene.score_steps
    assert len(scene.match.moves) == moves and scene.selected is None


def test_no_mark_says_whose_colour_scored_while_the_game_runs(app):
    scene, marks = computer_scored(app)
    step(app, 20)
    scene.score_show.speed = lambda: 0.0  # held with the village lit
    step(app)
    names = [scene.seat_name(i) for i in range(2)]
    for mark in marks:
        words = view_overlays.mark_words(app, mark, scene.seat_name)
        if mark.note != "founder":
            assert mark.seat is None and not any(name in words for name in names), words
    board = scene.map_rect.union(scene.hint_rect)
    first = app.screen.copy()
    match, r = scene.match, scene.rules
    before = match.state.colour_of
    for attempt in range(20):
        resample_colours(match, 0, random.Random(attempt))
        if match.state.colour_of[1] != before[1]:
            break
    assert match.state.colour_of[1] != before[1]
    assert r.score_marks(r.observe(match.states[-2], 0), match.moves[-1], r.observe(match.states[-1], 0)) == marks
    step(app)
    assert not changed_pixels(first, app.screen, board)
