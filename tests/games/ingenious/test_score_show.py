"""What a placement scored, lit on the board where it happened (issue 27): the computer's lines show
after its tile lands and hold the next turn until they are read or clicked away; the player's own
show never holds them up; at "instant" there is no show."""
from __future__ import annotations

import math

import pygame
import pytest

from hexgames.core.match import Seat
from hexgames.games.ingenious import view_overlays
from hexgames.games.ingenious.rules import IngeniousRules
from hexgames.ui.anim import INSTANT
from tests.drive import click_at, key, make_app, step, step_until
from tests.games.ingenious.test_scene import ALICE, ROBO, legal_spot, near, pixel, seed_where_first, start

R = IngeniousRules()


@pytest.fixture
def app():
    application = make_app("en", anim_speed=1.0)
    yield application
    application.shutdown()


def ringed(app, scene, h) -> bool:
    """Whether hex h wears the white ring of a counted hex on one of its edges (a pill may hide others)."""
    x, y = scene.hex_center(h)
    edges = [(x + scene.hex_size * 0.84 * math.cos(math.radians(a)), y + scene.hex_size * 0.84 * math.sin(math.radians(a)))
             for a in range(30, 360, 60)]
    return any(near(pixel(app, p), view_overlays.SCORED, 30) for p in edges)


def computer_moved(app, scene) -> list:
    """Steps until the computer's first tile has landed; its marks by the rules."""
    assert step_until(app, lambda: len(scene.match.moves) == 1 and scene.slide is None, 600)
    m = scene.match
    return R.score_marks(R.observe(m.states[0], 0), m.moves[0], R.observe(m.states[1], 0))


def test_the_computer_s_lines_light_up_with_their_points_and_hold_the_next_turn(app):
    scene = start(app, [ALICE, ROBO], seed_where_first(2, 1))
    marks = computer_moved(app, scene)
    assert marks, "a medium first tile scores next to a start symbol"
    step(app, 40)  # every step lit
    assert [lit.mark for lit in scene.score_show.lit()] == sorted(marks, key=lambda m: m.step)
    assert scene.is_animating() and not scene.can_act  # the player reads it before their turn
    assert all(ringed(app, scene, h) for mark in marks for h in mark.places[:1])  # each placed half
    assert step_until(app, lambda: scene.can_act, 240)  # and it ends by itself, in a few seconds


def test_a_click_ends_the_show_and_does_nothing_else(app):
    scene = start(app, [ALICE, ROBO], seed_where_first(2, 1))
    assert computer_moved(app, scene)
    click_at(app, scene.rack_slots[0].center, frames=1)
    assert not scene.score_show.busy and scene.held is None  # the click was the show's, not the rack's
    assert scene.can_act


def test_at_instant_speed_there_is_no_show(app):
    app.settings.anim_speed = INSTANT
    scene = start(app, [ALICE, ROBO], seed_where_first(2, 1))
    assert step_until(app, lambda: len(scene.match.moves) == 1, 600)
    step(app, 2)
    assert not scene.score_show.busy and scene.score_show.lit() == []


def test_the_player_s_own_show_never_holds_their_next_action(app):
    scene = start(app, [ALICE, Seat("human", None, "Bob")], seed_where_first(2, 0))
    key(app, pygame.K_RETURN)  # Alice takes the screen
    click_at(app, scene.rack_slots[0].center, frames=1)
    tile = scene.held_tile()
    click_at(app, scene.placement_center(*legal_spot(scene, tile)), frames=1)
    scene.confirm()
    step(app, 2)
    assert scene.score_show.busy == bool(R.score_marks(scene.match.states[0], scene.match.moves[0],
                                                       scene.match.states[1]))
    assert not scene.score_show.waits and not scene.is_animating()
