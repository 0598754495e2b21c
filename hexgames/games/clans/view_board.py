"""The Clans board: the map (terrain, textures, lakes, rivers, borders), the villages' frames, the
recap's arrows, the lit targets of the group in hand, the strip above the map, the keyboard's ring,
the huts, the hint's arrow and the "?" marks of villages waiting for their scoring order.

Why it is built this way:
- The static map is rendered once per layout into a surface; a frame only adds huts, highlights and
  marks, so 60 FPS is cheap.
- Nothing but the huts and their highlights is drawn over the map: the how-to line, the hint's words,
  the village-order prompt and the scoring of each village in words have the strip above it.
- The view is told what to show (`BoardShown`: the public position and the marks of the moment) and
  never sees a player's colour: nothing on the map depends on who is which colour.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Mapping, Sequence

import pygame

from hexgames.core import hexgrid
from hexgames.games.clans import pieces
from hexgames.games.clans.layout import TableLayout, spots_box
from hexgames.games.clans.look import (
    HIGHLIGHT, KEY_FOCUS, TERRAIN_DARK, TERRAIN_RGB, colour_label, terrain_label, tr_ui,
)
from hexgames.games.clans.rules import COLOURS, Move, ScoreEntry
from hexgames.ui import draw, hud

if TYPE_CHECKING:
    from hexgames.ui.shell import Shell

WATER = (74, 134, 204)
WATER_LIGHT = (126, 176, 232)
RIVER = (44, 104, 214)
BORDER = (40, 44, 40)
COAST = (22, 30, 40)
SELECT = (255, 255, 255)
SCORING = (255, 240, 160)  # the village being scored, lit on the map
ORDER = (255, 210, 90)  # the villages waiting for their order, lit on the map


@dataclass(frozen=True)
class Strip:
    """What the strip above the map says: `kind` is "scoring" (a village being scored: its entry and
    its founder's name), "order_prompt" (a lit banner, the waiting villages lit), "hint_take" (how to
    take the hint) or "drag_hint" (how to play)."""
    kind: str
    scoring: ScoreEntry | None = None
    founder: str = ""


@dataclass(frozen=True)
class BoardShown:
    """What the board shows in a frame: the public position (no player's colour: the board needs
    none) and the marks of what is going on."""
    huts: Sequence[tuple[int, ...]]  # per area, a count per hut colour
    sizes: Sequence[int]  # per area, its huts in all
    villages: Sequence[tuple[int, int, int, int]]  # (area, epoch, value, founder)
    pending: Sequence[int]  # the villages waiting for the mover to choose their scoring order
    order_marks: Mapping[int, int]  # area -> its place in this turn's scoring order
    arrows: Sequence[Move]  # the recap's moves, oldest first
    source: int | None  # the group whose targets are lit (dragged or picked up)
    targets: Sequence[int]  # its targets
    aimed: int | None  # the target under the dragged group
    key_focus: int | None  # the keyboard's ring, where it may act
    hint: Move | None  # the hinted move, drawn as an arrow
    hidden: frozenset[int]  # areas whose huts are on the move (sliding or dragged)
    stand_in: tuple[int, tuple[int, ...]] | None  # (area, huts) drawn there while a group slides onto it
    strip: Strip | None


class BoardView:
    """Draws the board part of the table from the layout and a `BoardShown`."""

    def __init__(self, app: "Shell"):
        self.app = app
        self._static: tuple[TableLayout, tuple[int, int], pygame.Surface] | None = None

    def forget(self) -> None:
        self._static = None

    def draw(self, surface: pygame.Surface, geo: TableLayout, shown: BoardShown) -> None:
        """Everything up to the huts; `draw_marks` adds what goes over a sliding group."""
        surface.blit(self._static_map(geo, surface.get_size()), (0, 0))
        self._draw_villages(surface, geo, shown)
        self._draw_arrows(surface, geo, shown.arrows)
        self._draw_targets(surface, geo, shown)
        self._draw_strip(surface, geo, shown)
        if shown.key_focus is not None:
            self._outline(surface, geo, shown.key_focus, KEY_FOCUS, 4)
        self._draw_huts(surface, geo, shown)

    def draw_marks(self, surface: pygame.Surface, geo: TableLayout, shown: BoardShown) -> None:
        """Over the huts (and a sliding group): the hint's arrow and the "?" marks with the order
        numbers given so far."""
        if shown.hint is not None:
            self._draw_hint(surface, geo, shown.hint)
        self._draw_order_marks(surface, geo, shown)

    def village_frame(self, geo: TableLayout, area: int, huts: tuple[int, ...],
                      value: int) -> tuple[pygame.Rect, pygame.Rect]:
        """(frame around the village's chips, tab below it holding the value): the tab never covers
        a chip, whatever the number of colours."""
        r = geo.hut_radius()
        center = geo.area_center(area)
        spots = geo.chip_spots(huts, center)
        frame = spots_box(spots, r).inflate(round(r * 0.8), round(r * 0.8))
        if not spots:
            frame = pygame.Rect(0, 0, round(r * 3), round(r * 2.4))
            frame.center = (round(center[0]), round(center[1]))
        font = self._village_font(geo)
        tab = pygame.Rect(0, 0, font.size(str(value))[0] + 10, font.get_height())
        tab.midtop = (frame.centerx, frame.bottom - 3)
        return frame, tab

    # --- the map ----------------------------------------------------------------------------------
    def _static_map(self, geo: TableLayout, size: tuple[int, int]) -> pygame.Surface:
        """The map without pieces, for this layout and screen size (drawn again only when they change)."""
        cached = self._static
        if cached is not None and cached[0] is geo and cached[1] == size:
            return cached[2]
        surf = pygame.Surface(size)
        surf.fill(self.app.BG)
        m, s = geo.map, geo.cell
        for c in m.water:
            draw.aa_polygon(surf, WATER, hexgrid.corners(geo.cell_center(c), s + 0.6))
        for a in range(m.areas):
            colour = TERRAIN_RGB[m.terrain[a]]
            for c in m.cells[a]:
                draw.aa_polygon(surf, colour, hexgrid.corners(geo.cell_center(c), s + 0.6))
        for c in m.water:  # little waves
            x, y = geo.cell_center(c)
            if (c[0] * 3 + c[1] * 5) % 4 == 0:
                pygame.draw.arc(surf, WATER_LIGHT, pygame.Rect(x - s * 0.5, y - s * 0.2, s * 0.5, s * 0.4),
                                0.2, 2.9, 1)
                pygame.draw.arc(surf, WATER_LIGHT, pygame.Rect(x, y - s * 0.2, s * 0.5, s * 0.4), 0.2, 2.9, 1)
        for a in range(m.areas):
            _texture(surf, geo, a)
        width = max(1, round(s / 9))
        for cell, d in m.area_edges():
            pygame.draw.line(surf, BORDER, *geo.edge(cell, d), width)
        for cell, d in m.coast_edges():
            pygame.draw.line(surf, COAST, *geo.edge(cell, d), width + 1)
        for cell, d in m.river_edges():
            pygame.draw.line(surf, RIVER, *geo.edge(cell, d), max(3, round(s / 3.2)))
        self._static = (geo, size, surf)
        return surf

    def _tint(self, surface: pygame.Surface, geo: TableLayout, area: int, rgba: tuple[int, int, int, int]) -> None:
        polys = [hexgrid.corners(geo.cell_center(c), geo.cell + 0.5) for c in geo.map.cells[area]]
        xs = [p[0] for poly in polys for p in poly]
        ys = [p[1] for poly in polys for p in poly]
        box = pygame.Rect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 2, int(max(ys) - min(ys)) + 2)
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        for poly in polys:
            pygame.draw.polygon(layer, rgba, [(x - box.x, y - box.y) for x, y in poly])
        surface.blit(layer, box.topleft)

    def _outline(self, surface: pygame.Surface, geo: TableLayout, area: int, colour: tuple[int, int, int],
                 width: int) -> None:
        cells = set(geo.map.cells[area])
        for c in cells:
            for d in range(6):
                if hexgrid.neighbour(c, d) not in cells:
                    pygame.draw.line(surface, colour, *geo.edge(c, d), width)

    # --- what lies on it --------------------------------------------------------------------------
    def _village_font(self, geo: TableLayout) -> pygame.font.Font:
        return self.app.font(max(12, round(geo.cell * 1.05)), bold=True)

    def _draw_villages(self, surface: pygame.Surface, geo: TableLayout, shown: BoardShown) -> None:
        """A frame around each village's chips, sized to them, with its value in a tab below."""
        font = self._village_font(geo)
        for area, _epoch, value, _founder in shown.villages:
            frame, tab = self.village_frame(geo, area, shown.huts[area], value)
            draw.rounded_panel(surface, frame, (30, 24, 16, 120), radius=round(geo.cell))
            pygame.draw.rect(surface, (250, 220, 140), frame, 2, border_radius=round(geo.cell))
            draw.rounded_panel(surface, tab, (60, 44, 20), radius=5, border=(250, 220, 140))
            draw.text(surface, font, str(value), tab.center, (255, 236, 170))

    def _draw_arrows(self, surface: pygame.Surface, geo: TableLayout, moves: Sequence[Move]) -> None:
        """The recap's from -> to arrows, the latest strongest, older ones fading."""
        if not moves:
            return
        layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        width = max(4, round(geo.cell * 0.45))
        for age, move in enumerate(reversed(moves)):
            alpha = max(70, 235 - 45 * age)
            a, b = geo.area_center(move.src), geo.area_center(move.dst)
            _arrow(layer, a, b, width, (20, 20, 24, alpha))
            _arrow(layer, a, b, max(1, width - 2), (255, 255, 255, alpha))
        surface.blit(layer, (0, 0))

    def _draw_targets(self, surface: pygame.Surface, geo: TableLayout, shown: BoardShown) -> None:
        """The group in hand outlined, its targets lit and pulsing (the one under a dragged group white)."""
        if shown.source is None:
            return
        pulse = 0.5 + 0.5 * math.sin(self.app.clock_time * 6.0)
        self._outline(surface, geo, shown.source, SELECT, 3)
        for t in shown.targets:
            colour = (255, 255, 255) if t == shown.aimed else HIGHLIGHT
            self._tint(surface, geo, t, (*HIGHLIGHT, round(60 + 60 * pulse)))
            self._outline(surface, geo, t, colour, 3)

    def _draw_huts(self, surface: pygame.Surface, geo: TableLayout, shown: BoardShown) -> None:
        if shown.stand_in is not None:
            area, huts = shown.stand_in
            pieces.group(surface, self.app.font, geo, huts, geo.area_center(area))
        villages = {v[0] for v in shown.villages}
        for area in range(geo.map.areas):
            if shown.sizes[area] and area not in shown.hidden:
                pieces.group(surface, self.app.font, geo, shown.huts[area], geo.area_center(area),
                             village=area in villages)

    def _draw_hint(self, surface: pygame.Surface, geo: TableLayout, move: Move) -> None:
        """The hinted move's arrow from -> to, in the keyboard's cyan with a dark rim (the strip
        above the map says it is the hint and how to take it)."""
        a, b = geo.area_center(move.src), geo.area_center(move.dst)
        outline = _arrow_outline(a, b, max(4.0, geo.cell * 0.6))
        draw.aa_polygon(surface, KEY_FOCUS, outline)
        draw.aa_polygon(surface, (20, 20, 24), outline, 2)

    def _draw_order_marks(self, surface: pygame.Surface, geo: TableLayout, shown: BoardShown) -> None:
        r = geo.marker_radius()
        font = self.app.font(round(r * 1.3), bold=True)
        pulse = 0.5 + 0.5 * math.sin(self.app.clock_time * 5.0)
        for area in shown.pending:
            pos = geo.marker_pos(area)
            draw.aa_circle(surface, (20, 20, 20), (pos[0], pos[1] + 2), r + 2)
            draw.aa_circle(surface, (255, round(190 + 50 * pulse), 60), pos, r, border=(30, 30, 30))
            draw.text(surface, font, "?", pos, (30, 20, 10))
        for area, n in shown.order_marks.items():
            pos = geo.marker_pos(area)
            draw.aa_circle(surface, (250, 250, 250), pos, r * 0.9, border=(30, 30, 30))
            draw.text(surface, self.app.font(round(r * 1.1), bold=True), str(n), pos, (30, 30, 30))

    # --- the strip above the map ------------------------------------------------------------------
    def _draw_strip(self, surface: pygame.Surface, geo: TableLayout, shown: BoardShown) -> None:
        """A village being scored (its area lit on the map), else the village-order prompt (a lit
        banner, the candidates lit on the map), else the how-to or hint line."""
        strip, rect = shown.strip, geo.hint_rect
        if strip is None:
            return
        if strip.scoring is not None:
            e = strip.scoring
            self._tint(surface, geo, e.area, (*SCORING, 110))
            self._outline(surface, geo, e.area, SCORING, 4)
            draw.rounded_panel(surface, rect, (24, 30, 40), 8, border=(250, 220, 140))
            caption = score_caption(self.app, e, geo.map.terrain[e.area], strip.founder)
            self._strip_text(surface, rect, caption, (255, 236, 170), bold=True)
        elif strip.kind == "order_prompt":  # a decision: a lit banner, and the candidates lit
            pulse = 0.5 + 0.5 * math.sin(self.app.clock_time * 5.0)
            draw.rounded_panel(surface, rect, (255, round(200 + 30 * pulse), 90), 8, border=(30, 20, 10))
            # the bare key through app.tr, as the screen has always had it (so the banner reads the
            # key's name; tr_ui would give its words, and the pixel reference would need renewing)
            self._strip_text(surface, rect, self.app.tr(strip.kind), (30, 20, 10), bold=True)
            for area in shown.pending:
                self._tint(surface, geo, area, (*ORDER, round(50 + 50 * pulse)))
                self._outline(surface, geo, area, ORDER, 3)
        else:
            self._strip_text(surface, rect, tr_ui(self.app, strip.kind),
                             hud.HINT if strip.kind == "hint_take" else hud.MUTED, centred=False)

    def _strip_text(self, surface: pygame.Surface, rect: pygame.Rect, text: str, colour: tuple[int, int, int],
                    bold: bool = False, centred: bool = True) -> None:
        """`text` in the strip above the map: one line, or two at a smaller size (never under 12 px)."""
        font, lines = draw.fit_wrapped(self.app.font, text, rect.w - 20, 2, 16, 12, bold)
        step = min(font.get_linesize(), rect.h // 2)
        for i, line in enumerate(lines[:2]):
            y = rect.centery + (i - (min(2, len(lines)) - 1) / 2) * step
            if centred:
                draw.text(surface, font, line, (rect.centerx, y), colour)
            else:
                draw.text(surface, font, line, (rect.x + 10, y), colour, anchor="midleft")


def score_caption(app: "Shell", e: ScoreEntry, terrain: int, founder: str) -> str:
    """A village being scored, in words for the strip above the map: the dispute, what it was worth
    to which hut colours (or that it was hostile), and who founded it."""
    where = terrain_label(app, terrain)
    parts = []
    dispute = [c for c in range(COLOURS) if e.removed[c] and not e.hostile]
    if dispute:
        parts.append(tr_ui(app, "village_dispute", colours=app.join([colour_label(app, c) for c in dispute])))
    if e.hostile:
        parts.append(tr_ui(app, "village_hostile", terrain=where))
    elif e.scorers:
        parts.append(tr_ui(app, "village_scored", terrain=where, value=e.value,
                           colours=app.join([colour_label(app, c) for c in e.scorers])))
    else:
        parts.append(tr_ui(app, "village_nothing", terrain=where))
    parts.append(tr_ui(app, "founder", name=founder))
    return tr_ui(app, "caption_sep").join(parts)


def _texture(surf: pygame.Surface, geo: TableLayout, area: int) -> None:
    """Terrain icons on a few cells away from the huts: peaks, trees, steppe dashes, grass tufts."""
    m, s = geo.map, geo.cell
    label = m.label[area]
    spots = sorted(m.cells[area], key=lambda c: (-hexgrid.distance(c, label), c))
    spots = [c for c in spots if hexgrid.distance(c, label) >= 2][::3][:4]
    terrain, dark = m.terrain[area], TERRAIN_DARK[m.terrain[area]]
    for c in spots:
        x, y = geo.cell_center(c)
        if terrain == 0:  # mountains: two peaks with snow
            pygame.draw.polygon(surf, dark, [(x - s * 0.8, y + s * 0.45), (x - s * 0.2, y - s * 0.55),
                                             (x + s * 0.4, y + s * 0.45)])
            pygame.draw.polygon(surf, (236, 236, 240), [(x - s * 0.38, y - s * 0.25), (x - s * 0.2, y - s * 0.55),
                                                        (x - s * 0.02, y - s * 0.25)])
            pygame.draw.polygon(surf, dark, [(x, y + s * 0.45), (x + s * 0.45, y - s * 0.2),
                                             (x + s * 0.9, y + s * 0.45)])
        elif terrain == 1:  # forest: conifers
            for dx in (-0.45, 0.45):
                cx = x + dx * s
                pygame.draw.polygon(surf, dark, [(cx - s * 0.38, y + s * 0.3), (cx, y - s * 0.6),
                                                 (cx + s * 0.38, y + s * 0.3)])
                pygame.draw.line(surf, (70, 50, 30), (cx, y + s * 0.3), (cx, y + s * 0.55), 2)
        elif terrain == 2:  # steppe: dry dashes
            for dy in (-0.3, 0.15):
                pygame.draw.line(surf, dark, (x - s * 0.6, y + dy * s), (x + s * 0.1, y + dy * s), 2)
                pygame.draw.line(surf, dark, (x + s * 0.3, y + (dy + 0.2) * s), (x + s * 0.7, y + (dy + 0.2) * s), 2)
        else:  # grassland: tufts
            for dx in (-0.4, 0.35):
                bx = x + dx * s
                for lean in (-0.25, 0.0, 0.25):
                    pygame.draw.line(surf, dark, (bx, y + s * 0.35), (bx + lean * s, y - s * 0.25), 2)


def _arrow(surface: pygame.Surface, a: tuple[float, float], b: tuple[float, float], width: int,
           rgba: tuple[int, int, int, int]) -> None:
    """A straight arrow from a to b with a head at b, stopping short of b's huts."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    head = width * 3.2
    tip = (b[0] - ux * width * 2.5, b[1] - uy * width * 2.5)
    base = (tip[0] - ux * head, tip[1] - uy * head)
    pygame.draw.line(surface, rgba, a, base, width)
    wing = head * 0.6
    pygame.draw.polygon(surface, rgba, [tip, (base[0] - uy * wing, base[1] + ux * wing),
                                        (base[0] + uy * wing, base[1] - ux * wing)])


def _arrow_outline(a: tuple[float, float], b: tuple[float, float], width: float) -> list[tuple[float, float]]:
    """One polygon for an arrow from a to b (shaft and head), its tip a little short of b; the head
    shrinks for near neighbours so the arrow always points the right way."""
    length = math.hypot(b[0] - a[0], b[1] - a[1]) or 1.0
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    px, py = -uy, ux
    tip_at = length - min(width * 1.2, length * 0.15)
    head = min(width * 2.4, tip_at * 0.5)
    half, wing = width / 2, width * 1.3

    def at(along: float, side: float) -> tuple[float, float]:
        return (a[0] + ux * along + px * side, a[1] + uy * along + py * side)

    base = tip_at - head
    return [at(0, -half), at(base, -half), at(base, -wing), at(tip_at, 0), at(base, wing), at(base, half), at(0, half)]
