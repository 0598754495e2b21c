"""The Toradama layout on its own, with no display and no app: every hit-test finds again what the
geometry put there, the parts fit their rects and never overlap, for windows from very small to very
large, mirrored or not, solo or a duel.

The rects given are those the shared scene hands a game (`GameScene.compute_rects`, run on a bare
scene object so no app or display is made); the layout is a function of them alone.
"""
from __future__ import annotations

import itertools

import pygame
import pytest

from hexgames.games.toradama import inputs
from hexgames.games.toradama.board import CELLS, COLS, ROWS, SHARED_COLUMN, cell
from hexgames.games.toradama.layout import TableLayout
from hexgames.games.toradama.moves import CUBE_SOURCE, Choose, Clear, Dig, Flip, Give, Place, Resign, Swap, Triple
from hexgames.games.toradama.rules import PRIVATE, ToradamaRules
from hexgames.ui.game_scene import GameScene
from tests.games.headless import assert_runs_without_display
from tests.games.toradama.positions import make

R = ToradamaRules()
CHAIN_TWO = [".....", ".....", "...g.", "B..Y.", "RBbPG", "YRRGP"]

SIZES = [(640, 480), (800, 600), (1024, 600), (1000, 660), (1280, 800), (1366, 768), (1920, 1080), (1280, 600),
         (800, 1000), (2560, 1440)]
TABLES = [(1, False), (2, False), (2, True)]  # (seats, mirrored)


def frame(size: tuple[int, int]) -> GameScene:
    """The shared scene's rects for a window (board, side panel, message strip), without an app."""
    shell = object.__new__(GameScene)
    shell.online = None
    shell.compute_rects(size)
    return shell


def fit(size: tuple[int, int], seats: int = 2, mirrored: bool = False) -> TableLayout:
    shell = frame(size)
    return TableLayout.fit(shell.board_rect, shell.panel_rect, seats, mirrored)


