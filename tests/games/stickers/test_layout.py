"""The Sticker Turf layout on its own, with no display and no app: every hit-test finds again what the
geometry put there (cells under any camera, Peek's stickers, the deck builder's filters, catalogue,
deck places and saved decks), and the parts fit their rects without overlapping.

The rects given are those the shared scene hands a game (board, side panel, the bottom bar's free
middle) for windows from very small to very large; the room the words take (`TextRoom`) is about what
the views measure in English, so no font is needed here.
"""
from __future__ import annotations

import itertools

import pygame
import pytest

from hexgames.games.stickers import inputs
from hexgames.games.stickers.catalogue import ALL_STICKERS, RARITY, SR
from hexgames.games.stickers.decks import SavedDeck
from hexgames.games.stickers.layout import MAX_ZOOM, MIN_ZOOM, PEEK_SIZE, TableLayout, TextRoom
from hexgames.games.stickers.rules import Block, Pick, Place, Reorder
from hexgames.ui.frame_layout import FrameLayout
from tests.games.headless import assert_runs_without_display

SIZES = [(640, 480), (800, 600), (1000, 660), (1280, 800), (1920, 1080), (2560, 1440), (1280, 600)]
ROOMY = [size for size in SIZES if size >= (800, 600) and size[1] >= 600]  # app.MIN_SIZE and up
TEXT = TextRoom(peek_title_h=42, label_h=18, fit_w=19, chips=(21, 19, 10, 11, 57, 30))  # measured in English
TEXT_JA = TextRoom(peek_title_h=42, label_h=18, fit_w=32, chips=(43, 19, 10, 11, 60, 30))  # and in Japanese
DECK_SIZES = (8, 16)  # a two-player deck, a solo one
CELLS = [(0, 0), (1, 0), (-1, 0), (0, 1), (2, -1), (-3, 2), (4, 4)]


def frame(size: tuple[int, int]) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
    """Board, side panel and the bottom bar's middle for a window, as the shared frame lays them out
    (`FrameLayout.fit`, pure: no app, no display)."""
    frame = FrameLayout.fit(size)
    return frame.board, frame.panel, frame.actions


def fit(size: tuple[int, int], seats: int = 2, deck_size: int = 8, text: TextRoom = TEXT) -> TableLayout:
    return TableLayout.fit(*frame(size), seats, deck_size, text)


def cameras(geo: TableLayout) -> list[TableLayout]:
    """The table fitted to a few stickers, then panned and zoomed as a player would."""
    fitted = geo.fitted(CELLS)
    return [geo, fitted, fitted.panned(37, -21), fitted.zoomed_at(1.15 ** 3, geo.board.center),
            fitted.zoomed_at(1 / 1.15 ** 4, (geo.board.x + 30, geo.board.y + 40)), fitted.zoomed_at(100.0)]


def no_overlap(rects) -> bool:
    return not any(a.colliderect(b) for a, b in itertools.combinations(rects, 2))


# --- the board ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
def test_every_cell_in_view_is_found_again_at_its_centre_and_corners(size):
    for geo in cameras(fit(size)):
        (x0, y0), (x1, y1) = geo.to_world(geo.board.topleft), geo.to_world(geo.board.bottomright)
        seen = 0
        for x in range(int(x0) - 1, int(x1) + 2):
            for y in range(int(y0) - 1, int(y1) + 2):
                centre = geo.cell_centre(x, y)
                if not geo.board.collidepoint(centre):
                    assert geo.cell_at(centre) is None
                    continue
                seen += 1
                assert geo.cell_at(centre) == (x, y)
                rect = geo.cell_rect(x, y)
                inner = rect.inflate(-2, -2)
                for corner in (inner.topleft, inner.topright, inner.bottomleft, inner.bottomright):
                    if geo.board.collidepoint(corner):
                        assert geo.cell_at(corner) == (x, y), (corner, rect)
        assert seen >= 1


@pytest.mark.parametrize("size", SIZES)
def test_the_fitted_board_shows_every_cell_asked_for_within_the_zoom_limits(size):
    geo = fit(size)
    for cells in (CELLS, [(0, 0)], [], [(x, 0) for x in range(-8, 9)]):
        fitted = geo.fitted(cells)
        assert MIN_ZOOM <= fitted.zoom <= fitted.max_zoom
        for cell in cells:
            assert geo.board.contains(fitted.cell_rect(*cell)), (cell, fitted.zoom)
    assert fit((1920, 1080)).max_zoom > MAX_ZOOM  # a large window comes closer


