"""The Dot Lines table: two lines with their dice, both hands, the players' markers and chips.

Why it is built this way:
- The table is drawn from the state each frame (it is small: 12 columns, two hands), so what is drawn
  is always what the rules hold; the only extra state is the selection and the running animations.
- The scene decides no rule. A selection of hand tiles (plus the chip, if toggled on) is matched
  against `rules.legal_moves`: every legal Place or Stack that uses exactly those tiles lights up its
  line end or column with the column it would make. A click where nothing lights up still builds the
  move the player meant and submits it, so the rules' own reason is shown.
- Decisions that are not placements (roll-off, choices, chip, draw) are buttons in a prompt box; the
  actions are buttons that ask for what they need (Exchange: one of yours, then one of theirs).
- Before the hands are turned up only the viewer's own hand is drawn face up, and the other seat's
  chosen chip is a "?" until both have chosen (from `rules.observe`).
"""
from __future__ import annotations

import random
from typing import Any

import pygame
import pygame_gui

from hexgames.games.dotlines.rules import (
    ACT, BLACK, CHIP, CHIP_HIDDEN, CHIP_NONE, CHOOSE, DOUBLE, DRAW, EXCHANGE, HOME, INVERTER, OVER, REDRAW, ROLL,
    STACK, WHITE, Chip, Column, DotLinesRules, DotState, Draw, Exchange, First, Home, Place, Redraw, Roll, Stack,
)
from hexgames.games.dotlines.pieces import CHIP_RGB, LINE_RGB, draw_chip, draw_die, draw_tile
from hexgames.ui import chart, draw, hud
from hexgames.ui.anim import ease_in_out, ease_out_cubic
from hexgames.ui.game_scene import GameScene

FELT = (34, 74, 58)
FELT_DARK = (26, 58, 46)
SELECT = (255, 214, 90)
TARGET = (120, 230, 150)
SLIDE_SECONDS = 0.45
ROLL_SECONDS = 0.9
ACTION_BITS = (REDRAW, EXCHANGE, STACK)
ACTION_KEYS = ("redraw", "exchange", "stack")


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


def _tr(app: Any, key: str, default: str, **kw: Any) -> str:
    return app.tr(f"dotlines_ui.{key}", default=default, **kw)


