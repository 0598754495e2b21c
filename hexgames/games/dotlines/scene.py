"""The Dot Lines table: two lines with their dice, both hands, the players' markers and chips.

Why it is built this way:
- The table is drawn from the viewer's view each frame (it is small: 12 columns, two hands), so what
  is drawn is always what the rules hold and what the viewer may see; the only extra state is the
  viewer's own input (selection, a pending action) and the running animations.
- The scene decides no rule. A selection of hand tiles (plus the chip, if toggled on) is matched
  against `rules.legal_moves`: every legal Place or Stack that uses exactly those tiles lights up its
  line end or column with the column it would make. A click where nothing lights up still builds the
  move the player meant and submits it, so the rules' own reason is shown. With nothing selected,
  the hand tiles no line can take are dimmed and the line ends and columns that take some are lit
  softly (setting `show_targets`).
- Geometry comes from `layout.TableLayout` (board_rect, panel_rect and the words' sizes): drawing
  and the hit-tests read the same rects from it. Words, prompts and the buttons of the moment live in
  the side panel (`panel`), messages in the shared strip: nothing is ever drawn over the lines or the
  hands.
- Decisions that are not placements (roll-off, choices, chip, draw) are buttons at the foot of the
  panel; the actions are buttons there too, disabled once used (the reason shows on hover), and ask
  for what they need (Exchange: one of yours, then one of theirs).
- An exchange by the other player changed the viewer's hand: the tile that left and the tile that
  came stay ringed until the viewer acts (`exchange_news`).
"""
from __future__ import annotations

import random
from typing import Any

import pygame
import pygame_gui

from hexgames.games.dotlines import inputs, panel
from hexgames.games.dotlines.layout import TableLayout
from hexgames.games.dotlines.panel import ACTION_BITS, ACTION_KEYS, tr_ui
from hexgames.games.dotlines.pieces import (
    CHIP_RGB, EXCHANGED, LINE_RGB, SELECT, TARGET, draw_chip, draw_die, draw_swap_badge, draw_tile,
)
from hexgames.games.dotlines.rules import (
    ACT, CHIP, CHIP_HIDDEN, CHOOSE, DOUBLE, DRAW, HOME, INVERTER, OVER, ROLL, Column, DotLinesRules, DotLinesState,
    Draw, Exchange, Place, Redraw, Roll, Stack,
)
from hexgames.ui import chart, draw, hud
from hexgames.ui.anim import ease_in_out, ease_out_cubic
from hexgames.ui.game_scene import GameScene, part_attribute

FELT = (34, 74, 58)
FELT_DARK = (26, 58, 46)
SOFT_TARGET = (84, 170, 112)  # a line end or column some legal placement reaches (nothing selected)
DIMMED = 105  # alpha of a hand tile no line can take
STACKED_TAG = (46, 84, 60)  # the "+2" of tiles stacked on a column
NEUTRAL = (150, 150, 160)  # the banner's chip while the roll-off dice still tumble
SLIDE_SECONDS = 0.45
ROLL_SECONDS = 0.9
BUTTON_FONT = 17  # the theme's button type: labels are measured in it to lay the buttons out
PRIMARY_FONT = 18  # the theme's "@primary" button type (bold): the first choice of a prompt


CHART_RGB = (LINE_RGB[0], (150, 150, 162))  # the black line's player, visible on the dark chart
MARKER_OUTLINE = (214, 214, 224)  # the black square's light edge: it stands out on dark panels


def _line_marker(line: int) -> chart.Marker:
    """The white line's player a disc, the black line's a square: told apart without colour."""
    def marker(surface: pygame.Surface, center: tuple[int, int], size: int) -> None:
        r = size // 2
        if line == 0:
            draw.aa_circle(surface, CHART_RGB[0], center, r, border=(20, 20, 24))
        else:
            box = pygame.Rect(0, 0, 2 * r, 2 * r)
            box.center = center
            pygame.draw.rect(surface, LINE_RGB[1], box)
            pygame.draw.rect(surface, MARKER_OUTLINE, box, 2 if r >= 6 else 1)
    return marker


def _selection(name: str, doc: str) -> property:
    return part_attribute("selection", name, doc, settable=True)


