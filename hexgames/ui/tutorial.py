"""The interactive tutorial: a game's own scene, playing a scripted game (hexgames/tutorials.py) step by step.

Why it is built this way:
- A tutorial is the real game: the game's scene, unchanged, drawn and played with the player's usual
  input. `tutorial_scene` makes a subclass of the game's scene with `TutorialMixin` in front, so the
  mixin sees every move before the scene plays it (`submit`), plays the gentle opponent's scripted
  moves where the scene would ask the AI (`ai_turn`), and adds the coach: a strip above the board
  (never over it) with what to do and why, Next, Back, Replay and Leave, and a marker on the place to
  click or drag, from the scene's `input_points(move)`.
- A move off the script is not played: the player hears a friendly word on what the step asks and the
  selection is dropped, so the position stays the scripted one. After the step's moves the strip says
  what the rules just did; Next plays the step's `forward` moves at once and its `reply` moves as a
  computer's, paced and worded in the message strip.
- Back and Replay rewind the match to where a step began (the script is deterministic, so the game
  comes out the same again); Undo means Replay here. Nothing of a tutorial is autosaved or recorded as
  a game; finishing one is noted in the records (`records.record_tutorial`), and its menu card says so.
- `tutorial_autoplay.autoplay` plays a tutorial to its end by posting each step's gestures as real
  events: what `hexgames tutorial --autoplay` and the tests run. The strip and the marker are drawn
  by `tutorial_coach`.
"""
from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from hexgames import games
from hexgames import tutorials
from hexgames.core.match import Match, Seat
from hexgames.games import new_match
from hexgames.tutorials import Script, ScriptError
from hexgames.ui import gestures, tutorial_coach
from hexgames.ui.tutorial_coach import FINISHED_BADGE, CoachShown
from hexgames.ui.ui_scale import ui_scale
from hexgames.ui.words import translator

if TYPE_CHECKING:
    from hexgames.ui.shell import Shell

SAY, DONE, FINISHED = "say", "done", "finished"
_CLASSES: dict[type, type] = {}


tr = translator("learn")  # the tutorial's, the quick start's and the tips' words


