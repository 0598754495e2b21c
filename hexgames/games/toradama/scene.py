"""The Toradama table: the 5-column board, the pool, both cube pools, the player cards, and the
falling-tile animation that replays every clearing step by step. This module wires the game's parts
and holds what the player is doing now and the move on show; each part lives in a room of its own:

- `layout.py`: where everything goes for a window size, one seat or two, mirrored or not (rects,
  the hit-tests: column, cell, pool slot, cube pool, card). Pure; input and drawing both read it.
- `view_board.py` (grid, tiles, targets and hints), `view_hand.py` (the pool, the bag and the cube
  pools: where tiles are taken from), `view_panel.py` (player cards, solo best, the results chart),
  `view_overlays.py` (the animation steps, the chain and okunote call-outs, the resign pick, the
  dragged tile, the character choice): each draws one part from the layout and what the scene tells
  it to show.
- `inputs.py`: the player's selection and what clicks do to it, from the layout alone.
- `replay.py`: the rules' recorded events as animation steps, and `Show`, the move on show; `narration.py`:
  their words; `choice.py`: the character cards; `controls.py`: the buttons and Resign's two presses;
  `look.py`, `pieces.py`: the colours, words and sprites they share.

Why it is built this way:
- The scene decides no rule. Legal columns, clear balls and okunote come from `rules.legal_moves` /
  `check`; a refused click shows the rules' reason. Input becomes `Choose`, `Place`, `Give`, `Clear`
  and okunote moves, one at a time, exactly as the AI plays them.
- Animation: after any move (human or AI) the move's public record (the view's `public_events`, so
  an online table animates alike) becomes `replay.Step`s played one after the other by the shared
  Animator (speed from the settings, instant in tests). While they play, the scene draws `shown`, a
  public view that each finished step updates, so scores, pool and cube counts change when the player
  sees the tiles move, not before. What scored (`rules.score_marks`) is lit on the board by the frame's
  scoring show, each chain link's groups with their points while they flash (`replay.mark_windows`),
  a given tile's on the receiver's card. A click skips both to the end.
- Everything drawn is public (cube faces are hidden from both players), so hot-seat needs no hand-over;
  the board is mirrored only when the one human sits at seat 2, so your columns are on your side.
- Nothing is written over the columns: the turn banner narrates the animation (`narration`), the
  chain counter and the okunote call-out sit beside the board on the mover's side, and messages go to
  the shared message strip (`toast`). All of it is laid out from board_rect / panel_rect.
- Either player may resign at any time (RULES.md §3.7): against the computer the human presses Resign
  twice (also while the computer thinks); in hot-seat Resign asks whose card to pick, which confirms.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

import pygame
import pygame_gui

from hexgames.core import highscores
from hexgames.core.protocol import Resignation
from hexgames.core.scoring import ScoreMark
from hexgames.games.toradama import (
    choice, inputs, narration, replay, view_board, view_hand, view_overlays, view_panel,
)
from hexgames.games.toradama.controls import Buttons, ResignControl
from hexgames.games.toradama.layout import TableLayout
from hexgames.games.toradama.look import seat_colour, tr_ui
from hexgames.games.toradama.moves import CUBE_SOURCE, Choose, Clear, Give, Place, Reroll, Triple
from hexgames.games.toradama.rules import CHOOSE, OVER, PLACING, START, ToradamaState, public_record
from hexgames.ui.game_scene import GameScene, part_attribute, table_attribute

if TYPE_CHECKING:
    from hexgames.ui.shell import Shell
    from hexgames.core.match import Match


def _layout(name: str, doc: str) -> property:
    return part_attribute("geo", name, doc)


def _selection(name: str, doc: str) -> property:
    return part_attribute("selection", name, doc, settable=True)


def _show(name: str, doc: str) -> property:
    return part_attribute("show", name, doc)


class ToradamaScene(GameScene):
    """Board, pool, cube pools and player cards; input becomes Toradama moves."""

    selected = _selection("selected", "The source picked: a pool kind 0..4 or CUBE_SOURCE.")
    dragging = _selection("dragging", "The picked tile follows the pointer.")
    ball = _selection("ball", "The clear ball marked by a first click.")
    targeting = _selection("targeting", "The okunote waiting for its cell or column.")
    swap_first = _selection("swap_first", "The swap's first cell.")
    mouse = _selection("mouse", "The pointer, as the last event left it.")
    mirrored = _layout("mirrored", "Seat 2's columns on the left: the one player at this screen sits there.")
    cell_size = _layout("cell_size", "A grid cell's side.")
    grid = _layout("grid", "The 5x6 grid.")
    stacks = _layout("stacks", "Each seat's cube pool.")
    pool_slots = _layout("pool_slots", "The pool's three slots.")
    bag_rect = _layout("bag_rect", "The bag's count, right of the pool.")
    side_boxes = _layout("side_boxes", "Beside the board on each seat's side: the call-outs.")
    cards = _layout("cards", "Each player's card in the side panel.")
    cell_rect = _layout("cell_rect", "A cell's tile on screen.")
    tile_rect = _layout("tile_rect", "A tile at a (possibly fractional) row of a column.")
    shown = _show("shown", "The public position while a move is shown (None: nothing on show).")
    timeline = _show("timeline", "The steps of the move on show, each with its tween.")
    current_step = _show("current", "The step of the move on show playing now, and its progress.")
    resign_armed = property(lambda self: self.resigning.armed, doc="Seconds left to confirm a resignation.")
    resign_picking = table_attribute("hot_seat", "Hot-seat: Resign waits for the card of the player who gives up.")

    def __init__(self, app: "Shell", match: "Match"):
        super().__init__(app, match)
        self.selection = inputs.Selection()
        self.show = replay.Show()
        self.board_view = view_board.BoardView(app)
        self.hand_view = view_hand.HandView(app)
        self.panel_view = view_panel.PanelView(app)
        self.resigning = ResignControl()
        self.last_turn: tuple[int, frozenset[int]] = (-1, frozenset())  # the latest mover, the cells they filled
        self._choice: tuple[Any, choice.ChoiceLayout] | None = None
        self.buttons = Buttons()
        self._best: list[highscores.Entry] | None = None
        self.layout()

    # --- reading ----------------------------------------------------------------------------------
    @property
    def state(self) -> ToradamaState:
        return self.match.state

    def view(self) -> ToradamaState:
        """What is drawn: the shown position while animating, else the public view of the state."""
        if self.show.shown is not None:
            return self.show.shown
        return self.cached("view", lambda: self.rules.observe(self.state, 0))

    def legal(self) -> list[Any]:
        return self.cached("legal", lambda: list(self.rules.legal_moves(self.state)))

    def seat_colour(self, seat: int) -> tuple[int, int, int]:
        return seat_colour(seat)

    # --- layout and widgets -----------------------------------------------------------------------
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

    def _stack_top(self, seat: int) -> pygame.Rect:
        """The top cube of `seat`'s pool as drawn now (a click there picks a cube)."""
        return self.geo.stack_top(seat, len(self.view().cubes[seat]))

    def build_widgets(self) -> None:
        self.widgets += self.buttons.build(self.app, self.geo)
        self._sync_widgets()

    def _sync_widgets(self) -> None:
        live = self.can_act and self.state.phase in (START, PLACING)
        enabled = (live and bool(self.rules.okunote_moves(self.state)), live and self.selection.selected is not None,
                   self.can_resign)
        at_screen = self.viewer if self.viewer is not None else self.match.to_move  # the button is theirs
        char = self.state.chars[at_screen] if self.state.phase != CHOOSE else -1
        self.buttons.sync(self.app, enabled, char, self.resigning.label(self.app, self.resign_picking))

    # --- input ------------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and (self.selection.busy or self.resign_armed):
            self.clear_selection()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.buttons.okunote:
                return self.use_okunote()
            if event.ui_element is self.buttons.give:
                return self.give()
            if event.ui_element is self.buttons.resign:
                return self.press_resign()
        if self.resign_armed and self.resign_picking and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            seat = self.geo.card_at(event.pos)  # hot-seat: the card of the player who gives up; elsewhere cancels
            self.resigning.cancel()
            return self.resign_seat(seat) if seat is not None else True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.shown is not None \
                and self.board_rect.collidepoint(event.pos):
            return self.show.skip(self.animator, self.score_show)  # the frame would end the marks alone
        return super().handle(event)

    def clear_selection(self) -> None:
        """Drop all input state of the player at the screen (GameScene hook: on undo and whenever
        the screen changes hands): the picked tile, a drag, the marked clear ball, an okunote waiting
        for its target, a Resign waiting to be confirmed, and the hover."""
        self.selection.clear()
        self.resigning.cancel()

    def handle_game_event(self, event: pygame.event.Event) -> bool:
        sel = self.selection
        if event.type == pygame.MOUSEMOTION:
            sel.mouse = event.pos
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            sel.mouse = event.pos
            if self.is_animating():
                return self.show.skip(self.animator, self.score_show)
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
            self.toast(tr_ui(self.app, "hint.pick",
                             "Pick a pool tile or your cube pool first, or click a tama to clear it."))
            return True
        return self._submit_checked(done)

    def give(self) -> bool:
        sel = self.selection
        if sel.selected is None or not self.can_act:
            return False
        move = Give(sel.selected)
        sel.drop()
        return self.submit(move)

    def use_okunote(self) -> bool:
        moves = self.rules.okunote_moves(self.state)
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

    def _submit_checked(self, move: Any) -> bool:
        """Submit `move`, dropping the selection only if it is legal (a refused move keeps it). A clear
        ball is only marked by its first click and cleared by the second (a clearing cannot be undone)."""
        reason = self.rules.check(self.state, move)
        if reason is not None:
            self.toast(self.app.tr_reason(reason), error=True)
            return False
        if type(move) is Clear and self.selection.ball != move.cell:
            self.selection.ball = move.cell
            return True
        self.selection.drop()
        return self.submit(move)

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

    # resigning -----------------------------------------------------------------------------------
    @property
    def humans(self) -> list[int]:
        """The players at this screen, who may resign here (online, only this screen's own)."""
        return list(self.table.screen_seats)

    @property
    def can_resign(self) -> bool:
        """A human may resign now: any time the game is on, also during the other's turn."""
        return not self.match.is_over and bool(self.humans) and self.app.scenes.top is self

    def press_resign(self) -> bool:
        """The Resign button (a second press resigns, or in hot-seat asks whose card: `controls`)."""
        if not self.can_resign:
            return False
        self.selection.drop()
        return self.resign_seat(self.humans[0]) if self.resigning.press(self.resign_picking) else True

    def resign_seat(self, seat: int) -> bool:
        """`seat` gives up now (the shared path: kept, saved and replayed like a move)."""
        self.show.skip(self.animator, self.score_show)
        return self.resign(seat)

    # --- match events -----------------------------------------------------------------------------------
    def on_move_played(self, before: Any, move: Any, after: Any, by_ai: bool) -> None:
        self.selection.drop()
        seat = move.seat if isinstance(move, Resignation) else self.rules.to_move(before)
        events = public_record(after)  # as everyone saw it: the same here and online, where `after` is a view
        self.last_turn = replay.last_turn_after(self.last_turn, events, seat)
        for words in narration.announcements(self.app, events, self.seat_name, said=by_ai):
            self.toast(words)
        steps = replay.steps_for(events, seat)
        if steps:
            self.show.start(self.animator, self.rules.observe(before, 0), steps, self.panel_view.forget)
        if after.phase == OVER and after.seats == 1:
            self.record_highscore(self.rules.highscore_key(after), [after.points(0)])
            self._best = None  # the table may have changed (an entry of this match replaced): read it again
        self.panel_view.forget()

    def move_sound(self, before: Any, move: Any, after: Any) -> str:
        """The effect of a move (GameScene hook): a chain of 2+ chimes, any points score, else a tile."""
        events = public_record(after)
        chains = sum(1 for e in events if e[0] == "chain")
        if chains >= 2:
            return "chain"
        if chains or any(e[0] == "give" and e[4] >= 0 for e in events):
            return "score"
        return "place"

    def score_style(self) -> Any:
        """Each group a chain link cleared ringed, with its points, its tama and its bonuses; a given
        tile's points on the receiver's card (GameScene hook)."""
        return view_overlays.scoring_style(self.app, self.geo)

    def scoring_windows(self, marks: Sequence[ScoreMark]) -> list[tuple[float, float]] | None:
        """A link's marks light while its groups flash and vanish, a gift's once it lands (GameScene hook)."""
        return replay.mark_windows(self.timeline, sorted({m.step for m in marks}))

    def chart_panels(self, states: list[ToradamaState]) -> list[Any]:
        """The results chart (GameScene hook): every player's points over the game, in one panel."""
        return view_panel.chart_panels(self.app, states, self.seat_name)

    def on_undo(self) -> None:
        self.clear_selection()
        self.last_turn = (-1, frozenset())
        self.show.stop()
        self.panel_view.forget()

    def update_game(self, dt: float) -> None:
        self.resigning.tick(dt, self.can_resign)
        if self.selection.busy and not self.can_act:
            self.selection.drop()
        self._sync_widgets()

    def banner_text(self) -> str:
        """What happens now (GameScene hook): while a move is shown, the step on screen in words
        (placing, falling, "Chain 2!", cubes turning over...); whose turn it is, or that the game is
        over, only once the last step has played; a Resign waiting for its confirmation; the prompt
        of the player at the screen."""
        m, sel = self.match, self.selection
        waiting = self.resigning.banner(self.app, self.resign_picking)
        if waiting is not None and not m.is_over:
            return waiting
        step = self.current_step()
        if step is not None:
            return narration.step_words(self.app, step[0], self.view(), self.seat_name)
        if m.is_over or not m.seat_to_move.is_human:
            return super().banner_text()
        return narration.prompt(self.app, self.state, self.seat_name(m.to_move), sel.targeting, sel.ball is not None)

    def banner_seat(self) -> int | None:
        """While a move is shown the banner narrates it, beside its mover's chip (GameScene hook)."""
        step = self.current_step()
        if step is None:
            return super().banner_seat()
        st = step[0]
        if st.kind == "end" and st.data[0] == "win":
            return st.data[1] if st.data[1] in (0, 1) else None  # the winner's chip; none for a draw
        return st.mover

    # --- drawing: what each view shows this frame ------------------------------------------------
    def draw_game(self, surface: pygame.Surface) -> None:
        geo, sel, v = self.geo, self.selection, self.view()
        step = self.current_step()
        self.board_view.draw(surface, geo, self._board_shown(v, step))
        self.hand_view.draw(surface, geo, self._hand_shown(v, step))
        self.panel_view.draw(surface, geo, self._panel_shown(v))
        if self.resign_armed > 0 and self.resign_picking:
            view_overlays.draw_resign_pick(surface, self.app, geo)
        if step is not None:
            view_overlays.draw_step(surface, self.app, geo, v, *step)
            view_overlays.draw_call_out(surface, self.app, geo, v, self.show.call_out())  # beside the board
        if sel.dragging and sel.selected is not None and self.can_act:
            view_overlays.draw_held(surface, geo, sel.selected, sel.mouse)
        if self.state.phase == CHOOSE and not self.is_animating():
            s = self.state
            title = tr_ui(self.app, "choose.title", "{name}, choose your character", name=self.seat_name(s.current))
            hinted = self.hint_move.character if type(self.hint_move) is Choose else None
            view_overlays.draw_choice(surface, self.app, self.choice_layout(), title, set(s.chars), hinted, sel.mouse)

    def _board_shown(self, v: ToradamaState, step: tuple[replay.Step, float] | None) -> view_board.BoardShown:
        """The position on screen, the cells the step on show moves, the last turn's placements (once
        no move is shown) and what the player at the screen may do now."""
        seat, placed = self.last_turn
        marks = (seat, placed) if self.show.shown is None and seat >= 0 else None
        moving = replay.moving_cells(step[0]) if step is not None else frozenset()
        names = tuple(self.seat_name(i) for i in range(v.seats))
        return view_board.BoardShown(tuple(v.cells), names, moving, marks, self._board_hints())

    def _board_hints(self) -> view_board.BoardHints | None:
        """The picked tile's legal columns (when the settings show targets), the tama under the
        pointer that may be cleared, the ball, the swap's first cell and the hint; None when the
        player at the screen cannot act."""
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

    # --- the tutorial and the tips (hexgames/ui/tutorial.py) -------------------------------------------
    def input_points(self, move: Any) -> list[Any]:
        return inputs.input_points(self.geo, self.view(), self.match.to_move, self.char_cards, move)

    def tip_regions(self) -> list[tuple[pygame.Rect, str]]:
        return inputs.tip_regions(self.app, self.geo)
