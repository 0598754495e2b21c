"""The Dot Lines side panel: each player's box (home line, chip, the three one-shot actions), the deck
and the discards, and below them the words of the moment (the roll-off, the prompt, what to do next,
how the game ended) above the buttons.

Kept apart from the scene so the scene stays input and the board. Everything here is drawn from the
view the scene passes (`rules.observe` for the viewer), never from the full state: the other
player's chip stays a "?" until both have chosen.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from hexgames.games.dotlines.layout import Measures, SeatBox
from hexgames.games.dotlines.pieces import LINE_RGB, SELECT, TARGET, draw_chip, draw_die, draw_tile
from hexgames.games.dotlines.rules import CHIP_NONE, DOUBLE, DRAW, EXCHANGE, REDRAW, STACK, WHITE, DotLinesState
from hexgames.ui import draw, hud
from hexgames.ui.words import translator

if TYPE_CHECKING:
    from hexgames.app import App
    from hexgames.games.dotlines.scene import DotLinesScene

ACTION_BITS = (REDRAW, EXCHANGE, STACK)
ACTION_KEYS = ("redraw", "exchange", "stack")
MARKER_FREE = (226, 214, 170)
MARKER_USED = (52, 58, 70)
MARKER_USED_TEXT = (120, 126, 140)
TIE_TEXT = (255, 196, 120)
MIN_TEXT = 12  # no text in the panel is smaller
BUTTON_FONT = 17  # the theme's button type: labels are measured in it to lay the buttons out


tr_ui = translator("dotlines_ui")


def line_name(scene: "DotLinesScene", line: int) -> str:
    return tr_ui(scene.app, f"line.{'white' if line == WHITE else 'black'}", "White" if line == WHITE else "Black")


def measure(app: "App", panel_w: int, names: tuple[str, str]) -> Measures:
    """The room the panel's words need in the theme's fonts, for the layout: the action buttons'
    labels (and the chip button's widest), and per seat the content insets of its box under its
    title (as `hud.panel` fits the name, measured by laying the box out on a scratch surface)."""
    font = app.font(BUTTON_FONT)
    labels = [tr_ui(app, f"action.{key}", key.capitalize()) for key in ACTION_KEYS]
    labels += [tr_ui(app, "use_chip", "Use chip"), tr_ui(app, "chip_on", "Chip: on")]
    widths = [font.size(label)[0] for label in labels]
    scratch, box = pygame.Surface((1, 1)), pygame.Rect(0, 0, panel_w, 200)
    insets = []
    for name in names:
        inner = hud.panel(scratch, box, name, app)
        insets.append((inner.x - box.x, inner.y - box.y, box.right - inner.right, box.bottom - inner.bottom))
    return Measures((widths[0], widths[1], widths[2], max(widths[3:])), (insets[0], insets[1]))


# --- the players' boxes --------------------------------------------------------------------------
def draw_seat_box(surface: pygame.Surface, scene: "DotLinesScene", v: DotLinesState, seat: int, box: SeatBox) -> None:
    app = scene.app
    turn = seat == scene.match.to_move and not scene.match.is_over
    hud.panel(surface, box.rect, scene.seat_name(seat), app, highlight=turn)
    home = v.home[seat]
    font = app.font(13)
    row = box.row
    swatch = pygame.Rect(row.x, row.centery - 8, 16, 16)
    if home >= 0:
        pygame.draw.rect(surface, LINE_RGB[home], swatch, border_radius=3)
        pygame.draw.rect(surface, (150, 150, 150), swatch, 1, border_radius=3)
    text = tr_ui(scene.app, "home", "Home: {line}", line=line_name(scene, home) if home >= 0 else "-")
    draw.text(surface, font, text, (swatch.right + 6, row.centery), hud.TEXT, anchor="midleft")
    chip = v.chip[seat]
    cx, cy = box.chip_center
    if chip != CHIP_NONE:
        draw_chip(surface, app, (cx, cy), 11, chip if chip >= 0 else -1)
        if v.chip_at[seat] is not None:  # used: struck through
            pygame.draw.line(surface, (240, 80, 80), (cx - 12, cy + 12), (cx + 12, cy - 12), 2)
        if scene.chip_on and seat == scene.match.to_move and scene.can_act:
            pygame.draw.circle(surface, SELECT, (cx, cy), 16, 2)
        name = (tr_ui(scene.app, f"chip.{'double' if chip == DOUBLE else 'inverter'}", "Double" if chip == DOUBLE else "Inverter")
                if chip >= 0 else "?")
        draw.text(surface, app.font(12), name, (cx - 18, cy), hud.MUTED, anchor="midright")
    draw_markers(surface, scene, v, seat, box.markers)


def marker_rects(scene: "DotLinesScene", area: pygame.Rect) -> list[pygame.Rect]:
    """The three action markers across `area`, each as wide as its name needs (long Japanese names
    get the room short ones leave), the spare width shared out evenly."""
    gap = 4
    labels = [tr_ui(scene.app, f"action.{key}", key.capitalize()) for key in ACTION_KEYS]
    for size, margin in ((13, 14), (MIN_TEXT, 8)):  # roomy if it fits, else the smallest type allowed
        need = [scene.app.font(size).size(label)[0] + margin for label in labels]
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


def draw_markers(surface: pygame.Surface, scene: "DotLinesScene", v: DotLinesState, seat: int, area: pygame.Rect) -> None:
    """The one-shot actions face up until used, then turned over: dark, greyed and struck through."""
    for rect, bit, key in zip(marker_rects(scene, area), ACTION_BITS, ACTION_KEYS):
        used = bool(v.used[seat] & bit)
        r = rect
        flip = scene.animator.value(("flip", seat, bit))
        if flip is not None:  # turning over: narrow to an edge, then open on the used side
            used = flip >= 0.5
            r = rect.inflate(-round(rect.w * (1 - abs(1 - 2 * flip))), 0)
        pygame.draw.rect(surface, MARKER_USED if used else MARKER_FREE, r, border_radius=5)
        label = tr_ui(scene.app, f"action.{key}", key.capitalize())
        font = draw.fit_text(scene.app.font, label, rect.w - 6, 13, MIN_TEXT)
        if font.size(label)[0] > r.w - 4:  # narrowed by the flip: the edge of a turning card shows no name
            continue
        draw.text(surface, font, label, r.center, MARKER_USED_TEXT if used else (40, 36, 30), anchor="center")
        if used:
            pygame.draw.line(surface, MARKER_USED_TEXT, (r.x + 4, r.bottom - 4), (r.right - 4, r.y + 4), 1)


# --- the deck --------------------------------------------------------------------------------------
def draw_deck_row(surface: pygame.Surface, scene: "DotLinesScene", v: DotLinesState) -> None:
    geo = scene.geo
    deck = geo.deck_rect
    lit = scene.can_act and v.phase == DRAW  # the deck is a button then
    draw_tile(surface, deck, 0, face_up=False, border=TARGET if lit else None)
    x = deck.right + 10
    draw.text(surface, scene.app.font(14), tr_ui(scene.app, "deck", "Deck: {count}", count=len(v.deck)),
              (x, deck.centery - 9), hud.TEXT, anchor="midleft")
    label = tr_ui(scene.app, "discards", "Discarded: {tiles}", tiles="" if v.discards else "-")
    font = scene.app.font(12)
    draw.text(surface, font, label, (x, deck.centery + 10), hud.MUTED, anchor="midleft")
    x += font.size(label)[0] + 4
    for value in v.discards:  # the discarded tiles, face up, as small pip tiles
        draw_tile(surface, pygame.Rect(x, deck.centery + 2, 16, 16), value)
        x += 19


# --- the words of the moment -------------------------------------------------------------------------
def draw_roll(surface: pygame.Surface, scene: "DotLinesScene", v: DotLinesState, rect: pygame.Rect) -> int:
    """The roll-off dice with each roller's name, and a tie in words (`scene.roll_shown`). Returns
    the height used."""
    if not v.rolls:
        return 0
    shown, tie = scene.roll_shown(v)
    size = min(40, rect.w // 7)
    half = rect.w // 2
    for seat in (0, 1):
        die = pygame.Rect(rect.x + 6 + seat * half, rect.y, size, size)
        draw_die(surface, die, shown[seat], v.home[seat] if v.home[seat] >= 0 else seat)
        name = scene.seat_name(seat)
        name_font = draw.fit_text(scene.app.font, name, half - size - 16, 13, MIN_TEXT)
        draw.text(surface, name_font, name, (die.right + 6, die.centery), hud.MUTED, anchor="midleft")
    used = size + 4
    if tie:
        fitted, lines = draw.fit_wrapped(scene.app.font, tie, rect.w - 8, 2, 14, MIN_TEXT)
        for row in lines[:2]:
            draw.text(surface, fitted, row, (rect.x + 6, rect.y + used), TIE_TEXT, anchor="topleft")
            used += fitted.get_linesize()
    return used + 6


def draw_words(surface: pygame.Surface, scene: "DotLinesScene", text: str, rect: pygame.Rect,
               colour: tuple[int, int, int] = hud.TEXT) -> None:
    """A prompt or hint wrapped into `rect`, in the largest type from 16 px down to 12 px that fits."""
    if not text or rect.h < MIN_TEXT:
        return
    for size in range(16, MIN_TEXT - 1, -1):  # the largest type whose lines all fit the height
        rows = max(1, rect.h // scene.app.font(size).get_linesize())
        font, lines = draw.fit_wrapped(scene.app.font, text, rect.w - 12, rows, size, size)
        if len(lines) <= rows:
            break
    y = rect.y
    for row in lines:
        if y + font.get_linesize() > rect.bottom + 2:
            break
        draw.text(surface, font, row, (rect.x + 6, y), colour, anchor="topleft")
        y += font.get_linesize()
