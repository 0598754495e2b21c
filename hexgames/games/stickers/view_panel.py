"""The Sticker Turf side panel: a box per player (name, score, stickers left, the deck's contents) and,
below the sticker in hand, the rest as room allows, most needed first: the placement in view in words,
the helper notes, the instructions at the foot and (solo) the best results; and each player's
corners in territories over the game as a chart for the results screen.

Why it is built this way: nothing is written over the board but its own marks, so everything said
in words is here. Decks: their contents are public after the deck phase but no order is, so the
icons come sorted (`PanelShown.icons`), and during the deck phase only how many stickers each player
chose shows. Where each part goes is the layout's (`TableLayout.panel_parts`), so the tips find the
same rects.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Sequence

import pygame

from hexgames.games.stickers import pieces
from hexgames.games.stickers.catalogue import BLOCK, DOUBLE, JUMP, PEEK
from hexgames.games.stickers.layout import TableLayout
from hexgames.games.stickers.look import MIN_TEXT, tr_ui
from hexgames.games.stickers.rules import Block, Place, Preview, Reorder, StickersState
from hexgames.ui import chart, draw, hud

if TYPE_CHECKING:
    from hexgames.ui.shell import Shell
    from hexgames.core.highscores import Entry

HELPER_TEXT = {
    JUMP: ("helper.jump_text", "Jump: your next sticker may go on any empty cell next to a sticker, no match needed."),
    DOUBLE: ("helper.double_text", "Double: place one extra sticker this turn."),
    PEEK: ("helper.peek_text", "Peek: look at your top stickers and choose their order (click them, top first)."),
    BLOCK: ("helper.block_text", "Block: click an empty cell next to a sticker; it stays empty for the rest of the game."),
}
STEPS = {  # what the player to move can do, by phase
    "place": ("hint.place", "Click a lit cell to place your sticker · wheel: zoom · middle-drag / arrows: pan"),
    "block": ("hint.block", "Block: click an empty cell next to a sticker; it stays empty for the rest of the game."),
    "peek": ("hint.peek", "Peek: click your stickers in the order you want them drawn (again to take a number back), "
                          "then Use this order or Enter."),
}
HELPER_NOTE = ((246, 230, 180), (48, 44, 30), (236, 214, 140))  # text, fill, border
PREVIEW_NOTE = (hud.TEXT, (24, 30, 40), hud.ACCENT)


@dataclass(frozen=True)
class PanelShown:
    """What the side panel shows in a frame."""
    state: StickersState  # the viewer's observation
    box: str  # the box under the players (see `TableLayout.panel_parts`), drawn by the hand's view
    names: tuple[str, ...]
    over: bool
    scores: tuple[int, ...]  # each player's corners in territories (0 while decks are built)
    icons: tuple[tuple[int, ...], ...]  # each deck's contents as they look on the board, sorted
    preview: str  # what the placement in view would do, in words
    last_helper: int | None  # the helper the last move used, explained until the next move
    instructions: str
    best: Sequence["Entry"] | None = None  # solo: the best results
    highscore_place: int | None = None  # where this solo game entered them


def instructions(app: "Shell", phase: str, hint: Any, numbered: bool) -> str:
    """What the player to move can do now, in words (in the panel, never over the board); taking the
    hint (`hint`, the move on show) when there is one."""
    key, default = STEPS.get(phase, ("", ""))
    if key and type(hint) in (Place, Block):
        key, default = "hint.take", "Hint: press Enter or click the ringed cell to play it."
    elif key and type(hint) is Reorder and not numbered:
        key, default = "hint.take_order", "Hint: the cyan numbers; press Enter to keep that order."
    return tr_ui(app, key, default) if key else ""


class PanelView:
    """Draws the side panel (all but the hand's box) from the layout and a `PanelShown`."""

    def __init__(self, app: "Shell"):
        self.app = app

    def draw(self, surface: pygame.Surface, geo: TableLayout, shown: PanelShown) -> None:
        draw.rounded_panel(surface, geo.panel, (30, 36, 46), 10, border=(60, 70, 86))
        parts = geo.panel_parts(shown.box)
        for seat, rect in enumerate(parts.players):
            self._draw_player(surface, seat, rect, shown)
        self._draw_rest(surface, parts.rest, shown)

    def _draw_player(self, surface: pygame.Surface, seat: int, rect: pygame.Rect, shown: PanelShown) -> None:
        s = shown.state
        active = seat == s.current and not shown.over
        inner = hud.panel(surface, rect, None, self.app, highlight=active)
        name = shown.names[seat]
        pieces.owner_marker(surface, seat, (inner.x + 8, inner.y + 10), 8)
        nf = draw.fit_text(self.app.font, name, inner.w - 90, 18, MIN_TEXT, bold=True)
        draw.text(surface, nf, name, (inner.x + 22, inner.y + 10), hud.ACCENT if active else hud.TEXT, anchor="midleft")
        draw.text(surface, self.app.font(26, bold=True), str(shown.scores[seat]), (inner.right, inner.y + 12), hud.TEXT,
                  anchor="midright")
        small = self.app.font(13)
        if s.phase == "deck":
            line = tr_ui(self.app, "panel.picking", "Deck: {n}/{size} chosen", n=len(s.picks[seat]), size=s.size)
        else:
            line = tr_ui(self.app, "panel.deck", "{count} stickers left", count=s.deck_count(seat))
        draw.text(surface, small, line, (inner.x, inner.y + 30), hud.MUTED, anchor="topleft")
        if s.phase != "deck" and shown.icons[seat]:
            _draw_deck_icons(surface, seat, shown.icons[seat], inner.x, inner.y + 52, inner.w)

    def _draw_rest(self, surface: pygame.Surface, rect: pygame.Rect, shown: PanelShown) -> None:
        """Below the drawn sticker, as room allows, most needed first: the placement preview in words
        and the helper notes from the top, the instructions at the foot, (solo) the best results."""
        y = rect.y
        if shown.preview:
            y = self._note(surface, pygame.Rect(rect.x, y, rect.w, rect.bottom - y), shown.preview, *PREVIEW_NOTE) + 6
        y = self._draw_helper_box(surface, pygame.Rect(rect.x, y, rect.w, rect.bottom - y), shown)
        font = self.app.font(13)
        lines = draw.wrap(font, shown.instructions, rect.w - 4) if shown.instructions else []
        foot = rect.bottom - len(lines) * font.get_linesize()
        if foot >= y + 4:
            for i, line in enumerate(lines):
                draw.text(surface, font, line, (rect.x + 2, foot + i * font.get_linesize()), hud.MUTED,
                          anchor="topleft")
        else:
            foot = rect.bottom
        if shown.best is not None and foot - y > 80:
            self._draw_best(surface, pygame.Rect(rect.x, y + 6, rect.w, foot - y - 14), shown)

    def _note(self, surface: pygame.Surface, rect: pygame.Rect, text: str, colour, fill, border) -> int:
        """Text wrapped in a framed box at the top of `rect` (as many lines as fit); returns its bottom."""
        font = self.app.font(14)
        step = font.get_linesize()
        lines = draw.wrap(font, text, rect.w - 20)[: max(0, (rect.h - 16) // step)]
        if not lines:
            return rect.y
        box = pygame.Rect(rect.x, rect.y, rect.w, 14 + step * len(lines))
        draw.rounded_panel(surface, box, fill, 10, border=border)
        for i, line in enumerate(lines):
            draw.text(surface, font, line, (box.x + 10, box.y + 7 + step * i), colour, anchor="topleft")
        return box.bottom

    def _draw_helper_box(self, surface: pygame.Surface, rect: pygame.Rect, shown: PanelShown) -> int:
        """The helpers at work in words: the one being played (when the instructions do not already
        say it), Jump and Double while they last, else the one the last move used."""
        s = shown.state
        notes = []
        if s.phase in ("peek", "block") and not shown.instructions:  # the instructions say it to the chooser
            notes.append(PEEK if s.phase == "peek" else BLOCK)
        if s.jump and s.phase == "place":
            notes.append(JUMP)
        if s.extra and s.phase == "place":
            notes.append(DOUBLE)
        if not notes and shown.last_helper is not None:
            notes.append(shown.last_helper)
        if not notes or rect.h < 60 or shown.over or s.phase == "deck":
            return rect.y
        text = "\n".join(tr_ui(self.app, *HELPER_TEXT[h]) for h in notes)
        return self._note(surface, rect, text, *HELPER_NOTE)

    def _draw_best(self, surface: pygame.Surface, rect: pygame.Rect, shown: PanelShown) -> None:
        inner = hud.panel(surface, rect, tr_ui(self.app, "solo.best", "Best results"), self.app)
        small = self.app.font(14)
        if not shown.best:
            draw.text(surface, small, tr_ui(self.app, "solo.none", "No results yet"), inner.topleft, hud.MUTED,
                      anchor="topleft")
            return
        y = inner.y
        for i, entry in enumerate(shown.best[:5]):
            if y + small.get_linesize() > inner.bottom:
                break
            colour = hud.ACCENT if shown.highscore_place == i else hud.TEXT
            draw.text(surface, small, f"{i + 1}. {entry.scores[0]}", (inner.x, y), colour, anchor="topleft")
            draw.text(surface, small, entry.date[:10], (inner.right, y), hud.MUTED, anchor="topright")
            y += small.get_linesize()


def _draw_deck_icons(surface: pygame.Surface, seat: int, icons: Sequence[int], x: int, y: int, w: int) -> None:
    """The deck's contents (public), sorted so the icons give away no order."""
    size = max(8, min(14, (w - 4) // max(1, len(icons)) - 2))
    for i, st in enumerate(icons):
        pieces.any_sticker(surface, pygame.Rect(x + i * (size + 2), y, size, size), st)


def chart_panels(app: "Shell", names: Sequence[str], scores: Sequence[Sequence[int]]) -> list[chart.Panel]:
    """Each player's corners in territories over the game (`scores`: one row per position shown)."""
    lines = [chart.Line(name, pieces.OWNER_RGB[i % 2], [row[i] for row in scores], _chart_marker(i))
             for i, name in enumerate(names)]
    return [chart.Panel(tr_ui(app, "chart", "Corners in territories"), lines)]


def _chart_marker(seat: int) -> chart.Marker:
    """Player 1 a disc, player 2 a square: told apart without their colours."""
    def marker(surface: pygame.Surface, center: tuple[int, int], size: int) -> None:
        pieces.owner_marker(surface, seat, center, size / 2)
    return marker


def preview_words(app: "Shell", preview: Preview, names: Sequence[str]) -> str:
    """What a placement would found, cancel or grow (the rules' `preview` of it), in words."""
    parts = []
    if preview.cancelled:
        for owner, size in preview.cancelled:
            parts.append(tr_ui(app, "preview.cancel", "cancels {name}'s territory of {count} corners",
                               name=names[owner], count=size))
    elif preview.founded:
        parts.append(tr_ui(app, "preview.found", "founds a territory"))
    for seat, name in enumerate(names):
        gain = preview.after[seat] - preview.before[seat]
        if gain > 0:
            parts.append(tr_ui(app, "preview.gain", "{name} +{count} corners", name=name, count=gain))
    if not parts:
        return ""
    return tr_ui(app, "preview.lead", "Here: {what}", what=app.join(parts))
