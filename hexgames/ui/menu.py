"""The main menu and the new-game setup.

The menu lists every registered game, so a new game appears by registering it; the setup screen
builds its choices (player counts, modes, options) from the game's `GameInfo`, so no game needs menu
code. Labels of modes and options come from the game's own translation namespace.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from hexgames import games
from hexgames.core import highscores, records, saves
from hexgames.core.match import MAX_NAME, Match, Seat
from hexgames.ui import draw, hud, icon
from hexgames.ui.host_form import CHOICES, HostChoices
from hexgames.ui.scenes import Scene
from hexgames.ui.settings import LANGUAGES

if TYPE_CHECKING:
    from hexgames.app import App
    from hexgames.games import GameInfo
    from hexgames.ui.online import OnlineScene

SEAT_KINDS = ("human", "easy", "medium", "hard")


def game_title(app: "App", info: "GameInfo") -> str:
    return app.tr(f"{info.id}.title", default=info.title)


class MenuScene(Scene):
    """Title, a card per game (a picture of its board, player counts, modes, description, best solo
    score), and Resume / Load / Records / Settings / Language / Quit. The whole card is one button."""

    def __init__(self, app: "App"):
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
        self.learn_buttons: dict[Any, tuple[str, "GameInfo"]] = {}  # "how" / "learn" on each card
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
        top = 14 if self.compact else 30
        self.widgets.append(UILabel(pygame.Rect(0, top, w, 60), tr("ui.app.title"), ui,
                                    object_id=ObjectID(class_id="@title")))
        self.widgets.append(UILabel(pygame.Rect(0, top + 54, w, 28), tr("ui.app.subtitle"), ui,
                                    object_id=ObjectID(object_id="#centered", class_id="@muted")))
        side_w = 220 if w < 1000 else 260
        total = min(w - 40, 1400)
        left = (w - total) // 2
        area = pygame.Rect(left, top + 112, total - side_w - 24, h - (top + 112) - 16)
        infos = games.registered()
        for rect, info in zip(card_rects(area, len(infos)), infos):
            b = UIButton(rect, "", ui, object_id=ObjectID(class_id="@card"),  # small cards hide the
                         tool_tip_text=app.tr(f"{info.id}.description", default=info.description))  # text
            self.game_buttons[b] = info
            self.cards.append((rect, info, best_solo(app, info)))
            self.widgets.append(b)
            self._learn_buttons(rect, info)
        if not infos:
            self.widgets.append(UILabel(pygame.Rect(area.x, area.y, area.w, 40), tr("ui.menu.no_games"), ui))
        self._action_buttons(pygame.Rect(area.right + 24, area.y, side_w, area.h))

    def _learn_buttons(self, card: pygame.Rect, info: "GameInfo") -> None:
        """How to play and Learn to play, stacked at the card's right edge (over the card's own button,
        which they take the click from); Learn says "again" once the tutorial was finished."""
        from pygame_gui.elements import UIButton

        tr, ui = self.app.tr, self.app.ui
        for action, rect in zip(("how", "learn"), learn_button_rects(card)):
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
        bh = 46 if self.compact else 52
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
        """A card's How to play ("how") or Learn to play ("learn") button (tests click it)."""
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
                self.app.scenes.push(SetupScene(self.app, self.game_buttons[event.ui_element]))
                return True
            if event.ui_element in self.actions:
                self.act(self.actions[event.ui_element])
                return True
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

    def learn(self, action: str, info: "GameInfo") -> None:
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
        y = (14 if self.compact else 30) + 92
        for i, colour in enumerate(icon.COLOURS):
            draw.aa_hex(surface, colour, (w / 2 + (i - 2.5) * 22, y + (i % 2) * 6), 8, border=(20, 24, 30))
        for rect, info, best in self.cards:
            if rect.topleft not in self._card_images:  # text and picture, rendered once per layout
                card = pygame.Surface(rect.size, pygame.SRCALPHA)
                self._draw_card(card, card.get_rect(), info, best)
                self._card_images[rect.topleft] = card
            surface.blit(self._card_images[rect.topleft], rect)
        self.toasts.draw(surface, self.app, pygame.Rect(0, 0, w, h - 20))

    def _draw_card(self, surface: pygame.Surface, rect: pygame.Rect, info: "GameInfo", best: str) -> None:
        """Picture on the left; title, who can play, description and best solo score on the right.
        The card's button (drawn over this by pygame_gui) adds only the frame and the hover tint."""
        from hexgames.ui import thumbnails

        pad = 8
        pic_h = rect.h - 2 * pad
        pic = pygame.Rect(rect.x + pad, rect.y + pad, min(round(pic_h * 1.35), rect.w * 2 // 5), pic_h)
        pygame.draw.rect(surface, CARD_BG, rect, border_radius=8)
        image = thumbnails.board_picture(self.app, info, pic.size)
        if image is not None:
            surface.blit(image, pic)
        pygame.draw.rect(surface, (58, 69, 88), pic, 1)
        how, learn = learn_button_rects(rect)
        if rect.h >= LEARN_ROW_MIN_H:  # the buttons sit under the text
            text = pygame.Rect(pic.right + 12, rect.y + pad, rect.right - pic.right - 12 - pad, how.y - 6 - rect.y - pad)
        else:
            text = pygame.Rect(pic.right + 12, rect.y + pad, how.x - pic.right - 20, pic_h)
        y = draw.text(surface, self.app.font(19 if self.compact else 21, bold=True), game_title(self.app, info),
                      text.topleft, hud.ACCENT, anchor="topleft").bottom + 2
        y = self._lines(surface, card_facts(self.app, info), text, y, 14, hud.MUTED)
        room = (text.bottom - y - (20 if best else 0)) // 20
        desc = self.app.tr(f"{info.id}.description", default=info.description)
        y = self._lines(surface, draw.wrap(self.app.font(15), desc, text.w)[:max(0, room)], text, y + 4, 15, hud.TEXT)
        if best:
            draw.text(surface, self.app.font(14, bold=True), best, text.bottomleft, hud.GOOD, anchor="bottomleft")
        if info.id in self.learned:  # the tutorial was finished: a tick by its button
            from hexgames.ui.tutorial import draw_tick

            draw_tick(surface, (learn.x - 12, learn.centery), 6, hud.GOOD)

    def _lines(self, surface: pygame.Surface, lines: list[str], box: pygame.Rect, y: int, size: int,
               colour: tuple[int, int, int]) -> int:
        font = self.app.font(size)
        for line in lines:
            for part in draw.wrap(font, line, box.w)[:2]:
                draw.text(surface, font, part, (box.x, y), colour, anchor="topleft")
                y += round(size * 1.35)
        return y


CARD_BG = (33, 39, 50)
CARD_MIN_W = 340


def card_rects(area: pygame.Rect, n: int) -> list[pygame.Rect]:
    """One or two columns of equal cards filling `area`; two when each card can still be 340 wide."""
    if n == 0:
        return []
    gap = 12
    cols = 2 if n > 2 and area.w >= 2 * CARD_MIN_W + gap else 1
    rows = -(-n // cols)
    card_h = min(190, (area.h - (rows - 1) * gap) // rows)
    card_w = (area.w - (cols - 1) * gap) // cols
    return [pygame.Rect(area.x + (i % cols) * (card_w + gap), area.y + (i // cols) * (card_h + gap), card_w, card_h)
            for i in range(n)]


LEARN_ROW_MIN_H = 150  # cards this tall take the learn buttons in a row at the bottom, smaller ones at the side


def learn_button_rects(card: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
    """Where a card's How to play and Learn to play buttons go (in the card's own coordinates when
    `card` is at the origin, as the card picture is drawn): side by side at the bottom right of a
    tall card, under its text; stacked at the right edge of a small one."""
    if card.h >= LEARN_ROW_MIN_H:
        pic_w = min(round((card.h - 16) * 1.35), card.w * 2 // 5)  # as `_draw_card` lays the picture out
        w, h = min(160, (card.w - pic_w - 8 - 12 - 8 - 6) // 2), 32
        y = card.bottom - h - 10
        return (pygame.Rect(card.right - 2 * w - 14, y, w, h), pygame.Rect(card.right - w - 8, y, w, h))
    w = max(110, min(150, card.w // 4))
    h = min(34, (card.h - 24) // 2)
    x = card.right - w - 10
    gap = max(4, (card.h - 2 * h) // 3)
    return (pygame.Rect(x, card.y + gap, w, h), pygame.Rect(x, card.bottom - gap - h, w, h))


def card_facts(app: "App", info: "GameInfo") -> list[str]:
    """["1–4 players", "Standard, Team, Solo"]: who can play and how, from the game's own modes
    (the second line only where there is more than one mode)."""
    lo, hi = info.min_seats, info.max_seats
    players = app.tr("ui.menu.players", n=lo) if lo == hi else app.tr("ui.menu.players_range", lo=lo, hi=hi)
    if len(info.modes) < 2:
        return [players]
    names = [app.tr(f"{info.id}.mode.{m.id}", default=m.id.replace("_", " ").capitalize()) for m in info.modes]
    return [players, app.join(names)]


def best_solo(app: "App", info: "GameInfo") -> str:
    """The best solo result recorded for the game, or "" (no solo mode, or never played)."""
    best = highscores.best_of_game(info.id)
    if best is None:
        return ""
    return app.tr("ui.menu.best", score=" · ".join(str(x) for x in best.scores))


class SetupScene(Scene):
    """Players, mode, each seat (human or CPU level, with a name) and the game's options.

    Online (`online`, the screen that hosts): seat 1 is the host, each other human seat is an open
    seat for someone who joins (so no names are typed), there is no solo mode, the table's own
    settings are chosen in one row (its clock, what a seat out of time does, hints: `host`, a `HostChoices`),
    and Start hosts the table (`online.host`), staying here with the reason shown if it cannot."""

    def __init__(self, app: "App", info: "GameInfo", online: "OnlineScene | None" = None):
        super().__init__(app)
        self.info = info
        self.online = online
        counts = self.counts()
        self.count = 2 if 2 in counts else counts[0]
        self.mode_id = info.default_mode_for(self.count).id
        self.kinds: list[str] = ["human"] + ["human" if online else "medium"] * (info.max_seats - 1)
        self.names: list[str | None] = [None] * info.max_seats  # None: the default for the kind
        self.options: dict[str, Any] = {o.name: o.default for o in info.options}
        self.host = HostChoices()  # online: who can find the table, and its own rules
        self.controls: dict[Any, tuple[str, Any]] = {}
        self.buttons: dict[Any, str] = {}
        self.toasts = hud.ToastStack()

    # --- model ------------------------------------------------------------------------------
    def counts(self) -> list[int]:
        return sorted({n for m in self.info.modes for n in m.seats if n > 1 or self.online is None})

    def modes(self) -> list[Any]:
        return [m for m in self.info.modes if self.count in m.seats]

    def visible_options(self) -> list[Any]:
        return [o for o in self.info.options if not o.modes or self.mode_id in o.modes]

    def default_name(self, i: int) -> str:
        key = "ui.setup.player_default" if self.kinds[i] == "human" else "ui.setup.cpu_default"
        return self.app.tr(key, n=i + 1)

    def seats(self) -> list[Seat]:
        out = []
        for i in range(self.count):
            name = (self.names[i] or "").strip() or self.default_name(i)
            kind = self.kinds[i]
            out.append(Seat("human", None, name) if kind == "human" else Seat("ai", kind, name))
        return out

    def match_options(self) -> dict[str, Any]:
        """The options of the mode chosen, the mode included (what a match and a server take)."""
        options = {o.name: self.options[o.name] for o in self.visible_options()}
        options["mode"] = self.mode_id
        return options

    def seat_specs(self) -> list[str]:
        """The seats as a server takes them: "human" (online: the host's, or an open seat), "ai:LEVEL"."""
        return ["human" if k == "human" else f"ai:{k}" for k in self.kinds[:self.count]]

    def build_match(self, seed: int | None = None) -> Match:
        seed = random.SystemRandom().randrange(1, 2**31) if seed is None else seed
        return Match(self.info, self.seats(), self.match_options(), seed)

    # --- widgets ------------------------------------------------------------------------------
    def _label(self, key: str, default: str, **params: Any) -> str:
        return self.app.tr(key, default=default, **params)

    def enter(self) -> None:
        from pygame_gui.core import ObjectID
        from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UITextEntryLine

        app, tr, ui, gid = self.app, self.app.tr, self.app.ui, self.info.id
        w, h = app.screen.get_size()
        self.controls.clear()
        self.buttons.clear()
        col = pygame.Rect(0, 0, min(900, w - 80), 0)
        col.centerx = w // 2
        title = "ui.online.setup_title" if self.online else "ui.setup.title"
        self.widgets.append(UILabel(pygame.Rect(col.x, 24, col.w, 56), tr(title, game=game_title(app, self.info)), ui,
                                    object_id=ObjectID(class_id="@heading")))
        y = 100
        lw = 200
        self.widgets.append(UILabel(pygame.Rect(col.x, y, lw, 40), tr("ui.setup.players"), ui))
        counts = [(str(n), str(n)) for n in self.counts()]
        dd = UIDropDownMenu(counts, (str(self.count), str(self.count)), pygame.Rect(col.x + lw, y, 120, 40), ui)
        self.controls[dd] = ("count", None)
        self.widgets.append(dd)
        if len(self.info.modes) > 1:  # a game with one way to play offers no choice of mode
            self._mode_dropdown(pygame.Rect(col.x + lw + 150, y, col.w - lw - 150, 40))
        y += 60
        human = "ui.online.open_seat" if self.online else "ui.setup.human"
        kinds = [(tr(human if k == "human" else f"ui.setup.ai_{k}"), k) for k in SEAT_KINDS]
        for i in range(self.count):
            self.widgets.append(UILabel(pygame.Rect(col.x, y, lw, 40), tr("ui.setup.seat", n=i + 1), ui))
            if self.online is not None and i == 0:  # the host's own seat, and who can find the table
                self.widgets.append(UILabel(pygame.Rect(col.x + lw, y, 260, 40),
                                            tr("ui.online.you", name=self.online.name or self.default_name(0)), ui))
                self.host.listing_dropdown(app, pygame.Rect(col.x + lw + 280, y, min(260, col.w - lw - 280), 40),
                                           self.controls, self.widgets)
                y += 50
                continue
            cur = next(k for k in kinds if k[1] == self.kinds[i])
            dd = UIDropDownMenu(kinds, cur, pygame.Rect(col.x + lw, y, 260, 40), ui)
            self.controls[dd] = ("kind", i)
            self.widgets.append(dd)
            if self.online is None:  # online, players name themselves and the server the computers
                entry = UITextEntryLine(pygame.Rect(col.x + lw + 280, y, col.w - lw - 280, 40), ui)
                entry.set_text_length_limit(MAX_NAME)
                entry.set_text(self.names[i] if self.names[i] is not None else self.default_name(i))
                self.controls[entry] = ("name", i)
                self.widgets.append(entry)
            y += 50
        if self.online is not None:
            self.host.table_row(app, pygame.Rect(col.x, y, col.w, 40), lw, self.controls, self.widgets)
            y += 50
        y += 14
        self.widgets.append(UILabel(pygame.Rect(col.x, y, col.w, 34), tr("ui.setup.options"), ui,
                                    object_id=ObjectID(class_id="@muted")))
        y += 40
        visible = self.visible_options()
        if not visible:
            self.widgets.append(UILabel(pygame.Rect(col.x + lw, y, col.w - lw, 34), tr("ui.setup.no_options"), ui,
                                        object_id=ObjectID(class_id="@muted")))
            y += 44
        for spec in visible:
            name = self._label(f"{gid}.option.{spec.name}", spec.name.replace("_", " ").capitalize())
            self.widgets.append(UILabel(pygame.Rect(col.x, y, lw - 10, 40), name, ui))
            choices = [(self._label(f"{gid}.option.{spec.name}.{v}", str(v)), str(v)) for v in spec.choices]
            cur = next(c for c, v in zip(choices, spec.choices) if v == self.options[spec.name])
            dd = UIDropDownMenu(choices, cur, pygame.Rect(col.x + lw, y, min(520, col.w - lw), 40), ui)
            self.controls[dd] = ("option", spec.name)
            self.widgets.append(dd)
            y += 50
        by = max(y + 20, h - 90)
        actions = (("back", None), ("how", None), ("rules", None), ("start", "@primary"))
        bw = min(200, (col.w + 16) // len(actions) - 16)
        hosting = self.online is not None
        for i, (action, cls) in enumerate(actions):
            label = tr("learn.setup.how") if action == "how" else tr(f"ui.setup.{action}")
            tip = tr(f"learn.tip.setup_{action}")
            if hosting and action == "start":
                label, tip = tr("ui.online.host_start"), tr("learn.tip.setup_host")
            b = UIButton(pygame.Rect(col.x + col.w - (len(actions) - i) * (bw + 16) + 16, by, bw, 52),
                         label, ui, object_id=ObjectID(class_id=cls), tool_tip_text=tip)
            self.buttons[b] = action
            self.widgets.append(b)

    def _mode_dropdown(self, row: pygame.Rect) -> None:
        from pygame_gui.elements import UIDropDownMenu, UILabel

        gid, ui = self.info.id, self.app.ui
        modes = [(self._label(f"{gid}.mode.{m.id}", m.id.replace("_", " ").capitalize()), m.id) for m in self.modes()]
        current = next((m for m in modes if m[1] == self.mode_id), modes[0])
        self.widgets.append(UILabel(pygame.Rect(row.x, row.y, 120, 40), self.app.tr("ui.setup.mode"), ui))
        dd = UIDropDownMenu(modes, current, pygame.Rect(row.x + 120, row.y, row.w - 120, 40), ui)
        self.controls[dd] = ("mode", None)
        self.widgets.append(dd)

    def button_for(self, action: str) -> Any:
        return next((b for b, a in self.buttons.items() if a == action), None)

    def control_for(self, what: str, arg: Any = None) -> Any:
        return next((c for c, v in self.controls.items() if v == (what, arg)), None)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.act(self.buttons[event.ui_element])
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element in self.controls:
            self.choose(*self.controls[event.ui_element], event.selected_option_id)
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element in self.controls:
            _, i = self.controls[event.ui_element]
            self.names[i] = event.text
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.pop()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.act("start")
            return True
        return False

    def choose(self, what: str, arg: Any, value: str) -> None:
        if what == "count":
            self.count = int(value)
            if self.count not in self.info.mode(self.mode_id).seats:
                self.mode_id = self.modes()[0].id
        elif what == "mode":
            self.mode_id = value
        elif what == "kind":
            if self.names[arg] == self.default_name(arg):
                self.names[arg] = None
            self.kinds[arg] = value
        elif what == "option":
            spec = next(o for o in self.info.options if o.name == arg)
            self.options[arg] = next(v for v in spec.choices if str(v) == value)
        elif what in CHOICES:
            self.host.choose(what, value)
        self.rebuild()

    def act(self, action: str) -> None:
        if action == "back":
            self.app.scenes.pop()
        elif action == "rules":
            from hexgames.ui.rules_help import RulesHelpScene

            self.app.scenes.push(RulesHelpScene(self.app, self.info))
        elif action == "how":
            from hexgames.ui.quickstart import QuickStartScene

            self.app.scenes.push(QuickStartScene(self.app, self.info))
        elif action == "start" and self.online is not None:
            why = self.online.host(self.info.id, self.seat_specs(), self.match_options(), self.host.listed,
                                   self.host.settings.to_json())
            if why is not None:
                self.toasts.add(why, error=True)
        elif action == "start":
            self.app.start_match(self.build_match())

    def update(self, dt: float) -> None:
        self.toasts.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(self.app.BG)

    def draw_top(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        self.toasts.draw(surface, self.app, pygame.Rect(0, 0, w, h - 90))