class DotLinesScene(GameScene):
    """Select hand tiles, click a lit line end (or a column to stack); buttons for everything else."""

    rules: DotLinesRules

    def __init__(self, app: Any, match: Any):
        self.selected: list[int] = []  # indices into the mover's sorted hand
        self.chip_on = False
        self.mode: str | None = None  # "redraw" | "exchange" | "stack": an action waiting for input
        self.give: int | None = None  # Exchange: the value offered
        self.dragging = False
        self.mouse = (0, 0)
        self.hand_rects: dict[int, list[pygame.Rect]] = {0: [], 1: []}
        self.end_rects: list[pygame.Rect] = [pygame.Rect(0, 0, 0, 0)] * 2
        self.col_rects: list[list[pygame.Rect]] = [[], []]
        self.die_rects: list[pygame.Rect] = [pygame.Rect(0, 0, 0, 0)] * 2
        self.deck_rect = pygame.Rect(0, 0, 0, 0)
        self.chip_rects: dict[int, pygame.Rect] = {}
        self.prompt_rect = pygame.Rect(0, 0, 0, 0)
        self.tile = 40
        self.prompt_buttons: list[tuple[Any, Any]] = []  # (button, move)
        self.action_buttons: dict[str, Any] = {}
        self.chip_button: Any = None
        self.flying: list[dict[str, Any]] = []  # tiles sliding: value, from, to, tween
        self.hide_new: tuple[int, int] | None = None  # (line, col) drawn only once the slide lands
        self.roll_rng = random.Random(0)
        self.announced = False
        self._view_memo: tuple[DotState, int | None, DotState] | None = None
        self._legal_memo: tuple[DotState, list[Any]] | None = None
        super().__init__(app, match)

    # --- reading -----------------------------------------------------------------------------
    @property
    def state(self) -> DotState:
        return self.match.state

    def view(self) -> DotState:
        """What may be drawn: everything for spectators or once over, else the viewer's view."""
        s = self.state
        if self.match.is_over or (self.reveal_all and self.viewer_override is None):
            return s
        viewer = self.viewer
        memo = self._view_memo  # observing copies the state: once per state and viewer, not per frame
        if memo is None or memo[0] is not s or memo[1] != viewer:
            memo = self._view_memo = (s, viewer, self._nobody_view() if viewer is None else self.rules.observe(s, viewer))
        return memo[2]

    def legal(self) -> list[Any]:
        """The legal moves of the current state, listed once per state (the frame asks often)."""
        if self._legal_memo is None or self._legal_memo[0] is not self.state:
            self._legal_memo = (self.state, list(self.rules.legal_moves(self.state)))
        return self._legal_memo[1]

    def _nobody_view(self) -> DotState:
        v = self.rules.observe(self.state, 0)
        if self.state.phase < CHIP:
            v.hands[0] = None
        if self.state.phase == CHIP:
            v.chip = [CHIP_HIDDEN if c >= 0 else c for c in self.state.chip]
        return v

    @property
    def bottom_seat(self) -> int:
        humans = [i for i, s in enumerate(self.match.seats) if s.is_human]
        return humans[0] if len(humans) == 1 else 0

    def seat_colour(self, seat: int) -> tuple[int, int, int]:
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

    def my_hand(self) -> list[int]:
        return self.state.hand_tiles(self.match.to_move)

    # --- layout ------------------------------------------------------------------------------
    def layout(self) -> None:
        r = self.board_rect
        hand_h = max(44, int(r.h * 0.18))
        line_h = (r.h - 2 * hand_h - 16) // 2
        self.tile = max(22, min(int(line_h * 0.5), int(r.w / 9.5), 76))
        self.hand_area = {1 - self.bottom_seat: pygame.Rect(r.x, r.y, r.w, hand_h),
                          self.bottom_seat: pygame.Rect(r.x, r.bottom - hand_h, r.w, hand_h)}
        self.line_area = [pygame.Rect(r.x, r.y + hand_h + 8, r.w, line_h),
                          pygame.Rect(r.x, r.y + hand_h + 8 + line_h, r.w, line_h)]
        slot = min(r.w / 7.6, self.tile * 1.45)
        for line in (0, 1):
            area = self.line_area[line]
            x0 = area.x + slot * 0.35
            cy = area.centery
            self.die_rects[line] = pygame.Rect(0, 0, self.tile, self.tile)
            self.die_rects[line].center = (round(x0 + slot * 0.5), cy)
            self.col_rects[line] = []
            for j in range(6):
                rect = pygame.Rect(0, 0, self.tile, self.tile)
                rect.center = (round(x0 + slot * (j + 1.5)), cy)
                self.col_rects[line].append(rect)
        p = self.panel_rect
        self.prompt_rect = pygame.Rect(0, 0, min(r.w - 40, 460), 104)
        self.prompt_rect.center = (r.centerx, self.line_area[1].y)  # between the lines, off the tiles
        self.deck_rect = pygame.Rect(p.x + 12, p.bottom - 150, 46, 46)

    def build_widgets(self) -> None:
        from pygame_gui.core import ObjectID
        from pygame_gui.elements import UIButton

        p = self.panel_rect
        per_row = 2 if p.w >= 300 else 1  # Japanese labels need the whole width of a narrow panel
        bw, bh = (p.w - 20 - 10 * (per_row - 1)) // per_row, 32
        rows = 4 // per_row
        y = p.bottom - rows * (bh + 4)
        rects = [pygame.Rect(p.x + 10 + (i % per_row) * (bw + 10), y + (i // per_row) * (bh + 4), bw, bh)
                 for i in range(4)]
        self.action_buttons = {}
        for i, key in enumerate(ACTION_KEYS):
            self.action_buttons[key] = UIButton(rects[i], _tr(self.app, f"action.{key}", key.capitalize()),
                                                self.app.ui)
        rect = rects[3]
        self.chip_button = UIButton(rect, _tr(self.app, "use_chip", "Use chip"), self.app.ui)
        self.widgets += [*self.action_buttons.values(), self.chip_button]
        self._build_prompt(ObjectID, UIButton)

    def _prompt_moves(self) -> list[tuple[str, Any]]:
        phase = self.state.phase
        if phase == ROLL:
            return [(_tr(self.app, "roll", "Roll the dice"), Roll())]
        if phase == CHOOSE:
            return [(_tr(self.app, "first", "Move first"), First()),
                    (_tr(self.app, "home_white", "Home: white"), Home(WHITE)),
                    (_tr(self.app, "home_black", "Home: black"), Home(BLACK))]
        if phase == HOME:
            return [(_tr(self.app, "home_white", "Home: white"), Home(WHITE)),
                    (_tr(self.app, "home_black", "Home: black"), Home(BLACK))]
        if phase == CHIP:
            return [(_tr(self.app, "chip.double", "Double"), Chip(DOUBLE)),
                    (_tr(self.app, "chip.inverter", "Inverter"), Chip(INVERTER))]
        if phase == DRAW:
            return [(_tr(self.app, "draw", "Draw a tile"), Draw())]
        return []

    def _build_prompt(self, ObjectID: Any = None, UIButton: Any = None) -> None:
        if UIButton is None:
            from pygame_gui.core import ObjectID
            from pygame_gui.elements import UIButton
        for button, _ in self.prompt_buttons:
            button.kill()
            if button in self.widgets:
                self.widgets.remove(button)
        self.prompt_buttons = []
        self._prompt_phase = (self.state.phase, self.match.to_move, len(self.match.moves))
        choices = self._prompt_moves() if self._prompt_open() else []
        if not choices:
            return
        box = self.prompt_rect
        gap = 10
        bw = min(170, (box.w - 20 - gap * (len(choices) - 1)) // len(choices))
        x = box.centerx - (bw * len(choices) + gap * (len(choices) - 1)) // 2
        for i, (label, move) in enumerate(choices):
            rect = pygame.Rect(x + i * (bw + gap), box.bottom - 48, bw, 38)
            button = UIButton(rect, label, self.app.ui, object_id=ObjectID(class_id="@primary") if i == 0 else None)
            self.prompt_buttons.append((button, move))
            self.widgets.append(button)

    def _prompt_open(self) -> bool:
        return self.can_act and self.state.phase not in (ACT, OVER)

    def _sync_widgets(self) -> None:
        key = (self.state.phase, self.match.to_move, len(self.match.moves), self._prompt_open())
        if key != getattr(self, "_prompt_key", None):
            self._prompt_key = key
            self._build_prompt()
        acting = self.can_act and self.state.phase == ACT
        for widget in [*self.action_buttons.values(), self.chip_button]:
            if widget is None:
                continue
            if acting and not widget.visible:
                widget.show()
            elif not acting and widget.visible:
                widget.hide()
        if self.chip_button is not None:
            s = self.state
            seat = self.match.to_move
            label = _tr(self.app, "chip_on", "Chip: on") if self.chip_on else _tr(self.app, "use_chip", "Use chip")
            if self.chip_button.text != label:
                self.chip_button.set_text(label)
            if s.chip_at[seat] is not None or s.chip[seat] < 0:
                self.chip_button.disable()
            else:
                self.chip_button.enable()

    # --- selection and targets ---------------------------------------------------------------
    def selection_values(self) -> list[int]:
        hand = self.my_hand()
        return sorted(hand[i] for i in self.selected if i < len(hand))

    def move_tiles(self, m: Any) -> tuple[list[int], int]:
        """The hand tiles a Place/Stack uses (sorted) and whether it uses the chip."""
        s = self.state
        seat = self.match.to_move
        value = m.value if type(m) is Place else s.lines[m.line][m.col].value
        tiles = [value] * m.plain
        if m.chip:
            tiles.append(value if s.chip[seat] == DOUBLE else 7 - value)
        return sorted(tiles), m.chip

    def candidates(self) -> list[Any]:
        """The legal placements and stacks that use exactly the selected tiles (and the chip if on)."""
        if not self.selected or not self.can_act or self.state.phase != ACT:
            return []
        want = self.selection_values()
        out = []
        for m in self.legal():
            if type(m) in (Place, Stack):
                if self.mode == "stack" and type(m) is not Stack:
                    continue
                tiles, chip = self.move_tiles(m)
                if tiles == want and bool(chip) == self.chip_on:
                    out.append(m)
        return out

    def intended(self, line: int, col: int | None) -> Any:
        """The move a click on a line end (col None) or a column means, legal or not, so the rules
        can say why it is refused."""
        vals = self.selection_values()
        if not vals:
            return None
        s = self.state
        seat = self.match.to_move
        chip = 1 if self.chip_on else 0
        main = max(set(vals), key=vals.count)
        plain = vals.count(main) - (1 if chip and s.chip[seat] == DOUBLE else 0)
        if col is not None:
            return Stack(line, col, max(0, plain), chip)
        value = main
        if chip and s.chip[seat] == INVERTER:
            others = [v for v in vals if v != main]
            value = 7 - others[0] if others else 7 - main
            plain = vals.count(value)
        return Place(line, value, max(0, plain), chip)

    def clear_selection(self) -> None:
        self.selected = []
        self.chip_on = False
        self.mode = None
        self.give = None
        self.dragging = False

    # --- input -------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE and (self.selected or self.mode):
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
        if type(move) in (Place, Stack):
            hand, picked = self.my_hand(), []
            tiles, chip = self.move_tiles(move)
            for value in tiles:
                picked.append(next(i for i, v in enumerate(hand) if v == value and i not in picked))
            self.selected, self.chip_on = picked, bool(chip)
            if move in self.candidates():
                return
            self.clear_selection()
        elif type(move) in (Redraw, Exchange):  # the tile to give up raised: the action's button takes it
            value = move.value if type(move) is Redraw else move.give
            self.selected = [self.my_hand().index(value)] if value in self.my_hand() else []
        super().show_hint(move)

    def _draw_hint_choice(self, surface: pygame.Surface) -> None:
        """The hinted choice's button in the prompt box, framed in cyan and tagged "Hint"."""
        for button, move in self.prompt_buttons:
            if move == self.hint_move and self.can_act:
                hud.hint_ring(surface, self.app, button.rect)

    def _draw_hint_target(self, surface: pygame.Surface) -> None:
        """The hinted target while its tiles are still selected: a cyan ring tagged "Hint"."""
        m = self.hint_move
        if type(m) not in (Place, Stack) or m not in self.candidates():
            return
        if type(m) is Place:
            rect = self.col_rects[m.line][len(self.state.lines[m.line])]
            draw_tile(surface, rect, m.value, alpha=150)
        else:
            rect = self.col_rects[m.line][m.col]
        ring = rect.inflate(18, 26)
        pygame.draw.rect(surface, hud.HINT, ring, 4, border_radius=10)
        hud.hint_tag(surface, self.app, (ring.centerx, ring.y + 2), size=12)

    def toggle_chip(self) -> None:
        s = self.state
        seat = self.match.to_move
        if s.chip_at[seat] is not None:
            self.toast(self.app.tr_reason(self.rules.check(s, Place(0, 1, 0, 1))
                                          or _tr(self.app, "chip_gone", "Your chip is used.")), error=True)
            return
        self.chip_on = not self.chip_on

    def press_action(self, key: str) -> None:
        """An action button: act at once if the selection says enough, else ask for what is missing."""
        s = self.state
        seat = self.match.to_move
        hand = self.my_hand()
        vals = self.selection_values()
        bit = ACTION_BITS[ACTION_KEYS.index(key)]
        if s.used[seat] & bit:  # let the rules say it is used
            probe = {"redraw": Redraw(hand[0] if hand else 1), "exchange": Exchange(1, 2),
                     "stack": Stack(0, 0, 1, 0)}[key]
            self.toast(self.app.tr_reason(self.rules.check(s, probe)), error=True)
            return
        if key == "redraw":
            if len(vals) == 1:
                self.submit(Redraw(vals[0]))
                return
            self.selected, self.mode = [], "redraw"
        elif key == "exchange":
            if len(vals) == 1:
                self.mode, self.give = "exchange", vals[0]
            else:
                self.selected, self.mode, self.give = [], "exchange", None
        else:
            self.mode = "stack"
            if vals and len(self.candidates()) == 1:
                self.submit(self.candidates()[0])
                return

    def hint(self) -> str:
        if self.mode == "redraw":
            return _tr(self.app, "ask.redraw", "Redraw: click the hand tile to discard.")
        if self.mode == "exchange" and self.give is None:
            return _tr(self.app, "ask.give", "Exchange: click one of your tiles.")
        if self.mode == "exchange":
            return _tr(self.app, "ask.take", "Exchange: now click one of your opponent's tiles.")
        if self.mode == "stack":
            return _tr(self.app, "ask.stack", "Stack: select tiles, then click a column of that value and count.")
        if self.state.phase == ACT:
            if self.hint_move is not None and self.hint_move in self.candidates():
                return _tr(self.app, "ask.hint", "Hint: press Enter or click the ringed target to play it.")
            if self.selected:
                return _tr(self.app, "ask.place", "Click a lit line end to place, or a column to stack.")
            return _tr(self.app, "ask.select",
                       "Select hand tiles (shift/ctrl-click or drag for several), or use an action.")
        return ""

    def handle_game_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if self.dragging and self.can_act:
                i = self._hand_index_at(self.match.to_move, event.pos)
                if i is not None and i not in self.selected:
                    self.selected.append(i)
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.dragging = False
            return False
        if event.type != pygame.MOUSEBUTTONDOWN:
            return False
        self.mouse = event.pos
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

    def _hand_index_at(self, seat: int, pos: tuple[int, int]) -> int | None:
        for i, rect in enumerate(self.hand_rects.get(seat, [])):
            if rect.collidepoint(pos):
                return i
        return None

    def _click(self, pos: tuple[int, int], add: bool) -> bool:
        seat = self.match.to_move
        other = 1 - seat
        j = self._hand_index_at(other, pos)
        if j is not None:
            if self.mode == "exchange" and self.give is not None:
                return self.submit(Exchange(self.give, self.state.hand_tiles(other)[j]))
            self.toast(_tr(self.app, "not_yours", "That tile is your opponent's."), error=True)
            return True
        i = self._hand_index_at(seat, pos)
        if i is not None:
            return self._click_hand(i, add)
        if self.chip_rects.get(seat, pygame.Rect(0, 0, 0, 0)).collidepoint(pos):
            self.toggle_chip()
            return True
        for line in (0, 1):
            for col, rect in enumerate(self.col_rects[line][: len(self.state.lines[line])]):
                if rect.collidepoint(pos):
                    return self._click_target(line, col)
            if self.end_rects[line].collidepoint(pos):
                return self._click_target(line, None)
        return False

    def _click_hand(self, i: int, add: bool) -> bool:
        value = self.my_hand()[i]
        if self.mode == "redraw":
            return self.submit(Redraw(value))
        if self.mode == "exchange" and self.give is None:
            self.give = value
            self.selected = [i]
            return True
        if add:
            if i in self.selected:
                self.selected.remove(i)
            else:
                self.selected.append(i)
        elif self.selected == [i]:
            self.selected = []
        else:
            self.selected = [i]
            self.dragging = True
        return True

    def _click_target(self, line: int, col: int | None) -> bool:
        for m in self.candidates():
            if m.line == line and ((type(m) is Stack and m.col == col) or (type(m) is Place and col is None)):
                return self.submit(m)
        move = self.intended(line, col)
        if move is None:
            self.toast(_tr(self.app, "select_first", "First select tiles from your hand."), error=True)
            return True
        return self.submit(move)

    # --- animation ---------------------------------------------------------------------------
    def move_sound(self, before: Any, move: Any, after: Any) -> str:
        return "select" if type(move) is Draw else "place"

    def chart_panels(self, states: list[DotState]) -> list[chart.Panel]:
        """The race: each player's hand (to empty) and home line (to fill) over the game."""
        last = states[-1]
        seats = range(2)

        def line(i: int, values: list[int]) -> chart.Line:
            home = max(0, last.home[i])
            return chart.Line(self.seat_name(i), CHART_RGB[home], values, _line_marker(home))

        hands = [line(i, [s.hand_size(i) for s in states]) for i in seats]
        columns = [line(i, [len(s.lines[s.home[i]]) if s.home[i] >= 0 else 0 for s in states]) for i in seats]
        return [chart.Panel(_tr(self.app, "chart_hand", "Tiles in hand"), hands),
                chart.Panel(_tr(self.app, "chart_columns", "Columns on the home line"), columns, top=6)]

    def on_move_played(self, before: Any, move: Any, after: Any, by_ai: bool) -> None:
        kind = type(move)
        seat = before.current
        if kind is Roll:
            self.roll_rng = random.Random(len(self.match.moves))
            self.animator.tween(0.0, float(len(after.rolls)), ROLL_SECONDS * len(after.rolls), tag="roll")
        elif kind in (Place, Stack):
            line = move.line
            col = len(after.lines[line]) - 1 if kind is Place else move.col
            tiles = list(after.lines[line][col].tiles[len(before.lines[line][col].tiles) if kind is Stack else 0:])
            hand = before.hand_tiles(seat)
            rects = self.hand_rects.get(seat) or []
            target = self.col_rects[line][col]
            self.hide_new = (line, col) if kind is Place else None
            for k, value in enumerate(tiles):
                start = self._hand_rect_of(hand, rects, value, k)
                tw = self.animator.tween(start, target.topleft, SLIDE_SECONDS, ease=ease_in_out, delay=0.06 * k,
                                         on_done=self._slide_done)
                self.flying.append({"value": value, "tween": tw})
        elif kind in (Draw, Redraw):
            hand = after.hand_tiles(seat)
            rects = self.hand_rects.get(seat) or []
            end = rects[-1].topleft if rects else self.hand_area[seat].center
            tw = self.animator.tween(self.deck_rect.topleft, end, SLIDE_SECONDS * 0.8, ease=ease_out_cubic,
                                     on_done=self._slide_done)
            self.flying.append({"value": hand[-1] if hand else 1, "tween": tw, "back": True})
        for bit in ACTION_BITS:  # an action marker just used turns over
            if after.used[seat] & bit and not before.used[seat] & bit:
                self.animator.tween(0.0, 1.0, 0.5, ease=ease_in_out, tag=("flip", seat, bit))
        if after.phase == OVER:
            self.toast(self.app.tr_reason(self.rules.outcome(after).summary))
        self._sync_widgets()

    def _hand_rect_of(self, hand: list[int], rects: list[pygame.Rect], value: int, k: int) -> tuple[int, int]:
        idx = [i for i, v in enumerate(hand) if v == value]
        i = idx[min(k, len(idx) - 1)] if idx else 0
        return rects[i].topleft if i < len(rects) else self.hand_area[0].center

    def _slide_done(self) -> None:
        self.flying = [f for f in self.flying if not f["tween"].done]
        if not self.flying:
            self.hide_new = None

    def on_undo(self) -> None:
        self.clear_selection()
        self.flying = []
        self.hide_new = None
        self._sync_widgets()

    def update_game(self, dt: float) -> None:
        self._sync_widgets()

    def resume(self) -> None:
        super().resume()  # shows every widget; keep only the ones that apply now
        self._sync_widgets()

    # --- drawing -----------------------------------------------------------------------------
    def draw_game(self, surface: pygame.Surface) -> None:
        v = self.view()
        pygame.draw.rect(surface, FELT, self.board_rect, border_radius=12)
        self._draw_lines(surface, v)
        self._draw_hint_target(surface)  # under the targets' own marks: their counts stay readable
        self._draw_targets(surface)
        for seat in (0, 1):
            self._draw_hand(surface, v, seat)
        self._draw_flying(surface)
        self._draw_panel(surface, v)
        self._draw_prompt(surface, v)
        self._draw_hint_choice(surface)
        if self.animator.value("roll") is not None:
            box = self.prompt_rect
            draw.rounded_panel(surface, box, (24, 30, 40, 235), 12, border=hud.ACCENT, border_width=2)
            self._draw_roll(surface, v, pygame.Rect(box.x + box.w // 6, box.y + 20, box.w * 2 // 3, box.h - 40))
        self._draw_hint(surface)

    def _draw_lines(self, surface: pygame.Surface, v: DotState) -> None:
        for line in (0, 1):
            area = self.line_area[line].inflate(-8, -6)
            pygame.draw.rect(surface, FELT_DARK, area, border_radius=10)
            owner = v.owner(line)
            name = _tr(self.app, f"line.{'white' if line == WHITE else 'black'}", "White" if line == WHITE else "Black")
            label = name if owner < 0 else f"{name} · {self.seat_name(owner)}"
            draw.text(surface, self.app.font(13), label, (area.x + 8, area.y + 4), LINE_RGB[0], anchor="topleft")
            self._draw_die(surface, self.die_rects[line], v.die[line], line)
            cols = v.lines[line]
            for j, col in enumerate(cols):
                if self.hide_new == (line, j):
                    continue
                self._draw_column(surface, v, line, j, col, self.col_rects[line][j])
            for j in range(len(cols), 6):
                rect = self.col_rects[line][j]
                pygame.draw.rect(surface, (52, 92, 74), rect, 1, border_radius=6)
            self.end_rects[line] = self.col_rects[line][len(cols)] if len(cols) < 6 else pygame.Rect(0, 0, 0, 0)

    def _draw_die(self, surface: pygame.Surface, rect: pygame.Rect, value: int, line: int) -> None:
        rolled = self.animator.value("roll") is not None
        draw_die(surface, rect, 0 if rolled else value, line)

    def _draw_column(self, surface: pygame.Surface, v: DotState, line: int, j: int, col: Column,
                     rect: pygame.Rect) -> None:
        chip_seat = next((seat for seat in (0, 1) if v.chip_at[seat] is not None and v.chip_at[seat][:2] == (line, j)),
                         None)
        chip_index = v.chip_at[chip_seat][2] if chip_seat is not None else -1
        order = [k for k in range(len(col.tiles)) if k != chip_index] + ([chip_index] if chip_index >= 0 else [])
        step = max(3, min(8, rect.h // 8))
        n = len(order)
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
        badge = (last.right - 2, last.bottom - 2)
        draw.aa_circle(surface, (30, 34, 44), badge, max(8, self.tile * 0.2))
        draw.text(surface, self.app.font(max(10, round(self.tile * 0.24)), bold=True), str(col.count), badge,
                  (255, 255, 255), anchor="center")
        if len(col.tiles) > col.count and chip_seat is None or len(col.tiles) > col.count + 1:
            draw.text(surface, self.app.font(11), _tr(self.app, "stacked", "stacked"),
                      (rect.centerx, rect.bottom + step * n // 2 + 8), (200, 220, 200), anchor="center")

    def _draw_targets(self, surface: pygame.Surface) -> None:
        if not self.app.settings.show_targets:
            return
        s = self.state
        seat = self.match.to_move
        for m in self.candidates():
            if type(m) is Place:
                rect = self.col_rects[m.line][len(s.lines[m.line])]
                pygame.draw.rect(surface, TARGET, rect.inflate(10, 10), 3, border_radius=8)
                tiles, _ = self.move_tiles(m)
                draw_tile(surface, rect, m.value, alpha=150)
                count = self.rules.chip_count(s.chip[seat], m.plain, m.chip)
                draw.text(surface, self.app.font(12, bold=True), "x%d" % count,
                          (rect.centerx, rect.bottom + 10), TARGET, anchor="center")
            else:
                rect = self.col_rects[m.line][m.col]
                pygame.draw.rect(surface, TARGET, rect.inflate(14, 22), 3, border_radius=8)

    def _draw_hand(self, surface: pygame.Surface, v: DotState, seat: int) -> None:
        area = self.hand_area[seat]
        hand = v.hands[seat]
        size = v.hand_size(seat)
        tiles = v.hand_tiles(seat) if hand is not None else [0] * size
        t = min(self.tile, int(area.h * 0.78))
        gap = max(4, t // 6)
        width = len(tiles) * (t + gap) - gap
        x0 = area.centerx - width // 2
        mine = seat == self.match.to_move and self.can_act
        rects = []
        for i, value in enumerate(tiles):
            rect = pygame.Rect(x0 + i * (t + gap), area.centery - t // 2, t, t)
            sel = mine and i in self.selected
            if sel:
                rect.y -= t // 6
            exchange_pick = (self.mode == "exchange" and self.give is not None and seat != self.match.to_move
                             and self.can_act)
            draw_tile(surface, rect, value, face_up=hand is not None,
                      border=SELECT if sel else TARGET if exchange_pick else None)
            rects.append(rect)
        self.hand_rects[seat] = rects
        name = self.seat_name(seat)
        colour = hud.ACCENT if seat == self.match.to_move and not self.match.is_over else hud.MUTED
        draw.text(surface, self.app.font(13), f"{name} ({size})", (area.x + 8, area.centery), colour, anchor="midleft")

    def _draw_flying(self, surface: pygame.Surface) -> None:
        t = self.tile
        for f in self.flying:
            tw = f["tween"]
            if tw.done or tw.elapsed < tw.delay:
                continue
            x, y = tw.value
            draw_tile(surface, pygame.Rect(round(x), round(y), t, t), f["value"], border=SELECT)

    def _draw_panel(self, surface: pygame.Surface, v: DotState) -> None:
        p = self.panel_rect
        box_h = min(104, (p.h - 270) // 2)
        self.chip_rects = {}
        for k, seat in enumerate((1 - self.bottom_seat, self.bottom_seat)):
            rect = pygame.Rect(p.x, p.y + k * (box_h + 8), p.w, box_h)
            self._draw_seat_box(surface, v, seat, rect)
        y = p.y + 2 * (box_h + 8)
        self.deck_rect = pygame.Rect(p.x + 12, y + 6, 40, 40)
        draw_tile(surface, self.deck_rect, 0, face_up=False,
                  border=TARGET if self.can_act and self.state.phase == DRAW else None)
        draw.text(surface, self.app.font(14), _tr(self.app, "deck", "Deck: {count}", count=len(v.deck)),
                  (self.deck_rect.right + 10, self.deck_rect.centery - 8), hud.TEXT, anchor="midleft")
        label = _tr(self.app, "discards", "Discarded: {tiles}", tiles="" if v.discards else "-")
        font = self.app.font(12)
        x = self.deck_rect.right + 10
        draw.text(surface, font, label, (x, self.deck_rect.centery + 10), hud.MUTED, anchor="midleft")
        x += font.size(label)[0] + 4
        for value in v.discards:  # the discarded tiles, face up, as small pip tiles
            draw_tile(surface, pygame.Rect(x, self.deck_rect.centery + 2, 16, 16), value)
            x += 19
        if v.rolls:
            self._draw_roll(surface, v, pygame.Rect(p.x, y + 54, p.w, 44))

    def _draw_seat_box(self, surface: pygame.Surface, v: DotState, seat: int, rect: pygame.Rect) -> None:
        turn = seat == self.match.to_move and not self.match.is_over
        inner = hud.panel(surface, rect, self.seat_name(seat), self.app, highlight=turn)
        home = v.home[seat]
        line_txt = (_tr(self.app, f"line.{'white' if home == WHITE else 'black'}", "White" if home == WHITE else "Black")
                    if home >= 0 else "-")
        sw = pygame.Rect(inner.x, inner.y + 2, 16, 16)
        if home >= 0:
            pygame.draw.rect(surface, LINE_RGB[home], sw, border_radius=3)
            pygame.draw.rect(surface, (150, 150, 150), sw, 1, border_radius=3)
        draw.text(surface, self.app.font(13), _tr(self.app, "home", "Home: {line}", line=line_txt),
                  (sw.right + 6, sw.centery), hud.TEXT, anchor="midleft")
        # chip
        chip = v.chip[seat]
        cx = inner.right - 14
        cy = inner.y + 10
        self.chip_rects[seat] = pygame.Rect(cx - 14, cy - 14, 28, 28)
        if chip != CHIP_NONE:
            used = v.chip_at[seat] is not None
            draw_chip(surface, self.app, (cx, cy), 11, chip if chip >= 0 else -1)
            if used:
                pygame.draw.line(surface, (240, 80, 80), (cx - 12, cy + 12), (cx + 12, cy - 12), 2)
            if self.chip_on and seat == self.match.to_move and self.can_act:
                pygame.draw.circle(surface, SELECT, (cx, cy), 16, 2)
            name = (_tr(self.app, f"chip.{'double' if chip == DOUBLE else 'inverter'}",
                        "Double" if chip == DOUBLE else "Inverter") if chip >= 0 else "?")
            draw.text(surface, self.app.font(12), name, (cx - 18, cy), hud.MUTED, anchor="midright")
        # action markers: face up until used, then flipped (dark, struck through)
        mw = (inner.w - 8) // 3
        y = inner.y + 26
        for k, (bit, key) in enumerate(zip(ACTION_BITS, ACTION_KEYS)):
            r = pygame.Rect(inner.x + k * (mw + 4), y, mw, min(30, inner.bottom - y))
            used = bool(v.used[seat] & bit)
            flip = self.animator.value(("flip", seat, bit))
            if flip is not None:  # turning over: narrow to an edge, then open on the used side
                used = flip >= 0.5
                r = r.inflate(-round(r.w * (1 - abs(1 - 2 * flip))), 0)
            pygame.draw.rect(surface, (52, 58, 70) if used else (226, 214, 170), r, border_radius=5)
            self._draw_marker_label(surface, _tr(self.app, f"action.{key}", key.capitalize()), r, mw, used)

    def _draw_marker_label(self, surface: pygame.Surface, label: str, r: pygame.Rect, full_w: int,
                           used: bool) -> None:
        """An action marker's name, sized for the marker's full width with room for the strike-through
        (long Japanese names), and clipped to the marker while it turns over."""
        font = draw.fit_text(self.app.font, label, full_w - 12, 13, 7)
        if font.size(label)[0] > r.w - 4:  # narrowed by the flip: the edge of a turning card shows no name
            return
        draw.text(surface, font, label, r.center, (120, 126, 140) if used else (40, 36, 30), anchor="center")
        if used:
            pygame.draw.line(surface, (120, 126, 140), (r.x + 4, r.bottom - 4), (r.right - 4, r.y + 4), 1)

    def _draw_roll(self, surface: pygame.Surface, v: DotState, rect: pygame.Rect) -> None:
        """The roll-off dice: tumbling while the roll animation runs, then the final faces."""
        t = self.animator.value("roll")
        rolls = v.rolls
        shown = rolls[-1]
        rolling = t is not None
        if rolling:
            k = min(int(t), len(rolls) - 1)
            frac = t - int(t)
            shown = rolls[k] if frac > 0.7 else (self.roll_rng.randint(1, 6), self.roll_rng.randint(1, 6))
        size = min(rect.h - 8, rect.w // 4)
        for seat in (0, 1):
            r = pygame.Rect(rect.x + 12 + seat * (rect.w // 2), rect.centery - size // 2, size, size)
            draw_die(surface, r, shown[seat], v.home[seat] if v.home[seat] >= 0 else seat)
            draw.text(surface, self.app.font(12), self.seat_name(seat), (r.right + 6, r.centery), hud.MUTED,
                      anchor="midleft")

    def _draw_prompt(self, surface: pygame.Surface, v: DotState) -> None:
        s = self.state
        if s.phase in (ACT, OVER) or not self.can_act:
            return
        box = self.prompt_rect
        draw.rounded_panel(surface, box, (24, 30, 40, 235), 12, border=hud.ACCENT, border_width=2)
        name = self.seat_name(self.match.to_move)
        texts = {
            ROLL: _tr(self.app, "prompt.roll", "Roll-off: the higher roller chooses."),
            CHOOSE: _tr(self.app, "prompt.choose", "{name} rolled higher: choose a home line, or to move first.",
                        name=name),
            HOME: _tr(self.app, "prompt.home", "{name}: choose your home line.", name=name),
            CHIP: _tr(self.app, "prompt.chip", "{name}: choose your chip for this game (hidden until both chose).",
                      name=name),
            DRAW: _tr(self.app, "prompt.draw", "{name}: draw a tile (click the deck or press Enter).", name=name),
        }
        text = texts.get(s.phase, "")
        font = self.app.font(15)
        y = box.y + 10
        for row in draw.wrap(font, text, box.w - 28)[:2]:
            draw.text(surface, font, row, (box.centerx, y), hud.TEXT, anchor="midtop")
            y += font.get_linesize()
        if s.phase == CHOOSE and s.rolls:
            a, b = s.rolls[-1]
            draw.text(surface, self.app.font(13), f"{self.seat_name(0)} {a} : {b} {self.seat_name(1)}",
                      (box.centerx, y + 2), hud.MUTED, anchor="midtop")

    def _draw_hint(self, surface: pygame.Surface) -> None:
        text = self.hint() if self.can_act else ""
        if self.match.is_over:
            text = self.app.tr_reason(self.rules.outcome(self.state).summary)
        if not text:
            return
        font = draw.fit_text(self.app.font, text, self.board_rect.w - 20, 15, 10)
        r = self.line_area[1]
        draw.text(surface, font, text, (self.board_rect.centerx, r.bottom + 2), hud.ACCENT, anchor="midtop")

    # --- the tutorial and the tips (hexgames/ui/tutorial.py) -------------------------------------------
    def input_points(self, move: Any) -> list[Any]:
        from hexgames.games.dotlines import inputs

        return inputs.input_points(self, move)

    def tip_regions(self) -> list[tuple[pygame.Rect, str]]:
        from hexgames.games.dotlines import inputs

        return inputs.tip_regions(self)
