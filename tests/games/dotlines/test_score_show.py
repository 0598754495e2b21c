"""What a Dot Lines move did for the race, lit on the board where it happened (issue 27): the
computer's column shows its count out of six once its tiles land and holds the next turn until it is
read or clicked away; the player's own never holds them up; the ending that decided the game holds
the results; at "instant" there is no show. Driven with posted events, frames stepped headless."""
from __future__ import annotations

import pygame
import pytest

from hexgames.core.match import Seat
from hexgames.games.dotlines import view_overlays
from hexgames.games.dotlines.rules import BLACK, EXCHANGE, INVERTER, REDRAW, STACK, WHITE, Place
from hexgames.ui import score_show
from hexgames.ui.anim import INSTANT
from hexgames.ui.results import ResultsScene
from tests.drive import step, step_until
from tests.games.dotlines.boards import RULES, position
from tests.games.dotlines.test_rules import FIVE
from tests.games.dotlines.test_scene import at_position, click, gesture

CPU = Seat("ai", "medium", "CPU")


@pytest.fixture(autouse=True)
def normal_speed(app):
    """The shared app (tests/games/conftest.py) at normal speed: the show runs as a player sees it."""
    app.settings.anim_speed = 1.0


def computer_to_place(app):
    """The computer (seat 1, black from a 4) must place: its actions are used and its hand is two 5s
    and a 1 (the white line, from a 3, takes none of them; its Inverter turns a 5 into a 2 for it)."""
    s = position(mine=(2, 2, 6), theirs=(5, 5, 1), die=(3, 4), current=1, used=(0, REDRAW | EXCHANGE | STACK))
    assert all(type(m) is Place for m in RULES.legal_moves(s))
    scene = at_position(app, s, seats=(Seat("human", None, "Alice"), CPU))
    scene.auto_play = True
    return scene


def placed(app, scene) -> list:
    """Steps until the computer's tiles have landed; its marks as Alice sees the two positions."""
    assert step_until(app, lambda: len(scene.match.moves) == 1 and not scene.animator.busy, 900)
    m = scene.match
    return RULES.score_marks(RULES.observe(m.states[0], 0), m.moves[0], RULES.observe(m.states[1], 0))


