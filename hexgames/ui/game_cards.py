"""A game's card in the menu: where the cards and their How to play / Learn to play buttons go, and
what a card shows (a picture of the game's board, its title, who can play and how, its description,
the best solo score, and a tick once its tutorial was finished). The menu places the cards and their
buttons; pygame_gui draws only the button's frame and hover tint over the card drawn here.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from hexgames.core import highscores
from hexgames.ui import draw, hud
from hexgames.ui.words import game_title

if TYPE_CHECKING:
    from hexgames.games import GameInfo
    from hexgames.ui.shell import Drawing, Words

CARD_BG = (33, 39, 50)
CARD_MIN_W = 340


def card_rects(area: pygame.Rect, n: int) -> list[pygame.Rect]:
    """One or two columns of equal cards filling `area`; two when each card can still be 340 wide."""
    if n == 0:
        return []
    gap = 12
    cols = 2 if n > 2 and area.w >= 2 * CARD_MIN_W + gap else 1
    rows = -(-n // cols)
    card_h = min(max(190, area.w // cols // 2), (area.h - (rows - 1) * gap) // rows)  # large windows: taller cards
    card_w = (area.w - (cols - 1) * gap) // cols
    return [pygame.Rect(area.x + (i % cols) * (card_w + gap), area.y + (i // cols) * (card_h + gap), card_w, card_h)
            for i in range(n)]


LEARN_ROW_MIN_H = 150  # cards this tall take the learn buttons in a row at the bottom, smaller ones at the side


def learn_button_rects(card: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
    """Where a card's How to play and Learn to play buttons go (in the card's own coordinates when
    `card` is at the origin, as the card picture is drawn): side by side at the bottom right of a
    tall card, under its text; stacked at the right edge of a small one."""
    if card.h >= LEARN_ROW_MIN_H:
        pic_w = min(round((card.h - 16) * 1.35), card.w * 2 // 5)  # as `_draw_card` lays the picture out
        grow = card_scale(card)
        w, h = min(round(160 * grow), (card.w - pic_w - 8 - 12 - 8 - 6) // 2), round(32 * grow)
        y = card.bottom - h - 10
        return (pygame.Rect(card.right - 2 * w - 14, y, w, h), pygame.Rect(card.right - w - 8, y, w, h))
    w = max(110, min(150, card.w // 4))
    h = min(34, (card.h - 24) // 2)
    x = card.right - w - 10
    gap = max(4, (card.h - 2 * h) // 3)
    return (pygame.Rect(x, card.y + gap, w, h), pygame.Rect(x, card.bottom - gap - h, w, h))


def card_scale(card: pygame.Rect) -> float:
    """How much a card's words and buttons grow past their size on a 190 px card (large windows)."""
    return max(1.0, min(1.6, card.h / 190))


def card_facts(app: "Words", info: "GameInfo") -> list[str]:
    """["1–4 players", "Standard, Team, Solo"]: who can play and how, from the game's own modes
    (the second line only where there is more than one mode)."""
    lo, hi = info.min_seats, info.max_seats
    players = app.tr("ui.menu.players", n=lo) if lo == hi else app.tr("ui.menu.players_range", lo=lo, hi=hi)
    if len(info.modes) < 2:
        return [players]
    names = [app.tr(f"{info.id}.mode.{m.id}", default=m.id.replace("_", " ").capitalize()) for m in info.modes]
    return [players, app.join(names)]


def best_solo(app: "Words", info: "GameInfo") -> str:
    """The best solo result recorded for the game, or "" (no solo mode, or never played)."""
    best = highscores.best_of_game(info.id)
    if best is None:
        return ""
    return app.tr("ui.menu.best", score=" · ".join(str(x) for x in best.scores))


def draw_card(surface: pygame.Surface, rect: pygame.Rect, app: "Drawing", info: "GameInfo", best: str,
              compact: bool, learned: bool) -> None:
    """Picture on the left; title, who can play, description and best solo score on the right, and a
    tick by Learn to play once the tutorial was finished (`learned`); `compact`: a small window's
    smaller title. The card's button (drawn over this by pygame_gui) adds only the frame and the
    hover tint."""
    from hexgames.ui import thumbnails

    pad = 8
    pic_h = rect.h - 2 * pad
    pic = pygame.Rect(rect.x + pad, rect.y + pad, min(round(pic_h * 1.35), rect.w * 2 // 5), pic_h)
    pygame.draw.rect(surface, CARD_BG, rect, border_radius=8)
    image = thumbnails.board_picture(app, info, pic.size)
    if image is not None:
        surface.blit(image, pic)
    pygame.draw.rect(surface, (58, 69, 88), pic, 1)
    how, learn = learn_button_rects(rect)
    if rect.h >= LEARN_ROW_MIN_H:  # the buttons sit under the text
        text = pygame.Rect(pic.right + 12, rect.y + pad, rect.right - pic.right - 12 - pad, how.y - 6 - rect.y - pad)
    else:
        text = pygame.Rect(pic.right + 12, rect.y + pad, how.x - pic.right - 20, pic_h)
    grow = card_scale(rect)
    title = round((19 if compact else 21) * grow)
    y = draw.text(surface, app.font(title, bold=True), game_title(app, info),
                  text.topleft, hud.ACCENT, anchor="topleft").bottom + 2
    facts, words, best_size = round(14 * grow), round(15 * grow), round(14 * grow)
    y = _lines(surface, app, card_facts(app, info), text, y, facts, hud.MUTED)
    room = (text.bottom - y - (best_size + 6 if best else 0)) // round(words * 1.35)
    desc = app.tr(f"{info.id}.description", default=info.description)
    y = _lines(surface, app, _cut(app, desc, text.w, words, room), text, y + 4, words, hud.TEXT)
    if best:
        draw.text(surface, app.font(best_size, bold=True), best, text.bottomleft, hud.GOOD, anchor="bottomleft")
    if learned:  # the tutorial was finished: a tick by its button
        draw.tick(surface, (learn.x - 12, learn.centery), 6, hud.GOOD)


def _cut(app: "Drawing", content: str, width: int, size: int, rows: int) -> list[str]:
    """`content` wrapped into at most `rows` lines, the last ending in "…" when more was to come."""
    lines = draw.wrap(app.font(size), content, width)
    if rows <= 0 or len(lines) <= rows:
        return lines[:max(0, rows)]
    joiner = " " if " " in content else ""
    return lines[:rows - 1] + [draw.fit_line(app.font, joiner.join(lines[rows - 1:]), width, size, size)[1]]


def _lines(surface: pygame.Surface, app: "Drawing", lines: list[str], box: pygame.Rect, y: int, size: int,
           colour: tuple[int, int, int]) -> int:
    """Each of `lines` in at most two wrapped lines from `y` down, none past the box's foot (the last
    that fits ends in "…" when more was to come); returns the y below them."""
    font, step = app.font(size), round(size * 1.35)
    for line in lines:
        parts = draw.wrap(font, line, box.w)
        rows = max(0, min(2, (box.bottom - y - font.get_ascent() + step) // step))
        for i, part in enumerate(parts[:rows]):
            if i == rows - 1 and len(parts) > rows:  # the rest does not fit: cut this row short
                part = draw.fit_line(app.font, " ".join(parts[i:]) if " " in line else "".join(parts[i:]),
                                     box.w, size, size)[1]
            draw.text(surface, font, part, (box.x, y), colour, anchor="topleft")
            y += step
    return y
