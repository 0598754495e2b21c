"""The Sticker Turf table: the deck builder during the deck phase, then an unbounded board that pans
and zooms, with the drawn sticker, helper decisions, territories and live scores. This module wires
the game's parts and holds what the player is doing now; each part lives in a room of its own:

- `layout.py`: where everything goes for a window size and the options (rects, the board's camera,
  the hit-tests). Pure; input and drawing both read it.
- `view_board.py` (grid, stickers, territories, lit cells), `view_hand.py` (the drawn sticker, Peek's
  chooser), `view_panel.py` (players, notes, instructions, best results), `view_overlays.py` (the last
  move's ring, the drawn sticker in view, the hint's ring): each draws one part from the layout and
  what the scene tells it to show.
- `inputs.py`: the player's selection and what clicks, drags, the wheel and keys do to it, from the
  layout alone.
- `deckbuilder.py`: the deck phase's own part (its picks, saved decks and buttons), drawn by
  `view_deck.py`.
- `look.py`, `pieces.py`: the words and sprites they share.

Why it is built this way:
- A camera (`zoom` pixels per cell, `centre` in cell units, in the layout) maps the unbounded grid to
  the board rect. It fits the whole board by default and keeps fitting after each move until the
  player pans or zooms (middle-drag, arrow keys, wheel); "Fit" (or F) returns to fitting.
- The scene decides no rule: highlighted cells come from `rules.targets`, what a placement would
  found or cancel from `rules.preview`, refusals from `submit` (the rules' reason as a toast).
- What a move set off (helpers used, stickers sent to the bottom, passes) comes from the state's
  `events` and is told in toasts and in the panel's helper box, so an AI's turn can be followed.
- Decks: only the viewer's own picks are ever shown during the deck phase; after it, deck contents
  are public (the rules make them so) but no order is, except what Peek showed its user. Every hidden
  part is drawn from `view`, the viewer's observation, never from the full state; `clear_selection`
  (at every hand-over and undo) drops the input state of whoever was at the screen.
- Peek asks before it commits: clicks only number the shown stickers (a click again takes a number
  back) and "Use this order" or Enter plays it. An undo could not give the choice back fairly: the
  order is followed at once by draws, and an undo after them would let the player see further into
  the deck and choose again.
- Nothing is written over the board but its own marks: instructions, the placement preview in words
  and the helper notes sit in the side panel, messages go through `toast`.
"""
from __future__ import annotations

from typing import Any

import pygame

from hexgames.core import highscores
from hexgames.games.stickers import inputs, look, pieces, view_board, view_deck, view_hand, view_overlays, view_panel
from hexgames.games.stickers.catalogue import LAYOUTS, RARITY
from hexgames.games.stickers.deckbuilder import DeckBuilder
from hexgames.games.stickers.layout import MAX_ZOOM, TableLayout, TextRoom  # noqa: F401 (tests read MAX_ZOOM here)
from hexgames.games.stickers.look import tr_ui
from hexgames.games.stickers.regions import cell_xy
from hexgames.games.stickers.rules import Block, Pick, Place, Reorder, StickersRules, StickersState, board_layout
from hexgames.games.stickers.view_overlays import LAST_RGB  # noqa: F401 (tests read the ring's colour here)
from hexgames.ui import chart
from hexgames.ui.anim import ease_out_back
from hexgames.ui.game_scene import GameScene, part_attribute

DROP_SECONDS = 0.35


def _layout(name: str, doc: str) -> property:
    return part_attribute("geo", name, doc)


def _selection(name: str, doc: str) -> property:
    return part_attribute("selection", name, doc, settable=True)


