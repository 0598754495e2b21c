"""The Dot Lines layout and input on their own, with no display and no app: every hit-test finds again
what the geometry put there, the parts fit their rects and never overlap, and a click means what the
player aimed at.

The rects given are those the shared scene hands a game (`GameScene.compute_rects`: board, side
panel, the bottom bar's middle) for windows from 640x480 to 1920x1080 and beyond; the words' sizes
(`Measures`) from short English labels to long ones; the layout is a function of them alone.
"""
from __future__ import annotations

import itertools

import pygame
import pytest

from hexgames.games.dotlines import inputs
from hexgames.games.dotlines.layout import ACTIONS, COLUMNS, Measures, TableLayout
from hexgames.games.dotlines.rules import DOUBLE, DRAW, INVERTER, Draw, Exchange, Place, Redraw, Roll, Stack
from hexgames.ui.game_scene import GameScene
from tests.games.dotlines.boards import RULES, col, position
from tests.games.headless import assert_runs_without_display

SIZES = [(640, 480), (800, 600), (1000, 660), (1280, 800), (1280, 600), (1920, 1080), (2560, 1440)]
# The words' sizes as the app measures them: English, and Japanese (longer labels) with a long name (a
# smaller title). Below the app's smallest window (800x600) only the English buttons fit two to a row;
# the Japanese ones, one to a row, would reach the deck, so that pair is left out.
EN = Measures()
JA = Measures((68, 118, 68, 102), ((10, 40, 10, 8), (10, 30, 10, 8)))
PANELS = [(size, words) for size in SIZES for words in (EN, JA) if size[0] >= 800 and size[1] >= 600 or words is EN]
HANDS = [0, 1, 4, 9, 15, 22]  # tiles in a hand, from none to more than the felt's width holds at full size


def frame(size: tuple[int, int]) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
    """Board, side panel and the bottom bar's middle for a window, as the shared scene lays them out."""
    scene = GameScene.__new__(GameScene)  # only its frame: no app, no table, no display
    scene.online = None
    scene.compute_rects(size)
    return scene.board_rect, scene.panel_rect, scene.actions_rect


def fit(size: tuple[int, int], bottom_seat: int = 0, measures: Measures = Measures()) -> TableLayout:
    board, panel, actions = frame(size)
    return TableLayout.fit(board, panel, actions, bottom_seat, measures)


def disjoint(rects: list[pygame.Rect]) -> bool:
    return not any(a.colliderect(b) for a, b in itertools.combinations(rects, 2))


