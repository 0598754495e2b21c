"""The felt and the two lines: each line's band with its name and owner, its die and free places, the
columns laid (their tiles piled, the count, a chip laid with them, tiles stacked on them), and where
the player's selection can go: lit line ends and columns with the column they would make, the
hinted target ringed, or, with nothing selected, a soft frame on every place some tile reaches.

Why it is built this way: the lines are small (twelve columns), so they are drawn from the position
each frame, which is always the one the rules hold. Which moves are lit is the scene's to say (it
matches the selection against the rules' legal moves); this module only draws them. Nothing is drawn
over the lines but their tiles and the marks of the moment.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from hexgames.games.dotlines.layout import COLUMNS, TableLayout
from hexgames.games.dotlines.look import EMPTY_PLACE, FELT, FELT_DARK, SOFT_TARGET, line_name
from hexgames.games.dotlines.pieces import CHIP_RGB, LINE_RGB, TARGET, draw_chip, draw_die, draw_tile
from hexgames.games.dotlines.rules import DOUBLE, INVERTER, Column, DotLinesState, Place, Stack
from hexgames.ui import draw, hud

if TYPE_CHECKING:
    from hexgames.ui.shell import Shell

STACKED_TAG = (46, 84, 60)  # the "+2" of tiles stacked on a column
LIT_COUNT = (40, 120, 70)  # the count badge of the column a lit line end would make
GHOST_ALPHA = 150  # the tile a lit or hinted line end would take


@dataclass(frozen=True)
class BoardShown:
    """What the lines show in a frame."""
    state: DotLinesState  # the viewer's view: lines, dice, the chips laid
    names: tuple[str, str]  # the seats' names (a line's owner is named on its band)
    rolling: bool  # the roll-off dice tumble: the lines' dice are blank
    hidden: tuple[int, int] | None  # (line, column) drawn only once its sliding tiles land
    lit: tuple[tuple[Place | Stack, int], ...]  # the moves the selection makes, each Place with its count
    soft: tuple[Place | Stack, ...]  # nothing selected: the moves some tiles make, softly framed
    hint: Place | Stack | None  # the hint's move while its tiles are selected


def laid_with_column(v: DotLinesState, line: int, j: int, col: Column) -> int:
    """How many of a column's tiles were laid when it was made (the rest were stacked): its count,
    one fewer if a Double chip came with it (one tile counting two)."""
    made_with_double = any(at is not None and at[:2] == (line, j) and at[2] < col.count - 1 and v.chip[seat] == DOUBLE
                           for seat, at in enumerate(v.chip_at))
    return col.count - 1 if made_with_double else col.count


class BoardView:
    """Draws the felt and the lines from the layout and a `BoardShown`."""

    def __init__(self, app: "Shell"):
        self.app = app

    def draw(self, surface: pygame.Surface, geo: TableLayout, shown: BoardShown) -> None:
        """The felt and the bands, then the marks under the tiles (the hint's ring, the lit places,
        so the counts stay readable), then the columns."""
        pygame.draw.rect(surface, FELT, geo.board, border_radius=12)
        for line in (0, 1):
            self._draw_band(surface, geo, shown, line)
        self._draw_hint(surface, geo, shown)
        self._draw_targets(surface, geo, shown)
        v = shown.state
        for line in (0, 1):
            for j, col in enumerate(v.lines[line]):
                if shown.hidden != (line, j):
                    self._draw_column(surface, geo, v, line, j, col)

    def _draw_band(self, surface: pygame.Surface, geo: TableLayout, shown: BoardShown, line: int) -> None:
        """A line's band: its name and owner above, the die, the empty places."""
        v = shown.state
        area = geo.line_area[line]
        pygame.draw.rect(surface, FELT_DARK, area.inflate(-8, -6), border_radius=10)
        owner = v.owner(line)
        name = line_name(self.app, line)
        label = name if owner < 0 else f"{name} · {shown.names[owner]}"
        draw.text(surface, self.app.font(geo.label_size), label, geo.label_pos(area), LINE_RGB[0], anchor="midleft")
        draw_die(surface, geo.die_rects[line], 0 if shown.rolling else v.die[line], line)
        for j in range(len(v.lines[line]), COLUMNS):
            pygame.draw.rect(surface, EMPTY_PLACE, geo.col_rects[line][j], 1, border_radius=6)

    def _draw_column(self, surface: pygame.Surface, geo: TableLayout, v: DotLinesState, line: int, j: int,
                     col: Column) -> None:
        """A column's tiles piled (a chip laid with it on top), its count, and "+n" for tiles stacked on it."""
        rect = geo.col_rects[line][j]
        chip_seat = next((seat for seat in (0, 1) if v.chip_at[seat] is not None and v.chip_at[seat][:2] == (line, j)),
                         None)
        chip_index = v.chip_at[chip_seat][2] if chip_seat is not None else -1
        order = [k for k in range(len(col.tiles)) if k != chip_index] + ([chip_index] if chip_index >= 0 else [])
        n = len(order)
        step = geo.stack_step(n)
        top = rect.y - step * (n - 1) // 2
        for pos, k in enumerate(order):
            r = rect.copy()
            r.y = top + step * pos
            draw_tile(surface, r, col.tiles[k])
        last = rect.copy()
        last.y = top + step * (n - 1)
        if chip_seat is not None:
            self._draw_laid_chip(surface, geo.tile, last, v.chip[chip_seat], col.value)
        self._draw_count(surface, geo.tile, last, col.count)
        stacked = len(col.tiles) - laid_with_column(v, line, j, col)
        if stacked > 0:  # "+2" at the pile's top: tiles stacked on it, which change nothing of its count
            font = self.app.font(max(12, round(geo.tile * 0.2)), bold=True)
            text = f"+{stacked}"
            tag = pygame.Rect(0, 0, font.size(text)[0] + 8, font.get_height())
            tag.center = (rect.x + 2, top + 2)
            draw.rounded_panel(surface, tag, STACKED_TAG, tag.h // 2, border=(200, 220, 200))
            draw.text(surface, font, text, tag.center, (230, 240, 230), anchor="center")

    def _draw_laid_chip(self, surface: pygame.Surface, tile: int, last: pygame.Rect, side: int, value: int) -> None:
        """The chip on the pile's top tile; an Inverter with a small tile of what the mixed pips count as."""
        draw_chip(surface, self.app, (last.right - 4, last.y + 4), max(7, tile * 0.17), side)
        if side == INVERTER:
            mini = pygame.Rect(0, 0, max(12, tile // 3), max(12, tile // 3))
            mini.topleft = (last.x - mini.w // 3, last.bottom - mini.h * 2 // 3)
            draw_tile(surface, mini, value, border=CHIP_RGB[1])

    def _draw_count(self, surface: pygame.Surface, tile: int, rect: pygame.Rect, count: int,
                    colour: tuple[int, int, int] = (30, 34, 44)) -> None:
        """A column's count in a badge at its bottom-right corner."""
        badge = (rect.right - 2, rect.bottom - 2)
        draw.aa_circle(surface, colour, badge, max(9, tile * 0.2))
        draw.text(surface, self.app.font(max(12, round(tile * 0.24)), bold=True), str(count), badge,
                  (255, 255, 255), anchor="center")

    def _draw_targets(self, surface: pygame.Surface, geo: TableLayout, shown: BoardShown) -> None:
        """Where the selection can go, lit, each with the column it would make; else the soft frames."""
        lines = shown.state.lines
        for m, count in shown.lit:
            if type(m) is Place:
                rect = geo.col_rects[m.line][len(lines[m.line])]
                pygame.draw.rect(surface, TARGET, rect.inflate(10, 10), 3, border_radius=8)
                draw_tile(surface, rect, m.value, alpha=GHOST_ALPHA)
                self._draw_count(surface, geo.tile, rect, count, LIT_COUNT)
            else:
                pygame.draw.rect(surface, TARGET, geo.col_rects[m.line][m.col].inflate(14, 22), 3, border_radius=8)
        for m in shown.soft:
            if type(m) is Place:
                rect = geo.col_rects[m.line][len(lines[m.line])]
                pygame.draw.rect(surface, SOFT_TARGET, rect.inflate(8, 8), 2, border_radius=8)
            elif type(m) is Stack:
                pygame.draw.rect(surface, SOFT_TARGET, geo.col_rects[m.line][m.col].inflate(12, 18), 2, border_radius=8)

    def _draw_hint(self, surface: pygame.Surface, geo: TableLayout, shown: BoardShown) -> None:
        """The hinted target while its tiles are still selected: a cyan ring tagged "Hint"."""
        m = shown.hint
        if m is None:
            return
        if type(m) is Place:
            rect = geo.col_rects[m.line][len(shown.state.lines[m.line])]
            draw_tile(surface, rect, m.value, alpha=GHOST_ALPHA)
        else:
            rect = geo.col_rects[m.line][m.col]
        ring = rect.inflate(18, 26)
        pygame.draw.rect(surface, hud.HINT, ring, 4, border_radius=10)
        hud.hint_tag(surface, self.app, (ring.centerx, ring.y + 2), size=12)
