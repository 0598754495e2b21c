"""The Dot Lines table: two lines with their dice, both hands, the players' boxes with their chips and
markers. This module wires the game's parts and holds what the player is doing now; each part lives
in a room of its own:

- `layout.py`: where everything goes for a window size and the words' sizes (the bands, tiles, dice,
  the players' boxes, the deck, the buttons; the hit-tests). Pure; input and drawing both read it.
- `view_board.py` (the felt and the lines), `view_hand.py` (the hands), `view_panel.py` (the players'
  boxes, the deck, the words of the moment, the panel's buttons, the results' charts),
  `view_overlays.py` (what a move sets in motion: sliding tiles, the roll-off, markers turning over):
  each draws one part from the layout and what the scene tells it to show.
- `inputs.py`: the player's selection, what clicks, drags and the action buttons do to it, and which
  legal moves it makes, from the layout alone.
- `look.py`, `pieces.py`: the colours, words and pieces they share.

Why it is built this way:
- The table is drawn from the viewer's view each frame (it is small: 12 columns, two hands), so what
  is drawn is always what the rules hold and what the viewer may see; the only extra state is the
  viewer's own input (`selection`) and the running animations (`motion`).
- The scene decides no rule. A selection of hand tiles (plus the chip, if toggled on) is matched
  against `rules.legal_moves`: every legal Place or Stack that uses exactly those tiles lights up its
  line end or column with the column it would make. A click where nothing lights up still builds the
  move the player meant and submits it, so the rules' own reason is shown. With nothing selected,
  the hand tiles no line can take are dimmed and the line ends and columns that take some are lit
  softly (setting `show_targets`).
- Words, prompts and buttons live in the side panel, messages in the shared strip: nothing is drawn
  over the lines or the hands. Decisions that are not placements (roll-off, choices, chip, draw) are
  buttons at the panel's foot; so are the actions, disabled once used (the reason shows on hover),
  which ask for what they need (Exchange: one of yours, then one of theirs). An exchange by the other
  player stays ringed in both hands until the viewer acts (`exchange_news`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from hexgames.games.dotlines import inputs, view_board, view_hand, view_overlays, view_panel
from hexgames.games.dotlines.layout import TableLayout
from hexgames.games.dotlines.look import (  # noqa: F401 (tests read the colours here)
    ACTION_BITS, ACTION_KEYS, ASKS, BANNER_ACT, BANNERS, MARKER_OUTLINE, NEUTRAL, PROMPTS, SOFT_TARGET, tr_ui,
)
from hexgames.games.dotlines.pieces import LINE_RGB
from hexgames.games.dotlines.rules import (
    ACT, CHIP, CHIP_HIDDEN, DRAW, OVER, DotLinesRules, DotLinesState, Draw, Exchange, Place, Redraw, Stack,
)
from hexgames.ui import chart, hud
from hexgames.ui.game_scene import GameScene, part_attribute

if TYPE_CHECKING:
    from hexgames.ui.shell import Shell
    from hexgames.core.match import Match

SEAT_COLOURS = ((200, 120, 80), (110, 150, 210))  # the seats' colours before the homes are chosen


def _selection(name: str, doc: str) -> property:
    return part_attribute("selection", name, doc, settable=True)


def _layout(name: str, doc: str) -> property:
    return part_attribute("geo", name, doc)


class DotLinesScene(GameScene):
    """Select hand tiles, click a lit line end (or a column to stack); buttons for everything else."""

    rules: DotLinesRules

    selected = _selection("selected", "Indices into the mover's sorted hand.")
    chip_on = _selection("chip_on", "The chip goes with the selected tiles.")
    mode = _selection("mode", '"redraw" | "exchange" | "stack": an action waiting for input.')
    give = _selection("give", "Exchange: the value offered.")
    dragging = _selection("dragging", "A drag across the hand adds the tiles it crosses.")
    tile = _layout("tile", "The lines' tile size.")
    hand_area = _layout("hand_area", "Each seat's hand band, by seat.")
    line_area = _layout("line_area", "The two lines' bands.")
    die_rects = _layout("die_rects", "Each line's die.")
    col_rects = _layout("col_rects", "Each line's six column places.")
    deck_rect = _layout("deck_rect", "The deck in the panel (a button when it is time to draw).")
    prompt_buttons = part_attribute("buttons", "prompt", "The prompt's buttons: (button, move).")
    action_buttons = part_attribute("buttons", "actions", "The action buttons, by key.")
    chip_button = part_attribute("buttons", "chip", "The chip button.")
    flying = part_attribute("motion", "flying", "The tiles sliding now.")
    roll_shown = part_attribute("motion", "roll_shown", "The roll-off faces shown now, and a tie in words.")
    selection_values = part_attribute("reach", "selection_values", "The selected tiles' values, sorted.")
    move_tiles = part_attribute("reach", "tiles", "The hand tiles a Place/Stack uses, and whether the chip.")
    candidates = part_attribute("reach", "candidates", "The legal moves the selection makes.")
    playable_values = part_attribute("reach", "playable", "The hand values some legal move uses.")
    laid_with_column = staticmethod(view_board.laid_with_column)

    def __init__(self, app: "Shell", match: "Match"):
        self.selection = inputs.Selection()
        super().__init__(app, match)
        self.board_view = view_board.BoardView(app)
        self.hand_view = view_hand.HandView(app)
        self.panel_view = view_panel.PanelView(app)
        self.buttons = view_panel.PanelButtons(app)
        self.motion = view_overlays.Motion(app, self.animator)
        self.announced = False  # the ending has been said (once the last move's animation is over)
        self.layout()  # again when the scene enters: online play gives it its table (and bottom seat) first

    # --- reading -----------------------------------------------------------------------------
    @property
    def state(self) -> DotLinesState:
        return self.match.state

    def view(self) -> DotLinesState:
        """What may be drawn: everything for spectators or once over, else the viewer's view (with
        nobody at the screen, no hand is open before the chips, and no chip while they are chosen)."""
        s = self.state
        if self.match.is_over or (self.reveal_all and self.viewer_override is None):
            return s
        viewer = self.viewer  # observing copies the state: once per state and viewer, not per frame

        def observed() -> DotLinesState:
            if viewer is not None:
                return self.rules.observe(s, viewer)
            v = self.rules.observe(s, 0)
            if s.phase < CHIP:
                v.hands[0] = None
            if s.phase == CHIP:
                v.chip = [CHIP_HIDDEN if c >= 0 else c for c in s.chip]
            return v

        return self.cached("view", observed)

    @property
    def reach(self) -> inputs.Reach:
        """The player to move's hand, selection and the legal moves of their view (listed once per
        state, and only when asked: only while the viewer is the one to move)."""
        return inputs.Reach(self.view(), self.match.to_move,
                            lambda: self.cached("legal", lambda: list(self.rules.legal_moves(self.view()))),
                            self.selection, self.can_act)

    @property
    def bottom_seat(self) -> int:
        """The seat whose hand lies nearest the player: the one seat played at this screen (against
        the computer, or online, where the other human is at another screen), else seat 1's."""
        screen = self.table.screen_seats
        return screen[0] if len(screen) == 1 else 0

    @property
    def hand_rects(self) -> dict[int, list[pygame.Rect]]:
        """Each seat's hand tiles as drawn now (the selected ones raised)."""
        v, raised = self.view(), self.reach.raised
        return {seat: self.geo.hand_rects(seat, v.hand_size(seat), raised if seat == self.match.to_move else ())
                for seat in (0, 1)}

    @property
    def end_rects(self) -> list[pygame.Rect]:
        """Each line's open end (nowhere once it has six columns)."""
        return [self.geo.end_rect(line, len(self.state.lines[line])) for line in (0, 1)]

    def seat_colour(self, seat: int) -> tuple[int, int, int]:
        """The seat's line colour (its own colour before the homes are chosen); neutral while the
        roll-off dice tumble, so the banner's chip does not tell who won before the dice do."""
        if self.motion.rolling:
            return NEUTRAL
        line = self.state.home[seat]
        return LINE_RGB[line] if line >= 0 else SEAT_COLOURS[seat]

    def draw_seat_chip(self, surface: pygame.Surface, seat: int, center: tuple[float, float],
                       radius: float) -> None:
        """The seat's home line as the results chart marks it (white disc, black square with a light
        edge), so the black line's player is seen on the dark results panel, and told apart by shape."""
        line = self.state.home[seat]
        if line < 0:
            super().draw_seat_chip(surface, seat, center, radius)
            return
        view_panel.line_marker(line)(surface, (round(center[0]), round(center[1])), round(2 * radius))

    def exchange_news(self) -> tuple[int, int, int] | None:
        """(mover, give, take) of the latest Exchange while it is news to the viewer (`view_hand`)."""
        return view_hand.exchange_news(self.match.moves, self.match.states, self.rules.to_move, self.viewer)

    def action_refusal(self, key: str) -> str | None:
        """Why the action's button is disabled for the player to move (the rules' reason), or None:
        it has been used, or Redraw finds the deck empty. Once per position (the buttons ask each frame)."""
        def refusal() -> str | None:
            v = self.view()
            seat = self.match.to_move
            hand = v.hand_tiles(seat)
            probe = {"redraw": Redraw(hand[0] if hand else 1), "exchange": Exchange(1, 1),
                     "stack": Stack(0, 0, 1, 0)}[key]
            bit = ACTION_BITS[ACTION_KEYS.index(key)]
            if v.used[seat] & bit or (key == "redraw" and not v.deck):
                return self.app.tr_reason(self.rules.check(v, probe))
            return None

        return self.cached(("refusal", key), refusal)

    # --- words -------------------------------------------------------------------------------
    def banner_text(self) -> str:
        """Says what the table shows, never ahead of it: no winner while the roll-off dice tumble, no
        "game over" while the last move's tiles still slide; the player to move is told what to do."""
        m = self.match
        if self.motion.rolling:
            return tr_ui(self.app, "banner.rolling", "Rolling for the start...")
        if m.is_over and self.is_animating():
            seat = self.rules.to_move(m.states[-2]) if len(m.states) > 1 else 0
            return tr_ui(self.app, "banner.moving", "{name} moves", name=self.seat_name(seat))
        if m.is_over or not self.can_act:
            return super().banner_text()
        key, default = BANNERS.get(self.state.phase, BANNER_ACT)
        return tr_ui(self.app, key, default, name=self.seat_name(m.to_move))

    def status_text(self) -> str:
        """The words of the moment in the panel: the prompt or what to do next for the player at the
        screen, or how the game ended (once it has been announced)."""
        s = self.state
        if self.match.is_over:
            return self.app.tr_reason(self.rules.outcome(s).summary) if self.announced else ""
        if not self.can_act:
            return ""
        if s.phase == ACT:
            return self.hint()
        if s.phase not in PROMPTS:
            return ""
        key, default = PROMPTS[s.phase]
        return tr_ui(self.app, key, default, name=self.seat_name(self.match.to_move))

    def hint(self) -> str:
        """What the player acting is asked (`inputs.ask`), in words."""
        lit = self.hint_move is not None and self.hint_move in self.candidates()
        ask = self.selection.ask(self.state.phase == ACT, lit)
        return tr_ui(self.app, *ASKS[ask]) if ask else ""

    # --- layout and widgets ------------------------------------------------------------------
    def layout(self) -> None:
        names = (self.seat_name(0), self.seat_name(1))
        self.geo = TableLayout.fit(self.board_rect, self.panel_rect, self.actions_rect, self.bottom_seat,
                                   view_panel.measure(self.app, self.panel_rect.w, names))

    def build_widgets(self) -> None:
        self.buttons.build(self.geo, self.widgets)
        self._offer_prompt(again=True)

    def _offer_prompt(self, again: bool = False) -> None:
        """The prompt's choices as buttons while a human at this screen has a choice to make, made
        anew when the moment changes (`again`: the widgets were just rebuilt)."""
        phase = self.state.phase
        asking = self.can_act and phase not in (ACT, OVER)
        choices = inputs.CHOICES.get(phase, ()) if asking else ()
        self.buttons.offer(self.geo, (phase, self.match.to_move, len(self.match.moves), asking), lambda: [
            (tr_ui(self.app, key, default), move) for key, default, move in choices], self.widgets, again)

    def _sync_widgets(self) -> None:
        self._offer_prompt()
        if self.buttons.chip is None:  # never entered (a picture): no buttons
            return
        acting = self.reach.acting
        v, seat = self.view(), self.match.to_move
        self.buttons.sync(acting, {key: not acting or self.action_refusal(key) is None for key in ACTION_KEYS},
                          self.selection.chip_on, v.chip_at[seat] is None and v.chip[seat] >= 0)

    # --- input -------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE and self.selection.busy:
                self.clear_selection()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.can_act:
                hint = self.hint_move
                if hint is not None and (hint in self.candidates() or hint in [m for _, m in self.buttons.prompt]):
                    return self.submit(hint)  # the hint, still selected or framed: take it
                choices = inputs.CHOICES.get(self.state.phase, ())
                if self.state.phase != ACT and len(choices) == 1:
                    return self.submit(choices[0][2])
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            pressed = self.buttons.pressed(event.ui_element)  # ("prompt", move) | ("action", key) | ("chip", None)
            if pressed is not None:
                act = {"prompt": self.submit, "action": self.press_action, "chip": lambda _: self.toggle_chip()}
                act[pressed[0]](pressed[1])
                return True
        return super().handle(event)

    def handle_game_event(self, event: pygame.event.Event) -> bool:
        sel = self.selection
        if event.type == pygame.MOUSEMOTION:
            sel.mouse = event.pos
            if sel.dragging and self.can_act:
                inputs.drag(self.geo, self.reach, event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            sel.dragging = False
        if event.type != pygame.MOUSEBUTTONDOWN:
            return False
        sel.mouse = event.pos
        if not self.can_act or event.button not in (1, 3):
            return False
        if event.button == 3:
            self.clear_selection()
            return True
        if self.state.phase == DRAW and self.geo.deck_rect.collidepoint(event.pos):
            return self.submit(Draw())
        if self.state.phase != ACT:
            return False
        adding = pygame.KMOD_SHIFT | pygame.KMOD_CTRL
        return self._click(event.pos, bool(pygame.key.get_mods() & adding) or bool(getattr(event, "mod", 0) & adding))

    def _click(self, pos: tuple[int, int], add: bool) -> bool:
        """A left click while acting: what it hit (`inputs.click`) played, toggled or refused in words."""
        reach = self.reach
        hit = inputs.click(self.geo, reach, pos, add)
        if hit == inputs.THEIRS:
            self.toast(tr_ui(self.app, "not_yours", "That tile is your opponent's."), error=True)
            return True
        if hit == inputs.CHIP_CLICK:
            self.toggle_chip()
            return True
        if isinstance(hit, inputs.Target):
            move = reach.move_at(hit)
            if move is None:
                self.toast(tr_ui(self.app, "select_first", "First select tiles from your hand."), error=True)
                return True
            return self.submit(move)
        return hit if isinstance(hit, bool) else self.submit(hit)

    def submit(self, move: Any) -> bool:
        ok = super().submit(move)
        if ok:
            self.clear_selection()
        return ok

    def show_hint(self, move: Any) -> None:
        """A hinted placement or stack becomes the player's own selection (its hand tiles raised,
        the chip on if it uses it) with its target ringed; a click there or Enter plays it. Other
        moves are told in words (a choice's button framed, Enter takes it)."""
        self.clear_selection()
        if not inputs.hold_hint(self.reach, move):
            super().show_hint(move)

    def toggle_chip(self) -> None:
        v = self.view()
        seat = self.match.to_move
        if v.chip_at[seat] is not None:
            self.toast(self.app.tr_reason(self.rules.check(v, Place(0, 1, 0, 1))
                                          or tr_ui(self.app, "chip_gone", "Your chip is used.")), error=True)
            return
        self.selection.chip_on = not self.selection.chip_on

    def press_action(self, key: str) -> None:
        """An action button: act at once if the selection says enough, else ask for what is missing."""
        refusal = self.action_refusal(key)
        if refusal is not None:  # (the button is disabled then; a key or a test may still ask)
            self.toast(refusal, error=True)
            return
        move = inputs.press_action(self.reach, key)
        if move is not None:
            self.submit(move)

    def clear_selection(self) -> None:
        """Drop the input state of the player at the screen (a hand-over or an undo): the selected
        tiles, the chip toggled on, an action waiting for its tile, a drag and the pointer's place."""
        self.selection.clear()

    # --- moves and animation -----------------------------------------------------------------
    def move_sound(self, before: Any, move: Any, after: Any) -> str:
        return "select" if type(move) is Draw else "place"

    def chart_panels(self, states: list[DotLinesState]) -> list[chart.Panel]:
        return view_panel.chart_panels(self.app, states, self.seat_name)

    def on_move_played(self, before: Any, move: Any, after: Any, by_ai: bool) -> None:
        """Slide what moved (`view_overlays.Motion`); the buttons follow the new position."""
        self.motion.start(self.geo, before, move, after, len(self.match.moves))
        self._sync_widgets()

    def on_undo(self) -> None:
        self.clear_selection()
        self.motion.clear()
        self.announced = False
        self._sync_widgets()

    def update_game(self, dt: float) -> None:
        if self.match.is_over and not self.announced and not self.is_animating():
            self.announced = True  # the ending is said once the last move has been seen
            self.toast(self.app.tr_reason(self.rules.outcome(self.state).summary))
        self._sync_widgets()

    def resume(self) -> None:
        super().resume()  # shows every widget; keep only the ones that apply now
        self._sync_widgets()

    # --- drawing: what each view shows this frame --------------------------------------------
    def draw_game(self, surface: pygame.Surface) -> None:
        geo, v, reach = self.geo, self.view(), self.reach
        targets = self.app.settings.show_targets and reach.acting and self.selection.mode not in ("redraw", "exchange")
        lit = reach.candidates()
        self.board_view.draw(surface, geo, self._board_shown(v, lit, targets))
        news = self.exchange_news()
        for seat in (0, 1):
            self.hand_view.draw(surface, geo, seat, self._hand_shown(v, reach, seat, targets, news))
        self.motion.draw(surface, geo)
        self.panel_view.draw(surface, geo, self._panel_shown(v))
        for button, move in self.buttons.prompt:  # the hinted choice's button, framed in cyan and tagged "Hint"
            if move == self.hint_move and self.can_act:
                hud.hint_ring(surface, self.app, button.rect)

    def _board_shown(self, v: DotLinesState, lit: list[Any], targets: bool) -> view_board.BoardShown:
        """The lines, the moves the selection makes (lit) or, with nothing selected, the places some
        tiles reach (soft), and the hint's target while its tiles are selected."""
        seat = self.match.to_move
        counted = tuple((m, self.rules.chip_count(v.chip[seat], m.plain, m.chip) if type(m) is Place else 0)
                        for m in lit) if targets else ()
        soft = self.cached("soft", self.reach.places) if targets and not lit and not self.selection.selected else ()
        hint = self.hint_move if type(self.hint_move) in (Place, Stack) and self.hint_move in lit else None
        return view_board.BoardShown(v, (self.seat_name(0), self.seat_name(1)), self.motion.rolling,
                                     self.motion.hide_new, counted, soft, hint)

    def _hand_shown(self, v: DotLinesState, reach: inputs.Reach, seat: int, targets: bool,
                    news: tuple[int, int, int] | None) -> view_hand.HandShown:
        """A hand as the viewer may see it: the mover's selection raised and what no move uses dimmed;
        the opponent's framed while an exchange asks for one of their tiles."""
        m, sel = self.match, self.selection
        hand, size = v.hands[seat], v.hand_size(seat)
        mine = seat == m.to_move and self.can_act
        playable = frozenset(self.cached("playable", reach.playable)) if mine and targets else None
        pick = sel.mode == "exchange" and sel.give is not None and seat != m.to_move and self.can_act
        ringed = None if news is None else news[2] if seat == news[0] else news[1]
        return view_hand.HandShown(tuple(v.hand_tiles(seat)) if hand is not None else (0,) * size, hand is not None,
                                   tuple(reach.raised) if mine else (), pick, playable, self.motion.landing(seat),
                                   ringed, f"{self.seat_name(seat)} ({size})", seat == m.to_move and not m.is_over)

    def _panel_shown(self, v: DotLinesState) -> view_panel.PanelShown:
        m, sel, motion = self.match, self.selection, self.motion
        roll = motion.roll_shown(v) if v.rolls and (v.phase < DRAW or motion.rolling) else None
        return view_panel.PanelShown(
            v, (self.seat_name(0), self.seat_name(1)), None if m.is_over else m.to_move,
            m.to_move if sel.chip_on and self.can_act else None, (motion.flips(0), motion.flips(1)),
            self.can_act and v.phase == DRAW, roll, "" if motion.rolling else self.status_text(),
            m.is_over or bool(sel.mode), self.buttons.top())

    def draw_top(self, surface: pygame.Surface) -> None:
        """The shared toasts and Undo tip, and why a disabled action button does nothing (on hover)."""
        super().draw_top(surface)
        key = self.buttons.disabled_at(self.pointer) if self.app.scenes.top is self and self.reach.acting else None
        why = self.action_refusal(key) if key is not None else None
        if why:
            hud.hover_tip(surface, self.app, self.buttons.actions[key].rect, why)

    # --- the tutorial and the tips (hexgames/ui/tutorial.py) -------------------------------------------
    def input_points(self, move: Any) -> list[Any]:
        return inputs.input_points(self.geo, self.reach, [(b.rect, m) for b, m in self.buttons.prompt], move)

    def tip_regions(self) -> list[tuple[pygame.Rect, str]]:
        return inputs.tip_regions(self.app, self.geo)
