"""The replay viewer: a finished game (or any save) stepped through move by move.

Why it is built this way:
- The board is drawn by the game's own scene class, so every game replays without code of its own.
  That scene is made as a spectator's (`spectator_scene`, whose table watches: `Table.watch`): it
  sees no seat's secrets, takes no input (its widgets are removed and its scene never reaches the
  stack), runs no AI, shows no hand-over or results, records nothing, and its match has no
  listeners, so nothing is autosaved.
- The match it shows is the replayed one cut at the chosen step (`states[:k+1]`, `moves[:k]`); one
  step forward is played as the game plays a move (its animation runs), any other jump rebuilds the
  scene at the new step.
- What is replayed is always rebuilt from the move log and checked against its digest
  (`saves.match_from_dict`), from a file or from the game just finished: a log that does not lead to
  its digest is refused with the reason, never shown half-right.
- The move log beside it (or over the side panel in small windows) marks the current move; a click
  on a move goes there.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from hexgames import games
from hexgames.core import saves
from hexgames.core.match import Match, Seat
from hexgames.table import Played
from hexgames.ui import draw, frame_view, hud
from hexgames.ui.move_log import MoveLog
from hexgames.ui.scenes import Scene

if TYPE_CHECKING:
    from hexgames.ui.game_scene import GameScene
    from hexgames.ui.shell import Shell

SPEEDS = (1.0, 2.0, 4.0, 0.5)  # moves a second, cycled by the speed button
WIDE = 1100  # from this window width the log stands beside the board, below it over the side panel
LOG_W = 300
BAR_H = 64
_SPECTATORS: dict[type, type] = {}


def rebuilt(match: Match) -> Match:
    """`match` replayed from its own move log and checked against its digest, as a save would be
    (raises `saves.SaveError` with the reason when the log does not lead there)."""
    return saves.match_from_dict(saves.match_to_dict(match), games.get)


def spectator_seat(match: Match) -> int | None:
    """Whose secrets a replay may show: nobody's (a spectator), except in a solo game, where the one
    player has nobody to hide them from."""
    return 0 if len(match.seats) == 1 else None


def spectator_scene(cls: type) -> type:
    """The game's scene class as a spectator's: nobody's secrets, no turn logic, no input."""
    if cls not in _SPECTATORS:
        def __init__(self: Any, app: "Shell", match: Match) -> None:
            cls.__init__(self, app, match)
            self.table.watch(spectator_seat(match))

        def update(self: Any, dt: float) -> None:
            self.toasts.update(dt)
            self.animator.update(dt)
            self.score_show.update(dt)
            self.update_game(dt)

        def banner_text(self: Any) -> str:  # whose turn it was; the game's prompts ("your tiles") are not
            m = self.match
            if m.is_over:
                return self.app.tr("ui.game.game_over")
            return self.app.tr("ui.game.to_move", name=self.seat_name(m.to_move))

        _SPECTATORS[cls] = type(f"Spectator{cls.__name__}", (cls,), {
            "__init__": __init__, "update": update,
            "banner_text": banner_text,
            "__doc__": f"{cls.__name__} watched by a spectator in the replay viewer."})
    return _SPECTATORS[cls]