class DotLinesScene(GameScene):
    """Select hand tiles, click a lit line end (or a column to stack); buttons for everything else."""

    rules: DotLinesRules

    selected = _selection("selected", "Indices into the mover's sorted hand.")
    chip_on = _selection("chip_on", "The chip goes with the selected tiles.")
    mode = _selection("mode", '"redraw" | "exchange" | "stack": an action waiting for input.')
    give = _selection("give", "Exchange: the value offered.")
    dragging = _selection("dragging", "A drag across the hand adds the tiles it crosses.")
    selection_values = part_attribute("reach", "selection_values", "The selected tiles' values, sorted.")
    move_tiles = part_attribute("reach", "tiles", "The hand tiles a Place/Stack uses, and whether the chip.")
    candidates = part_attribute("reach", "candidates", "The legal moves the selection makes.")
    playable_values = part_attribute("reach", "playable", "The hand values some legal move uses.")

    def __init__(self, app: Any, match: Any):
        self.selection = inputs.Selection()
        self.geo: TableLayout | None = None
        self.col_rects: list[list[pygame.Rect]] = [[], []]
        self.die_rects: list[pygame.Rect] = [pygame.Rect(0, 0, 0, 0)] * 2
        self.deck_rect = pygame.Rect(0, 0, 0, 0)
        self.tile = 40
        self.prompt_buttons: list[tuple[Any, Any]] = []  # (button, move)
        self.action_buttons: dict[str, Any] = {}
        self.chip_button: Any = None
        self.flying: list[dict[str, Any]] = []  # tiles sliding: value, tween, landing (seat, value) or None
        self.hide_new: tuple[int, int] | None = None  # (line, col) drawn only once the slide lands
        self.roll_rng = random.Random(0)
        self.announced = False  # the ending has been said (once the last move's animation is over)
        super().__init__(app, match)

    # --- reading -----------------------------------------------------------------------------
    @property
    def state(self) -> DotLinesState:
        return self.match.state

    def view(self) -> DotLinesState:
        """What may be drawn: everything for spectators or once over, else the viewer's view."""
        s = self.state
        if self.match.is_over or (self.reveal_all and self.viewer_override is None):
            return s
        viewer = self.viewer  # observing copies the state: once per state and viewer, not per frame
        return self.cached("view", lambda: self._nobody_view() if viewer is None else self.rules.observe(s, viewer))

    def legal(self) -> list[Any]:
        """The legal moves of the position as the viewer sees it, listed once per state (the frame
        asks often); only asked while the viewer is the one to move, whose view holds all they need."""
        return self.cached("legal", lambda: list(self.rules.legal_moves(self.view())))

    @property
    def reach(self) -> inputs.Reach:
        """The player to move's hand, their selection and the moves it makes (`inputs.Reach`)."""
        return inputs.Reach(self.view(), self.match.to_move, self.legal, self.selection, self.can_act)

    def _nobody_view(self) -> DotLinesState:
        v = self.rules.observe(self.state, 0)
        if self.state.phase < CHIP:
            v.hands[0] = None
        if self.state.phase == CHIP:
            v.chip = [CHIP_HIDDEN if c >= 0 else c for c in self.state.chip]
        return v

    @property
    def bottom_seat(self) -> int:
        """The seat whose hand lies nearest the player: the one seat played at this screen (against
        the computer, or online, where the other human is at another screen), else seat 1's."""
        screen = self.table.screen_seats
        return screen[0] if len(screen) == 1 else 0

    def seat_colour(self, seat: int) -> tuple[int, int, int]:
        """The seat's line colour (its own colour before the homes are chosen); neutral while the
        roll-off dice tumble, so the banner's chip does not tell who won before the dice do."""
        if self.animator.value("roll") is not None:
            return NEUTRAL
        line = self.state.home[seat]
        return LINE_RGB[line] if line >= 0 else ((200, 120, 80), (110, 150, 210))[seat]

    def draw_seat_chip(self, surface: pygame.Surface, seat: int, center: tuple[float, float],
                       radius: float) -> None:
        """The seat's home line as the results chart marks it (white disc, black square with a light
        edge), so the black line's player is seen on the dark results panel, and told apart by shape."""
        line = self.state.home[seat]
        if line < 0:
            super().draw_seat_chip(surface, seat, center, radius)
            return
        _line_marker(line)(surface, (round(center[0]), round(center[1])), round(2 * radius))

    @property
    def hand_rects(self) -> dict[int, list[pygame.Rect]]:
        """Each seat's hand tiles as drawn now (the mover's selected ones raised while they may act)."""
        if self.geo is None:
            return {0: [], 1: []}
        v = self.view()
        return {seat: self.geo.hand_rects(seat, v.hand_size(seat), self._raised(seat)) for seat in (0, 1)}

    @property
    def end_rects(self) -> list[pygame.Rect]:
        """Each line's open end (nowhere once it has six columns)."""
        assert self.geo is not None
        return [self.geo.end_rect(line, len(self.state.lines[line])) for line in (0, 1)]

    def _raised(self, seat: int) -> list[int]:
        return self.reach.raised if seat == self.match.to_move else []

    def banner_text(self) -> str:
        """Says what the table shows, never ahead of it: no winner while the roll-off dice tumble, no
        "game over" while the last move's tiles still slide; the player to move is told what to do."""
        m = self.match
        if self.animator.value("roll") is not None:
            return tr_ui(self.app, "banner.rolling", "Rolling for the start...")
        if m.is_over and self.is_animating():
            seat = self.rules.to_move(m.states[-2]) if len(m.states) > 1 else 0
            return tr_ui(self.app, "banner.moving", "{name} moves", name=self.seat_name(seat))
        if m.is_over or not self.can_act:
            return super().banner_text()
        name = self.seat_name(m.to_move)
        key, default = {
            ROLL: ("banner.roll", "{name}: roll for the start"),
            CHOOSE: ("banner.choose", "{name} rolled higher: choose"),
            HOME: ("banner.home", "{name}: choose your home line"),
            CHIP: ("banner.chip", "{name}: choose your chip (kept secret)"),
            DRAW: ("banner.draw", "{name}: draw a tile"),
        }.get(self.state.phase, ("banner.act", "{name}: place tiles or use an action"))
        return tr_ui(self.app, key, default, name=name)

    # --- layout ------------------------------------------------------------------------------
    def layout(self) -> None:
        names = (self.seat_name(0), self.seat_name(1))
        geo = self.geo = TableLayout.fit(self.board_rect, self.panel_rect, self.actions_rect, self.bottom_seat,
                                         panel.measure(self.app, self.panel_rect.w, names))
        self.tile = geo.tile
        self.hand_area = geo.hand_area
        self.line_area = geo.line_area
        self.die_rects = geo.die_rects
        self.col_rects = geo.col_rects
        self.deck_rect = geo.deck_rect

    def _label_widths(self, labels: list[str], primary: bool = False) -> list[int]:
        """The labels' widths in the theme's button type (the bolder, larger "@primary" one if asked)."""
        font = self.app.font(PRIMARY_FONT, bold=True) if primary else self.app.font(BUTTON_FONT)
        return [font.size(label)[0] for label in labels]

    def build_widgets(self) -> None:
        from pygame_gui.elements import UIButton

        assert self.geo is not None
        geo = self.geo
        self.action_buttons = {key: UIButton(pygame.Rect(geo.actions[key]), tr_ui(self.app, f"action.{key}", key.capitalize()),
                                             self.app.ui, tool_tip_text=self.app.tr(f"learn.tips.dotlines.{key}"))
                               for key in ACTION_KEYS}
        self.chip_button = UIButton(pygame.Rect(geo.chip_button), tr_ui(self.app, "use_chip", "Use chip"), self.app.ui,
                                    tool_tip_text=self.app.tr("learn.tips.dotlines.chip"))
        self.widgets += [*self.action_buttons.values(), self.chip_button]
        self._build_prompt()

    def _prompt_moves(self) -> list[tuple[str, Any]]:
        return [(tr_ui(self.app, key, default), move) for key, default, move in inputs.CHOICES.get(self.state.phase, ())]

    def _build_prompt(self) -> None:
        from pygame_gui.core import ObjectID
        from pygame_gui.elements import UIButton

        for button, _ in self.prompt_buttons:
            button.kill()
            if button in self.widgets:
                self.widgets.remove(button)
        self.prompt_buttons = []
        choices = self._prompt_moves() if self._prompt_open() else []
        if not choices or self.geo is None:
            return
        rects = self.geo.button_rects(self._label_widths([label for label, _ in choices], primary=True))
        for i, ((label, move), rect) in enumerate(zip(choices, rects)):
            button = UIButton(rect, label, self.app.ui, object_id=ObjectID(class_id="@primary") if i == 0 else None)
            self.prompt_buttons.append((button, move))
            self.widgets.append(button)

    def _prompt_open(self) -> bool:
        return self.can_act and self.state.phase not in (ACT, OVER)

    def _acting(self) -> bool:
        return self.can_act and self.state.phase == ACT

    def _sync_widgets(self) -> None:
        key = (self.state.phase, self.match.to_move, len(self.match.moves), self._prompt_open())
        if key != getattr(self, "_prompt_key", None):
            self._prompt_key = key
            self._build_prompt()
        acting = self._acting()
        for widget in [*self.action_buttons.values(), self.chip_button]:
            if widget is None:
                continue
            if acting and not widget.visible:
                widget.show()
            elif not acting and widget.visible:
                widget.hide()
        for key, button in self.action_buttons.items():  # a used action's button looks used: disabled
            usable = not acting or self.action_refusal(key) is None
            if usable != bool(button.is_enabled):
                button.enable() if usable else button.disable()
        if self.chip_button is not None:
            v = self.view()
            seat = self.match.to_move
            label = tr_ui(self.app, "chip_on", "Chip: on") if self.chip_on else tr_ui(self.app, "use_chip", "Use chip")
            if self.chip_button.text != label:
                self.chip_button.set_text(label)
            usable = v.chip_at[seat] is None and v.chip[seat] >= 0
            if usable != bool(self.chip_button.is_enabled):
                self.chip_button.enable() if usable else self.chip_button.disable()

    def controls_top(self) -> int | None:
        """The top of the panel's buttons showing now (None: none show)."""
        shown = [b.rect.top for b in [*self.action_buttons.values(), self.chip_button] if b is not None and b.visible]
        shown += [b.rect.top for b, _ in self.prompt_buttons if b.visible]
        return min(shown) if shown else None

    # --- selection and targets ---------------------------------------------------------------
    def shows_targets(self) -> bool:
        """Legal targets are lit and unplayable tiles dimmed: the setting is on, the viewer is placing
        (not picking a tile for Redraw or Exchange)."""
        return self.app.settings.show_targets and self._acting() and self.mode not in ("redraw", "exchange")

    def clear_selection(self) -> None:
        """Drop the input state of the player at the screen (a hand-over or an undo): the selected
        tiles, the chip toggled on, an action waiting for its tile, a drag and the pointer's place."""
        self.selection.clear()

    def exchange_news(self) -> tuple[int, int, int] | None:
        """(mover, give, take) of the latest Exchange while it is news to the viewer: made by the
        other player, and the viewer has not acted since (drawing their tile is not acting)."""
        moves = self.match.moves
        i = len(moves) - 1
        while i >= 0 and type(moves[i]) is Draw:
            i -= 1
        if i < 0 or type(moves[i]) is not Exchange:
            return None
        mover = self.rules.to_move(self.match.states[i])
        if self.viewer == mover:
            return None
        return mover, moves[i].give, moves[i].take

    def roll_shown(self, v: DotLinesState) -> tuple[tuple[int, int], str | None]:
        """The roll-off dice faces to show now and, for a tie, the words: while the dice tumble a tie
        is said as it lands ("a tie at 3: both roll again"), afterwards that there was one."""
        rolls = v.rolls
        t = self.animator.value("roll")
        if t is not None:
            k = min(int(t), len(rolls) - 1)
            if t - int(t) <= 0.7:  # still tumbling
                return (self.roll_rng.randint(1, 6), self.roll_rng.randint(1, 6)), None
            if k < len(rolls) - 1:
                return rolls[k], tr_ui(self.app, "roll_tie", "A tie at {value}: both roll again.", value=rolls[k][0])
            return rolls[k], None
        ties = len(rolls) - 1
        if ties == 1:
            return rolls[-1], tr_ui(self.app, "roll_tied_once", "First a tie at {value}: rolled again.", value=rolls[0][0])
        if ties > 1:
            return rolls[-1], tr_ui(self.app, "roll_tied", "{count} ties first: rolled again.", count=ties)
        return rolls[-1], None

    def action_refusal(self, key: str) -> str | None:
        """Why the action's button is disabled for the player to move (the rules' reason), or None:
        it has been used, or Redraw finds the deck empty."""
        v = self.view()
        seat = self.match.to_move
        hand = v.hand_tiles(seat)
        probe = {"redraw": Redraw(hand[0] if hand else 1), "exchange": Exchange(1, 1),
                 "stack": Stack(0, 0, 1, 0)}[key]
        bit = ACTION_BITS[ACTION_KEYS.index(key)]
        if v.used[seat] & bit or (key == "redraw" and not v.deck):
            return self.app.tr_reason(self.rules.check(v, probe))
        return None

    # --- input -------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE and self.selection.busy:
                self.clear_selection()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.can_act:
                if self.hint_move is not None and (self.hint_move in self.candidates() or self.hint_move in [
                        m for _, m in self.prompt_buttons]):
                    return self.submit(self.hint_move)  # the hint, still selected or framed: take it
                moves = self._prompt_moves()
                if self.state.phase != ACT and len(moves) == 1:
                    return self.submit(moves[0][1])
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for button, move in self.prompt_buttons:
                if event.ui_element is button:
                    self.submit(move)
                    return True
            for key, button in self.action_buttons.items():
                if event.ui_element is button:
                    self.press_action(key)
                    return True
            if event.ui_element is self.chip_button:
                self.toggle_chip()
                return True
        return super().handle(event)

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
        self.chip_on = not self.chip_on

    def press_action(self, key: str) -> None:
        """An action button: act at once if the selection says enough, else ask for what is missing."""
        refusal = self.action_refusal(key)
        if refusal is not None:  # (the button is disabled then; a key or a test may still ask)
            self.toast(refusal, error=True)
            return
        move = inputs.press_action(self.reach, key)
        if move is not None:
            self.submit(move)

    def hint(self) -> str:
        if self.mode == "redraw":
            return tr_ui(self.app, "ask.redraw", "Redraw: click the hand tile to discard.")
        if self.mode == "exchange" and self.give is None:
            return tr_ui(self.app, "ask.give", "Exchange: click one of your tiles.")
        if self.mode == "exchange":
            return tr_ui(self.app, "ask.take", "Exchange: now click one of your opponent's tiles.")
        if self.mode == "stack":
            return tr_ui(self.app, "ask.stack", "Stack: select tiles, then click a column of that value and count.")
        if self.state.phase == ACT:
            if self.hint_move is not None and self.hint_move in self.candidates():
                return tr_ui(self.app, "ask.hint", "Hint: press Enter or click the ringed target to play it.")
            if self.selected:
                return tr_ui(self.app, "ask.place", "Click a lit line end to place, or a column to stack.")
            return tr_ui(self.app, "ask.select", "Select hand tiles (shift/ctrl-click or drag for several), or use an action.")
        return ""

    def handle_game_event(self, event: pygame.event.Event) -> bool:
        sel = self.selection
        if event.type == pygame.MOUSEMOTION:
            sel.mouse = event.pos
            if sel.dragging and self.can_act:
                inputs.drag(self.geo, self.reach, event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            sel.dragging = False
            return False
        if event.type != pygame.MOUSEBUTTONDOWN:
            return False
        sel.mouse = event.pos
        if not self.can_act:
            return False
        if event.button == 3:
            self.clear_selection()
            return True
        if event.button != 1:
            return False
        if self.state.phase == DRAW and self.deck_rect.collidepoint(event.pos):
            return self.submit(Draw())
        if self.state.phase != ACT:
            return False
        return self._click(event.pos, bool(pygame.key.get_mods() & (pygame.KMOD_SHIFT | pygame.KMOD_CTRL))
                           or bool(getattr(event, "mod", 0) & (pygame.KMOD_SHIFT | pygame.KMOD_CTRL)))

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

    # --- animation ---------------------------------------------------------------------------
    def move_sound(self, before: Any, move: Any, after: Any) -> str:
        return "select" if type(move) is Draw else "place"

    def chart_panels(self, states: list[DotLinesState]) -> list[chart.Panel]:
        """The race: each player's hand (to empty) and home line (to fill) over the game."""
        last = states[-1]
        seats = range(2)

        def line(i: int, values: list[int]) -> chart.Line:
            home = max(0, last.home[i])
            return chart.Line(self.seat_name(i), CHART_RGB[home], values, _line_marker(home))

        hands = [line(i, [s.hand_size(i) for s in states]) for i in seats]
        columns = [line(i, [len(s.lines[s.home[i]]) if s.home[i] >= 0 else 0 for s in states]) for i in seats]
        return [chart.Panel(tr_ui(self.app, "chart_hand", "Tiles in hand"), hands),
                chart.Panel(tr_ui(self.app, "chart_columns", "Columns on the home line"), columns, top=6)]

    def on_move_played(self, before: Any, move: Any, after: Any, by_ai: bool) -> None:
        """Slide what moved: tiles from the hand to a line, a drawn tile from the deck to the hand,
        exchanged tiles from hand to hand; the dice tumble for the roll-off; used markers turn over.
        Only public tiles move (every draw comes after the hands are open)."""
        kind = type(move)
        seat = before.current
        if kind is Roll:
            self.roll_rng = random.Random(len(self.match.moves))
            self.animator.tween(0.0, float(len(after.rolls)), ROLL_SECONDS * len(after.rolls), tag="roll")
        elif kind in (Place, Stack):
            line = move.line
            col = len(after.lines[line]) - 1 if kind is Place else move.col
            tiles = list(after.lines[line][col].tiles[len(before.lines[line][col].tiles) if kind is Stack else 0:])
            self.hide_new = (line, col) if kind is Place else None
            for k, value in enumerate(tiles):
                self._fly(value, self._hand_spot(before, seat, value, k), self.col_rects[line][col].topleft,
                          SLIDE_SECONDS, delay=0.06 * k)
        elif kind in (Draw, Redraw):
            gone = move.value if kind is Redraw else 0
            new = next((v for v in range(1, 7) if after.hands[seat][v] - before.hands[seat][v] + (v == gone) > 0), 0)
            if new:
                self._fly(new, self.deck_rect.topleft, self._hand_spot(after, seat, new), SLIDE_SECONDS * 0.8,
                          land=(seat, new), ease=ease_out_cubic)
        elif kind is Exchange:
            other = 1 - seat
            self._fly(move.give, self._hand_spot(before, seat, move.give), self._hand_spot(after, other, move.give),
                      SLIDE_SECONDS, land=(other, move.give))
            self._fly(move.take, self._hand_spot(before, other, move.take), self._hand_spot(after, seat, move.take),
                      SLIDE_SECONDS, land=(seat, move.take))
        for bit in ACTION_BITS:  # an action marker just used turns over
            if after.used[seat] & bit and not before.used[seat] & bit:
                self.animator.tween(0.0, 1.0, 0.5, ease=ease_in_out, tag=("flip", seat, bit))
        self._sync_widgets()

    def _fly(self, value: int, start: tuple[int, int], end: tuple[int, int], seconds: float, delay: float = 0.0,
             land: tuple[int, int] | None = None, ease: Any = ease_in_out) -> None:
        """A tile sliding from `start` to `end`; `land` = (seat, value): the hand tile it becomes is
        drawn as an empty place until it arrives."""
        tw = self.animator.tween(start, end, seconds, ease=ease, delay=delay, on_done=self._slide_done)
        self.flying.append({"value": value, "tween": tw, "land": land})

    def _hand_spot(self, s: DotLinesState, seat: int, value: int, k: int = 0) -> tuple[int, int]:
        """Where the `k`-th tile of `value` sits in `seat`'s hand in state `s` (its top-left)."""
        assert self.geo is not None
        return self.geo.hand_spot(s.hand_tiles(seat), seat, value, k)

    def _slide_done(self) -> None:
        self.flying = [f for f in self.flying if not f["tween"].done]
        if not self.flying:
            self.hide_new = None

    def on_undo(self) -> None:
        self.clear_selection()
        self.flying = []
        self.hide_new = None
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

    # --- drawing -----------------------------------------------------------------------------
    def draw_game(self, surface: pygame.Surface) -> None:
        v = self.view()
        pygame.draw.rect(surface, FELT, self.board_rect, border_radius=12)
        self._draw_bands(surface, v)
        self._draw_hint_target(surface)  # under the tiles and the targets' own marks: counts stay readable
        self._draw_targets(surface, v)
        self._draw_columns(surface, v)
        news = self.exchange_news()
        for seat in (0, 1):
            self._draw_hand(surface, v, seat, news)
        self._draw_flying(surface)
        self._draw_panel(surface, v)
        self._draw_hint_choice(surface)

    def draw_top(self, surface: pygame.Surface) -> None:
        """The shared toasts and Undo tip, and why a disabled action button does nothing (on hover)."""
        super().draw_top(surface)
        if self.app.scenes.top is not self or not self._acting():
            return
        for key, button in self.action_buttons.items():
            if button.visible and not button.is_enabled and button.rect.collidepoint(self.pointer):
                why = self.action_refusal(key)
                if why:
                    hud.hover_tip(surface, self.app, button.rect, why)

    def _draw_bands(self, surface: pygame.Surface, v: DotLinesState) -> None:
        """Each line's band: its name and owner above, the die, the empty places."""
        geo = self.geo
        font = self.app.font(geo.label_size)
        for line in (0, 1):
            area = self.line_area[line].inflate(-8, -6)
            pygame.draw.rect(surface, FELT_DARK, area, border_radius=10)
            owner = v.owner(line)
            name = panel.line_name(self, line)
            label = name if owner < 0 else f"{name} · {self.seat_name(owner)}"
            draw.text(surface, font, label, geo.label_pos(self.line_area[line]), LINE_RGB[0], anchor="midleft")
            self._draw_die(surface, self.die_rects[line], v.die[line], line)
            cols = v.lines[line]
            for j in range(len(cols), 6):
                pygame.draw.rect(surface, (52, 92, 74), self.col_rects[line][j], 1, border_radius=6)

    def _draw_columns(self, surface: pygame.Surface, v: DotLinesState) -> None:
        for line in (0, 1):
            for j, col in enumerate(v.lines[line]):
                if self.hide_new != (line, j):
                    self._draw_column(surface, v, line, j, col, self.col_rects[line][j])

    def _draw_die(self, surface: pygame.Surface, rect: pygame.Rect, value: int, line: int) -> None:
        rolled = self.animator.value("roll") is not None
        draw_die(surface, rect, 0 if rolled else value, line)

    def _draw_column(self, surface: pygame.Surface, v: DotLinesState, line: int, j: int, col: Column,
                     rect: pygame.Rect) -> None:
        chip_seat = next((seat for seat in (0, 1) if v.chip_at[seat] is not None and v.chip_at[seat][:2] == (line, j)),
                         None)
        chip_index = v.chip_at[chip_seat][2] if chip_seat is not None else -1
        order = [k for k in range(len(col.tiles)) if k != chip_index] + ([chip_index] if chip_index >= 0 else [])
        n = len(order)
        step = self.geo.stack_step(n)
        top = rect.y - step * (n - 1) // 2
        for pos, k in enumerate(order):
            r = rect.copy()
            r.y = top + step * pos
            draw_tile(surface, r, col.tiles[k])
        last = rect.copy()
        last.y = top + step * (n - 1)
        if chip_seat is not None:
            draw_chip(surface, self.app, (last.right - 4, last.y + 4), max(7, self.tile * 0.17), v.chip[chip_seat])
            if v.chip[chip_seat] == INVERTER:  # what the mixed pips count as: a small tile of the value
                mini = pygame.Rect(0, 0, max(12, self.tile // 3), max(12, self.tile // 3))
                mini.topleft = (last.x - mini.w // 3, last.bottom - mini.h * 2 // 3)
                draw_tile(surface, mini, col.value, border=CHIP_RGB[1])
        self._draw_count(surface, last, col.count)
        stacked = len(col.tiles) - self.laid_with_column(v, line, j, col)
        if stacked > 0:  # "+2" at the pile's top: tiles stacked on it, which change nothing of its count
            font = self.app.font(max(12, round(self.tile * 0.2)), bold=True)
            text = f"+{stacked}"
            tag = pygame.Rect(0, 0, font.size(text)[0] + 8, font.get_height())
            tag.center = (rect.x + 2, top + 2)
            draw.rounded_panel(surface, tag, STACKED_TAG, tag.h // 2, border=(200, 220, 200))
            draw.text(surface, font, text, tag.center, (230, 240, 230), anchor="center")

    @staticmethod
    def laid_with_column(v: DotLinesState, line: int, j: int, col: Column) -> int:
        """How many of a column's tiles were laid when it was made (the rest were stacked): its count,
        one fewer if a Double chip came with it (one tile counting two)."""
        made_with_double = any(at is not None and at[:2] == (line, j) and at[2] < col.count - 1 and v.chip[seat] == DOUBLE
                               for seat, at in enumerate(v.chip_at))
        return col.count - 1 if made_with_double else col.count

    def _draw_count(self, surface: pygame.Surface, tile: pygame.Rect, count: int,
                    colour: tuple[int, int, int] = (30, 34, 44)) -> None:
        """A column's count in a badge at its bottom-right corner."""
        badge = (tile.right - 2, tile.bottom - 2)
        draw.aa_circle(surface, colour, badge, max(9, self.tile * 0.2))
        draw.text(surface, self.app.font(max(12, round(self.tile * 0.24)), bold=True), str(count), badge,
                  (255, 255, 255), anchor="center")

    def _draw_targets(self, surface: pygame.Surface, v: DotLinesState) -> None:
        """Where the selection can go, lit, each with the column it would make; with nothing
        selected, a soft frame on every line end and column that takes some of the hand."""
        if not self.shows_targets():
            return
        seat = self.match.to_move
        chosen = self.candidates()
        for m in chosen:
            if type(m) is Place:
                rect = self.col_rects[m.line][len(v.lines[m.line])]
                pygame.draw.rect(surface, TARGET, rect.inflate(10, 10), 3, border_radius=8)
                draw_tile(surface, rect, m.value, alpha=150)
                self._draw_count(surface, rect, self.rules.chip_count(v.chip[seat], m.plain, m.chip), (40, 120, 70))
            else:
                rect = self.col_rects[m.line][m.col]
                pygame.draw.rect(surface, TARGET, rect.inflate(14, 22), 3, border_radius=8)
        if chosen or self.selected:
            return
        for m in self.legal():
            if type(m) is Place:
                rect = self.col_rects[m.line][len(v.lines[m.line])]
                pygame.draw.rect(surface, SOFT_TARGET, rect.inflate(8, 8), 2, border_radius=8)
            elif type(m) is Stack:
                rect = self.col_rects[m.line][m.col]
                pygame.draw.rect(surface, SOFT_TARGET, rect.inflate(12, 18), 2, border_radius=8)

    def _draw_hand(self, surface: pygame.Surface, v: DotLinesState, seat: int,
                   news: tuple[int, int, int] | None) -> None:
        area = self.hand_area[seat]
        hand = v.hands[seat]
        size = v.hand_size(seat)
        tiles = v.hand_tiles(seat) if hand is not None else [0] * size
        rects = self.geo.hand_rects(seat, len(tiles), self._raised(seat))
        mine = seat == self.match.to_move and self.can_act
        playable = self.playable_values() if mine and self.shows_targets() else None
        pick = self.mode == "exchange" and self.give is not None and seat != self.match.to_move and self.can_act
        landing = [f["land"][1] for f in self.flying if f["land"] and f["land"][0] == seat and not f["tween"].done]
        ringed = self._exchanged_value(seat, news)
        for i, (value, rect) in enumerate(zip(tiles, rects)):
            if value in landing:  # its tile is still on the way: an empty place
                landing.remove(value)
                pygame.draw.rect(surface, (52, 92, 74), rect, 1, border_radius=max(3, rect.w // 7))
                continue
            sel = mine and i in self.selected
            border = SELECT if sel else TARGET if pick else None
            swapped = value == ringed
            if swapped:
                ringed = None  # one tile of that value came
                border = border or EXCHANGED
            alpha = DIMMED if playable is not None and value not in playable and not sel else 255
            draw_tile(surface, rect, value, face_up=hand is not None, border=border, alpha=alpha)
            if swapped:
                draw_swap_badge(surface, rect.topleft, max(7, rect.w // 6))
        name = self.seat_name(seat)
        colour = hud.ACCENT if seat == self.match.to_move and not self.match.is_over else hud.MUTED
        label = f"{name} ({size})"
        font = draw.fit_text(self.app.font, label, self.board_rect.right - self.geo.left - 10, self.geo.label_size, 12)
        draw.text(surface, font, label, self.geo.label_pos(area), colour, anchor="midleft")

    def _exchanged_value(self, seat: int, news: tuple[int, int, int] | None) -> int | None:
        """The tile an exchange brought into `seat`'s hand, ringed while the exchange is news."""
        if news is None:
            return None
        mover, give, take = news
        return take if seat == mover else give

    def _draw_flying(self, surface: pygame.Surface) -> None:
        t = self.tile
        for f in self.flying:
            tw = f["tween"]
            if tw.done or tw.elapsed < tw.delay:
                continue
            x, y = tw.value
            draw_tile(surface, pygame.Rect(round(x), round(y), t, t), f["value"], border=SELECT)

    def _draw_panel(self, surface: pygame.Surface, v: DotLinesState) -> None:
        geo = self.geo
        for seat in (1 - self.bottom_seat, self.bottom_seat):
            panel.draw_seat_box(surface, self, v, seat, geo.boxes[seat])
        panel.draw_deck_row(surface, self, v)
        status = geo.status_rect(self.controls_top())
        if v.rolls and (v.phase < DRAW or self.animator.value("roll") is not None):
            used = panel.draw_roll(surface, self, v, status)
            status = pygame.Rect(status.x, status.y + used, status.w, max(0, status.h - used))
        if self.animator.value("roll") is not None:
            return
        panel.draw_words(surface, self, self.status_text(), status,
                         hud.ACCENT if self.match.is_over or self.mode else hud.TEXT)

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
        name = self.seat_name(self.match.to_move)
        texts = {
            ROLL: tr_ui(self.app, "prompt.roll", "Roll-off: the higher roller chooses."),
            CHOOSE: tr_ui(self.app, "prompt.choose", "{name} rolled higher: choose a home line, or to move first.",
                       name=name),
            HOME: tr_ui(self.app, "prompt.home", "{name}: choose your home line.", name=name),
            CHIP: tr_ui(self.app, "prompt.chip", "{name}: choose your chip for this game (hidden until both chose).",
                     name=name),
            DRAW: tr_ui(self.app, "prompt.draw", "{name}: draw a tile (click the deck or press Enter).", name=name),
        }
        return texts.get(s.phase, "")

    def _draw_hint_choice(self, surface: pygame.Surface) -> None:
        """The hinted choice's button in the panel, framed in cyan and tagged "Hint"."""
        for button, move in self.prompt_buttons:
            if move == self.hint_move and self.can_act:
                hud.hint_ring(surface, self.app, button.rect)

    def _draw_hint_target(self, surface: pygame.Surface) -> None:
        """The hinted target while its tiles are still selected: a cyan ring tagged "Hint"."""
        m = self.hint_move
        if type(m) not in (Place, Stack) or m not in self.candidates():
            return
        if type(m) is Place:
            rect = self.col_rects[m.line][len(self.view().lines[m.line])]
            draw_tile(surface, rect, m.value, alpha=150)
        else:
            rect = self.col_rects[m.line][m.col]
        ring = rect.inflate(18, 26)
        pygame.draw.rect(surface, hud.HINT, ring, 4, border_radius=10)
        hud.hint_tag(surface, self.app, (ring.centerx, ring.y + 2), size=12)

    # --- the tutorial and the tips (hexgames/ui/tutorial.py) -------------------------------------------
    def input_points(self, move: Any) -> list[Any]:
        assert self.geo is not None
        return inputs.input_points(self.geo, self.reach, [(b.rect, m) for b, m in self.prompt_buttons], move)

    def tip_regions(self) -> list[tuple[pygame.Rect, str]]:
        return inputs.tip_regions(self.app, self.geo) if self.geo is not None else []
