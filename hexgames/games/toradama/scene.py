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
- Nothing is written over the columns: the turn banner narrates the animation (`narration`), the
  chain counter and the okunote call-out sit beside the board on the mover's side, and messages go to
  the shared message strip (`toast`). All of it is laid out from board_rect / panel_rect.
- Either player may resign at any time (RULES.md §3.7): against the computer the human presses Resign
  twice (also while the computer thinks); in hot-seat Resign asks whose card to pick, which confirms.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Callable, ClassVar

import pygame
import pygame_gui

from hexgames.core import highscores
from hexgames.core.protocol import Resignation
from hexgames.games.toradama import choice, inputs, narration, pieces, replay, view_board, view_hand, view_panel
from hexgames.games.toradama.board import COLS, EMPTY, HIDDEN_CUBE, KINDS, ROWS, SHARED_COLUMN, cell
from hexgames.games.toradama.moves import (
    CUBE_SOURCE, OKUNOTE_MOVES, Choose, Clear, Dig, Flip, Give, Place, Reroll, Swap, Triple,
)
from hexgames.games.toradama.layout import TableLayout
from hexgames.games.toradama.look import AREA_TINTS, BALL, GRID_BG, GRID_LINE, LEGAL, RESIGN, character_name, seat_colour, tr_ui
from hexgames.games.toradama.rules import (
    CHOOSE, OVER, PLACING, PRIVATE, START, ToradamaState,
)
from hexgames.ui import draw, hud
from hexgames.ui.anim import Animator, Tween, ease_fall_bounce, ease_in_out, ease_out_back, linear
from hexgames.ui.game_scene import GameScene, part_attribute

if TYPE_CHECKING:
    from hexgames.app import App
    from hexgames.core.match import Match

CONFIRM_SECONDS = 3.0  # a first press of Resign waits this long for the second
PICK_SECONDS = 8.0  # hot-seat: a first press of Resign waits this long for a player's card


def _layout(name: str, doc: str) -> property:
    return part_attribute("geo", name, doc)


def _selection(name: str, doc: str) -> property:
    return part_attribute("selection", name, doc, settable=True)


