"""The lobby of an online table, before its game starts: the join code in large type with a Copy
button (the host copies the whole invitation: the address and the code), whether the table is
listed (a chip), the address the others type (for the host), the game and its options in words, the table's own settings
(its clock, what a seat out of time does, whether hints are allowed: every seated player sees them
before the start), each seat (who sits there, human or computer, connected or not) and Start for
the host once every seat is taken.

All it shows comes from the server's frames, kept by the `Session` (`pump()` once a frame): the
host's seat menus and Start are requests, and the seats change when the server says they did.
When a "sync" says the table has started, the game's online screen takes the session over
(`online_game.open_online_game`). Leave (Esc) closes the session (and the server this app hosts).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from hexgames import games
from hexgames.net.frames import Frame
from hexgames.net.session import Session
from hexgames.net.table_settings import has_resignation
from hexgames.ui import draw, hud, lobby_view, online_game
from hexgames.ui.presence import AWAY
from hexgames.ui.scenes import Scene
from hexgames.ui.table_rules import settings_line
from hexgames.ui.ui_scale import px

if TYPE_CHECKING:
    from hexgames.ui.shell import Shell, Words

LEVELS = ("easy", "medium", "hard")  # what the host may give a seat to
MESSAGE_SECONDS = 8.0
COPY_W = 84  # the Copy button, in the code's panel


def game_name(app: "Words", game_id: str) -> str:
    """The game's title in the player's language (its id, if this app does not have that game)."""
    try:
        info = games.get(game_id)
    except KeyError:
        return game_id
    return app.tr(f"{info.id}.title", default=info.title)


def option_words(app: "Words", game_id: str, options: dict[str, Any]) -> list[str]:
    """The table's mode and the options that apply to it, as the setup screen words them."""
    try:
        info = games.get(game_id)
    except KeyError:
        return [f"{k}: {v}" for k, v in sorted(options.items())]
    mode = str(options.get("mode", ""))
    words = []
    if len(info.modes) > 1:
        words.append(app.tr("ui.lobby.mode", mode=app.tr(f"{game_id}.mode.{mode}", default=mode)))
    for spec in info.options:
        if spec.name in options and (not spec.modes or mode in spec.modes):
            value = options[spec.name]
            words.append(app.tr("ui.lobby.option",
                                option=app.tr(f"{game_id}.option.{spec.name}", default=spec.name),
                                value=app.tr(f"{game_id}.option.{spec.name}.{value}", default=str(value))))
    return words


def listing_word(app: "Words", table: dict[str, Any]) -> str:
    """Whether the table shows in the server's public list, or is found by its code only."""
    return app.tr("ui.lobby.listed" if table.get("listed", True) else "ui.lobby.by_code")


def table_line(app: "Words", table: dict[str, Any]) -> str:
    """One open table in a list: game, mode, seats taken of all, and its host."""
    seats = table.get("seats") or []
    host = table.get("host")
    game_id, mode = str(table.get("game")), str((table.get("options") or {}).get("mode", ""))
    parts = [game_name(app, game_id)]
    if game_id in {g.id for g in games.registered()} and len(games.get(game_id).modes) > 1:
        parts.append(app.tr(f"{game_id}.mode.{mode}", default=mode))
    parts.append(app.tr("ui.lobby.filled", n=sum(bool(s.get("taken")) for s in seats), of=len(seats)))
    if isinstance(host, int) and 0 <= host < len(seats) and seats[host].get("name"):
        parts.append(app.tr("ui.lobby.hosted_by", name=seats[host]["name"]))
    return " · ".join(parts)


def table_settings_line(app: "Words", table: dict[str, Any], settings: Any) -> str:
    """The table's settings in words, saying where the game's rules let no seat out of time lose."""
    try:
        resigns = has_resignation(games.get(str(table.get("game"))), table.get("options") or {},
                                  len(table.get("seats") or ()) or 2)
    except KeyError:
        resigns = False
    return settings_line(app.tr, settings, resigns)


def seat_spec(seat: dict[str, Any]) -> str:
    """What the host's menu shows for a seat: "open", or "ai:LEVEL"."""
    return f"ai:{seat.get('level')}" if seat.get("kind") == "ai" else "open"


