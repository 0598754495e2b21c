"""A game's card in the menu: where the cards and their Play / How to play / Learn to play buttons go,
and what a card shows (a picture of the game's board, its title, who can play and how, its description,
the best solo score, and a tick once its tutorial was finished). The menu places the cards and their
buttons; pygame_gui draws only the button's frame and hover tint over the card drawn here.
"""
from __future__ import annotations

from dataclasses import dataclass
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


LEARN_ROW_MIN_H = 150  # cards this tall take their buttons under the picture and the text, smaller ones at the side
PLAY_H = 36  # a tall card's Play button, under its picture
PAD = 8


@dataclass(frozen=True)
class CardParts:
    """Where a card's parts go (in the card's own coordinates when the card is at the origin, as the
    card picture is drawn): its board picture, its text, and its Play, How to play and Learn to play
    buttons."""
    picture: pygame.Rect
    text: pygame.Rect
    play: pygame.Rect
    how: pygame.Rect
    learn: pygame.Rect


def card_parts(card: pygame.Rect) -> CardParts:
    """A tall card: the picture at the left with Play under it, the text at the right with How to
    play and Learn to play side by side under it. A small one (a small window): the picture, the
    text, then a tall Play and How to play over Learn to play at the right edge."""
    if card.h >= LEARN_ROW_MIN_H:
        grow = card_scale(card)  # large windows: taller cards, larger buttons
        pic_w = min(round((card.h - 2 * PAD) * 1.35), card.w * 2 // 5)
        play_h = round(PLAY_H * grow)
        picture = pygame.Rect(card.x + PAD, card.y + PAD, pic_w, card.h - 2 * PAD - play_h - 6)
        play = pygame.Rect(picture.x, picture.bottom + 6, pic_w, play_h)
        w, h = min(round(160 * grow), (card.w - pic_w - 8 - 12 - 8 - 6) // 2), round(32 * grow)
        y = card.bottom - h - 10
        how, learn = pygame.Rect(card.right - 2 * w - 14, y, w, h), pygame.Rect(card.right - w - 8, y, w, h)
        text = pygame.Rect(picture.right + 12, card.y + PAD, card.right - picture.right - 12 - PAD, how.y - 6 - card.y - PAD)
        return CardParts(picture, text, play, how, learn)
    picture = pygame.Rect(card.x + PAD, card.y + PAD, min(round((card.h - 2 * PAD) * 1.35), card.w * 2 // 5),
                          card.h - 2 * PAD)
    w = max(100, min(150, card.w // 4 - 12))
    h = min(34, (card.h - 24) // 2)
    x = card.right - w - 10
    gap = max(4, (card.h - 2 * h) // 3)
    how, learn = pygame.Rect(x, card.y + gap, w, h), pygame.Rect(x, card.bottom - gap - h, w, h)
    play_w = max(76, min(110, card.w // 6))
    play = pygame.Rect(x - 6 - play_w, how.y, play_w, learn.bottom - how.y)
    text = pygame.Rect(picture.right + 12, card.y + PAD, play.x - picture.right - 22, picture.h)
    return CardParts(picture, text, play, how, learn)


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
    tick after the title once the tutorial was finished (`learned`); `compact`: a small window's
    smaller title, and who can play and how in one paragraph of the type that fits it all (the
    description is then the card's tool tip). The card's buttons (drawn over this by pygame_gui) add
    the frame, the hover tint and their labels."""
    from hexgames.ui import thumbnails

    parts = card_parts(rect)
    pic, text = parts.picture, parts.text
    pygame.draw.rect(surface, CARD_BG, rect, border_radius=8)
    image = thumbnails.board_picture(app, info, pic.size)
    if image is not None:
        surface.blit(image, pic)
    pygame.draw.rect(surface, (58, 69, 88), pic, 1)
    grow = card_scale(rect)  # a large window's taller card: larger words
    title = draw.text(surface, app.font(round((19 if compact else 21) * grow), bold=True), game_title(app, info),
                      text.topleft, hud.ACCENT, anchor="topleft")
    if learned:  # the tutorial was finished: a tick after the title (Learn to play says "again" too)
        draw.tick(surface, (min(title.right + 14, text.right - 8), title.centery), 6, hud.GOOD)
    y = title.bottom + 2
    small, best_h = round(14 * grow), (round(20 * grow) if best else 0)  # the best score's line
    if rect.h < LEARN_ROW_MIN_H:
        _paragraph(surface, app, " · ".join(card_facts(app, info)),
                   pygame.Rect(text.x, y, text.w, text.bottom - y - best_h), hud.MUTED, small)
    else:
        y = _lines(surface, app, card_facts(app, info), text, y, small, hud.MUTED)
        desc = app.tr(f"{info.id}.description", default=info.description)
        _paragraph(surface, app, desc, pygame.Rect(text.x, y + 4, text.w, text.bottom - y - 4 - best_h), hud.TEXT,
                   round(15 * grow))
    if best:
        draw.text(surface, app.font(small, bold=True), best, text.bottomleft, hud.GOOD, anchor="bottomleft")


def _paragraph(surface: pygame.Surface, app: "Drawing", content: str, box: pygame.Rect, colour: tuple[int, int, int],
               start: int) -> None:
    """`content` whole in `box`, in the largest type from `start` down to 11 px whose lines fit (at
    11 px, as many lines as fit, the last cut with "…")."""
    for size in range(start, 10, -1):
        font = app.font(size)
        lines = draw.wrap(font, content, box.w)
        if len(lines) * font.get_linesize() <= box.h:
            break
    room = max(1, box.h // font.get_linesize())
    if len(lines) > room:
        lines = lines[:room - 1] + [draw.fit_line(app.font, lines[room - 1] + "…", box.w, 11, 11)[1]]
    for i, line in enumerate(lines):
        draw.text(surface, font, line, (box.x, box.y + i * font.get_linesize()), colour, anchor="topleft")


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
