"""The Sticker Turf screen: the deck builder during the deck phase, then an unbounded board that pans
and zooms, with the drawn sticker, helper decisions, territories and live scores.

Why it is built this way:
- A camera (`zoom` pixels per cell, `centre` in cell units) maps the unbounded grid to the board
  rect. It fits the whole board by default and keeps fitting after each move until the player pans
  or zooms (middle-drag, arrow keys, wheel); "Fit" (or F) returns to fitting.
- The scene decides no rule: highlighted cells come from `rules.targets`, what a placement would
  found or cancel from `rules.preview`, refusals from `submit` (the rules' reason as a toast).
- What a move set off (helpers used, stickers sent to the bottom, passes) comes from the state's
  `events` and is told in toasts and in the panel's helper box, so an AI's turn can be followed.
- Decks: only the viewer's own picks are ever shown during the deck phase; after it, deck contents
  are public (the rules make them so) but no order is, except what Peek showed its user.
"""
from __future__ import annotations

import math
from typing import Any

import pygame

from hexgames.core import highscores
from hexgames.games.stickers import art, catalogue
from hexgames.games.stickers.catalogue import BLOCK, DOUBLE, HELPER_NAMES, JUMP, LAYOUTS, PEEK
from hexgames.games.stickers.deckbuilder import DeckBuilder
from hexgames.games.stickers.regions import cell_xy, point_xy
from hexgames.games.stickers.rules import Block, Pick, Place, Reorder, StickersRules, StickersState, board_layout
from hexgames.ui import chart, draw, hud
from hexgames.ui.anim import ease_out_back
from hexgames.ui.game_scene import GameScene

NS = "stickers_ui"
MIN_ZOOM, MAX_ZOOM = 18.0, 120.0
DROP_SECONDS = 0.35
TARGET_RGB = (255, 236, 120)
BLOCKED_RGB = (200, 70, 60)
CANCELLED_RGB = (150, 150, 150)
LAST_RGB = (110, 214, 255)
HINT_RGB = (120, 240, 200)  # the hinted cell: mint, as the last move's is already cyan
HELPER_TEXT = {
    JUMP: ("helper.jump_text", "Jump: your next sticker may go on any empty cell next to a sticker, no match needed."),
    DOUBLE: ("helper.double_text", "Double: place one extra sticker this turn."),
    PEEK: ("helper.peek_text", "Peek: look at your top stickers and choose their order (click them, top first)."),
    BLOCK: ("helper.block_text", "Block: click an empty cell next to a sticker; it stays empty for the rest of the game."),
}


