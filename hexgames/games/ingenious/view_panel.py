"""The side panel: the bag and round line, one score card per track (a player, or a team) with a bar
per colour, the score-attack card of a solo game, and the colour legend; and the same tracks as
charts for the results screen.

Why it is built this way: the panel changes only when a score, the mover, the bag or the points in
view change, so it is painted into a surface cached on exactly what it shows. Where each card goes is
the layout's (`TableLayout.cards`, `legend`, `solo`), so the celebrations, the tips and the sliding AI
tile find the same rects.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Sequence

import pygame

from hexgames.games.ingenious import pieces
from hexgames.games.ingenious.layout import LEGEND_H, TableLayout
from hexgames.games.ingenious.look import LEGAL, seat_colour, tr_ui
from hexgames.games.ingenious.rules import COLOUR_NAMES, IngeniousState
from hexgames.ui import chart, draw, hud

if TYPE_CHECKING:
    from hexgames.ui.shell import Shell
    from hexgames.core.highscores import Entry


@dataclass(frozen=True)
class PanelShown:
    """What the side panel shows in a frame."""
    state: IngeniousState  # the position on screen (scores change when a sliding tile lands)
    gains: tuple[int, ...] | None  # the points of the placement in view, on the mover's card
    over: bool
    names: tuple[str, ...]  # the seats' names
    highscore_place: int | None  # where this solo game entered the high-score table
    sequence: tuple[int, ...] = ()  # solo: the sorted scores so far
    best: Sequence["Entry"] | None = None  # solo with a high-score table: its entries

    def key(self, size: tuple[int, int], language: str) -> tuple[Any, ...]:
        s = self.state
        return (size, tuple(map(tuple, s.scores)), s.current, s.phase, s.bag_count, s.round, self.gains, language,
                self.over, self.highscore_place, self.names)


def track_seats(s: IngeniousState, track: int) -> list[int]:
    return [seat for seat in range(s.seats) if s.track_of(seat) == track]


class PanelView:
    """Draws the side panel from the layout and a `PanelShown`."""

    def __init__(self, app: "Shell"):
        self.app = app
        self._cache: tuple[Any, pygame.Surface] | None = None

    def forget(self) -> None:
        self._cache = None

    def draw(self, surface: pygame.Surface, geo: TableLayout, shown: PanelShown) -> None:
        key = shown.key(geo.panel.size, self.app.settings.language)
        if self._cache is None or self._cache[0] != key:
            surf = pygame.Surface(geo.panel.size)
            surf.fill(self.app.BG)
            self._paint(surf, geo, shown)
            self._cache = (key, surf)
        surface.blit(self._cache[1], geo.panel.topleft)

    def _paint(self, surf: pygame.Surface, geo: TableLayout, shown: PanelShown) -> None:
        s = shown.state
        w = surf.get_width()
        head = tr_ui(self.app, "bag", "Tiles in bag: {count}", count=s.bag_count)
        if s.seats > 1:
            head = f"{tr_ui(self.app, 'round', 'Round {n}', n=s.round)}   ·   {head}"
        font, head = draw.fit_line(self.app.font, head, w - 8, 15)
        draw.text(surf, font, head, (w // 2, 12), hud.MUTED)
        here = (-geo.panel.x, -geo.panel.y)  # the layout's rects are on screen, this surface is the panel
        mover_track = s.track_of(s.current)
        for track, card in geo.cards.items():
            self._paint_card(surf, card.move(here), shown, track, shown.gains if track == mover_track else None)
        if geo.solo is not None:
            self._paint_solo(surf, geo.solo.move(here), shown)
        self._paint_legend(surf, geo.legend.move(here))

    def _paint_legend(self, surf: pygame.Surface, rect: pygame.Rect) -> None:
        """Which symbol is which colour, named: the key for players who do not rely on colour."""
        draw.rounded_panel(surf, rect, (29, 34, 44), 10, border=(58, 66, 80))
        inner = rect.inflate(-20, -14) if rect.h >= LEGEND_H else rect.inflate(-12, -8)
        cols = 2 if rect.h >= LEGEND_H else 3
        rows = 6 // cols
        font_size = 14 if cols == 2 else 12
        row_h = (inner.h - 4) // rows
        size = max(7, min(row_h // 2, 16))
        for c in range(6):
            col, row = c % cols, c // cols
            x = inner.x + col * inner.w // cols
            cy = inner.y + row * row_h + row_h // 2 + 2
            sprite = pieces.tile_sprite(c, size)
            surf.blit(sprite, sprite.get_rect(center=(x + size + 2, cy)))
            name = tr_ui(self.app, f"colour.{COLOUR_NAMES[c]}", COLOUR_NAMES[c])
            fitted, name = draw.fit_line(self.app.font, name, inner.w // cols - 2 * size - 8, font_size)
            draw.text(surf, fitted, name, (x + 2 * size + 8, cy), hud.TEXT, anchor="midleft")

    def _paint_card(self, surf: pygame.Surface, rect: pygame.Rect, shown: PanelShown, track: int,
                    gains: tuple[int, ...] | None) -> None:
        s = shown.state
        mover = None if shown.over else s.current
        seats = track_seats(s, track)
        hud.panel(surf, rect, highlight=mover in seats)
        inner = rect.inflate(-20, -14)
        y = inner.y
        if s.mode == "team":  # the team's row: its name, that the partners share a track, and its score
            label = tr_ui(self.app, "team", "Team {n}", n=track + 1).upper()
            head = draw.text(surf, self.app.font(13, bold=True), label, (inner.x, y + 11), hud.MUTED, anchor="midleft")
            score_w = self._paint_score(surf, inner.right, y + 11, min(s.scores[track]))
            shared = tr_ui(self.app, "shared_track", "shared track")
            font, shared = draw.fit_line(self.app.font, shared, inner.w - head.w - score_w - 16, 12, 10)
            draw.text(surf, font, shared, (head.right + 8, y + 12), hud.MUTED, anchor="midleft")
            y += 24
            names_w = inner.w
        else:
            names_w = inner.w - self._paint_score(surf, inner.right, y + 11, min(s.scores[track])) - 8
        x = inner.x
        for k, seat in enumerate(seats):
            hud.seat_chip(surf, seat_colour(seat), (x + 7, y + 11), 6)
            font, name = draw.fit_line(self.app.font, shown.names[seat], names_w // len(seats) - 24, 16, bold=True)
            img_rect = draw.text(surf, font, name, (x + 18, y + 11), hud.ACCENT if seat == mover else hud.TEXT,
                                 anchor="midleft")
            if seat == mover:  # underlined as well as lit: the partner to move reads without colour
                pygame.draw.line(surf, hud.ACCENT, (img_rect.x, img_rect.bottom), (img_rect.right, img_rect.bottom), 2)
            x = max(img_rect.right + 14, inner.x + (k + 1) * names_w // len(seats))
        y += 26
        self._paint_chart(surf, pygame.Rect(inner.x, y, inner.w, inner.bottom - y), s, s.scores[track], gains)

    def _paint_score(self, surf: pygame.Surface, right: int, cy: int, score: int) -> int:
        """The track's score (its lowest colour, the boxed column below) as a number at the right of
        the names' row, read at a glance; returns the width it took."""
        num = draw.text(surf, self.app.font(21, bold=True), str(score), (right, cy), hud.ACCENT, anchor="midright")
        label = tr_ui(self.app, "score_card.score", "Score")
        font, label = draw.fit_line(self.app.font, label, 70, 13, 11)
        words = draw.text(surf, font, label, (num.x - 6, cy + 1), hud.MUTED, anchor="midright")
        return right - words.x

    def _paint_chart(self, surf: pygame.Surface, chart: pygame.Rect, s: IngeniousState, track: list[int],
                     gains: tuple[int, ...] | None) -> None:
        """Six columns: the score as a number on top, the bar of its growth, the symbol below."""
        cw = chart.w / 6
        low = min(track)
        num_font = self.app.font(17 if chart.h > 70 else 14, bold=True)
        icon = max(12, min(22, int(cw * 0.45), chart.h // 5))
        num_h = num_font.get_linesize()
        bar_top = chart.y + num_h + 2
        bar_bottom = chart.bottom - icon - 6
        bar_h = max(4, bar_bottom - bar_top)
        for c in range(6):
            col = pygame.Rect(round(chart.x + c * cw), chart.y, round(cw) - 4, chart.h)
            lowest = track[c] == low and max(track) > low  # all level: nothing to point at
            if lowest:
                draw.rounded_panel(surf, col.inflate(2, 4), (64, 58, 38), 6, border=hud.ACCENT)
            value = track[c]
            draw.text(surf, num_font, str(value), (col.centerx, chart.y + num_h // 2), hud.ACCENT if lowest else hud.TEXT)
            if gains and gains[c] > 0:
                gf = self.app.font(12, bold=True)
                draw.text(surf, gf, f"+{gains[c]}", (col.right - 1, chart.y + 2), LEGAL, anchor="topright")
            bw = max(6, int(cw * 0.42))
            well = pygame.Rect(col.centerx - bw // 2, bar_top, bw, bar_h)
            pygame.draw.rect(surf, (44, 50, 62), well, border_radius=3)
            fill_h = round(bar_h * min(value, s.cap) / s.cap)
            if gains and gains[c] > 0:
                ext_h = round(bar_h * min(value + gains[c], s.cap) / s.cap)
                pygame.draw.rect(surf, pieces.shade(pieces.FILLS[c], 1.5),
                                 pygame.Rect(well.x, well.bottom - ext_h, bw, ext_h), border_radius=3)
            if fill_h > 0:
                pygame.draw.rect(surf, pieces.FILLS[c], pygame.Rect(well.x, well.bottom - fill_h, bw, fill_h),
                                 border_radius=3)
            for th in set(s.thresholds) | ({s.stop} if s.stop else set()):
                if th < s.cap:
                    ty = well.bottom - round(bar_h * th / s.cap)
                    pygame.draw.line(surf, (230, 230, 230), (well.x - 3, ty), (well.right + 2, ty))
            sprite = pieces.hex_sprite(pieces.FILLS[c], icon // 2 + 2, (24, 26, 32), 1.0, c)
            surf.blit(sprite, sprite.get_rect(center=(col.centerx, chart.bottom - icon // 2 - 2)))

    def _paint_solo(self, surf: pygame.Surface, rect: pygame.Rect, shown: PanelShown) -> None:
        """Score attack: the sorted sequence so far and the local best ten (top five shown)."""
        if rect.h < 60:
            return
        hud.panel(surf, rect)
        inner = rect.inflate(-20, -14)
        title = tr_ui(self.app, "solo.title", "Score attack")
        draw.text(surf, self.app.font(13, bold=True), title.upper(), inner.topleft, hud.MUTED, anchor="topleft")
        seq = "-".join(str(v) for v in shown.sequence)
        draw.text(surf, self.app.font(24, bold=True), seq, (inner.centerx, inner.y + 36), hud.ACCENT)
        if shown.best is None:
            return
        y = inner.y + 64
        draw.text(surf, self.app.font(13, bold=True), tr_ui(self.app, "solo.best", "Best results"),
                  (inner.x, y), hud.MUTED, anchor="topleft")
        y += 20
        small = self.app.font(14)
        if not shown.best:
            draw.text(surf, small, tr_ui(self.app, "solo.none", "No results yet"), (inner.x, y), hud.MUTED,
                      anchor="topleft")
            return
        for i, entry in enumerate(shown.best[:5]):
            if y + small.get_linesize() > inner.bottom:
                break
            colour = hud.ACCENT if shown.highscore_place == i else hud.TEXT
            draw.text(surf, small, f"{i + 1}.", (inner.x, y), colour, anchor="topleft")
            draw.text(surf, small, "-".join(map(str, entry.scores)), (inner.x + 26, y), colour, anchor="topleft")
            draw.text(surf, small, entry.date[:10], (inner.right, y), hud.MUTED, anchor="topright")
            y += small.get_linesize()


def chart_panels(app: "Shell", states: list[IngeniousState], seat_name: Callable[[int], str]) -> list[chart.Panel]:
    """The results screen's charts: one panel per score track (a player, or a team), a line per
    colour with its symbol."""
    last = states[-1]
    panels = []
    for track in range(len(last.scores)):
        seats = track_seats(last, track)
        lines = [chart.Line(tr_ui(app, f"colour.{COLOUR_NAMES[c]}", COLOUR_NAMES[c]), pieces.FILLS[c],
                            [s.scores[track][c] for s in states], _symbol_marker(c)) for c in range(6)]
        panels.append(chart.Panel(app.join([seat_name(i) for i in seats]), lines, top=last.cap,
                                  accent=seat_colour(seats[0])))
    return panels


def _symbol_marker(colour: int) -> chart.Marker:
    def marker(surface: pygame.Surface, center: tuple[int, int], size: int) -> None:
        icon = pieces.symbol_icon(colour, size)
        surface.blit(icon, icon.get_rect(center=center))
    return marker
