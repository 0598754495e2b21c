"""The Clans screen: the map drawn from the same cells the rules use, drag-to-move, the "?" order
choice, step-by-step village scoring and the secret colours. Its parts live beside it as mixins:
the side panel with the guess notes (`panel`), the recap of the others' turns (`recap_view`) and
keyboard play (`keys`).

Why it is built this way:
- The static map (terrain, textures, lakes, rivers, borders) is rendered once per layout into a
  surface; a frame only adds huts, highlights and overlays, so 60 FPS is cheap.
- Hit testing converts the mouse position to a hex cell and looks the cell up in the map, so what is
  clicked is exactly what is drawn and what the rules call an area.
- The scene decides no rule: legal targets come from `rules.targets`, refusals from `submit` (the
  rules' reason as a toast).
- Secrecy: colours are drawn only from `rules.observe(state, viewer)` (or for everyone once the game
  is over, or when only AIs play); seat chips in the banner and the panel share one neutral look
  that is no clan colour, so nothing on screen hints at another player's colour. The recap's words
  come from `describe` of the viewer's observation, the guess notes are the viewer's own, and
  `clear_selection` drops everything the last player was doing at every hand-over and undo.
- Every tribe colour is drawn with its own shape (`pieces`), so the game is playable without colour
  vision; the colour-point row doubles as the legend.
- Nothing but the huts and their highlights is drawn over the map: the how-to line, the hint's words,
  the village-order prompt and the scoring of each village in words have a strip of their own above
  it; refusals go to the message strip (`toast`).
- What happened since the viewer's last turn (hidden from them by the hand-over) shows as fading
  arrows on the map and a few lines at the foot of the side panel (`recap_view`); otherwise the
  last move, for everyone: an AI's move slides, then its arrow stays until the human has moved.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import pygame

from hexgames.core import hexgrid
from hexgames.games.clans import inputs, pieces
from hexgames.games.clans.layout import TableLayout, spots_box
from hexgames.games.clans.look import CLAN_RGB, HIGHLIGHT, KEY_FOCUS, NEUTRAL_SEAT_RGB, TERRAIN_DARK, TERRAIN_RGB, tr_ui
from hexgames.games.clans.map import TERRAIN_NAMES
from hexgames.games.clans.panel import PanelMixin
from hexgames.games.clans.recap_view import RecapMixin
from hexgames.games.clans.rules import COLOUR_NAMES, COLOURS, ClansRules, ClansState, Move, ScoreEntry, ScoreNext
from hexgames.ui import chart, draw, hud
from hexgames.ui.anim import INSTANT, ease_in_out
from hexgames.ui.game_scene import GameScene, part_attribute

WATER = (74, 134, 204)
WATER_LIGHT = (126, 176, 232)
RIVER = (44, 104, 214)
BORDER = (40, 44, 40)
COAST = (22, 30, 40)
SELECT = (255, 255, 255)
MOVE_SECONDS = 0.35
SCORE_SECONDS = 1.6


@dataclass
class ScoreStep:
    """One village's scoring being shown: the entry and the colour points as they were before it."""

    entry: ScoreEntry
    points_before: tuple[int, ...]


def _layout(name: str, doc: str) -> property:
    return part_attribute("geo", name, doc)


def _selection(name: str, doc: str) -> property:
    return part_attribute("selection", name, doc, settable=True)