class StickersScene(GameScene):
    """Deck building, then click-to-place on a pannable, zoomable grid."""

    rules: StickersRules

    def __init__(self, app: Any, match: Any):
        self.zoom = 60.0
        self.centre = (0.5, 0.5)
        self.auto_fit = True
        self.panning: tuple[int, int] | None = None
        self.hover: tuple[int, int] | None = None
        self.peek_order: list[int] = []
        self.fit_button: Any = None
        self.keep_button: Any = None
        self.builder: DeckBuilder | None = None
        self.helper_note: tuple[int, int] | None = None  # (seat, helper) last used, explained in the panel
        self._cache: dict[Any, Any] = {}
        self._cache_state: Any = None
        super().__init__(app, match)
        self.builder = DeckBuilder(self)

    # --- reading ------------------------------------------------------------------------------
    @property
    def state(self) -> StickersState:
        return self.match.state

    def cached(self, key: Any, compute: Any) -> Any:
        """A value derived from the current state, computed once per state (frames are many, moves
        few: territories, targets, scores and previews are not recomputed 60 times a second)."""
        if self._cache_state is not self.match.state:
            self._cache_state = self.match.state
            self._cache = {}
        if key not in self._cache:
            self._cache[key] = compute()
        return self._cache[key]

    def territories(self) -> list[Any]:
        return self.cached("territories", lambda: self.rules.territories(self.state))

    def targets(self) -> list[tuple[int, int]]:
        return self.cached("targets", lambda: self.rules.targets(self.state))

    def scores(self) -> list[int]:
        return self.cached("scores", lambda: self.rules.scores(self.state))

    def ui_text(self, key: str, default: str, **params: Any) -> str:
        return self.app.tr(f"{NS}.{key}", default=default, **params)

    def seat_colour(self, seat: int) -> tuple[int, int, int]:
        return art.OWNER_RGB[seat % 2]

    @property
    def shows_turn(self) -> bool:
        """The seat to move may see its decision aids: it can act, or a screenshot shows its view."""
        return self.can_act or (self.viewer_override is not None and self.viewer_override == self.match.to_move)

    @property
    def building(self) -> bool:
        """The deck builder is up: a human seat that may act is picking its deck."""
        return self.state.phase == "deck" and self.shows_turn

    # --- layout -------------------------------------------------------------------------------
    def layout(self) -> None:
        self._cache = {}  # texts in it are translated: a new language or size starts afresh
        if self.builder is not None:
            self.builder.layout(self.board_rect, self.panel_rect)
        if self.auto_fit:
            self.fit()

    def build_widgets(self) -> None:
        from pygame_gui.elements import UIButton

        a = self.actions_rect
        self.fit_button = UIButton(pygame.Rect(a.x, a.y, 110, a.h), self.ui_text("fit", "Fit"), self.app.ui)
        keep_w = min(200, a.w - 110 - 12)  # beside Fit, never over it in a small window
        self.keep_button = UIButton(pygame.Rect(a.right - keep_w, a.y, keep_w, a.h),
                                    self.ui_text("peek.keep", "Keep this order"), self.app.ui)
        self.widgets += [self.fit_button, self.keep_button]
        if self.builder is None:
            self.builder = DeckBuilder(self)
            self.builder.layout(self.board_rect, self.panel_rect)
        self.widgets += self.builder.build_widgets(self.app.ui, a)
        self._sync_widgets()

    def _sync_widgets(self) -> None:
        building = self.building
        if self.builder is not None:
            self.builder.show(building)
        if self.fit_button is not None:
            (self.fit_button.hide if building else self.fit_button.show)()
        if self.keep_button is not None:
            peeking = self.state.phase == "peek" and self.can_act
            (self.keep_button.show if peeking else self.keep_button.hide)()

    def resume(self) -> None:
        super().resume()
        self._sync_widgets()

    # --- the camera ------------------------------------------------------------------------------
    def fit(self) -> None:
        """Zoom and centre so every sticker and every open cell next to one is in view."""
        s = self.state
        cells = [cell_xy(c) for c in list(s.cells) + list(s.frontier) + list(s.blocked)] or [(-1, -1), (1, 1)]
        xs = [x for x, _ in cells]
        ys = [y for _, y in cells]
        x0, x1, y0, y1 = min(xs), max(xs) + 1, min(ys), max(ys) + 1
        r = self.board_rect
        if r.w <= 0 or r.h <= 0:
            return
        self.zoom = max(MIN_ZOOM, min(MAX_ZOOM, (r.w - 20) / (x1 - x0 + 0.6), (r.h - 60) / (y1 - y0 + 0.6)))
        self.centre = ((x0 + x1) / 2, (y0 + y1) / 2 - 12 / self.zoom)  # room for the hint line

    def to_screen(self, wx: float, wy: float) -> tuple[float, float]:
        r = self.board_rect
        return r.centerx + (wx - self.centre[0]) * self.zoom, r.centery + (wy - self.centre[1]) * self.zoom

    def to_world(self, pos: tuple[float, float]) -> tuple[float, float]:
        r = self.board_rect
        return (pos[0] - r.centerx) / self.zoom + self.centre[0], (pos[1] - r.centery) / self.zoom + self.centre[1]

    def cell_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        if not self.board_rect.collidepoint(pos):
            return None
        wx, wy = self.to_world(pos)
        return math.floor(wx), math.floor(wy)

    def cell_rect(self, x: int, y: int) -> pygame.Rect:
        sx, sy = self.to_screen(x, y)
        size = math.ceil(self.zoom)
        return pygame.Rect(math.floor(sx), math.floor(sy), size, size)

    def cell_centre(self, x: int, y: int) -> tuple[int, int]:
        sx, sy = self.to_screen(x + 0.5, y + 0.5)
        return round(sx), round(sy)

    def pan(self, dx_px: float, dy_px: float) -> None:
        self.auto_fit = False
        self.centre = (self.centre[0] - dx_px / self.zoom, self.centre[1] - dy_px / self.zoom)

    def zoom_at(self, factor: float, pos: tuple[int, int] | None = None) -> None:
        self.auto_fit = False
        pos = pos or self.board_rect.center
        before = self.to_world(pos)
        self.zoom = max(MIN_ZOOM, min(MAX_ZOOM, self.zoom * factor))
        after = self.to_world(pos)
        self.centre = (self.centre[0] + before[0] - after[0], self.centre[1] + before[1] - after[1])

    # --- input -----------------------------------------------------------------------------------
    def handle_game_event(self, event: pygame.event.Event) -> bool:
        import pygame_gui

        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.fit_button:
                self.auto_fit = True
                self.fit()
                return True
            if event.ui_element is self.keep_button and self.can_act:
                k = min(3, self.state.deck_count(self.state.current))
                return self.submit(Reorder(tuple(range(k))))
        if self.state.phase == "deck":
            return self.can_act and self.builder is not None and self.builder.handle(event)
        return self._board_event(event)

    def _board_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 2 and self.board_rect.collidepoint(event.pos):
            self.panning = event.pos
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 2:
            self.panning = None
            return True
        if event.type == pygame.MOUSEMOTION:
            if self.panning is not None:
                self.pan(event.pos[0] - self.panning[0], event.pos[1] - self.panning[1])
                self.panning = event.pos
            self.hover = self.cell_at(event.pos)
            return self.panning is not None
        if event.type == pygame.MOUSEWHEEL:
            self.zoom_at(1.15 ** event.y, pygame.mouse.get_pos())
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event.key)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.state.phase == "peek" and self._peek_click(event.pos):
                return True
            cell = self.cell_at(event.pos)
            if cell is None or not self.can_act:
                return cell is not None
            move = Block(*cell) if self.state.phase == "block" else Place(*cell)
            self.submit(move)
            return True
        return False

    def _key(self, key: int) -> bool:
        step = self.zoom
        pans = {pygame.K_LEFT: (step, 0), pygame.K_RIGHT: (-step, 0), pygame.K_UP: (0, step),
                pygame.K_DOWN: (0, -step)}
        if key in pans:
            self.pan(*pans[key])
            return True
        if key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.zoom_at(1.2)
            return True
        if key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.zoom_at(1 / 1.2)
            return True
        if key == pygame.K_f:
            self.auto_fit = True
            self.fit()
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and type(self.hint_move) in (Place, Block, Reorder) \
                and self.can_act:
            return self.submit(self.hint_move)  # take the hint
        return False

    # --- Peek: choose the new order by clicking the shown stickers, top first -------------------------
    def peek_stickers(self) -> list[int]:
        """The stickers Peek shows the player to move, top first (only for their own eyes)."""
        s = self.state
        if s.phase != "peek" or self.viewer != s.current:
            return []

        def top_three() -> list[int]:
            view = self.rules.observe(s, s.current)
            k = min(3, len(view.decks[s.current]))
            return view.decks[s.current][-k:][::-1]
        return self.cached(("peek", s.current), top_three)

    def peek_rects(self) -> list[pygame.Rect]:
        n = len(self.peek_stickers())
        size = 64
        r = self.board_rect
        x0 = r.centerx - (n * size + (n - 1) * 16) // 2
        return [pygame.Rect(x0 + i * (size + 16), r.y + 92, size, size) for i in range(n)]

    def _peek_click(self, pos: tuple[int, int]) -> bool:
        for i, rect in enumerate(self.peek_rects()):
            if rect.collidepoint(pos) and self.can_act:
                if i in self.peek_order:
                    self.peek_order.remove(i)
                else:
                    self.peek_order.append(i)
                k = len(self.peek_rects())
                if len(self.peek_order) >= k - 1:
                    order = self.peek_order + [j for j in range(k) if j not in self.peek_order]
                    self.peek_order = []
                    self.submit(Reorder(tuple(order)))
                return True
        return False

    # --- reacting to moves --------------------------------------------------------------------------
    def move_sound(self, before: StickersState, move: Any, after: StickersState) -> str:
        return "score" if self.rules.scores(after) != self.rules.scores(before) else "place"

    def chart_panels(self, states: list[StickersState]) -> list[chart.Panel]:
        """Each player's corners in territories over the game (cancelled regions drop back out),
        from the first placement on (deck building scores nothing)."""
        states = [s for s in states if s.phase != "deck"] or states[-1:]
        scores = [self.rules.scores(s) for s in states]
        lines = [chart.Line(self.seat_name(i), art.OWNER_RGB[i % 2], [sc[i] for sc in scores], _owner_marker(i))
                 for i in range(states[-1].seats)]
        return [chart.Panel(self.ui_text("chart", "Corners in territories"), lines)]

    def on_move_played(self, before: StickersState, move: Any, after: StickersState, by_ai: bool) -> None:
        self.peek_order = []
        if isinstance(move, Place) and (by_ai or self.app.settings.anim_speed < 1000):
            self.animator.tween(1.35, 1.0, DROP_SECONDS, ease=ease_out_back, tag=("drop", move.x, move.y))
        self._tell_events(after)
        if self.auto_fit:
            self.fit()
        if after.phase == "over" and after.mode == "solo":
            self._record_highscore(after)
        self._sync_widgets()

    def _tell_events(self, after: StickersState) -> None:
        self.helper_note = None  # the panel explains a helper until the next move
        for kind, seat, sticker in after.events:
            name = self.seat_name(seat)
            if kind == "helper":
                self.helper_note = (seat, sticker)
                label = self.helper_name(sticker)
                self.toast(self.ui_text("toast.helper", "{name} used {helper}.", name=name, helper=label))
            elif kind == "bottom":
                self.toast(self.ui_text("toast.bottom", "{name}'s sticker fits nowhere: it goes to the bottom.",
                                        name=name))
            elif kind == "pass":
                self.toast(self.ui_text("toast.pass", "No sticker of {name}'s fits: {name} passes.", name=name))
            elif kind == "helper_bottom":
                self.toast(self.ui_text("toast.helper_bottom", "A helper on top at the start goes to the bottom."))

    def helper_name(self, helper: int) -> str:
        key = HELPER_NAMES[helper]
        return self.ui_text(f"helper.{key}", key.capitalize())

    def on_undo(self) -> None:
        self.peek_order = []
        self.helper_note = None
        if self.auto_fit:
            self.fit()
        self._sync_widgets()

    def update_game(self, dt: float) -> None:
        if self.building and self.builder is not None and self.builder.seat != self.match.to_move:
            self.builder.start(self.match.to_move)
        self._sync_widgets()

    def _record_highscore(self, s: StickersState) -> None:
        self.record_highscore(self.rules.highscore_key(s), [self.rules.scores(s)[0]])

    # --- drawing ----------------------------------------------------------------------------------
    def draw_game(self, surface: pygame.Surface) -> None:
        s = self.state
        if s.phase == "deck":
            if self.building and self.builder is not None:
                self.builder.draw(surface)
            else:
                self._draw_waiting_for_decks(surface)
            return
        clip = surface.get_clip()
        surface.set_clip(self.board_rect)
        draw.rounded_panel(surface, self.board_rect, (30, 35, 44), 10)
        self._draw_grid(surface)
        self._draw_blocked(surface)
        self._draw_stickers(surface)
        self._draw_territories(surface)
        self._draw_last(surface)
        self._draw_targets(surface)
        self._draw_preview(surface)
        self._draw_hint_cell(surface)
        self._draw_peek(surface)
        self._draw_hint(surface)
        surface.set_clip(clip)
        self._draw_panel(surface)

    def _draw_waiting_for_decks(self, surface: pygame.Surface) -> None:
        draw.rounded_panel(surface, self.board_rect, (30, 35, 44), 10)
        s = self.state
        seat = s.current
        text = self.ui_text("deck.waiting", "{name} is building a deck ({n}/{size})…", name=self.seat_name(seat),
                            n=len(s.picks[seat]), size=s.size)
        draw.text(surface, self.app.font(22, bold=True), text, self.board_rect.center, hud.TEXT)
        self._draw_panel(surface)

    def _draw_grid(self, surface: pygame.Surface) -> None:
        r = self.board_rect
        x0, y0 = self.to_world(r.topleft)
        x1, y1 = self.to_world(r.bottomright)
        colour = (40, 46, 58)
        for x in range(math.floor(x0), math.ceil(x1) + 1):
            sx = self.to_screen(x, 0)[0]
            pygame.draw.line(surface, colour, (sx, r.top), (sx, r.bottom))
        for y in range(math.floor(y0), math.ceil(y1) + 1):
            sy = self.to_screen(0, y)[1]
            pygame.draw.line(surface, colour, (r.left, sy), (r.right, sy))

    def _draw_blocked(self, surface: pygame.Surface) -> None:
        for c in self.state.blocked:
            rect = self.cell_rect(*cell_xy(c)).inflate(-4, -4)
            draw.rounded_panel(surface, rect, (60, 30, 30), 4, border=BLOCKED_RGB, border_width=2)
            pygame.draw.line(surface, BLOCKED_RGB, rect.topleft, rect.bottomright, 3)
            pygame.draw.line(surface, BLOCKED_RGB, rect.topright, rect.bottomleft, 3)

    def _draw_stickers(self, surface: pygame.Surface) -> None:
        for c, v in self.state.cells.items():
            x, y = cell_xy(c)
            rect = self.cell_rect(x, y)
            scale = self.animator.value(("drop", x, y))
            if scale is not None:
                centre = rect.center
                rect = rect.inflate(round(rect.w * (scale - 1)), round(rect.h * (scale - 1)))
                rect.center = centre
            art.sticker(surface, rect, v & 255, v >> 8)

    def _draw_last(self, surface: pygame.Surface) -> None:
        """A ring around the sticker placed last, so an AI's move is easy to find."""
        last = self.state.last_place
        if last is not None and last[1] in self.state.cells and not self.match.is_over:
            rect = self.cell_rect(*cell_xy(last[1])).inflate(8, 8)
            pygame.draw.rect(surface, LAST_RGB, rect, 3, border_radius=6)

    def _draw_territories(self, surface: pygame.Surface) -> None:
        """Each founded region: its quarters outlined in the founder's colour (grey when cancelled),
        a marker with the founder's number on each founded point, and the live size."""
        s = self.state
        half = self.zoom / 2
        font = self.app.font(max(11, min(20, round(self.zoom / 3.2))), bold=True)
        for t in self.territories():
            if not t.founders:
                continue
            colour = art.OWNER_RGB[t.owner] if t.owner is not None else CANCELLED_RGB
            self._outline_region(surface, t.corners, colour)
            points = sorted(p for p in t.points if p in s.founded)
            for p in points:
                px, py = self.to_screen(*point_xy(p))
                seat = s.founded[p]
                rad = max(8, self.zoom / 5)
                draw.aa_circle(surface, (20, 20, 24), (px, py + 2), rad + 2)
                draw.aa_circle(surface, art.OWNER_RGB[seat], (px, py), rad, border=(20, 20, 24))
                draw.text(surface, self.app.font(max(10, round(rad * 1.2)), bold=True), str(seat + 1), (px, py),
                          (20, 20, 24))
            if points:
                px, py = self.to_screen(*point_xy(points[0]))
                label = str(t.size) if t.owner is not None else f"×{t.size}"
                w, h = font.size(label)
                pill = pygame.Rect(0, 0, w + 12, h + 2)
                pill.midleft = (round(px + max(10, self.zoom / 5) + 4), round(py))
                draw.rounded_panel(surface, pill, (20, 22, 28, 225), pill.h // 2, border=colour)
                draw.text(surface, font, label, pill.center, colour)

    def _outline_region(self, surface: pygame.Surface, corners: Any, colour: tuple[int, int, int]) -> None:
        """A region's outline: the sides of its quarter squares that no other quarter of it shares,
        over a light wash of the founder's colour."""
        quarters = set()
        for cell, k in corners:
            x, y = cell_xy(cell)
            qx, qy = art.QUARTER[k]
            quarters.add((2 * x + qx, 2 * y + qy))
        half = self.zoom / 2
        width = max(2, round(self.zoom / 16))
        wash = pygame.Surface((max(1, math.ceil(half)), max(1, math.ceil(half))), pygame.SRCALPHA)
        wash.fill((*colour, 38))
        sides = (((0, -1), (0, 0), (1, 0)), ((1, 0), (1, 0), (1, 1)), ((0, 1), (0, 1), (1, 1)),
                 ((-1, 0), (0, 0), (0, 1)))
        for hx, hy in quarters:
            sx, sy = self.to_screen(hx / 2, hy / 2)
            surface.blit(wash, (round(sx), round(sy)))
            for (dx, dy), a, b in sides:
                if (hx + dx, hy + dy) not in quarters:
                    pa = self.to_screen((hx + a[0]) / 2, (hy + a[1]) / 2)
                    pb = self.to_screen((hx + b[0]) / 2, (hy + b[1]) / 2)
                    pygame.draw.line(surface, colour, pa, pb, width)

    def _draw_targets(self, surface: pygame.Surface) -> None:
        s = self.state
        if not self.shows_turn or not self.app.settings.show_targets:
            return
        pulse = 0.5 + 0.5 * math.sin(self.app.clock_time * 5.0)
        colour = BLOCKED_RGB if s.phase == "block" else TARGET_RGB
        if s.phase == "block":
            cells = [cell_xy(c) for c in s.frontier]
        elif s.phase == "place":
            cells = self.targets()
        else:
            return
        for x, y in cells:
            rect = self.cell_rect(x, y).inflate(-4, -4)
            draw.rounded_panel(surface, rect, (*colour, round(30 + 40 * pulse)), 4, border=colour, border_width=2)

    def _draw_preview(self, surface: pygame.Surface) -> None:
        """The drawn sticker ghosted under the mouse on a lit cell (else on the hinted cell), with
        what it would found or cancel."""
        s = self.state
        if s.phase != "place" or not self.can_act:
            return
        if self.hover is not None and self.hover in self.targets():
            self._draw_place_preview(surface, *self.hover)
        elif type(self.hint_move) is Place:
            self._draw_place_preview(surface, self.hint_move.x, self.hint_move.y)

    def _draw_place_preview(self, surface: pygame.Surface, x: int, y: int) -> None:
        s = self.state
        art.sticker(surface, self.cell_rect(x, y), board_layout(s.drawn, s.current), s.current, alpha=170)
        text = self.cached(("preview", x, y), lambda: self.preview_text(x, y))
        if text:
            font = self.app.font(16, bold=True)
            w = min(self.board_rect.w - 20, font.size(text)[0] + 24)
            box = pygame.Rect(0, 0, w, 32)
            box.midbottom = (self.board_rect.centerx, self.board_rect.bottom - 10)
            draw.rounded_panel(surface, box, (24, 30, 40, 235), 8, border=hud.ACCENT)
            fitted = draw.fit_text(self.app.font, text, w - 16, 16, 10, bold=True)
            draw.text(surface, fitted, text, box.center, hud.TEXT)

    def preview_text(self, x: int, y: int) -> str:
        """What placing on (x, y) would found, cancel or grow, in words."""
        s = self.state
        p = self.rules.preview(s, x, y)
        parts = []
        if p.cancelled:
            for owner, size in p.cancelled:
                parts.append(self.ui_text("preview.cancel", "cancels {name}'s territory of {n}",
                                          name=self.seat_name(owner), n=size))
        elif p.founded:
            parts.append(self.ui_text("preview.found", "founds a territory"))
        for seat in range(s.seats):
            gain = p.after[seat] - p.before[seat]
            if gain > 0:
                parts.append(self.ui_text("preview.gain", "{name} +{n} corners", name=self.seat_name(seat), n=gain))
        if not parts:
            return ""
        joiner = self.ui_text("preview.joiner", ", ")
        return self.ui_text("preview.lead", "Here: {what}", what=joiner.join(parts))

    def show_hint(self, move: Any) -> None:
        """A hinted placement or block is ringed on the board (the placement ghosted with what it
        would found, like the mouse's preview); a click on the cell or Enter plays it. A Peek order
        numbers the shown stickers (Enter keeps it); a deck pick is ringed in the catalogue, with the
        move in words."""
        if type(move) in (Place, Block):
            x, y = move.x, move.y
            r = self.board_rect.inflate(-self.zoom * 2, -self.zoom * 2)
            if not r.collidepoint(self.cell_centre(x, y)):  # bring the hinted cell into view
                self.auto_fit = True
                self.fit()
            return
        if type(move) is Pick and self.builder is not None:
            self.builder.bring_into_view(move.sticker)
        super().show_hint(move)

    def _draw_hint_cell(self, surface: pygame.Surface) -> None:
        move = self.hint_move
        if type(move) not in (Place, Block) or not self.can_act:
            return
        rect = self.cell_rect(move.x, move.y).inflate(6, 6)
        pygame.draw.rect(surface, HINT_RGB, rect, 4, border_radius=6)
        hud.hint_tag(surface, self.app, (rect.centerx, rect.y + 2), colour=HINT_RGB)

    def _draw_peek(self, surface: pygame.Surface) -> None:
        stickers = self.peek_stickers()
        if not stickers:
            return
        rects = self.peek_rects()
        title = self.ui_text("peek.title", "Peek: click in the new order, top first")
        font = self.app.font(15, bold=True)
        box = rects[0].unionall(rects).inflate(40, 76)
        box.w = max(box.w, font.size(title)[0] + 32)
        box.centerx = rects[0].unionall(rects).centerx
        box.y -= 12
        draw.rounded_panel(surface, box, (24, 30, 40, 240), 12, border=hud.ACCENT, border_width=2)
        draw.text(surface, font, title, (box.centerx, box.y + 16), hud.ACCENT)
        small = self.app.font(12, bold=True)
        for i, (rect, st) in enumerate(zip(rects, stickers)):
            if st >= LAYOUTS:
                art.helper(surface, rect, st, small, self.helper_name(st))
            else:
                art.sticker(surface, rect, board_layout(st, self.state.current), self.state.current)
            self._draw_hinted_place(surface, rect, i, small)
            tag = str(self.peek_order.index(i) + 1) if i in self.peek_order else ""
            if tag:
                draw.aa_circle(surface, hud.ACCENT, (rect.right - 4, rect.top + 4), 12, border=(20, 20, 20))
                draw.text(surface, small, tag, (rect.right - 4, rect.top + 4), (20, 20, 20))
            draw.text(surface, small, self.ui_text("peek.position", "#{n} now", n=i + 1), (rect.centerx, rect.bottom + 12),
                      hud.MUTED)

    def _draw_hinted_place(self, surface: pygame.Surface, rect: pygame.Rect, i: int, font: pygame.font.Font) -> None:
        """A hinted Peek order: where shown sticker `i` would go (1 = top), in a cyan badge."""
        hint = self.hint_move
        if type(hint) is not Reorder or i not in hint.order:
            return
        centre = (rect.left + 4, rect.top + 4)
        draw.aa_circle(surface, hud.HINT, centre, 12, border=(20, 20, 20))
        draw.text(surface, font, str(hint.order.index(i) + 1), centre, (20, 20, 20))

    def _draw_hint(self, surface: pygame.Surface) -> None:
        s = self.state
        if self.match.is_over or not self.can_act:
            return
        key, default = {
            "place": ("hint.place", "Click a lit cell to place your sticker · wheel: zoom · middle-drag / arrows: pan"),
            "block": ("hint.block", "Block: click an empty cell next to a sticker"),
            "peek": ("hint.peek", "Peek: click your stickers in the order you want them drawn"),
        }.get(s.phase, ("", ""))
        if key and type(self.hint_move) in (Place, Block):
            key, default = "hint.take", "Hint: press Enter or click the ringed cell to play it."
        elif key and type(self.hint_move) is Reorder:
            key, default = "hint.take_order", "Hint: the cyan numbers; press Enter to keep that order."
        if key:
            text = self.ui_text(key, default)
            font = draw.fit_text(self.app.font, text, self.board_rect.w - 20, 14, 10)
            draw.text(surface, font, text, (self.board_rect.left + 10, self.board_rect.top + 6),
                      hud.MUTED, anchor="topleft", outline=(15, 18, 24), outline_px=1)

    # --- the side panel ------------------------------------------------------------------------------
    def _draw_panel(self, surface: pygame.Surface) -> None:
        r = self.panel_rect
        draw.rounded_panel(surface, r, (30, 36, 46), 10, border=(60, 70, 86))
        y = r.y + 10
        for seat in range(self.state.seats):
            y = self._draw_player(surface, seat, pygame.Rect(r.x + 8, y, r.w - 16, 84)) + 6
        y = self._draw_drawn(surface, pygame.Rect(r.x + 8, y, r.w - 16, 120)) + 6
        y = self._draw_helper_box(surface, pygame.Rect(r.x + 8, y, r.w - 16, r.bottom - y - 8))
        if self.state.mode == "solo" and r.bottom - y > 80:
            self._draw_best(surface, pygame.Rect(r.x + 8, y + 6, r.w - 16, r.bottom - y - 14))

    def _draw_player(self, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> int:
        s = self.state
        active = seat == s.current and not self.match.is_over
        inner = hud.panel(surface, rect, None, self.app, highlight=active)
        name = self.seat_name(seat)
        draw.aa_circle(surface, art.OWNER_RGB[seat], (inner.x + 8, inner.y + 10), 8, border=(20, 20, 20))
        nf = draw.fit_text(self.app.font, name, inner.w - 90, 18, 11, bold=True)
        draw.text(surface, nf, name, (inner.x + 22, inner.y + 10), hud.ACCENT if active else hud.TEXT, anchor="midleft")
        score = self.scores()[seat] if s.phase != "deck" else 0
        draw.text(surface, self.app.font(26, bold=True), str(score), (inner.right, inner.y + 12), hud.TEXT,
                  anchor="midright")
        small = self.app.font(13)
        if s.phase == "deck":
            line = self.ui_text("panel.picking", "Deck: {n}/{size} chosen", n=len(s.picks[seat]), size=s.size)
        else:
            line = self.ui_text("panel.deck", "{n} stickers left", n=s.deck_count(seat))
        draw.text(surface, small, line, (inner.x, inner.y + 30), hud.MUTED, anchor="topleft")
        if s.phase != "deck" and s.decks[seat]:
            self._draw_deck_icons(surface, seat, inner.x, inner.y + 52, inner.w)
        return rect.bottom

    def _draw_deck_icons(self, surface: pygame.Surface, seat: int, x: int, y: int, w: int) -> None:
        """The deck's contents (public), sorted so the icons give away no order."""
        stickers = sorted(self.state.decks[seat])
        size = max(8, min(14, (w - 4) // max(1, len(stickers)) - 2))
        for i, st in enumerate(stickers):
            art.any_sticker(surface, pygame.Rect(x + i * (size + 2), y, size, size),
                            st if st >= LAYOUTS else board_layout(st, seat))

    def _draw_drawn(self, surface: pygame.Surface, rect: pygame.Rect) -> int:
        s = self.state
        if s.phase == "deck" or self.match.is_over:
            return rect.y
        inner = hud.panel(surface, rect, self.ui_text("panel.drawn", "Drawn sticker"), self.app)
        size = min(inner.h - 4, 72)
        box = pygame.Rect(inner.x, inner.y, size, size)
        small = self.app.font(12, bold=True)
        if s.phase == "place" and s.drawn >= 0:
            art.sticker(surface, box, board_layout(s.drawn, s.current), s.current)
            kind = catalogue.RARITY[s.drawn]
            draw.text(surface, self.app.font(15, bold=True), kind, (box.right + 10, box.y + 4), hud.ACCENT,
                      anchor="topleft")
            n = len(self.targets())
            draw.text(surface, self.app.font(13), self.ui_text("panel.fits", "fits on {n} cells", n=n),
                      (box.right + 10, box.y + 26), hud.MUTED, anchor="topleft")
        elif s.phase in ("peek", "block"):
            helper = PEEK if s.phase == "peek" else BLOCK
            art.helper(surface, box, helper, small, self.helper_name(helper))
        return rect.bottom

    def _draw_helper_box(self, surface: pygame.Surface, rect: pygame.Rect) -> int:
        s = self.state
        notes = []
        if s.phase == "peek":
            notes.append(PEEK)
        elif s.phase == "block":
            notes.append(BLOCK)
        if s.jump and s.phase == "place":
            notes.append(JUMP)
        if s.extra and s.phase == "place":
            notes.append(DOUBLE)
        if not notes and self.helper_note is not None:
            notes.append(self.helper_note[1])
        if not notes or rect.h < 60 or self.match.is_over or s.phase == "deck":
            return rect.y
        font = self.app.font(14)
        lines = []
        for h in notes:
            key, default = HELPER_TEXT[h]
            lines += draw.wrap(font, self.ui_text(key, default), rect.w - 20)
        box = pygame.Rect(rect.x, rect.y, rect.w, min(rect.h, 16 + 19 * len(lines)))
        draw.rounded_panel(surface, box, (48, 44, 30), 10, border=(236, 214, 140))
        for i, line in enumerate(lines):
            if box.y + 8 + 19 * (i + 1) > box.bottom:
                break
            draw.text(surface, font, line, (box.x + 10, box.y + 8 + 19 * i), (246, 230, 180), anchor="topleft")
        return box.bottom

    def _draw_best(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        inner = hud.panel(surface, rect, self.ui_text("solo.best", "Best results"), self.app)
        key = self.rules.highscore_key(self.state)
        # read once per state, not every frame (a new entry is a new state: the game's last move)
        best = self.cached("best", lambda: highscores.top(key) if key else [])
        small = self.app.font(14)
        if not best:
            draw.text(surface, small, self.ui_text("solo.none", "No results yet"), inner.topleft, hud.MUTED,
                      anchor="topleft")
            return
        y = inner.y
        for i, entry in enumerate(best[:5]):
            if y + small.get_linesize() > inner.bottom:
                break
            colour = hud.ACCENT if self.highscore_place == i else hud.TEXT
            draw.text(surface, small, f"{i + 1}. {entry.scores[0]}", (inner.x, y), colour, anchor="topleft")
            draw.text(surface, small, entry.date[:10], (inner.right, y), hud.MUTED, anchor="topright")
            y += small.get_linesize()

    # --- the tutorial and the tips (hexgames/ui/tutorial.py) -------------------------------------------
    def input_points(self, move: Any) -> list[Any]:
        from hexgames.games.stickers import inputs

        return inputs.input_points(self, move)

    def tip_regions(self) -> list[tuple[pygame.Rect, str]]:
        from hexgames.games.stickers import inputs

        return inputs.tip_regions(self)


def _owner_marker(seat: int) -> chart.Marker:
    """Player 1 a disc, player 2 a square: told apart without their colours."""
    def marker(surface: pygame.Surface, center: tuple[int, int], size: int) -> None:
        r = size // 2
        if seat % 2 == 0:
            draw.aa_circle(surface, art.OWNER_RGB[0], center, r, border=(20, 20, 24))
        else:
            box = pygame.Rect(0, 0, 2 * r, 2 * r)
            box.center = center
            pygame.draw.rect(surface, art.OWNER_RGB[1], box)
            pygame.draw.rect(surface, (20, 20, 24), box, 1)
    return marker
