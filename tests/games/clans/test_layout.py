"""The Clans layout and input on their own, with no display and no app: every hit-test finds again
what the geometry put there, the parts fit their rects and never overlap, and a gesture means what
the player aimed at.

The rects given are those the shared scene hands a game (board, side panel) for windows from very
small to very large; the layout is a function of them and the map alone.
"""
from __future__ import annotations

import itertools

import pygame
import pytest

from hexgames.core import hexgrid
from hexgames.games.clans import inputs
from hexgames.games.clans.layout import RECAP_ROOM, TableLayout, spots_box
from hexgames.games.clans.map import load_map
from hexgames.games.clans.rules import COLOURS, Move, ScoreNext
from tests.games.headless import assert_runs_without_display

SIZES = [(640, 480), (800, 600), (1000, 660), (1280, 800), (1920, 1080), (1280, 600)]
APP_SIZES = [size for size in SIZES if size[0] >= 800 and size[1] >= 600]  # the app's smallest window up
MAP = load_map()


def frame(size: tuple[int, int]) -> tuple[pygame.Rect, pygame.Rect]:
    """Board and side panel for a window, as the shared scene lays them out (bars of 56 and 64,
    margins of 10, a panel of a quarter of the width between 240 and 340, the message strip of 34
    under the board)."""
    w, h = size
    panel_w = max(240, min(340, w // 4))
    middle = h - 56 - 64 - 20
    board = pygame.Rect(10, 66, w - panel_w - 30, middle - 34 - 5)
    panel = pygame.Rect(w - panel_w - 10, 66, panel_w, middle)
    return board, panel


def fit(size: tuple[int, int]) -> TableLayout:
    return TableLayout.fit(*frame(size), MAP)


@pytest.mark.parametrize("size", SIZES)
def test_every_cell_is_found_again_as_its_area_and_every_area_at_its_huts(size):
    geo = fit(size)
    for area in range(MAP.areas):
        assert geo.area_at(geo.area_center(area)) == area
        for c in MAP.cells[area]:
            x, y = geo.cell_center(c)
            assert geo.area_at((x, y)) == area
            assert geo.area_at((x + geo.cell * 0.4, y - geo.cell * 0.4)) == area  # off-centre too
    for c in MAP.water:
        assert geo.area_at(geo.cell_center(c)) is None  # a lake is no area
    assert geo.area_at((geo.board.x - 1, geo.board.y)) is None
    assert geo.area_at(geo.panel.center) is None


@pytest.mark.parametrize("size", SIZES)
def test_the_map_fills_its_rect_under_the_strip_and_stays_inside(size):
    board, panel = frame(size)
    geo = fit(size)
    assert board.contains(geo.hint_rect) and board.contains(geo.map_rect)
    assert geo.hint_rect.bottom <= geo.map_rect.top and not geo.map_rect.colliderect(geo.panel)
    centres = [geo.cell_center(c) for c in MAP.all_cells()]
    xs, ys = [x for x, _ in centres], [y for _, y in centres]
    assert min(ys) - geo.cell > geo.hint_rect.bottom
    assert all(geo.map_rect.inflate(2, 2).collidepoint(x, y) for x, y in centres)
    wide, high = max(xs) - min(xs) + 2 * geo.cell, max(ys) - min(ys) + 2 * geo.cell
    assert wide >= 0.9 * geo.map_rect.w or high >= 0.9 * geo.map_rect.h  # as large as the rect allows


@pytest.mark.parametrize("size", SIZES)
def test_each_question_mark_is_found_again_and_stays_off_the_strip(size):
    geo = fit(size)
    pending = list(range(MAP.areas))
    r = geo.marker_radius()
    for area in range(MAP.areas):
        x, y = geo.marker_pos(area)
        assert y - r > geo.hint_rect.bottom
        assert geo.marker_at((x, y), [area]) == area
        assert geo.marker_at((x + r + 4, y), [area]) is None  # just outside it
    near = geo.marker_pos(7)
    assert geo.marker_at(near, pending) is not None
    assert geo.marker_at(near, []) is None  # only the villages waiting have marks


@pytest.mark.parametrize("size", SIZES)
def test_a_cell_side_is_shared_by_its_neighbour(size):
    geo = fit(size)
    for c in MAP.cells[0]:
        for d in range(6):
            a, b = geo.edge(c, d)
            back = geo.edge(hexgrid.neighbour(c, d), (d + 3) % 6)
            assert {tuple(map(round, a)), tuple(map(round, b))} == {tuple(map(round, back[0])),
                                                                       tuple(map(round, back[1]))}


@pytest.mark.parametrize("colours", range(1, COLOURS + 1))
def test_the_chips_of_a_group_never_touch_and_stay_in_their_box(colours):
    geo = fit((800, 600))
    r = geo.hut_radius()
    for present in itertools.combinations(range(COLOURS), colours):
        huts = tuple(3 if c in present else 0 for c in range(COLOURS))
        spots = geo.chip_spots(huts, geo.area_center(4))
        assert [c for c, _, _ in spots] == list(present)
        box = spots_box(spots, r)  # (a pixel of rounding either way)
        for (_, x1, y1), (_, x2, y2) in itertools.combinations(spots, 2):
            assert (x1 - x2) ** 2 + (y1 - y2) ** 2 >= (2.4 * r) ** 2
        for _, x, y in spots:
            shape = pygame.Rect(round(x - 1.25 * r), round(y - 1.25 * r), round(2.5 * r), round(2.5 * r))
            assert box.inflate(2, 2).contains(shape)


@pytest.mark.parametrize("size,seats,picker", [(s, n, p) for s in SIZES for n in (2, 3, 4) for p in (None, 0, n - 1)])
def test_the_players_rows_slots_and_picker_fit_the_panel_and_never_overlap(size, seats, picker):
    geo = fit(size)
    rows = geo.players(seats, picker, COLOURS - 1)
    x, top, w = geo.panel_inner
    assert len(rows.tops) == len(rows.slots) == seats and rows.tops[0] > top
    assert all(b - a >= 26 for a, b in zip(rows.tops, rows.tops[1:]))
    boxes = list(rows.slots) + ([rows.picker] if rows.picker is not None else [])
    assert all(geo.panel.contains(box) for box in boxes)
    assert not any(a.colliderect(b) for a, b in itertools.combinations(boxes, 2))
    if picker is None:
        assert rows.picker is None and rows.cells == ()
        return
    assert len(rows.cells) == COLOURS and all(rows.picker.contains(cell) for cell in rows.cells)
    assert not any(a.colliderect(b) for a, b in itertools.combinations(rows.cells, 2))
    assert rows.picker.top >= rows.tops[picker] + 26
    assert picker + 1 == seats or rows.tops[picker + 1] >= rows.picker.bottom  # the rows below make room
    assert rows.bottom >= rows.picker.bottom


@pytest.mark.parametrize("size", APP_SIZES)
def test_the_panels_parts_fit_under_four_players_with_the_recaps_room_at_the_foot(size):
    geo = fit(size)
    rows = geo.players(4, None, COLOURS - 1)
    parts = rows.bottom + 18 + 8 + geo.colour_points_height() + 8 + geo.epoch_chart_height()
    assert parts + RECAP_ROOM // 2 <= geo.panel.bottom
    # the tip on guessing shows only above the limit, which leaves the parts below it their room
    assert geo.players_limit() + geo.colour_points_height() + geo.epoch_chart_height() + RECAP_ROOM < geo.panel.bottom
    assert 24 <= geo.epoch_row_height() <= 30


# --- input, from the layout alone ------------------------------------------------------------------
def _pos(point: tuple[float, float]) -> tuple[int, int]:
    return round(point[0]), round(point[1])


def test_a_drag_onto_a_neighbour_drops_there_and_a_short_wobble_is_a_click():
    geo, sel = fit((1280, 800)), inputs.Selection()
    src, dst = 3, MAP.neighbours[3][0]
    start = _pos(geo.area_center(src))
    assert inputs.press(geo, sel, start, [], {src, dst}, True) == inputs.Lifted(src)
    assert inputs.point(geo, sel, (start[0] + 3, start[1] + 2)) and not sel.dragging  # not far yet
    assert inputs.point(geo, sel, _pos(geo.area_center(dst))) and sel.dragging and sel.source == src
    there = _pos(geo.area_center(dst))
    assert inputs.release(geo, sel, there, True) == inputs.Drop(src, dst, there)
    assert sel.press_area is None and not sel.dragging
    inputs.press(geo, sel, start, [], {src}, True)
    inputs.point(geo, sel, (start[0] + 40, start[1]))
    assert inputs.release(geo, sel, start, True) == inputs.Drop(src, None, start)  # back home: no move
    inputs.press(geo, sel, start, [], {src}, True)
    assert inputs.release(geo, sel, (start[0] + 2, start[1]), True) is True and sel.selected == src


def test_click_click_proposes_the_move_and_only_movable_groups_are_taken():
    geo, sel = fit((800, 600)), inputs.Selection()
    src, dst = 10, MAP.neighbours[10][-1]
    assert inputs.press(geo, sel, _pos(geo.area_center(dst)), [], {src}, True) is True  # not a movable group
    assert sel.press_area is None
    inputs.press(geo, sel, _pos(geo.area_center(src)), [], {src, dst}, True)
    inputs.release(geo, sel, _pos(geo.area_center(src)), True)
    assert sel.selected == src
    assert inputs.press(geo, sel, _pos(geo.area_center(dst)), [], {src, dst}, True) is True
    assert inputs.release(geo, sel, _pos(geo.area_center(dst)), True) == Move(src, dst)
    assert sel.selected is None
    assert inputs.press(geo, sel, geo.panel.center, [], {src}, True) is False  # not the map's


def test_while_villages_wait_a_question_mark_scores_next_and_anything_else_is_refused():
    geo, sel = fit((1280, 800)), inputs.Selection()
    pending = [5, 20]
    for area in pending:
        assert inputs.press(geo, sel, _pos(geo.marker_pos(area)), pending, set(), True) == ScoreNext(area)
        assert inputs.press(geo, sel, _pos(geo.area_center(area)), pending, set(), True) == ScoreNext(area)
    other = next(a for a in range(MAP.areas) if a not in pending and geo.marker_at(geo.area_center(a), pending) is None)
    assert inputs.press(geo, sel, _pos(geo.area_center(other)), pending, set(), True) == inputs.ORDER_FIRST
    assert inputs.press(geo, sel, _pos(geo.area_center(other)), pending, set(), False) is True  # not now


def test_the_keys_ring_areas_in_reading_order_and_enter_picks_up_then_moves():
    geo, sel = fit((1280, 800)), inputs.Selection()
    candidates = inputs.reading_order(geo, list(range(MAP.areas)))
    ys = [geo.area_center(a)[1] for a in candidates]
    assert all(b >= a - geo.cell * 3 for a, b in zip(ys, ys[1:]))  # top to bottom, row by row

    def press_key(k: int, mod: int = 0, areas=candidates):
        return inputs.key(geo, sel, k, mod, [], lambda: areas, lambda a: list(MAP.neighbours[a]), True)

    assert press_key(pygame.K_a) is False
    press_key(pygame.K_TAB)
    assert sel.key_focus == candidates[0]
    press_key(pygame.K_TAB, pygame.KMOD_SHIFT)
    assert sel.key_focus == candidates[-1]
    focus = candidates[len(candidates) // 2]
    sel.key_focus = focus
    press_key(pygame.K_RIGHT)
    assert geo.area_center(sel.key_focus)[0] > geo.area_center(focus)[0]
    press_key(pygame.K_UP)
    assert sel.key_focus is not None
    src = sel.key_focus
    assert press_key(pygame.K_RETURN) is True and sel.selected == src
    assert sel.key_focus == MAP.neighbours[src][0]  # the ring jumps to the first target
    assert press_key(pygame.K_RETURN) == Move(src, MAP.neighbours[src][0]) and sel.selected is None
    order = [inputs.key(geo, sel, pygame.K_RETURN, 0, [7], lambda: [7], lambda a: [], True) for _ in range(2)]
    assert order == [True, ScoreNext(7)]  # the ring goes to the village first, then Enter scores it


def test_each_guess_slot_and_picker_cell_is_found_again_and_a_click_elsewhere_closes_the_picker():
    geo, sel = fit((800, 600)), inputs.Selection()
    choices = [0, 1, 3, 4]  # every colour but the viewer's own
    rows = geo.players(4, None, len(choices))
    targets = inputs.note_targets(rows, {0, 2, 3}, None, choices)
    assert [a for _, a in targets] == [("open", 0), ("open", 2), ("open", 3)]
    assert inputs.click_note(sel, targets, rows.slots[2].center, geo.panel) is True and sel.picker_for == 2
    rows = geo.players(4, 2, len(choices))
    targets = inputs.note_targets(rows, {0, 2, 3}, 2, choices)
    for cell, colour in zip(rows.cells, [*choices, None]):
        picked = inputs.click_note(inputs.Selection(picker_for=2), targets, cell.center, geo.panel)
        assert picked == inputs.Guess(2, colour)
    assert inputs.click_note(sel, targets, rows.slots[3].center, geo.panel) is True and sel.picker_for == 3
    assert inputs.click_note(sel, targets, geo.board.center, geo.panel) is False and sel.picker_for is None


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_the_tutorials_gestures_land_where_the_hit_tests_read_the_move(size):
    geo = fit(size)
    for src in (0, 17, 41):
        dst = MAP.neighbours[src][0]
        [drag] = inputs.input_points(geo, Move(src, dst))
        sel = inputs.Selection()
        assert inputs.press(geo, sel, _pos(drag.pos), [], {src}, True) == inputs.Lifted(src)
        inputs.point(geo, sel, _pos(drag.to))
        assert inputs.release(geo, sel, _pos(drag.to), True) == inputs.Drop(src, dst, _pos(drag.to))
    [click] = inputs.input_points(geo, ScoreNext(9))
    assert inputs.press(geo, inputs.Selection(), _pos(click.pos), [9, 30], set(), True) == ScoreNext(9)


def test_the_layout_and_input_need_no_display():
    assert_runs_without_display(
        "from hexgames.games.clans import inputs, layout\n"
        "from hexgames.games.clans.map import load_map\n"
        "geo = layout.TableLayout.fit(pygame.Rect(10, 66, 900, 560), pygame.Rect(930, 66, 340, 600), load_map())\n"
        "assert geo.area_at(geo.area_center(12)) == 12\n")