class ToradamaScene(GameScene):
    """Board, pool, cube pools and player cards; input becomes Toradama moves."""

    PAINTERS: ClassVar[dict[str, Callable[..., None]]]  # animation step kind -> its painter (set below)
    selected = _selection("selected", "The source picked: a pool kind 0..4 or CUBE_SOURCE.")
    dragging = _selection("dragging", "The picked tile follows the pointer.")
    ball = _selection("ball", "The clear ball marked by a first click.")
    targeting = _selection("targeting", "The okunote waiting for its cell or column.")
    swap_first = _selection("swap_first", "The swap's first cell.")
    mouse = _selection("mouse", "The pointer, as the last event left it.")
    mirrored = _layout("mirrored", "Seat 2's columns on the left: the one player at this screen sits there.")
    left_seat = _layout("left_seat", "The seat whose columns and cube pool are on the left.")
    cell_size = _layout("cell_size", "A grid cell's side.")
    grid = _layout("grid", "The 5x6 grid.")
    stacks = _layout("stacks", "Each seat's cube pool.")
    pool_slots = _layout("pool_slots", "The pool's three slots.")
    bag_rect = _layout("bag_rect", "The bag's count, right of the pool.")
    side_boxes = _layout("side_boxes", "Beside the board on each seat's side: the call-outs.")
    cards = _layout("cards", "Each player's card in the side panel.")
    display_col = _layout("display_col", "Where a column is drawn, counted from the left.")
    cell_rect = _layout("cell_rect", "A cell's tile on screen.")
    tile_rect = _layout("tile_rect", "A tile at a (possibly fractional) row of a column.")
    column_at = _layout("column_at", "The column under a point (the grid and a row above).")
    cell_at = _layout("cell_at", "The cell under a point.")

    def __init__(self, app: "App", match: "Match"):
        super().__init__(app, match)
        self.selection = inputs.Selection()
        self.board_view = view_board.BoardView(app)
        self.hand_view = view_hand.HandView(app)
        self.panel_view = view_panel.PanelView(app)
        self.resign_armed = 0.0  # seconds left to confirm a resignation (hot-seat: to pick whose)
        self.last_turn: tuple[int, set[int]] = (-1, set())  # the latest mover and the cells they filled
        self.shown: ToradamaState | None = None  # the public position while an animation plays
        self.timeline: list[tuple[Tween, replay.Step]] = []
        self.fx = Animator(speed=lambda: self.app.settings.anim_speed)
        self._choice: tuple[Any, choice.ChoiceLayout] | None = None
        self.okunote_button: Any = None
        self.give_button: Any = None
        self.resign_button: Any = None
        self._best: list[highscores.Entry] | None = None
        self.layout()

    # --- reading ----------------------------------------------------------------------------------
    @property
    def state(self) -> ToradamaState:
        return self.match.state

    def view(self) -> ToradamaState:
        """What is drawn: the shown position while animating, else the public view of the state."""
        if self.shown is not None:
            return self.shown
        return self.cached("view", lambda: self.rules.observe(self.state, 0))

    def legal(self) -> list[Any]:
        return self.cached("legal", lambda: list(self.rules.legal_moves(self.state)))

    def seat_colour(self, seat: int) -> tuple[int, int, int]:
        return seat_colour(seat)

    # --- geometry: the layout's ---------------------------------------------------------------------
    def layout(self) -> None:
        # The one player at this screen sits at seat 2 (against the computer, or online): the board
        # is drawn mirrored, so their columns are on their side. Set with the rest of the geometry,
        # again once an online table drives the scene.
        s = self.match.state
        mirrored = s.seats == 2 and self.table.screen_seats == (1,)
        self.geo = TableLayout.fit(self.board_rect, self.panel_rect, s.seats, mirrored)
        self._choice = None
        self.panel_view.forget()

    def choice_layout(self) -> choice.ChoiceLayout:
        """The character cards for this board area and language (computed once for each)."""
        key = (tuple(self.board_rect), self.app.settings.language)
        if self._choice is None or self._choice[0] != key:
            self._choice = (key, choice.layout(self.app, self.board_rect))
        return self._choice[1]

    @property
    def char_cards(self) -> list[pygame.Rect]:
        return self.choice_layout().cards

    def source_rect(self, seat: int, src: int) -> pygame.Rect:
        v = self.view()
        return self.geo.source_rect(seat, src, v.pool, len(v.cubes[seat]))

    def _stack_top(self, seat: int) -> pygame.Rect:
        return self.geo.stack_top(seat, len(self.view().cubes[seat]))

    # --- widgets --------------------------------------------------------------------------------------
    def build_widgets(self) -> None:
        from pygame_gui.core import ObjectID
        from pygame_gui.elements import UIButton

        geo = self.geo
        self.okunote_button = UIButton(pygame.Rect(geo.okunote), tr_ui(self.app, "okunote.label", "Okunote"), self.app.ui,
                                       object_id=ObjectID(class_id="@primary"))
        self.give_button = UIButton(pygame.Rect(geo.give), tr_ui(self.app, "give", "Give away"), self.app.ui)
        self.resign_button = UIButton(pygame.Rect(geo.resign), tr_ui(self.app, "resign", "Resign"),
                                      self.app.ui, object_id=ObjectID(class_id="@danger"))
        self.widgets += [self.okunote_button, self.give_button, self.resign_button]
        self._sync_widgets()

    def okunote_moves(self) -> list[Any]:
        return [m for m in self.legal() if type(m) in OKUNOTE_MOVES]

    def _sync_widgets(self) -> None:
        live = self.can_act and self.state.phase in (START, PLACING)
        for widget, enabled in ((self.okunote_button, live and bool(self.okunote_moves())),
                                (self.give_button, live and self.selected is not None),
                                (self.resign_button, self.can_resign)):
            if widget is None:
                continue
            if enabled and not widget.is_enabled:
                widget.enable()
            elif not enabled and widget.is_enabled:
                widget.disable()
        at_screen = self.viewer if self.viewer is not None else self.match.to_move  # the button is theirs
        c = self.state.chars[at_screen] if self.state.phase != CHOOSE else -1
        if self.okunote_button is not None:
            text = tr_ui(self.app, "okunote_of", "Okunote: {name}", name=character_name(self.app, c)) if c >= 0 else \
                tr_ui(self.app, "okunote.label", "Okunote")
            if self.okunote_button.text != text:
                self.okunote_button.set_text(text)
        if self.resign_button is not None:
            if self.resign_armed <= 0:
                text = tr_ui(self.app, "resign", "Resign")
            elif self.resign_picking:
                text = tr_ui(self.app, "resign_cancel", "Cancel")
            else:
                text = tr_ui(self.app, "resign_confirm", "Really resign?")
            if self.resign_button.text != text:
                self.resign_button.set_text(text)

    # --- input ------------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and (self.selection.busy or self.resign_armed):
            self.clear_selection()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.okunote_button:
                return self.use_okunote()
            if event.ui_element is self.give_button:
                return self.give()
            if event.ui_element is self.resign_button:
                return self.press_resign()
        if self.resign_armed and self.resign_picking and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            seat = self.geo.card_at(event.pos)  # hot-seat: the card of the player who gives up; elsewhere cancels
            self.resign_armed = 0.0
            return self.resign_seat(seat) if seat is not None else True
        return super().handle(event)

    def clear_selection(self) -> None:
        """Drop all input state of the player at the screen (GameScene hook: on undo and whenever
        the screen changes hands): the picked tile, a drag, the marked clear ball, an okunote waiting
        for its target, a Resign waiting to be confirmed, and the hover."""
        self.selection.clear()
        self.resign_armed = 0.0

    def handle_game_event(self, event: pygame.event.Event) -> bool:
        sel = self.selection
        if event.type == pygame.MOUSEMOTION:
            sel.mouse = event.pos
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            sel.mouse = event.pos
            if self.is_animating():
                self.skip_animation()
                return True
            if not self.can_act:
                return False
            return self._press(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and sel.dragging:
            move = inputs.release(self.geo, sel, event.pos)
            return move is not None and self.can_act and self._submit_checked(move)
        return False

    def _press(self, pos: tuple[int, int]) -> bool:
        """A click of the player who may move: a character chosen, or what `inputs.press` proposes."""
        if self.state.phase == CHOOSE:
            chosen = inputs.character_at(self.char_cards, pos)
            return chosen is not None and self.submit(chosen)
        done = inputs.press(self.geo, self.selection, self.view(), self.match.to_move, pos)
        if isinstance(done, bool):
            return done
        if done == inputs.PICK_FIRST:
            self.toast(tr_ui(self.app, "hint.pick", "Pick a pool tile or your cube pool first, or click a tama to clear it."))
            return True
        if type(done) is Clear:
            return self.pick_ball(done.cell)
        return self._submit_checked(done)

    def pick_ball(self, c: int) -> bool:
        """The first click marks the clear ball, the second clears (a clearing cannot be undone)."""
        reason = self.rules.check(self.state, Clear(c))
        if reason is not None:
            self.toast(self.app.tr_reason(reason), error=True)
            return False
        if self.selection.ball != c:
            self.selection.ball = c
            return True
        self.selection.drop()
        return self.submit(Clear(c))

    def give(self) -> bool:
        sel = self.selection
        if sel.selected is None or not self.can_act:
            return False
        move = Give(sel.selected)
        sel.drop()
        return self.submit(move)

    # resigning -----------------------------------------------------------------------------------
    @property
    def humans(self) -> list[int]:
        """The players at this screen, who may resign here (online, only this screen's own)."""
        return list(self.table.screen_seats)

    @property
    def can_resign(self) -> bool:
        """A human may resign now: any time the game is on, also during the other's turn."""
        return not self.match.is_over and bool(self.humans) and self.app.scenes.top is self

    @property
    def resign_picking(self) -> bool:
        """Hot-seat: Resign was pressed and waits for the card of the player who gives up."""
        return len(self.humans) >= 2

    def press_resign(self) -> bool:
        """The Resign button. Against the computer (or alone) a second press within a few seconds
        resigns; in hot-seat the press asks whose card to click (pressed again: cancelled)."""
        if not self.can_resign:
            return False
        if self.resign_armed <= 0:
            self.selection.drop()
            self.resign_armed = PICK_SECONDS if self.resign_picking else CONFIRM_SECONDS
            return True
        self.resign_armed = 0.0
        return True if self.resign_picking else self.resign_seat(self.humans[0])

    def resign_seat(self, seat: int) -> bool:
        """`seat` gives up now (the shared path: kept, saved and replayed like a move)."""
        self.skip_animation()
        return self.resign(seat)

    def use_okunote(self) -> bool:
        moves = self.okunote_moves()
        if not self.can_act or not moves:
            return False
        sel = self.selection
        sel.drop()
        kind = type(moves[0])
        if kind in (Reroll, Triple):
            return self.submit(moves[0])
        sel.targeting = inputs.TARGETING[kind]
        self.toast(tr_ui(self.app, f"hint.{sel.targeting}", sel.targeting))
        return True

    def show_hint(self, move: Any) -> None:
        """The hint as the player's own selection: a tile to place is picked up and ghosted in its
        column (a click on the column plays it), a clear ball is marked (a click on it clears), a
        character card is lit (a click chooses it); an okunote's cells are ringed and other moves
        told in words."""
        sel = self.selection
        sel.drop()
        if type(move) in (Place, Give):
            sel.selected = move.src
        elif type(move) is Clear:
            sel.ball = move.cell
        if type(move) not in (Place, Clear, Choose):
            super().show_hint(move)

    def _submit_checked(self, move: Any) -> bool:
        """Submit `move`, dropping the selection only if it is legal (a refused move keeps it)."""
        reason = self.rules.check(self.state, move)
        if reason is not None:
            self.toast(self.app.tr_reason(reason), error=True)
            return False
        self.selection.drop()
        return self.submit(move)

    # --- match events -----------------------------------------------------------------------------------
    def on_move_played(self, before: Any, move: Any, after: Any, by_ai: bool) -> None:
        self.selection.drop()
        seat = move.seat if isinstance(move, Resignation) else self.rules.to_move(before)
        self._remember_placements(after.events or [], seat)
        self._announce(after.events or [], seat, said=by_ai)
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
        self.panel_view.forget()

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
        return view_panel.chart_panels(self.app, states, self.seat_name)

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
            self.panel_view.forget()
            if self.timeline and self.timeline[-1][1] is step:
                self.shown = None
                self.timeline = []
        return done

    def _announce(self, events: list[tuple], seat: int, said: bool = False) -> None:
        """Toasts for what both players must hear: a character chosen, an okunote, the bag-out. A
        move of the computer (or of a player at another screen) is `said` in the message strip
        already, character and okunote included: only the bag-out, which no move names, is toasted."""
        for e in events:
            if said and e[0] in ("choose", "okunote"):
                continue
            if e[0] == "choose":
                self.toast(tr_ui(self.app, "toast.chose", "{name} plays {character}.", name=self.seat_name(e[1]),
                              character=character_name(self.app, e[2])))
            elif e[0] == "okunote":
                self.toast(tr_ui(self.app, "toast.okunote", "{name} uses the okunote of {character}.",
                              name=self.seat_name(e[1]), character=character_name(self.app, e[2])))
            elif e[0] == "bagout":
                self.toast(tr_ui(self.app, "toast.bagout", "The bag is empty: no more refills from now on."))

    def skip_animation(self) -> None:
        self.animator.finish_all()
        self.shown = None
        self.timeline = []

    def _record_highscore(self, s: ToradamaState) -> None:
        self.record_highscore(self.rules.highscore_key(s), [s.points(0)])
        self._best = None  # the table may have changed (an entry of this match replaced): read it again

    def on_undo(self) -> None:
        self.clear_selection()
        self.last_turn = (-1, set())
        self.shown = None
        self.timeline = []
        self.panel_view.forget()

    def update_game(self, dt: float) -> None:
        self.fx.update(dt)
        if self.resign_armed > 0:
            self.resign_armed = max(0.0, self.resign_armed - dt) if self.can_resign else 0.0
        if self.selection.busy and not self.can_act:
            self.selection.drop()
        self._sync_widgets()

    def banner_text(self) -> str:
        """What happens now (GameScene hook): while a move is shown, the step on screen in words
        (placing, falling, "Chain 2!", cubes turning over...); whose turn it is, or that the game is
        over, only once the last step has played; a Resign waiting for its confirmation; the prompt
        of the player at the screen."""
        m, s = self.match, self.state
        if self.resign_armed > 0 and not m.is_over:
            if self.resign_picking:
                return tr_ui(self.app, "banner.resign_pick", "Who resigns? Click that player's card (Esc: cancel)")
            return tr_ui(self.app, "banner.resign_confirm", "Press Resign again to give up (Esc: cancel)")
        step = self.current_step()
        if step is not None:
            return narration.step_words(self.app, step[0], self.view(), self.seat_name)
        if m.is_over or not m.seat_to_move.is_human:
            return super().banner_text()
        name = self.seat_name(m.to_move)
        if s.phase == CHOOSE:
            return tr_ui(self.app, "banner.choose", "{name}: choose your character", name=name)
        if self.targeting is not None:
            return tr_ui(self.app, f"hint.{self.targeting}", self.targeting)
        if self.ball is not None:
            return tr_ui(self.app, "banner.ball", "{name}: click the marked tama again to clear with it", name=name)
        one = "_one" if s.to_place == 1 else ""
        if s.phase == PLACING:
            return tr_ui(self.app, f"banner.placing{one}", "{name}: place {n} more tiles", name=name, n=s.to_place)
        return tr_ui(self.app, f"banner.start{one}", "{name}: place {n} tiles or clear a ball", name=name, n=s.to_place)

    def banner_seat(self) -> int | None:
        """While a move is shown the banner narrates it, beside its mover's chip (GameScene hook)."""
        step = self.current_step()
        if step is None:
            return super().banner_seat()
        st = step[0]
        if st.kind == "end" and st.data[0] == "win":
            return st.data[1] if st.data[1] in (0, 1) else None  # the winner's chip; none for a draw
        return st.mover

    # --- drawing ------------------------------------------------------------------------------------------
    def current_step(self) -> tuple[replay.Step, float] | None:
        for tw, st in self.timeline:
            if not tw.done:
                return st, tw.progress
        return None

    def draw_game(self, surface: pygame.Surface) -> None:
        v = self.view()
        step = self.current_step()
        self.board_view.draw(surface, self.geo, self._board_shown(v, step))
        self.hand_view.draw(surface, self.geo, self._hand_shown(v, step))
        self.panel_view.draw(surface, self.geo, self._panel_shown(v))
        if self.resign_armed > 0 and self.resign_picking:
            self._draw_resign_pick(surface)
        if step is not None:
            self._draw_step(surface, v, *step)
            self._draw_call_out(surface)
        self._draw_held(surface)
        if self.state.phase == CHOOSE and not self.is_animating():
            self._draw_choice(surface)

    def _board_shown(self, v: ToradamaState, step: tuple[replay.Step, float] | None) -> view_board.BoardShown:
        """The position on screen, the cells the step on show moves, the last turn's placements (once
        no move is shown) and what the player at the screen may do now."""
        seat, placed = self.last_turn
        marks = (seat, frozenset(placed)) if self.shown is None and seat >= 0 else None
        names = tuple(self.seat_name(i) for i in range(v.seats))
        return view_board.BoardShown(tuple(v.cells), names, frozenset(self._moving_cells(step)), marks,
                                     self._board_hints())

    def _board_hints(self) -> view_board.BoardHints | None:
        if not self.can_act or self.state.phase == CHOOSE:
            return None
        sel = self.selection
        targets: frozenset[int] = frozenset()
        if sel.selected is not None and self.app.settings.show_targets:
            targets = frozenset(m.col for m in self.legal() if type(m) is Place and m.src == sel.selected)
        clearable = None
        if sel.ball is None and sel.selected is None and sel.targeting is None:
            c = self.geo.cell_at(sel.mouse)
            clearable = c if c is not None and Clear(c) in self.legal() else None
        return view_board.BoardHints(sel.mouse, sel.selected, targets, sel.ball, clearable, sel.swap_first,
                                     self.hint_move)

    def _hand_shown(self, v: ToradamaState, step: tuple[replay.Step, float] | None) -> view_hand.HandShown:
        """The pool as shown (a tile flying from it to the board left out) and the cube pools."""
        pool = list(v.pool)
        if step is not None and step[0].kind in ("place", "give") and step[0].data[1] != CUBE_SOURCE:
            if step[0].data[1] in pool:
                pool.remove(step[0].data[1])
        picked = self.selection.selected if self.can_act else None
        return view_hand.HandShown(tuple(pool), v.bag_count, v.bag_out, tuple(len(c) for c in v.cubes[:v.seats]),
                                   picked, self.match.to_move)

    def _draw_held(self, surface: pygame.Surface) -> None:
        if self.dragging and self.selected is not None and self.can_act:
            size = self.cell_size - 4
            rect = pygame.Rect(0, 0, size, size)
            rect.center = self.mouse
            pieces.blit_tile(surface, self.selected if self.selected < KINDS else HIDDEN_CUBE, rect, alpha=200)

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
        painter = self.PAINTERS.get(st.kind)
        if painter is not None:
            painter(self, surface, v, st, p)

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
            pieces.blit_tile(surface, code, rect)
            return
        y = start_row + (row - start_row) * ease_fall_bounce((p - fly) / (1 - fly))
        pieces.blit_tile(surface, code, self.tile_rect(col, y))

    def _paint_fall(self, surface: pygame.Surface, v: ToradamaState, st: replay.Step, p: float) -> None:
        e = ease_fall_bounce(p)
        for col, frm, to, code in st.data[0]:
            shown_code = code if 0 <= code < KINDS else HIDDEN_CUBE
            pieces.blit_tile(surface, shown_code, self.tile_rect(col, frm + (to - frm) * e))

    def _paint_ball(self, surface: pygame.Surface, v: ToradamaState, st: replay.Step, p: float) -> None:
        seat, c, kind, dest = st.data
        start = self.cell_rect(c)
        end = self.stacks[dest].center if dest >= 0 and dest in self.stacks else (start.centerx, self.grid.y - 40)
        e = ease_in_out(p)
        lift = math.sin(math.pi * p) * self.cell_size * 0.8
        rect = start.copy()
        rect.center = (start.centerx + (end[0] - start.centerx) * e, start.centery + (end[1] - start.centery) * e - lift)
        pieces.blit_tile(surface, kind, rect, scale=1.0 - 0.3 * e)

    def _paint_chain(self, surface: pygame.Surface, v: ToradamaState, st: replay.Step, p: float) -> None:
        """The groups flash, then shrink away; what they give shows beside the board (`_draw_call_out`)."""
        flash_end = 0.6
        for cells, kind, taken, big, bonus in st.data[1]:
            for c in cells:
                r = self.cell_rect(c)
                if p < flash_end:
                    pieces.blit_tile(surface, kind, r, scale=1.0 + 0.08 * math.sin(p * 40))
                    glow = int(150 * (0.5 + 0.5 * math.sin(p * 30)))
                    layer = pygame.Surface(r.size, pygame.SRCALPHA)
                    pygame.draw.rect(layer, (255, 255, 255, glow), layer.get_rect(), border_radius=r.w // 6)
                    surface.blit(layer, r.topleft)
                else:
                    pieces.blit_tile(surface, kind, r, scale=max(0.05, 1 - (p - flash_end) / (1 - flash_end)))

    def _paint_flip(self, surface: pygame.Surface, v: ToradamaState, st: replay.Step, p: float) -> None:
        for c, face in st.data[0]:
            turn = abs(math.cos(math.pi * p))
            pieces.blit_tile(surface, HIDDEN_CUBE if p < 0.5 else face, self.cell_rect(c), scale_x=max(0.04, turn))

    def _paint_swap(self, surface: pygame.Surface, v: ToradamaState, st: replay.Step, p: float) -> None:
        a, b = st.data
        ra, rb = self.cell_rect(a), self.cell_rect(b)
        e = ease_in_out(p)
        for src, dst, code in ((ra, rb, v.cells[a]), (rb, ra, v.cells[b])):
            r = src.copy()
            r.center = (src.centerx + (dst.centerx - src.centerx) * e, src.centery + (dst.centery - src.centery) * e)
            pieces.blit_tile(surface, code, r)

    def _paint_dig(self, surface: pygame.Surface, v: ToradamaState, st: replay.Step, p: float) -> None:
        c, code = st.data
        r = self.cell_rect(c).move(0, -round(p * self.cell_size))
        pieces.blit_tile(surface, code, r, alpha=round(255 * (1 - p)))

    def _paint_give(self, surface: pygame.Surface, v: ToradamaState, st: replay.Step, p: float) -> None:
        seat, src, kind, receiver = st.data
        start = self.source_rect(seat, src)
        card = self.cards.get(receiver)
        end = (card.x + 30, card.y + 100) if card is not None else (start.centerx, start.bottom + 60)
        e = ease_in_out(p)
        rect = start.copy()
        rect.center = (start.centerx + (end[0] - start.centerx) * e, start.centery + (end[1] - start.centery) * e)
        pieces.blit_tile(surface, kind, rect, scale=1 - 0.4 * e, alpha=round(255 * (1 - 0.5 * e)))

    def _paint_draw(self, surface: pygame.Surface, v: ToradamaState, st: replay.Step, p: float) -> None:
        code, to = st.data
        if code < KINDS:
            slot_rect = self.pool_slots[min(len(v.pool), 2)]
            pieces.blit_tile(surface, code, slot_rect, scale=max(0.05, ease_out_back(p)))
        else:
            size = self.cell_size // 2
            img = pieces.niku(size)
            x = self.bag_rect.x + (self.panel_rect.x - self.bag_rect.x) * ease_in_out(p)
            surface.blit(img, (x, self.bag_rect.y - p * self.cell_size))

    def _paint_return(self, surface: pygame.Surface, v: ToradamaState, st: replay.Step, p: float) -> None:
        for i, r in enumerate(self.pool_slots[: len(v.pool)]):
            layer = pygame.Surface(r.size, pygame.SRCALPHA)
            layer.fill((*self.app.BG, round(255 * p)))
            surface.blit(layer, r.topleft)

    def _paint_bagout(self, surface: pygame.Surface, v: ToradamaState, st: replay.Step, p: float) -> None:
        """The bag's label beside the pool lights up as it runs out (the banner and a message say it)."""
        text = tr_ui(self.app, "bag_out", "Bag empty")
        font = self.app.font(max(15, self.cell_size // 5), bold=True)
        rect = pygame.Rect(self.bag_rect.x - 6, self.bag_rect.centery - font.get_linesize() // 2 - 4,
                           font.size(text)[0] + 12, font.get_linesize() + 8)
        pulse = 0.5 + 0.5 * math.sin(p * math.pi * 6)
        draw.rounded_panel(surface, rect, self.app.BG, 8, border=hud.ACCENT, border_width=1 + round(2 * pulse))
        draw.text(surface, font, text, (rect.x + 6, rect.centery), hud.ACCENT, anchor="midleft")

    # call-outs beside the board -----------------------------------------------------------------------
    def _call_out_step(self) -> tuple[replay.Step, float, bool] | None:
        """The chain or okunote of the move on show to call out: the current step, or the latest
        one before it (a chain's count stays through the falls and flips after it), with its
        progress and whether it is the one playing now."""
        found = None
        for tw, st in self.timeline:
            if st.kind in ("chain", "okunote"):
                found = (st, tw.progress, not tw.done)
            if not tw.done:
                break
        return found

    def _draw_call_out(self, surface: pygame.Surface) -> None:
        """Beside the board on the mover's side, never over the columns: "Chain 2!" and what each
        group gave, or the character whose okunote is used."""
        note = self._call_out_step()
        box = self.side_boxes.get(note[0].mover) if note is not None else None
        if note is None or box is None or box.w < 48 or box.h < 36:
            return
        st, p, live = note
        pop = ease_out_back(min(1.0, p * 3)) if live else 1.0
        if st.kind == "okunote":
            self._call_out_okunote(surface, box, st, pop)
            return
        label = tr_ui(self.app, "chain", "Chain {n}!", n=st.data[0])
        start = max(14, round(self.cell_size * (0.36 + 0.05 * min(st.data[0], 4)) * max(0.3, pop)))
        font = draw.fit_text(self.app.font, label, box.w - 6, start, 12, bold=True)
        y = box.y + font.get_linesize() // 2 + 4
        draw.text(surface, font, label, (box.centerx, y), (255, 236, 160), outline=(60, 30, 10), outline_px=2)
        y += font.get_linesize() // 2 + 8
        for cells, kind, taken, big, bonus in st.data[1]:
            tags = [f"+{taken * self.view().tile_value(st.mover, kind)}"] + \
                ([tr_ui(self.app, "bonus.four", "4+")] if big else []) + \
                ([tr_ui(self.app, "bonus.chain", "chain +{n}", n=bonus)] if bonus else [])
            text = "  ".join(tags)
            small = draw.fit_text(self.app.font, text, box.w - 30, max(13, self.cell_size // 4), 12, bold=True)
            h = small.get_linesize()
            if y + h > box.bottom:
                break
            width = h + 4 + small.size(text)[0]
            x = box.centerx - width // 2
            surface.blit(pieces.tama(kind, h), (x, y))
            draw.text(surface, small, text, (x + h + 4, y + h // 2), hud.TEXT, anchor="midleft")
            y += h + 4

    def _call_out_okunote(self, surface: pygame.Surface, box: pygame.Rect, st: replay.Step, pop: float) -> None:
        seat, c, cost = st.data
        icon = max(16, min(box.w - 12, box.h // 2, self.cell_size))
        size = max(8, round(icon * pop))
        surface.blit(pieces.face(c, size), (box.centerx - size // 2, box.y + 4 + (icon - size) // 2))
        text = tr_ui(self.app, "okunote_banner", "{character}: okunote!", character=character_name(self.app, c))
        font, lines = draw.fit_wrapped(self.app.font, text, box.w - 6, 2, max(14, self.cell_size // 3), 12, bold=True)
        y = box.y + icon + 10
        for line in lines[:2]:
            draw.text(surface, font, line, (box.centerx, y), hud.ACCENT, anchor="midtop")
            y += font.get_linesize()

    def _draw_resign_pick(self, surface: pygame.Surface) -> None:
        """Hot-seat, Resign pressed: each player's card is washed red and ringed, to be clicked by the
        player who gives up."""
        pulse = 0.5 + 0.5 * math.sin(self.app.clock_time * 6)
        label = tr_ui(self.app, "resign_this", "Click to resign")
        for seat, rect in self.cards.items():
            layer = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(layer, (70, 18, 24, 170), layer.get_rect(), border_radius=12)
            surface.blit(layer, rect.topleft)
            pygame.draw.rect(surface, RESIGN, rect.inflate(2, 2), 2 + round(2 * pulse), border_radius=12)
            font = draw.fit_text(self.app.font, label, rect.w - 40, 18, 12, bold=True)
            tag = pygame.Rect(0, 0, font.size(label)[0] + 24, font.get_linesize() + 12)
            tag.center = rect.center
            draw.rounded_panel(surface, tag, (110, 34, 42), 10, border=RESIGN, border_width=2)
            draw.text(surface, font, label, tag.center, hud.TEXT)

    # panel and the character choice -------------------------------------------------------------------
    def _panel_shown(self, v: ToradamaState) -> view_panel.PanelShown:
        """The cards of the position on screen; in solo, the best results (read once, and again
        after this game entered them)."""
        names = tuple(self.seat_name(i) for i in range(v.seats))
        mover = None if self.match.is_over else self.match.to_move
        best: list[highscores.Entry] = []
        if v.seats == 1 and self.geo.best is not None:
            if self._best is None:
                try:
                    self._best = highscores.top("toradama/solo")
                except OSError:
                    self._best = []
            best = self._best
        return view_panel.PanelShown(v, self.rules.fingerprint(v), mover, names, self.highscore_place, tuple(best))

    def _draw_choice(self, surface: pygame.Surface) -> None:
        draw.dim(surface, 170)
        s = self.state
        title = tr_ui(self.app, "choose.title", "{name}, choose your character", name=self.seat_name(s.current))
        hinted = self.hint_move.character if type(self.hint_move) is Choose else None
        choice.paint(self.app, surface, self.choice_layout(), title, set(s.chars), hinted, self.mouse)

    # --- the tutorial and the tips (hexgames/ui/tutorial.py) -------------------------------------------
    def input_points(self, move: Any) -> list[Any]:
        return inputs.input_points(self.geo, self.view(), self.match.to_move, self.char_cards, move)

    def tip_regions(self) -> list[tuple[pygame.Rect, str]]:
        return inputs.tip_regions(self.app, self.geo)


# how each animation step is drawn, by its kind (`replay.Step.kind`)
ToradamaScene.PAINTERS = {
    "place": ToradamaScene._paint_place,
    "fall": ToradamaScene._paint_fall,
    "ball": ToradamaScene._paint_ball,
    "chain": ToradamaScene._paint_chain,
    "flip": ToradamaScene._paint_flip,
    "swap": ToradamaScene._paint_swap,
    "dig": ToradamaScene._paint_dig,
    "give": ToradamaScene._paint_give,
    "draw": ToradamaScene._paint_draw,
    "return": ToradamaScene._paint_return,
    "bagout": ToradamaScene._paint_bagout,
}
