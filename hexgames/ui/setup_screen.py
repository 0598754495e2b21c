"""The new-game setup: players, mode, each seat (human or CPU level, with a name) and the game's
options, all built from the game's `GameInfo`, so no game needs setup code. Labels of modes and
options come from the game's own translation namespace. Its online form (hosting a table from the
online screen) has open seats and the table's own choices instead of names.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from hexgames.core.match import MAX_NAME, Match, Seat
from hexgames.ui import hud
from hexgames.ui.host_form import CHOICES, HostChoices
from hexgames.ui.scenes import Scene
from hexgames.ui.ui_scale import px
from hexgames.ui.words import game_title

if TYPE_CHECKING:
    from hexgames.games import GameInfo
    from hexgames.ui.online import OnlineScene
    from hexgames.ui.shell import Shell

SEAT_KINDS = ("human", "easy", "medium", "hard")


class SetupScene(Scene):
    """Players, mode, each seat (human or CPU level, with a name) and the game's options.

    Online (`online`, the screen that hosts): seat 1 is the host, each other human seat is an open
    seat for someone who joins (so no names are typed), there is no solo mode, the table's own
    settings are chosen in one row (its clock, what a seat out of time does, hints: `host`, a `HostChoices`),
    and Start hosts the table (`online.host`), staying here with the reason shown if it cannot."""

    def __init__(self, app: "Shell", info: "GameInfo", online: "OnlineScene | None" = None):
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
        from pygame_gui.elements import UIDropDownMenu, UILabel, UITextEntryLine

        app, tr, ui, gid = self.app, self.app.tr, self.app.ui, self.info.id
        w, h = app.screen.get_size()
        s = app.scale  # large windows: every row, column and button grows with the type

        def p(v: int) -> int:
            return px(v, s)

        self.controls.clear()
        self.buttons.clear()
        col = pygame.Rect(0, 0, min(max(p(900), w * 11 // 20), w - 80), 0)  # wide windows: a wider form
        col.centerx = w // 2
        title = "ui.online.setup_title" if self.online else "ui.setup.title"
        self.widgets.append(UILabel(pygame.Rect(col.x, p(24), col.w, p(56)), tr(title, game=game_title(app, self.info)),
                                    ui, object_id=ObjectID(class_id="@heading")))
        y = p(100)
        lw, rh, step = p(200), p(40), p(50)  # label column, row height, row step
        self.widgets.append(UILabel(pygame.Rect(col.x, y, lw, rh), tr("ui.setup.players"), ui))
        counts = [(str(n), str(n)) for n in self.counts()]
        dd = UIDropDownMenu(counts, (str(self.count), str(self.count)), pygame.Rect(col.x + lw, y, p(120), rh), ui)
        self.controls[dd] = ("count", None)
        self.widgets.append(dd)
        if len(self.info.modes) > 1:  # a game with one way to play offers no choice of mode
            self._mode_dropdown(pygame.Rect(col.x + lw + p(150), y, col.w - lw - p(150), rh))
        y += p(60)
        human = "ui.online.open_seat" if self.online else "ui.setup.human"
        kinds = [(tr(human if k == "human" else f"ui.setup.ai_{k}"), k) for k in SEAT_KINDS]
        kind_w, name_x = p(260), lw + p(280)
        for i in range(self.count):
            self.widgets.append(UILabel(pygame.Rect(col.x, y, lw, rh), tr("ui.setup.seat", n=i + 1), ui))
            if self.online is not None and i == 0:  # the host's own seat, and who can find the table
                self.widgets.append(UILabel(pygame.Rect(col.x + lw, y, kind_w, rh),
                                            tr("ui.online.you", name=self.online.name or self.default_name(0)), ui))
                self.host.listing_dropdown(app, pygame.Rect(col.x + name_x, y, min(kind_w, col.w - name_x), rh),
                                           self.controls, self.widgets)
                y += step
                continue
            cur = next(k for k in kinds if k[1] == self.kinds[i])
            dd = UIDropDownMenu(kinds, cur, pygame.Rect(col.x + lw, y, kind_w, rh), ui)
            self.controls[dd] = ("kind", i)
            self.widgets.append(dd)
            if self.online is None:  # online, players name themselves and the server the computers
                entry = UITextEntryLine(pygame.Rect(col.x + name_x, y, col.w - name_x, rh), ui)
                entry.set_text_length_limit(MAX_NAME)
                entry.set_text(self.names[i] if self.names[i] is not None else self.default_name(i))
                self.controls[entry] = ("name", i)
                self.widgets.append(entry)
            y += step
        if self.online is not None:
            self.host.table_row(app, pygame.Rect(col.x, y, col.w, rh), lw, self.controls, self.widgets)
            y += step
        y += p(14)
        self.widgets.append(UILabel(pygame.Rect(col.x, y, col.w, p(34)), tr("ui.setup.options"), ui,
                                    object_id=ObjectID(class_id="@muted")))
        y += rh
        visible = self.visible_options()
        if not visible:
            self.widgets.append(UILabel(pygame.Rect(col.x + lw, y, col.w - lw, p(34)), tr("ui.setup.no_options"), ui,
                                        object_id=ObjectID(class_id="@muted")))
            y += p(44)
        for spec in visible:
            name = self._label(f"{gid}.option.{spec.name}", spec.name.replace("_", " ").capitalize())
            self.widgets.append(UILabel(pygame.Rect(col.x, y, lw - 10, rh), name, ui))
            choices = [(self._label(f"{gid}.option.{spec.name}.{v}", str(v)), str(v)) for v in spec.choices]
            cur = next(c for c, v in zip(choices, spec.choices) if v == self.options[spec.name])
            dd = UIDropDownMenu(choices, cur, pygame.Rect(col.x + lw, y, min(p(520), col.w - lw), rh), ui)
            self.controls[dd] = ("option", spec.name)
            self.widgets.append(dd)
            y += step
        self._action_buttons(col, max(y + 20, h - p(90)))

    def _action_buttons(self, col: pygame.Rect, by: int) -> None:
        """Back, How to play, Rules and Start (online: Host) in a row at the right under the form."""
        from pygame_gui.core import ObjectID
        from pygame_gui.elements import UIButton

        tr, ui, s = self.app.tr, self.app.ui, self.app.scale
        actions = (("back", None), ("how", None), ("rules", None), ("start", "@primary"))
        gap = px(16, s)
        bw = min(px(200, s), (col.w + gap) // len(actions) - gap)
        hosting = self.online is not None
        for i, (action, cls) in enumerate(actions):
            label = tr("learn.setup.how") if action == "how" else tr(f"ui.setup.{action}")
            tip = tr(f"learn.tip.setup_{action}")
            if hosting and action == "start":
                label, tip = tr("ui.online.host_start"), tr("learn.tip.setup_host")
            b = UIButton(pygame.Rect(col.x + col.w - (len(actions) - i) * (bw + gap) + gap, by, bw, px(52, s)),
                         label, ui, object_id=ObjectID(class_id=cls), tool_tip_text=tip)
            self.buttons[b] = action
            self.widgets.append(b)

    def _mode_dropdown(self, row: pygame.Rect) -> None:
        from pygame_gui.elements import UIDropDownMenu, UILabel

        gid, ui, s = self.info.id, self.app.ui, self.app.scale
        mw, rh = px(120, s), px(40, s)
        modes = [(self._label(f"{gid}.mode.{m.id}", m.id.replace("_", " ").capitalize()), m.id) for m in self.modes()]
        current = next((m for m in modes if m[1] == self.mode_id), modes[0])
        self.widgets.append(UILabel(pygame.Rect(row.x, row.y, mw, rh), self.app.tr("ui.setup.mode"), ui))
        dd = UIDropDownMenu(modes, current, pygame.Rect(row.x + mw, row.y, row.w - mw, rh), ui)
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
        self.toasts.draw(surface, self.app, pygame.Rect(0, 0, w, h - px(90, self.app.scale)))
