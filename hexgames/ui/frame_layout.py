"""Where the frame around every game's board goes: the top bar (turn banner, title, the Log and Hint
buttons), the bottom bar (Undo, the game's own buttons, Results, Menu), the side panel, the board's
rect and the message strip under it; and where the move log fits over the side panel.

Pure geometry from the window's size (and the height of a status row under the top bar, online):
no surface, no widget, no display, so it is tested on its own, and the scene, its buttons and its
views read the same rects. Every game lays its own table out inside `board` and `panel`.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Iterable

import pygame

from hexgames.ui.ui_scale import px, ui_scale

TOP_BAR = 56
BOTTOM_BAR = 64
MARGIN = 10
BUTTON_SIZE = (150, 42)  # the bottom bar's buttons
TOP_BUTTON_SIZE = (96, 36)  # the small buttons at the right of the top bar
MESSAGE_H = 34  # the message strip under the board: toasts and the computer's last move, never over play
PANEL_W = (240, 340)  # the side panel: a quarter of the window, within these
LOG_GAP = 8  # between the move log and a game's button in the side panel


@dataclass(frozen=True)
class FrameLayout:
    """The frame's rects for one window size (see `fit`), in screen coordinates."""
    top: pygame.Rect
    bottom: pygame.Rect
    panel: pygame.Rect
    board: pygame.Rect
    message: pygame.Rect  # the message strip: toasts, the computer's last move, tips on the board
    actions: pygame.Rect  # the free middle of the bottom bar: the game's own buttons
    button_size: tuple[int, int] = BUTTON_SIZE
    top_button_size: tuple[int, int] = TOP_BUTTON_SIZE

    @classmethod
    def fit(cls, size: tuple[int, int], status_h: int = 0, top_bar: int = TOP_BAR, bottom_bar: int = BOTTOM_BAR,
            margin: int = MARGIN, button_size: tuple[int, int] = BUTTON_SIZE,
            top_button_size: tuple[int, int] = TOP_BUTTON_SIZE, scale: float | None = None) -> "FrameLayout":
        """The bars across the window, the side panel at the right between them, the board at the
        left with the message strip under it; `status_h` is taken under the top bar (online play's
        status row). `scale` (by default `ui_scale` of `size`: more than 1 in a large window) grows the
        bars, the buttons and the side panel's widest with the widgets' type."""
        w, h = size
        m = margin
        scale = ui_scale(size) if scale is None else scale
        top_bar, bottom_bar, status_h = px(top_bar, scale), px(bottom_bar, scale), px(status_h, scale)
        button_size = (px(button_size[0], scale), px(button_size[1], scale))
        top_button_size = (px(top_button_size[0], scale), px(top_button_size[1], scale))
        top = top_bar + status_h
        panel_w = max(PANEL_W[0], min(px(PANEL_W[1], scale), w // 4))
        middle_h = h - top - bottom_bar - 2 * m
        board = pygame.Rect(m, top + m, w - panel_w - 3 * m, middle_h - MESSAGE_H - m // 2)
        bottom = pygame.Rect(0, h - bottom_bar, w, bottom_bar)
        bw, bh = button_size
        undo_w = 16 + bw + 24  # Undo at the left, and as much again at the right beside Results and Menu
        return cls(top=pygame.Rect(0, 0, w, top_bar), bottom=bottom,
                   panel=pygame.Rect(w - panel_w - m, top + m, panel_w, middle_h), board=board,
                   message=pygame.Rect(m, board.bottom + m // 2, board.w, MESSAGE_H),
                   actions=pygame.Rect(undo_w, bottom.y + (bottom_bar - bh) // 2, w - 2 * undo_w - bw - 12, bh),
                   button_size=button_size, top_button_size=top_button_size)

    def top_button_rect(self, slot: int) -> pygame.Rect:
        """A small button's place at the right of the top bar: slot 0 is the rightmost (the move
        log's toggle), slot 1 left of it (the hint); the game's title sits left of them all."""
        bw, bh = self.top_button_size
        r = self.top
        return pygame.Rect(r.right - 12 - (slot + 1) * bw - slot * 8, r.y + (r.h - bh) // 2, bw, bh)

    def bottom_buttons(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """The bottom bar's shared buttons: Undo at the left; Results, then Menu at the right."""
        r = self.bottom
        bw, bh = self.button_size
        y = r.y + (r.h - bh) // 2
        return (pygame.Rect(r.x + 16, y, bw, bh), pygame.Rect(r.right - 2 * bw - 28, y, bw, bh),
                pygame.Rect(r.right - bw - 16, y, bw, bh))

    def log_rect(self, taken: Iterable[pygame.Rect]) -> pygame.Rect:
        """Where the move log shows: over the side panel, so the board stays in full view, in its
        tallest stretch free of the `taken` rects (the game's own buttons there stay usable)."""
        panel = self.panel
        spans = sorted((r.top, r.bottom) for r in taken if r.colliderect(panel))
        best, top = (0, panel.top, panel.bottom), panel.top
        for lo, hi in spans + [(panel.bottom + LOG_GAP, panel.bottom + LOG_GAP)]:
            if lo - LOG_GAP - top > best[0]:
                best = (lo - LOG_GAP - top, top, lo - LOG_GAP)
            top = max(top, hi + LOG_GAP)
        return pygame.Rect(panel.x, best[1], panel.w, best[2] - best[1])

    def with_strip_over_board(self, height: int, gap: int) -> tuple[pygame.Rect, "FrameLayout"]:
        """A strip `height` high taken from the top of the board's column (the tutorial's coach), and
        the frame with the board below it, `gap` lower."""
        b = self.board
        strip = pygame.Rect(b.x, b.y, b.w, height)
        return strip, dataclasses.replace(self, board=pygame.Rect(b.x, b.y + height + gap, b.w, b.h - height - gap))
