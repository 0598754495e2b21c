"""The Dot Lines side panel: each player's box (home line, chip, the three one-shot actions), the deck
and the discards, and below them the words of the moment (the roll-off, the prompt, what to do next,
how the game ended) above the buttons of the moment (`PanelButtons`); and the results screen's
charts, whose markers (a disc, a square) mark the players in the banner and the results too.

Everything here is drawn from what the scene hands it (`PanelShown`: the viewer's view from
`rules.observe`, never the full state), so the other player's chip stays a "?" until both have
chosen. Where each part goes is the layout's (`TableLayout.boxes`, `deck_rect`, `status_rect`,
`actions`); what the words need is measured here (`measure`) and handed to the layout.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Sequence

import pygame

from hexgames.games.dotlines.layout import Measures, SeatBox, TableLayout
from hexgames.games.dotlines.look import ACTION_BITS, ACTION_KEYS, MARKER_OUTLINE, action_name, line_name, tr_ui
from hexgames.games.dotlines.pieces import LINE_RGB, SELECT, TARGET, draw_chip, draw_die, draw_tile
from hexgames.games.dotlines.rules import CHIP_NONE, DOUBLE, DotLinesState
from hexgames.ui import chart, draw, hud

if TYPE_CHECKING:
    from hexgames.ui.shell import Shell

MARKER_FREE = (226, 214, 170)
MARKER_USED = (52, 58, 70)
MARKER_USED_TEXT = (120, 126, 140)
TIE_TEXT = (255, 196, 120)
MIN_TEXT = 12  # no text in the panel is smaller
BUTTON_FONT = 17  # the theme's button type: labels are measured in it to lay the buttons out
PRIMARY_FONT = 18  # the theme's "@primary" button type (bold): the first choice of a prompt
CHART_RGB = (LINE_RGB[0], (150, 150, 162))  # the black line's player, visible on the dark chart


@dataclass(frozen=True)
class PanelShown:
    """What the side panel shows in a frame."""
    state: DotLinesState  # the viewer's view (the other's chip a "?" until both chose)
    names: tuple[str, str]  # the seats' names
    turn: int | None  # the seat to move (None once the game is over): its box lit
    chip_lit: int | None  # the seat whose chip is toggled on for its move: ringed
    flips: tuple[tuple[float | None, ...], tuple[float | None, ...]]  # per seat, how far each marker has turned
    deck_lit: bool  # the deck is a button now (time to draw)
    roll: tuple[tuple[int, int], str | None] | None  # the roll-off dice faces and a tie in words; None: not shown
    words: str  # the prompt, what to do next, or how the game ended
    words_lit: bool  # the words in the accent colour (an action waits, or the game is over)
    buttons_top: int | None  # the top of the buttons showing (None: none)


def measure(app: "Shell", panel_w: int, names: tuple[str, str]) -> Measures:
    """The room the panel's words need in the theme's fonts, for the layout: the action buttons'
    labels (and the chip button's widest), and per seat the content insets of its box under its
    title (as `hud.panel` fits the name, measured by laying the box out on a scratch surface)."""
    font = app.font(BUTTON_FONT)
    labels = [action_name(app, key) for key in ACTION_KEYS]
    labels += [tr_ui(app, "use_chip", "Use chip"), tr_ui(app, "chip_on", "Chip: on")]
    widths = [font.size(label)[0] for label in labels]
    scratch, box = pygame.Surface((1, 1)), pygame.Rect(0, 0, panel_w, 200)
    insets = []
    for name in names:
        inner = hud.panel(scratch, box, name, app)
        insets.append((inner.x - box.x, inner.y - box.y, box.right - inner.right, box.bottom - inner.bottom))
    return Measures((widths[0], widths[1], widths[2], max(widths[3:])), (insets[0], insets[1]))


class PanelView:
    """Draws the side panel from the layout and a `PanelShown`."""

    def __init__(self, app: "Shell"):
        self.app = app
        self._markers: dict[Any, list[pygame.Rect]] = {}  # the markers' rects, by area and language

    def draw(self, surface: pygame.Surface, geo: TableLayout, shown: PanelShown) -> None:
        for seat in (1 - geo.bottom_seat, geo.bottom_seat):
            self._draw_seat_box(surface, geo.boxes[seat], seat, shown)
        self._draw_deck_row(surface, geo, shown)
        status = geo.status_rect(shown.buttons_top)
        if shown.roll is not None:
            used = self._draw_roll(surface, status, shown)
            status = pygame.Rect(status.x, status.y + used, status.w, max(0, status.h - used))
        self._draw_words(surface, shown.words, status, hud.ACCENT if shown.words_lit else hud.TEXT)

    # --- the players' boxes ------------------------------------------------------------------------
    def _draw_seat_box(self, surface: pygame.Surface, box: SeatBox, seat: int, shown: PanelShown) -> None:
        app, v = self.app, shown.state
        hud.panel(surface, box.rect, shown.names[seat], app, highlight=seat == shown.turn)
        home = v.home[seat]
        row = box.row
        swatch = pygame.Rect(row.x, row.centery - 8, 16, 16)
        if home >= 0:
            pygame.draw.rect(surface, LINE_RGB[home], swatch, border_radius=3)
            pygame.draw.rect(surface, (150, 150, 150), swatch, 1, border_radius=3)
        text = tr_ui(app, "home", "Home: {line}", line=line_name(app, home) if home >= 0 else "-")
        draw.text(surface, app.font(13), text, (swatch.right + 6, row.centery), hud.TEXT, anchor="midleft")
        chip = v.chip[seat]
        if chip != CHIP_NONE:
            self._draw_chip(surface, box.chip_center, chip, v.chip_at[seat] is not None, seat == shown.chip_lit)
        self._draw_markers(surface, box.markers, v.used[seat], shown.flips[seat])

    def _draw_chip(self, surface: pygame.Surface, center: tuple[int, int], chip: int, used: bool, lit: bool) -> None:
        """The chip at the home row's end, named at its left; struck through once used, ringed while on."""
        cx, cy = center
        draw_chip(surface, self.app, (cx, cy), 11, chip if chip >= 0 else -1)
        if used:
            pygame.draw.line(surface, (240, 80, 80), (cx - 12, cy + 12), (cx + 12, cy - 12), 2)
        if lit:
            pygame.draw.circle(surface, SELECT, (cx, cy), 16, 2)
        side = "double" if chip == DOUBLE else "inverter"
        name = tr_ui(self.app, f"chip.{side}", side.capitalize()) if chip >= 0 else "?"
        draw.text(surface, self.app.font(12), name, (cx - 18, cy), hud.MUTED, anchor="midright")

    def _marker_rects(self, area: pygame.Rect) -> list[pygame.Rect]:
        """The three action markers across `area` (measured once per area and language)."""
        key = (tuple(area), self.app.settings.language)
        if key not in self._markers:
            if len(self._markers) >= 8:  # two boxes for each window size and language seen: forget old ones
                self._markers.clear()
            self._markers[key] = self._measure_markers(area)
        return self._markers[key]

    def _measure_markers(self, area: pygame.Rect) -> list[pygame.Rect]:
        """The three action markers across `area`, each as wide as its name needs (long Japanese names
        get the room short ones leave), the spare width shared out evenly."""
        gap = 4
        labels = [action_name(self.app, key) for key in ACTION_KEYS]
        for size, margin in ((13, 14), (MIN_TEXT, 8)):  # roomy if it fits, else the smallest type allowed
            need = [self.app.font(size).size(label)[0] + margin for label in labels]
            if sum(need) + 2 * gap <= area.w:
                break
        spare = max(0, area.w - 2 * gap - sum(need)) // 3
        widths = [n + spare for n in need]
        if sum(widths) + 2 * gap > area.w:  # even the names alone do not fit: equal thirds
            widths = [(area.w - 2 * gap) // 3] * 3
        rects, x = [], area.x
        for w in widths:
            rects.append(pygame.Rect(x, area.y, w, area.h))
            x += w + gap
        return rects

    def _draw_markers(self, surface: pygame.Surface, area: pygame.Rect, used_bits: int,
                      flips: Sequence[float | None]) -> None:
        """The one-shot actions face up until used, then turned over: dark, greyed and struck through."""
        for rect, bit, key, flip in zip(self._marker_rects(area), ACTION_BITS, ACTION_KEYS, flips):
            used = bool(used_bits & bit)
            r = rect
            if flip is not None:  # turning over: narrow to an edge, then open on the used side
                used = flip >= 0.5
                r = rect.inflate(-round(rect.w * (1 - abs(1 - 2 * flip))), 0)
            pygame.draw.rect(surface, MARKER_USED if used else MARKER_FREE, r, border_radius=5)
            label = action_name(self.app, key)
            font = draw.fit_text(self.app.font, label, rect.w - 6, 13, MIN_TEXT)
            if font.size(label)[0] > r.w - 4:  # narrowed by the flip: the edge of a turning card shows no name
                continue
            draw.text(surface, font, label, r.center, MARKER_USED_TEXT if used else (40, 36, 30), anchor="center")
            if used:
                pygame.draw.line(surface, MARKER_USED_TEXT, (r.x + 4, r.bottom - 4), (r.right - 4, r.y + 4), 1)

    # --- the deck ----------------------------------------------------------------------------------
    def _draw_deck_row(self, surface: pygame.Surface, geo: TableLayout, shown: PanelShown) -> None:
        """The deck's back (framed when it is time to draw) with its count, and the discards face up."""
        app, v, deck = self.app, shown.state, geo.deck_rect
        draw_tile(surface, deck, 0, face_up=False, border=TARGET if shown.deck_lit else None)
        x = deck.right + 10
        draw.text(surface, app.font(14), tr_ui(app, "deck", "Deck: {count}", count=len(v.deck)),
                  (x, deck.centery - 9), hud.TEXT, anchor="midleft")
        label = tr_ui(app, "discards", "Discarded: {tiles}", tiles="" if v.discards else "-")
        font = app.font(12)
        draw.text(surface, font, label, (x, deck.centery + 10), hud.MUTED, anchor="midleft")
        x += font.size(label)[0] + 4
        for value in v.discards:  # the discarded tiles, face up, as small pip tiles
            draw_tile(surface, pygame.Rect(x, deck.centery + 2, 16, 16), value)
            x += 19

    # --- the words of the moment ---------------------------------------------------------------------
    def _draw_roll(self, surface: pygame.Surface, rect: pygame.Rect, shown: PanelShown) -> int:
        """The roll-off dice with each roller's name, and a tie in words. Returns the height used."""
        assert shown.roll is not None
        faces, tie = shown.roll
        v = shown.state
        size = min(40, rect.w // 7)
        half = rect.w // 2
        for seat in (0, 1):
            die = pygame.Rect(rect.x + 6 + seat * half, rect.y, size, size)
            draw_die(surface, die, faces[seat], v.home[seat] if v.home[seat] >= 0 else seat)
            name = shown.names[seat]
            name_font = draw.fit_text(self.app.font, name, half - size - 16, 13, MIN_TEXT)
            draw.text(surface, name_font, name, (die.right + 6, die.centery), hud.MUTED, anchor="midleft")
        used = size + 4
        if tie:
            fitted, lines = draw.fit_wrapped(self.app.font, tie, rect.w - 8, 2, 14, MIN_TEXT)
            for row in lines[:2]:
                draw.text(surface, fitted, row, (rect.x + 6, rect.y + used), TIE_TEXT, anchor="topleft")
                used += fitted.get_linesize()
        return used + 6

    def _draw_words(self, surface: pygame.Surface, text: str, rect: pygame.Rect, colour: tuple[int, int, int]) -> None:
        """A prompt or hint wrapped into `rect`, in the largest type from 16 px down to 12 px that fits."""
        if not text or rect.h < MIN_TEXT:
            return
        for size in range(16, MIN_TEXT - 1, -1):  # the largest type whose lines all fit the height
            rows = max(1, rect.h // self.app.font(size).get_linesize())
            font, lines = draw.fit_wrapped(self.app.font, text, rect.w - 12, rows, size, size)
            if len(lines) <= rows:
                break
        y = rect.y
        for row in lines:
            if y + font.get_linesize() > rect.bottom + 2:
                break
            draw.text(surface, font, row, (rect.x + 6, y), colour, anchor="topleft")
            y += font.get_linesize()


class PanelButtons:
    """The panel's buttons of the moment (pygame_gui widgets, at the layout's rects): the prompt's
    choices (the first in the bolder "@primary" look), or the three actions and the chip while the
    player acts; shown, enabled and labelled as the scene says. What a press means is the scene's."""

    def __init__(self, app: "Shell"):
        self.app = app
        self.prompt: list[tuple[Any, Any]] = []  # (button, move)
        self.actions: dict[str, Any] = {}
        self.chip: Any = None
        self._moment: Any = None  # the moment the prompt's buttons were made for

    def build(self, geo: TableLayout, widgets: list[Any]) -> None:
        """The action buttons and the chip button, each with its tip (shown only while acting)."""
        from pygame_gui.elements import UIButton

        app = self.app
        self.actions = {key: UIButton(pygame.Rect(geo.actions[key]), action_name(app, key), app.ui,
                                      tool_tip_text=app.tr(f"learn.tips.dotlines.{key}")) for key in ACTION_KEYS}
        self.chip = UIButton(pygame.Rect(geo.chip_button), tr_ui(app, "use_chip", "Use chip"), app.ui,
                             tool_tip_text=app.tr("learn.tips.dotlines.chip"))
        widgets += [*self.actions.values(), self.chip]

    def offer(self, geo: TableLayout, moment: Any, choices: Callable[[], Sequence[tuple[str, Any]]],
              widgets: list[Any], again: bool = False) -> None:
        """The prompt's buttons for `moment` (`choices`: labels and moves), made only when the moment
        changes, or `again` after the widgets were rebuilt (a new window size, a new language)."""
        if again or moment != self._moment:
            if not again:
                self._moment = moment
            self.show_prompt(geo, choices(), widgets)

    def show_prompt(self, geo: TableLayout, choices: Sequence[tuple[str, Any]], widgets: list[Any]) -> None:
        """The prompt's buttons (`choices`: label and move) in place of the last prompt's."""
        from pygame_gui.core import ObjectID
        from pygame_gui.elements import UIButton

        for button, _ in self.prompt:
            button.kill()
            if button in widgets:
                widgets.remove(button)
        self.prompt = []
        if not choices:
            return
        font = self.app.font(PRIMARY_FONT, bold=True)
        rects = geo.button_rects([font.size(label)[0] for label, _ in choices])
        for i, ((label, move), rect) in enumerate(zip(choices, rects)):
            button = UIButton(rect, label, self.app.ui, object_id=ObjectID(class_id="@primary") if i == 0 else None)
            self.prompt.append((button, move))
            widgets.append(button)

    def sync(self, acting: bool, usable: dict[str, bool], chip_on: bool, chip_usable: bool) -> None:
        """The actions and the chip show while the player acts; a used action's button looks used
        (disabled); the chip button says whether the chip is on."""
        for widget in [*self.actions.values(), self.chip]:
            if widget is None:
                continue
            if acting and not widget.visible:
                widget.show()
            elif not acting and widget.visible:
                widget.hide()
        for key, button in self.actions.items():
            if usable[key] != bool(button.is_enabled):
                button.enable() if usable[key] else button.disable()
        if self.chip is not None:
            label = tr_ui(self.app, "chip_on", "Chip: on") if chip_on else tr_ui(self.app, "use_chip", "Use chip")
            if self.chip.text != label:
                self.chip.set_text(label)
            if chip_usable != bool(self.chip.is_enabled):
                self.chip.enable() if chip_usable else self.chip.disable()

    def top(self) -> int | None:
        """The top of the panel's buttons showing now (None: none show)."""
        shown = [b.rect.top for b in [*self.actions.values(), self.chip] if b is not None and b.visible]
        shown += [b.rect.top for b, _ in self.prompt if b.visible]
        return min(shown) if shown else None

    def disabled_at(self, pointer: tuple[int, int]) -> str | None:
        """The action whose button shows disabled under the pointer (its reason is the scene's to tell)."""
        return next((key for key, b in self.actions.items()
                     if b.visible and not b.is_enabled and b.rect.collidepoint(pointer)), None)

    def pressed(self, element: Any) -> tuple[str, Any] | None:
        """What a pressed button is: ("prompt", its move), ("action", its key), ("chip", None)."""
        for button, move in self.prompt:
            if element is button:
                return "prompt", move
        for key, button in self.actions.items():
            if element is button:
                return "action", key
        return ("chip", None) if element is not None and element is self.chip else None


# --- the players' markers and the results' charts ------------------------------------------------------
def line_marker(line: int) -> chart.Marker:
    """The white line's player a disc, the black line's a square: told apart without colour."""
    def marker(surface: pygame.Surface, center: tuple[int, int], size: int) -> None:
        r = size // 2
        if line == 0:
            draw.aa_circle(surface, CHART_RGB[0], center, r, border=(20, 20, 24))
        else:
            box = pygame.Rect(0, 0, 2 * r, 2 * r)
            box.center = center
            pygame.draw.rect(surface, LINE_RGB[1], box)
            pygame.draw.rect(surface, MARKER_OUTLINE, box, 2 if r >= 6 else 1)
    return marker


def chart_panels(app: "Shell", states: list[DotLinesState], seat_name: Callable[[int], str]) -> list[chart.Panel]:
    """The race: each player's hand (to empty) and home line (to fill) over the game."""
    last = states[-1]
    seats = range(2)

    def line(i: int, values: list[int]) -> chart.Line:
        home = max(0, last.home[i])
        return chart.Line(seat_name(i), CHART_RGB[home], values, line_marker(home))

    hands = [line(i, [s.hand_size(i) for s in states]) for i in seats]
    columns = [line(i, [len(s.lines[s.home[i]]) if s.home[i] >= 0 else 0 for s in states]) for i in seats]
    return [chart.Panel(tr_ui(app, "chart_hand", "Tiles in hand"), hands),
            chart.Panel(tr_ui(app, "chart_columns", "Columns on the home line"), columns, top=6)]
