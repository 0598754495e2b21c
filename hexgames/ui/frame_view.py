"""Draws the frame around a game's board from the frame layout and what the scene tells it: the top
bar (whose turn, with the seat's chip and the thinking dots, and the game's title left of the top
buttons), the bottom bar under the buttons, and the message strip at rest (the computer's last move
in words, beside its seat's chip) or with a drawn part's tip.

Views only: they never read the scene or decide what shows (`GameScene` does, and `MessageStrip`
remembers what must outlast a frame).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

import pygame

from hexgames.ui import draw, hud

if TYPE_CHECKING:
    from hexgames.ui.frame_layout import FrameLayout
    from hexgames.ui.shell import Drawing

BAR_EDGE = (60, 70, 86)
SeatChip = Callable[[pygame.Surface, int, tuple[float, float], float], None]  # (surface, seat, centre, radius)


@dataclass(frozen=True)
class TopBarShown:
    """What the top bar says: the banner's words, the chip's colour (None: no chip), whether a
    computer is thinking (the dots), and the game's title."""
    banner: str
    colour: tuple[int, int, int] | None
    thinking: bool
    title: str


def draw_top_bar(surface: pygame.Surface, app: "Drawing", frame: "FrameLayout", shown: TopBarShown,
                 top_slots: int) -> None:
    """The banner at the left, the title at the right, left of the `top_slots` small buttons."""
    font = app.font(16)
    right = frame.top_button_rect(top_slots - 1).left - 14
    hud.turn_banner(surface, app, frame.top, shown.banner, shown.colour, shown.thinking, app.clock_time,
                    text_width=right - font.size(shown.title)[0] - 24)
    draw.text(surface, font, shown.title, (right, frame.top.centery), hud.MUTED, anchor="midright")


def draw_bottom_bar(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The bar the bottom buttons stand on (a game's, or the replay viewer's)."""
    pygame.draw.rect(surface, hud.BAR_BG, rect)
    pygame.draw.line(surface, BAR_EDGE, rect.topleft, rect.topright)


def draw_computer_line(surface: pygame.Surface, app: "Drawing", rect: pygame.Rect, seat: int, words: str,
                       chip: SeatChip) -> None:
    """The message strip at rest: the computer's last move in words, its seat's chip at the left."""
    inset = rect.h // 2 + 6
    hud.message_strip(surface, app, rect.inflate(-2 * inset, 0).move(inset, 0), words, colour=hud.MUTED)
    chip(surface, seat, (rect.x + rect.h // 2 + 2, rect.centery), rect.h // 2 - 7)


def draw_tip(surface: pygame.Surface, app: "Drawing", frame: "FrameLayout", pointer: tuple[int, int],
             text: str) -> None:
    """A drawn part's tip: inside the side panel for a part of the panel, in the message strip for a
    part of the board (nothing covers the play area)."""
    if frame.panel.collidepoint(pointer):
        hud.hover_tip(surface, app, pygame.Rect(pointer[0], pointer[1] - 4, 1, 1), text, within=frame.panel)
    else:
        hud.message_strip(surface, app, frame.message, text, colour=hud.ACCENT)