class ReplayScene(Scene):
    """Step through `match` (already replayed and checked) from move 0 to its end."""

    def __init__(self, app: "Shell", match: Match, step: int = 0):
        super().__init__(app)
        self.full = match
        self.total = len(match.moves)
        self.step = max(0, min(step, self.total))
        self.playing = False
        self.speed = 0
        self._clock = 0.0
        self.game: "GameScene | None" = None
        self.view: Match | None = None
        self.log = MoveLog(app, match, lambda: spectator_seat(match), self._seat_name, self._seat_chip)
        self.log.footer = 22
        self.log_open = True  # small windows: the log over the side panel, or the players' panel (L)
        self.pointer = (-1, -1)
        self.buttons: dict[Any, str] = {}
        self.slider: Any = None
        self.game_rect = pygame.Rect(0, 0, 0, 0)
        self.log_rect = pygame.Rect(0, 0, 0, 0)
        self.bar = pygame.Rect(0, 0, 0, 0)

    # --- the board at a step -------------------------------------------------------------------
    @property
    def wide(self) -> bool:
        return self.app.screen.get_width() >= WIDE

    def _view_match(self, step: int) -> Match:
        """The replayed match cut at `step`; its seats all human so no AI is ever asked to move."""
        full = self.full
        view = Match(full.info, [Seat("human", None, self._seat_name(i)) for i in range(len(full.seats))],
                     full.options, full.seed)
        view.states = list(full.states[:step + 1])
        view.moves = list(full.moves[:step])
        return view

    def _build_game(self) -> None:
        self.view = self._view_match(self.step)
        self.game = spectator_scene(self.view.info.scene_class())(self.app, self.view)
        self.game.reveal_all = False
        self.game.auto_play = False
        self._layout_game()

    def _layout_game(self) -> None:
        """Lay the game out in its part of the window and take away its widgets (no input)."""
        game = self.game
        if game is None:
            return
        for w in game.widgets:
            w.kill()
        game.widgets.clear()
        game.compute_rects(self.game_rect.size)
        game.enter()
        for w in game.widgets:
            w.kill()
        game.widgets.clear()

    def goto(self, step: int, animate: bool = False) -> None:
        """Show the position after `step` moves; one step forward is animated as in the game."""
        step = max(0, min(step, self.total))
        if step == self.step and self.game is not None:
            return
        if animate and step == self.step + 1 and self.game is not None and self.view is not None:
            before, move, after = self.full.states[self.step], self.full.moves[self.step], self.full.states[step]
            self.view.moves.append(move)
            self.view.states.append(after)
            self.step = step
            self.game.on_move_played(before, move, after, True)
            self.game.play_scoring(Played(before, move, after, self.full.rules.to_move(before), True))
        else:
            self.step = step
            self._build_game()
        if step >= self.total:
            self.playing = False
        self._sync()

    def _sync(self) -> None:
        """Slider, play button and the log's mark follow the step."""
        if self.slider is not None and int(self.slider.get_current_value()) != self.step:
            self.slider.set_current_value(self.step)
        for b, action in self.buttons.items():
            if action == "play":
                b.set_text(self.app.tr("ui.replay.pause" if self.playing else "ui.replay.play"))
        self.log.highlight = self.step - 1 if self.step else None
        if self.step:
            self.log.show_entry(self.log_rect, self.step - 1)

    # --- layout and widgets --------------------------------------------------------------------
    def enter(self) -> None:
        from pygame_gui.core import ObjectID
        from pygame_gui.elements import UIButton, UIHorizontalSlider

        w, h = self.app.screen.get_size()
        self.bar = pygame.Rect(0, h - BAR_H, w, BAR_H)
        # the game keeps its whole layout; the replay's controls take the place of its bottom bar
        if self.wide:
            self.game_rect = pygame.Rect(0, 0, w - LOG_W - 10, h)
            self.log_rect = pygame.Rect(w - LOG_W - 4, 10, LOG_W - 6, h - BAR_H - 20)
        else:
            self.game_rect = pygame.Rect(0, 0, w, h)
        if self.game is None:
            self._build_game()
        else:
            self._layout_game()
        if not self.wide and self.game is not None:
            self.log_rect = self.game.panel_rect.copy()
        tr, ui = self.app.tr, self.app.ui
        self.buttons.clear()
        y = self.bar.y + (BAR_H - 42) // 2
        x = 12
        for action, label, width in (("back", tr("ui.replay.back"), 96 if w < 1000 else 120), ("home", "|◀", 48),
                                     ("prev", "◀", 48), ("play", tr("ui.replay.play"), 110), ("next", "▶", 48),
                                     ("end", "▶|", 48)):
            oid = ObjectID(class_id="@primary") if action == "play" else None
            b = UIButton(pygame.Rect(x, y, width, 42), label, ui, object_id=oid)
            self.buttons[b] = action
            self.widgets.append(b)
            x += width + 6
        speed = UIButton(pygame.Rect(w - 12 - 76, y, 76, 42), self._speed_label(), ui,
                         tool_tip_text=tr("ui.replay.speed"))
        self.buttons[speed] = "speed"
        self.widgets.append(speed)
        self.slider = UIHorizontalSlider(pygame.Rect(x + 8, y + 6, speed.rect.x - x - 20, 30), self.step,
                                         (0, max(1, self.total)), ui, click_increment=1)
        self.widgets.append(self.slider)
        self._sync()

    def _speed_label(self) -> str:
        x = SPEEDS[self.speed]
        return f"{x:g}×" if x >= 1 else "½×"

    def on_resize(self, size: tuple[int, int]) -> None:
        self.exit()
        self.enter()

    # --- input ---------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.act(self.buttons[event.ui_element])
            return True
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element is self.slider:
            self.playing = False
            self.goto(int(round(self.slider.get_current_value())))
            return True
        if event.type == pygame.KEYDOWN:
            action = {pygame.K_LEFT: "prev", pygame.K_RIGHT: "next", pygame.K_HOME: "home", pygame.K_END: "end",
                      pygame.K_SPACE: "play", pygame.K_ESCAPE: "back", pygame.K_BACKSPACE: "back",
                      pygame.K_l: "log"}.get(event.key)
            if action is not None:
                self.act(action)
                return True
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        if self.log_shown and event.type == pygame.MOUSEWHEEL and self.log_rect.collidepoint(self.pointer):
            self.log.scroll_by(3 * event.y)
            return True
        if self.log_shown and event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            index = self.log.entry_at(self.log_rect, event.pos)
            if index is not None:
                self.playing = False
                self.goto(index + 1)
                return True
        return False

    @property
    def log_shown(self) -> bool:
        return self.wide or self.log_open

    def act(self, action: str) -> None:
        if action == "back":
            self.app.scenes.pop()
            return
        if action == "play":
            if self.step >= self.total:
                self.goto(0)
            self.playing = not self.playing
            self._clock = 0.0
        elif action == "speed":
            self.speed = (self.speed + 1) % len(SPEEDS)
            for b, a in self.buttons.items():
                if a == "speed":
                    b.set_text(self._speed_label())
        elif action == "log":
            self.log_open = not self.log_open
        else:
            self.playing = False
            target = {"prev": self.step - 1, "next": self.step + 1, "home": 0, "end": self.total}[action]
            self.goto(target, animate=action == "next")
        self._sync()

    def update(self, dt: float) -> None:
        if self.game is not None:
            self.game.update(dt)
        if not self.playing or (self.game is not None and self.game.is_animating()):
            return
        self._clock += dt
        if self._clock >= 1.0 / SPEEDS[self.speed]:
            self._clock = 0.0
            self.goto(self.step + 1, animate=True)

    # --- drawing -------------------------------------------------------------------------------
    def _seat_name(self, seat: int) -> str:
        name = self.full.seats[seat].name
        return name or self.app.tr("ui.setup.player_default", n=seat + 1)

    def _seat_chip(self, surface: pygame.Surface, seat: int, center: tuple, radius: float) -> None:
        if self.game is not None:
            self.game.draw_seat_chip(surface, seat, center, radius)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(self.app.BG)
        if self.game is not None:
            area = surface.subsurface(self.game_rect)
            self.game.draw(area)
            self.game.toasts.draw_strip(area, self.app, self.game.message_rect)
        if self.game is not None:  # where the game's Log and Hint buttons would be: this is a replay
            slots = self.game.top_button_rect(1).union(self.game.top_button_rect(0))
            draw.rounded_panel(surface, slots, (44, 52, 66), 8, border=hud.ACCENT)
            badge = self.app.tr("ui.replay.badge")
            draw.text(surface, draw.fit_text(self.app.font, badge, slots.w - 12, 17, 11, bold=True), badge,
                      slots.center, hud.ACCENT)
        frame_view.draw_bottom_bar(surface, self.bar)
        if self.log_shown:
            self.log.draw(surface, self.log_rect, self.title())
            keys = self.app.tr("ui.replay.keys")
            font = draw.fit_text(self.app.font, keys, self.log_rect.w - 16, 12, 8)
            draw.text(surface, font, keys, (self.log_rect.centerx, self.log_rect.bottom - 12), hud.MUTED)

    def title(self) -> str:
        if self.step == 0:
            return f"{self.app.tr('ui.replay.start')} · {self.app.tr('ui.replay.step', n=0, total=self.total)}"
        return self.app.tr("ui.replay.step", n=self.step, total=self.total)
