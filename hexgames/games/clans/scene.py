"""The Clans screen: the map drawn from the same cells the rules use, drag-to-move, the "?" order
choice, step-by-step village scoring, the epoch chart and the secret colours.

Why it is built this way:
- The static map (terrain, textures, lakes, rivers, borders) is rendered once per layout into a
  surface; a frame only adds huts, highlights and overlays, so 60 FPS is cheap.
- Hit testing converts the mouse position to a hex cell and looks the cell up in the map, so what is
  clicked is exactly what is drawn and what the rules call an area.
- The scene decides no rule: legal targets come from `rules.targets`, refusals from `submit` (the
  rules' reason as a toast).
- Secrecy: colours are drawn only from `rules.observe(state, viewer)` (or for everyone once the game
  is over, or when only AIs play); seat chips in the banner use neutral colours that are not clan
  colours, so nothing on screen hints at another player's colour.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import pygame

from hexgames.core import hexgrid
from hexgames.games.clans.map import TERRAIN_NAMES
from hexgames.games.clans.rules import COLOUR_NAMES, COLOURS, ClansRules, ClansState, Move, ScoreEntry, ScoreNext
from hexgames.ui import draw, hud
from hexgames.ui.anim import INSTANT, ease_in_out
from hexgames.ui.game_scene import GameScene

CLAN_RGB = ((244, 244, 240), (246, 204, 56), (58, 112, 226), (64, 170, 82), (222, 62, 52))
CLAN_TEXT = ((30, 30, 30), (30, 30, 30), (255, 255, 255), (255, 255, 255), (255, 255, 255))
TERRAIN_RGB = ((150, 152, 160), (52, 112, 64), (226, 200, 116), (156, 208, 120))
TERRAIN_DARK = ((104, 106, 114), (28, 74, 38), (176, 150, 72), (104, 160, 80))
WATER = (74, 134, 204)
WATER_LIGHT = (126, 176, 232)
RIVER = (44, 104, 214)
BORDER = (40, 44, 40)
COAST = (22, 30, 40)
HIGHLIGHT = (255, 236, 120)
SELECT = (255, 255, 255)
# seat chips in the banner: deliberately none of the five clan colours
NEUTRAL_SEAT_RGB = ((176, 120, 220), (240, 150, 70), (90, 200, 210), (230, 120, 170))
DRAG_THRESHOLD = 6
MOVE_SECONDS = 0.35
SCORE_SECONDS = 1.6


@dataclass
class ScoreStep:
    """One village's scoring being shown: the entry and the colour points as they were before it."""

    entry: ScoreEntry
    points_before: tuple[int, ...]


