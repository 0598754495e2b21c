"""The online screen's form: your name, Your tables (a card per seat this player holds, with pages
when they do not all fit), the Join box (an address, a join code, the open tables last listed) and
the Host box (a button per game that can be hosted), laid out for the window, and drawn with their
boxes, notes and the line that tells the player what happened. What a press does, and the talk with
the server, is the online screen's (`ui/online.py`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from hexgames import games
from hexgames.core.match import MAX_NAME
from hexgames.net import places
from hexgames.net.frames import CODE_LENGTH
from hexgames.net.places import Place
from hexgames.ui import draw, hud
from hexgames.ui.game_cards import CARD_BG
from hexgames.ui.lobby import table_line
from hexgames.ui.settings import MAX_ADDRESS
from hexgames.ui.ui_scale import px
from hexgames.ui.words import game_title

if TYPE_CHECKING:
    from hexgames.games import GameInfo
    from hexgames.ui.shell import Shell

ROW = 40  # height of a field or a button
GAP = 10
NOTE_LINES = 2
BUTTON_FONT = 17  # the theme's button type, in px (a table's line is cut to fit its button)
PLACE_H = 50  # one of Your tables: a card of two lines
PAGE_W = 64  # the button that turns the page of Your tables


def online_games() -> list["GameInfo"]:
    """The games that can be hosted: those with a way to play for two or more."""
    return [g for g in games.registered() if any(n > 1 for m in g.modes for n in m.seats)]


def place_lines(app: "Shell", place: Place) -> tuple[str, str]:
    """One of Your tables on its card: the game and the code; whether this app hosts it, and when
    it was last played."""
    role = app.tr("ui.online.place_hosted" if place.hosted else "ui.online.place_guest")
    return (f"{game_title(app, games.get(place.game))} · {place.code}",
            f"{role} · {place.saved[:16].replace('T', ' ')}")


def place_address(place: Place) -> str:
    """The server of `place` as a player types it (no scheme; its addresses comma separated)."""
    return ",".join(url.partition("://")[2] for url in place.url.split(","))



class OnlineForm:
    """The widgets of the online screen and where they are (see the module docstring); built again
    at each layout, keeping what was typed."""

    def __init__(self, app: "Shell"):
        self.app = app
        self.widgets: list[Any] = []
        self.name_entry: Any = None
        self.address_entry: Any = None
        self.code_entry: Any = None
        self.buttons: dict[Any, str] = {}  # "join", "list", "back", "more_places"
        self.game_buttons: dict[Any, "GameInfo"] = {}
        self.table_buttons: dict[Any, str] = {}  # an open table's button -> its code
        self.place_buttons: dict[Any, Place] = {}  # one of Your tables' card (a button) -> its place
        self.place_page = 0  # which page of Your tables shows, when they do not all fit
        self.places: list[Place] = []  # Your tables, newest first (read again at each layout)
        self.boxes: list[tuple[pygame.Rect, str]] = []  # the Join and Host panels, with their titles
        self.notes: list[tuple[pygame.Rect, str]] = []  # muted words in the boxes: where, and what
        self.message_rect = pygame.Rect(0, 0, 0, 0)
        self.row, self.gap, self.place_h, self.page_w, self.button_font = ROW, GAP, PLACE_H, PAGE_W, BUTTON_FONT

    def _px(self, value: int) -> int:
        """`value` pixels grown by the window's UI scale (the same in windows up to 1920x1080)."""
        return px(value, self.app.scale)

    def build(self, tables: list[dict[str, Any]] | None) -> list[Any]:
        """The form's widgets for the window as it is (with `tables`, the open tables last listed;
        None: none asked for yet); returns them for the screen to own."""
        from pygame_gui.core import ObjectID
        from pygame_gui.elements import UIButton, UILabel

        app, tr, ui, p = self.app, self.app.tr, self.app.ui, self._px
        w, h = app.screen.get_size()
        compact = h < 720
        self.row, self.gap, self.place_h, self.page_w = p(ROW), p(GAP), p(PLACE_H), p(PAGE_W)
        self.button_font = p(BUTTON_FONT)  # the theme's button type grows by the same scale
        col = pygame.Rect(0, 0, min(p(1100), w - 40), 0)
        col.centerx = w // 2
        self.widgets = []
        self.buttons.clear()
        self.notes.clear()
        self.game_buttons.clear()
        self.table_buttons.clear()
        self.place_buttons.clear()
        top = p(12) if compact else p(30)
        self.widgets.append(UILabel(pygame.Rect(col.x, top, col.w, p(60)), tr("ui.online.title"), ui,
                                    object_id=ObjectID(class_id="@title")))
        y = top + p(66)
        label_w = p(150)
        self.widgets.append(UILabel(pygame.Rect(col.x, y, label_w, self.row), tr("ui.online.your_name"), ui))
        self.name_entry = self._entry(pygame.Rect(col.x + label_w, y, min(p(320), col.w - label_w), self.row),
                                      self.name_entry.get_text() if self.name_entry else app.settings.online_name,
                                      MAX_NAME, tr("learn.tip.online_name"), tr("ui.fields.name_hint"))
        y += self.row + (self.gap if compact else p(20))
        self.places = places.load()
        if self.places:
            y = self._place_buttons(pygame.Rect(col.x, y, col.w, 0), label_w, 1 if compact else 2 if h < 1000 else 3)
            y += self.gap if compact else p(20)
        bottom = h - p(16) - p(48) - p(16)
        half = (col.w - p(24)) // 2
        join = pygame.Rect(col.x, y, half, bottom - y)
        host = pygame.Rect(join.right + p(24), y, col.w - half - p(24), bottom - y)
        self.boxes = [(join, tr("ui.online.join_title")), (host, tr("ui.online.host_title"))]
        self._join_box(pygame.Rect(join.x + p(12), join.y + p(40), join.w - p(24), join.h - p(48)), tables)
        self._host_box(pygame.Rect(host.x + p(12), host.y + p(40), host.w - p(24), host.h - p(48)))
        back = UIButton(pygame.Rect(col.x, h - p(16) - p(48), p(160), p(48)), tr("ui.online.back"), ui,
                        tool_tip_text=tr("learn.tip.online_back"))
        self.buttons[back] = "back"
        self.widgets.append(back)
        self.message_rect = pygame.Rect(back.rect.right + p(16), back.rect.y + 2, col.right - back.rect.right - p(16),
                                        p(44))
        return self.widgets

    def _place_buttons(self, row: pygame.Rect, label_w: int, rows: int) -> int:
        """Your tables beside their label: one card each (a button this scene draws the words of),
        newest first, as many as `rows` rows hold (the label counts them all); returns the y below."""
        from pygame_gui.core import ObjectID
        from pygame_gui.elements import UIButton, UILabel

        app, tr = self.app, self.app.tr
        label = pygame.Rect(row.x, row.y + (self.place_h - self.row) // 2, label_w, self.row)
        self.widgets.append(UILabel(label, tr("ui.online.your_tables", n=len(self.places)), app.ui))
        x, width = row.x + label_w, row.w - label_w
        across = 2 if width < 900 else 3
        slots = across * rows
        shown = self.places[:slots]
        rows_used = (len(shown) + across - 1) // across
        if len(self.places) > slots:  # more than fit: pages of them, turned by a narrow button at the right
            pages = -(-len(self.places) // slots)
            self.place_page %= pages
            shown = self.places[self.place_page * slots:(self.place_page + 1) * slots]
            width -= self.page_w + self.gap
            pager = pygame.Rect(x + width + self.gap, row.y, self.page_w, rows_used * (self.place_h + 6) - 6)
            more = UIButton(pager,
                            f"{self.place_page + 1}/{pages} »", app.ui,
                            tool_tip_text=tr("ui.online.more_tables", page=self.place_page + 1, pages=pages))
            self.buttons[more] = "more_places"
            self.widgets.append(more)
        bw = (width - (across - 1) * self.gap) // across
        for i, place in enumerate(shown):
            r, c = divmod(i, across)
            tip = tr("learn.tip.online_place_hosted" if place.hosted else "learn.tip.online_place_guest",
                     code=place.code, name=place.name, address=place_address(place))
            card = pygame.Rect(x + c * (bw + self.gap), row.y + r * (self.place_h + 6), bw, self.place_h)
            b = UIButton(card, "", app.ui,
                         object_id=ObjectID(class_id="@card"), tool_tip_text=tip)
            self.place_buttons[b] = place
            self.widgets.append(b)
        return row.y + rows_used * (self.place_h + 6) - 6

    def _entry(self, rect: pygame.Rect, text: str, limit: int, tip: str, hint: str) -> Any:
        """A field with its tool tip, and `hint` in it while it is empty (what to type, by example)."""
        from pygame_gui.elements import UITextEntryLine

        entry = UITextEntryLine(rect, self.app.ui, placeholder_text=hint)
        entry.set_text_length_limit(limit)
        entry.set_text(text)
        entry.set_tooltip(tip)
        self.widgets.append(entry)
        return entry

    def _join_box(self, inner: pygame.Rect, tables: list[dict[str, Any]] | None) -> None:
        from pygame_gui.core import ObjectID
        from pygame_gui.elements import UIButton, UILabel

        tr, ui, p = self.app.tr, self.app.ui, self._px
        label_w = p(110)
        old_address = self.address_entry.get_text() if self.address_entry else self.app.settings.online_address
        old_code = self.code_entry.get_text() if self.code_entry else ""
        y = inner.y
        self.widgets.append(UILabel(pygame.Rect(inner.x, y, label_w, self.row), tr("ui.online.address"), ui))
        self.address_entry = self._entry(pygame.Rect(inner.x + label_w, y, inner.w - label_w, self.row), old_address,
                                         MAX_ADDRESS, tr("learn.tip.online_address"), tr("ui.fields.address_hint"))
        self.address_entry.set_forbidden_characters([" "])
        y += self.row + self.gap
        self.widgets.append(UILabel(pygame.Rect(inner.x, y, label_w, self.row), tr("ui.online.code"), ui))
        code_w = min(p(150), (inner.w - label_w) // 2)
        self.code_entry = self._entry(pygame.Rect(inner.x + label_w, y, code_w, self.row), old_code, CODE_LENGTH,
                                      tr("learn.tip.online_code"), tr("ui.fields.code_hint"))
        x = inner.x + label_w + code_w + self.gap
        join = UIButton(pygame.Rect(x, y, inner.right - x, self.row), tr("ui.online.join"), ui,
                        object_id=ObjectID(class_id="@primary"), tool_tip_text=tr("learn.tip.online_join"))
        self.buttons[join] = "join"
        y += self.row + self.gap
        listing = UIButton(pygame.Rect(inner.x, y, inner.w, self.row), tr("ui.online.list"), ui,
                           tool_tip_text=tr("learn.tip.online_list"))
        self.buttons[listing] = "list"
        self.widgets += [join, listing]
        y += self.row + self.gap
        note = self._note(inner, tr("ui.online.join_note"), bottom=True)
        self._table_buttons(pygame.Rect(inner.x, y, inner.w, note.y - self.gap - y), tables)

    def _table_buttons(self, area: pygame.Rect, tables: list[dict[str, Any]] | None) -> None:
        """The open tables last listed, one button each (as many as fit), or a word that none are."""
        from pygame_gui.core import ObjectID
        from pygame_gui.elements import UIButton, UILabel

        p = self._px
        if tables is None:
            return
        if not tables:
            self.widgets.append(UILabel(pygame.Rect(area.x, area.y, area.w, p(30)), self.app.tr("ui.online.no_tables"),
                                        self.app.ui, object_id=ObjectID(class_id="@muted")))
            return
        fit = max(1, (area.h + 6) // (p(36) + 6))
        for i, table in enumerate(tables[:fit]):
            _, line = draw.fit_line(self.app.font, table_line(self.app, table), area.w - p(20), self.button_font,
                                    self.button_font)
            b = UIButton(pygame.Rect(area.x, area.y + i * p(42), area.w, p(36)), line, self.app.ui,
                         tool_tip_text=self.app.tr("learn.tip.online_table", code=table["code"]))
            self.table_buttons[b] = table["code"]
            self.widgets.append(b)

    def _host_box(self, inner: pygame.Rect) -> None:
        from pygame_gui.elements import UIButton

        tr, p = self.app.tr, self._px
        y = self._note(inner, tr("ui.online.host_note")).bottom + self.gap
        infos = online_games()
        room = inner.bottom - y
        cols = 1 if len(infos) * (p(34) + 6) <= room else 2  # many games: two columns, as many as fit
        rows = max(1, min(-(-len(infos) // cols), (room + 6) // (p(28) + 6)))
        bh = max(p(28), min(p(48), room // rows - 6))
        bw = (inner.w - (cols - 1) * 6) // cols
        for k, info in enumerate(infos[:rows * cols]):
            rect = pygame.Rect(inner.x + (k // rows) * (bw + 6), y + (k % rows) * (bh + 6), bw, bh)
            b = UIButton(rect, game_title(self.app, info), self.app.ui,
                         tool_tip_text=tr("learn.tip.online_host", game=game_title(self.app, info)))
            self.game_buttons[b] = info
            self.widgets.append(b)

    def _note(self, box: pygame.Rect, text: str, bottom: bool = False) -> pygame.Rect:
        """Muted words at the top (or the bottom) of `box`; returns where they go."""
        p = self._px
        font, lines = draw.fit_wrapped(self.app.font, text, box.w, NOTE_LINES, p(15), p(12))
        h = font.get_linesize() * min(NOTE_LINES, len(lines))
        rect = pygame.Rect(box.x, box.bottom - h if bottom else box.y, box.w, h)
        self.notes.append((rect, text))
        return rect

    def button_for(self, key: str) -> Any:
        """The widget for "join", "list", "back", a game id, a listed table's code, or "place:CODE" for
        one of Your tables (tests click it)."""
        found = [b for b, a in self.buttons.items() if a == key]
        found += [b for b, info in self.game_buttons.items() if info.id == key]
        found += [b for b, code in self.table_buttons.items() if code == key]
        found += [b for b, place in self.place_buttons.items() if f"place:{place.code}" == key]
        return found[0] if found else None

    # --- drawing ------------------------------------------------------------------------------
    def _draw_place(self, surface: pygame.Surface, rect: pygame.Rect, place: Place) -> None:
        """One of Your tables' cards under its button (which adds the frame and the hover tint)."""
        pygame.draw.rect(surface, CARD_BG, rect, border_radius=8)
        inner = rect.inflate(-24, -10)
        title, detail = place_lines(self.app, place)
        p = self._px
        font, line = draw.fit_line(self.app.font, title, inner.w, p(16), 12, bold=True)
        draw.text(surface, font, line, inner.topleft, hud.TEXT, anchor="topleft")
        font, line = draw.fit_line(self.app.font, detail, inner.w, p(14), 12)
        draw.text(surface, font, line, inner.bottomleft, hud.MUTED, anchor="bottomleft")

    def draw(self, surface: pygame.Surface, message: str, failed: bool) -> None:
        """The boxes, the cards of Your tables and the notes under their widgets, and `message` (what
        the player is told: progress, or why something `failed`) beside the Back button."""
        surface.fill(self.app.BG)
        for rect, title in self.boxes:
            hud.panel(surface, rect, title, self.app)
        for button, place in self.place_buttons.items():
            self._draw_place(surface, button.rect, place)
        for rect, text in self.notes:
            font, lines = draw.fit_wrapped(self.app.font, text, rect.w, NOTE_LINES, self._px(15), self._px(12))
            for i, line in enumerate(lines[:NOTE_LINES]):
                draw.text(surface, font, line, (rect.x, rect.y + i * font.get_linesize()), hud.MUTED, anchor="topleft")
        if message:
            bg = hud.ERROR_BG if failed else hud.INFO_BG
            hud.message_strip(surface, self.app, self.message_rect, message, bg)

