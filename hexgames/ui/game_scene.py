"""GameScene: everything a game's screen shares, so a game scene only draws its board and turns
input into moves. This module wires the frame's parts; each has a room of its own:

- `frame_layout.py`: where the bars, the side panel, the board and the message strip go for a
  window size (pure; the buttons and views read it), and where the move log fits.
- `frame_buttons.py`: Undo, Results, Menu, Hint and Log, and how each follows the table.
- `frame_view.py`: draws the top bar, the bottom bar and the message strip; `message_strip.py`
  remembers what the strip must keep between frames (the computer's line, a tip's delay).
- `hint_control.py` (hints: asking Hard, showing the answer, forgetting it) and `log_panel.py` (the
  move log over the side panel): one controller each.
- `position_cache.py`: what the game derives from the position, once per state, viewer and language.
- `game_hooks.py`: the hooks a game fills in, with their defaults, and how to write a game scene.
- `handover.py`, `pause.py`, `results.py`, `online_game.py`: the screens over the game, and online
  play's status row (`self.online`).

The turns themselves are the table's (`self.table`, hexgames/table.py, pygame-free): whose private
information may be drawn (`viewer`), when a hand-over is due, the computer's moves and their pace,
hints, what Undo may take back and the records of the end. The scene shows them: the hot-seat
hand-over screen, the animations, sounds and toasts the table's events call for (`on_table_event`),
the pause menu, and the results screen once the last animation has finished. It never decides a rule:
legality comes from the rules through the table. Attributes games, tests and tools read on the scene
stay readable here when they live in a part (`part_attribute`).

The Undo button is disabled, with the table's reason on hover, whenever `table.undo_refusal()` would
refuse. Toasts draw above any overlay (`draw_top`). The replay viewer (`ui.replay`) draws a game
scene as a spectator's (`table.watch`), with no input, AI, hand-over or results.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

import pygame
import pygame_gui

from hexgames.core.match import Match
from hexgames.table import AI_PACE, HintReady, Notice, Played, ScreenHidden, Table, Undone
from hexgames.ui import frame_layout, frame_view, hud
from hexgames.ui.anim import INSTANT, Animator
from hexgames.ui.frame_buttons import FrameButtons
from hexgames.ui.frame_layout import FrameLayout
from hexgames.ui.game_hooks import GameHooks
from hexgames.ui.hint_control import HintControl
from hexgames.ui.log_panel import LogPanel
from hexgames.ui.message_strip import MessageStrip
from hexgames.ui.parts import part_attribute  # games import it from here too
from hexgames.ui.position_cache import PositionCache
from hexgames.ui.score_show import ScoreShow
from hexgames.ui.scenes import Scene

if TYPE_CHECKING:
    from hexgames.ui.shell import Shell


def table_attribute(name: str, doc: str, settable: bool = False) -> property:
    """A scene property that is its table's attribute `name` (games and tools read it on the scene)."""
    return part_attribute("table", name, doc, settable)