# --- the parts fit and never overlap ---------------------------------------------------------------
@pytest.mark.parametrize("size,bottom", list(itertools.product(SIZES, (0, 1))))
def test_the_felt_holds_four_bands_and_every_tile_in_its_own(size, bottom):
    board = frame(size)[0]
    geo = fit(size, bottom)
    bands = [geo.hand_area[1 - bottom], *geo.line_area, geo.hand_area[bottom]]
    assert all(board.contains(b) for b in bands) and disjoint(bands)
    assert [b.y for b in bands] == sorted(b.y for b in bands)  # the upper hand, white, black, the lower hand
    for line in (0, 1):
        places = [geo.die_rects[line], *geo.col_rects[line]]
        assert len(places) == COLUMNS + 1 and disjoint(places)
        assert all(geo.line_area[line].contains(r) for r in places)
        pile = geo.stack_step(9) * 8  # a column of nine tiles, centred on its place, stays in its band
        assert all(geo.line_area[line].contains(r.inflate(0, pile)) for r in places)
    for seat, count in itertools.product((0, 1), HANDS):
        rects = geo.hand_rects(seat, count)
        assert len(rects) == count and disjoint(rects)
        assert all(geo.hand_area[seat].contains(r) and board.contains(r.move(0, -r.h // 6)) for r in rects)
        assert all(r.w >= 12 for r in rects)


@pytest.mark.parametrize("size,measures", PANELS)
def test_the_panel_holds_the_boxes_the_deck_the_words_and_the_buttons(size, measures):
    _, panel, actions = frame(size)
    geo = fit(size, 1, measures)
    boxes = list(geo.seat_boxes)
    assert boxes == [geo.boxes[0].rect, geo.boxes[1].rect]  # seat 1's hand below: its box below too
    for box in geo.boxes.values():
        assert box.rect.contains(box.row) and box.rect.contains(box.chip) and box.rect.contains(box.markers)
        assert box.row.collidepoint(box.chip_center) and box.chip.collidepoint(box.chip_center)
        assert box.markers.top > box.row.bottom and box.markers.h >= 16
    buttons = [geo.actions[key] for key in ACTIONS] + [geo.chip_button]
    assert all(panel.contains(r) for r in boxes + [geo.deck_row] + buttons)
    assert disjoint(boxes + [geo.deck_row] + buttons) and geo.deck_row.contains(geo.deck_rect)
    assert geo.seat_boxes[1].bottom < geo.deck_row.top < geo.deck_row.bottom < geo.status_top
    status = geo.status_rect(min(r.top for r in buttons))
    assert status.top == geo.status_top and status.bottom < min(r.top for r in buttons) and status.h > 0
    assert not any(actions.colliderect(r) for r in buttons)  # the bottom bar stays the shared scene's
    for n in (1, 2, 3):
        prompt = geo.button_rects([measures.actions[1]] * n)
        assert disjoint(prompt) and all(panel.contains(r) and r.top > geo.status_top for r in prompt)


def test_the_table_grows_with_the_window():
    small, large = fit((640, 480)), fit((1920, 1080))
    assert small.tile < large.tile and large.tile >= 120
    width = large.col_rects[0][-1].right - large.die_rects[0].left
    assert width >= 0.8 * large.board.w or large.hand_area[0].bottom - large.hand_area[1].top >= 0.8 * large.board.h


# --- every hit-test finds again what the geometry put there ------------------------------------------
@pytest.mark.parametrize("size,bottom", list(itertools.product(SIZES, (0, 1))))
def test_each_hand_tile_is_found_at_its_centre_raised_or_not(size, bottom):
    geo = fit(size, bottom)
    for seat, count in itertools.product((0, 1), HANDS):
        raised = list(range(0, count, 3))
        for i, rect in enumerate(geo.hand_rects(seat, count, raised)):
            assert geo.hand_at(seat, count, rect.center, raised) == i
            assert geo.hand_at(seat, count, (rect.centerx, rect.top + 1), raised) == i  # a raised tile's top too
            assert geo.hand_at(1 - seat, count, rect.center, raised) is None
        hand = sorted((k % 6) + 1 for k in range(count))
        for value in set(hand):
            first = hand.index(value)
            assert geo.hand_spot(hand, seat, value) == geo.hand_rects(seat, count)[first].topleft
    assert geo.hand_at(0, 4, geo.line_area[0].center) is None


@pytest.mark.parametrize("size", SIZES)
def test_each_column_and_line_end_is_found_at_its_centre(size):
    geo = fit(size)
    for lengths in [(0, 0), (3, 1), (6, 5)]:
        for line, n in enumerate(lengths):
            for j in range(n):
                assert geo.line_at(geo.col_rects[line][j].center, lengths) == (line, j)
            if n < COLUMNS:
                assert geo.line_at(geo.end_rect(line, n).center, lengths) == (line, None)
                assert geo.end_rect(line, n) == geo.col_rects[line][n]
            for j in range(n + 1, COLUMNS):
                assert geo.line_at(geo.col_rects[line][j].center, lengths) is None  # a free place past the end
            assert geo.line_at(geo.die_rects[line].center, lengths) is None
    assert geo.end_rect(0, COLUMNS).w == 0 and geo.line_at(geo.col_rects[0][5].center, (6, 0)) == (0, 5)


@pytest.mark.parametrize("size,measures", PANELS)
def test_each_chip_is_found_in_its_own_box(size, measures):
    geo = fit(size, 0, measures)
    for seat, box in geo.boxes.items():
        assert geo.chip_at(box.chip_center) == seat
        assert geo.chip_at(box.row.midleft) is None and geo.chip_at(box.markers.center) is None


# --- input, from the layout alone ------------------------------------------------------------------------
def reach_of(s, selection: inputs.Selection | None = None) -> inputs.Reach:
    legal = list(RULES.legal_moves(s))
    return inputs.Reach(s, s.current, lambda: legal, selection or inputs.Selection(), True)


def test_clicks_and_a_drag_select_hand_tiles_and_a_lit_end_plays_them():
    s = position(mine=(4, 4, 2, 6), theirs=(1, 5), die=(3, 5))
    geo, reach = fit((1280, 800)), reach_of(s)
    sel, hand = reach.selection, reach.hand  # 2, 4, 4, 6
    rects = geo.hand_rects(0, 4)
    assert inputs.click(geo, reach, rects[1].center, add=False) is True and sel.selected == [1] and sel.dragging
    inputs.drag(geo, reach, rects[2].center)
    assert reach.selection_values() == [4, 4] and hand == [2, 4, 4, 6]
    assert Place(0, 4, 2, 0) in reach.candidates() and Place(1, 4, 2, 0) in reach.candidates()
    target = inputs.click(geo, reach, geo.end_rect(1, 0).center, add=False)
    assert target == inputs.Target(1, None) and reach.move_at(target) == Place(1, 4, 2, 0)
    raised = geo.hand_rects(0, 4, sel.selected)  # drawn raised: a click there takes the tile back out
    inputs.click(geo, reach, raised[2].center, add=True)
    assert reach.selection_values() == [4]
    assert inputs.click(geo, reach, geo.hand_rects(1, 2)[0].center, add=False) == inputs.THEIRS
    assert inputs.click(geo, reach, geo.boxes[0].chip_center, add=False) == inputs.CHIP_CLICK
    assert inputs.click(geo, reach, geo.panel.center, add=False) is False


def test_a_click_where_nothing_is_lit_still_means_a_move_for_the_rules_to_refuse():
    s = position(mine=(4, 4, 4, 2), theirs=(1, 5), die=(3, 5))
    geo, reach = fit((800, 600)), reach_of(s)
    reach.selection.selected = [1, 2, 3]
    assert reach.candidates() == []
    assert reach.move_at(inputs.Target(0, None)) == Place(0, 4, 3, 0)
    assert RULES.check(s, Place(0, 4, 3, 0)) is not None
    reach.selection.selected = []
    assert reach.move_at(inputs.Target(0, None)) is None  # nothing selected: the scene says so


def test_the_actions_ask_for_what_they_need():
    s = position(mine=(2, 5), theirs=(6, 1))
    geo, reach = fit((1280, 800)), reach_of(s)
    assert inputs.press_action(reach, "exchange") is None and reach.selection.mode == "exchange"
    assert inputs.click(geo, reach, geo.hand_rects(0, 2)[0].center, add=False) is True and reach.selection.give == 2
    assert inputs.click(geo, reach, geo.hand_rects(1, 2)[1].center, add=False) == Exchange(2, 6)
    reach.selection.clear()
    reach.selection.selected = [1]
    assert inputs.press_action(reach, "redraw") == Redraw(5)


@pytest.mark.parametrize("size", [(640, 480), (1920, 1080)])
def test_the_tutorials_gestures_land_where_the_hit_tests_read_the_move(size):
    s = position(mine=(4, 4, 2, 6, 1), theirs=(1, 5, 3), white=[col(5, 1)], die=(3, 5), chips=(INVERTER, DOUBLE))
    geo = fit(size)
    moves = [m for m in RULES.legal_moves(s) if type(m) in (Place, Stack, Redraw, Exchange)]
    assert {type(m) for m in moves} == {Place, Stack, Redraw, Exchange} and any(m.chip for m in moves
                                                                                if type(m) is Place)
    for move in moves:
        reach = reach_of(s)
        result = None
        for g in inputs.input_points(geo, reach, [], move):
            if g.pos == geo.chip_button.center:
                reach.selection.chip_on = True  # the chip button
            elif g.pos in [geo.actions[key].center for key in ACTIONS]:
                key = next(k for k in ACTIONS if geo.actions[k].center == g.pos)
                result = inputs.press_action(reach, key)
            else:
                result = inputs.click(geo, reach, g.pos, add=bool(g.mod))
        played = reach.move_at(result) if isinstance(result, inputs.Target) else result
        assert played == move, (move, played)


def test_a_prompts_choice_is_a_click_on_its_button():
    s = position(mine=(4,), theirs=(1,), phase=DRAW)
    geo = fit((800, 600))
    rects = geo.button_rects([80, 80])
    prompt = [(rects[0], Draw()), (rects[1], Roll())]
    assert [g.pos for g in inputs.input_points(geo, reach_of(s), prompt, Draw())] == [rects[0].center]


def test_the_layout_and_input_need_no_display():
    assert_runs_without_display(
        "from hexgames.games.dotlines import inputs, layout\n"
        "geo = layout.TableLayout.fit(pygame.Rect(10, 66, 900, 560), pygame.Rect(930, 66, 340, 600),\n"
        "                             pygame.Rect(190, 747, 738, 42), 1)\n"
        "assert geo.hand_at(1, 3, geo.hand_rects(1, 3)[2].center) == 2\n")
