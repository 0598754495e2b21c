"""The Dot Lines table as a player sees it, from posted events and the pixels drawn: laid out from the
window at 800x600 and 1920x1080 in both languages (nothing overlaps, no text under 12 px, the lines
grow with the felt), unplayable tiles dimmed and reachable places lit, the other player's exchange
ringed in both hands and worded for the viewer, a roll-off tie said in words, and the results naming
the ending."""
from __future__ import annotations

import pygame
import pytest

from hexgames.core.match import Seat
from hexgames.games import new_match
from hexgames.games.dotlines import view_hand, view_panel
from hexgames.games.dotlines.pieces import EXCHANGED, TARGET, TILE
from hexgames.games.dotlines.rules import (
    CHOOSE, DRAW, EXCHANGE, REDRAW, STACK, WHITE, Draw, Exchange, Place, Redraw, Roll,
)
from hexgames.games.dotlines.scene import NEUTRAL, SOFT_TARGET
from hexgames.ui.results import ResultsScene
from tests.drive import move_to, step, step_until
from tests.games.dotlines.boards import RULES, col, position
from tests.games.dotlines.test_rules import FIVE, c_position, only_an_equal_exchange
from tests.games.dotlines.test_scene import (
    ALICE, at_position, click, end_rect, gesture, press_button, prompt_button, start,
)

SIZES = [(800, 600), (1920, 1080)]
CPU = Seat("ai", "medium", "CPU")


def exchange_news(scene):
    """(mover, give, take) of the latest Exchange while it is news to the viewer, as the hands ring it."""
    m = scene.match
    return view_hand.exchange_news(m.moves, m.states, scene.rules.to_move, scene.viewer)


def sized(app, size, language):
    app.set_language(language)
    app.resize(size)
    step(app)


def busy_position():
    """Mid-game: a big hand, stacked columns, a used chip, so every part of the table shows."""
    s = position(mine=(1, 1, 2, 3, 4, 4, 5, 6, 6, 6), theirs=(1, 2, 5), white=[col(3, 1), col(4, 2, (4, 4, 4, 4))],
                 black=[col(5, 1), col(4, 2, (4,))], die=(2, 6), used=(REDRAW, EXCHANGE | STACK))
    s.chip_at = [None, (1, 1, 0)]
    return s