class StickersScene(GameScene):
    """Deck building, then click-to-place on a pannable, zoomable grid."""

    rules: StickersRules
    zoom = _layout("zoom", "The board's camera: pixels per cell.")
    centre = _layout("centre", "The board's camera: the cell coordinates at the board's middle.")
    max_zoom = _layout("max_zoom", "The closest view the board allows.")
    to_screen = _layout("to_screen", "Where a point in cell coordinates is on screen.")
    to_world = _layout("to_world", "Where a point on screen is in cell coordinates.")
    cell_at = _layout("cell_at", "The cell under a point of the board (None off the board).")
    cell_rect = _layout("cell_rect", "A cell's square on screen.")
    cell_centre = _layout("cell_centre", "A cell's middle on screen.")
    hover = _selection("hover", "The cell under the pointer.")
    panning = _selection("panning", "Where a middle-drag of the board last was (None: no drag).")
    peek_order = _selection("peek_order", "Peek's shown stickers clicked so far, top first.")
    auto_fit = _selection("auto_fit", "The camera fits the board after each move (until the player moves it).")

    def __init__(self, app: Any, match: Any):
        self.selection = inputs.Selection()
        self.fit_button: Any = None
        self.keep_button: Any = None
        self.helper_note: tuple[int, int] | None = None  # (seat, helper) last used, explained in the panel
        self._shown_viewer: Any = None  # whose input state is on screen (a change clears it)
        super().__init__(app, match)
        self.board_view = view_board.BoardView(app)
        self.hand_view = view_hand.HandView(app)
        self.panel_view = view_panel.PanelView(app)
        self.geo = TableLayout.fit(self.board_rect, self.panel_rect, self.actions_rect, self.state.seats,
                                   self.state.size, self._text_room())  # fitted to the board by `layout`
        self.builder = DeckBuilder(self)

    @classmethod
    def screens(cls) -> dict[str, Any]:
        """Peek's chooser, for `hexgames screenshot --scene peek` (Block has no dialog: its cells light
        on the board, and the medium agent that plays a screenshot's moves seldom picks it)."""
        return {"peek": lambda s: s.phase == "peek"}

    # --- reading the position -------------------------------------------------------------------
    @property
    def state(self) -> StickersState:
        return self.match.state

    @property
    def view(self) -> StickersState:
        """The state as the screen's viewer observes it (the full state when AIs play alone, or a
        nobody's view between players): the only source of anything hidden that is drawn."""
        viewer = self.viewer
        if viewer is None and self.reveal_all:
            return self.state
        return self.cached(("view", viewer), lambda: self.rules.observe(self.state, -1 if viewer is None else viewer))

    def targets(self) -> list[tuple[int, int]]:
        return self.cached("targets", lambda: self.rules.targets(self.state))

    def deck_owner(self, seat: int) -> str:
        """The name `seat`'s saved decks are kept under (the seat's player name)."""
        return self.match.seats[seat].name or f"Player {seat + 1}"

    def seat_colour(self, seat: int) -> tuple[int, int, int]:
        return pieces.OWNER_RGB[seat % 2]

    def draw_seat_chip(self, surface: pygame.Surface, seat: int, center: tuple[float, float],
                       radius: float) -> None:
        pieces.owner_marker(surface, seat, center, radius)  # a disc or a square, as on the board

    @property
    def shows_turn(self) -> bool:
        """The seat to move may see its decision aids: it can act, or a screenshot shows its view."""
        return self.can_act or (self.viewer_override is not None and self.viewer_override == self.match.to_move)

    @property
    def building(self) -> bool:
        """The deck builder is up: a human seat that may act is picking its deck."""
        return self.state.phase == "deck" and self.shows_turn

    def peek_stickers(self) -> list[int]:
        """The stickers Peek shows the player to move, top first (only for their own eyes: from the
        viewer's observation, and only while the viewer is the one peeking)."""
        s = self.state
        if s.phase != "peek" or self.viewer != s.current:
            return []
        view = self.view
        k = min(3, len(view.decks[s.current]))
        return view.decks[s.current][-k:][::-1]

    def peek_choice(self) -> tuple[int, ...]:
        """The order the clicks give so far: the ones clicked first, the rest as they lie."""
        return self.selection.peek_choice(min(3, self.state.deck_count(self.state.current)))

    def peek_rects(self) -> list[pygame.Rect]:
        """Where the shown stickers lie: in a row inside the panel's Peek box (never over the board)."""
        return self.geo.peek_rects(len(self.peek_stickers()))

    def preview_cell(self) -> tuple[int, int] | None:
        """The cell whose placement is previewed: the lit cell under the mouse, else the hinted one."""
        if self.state.phase != "place" or not self.can_act:
            return None
        if self.hover is not None and self.hover in self.targets():
            return self.hover
        if type(self.hint_move) is Place:
            return self.hint_move.x, self.hint_move.y
        return None

    def preview_text(self, x: int, y: int) -> str:
        """What placing on (x, y) would found, cancel or grow, in words."""
        names = tuple(self.seat_name(seat) for seat in range(self.state.seats))
        return view_panel.preview_words(self.app, self.rules.preview(self.state, x, y), names)

    # --- layout and widgets ---------------------------------------------------------------------
    def layout(self) -> None:
        """The table for the window (the camera stays where the player left it, or fits the board)."""
        self.forget_cached()  # what was worked out for the last size
        self.geo = TableLayout.fit(self.board_rect, self.panel_rect, self.actions_rect, self.state.seats,
                                   self.state.size, self._text_room(), self.geo.zoom, self.geo.centre)
        if self.auto_fit:
            self.fit()

    def _text_room(self) -> TextRoom:
        """The room the words of the panel, the Fit button and the builder's filters take, measured
        with the fonts that write them."""
        fit = tr_ui(self.app, "fit", "Fit")
        return TextRoom(view_hand.title_height(self.app, self.panel_rect.w), view_hand.label_height(self.app),
                        self.app.font(16).size(fit)[0], view_deck.chip_widths(self.app))

    def fit(self) -> None:
        """Zoom and centre so every sticker and every open cell next to one is in view."""
        s = self.state
        self.geo = self.geo.fitted(cell_xy(c) for c in list(s.cells) + list(s.frontier) + list(s.blocked))

    def build_widgets(self) -> None:
        from pygame_gui.core import ObjectID
        from pygame_gui.elements import UIButton

        self.fit_button = UIButton(pygame.Rect(self.geo.fit_button), tr_ui(self.app, "fit", "Fit"), self.app.ui)
        self.keep_button = UIButton(pygame.Rect(self.geo.keep_button), look.keep_label(self.app, self.peek_order),
                                    self.app.ui, object_id=ObjectID(class_id="@primary"))
        self.widgets += [self.fit_button, self.keep_button]
        self.widgets += self.builder.build_widgets(self.app.ui)
        self._sync_widgets()

    def _sync_widgets(self) -> None:
        building = self.building
        self.builder.show(building)
        if self.fit_button is not None:
            (self.fit_button.hide if building else self.fit_button.show)()
        if self.keep_button is not None:
            peeking = self.state.phase == "peek" and self.can_act
            (self.keep_button.show if peeking else self.keep_button.hide)()
            label = look.keep_label(self.app, self.peek_order)
            if peeking and self.keep_button.text != label:
                self.keep_button.set_text(label)

    def resume(self) -> None:
        super().resume()
        self._sync_widgets()

    # --- input ------------------------------------------------------------------------------------
    def handle_game_event(self, event: pygame.event.Event) -> bool:
        import pygame_gui

        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.fit_button:
                self.auto_fit = True
                self.fit()
                return True
            if event.ui_element is self.keep_button and self.can_act:
                return self.submit(Reorder(self.peek_choice()))
        if self.state.phase == "deck":
            return self.can_act and self.builder.handle(event)
        return self._board_event(event)

    def _board_event(self, event: pygame.event.Event) -> bool:
        sel = self.selection
        moved = inputs.steer(self.geo, sel, event, pygame.mouse.get_pos())
        if moved is not None:
            self.geo = moved
        if inputs.drag(self.geo, sel, event) or moved is not None:
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event.key)
        if event.type != pygame.MOUSEBUTTONUP or event.button != 1:
            return False
        if not self.can_act:
            return self.geo.cell_at(event.pos) is not None
        done = inputs.click(self.geo, sel, event.pos, self.state.phase, len(self.peek_stickers()))
        if done is True:  # a Peek sticker numbered: the button says "Use this order"
            self._sync_widgets()
        if isinstance(done, bool):
            return done
        self.submit(done)
        return True

    def _key(self, key: int) -> bool:
        """F fits the board again; Enter plays Peek's order as numbered, or takes the hint."""
        if key == pygame.K_f:
            self.auto_fit = True
            self.fit()
            return True
        if key not in (pygame.K_RETURN, pygame.K_KP_ENTER) or not self.can_act:
            return False
        if self.state.phase == "peek" and (self.peek_order or type(self.hint_move) is not Reorder):
            return self.submit(Reorder(self.peek_choice()))  # the order as numbered (none clicked: kept)
        if type(self.hint_move) in (Place, Block, Reorder):
            return self.submit(self.hint_move)  # take the hint
        return False

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
        if type(move) is Pick:
            self.builder.bring_into_view(move.sticker)
        super().show_hint(move)

    def clear_selection(self) -> None:
        """Forget the input state of whoever was at the screen (every hand-over and undo): hover,
        a pan in progress, a Peek order being chosen, and the deck builder's all (picks not used
        yet, filters, the name typed, the saved decks listed, what it said)."""
        self.selection.clear()
        self.builder.reset()
        self._shown_viewer = self.viewer
        self._sync_widgets()

    # --- match events -----------------------------------------------------------------------------
    def move_sound(self, before: StickersState, move: Any, after: StickersState) -> str:
        return "score" if self.rules.scores(after) != self.rules.scores(before) else "place"

    def chart_panels(self, states: list[StickersState]) -> list[chart.Panel]:
        """Each player's corners in territories over the game (cancelled regions drop back out),
        from the first placement on (deck building scores nothing)."""
        states = [s for s in states if s.phase != "deck"] or states[-1:]
        names = [self.seat_name(i) for i in range(states[-1].seats)]
        return view_panel.chart_panels(self.app, names, [self.rules.scores(s) for s in states])

    def on_move_played(self, before: StickersState, move: Any, after: StickersState, by_ai: bool) -> None:
        """A sticker drops onto its cell and a blocked cell is stamped, so an AI's move is seen where
        it lands (the ring of the last move then stays on it until the next move). What the move set
        off is told in toasts, and the helper it used stays explained in the panel until the next."""
        self.peek_order = []
        if type(move) in (Place, Block) and (by_ai or self.app.settings.anim_speed < 1000):
            kind = "drop" if type(move) is Place else "block"
            self.animator.tween(1.35, 1.0, DROP_SECONDS, ease=ease_out_back, tag=(kind, move.x, move.y))
        self.helper_note = None
        for kind, seat, sticker in after.events:
            if kind == "helper":
                self.helper_note = (seat, sticker)
        for words in look.event_words(self.app, after.events, self.seat_name):
            self.toast(words)
        if self.auto_fit:
            self.fit()
        if after.phase == "over" and after.mode == "solo":
            self.record_highscore(self.rules.highscore_key(after), [self.rules.scores(after)[0]])
        self._sync_widgets()

    def score_style(self) -> Any:
        """Each grid point of a territory that scored ringed, its points with the colour and the
        player they go to; a cancelled one says it scores for nobody."""
        return view_overlays.scoring_style(self.app, self.geo)

    def scoring_delay(self, move: Any, by_ai: bool) -> float:
        """A territory lights up once its sticker has dropped onto its cell."""
        return DROP_SECONDS if type(move) is Place else 0.0

    def on_undo(self) -> None:
        self.helper_note = None
        if self.auto_fit:
            self.fit()

    def update_game(self, dt: float) -> None:
        if self.viewer != self._shown_viewer:  # the screen changed hands (with no hand-over when
            self.clear_selection()               # nothing is private): nothing of the last one stays
        if self.building and self.builder.seat != self.match.to_move:
            self.builder.start(self.match.to_move)
        self._sync_widgets()

    # --- drawing: what each view shows this frame ------------------------------------------------
    def draw_game(self, surface: pygame.Surface) -> None:
        """Each part from the viewer's observation `s` (only what it shows can be drawn)."""
        geo = self.geo
        if self.state.phase == "deck" and self.building:
            self.builder.draw(surface)
            return
        s = self.view
        if s.phase == "deck":
            self.board_view.draw_waiting(surface, geo, self.seat_name(s.current), len(s.picks[s.current]), s.size)
        else:
            self.board_view.draw(surface, geo, self._board_shown(s))
            view_overlays.draw_marks(surface, self.app, geo, self._marks_shown(s))
        box = self._hand_box()
        self.panel_view.draw(surface, geo, self._panel_shown(s, box))
        self.hand_view.draw(surface, geo, self._hand_shown(s, box))

    def _hand_box(self) -> str:
        """The panel's box under the players: none while decks are built and after the end, else
        Peek's chooser or the drawn sticker."""
        if self.state.phase == "deck" or self.match.is_over:
            return ""
        return "peek" if self.peek_stickers() else "drawn"

    def _board_shown(self, s: StickersState) -> view_board.BoardShown:
        lit: list[tuple[int, int]] | None = None
        if self.shows_turn and self.app.settings.show_targets:
            lit = [cell_xy(c) for c in s.frontier] if s.phase == "block" else self.targets() if s.phase == "place" else None
        growing = {tw.tag: tw.value for tw in self.animator.tweens if isinstance(tw.tag, tuple)}  # the newest wins
        return view_board.BoardShown(s.cells, s.blocked, s.founded,
                                     self.cached("territories", lambda: self.rules.territories(self.state)), lit,
                                     s.phase == "block", growing)

    def _marks_shown(self, s: StickersState) -> view_overlays.MarksShown:
        moves = self.match.moves
        last = moves[-1] if moves else None
        ring = None
        if type(last) is Block:
            ring = (last.x, last.y)
        elif s.last_place is not None and s.last_place[1] in s.cells:
            ring = cell_xy(s.last_place[1])
        cell = self.preview_cell()
        hint = self.hint_move if type(self.hint_move) in (Place, Block) and self.can_act else None
        return view_overlays.MarksShown(None if self.match.is_over else ring,
                                        None if cell is None else (cell, board_layout(s.drawn, s.current), s.current),
                                        None if hint is None else (hint.x, hint.y))

    def _hand_shown(self, s: StickersState, box: str) -> view_hand.HandShown:
        if box != "peek":
            drawn = s.phase == "place" and s.drawn >= 0
            return view_hand.HandShown(box, s.phase, s.current, board_layout(s.drawn, s.current) if drawn else -1,
                                       RARITY[s.drawn] if drawn else "", len(self.targets()) if drawn else 0)
        hint = self.hint_move
        return view_hand.HandShown(
            box, s.phase, s.current, -1, "", 0,
            peek=tuple(st if st >= LAYOUTS else board_layout(st, s.current) for st in self.peek_stickers()),
            order=self.peek_choice() if self.peek_order else (), clicked=tuple(self.peek_order),
            hinted=tuple(hint.order) if type(hint) is Reorder else None)

    def _panel_shown(self, s: StickersState, box: str) -> view_panel.PanelShown:
        over = self.match.is_over
        if s.phase == "deck":
            scores: tuple[int, ...] = (0,) * s.seats
        else:
            scores = tuple(self.cached("scores", lambda: self.rules.scores(self.state)))
        icons = self.cached("icons", lambda: tuple(tuple(st if st >= LAYOUTS else board_layout(st, seat)
                                                         for st in sorted(s.decks[seat])) for seat in range(s.seats)))
        cell = self.preview_cell()
        preview = self.cached(("preview", cell), lambda: self.preview_text(*cell)) if cell is not None else ""
        said = view_panel.instructions(self.app, s.phase, self.hint_move, bool(self.peek_order)) \
            if self.can_act and not over else ""
        key = self.rules.highscore_key(s)
        # the best results are read once per state, not every frame (a new entry is a new state)
        best = self.cached("best", lambda: highscores.top(key) if key else []) if s.mode == "solo" else None
        return view_panel.PanelShown(s, box, tuple(self.seat_name(seat) for seat in range(s.seats)), over, scores,
                                     icons, preview, None if self.helper_note is None else self.helper_note[1], said,
                                     best, self.highscore_place)

    # --- the tutorial and the tips (hexgames/ui/tutorial.py) ----------------------------------------
    def input_points(self, move: Any) -> list[Any]:
        return inputs.input_points(self.geo, move, len(self.peek_stickers()), self.builder.picks)

    def tip_regions(self) -> list[tuple[pygame.Rect, str]]:
        if self.state.phase == "deck":
            return []  # the deck builder speaks for itself
        return inputs.tip_regions(self.app, self.geo, self._hand_box())
