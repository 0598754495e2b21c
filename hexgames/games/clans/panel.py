"""The Clans side panel: players (with the viewer's private colour guesses), the colour points that
double as the legend of the tribe shapes, the epoch chart (a row per epoch, its villages as dots
that darken as they are scored) and, in the room left at the foot, the recap of the last turns
(`recap_view`). A mixin of `ClansScene`: it reads the scene's match, viewer and fonts, and keeps no
state of its own but the open guess picker. No text in it is under 12 px, down to 800x600.

Guess notes live in `Match.notes` under the viewer's seat (so saves and resumes keep them), are drawn
only for that viewer, and hide with everything private at the hand-over.
"""
from __future__ import annotations

import pygame

from hexgames.games.clans import pieces
from hexgames.games.clans.look import HIGHLIGHT, NEUTRAL_SEAT_RGB, TERRAIN_RGB, colour_label, terrain_label, tr_ui
from hexgames.games.clans.rules import COLOURS
from hexgames.ui import draw, hud


class PanelMixin:
    """The side panel of `ClansScene`."""

    panel_sections: dict[str, pygame.Rect]

    def _draw_panel(self, surface: pygame.Surface) -> None:
        r = self.panel_rect
        draw.rounded_panel(surface, r, (30, 36, 46), 10, border=(60, 70, 86))
        top = r.y + 10
        y = self._draw_players(surface, r.x + 12, top, r.w - 24, self.geo.players_limit())
        sections = [("players", top, y)]
        top = y + 8
        y = self._draw_colour_points(surface, r.x + 12, top, r.w - 24)
        sections.append(("points", top, y))
        top = y + 8
        y = self._draw_epoch_chart(surface, r.x + 12, top, r.w - 24)
        sections.append(("epochs", top, y))
        self._draw_recap(surface, r.x + 12, y + 12, r.w - 24, r.bottom - y - 20)
        sections.append(("recap", y + 12, r.bottom - 8))
        # where each part of the panel was drawn, for its hover tip
        self.panel_sections = {name: pygame.Rect(r.x, a, r.w, max(0, b - a)) for name, a, b in sections}

    def _draw_players(self, surface: pygame.Surface, x: int, y: int, w: int, bottom: int) -> int:
        """One row per seat: the neutral chip, the name, the viewer's own colour or their guess for
        the others (a click opens the picker), villages founded; the true colours once revealed.
        The tip on guessing shows only if it fits above `bottom` with the rest."""
        s = self.state
        small = self.app.font(14)
        draw.text(surface, small, tr_ui(self.app, "players"), (x, y), hud.MUTED, anchor="topleft")
        shown = self.shown_colours()
        font = self.app.font(17, bold=True)
        over = self.match.is_over
        guesses = self.guesses()
        picker, guessable, choices = self.guessing()
        rows = self.geo.players(s.seats, picker, len(choices))
        for seat in range(s.seats):
            y = rows.tops[seat]
            name = self.seat_name(seat)
            if seat == s.current and not over:  # the row of the player to move is lit
                row = pygame.Rect(x - 6, y - 1, w + 12, 26)
                draw.rounded_panel(surface, row, (58, 70, 92), radius=6)
                pygame.draw.rect(surface, hud.ACCENT, (row.x, row.y + 4, 3, row.h - 8))
            colour = shown[seat]
            if over and colour is not None:
                pieces.chip(surface, colour, (x + 8, y + 12), 7, shadow=False)
            else:
                draw.aa_circle(surface, NEUTRAL_SEAT_RGB, (x + 8, y + 12), 7, border=(240, 240, 240))
            right = str(s.founded[seat])
            if over and colour is not None:
                right = f"{s.points[colour]}+{s.founded[seat]}={self.rules.seat_score(s, seat)}"
            slot = rows.slots[seat]
            name_w = (w - 80) if not over else (w - 40 - font.size(right)[0])
            name_font, name = draw.fit_line(self.app.font, name, name_w, 17, bold=True)
            draw.text(surface, name_font, name, (x + 22, y + 12), hud.TEXT, anchor="midleft")
            if not over and colour is not None:
                pieces.chip(surface, colour, slot.center, 8)
            elif seat in guessable:
                self._draw_note_slot(surface, slot, guesses.get(seat), picker == seat)
            draw.text(surface, font, right, (x + w, y + 12), hud.ACCENT, anchor="midright")
            if picker == seat:
                self._draw_picker(surface, rows, seat, choices)
        y = rows.bottom
        viewer = self.viewer
        if not over and viewer is not None and shown[viewer] is not None:
            text = tr_ui(self.app, "your_colour", colour=colour_label(self.app, shown[viewer]))
            draw.text(surface, self.app.font(15), text, (x, y + 2), hud.TEXT, anchor="topleft")
            y += 20
            hint_font = self.app.font(12)
            tip = draw.wrap(hint_font, tr_ui(self.app, "guess_hint"), w)
            if self.picker_for is None and s.seats > 1 and y + 15 * len(tip) + 18 <= bottom:
                for line in tip:
                    draw.text(surface, hint_font, line, (x, y + 2), hud.MUTED, anchor="topleft")
                    y += 15
            y -= 15
        elif not over and not any(c is not None for c in shown):
            draw.text(surface, self.app.font(13), tr_ui(self.app, "colour_secret"), (x, y + 2), hud.MUTED,
                      anchor="topleft")
        elif over:
            draw.text(surface, self.app.font(15, bold=True), tr_ui(self.app, "reveal"), (x, y + 2), hud.ACCENT,
                      anchor="topleft")
        return y + 18

    def guesses(self) -> dict[int, int]:
        """The viewer's guess of each other seat's colour (only the viewer's own notes, never others')."""
        viewer = self.viewer
        note = self.match.notes.get(viewer) if viewer is not None else None
        if not isinstance(note, dict):
            return {}
        out = {}
        for key, colour in note.items():
            if (isinstance(key, str) and key.isdigit() and int(key) < self.state.seats and int(key) != viewer
                    and type(colour) is int and 0 <= colour < COLOURS):
                out[int(key)] = colour
        return out

    def set_guess(self, seat: int, colour: int | None) -> None:
        viewer = self.viewer
        if viewer is None:
            return
        note = {str(k): v for k, v in self.guesses().items() if k != seat}
        if colour is not None:
            note[str(seat)] = colour
        self.match.set_note(viewer, note)

    def guess_choices(self) -> list[int]:
        """The colours a guess may name: any but the viewer's own."""
        own = self.shown_colours()[self.viewer] if self.viewer is not None else None
        return [c for c in range(COLOURS) if c != own]

    def _draw_note_slot(self, surface: pygame.Surface, slot: pygame.Rect, guess: int | None, open_: bool) -> None:
        draw.rounded_panel(surface, slot, (44, 52, 66), 6, border=hud.ACCENT if open_ else (90, 100, 120))
        if guess is None:
            draw.text(surface, self.app.font(14, bold=True), "?", slot.center, hud.MUTED)
        else:
            pieces.chip(surface, guess, slot.center, 7, shadow=False)

    def _draw_picker(self, surface: pygame.Surface, rows, seat: int, choices: list[int]) -> None:
        """The open guess picker under a player's row: a chip per possible colour, and "clear"."""
        draw.rounded_panel(surface, rows.picker, (24, 30, 40), 6, border=hud.ACCENT)
        current = self.guesses().get(seat)
        for cell, c in zip(rows.cells, choices + [None]):
            if c == current:
                pygame.draw.rect(surface, hud.ACCENT, cell, 2, border_radius=5)
            if c is None:
                draw.text(surface, self.app.font(16, bold=True), "×", cell.center, hud.TEXT)
            else:
                pieces.chip(surface, c, cell.center, 8, shadow=False)

    def _points_now(self) -> list[int]:
        if self.score_steps:
            step = self.score_steps[0]
            return list(step.points_before)
        return list(self.state.points)

    def _draw_colour_points(self, surface: pygame.Surface, x: int, y: int, w: int) -> int:
        """The five colours with their shapes, names and points: also the legend of the huts."""
        draw.text(surface, self.app.font(14), tr_ui(self.app, "colour_points"), (x, y), hud.MUTED,
                  anchor="topleft")
        y += 24
        points = self._points_now()
        scoring = self.score_steps[0].entry if self.score_steps and self.slide is None else None
        col = w / COLOURS
        font = self.app.font(18, bold=True)
        for c in range(COLOURS):
            cx = x + col * (c + 0.5)
            pieces.chip(surface, c, (cx, y + 10), 10)
            label_font, name = draw.fit_line(self.app.font, colour_label(self.app, c), round(col) - 2, 12)
            draw.text(surface, label_font, name, (cx, y + 29), hud.MUTED)
            draw.text(surface, font, str(points[c]), (cx, y + 48), hud.TEXT)
            if scoring is not None and c in scoring.scorers:
                draw.text(surface, self.app.font(14, bold=True), f"+{scoring.value}", (cx + 14, y + 2),
                          (140, 240, 140), anchor="midleft", outline=(15, 18, 24), outline_px=1)
        return y + 62

    def _draw_epoch_chart(self, surface: pygame.Surface, x: int, y: int, w: int) -> int:
        """A row per epoch: its numeral, the favoured terrain with its bonus and the hostile one. The
        numeral has a dot per village of the epoch under it: scored ones go dark, the next village's
        is lit, and so is its epoch's row (as far as the scoring shown); returns the y below the chart."""
        rules, s = self.rules, self.state
        title = draw.text(surface, self.app.font(14), tr_ui(self.app, "epoch_chart"), (x, y), hud.MUTED,
                          anchor="topleft")
        scored = s.villages_scored - len(self.score_steps)  # as far as the scoring shown
        count = tr_ui(self.app, "villages_left", n=scored)
        if self.app.font(13).size(count)[0] <= w - title.w - 12:
            draw.text(surface, self.app.font(13), count, (x + w, y + 1), hud.MUTED, anchor="topright")
        y += 22
        row_h = self.geo.epoch_row_height()
        size = max(12, min(15, row_h - 9))
        roman = ("I", "II", "III", "IV", "V")
        half = (w - 22) // 2
        first = 0
        for epoch, villages in enumerate(rules.EPOCH_SIZES):
            row = pygame.Rect(x, y, w, row_h - 3)
            current = first <= scored < first + villages and not self.match.is_over
            draw.rounded_panel(surface, row, (70, 62, 30) if current else
                               ((36, 42, 52) if epoch % 2 == 0 else (42, 48, 60)), 4,
                               border=HIGHLIGHT if current else None)
            for k in range(villages):  # a dot per village of the epoch under its numeral
                dot = pygame.Rect(x + 11 - (4 * villages - 1) // 2 + 4 * k, row.bottom - 4, 3, 2)
                done = first + k < scored
                pygame.draw.rect(surface, (20, 22, 28) if done else HIGHLIGHT if first + k == scored else (150, 158, 172),
                                 dot)
            live = first + villages > scored
            draw.text(surface, self.app.font(size, bold=True), roman[epoch], (x + 11, row.centery - 3),
                      hud.ACCENT if live else hud.MUTED)
            self._chart_cell(surface, pygame.Rect(x + 20, y, half, row_h - 3), rules.FAVOURED[epoch],
                             f"+{rules.BONUS[epoch]}", size, dim=not live)
            self._chart_cell(surface, pygame.Rect(x + 22 + half, y, half, row_h - 3), rules.HOSTILE[epoch], "0",
                             size, hostile=True, dim=not live)
            first += villages
            y += row_h
        return y

    def _chart_cell(self, surface: pygame.Surface, rect: pygame.Rect, terrain: int | None, value: str,
                    size: int, hostile: bool = False, dim: bool = False) -> None:
        font = self.app.font(size)
        side = min(rect.h - 8, 12)
        sw = pygame.Rect(rect.x + 2, rect.centery - side // 2, side, side)
        if terrain is None:
            label = terrain_label(self.app, None)
            draw.text(surface, font, label, (rect.x + 4, rect.centery), hud.MUTED, anchor="midleft")
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