class LobbyScene(Scene):
    """See the module docstring. `frames` are frames already taken from the session that belong
    here (those that came with the welcome)."""

    def __init__(self, app: "Shell", session: Session, frames: list[Frame] | None = None):
        super().__init__(app)
        self.session = session
        self.inbox = list(frames or [])
        self.messages = hud.ToastStack(limit=1)
        self.seat_menus: dict[Any, int] = {}
        self.reopen_buttons: dict[Any, int] = {}  # the host's Reopen of a seat a player took -> the seat
        self.start_button: Any = None
        self.leave_button: Any = None
        self.copy_button: Any = None
        self.shown: Any = None  # what the widgets were built for (rebuilt when it changes)
        self.pointer = (0, 0)
        self.rects: dict[str, pygame.Rect] = {}
        self.seat_rows: list[pygame.Rect] = []
        self.starting = False  # Start was pressed: no second start while the server answers
        self._settings_cache: tuple[Any, str] = (None, "")  # (what the table was, its settings line)

    # --- what the table says ------------------------------------------------------------------

    @property
    def table(self) -> dict[str, Any] | None:
        return self.session.table

    @property
    def seats(self) -> list[dict[str, Any]]:
        return list((self.table or {}).get("seats") or [])

    def open_seats(self) -> int:
        return sum(not s.get("taken") for s in self.seats)

    def start_refusal(self) -> str | None:
        """Why the host cannot start now (None: Start is enabled)."""
        if self.starting:
            return self.app.tr("ui.lobby.starting")
        if self.table is None or self.session.connection != "online":
            return self.app.tr("ui.lobby.start_offline")
        if self.open_seats():
            return self.app.tr("ui.lobby.start_open", n=self.open_seats())
        return None

    def _widget_state(self) -> Any:
        return (self.session.is_host, self.session.connection == "online",
                tuple((s.get("kind"), s.get("level"), bool(s.get("taken"))) for s in self.seats))

    # --- widgets ------------------------------------------------------------------------------
    def enter(self) -> None:
        from pygame_gui.core import ObjectID
        from pygame_gui.elements import UIButton, UIDropDownMenu

        app, tr, ui, p = self.app, self.app.tr, self.app.ui, self._px
        w, h = app.screen.get_size()
        self.shown = self._widget_state()
        self.seat_menus.clear()
        self.reopen_buttons.clear()
        self.layout(w, h)
        bottom = self.rects["buttons"]
        self.leave_button = UIButton(pygame.Rect(bottom.x, bottom.y, p(180), bottom.h), tr("ui.lobby.leave"), ui,
                                     tool_tip_text=tr("learn.tip.lobby_leave"))
        code = self.rects["code"]
        self.copy_button = UIButton(pygame.Rect(code.right - COPY_W - 8, code.y + 6, COPY_W, 30), tr("ui.share.copy"), ui,
                                    tool_tip_text=tr("ui.share.copy_tip" if self._invitation() else "ui.share.copy_code_tip"))
        self.widgets += [self.leave_button, self.copy_button]
        self.start_button = None
        if not self.session.is_host:
            return
        start = pygame.Rect(bottom.right - p(220), bottom.y, p(220), bottom.h)
        self.start_button = UIButton(start, tr("ui.lobby.start"), ui, object_id=ObjectID(class_id="@primary"),
                                     tool_tip_text=tr("learn.tip.lobby_start"))
        if self.start_refusal() is not None:
            self.start_button.disable()
        self.widgets.append(self.start_button)
        choices = [(tr("ui.online.open_seat"), "open")] + [(tr(f"ui.setup.ai_{lv}"), f"ai:{lv}") for lv in LEVELS]
        for i, (row, seat) in enumerate(zip(self.seat_rows, self.seats)):
            if i == self.table.get("host"):
                continue  # the host's own seat
            if seat.get("kind") == "human" and seat.get("taken"):
                self._reopen_button(row, i)  # a player's: the host can only open it again
                continue
            spec = seat_spec(seat)
            current = next((c for c in choices if c[1] == spec), (tr(f"ui.setup.ai_{seat.get('level')}"), spec))
            menu = UIDropDownMenu(choices if current in choices else choices + [current], current,
                                  pygame.Rect(row.right - p(230), row.y + (row.h - p(40)) // 2, p(230), p(40)), ui)
            self.seat_menus[menu] = i
            self.widgets.append(menu)

    def _reopen_button(self, row: pygame.Rect, seat: int) -> None:
        """Reopen: a seat someone took goes back to open (a stranger who found the code; a friend
        who cannot come): their key no longer holds it, and whoever joins next takes it."""
        from pygame_gui.elements import UIButton

        tr, p = self.app.tr, self._px
        rect = pygame.Rect(row.right - p(230), row.y + (row.h - p(40)) // 2, p(230), p(40))
        button = UIButton(rect, tr("ui.lobby.reopen"), self.app.ui, tool_tip_text=tr("learn.tip.lobby_reopen"))
        self.reopen_buttons[button] = seat
        self.widgets.append(button)

    def _px(self, value: int) -> int:
        """`value` pixels grown by the window's UI scale (the same in windows up to 1920x1080)."""
        return px(value, self.app.scale)

    def layout(self, w: int, h: int) -> None:
        """Where each part goes: the code and the words to share at the top, the options, the seats
        and the connection's state under them (the whole a third of the way down a tall window),
        the message strip and the buttons at the bottom."""
        p = self._px  # large windows: larger rows and type
        col = pygame.Rect(0, 0, min(p(980), w - 40), 0)
        col.centerx = w // 2
        big = h >= 900
        n = max(1, len(self.seats))
        buttons = pygame.Rect(col.x, h - p(16) - p(48), col.w, p(48))
        message = pygame.Rect(col.x, buttons.y - p(10) - p(44), col.w, p(44))
        code_h, row_h = (p(124), p(64)) if big else (p(108), p(56))
        words_h = p(88) if h >= 720 else p(48)  # options and settings: two lines each (one in a small window)
        head = p(44) + p(6) + code_h + p(10) + words_h + p(8)  # title, code, options and settings: above the seats
        top = max(p(14) if h < 720 else p(30), (message.y - p(8) - head - n * row_h - p(36)) // 3)
        row_h = min(row_h, (message.y - p(8) - p(36) - top - head) // n)
        code = pygame.Rect(col.x, top + p(50), p(250) if w < 1000 else p(300), code_h)
        share = pygame.Rect(code.right + p(16), code.y, col.right - code.right - p(16), code.h)
        options = pygame.Rect(col.x, code.bottom + p(10), col.w, words_h)
        seats = pygame.Rect(col.x, options.bottom + p(8), col.w, n * row_h)
        self.rects = {"title": pygame.Rect(col.x, top, col.w, p(44)), "code": code, "share": share,
                      "options": options, "seats": seats, "status": pygame.Rect(col.x, seats.bottom + 4, col.w, p(28)),
                      "message": message,
                      "buttons": buttons}
        self.seat_rows = [pygame.Rect(seats.x, seats.y + i * row_h, seats.w, row_h - p(6))
                          for i in range(len(self.seats))]

    # --- input --------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.leave_button:
            self.leave()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.start_button:
            self.start()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.copy_button:
            self.copy()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.reopen_buttons:
            self.session.client.set_seat(self.reopen_buttons[event.ui_element], "open")
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element in self.seat_menus:
            self.session.client.set_seat(self.seat_menus[event.ui_element], event.selected_option_id)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave()
            return True
        return False

    def start(self) -> None:
        if self.session.is_host and self.start_refusal() is None:
            self.starting = True  # sent once: Start waits for the server's answer
            self.session.client.start_game()
            self.rebuild()

    def copy(self) -> None:
        """The code (a guest's), or the host's invitation with the address too, to the clipboard;
        what was copied is said, or why nothing could be (and the code, to copy by hand)."""
        code = (self.table or {}).get("code") or self.session.code or ""
        text = self._invitation() or code
        why = lobby_view.copy_text(text)
        if why is None:
            self.messages.add(self.app.tr("ui.share.copied", what=text)).life = MESSAGE_SECONDS
        else:
            self.tell(self.app.tr("ui.share.copy_failed", why=why, code=code))

    def _invitation(self) -> str:
        """What the host sends the others: the game, the address and the code ("" for a guest)."""
        table, session = self.table, self.session
        if not (session.is_host and session.share and table):
            return ""
        return self.app.tr("ui.share.invite", game=game_name(self.app, table["game"]), address=session.share,
                           code=table["code"])

    def leave(self) -> None:
        """Back to the menu; the connection closes (and the server this app hosts stops: its tables
        stay stored, so hosting again resumes them)."""
        self.app.close_now(self.session)
        self.app.open_menu()

    # --- frames -------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.messages.update(dt)
        frames, self.inbox = self.inbox + self.session.pump(), []
        for i, frame in enumerate(frames):
            if frame.t == "error":
                self.starting = False
                self.tell(self.app.tr_reason(frame.d.get("why")))
            elif frame.t == "sync" and frame.d.get("started") and frame.d.get("view") is not None:
                online_game.open_online_game(self.app, self.session, frame, frames[i + 1:])
                return
        if self._widget_state() != self.shown:
            self.rebuild()
        elif self.start_button is not None and (self.start_refusal() is None) != self.start_button.is_enabled:
            self.rebuild()

    def tell(self, text: str) -> None:
        self.messages.add(text, error=True).life = MESSAGE_SECONDS

    # --- drawing ------------------------------------------------------------------------------
    def status_text(self) -> str:
        """The connection's state, or what the table waits for."""
        tr, session = self.app.tr, self.session
        if session.connection == "connecting":
            return tr("ui.lobby.connecting")
        if session.connection == "reconnecting":
            return tr("ui.lobby.reconnecting", why=self.app.tr_reason(session.why) or "-")
        if session.reopened:
            return tr("ui.lobby.seat_reopened")
        if session.connection == "closed":
            return tr("ui.lobby.closed")
        if self.table is None:
            return tr("ui.lobby.no_table")
        if session.is_host:
            return tr("ui.lobby.host_waiting", n=self.open_seats()) if self.open_seats() else tr("ui.lobby.host_ready")
        return tr("ui.lobby.guest_waiting")

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(self.app.BG)
        app, tr, r, p = self.app, self.app.tr, self.rects, self._px
        table = self.table
        title = tr("ui.lobby.title", game=game_name(app, table["game"])) if table else tr("ui.online.title")
        draw.text(surface, draw.fit_text(app.font, title, r["title"].w, p(30), p(16), bold=True), title,
                  r["title"].center, hud.ACCENT)
        if table is not None:
            lobby_view.draw_code(surface, app, r["code"], tr("ui.lobby.code"), table["code"], COPY_W + 8)
            self._draw_share(surface, r["share"], table)
            options = option_words(app, table["game"], table.get("options") or {}) or [tr("ui.setup.no_options")]
            lines = 2 if r["options"].h >= p(88) else 1
            below = lobby_view.paragraph(surface, app, r["options"], " · ".join(options), hud.MUTED, lines)
            rest = pygame.Rect(r["options"].x, below, r["options"].w, r["options"].bottom - below)
            lobby_view.paragraph(surface, app, rest, self._settings_words(table), hud.TEXT, lines, 15)
            for i, (row, seat) in enumerate(zip(self.seat_rows, self.seats)):
                self._draw_seat(surface, row, i, seat)
        colour = AWAY if self.session.connection != "online" else hud.TEXT
        font, line = draw.fit_line(app.font, self.status_text(), r["status"].w, p(17), p(12))
        draw.text(surface, font, line, r["status"].midleft, colour, anchor="midleft")

    def draw_top(self, surface: pygame.Surface) -> None:
        """The newest refusal in its strip (never over the seats), and why Start is disabled, on hover."""
        self.messages.draw_strip(surface, self.app, self.rects.get("message", pygame.Rect(0, 0, 0, 0)))
        b = self.start_button
        if b is not None and not b.is_enabled and b.rect.collidepoint(self.pointer):
            hud.hover_tip(surface, self.app, b.rect, self.start_refusal() or "")

    def _settings_words(self, table: dict[str, Any]) -> str:
        """The settings line, worked out once per table state (it sets the game up to ask whether
        it has a resignation)."""
        key = (table.get("game"), repr(table.get("options")), len(table.get("seats") or ()), repr(table.get("settings")))
        if self._settings_cache[0] != key:
            self._settings_cache = (key, table_settings_line(self.app, table, self.session.settings))
        return self._settings_cache[1]

    def _draw_share(self, surface: pygame.Surface, rect: pygame.Rect, table: dict[str, Any]) -> None:
        """Whether the table is listed (a chip), then the words to share: for the host the address
        and the code, and the port the others outside need open; for a guest whose table it is."""
        tr, session = self.app.tr, self.session
        listed = bool(table.get("listed", True))
        chip = lobby_view.listing_chip(surface, self.app, rect.topleft, rect.w, listed, listing_word(self.app, table),
                                       tr("ui.share.listed" if listed else "ui.share.unlisted"))
        if session.is_host and session.share:
            port = session.share.rpartition(":")[2]
            parts = [(tr("ui.lobby.share", address=session.share, code=table["code"]), True),
                     (tr("ui.lobby.port", port=port), False)]
        else:
            host = table.get("host")
            name = self.seats[host].get("name") if isinstance(host, int) and host < len(self.seats) else ""
            parts = [(tr("ui.lobby.guest_share", name=name or "?", code=table["code"]), True)]
        lobby_view.draw_words(surface, self.app, pygame.Rect(rect.x, chip.bottom + 6, rect.w, rect.bottom - chip.bottom - 6),
                              parts)

    def _draw_seat(self, surface: pygame.Surface, row: pygame.Rect, i: int, seat: dict[str, Any]) -> None:
        """Seat n as `lobby_view.draw_seat` draws it, named as this player sees it (you, the host,
        open), with room for the host's menu."""
        tr = self.app.tr
        mine = i == self.session.seat
        host = (self.table or {}).get("host")
        name = seat.get("name") if seat.get("kind") == "human" else tr("ui.setup.cpu_default", n=i + 1)
        if not seat.get("taken"):
            name = tr("ui.lobby.open_seat")
        if mine:
            name = tr("ui.lobby.you", name=name)
        elif i == host:
            name = tr("ui.lobby.host", name=name)
        menu_w = 240 if self.session.is_host and i != host else 0
        lobby_view.draw_seat(surface, self.app, row, i, seat, name, mine, menu_w)