class TutorialMixin:
    """Put in front of a game scene's class (see `tutorial_scene`); `self` is that game's scene."""

    def __init__(self, app: "Shell", match: Match, script: Script):
        self.script = script
        self.k = 0  # the step on show
        self.phase = SAY
        self.expect: list[Any] = []  # the step's moves the player has still to make
        self.queue: list[Any] = []  # the opponent's scripted moves still to play
        self.coach_rect = pygame.Rect(0, 0, 0, 0)
        self.next_button: Any = None
        self.back_button: Any = None
        self.replay_button: Any = None
        self.leave_button: Any = None
        self.finished_recorded = False
        self._told_stuck = False
        super().__init__(app, match)  # type: ignore[call-arg]
        self.table.keeps_records = False  # a tutorial is not a game of the records (finishing it is noted)
        self._start_step(0)

    # --- the script ----------------------------------------------------------------------------
    @property
    def step(self) -> tutorials.Step:
        return self.script.steps[min(self.k, len(self.script.steps) - 1)]

    @property
    def awaiting_move(self) -> bool:
        """The player is asked for a move now and may make it (nothing left for the opponent)."""
        return self.phase == SAY and bool(self.expect) and not self.queue and self.can_act

    def _start_step(self, k: int) -> None:
        self.k = k
        self.phase = SAY
        self.expect = list(self.script.steps[k].moves)
        self._told_stuck = False

    def go_to_step(self, k: int) -> None:
        """Show step k from its beginning: the match is rewound (or played on at once) to where that
        step came up, and the opponent's reply before it plays again."""
        k = max(0, min(k, len(self.script.steps) - 1))
        moves = tutorials.moves_before(self.script, k)
        reply = list(self.script.steps[k - 1].reply) if k > 0 else []
        self._set_moves(moves[:len(moves) - len(reply)])
        self.queue = reply
        self._start_step(k)

    def next_step(self) -> None:
        """Next: the step's forward moves at once, its reply queued for the opponent, the next step up."""
        if self.phase == FINISHED:
            self._play_for_real()
            return
        if (self.phase == SAY and self.expect) or self.move_playing():
            return
        step = self.step
        if step.forward:
            self._set_moves(list(self.match.moves) + list(step.forward))
        self.queue = list(step.reply)
        if self.k + 1 >= len(self.script.steps):
            self.finish()
            return
        self._start_step(self.k + 1)
        self._sync_coach()

    def finish(self) -> None:
        """The last step is done: noted in the records (once), and the strip offers a real game."""
        self.phase = FINISHED
        self.queue = []
        if not self.finished_recorded:
            self.finished_recorded = True
            from hexgames.core import records

            try:
                records.record_tutorial(self.script.game)
            except Exception as e:  # the records are a nicety: the tutorial still ends well
                print(f"hexgames: the finished tutorial could not be noted: {e}", file=sys.stderr)
        self.app.sound.play("end")
        self._sync_coach()

    def _set_moves(self, moves: list[Any]) -> None:
        """Make the match's history exactly `moves` (the script's own, so it replays), and let the
        scene forget everything it showed of the position before."""
        self.cancel_hint()
        self.table.rewind(moves)  # the scene forgets the old position as after an undo
        self.toasts.toasts.clear()

    def _play_for_real(self) -> None:
        """After the last step: a real game of this one, from its setup screen."""
        from hexgames.ui.setup_screen import SetupScene

        info = games.get(self.script.game)
        self.app.open_menu()
        self.app.scenes.push(SetupScene(self.app, info))

    def leave(self) -> None:
        self.app.open_menu()

    # --- the game scene's hooks, taken over ------------------------------------------------------
    def submit(self, move: Any) -> bool:
        rules = self.rules
        if self.phase == SAY and self.expect and rules.encode(move) == rules.encode(self.expect[0]):
            if not super().submit(move):  # type: ignore[misc]
                return False
            self.expect.pop(0)
            if not self.expect:
                self.phase = DONE
                self._sync_coach()
            return True
        self.clear_selection()
        if self.phase == SAY and self.expect:
            ask = tutorials.first_sentence(self.app.tr(self.script.say_key(self.step)))
            self.toast(tr(self.app, "tutorial.off_script", ask=ask))
        else:
            self.toast(tr(self.app, "tutorial.press_next"))
        return False

    def ai_turn(self) -> None:
        """The gentle opponent plays its scripted moves, paced like a computer's; it never thinks."""
        if self.table.ai_held:
            return
        if not self.queue:  # its reply comes with Next; only a step asking the player for a move while
            # the opponent is to move, with nothing left to play, is stuck (the script tests prevent it)
            if self.phase == SAY and self.expect and not self._told_stuck:
                self._told_stuck = True
                self.toast(tr(self.app, "tutorial.stuck"), error=True)
            return
        move = self.queue.pop(0)
        if self.match.check(move) is not None:
            self.queue = []
            self.toast(tr(self.app, "tutorial.stuck"), error=True)
            return
        self.table.play(move, by_ai=True)

    def _coach_waits(self) -> bool:
        """The opponent is to move but plays only once the player has pressed Next (or never again)."""
        return (self.phase == FINISHED or not self.queue) and not self.match.is_over \
            and not self.match.seat_to_move.is_human

    def banner_seat(self) -> int | None:
        """No seat's chip and no thinking dots while the coach waits for the player to read on."""
        return None if self._coach_waits() else super().banner_seat()  # type: ignore[misc]

    def banner_text(self) -> str:
        if self.phase == FINISHED:
            return tr(self.app, "tutorial.well_done")
        if self._coach_waits():
            return tr(self.app, "tutorial.coach_waits")
        return super().banner_text()  # type: ignore[misc]

    @property
    def hints_offered(self) -> bool:
        return False  # the coach says what to do; the AI's hint would be another voice

    def request_hint(self) -> bool:
        return False

    def undo(self) -> bool:
        """Undo replays the step: the position goes back to where the step began."""
        self.go_to_step(self.k)
        self._sync_coach()
        return True

    def sync_buttons(self) -> None:
        """Undo is Replay here (the strip has it): the bottom bar's Undo is hidden."""
        super().sync_buttons()  # type: ignore[misc]
        if self.undo_button is not None and self.undo_button.visible:
            self.undo_button.hide()

    def show_results(self) -> None:
        """A scripted game that reaches its end finishes the tutorial instead of showing results."""
        self.results_shown = True

    # --- layout and widgets ----------------------------------------------------------------------
    def compute_rects(self, size: tuple[int, int]) -> None:
        """The shared frame, with the coach strip taken from the top of the board's column."""
        super().compute_rects(size)  # type: ignore[misc]
        h = tutorial_coach.coach_height(self.board_rect.w, ui_scale(size))
        self.coach_rect, self.frame = self.frame.with_strip_over_board(h, self.MARGIN // 2)

    def enter(self) -> None:
        from pygame_gui.core import ObjectID
        from pygame_gui.elements import UIButton

        super().enter()  # type: ignore[misc]
        col = tutorial_coach.coach_buttons_rect(self.coach_rect, self.app.scale)
        ui, app = self.app.ui, self.app
        top_h = col.h // 2 - 2
        self.next_button = UIButton(pygame.Rect(col.x, col.y, col.w, top_h), tr(app, "tutorial.next"), ui,
                                    object_id=ObjectID(class_id="@primary"), tool_tip_text=tr(app, "tip.next"))
        small = (col.w - 8) // 3
        y = col.y + top_h + 4
        specs = (("back_button", "tutorial.back", "tip.back"), ("replay_button", "tutorial.replay", "tip.replay"),
                 ("leave_button", "tutorial.leave", "tip.leave"))
        for i, (attr, label, tip) in enumerate(specs):
            rect = pygame.Rect(col.x + i * (small + 4), y, small, col.bottom - y)
            setattr(self, attr, UIButton(rect, tr(app, label), ui, tool_tip_text=tr(app, tip)))
        self.widgets += [self.next_button, self.back_button, self.replay_button, self.leave_button]
        self._sync_coach()

    def _sync_coach(self) -> None:
        if self.next_button is None:
            return
        label = tr(self.app, "tutorial.play_real" if self.phase == FINISHED else "tutorial.next")
        if self.next_button.text != label:
            self.next_button.set_text(label)
        can_next = (self.phase == DONE and not self.move_playing()) or self.phase == FINISHED \
            or (self.phase == SAY and not self.expect and not self.queue)
        for button, on in ((self.next_button, can_next), (self.back_button, self.k > 0 or self.phase == FINISHED),
                           (self.replay_button, self.phase != FINISHED)):
            if on and not button.is_enabled:
                button.enable()
            elif not on and button.is_enabled:
                button.disable()

    def step_back(self) -> None:
        """Back: the step before (once the tutorial is finished, its last step again)."""
        self.go_to_step(self.k - 1 if self.phase != FINISHED else self.k)
        self._sync_coach()

    # --- frame -----------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            pressed = {self.next_button: self.next_step, self.back_button: self.step_back,
                       self.replay_button: self.undo, self.leave_button: self.leave}.get(event.ui_element)
            if pressed is not None:
                pressed()
                return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) \
                and self.phase in (DONE, FINISHED):
            self.next_step()  # Enter goes on once the step is done and shown (before, Enter is the game's)
            return True
        return super().handle(event)  # type: ignore[misc]

    def update(self, dt: float) -> None:
        super().update(dt)  # type: ignore[misc]
        if self.app.scenes.top is self:
            self._sync_coach()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)  # type: ignore[misc]
        badge, words = self.coach_text()
        tutorial_coach.draw_coach(surface, self.app, self.coach_rect,
                                  CoachShown(badge, words, self.phase == FINISHED or (self.phase == DONE
                                                                          and not self.move_playing())), self.app.scale)
        if self.awaiting_move:
            tutorial_coach.draw_marks(surface, self.app, self.marker_gestures(),
                                      [w.rect for w in self.widgets if w.visible], self.app.scale)

    def move_playing(self) -> bool:
        """The step's last move still falls, slides or lights what it scored: the strip keeps asking the
        player to watch, and tells what happened (and offers Next) only once the board shows it."""
        return self.phase == DONE and self.is_animating()

    def coach_text(self) -> tuple[str, str]:
        """(the badge, the words) the strip shows now: the step's number of all, and what to do, or
        what the rules just did, or the tutorial's end."""
        app = self.app
        if self.phase == FINISHED:
            title = app.tr(f"{self.script.game}.title", default=self.info.title)
            return FINISHED_BADGE, tr(app, "tutorial.finished", game=title)
        badge = f"{self.k + 1}/{len(self.script.steps)}"
        if self.phase == DONE and not self.move_playing():
            return badge, app.tr(self.script.done_key(self.step))
        return badge, app.tr(self.script.say_key(self.step))

    def marker_gestures(self) -> list[gestures.Gesture]:
        """Where the step's next move is input, from the game's own scene (nothing if it cannot say).
        A move the game holds once input (a deck's pick, made at Use this deck) has no input left:
        the marker goes on to the next."""
        try:
            return next((marks for marks in (list(self.input_points(m)) for m in self.expect) if marks), [])
        except NotImplementedError:
            return []


