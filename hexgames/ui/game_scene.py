"""GameScene: everything a game's screen shares, so a game scene only draws its board and turns
input into moves.

The turns themselves are the table's (`self.table`, hexgames/table.py, pygame-free): whose private
information may be drawn (`viewer`), when a hand-over is due, the computer's moves and their pace,
hints, what Undo may take back and the records of the end. The shared scene shows them: the hot-seat
hand-over screen, the animations, sounds and toasts the table's events call for (`on_table_event`),
the pause menu, and the results screen once the last animation has finished. It never decides a rule:
legality comes from the rules through the table.

Writing a game scene (register it as `scene_path="hexgames.games.G.scene:GScene"`):

    class GScene(GameScene):
        def layout(self):                      # board_rect / panel_rect are set: fit the board
            self.size = min(self.board_rect.w, self.board_rect.h) / 20
        def build_widgets(self):               # own pygame_gui buttons (Confirm...) in actions_rect
            self.confirm = UIButton(..., self.app.ui); self.widgets.append(self.confirm)
        def draw_game(self, surface):          # board in board_rect, player boxes in panel_rect;
            ...                                # private parts only for self.viewer (or reveal_all)
        def handle_game_event(self, event):    # mouse/keys (Enter included) -> self.submit(move)
            if self.can_act and event.type == pygame.MOUSEBUTTONUP: return self.submit(move)
            return False
        def on_move_played(self, before, move, after, by_ai):
            self.animator.tween(start, end, 0.3, tag=cell)   # slide/fall; self.animator.value(tag)
        def on_undo(self): self.selected = None

`is_animating()` defaults to `self.animator.busy`; AI turns, hand-overs and the results screen wait
for it. Toasts: `self.toast(text, error=True)`; they draw above any overlay (`draw_top`). Seat colour
chip in the banner: override `seat_colour(seat)`; beside a name in the results, `draw_seat_chip`
(games whose colours carry a shape draw it). Highlight legal targets only if
`self.app.settings.show_targets`. The Undo button is disabled, with the table's reason on hover,
whenever `table.undo_refusal()` would refuse. Dialogs of the game's own (a swap prompt...) are
named in `screens()`, so the screenshot command can show them.

Hints ("What would Hard do?", button in top slot 1 and key H, setting `hints`): the Hard agent thinks
on the worker from the seat's `observe`d view only; the answer arrives in `show_hint(move)`, which
games override to preview the move as they preview a human's (default: a toast in words). The shown
move is `self.hint_move`; any move, undo or new hint clears it (games clear their preview in
`on_move_played` / `on_undo` as usual).

The move log (`ui.move_log`: the Log button in `top_button_rect(0)`, or the key L) shows the moves so far,
worded by the rules' `describe` for the current `viewer`, over the side panel's tallest stretch free of
the game's own buttons; mouse input over it goes no further. The replay viewer (`ui.replay`) draws a
game scene as a spectator's (`table.watch`), with no input, AI, hand-over or results.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

import pygame
import pygame_gui

from hexgames.core.match import Match
from hexgames.table import AI_PACE, HintReady, Notice, Played, ScreenHidden, Table, Undone
from hexgames.ui import draw, hud
from hexgames.ui.anim import INSTANT, Animator
from hexgames.ui.move_log import MoveLog
from hexgames.ui.scenes import Scene

if TYPE_CHECKING:
    from hexgames.app import App

SEAT_COLOURS = [(231, 96, 84), (90, 160, 230), (245, 200, 80), (120, 200, 120), (190, 130, 220), (240, 150, 70)]
MESSAGE_H = 34  # the message strip under the board: toasts and the computer's last move, never over play
HINT_DOT_SECONDS = 0.35  # the thinking dots of the Hint button
TIP_DELAY = 0.6  # seconds the pointer rests on a drawn panel before its tip shows


def part_attribute(part: str, name: str, doc: str, settable: bool = False) -> property:
    """A scene property that is the attribute `name` of one of its parts (the table, the layout, the
    player's selection): games, tests and tools read it on the scene, while it lives where it belongs."""
    def get(scene: Any) -> Any:
        return getattr(getattr(scene, part), name)

    def put(scene: Any, value: Any) -> None:
        setattr(getattr(scene, part), name, value)

    return property(get, put if settable else None, doc=doc)


def table_attribute(name: str, doc: str, settable: bool = False) -> property:
    """A scene property that is its table's attribute `name` (games and tools read it on the scene)."""
    return part_attribute("table", name, doc, settable)


class GameScene(Scene):
    """Base of every game's scene. Override the hooks at the bottom; keep the rest."""

    TOP_BAR = 56
    BOTTOM_BAR = 64
    MARGIN = 10
    BUTTON_SIZE = (150, 42)
    TOP_BUTTON_SIZE = (96, 36)
    TOP_SLOTS = 2  # the small top-bar buttons every game has (`top_button_rect`)

    def __init__(self, app: "App", match: Match):
        super().__init__(app)
        self.match = match
        self.rules = match.rules
        self.info = match.info
        self.toasts = hud.ToastStack()
        self.animator = Animator(speed=lambda: self.app.settings.anim_speed)
        self.reveal_all = match.human_count == 0  # watching AIs: everything may show
        self.top_rect = pygame.Rect(0, 0, 0, 0)
        self.bottom_rect = pygame.Rect(0, 0, 0, 0)
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.board_rect = pygame.Rect(0, 0, 0, 0)
        self.message_rect = pygame.Rect(0, 0, 0, 0)  # the message strip: toasts, the computer's last move
        self.actions_rect = pygame.Rect(0, 0, 0, 0)  # free middle of the bottom bar: the game's buttons
        self.undo_button: Any = None
        self.menu_button: Any = None
        self.results_button: Any = None
        self.hint_button: Any = None
        self._hint_toast: Any = None  # the hint in words, when the game shows it so (`show_hint`)
        self.log_button: Any = None
        self.log_open = False  # the move log panel shows over the side panel (Log button, key L)
        self.move_log = MoveLog(app, match, lambda: self.viewer, self.seat_name, self.draw_seat_chip)
        self.show_time = 0.0  # seconds of animation so far: the clock the table paces computer moves by
        self.table = Table(match, app.worker, clock=lambda: self.show_time)
        self.table.listeners.append(self.on_table_event)
        self._ai_line: tuple[Any, int, str] | None = None  # (key, seat, words) of the strip's last wording
        self.results_shown = False  # the results screen came up for this end of the match
        self.auto_play = True  # False freezes AI turns (screenshots, tests of a fixed position)
        self.undo_reason: str | None = None  # why the Undo button is disabled (shown on hover)
        self.pointer: tuple[int, int] = (-1, -1)  # the last mouse position this scene saw
        self._tip: tuple[Any, float] = (None, 0.0)  # the (rect, tip) under the pointer, and since when
        self._toast_clock = 0.0
        self._cache: dict[Any, Any] = {}
        self._cache_stamp: tuple[Any, ...] = ()
        self.online: Any = None  # online play's status row, chat and undo answers (`ui.online_game`)
        self.compute_rects(app.screen.get_size())

    def use_table(self, table: Table, online: Any = None) -> None:
        """Drive this scene by `table` instead of the local one made with it (online play: a
        `RemoteTable`, with `online` its status row under the top bar)."""
        self.table.listeners.remove(self.on_table_event)
        self.table = table
        table.clock = lambda: self.show_time
        table.listeners.append(self.on_table_event)
        self.online = online
        self.compute_rects(self.app.screen.get_size())

    # --- the table's, as games and tools read (and pin) them on the scene ---------------------------
    hot_seat = table_attribute("hot_seat", "Several humans share this screen.")
    hides_info = table_attribute("hides_info", "Hot-seat with something private now: the screen changes hands.")
    viewer = table_attribute("viewer", "The seat whose private information may be drawn now (None: draw none, "
                             "unless reveal_all).")
    viewer_override = table_attribute("viewer_override", "One seat's private view pinned (screenshots, pictures); "
                                      "None: the table's viewer.", settable=True)
    ai_moves = table_attribute("ai_moves", "The computer moves since a human last acted (the strip words the "
                               "newest).")
    ai_thinking = table_attribute("ai_thinking", "The worker is thinking about a computer's move.")
    hint_move = table_attribute("hint_move", "The suggested move on show: cleared by any move, undo or new hint.",
                                settable=True)
    hint_iterations = table_attribute("hint_iterations", "Caps Hard's search for hints (tests); None: Hard's clock.",
                                      settable=True)
    hint_thinking = table_attribute("hint_thinking", "The worker is thinking about a hint.")
    highscore_place = table_attribute("highscore_place", "Where this solo game entered its high-score table, "
                                      "if it did.")

    @property
    def can_act(self) -> bool:
        """A human may input a move now: their turn, revealed, nothing animating or on top."""
        return self.table.can_act and not self.is_animating() and self.app.scenes.top is self

    def seat_name(self, seat: int) -> str:
        return self.match.seats[seat].name or self.app.tr("ui.setup.player_default", n=seat + 1)

    def seat_colour(self, seat: int) -> tuple[int, int, int]:
        """The banner's chip colour; games override to match their pieces."""
        return SEAT_COLOURS[seat % len(SEAT_COLOURS)]

    def draw_seat_chip(self, surface: pygame.Surface, seat: int, center: tuple[float, float],
                       radius: float) -> None:
        """A seat's chip beside its name (results): games whose colours carry a shape draw it here."""
        draw.aa_circle(surface, self.seat_colour(seat), center, radius)

    def cached(self, key: Any, compute: Callable[[], Any]) -> Any:
        """A value derived from the position on screen, computed once per state, viewer and language
        (frames are many, moves few: views, legal moves, territories and texts are not recomputed 60
        times a second). A new viewer starts afresh, so nothing computed for one seat is drawn for
        another; `layout` clears it too (cached surfaces have a size)."""
        stamp = (self.match.state, self.viewer, self.app.settings.language)
        old = self._cache_stamp
        if not old or old[0] is not stamp[0] or old[1:] != stamp[1:]:  # states by identity: undo repeats
            self._cache_stamp, self._cache = stamp, {}
        if key not in self._cache:
            self._cache[key] = compute()
        return self._cache[key]

    def forget_cached(self) -> None:
        self._cache = {}

    # --- layout and widgets --------------------------------------------------------------------
    def top_button_rect(self, slot: int) -> pygame.Rect:
        """A small button's place at the right of the top bar: slot 0 is the rightmost (the move
        log's toggle), slot 1 left of it (the hint); the game's title sits left of them all."""
        bw, bh = self.TOP_BUTTON_SIZE
        r = self.top_rect
        return pygame.Rect(r.right - 12 - (slot + 1) * bw - slot * 8, r.y + (r.h - bh) // 2, bw, bh)

    def compute_rects(self, size: tuple[int, int]) -> None:
        """Lay the shared frame out for a screen of `size`: the bars, the side panel, the board and
        the message strip under it (the replay viewer and thumbnails draw a scene at other sizes)."""
        w, h = size
        m = self.MARGIN
        self.top_rect = pygame.Rect(0, 0, w, self.TOP_BAR)
        self.bottom_rect = pygame.Rect(0, h - self.BOTTOM_BAR, w, self.BOTTOM_BAR)
        top = self.TOP_BAR + (self.online.height if self.online is not None else 0)
        panel_w = max(240, min(340, w // 4))
        middle_h = h - top - self.BOTTOM_BAR - 2 * m
        self.panel_rect = pygame.Rect(w - panel_w - m, top + m, panel_w, middle_h)
        self.board_rect = pygame.Rect(m, top + m, w - panel_w - 3 * m, middle_h - MESSAGE_H - m // 2)
        self.message_rect = pygame.Rect(m, self.board_rect.bottom + m // 2, self.board_rect.w, MESSAGE_H)
        bw, bh = self.BUTTON_SIZE
        self.actions_rect = pygame.Rect(16 + bw + 24, self.bottom_rect.y + (self.BOTTOM_BAR - bh) // 2,
                                        w - 2 * (16 + bw + 24) - bw - 12, bh)

    def enter(self) -> None:
        from pygame_gui.core import ObjectID
        from pygame_gui.elements import UIButton

        self.layout()
        tr, ui = self.app.tr, self.app.ui
        r = self.bottom_rect
        bw, bh = self.BUTTON_SIZE
        y = r.y + (r.h - bh) // 2
        self.undo_button = UIButton(pygame.Rect(r.x + 16, y, bw, bh), tr("ui.game.undo"), ui,
                                    tool_tip_text=tr("learn.tip.undo"))
        self.menu_button = UIButton(pygame.Rect(r.right - bw - 16, y, bw, bh), tr("ui.game.menu"), ui,
                                    tool_tip_text=tr("learn.tip.menu"))
        self.results_button = UIButton(pygame.Rect(r.right - 2 * bw - 28, y, bw, bh), tr("ui.game.results"), ui,
                                       object_id=ObjectID(class_id="@primary"), tool_tip_text=tr("learn.tip.results"))
        self.hint_button = UIButton(self.top_button_rect(1), tr("ui.hint.button"), ui,
                                    tool_tip_text=tr("ui.hint.tip"))
        self.log_button = UIButton(self.top_button_rect(0), tr("ui.log.button"), ui,
                                   tool_tip_text=tr("ui.log.tip"))
        self.widgets += [self.undo_button, self.menu_button, self.results_button, self.log_button,
                         self.hint_button]
        self.build_widgets()
        if self.online is not None:
            self.online.build(self)
        self.sync_buttons()
        self._sync_log_button()

    def exit(self) -> None:
        self.table.close()
        super().exit()

    def on_resize(self, size: tuple[int, int]) -> None:
        for w in self.widgets:
            w.kill()
        self.widgets.clear()
        self.compute_rects(size)
        self.enter()

    def resume(self) -> None:
        super().resume()
        self.sync_buttons()

    def sync_buttons(self) -> None:
        """The shared buttons follow the table: Results once the results have shown, Undo enabled
        unless refused (its reason on hover), the Hint button."""
        if self.results_button is not None:
            if self.match.is_over and self.results_shown:
                self.results_button.show()
            else:
                self.results_button.hide()
        if self.undo_button is not None:
            refusal = self.table.undo_refusal() if self.match.human_count else None
            self.undo_reason = self.app.tr_reason(refusal) if refusal is not None else None
            if self.undo_reason is not None or self.match.human_count == 0:
                self.undo_button.disable()
            else:
                self.undo_button.enable()
        self._sync_hint_button()

    # --- actions -----------------------------------------------------------------------------
    def toast(self, text: str, error: bool = False) -> None:
        self.toasts.add(text, error)
        if error:
            self.app.sound.play("error")

    def submit(self, move: Any) -> bool:
        """A human's move: refused with the rules' reason as a toast, or played."""
        m = self.match
        if not m.is_over and m.to_move not in self.table.screen_seats:
            self.toast(self.app.tr("ui.game.not_your_turn", name=self.seat_name(m.to_move)), error=True)
            return False
        return self._said(self.table.play(move))  # a finished game answers with the rules' "game over"

    def resign(self, seat: int) -> bool:
        """`seat` gives up now, also while another seat is to move or a computer thinks (in games
        whose rules have a resignation: `Rules.resign_refusal`), kept like a move; refused with the
        reason as a toast. The scene asks its player to confirm first."""
        return self._said(self.table.resign(seat))

    def undo(self) -> bool:
        """Take back the last move of the player at the screen (the table says which, if any)."""
        return self._said(self.table.undo())

    def _said(self, refusal: Any) -> bool:
        """The table's answer to an action: a refusal is toasted in words; True if it went ahead."""
        if refusal is not None:
            self.toast(self.app.tr_reason(refusal), error=True)
        return refusal is None

    def record_highscore(self, key: str | None, scores: Sequence[int]) -> int | None:
        """Enter a finished solo game in its high-score table (the table's, once per end) and say so
        if it placed."""
        place = self.table.record_highscore(key, scores)
        if place is not None:
            self.toast(self.app.tr("ui.game.new_best", place=place + 1))
        return place

    def on_table_event(self, event: Any) -> None:
        """What the table tells its scene: moves to animate, an undo, a screen to hide, a hint, notices."""
        if isinstance(event, Played):
            self.forget_hint()
            self.on_move_played(event.before, event.move, event.after, event.by_ai)
            self.app.sound.play(self.move_sound(event.before, event.move, event.after))
            self.sync_buttons()
        elif isinstance(event, Undone):
            self.forget_hint()
            self.animator.clear()
            self.results_shown = False
            self.clear_selection()
            self.on_undo()
            self.sync_buttons()
        elif isinstance(event, ScreenHidden):
            self.forget_hint()
        elif isinstance(event, HintReady):
            self.show_hint(event.move)
        elif isinstance(event, Notice):
            self.toast(self.app.tr_reason(event.reason), error=event.error)
        if self.online is not None:
            self.online.on_table_event(self, event)

    def open_pause(self) -> None:
        from hexgames.ui.pause import PauseScene

        self.app.scenes.push(PauseScene(self.app, self))

    def show_results(self) -> None:
        from hexgames.ui.results import ResultsScene

        self.results_shown = True
        self.app.scenes.push(ResultsScene(self.app, self))
        self.app.sound.play("end")

    def handover_done(self, seat: int) -> None:
        """Called by the hand-over screen once `seat`'s player is at the screen: the screen is theirs
        from here, drawn from their view alone."""
        self.table.take_screen(seat)
        self.forget_viewer()
        self.sync_buttons()

    def forget_viewer(self) -> None:
        """The screen changes hands: nothing the last viewer did or was told may stay on it (toasts,
        a hint, a selection or hover, a scrolled log); what remains is redrawn from the new view."""
        self.forget_hint()
        self.toasts.toasts.clear()
        self.move_log.scroll = 0
        self.clear_selection()

    # --- the computer's turn ---------------------------------------------------------------------
    def ai_turn(self) -> None:
        """A computer is to move and the board is still: the table asks the worker and plays the
        answer, paced (the tutorial's scripted opponent plays here instead)."""
        self.table.poll_ai()

    # --- hints -------------------------------------------------------------------------------
    @property
    def hints_offered(self) -> bool:
        """The Hint button shows: hints are on, the table allows them, and it is a human's turn,
        shown to that human."""
        return bool(self.app.settings.hints) and self.table.can_act and self.table.hint_refusal() is None

    def request_hint(self) -> bool:
        """H or the Hint button: Hard thinks on the worker for the seat to move, from that seat's
        view only; asked again while it thinks, the hint is cancelled. At a table that allows no
        hints (online, with other humans), the reason is said instead."""
        if self.hint_thinking:
            self.cancel_hint()
            return True
        refusal = self.table.hint_refusal()
        if refusal is not None and self.app.settings.hints and self.can_act:
            self.toast(self.app.tr_reason(refusal), error=True)
            return True
        if not (self.hints_offered and self.can_act):
            return False
        self.forget_hint()
        asked = self.table.request_hint()
        self._sync_hint_button()
        return asked

    def cancel_hint(self) -> None:
        """Stop the hint being thought about (the search stops early; a late answer is dropped)."""
        self.table.cancel_hint()
        self._sync_hint_button()

    def offer_hint(self, move: Any) -> None:
        """Show `move` (legal for the seat to move) as the hint."""
        self.table.hint_move = move
        self.show_hint(move)

    def hint_words(self, move: Any) -> str:
        """The hinted move in words, as the seat to move may know it."""
        seat = self.match.to_move
        view = self.rules.observe(self.match.state, seat)
        return self.app.tr("ui.hint.says", move=self.app.tr_reason(self.rules.describe(view, move, seat)))

    def _sync_hint_button(self) -> None:
        button = self.hint_button
        if button is None:
            return
        shown = (self.hint_thinking or self.hints_offered) and self.app.scenes.top is self
        if shown != bool(button.visible):
            button.show() if shown else button.hide()
        usable = self.hint_thinking or self.can_act
        if usable != bool(button.is_enabled):
            button.enable() if usable else button.disable()
        if self.hint_thinking:
            dots = "." * (1 + int(self.app.clock_time / HINT_DOT_SECONDS) % 3)
            text = self.app.tr("ui.hint.thinking", dots=dots)
        else:
            text = self.app.tr("ui.hint.button")
        if button.text != text:
            button.set_text(text)

    # --- frame -------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        if self.online is not None and self.online.handle(self, event):
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            pressed = {self.undo_button: self.undo, self.menu_button: self.open_pause,
                       self.results_button: self.show_results, self.hint_button: self.request_hint,
                       self.log_button: self.toggle_log}.get(event.ui_element)
            if pressed is not None:
                pressed()
                return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                if self.hint_thinking:
                    self.cancel_hint()
                else:
                    self.open_pause()
                return True
            letter = not self.typing and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META)
            if event.key == pygame.K_h and letter:
                if self.request_hint():
                    return True
            if event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
                self.undo()
                return True
            if event.key == pygame.K_l and letter:
                self.toggle_log()
                return True
        if self._log_takes(event):
            return True
        return self.handle_game_event(event)

    @property
    def typing(self) -> bool:
        """A text field has the keyboard (a deck's name): letters are text then, not shortcuts."""
        from pygame_gui.elements import UITextEntryBox, UITextEntryLine

        return any(isinstance(el, (UITextEntryLine, UITextEntryBox)) for el in self.app.ui.get_focus_set() or ())

    # --- the move log ----------------------------------------------------------------------------
    def log_rect(self) -> pygame.Rect:
        """Where the move log shows: over the side panel, so the board stays in full view, in its
        tallest stretch free of the game's own buttons there (they stay in sight and usable)."""
        panel = self.panel_rect
        taken = sorted((w.rect.top, w.rect.bottom) for w in self.widgets
                       if w not in (self.log_button, self.undo_button, self.menu_button, self.results_button)
                       and w.rect.colliderect(panel))
        best, top = (0, panel.top, panel.bottom), panel.top
        for lo, hi in taken + [(panel.bottom + 8, panel.bottom + 8)]:
            if lo - 8 - top > best[0]:
                best = (lo - 8 - top, top, lo - 8)
            top = max(top, hi + 8)
        return pygame.Rect(panel.x, best[1], panel.w, best[2] - best[1])

    def toggle_log(self) -> None:
        self.log_open = not self.log_open
        self.move_log.scroll = 0
        self._sync_log_button()

    def _sync_log_button(self) -> None:
        """The Log button looks pressed while the log shows."""
        if self.log_button is not None:
            if self.log_open:
                self.log_button.select()
            else:
                self.log_button.unselect()

    def _log_takes(self, event: pygame.event.Event) -> bool:
        """Mouse input over the open log scrolls it and goes no further (the panel beneath is hidden)."""
        if not self.log_open:
            return False
        pos = getattr(event, "pos", self.pointer)  # wheel events carry no position: the pointer's
        if not self.log_rect().collidepoint(pos):
            return False
        if event.type == pygame.MOUSEWHEEL:
            self.move_log.scroll_by(3 * event.y)
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)

    def update(self, dt: float) -> None:
        """Runs only while this scene is on top, so no overlay is up here."""
        self.table.receive()
        self.toasts.update(dt)
        self.animator.update(dt)
        speed = self.app.settings.anim_speed
        self.show_time += dt * speed  # computer moves are paced in animation time...
        self.table.pace = 0.0 if speed >= INSTANT else AI_PACE  # ...and not at all when animations are off
        self.update_game(dt)
        if self.hint_thinking and not self.hints_offered:  # hints turned off, or the turn moved on
            self.cancel_hint()
        self.table.poll_hint()
        if self.app.scenes.top is self:  # a game's update may have opened a dialog over us
            self._sync_hint_button()
        if self.is_animating() or self.table.poll_remote():
            return
        m = self.match
        if m.is_over:
            if not self.results_shown and self.table.end_known:
                self.show_results()
            return
        if not m.seat_to_move.is_human:
            if self.auto_play:
                self.ai_turn()
            return
        seat = self.table.handover_due()
        if seat is not None:
            from hexgames.ui.handover import HandoverScene

            self.table.hide_screen()  # nothing private shows while the device changes hands
            self.forget_viewer()
            self.sync_buttons()
            self.app.scenes.push(HandoverScene(self.app, self, seat))

    def banner_seat(self) -> int | None:
        """The seat whose chip the turn banner shows, with the thinking dots if it is a computer to
        move: the seat to move (None once the game is over). A game whose banner narrates a move
        being shown (`banner_text`) names that move's seat instead."""
        return None if self.match.is_over else self.match.to_move

    def banner_text(self) -> str:
        m = self.match
        if m.is_over:
            return self.app.tr("ui.game.game_over")
        name = self.seat_name(m.to_move)
        if not m.seat_to_move.is_human:
            return self.app.tr("ui.game.thinking", name=name)
        return self.app.tr("ui.game.to_move", name=name)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(self.app.BG)
        self.draw_game(surface)
        if self.online is not None:
            self.online.draw(self, surface)
        m = self.match
        seat = self.banner_seat()
        thinking = seat is not None and seat == m.to_move and not m.is_over and not m.seat_to_move.is_human
        colour = None if seat is None else self.seat_colour(seat)
        title = self.app.tr(f"{self.info.id}.title", default=self.info.title)
        font = self.app.font(16)
        right = self.top_button_rect(self.TOP_SLOTS - 1).left - 14
        hud.turn_banner(surface, self.app, self.top_rect, self.banner_text(), colour, thinking, self.app.clock_time,
                        text_width=right - font.size(title)[0] - 24)
        draw.text(surface, font, title, (right, self.top_rect.centery), hud.MUTED, anchor="midright")
        if self.log_open:
            self.move_log.draw(surface, self.log_rect(), self.app.tr("ui.log.title"))
        self.draw_ai_line(surface)
        pygame.draw.rect(surface, hud.BAR_BG, self.bottom_rect)
        pygame.draw.line(surface, (60, 70, 86), self.bottom_rect.topleft, self.bottom_rect.topright)

    def ai_line(self) -> tuple[int, str] | None:
        """The newest computer move since a human acted, as (seat, words for the current viewer)."""
        if not self.ai_moves or self.ai_moves[-1] >= len(self.match.moves):
            return None
        i = self.ai_moves[-1]
        before = self.match.states[i]
        key = (i, id(before), self.viewer, self.app.settings.language)
        if self._ai_line is None or self._ai_line[0] != key:
            seat = self.match.mover(i)
            words = self.app.tr_reason(self.match.describe(i, self.viewer))
            self._ai_line = (key, seat, self.app.tr("ui.game.ai_moved", name=self.seat_name(seat), text=words))
        return self._ai_line[1], self._ai_line[2]

    def draw_ai_line(self, surface: pygame.Surface) -> None:
        """The message strip at rest: the computer's last move in words, with its seat's chip, until
        a human acts (a toast draws over it while it lasts)."""
        line = self.ai_line()
        if line is None or self.toasts.newest is not None:
            return
        seat, words = line
        r = self.message_rect
        hud.message_strip(surface, self.app, r.inflate(-2 * (r.h // 2 + 6), 0).move(r.h // 2 + 6, 0), words,
                          colour=hud.MUTED)
        self.draw_seat_chip(surface, seat, (r.x + r.h // 2 + 2, r.centery), r.h // 2 - 7)

    def draw_top(self, surface: pygame.Surface) -> None:
        """Toasts above any overlay (an undo refused from the pause menu over a hand-over shows), and
        the reason a disabled Undo button gives on hover."""
        if self.app.scenes.top is not self:  # `update` runs only on top: the toasts age here meanwhile
            self.toasts.update(max(0.0, self.app.clock_time - self._toast_clock))
        self._toast_clock = self.app.clock_time
        self.toasts.draw_strip(surface, self.app, self.message_rect)
        button = self.undo_button
        if (self.app.scenes.top is self and self.undo_reason and button is not None and button.visible
                and button.rect.collidepoint(self.pointer)):
            hud.hover_tip(surface, self.app, button.rect, self.undo_reason)
        elif self.app.scenes.top is self:
            self._draw_region_tip(surface)

    def _draw_region_tip(self, surface: pygame.Surface) -> None:
        """The tip of the drawn part under the pointer (`tip_regions`), once it rests there a moment
        and no widget or the move log is over it: inside the side panel for a part of the panel, in
        the message strip for a part of the board (nothing covers the play area)."""
        pointer = self.pointer
        region = None
        if not (self.log_open and self.log_rect().collidepoint(pointer)) and not any(
                w.visible and w.rect.collidepoint(pointer) for w in self.widgets):
            region = next(((rect, text) for rect, text in self.tip_regions() if rect.collidepoint(pointer)), None)
        if self._tip[0] != region:
            self._tip = (region, self.app.clock_time)
        if region is None or self.app.clock_time - self._tip[1] < TIP_DELAY:
            return
        if self.panel_rect.collidepoint(pointer):
            hud.hover_tip(surface, self.app, pygame.Rect(pointer[0], pointer[1] - 4, 1, 1), region[1],
                          within=self.panel_rect)
        else:
            hud.message_strip(surface, self.app, self.message_rect, region[1], colour=hud.ACCENT)

    # --- hooks for game scenes ---------------------------------------------------------------
    @classmethod
    def screens(cls) -> Mapping[str, Callable[[Any], bool]]:
        """The game's own dialogs, so `hexgames screenshot --scene NAME` reaches every screen a
        player can see: each name with a test on the full state that holds when that dialog is up
        for the seat to move (e.g. {"swap": lambda s: s.phase == "swap"})."""
        return {}

    def build_widgets(self) -> None:
        """Add the game's own pygame_gui widgets (append them to self.widgets); rects are set."""

    def layout(self) -> None:
        """board_rect / panel_rect changed: recompute the board geometry."""

    def move_sound(self, before: Any, move: Any, after: Any) -> str:
        """The effect a played move makes (`ui.sound.EFFECTS`): games pick "score", "village",
        "chain"... for their big moments."""
        return "place"

    def chart_panels(self, states: list[Any]) -> list[Any]:
        """Score-over-time panels (`ui.chart.Panel`) for the results screen, from the game's states
        (already thinned out to at most a few hundred); none by default."""
        return []

    def picture_rect(self) -> pygame.Rect:
        """The part of the screen that shows the board alone (the menu's card picture)."""
        return self.board_rect

    def draw_game(self, surface: pygame.Surface) -> None:
        """Draw the board into board_rect and the player panels into panel_rect."""

    def show_hint(self, move: Any) -> None:
        """The hint arrived: preview `move` the way the game previews a human's move (`hint_move`
        holds it until a move, undo or the next hint). Default: the move in words, as a toast."""
        self._hint_toast = self.toasts.add(self.hint_words(move))

    def forget_hint(self) -> None:
        """The hint is over (a move, undo, a new hint, the device changing hands): its words go too,
        since toasts draw above the hand-over screen and a hint may tell a secret choice."""
        self.hint_move = None
        if self._hint_toast is not None:
            self.toasts.toasts = [t for t in self.toasts.toasts if t is not self._hint_toast]
            self._hint_toast = None

    def handle_game_event(self, event: pygame.event.Event) -> bool:
        """Turn input into moves with `self.submit(move)`; check `self.can_act` first."""
        return False

    def on_move_played(self, before: Any, move: Any, after: Any, by_ai: bool) -> None:
        """A move was played (by a human or the AI): start its animations."""

    def clear_selection(self) -> None:
        """Drop all input state of the player at the screen: the selection, hover, a drag, placement
        and hint previews. Called on undo and whenever the screen changes hands."""

    def on_undo(self) -> None:
        """The match stepped back (after `clear_selection`): reset what else the game keeps."""

    def is_animating(self) -> bool:
        return self.animator.busy

    def update_game(self, dt: float) -> None:
        """Per-frame game logic (hover effects, the game's own timers)."""

    def input_points(self, move: Any) -> Sequence[Any]:
        """The gestures (`ui.gestures`: click, right-click, drag, key) that input `move` in the current
        layout, in order, as a player would: the tutorial marks them and its autoplay posts them."""
        raise NotImplementedError(f"{type(self).__name__} does not say where its moves are input "
                                  "(input_points)")

    def tip_regions(self) -> Sequence[tuple[pygame.Rect, str]]:
        """Drawn parts of the screen (a score card, a bag count...) with the short tip shown on hover."""
        return []
