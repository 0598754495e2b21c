"""The game-independent heads-up display: toasts, the turn banner, thinking dots, a score bar.

They are drawn with plain pygame (not pygame_gui widgets) because they change every frame and sit on
top of the board; each takes the app for fonts so Japanese text renders with the same Noto Sans JP.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from hexgames.ui import draw

if TYPE_CHECKING:
    from hexgames.ui.shell import Drawing

TEXT = (230, 233, 239)
MUTED = (160, 170, 186)
ERROR_BG = (122, 40, 48, 235)
INFO_BG = (38, 52, 70, 235)
BAR_BG = (27, 32, 41)
ACCENT = (243, 210, 122)
GOOD = (140, 214, 150)
HINT = (110, 220, 255)  # what a hint points at: cyan, unlike selections (yellow) and legal targets (green)
LEGAL = (90, 220, 140)  # a legal target, a placement that may go there: green
CHIP_RIM = (20, 20, 20)


@dataclass
class Toast:
    text: str
    error: bool = False
    life: float = 3.0
    age: float = 0.0

    @property
    def alpha(self) -> float:
        fade = 0.4
        left = self.life - self.age
        return max(0.0, min(1.0, left / fade, (self.age + 1e-9) / 0.15))


@dataclass
class ToastStack:
    """Short messages that fade by dt; errors stay a little longer so they can be read."""

    toasts: list[Toast] = field(default_factory=list)
    limit: int = 3

    def add(self, text: str, error: bool = False) -> Toast:
        t = Toast(text, error, life=4.5 if error else 2.8)
        self.toasts = [x for x in self.toasts if x.text != text] + [t]
        self.toasts = self.toasts[-self.limit:]
        return t

    def update(self, dt: float) -> None:
        for t in self.toasts:
            t.age += dt
        self.toasts = [t for t in self.toasts if t.age < t.life]

    @property
    def texts(self) -> list[str]:
        return [t.text for t in self.toasts]

    def draw(self, surface: pygame.Surface, app: "Drawing", area: pygame.Rect) -> None:
        """Stack toasts upwards from the bottom centre of `area`."""
        font = app.font(18)
        y = area.bottom - 16
        for t in reversed(self.toasts):
            lines = draw.wrap(font, t.text, min(area.w - 60, 720))
            h = 14 + 24 * len(lines)
            w = max(font.size(line)[0] for line in lines) + 36
            rect = pygame.Rect(0, 0, w, h)
            rect.midbottom = (area.centerx, y)
            layer = pygame.Surface(rect.size, pygame.SRCALPHA)
            bg = ERROR_BG if t.error else INFO_BG
            draw.rounded_panel(layer, layer.get_rect(), bg, 10, border=(255, 255, 255, 60))
            for i, line in enumerate(lines):
                draw.text(layer, font, line, (rect.w / 2, 7 + 12 + 24 * i), TEXT)
            layer.set_alpha(round(255 * t.alpha))
            surface.blit(layer, rect.topleft)
            y = rect.top - 8


    @property
    def newest(self) -> Toast | None:
        return self.toasts[-1] if self.toasts else None

    def draw_strip(self, surface: pygame.Surface, app: "Drawing", rect: pygame.Rect) -> bool:
        """The newest toast in a game's message strip (`rect`), fading as it ages; False if none."""
        t = self.newest
        if t is None:
            return False
        message_strip(surface, app, rect, t.text, ERROR_BG if t.error else INFO_BG, TEXT, t.alpha)
        return True


STRIP_BG = (31, 37, 48)


def message_strip(surface: pygame.Surface, app: "Drawing", rect: pygame.Rect, content: str,
                  bg=STRIP_BG, colour=TEXT, alpha: float = 1.0) -> None:
    """One message in the strip reserved for messages, so none ever covers the play area: in the
    largest type (16 down to 12 px) that fits it on one line, or on two at 12 px."""
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    draw.rounded_panel(layer, layer.get_rect(), bg, 8, border=(255, 255, 255, 40))
    font, lines = draw.fit_wrapped(app.font, content, rect.w - 24, 1, 16, 12)
    if len(lines) > 1:
        lines = draw.wrap(font, content, rect.w - 24)[:2]
    step = font.get_linesize() - 2
    top = rect.h / 2 - step * (len(lines) - 1) / 2
    for i, line in enumerate(lines):
        draw.text(layer, font, line, (rect.w / 2, top + step * i), colour)
    layer.set_alpha(round(255 * alpha))
    surface.blit(layer, rect.topleft)


def thinking_dots(surface: pygame.Surface, pos: tuple[float, float], clock: float,
                  colour=ACCENT, radius: float = 4) -> None:
    """Three dots pulsing in turn: the AI is working."""
    for i in range(3):
        phase = (math.sin(clock * 5 - i * 0.9) + 1) / 2
        r = radius * (0.6 + 0.5 * phase)
        draw.aa_circle(surface, (*colour[:3],), (pos[0] + i * radius * 3.2, pos[1]), r)


