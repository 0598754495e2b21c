"""Play online: your name, Your tables (the seats this player holds at online tables, kept between
runs of the app: one click goes back to one), Join (an address and a join code, or a table picked
from the server's open tables) and Host (a game's setup in its online form; the server then runs
inside this app).

Joining waits here for the server's answer, so a wrong code or an address nobody answers at is told
in words beside the fields the player can correct; the table's lobby opens once a seat is held.
Going back to one of Your tables opens its lobby, or its game if it has started; a table this app
hosted is hosted again (`session.return_to`). A seat the server no longer knows is forgotten and
the server's reason told; a server that does not answer is told, and the seat kept for later.
Each connection this screen opens is registered with the app (`App.close_on_exit`), so quitting
never leaves a connection or a hosted server behind.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from hexgames.core import files
from hexgames.core.match import clean_name
from hexgames.net.frames import CODE_ALPHABET, CODE_LENGTH, Frame
from hexgames.net.places import Place
from hexgames.net.session import AddressError, Session, host_session, join_session, return_to
from hexgames.net.store import StoreError
from hexgames.ui import online_game
from hexgames.ui.lobby import LobbyScene
from hexgames.ui.online_form import OnlineForm, place_address
from hexgames.ui.parts import part_attribute
from hexgames.ui.scenes import Scene
from hexgames.ui.setup_screen import SetupScene

if TYPE_CHECKING:
    from hexgames.ui.shell import Shell


def code_problem(code: str) -> bool:
    """Whether `code` (as typed, upper-cased) cannot be a join code."""
    return len(code) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in code)


def _form(name: str, doc: str) -> property:
    return part_attribute("form", name, doc)


class OnlineScene(Scene):
    """See the module docstring. `pending` is the connection waiting for the server's answer (to
    "join", "list" or "host"), None when nothing is asked. Its widgets are the form's (`OnlineForm`),
    read here by their names."""

    name_entry = _form("name_entry", "The field of the player's name.")
    address_entry = _form("address_entry", "The field of the server's address.")
    code_entry = _form("code_entry", "The field of the join code.")
    buttons = _form("buttons", "The buttons by what they do: join, list, back, more_places.")
    game_buttons = _form("game_buttons", "A button per game that can be hosted.")
    table_buttons = _form("table_buttons", "A button per open table last listed, with its code.")
    place_buttons = _form("place_buttons", "A card per one of Your tables shown, with its place.")
    places = _form("places", "Your tables, newest first (read again at each layout).")
    boxes = _form("boxes", "The Join and Host panels, with their titles.")
    notes = _form("notes", "The muted words in the boxes.")
    message_rect = _form("message_rect", "Where the player is told what happened, beside Back.")
    button_for = _form("button_for", "The widget for an action, a game id, a listed table's code or "
                       "\"place:CODE\" (tests click it).")

    def __init__(self, app: "Shell"):
        super().__init__(app)
        self.form = OnlineForm(app)
        self.tables: list[dict[str, Any]] | None = None  # the open tables last listed
        self.pending: Session | None = None
        self.purpose = ""
        self.target = ""  # the address asked
        self.message = ""  # what the player is told: progress, or why something failed
        self.failed = False

    @property
    def name(self) -> str:
        text = self.name_entry.get_text() if self.name_entry is not None else self.app.settings.online_name
        return clean_name(text)

    @property
    def address(self) -> str:
        return (self.address_entry.get_text() if self.address_entry is not None else "").strip()

    def enter(self) -> None:
        self.widgets += self.form.build(self.tables)

    # --- widgets ------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            el = event.ui_element
            if el in self.buttons:
                self.act(self.buttons[el])
            elif el in self.game_buttons:
                self.remember()
                self.app.scenes.push(SetupScene(self.app, self.game_buttons[el], online=self))
            elif el in self.table_buttons:
                self.join(self.table_buttons[el])
            elif el in self.place_buttons:
                self.go_back(self.place_buttons[el])
            else:
                return False
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.code_entry:
            self.act("join")
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.act("back")
            return True
        return False

    def act(self, action: str) -> None:
        if action == "more_places":
            self.form.place_page += 1
            self.rebuild()
        elif action == "back":
            self.cancel()
            self.app.scenes.pop()
        elif action == "join":
            self.join(self.code_entry.get_text())
        elif action == "list":
            self.connect("list", lambda session: session.client.list_tables())

    def remember(self) -> None:
        """Keep the name (and the address) for the next time."""
        settings = self.app.settings
        settings.online_name, settings.online_address = self.name, self.address
        settings.save()

    def join(self, code: str) -> None:
        code = code.strip().upper()
        if code_problem(code):
            self.tell(self.app.tr("ui.online.bad_code", n=CODE_LENGTH), failed=True)
            return
        self.connect("join", lambda session: session.client.sit(code, self.name))

    def connect(self, purpose: str, ask: Any) -> None:
        """Connect to the address typed and ask the server (`ask(session)`); the answer comes in `update`."""
        self.cancel()
        self.remember()
        try:
            session = join_session(self.address, self.name)
        except AddressError:
            key = "ui.online.no_address" if not self.address else "ui.online.bad_address"
            self.tell(self.app.tr(key, address=self.address), failed=True)
            return
        self.wait(session, purpose, self.address)
        ask(session)

    def host(self, game_id: str, seats: list[str], options: dict[str, Any], listed: bool = True,
             settings: dict[str, Any] | None = None) -> str | None:
        """Start this app's server and create the table on it (the setup screen's Host button),
        in the server's public list or found by its code only (`listed`), with the table's own
        `settings` (`net.table_settings`); the reason in words if no server can be started, and
        then nothing changed."""
        self.cancel()
        self.remember()
        try:
            session = host_session(self.name)
        except (OSError, StoreError, RuntimeError) as e:
            return self.host_failed(e)
        self.wait(session, "host", session.share or "")
        session.client.create(game_id, seats, name=self.name, options=options, listed=listed, settings=settings)
        if self.app.scenes.top is not self:
            self.app.scenes.pop()  # the setup: its answer shows here, then the lobby
        return None

    def host_failed(self, e: Exception) -> str:
        """Why no server could be started, in words."""
        why = self.app.tr_reason(files.os_error_reason(e)) if isinstance(e, OSError) else str(e)
        return self.app.tr("ui.online.host_failed", why=why)

    def go_back(self, place: Place) -> None:
        """Ask for the seat of `place` back (hosting its table again if this app hosted it); the
        answer comes in `update`."""
        self.cancel()
        try:
            session = return_to(place)
        except (OSError, StoreError, RuntimeError) as e:
            self.tell(self.host_failed(e), failed=True)
            return
        self.wait(session, "return", (session.share or "") if place.hosted else place_address(place))

    def wait(self, session: Session, purpose: str, target: str) -> None:
        self.pending, self.purpose, self.target = self.app.close_on_exit(session), purpose, target
        self.tell(self.app.tr(f"ui.online.waiting_{purpose}", address=target))

    def cancel(self) -> None:
        """Hang up a connection still waiting for its answer."""
        if self.pending is not None:
            self.app.close_now(self.pending)
            self.pending = None

    def tell(self, text: str, failed: bool = False) -> None:
        self.message, self.failed = text, failed

    # --- frames -------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.pending is None:
            return
        frames = self.pending.pump()
        for i, frame in enumerate(frames):
            if self.answer(frame, frames[i + 1:]):
                return

    def answer(self, frame: Frame, rest: list[Frame]) -> bool:
        """Act on one frame of the pending connection; True once it is settled (the rest then
        belongs to the lobby, or is dropped with the connection)."""
        tr = self.app.tr
        if self.purpose == "return" and frame.t == "sync":
            session, self.pending = self.pending, None
            self.tell("")
            if frame.d.get("started") and frame.d.get("state") is not None:
                online_game.open_online_game(self.app, session, frame, rest)
            else:
                self.app.scenes.push(LobbyScene(self.app, session, rest))
            return True
        if frame.t == "welcome" and self.purpose != "return":
            session, self.pending = self.pending, None
            self.tell("")
            self.app.scenes.push(LobbyScene(self.app, session, rest))
            return True
        if frame.t == "tables" and self.purpose == "list":
            self.tables = list(frame.d.get("tables") or [])
            self.cancel()
            self.tell(tr("ui.online.tables_listed", address=self.target))
            self.rebuild()
            return True
        if frame.t == "error":
            self.cancel()
            self.tell(self.app.tr_reason(frame.d.get("why")), failed=True)
            if self.purpose == "return":
                self.rebuild()  # the seat was forgotten (`places.Keeper`)
            return True
        if frame.t == "connection" and frame.d.get("state") in ("reconnecting", "closed"):
            self.cancel()
            unreachable = "ui.online.return_unreachable" if self.purpose == "return" else "ui.online.unreachable"
            self.tell(tr(unreachable, address=self.target, why=self.app.tr_reason(frame.d.get("why")) or "-"), failed=True)
            return True
        return False

    def resume(self) -> None:
        """Back from the lobby or the setup: laid out again (the listed tables may have changed)."""
        self.rebuild()

    def draw(self, surface: pygame.Surface) -> None:
        self.form.draw(surface, self.message, self.failed)
