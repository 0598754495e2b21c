"""The frame around every game's board (`ui/frame_layout.py`), without a display: at every window
size from 640x480 up the bars span the window, the board, its message strip and the side panel sit
between them without overlapping, the top-bar slots and the bottom bar's buttons stay in their bars
and clear of each other and of the game's actions slot, and the move log finds the tallest free
stretch of the side panel."""
from __future__ import annotations

import itertools

import pygame
import pytest

from hexgames.ui.frame_layout import MARGIN, MESSAGE_H, FrameLayout

SIZES = [(640, 480), (800, 600), (1024, 768), (1280, 800), (1366, 768), (1600, 900), (1920, 1080)]


def _apart(rects: list[pygame.Rect]) -> bool:
    return not any(a.colliderect(b) for a, b in itertools.combinations(rects, 2))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("status_h", [0, 30])
def test_the_parts_fill_the_window_between_the_bars_without_overlapping(size, status_h):
    frame = FrameLayout.fit(size, status_h)
    window = pygame.Rect((0, 0), size)
    assert frame.top.topleft == (0, 0) and frame.top.w == size[0]
    assert frame.bottom.bottomleft == (0, size[1]) and frame.bottom.w == size[0]
    middle = [frame.board, frame.message, frame.panel]
    assert all(window.contains(r) for r in middle)
    assert _apart([frame.top, frame.bottom, *middle])
    assert frame.board.top == frame.top.bottom + status_h + MARGIN  # the status row stays free
    assert frame.message.top > frame.board.bottom and frame.message.h == MESSAGE_H
    assert frame.message.x == frame.board.x and frame.message.w == frame.board.w
    assert frame.panel.left > frame.board.right and frame.panel.bottom == frame.message.bottom
    assert frame.bottom.top > frame.panel.bottom


@pytest.mark.parametrize("size", SIZES)
def test_the_buttons_stay_in_their_bars_and_clear_of_each_other(size):
    frame = FrameLayout.fit(size)
    slots = [frame.top_button_rect(slot) for slot in range(2)]
    assert all(frame.top.contains(r) for r in slots) and _apart(slots)
    assert slots[0].right < frame.top.right and slots[1].right < slots[0].left  # slot 0 is the rightmost
    undo, results, menu = frame.bottom_buttons()
    assert all(frame.bottom.contains(r) for r in (undo, results, menu, frame.actions))
    assert undo.right < frame.actions.left and frame.actions.right < results.left < menu.left
    assert _apart([undo, results, menu, frame.actions])


def test_the_log_takes_the_tallest_stretch_the_game_s_buttons_leave():
    frame = FrameLayout.fit((1280, 800))
    panel = frame.panel
    assert frame.log_rect([]) == panel
    button = pygame.Rect(panel.x + 10, panel.y + panel.h // 3, 100, 40)  # a third of the way down
    log = frame.log_rect([button, pygame.Rect(0, 0, 50, 50)])  # the second is not in the panel
    assert log.top > button.bottom and log.bottom == panel.bottom and log.x == panel.x and log.w == panel.w
    low = pygame.Rect(panel.x, panel.bottom - 60, 100, 40)
    log = frame.log_rect([low])
    assert log.top == panel.top and log.bottom < low.top


def test_a_strip_over_the_board_moves_the_board_down_and_nothing_else():
    frame = FrameLayout.fit((1280, 800))
    strip, under = frame.with_strip_over_board(90, MARGIN // 2)
    assert strip.topleft == frame.board.topleft and strip.size == (frame.board.w, 90)
    assert under.board.top == strip.bottom + MARGIN // 2 and under.board.bottom == frame.board.bottom
    assert (under.top, under.bottom, under.panel, under.message) == (frame.top, frame.bottom, frame.panel,
                                                                      frame.message)
