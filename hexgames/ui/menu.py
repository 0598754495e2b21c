"""The main menu: a card per registered game, so a new game appears by registering it (its Play
button, or a click anywhere on the card, opens the game's setup, `ui/setup.py`; what a card shows and
where cards go: `ui/game_cards.py`), and the app's own actions in a column at the right.

The keyboard reaches the games too: the arrow keys or Tab (Shift+Tab back) move a ring from card to
card, and Enter (or Space) plays the game it rings.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from hexgames import games
from hexgames.core import records, saves
from hexgames.core.match import Match
from hexgames.ui import draw, hud, icon
from hexgames.ui.game_cards import best_solo, card_parts, card_rects, draw_card
from hexgames.ui.scenes import Scene
from hexgames.ui.settings import LANGUAGES
from hexgames.ui.setup_screen import SetupScene
from hexgames.ui.ui_scale import px
from hexgames.ui.words import game_title

if TYPE_CHECKING:
    from hexgames.games import GameInfo
    from hexgames.ui.shell import Shell


class MenuScene(Scene):
    """Title, a card per game (a picture of its board, player counts, modes, description, best solo
    score, and its Play, How to play and Learn to play buttons), and Resume / Load / Records /
    Settings / Language / Quit. The whole card is a button too. `focus`: the card the keyboard rings."""

    def __init__(self, app: "Shell"):
        super().__init__(app)
        self.game_buttons: dict[Any, "GameInfo"] = {}
        self.actions: dict[Any, str] = {}
        self.resumable: Match | None = None
        self.dialog: Any = None
        self.toasts = hud.ToastStack()
        self.cards: list[tuple[pygame.Rect, "GameInfo", str]] = []  # drawn under their buttons, with
        # the best solo score (read once: the menu draws 60 times a second)
        self.compact = False  # small windows: tighter header, fewer text lines
        self._card_images: dict[tuple[int, int], pygame.Surface] = {}
        self.learn_buttons: dict[Any, tuple[str, "GameInfo"]] = {}  # "play" / "how" / "learn" on each card
        self.focus: int | None = None  # the card the arrow keys and Tab moved to (Enter plays it)
        self.learned: set[str] = set()  # games whose tutorial was finished (read once per layout)

    def enter(self) -> None:
        from pygame_gui.core import ObjectID
        from pygame_gui.elements import UIButton, UILabel

        app, tr, ui = self.app, self.app.tr, self.app.ui
        w, h = app.screen.get_size()
        self.compact = h < 720
        self.resumable = saves.load_autosave(games.get)
        self.learned = records.tutorials_done()
        self.learn_buttons.clear()
        self.game_buttons.clear()
        self.actions.clear()
        self.cards.clear()
        self._card_images.clear()
        top, s = (14 if self.compact else 30), app.scale  # the title's type grows by `s` (ui_scale)
        self.widgets.append(UILabel(pygame.Rect(0, top, w, px(60, s)), tr("ui.app.title"), ui,
                                    object_id=ObjectID(class_id="@title")))
        self.widgets.append(UILabel(pygame.Rect(0, top + px(54, s), w, px(28, s)), tr("ui.app.subtitle"), ui,
                                    object_id=ObjectID(object_id="#centered", class_id="@muted")))
        side_w = 220 if w < 1000 else max(260, w // 8)
        total = min(w - 40, max(1400, w * 7 // 8))  # large windows: wider cards, not wider margins
        left = (w - total) // 2
        head = top + px(112, s)
        area = pygame.Rect(left, head, total - side_w - 24, h - head - 16)
        infos = games.registered()
        for rect, info in zip(card_rects(area, len(infos)), infos):
            b = UIButton(rect, "", ui, object_id=ObjectID(class_id="@card"),  # small cards hide the
                         tool_tip_text=app.tr(f"{info.id}.description", default=info.description))  # text
            self.game_buttons[b] = info
            self.cards.append((rect, info, best_solo(app, info)))
            self.widgets.append(b)
            self._card_buttons(rect, info)
        if not infos:
            self.widgets.append(UILabel(pygame.Rect(area.x, area.y, area.w, 40), tr("ui.menu.no_games"), ui))
        self._action_buttons(pygame.Rect(area.right + 24, area.y, side_w, area.h))

    def _card_buttons(self, card: pygame.Rect, info: "GameInfo") -> None:
        """Play, How to play and Learn to play on the card (over the card's own button, which they take
        the click from); Learn says "again" once the tutorial was finished."""
        from pygame_gui.core import ObjectID
        from pygame_gui.elements import UIButton

        tr, ui = self.app.tr, self.app.ui
        parts = card_parts(card)
        play = UIButton(parts.play, tr("ui.menu.play"), ui, object_id=ObjectID(class_id="@primary"),
                        tool_tip_text=tr("ui.cards.play_tip", game=game_title(self.app, info)))
        self.learn_buttons[play] = ("play", info)
        self.widgets.append(play)
        for action, rect in (("how", parts.how), ("learn", parts.learn)):
            done = action == "learn" and info.id in self.learned
            label = tr("learn.menu.learn_again" if done else f"learn.menu.{action}")
            tip = tr("learn.tip.card_done" if done else f"learn.tip.card_{action}")
            b = UIButton(rect, label, ui, tool_tip_text=tip)
            self.learn_buttons[b] = (action, info)
            self.widgets.append(b)

    def _action_buttons(self, column: pygame.Rect) -> None:
        from pygame_gui.core import ObjectID
        from pygame_gui.elements import UIButton

        tr = self.app.tr
        entries: list[tuple[str, str, Any]] = []
        if self.resumable is not None:
            title = game_title(self.app, self.resumable.info)
            entries.append(("resume", tr("ui.menu.resume", game=title), ObjectID(class_id="@primary")))
        entries += [("online", tr("ui.menu.online"), None),
                    ("load", tr("ui.menu.load"), None), ("records", tr("ui.menu.records"), None),
                    ("settings", tr("ui.menu.settings"), None),
                    ("language", tr("ui.menu.language"), ObjectID(object_id="#lang_button")),
                    ("quit", tr("ui.menu.quit"), ObjectID(class_id="@danger"))]
        bh = 46 if self.compact else max(52, min(72, column.h // 14))
        y = column.y
        for action, text, oid in entries:
            b = UIButton(pygame.Rect(column.x, y, column.w, bh), text, self.app.ui, object_id=oid,
                         tool_tip_text=tr(f"learn.tip.{action}"))
            self.actions[b] = action
            self.widgets.append(b)
            y += bh + 10

    def exit(self) -> None:
        if self.dialog is not None:
            self.dialog.kill()
            self.dialog = None
        super().exit()

    def learn_button(self, game_id: str, action: str) -> Any:
        """A card's Play ("play"), How to play ("how") or Learn to play ("learn") button (tests click it)."""
        return next((b for b, (a, info) in self.learn_buttons.items() if a == action and info.id == game_id), None)

    def button_for(self, key: str) -> Any:
        """The widget for an action name or a game id (tests click it)."""
        for b, action in self.actions.items():
            if action == key:
                return b
        for b, info in self.game_buttons.items():
            if info.id == key:
                return b
        return None

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element in self.learn_buttons:
                self.learn(*self.learn_buttons[event.ui_element])
                return True
            if event.ui_element in self.game_buttons:
                self.play(self.game_buttons[event.ui_element])
                return True
            if event.ui_element in self.actions:
                self.act(self.actions[event.ui_element])
                return True
        if event.type == pygame.KEYDOWN and self.dialog is None:
            return self.key(event)
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED:
            self.dialog = None
            why = self.app.load_file(event.text)
            if why is not None:
                self.toasts.add(self.app.tr("ui.menu.load_failed", why=why), error=True)
            return True
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.dialog:
            self.dialog = None
            return True
        return False

    def key(self, event: pygame.event.Event) -> bool:
        """The arrow keys move the ring to the card beside, above or below; Tab to the next card
        (Shift+Tab the one before, both round the end); Enter or Space plays the ringed game."""
        n = len(self.cards)
        if not n:
            return False
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.focus is None:
                return False
            self.play(self.cards[self.focus][1])
            return True
        cols = len({rect.x for rect, _, _ in self.cards})
        if event.key == pygame.K_TAB:
            back = bool(event.mod & pygame.KMOD_SHIFT)
            self.focus = (n - 1 if back else 0) if self.focus is None else (self.focus + (-1 if back else 1)) % n
            return True
        step = {pygame.K_RIGHT: 1, pygame.K_LEFT: -1, pygame.K_DOWN: cols, pygame.K_UP: -cols}.get(event.key)
        if step is None:
            return False
        if self.focus is None:
            self.focus = 0
        elif 0 <= self.focus + step < n:
            self.focus += step
        return True

    def play(self, info: "GameInfo") -> None:
        """The game's setup (its card's Play, a click on the card, or Enter on the ringed card)."""
        self.app.scenes.push(SetupScene(self.app, info))

    def learn(self, action: str, info: "GameInfo") -> None:
        if action == "play":
            self.play(info)
            return
        if action == "how":
            from hexgames.ui.quickstart import QuickStartScene

            self.app.scenes.push(QuickStartScene(self.app, info))
            return
        from hexgames.ui.tutorial import start_tutorial

        why = start_tutorial(self.app, info.id)
        if why is not None:
            self.toasts.add(why, error=True)

    def act(self, action: str) -> None:
        app = self.app
        if action == "resume" and self.resumable is not None:
            app.start_match(self.resumable)
        elif action == "online":
            from hexgames.ui.online import OnlineScene

            app.scenes.push(OnlineScene(app))
        elif action == "load":
            self.open_load_dialog()
        elif action == "records":
            from hexgames.ui.records import RecordsScene

            app.scenes.push(RecordsScene(app))
        elif action == "settings":
            from hexgames.ui.settings import SettingsScene

            app.scenes.push(SettingsScene(app))
        elif action == "language":
            codes = list(LANGUAGES)
            app.set_language(codes[(codes.index(app.settings.language) + 1) % len(codes)])
        elif action == "quit":
            app.quit()

    def open_load_dialog(self) -> None:
        from pygame_gui.windows import UIFileDialog

        if self.dialog is not None:
            self.dialog.kill()
        w, h = self.app.screen.get_size()
        rect = pygame.Rect(0, 0, min(640, w - 40), min(480, h - 40))
        rect.center = (w // 2, h // 2)
        self.dialog = UIFileDialog(rect, self.app.ui, window_title=self.app.tr("ui.menu.load_title"),
                                   initial_file_path=str(saves.dialog_folder()), allow_existing_files_only=True)
        self.widgets.append(self.dialog)

    def update(self, dt: float) -> None:
        self.toasts.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(self.app.BG)
        w, h = surface.get_size()
        s = self.app.scale  # under the subtitle, which grows with the theme's type
        y = (14 if self.compact else 30) + px(92, s)
        for i, colour in enumerate(icon.COLOURS):
            draw.aa_hex(surface, colour, (w / 2 + (i - 2.5) * px(22, s), y + (i % 2) * px(6, s)), px(8, s),
                        border=(20, 24, 30))
        for rect, info, best in self.cards:
            if rect.topleft not in self._card_images:  # text and picture, rendered once per layout
                card = pygame.Surface(rect.size, pygame.SRCALPHA)
                draw_card(card, card.get_rect(), self.app, info, best, self.compact, info.id in self.learned)
                self._card_images[rect.topleft] = card
            surface.blit(self._card_images[rect.topleft], rect)
        if self.focus is not None and self.focus < len(self.cards):  # the keyboard's card: a ring round it
            pygame.draw.rect(surface, hud.ACCENT, self.cards[self.focus][0].inflate(10, 10), 3, border_radius=12)
        self.toasts.draw(surface, self.app, pygame.Rect(0, 0, w, h - 20))
