"""The Clans side panel: the players (with the viewer's private colour guesses and the open guess
picker), the colour points that double as the legend of the tribe shapes, the epoch chart (a row per
epoch, its villages as dots that darken as they are scored) and, in the room left at the foot, the
recap of the last turns; and the colours' and founders' charts for the results screen. No text in it
is under 12 px, down to 800x600.

Why it is built this way: the panel is told what to show (`PanelShown`), which holds each seat's
colour only as the viewer may see it (their own, or everyone's once revealed) and only the viewer's
own guesses, so nothing drawn here can tell another player's colour. Where the rows, guess slots and
picker cells go is the layout's (`TableLayout.players`), so input hits what is drawn; where the parts
below the players start depends on the words (the tip on guessing shows if it fits), so `draw`
returns where each part fell, for its hover tip.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Mapping, Sequence

import pygame

from hexgames.games.clans import pieces
from hexgames.games.clans.layout import PlayerRows, TableLayout
from hexgames.games.clans.look import HIGHLIGHT, NEUTRAL_SEAT_RGB, TERRAIN_RGB, colour_label, terrain_label, tr_ui
from hexgames.games.clans.rules import COLOURS, ClansRules, ClansState, ScoreEntry
from hexgames.ui import chart, draw, hud

if TYPE_CHECKING:
    from hexgames.ui.shell import Shell

ROMAN = ("I", "II", "III", "IV", "V")


@dataclass(frozen=True)
class PanelShown:
    """What the side panel shows in a frame, as the viewer may see it."""
    names: tuple[str, ...]  # the seats' names
    current: int  # the seat to move
    over: bool
    viewer: int | None  # the seat at the screen (None: nobody, or everyone watching)
    colours: tuple[int | None, ...]  # each seat's colour as the viewer may see it
    founded: tuple[int, ...]  # villages founded per seat
    results: tuple[tuple[int, int, int], ...] | None  # once over: (colour points, villages, total) per seat
    guessable: frozenset[int]  # the seats the viewer may note a guess for
    guesses: Mapping[int, int]  # the viewer's own guesses
    picker: int | None  # the seat whose guess picker is open
    choices: tuple[int, ...]  # the colours a guess may name
    points: tuple[int, ...]  # colour points, as far as the scoring shown
    scoring: ScoreEntry | None  # the village being scored: its points show beside the colours'
    scored: int  # villages scored, as far as the scoring shown
    recap: tuple[str, Sequence[str]]  # its title and lines

    @property
    def seats(self) -> int:
        return len(self.names)


class PanelView:
    """Draws the side panel from the layout and a `PanelShown`."""

    def __init__(self, app: "Shell"):
        self.app = app

    def draw(self, surface: pygame.Surface, geo: TableLayout, shown: PanelShown) -> dict[str, pygame.Rect]:
        """The panel, top to bottom; returns where each of its parts was drawn (for their tips)."""
        r = geo.panel
        x, top, w = geo.panel_inner
        draw.rounded_panel(surface, r, (30, 36, 46), 10, border=(60, 70, 86))
        y = self._draw_players(surface, geo, shown)
        sections = [("players", top, y)]
        top = y + 8
        y = self._draw_colour_points(surface, x, top, w, shown)
        sections.append(("points", top, y))
        top = y + 8
        y = self._draw_epoch_chart(surface, geo, top, shown)
        sections.append(("epochs", top, y))
        self._draw_recap(surface, x, y + 12, w, r.bottom - y - 20, shown.recap)
        sections.append(("recap", y + 12, r.bottom - 8))
        return {name: pygame.Rect(r.x, a, r.w, max(0, b - a)) for name, a, b in sections}

    # --- the players ------------------------------------------------------------------------------
    def _draw_players(self, surface: pygame.Surface, geo: TableLayout, shown: PanelShown) -> int:
        """One row per seat: the neutral chip, the name, the viewer's own colour or their guess for
        the others (a click opens the picker), villages founded; the true colours once revealed.
        Under them, the viewer's colour and the tip on guessing (if it fits above the layout's
        limit), that colours are secret, or that they are revealed. Returns the y below."""
        x, y, w = geo.panel_inner
        draw.text(surface, self.app.font(14), tr_ui(self.app, "players"), (x, y), hud.MUTED, anchor="topleft")
        rows = geo.players(shown.seats, shown.picker, len(shown.choices))
        for seat in range(shown.seats):
            self._draw_row(surface, x, rows.tops[seat], w, rows.slots[seat], seat, shown)
            if shown.picker == seat:
                self._draw_picker(surface, rows, shown.guesses.get(seat), shown.choices)
        y = rows.bottom
        viewer, colours = shown.viewer, shown.colours
        if not shown.over and viewer is not None and colours[viewer] is not None:
            text = tr_ui(self.app, "your_colour", colour=colour_label(self.app, colours[viewer]))
            draw.text(surface, self.app.font(15), text, (x, y + 2), hud.TEXT, anchor="topleft")
            y += 20
            hint_font = self.app.font(12)
            tip = draw.wrap(hint_font, tr_ui(self.app, "guess_hint"), w)
            if shown.picker is None and shown.seats > 1 and y + 15 * len(tip) + 18 <= geo.players_limit():
                for line in tip:
                    draw.text(surface, hint_font, line, (x, y + 2), hud.MUTED, anchor="topleft")
                    y += 15
            y -= 15
        elif not shown.over and not any(c is not None for c in colours):
            draw.text(surface, self.app.font(13), tr_ui(self.app, "colour_secret"), (x, y + 2), hud.MUTED,
                      anchor="topleft")
        elif shown.over:
            draw.text(surface, self.app.font(15, bold=True), tr_ui(self.app, "reveal"), (x, y + 2), hud.ACCENT,
                      anchor="topleft")
        return y + 18

    def _draw_row(self, surface: pygame.Surface, x: int, y: int, w: int, slot: pygame.Rect, seat: int,
                  shown: PanelShown) -> None:
        over, colour = shown.over, shown.colours[seat]
        if seat == shown.current and not over:  # the row of the player to move is lit
            row = pygame.Rect(x - 6, y - 1, w + 12, 26)
            draw.rounded_panel(surface, row, (58, 70, 92), radius=6)
            pygame.draw.rect(surface, hud.ACCENT, (row.x, row.y + 4, 3, row.h - 8))
        if over and colour is not None:
            pieces.chip(surface, colour, (x + 8, y + 12), 7, shadow=False)
        else:
            draw.aa_circle(surface, NEUTRAL_SEAT_RGB, (x + 8, y + 12), 7, border=(240, 240, 240))
        right = str(shown.founded[seat])
        if over and colour is not None and shown.results is not None:
            right = "{}+{}={}".format(*shown.results[seat])
        font = self.app.font(17, bold=True)
        name_w = (w - 80) if not over else (w - 40 - font.size(right)[0])
        name_font, name = draw.fit_line(self.app.font, shown.names[seat], name_w, 17, bold=True)
        draw.text(surface, name_font, name, (x + 22, y + 12), hud.TEXT, anchor="midleft")
        if not over and colour is not None:
            pieces.chip(surface, colour, slot.center, 8)
        elif seat in shown.guessable:
            self._draw_note_slot(surface, slot, shown.guesses.get(seat), shown.picker == seat)
        draw.text(surface, font, right, (x + w, y + 12), hud.ACCENT, anchor="midright")

    def _draw_note_slot(self, surface: pygame.Surface, slot: pygame.Rect, guess: int | None, open_: bool) -> None:
        draw.rounded_panel(surface, slot, (44, 52, 66), 6, border=hud.ACCENT if open_ else (90, 100, 120))
        if guess is None:
            draw.text(surface, self.app.font(14, bold=True), "?", slot.center, hud.MUTED)
        else:
            pieces.chip(surface, guess, slot.center, 7, shadow=False)

    def _draw_picker(self, surface: pygame.Surface, rows: PlayerRows, current: int | None,
                     choices: Sequence[int]) -> None:
        """The open guess picker under a player's row: a chip per possible colour, and "clear"."""
        assert rows.picker is not None
        draw.rounded_panel(surface, rows.picker, (24, 30, 40), 6, border=hud.ACCENT)
        for cell, c in zip(rows.cells, [*choices, None]):
            if c == current:
                pygame.draw.rect(surface, hud.ACCENT, cell, 2, border_radius=5)
            if c is None:
                draw.text(surface, self.app.font(16, bold=True), "×", cell.center, hud.TEXT)
            else:
                pieces.chip(surface, c, cell.center, 8, shadow=False)

    # --- the colour points and the epoch chart ----------------------------------------------------
    def _draw_colour_points(self, surface: pygame.Surface, x: int, y: int, w: int, shown: PanelShown) -> int:
        """The five colours with their shapes, names and points: also the legend of the huts."""
        draw.text(surface, self.app.font(14), tr_ui(self.app, "colour_points"), (x, y), hud.MUTED,
                  anchor="topleft")
        y += 24
        scoring = shown.scoring
        col = w / COLOURS
        font = self.app.font(18, bold=True)
        for c in range(COLOURS):
            cx = x + col * (c + 0.5)
            pieces.chip(surface, c, (cx, y + 10), 10)
            label_font, name = draw.fit_line(self.app.font, colour_label(self.app, c), round(col) - 2, 12)
            draw.text(surface, label_font, name, (cx, y + 29), hud.MUTED)
            draw.text(surface, font, str(shown.points[c]), (cx, y + 48), hud.TEXT)
            if scoring is not None and c in scoring.scorers:
                draw.text(surface, self.app.font(14, bold=True), f"+{scoring.value}", (cx + 14, y + 2),
                          (140, 240, 140), anchor="midleft", outline=(15, 18, 24), outline_px=1)
        return y + 62

    def _draw_epoch_chart(self, surface: pygame.Surface, geo: TableLayout, y: int, shown: PanelShown) -> int:
        """A row per epoch: its numeral, the favoured terrain with its bonus and the hostile one. The
        numeral has a dot per village of the epoch under it: scored ones go dark, the next village's
        is lit, and so is its epoch's row (as far as the scoring shown); returns the y below the chart."""
        x, _, w = geo.panel_inner
        title = draw.text(surface, self.app.font(14), tr_ui(self.app, "epoch_chart"), (x, y), hud.MUTED,
                          anchor="topleft")
        scored = shown.scored
        count = tr_ui(self.app, "villages_left", n=scored)
        if self.app.font(13).size(count)[0] <= w - title.w - 12:
            draw.text(surface, self.app.font(13), count, (x + w, y + 1), hud.MUTED, anchor="topright")
        y += 22
        row_h = geo.epoch_row_height()
        size = max(12, min(15, row_h - 9))
        half = (w - 22) // 2
        first = 0
        for epoch, villages in enumerate(ClansRules.EPOCH_SIZES):
            row = pygame.Rect(x, y, w, row_h - 3)
            current = first <= scored < first + villages and not shown.over
            draw.rounded_panel(surface, row, (70, 62, 30) if current else
                               ((36, 42, 52) if epoch % 2 == 0 else (42, 48, 60)), 4,
                               border=HIGHLIGHT if current else None)
            for k in range(villages):  # a dot per village of the epoch under its numeral
                dot = pygame.Rect(x + 11 - (4 * villages - 1) // 2 + 4 * k, row.bottom - 4, 3, 2)
                done = first + k < scored
                lit = HIGHLIGHT if first + k == scored else (150, 158, 172)
                pygame.draw.rect(surface, (20, 22, 28) if done else lit, dot)
            live = first + villages > scored
            draw.text(surface, self.app.font(size, bold=True), ROMAN[epoch], (x + 11, row.centery - 3),
                      hud.ACCENT if live else hud.MUTED)
            self._chart_cell(surface, pygame.Rect(x + 20, y, half, row_h - 3), ClansRules.FAVOURED[epoch],
                             f"+{ClansRules.BONUS[epoch]}", size, dim=not live)
            self._chart_cell(surface, pygame.Rect(x + 22 + half, y, half, row_h - 3), ClansRules.HOSTILE[epoch],
                             "0", size, hostile=True, dim=not live)
            first += villages
            y += row_h
        return y

    def _chart_cell(self, surface: pygame.Surface, rect: pygame.Rect, terrain: int | None, value: str,
                    size: int, hostile: bool = False, dim: bool = False) -> None:
        font = self.app.font(size)
        side = min(rect.h - 8, 12)
        sw = pygame.Rect(rect.x + 2, rect.centery - side // 2, side, side)
        if terrain is None:
            draw.text(surface, font, terrain_label(self.app, None), (rect.x + 4, rect.centery), hud.MUTED,
                      anchor="midleft")
            return
        if terrain == -1:
            for k in range(4):
                part = pygame.Rect(sw.x + k * sw.w // 4, sw.y, sw.w // 4 + 1, sw.h)
                pygame.draw.rect(surface, TERRAIN_RGB[k], part)
        else:
            pygame.draw.rect(surface, TERRAIN_RGB[terrain], sw, border_radius=3)
        pygame.draw.rect(surface, (20, 20, 20), sw, 1, border_radius=3)
        label = terrain_label(self.app, terrain)
        text = f"{label} {value}" if not hostile else f"× {label}"
        colour = (240, 150, 140) if hostile else (170, 240, 160)
        if dim:
            colour = tuple(c // 2 + 30 for c in colour)
        fitted, text = draw.fit_line(self.app.font, text, rect.right - sw.right - 6, size)
        draw.text(surface, fitted, text, (sw.right + 4, rect.centery), colour, anchor="midleft")

    # --- the recap --------------------------------------------------------------------------------
    def _draw_recap(self, surface: pygame.Surface, x: int, y: int, w: int, h: int,
                    recap: tuple[str, Sequence[str]]) -> None:
        """The recap at the foot of the side panel, off the map: its title and the newest lines that
        fit in `h` (an ellipsis on top when older ones had to go)."""
        title, lines = recap
        head = self.app.font(13, bold=True)
        font = self.app.font(13)
        step = font.get_linesize()
        if not lines or h < head.get_linesize() + step:
            return
        draw.text(surface, head, title, (x, y), hud.ACCENT, anchor="topleft")
        y += head.get_linesize() + 2
        wrapped = [part for line in lines for part in draw.wrap(font, line, w)]
        room = (h - head.get_linesize() - 2) // step
        if len(wrapped) > room:  # the newest lines; "…" says there was more before
            wrapped = wrapped[-room:]
            wrapped[0] = "…" + wrapped[0]
        for line in wrapped:
            draw.text(surface, font, line, (x, y), hud.TEXT, anchor="topleft")
            y += step


# --- the results screen's charts -----------------------------------------------------------------
def chart_panels(app: "Shell", states: list[ClansState], seat_name: Callable[[int], str]) -> list[chart.Panel]:
    """The five colours' points, and each player's villages founded in their revealed colour (the
    results come after the reveal)."""
    last = states[-1]
    colours = [chart.Line(colour_label(app, c), pieces.FILLS[c], [s.points[c] for s in states], _emblem(c))
               for c in range(COLOURS)]
    founders = [chart.Line(seat_name(i), pieces.FILLS[last.colour_of[i]], [s.founded[i] for s in states],
                           _emblem(last.colour_of[i])) for i in range(last.seats)]
    return [chart.Panel(tr_ui(app, "colour_points"), colours),
            chart.Panel(tr_ui(app, "villages_founded"), founders)]


def _emblem(colour: int) -> chart.Marker:
    def marker(surface: pygame.Surface, center: tuple[int, int], size: int) -> None:
        pieces.chip(surface, colour, center, size / 2 + 1, shadow=False)
    return marker
