"""The character choice at the start of a Toradama game: five cards (face, name, favourite tama, the
okunote and its cost) laid out to fit the board's area at any window size.

Why a layout computed from the content: the cards hold a few lines of text whose length depends on
the language, and the board's area shrinks with the window (and with the message strip under it).
So the text size is fixed first (never under 12 px; larger in a large window), each card is as tall
as its longest okunote needs, and only the picture and the title give way when room is short.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from hexgames.games.toradama import pieces
from hexgames.games.toradama.look import character_name, okunote_parts, tr_ui
from hexgames.games.toradama.rules import CHARACTER_NAMES, FAVOURITE
from hexgames.ui import draw, hud

if TYPE_CHECKING:
    from hexgames.ui.shell import Shell

MIN_TEXT = 12  # px: nothing on the cards is smaller
PAD = 8


@dataclass
class ChoiceLayout:
    """Where everything goes: the title's centre (None: no room for it) and one rect per card."""

    scale: float
    title_at: tuple[int, int] | None = None
    title_w: int = 0
    cards: list[pygame.Rect] = field(default_factory=list)
    icon: int = 48
    text_size: int = MIN_TEXT
    name_size: int = 18
    lines: list[list[str]] = field(default_factory=list)  # per card: what the okunote does, then its cost
    cost_lines: list[int] = field(default_factory=list)  # how many of those lines are the cost

    @property
    def fav_size(self) -> int:
        return max(MIN_TEXT, self.text_size)

    @property
    def line_h(self) -> int:
        return self.text_size + 3


def layout(app: "Shell", area: pygame.Rect) -> ChoiceLayout:
    """Cards in one row of five where they are wide enough, else rows of three and two, centred in
    `area` with the title above them when it fits."""
    k = max(1.0, min(1.7, area.w / 560, area.h / 420))
    out = ChoiceLayout(scale=k, text_size=max(MIN_TEXT, round(12 * k)), name_size=round(18 * k))
    gap = round(12 * k)
    per_row = 5 if area.w >= 5 * round(150 * k) + 6 * gap else 3
    rows = math.ceil(len(CHARACTER_NAMES) / per_row)
    w = min(round(230 * k), (area.w - gap) // per_row - gap)
    font = app.font(out.text_size)
    wrapped = [[draw.wrap(font, part, w - 2 * PAD) for part in okunote_parts(app, c)]
               for c in range(len(CHARACTER_NAMES))]
    out.lines = [what + cost for what, cost in wrapped]
    out.cost_lines = [len(cost) for _, cost in wrapped]
    text_h = max(len(lines) for lines in out.lines) * out.line_h
    fixed = 2 * PAD + app.font(out.name_size, bold=True).get_linesize() + out.fav_size + 10 + 12 + text_h
    title_h = app.font(round(26 * k), bold=True).get_linesize() + gap
    icon = round(64 * k)
    while icon > 24 and title_h + rows * (fixed + icon) + (rows - 1) * gap > area.h:
        icon -= 2
    if title_h + rows * (fixed + icon) + (rows - 1) * gap > area.h:
        title_h = 0  # the banner above the board names the chooser too
    out.icon = icon
    h = fixed + icon
    top = area.y + max(0, (area.h - title_h - rows * h - (rows - 1) * gap) // 2)
    if title_h:
        out.title_at = (area.centerx, top + (title_h - gap) // 2)
        out.title_w = area.w - 2 * gap
        top += title_h
    for i in range(len(CHARACTER_NAMES)):
        row, col = divmod(i, per_row)
        n = min(per_row, len(CHARACTER_NAMES) - row * per_row)
        x0 = area.centerx - (n * (w + gap) - gap) // 2
        out.cards.append(pygame.Rect(x0 + col * (w + gap), top + row * (h + gap), w, h))
    return out


def paint(app: "Shell", surface: pygame.Surface, lay: ChoiceLayout, title: str, taken: set[int],
          hinted: int | None, pointer: tuple[int, int]) -> None:
    """The title and the five cards; taken ones dimmed, the hovered one lit, a hinted one tagged."""
    if lay.title_at is not None:
        font = draw.fit_text(app.font, title, lay.title_w, round(26 * lay.scale), 14, bold=True)
        draw.text(surface, font, title, lay.title_at, hud.ACCENT)
    for c, rect in enumerate(lay.cards):
        hover = rect.collidepoint(pointer) and c not in taken
        border = hud.HINT if c == hinted else hud.ACCENT if hover else (70, 80, 98)
        draw.rounded_panel(surface, rect, (44, 52, 66) if hover else (33, 39, 50), 12,
                           border=border, border_width=3 if c == hinted else 2 if hover else 1)
        if c == hinted:
            hud.hint_tag(surface, app, (rect.centerx, rect.y - 4))
        _paint_card(app, surface, lay, c, rect)
        if c in taken:
            layer = pygame.Surface(rect.size, pygame.SRCALPHA)
            layer.fill((10, 12, 16, 170))
            surface.blit(layer, rect.topleft)
            draw.text(surface, app.font(max(16, lay.name_size - 2), bold=True), tr_ui(app, "choose.taken", "taken"),
                      rect.center, hud.MUTED)


def _paint_card(app: "Shell", surface: pygame.Surface, lay: ChoiceLayout, c: int, rect: pygame.Rect) -> None:
    y = rect.y + PAD
    surface.blit(pieces.face(c, lay.icon), (rect.centerx - lay.icon // 2, y))
    y += lay.icon + 2
    name = app.font(lay.name_size, bold=True)
    draw.text(surface, name, character_name(app, c), (rect.centerx, y), hud.TEXT, anchor="midtop")
    y += name.get_linesize() + 4
    fav = tr_ui(app, "favourite", "favourite ×2")
    fav_font = draw.fit_text(app.font, fav, rect.w - 2 * PAD - lay.fav_size - 6, lay.fav_size, MIN_TEXT)
    width = lay.fav_size + 6 + fav_font.size(fav)[0]
    x = rect.centerx - width // 2
    surface.blit(pieces.tama(FAVOURITE[c], lay.fav_size + 4), (x, y - 2))
    draw.text(surface, fav_font, fav, (x + lay.fav_size + 10, y + lay.fav_size // 2), hud.MUTED, anchor="midleft")
    y += lay.fav_size + 12
    font = app.font(lay.text_size)
    first_cost = len(lay.lines[c]) - lay.cost_lines[c]
    for i, line in enumerate(lay.lines[c]):
        draw.text(surface, font, line, (rect.centerx, y), hud.MUTED if i >= first_cost else hud.TEXT, anchor="midtop")
        y += lay.line_h