def turn_banner(surface: pygame.Surface, app: "Drawing", rect: pygame.Rect, text: str, colour=None,
                thinking: bool = False, clock: float = 0.0, text_width: int | None = None) -> None:
    """The top bar: whose turn it is, with the seat's colour chip and animated dots while thinking.
    `text_width` keeps the text clear of what the bar holds at its right (title, buttons)."""
    pygame.draw.rect(surface, BAR_BG, rect)
    pygame.draw.line(surface, (60, 70, 86), rect.bottomleft, rect.bottomright)
    width = rect.w - 160 if text_width is None else text_width
    font = draw.fit_text(app.font, text, max(80, width - (32 if colour is not None else 0) - 40), 24, 12, bold=True)
    x = rect.x + 20
    if colour is not None:
        draw.aa_circle(surface, colour, (x + 10, rect.centery), 10, border=(240, 240, 240))
        x += 32
    r = draw.text(surface, font, text, (x, rect.centery), TEXT, anchor="midleft")
    if thinking:
        thinking_dots(surface, (r.right + 14, rect.centery + 4), clock)


def hover_tip(surface: pygame.Surface, app: "Drawing", anchor: pygame.Rect, text: str,
              side: str = "above", within: pygame.Rect | None = None) -> pygame.Rect:
    """A tool tip above (or to the right of) `anchor`, kept on screen (or inside `within`): why a
    disabled button does nothing, what a drawn panel is. pygame_gui shows no tool tips on disabled
    buttons, so scenes draw this one themselves; it must not overlap widgets, which pygame_gui draws
    over everything."""
    font = app.font(15)
    bounds = surface.get_rect().inflate(-16, -16) if within is None else within
    lines = draw.wrap(font, text, min(420, bounds.w - 20))
    w = max(font.size(line)[0] for line in lines) + 20
    rect = pygame.Rect(0, 0, w, 10 + 22 * len(lines))
    if side == "right":
        rect.midleft = (anchor.right + 8, anchor.centery)
    else:
        rect.midbottom = (anchor.centerx, anchor.top - 6)
    rect.clamp_ip(bounds)
    draw.rounded_panel(surface, rect, (20, 24, 32, 245), 6, border=ACCENT)
    for i, line in enumerate(lines):
        draw.text(surface, font, line, (rect.x + 10, rect.y + 16 + 22 * i), TEXT, anchor="midleft")
    return rect


def panel(surface: pygame.Surface, rect: pygame.Rect, title: str | None = None, app: "Drawing | None" = None,
          highlight: bool = False) -> pygame.Rect:
    """A side-panel card (a player's box); returns the inner rect below the title."""
    border = ACCENT if highlight else (70, 80, 98)
    draw.rounded_panel(surface, rect, (33, 39, 50), 10, border=border, border_width=2 if highlight else 1)
    inner = rect.inflate(-20, -16)
    if title and app is not None:
        font = draw.fit_text(app.font, title, inner.w, 19, 12, bold=True)
        draw.text(surface, font, title, inner.topleft, ACCENT if highlight else TEXT, anchor="topleft")
        inner = pygame.Rect(inner.x, inner.y + font.get_linesize() + 4, inner.w, inner.h - font.get_linesize() - 4)
    return inner


def seat_chip(surface: pygame.Surface, colour: tuple[int, int, int], center: tuple[float, float],
              radius: float) -> None:
    """A seat's chip by its name or on what it claimed: its colour in a dark rim, so a pale seat
    colour still stands out on a pale board."""
    draw.aa_circle(surface, colour, center, radius, border=CHIP_RIM)


def hint_ring(surface: pygame.Surface, app: "Drawing", rect: pygame.Rect, colour: tuple[int, int, int] = HINT) -> None:
    """A hint pointing at a button or a box: a ring around it with the "Hint" tab on top (drawn
    under pygame_gui, so it frames a button from outside)."""
    ring = rect.inflate(12, 12)
    pygame.draw.rect(surface, colour, ring, 3, border_radius=10)
    hint_tag(surface, app, (ring.centerx, ring.y + 2), size=12, colour=colour)


def hint_tag(surface: pygame.Surface, app: "Drawing", midbottom: tuple[float, float], size: int = 13,
             colour: tuple[int, int, int] = HINT) -> pygame.Rect:
    """The small "Hint" tab a game puts by what a hint points at (its ring, arrow or ghost); returns
    where it went."""
    label = app.tr("ui.hint.button")
    font = app.font(size, bold=True)
    tag = pygame.Rect(0, 0, font.size(label)[0] + 12, font.get_height() + 2)
    tag.midbottom = (round(midbottom[0]), round(midbottom[1]))
    draw.rounded_panel(surface, tag, (20, 24, 32, 235), 6, border=colour)
    draw.text(surface, font, label, tag.center, colour)
    return tag
