"""The game screen of online play: the game's own scene, driven by the server through a
`RemoteTable` (hexgames/net/remote_table.py), with a status row under the top bar.

The status row says what a player at a shared table needs at a glance and never covers the board:
whether this app is connected ("reconnecting…" while the client retries on its own), the table's
code, and each seat as a chip: its colour's chip and name, and in words and a shape whether its
player is here (a filled dot), away (a ring) or played by the computer (a square), the chip's edge
in the same colour; and at a table with a clock each timed seat's time, counted down
smoothly between the server's frames: the running one in a filled pill, and under ten seconds red,
with a warning triangle and tenths of a second (running low shows in shape and digits, not colour
alone). A seat whose time ran out is said in the message strip. At its right, Chat opens a one-line
entry; lines said at the table show in the message strip like any other message. When another player asks to undo, a small
dialog asks this player to allow or refuse. While a player at another screen is to move, the top bar
says who the table waits for (`headline`), not that player's instructions.
"""
from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, Sequence

import pygame
import pygame_gui

from hexgames.net.frames import MAX_CHAT, Frame
from hexgames.net.remote_table import ChatSaid, ConnectionChanged, RemoteTable, TimeRanOut, UndoAnswered, UndoAsked
from hexgames.net.session import Session
from hexgames.ui import draw, hud
from hexgames.ui.presence import AWAY, COMPUTER, OFFLINE, ONLINE, presence_mark
from hexgames.ui.scenes import Scene
from hexgames.ui.table_rules import LOW_TIME, clock_text
from hexgames.ui.ui_scale import px

if TYPE_CHECKING:
    from hexgames.ui.game_scene import GameScene
    from hexgames.ui.shell import Shell, Words

ROW_H = 30
PANEL_BG = (36, 42, 54)
CLOCK_BG = (44, 52, 66)  # a clock whose time does not run


def open_online_game(app: "Shell", session: Session, sync: Frame, later: Sequence[Frame] = ()) -> "GameScene":
    """Show the started table of `session` (its "sync" frame `sync`, and the frames that came after
    it in the same batch) in its game's scene."""
    table = RemoteTable.from_sync(session, sync, app.worker, later)
    scene = table.match.info.scene_class()(app, table.match)
    scene.use_table(table, OnlineStatus())
    app.scenes.reset(scene)
    if table.asks_me():  # joined while another player's undo waits for this seat's answer
        app.scenes.push(ConsentScene(app, scene, table.undo_request["by"]))
    return scene


def tr_play(app: "Words", key: str, **params: Any) -> str:
    return app.tr(f"net.play.{key}", **params)


