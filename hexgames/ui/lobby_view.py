"""What the lobby of an online table draws (`ui/lobby.py` places it and keeps its widgets): the join
code in large type, whether the table is listed (a chip: a shape and words), the words to share,
each seat with who sits there and whether they are here, and a paragraph of muted words. Views:
they draw from what they are given and never read the scene.

And the clipboard: the lobby's Copy puts the code, or the host's whole invitation, there
(`copy_text`, with pygame's clipboard API).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from hexgames.ui import draw, hud
from hexgames.ui.presence import AWAY, COMPUTER, ONLINE, OPEN, presence_mark

if TYPE_CHECKING:
    from hexgames.ui.shell import Drawing

ROW_BG = (33, 39, 50)
CHIP_H = 26


def copy_text(text: str) -> str | None:
    """Put `text` on the system clipboard; why not, in words, if it cannot be done here."""
    try:
        scrap = pygame.scrap
        if hasattr(scrap, "put_text"):  # pygame-ce 2.2 and later
            scrap.put_text(text)
        else:  # older pygame: the scrap module's own start and its text type
            if not scrap.get_init():
                scrap.init()
            scrap.put(pygame.SCRAP_TEXT, text.encode("utf-8"))
    except (pygame.error, NotImplementedError, AttributeError) as e:
        return str(e) or type(e).__name__
    return None


def draw_code(surface: pygame.Surface, app: "Drawing", rect: pygame.Rect, title: str, code: str,
              button_w: int = 0) -> None:
    """The join code in large type in a lit panel, its title left of a button `button_w` wide at the
    panel's top right (Copy)."""
    inner = hud.panel(surface, rect, highlight=True)
    font = draw.fit_text(app.font, title, max(40, inner.w - button_w - 8), 19, 12, bold=True)
    draw.text(surface, font, title, inner.topleft, hud.ACCENT, anchor="topleft")
    below = pygame.Rect(inner.x, inner.y + font.get_linesize() + 4, inner.w, inner.bottom - inner.y - font.get_linesize() - 4)
    spaced = " ".join(code)
    big = draw.fit_text(app.font, spaced, below.w, 52, 20, bold=True)
    draw.text(surface, big, spaced, below.center, hud.TEXT)


def listing_chip(surface: pygame.Surface, app: "Drawing", topleft: tuple[int, int], width: int, listed: bool,
                 word: str, why: str) -> pygame.Rect:
    """Whether the table shows in the server's public list, as a chip: a list's lines (listed) or a
    padlock (by code only), the word, and what it means for who can join."""
    colour = ONLINE if listed else COMPUTER
    chip = pygame.Rect(topleft[0], topleft[1], width, CHIP_H)
    bold = app.font(14, bold=True)
    content_w = bold.size(word)[0] + 40
    font, why = draw.fit_line(app.font, why, max(20, width - content_w - 12), 13, 11)
    chip.w = min(width, content_w + font.size(why)[0] + 14)
    draw.rounded_panel(surface, chip, (28, 34, 44), chip.h // 2, border=colour, border_width=2)
    cx, cy = chip.x + 16, chip.centery
    if listed:  # three lines of a list
        for dy in (-5, 0, 5):
            pygame.draw.line(surface, colour, (cx - 6, cy + dy), (cx + 6, cy + dy), 2)
    else:  # a padlock: its shackle and its body
        pygame.draw.arc(surface, colour, pygame.Rect(cx - 5, cy - 9, 10, 12), 0, 3.2, 2)
        pygame.draw.rect(surface, colour, pygame.Rect(cx - 7, cy - 3, 14, 10), border_radius=2)
    x = draw.text(surface, bold, word, (cx + 14, cy), colour, anchor="midleft").right
    draw.text(surface, font, why, (x + 8, cy), hud.TEXT, anchor="midleft")
    return chip


def draw_words(surface: pygame.Surface, app: "Drawing", rect: pygame.Rect, parts: list[tuple[str, bool]]) -> None:
    """Sentences one under another in `rect`, each whole: bold ones in 18 px and muted ones in 15 px,
    both smaller together until all fit (at the smallest, as many lines as fit)."""
    for shrink in range(0, 7):
        laid = []
        for text, bold in parts:
            font = app.font(max(12, (18 if bold else 15) - shrink), bold=bold)
            laid.append((font, draw.wrap(font, text, rect.w), bold))
        if sum(font.get_linesize() * len(lines) + 4 for font, lines, _ in laid) - 4 <= rect.h:
            break
    top = rect.y
    for font, lines, bold in laid:
        for line in lines:
            if top + font.get_linesize() > rect.bottom:
                return
            draw.text(surface, font, line, (rect.x, top), hud.TEXT if bold else hud.MUTED, anchor="topleft")
            top += font.get_linesize()
        top += 4


def paragraph(surface: pygame.Surface, app: "Drawing", rect: pygame.Rect, content: str, colour: Any, lines: int,
              size: int = 16) -> int:
    """`content` wrapped in at most `lines` lines of `rect`; returns the y below the last."""
    font, wrapped = draw.fit_wrapped(app.font, content, rect.w, lines, size, 12)
    step = font.get_linesize()
    shown = wrapped[:max(1, min(lines, rect.h // step))]
    for i, line in enumerate(shown):
        draw.text(surface, font, line, (rect.x, rect.y + i * step), colour, anchor="topleft")
    return rect.y + len(shown) * step


def seat_state(app: Any, seat: dict[str, Any]) -> tuple[str, tuple[int, int, int], str]:
    """(shape, colour, word) of a seat's presence: a computer, a connected or an away player, or open."""
    tr = app.tr
    if seat.get("kind") == "ai":
        return "square", COMPUTER, tr("ui.lobby.computer")
    if not seat.get("taken"):
        return "hex", OPEN, tr("ui.lobby.waiting")
    if seat.get("online"):
        return "dot", ONLINE, tr("ui.lobby.connected")
    return "ring", AWAY, tr("ui.lobby.away")


def draw_seat(surface: pygame.Surface, app: Any, row: pygame.Rect, n: int, seat: dict[str, Any], name: str,
              mine: bool, menu_w: int) -> None:
    """Seat n: its presence (a shape, a colour and a word), who sits there (`name`, said as the app
    words it) and whether human or computer, leaving `menu_w` at the right for the host's menu."""
    tr = app.tr
    draw.rounded_panel(surface, row, ROW_BG, 8, border=hud.ACCENT if mine else (60, 70, 86))
    shape, colour, state = seat_state(app, seat)
    presence_mark(surface, shape, colour, (row.x + 26, row.centery), 9, ROW_BG)
    x = row.x + 50
    small = app.font(15)
    seat_label = tr("ui.setup.seat", n=n + 1)
    draw.text(surface, small, seat_label, (x, row.centery), hud.MUTED, anchor="midleft")
    x += max(70, small.size(seat_label)[0] + 14)
    kind = tr(f"ui.setup.ai_{seat.get('level')}") if seat.get("kind") == "ai" else tr("ui.setup.human")
    words = f"{kind} · {state}"
    right = row.right - 12 - menu_w
    words_w = min(small.size(words)[0], (right - x) // 2)
    font, shown = draw.fit_line(app.font, name or "?", right - x - words_w - 16, 19, 13, bold=True)
    draw.text(surface, font, shown, (x, row.centery), hud.TEXT if seat.get("taken") else OPEN, anchor="midleft")
    font, shown = draw.fit_line(app.font, words, words_w, 15, 11)
    draw.text(surface, font, shown, (right, row.centery), colour, anchor="midright")
