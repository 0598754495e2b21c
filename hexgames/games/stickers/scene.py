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
from hexgames.games.stickers import catalogue, inputs, pieces, view_board, view_deck, view_overlays
from hexgames.games.stickers.catalogue import BLOCK, DOUBLE, HELPER_NAMES, JUMP, LAYOUTS, PEEK
from hexgames.games.stickers.deckbuilder import DeckBuilder
from hexgames.games.stickers.layout import MAX_ZOOM, TableLayout, TextRoom  # noqa: F401 (tests read MAX_ZOOM here)
from hexgames.games.stickers.regions import cell_xy
from hexgames.games.stickers.rules import Block, Pick, Place, Reorder, StickersRules, StickersState, board_layout
from hexgames.ui import chart, draw, hud
from hexgames.ui.anim import ease_out_back
from hexgames.games.stickers.view_overlays import LAST_RGB  # noqa: F401 (tests read the ring's colour here)
from hexgames.ui.game_scene import GameScene, part_attribute
from hexgames.games.stickers.look import tr_ui

MIN_TEXT = 12  # no text under this, at 800x600 in Japanese too
DROP_SECONDS = 0.35
HELPER_TEXT = {
    JUMP: ("helper.jump_text", "Jump: your next sticker may go on any empty cell next to a sticker, no match needed."),
    DOUBLE: ("helper.double_text", "Double: place one extra sticker this turn."),
    PEEK: ("helper.peek_text", "Peek: look at your top stickers and choose their order (click them, top first)."),
    BLOCK: ("helper.block_text", "Block: click an empty cell next to a sticker; it stays empty for the rest of the game."),
}


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
        self.builder: DeckBuilder | None = None
        self.helper_note: tuple[int, int] | None = None  # (seat, helper) last used, explained in the panel
        self._shown_viewer: Any = None  # whose input state is on screen (a change clears it)
        super().__init__(app, match)
        self.board_view = view_board.BoardView(app)
        self.builder = DeckBuilder(self)
        self.geo: TableLayout
        self.layout()

    # --- reading ------------------------------------------------------------------------------
    @property
    def state(self) -> StickersState:
        return self.match.state

    def targets(self) -> list[tuple[int, int]]:
        return self.cached("targets", lambda: self.rules.targets(self.state))

    def scores(self) -> list[int]:
        return self.cached("scores", lambda: self.rules.scores(self.state))

    @property
    def view(self) -> StickersState:
        """The state as the screen's viewer observes it (the full state when AIs play alone, or a
        nobody's view between players): the only source of anything hidden that is drawn."""
        viewer = self.viewer
        if viewer is None and self.reveal_all:
            return self.state
        return self.cached(("view", viewer), lambda: self.rules.observe(self.state, -1 if viewer is None else viewer))

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

    @classmethod
    def screens(cls) -> dict[str, Any]:
        """Peek's chooser, for `hexgames screenshot --scene peek` (Block has no dialog: its cells light
        on the board, and the medium agent that plays a screenshot's moves seldom picks it)."""
        return {"peek": lambda s: s.phase == "peek"}

    # --- layout -------------------------------------------------------------------------------
    def layout(self) -> None:
        self.forget_cached()  # cached surfaces have a size
        old = getattr(self, "geo", None)  # the camera stays where the player left it
        camera = {} if old is None else {"zoom": old.zoom, "centre": old.centre}
        self.geo = TableLayout.fit(self.board_rect, self.panel_rect, self.actions_rect, self.state.seats,
                                   self.state.size, self._text_room(), **camera)
        if self.auto_fit:
            self.fit()

    def _text_room(self) -> TextRoom:
        fit = tr_ui(self.app, "fit", "Fit")
        return TextRoom(len(self._peek_title_lines()) * self.app.font(14, bold=True).get_linesize(),
                        self.app.font(MIN_TEXT).get_linesize(), self.app.font(16).size(fit)[0],
                        view_deck.chip_widths(self.app))

    def build_widgets(self) -> None:
        from pygame_gui.core import ObjectID
        from pygame_gui.elements import UIButton

        self.fit_button = UIButton(pygame.Rect(self.geo.fit_button), tr_ui(self.app, "fit", "Fit"), self.app.ui)
        self.keep_button = UIButton(pygame.Rect(self.geo.keep_button), self._keep_label(), self.app.ui,
                                    object_id=ObjectID(class_id="@primary"))
        self.widgets += [self.fit_button, self.keep_button]
        if self.builder is None:
            self.builder = DeckBuilder(self)
        self.widgets += self.builder.build_widgets(self.app.ui)
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
            label = self._keep_label()
            if peeking and self.keep_button.text != label:
                self.keep_button.set_text(label)

    def _keep_label(self) -> str:
        if self.peek_order:
            return tr_ui(self.app, "peek.use", "Use this order")
        return tr_ui(self.app, "peek.keep", "Keep this order")

    def resume(self) -> None:
        super().resume()
        self._sync_widgets()

    # --- the camera ------------------------------------------------------------------------------
    def fit(self) -> None:
        """Zoom and centre so every sticker and every open cell next to one is in view."""
        s = self.state
        self.geo = self.geo.fitted(cell_xy(c) for c in list(s.cells) + list(s.frontier) + list(s.blocked))

    # --- input -----------------------------------------------------------------------------------
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
            return self.can_act and self.builder is not None and self.builder.handle(event)
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

    # --- Peek: number the shown stickers by clicking them, top first; a button or Enter plays it --------
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

    # --- reacting to moves --------------------------------------------------------------------------
    def move_sound(self, before: StickersState, move: Any, after: StickersState) -> str:
        return "score" if self.rules.scores(after) != self.rules.scores(before) else "place"

    def chart_panels(self, states: list[StickersState]) -> list[chart.Panel]:
        """Each player's corners in territories over the game (cancelled regions drop back out),
        from the first placement on (deck building scores nothing)."""
        states = [s for s in states if s.phase != "deck"] or states[-1:]
        scores = [self.rules.scores(s) for s in states]
        lines = [chart.Line(self.seat_name(i), pieces.OWNER_RGB[i % 2], [sc[i] for sc in scores], _chart_marker(i))
                 for i in range(states[-1].seats)]
        return [chart.Panel(tr_ui(self.app, "chart", "Corners in territories"), lines)]

    def on_move_played(self, before: StickersState, move: Any, after: StickersState, by_ai: bool) -> None:
        """A sticker drops onto its cell and a blocked cell is stamped, so an AI's move is seen where
        it lands (the ring of `_draw_last` then stays on it until the next move)."""
        self.peek_order = []
        if type(move) in (Place, Block) and (by_ai or self.app.settings.anim_speed < 1000):
            kind = "drop" if type(move) is Place else "block"
            self.animator.tween(1.35, 1.0, DROP_SECONDS, ease=ease_out_back, tag=(kind, move.x, move.y))
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
                self.toast(tr_ui(self.app, "toast.helper", "{name} used {helper}.", name=name, helper=label))
            elif kind == "bottom":
                self.toast(tr_ui(self.app, "toast.bottom", "{name}'s sticker fits nowhere: it goes to the bottom.",
                                        name=name))
            elif kind == "pass":
                self.toast(tr_ui(self.app, "toast.pass", "No sticker of {name}'s fits: {name} passes.", name=name))
            elif kind == "helper_bottom":
                self.toast(tr_ui(self.app, "toast.helper_bottom", "A helper on top at the start goes to the bottom."))

    def helper_name(self, helper: int) -> str:
        key = HELPER_NAMES[helper]
        return tr_ui(self.app, f"helper.{key}", key.capitalize())

    def clear_selection(self) -> None:
        """Forget the input state of whoever was at the screen (every hand-over and undo): hover,
        a pan in progress, a Peek order being chosen, and the deck builder's all (picks not used
        yet, filters, the name typed, the saved decks listed, what it said)."""
        self.selection.clear()
        if self.builder is not None:
            self.builder.reset()
        self._shown_viewer = self.viewer
        self._sync_widgets()

    def on_undo(self) -> None:
        self.helper_note = None
        if self.auto_fit:
            self.fit()

    def update_game(self, dt: float) -> None:
        if self.viewer != self._shown_viewer:  # the screen changed hands (with no hand-over when
            self.clear_selection()               # nothing is private): nothing of the last one stays
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
                view = self.view
                self.board_view.draw_waiting(surface, self.geo, self.seat_name(view.current),
                                             len(view.picks[view.current]), view.size)
                self._draw_panel(surface)
            return
        self.board_view.draw(surface, self.geo, self._board_shown())
        view_overlays.draw_marks(surface, self.app, self.geo, self._marks_shown())
        self._draw_panel(surface)

    def _board_shown(self) -> view_board.BoardShown:
        s = self.view
        lit: list[tuple[int, int]] | None = None
        if self.shows_turn and self.app.settings.show_targets:
            lit = [cell_xy(c) for c in s.frontier] if s.phase == "block" else self.targets() if s.phase == "place" else None
        growing = {tw.tag: tw.value for tw in self.animator.tweens if isinstance(tw.tag, tuple)}  # the newest wins
        return view_board.BoardShown(s.cells, s.blocked, s.founded,
                                     self.cached("territories", lambda: self.rules.territories(self.state)), lit,
                                     s.phase == "block", growing)


    def _marks_shown(self) -> view_overlays.MarksShown:
        s, moves = self.view, self.match.moves
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
        s = self.state
        p = self.rules.preview(s, x, y)
        parts = []
        if p.cancelled:
            for owner, size in p.cancelled:
                parts.append(tr_ui(self.app, "preview.cancel", "cancels {name}'s territory of {count} corners",
                                          name=self.seat_name(owner), count=size))
        elif p.founded:
            parts.append(tr_ui(self.app, "preview.found", "founds a territory"))
        for seat in range(s.seats):
            gain = p.after[seat] - p.before[seat]
            if gain > 0:
                parts.append(tr_ui(self.app, "preview.gain", "{name} +{count} corners", name=self.seat_name(seat),
                                          count=gain))
        if not parts:
            return ""
        return tr_ui(self.app, "preview.lead", "Here: {what}", what=self.app.join(parts))

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

    def _draw_peek(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """The Peek chooser in the panel: the top stickers, numbered in the order the clicks give
        (clicked ones in gold, the rest as they will follow in grey), their present places below."""
        stickers = self.peek_stickers()
        draw.rounded_panel(surface, box, (24, 30, 40), 10, border=hud.ACCENT, border_width=2)
        font = self.app.font(14, bold=True)
        y = box.y + 8
        for line in self._peek_title_lines():
            draw.text(surface, font, line, (box.x + 10, y), hud.ACCENT, anchor="topleft")
            y += font.get_linesize()
        small = self.app.font(MIN_TEXT, bold=True)
        order = self.peek_choice() if self.peek_order else ()
        seat = self.state.current
        for i, (rect, st) in enumerate(zip(self.peek_rects(), stickers)):
            if st >= LAYOUTS:
                name = self.helper_name(st)
                pieces.helper(surface, rect, st, draw.fit_text(self.app.font, name, rect.w - 4, MIN_TEXT, MIN_TEXT,
                                                            bold=True), name)
            else:
                pieces.sticker(surface, rect, board_layout(st, seat), seat)
            self._draw_hinted_place(surface, rect, i, small)
            if i in order:
                colour = hud.ACCENT if i in self.peek_order else hud.MUTED
                draw.aa_circle(surface, colour, (rect.right - 4, rect.top + 4), 11, border=(20, 20, 20))
                draw.text(surface, small, str(order.index(i) + 1), (rect.right - 4, rect.top + 4), (20, 20, 20))
            label = tr_ui(self.app, "peek.position", "#{n} now", n=i + 1)
            draw.text(surface, draw.fit_text(self.app.font, label, rect.w + 10, MIN_TEXT, MIN_TEXT, bold=True), label,
                      (rect.centerx, rect.bottom + 4 + small.get_linesize() // 2), hud.MUTED)

    def _peek_title_lines(self) -> list[str]:
        title = tr_ui(self.app, "peek.title", "Peek: click in the new order, top first")
        return draw.wrap(self.app.font(14, bold=True), title, self.panel_rect.w - 36)

    def _draw_hinted_place(self, surface: pygame.Surface, rect: pygame.Rect, i: int, font: pygame.font.Font) -> None:
        """A hinted Peek order: where shown sticker `i` would go (1 = top), in a cyan badge."""
        hint = self.hint_move
        if type(hint) is not Reorder or i not in hint.order:
            return
        centre = (rect.left + 4, rect.top + 4)
        draw.aa_circle(surface, hud.HINT, centre, 11, border=(20, 20, 20))
        draw.text(surface, font, str(hint.order.index(i) + 1), centre, (20, 20, 20))

    def instructions(self) -> str:
        """What the player to move can do now, in words (in the panel, never over the board)."""
        s = self.state
        if self.match.is_over or not self.can_act:
            return ""
        key, default = {
            "place": ("hint.place", "Click a lit cell to place your sticker · wheel: zoom · middle-drag / arrows: pan"),
            "block": ("hint.block", "Block: click an empty cell next to a sticker; it stays empty for the rest of "
                                    "the game."),
            "peek": ("hint.peek", "Peek: click your stickers in the order you want them drawn (again to take a "
                                  "number back), then Use this order or Enter."),
        }.get(s.phase, ("", ""))
        if key and type(self.hint_move) in (Place, Block):
            key, default = "hint.take", "Hint: press Enter or click the ringed cell to play it."
        elif key and type(self.hint_move) is Reorder and not self.peek_order:
            key, default = "hint.take_order", "Hint: the cyan numbers; press Enter to keep that order."
        return tr_ui(self.app, key, default) if key else ""

    # --- the side panel ------------------------------------------------------------------------------
    def panel_layout(self) -> tuple[list[pygame.Rect], pygame.Rect, pygame.Rect]:
        """The side panel's parts, top down: a box per player, the drawn sticker (or the Peek chooser;
        empty while decks are built and after the end), and the rest (helper notes, the placement
        preview in words, instructions, solo's best results)."""
        parts = self.geo.panel_parts(self._hand_box())
        return list(parts.players), parts.drawn, parts.rest

    def _hand_box(self) -> str:
        """The panel's box under the players: none while decks are built and after the end, else
        Peek's chooser or the drawn sticker."""
        if self.state.phase == "deck" or self.match.is_over:
            return ""
        return "peek" if self.peek_stickers() else "drawn"

    def _draw_panel(self, surface: pygame.Surface) -> None:
        draw.rounded_panel(surface, self.panel_rect, (30, 36, 46), 10, border=(60, 70, 86))
        players, drawn, rest = self.panel_layout()
        for seat, rect in enumerate(players):
            self._draw_player(surface, seat, rect)
        if drawn.h:
            if self.peek_stickers():
                self._draw_peek(surface, drawn)
            else:
                self._draw_drawn(surface, drawn)
        self._draw_rest(surface, rest)

    def _draw_rest(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Below the drawn sticker, as room allows, most needed first: the placement preview in words
        and the helper notes from the top, the instructions at the foot, (solo) the best results."""
        y = rect.y
        cell = self.preview_cell()
        text = self.cached(("preview", cell), lambda: self.preview_text(*cell)) if cell is not None else ""
        if text:
            y = self._note(surface, pygame.Rect(rect.x, y, rect.w, rect.bottom - y), text, hud.TEXT, (24, 30, 40),
                           hud.ACCENT) + 6
        y = self._draw_helper_box(surface, pygame.Rect(rect.x, y, rect.w, rect.bottom - y))
        font = self.app.font(13)
        lines = draw.wrap(font, self.instructions(), rect.w - 4) if self.instructions() else []
        foot = rect.bottom - len(lines) * font.get_linesize()
        if foot >= y + 4:
            for i, line in enumerate(lines):
                draw.text(surface, font, line, (rect.x + 2, foot + i * font.get_linesize()), hud.MUTED,
                          anchor="topleft")
        else:
            foot = rect.bottom
        if self.state.mode == "solo" and foot - y > 80:
            self._draw_best(surface, pygame.Rect(rect.x, y + 6, rect.w, foot - y - 14))

    def _note(self, surface: pygame.Surface, rect: pygame.Rect, text: str, colour, fill, border) -> int:
        """Text wrapped in a framed box at the top of `rect` (as many lines as fit); returns its bottom."""
        font = self.app.font(14)
        step = font.get_linesize()
        lines = draw.wrap(font, text, rect.w - 20)[: max(0, (rect.h - 16) // step)]
        if not lines:
            return rect.y
        box = pygame.Rect(rect.x, rect.y, rect.w, 14 + step * len(lines))
        draw.rounded_panel(surface, box, fill, 10, border=border)
        for i, line in enumerate(lines):
            draw.text(surface, font, line, (box.x + 10, box.y + 7 + step * i), colour, anchor="topleft")
        return box.bottom

    def _draw_player(self, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        s = self.view
        active = seat == s.current and not self.match.is_over
        inner = hud.panel(surface, rect, None, self.app, highlight=active)
        name = self.seat_name(seat)
        pieces.owner_marker(surface, seat, (inner.x + 8, inner.y + 10), 8)
        nf = draw.fit_text(self.app.font, name, inner.w - 90, 18, MIN_TEXT, bold=True)
        draw.text(surface, nf, name, (inner.x + 22, inner.y + 10), hud.ACCENT if active else hud.TEXT, anchor="midleft")
        score = self.scores()[seat] if s.phase != "deck" else 0
        draw.text(surface, self.app.font(26, bold=True), str(score), (inner.right, inner.y + 12), hud.TEXT,
                  anchor="midright")
        small = self.app.font(13)
        if s.phase == "deck":
            line = tr_ui(self.app, "panel.picking", "Deck: {n}/{size} chosen", n=len(s.picks[seat]), size=s.size)
        else:
            line = tr_ui(self.app, "panel.deck", "{count} stickers left", count=s.deck_count(seat))
        draw.text(surface, small, line, (inner.x, inner.y + 30), hud.MUTED, anchor="topleft")
        if s.phase != "deck" and s.decks[seat]:
            self._draw_deck_icons(surface, seat, inner.x, inner.y + 52, inner.w)

    def _draw_deck_icons(self, surface: pygame.Surface, seat: int, x: int, y: int, w: int) -> None:
        """The deck's contents (public), sorted so the icons give away no order."""
        stickers = sorted(self.view.decks[seat])
        size = max(8, min(14, (w - 4) // max(1, len(stickers)) - 2))
        for i, st in enumerate(stickers):
            pieces.any_sticker(surface, pygame.Rect(x + i * (size + 2), y, size, size),
                            st if st >= LAYOUTS else board_layout(st, seat))

    def _draw_drawn(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        s = self.state
        inner = hud.panel(surface, rect, tr_ui(self.app, "panel.drawn", "Drawn sticker"), self.app)
        size = min(inner.h - 4, 72)
        box = pygame.Rect(inner.x, inner.y, size, size)
        if s.phase == "place" and s.drawn >= 0:
            pieces.sticker(surface, box, board_layout(s.drawn, s.current), s.current)
            kind = catalogue.RARITY[s.drawn]
            draw.text(surface, self.app.font(15, bold=True), kind, (box.right + 10, box.y + 4), hud.ACCENT,
                      anchor="topleft")
            text = tr_ui(self.app, "panel.fits", "fits on {count} cells", count=len(self.targets()))
            font = draw.fit_text(self.app.font, text, inner.right - box.right - 10, 13, MIN_TEXT)
            draw.text(surface, font, text, (box.right + 10, box.y + 26), hud.MUTED, anchor="topleft")
        elif s.phase in ("peek", "block"):
            helper = PEEK if s.phase == "peek" else BLOCK
            pieces.helper(surface, box, helper, self.app.font(MIN_TEXT, bold=True), self.helper_name(helper))

    def _draw_helper_box(self, surface: pygame.Surface, rect: pygame.Rect) -> int:
        s = self.state
        notes = []
        if s.phase in ("peek", "block") and not self.instructions():  # the instructions say it to the chooser
            notes.append(PEEK if s.phase == "peek" else BLOCK)
        if s.jump and s.phase == "place":
            notes.append(JUMP)
        if s.extra and s.phase == "place":
            notes.append(DOUBLE)
        if not notes and self.helper_note is not None:
            notes.append(self.helper_note[1])
        if not notes or rect.h < 60 or self.match.is_over or s.phase == "deck":
            return rect.y
        text = "\n".join(tr_ui(self.app, *HELPER_TEXT[h]) for h in notes)
        return self._note(surface, rect, text, (246, 230, 180), (48, 44, 30), (236, 214, 140))

    def _draw_best(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        inner = hud.panel(surface, rect, tr_ui(self.app, "solo.best", "Best results"), self.app)
        key = self.rules.highscore_key(self.state)
        # read once per state, not every frame (a new entry is a new state: the game's last move)
        best = self.cached("best", lambda: highscores.top(key) if key else [])
        small = self.app.font(14)
        if not best:
            draw.text(surface, small, tr_ui(self.app, "solo.none", "No results yet"), inner.topleft, hud.MUTED,
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
        assert self.builder is not None
        return inputs.input_points(self.geo, move, len(self.peek_stickers()), self.builder.picks)

    def tip_regions(self) -> list[tuple[pygame.Rect, str]]:
        if self.state.phase == "deck":
            return []  # the deck builder speaks for itself
        return inputs.tip_regions(self.app, self.geo, self._hand_box())


def _chart_marker(seat: int) -> chart.Marker:
    """Player 1 a disc, player 2 a square: told apart without their colours."""
    def marker(surface: pygame.Surface, center: tuple[int, int], size: int) -> None:
        pieces.owner_marker(surface, seat, center, size / 2)
    return marker