class OnlineStatus:
    """The status row, the chat entry and the undo answers of an online game scene."""

    height = ROW_H

    def __init__(self) -> None:
        self.chat_button: Any = None
        self.entry: Any = None

    def rect(self, scene: "GameScene") -> pygame.Rect:
        """The row under the top bar, `ROW_H` tall grown by the UI scale (as the frame takes it)."""
        return pygame.Rect(0, scene.top_rect.bottom, scene.top_rect.w, px(ROW_H, scene.app.scale))

    # --- widgets --------------------------------------------------------------------------------
    def build(self, scene: "GameScene") -> None:
        from pygame_gui.elements import UIButton, UITextEntryLine

        row, ui, app = self.rect(scene), scene.app.ui, scene.app
        bw = px(90, app.scale)
        self.chat_button = UIButton(pygame.Rect(row.right - bw - 10, row.y + 2, bw, row.h - 4),
                                    tr_play(app, "chat"), ui, tool_tip_text=tr_play(app, "chat_tip"))
        width = min(520, row.w // 2)
        self.entry = UITextEntryLine(pygame.Rect(row.right - bw - 20 - width, row.y + 1, width, row.h - 2), ui,
                                     placeholder_text=tr_play(app, "chat_placeholder"))
        self.entry.set_text_length_limit(MAX_CHAT)
        self.entry.hide()
        scene.widgets += [self.chat_button, self.entry]

    def open_chat(self, scene: "GameScene") -> None:
        """The entry shows with the keyboard: letters are text now, not the game's shortcuts."""
        self.entry.show()
        scene.app.ui.set_focus_set(self.entry)

    def close_chat(self) -> None:
        self.entry.set_text("")
        self.entry.unfocus()
        self.entry.hide()

    def handle(self, scene: "GameScene", event: pygame.event.Event) -> bool:
        """The Chat button, Enter in the entry (says it), Esc in it (closes it)."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.chat_button:
            self.close_chat() if self.entry.visible else self.open_chat(scene)
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry:
            scene.table.chat(event.text)  # type: ignore[attr-defined]
            self.close_chat()
            return True
        if (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.entry is not None
                and self.entry.visible):
            self.close_chat()
            return True
        return False

    @staticmethod
    def headline(scene: "GameScene") -> str | None:
        """The top bar's words while a player at another screen is to move and nothing is being
        shown: who the table waits for (their instructions are for their screen); None otherwise."""
        m = scene.match
        if m.is_over or scene.is_animating() or not m.seat_to_move.is_human or m.to_move in scene.table.screen_seats:
            return None
        return scene.app.tr("ui.presence.waiting_for", name=scene.seat_name(m.to_move))

    # --- what the table tells ---------------------------------------------------------------------
    def on_table_event(self, scene: "GameScene", event: Any) -> None:
        app = scene.app
        table: RemoteTable = scene.table  # type: ignore[assignment]
        if isinstance(event, ChatSaid):
            scene.toast(tr_play(app, "chat_line", name=event.name or scene.seat_name(event.seat), text=event.text))
        elif isinstance(event, UndoAsked):
            if table.seat in event.waiting and not isinstance(app.scenes.top, ConsentScene):
                app.scenes.push(ConsentScene(app, scene, event.by))
        elif isinstance(event, TimeRanOut):
            key = "net.clock.timeout_lose" if event.then == "lose" else "net.clock.timeout_computer"
            scene.toast(app.tr(key, name=scene.seat_name(event.seat)), error=True)
        elif isinstance(event, UndoAnswered):
            scene.toast(self._undo_answer(scene, event), error=not event.done)
            scene.sync_buttons()
        elif isinstance(event, ConnectionChanged):
            if event.state == "reconnecting":
                scene.toast(tr_play(app, "reconnecting"), error=True)
            elif event.state == "online":
                scene.toast(tr_play(app, "back_online"))
            elif event.state == "closed":
                scene.toast(tr_play(app, "closed"), error=True)

    @staticmethod
    def _undo_answer(scene: "GameScene", event: UndoAnswered) -> str:
        app = scene.app
        if event.done:
            return tr_play(app, "undo_done", name=scene.seat_name(event.by))
        if event.refused_by is not None:
            return tr_play(app, "undo_refused_by", name=scene.seat_name(event.refused_by))
        return app.tr_reason(event.reason) if event.reason is not None else tr_play(app, "undo_not_done")

    # --- drawing --------------------------------------------------------------------------------
    def draw(self, scene: "GameScene", surface: pygame.Surface) -> None:
        table: RemoteTable = scene.table  # type: ignore[assignment]
        row = self.rect(scene)
        pygame.draw.rect(surface, hud.STRIP_BG, row)
        pygame.draw.line(surface, (60, 70, 86), row.bottomleft, row.bottomright)
        right = (self.entry.rect.left if self.entry is not None and self.entry.visible
                 else self.chat_button.rect.left if self.chat_button is not None else row.right) - 12
        x = self._draw_connection(scene, surface, row)
        seats = table.presence or []
        width = max(60, min(240, (right - x) // max(1, len(seats))))
        for i, seat in enumerate(seats):
            self._draw_seat(scene, surface, i, seat, pygame.Rect(x, row.y, width, row.h))
            x += width

    def _draw_connection(self, scene: "GameScene", surface: pygame.Surface, row: pygame.Rect) -> int:
        """The connection's state in a chip, as a shape and a colour and words; returns where the
        seats start."""
        app = scene.app
        table: RemoteTable = scene.table  # type: ignore[assignment]
        state = table.session.connection
        font = app.font(14, bold=True)
        if state == "online":
            colour, words = ONLINE, tr_play(app, "table_code", code=table.session.code or "")
        elif state == "closed":
            colour, words = OFFLINE, tr_play(app, "offline")
        else:
            colour = AWAY
            words = tr_play(app, "reconnecting_short", dots="." * (1 + int(app.clock_time * 2) % 3))
        chip = pygame.Rect(row.x + 6, row.y + 3, font.size(words)[0] + 40, row.h - 6)
        draw.rounded_panel(surface, chip, PANEL_BG, chip.h // 2, border=colour, border_width=2)
        cx, cy = chip.x + 14, chip.centery
        if state == "closed":  # a cross: the connection is gone
            pygame.draw.line(surface, OFFLINE, (cx - 5, cy - 5), (cx + 5, cy + 5), 3)
            pygame.draw.line(surface, OFFLINE, (cx - 5, cy + 5), (cx + 5, cy - 5), 3)
        else:
            presence_mark(surface, "dot" if state == "online" else "ring", colour, (cx, cy), 7, PANEL_BG)
        draw.text(surface, font, words, (cx + 12, cy), hud.TEXT, anchor="midleft")
        return chip.right + 8

    def _draw_seat(self, scene: "GameScene", surface: pygame.Surface, seat: int, info: dict[str, Any],
                   box: pygame.Rect) -> None:
        """One seat as a chip: its colour's chip and name (and its time, at a table with a clock),
        then whether its player is here, away or the computer, in a shape and a word, its edge in
        that colour (the word goes first where the chip is narrow; the shape stays)."""
        app = scene.app
        table: RemoteTable = scene.table  # type: ignore[assignment]
        shape, colour, word = self._presence(app, info)
        pill = box.inflate(-6, -6)
        draw.rounded_panel(surface, pill, PANEL_BG, pill.h // 2, border=colour, border_width=2)
        cy = pill.centery
        scene.draw_seat_chip(surface, seat, (pill.x + 13, cy), 7)
        word_font = app.font(12, bold=True)
        word_w = word_font.size(word)[0] + 8
        clock = table.turn_clock
        ms = clock.remaining(seat, time.monotonic()) if clock is not None else None
        running = clock is not None and clock.running == seat
        pill_font = app.font(14, bold=running)
        clock_w = 0 if ms is None else pill_font.size(clock_text(ms))[0] + 14 + (14 if ms < LOW_TIME else 0)
        x, right = pill.x + 26, pill.right - 10
        if right - 16 - word_w - clock_w - x < 50:  # narrow: the shape alone says it
            word_w = 0
        name = scene.seat_name(seat) + (tr_play(app, "you") if seat == table.seat else "")
        font, content = draw.fit_line(app.font, name, right - 16 - word_w - clock_w - x - 8, 14, 11)
        shown = draw.text(surface, font, content, (x, cy), hud.TEXT if seat == table.seat else hud.MUTED,
                          anchor="midleft")
        presence_mark(surface, shape, colour, (right - word_w - 6, cy), 6, PANEL_BG)
        if word_w:
            draw.text(surface, word_font, word, (right, cy), colour, anchor="midright")
        if ms is not None:
            self._draw_clock(surface, pygame.Rect(shown.right + 6, pill.y + 2, clock_w, pill.h - 4), pill_font, ms, running)

    @staticmethod
    def _presence(app: "Words", info: dict[str, Any]) -> tuple[str, tuple[int, int, int], str]:
        """(shape, colour, word) of a seat: the computer's, the computer standing in, away, or here."""
        if info.get("kind") == "ai":
            return "square", COMPUTER, app.tr("ui.presence.computer")
        if info.get("stand_in"):
            return "square", COMPUTER, app.tr("ui.presence.stands_in")
        if not info.get("online"):
            return "ring", AWAY, app.tr("ui.presence.away")
        return "dot", ONLINE, app.tr("ui.presence.here")

    @staticmethod
    def _draw_clock(surface: pygame.Surface, pill: pygame.Rect, font: Any, ms: int, running: bool) -> None:
        """A seat's time in its pill, after its name: filled while it runs, red under LOW_TIME with a
        warning triangle and tenths."""
        low = ms < LOW_TIME
        text = clock_text(ms)
        warn = 14 if low else 0
        fill = (OFFLINE if low else hud.ACCENT) if running else CLOCK_BG
        draw.rounded_panel(surface, pill, fill, pill.h // 2, border=OFFLINE if low else None)
        ink = hud.BAR_BG if running else OFFLINE if low else hud.TEXT
        if low:  # a warning triangle: the shape says "low" to those who cannot tell the colours
            tx, cy = pill.x + 11, pill.centery
            draw.aa_polygon(surface, ink, [(tx, cy - 6), (tx + 6, cy + 5), (tx - 6, cy + 5)])
        draw.text(surface, font, text, (pill.x + 7 + warn + (pill.w - 14 - warn) // 2, pill.centery), ink)


class ConsentScene(Scene):
    """Another player asks to undo: allow or refuse (the board stays in view, dimmed)."""

    opaque = False

    def __init__(self, app: "Shell", game: "GameScene", by: int):
        super().__init__(app)
        self.game = game
        self.by = by
        self.box = pygame.Rect(0, 0, 0, 0)
        self.buttons: dict[Any, bool] = {}

    def enter(self) -> None:
        from pygame_gui.core import ObjectID
        from pygame_gui.elements import UIButton

        w, h = self.app.screen.get_size()
        self.box = pygame.Rect(0, 0, min(560, w - 40), 190)
        self.box.center = (w // 2, h // 2)
        bw = (self.box.w - 60) // 2
        for i, (yes, cls) in enumerate(((True, "@primary"), (False, None))):
            b = UIButton(pygame.Rect(self.box.x + 20 + i * (bw + 20), self.box.bottom - 66, bw, 46),
                         tr_play(self.app, "allow" if yes else "refuse"), self.app.ui, object_id=ObjectID(class_id=cls))
            self.buttons[b] = yes
            self.widgets.append(b)

    def answer(self, yes: bool) -> None:
        self.game.table.consent(yes)  # type: ignore[attr-defined]
        self.app.scenes.pop()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.answer(self.buttons[event.ui_element])
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.answer(False)
            return True
        return True  # the board beneath takes nothing while the question is open

    def update(self, dt: float) -> None:
        table = self.game.table
        table.receive()  # the table keeps up; the question goes if it was settled meanwhile
        if getattr(table, "undo_request", None) is None and self.app.scenes.top is self:
            self.app.scenes.pop()

    def draw(self, surface: pygame.Surface) -> None:
        draw.dim(surface, 150)
        draw.rounded_panel(surface, self.box, PANEL_BG, 12, border=(90, 104, 128))
        text = tr_play(self.app, "undo_question", name=self.game.seat_name(self.by))
        font, lines = draw.fit_wrapped(self.app.font, text, self.box.w - 40, 3, 20, 13)
        y = self.box.y + 28
        for line in lines:
            draw.text(surface, font, line, (self.box.centerx, y), hud.TEXT, anchor="midtop")
            y += font.get_linesize()