def face(surface, rect):
    """A pixel of a tile's face clear of every pip (the upper middle)."""
    return tuple(surface.get_at((rect.centerx, rect.y + rect.h // 8)))[:3]


# --- layout -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("size", SIZES)
def test_the_table_fits_the_window_and_uses_it(app, size, language):
    sized(app, size, language)
    scene = at_position(app, busy_position())
    click(app, scene.hand_rects[0][4].center)  # a selection: raised tiles and lit targets draw too
    board, panel = scene.board_rect, scene.panel_rect
    geo = scene.geo
    for line in (0, 1):
        area = scene.line_area[line]
        for rect in [scene.die_rects[line], *scene.col_rects[line]]:
            assert area.contains(rect), (line, rect, area)
    for seat in (0, 1):
        assert scene.hand_rects[seat] and all(board.contains(r) for r in scene.hand_rects[seat])
        assert not any(r.colliderect(area) for r in scene.hand_rects[seat] for area in scene.line_area)
    assert not scene.line_area[0].colliderect(scene.line_area[1])
    assert not board.colliderect(scene.message_rect)
    buttons = [b for b in scene.widgets if b.visible and b.rect.colliderect(panel)]
    assert len(buttons) == 4 and all(panel.contains(b.rect) for b in buttons)
    assert not any(a.rect.colliderect(b.rect) for a in buttons for b in buttons if a is not b)
    assert min(b.rect.top for b in buttons) > geo.status_top > geo.deck_row.bottom > geo.seat_boxes[1].bottom
    # the table grows with the window: the lines span the felt's width, or the bands its height
    span_w = scene.col_rects[0][-1].right - scene.die_rects[0].left
    span_h = scene.hand_rects[0][0].bottom - scene.hand_rects[1][0].top
    assert span_w >= 0.8 * board.w or abs(span_h) >= 0.8 * board.h
    if size == (1920, 1080):
        assert scene.tile >= 120


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("size", [(800, 600), (1024, 768), (1920, 1080)])
def test_each_action_marker_holds_its_name_clear_of_its_edges(app, size, language):
    """Issue 27: at 800x600 in Japanese 「リドロー」「スタック」 ran over their markers. Drawn on a ground of
    their own, every letter's pixel lies inside a marker, 2 px or more from its edges."""
    sized(app, size, language)
    scene = at_position(app, busy_position())
    for box in scene.geo.boxes.values():
        surface = pygame.Surface(app.screen.get_size())
        surface.fill((255, 0, 255))
        scene.panel_view._draw_markers(surface, box.markers, REDRAW, (None, None, None))  # one used, two free
        inside = [r.inflate(-4, -4) for r in scene.panel_view._marker_rects(box.markers)]
        area = box.markers.inflate(20, 20)
        grounds = {(255, 0, 255), view_panel.MARKER_FREE, view_panel.MARKER_USED}
        letters = [(x, y) for x in range(area.x, area.right) for y in range(area.y, area.bottom)
                   if tuple(surface.get_at((x, y)))[:3] not in grounds]
        assert letters and all(any(r.collidepoint(p) for r in inside) for p in letters), (size, language)


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("size", [(800, 600), (1024, 768), (1920, 1080)])
def test_every_panel_button_s_label_fits_it(app, size, language):
    """The actions and the chip while acting, and a prompt's three choices: each label, in the theme's
    button type (the first choice's bolder), fits its button with the theme's padding."""
    sized(app, size, language)
    chosen = position(mine=(1, 2), theirs=(3, 4), phase=CHOOSE)
    chosen.home = [-1, -1]
    for s in (busy_position(), chosen):
        scene = at_position(app, s)
        step(app, 2)
        buttons = [b for b in scene.widgets if b.visible and b.rect.colliderect(scene.panel_rect)]
        assert len(buttons) >= 3
        for button in buttons:
            primary = any(b is button for b, _ in scene.prompt_buttons[:1])
            font = app.font(view_panel.PRIMARY_FONT if primary else view_panel.BUTTON_FONT, bold=primary)
            assert font.size(button.text)[0] + 8 <= button.rect.w, (size, language, button.text)


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("size", SIZES)
def test_no_text_on_the_table_is_under_12_px(app, size, language, monkeypatch):
    sized(app, size, language)
    scene = at_position(app, busy_position())
    click(app, scene.hand_rects[0][4].center)
    press_button(app, scene.action_buttons["stack"])
    move_to(app, scene.action_buttons["exchange"].rect.center)  # the disabled button's reason on hover
    sizes = []
    real_font = app.font
    monkeypatch.setattr(app, "font", lambda size, bold=False: (sizes.append(size), real_font(size, bold))[1])
    app.draw()
    assert sizes and min(sizes) >= 12


# --- targets --------------------------------------------------------------------------------------
@pytest.mark.parametrize("show", [True, False])
def test_unplayable_tiles_are_dimmed_and_the_places_they_reach_lit(app, show):
    app.settings.show_targets = show
    scene = at_position(app, position(mine=(4, 4, 1), theirs=(1, 5, 3), die=(3, 5)))  # no line takes a 1
    step(app)
    screen = app.screen
    hand = scene.hand_rects[0]  # sorted: 1, 4, 4
    assert (face(screen, hand[0]) != TILE) == show
    assert face(screen, hand[1]) == TILE
    for line in (WHITE, 1):  # a 4 goes next to either die
        end = end_rect(scene, line)
        assert (tuple(screen.get_at((end.centerx, end.top - 4)))[:3] == SOFT_TARGET) == show
    click(app, hand[1].center)  # a 4 selected: its places lit in full, the hint of all places gone
    end = end_rect(scene, WHITE)
    assert (tuple(app.screen.get_at((end.centerx, end.top - 5)))[:3] == TARGET) == show
    assert tuple(app.screen.get_at((end.centerx, end.top - 4)))[:3] != SOFT_TARGET


# --- an exchange by the other player ---------------------------------------------------------------------
@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_computers_exchange_is_ringed_in_both_hands_and_worded_for_the_human(app, language):
    app.set_language(language)
    # the computer (seat 1) can do nothing but give one of its 6s for one of Alice's 2s
    s = position(mine=(2, 2), theirs=(6, 6), die=(3, 4), current=1, used=(0, REDRAW | STACK))
    assert RULES.legal_moves(s) == [Exchange(6, 2)]
    scene = at_position(app, s, seats=(ALICE, CPU))
    scene.auto_play = True
    match = scene.match
    assert step_until(app, lambda: match.moves and not scene.is_animating())
    step(app, 2)
    assert match.moves == [Exchange(6, 2)] and exchange_news(scene) == (1, 6, 2)
    mine, theirs = scene.hand_rects[0], scene.hand_rects[1]  # Alice: 2, 6; the computer: 2, 6
    ring = lambda rect: tuple(app.screen.get_at((rect.x + 1, rect.centery)))[:3]  # noqa: E731
    assert ring(mine[1]) == EXCHANGED and ring(theirs[0]) == EXCHANGED  # the 6 that came, the 2 that left
    assert ring(mine[0]) != EXCHANGED and ring(theirs[1]) != EXCHANGED
    words = {"en": "exchanged your 2 for their 6 (Exchange)", "ja": "あなたの2を自分の6と交換した（エクスチェンジ）"}
    said = app.tr_reason(RULES.describe(RULES.observe(match.states[0], 0), match.moves[0], 0))
    assert said == words[language]
    assert scene.ai_line() == (1, app.tr("ui.game.ai_moved", name="CPU", text=words[language]))
    press_button(app, prompt_button(scene, Draw()))  # drawing is not acting on it: still news
    assert exchange_news(scene) == (1, 6, 2)
    gesture(app, scene, Redraw(2))
    assert match.moves[-1] == Redraw(2) and exchange_news(scene) is None


def test_a_player_whose_only_act_is_an_equal_exchange_makes_it_and_plays_on(app):
    scene = at_position(app, only_an_equal_exchange([4, 1]))
    press_button(app, prompt_button(scene, Draw()))
    assert not scene.match.is_over and scene.action_buttons["exchange"].is_enabled
    assert scene.playable_values() == set()  # nothing to place: every tile dimmed
    gesture(app, scene, Exchange(1, 1))
    assert scene.match.moves[-1] == Exchange(1, 1) and not scene.match.is_over
    words = RULES.describe(scene.match.states[-2], Exchange(1, 1), 1)
    assert words == "exchanged a 1 for a 1: the hands are unchanged (Exchange)"


# --- the roll-off ---------------------------------------------------------------------------------------
def test_a_roll_off_tie_is_said_in_words_and_the_banner_waits_for_the_dice(app):
    seed = next(k for k in range(200) if len(RULES.play(RULES.setup({}, 2, k), Roll()).rolls) > 1)
    app.settings.anim_speed = 1.0
    scene = start(app, new_match("dotlines", [ALICE, CPU], {}, seed), auto_play=False)
    press_button(app, prompt_button(scene, Roll()))
    rolls = scene.state.rolls
    tie = app.tr("dotlines_ui.roll_tie", value=rolls[0][0])
    seen = set()
    for _ in range(600):
        if scene.animator.value("roll") is None:
            break
        seen.add(scene.roll_shown(scene.view())[1])
        banner = scene.banner_text()
        assert "Alice" not in banner and "CPU" not in banner and scene.seat_colour(scene.match.to_move) == NEUTRAL
        step(app)
    assert tie in seen
    assert scene.roll_shown(scene.view())[1] == f"First a tie at {rolls[0][0]}: rolled again."
    assert scene.seat_name(scene.match.to_move) in scene.banner_text()


# --- the end ---------------------------------------------------------------------------------------------
ENDINGS = [  # a position and the move that ends it, for each way a game ends
    (lambda: position(mine=(4, 4), theirs=(1, 2, 3)), Place(WHITE, 4, 2, 0)),
    (c_position, Place(1, 2, 1, 0)),
    (lambda: position(mine=(2, 2, 1), theirs=(1, 1, 3), white=FIVE, die=(4, 4)), Place(WHITE, 2, 2, 0)),
    (lambda: position(mine=(1,), theirs=(3, 3), die=(6, 6), deck=[4, 1, 1], used=(REDRAW | EXCHANGE | STACK, 0),
                      phase=DRAW), Draw()),
    (lambda: position(mine=(4, 4, 1), theirs=(1, 2, 3, 6), deck=[]), Place(WHITE, 4, 2, 0)),
    (lambda: position(mine=(4, 1, 6), theirs=(1, 2), deck=[]), Place(WHITE, 4, 1, 0)),
]


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("ending", range(len(ENDINGS)))
def test_the_results_name_the_ending_in_words_that_fit_at_800x600(app, ending, language):
    sized(app, (800, 600), language)
    make, last = ENDINGS[ending]
    scene = at_position(app, make())
    if type(last) is Draw:
        press_button(app, prompt_button(scene, last))
    else:
        gesture(app, scene, last)
    assert step_until(app, lambda: isinstance(app.scenes.top, ResultsScene), 300)
    results = app.scenes.top
    summary = app.tr_reason(results.outcome.summary)
    assert summary in scene.toasts.texts and "Ending" not in summary and "終了" not in summary
    assert (summary == str(results.outcome.summary)) == (language == "en")  # translated
    assert app.font(12).size(summary)[0] <= results.table.w - 40  # one line on the results, 12 px or more
    hand = scene.state.hand_size(0)
    assert str(hand) in app.tr_reason(results.outcome.details[0])


def test_the_end_is_told_only_once_the_last_tiles_have_landed(app):
    app.settings.anim_speed = 1.0
    scene = at_position(app, position(mine=(4, 4), theirs=(1, 2, 3)))
    gesture(app, scene, Place(WHITE, 4, 2, 0))
    summary = app.tr_reason(RULES.outcome(scene.state).summary)
    assert scene.match.is_over and scene.is_animating()
    assert scene.banner_text() == "Alice moves" and summary not in scene.toasts.texts
    assert scene.status_text() == ""
    assert step_until(app, lambda: not scene.is_animating(), 300)
    step(app)
    assert summary in scene.toasts.texts and scene.status_text() == summary
    assert scene.banner_text() == app.tr("ui.game.game_over")


def test_undoing_the_last_move_takes_the_ending_back_and_says_it_again(app):
    scene = at_position(app, position(mine=(4, 4), theirs=(1, 2, 3)))
    gesture(app, scene, Place(WHITE, 4, 2, 0))
    assert step_until(app, lambda: isinstance(app.scenes.top, ResultsScene), 300) and scene.announced
    app.scenes.pop()  # back to the board
    step(app)
    press_button(app, scene.undo_button)
    assert not scene.match.is_over and not scene.announced and scene.status_text() != ""
    gesture(app, scene, Place(WHITE, 4, 2, 0))
    assert step_until(app, lambda: scene.announced, 300)


def test_clear_selection_drops_everything_the_player_was_doing(app):
    scene = at_position(app, position(mine=(4, 4, 1), theirs=(1, 5, 3), die=(3, 5)))
    raised = scene.hand_rects[0][1].y
    click(app, scene.hand_rects[0][1].center)
    click(app, scene.hand_rects[0][2].center, mod=pygame.KMOD_SHIFT)
    press_button(app, scene.chip_button)
    assert scene.selected and scene.chip_on and scene.hand_rects[0][1].y < raised
    press_button(app, scene.action_buttons["stack"])
    assert scene.mode == "stack"
    scene.clear_selection()
    step(app)
    assert (scene.selected, scene.chip_on, scene.mode, scene.give, scene.dragging) == ([], False, None, None, False)
    assert scene.hand_rects[0][1].y == raised  # drawn lowered again


def test_the_tiles_stacked_on_a_column_are_counted_apart_from_those_that_made_it():
    from hexgames.games.dotlines.scene import DotLinesScene

    s = position(mine=(2,), theirs=(3,), white=[col(4, 2, (4,)), col(5, 1, (5, 5)), col(4, 2, (4, 4, 4))],
                 chips=(0, 0))  # both Double
    s.chip_at = [(WHITE, 0, 0), (WHITE, 2, 2)]  # made with the Double; the Double stacked on a column of two
    laid = [DotLinesScene.laid_with_column(s, WHITE, j, c) for j, c in enumerate(s.lines[WHITE])]
    assert laid == [1, 1, 2]  # so nothing, one and one tile stacked


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_layouts_player_boxes_are_where_the_panel_card_puts_its_rows_and_a_click_takes_the_chip(app, language):
    """The layout places a box's rows under its title from the words' sizes the scene measured; the
    card drawn (`hud.panel`) must agree, so the chip is drawn, and clicked, where the layout says."""
    from hexgames.ui import hud

    sized(app, (800, 600), language)
    scene = at_position(app, position(mine=(4, 4, 2), theirs=(1, 5), die=(3, 5)))
    for seat, box in scene.geo.boxes.items():
        inner = hud.panel(pygame.Surface(app.screen.get_size()), box.rect, scene.seat_name(seat), app)
        assert inner.topleft == box.row.topleft and inner.right - 12 == box.chip_center[0]
    click(app, scene.geo.boxes[0].chip_center)
    assert scene.chip_on
    click(app, scene.geo.boxes[1].chip_center)  # the opponent's chip is not the player's
    assert scene.chip_on and not scene.toasts.texts
