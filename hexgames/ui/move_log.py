"""The move log: the moves of a match so far, numbered, in words, drawn in a panel that scrolls.

Shared by every game's scene (toggled by the Log button and the key L) and by the replay viewer
(which highlights the move it stands at). The words come from the game's `Rules.describe` for one
viewer (None: a spectator), so each seat's hidden parts stay hidden; nothing here knows any game.
Texts are translated and wrapped once per move and viewer, and only the visible lines are drawn.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

import pygame

from hexgames.ui import draw, hud

if TYPE_CHECKING:
    from hexgames.core.match import Match
    from hexgames.ui.shell import Drawing

PANEL_BG = (26, 31, 40)
NUMBER_W, CHIP_X, TEXT_X = 22, 32, 42  # the columns of an entry, from the body's left edge
LARGE_H = 1080  # from this window height no word of the log is under 14 px
HIGHLIGHT = (58, 70, 92)


@dataclass
class Entry:
    """One move in words: its number (1-based), the seat that made it and the translated text."""

    number: int
    seat: int
    text: str


class MoveLog:
    """The log of `match` as seen by `viewer()`: entries made lazily, laid out for a width, drawn in
    a rect with the newest move at the bottom unless scrolled (`scroll` lines up from the end)."""

    def __init__(self, app: "Drawing", match: "Match", viewer: Callable[[], int | None],
                 seat_name: Callable[[int], str], seat_chip: Callable[[pygame.Surface, int, tuple, float], None]):
        self.app = app
        self.match = match
        self.viewer = viewer
        self.seat_name = seat_name
        self.seat_chip = seat_chip
        self.scroll = 0  # lines scrolled up from the newest
        self.highlight: int | None = None  # index of the move to mark (the replay's current move)
        self.footer = 0  # pixels kept free at the bottom of the panel (the replay's key help)
        self._texts: dict[tuple[Any, str], list[tuple[Any, str]]] = {}  # (viewer, language) -> (state after, text)
        self._layout: tuple[Any, ...] = ()
        self._lines: list[tuple[int, str, bool]] = []  # (entry index, line, first line of its entry)
        self._line_h = 0
        self._count = 0

    # --- content ----------------------------------------------------------------------------
    def entries(self) -> list[Entry]:
        """Every move played so far, in words for the current viewer and language."""
        m = self.match
        key = (self.viewer(), self.app.settings.language)
        cache = self._texts.setdefault(key, [])
        n = len(m.moves)
        while cache and (len(cache) > n or cache[-1][0] is not m.states[len(cache)]):
            cache.pop()  # undone moves, or a history that changed under us
        for i in range(len(cache), n):
            reason = m.describe(i, key[0])
            cache.append((m.states[i + 1], self.app.tr_reason(reason)))
        return [Entry(i + 1, m.mover(i), cache[i][1]) for i in range(n)]

    def _laid_out(self, width: int) -> list[tuple[int, str, bool]]:
        """The entries as wrapped lines for `width` (re-done only when something changed)."""
        entries = self.entries()
        font = self.app.font(14)
        stamp = (width, self.viewer(), self.app.settings.language, len(entries),
                 entries[-1].text if entries else "", self.match.states[-1] if entries else None)
        if stamp != self._layout:
            self._layout = stamp
            self._line_h = font.get_linesize()
            lines: list[tuple[int, str, bool]] = []
            for k, e in enumerate(entries):
                text = self.app.tr("ui.log.entry", name=self.seat_name(e.seat), text=e.text)
                for j, part in enumerate(draw.wrap(font, text, width)):
                    lines.append((k, part, j == 0))
            if len(entries) != self._count:
                self.scroll = 0  # a new move: the newest shows
                self._count = len(entries)
            self._lines = lines
        return self._lines

    # --- geometry ------------------------------------------------------------------------------
    @staticmethod
    def text_width(rect: pygame.Rect) -> int:
        return rect.w - 16 - TEXT_X - 4

    def _body(self, rect: pygame.Rect) -> pygame.Rect:
        return pygame.Rect(rect.x + 8, rect.y + 40, rect.w - 16, rect.h - 48 - self.footer)

    def _visible(self, rect: pygame.Rect) -> tuple[list[tuple[int, str, bool]], int]:
        """The lines that fit the body, and the y of the first, after clamping the scroll."""
        lines = self._laid_out(self.text_width(rect))
        body = self._body(rect)
        step = self._line_h + 1
        fit = max(1, body.h // step)
        self.scroll = max(0, min(self.scroll, len(lines) - fit))
        end = len(lines) - self.scroll
        start = max(0, end - fit)
        while 0 < start < end - 1 and not lines[start][2]:
            start += 1  # begin with a whole entry, not the tail of one
        return lines[start:end], body.y

    def scroll_by(self, lines: int) -> None:
        self.scroll = max(0, self.scroll + lines)

    def show_entry(self, rect: pygame.Rect, index: int) -> None:
        """Scroll so that move `index` is in view (the replay's current move)."""
        lines = self._laid_out(self.text_width(rect))
        fit = max(1, self._body(rect).h // (self._line_h + 1))
        rows = [i for i, (k, _, _) in enumerate(lines) if k == index]
        if not rows:
            return
        end = len(lines) - self.scroll
        if rows[0] < end - fit or rows[-1] >= end:  # out of view: bring it to the middle
            self.scroll = max(0, len(lines) - (rows[0] + (fit + len(rows)) // 2))

    def entry_at(self, rect: pygame.Rect, pos: tuple[int, int]) -> int | None:
        """The index of the move whose text is at `pos`, if any."""
        if not self._body(rect).collidepoint(pos):
            return None
        shown, y = self._visible(rect)
        row = (pos[1] - y) // (self._line_h + 1)
        return shown[row][0] if 0 <= row < len(shown) else None

    def rect_of_entry(self, rect: pygame.Rect, index: int) -> pygame.Rect | None:
        """Where move `index`'s first visible line is drawn (None when scrolled out of view)."""
        shown, y = self._visible(rect)
        body = self._body(rect)
        step = self._line_h + 1
        for row, (k, _, _) in enumerate(shown):
            if k == index:
                return pygame.Rect(body.x, y + row * step, body.w, step)
        return None

    # --- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, rect: pygame.Rect, title: str) -> None:
        app = self.app
        draw.rounded_panel(surface, rect, PANEL_BG, 10, border=(80, 92, 112))
        head = draw.fit_text(app.font, title, rect.w - 24, 18, 12, bold=True)
        draw.text(surface, head, title, (rect.x + 12, rect.y + 20), hud.ACCENT, anchor="midleft")
        shown, y = self._visible(rect)
        if not shown:
            draw.text(surface, app.font(14), app.tr("ui.log.empty"), (rect.centerx, rect.y + 60), hud.MUTED)
            return
        entries = self.entries()
        large = surface.get_height() >= LARGE_H
        font, number_font = app.font(14), app.font(14 if large else 13, bold=True)
        step = self._line_h + 1
        body = self._body(rect)
        clip = surface.get_clip()
        surface.set_clip(body)
        for k, line, first in shown:
            if k == self.highlight:
                pygame.draw.rect(surface, HIGHLIGHT, (body.x, y, body.w, step), border_radius=3)
            if first:
                e = entries[k]
                draw.text(surface, number_font, str(e.number), (body.x + NUMBER_W, y + step // 2), hud.MUTED,
                          anchor="midright")
                centre = (body.x + CHIP_X, y + step / 2)
                draw.aa_circle(surface, (120, 132, 152), centre, 7)  # a ring: dark seat colours show too
                self.seat_chip(surface, e.seat, centre, 5)
            draw.text(surface, font, line, (body.x + TEXT_X, y), hud.TEXT, anchor="topleft")
            y += step
        surface.set_clip(clip)
        if self.scroll:
            draw.text(surface, app.font(14 if large else 12), app.tr("ui.log.more_below"),
                      (rect.right - 12, rect.y + 20), hud.MUTED, anchor="midright")