class GameScene(GameHooks, Scene):
    """Base of every game's scene. Override the hooks (`GameHooks`, and `banner_text`, `banner_seat`,
    `show_hint`, `is_animating`, `picture_rect` below); keep the rest."""

    TOP_BAR = frame_layout.TOP_BAR
    BOTTOM_BAR = frame_layout.BOTTOM_BAR
    MARGIN = frame_layout.MARGIN
    BUTTON_SIZE = frame_layout.BUTTON_SIZE
    TOP_BUTTON_SIZE = frame_layout.TOP_BUTTON_SIZE
    TOP_SLOTS = 2  # the small top-bar buttons every game has (`top_button_rect`)

    def __init__(self, app: "Shell", match: Match):
        super().__init__(app)
        self.match = match
        self.rules = match.rules
        self.info = match.info
        self.toasts = hud.ToastStack()
        self.animator = Animator(speed=lambda: self.app.settings.anim_speed)
        self.score_show = ScoreShow(speed=lambda: self.app.settings.anim_speed)  # what a move scored, on the board
        self.reveal_all = match.human_count == 0  # watching AIs: everything may show
        self.frame_buttons = FrameButtons()
        self.hints = HintControl(self)
        self.log_panel = LogPanel(self)
        self.strip = MessageStrip()
        self.position_cache = PositionCache(lambda: (self.match.state, self.viewer, self.app.settings.language))
        self.show_time = 0.0  # seconds of animation so far: the clock the table paces computer moves by
        self.table = Table(match, app.worker, clock=lambda: self.show_time)
        self.table.listeners.append(self.on_table_event)
        self.results_shown = False  # the results screen came up for this end of the match
        self.auto_play = True  # False freezes AI turns (screenshots, tests of a fixed position)
        self.undo_reason: str | None = None  # why the Undo button is disabled (shown on hover)
        self.pointer: tuple[int, int] = (-1, -1)  # the last mouse position this scene saw
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

    # --- the frame's parts, as games, tests and tools read them on the scene --------------------------
    top_rect = part_attribute("frame", "top", "The top bar: the turn banner, the title, the Log and Hint buttons.")
    bottom_rect = part_attribute("frame", "bottom", "The bottom bar: Undo, the game's buttons, Results, Menu.")
    panel_rect = part_attribute("frame", "panel", "The side panel at the right: the game's player boxes.")
    board_rect = part_attribute("frame", "board", "The board's rect, left of the side panel.")
    message_rect = part_attribute("frame", "message", "The message strip under the board: toasts, the "
                                  "computer's last move, tips.")
    actions_rect = part_attribute("frame", "actions", "The free middle of the bottom bar: the game's buttons.")
    top_button_rect = part_attribute("frame", "top_button_rect", "A small top-bar button's rect by its slot "
                                     "(0: the rightmost, the Log button).")
    undo_button = part_attribute("frame_buttons", "undo", "The Undo button (None until entered).")
    menu_button = part_attribute("frame_buttons", "menu", "The Menu button (None until entered).")
    results_button = part_attribute("frame_buttons", "results", "The Results button (None until entered).")
    hint_button = part_attribute("frame_buttons", "hint", "The Hint button (None until entered).")
    log_button = part_attribute("frame_buttons", "log", "The Log button (None until entered).")
    hints_offered = part_attribute("hints", "offered", "The Hint button shows: hints are on, allowed, and a "
                                   "human's turn shown to that human (the tutorial offers none).")
    request_hint = part_attribute("hints", "request", "H or the Hint button: ask Hard, or cancel the asking.")
    cancel_hint = part_attribute("hints", "cancel", "Stop the hint being thought about.")
    offer_hint = part_attribute("hints", "offer", "Show a move (legal for the seat to move) as the hint.")
    hint_words = part_attribute("hints", "words", "A hinted move in words, as the seat to move may know it.")
    forget_hint = part_attribute("hints", "forget", "The hint is over: its preview and its words go.")
    log_open = part_attribute("log_panel", "open", "The move log shows over the side panel (Log, key L).",
                              settable=True)
    move_log = part_attribute("log_panel", "log", "The move log's list (`ui.move_log.MoveLog`).")
    log_rect = part_attribute("log_panel", "rect", "Where the move log shows now.")
    toggle_log = part_attribute("log_panel", "toggle", "Open or close the move log.")
    cached = part_attribute("position_cache", "cached", "`cached(key, compute)`: a value derived from the "
                            "position on screen, computed once per state, viewer and language.")
    forget_cached = part_attribute("position_cache", "forget", "Forget every cached value (a new layout).")

    @property
    def can_act(self) -> bool:
        """A human may input a move now: their turn, revealed, nothing animating or on top."""
        return self.table.can_act and not self.is_animating() and self.app.scenes.top is self

    def seat_name(self, seat: int) -> str:
        return self.match.seats[seat].name or self.app.tr("ui.setup.player_default", n=seat + 1)

    # --- layout and widgets --------------------------------------------------------------------
    def compute_rects(self, size: tuple[int, int]) -> None:
        """Lay the shared frame out for a screen of `size`: the bars, the side panel, the board and
        the message strip under it (the replay viewer and thumbnails draw a scene at other sizes)."""
        self.frame = FrameLayout.fit(size, self.online.height if self.online is not None else 0, self.TOP_BAR,
                                     self.BOTTOM_BAR, self.MARGIN, self.BUTTON_SIZE, self.TOP_BUTTON_SIZE)

    def enter(self) -> None:
        self.layout()
        self.widgets += self.frame_buttons.build(self.app, self.frame)
        self.build_widgets()
        if self.online is not None:
            self.online.build(self)
        self.sync_buttons()
        self.log_panel.sync_button()

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
        self.frame_buttons.show_results(self.match.is_over and self.results_shown)
        if self.undo_button is not None:
            refusal = self.table.undo_refusal() if self.match.human_count else None
            self.undo_reason = self.app.tr_reason(refusal) if refusal is not None else None
            self.frame_buttons.allow_undo(self.undo_reason is None and self.match.human_count != 0)
        self.hints.sync_button()

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
            self.play_scoring(event)
            self.app.sound.play(self.move_sound(event.before, event.move, event.after))
            self.sync_buttons()
        elif isinstance(event, Undone):
            self.forget_hint()
            self.animator.clear()
            self.score_show.skip()
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

    def ai_turn(self) -> None:
        """A computer is to move and the board is still: the table asks the worker and plays the
        answer, paced (the tutorial's scripted opponent plays here instead)."""
        self.table.poll_ai()

    # --- frame -------------------------------------------------------------------------------
    def play_scoring(self, event: Played) -> None:
        """What the move scored, lit where it happened; another's move holds the turn till it ends."""
        if self.score_style() is not None:
            self.score_show.play_move(self.rules, event, self.viewer, self.scoring_delay(event.move, event.by_ai),
                                      event.by_ai or event.seat not in self.table.screen_seats, self.scoring_windows)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        if event.type == pygame.MOUSEBUTTONDOWN and self.score_show.clicked(self.board_rect.collidepoint(event.pos)):
            return True
        if self.online is not None and self.online.handle(self, event):
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            pressed = {"undo": self.undo, "menu": self.open_pause, "results": self.show_results,
                       "hint": self.request_hint, "log": self.toggle_log}.get(
                self.frame_buttons.pressed(event.ui_element) or "")
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
        if self.log_panel.takes(event):
            return True
        return self.handle_game_event(event)

    @property
    def typing(self) -> bool:
        """A text field has the keyboard (a deck's name): letters are text then, not shortcuts."""
        from pygame_gui.elements import UITextEntryBox, UITextEntryLine

        return any(isinstance(el, (UITextEntryLine, UITextEntryBox)) for el in self.app.ui.get_focus_set() or ())

    def update(self, dt: float) -> None:
        """Runs only while this scene is on top, so no overlay is up here."""
        self.table.receive()
        self.toasts.update(dt)
        self.animator.update(dt)
        self.score_show.update(dt)
        speed = self.app.settings.anim_speed
        self.show_time += dt * speed  # computer moves are paced in animation time...
        self.table.pace = 0.0 if speed >= INSTANT else AI_PACE  # ...and not at all when animations are off
        self.update_game(dt)
        if self.hint_thinking and not self.hints_offered:  # hints turned off, or the turn moved on
            self.cancel_hint()
        self.table.poll_hint()
        if self.app.scenes.top is self:  # a game's update may have opened a dialog over us
            self.hints.sync_button()
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
        self.score_show.draw(surface, self.app.font, self.score_style)
        if self.online is not None:
            self.online.draw(self, surface)
        m = self.match
        seat = self.banner_seat()
        thinking = seat is not None and seat == m.to_move and not m.is_over and not m.seat_to_move.is_human
        colour = None if seat is None else self.seat_colour(seat)
        title = self.app.tr(f"{self.info.id}.title", default=self.info.title)
        words = (self.online and self.online.headline(self)) or self.banner_text()  # online: who it waits for
        frame_view.draw_top_bar(surface, self.app, self.frame, frame_view.TopBarShown(words, colour, thinking, title), self.TOP_SLOTS)
        if self.log_open:
            self.log_panel.draw(surface)
        line = self.ai_line()
        if line is not None and self.toasts.newest is None:  # a toast draws over it while it lasts
            frame_view.draw_computer_line(surface, self.app, self.message_rect, *line, self.draw_seat_chip)
        frame_view.draw_bottom_bar(surface, self.bottom_rect)

    def ai_line(self) -> tuple[int, str] | None:
        """The newest computer move since a human acted, as (seat, words for the current viewer): the
        message strip at rest shows it until a human acts."""
        return self.strip.computer_line(self.app, self.match, self.ai_moves, self.viewer, self.seat_name)

    def draw_top(self, surface: pygame.Surface) -> None:
        """Toasts above any overlay (an undo refused from the pause menu over a hand-over shows), the
        reason a disabled Undo button gives on hover, and the tip of a drawn part under the pointer."""
        on_top = self.app.scenes.top is self
        self.strip.age_toasts(self.toasts, self.app.clock_time, on_top)
        self.toasts.draw_strip(surface, self.app, self.message_rect)
        if not on_top:
            return
        button, pointer = self.undo_button, self.pointer
        if self.undo_reason and button is not None and button.visible and button.rect.collidepoint(pointer):
            hud.hover_tip(surface, self.app, button.rect, self.undo_reason)
            return
        covered = (self.log_open and self.log_rect().collidepoint(pointer)) or any(
            w.visible and w.rect.collidepoint(pointer) for w in self.widgets)
        tip = self.strip.tip(pointer, covered, self.tip_regions, self.app.clock_time)
        if tip is not None:
            frame_view.draw_tip(surface, self.app, self.frame, pointer, tip)

    # --- hooks with a default that reads the scene (the rest: `GameHooks`) ------------------------
    def picture_rect(self) -> pygame.Rect:
        """The part of the screen that shows the board alone (the menu's card picture)."""
        return self.board_rect

    def show_hint(self, move: Any) -> None:
        """The hint arrived: preview `move` the way the game previews a human's move (`hint_move`
        holds it until a move, undo or the next hint). Default: the move in words, as a toast."""
        self.hints.show_in_words(move)

    def is_animating(self) -> bool:
        return self.animator.busy or self.score_show.waits