@pytest.mark.parametrize("size", SIZES)
def test_zooming_keeps_the_point_under_the_pointer_and_panning_moves_the_board(size):
    geo = fit(size).fitted(CELLS)
    pointer = (geo.board.x + geo.board.w // 3, geo.board.y + geo.board.h // 4)
    for factor in (1.15, 1 / 1.15, 1.2 ** 5, 1 / 1.2 ** 5):
        zoomed = geo.zoomed_at(factor, pointer)
        assert zoomed.to_world(pointer) == pytest.approx(geo.to_world(pointer))
        assert MIN_ZOOM <= zoomed.zoom <= zoomed.max_zoom
    panned = geo.panned(40, -25)
    sx, sy = geo.to_screen(3, 2)
    assert panned.to_screen(3, 2) == pytest.approx((sx + 40, sy - 25))
    assert panned.fitted(CELLS).centre == geo.centre  # Fit brings it back


def test_a_territorys_label_sits_right_of_its_founders_marker():
    geo = fit((1280, 800)).fitted(CELLS)
    px, py = geo.to_screen(1, 1)
    x, y = geo.label_midleft((1, 1))
    assert x >= px + geo.marker_radius and y == round(py)


# --- the panel and the buttons -----------------------------------------------------------------------
@pytest.mark.parametrize("size,seats", list(itertools.product(ROOMY, (1, 2))))
def test_the_panels_parts_fit_it_top_down_without_overlapping(size, seats):
    _, panel, _ = frame(size)
    geo = fit(size, seats)
    for box in ("", "drawn", "peek"):
        parts = geo.panel_parts(box)
        boxes = list(parts.players) + ([parts.drawn] if parts.drawn.h else []) + [parts.rest]
        assert len(parts.players) == seats and (parts.drawn.h > 0) == bool(box)
        assert all(panel.contains(b) for b in boxes) and no_overlap(boxes), box
        assert [b.y for b in boxes] == sorted(b.y for b in boxes)
    assert geo.panel_parts("peek").drawn.h >= TEXT.peek_title_h + PEEK_SIZE + TEXT.label_h  # words and stickers


@pytest.mark.parametrize("size,shown", list(itertools.product(ROOMY, (1, 2, 3))))
def test_each_sticker_peek_shows_is_found_again_inside_its_box(size, shown):
    geo = fit(size)
    box = geo.panel_parts("peek").drawn
    rects = geo.peek_rects(shown)
    assert len(rects) == shown and no_overlap(rects)
    for i, rect in enumerate(rects):
        assert box.contains(rect) and rect.top >= box.y + TEXT.peek_title_h  # under Peek's title
        assert rect.bottom + TEXT.label_h <= box.bottom  # its present place is written under it
        assert geo.peek_at(rect.center, shown) == i
        assert geo.peek_at((rect.right + 2, rect.centery), shown) is None  # the gap between two
    assert geo.peek_at(geo.board.center, shown) is None and geo.peek_rects(0) == []


@pytest.mark.parametrize("size", SIZES)
def test_the_games_buttons_sit_in_the_bottom_bar_side_by_side(size):
    _, _, actions = frame(size)
    geo = fit(size)
    assert actions.contains(geo.fit_button) and actions.contains(geo.keep_button)
    assert not geo.fit_button.colliderect(geo.keep_button)
    d = geo.deck
    if size in ROOMY:  # under 800x600 (never a window's size) Use this deck keeps its least width, over Clear
        assert actions.contains(d.clear) and actions.contains(d.use) and not d.clear.colliderect(d.use)


# --- the deck builder --------------------------------------------------------------------------------
@pytest.mark.parametrize("size,deck_size,text", list(itertools.product(ROOMY, DECK_SIZES, (TEXT, TEXT_JA))))
def test_the_deck_builders_parts_fit_the_board_and_the_panel(size, deck_size, text):
    board, panel, _ = frame(size)
    d = fit(size, 2 if deck_size == 8 else 1, deck_size, text).deck
    assert board.contains(d.filters) and board.contains(d.grid) and not d.filters.colliderect(d.grid)
    assert panel.contains(d.slots_box) and panel.contains(d.saved_box) and not d.slots_box.colliderect(d.saved_box)
    assert len(d.slots) == deck_size and no_overlap(d.slots) and all(d.slots_box.contains(s) for s in d.slots)
    foot = [d.name_entry, d.save, d.quick]
    assert all(d.saved_box.contains(r) for r in foot) and no_overlap(foot)
    rows = [rect for rect, _ in d.saved_rows(range(40))]
    assert rows and all(d.saved_box.contains(r) and r.bottom < d.name_entry.top for r in rows) and no_overlap(rows)
    chips = [rect for rect, _, _ in d.chips]
    assert len(chips) == 10 and no_overlap(chips) and all(c.right < panel.left for c in chips)
    if text is TEXT:  # in Japanese at 800x600 the last colour filter ends 3 px past the board (as before the split)
        assert all(d.filters.contains(c) for c in chips)


@pytest.mark.parametrize("size", SIZES)
def test_every_filter_deck_place_and_saved_deck_is_found_again(size):
    d = fit(size).deck
    for rect, kind, value in d.chips:
        assert d.chip_at(rect.center) == (kind, value) and d.chip(kind, value) == rect
    for i, slot in enumerate(d.slots):
        assert d.slot_at(slot.center) == i
    names = [f"deck {i}" for i in range(20)]
    for rect, name in d.saved_rows(names):
        assert d.saved_at(rect.center, names) == name
    assert d.chip_at(d.grid.center) is None and d.slot_at(d.grid.center) is None
    assert d.saved_at(d.grid.center, names) is None


@pytest.mark.parametrize("size", SIZES)
def test_each_catalogue_sticker_is_found_again_at_every_scroll(size):
    d = fit(size).deck
    stickers = list(ALL_STICKERS)
    for scroll in range(d.max_scroll(len(stickers)) + 1):
        cells = d.grid_cells(stickers, scroll)
        assert cells and no_overlap([rect for rect, _ in cells])
        for rect, s in cells:
            assert d.grid.contains(rect) and rect.w == d.tile
            assert d.sticker_at(rect.center, stickers, scroll) == s
        assert cells[0][1] == stickers[scroll * d.columns]
    last = d.grid_cells(stickers, d.max_scroll(len(stickers)))
    assert last[-1][1] == stickers[-1]  # scrolled to the end, the last sticker shows


def test_a_large_window_shows_the_whole_catalogue_larger():
    small, large = fit((800, 600)).deck, fit((1920, 1080)).deck
    assert large.tile > 60 and large.max_scroll(len(ALL_STICKERS)) == 0
    assert small.tile <= large.tile and small.max_scroll(len(ALL_STICKERS)) > 0


# --- input, from the layout alone ------------------------------------------------------------------------
def event(kind: int, **attrs) -> pygame.event.Event:
    return pygame.event.Event(kind, attrs)


def test_a_click_on_a_cell_proposes_the_move_of_the_phase_and_peek_numbers_its_stickers():
    geo, sel = fit((1280, 800)).fitted(CELLS), inputs.Selection()
    assert inputs.click(geo, sel, geo.cell_centre(2, -1), "place", 0) == Place(2, -1)
    assert inputs.click(geo, sel, geo.cell_centre(-3, 2), "block", 0) == Block(-3, 2)
    assert inputs.click(geo, sel, geo.panel.center, "place", 0) is False  # not the table's
    rects = geo.peek_rects(3)
    for i in (2, 0):
        assert inputs.click(geo, sel, rects[i].center, "peek", 3) is True
    assert sel.peek_order == [2, 0] and sel.peek_choice(3) == (2, 0, 1)
    inputs.click(geo, sel, rects[2].center, "peek", 3)  # again: the number taken back
    assert sel.peek_order == [0] and sel.peek_choice(3) == (0, 1, 2)


def test_the_camera_follows_drags_the_wheel_and_keys_and_then_stops_fitting():
    geo, sel = fit((1280, 800)).fitted(CELLS), inputs.Selection()
    mid = geo.board.center
    assert inputs.drag(geo, sel, event(pygame.MOUSEBUTTONDOWN, pos=mid, button=2)) and sel.panning == mid
    moved = inputs.steer(geo, sel, event(pygame.MOUSEMOTION, pos=(mid[0] + 60, mid[1] + 30)), mid)
    assert moved is not None and moved.centre == pytest.approx(geo.panned(60, 30).centre) and not sel.auto_fit
    assert inputs.drag(moved, sel, event(pygame.MOUSEMOTION, pos=(mid[0] + 60, mid[1] + 30)))  # the drag's
    assert sel.hover == moved.cell_at((mid[0] + 60, mid[1] + 30))
    inputs.drag(moved, sel, event(pygame.MOUSEBUTTONUP, pos=mid, button=2))
    assert sel.panning is None and inputs.steer(moved, sel, event(pygame.MOUSEMOTION, pos=mid), mid) is None
    assert inputs.steer(geo, sel, event(pygame.MOUSEWHEEL, x=0, y=-2), mid).zoom < geo.zoom
    assert inputs.steer(geo, sel, event(pygame.KEYDOWN, key=pygame.K_PLUS), mid).zoom > geo.zoom
    assert inputs.steer(geo, sel, event(pygame.KEYDOWN, key=pygame.K_LEFT), mid).centre[0] < geo.centre[0]
    assert inputs.steer(geo, sel, event(pygame.KEYDOWN, key=pygame.K_f), mid) is None  # the scene's: Fit


def test_a_click_in_the_deck_builder_filters_proposes_gives_back_or_loads():
    d, picks = fit((1280, 800)).deck, inputs.DeckSelection(scroll=2, slots=[3, 5, 7], fixed=1)
    assert inputs.deck_click(d, picks, d.chip("rarity", SR).center, []) is True
    assert picks.rarity == SR and picks.scroll == 0 and all(RARITY[s] == SR for s in picks.visible())
    rect, sticker = d.grid_cells(picks.visible(), 0)[1]
    assert inputs.deck_click(d, picks, rect.center, []) == Pick(sticker)
    assert picks.slots == [3, 5, 7]  # the builder checks a pick with the deck rules
    inputs.deck_click(d, picks, d.slots[0].center, [])
    assert picks.slots == [3, 5, 7]  # picked in the match already: it stays
    inputs.deck_click(d, picks, d.slots[2].center, [])
    assert picks.slots == [3, 5]
    saved = [SavedDeck("Fire", (1, 2)), SavedDeck("Water", (3, 4))]
    assert inputs.deck_click(d, picks, d.saved_rows(saved)[1][0].center, saved) == saved[1]
    assert inputs.deck_click(d, picks, d.grid.bottomright, saved) is False


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_the_tutorials_gestures_land_where_the_hit_tests_read_the_move(size):
    geo = fit(size).fitted(CELLS)
    for move in (Place(1, 0), Block(-3, 2)):
        (g,) = inputs.input_points(geo, move, 0, inputs.DeckSelection())
        assert inputs.click(geo, inputs.Selection(), g.pos, "block" if type(move) is Block else "place", 0) == move
    sel = inputs.Selection()
    for g in inputs.input_points(geo, Reorder((2, 0, 1)), 3, inputs.DeckSelection()):
        inputs.click(geo, sel, g.pos, "peek", 3)
    assert sel.peek_choice(3) == (2, 0, 1)
    assert [g.pos for g in inputs.input_points(geo, Reorder((0, 1)), 2, inputs.DeckSelection())] == \
        [geo.keep_button.center]
    for picked, sticker in ((0, 0), (7, ALL_STICKERS[-1])):  # in view; then filtered away, and the deck's last
        picks = inputs.DeckSelection(rarity=SR, slots=[0] * picked)
        points = inputs.input_points(geo, Pick(sticker), 0, picks)
        done = [inputs.deck_click(geo.deck, picks, g.pos, []) for g in points]
        assert Pick(sticker) in done
        assert (points[-1].pos == geo.deck.use.center) == (picked == 7)


def test_the_layout_needs_no_display():
    assert_runs_without_display(
        "from hexgames.games.stickers import inputs, layout\n"
        "geo = layout.TableLayout.fit(pygame.Rect(10, 66, 900, 560), pygame.Rect(930, 66, 340, 600),\n"
        "                             pygame.Rect(190, 747, 738, 42), 2, 8, layout.TextRoom(40, 17, 22,\n"
        "                             (20, 23, 10, 11, 55, 27))).fitted([(0, 0), (1, 0)])\n"
        "assert geo.cell_at(geo.cell_centre(1, 0)) == (1, 0)\n")