class ClansScene(GameScene):
    """Drag (or click-click) tribes between areas; click "?" marks in scoring order."""

    rules: ClansRules

    def __init__(self, app: Any, match: Any):
        self.cell = 10.0
        self.origin = (0.0, 0.0)
        self.static: pygame.Surface | None = None
        self.press_area: int | None = None
        self.press_pos: tuple[int, int] | None = None
        self.dragging = False
        self.drag_pos: tuple[int, int] = (0, 0)
        self.selected: int | None = None
        self.hover: int | None = None
        self.slide: dict[str, Any] | None = None  # a group moving from area to area
        self.score_steps: list[ScoreStep] = []
        self.score_timer = 0.0
        self.shown_points: list[int] | None = None
        self.order_marks: dict[int, int] = {}  # area -> order number in the current multi-village turn
        super().__init__(app, match)

    @classmethod
    def screens(cls) -> dict[str, Any]:
        """The village-order choice, for `screenshot --scene village_order`: one move founded several
        villages and their mover picks the scoring order by clicking the "?" marks."""
        return {"village_order": lambda s: len(s.pending) > 1}

    # --- geometry ----------------------------------------------------------------------------
    @property
    def state(self) -> ClansState:
        return self.match.state

    @property
    def map(self):
        return self.rules.map

    def layout(self) -> None:
        cells = self.map.all_cells()
        pts = [hexgrid.to_pixel(c, 1.0) for c in cells]
        x0, x1 = min(p[0] for p in pts) - 1.0, max(p[0] for p in pts) + 1.0
        y0, y1 = min(p[1] for p in pts) - 0.9, max(p[1] for p in pts) + 0.9
        r = self.board_rect
        self.cell = max(4.0, min((r.w - 8) / (x1 - x0), (r.h - 8) / (y1 - y0)))
        self.origin = (r.centerx - (x0 + x1) / 2 * self.cell, r.centery - (y0 + y1) / 2 * self.cell)
        self.static = None

    def cell_center(self, cell: hexgrid.Hex) -> tuple[float, float]:
        return hexgrid.to_pixel(cell, self.cell, self.origin)

    def area_center(self, area: int) -> tuple[float, float]:
        return self.cell_center(self.map.label[area])

    def area_at(self, pos: tuple[int, int]) -> int | None:
        if not self.board_rect.collidepoint(pos):
            return None
        return self.map.area_at(hexgrid.from_pixel(pos[0], pos[1], self.cell, self.origin))

    # --- who may see which colour -------------------------------------------------------------
    def shown_colours(self) -> list[int | None]:
        """The colour drawn for each seat: everyone's once the game is over (or for spectators of an
        all-AI game), else only the viewer's own, else none."""
        s = self.state
        if self.match.is_over or (self.reveal_all and self.viewer_override is None):
            return list(s.colour_of)
        viewer = self.viewer
        if viewer is None:
            return [None] * s.seats
        return list(self.rules.observe(s, viewer).colour_of)

    def seat_colour(self, seat: int) -> tuple[int, int, int]:
        """Neutral chips while colours are secret; the revealed clan colour once the game is over."""
        if self.match.is_over:
            return CLAN_RGB[self.match.state.colour_of[seat]]
        return NEUTRAL_SEAT_RGB[seat % len(NEUTRAL_SEAT_RGB)]

    # --- input -------------------------------------------------------------------------------
    def handle_game_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.area_at(event.pos)
            if self.press_area is not None:
                self.drag_pos = event.pos
                if not self.dragging and self.press_pos is not None and _far(event.pos, self.press_pos):
                    self.dragging = True
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._press(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._release(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.selected = None
            return True
        return False

    def marker_pos(self, area: int) -> tuple[float, float]:
        """Where the "?" (or order number) of a village is drawn: up and right of its huts."""
        r = self.marker_radius()
        x, y = self.area_center(area)
        return (x + r * 1.9, y - r * 1.6)

    def marker_radius(self) -> float:
        return max(11.0, self.cell * 1.15)

    def marker_at(self, pos: tuple[int, int]) -> int | None:
        r = self.marker_radius()
        for area in self.state.pending:
            mx, my = self.marker_pos(area)
            if (pos[0] - mx) ** 2 + (pos[1] - my) ** 2 <= (r + 3) ** 2:
                return area
        return None

    def _press(self, pos: tuple[int, int]) -> bool:
        s = self.state
        area = self.marker_at(pos) if s.pending else None
        if area is None:
            area = self.area_at(pos)
        if area is None or not self.can_act:
            return area is not None
        if s.pending:
            if area in s.pending:
                self.submit(ScoreNext(area))
            else:
                self.toast(self.app.tr("clans.ui.order_prompt"), error=True)
            return True
        if self.selected is not None and area != self.selected:
            return True  # the second click of click-click: resolved on release
        if s.size[area] and area not in s.village_areas():
            self.press_area, self.press_pos, self.drag_pos = area, pos, pos
            self.dragging = False
            if not self.rules.targets(s, area):
                self._explain_stuck(area)
        return True

    def _release(self, pos: tuple[int, int]) -> bool:
        area = self.area_at(pos)
        src, dragging = self.press_area, self.dragging
        self.press_area, self.press_pos, self.dragging = None, None, False
        if src is not None and dragging:
            self.selected = None
            if area is None or area == src:
                self._snap_back(src, pos)
                return True
            if not self.submit(Move(src, area)):
                self._snap_back(src, pos)
            return True
        if src is not None:  # a click without a drag: select, or unselect
            self.selected = None if self.selected == src else src
            return True
        if self.selected is not None and area is not None and self.can_act:
            first, self.selected = self.selected, None
            self.submit(Move(first, area))
            return True
        return area is not None

    def _explain_stuck(self, area: int) -> None:
        s = self.state
        for n in self.map.neighbours[area]:
            if s.size[n]:
                reason = self.rules.check(s, Move(area, n))
                if reason:
                    self.toast(self.app.tr_reason(reason), error=True)
                return

    def _snap_back(self, src: int, pos: tuple[int, int]) -> None:
        self.slide = {"huts": self.state.huts[src], "src": src, "dst": src, "from": pos,
                      "to": self.area_center(src), "t": 0.0, "hide": {src}}
        if self._instant():
            self.slide = None

    # --- reacting to moves -------------------------------------------------------------------
    def on_move_played(self, before: ClansState, move: Any, after: ClansState, by_ai: bool) -> None:
        self.selected = None
        if isinstance(move, Move):
            self.order_marks = {}
            if by_ai:
                self.slide = {"huts": before.huts[move.src], "src": move.src, "dst": move.dst,
                              "from": self.area_center(move.src), "to": self.area_center(move.dst), "t": 0.0,
                              "hide": {move.src, move.dst}, "dst_before": before.huts[move.dst]}
        new = after.score_log[len(before.score_log):]
        if new:
            points = list(before.points)
            for entry in new:
                self.score_steps.append(ScoreStep(entry, tuple(points)))
                for c in entry.scorers:
                    points[c] += entry.value
            if len(new) > 1 or isinstance(move, ScoreNext) or after.pending:
                base = len(self.order_marks)
                for i, entry in enumerate(new):
                    self.order_marks[entry.area] = base + i + 1
        if not self.score_steps:
            self.shown_points = None
        if self._instant():
            self.slide = None
            self.score_steps.clear()

    def on_undo(self) -> None:
        self.selected = None
        self.press_area = None
        self.dragging = False
        self.slide = None
        self.score_steps.clear()
        self.order_marks = {}

    def is_animating(self) -> bool:
        return self.animator.busy or self.slide is not None or bool(self.score_steps)

    def _instant(self) -> bool:
        return self.app.settings.anim_speed >= INSTANT

    def update_game(self, dt: float) -> None:
        speed = max(0.05, float(self.app.settings.anim_speed))
        if self._instant():
            self.slide = None
            self.score_steps.clear()
            return
        if self.slide is not None:
            self.slide["t"] += dt * speed / MOVE_SECONDS
            if self.slide["t"] >= 1.0:
                self.slide = None
            return
        if self.score_steps:
            self.score_timer += dt * speed
            if self.score_timer >= SCORE_SECONDS:
                self.score_timer = 0.0
                self.score_steps.pop(0)

    # --- drawing -----------------------------------------------------------------------------
    def draw_game(self, surface: pygame.Surface) -> None:
        if self.static is None or self.static.get_size() != surface.get_size():
            self.static = self._render_static(surface.get_size())
        surface.blit(self.static, (0, 0))
        self._draw_villages(surface)
        self._draw_targets(surface)
        self._draw_huts(surface)
        self._draw_order_marks(surface)
        self._draw_drag(surface)
        self._draw_score_caption(surface)
        self._draw_hint(surface)
        self._draw_panel(surface)

    def _render_static(self, size: tuple[int, int]) -> pygame.Surface:
        surf = pygame.Surface(size)
        surf.fill(self.app.BG)
        m, s = self.map, self.cell
        for c in m.water:
            draw.aa_polygon(surf, WATER, hexgrid.corners(self.cell_center(c), s + 0.6))
        for a in range(m.areas):
            colour = TERRAIN_RGB[m.terrain[a]]
            for c in m.cells[a]:
                draw.aa_polygon(surf, colour, hexgrid.corners(self.cell_center(c), s + 0.6))
        for c in m.water:  # little waves
            x, y = self.cell_center(c)
            if (c[0] * 3 + c[1] * 5) % 4 == 0:
                pygame.draw.arc(surf, WATER_LIGHT, pygame.Rect(x - s * 0.5, y - s * 0.2, s * 0.5, s * 0.4),
                                0.2, 2.9, 1)
                pygame.draw.arc(surf, WATER_LIGHT, pygame.Rect(x, y - s * 0.2, s * 0.5, s * 0.4), 0.2, 2.9, 1)
        for a in range(m.areas):
            self._draw_texture(surf, a)
        width = max(1, round(s / 9))
        for cell, d in m.area_edges():
            pygame.draw.line(surf, BORDER, *self._edge(cell, d), width)
        for cell, d in m.coast_edges():
            pygame.draw.line(surf, COAST, *self._edge(cell, d), width + 1)
        for cell, d in m.river_edges():
            pygame.draw.line(surf, RIVER, *self._edge(cell, d), max(3, round(s / 3.2)))
        return surf

    def _edge(self, cell: hexgrid.Hex, d: int) -> tuple[tuple[float, float], tuple[float, float]]:
        # flat-top corners clockwise from the right one; direction d (UP first) spans corners below
        k = ((4, 5), (5, 0), (0, 1), (1, 2), (2, 3), (3, 4))[d]
        cs = hexgrid.corners(self.cell_center(cell), self.cell)
        return cs[k[0]], cs[k[1]]

    def _draw_texture(self, surf: pygame.Surface, area: int) -> None:
        """Terrain icons on a few cells away from the huts: peaks, trees, steppe dashes, grass tufts."""
        m, s = self.map, self.cell
        label = m.label[area]
        spots = sorted(m.cells[area], key=lambda c: (-hexgrid.distance(c, label), c))
        spots = [c for c in spots if hexgrid.distance(c, label) >= 2][::3][:4]
        terrain, dark = m.terrain[area], TERRAIN_DARK[m.terrain[area]]
        for c in spots:
            x, y = self.cell_center(c)
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

    def _draw_villages(self, surface: pygame.Surface) -> None:
        s = self.cell
        for area, epoch, value, founder in self.state.villages:
            x, y = self.area_center(area)
            ring = pygame.Rect(0, 0, s * 5.0, s * 4.4)
            ring.center = (round(x), round(y + s * 0.6))
            draw.rounded_panel(surface, ring, (30, 24, 16, 120), radius=round(s))
            pygame.draw.rect(surface, (250, 220, 140), ring, 2, border_radius=round(s))
            font = self.app.font(max(11, round(s * 1.05)), bold=True)
            draw.text(surface, font, f"{value}", (x, ring.bottom - 1), (255, 236, 170), anchor="midbottom",
                      outline=(30, 20, 10), outline_px=1)

    def _draw_targets(self, surface: pygame.Surface) -> None:
        src = self.press_area if self.dragging else self.selected
        if src is None:
            return
        targets = self.rules.targets(self.state, src)
        pulse = 0.5 + 0.5 * math.sin(self.app.clock_time * 6.0)
        self._outline_area(surface, src, SELECT, 3)
        for t in targets:
            colour = HIGHLIGHT if t != self.area_at(self.drag_pos) or not self.dragging else (255, 255, 255)
            self._tint_area(surface, t, (*HIGHLIGHT, round(60 + 60 * pulse)))
            self._outline_area(surface, t, colour, 3)

    def _tint_area(self, surface: pygame.Surface, area: int, rgba: tuple[int, int, int, int]) -> None:
        polys = [hexgrid.corners(self.cell_center(c), self.cell + 0.5) for c in self.map.cells[area]]
        xs = [p[0] for poly in polys for p in poly]
        ys = [p[1] for poly in polys for p in poly]
        box = pygame.Rect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 2, int(max(ys) - min(ys)) + 2)
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        for poly in polys:
            pygame.draw.polygon(layer, rgba, [(x - box.x, y - box.y) for x, y in poly])
        surface.blit(layer, box.topleft)

    def _outline_area(self, surface: pygame.Surface, area: int, colour: tuple[int, int, int], width: int) -> None:
        cells = set(self.map.cells[area])
        for c in cells:
            for d in range(6):
                if hexgrid.neighbour(c, d) not in cells:
                    pygame.draw.line(surface, colour, *self._edge(c, d), width)

    def _draw_huts(self, surface: pygame.Surface) -> None:
        s = self.state
        hide: set[int] = set()
        slide = self.slide
        if slide is not None:
            hide = slide["hide"]
            if "dst_before" in slide:
                self._draw_group(surface, slide["dst_before"], self.area_center(slide["dst"]))
        if self.dragging and self.press_area is not None:
            hide = hide | {self.press_area}
        villages = s.village_areas()
        for area in range(self.map.areas):
            if s.size[area] and area not in hide:
                self._draw_group(surface, s.huts[area], self.area_center(area), village=area in villages)
        if slide is not None:
            t = ease_in_out(min(1.0, slide["t"]))
            pos = tuple(a + (b - a) * t for a, b in zip(slide["from"], slide["to"]))
            self._draw_group(surface, slide["huts"], pos, lifted=True)

    def _draw_group(self, surface: pygame.Surface, huts: tuple[int, ...], center: tuple[float, float],
                    lifted: bool = False, village: bool = False) -> None:
        """Hut chips by colour (count inside), in a row or two, with the group size on top."""
        present = [c for c in range(COLOURS) if huts[c]]
        if not present:
            return
        r = max(7.0, self.cell * 0.85)
        gap = r * 2.1
        rows = [present] if len(present) <= 3 else [present[:3], present[3:]]
        x0, y0 = center
        top = y0 - (len(rows) - 1) * gap / 2
        font = self.app.font(max(10, round(r * 1.25)), bold=True)
        if lifted:
            shadow = pygame.Rect(0, 0, gap * 3.2, gap * 1.2 * len(rows))
            shadow.center = (round(x0 + 4), round(y0 + 6))
            draw.rounded_panel(surface, shadow, (0, 0, 0, 90), radius=round(r))
        for i, row in enumerate(rows):
            y = top + i * gap
            for j, c in enumerate(row):
                x = x0 + (j - (len(row) - 1) / 2) * gap
                draw.aa_circle(surface, (20, 20, 20), (x, y + 1.5), r + 1.5)
                draw.aa_circle(surface, CLAN_RGB[c], (x, y), r, border=(20, 20, 20))
                draw.text(surface, font, str(huts[c]), (x, y), CLAN_TEXT[c])
        total = sum(huts)
        if not village and (len(present) > 1 or total >= 7):
            big = total >= 7
            tf = self.app.font(max(13, round(r * 1.55)), bold=True)
            label = str(total)
            w = tf.size(label)[0] + 10
            box = pygame.Rect(0, 0, w, round(r * 1.5))
            box.midbottom = (round(x0), round(top - r - 1))
            draw.rounded_panel(surface, box, (140, 30, 30) if big else (25, 28, 34), radius=6,
                               border=(240, 240, 240))
            draw.text(surface, tf, label, box.center, (255, 255, 255))

    def _draw_order_marks(self, surface: pygame.Surface) -> None:
        s = self.state
        r = self.marker_radius()
        font = self.app.font(round(r * 1.3), bold=True)
        pulse = 0.5 + 0.5 * math.sin(self.app.clock_time * 5.0)
        for area in s.pending:
            pos = self.marker_pos(area)
            draw.aa_circle(surface, (20, 20, 20), (pos[0], pos[1] + 2), r + 2)
            draw.aa_circle(surface, (255, round(190 + 50 * pulse), 60), pos, r, border=(30, 30, 30))
            draw.text(surface, font, "?", pos, (30, 20, 10))
        for area, n in self.order_marks.items():
            pos = self.marker_pos(area)
            draw.aa_circle(surface, (250, 250, 250), pos, r * 0.9, border=(30, 30, 30))
            draw.text(surface, self.app.font(round(r * 1.1), bold=True), str(n), pos, (30, 30, 30))

    def _draw_drag(self, surface: pygame.Surface) -> None:
        if self.dragging and self.press_area is not None:
            self._draw_group(surface, self.state.huts[self.press_area], self.drag_pos, lifted=True)

    def _terrain_label(self, terrain: int | None) -> str:
        if terrain is None:
            return self.app.tr("clans.terrain.none", default="None")
        if terrain == -1:
            return self.app.tr("clans.terrain.any", default="Any terrain")
        name = TERRAIN_NAMES[terrain]
        return self.app.tr(f"clans.terrain.{name}", default=name.capitalize())

    def _colour_label(self, colour: int) -> str:
        name = COLOUR_NAMES[colour]
        return self.app.tr(f"clans.colour.{name}", default=name.capitalize())

    def _draw_score_caption(self, surface: pygame.Surface) -> None:
        if not self.score_steps or self.slide is not None:
            return
        step = self.score_steps[0]
        e = step.entry
        self._tint_area(surface, e.area, (255, 240, 160, 110))
        self._outline_area(surface, e.area, (255, 240, 160), 4)
        tr = self.app.tr
        terrain = self._terrain_label(self.map.terrain[e.area])
        lines = []
        dispute = [c for c in range(COLOURS) if e.removed[c] and not e.hostile]
        if dispute:
            lines.append(tr("clans.ui.village_dispute", colours=", ".join(self._colour_label(c) for c in dispute)))
        if e.hostile:
            lines.append(tr("clans.ui.village_hostile", terrain=terrain))
        elif e.scorers:
            lines.append(tr("clans.ui.village_scored", terrain=terrain, value=e.value,
                            colours=", ".join(self._colour_label(c) for c in e.scorers)))
        else:
            lines.append(tr("clans.ui.village_nothing", terrain=terrain))
        lines.append(tr("clans.ui.founder", name=self.seat_name(e.founder)))
        font = self.app.font(18)
        w = min(self.board_rect.w - 40, max(font.size(t)[0] for t in lines) + 40)
        box = pygame.Rect(0, 0, w, 16 + 26 * len(lines))
        box.midtop = (self.board_rect.centerx, self.board_rect.top + 6)
        draw.rounded_panel(surface, box, (24, 30, 40, 235), 10, border=(250, 220, 140))
        for i, t in enumerate(lines):
            draw.text(surface, font, t, (box.centerx, box.top + 21 + 26 * i), hud.TEXT)

    def _draw_hint(self, surface: pygame.Surface) -> None:
        if self.score_steps or self.match.is_over or not self.can_act:
            return
        key = "clans.ui.order_prompt" if self.state.pending else "clans.ui.drag_hint"
        font = self.app.font(15)
        draw.text(surface, font, self.app.tr(key), (self.board_rect.left + 8, self.board_rect.top + 4),
                  hud.MUTED, anchor="topleft", outline=(15, 18, 24), outline_px=1)

    # --- the side panel ----------------------------------------------------------------------
    def _draw_panel(self, surface: pygame.Surface) -> None:
        r = self.panel_rect
        draw.rounded_panel(surface, r, (30, 36, 46), 10, border=(60, 70, 86))
        y = self._draw_players(surface, r.x + 12, r.y + 10, r.w - 24)
        y = self._draw_colour_points(surface, r.x + 12, y + 8, r.w - 24)
        self._draw_epoch_chart(surface, r.x + 12, y + 8, r.w - 24, r.bottom - y - 16)

    def _draw_players(self, surface: pygame.Surface, x: int, y: int, w: int) -> int:
        tr, s = self.app.tr, self.state
        small = self.app.font(14)
        draw.text(surface, small, tr("clans.ui.players"), (x, y), hud.MUTED, anchor="topleft")
        y += 22
        shown = self.shown_colours()
        font = self.app.font(17, bold=True)
        over = self.match.is_over
        for seat in range(s.seats):
            name = self.seat_name(seat)
            if seat == s.current and not over:
                name = f"[*] {name} [*]"
            colour = shown[seat]
            rgb = CLAN_RGB[colour] if colour is not None else hud.TEXT
            if colour is not None:
                draw.aa_circle(surface, CLAN_RGB[colour], (x + 8, y + 12), 7, border=(20, 20, 20))
            name_font = draw.fit_text(self.app.font, name, w - 80, 17, 11, bold=True)
            draw.text(surface, name_font, name, (x + 22, y + 12), rgb, anchor="midleft",
                      outline=(15, 18, 24) if colour is not None else None, outline_px=1)
            right = str(s.founded[seat])
            if over and colour is not None:
                right = f"{s.points[colour]}+{s.founded[seat]}={self.rules.seat_score(s, seat)}"
            draw.text(surface, font, right, (x + w, y + 12), hud.ACCENT, anchor="midright")
            y += 26
        viewer = self.viewer
        if not over and viewer is not None and shown[viewer] is not None:
            text = tr("clans.ui.your_colour", colour=self._colour_label(shown[viewer]))
            draw.text(surface, self.app.font(15), text, (x, y + 2), CLAN_RGB[shown[viewer]], anchor="topleft",
                      outline=(15, 18, 24), outline_px=1)
        elif not over and not any(c is not None for c in shown):
            draw.text(surface, self.app.font(13), tr("clans.ui.colour_secret"), (x, y + 2), hud.MUTED,
                      anchor="topleft")
        elif over:
            draw.text(surface, self.app.font(15, bold=True), tr("clans.ui.reveal"), (x, y + 2), hud.ACCENT,
                      anchor="topleft")
        return y + 24

    def _points_now(self) -> list[int]:
        if self.score_steps:
            step = self.score_steps[0]
            return list(step.points_before)
        return list(self.state.points)

    def _draw_colour_points(self, surface: pygame.Surface, x: int, y: int, w: int) -> int:
        draw.text(surface, self.app.font(14), self.app.tr("clans.ui.colour_points"), (x, y), hud.MUTED,
                  anchor="topleft")
        y += 22
        points = self._points_now()
        scoring = self.score_steps[0].entry if self.score_steps and self.slide is None else None
        col = w / COLOURS
        font = self.app.font(18, bold=True)
        for c in range(COLOURS):
            cx = x + col * (c + 0.5)
            draw.aa_circle(surface, CLAN_RGB[c], (cx, y + 12), 11, border=(20, 20, 20))
            text = str(points[c])
            draw.text(surface, font, text, (cx, y + 38), hud.TEXT)
            if scoring is not None and c in scoring.scorers:
                draw.text(surface, self.app.font(14, bold=True), f"+{scoring.value}", (cx + 14, y + 2),
                          (140, 240, 140), anchor="midleft", outline=(15, 18, 24), outline_px=1)
        return y + 54

    def _draw_epoch_chart(self, surface: pygame.Surface, x: int, y: int, w: int, h: int) -> None:
        rules, s = self.rules, self.state
        draw.text(surface, self.app.font(14), self.app.tr("clans.ui.epoch_chart"), (x, y), hud.MUTED,
                  anchor="topleft")
        y += 20
        rows = rules.VILLAGES
        row_h = max(16, min(26, (h - 24) // rows))
        size = max(11, min(15, row_h - 8))
        bold = self.app.font(size, bold=True)
        scored = s.villages_scored - len(self.score_steps)  # rows struck as far as the scoring shown
        roman = ("I", "II", "III", "IV", "V")
        half = (w - 34) // 2
        for i in range(rows):
            epoch = rules.EPOCH_OF_VILLAGE[i]
            ry = y + i * row_h
            row = pygame.Rect(x, ry, w, row_h - 2)
            current = i == scored and not self.match.is_over
            bg = (70, 62, 30) if current else ((36, 42, 52) if epoch % 2 == 0 else (42, 48, 60))
            draw.rounded_panel(surface, row, bg, 4, border=HIGHLIGHT if current else None)
            if i == 0 or rules.EPOCH_OF_VILLAGE[i - 1] != epoch:
                draw.text(surface, bold, roman[epoch], (x + 14, row.centery), hud.ACCENT)
            fav = rules.FAVOURED[epoch]
            self._chart_cell(surface, pygame.Rect(x + 30, ry, half, row_h - 2), fav, f"+{rules.BONUS[epoch]}", size)
            self._chart_cell(surface, pygame.Rect(x + 32 + half, ry, half, row_h - 2), rules.HOSTILE[epoch], "0",
                             size, hostile=True)
            if i < scored:
                draw.rounded_panel(surface, row, (20, 22, 28, 150), 4)
                pygame.draw.line(surface, (220, 90, 80), (row.x + 4, row.centery), (row.right - 4, row.centery), 2)

    def _chart_cell(self, surface: pygame.Surface, rect: pygame.Rect, terrain: int | None, value: str,
                    size: int, hostile: bool = False) -> None:
        font = self.app.font(size)
        sw = pygame.Rect(rect.x + 2, rect.y + 3, rect.h - 6, rect.h - 6)
        if terrain is None:
            label = self._terrain_label(None)
            draw.text(surface, font, label, (rect.x + 4, rect.centery), hud.MUTED, anchor="midleft")
            return
        if terrain == -1:
            for k in range(4):
                part = pygame.Rect(sw.x + k * sw.w // 4, sw.y, sw.w // 4 + 1, sw.h)
                pygame.draw.rect(surface, TERRAIN_RGB[k], part)
        else:
            pygame.draw.rect(surface, TERRAIN_RGB[terrain], sw, border_radius=3)
        pygame.draw.rect(surface, (20, 20, 20), sw, 1, border_radius=3)
        label = self._terrain_label(terrain)
        text = f"{label} {value}" if not hostile else f"× {label}"
        colour = (240, 150, 140) if hostile else (170, 240, 160)
        fitted = draw.fit_text(self.app.font, text, rect.w - sw.w - 8, size, 9)
        draw.text(surface, fitted, text, (sw.right + 5, rect.centery), colour, anchor="midleft")


def _far(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) > DRAG_THRESHOLD
