"""The Toradama table: the 5-column board, the pool, both cube pools, the player cards, and the
falling-tile animation that replays every clearing step by step.

Why it is built this way:
- The scene decides no rule. Legal columns, clear balls and okunote come from `rules.legal_moves` /
  `check`; a refused click shows the rules' reason. Input becomes `Choose`, `Place`, `Give`, `Clear`
  and okunote moves, one at a time, exactly as the AI plays them.
- Animation: after any move (human or AI) the rules' recorded `events` become `replay.Step`s played
  one after the other by the shared Animator (speed from the settings, instant in tests). While they
  play, the scene draws `shown`, a public view that each finished step updates, so scores, pool and
  cube counts change when the player sees the tiles move, not before. A click skips to the end.
- Everything drawn is public (cube faces are hidden from both players), so hot-seat needs no hand-over;
  the board is mirrored only when the one human sits at seat 2, so your columns are on your side.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from hexgames.core import highscores
from hexgames.games.toradama import panel, replay, sprites
from hexgames.games.toradama.board import COLS, EMPTY, HIDDEN_CUBE, KINDS, ROWS, SHARED_COLUMN, cell
from hexgames.games.toradama.moves import (
    CUBE_SOURCE, Choose, Clear, Dig, Flip, Give, Place, Reroll, Resign, Swap, Triple,
)
from hexgames.games.toradama.panel import character_name, okunote_text, tr
from hexgames.games.toradama.rules import (
    CHARACTER_NAMES, CHOOSE, OVER, PLACING, PRIVATE, START, ToradamaState,
)
from hexgames.ui import draw, hud
from hexgames.ui.anim import Animator, Tween, ease_fall_bounce, ease_in_out, ease_out_back, linear
from hexgames.ui.game_scene import GameScene

if TYPE_CHECKING:
    from hexgames.app import App
    from hexgames.core.match import Match

SEAT_CHIPS = ((72, 206, 206), (236, 238, 242))
AREA_TINTS = ((72, 206, 206, 34), (236, 238, 242, 26))
GRID_BG = (30, 35, 45)
GRID_LINE = (52, 60, 74)
LEGAL = (90, 220, 140)
BALL = (255, 214, 92)
TARGETING = ("swap", "flip", "dig")  # okunote that need a cell or column
CONFIRM_SECONDS = 3.0


class ToradamaScene(GameScene):
    """Board, pool, cube pools and player cards; input becomes Toradama moves."""

    def __init__(self, app: "App", match: "Match"):
        super().__init__(app, match)
        self.selected: int | None = None  # a source: pool kind 0..4 or CUBE_SOURCE
        self.dragging = False
        self.ball: int | None = None  # clear ball picked once; a second click clears
        self.targeting: str | None = None  # okunote waiting for its cell / column
        self.swap_first: int | None = None
        self.resign_armed = 0.0
        self.last_turn: tuple[int, set[int]] = (-1, set())  # the latest mover and the cells they filled
        self.mouse = (0, 0)
        self.shown: ToradamaState | None = None  # the public position while an animation plays
        self.timeline: list[tuple[Tween, replay.Step]] = []
        self.fx = Animator(speed=lambda: self.app.settings.anim_speed)
        self.cell_size = 40
        self.grid = pygame.Rect(0, 0, 0, 0)
        self.pool_slots: list[pygame.Rect] = []
        self.stacks: dict[int, pygame.Rect] = {}
        self.bag_rect = pygame.Rect(0, 0, 0, 0)
        self.cards: dict[int, pygame.Rect] = {}
        self.char_cards: list[pygame.Rect] = []
        self.okunote_button: Any = None
        self.give_button: Any = None
        self.resign_button: Any = None
        self._panel_cache: tuple[Any, pygame.Surface] | None = None
        self._view_cache: tuple[ToradamaState, ToradamaState] | None = None
        self._legal_cache: tuple[ToradamaState, list[Any]] | None = None
        self._best: list[highscores.Entry] | None = None
        humans = [i for i, seat in enumerate(match.seats) if seat.is_human]
        self.mirrored = match.state.seats == 2 and humans == [1]
        self.layout()

    # --- reading ----------------------------------------------------------------------------------
    @property
    def state(self) -> ToradamaState:
        return self.match.state

    def view(self) -> ToradamaState:
        """What is drawn: the shown position while animating, else the public view of the state."""
        if self.shown is not None:
            return self.shown
        state = self.state  # cached per state object: undo and a new move may repeat a move count
        if self._view_cache is None or self._view_cache[0] is not state:
            self._view_cache = (state, self.rules.observe(state, 0))
        return self._view_cache[1]

    def legal(self) -> list[Any]:
        state = self.state
        if self._legal_cache is None or self._legal_cache[0] is not state:
            self._legal_cache = (state, list(self.rules.legal_moves(state)))
        return self._legal_cache[1]

    def seat_colour(self, seat: int) -> tuple[int, int, int]:
        return SEAT_CHIPS[seat % 2]

    @property
    def left_seat(self) -> int:
        return 1 if self.mirrored else 0

    # --- geometry -----------------------------------------------------------------------------------
    def layout(self) -> None:
        r = self.board_rect
        s = max(24, int(min(r.w / 8.6, r.h / 8.3)))
        self.cell_size = s
        self.grid = pygame.Rect(r.centerx - 5 * s // 2, r.y + int(0.45 * s), 5 * s, 6 * s)
        g = self.grid
        sw = int(1.1 * s)
        left = pygame.Rect(g.x - sw - int(0.35 * s), g.bottom - int(3.4 * s), sw, int(3.4 * s))
        right = pygame.Rect(g.right + int(0.35 * s), left.y, sw, left.h)
        self.stacks = {self.left_seat: left, 1 - self.left_seat: right}
        gap = int(0.25 * s)
        y = g.bottom + int(0.42 * s)
        x0 = g.centerx - (3 * s + 2 * gap) // 2
        self.pool_slots = [pygame.Rect(x0 + i * (s + gap), y, s, s) for i in range(3)]
        self.bag_rect = pygame.Rect(self.pool_slots[-1].right + int(0.6 * s), y, int(1.6 * s), s)
        self._layout_panel()
        self._layout_characters()
        self._panel_cache = None

    def _layout_panel(self) -> None:
        p = self.panel_rect
        buttons = 2 * 44 + 12
        avail = p.h - buttons
        if self.state.seats == 1:
            self.cards = {0: pygame.Rect(p.x, p.y, p.w, min(230, avail // 2))}
        else:
            h = min(240, (avail - 10) // 2)
            top, bottom = 1 - self.left_seat, self.left_seat
            self.cards = {top: pygame.Rect(p.x, p.y, p.w, h), bottom: pygame.Rect(p.x, p.y + h + 10, p.w, h)}

    def _layout_characters(self) -> None:
        r = self.board_rect
        per_row = 5 if r.w >= 5 * 150 else 3
        w = min(200, (r.w - 20) // per_row - 12)
        h = min(260, (r.h - 100) // (1 if per_row == 5 else 2) - 12)
        self.char_cards = []
        for i in range(len(CHARACTER_NAMES)):
            row, col = divmod(i, per_row)
            n = min(per_row, len(CHARACTER_NAMES) - row * per_row)
            x0 = r.centerx - (n * (w + 12) - 12) // 2
            self.char_cards.append(pygame.Rect(x0 + col * (w + 12), r.y + 80 + row * (h + 12), w, h))

    def display_col(self, col: int) -> int:
        return COLS - 1 - col if self.mirrored else col

    def cell_rect(self, c: int) -> pygame.Rect:
        col, row = divmod(c, ROWS)
        return self.tile_rect(col, row)

    def tile_rect(self, col: int, row: float) -> pygame.Rect:
        s = self.cell_size
        x = self.grid.x + self.display_col(col) * s
        y = self.grid.bottom - (row + 1) * s
        return pygame.Rect(x + 2, round(y) + 2, s - 4, s - 4)

    def column_at(self, pos: tuple[int, int]) -> int | None:
        g = self.grid.inflate(0, self.cell_size).move(0, -self.cell_size // 2)  # the grid and a row above
        if not g.collidepoint(pos):
            return None
        d = (pos[0] - self.grid.x) // self.cell_size
        return self.display_col(int(d)) if 0 <= d < COLS else None

    def cell_at(self, pos: tuple[int, int]) -> int | None:
        if not self.grid.collidepoint(pos):
            return None
        col = self.column_at(pos)
        row = (self.grid.bottom - 1 - pos[1]) // self.cell_size
        return None if col is None else cell(col, int(row))

    def source_at(self, pos: tuple[int, int]) -> int | None:
        """The pool tama or the own cube pool under the mouse, as a `Place` source."""
        v = self.view()
        for i, r in enumerate(self.pool_slots):
            if r.collidepoint(pos) and i < len(v.pool):
                return v.pool[i]
        seat = self.match.to_move
        if self.stacks.get(seat, pygame.Rect(0, 0, 0, 0)).collidepoint(pos) and v.cubes[seat]:
            return CUBE_SOURCE
        return None

    def source_rect(self, seat: int, src: int) -> pygame.Rect:
        if src == CUBE_SOURCE:
            return self._stack_top(seat)
        pool = self.view().pool
        i = pool.index(src) if src in pool else 0
        return self.pool_slots[min(i, 2)]

    def _stack_top(self, seat: int) -> pygame.Rect:
        r = self.stacks[seat]
        n = min(len(self.view().cubes[seat]), 8)
        size = r.w - 8
        return pygame.Rect(r.x + 4, r.bottom - size - 4 - max(0, n - 1) * size // 7, size, size)

    # --- widgets --------------------------------------------------------------------------------------
    def build_widgets(self) -> None:
        from pygame_gui.core import ObjectID
        from pygame_gui.elements import UIButton

        p = self.panel_rect
        y = p.bottom - 2 * 44 - 6
        self.okunote_button = UIButton(pygame.Rect(p.x, y, p.w, 42), tr(self.app, "okunote.label", "Okunote"), self.app.ui,
                                       object_id=ObjectID(class_id="@primary"))
        half = (p.w - 8) // 2
        self.give_button = UIButton(pygame.Rect(p.x, y + 48, half, 42), tr(self.app, "give", "Give away"), self.app.ui)
        self.resign_button = UIButton(pygame.Rect(p.x + half + 8, y + 48, half, 42), tr(self.app, "resign", "Resign"),
                                      self.app.ui, object_id=ObjectID(class_id="@danger"))
        self.widgets += [self.okunote_button, self.give_button, self.resign_button]
        self._sync_widgets()

    def okunote_moves(self) -> list[Any]:
        return [m for m in self.legal() if type(m) in (Swap, Reroll, Triple, Flip, Dig)]

    def _sync_widgets(self) -> None:
        live = self.can_act and self.state.phase in (START, PLACING)
        for widget, enabled in ((self.okunote_button, live and bool(self.okunote_moves())),
                                (self.give_button, live and self.selected is not None),
                                (self.resign_button, live and self.state.phase == START)):
            if widget is None:
                continue
            if enabled and not widget.is_enabled:
                widget.enable()
            elif not enabled and widget.is_enabled:
                widget.disable()
        c = self.state.chars[self.match.to_move] if self.state.phase != CHOOSE else -1
        if self.okunote_button is not None:
            text = tr(self.app, "okunote_of", "Okunote: {name}", name=character_name(self.app, c)) if c >= 0 else \
                tr(self.app, "okunote.label", "Okunote")
            if self.okunote_button.text != text:
                self.okunote_button.set_text(text)
        if self.resign_button is not None:
            text = tr(self.app, "resign_confirm", "Really resign?") if self.resign_armed > 0 else tr(self.app, "resign", "Resign")
            if self.resign_button.text != text:
                self.resign_button.set_text(text)

    # --- input ------------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self._has_selection():
            self.cancel()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.okunote_button:
                return self.use_okunote()
            if event.ui_element is self.give_button:
                return self.give()
            if event.ui_element is self.resign_button:
                return self.resign()
        return super().handle(event)

    def _has_selection(self) -> bool:
        return self.selected is not None or self.ball is not None or self.targeting is not None

    def cancel(self) -> None:
        self.selected = self.ball = self.targeting = self.swap_first = None
        self.dragging = False

    def handle_game_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            if self.is_animating():
                self.skip_animation()
                return True
            if not self.can_act:
                return False
            return self._press(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            col = self.column_at(event.pos)
            if self.selected is not None and col is not None and self.can_act:
                return self.submit_place(col)
        return False

    def _press(self, pos: tuple[int, int]) -> bool:
        s = self.state
        if s.phase == CHOOSE:
            for c, r in enumerate(self.char_cards):
                if r.collidepoint(pos):
                    return self.submit(Choose(c))
            return False
        if self.targeting is not None:
            return self._target_click(pos)
        src = self.source_at(pos)
        if src is not None:
            self.ball = None
            self.selected = None if self.selected == src and not self.dragging else src
            self.dragging = self.selected is not None
            return True
        col = self.column_at(pos)
        if self.selected is not None and col is not None:
            return self.submit_place(col)
        c = self.cell_at(pos)
        if c is not None and self.view().cells[c] != EMPTY:
            return self.pick_ball(c)
        if col is not None:
            self.toast(tr(self.app, "hint.pick", "Pick a pool tile or your cube pool first, or click a tama to clear it."))
            return True
        self.cancel()
        return False

    def submit_place(self, col: int) -> bool:
        src = self.selected
        if src is None:
            return False
        return self._submit_checked(Place(src, col))

    def pick_ball(self, c: int) -> bool:
        """The first click marks the clear ball, the second clears (a clearing cannot be undone)."""
        reason = self.rules.check(self.state, Clear(c))
        if reason is not None:
            self.toast(self.app.tr_reason(reason), error=True)
            return False
        if self.ball != c:
            self.ball = c
            return True
        self.cancel()
        return self.submit(Clear(c))

    def give(self) -> bool:
        if self.selected is None or not self.can_act:
            return False
        move = Give(self.selected)
        self.cancel()
        return self.submit(move)

    def resign(self) -> bool:
        if not self.can_act:
            return False
        if self.resign_armed <= 0:
            self.resign_armed = CONFIRM_SECONDS
            return True
        self.resign_armed = 0
        return self.submit(Resign())

    def use_okunote(self) -> bool:
        moves = self.okunote_moves()
        if not self.can_act or not moves:
            return False
        self.cancel()
        kind = type(moves[0])
        if kind in (Reroll, Triple):
            return self.submit(moves[0])
        self.targeting = {Swap: "swap", Flip: "flip", Dig: "dig"}[kind]
        self.toast(tr(self.app, f"hint.{self.targeting}", self.targeting))
        return True

    def _target_click(self, pos: tuple[int, int]) -> bool:
        c = self.cell_at(pos)
        if self.targeting == "dig":
            col = self.column_at(pos)
            return col is not None and self._submit_checked(Dig(col))
        if c is None:
            self.cancel()
            return False
        if self.targeting == "flip":
            return self._submit_checked(Flip(c))
        if self.swap_first is None or self.swap_first == c:
            self.swap_first = None if self.swap_first == c else c
            return True
        a, b = sorted((self.swap_first, c))
        self.swap_first = None
        return self._submit_checked(Swap(a, b))

    def show_hint(self, move: Any) -> None:
        """The hint as the player's own selection: a tile to place is picked up and ghosted in its
        column (a click on the column plays it), a clear ball is marked (a click on it clears), a
        character card is lit (a click chooses it); an okunote's cells are ringed and other moves
        told in words."""
        self.cancel()
        if type(move) in (Place, Give):
            self.selected = move.src
        elif type(move) is Clear:
            self.ball = move.cell
        if type(move) not in (Place, Clear, Choose):
            super().show_hint(move)

    def _submit_checked(self, move: Any) -> bool:
        """Submit `move`, dropping the selection only if it is legal (a refused move keeps it)."""
        reason = self.rules.check(self.state, move)
        if reason is not None:
            self.toast(self.app.tr_reason(reason), error=True)
            return False
        self.cancel()
        return self.submit(move)

    # --- match events -----------------------------------------------------------------------------------
    def on_move_played(self, before: Any, move: Any, after: Any, by_ai: bool) -> None:
        self.cancel()
        seat = self.rules.to_move(before)
        self._remember_placements(after.events or [], seat)
        self._announce(after.events or [], seat)
        steps = replay.steps_for(after.events or [], seat)
        if steps:
            self.shown = self.rules.observe(before, 0)
            tweens = [Tween(0.0, 1.0, st.duration, linear, tag=("step", i)) for i, st in enumerate(steps)]
            self.timeline = list(zip(tweens, steps))
            for tw, st in self.timeline:
                tw.on_done = self._step_done_callback(st)
            self.animator.sequence(tweens, gap=0.04)
        if after.phase == OVER and after.seats == 1:
            self._record_highscore(after)
        self._panel_cache = None

    def move_sound(self, before: Any, move: Any, after: Any) -> str:
        """The effect of a move (GameScene hook): a chain of 2+ chimes, any points score, else a tile."""
        events = after.events or []
        chains = sum(1 for e in events if e[0] == "chain")
        if chains >= 2:
            return "chain"
        if chains or any(e[0] == "give" and e[4] >= 0 for e in events):
            return "score"
        return "place"

    def chart_panels(self, states: list[ToradamaState]) -> list[Any]:
        """The results chart (GameScene hook): every player's points over the game, in one panel."""
        from hexgames.ui import chart

        last = states[-1]
        lines = [chart.Line(self.seat_name(i), self.seat_colour(i), [float(s.points(i)) for s in states])
                 for i in range(last.seats)]
        return [chart.Panel(tr(self.app, "chart.points", "Points"), lines)]

    def _remember_placements(self, events: list[tuple], seat: int) -> None:
        """Mark the tiles the latest mover placed (a clearing moves tiles: then nothing is marked)."""
        if seat != self.last_turn[0]:
            self.last_turn = (seat, set())
        cells = self.last_turn[1]
        for e in events:
            if e[0] == "place":
                cells.add(cell(e[3], e[4]))
            elif e[0] in ("ball", "swap", "dig"):
                cells.clear()

    def _step_done_callback(self, step: replay.Step):
        def done() -> None:
            if self.shown is not None:
                replay.apply_step(self.shown, step)
            self._panel_cache = None
            if self.timeline and self.timeline[-1][1] is step:
                self.shown = None
                self.timeline = []
        return done

    def _announce(self, events: list[tuple], seat: int) -> None:
        """Toasts for what both players must hear: a character chosen, an okunote, the bag-out."""
        for e in events:
            if e[0] == "choose":
                self.toast(tr(self.app, "toast.chose", "{name} plays {character}.", name=self.seat_name(e[1]),
                              character=character_name(self.app, e[2])))
            elif e[0] == "okunote":
                self.toast(tr(self.app, "toast.okunote", "{name} uses the okunote of {character}.",
                              name=self.seat_name(e[1]), character=character_name(self.app, e[2])))
            elif e[0] == "bagout":
                self.toast(tr(self.app, "toast.bagout", "The bag is empty: no more refills from now on."))

    def skip_animation(self) -> None:
        self.animator.finish_all()
        self.shown = None
        self.timeline = []

    def _record_highscore(self, s: ToradamaState) -> None:
        self.record_highscore(self.rules.highscore_key(s), [s.points(0)])
        self._best = None  # the table may have changed (an entry of this match replaced): read it again

    def on_undo(self) -> None:
        self.cancel()
        self.last_turn = (-1, set())
        self.shown = None
        self.timeline = []
        self._panel_cache = None

    def update_game(self, dt: float) -> None:
        self.fx.update(dt)
        if self.resign_armed > 0:
            self.resign_armed = max(0.0, self.resign_armed - dt)
        if self._has_selection() and not self.can_act:
            self.cancel()
        self._sync_widgets()

    def banner_text(self) -> str:
        m, s = self.match, self.state
        if m.is_over or not m.seat_to_move.is_human:
            return super().banner_text()
        name = self.seat_name(m.to_move)
        if s.phase == CHOOSE:
            return tr(self.app, "banner.choose", "{name}: choose your character", name=name)
        if self.targeting is not None:
            return tr(self.app, f"hint.{self.targeting}", self.targeting)
        one = "_one" if s.to_place == 1 else ""
        if s.phase == PLACING:
            return tr(self.app, f"banner.placing{one}", "{name}: place {n} more tiles", name=name, n=s.to_place)
        return tr(self.app, f"banner.start{one}", "{name}: place {n} tiles or clear a ball", name=name, n=s.to_place)

    # --- drawing ------------------------------------------------------------------------------------------
    def current_step(self) -> tuple[replay.Step, float] | None:
        for tw, st in self.timeline:
            if not tw.done:
                return st, tw.progress
        return None

    def draw_game(self, surface: pygame.Surface) -> None:
        v = self.view()
        step = self.current_step()
        self._draw_grid(surface, v)
        moving = self._moving_cells(step)
        self._draw_tiles(surface, v, moving)
        self._draw_hints(surface, v)
        self._draw_pool(surface, v, step)
        self._draw_stacks(surface, v)
        surface.blit(self._panel_surface(v), self.panel_rect.topleft)
        if step is not None:
            self._draw_step(surface, v, *step)
        self._draw_held(surface)
        if self.state.phase == CHOOSE and not self.is_animating():
            self._draw_choice(surface)

    def _draw_grid(self, surface: pygame.Surface, v: ToradamaState) -> None:
        g, s = self.grid, self.cell_size
        draw.rounded_panel(surface, g.inflate(12, 12), GRID_BG, 10, border=GRID_LINE)
        for seat in range(v.seats):
            for col in PRIVATE[seat]:
                x = g.x + self.display_col(col) * s
                layer = pygame.Surface((s, g.h), pygame.SRCALPHA)
                layer.fill(AREA_TINTS[seat])
                surface.blit(layer, (x, g.y))
        x = g.x + self.display_col(SHARED_COLUMN) * s
        pygame.draw.line(surface, (110, 120, 140), (x, g.y), (x, g.bottom), 2)
        pygame.draw.line(surface, (110, 120, 140), (x + s, g.y), (x + s, g.bottom), 2)
        for i in range(1, COLS):
            pygame.draw.line(surface, GRID_LINE, (g.x + i * s, g.y), (g.x + i * s, g.bottom))
        for j in range(1, ROWS):
            pygame.draw.line(surface, GRID_LINE, (g.x, g.y + j * s), (g.right, g.y + j * s))
        labels = [(SHARED_COLUMN, SHARED_COLUMN, tr(self.app, "shared", "shared"), hud.MUTED)] if v.seats == 2 else []
        labels += [(*PRIVATE[seat], self.seat_name(seat), self.seat_colour(seat)) for seat in range(v.seats)]
        for first, last, text, colour in labels:
            x0, x1 = sorted((self.display_col(first), self.display_col(last)))
            width = (x1 - x0 + 1) * s
            font = draw.fit_text(self.app.font, text, width - 8, max(11, s // 5), 9, bold=True)
            draw.text(surface, font, text, (g.x + x0 * s + width // 2, g.y - 12), colour)

    def _draw_tiles(self, surface: pygame.Surface, v: ToradamaState, skip: set[int]) -> None:
        for c, code in enumerate(v.cells):
            if code == EMPTY or c in skip:
                continue
            self._blit_tile(surface, code, self.cell_rect(c))
        seat, placed = self.last_turn
        if self.shown is None and seat >= 0:
            for c in placed:
                if v.cells[c] != EMPTY:
                    r = self.cell_rect(c)
                    draw.aa_circle(surface, self.seat_colour(seat), (r.right - 7, r.y + 7), 5, border=(20, 20, 20))

    def _blit_tile(self, surface: pygame.Surface, code: int, rect: pygame.Rect, scale: float = 1.0,
                   scale_x: float | None = None, alpha: int = 255) -> None:
        size = rect.w
        img = sprites.tama(code, size) if 0 <= code < KINDS else sprites.cube(size)
        w = max(1, round(size * scale * (scale_x if scale_x is not None else 1.0)))
        h = max(1, round(size * scale))
        if (w, h) != (size, size):
            img = pygame.transform.smoothscale(img, (w, h))
        if alpha < 255:
            img = img.copy()
            img.set_alpha(alpha)
        surface.blit(img, img.get_rect(center=rect.center))

    def _draw_hints(self, surface: pygame.Surface, v: ToradamaState) -> None:
        if not self.can_act or self.state.phase == CHOOSE:
            return
        s = self.cell_size
        if self.selected is not None and self.app.settings.show_targets:
            cols = {m.col for m in self.legal() if type(m) is Place and m.src == self.selected}
            for col in cols:
                x = self.grid.x + self.display_col(col) * s
                pygame.draw.rect(surface, LEGAL, pygame.Rect(x + 2, self.grid.y + 2, s - 4, self.grid.h - 4), 3,
                                 border_radius=8)
            hover = self.column_at(self.mouse)
            if hover in cols:
                row = sum(1 for r in range(ROWS) if v.cells[cell(hover, r)] != EMPTY)
                self._blit_tile(surface, self.selected if self.selected < KINDS else HIDDEN_CUBE,
                                self.tile_rect(hover, row), alpha=110)
        if self.ball is not None:
            pulse = 0.5 + 0.5 * math.sin(self.app.clock_time * 6)
            pygame.draw.rect(surface, BALL, self.cell_rect(self.ball).inflate(4, 4), 3 + round(2 * pulse), border_radius=8)
            draw.text(surface, self.app.font(14, bold=True), tr(self.app, "hint.confirm_ball", "Click again to clear"),
                      (self.cell_rect(self.ball).centerx, self.cell_rect(self.ball).y - 10), BALL, outline=(20, 20, 20))
        elif self.selected is None and self.targeting is None:
            c = self.cell_at(self.mouse)
            if c is not None and Clear(c) in self.legal():
                pygame.draw.rect(surface, BALL, self.cell_rect(c).inflate(2, 2), 2, border_radius=8)
        if self.swap_first is not None:
            pygame.draw.rect(surface, BALL, self.cell_rect(self.swap_first).inflate(4, 4), 4, border_radius=8)
        self._draw_hint_ghost(surface, v)

    def _draw_hint_ghost(self, surface: pygame.Surface, v: ToradamaState) -> None:
        """The hinted placement while its tile is still picked up: the tile ghosted where it would
        land, its column ringed and tagged "Hint"; an okunote's cells ringed."""
        hint = self.hint_move
        if type(hint) in (Swap, Flip, Dig) and self.can_act:
            cells = [hint.a, hint.b] if type(hint) is Swap else [hint.cell] if type(hint) is Flip else [
                cell(hint.col, max(0, sum(1 for r in range(ROWS) if v.cells[cell(hint.col, r)] != EMPTY) - 1))]
            for c in cells:
                pygame.draw.rect(surface, hud.HINT, self.cell_rect(c).inflate(6, 6), 4, border_radius=8)
            hud.hint_tag(surface, self.app, (self.cell_rect(cells[0]).centerx, self.cell_rect(cells[0]).y - 2))
        if type(hint) is not Place or self.selected != hint.src:
            return
        s = self.cell_size
        row = sum(1 for r in range(ROWS) if v.cells[cell(hint.col, r)] != EMPTY)
        self._blit_tile(surface, hint.src if hint.src < KINDS else HIDDEN_CUBE, self.tile_rect(hint.col, row), alpha=150)
        column = pygame.Rect(self.grid.x + self.display_col(hint.col) * s, self.grid.y, s, self.grid.h)
        pygame.draw.rect(surface, hud.HINT, column.inflate(-2, 0), 4, border_radius=8)
        hud.hint_tag(surface, self.app, (column.centerx, column.y + 30))

    def _draw_pool(self, surface: pygame.Surface, v: ToradamaState, step: Any) -> None:
        hidden = None
        if step is not None and step[0].kind in ("place", "give") and step[0].data[1] != CUBE_SOURCE:
            hidden = step[0].data[1]
        small = self.app.font(13)
        draw.text(surface, small, tr(self.app, "pool", "Pool"), (self.pool_slots[0].x - 8, self.pool_slots[0].centery),
                  hud.MUTED, anchor="midright")
        pool = list(v.pool)
        if hidden in pool:
            pool.remove(hidden)
        for i, r in enumerate(self.pool_slots):
            surface.blit(sprites.slot(r.w), r.topleft)
            if i < len(pool):
                self._blit_tile(surface, pool[i], r)
                if self.selected == pool[i] and self.can_act and i == pool.index(pool[i]):
                    pygame.draw.rect(surface, BALL, r.inflate(6, 6), 3, border_radius=10)
        bag = v.bag_count
        text = tr(self.app, "bag_out", "Bag empty") if v.bag_out else tr(self.app, "bag", "Bag: {n}", n=bag)
        draw.text(surface, self.app.font(15, bold=True), text, self.bag_rect.midleft, hud.ACCENT if v.bag_out else hud.TEXT,
                  anchor="midleft")

    def _draw_stacks(self, surface: pygame.Surface, v: ToradamaState) -> None:
        for seat in range(v.seats):
            r = self.stacks[seat]
            n = len(v.cubes[seat])
            size = r.w - 8
            for i in range(min(n, 8)):
                surface.blit(sprites.cube(size), (r.x + 4, r.bottom - size - 4 - i * size // 7))
            if n == 0:
                surface.blit(sprites.slot(size), (r.x + 4, r.bottom - size - 4))
            top = r.bottom - size - 4 - max(0, min(n, 8) - 1) * size // 7
            draw.text(surface, self.app.font(15, bold=True), f"×{n}", (r.centerx, top - 12), hud.TEXT)
            draw.text(surface, self.app.font(11, bold=True), tr(self.app, "cubes", "cubes"), (r.centerx, top - 28),
                      self.seat_colour(seat))
            if self.selected == CUBE_SOURCE and seat == self.match.to_move and self.can_act:
                pygame.draw.rect(surface, BALL, self._stack_top(seat).inflate(6, 6), 3, border_radius=10)

    def _draw_held(self, surface: pygame.Surface) -> None:
        if self.dragging and self.selected is not None and self.can_act:
            size = self.cell_size - 4
            rect = pygame.Rect(0, 0, size, size)
            rect.center = self.mouse
            self._blit_tile(surface, self.selected if self.selected < KINDS else HIDDEN_CUBE, rect, alpha=200)

    # the animation steps ------------------------------------------------------------------------------
    def _moving_cells(self, step: Any) -> set[int]:
        """Cells the current step draws itself (the static board leaves them out)."""
        if step is None:
            return set()
        st = step[0]
        if st.kind == "fall":
            return {col * ROWS + frm for col, frm, _, _ in st.data[0]}
        if st.kind == "ball":
            return {st.data[1]}
        if st.kind == "chain":
            return {c for g in st.data[1] for c in g[0]}
        if st.kind == "flip":
            return {c for c, _ in st.data[0]}
        if st.kind == "swap":
            return set(st.data)
        if st.kind == "dig":
            return {st.data[0]}
        return set()

    def _draw_step(self, surface: pygame.Surface, v: ToradamaState, st: replay.Step, p: float) -> None:
        painter = getattr(self, f"_paint_{st.kind}", None)
        if painter is not None:
            painter(surface, v, st, p)

    def _paint_place(self, surface: pygame.Surface, v: ToradamaState, st: replay.Step, p: float) -> None:
        """The tile flies from the pool (or the cube pool) to the top of its column, then drops."""
        seat, src, col, row, code = st.data
        start_row = ROWS + 0.4
        top = self.tile_rect(col, start_row)
        fly = replay.PLACE_FLIGHT / st.duration
        if p < fly:
            origin = self.source_rect(seat, src)
            e = ease_in_out(p / fly)
            rect = top.copy()
            rect.center = (origin.centerx + (top.centerx - origin.centerx) * e,
                           origin.centery + (top.centery - origin.centery) * e)
            self._blit_tile(surface, code, rect)
            return
        y = start_row + (row - start_row) * ease_fall_bounce((p - fly) / (1 - fly))
        self._blit_tile(surface, code, self.tile_rect(col, y))

    def _paint_fall(self, surface: pygame.Surface, v: ToradamaState, st: replay.Step, p: float) -> None:
        e = ease_fall_bounce(p)
        for col, frm, to, code in st.data[0]:
            shown_code = code if 0 <= code < KINDS else HIDDEN_CUBE
            self._blit_tile(surface, shown_code, self.tile_rect(col, frm + (to - frm) * e))

    def _paint_ball(self, surface: pygame.Surface, v: ToradamaState, st: replay.Step, p: float) -> None:
        seat, c, kind, dest = st.data
        start = self.cell_rect(c)
        end = self.stacks[dest].center if dest >= 0 and dest in self.stacks else (start.centerx, self.grid.y - 40)
        e = ease_in_out(p)
        lift = math.sin(math.pi * p) * self.cell_size * 0.8
        rect = start.copy()
        rect.center = (start.centerx + (end[0] - start.centerx) * e, start.centery + (end[1] - start.centery) * e - lift)
        self._blit_tile(surface, kind, rect, scale=1.0 - 0.3 * e)

    def _paint_chain(self, surface: pygame.Surface, v: ToradamaState, st: replay.Step, p: float) -> None:
        n, groups = st.data
        flash_end = 0.6
        for cells, kind, taken, big, bonus in groups:
            for c in cells:
                r = self.cell_rect(c)
                if p < flash_end:
                    self._blit_tile(surface, kind, r, scale=1.0 + 0.08 * math.sin(p * 40))
                    glow = int(150 * (0.5 + 0.5 * math.sin(p * 30)))
                    layer = pygame.Surface(r.size, pygame.SRCALPHA)
                    pygame.draw.rect(layer, (255, 255, 255, glow), layer.get_rect(), border_radius=r.w // 6)
                    surface.blit(layer, r.topleft)
                else:
                    self._blit_tile(surface, kind, r, scale=max(0.05, 1 - (p - flash_end) / (1 - flash_end)))
            cx = sum(self.cell_rect(c).centerx for c in cells) / len(cells)
            cy = sum(self.cell_rect(c).centery for c in cells) / len(cells) - ease_in_out(p) * self.cell_size * 0.7
            big_font = self.app.font(max(20, int(self.cell_size * 0.42)), bold=True)
            draw.text(surface, big_font, f"+{taken}", (cx, cy), (255, 236, 160), outline=(40, 24, 8), outline_px=3)
            tags = ([tr(self.app, "bonus.four", "4+")] if big else []) + \
                ([tr(self.app, "bonus.chain", "chain +{n}", n=bonus)] if bonus else [])
            if tags:
                draw.text(surface, self.app.font(max(13, self.cell_size // 5), bold=True), "  ".join(tags),
                          (cx, cy + big_font.get_linesize() * 0.75), (255, 255, 255), outline=(40, 24, 8))
        pop = ease_out_back(min(1.0, p * 3))
        size = max(18, int(self.cell_size * (0.5 + 0.1 * min(n, 4)) * pop))
        label = tr(self.app, "chain", "Chain {n}!", n=n)
        draw.text(surface, self.app.font(size, bold=True), label, (self.grid.centerx, self.grid.y + self.grid.h * 0.22),
                  (255, 236, 160), outline=(60, 30, 10), outline_px=3)

    def _paint_flip(self, surface: pygame.Surface, v: ToradamaState, st: replay.Step, p: float) -> None:
        for c, face in st.data[0]:
            turn = abs(math.cos(math.pi * p))
            self._blit_tile(surface, HIDDEN_CUBE if p < 0.5 else face, self.cell_rect(c), scale_x=max(0.04, turn))

    def _paint_swap(self, surface: pygame.Surface, v: ToradamaState, st: replay.Step, p: float) -> None:
        a, b = st.data
        ra, rb = self.cell_rect(a), self.cell_rect(b)
        e = ease_in_out(p)
        for src, dst, code in ((ra, rb, v.cells[a]), (rb, ra, v.cells[b])):
            r = src.copy()
            r.center = (src.centerx + (dst.centerx - src.centerx) * e, src.centery + (dst.centery - src.centery) * e)
            self._blit_tile(surface, code, r)

    def _paint_dig(self, surface: pygame.Surface, v: ToradamaState, st: replay.Step, p: float) -> None:
        c, code = st.data
        r = self.cell_rect(c).move(0, -round(p * self.cell_size))
        self._blit_tile(surface, code, r, alpha=round(255 * (1 - p)))

    def _paint_give(self, surface: pygame.Surface, v: ToradamaState, st: replay.Step, p: float) -> None:
        seat, src, kind, receiver = st.data
        start = self.source_rect(seat, src)
        card = self.cards.get(receiver)
        end = (card.x + 30, card.y + 100) if card is not None else (start.centerx, start.bottom + 60)
        e = ease_in_out(p)
        rect = start.copy()
        rect.center = (start.centerx + (end[0] - start.centerx) * e, start.centery + (end[1] - start.centery) * e)
        self._blit_tile(surface, kind, rect, scale=1 - 0.4 * e, alpha=round(255 * (1 - 0.5 * e)))

    def _paint_draw(self, surface: pygame.Surface, v: ToradamaState, st: replay.Step, p: float) -> None:
        code, to = st.data
        if code < KINDS:
            slot_rect = self.pool_slots[min(len(v.pool), 2)]
            self._blit_tile(surface, code, slot_rect, scale=max(0.05, ease_out_back(p)))
        else:
            size = self.cell_size // 2
            img = sprites.niku(size)
            x = self.bag_rect.x + (self.panel_rect.x - self.bag_rect.x) * ease_in_out(p)
            surface.blit(img, (x, self.bag_rect.y - p * self.cell_size))

    def _paint_return(self, surface: pygame.Surface, v: ToradamaState, st: replay.Step, p: float) -> None:
        for i, r in enumerate(self.pool_slots[: len(v.pool)]):
            layer = pygame.Surface(r.size, pygame.SRCALPHA)
            layer.fill((*self.app.BG, round(255 * p)))
            surface.blit(layer, r.topleft)

    def _paint_okunote(self, surface: pygame.Surface, v: ToradamaState, st: replay.Step, p: float) -> None:
        seat, c, cost = st.data
        text = tr(self.app, "okunote_banner", "{character}: okunote!", character=character_name(self.app, c))
        self._banner(surface, text, p, sprites.face(c, self.cell_size))

    def _paint_bagout(self, surface: pygame.Surface, v: ToradamaState, st: replay.Step, p: float) -> None:
        self._banner(surface, tr(self.app, "toast.bagout", "The bag is empty: no more refills from now on."), p)

    def _banner(self, surface: pygame.Surface, text: str, p: float, icon: pygame.Surface | None = None) -> None:
        alpha = min(1.0, p * 5, (1 - p) * 5)
        font = draw.fit_text(self.app.font, text, self.grid.w + 2 * self.cell_size, max(18, self.cell_size // 3), 12, bold=True)
        w = font.size(text)[0] + 40 + (icon.get_width() + 10 if icon else 0)
        h = max(font.get_linesize() + 24, icon.get_height() + 12 if icon else 0)
        rect = pygame.Rect(0, 0, w, h)
        rect.center = self.grid.center
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        draw.rounded_panel(layer, layer.get_rect(), (30, 36, 46, 235), 12, border=hud.ACCENT, border_width=2)
        x = 20
        if icon is not None:
            layer.blit(icon, (x - 8, (h - icon.get_height()) // 2))
            x += icon.get_width() + 2
        draw.text(layer, font, text, (x, h // 2), hud.ACCENT, anchor="midleft")
        layer.set_alpha(round(255 * alpha))
        surface.blit(layer, rect.topleft)

    # panel and the character choice -------------------------------------------------------------------
    def _panel_surface(self, v: ToradamaState) -> pygame.Surface:
        p = self.panel_rect
        mover = None if self.match.is_over else self.match.to_move
        key = (p.size, self.rules.fingerprint(v), mover, self.app.settings.language, self.highscore_place,
               tuple(self.seat_name(i) for i in range(v.seats)))
        if self._panel_cache is not None and self._panel_cache[0] == key:
            return self._panel_cache[1]
        surf = pygame.Surface(p.size, pygame.SRCALPHA)
        for seat, rect in self.cards.items():
            panel.paint_card(self.app, surf, rect.move(-p.x, -p.y), v, seat, self.seat_name(seat), self.seat_colour(seat),
                             seat == mover)
        if v.seats == 1:
            card = self.cards[0]
            best_rect = pygame.Rect(0, card.bottom - p.y + 10, p.w, min(170, p.h - card.h - 2 * 44 - 40))
            if best_rect.h > 60:
                panel.paint_solo_best(self.app, surf, best_rect, self._best_scores(), self.highscore_place)
        self._panel_cache = (key, surf)
        return surf

    def _best_scores(self) -> list[highscores.Entry]:
        if self._best is None:
            try:
                self._best = highscores.top("toradama/solo")
            except OSError:
                self._best = []
        return self._best

    def _draw_choice(self, surface: pygame.Surface) -> None:
        draw.dim(surface, 170)
        s = self.state
        r = self.board_rect
        title = tr(self.app, "choose.title", "{name}, choose your character", name=self.seat_name(s.current))
        draw.text(surface, draw.fit_text(self.app.font, title, r.w - 40, 28, 14, bold=True), title, (r.centerx, r.y + 40),
                  hud.ACCENT)
        hinted = self.hint_move.character if type(self.hint_move) is Choose else None
        for c, rect in enumerate(self.char_cards):
            taken = c in s.chars
            hover = rect.collidepoint(self.mouse) and not taken
            border = hud.HINT if c == hinted else hud.ACCENT if hover else (70, 80, 98)
            draw.rounded_panel(surface, rect, (44, 52, 66) if hover else (33, 39, 50), 12,
                               border=border, border_width=3 if c == hinted else 2 if hover else 1)
            if c == hinted:
                hud.hint_tag(surface, self.app, (rect.centerx, rect.y - 4))
            icon = max(24, min(rect.w - 40, 72, rect.h // 3))
            surface.blit(sprites.face(c, icon), (rect.centerx - icon // 2, rect.y + 8))
            y = rect.y + icon + 18
            draw.text(surface, self.app.font(18, bold=True), character_name(self.app, c), (rect.centerx, y), hud.TEXT)
            y += 16
            fav = sprites.tama(c, 22)
            surface.blit(fav, (rect.centerx - 11, y))
            y += 34
            for line in draw.wrap(self.app.font(12), okunote_text(self.app, c), rect.w - 14):
                if y + 8 > rect.bottom:
                    break
                draw.text(surface, self.app.font(12), line, (rect.centerx, y), hud.MUTED)
                y += 15
            if taken:
                layer = pygame.Surface(rect.size, pygame.SRCALPHA)
                layer.fill((10, 12, 16, 170))
                surface.blit(layer, rect.topleft)
                draw.text(surface, self.app.font(16, bold=True), tr(self.app, "choose.taken", "taken"), rect.center, hud.MUTED)

    # --- the tutorial and the tips (hexgames/ui/tutorial.py) -------------------------------------------
    def input_points(self, move: Any) -> list[Any]:
        from hexgames.games.toradama import inputs

        return inputs.input_points(self, move)

    def tip_regions(self) -> list[tuple[pygame.Rect, str]]:
        from hexgames.games.toradama import inputs

        return inputs.tip_regions(self)