# --- starting one ---------------------------------------------------------------------------------
def tutorial_class(base: type) -> type:
    """The game's scene class with the tutorial in front (made once per game)."""
    if base not in _CLASSES:
        _CLASSES[base] = type(f"Tutorial{base.__name__}", (TutorialMixin, base), {})
    return _CLASSES[base]


def tutorial_match(app: "Shell", script: Script) -> Match:
    """The scripted game's match, its prelude played: the player and the gentle opponent."""
    seats = []
    for i in range(script.seats):
        if i == script.you:
            seats.append(Seat("human", None, tr(app, "tutorial.you")))
        else:
            seats.append(Seat("ai", "easy", tr(app, "tutorial.opponent")))
    match = new_match(script.game, seats, script.options, script.seed)
    match.replay(script.prelude)
    return match


def tutorial_scene(app: "Shell", script: Script) -> Any:
    info = games.get(script.game)
    cls = tutorial_class(info.scene_class())
    return cls(app, tutorial_match(app, script), script)


def start_tutorial(app: "Shell", game_id: str, lesson: str | None = None) -> str | None:
    """Show the game's tutorial (the stack is reset under it); returns why it cannot start, in words.
    With `lesson` (an id of the game's catalogue, `tutorials.lessons`) it opens at the step that
    teaches that rule: the steps before it are played at once, and the opponent's move that leads
    into it plays as it comes up, so "Show me" in the rules lands where the rule happens."""
    try:
        script = tutorials.load(game_id)
        tutorials.check(script)
    except ScriptError as e:
        print(f"hexgames: {e}", file=sys.stderr)
        return tr(app, "tutorial.broken")
    scene = tutorial_scene(app, script)
    at = tutorials.taught_at(script).get(lesson, 0) if lesson else 0
    if at:
        scene.go_to_step(at)
    app.scenes.reset(scene)
    return None