@pytest.mark.parametrize("size,table", list(itertools.product(SIZES, TABLES)))
def test_every_cell_and_column_is_found_again_where_it_is_drawn(size, table):
    geo = fit(size, *table)
    for c in range(CELLS):
        rect = geo.cell_rect(c)
        square = rect.inflate(4, 4)  # the tile is inset 2 px in its square of the grid
        assert geo.grid.contains(square) and square.w == geo.cell_size
        for point in (rect.center, square.topleft, (square.right - 1, square.bottom - 1)):  # the square's corners
            assert geo.cell_at(point) == c and geo.column_at(point) == c // ROWS
        col, row = divmod(c, ROWS)
        assert geo.tile_rect(col, row) == rect
    for col in range(COLS):
        top = geo.tile_rect(col, ROWS - 1)
        above = (top.centerx, top.top - geo.cell_size // 2)  # a tile let go just above the grid
        assert geo.column_at(above) == col and geo.cell_at(above) is None
        assert geo.columns_rect(col, col).collidepoint(top.center)
    assert geo.column_at((geo.grid.x - 1, geo.grid.centery)) is None
    assert geo.column_at((geo.grid.centerx, geo.grid.bottom)) is None and geo.cell_at(geo.grid.midbottom) is None


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_mirrored_each_seat_s_columns_and_cube_pool_are_on_its_own_side(size):
    plain, mirrored = fit(size), fit(size, 2, True)
    assert plain.left_seat == 0 and mirrored.left_seat == 1
    for geo in (plain, mirrored):
        left = geo.left_seat
        mine, theirs = geo.columns_rect(*PRIVATE[left]), geo.columns_rect(*PRIVATE[1 - left])
        shared = geo.columns_rect(SHARED_COLUMN, SHARED_COLUMN)
        assert mine.right == shared.left and shared.right == theirs.left  # left area, shared column, right area
        assert geo.stacks[left].right < geo.grid.left < geo.grid.right < geo.stacks[1 - left].left
        assert geo.side_boxes[left].right < geo.grid.left < geo.grid.right < geo.side_boxes[1 - left].left
        assert geo.cards[left].y > geo.cards[1 - left].y  # the left-hand player's card is the lower one
    assert [plain.column_at(plain.cell_rect(cell(col, 0)).center) for col in range(COLS)] == list(range(COLS))
    assert mirrored.cell_rect(cell(0, 0)) == plain.cell_rect(cell(COLS - 1, 0))


@pytest.mark.parametrize("size,table", list(itertools.product(SIZES, TABLES)))
def test_the_parts_fit_their_rects_and_never_overlap(size, table):
    shell = frame(size)
    geo = fit(size, *table)
    board = {"grid": geo.grid.inflate(12, 12), "cubes 0": geo.stacks[0], "cubes 1": geo.stacks[1],
             "pool": geo.pool_slots[0].union(geo.pool_slots[-1]), "bag": geo.bag_rect,
             "note 0": geo.side_boxes[0], "note 1": geo.side_boxes[1]}
    for name, rect in board.items():
        assert shell.board_rect.contains(rect), name
    assert not any(a.colliderect(b) for a, b in itertools.combinations(board.values(), 2))
    assert not any(a.colliderect(b) for a, b in itertools.combinations(geo.pool_slots, 2))
    assert geo.side_boxes[0].w >= 48 and geo.side_boxes[0].h >= 36  # room for "Chain 2!"
    panel = [*geo.cards.values(), geo.okunote, geo.give, geo.resign] + ([geo.best] if geo.best else [])
    assert set(geo.cards) == set(range(table[0])) and (geo.best is not None) == (table[0] == 1)
    assert all(shell.panel_rect.contains(rect) for rect in panel)
    assert not any(a.colliderect(b) for a, b in itertools.combinations(panel, 2))


@pytest.mark.parametrize("size", SIZES)
def test_the_pool_the_cube_pools_and_the_cards_are_found_at_their_centres(size):
    geo = fit(size)
    for i, slot in enumerate(geo.pool_slots):
        assert geo.pool_slot_at(slot.center) == i
    for seat, rect in geo.stacks.items():
        assert geo.stack_at(rect.center) == seat
        for cubes in (0, 1, 5, 8, 30):
            top = geo.stack_top(seat, cubes)
            assert rect.contains(top) and geo.stack_at(top.center) == seat
            assert geo.source_rect(seat, CUBE_SOURCE, (0, 3), cubes) == top
    for seat, rect in geo.cards.items():
        assert geo.card_at(rect.center) == seat
    pool = (1, 1, 4)
    assert [geo.source_rect(0, src, pool, 0) for src in (1, 4)] == [geo.pool_slots[0], geo.pool_slots[2]]
    for nowhere in (geo.grid.center, geo.bag_rect.center, geo.panel.center):
        assert geo.pool_slot_at(nowhere) is None and geo.stack_at(nowhere) is None
    assert geo.card_at(geo.grid.center) is None


def test_a_large_window_grows_the_board_and_the_cards():
    small, big = fit((800, 600)), fit((1920, 1080))
    assert big.cell_size >= 2 * small.cell_size
    assert max(r.h for r in big.cards.values()) > 1.3 * max(r.h for r in small.cards.values())


# --- input, from the layout alone ------------------------------------------------------------------
def position():
    return make(CHAIN_TWO, pool="RPG", cubes=("BY", "G"), chars=(0, 2), niku=(1, 2))


def test_a_click_on_a_pool_tile_picks_it_and_again_puts_it_back_and_a_column_takes_it():
    geo, sel, v = fit((1280, 800)), inputs.Selection(), position()
    slot = geo.pool_slots[1].center
    assert inputs.press(geo, sel, v, 0, slot) is True and sel.selected == v.pool[1] and sel.dragging
    assert inputs.release(geo, sel, geo.bag_rect.center) is None and not sel.dragging  # let go off the grid
    assert inputs.press(geo, sel, v, 0, slot) is True and sel.selected is None  # clicked again: put back
    inputs.press(geo, sel, v, 0, slot)
    sel.dragging = False
    assert inputs.press(geo, sel, v, 0, geo.tile_rect(1, 5).center) == Place(v.pool[1], 1)
    assert sel.selected == v.pool[1]  # held until the scene has the rules' word on it


def test_a_drag_lets_the_tile_go_on_the_column_under_the_pointer_even_above_the_grid():
    geo, sel, v = fit((800, 600), 2, True), inputs.Selection(), position()
    inputs.press(geo, sel, v, 0, geo.pool_slots[0].center)
    top = geo.tile_rect(4, ROWS - 1)
    assert inputs.release(geo, sel, (top.centerx, top.y - 10)) == Place(v.pool[0], 4)


def test_only_the_mover_s_own_cube_pool_is_a_source_and_only_while_it_holds_cubes():
    geo, v = fit((1000, 660)), position()
    assert inputs.source_at(geo, v, 1, geo.stacks[1].center) == CUBE_SOURCE
    assert inputs.source_at(geo, v, 0, geo.stacks[1].center) is None
    v.cubes[0] = []
    assert inputs.source_at(geo, v, 0, geo.stacks[0].center) is None
    v.pool = v.pool[:2]
    assert inputs.source_at(geo, v, 0, geo.pool_slots[2].center) is None  # an empty slot


def test_a_tama_is_proposed_as_the_clear_ball_and_an_empty_column_asks_for_a_pick():
    geo, sel, v = fit((800, 600)), inputs.Selection(), position()
    assert inputs.press(geo, sel, v, 0, geo.cell_rect(cell(0, 0)).center) == Clear(cell(0, 0))
    assert inputs.press(geo, sel, v, 0, geo.cell_rect(cell(0, 5)).center) == inputs.PICK_FIRST
    sel.ball = cell(0, 0)
    assert inputs.press(geo, sel, v, 0, geo.panel.center) is False and sel.ball is None  # elsewhere: dropped


def test_an_okunote_takes_its_cells_or_its_column():
    geo, v = fit((1280, 800)), position()
    sel = inputs.Selection(targeting="swap")
    a, b = geo.cell_rect(cell(3, 1)).center, geo.cell_rect(cell(0, 0)).center
    assert inputs.press(geo, sel, v, 0, a) is True and sel.swap_first == cell(3, 1)
    assert inputs.press(geo, sel, v, 0, a) is True and sel.swap_first is None  # clicked again: forgotten
    inputs.press(geo, sel, v, 0, a)
    assert inputs.press(geo, sel, v, 0, b) == Swap(cell(0, 0), cell(3, 1))
    assert inputs.press(geo, inputs.Selection(targeting="flip"), v, 0, b) == Flip(cell(0, 0))
    assert inputs.press(geo, inputs.Selection(targeting="dig"), v, 0, b) == Dig(0)
    off = inputs.Selection(targeting="flip")
    assert inputs.press(geo, off, v, 0, geo.bag_rect.center) is False and not off.busy


def test_a_character_card_is_chosen_where_it_is():
    cards = [pygame.Rect(100 + 120 * i, 200, 110, 160) for i in range(5)]
    assert [inputs.character_at(cards, r.center) for r in cards] == [Choose(c) for c in range(5)]
    assert inputs.character_at(cards, (5, 5)) is None


@pytest.mark.parametrize("size,mirrored", [((800, 600), False), ((1920, 1080), True)])
def test_the_tutorial_s_gestures_land_where_the_hit_tests_read_the_move(size, mirrored):
    geo, v = fit(size, 2, mirrored), position()
    moves = [m for m in R.legal_moves(v) if type(m) in (Place, Clear)]
    assert len(moves) > 5
    for move in moves:
        sel = inputs.Selection()
        results = [inputs.press(geo, sel, v, 0, g.pos) for g in inputs.input_points(geo, v, 0, [], move)]
        assert results[-1] == move, (move, results)
    for move, button in ((Give(CUBE_SOURCE), geo.give), (Resign(), geo.resign), (Triple(), geo.okunote)):
        assert inputs.input_points(geo, v, 0, [], move)[-1].pos == button.center


def test_the_layout_needs_no_display():
    assert_runs_without_display(
        "from hexgames.games.toradama import layout\n"
        "geo = layout.TableLayout.fit(pygame.Rect(10, 66, 900, 560), pygame.Rect(930, 66, 340, 600), 2, True)\n"
        "assert geo.cell_at(geo.cell_rect(7).center) == 7\n")
