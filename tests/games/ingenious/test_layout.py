"""The Ingenious layout and input on their own, with no display and no app: every hit-test finds again
what the geometry drew there, the parts never overlap, and a click means what the player aimed at.

The rects given are those the shared scene hands a game (board, side panel, the bottom bar's free
middle) for windows from very small to very large; the layout is a function of them alone.
"""
from __future__ import annotations

import itertools

import pygame
import pytest

from hexgames.core import hexgrid
from hexgames.core.hexgrid import DOWN
from hexgames.games.ingenious import inputs
from hexgames.games.ingenious.layout import BOARD_RADIUS, TableLayout, direction, on_board
from hexgames.games.ingenious.rules import Place, Swap
from hexgames.ui import gestures
from tests.games.headless import assert_runs_without_display

SIZES = [(640, 480), (800, 600), (1000, 660), (1280, 800), (1920, 1080), (2560, 1440), (3840, 2160),
         (1280, 600)]
TRACKS = [(1, True), (2, False), (3, False), (4, False)]
BOARD = [h for r in range(BOARD_RADIUS + 1) for h in hexgrid.ring(r)]
RACK = [(0, 1), (2, 2), (3, 5), (1, 4), (0, 0), (2, 5)]


def frame(size: tuple[int, int]) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
    """Board, side panel and the bottom bar's middle for a window, as the shared scene lays them out
    (bars of 56 and 64, margins of 10, a panel of a quarter of the width between 240 and 340)."""
    w, h = size
    panel_w = max(240, min(340, w // 4))
    middle = h - 56 - 64 - 20
    board = pygame.Rect(10, 66, w - panel_w - 30, middle - 34 - 5)
    panel = pygame.Rect(w - panel_w - 10, 66, panel_w, middle)
    actions = pygame.Rect(190, h - 64 + 11, w - 2 * 190 - 162, 42)
    return board, panel, actions


def fit(size: tuple[int, int], tracks: int = 2, solo: bool = False) -> TableLayout:
    return TableLayout.fit(*frame(size), tracks, solo)


@pytest.mark.parametrize("size", SIZES)
def test_every_hex_is_found_again_at_its_centre(size):
    geo = fit(size)
    assert len(BOARD) == 169
    for h in BOARD:
        center = geo.hex_center(h)
        assert geo.board_area.collidepoint(center), h
        assert geo.hex_at(center) == h
        assert geo.hex_at((center[0] + geo.hex_size * 0.4, center[1] - geo.hex_size * 0.4)) == h  # off-centre too


@pytest.mark.parametrize("size", SIZES)
def test_a_tile_held_at_its_placement_centre_covers_exactly_its_two_hexes(size):
    geo = fit(size)
    for a in BOARD:
        for b in hexgrid.neighbours(a):
            if on_board(b):
                assert geo.hexes_under(geo.placement_center(a, b), direction(a, b)) == (a, b)


@pytest.mark.parametrize("size,tracks", list(itertools.product(SIZES, TRACKS)))
def test_the_parts_fit_their_rects_and_never_overlap(size, tracks):
    board, panel, actions = frame(size)
    geo = fit(size, *tracks)
    assert board.contains(geo.rack_area) and board.contains(geo.board_area)
    assert not geo.rack_area.colliderect(geo.board_area)
    assert all(geo.rack_area.contains(slot) for slot in geo.rack_slots)
    assert not any(a.colliderect(b) for a, b in itertools.combinations(geo.rack_slots, 2))
    boxes = list(geo.cards.values()) + [geo.legend] + ([geo.solo] if geo.solo else [])
    assert set(geo.cards) == set(range(tracks[0])) and (geo.solo is not None) == tracks[1]
    assert all(panel.contains(box) for box in boxes) and geo.legend.h >= 40
    assert not any(a.colliderect(b) for a, b in itertools.combinations(boxes, 2))
    assert actions.contains(geo.confirm) and actions.contains(geo.swap_accept) and actions.contains(geo.swap_decline)
    assert not geo.swap_accept.colliderect(geo.swap_decline)
    assert geo.notes_rect(6).top > geo.rack_slots[-1].bottom and geo.rack_area.contains(geo.notes_rect(6))


@pytest.mark.parametrize("size", SIZES)
def test_each_rack_slot_is_found_at_its_centre_and_only_while_it_holds_a_tile(size):
    geo = fit(size)
    for i, slot in enumerate(geo.rack_slots):
        assert geo.slot_at(slot.center, 6) == i
        assert geo.slot_at(slot.center, i) is None  # the rack holds fewer tiles near the end
    assert geo.slot_at(geo.board_area.center, 6) is None


def test_the_zoomed_board_keeps_its_focus_in_the_middle():
    geo = fit((1280, 800)).zoomed(30, (2, -1))
    assert geo.hex_size == 30
    assert geo.hex_center((2, -1)) == pytest.approx(geo.board_area.center)
    assert geo.hex_at(geo.board_area.center) == (2, -1)


# --- input, from the layout alone ------------------------------------------------------------------
def test_a_click_on_a_slot_picks_its_tile_and_again_puts_it_back():
    geo, sel = fit((1280, 800)), inputs.Selection()
    assert inputs.click(geo, sel, RACK, geo.rack_slots[3].center) is True
    assert sel.held == 3 and sel.tile(RACK) == RACK[3] and sel.orientation == DOWN
    inputs.click(geo, sel, RACK, geo.rack_slots[3].center)
    assert sel.held is None
    inputs.click(geo, sel, RACK, geo.rack_slots[1].center)
    assert inputs.click(geo, sel, RACK, (geo.rack_area.centerx, geo.rack_area.bottom - 4)) is True
    assert not sel.busy


def test_a_click_on_the_board_proposes_the_held_tile_on_the_hexes_under_it():
    geo, sel = fit((800, 600)), inputs.Selection()
    inputs.click(geo, sel, RACK, geo.rack_slots[2].center)
    sel.rotate(2)
    a = (1, -2)
    b = hexgrid.neighbour(a, sel.orientation)
    proposed = inputs.click(geo, sel, RACK, geo.placement_center(a, b))
    assert proposed == Place(RACK[2], a, b)
    assert sel.held == 2  # in hand until the scene has the rules' word on it
    assert inputs.click(geo, sel, RACK, (geo.panel.centerx, geo.panel.centery)) is False  # not the table's


def test_a_click_on_the_preview_lifts_it_turned_as_it_lay():
    geo, sel = fit((1280, 800)), inputs.Selection()
    tile = RACK[5]
    for turn in range(6):
        a = (0, 2)
        b = hexgrid.neighbour(a, turn)
        sel.show(Place(tile, a, b), 5)
        assert inputs.click(geo, sel, RACK, geo.hex_center(b)) is True
        assert sel.preview is None and sel.held == 5 and sel.orientation == turn


def test_the_pointer_over_the_board_holds_a_placement_only_with_both_halves_on_it():
    geo, sel = fit((1280, 800)), inputs.Selection()
    inputs.click(geo, sel, RACK, geo.rack_slots[0].center)
    sel.mouse = tuple(map(round, geo.placement_center((0, 0), (0, 1))))
    assert inputs.hover(geo, sel, RACK) == Place(RACK[0], (0, 0), (0, 1))
    edge = (0, BOARD_RADIUS)  # the bottom hex: its neighbour below is off the board
    sel.mouse = tuple(map(round, geo.placement_center(edge, hexgrid.neighbour(edge, DOWN))))
    assert inputs.hover(geo, sel, RACK) is None
    sel.mouse = geo.rack_area.center
    assert inputs.hover(geo, sel, RACK) is None


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_the_tutorials_gestures_land_where_the_hit_tests_read_the_move(size):
    geo = fit(size)
    for a, b in [((0, 0), (1, 0)), ((2, -3), (2, -4)), ((-4, 1), (-5, 1))]:
        move = Place(RACK[3], a, b)
        points = inputs.input_points(geo, RACK, move)
        sel = inputs.Selection()
        for g in points:
            if g.kind == "click":
                result = inputs.click(geo, sel, RACK, g.pos)
            elif g.kind == "rclick":
                sel.rotate(1)
        assert result == move
    assert inputs.input_points(geo, RACK, Swap(False)) == [gestures.click(geo.swap_decline.center)]


def test_the_layout_and_input_need_no_display():
    assert_runs_without_display(
        "from hexgames.games.ingenious import inputs, layout\n"
        "geo = layout.TableLayout.fit(pygame.Rect(10, 66, 900, 560), pygame.Rect(930, 66, 340, 600),\n"
        "                             pygame.Rect(190, 747, 738, 42), 2, False)\n"
        "assert geo.hex_at(geo.hex_center((3, -1))) == (3, -1)\n")
