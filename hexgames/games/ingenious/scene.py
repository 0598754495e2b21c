"""The Ingenious table: the hex board, your rack, and one score card per track. This module wires the
game's parts and holds what the player is doing now; each part lives in a room of its own:

- `layout.py`: where everything goes for a window size and the options (rects, hex geometry, the
  hit-tests). Pure; input and drawing both read it.
- `view_board.py`, `view_hand.py` (the rack), `view_panel.py` (score cards, legend), `view_overlays.py`
  (celebrations, the sliding AI tile, the tile in hand): each draws one part from the layout and what
  the scene tells it to show.
- `inputs.py`: the player's selection and what clicks do to it, from the layout alone.
- `look.py`, `pieces.py`: the colours, words and sprites they share.

Why it is built this way:
- The scene decides no rule. Where a tile may go, what it would score and whether a swap is offered
  all come from the rules (`check`, `placement_targets`, `score_preview`, the state's phase); the scene
  only turns input into a `Place` / `Swap` and shows the rules' reason when one is refused.
- Privacy: the scene reads the position only through `state`, which is the viewer's observation
  (`rules.observe`: the other racks and the bag are not in it), so only `viewer`'s rack can ever be
  drawn (GameScene decides who that is and runs the hot-seat hand-over); `rack_drawn_for` records
  whose rack the last frame showed, so tests can hold us to it. `clear_selection` drops the tile in
  hand, its ghost and the preview at every hand-over and undo.
- Nothing is drawn over the board or the rack but the pieces themselves and their highlights: the
  points a placement would make show under the rack and on the score card, the swap choice is a
  note under the rack with its two buttons in the bottom bar, "Ingenious!" lights the score card (and
  the message strip says it: a toast for a human, the computer's own line for a computer), refusals
  go to the strip too.
- AI moves slide from the mover's score card to their hexes (anim.py, speed from settings). While
  they slide the board shows the position *before* the move, and `is_animating()` holds the next AI;
  then the whole last turn stays outlined until the next tile is placed.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from hexgames.core import highscores
from hexgames.games.ingenious import inputs, look, view_board, view_hand, view_overlays, view_panel
from hexgames.games.ingenious.layout import TableLayout
from hexgames.games.ingenious.look import LAST_MOVE, RING_FILLS, tr_ui  # noqa: F401 (tests read the colours here)
from hexgames.games.ingenious.rules import IngeniousState, Place, Swap
from hexgames.ui import hud
from hexgames.ui.anim import Animator, Tween, ease_in_out, linear
from hexgames.ui.game_scene import GameScene, part_attribute

if TYPE_CHECKING:
    from hexgames.ui.shell import Shell
    from hexgames.core.match import Match

SLIDE_SECONDS = 0.7
CELEBRATE_SECONDS = 1.6


def _selection(name: str, doc: str) -> property:
    return part_attribute("selection", name, doc, settable=True)


def _layout(name: str, doc: str) -> property:
    return part_attribute("geo", name, doc)


class IngeniousScene(GameScene):
    """Board, rack and score cards for Ingenious; input becomes `Place` and `Swap` moves."""

    held = _selection("held", "Rack index of the tile in hand.")
    orientation = _selection("orientation", "Direction from the held tile's first half to its second.")
    preview = _selection("preview", "The placement on the board, not yet confirmed.")
    preview_slot = _selection("preview_slot", "The rack index of the previewed tile.")
    mouse = _selection("mouse", "The pointer, as the last event left it.")
    board_area = _layout("board_area", "The board's part of the table.")
    rack_area = _layout("rack_area", "The rack column.")
    rack_slots = _layout("rack_slots", "The rack's six slots.")
    hex_size = _layout("hex_size", "The board's hex size.")
    cards = _layout("cards", "The score card of each track.")
    legend_rect = _layout("legend", "The colour legend at the panel's foot.")
    hex_center = _layout("hex_center", "Where a hex's centre is on screen.")
    placement_center = _layout("placement_center", "Where the pointer holds a tile to lay it on two hexes.")

    def __init__(self, app: "Shell", match: "Match"):
        super().__init__(app, match)
        self.selection = inputs.Selection()
        self.board_view = view_board.BoardView(app)
        self.rack_view = view_hand.HandView(app)
        self.panel_view = view_panel.PanelView(app)
        self.rack_drawn_for: int | None = None  # whose rack the last frame showed (privacy record)
        self.confirm_button: Any = None
        self.swap_accept_button: Any = None
        self.swap_decline_button: Any = None
        self.fx = Animator(speed=lambda: self.app.settings.anim_speed)  # decoration: never holds the AI
        self.celebrations: list[tuple[Tween, int]] = []  # (its time, the score track it lights)
        self.slide: tuple[Tween, Place] | None = None
        self._shown_state: IngeniousState | None = None  # the position drawn while a move slides in
        self._best: list[highscores.Entry] | None = None
        self.layout()

    @classmethod
    def screens(cls) -> dict[str, Any]:
        """The swap prompt, for `screenshot --scene swap`: up whenever the seat to move may swap."""
        return {"swap": lambda s: s.phase == "swap"}

    # --- reading the position -------------------------------------------------------------------
    @property
    def state(self) -> IngeniousState:
        """The position as the seat at the screen knows it (see `seen`)."""
        return self.seen(self.match.state)

    def displayed_state(self) -> IngeniousState:
        """The position on screen: the one before a sliding AI move until it lands."""
        return self.seen(self._shown_state) if self._shown_state is not None else self.state

    def seen(self, s: IngeniousState) -> IngeniousState:
        """`s` as `viewer` observes it: the other racks and the bag left out, so no frame can show
        them; with nobody at the screen every rack is left out; the whole state only for watching
        AIs play. Remembered per state on screen, since a frame asks many times."""
        viewer = self.viewer
        if viewer is None and self.reveal_all:
            return s

        def observed() -> IngeniousState:
            view = self.rules.observe(s, 0 if viewer is None else viewer)
            if viewer is None:
                view.racks[0] = None
            return view

        return self.cached(("seen", id(s)), observed)

    def track_seats(self, track: int) -> list[int]:
        return view_panel.track_seats(self.state, track)

    def held_tile(self) -> tuple[int, int] | None:
        return self.selection.tile(self.state.racks[self.match.to_move])

    def hover_move(self) -> Place | None:
        """The placement under the pointer for the tile in hand, if both halves are on the board."""
        return inputs.hover(self.geo, self.selection, self.state.racks[self.match.to_move])

    def move_in_view(self) -> Place | None:
        """The preview, else a legal placement under the pointer: whose points the notes and the
        score card show."""
        move = self.preview or self.hover_move()
        if move is self.preview or move is None:
            return move
        legal = self.cached(("check", move), lambda: self.rules.check(self.state, move)) is None
        return move if legal else None

    def current_gains(self) -> tuple[int, ...] | None:
        """Points per colour of the preview, else of a legal spot under the pointer."""
        move = self.move_in_view()
        return None if move is None else self.rules.score_preview(self.state, move)

    def _targets(self, tile: tuple[int, int]) -> frozenset:
        """Every hex the tile could cover now (rules.placement_targets), once per position."""
        return self.cached(("targets", tile), lambda: frozenset(
            h for pair in self.rules.placement_targets(self.state, tile) for h in pair))

    def last_turn_places(self) -> list[Place]:
        """The placements of the latest turn: its tile and any bonus tiles that followed it."""
        return view_board.last_turn_places(self.match.moves, self.match.states)

    def seat_colour(self, seat: int) -> tuple[int, int, int]:
        return look.seat_colour(seat)

    # --- layout and widgets ---------------------------------------------------------------------
    def layout(self) -> None:
        s = self.match.state
        self.geo = TableLayout.fit(self.board_rect, self.panel_rect, self.actions_rect, len(s.scores),
                                   s.mode == "solo")
        self.board_view.forget()
        self.panel_view.forget()

    def picture_rect(self) -> pygame.Rect:
        return self.geo.board_area

    def chart_panels(self, states: list[IngeniousState]) -> list[Any]:
        return view_panel.chart_panels(self.app, states, self.seat_name)

    def build_widgets(self) -> None:
        from pygame_gui.core import ObjectID
        from pygame_gui.elements import UIButton

        primary = ObjectID(class_id="@primary")
        self.confirm_button = UIButton(pygame.Rect(self.geo.confirm), tr_ui(self.app, "confirm", "Confirm"),
                                       self.app.ui, object_id=primary)
        self.swap_accept_button = UIButton(pygame.Rect(self.geo.swap_accept),
                                           tr_ui(self.app, "swap.accept", "Swap all tiles"), self.app.ui,
                                           object_id=primary)
        self.swap_decline_button = UIButton(pygame.Rect(self.geo.swap_decline),
                                            tr_ui(self.app, "swap.decline", "Normal refill"), self.app.ui)
        self.widgets += [self.confirm_button, self.swap_accept_button, self.swap_decline_button]
        self._sync_widgets()

    def swap_prompt_open(self) -> bool:
        return self.can_act and self.state.phase == "swap"

    def _sync_widgets(self) -> None:
        want = ((self.confirm_button, self.preview is not None and self.can_act),
                (self.swap_accept_button, self.swap_prompt_open()),
                (self.swap_decline_button, self.swap_prompt_open()))
        for widget, visible in want:
            if widget is None:
                continue
            if visible and not widget.visible:
                widget.show()
            elif not visible and widget.visible:
                widget.hide()

    # --- input ------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        sel = self.selection
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE and sel.busy:
                sel.put_back()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and sel.preview is not None:
                self.confirm()
                return True
            if event.key == pygame.K_r and sel.held is not None:
                sel.rotate(1)
                return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            pressed = {self.confirm_button: self.confirm, self.swap_accept_button: lambda: self.choose_swap(True),
                       self.swap_decline_button: lambda: self.choose_swap(False)}.get(event.ui_element)
            if pressed is not None:
                pressed()
                return True
        return super().handle(event)

    def handle_game_event(self, event: pygame.event.Event) -> bool:
        sel = self.selection
        if event.type == pygame.MOUSEMOTION:
            sel.mouse = event.pos
            return False
        if event.type == pygame.MOUSEWHEEL and sel.held is not None:
            sel.rotate(1 if event.y < 0 else -1)
            return True
        if event.type != pygame.MOUSEBUTTONDOWN:
            return False
        sel.mouse = event.pos
        if not self.can_act or self.state.phase not in ("place", "bonus"):
            return False
        if event.button == 3 and sel.held is not None:
            sel.rotate(1)
            return True
        if event.button != 1:
            return False
        done = inputs.click(self.geo, sel, self.state.racks[self.match.to_move], event.pos)
        if not isinstance(done, Place):
            return done
        reason = self.rules.check(self.state, done)  # the tile in hand stays a preview, or the reason shows
        if reason is not None:
            self.toast(self.app.tr_reason(reason), error=True)
        else:
            sel.show(done, sel.held)
        return True

    def confirm(self) -> bool:
        """Commit the preview: only now is it scored (RULES.md §1.2)."""
        move = self.preview
        if move is None or not self.can_act:
            return False
        self.selection.put_back()
        return self.submit(move)

    def choose_swap(self, accept: bool) -> bool:
        return self.swap_prompt_open() and self.submit(Swap(accept))

    def show_hint(self, move: Any) -> None:
        """The hint as the player's own preview: the tile ghosted in place with the score it would
        make; Enter or Confirm plays it, Esc or a rack tile puts it back. A swap choice frames its
        button, with the move in words."""
        slot = inputs.rack_slot(self.state.racks[self.match.to_move] or [], move.tile) \
            if isinstance(move, Place) else None
        if slot is None:
            super().show_hint(move)
            return
        self.selection.show(move, slot)

    def clear_selection(self) -> None:
        """Everything the player at the screen was doing goes (GameScene calls this at every
        hand-over and undo): the tile in hand with its ghost, the preview, the turn given to the
        tile, the pointer's hover; the next frame shows none of it."""
        self.selection.clear()
        self.forget_cached()
        self.panel_view.forget()

    # --- match events ---------------------------------------------------------------------------
    def on_move_played(self, before: Any, move: Any, after: Any, by_ai: bool) -> None:
        self.selection.put_back()
        seat = self.rules.to_move(before)
        if isinstance(move, Place):
            if by_ai:
                self._start_slide(before, move, seat)
            earned = bonuses_earned(before, after, seat)
            if earned:  # an AI's celebration waits for its tile to land
                self.celebrate(earned, before.track_of(seat), delay=SLIDE_SECONDS if self.slide is not None else 0.0)
            if earned and not by_ai:  # the computer's own line in the message strip says it already
                self.toast(tr_ui(self.app, "toast.ingenious_one", "Ingenious! {name} earns a bonus placement.",
                                 name=self.seat_name(seat)) if earned == 1 else
                           tr_ui(self.app, "toast.ingenious", "Ingenious! {name} earns {count} bonus placements.",
                                 name=self.seat_name(seat), count=earned))
        if after.phase == "over" and after.mode == "solo":
            self.record_highscore(self.rules.highscore_key(after), self.rules.result_sequence(after))
            self._best = None  # the table may have changed (an entry of this match replaced): read it again
        self.panel_view.forget()

    def move_sound(self, before: Any, move: Any, after: Any) -> str:
        if isinstance(move, Place) and bonuses_earned(before, after, self.rules.to_move(before)):
            return "chain"  # Ingenious!
        return "place"

    def celebrate(self, count: int, track: int, delay: float = 0.0) -> None:
        """Light the score card of `track` with "Ingenious!" (and the number of bonus placements
        earned when more than one)."""
        tween = self.fx.add(Tween(0.0, 1.0, CELEBRATE_SECONDS, linear, delay=delay, tag=count))
        self.celebrations.append((tween, track))

    def _start_slide(self, before: IngeniousState, move: Place, seat: int) -> None:
        card = self.geo.cards.get(before.track_of(seat))
        start = card.center if card is not None else self.panel_rect.center
        end = self.geo.placement_center(move.a, move.b)

        def landed() -> None:
            self.slide = None
            self._shown_state = None

        tween = self.animator.add(Tween(start, end, SLIDE_SECONDS, ease_in_out, on_done=landed, tag="slide"))
        if not tween.done:
            self.slide = (tween, move)
            self._shown_state = before

    def on_undo(self) -> None:
        self.slide = None
        self._shown_state = None
        self.fx.clear()
        self.celebrations.clear()
        self.panel_view.forget()

    def score_style(self) -> Any:
        """Each hex of a line a placement counted, ringed, with the points and the colour's symbol."""
        return view_overlays.scoring_style(self.geo)

    def scoring_delay(self, move: Any, by_ai: bool) -> float:
        """The computer's lines light up when its tile has landed."""
        return SLIDE_SECONDS if self.slide is not None else 0.0

    def update_game(self, dt: float) -> None:
        self.fx.update(dt)
        self.celebrations = [c for c in self.celebrations if not c[0].done]
        if self.selection.busy and not self.can_act:
            self.selection.put_back()
        self._sync_widgets()

    def banner_text(self) -> str:
        m, s = self.match, self.state
        if m.is_over or not m.seat_to_move.is_human:
            return super().banner_text()
        name = self.seat_name(m.to_move)
        if s.phase == "bonus":
            return tr_ui(self.app, "banner.bonus", "{name}: bonus placement ({count} left)", name=name,
                         count=s.bonus_pending)
        if s.phase == "swap":
            return tr_ui(self.app, "banner.swap", "{name}: swap your tiles or refill?", name=name)
        if not s.placed[m.to_move] and s.seats > 1:
            return tr_ui(self.app, "banner.first", "{name}: first tile - next to a free start symbol", name=name)
        return super().banner_text()

    # --- drawing: what each view shows this frame ------------------------------------------------
    def draw_game(self, surface: pygame.Surface) -> None:
        geo, sel = self.geo, self.selection
        tile = self.held_tile() if self.can_act else None
        targets = self._targets(tile) if tile is not None and self.app.settings.show_targets else None
        self.board_view.draw(surface, geo, self.displayed_state(), [] if self.slide else self.last_turn_places(),
                             targets, sel.preview, sel.preview is not None and sel.preview == self.hint_move)
        in_view = self.move_in_view() if self.can_act else None
        gains = None if in_view is None else self.rules.score_preview(self.state, in_view)
        self.rack_view.draw(surface, geo, self._rack_shown(in_view, gains))
        self.panel_view.draw(surface, geo, self._panel_shown(gains))
        view_overlays.draw_celebrations(surface, self.app, geo, self.celebrations)
        view_overlays.draw_slide(surface, geo, self.slide)
        if tile is not None:
            hover = self.hover_move()
            view_overlays.draw_held(surface, geo, tile, hover, hover is not None and hover == in_view, sel.mouse,
                                    sel.orientation)

    def _rack_shown(self, in_view: Place | None, gains: tuple[int, ...] | None) -> view_hand.RackShown:
        """The rack of the viewer (or of the mover while only computers play), and the notes."""
        m, s, sel = self.match, self.state, self.selection
        seat = self.viewer if self.viewer is not None else m.to_move if self.reveal_all and not m.is_over else None
        rack = s.racks[seat] if seat is not None else None
        self.rack_drawn_for = seat if rack is not None else None
        mover = seat == m.to_move
        active = self.can_act and mover and s.phase in ("place", "bonus")
        return view_hand.RackShown(
            tiles=None if rack is None else tuple(rack), owner=None if self.viewer == seat else self.seat_name(seat),
            lit=self.can_act, active=active, taken=frozenset(i for i in (sel.held, sel.preview_slot) if mover and i is not None),
            pointer=sel.mouse, lowest=tuple(self.rules.lowest_colours(s, m.to_move)) if self.swap_prompt_open() else None,
            in_view=in_view if active else None, gains=gains, hinted=in_view is not None and in_view == self.hint_move,
            step="confirm" if sel.preview is not None else "place" if sel.held is not None else "pick")

    def _panel_shown(self, gains: tuple[int, ...] | None) -> view_panel.PanelShown:
        s = self.displayed_state()  # scores change when a sliding tile lands, not before
        names = tuple(self.seat_name(i) for i in range(s.seats))
        shown = view_panel.PanelShown(s, gains, self.match.is_over, names, self.highscore_place)
        if s.mode != "solo":
            return shown
        key = self.rules.highscore_key(s)
        if key is not None and self._best is None:
            try:
                self._best = highscores.top(key)
            except OSError:
                self._best = []
        return view_panel.PanelShown(s, gains, self.match.is_over, names, self.highscore_place,
                                     tuple(self.rules.result_sequence(s)), None if key is None else self._best)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.swap_prompt_open() and isinstance(self.hint_move, Swap):  # the hinted answer's button, framed
            button = self.swap_accept_button if self.hint_move.accept else self.swap_decline_button
            hud.hint_ring(surface, self.app, button.rect)  # over the bottom bar, which the base draws last

    # --- the tutorial and the tips (hexgames/ui/tutorial.py) ----------------------------------------
    def input_points(self, move: Any) -> list[Any]:
        return inputs.input_points(self.geo, self.state.racks[self.match.to_move] or [], move)

    def tip_regions(self) -> list[tuple[pygame.Rect, str]]:
        return inputs.tip_regions(self.app, self.geo)


def bonuses_earned(before: IngeniousState, after: IngeniousState, seat: int) -> int:
    """How many thresholds the move's colours crossed (each one a bonus placement)."""
    t = before.track_of(seat)
    return sum(1 for c in range(6) for th in after.thresholds if before.scores[t][c] < th <= after.scores[t][c])