class ClansScene(PanelMixin, RecapMixin, GameScene):
    """Drag (or click-click) tribes between areas; click "?" marks in scoring order."""

    rules: ClansRules
    geo: TableLayout
    cell = _layout("cell", "The map's cell size.")
    map_rect = _layout("map_rect", "The board minus the strip on top: the map never sits under it.")
    hint_rect = _layout("hint_rect", "The strip above the map.")
    cell_center = _layout("cell_center", "Where a map cell's centre is on screen.")
    area_center = _layout("area_center", "Where an area's huts stand.")
    area_at = _layout("area_at", "The area under a point.")
    marker_pos = _layout("marker_pos", "Where a village's \"?\" mark is drawn.")
    marker_radius = _layout("marker_radius", "The radius of a \"?\" mark.")
    hut_radius = _layout("hut_radius", "The radius of a hut chip.")
    chip_spots = _layout("chip_spots", "Where each hut chip of a group stands.")
    epoch_chart_height = _layout("epoch_chart_height", "The epoch chart's height in the side panel.")
    colour_points_height = _layout("colour_points_height", "The colour points' height in the side panel.")
    selected = _selection("selected", "The group picked up by a click, Enter or the hint.")
    hover = _selection("hover", "The area under the pointer.")
    press_area = _selection("press_area", "The group the button went down on.")
    press_pos = _selection("press_pos", "Where the button went down.")
    dragging = _selection("dragging", "The pressed group follows the pointer.")
    drag_pos = _selection("drag_pos", "Where the dragged group is.")
    key_focus = _selection("key_focus", "The area the keyboard points at (arrows / Tab, then Enter).")
    picker_for = _selection("picker_for", "The seat whose colour guess is being picked.")

    def __init__(self, app: Any, match: Any):
        self.static: pygame.Surface | None = None
        self.selection = inputs.Selection()
        self.slide: dict[str, Any] | None = None  # a group moving from area to area
        self.score_steps: list[ScoreStep] = []
        self.score_timer = 0.0
        self.order_marks: dict[int, int] = {}  # area -> order number in the current multi-village turn
        self._recap_cache: tuple | None = None
        self.panel_sections: dict[str, pygame.Rect] = {}  # the side panel's parts as last drawn (tips)
        super().__init__(app, match)
        self.layout()

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
        self.geo = TableLayout.fit(self.board_rect, self.panel_rect, self.map)
        self.static = None

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
        return self.cached("shown_colours", lambda: list(self.rules.observe(s, viewer).colour_of))

    def seat_colour(self, seat: int) -> tuple[int, int, int]:
        """One neutral chip for every seat while colours are secret; the clan colour once revealed."""
        if self.match.is_over:
            return CLAN_RGB[self.match.state.colour_of[seat]]
        return NEUTRAL_SEAT_RGB

    def draw_seat_chip(self, surface: pygame.Surface, seat: int, center: tuple[float, float],
                       radius: float) -> None:
        """The revealed colour with its shape (results), else the neutral chip of the banner."""
        if self.match.is_over:
            pieces.chip(surface, self.match.state.colour_of[seat], center, radius, shadow=False)
        else:
            draw.aa_circle(surface, NEUTRAL_SEAT_RGB, center, radius, border=(240, 240, 240))

    # --- input -------------------------------------------------------------------------------
    def handle_game_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            return inputs.point(self.geo, self.selection, event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._note_click(event.pos) or self._press(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._release(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.selection.selected = None
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _press(self, pos: tuple[int, int]) -> bool:
        s = self.state
        movable = {a for a in range(self.map.areas) if s.size[a]} - s.village_areas()
        done = inputs.press(self.geo, self.selection, pos, s.pending, movable, self.can_act)
        if isinstance(done, ScoreNext):
            self.submit(done)
        elif isinstance(done, str):
            self.toast(tr_ui(self.app, done), error=True)
        elif isinstance(done, inputs.Lifted) and not self.targets(done.area):
            self._explain_stuck(done.area)
        return done is not False

    def _release(self, pos: tuple[int, int]) -> bool:
        done = inputs.release(self.geo, self.selection, pos, self.can_act)
        if isinstance(done, inputs.Drop):
            if done.dst is None or not self.submit(Move(done.src, done.dst)):
                self._snap_back(done.src, done.pos)
            return True
        if isinstance(done, Move):
            self.submit(done)
            return True
        return done

    def _key(self, event: pygame.event.Event) -> bool:
        done = inputs.key(self.geo, self.selection, event.key, event.mod, self.state.pending, self.key_candidates,
                          self.targets, self.can_act)
        if isinstance(done, ScoreNext):
            self.submit(done)
        elif isinstance(done, Move) and self.submit(done):
            self.selection.key_focus = done.dst
        return done is not False

    def _note_click(self, pos: tuple[int, int]) -> bool:
        done = inputs.click_note(self.selection, self._note_hits, pos, self.geo.panel)
        if isinstance(done, inputs.Guess):
            self.set_guess(done.seat, done.colour)
            return True
        return done

    @property
    def _note_hits(self) -> list[tuple[pygame.Rect, inputs.NoteAction]]:
        """What a click in the players part may hit now: the guess slots and the open picker's cells."""
        picker, guessable, choices = self.guessing()
        rows = self.geo.players(self.state.seats, picker, len(choices))
        return inputs.note_targets(rows, guessable, picker, choices)

    def guessing(self) -> tuple[int | None, frozenset[int], list[int]]:
        """(the seat whose guess picker is open, the seats the viewer may note a guess for, the
        colours a guess may name): nobody's while the game is over or nobody is at the screen."""
        viewer = self.viewer
        if self.match.is_over or viewer is None:
            return None, frozenset(), []
        shown = self.shown_colours()
        guessable = frozenset(seat for seat in range(self.state.seats) if seat != viewer and shown[seat] is None)
        return self.selection.picker_for, guessable, self.guess_choices()

    def targets(self, area: int) -> list[int]:
        """Where the group in `area` may move (the rules'), once per position."""
        return self.cached(("targets", area), lambda: self.rules.targets(self.state, area))

    def key_candidates(self) -> list[int]:
        """The areas the keyboard may point at now: "?" villages, the held group's targets, or the
        groups that can move; in reading order (top to bottom, left to right)."""
        s, selected = self.state, self.selection.selected
        if s.pending:
            areas = list(s.pending)
        elif selected is not None:
            areas = [selected] + self.targets(selected)
        else:
            villages = s.village_areas()
            areas = [a for a in s.active if a not in villages and self.targets(a)]
        return inputs.reading_order(self.geo, areas)

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
        self.selection.selected = self.selection.picker_for = None
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
        if self._instant():
            self.slide = None
            self.score_steps.clear()

    def move_sound(self, before: ClansState, move: Any, after: ClansState) -> str:
        return "village" if len(after.score_log) > len(before.score_log) else "place"

    def chart_panels(self, states: list[ClansState]) -> list[chart.Panel]:
        """The five colours' points, and each player's villages founded in their revealed colour."""
        last = states[-1]
        colours = [chart.Line(self._colour_label(c), CLAN_RGB[c], [s.points[c] for s in states], _emblem(c))
                   for c in range(len(CLAN_RGB))]
        founders = [chart.Line(self.seat_name(i), CLAN_RGB[last.colour_of[i]], [s.founded[i] for s in states],
                               _emblem(last.colour_of[i])) for i in range(last.seats)]
        return [chart.Panel(tr_ui(self.app, "colour_points"), colours),
                chart.Panel(tr_ui(self.app, "villages_founded"), founders)]

    def clear_selection(self) -> None:
        """Everything the player at the screen was doing goes (GameScene calls this at every
        hand-over and undo): the picked-up or dragged group and its way home, the lit targets, the
        keyboard's ring, the pointer's hover and an open guess picker."""
        self.selection.clear()
        if self.slide is not None and self.slide["src"] == self.slide["dst"]:
            self.slide = None  # a refused drop flying home

    def on_undo(self) -> None:
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
        self._draw_recap_arrows(surface)
        self._draw_targets(surface)
        self._draw_strip(surface)
        self._draw_key_focus(surface)
        self._draw_huts(surface)
        self._draw_hint_arrow(surface)
        self._draw_order_marks(surface)
        self._draw_drag(surface)
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
            pygame.draw.line(surf, BORDER, *self.geo.edge(cell, d), width)
        for cell, d in m.coast_edges():
            pygame.draw.line(surf, COAST, *self.geo.edge(cell, d), width + 1)
        for cell, d in m.river_edges():
            pygame.draw.line(surf, RIVER, *self.geo.edge(cell, d), max(3, round(s / 3.2)))
        return surf

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
        """A frame around each village's chips, sized to them, with its value in a tab below."""
        font = self.village_font()
        for area, epoch, value, founder in self.state.villages:
            frame, tab = self.village_frame(area, value)
            draw.rounded_panel(surface, frame, (30, 24, 16, 120), radius=round(self.cell))
            pygame.draw.rect(surface, (250, 220, 140), frame, 2, border_radius=round(self.cell))
            draw.rounded_panel(surface, tab, (60, 44, 20), radius=5, border=(250, 220, 140))
            draw.text(surface, font, str(value), tab.center, (255, 236, 170))

    def village_font(self) -> pygame.font.Font:
        return self.app.font(max(12, round(self.cell * 1.05)), bold=True)

    def village_frame(self, area: int, value: int) -> tuple[pygame.Rect, pygame.Rect]:
        """(frame around the village's chips, tab below it holding the value): the tab never covers
        a chip, whatever the number of colours."""
        r = self.hut_radius()
        spots = self.chip_spots(self.state.huts[area], self.area_center(area))
        frame = spots_box(spots, r).inflate(round(r * 0.8), round(r * 0.8))
        if not spots:
            frame = pygame.Rect(0, 0, round(r * 3), round(r * 2.4))
            frame.center = (round(self.area_center(area)[0]), round(self.area_center(area)[1]))
        font = self.village_font()
        tab = pygame.Rect(0, 0, font.size(str(value))[0] + 10, font.get_height())
        tab.midtop = (frame.centerx, frame.bottom - 3)
        return frame, tab

    def _draw_key_focus(self, surface: pygame.Surface) -> None:
        if self.key_focus is not None and self.can_act and self.key_focus in self.key_candidates():
            self._outline_area(surface, self.key_focus, KEY_FOCUS, 4)

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
                    pygame.draw.line(surface, colour, *self.geo.edge(c, d), width)

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
        """Hut chips by colour and shape (count inside), in a row or two, with the group size on top."""
        spots = self.chip_spots(huts, center)
        if not spots:
            return
        r = self.hut_radius()
        x0 = center[0]
        box = spots_box(spots, r)
        if lifted:
            shadow = box.inflate(round(r), round(r)).move(4, 6)
            draw.rounded_panel(surface, shadow, (0, 0, 0, 90), radius=round(r))
        one, two = self.app.font(max(12, round(r * 1.25)), bold=True), self.app.font(max(12, round(r * 1.0)), bold=True)
        for c, x, y in spots:
            label = str(huts[c])
            pieces.chip(surface, c, (x, y), r, label, two if len(label) > 1 or pieces.narrow(c) else one)
        total = sum(huts)
        if not village and (len(spots) > 1 or total >= 7):
            big = total >= 7
            tf = self.app.font(max(13, round(r * 1.55)), bold=True)
            label = str(total)
            tag = pygame.Rect(0, 0, tf.size(label)[0] + 10, max(round(r * 1.5), tf.get_height() - 4))
            tag.midbottom = (round(x0), box.top + 2)
            draw.rounded_panel(surface, tag, (140, 30, 30) if big else (25, 28, 34), radius=6,
                               border=(240, 240, 240))
            draw.text(surface, tf, label, tag.center, (255, 255, 255))

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

    def score_caption(self, e: ScoreEntry) -> str:
        """A village being scored, in words for the strip above the map: the dispute, what it was
        worth to which hut colours (or that it was hostile), and who founded it."""
        terrain = self._terrain_label(self.map.terrain[e.area])
        parts = []
        dispute = [c for c in range(COLOURS) if e.removed[c] and not e.hostile]
        if dispute:
            parts.append(tr_ui(self.app, "village_dispute", colours=self.app.join([self._colour_label(c) for c in dispute])))
        if e.hostile:
            parts.append(tr_ui(self.app, "village_hostile", terrain=terrain))
        elif e.scorers:
            parts.append(tr_ui(self.app, "village_scored", terrain=terrain, value=e.value,
                            colours=self.app.join([self._colour_label(c) for c in e.scorers])))
        else:
            parts.append(tr_ui(self.app, "village_nothing", terrain=terrain))
        parts.append(tr_ui(self.app, "founder", name=self.seat_name(e.founder)))
        return tr_ui(self.app, "caption_sep").join(parts)

    def hint_key(self) -> str | None:
        """What the strip above the map says now: the order decision, the how-to, or nothing."""
        if self.score_steps or self.match.is_over or not self.can_act:
            return None
        hint = self.hint_move
        if isinstance(hint, Move) and self.selected == hint.src and not self.state.pending:
            return "hint_take"  # the hint is still picked up: say how to take it
        return "order_prompt" if self.state.pending else "drag_hint"

    def show_hint(self, move: Any) -> None:
        """The hint as a keyboard move half made: its group picked up, the keyboard's ring on its
        target and an arrow from -> to; Enter (or a click on the target) plays it. A village to
        score next gets the ring, and Enter scores it."""
        if isinstance(move, Move):
            self.selected, self.key_focus = move.src, move.dst
        elif isinstance(move, ScoreNext):
            self.selected, self.key_focus = None, move.area
        else:
            super().show_hint(move)

    def _draw_hint_arrow(self, surface: pygame.Surface) -> None:
        """The hinted move's arrow from -> to, in the keyboard's cyan with a dark rim (the strip
        above the map says it is the hint and how to take it)."""
        move = self.hint_move
        if not isinstance(move, Move) or not self.can_act:
            return
        a, b = self.area_center(move.src), self.area_center(move.dst)
        outline = _arrow_outline(a, b, max(4.0, self.cell * 0.6))
        draw.aa_polygon(surface, KEY_FOCUS, outline)
        draw.aa_polygon(surface, (20, 20, 24), outline, 2)

    def _draw_strip(self, surface: pygame.Surface) -> None:
        """The strip above the map: a village being scored (its area lit on the map), else the
        village-order prompt (a lit banner, the candidates marked on the map), else the how-to or
        hint line."""
        rect = self.hint_rect
        if self.score_steps and self.slide is None:
            e = self.score_steps[0].entry
            self._tint_area(surface, e.area, (255, 240, 160, 110))
            self._outline_area(surface, e.area, (255, 240, 160), 4)
            draw.rounded_panel(surface, rect, (24, 30, 40), 8, border=(250, 220, 140))
            self._strip_text(surface, self.score_caption(e), (255, 236, 170), bold=True)
            return
        key = self.hint_key()
        if key is None:
            return
        if key == "order_prompt":  # a decision: a lit banner, and the candidates marked
            pulse = 0.5 + 0.5 * math.sin(self.app.clock_time * 5.0)
            draw.rounded_panel(surface, rect, (255, round(200 + 30 * pulse), 90), 8, border=(30, 20, 10))
            self._strip_text(surface, self.app.tr(key), (30, 20, 10), bold=True)
            for area in self.state.pending:
                self._tint_area(surface, area, (255, 210, 90, round(50 + 50 * pulse)))
                self._outline_area(surface, area, (255, 210, 90), 3)
            return
        self._strip_text(surface, tr_ui(self.app, key), hud.HINT if key == "hint_take" else hud.MUTED,
                         centred=False)

    def _strip_text(self, surface: pygame.Surface, text: str, colour: tuple[int, int, int], bold: bool = False,
                    centred: bool = True) -> None:
        """`text` in the strip above the map: one line, or two at a smaller size (never under 12 px)."""
        rect = self.hint_rect
        font, lines = draw.fit_wrapped(self.app.font, text, rect.w - 20, 2, 16, 12, bold)
        step = min(font.get_linesize(), rect.h // 2)
        for i, line in enumerate(lines[:2]):
            y = rect.centery + (i - (min(2, len(lines)) - 1) / 2) * step
            if centred:
                draw.text(surface, font, line, (rect.centerx, y), colour)
            else:
                draw.text(surface, font, line, (rect.x + 10, y), colour, anchor="midleft")

    # --- the tutorial and the tips (hexgames/ui/tutorial.py) -------------------------------------------
    def input_points(self, move: Any) -> list[Any]:
        return inputs.input_points(self.geo, move)

    def tip_regions(self) -> list[tuple[pygame.Rect, str]]:
        return inputs.tip_regions(self.app, self.geo, self.panel_sections)


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


def _emblem(colour: int) -> chart.Marker:
    def marker(surface: pygame.Surface, center: tuple[int, int], size: int) -> None:
        pieces.chip(surface, colour, center, size / 2 + 1, shadow=False)
    return marker