def ring_colour(app, scene, place) -> tuple[int, int, int]:
    """The colour on the left side of the ring a mark draws around `place` (a pill may cover its top)."""
    style = view_overlays.MarkPlaces(scene.geo, scene.view(), 0)
    ring = style.ring(place)
    return tuple(app.screen.get_at((ring.x + 1 + view_overlays.ring_width(scene.geo) // 2, ring.centery)))[:3]


def near(a, b, tolerance: int = 12) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


def test_the_computer_s_column_lights_its_count_out_of_six_and_holds_the_next_turn(app):
    scene = computer_to_place(app)
    marks = placed(app, scene)
    column = marks[0]
    assert column.note == "columns" and column.points == len(scene.state.lines[column.places[0][0]])
    assert marks[-1].note == "hand" and marks[-1].places == (("hand", 1),)  # what it leaves in its hand
    assert step_until(app, lambda: len(scene.score_show.lit()) == len(marks), 120)  # every step lit, in order
    assert [lit.mark for lit in scene.score_show.lit()] == marks
    assert scene.is_animating() and not scene.can_act  # Alice reads it before her turn
    assert near(ring_colour(app, scene, column.places[0]), view_overlays.mark_colour(column))
    words = view_overlays.mark_words(app, column)
    assert words == f"{column.points}/6"
    assert step_until(app, lambda: scene.can_act, 300)  # and it ends by itself, in a few seconds
    assert not scene.score_show.busy


def test_a_click_on_the_board_ends_the_show_and_does_nothing_else(app):
    scene = computer_to_place(app)
    assert placed(app, scene)
    step(app, 10)
    assert scene.score_show.waits and not scene.can_act
    click(app, scene.deck_rect.center)  # where Alice draws her next tile (the board's side panel is not it)
    assert len(scene.match.moves) == 1  # ...the show held it: no draw
    click(app, scene.geo.board.center)  # on the board
    assert not scene.score_show.busy and scene.can_act
    assert len(scene.match.moves) == 1  # the click was the show's
    click(app, scene.deck_rect.center)
    assert len(scene.match.moves) == 2  # the next one is hers: she draws


def test_the_player_s_own_column_shows_its_marks_without_holding_anything(app):
    scene = at_position(app, position(mine=(4, 4, 2, 6), die=(3, 5)))
    gesture(app, scene, Place(WHITE, 4, 2, 0))
    assert step_until(app, lambda: not scene.animator.busy, 120)
    step(app, 2)
    assert scene.score_show.busy and not scene.score_show.waits and not scene.is_animating()
    assert [m.note for m in scene.score_show.steps[0]] == ["columns"]


def test_the_inverter_s_mark_rings_the_chip_on_its_tile(app):
    app.set_language("ja")
    s = position(mine=(2, 6, 6), theirs=(1, 3), die=(4, 3), chips=(INVERTER, INVERTER))
    scene = at_position(app, s)
    scene.submit(Place(WHITE, 5, 0, 1))  # a 2 under the Inverter counts as 5
    assert step_until(app, lambda: not scene.animator.busy, 120)
    assert step_until(app, lambda: len(scene.score_show.lit()) == 3, 120)
    chip = next(lit.mark for lit in scene.score_show.lit() if lit.mark.note == "inverter")
    assert chip.places == ((WHITE, 0, 0),)
    assert near(ring_colour(app, scene, chip.places[0]), view_overlays.mark_colour(chip), 40)
    assert view_overlays.mark_words(app, chip) == "インバータ：2を5に"


def test_the_ending_that_decided_the_game_is_shown_on_the_board_before_the_results(app):
    scene = at_position(app, position(mine=(4, 4), theirs=(1, 2, 3)))
    gesture(app, scene, Place(WHITE, 4, 2, 0))  # Alice empties her hand: ending A
    assert step_until(app, lambda: any(lit.mark.note == "won_hand" for lit in scene.score_show.lit()), 300)
    won = next(lit.mark for lit in scene.score_show.lit() if lit.mark.note == "won_hand")
    assert won.places == (("hand", 0),) and won.seat == 0
    assert scene.is_animating() and not isinstance(app.scenes.top, ResultsScene)  # the results wait for it
    assert near(ring_colour(app, scene, ("hand", 0)), view_overlays.WON)
    assert scene.banner_text() == app.tr("ui.game.game_over")
    click(app, scene.geo.board.center)  # read: a click on the board ends it
    assert step_until(app, lambda: isinstance(app.scenes.top, ResultsScene), 30)


def test_the_ending_s_show_ends_by_itself_the_results_follow_and_the_board_keeps_the_ending(app):
    scene = at_position(app, position(mine=(4, 4), theirs=(1, 2, 3)))
    gesture(app, scene, Place(WHITE, 4, 2, 0))
    assert scene.score_show.busy or scene.animator.busy
    assert step_until(app, lambda: isinstance(app.scenes.top, ResultsScene), 600)
    assert not scene.score_show.busy
    app.scenes.pop()  # back to the board: the emptied hand is still ringed as the win
    step(app, 2)
    assert near(ring_colour(app, scene, ("hand", 0)), view_overlays.WON)
    assert not near(ring_colour(app, scene, (WHITE, 0)), view_overlays.CHART_RGB[WHITE])  # the column's is gone


def test_at_instant_speed_there_is_no_show(app):
    app.settings.anim_speed = INSTANT
    scene = computer_to_place(app)
    assert step_until(app, lambda: len(scene.match.moves) == 1, 900)
    step(app, 2)
    assert not scene.score_show.busy and scene.score_show.lit() == [] and scene.can_act


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_every_pill_of_a_full_line_s_ending_stays_on_the_board(app, size, language):
    app.set_language(language)
    app.resize(size)
    scene = at_position(app, position(mine=(2, 2, 1), theirs=(1, 1, 3), black=FIVE, die=(3, 4)))
    gesture(app, scene, Place(BLACK, 2, 2, 0))  # black's sixth column: its owner wins (B)
    assert step_until(app, lambda: any(lit.mark.note == "won_line" for lit in scene.score_show.lit()), 300)
    step(app, 12)  # grown in
    pills = score_show.draw_lit(pygame.Surface(app.screen.get_size()), app.font, scene.score_show.lit(),
                                scene.score_style())
    assert len(pills) == 2 and all(scene.geo.board.contains(p) for p in pills)
    assert not pills[0].colliderect(pills[1])
