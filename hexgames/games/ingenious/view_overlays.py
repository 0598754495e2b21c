"""What is drawn over the table for a moment, after the board, the rack and the panel: "Ingenious!"
lighting a score card, the computer's tile sliding from its card to the board, the lines a
placement scored lit with their points, and the tile in the player's hand following the pointer (or
laid on the hexes under it, ringed green or red).

They come last because they cross the other parts: the sliding tile flies over the panel, the tile
in hand over the rack.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Sequence

import pygame

from hexgames.games.ingenious import pieces
from hexgames.games.ingenious.layout import TableLayout, direction
from hexgames.games.ingenious.look import ILLEGAL, LAST_MOVE, LEGAL, tr_ui
from hexgames.games.ingenious.rules import Place
from hexgames.ui import draw, score_show

if TYPE_CHECKING:
    from hexgames.ui.shell import Shell
    from hexgames.ui.anim import Tween

HELD_ALPHA, ILLEGAL_ALPHA = 235, 150
SCORED = (255, 255, 255)  # the ring of a hex a placement counted


def draw_celebrations(surface: pygame.Surface, app: "Shell", geo: TableLayout,
                      celebrations: Sequence[tuple["Tween", int]]) -> None:
    """"Ingenious!" on the score card that earned it, for a moment: its frame glows gold and the
    word (times the bonus placements, when more than one) sits in the card's top right corner.
    The message strip says it in words as well."""
    for tween, track in celebrations:
        card = geo.cards.get(track)
        if card is None or tween.elapsed < tween.delay:
            continue
        t = tween.value
        alpha = 255 if t < 0.7 else max(0, round(255 * (1 - (t - 0.7) / 0.3)))
        glow = 0.6 + 0.4 * math.sin(t * 20)
        ring = card.inflate(6, 6)
        layer = pygame.Surface(ring.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (*LAST_MOVE, round(alpha * glow)), layer.get_rect(), 4, border_radius=12)
        surface.blit(layer, ring.topleft)
        word = tr_ui(app, "ingenious", "Ingenious!") + (f" ×{tween.tag}" if tween.tag and tween.tag > 1 else "")
        font, word = draw.fit_line(app.font, word, card.w // 2, 17, bold=True)
        pill = pygame.Rect(0, 0, font.size(word)[0] + 14, font.get_linesize() + 2)
        pill.topright = (card.right - 6, card.y + 5)
        tag = pygame.Surface(pill.size, pygame.SRCALPHA)
        draw.rounded_panel(tag, tag.get_rect(), (64, 50, 16), pill.h // 2, border=LAST_MOVE)
        draw.text(tag, font, word, (pill.w / 2, pill.h / 2), LAST_MOVE)
        tag.set_alpha(alpha)
        surface.blit(tag, pill.topleft)


def draw_slide(surface: pygame.Surface, geo: TableLayout, slide: tuple["Tween", Place] | None) -> None:
    """The computer's tile on its way to the board (the board shows the position before it)."""
    if slide is None:
        return
    tween, move = slide
    pieces.draw_tile(surface, move.tile, tween.value, direction(move.a, move.b), geo.hex_size)


def draw_held(surface: pygame.Surface, geo: TableLayout, tile: tuple[int, int], hover: Place | None, legal: bool,
              pointer: tuple[int, int], orientation: int) -> None:
    """The tile in hand: laid on the two hexes under the pointer when both are on the board (ringed
    green where it may go, red and faint where not), else following the pointer."""
    if hover is None:
        pieces.draw_tile(surface, tile, pointer, orientation, geo.hex_size, alpha=HELD_ALPHA)
        return
    pieces.draw_placement(surface, hover.tile, (geo.hex_center(hover.a), geo.hex_center(hover.b)), geo.hex_size,
                          LEGAL if legal else ILLEGAL, alpha=HELD_ALPHA if legal else ILLEGAL_ALPHA)


def scoring_style(geo: TableLayout) -> score_show.MarkStyle:
    """Ingenious' marks: each hex of a counted line ringed white, the points in the colour's frame
    with its symbol (a ring in the tile's own colour would vanish on it)."""
    def outline(surface: pygame.Surface, hex_: object, colour: tuple[int, int, int], alpha: int) -> None:
        ring = pieces.outline_sprite(geo.hex_size, SCORED, max(2.0, geo.hex_size / 6))
        ring.set_alpha(alpha)
        surface.blit(ring, ring.get_rect(center=geo.hex_center(hex_)))

    return score_show.MarkStyle(
        centre=geo.hex_center, outline=outline,
        colour=lambda mark: pieces.shade(pieces.FILLS[mark.colour], 1.15),
        symbol=lambda mark, size: pieces.symbol_icon(mark.colour, max(8, size)), size=geo.hex_size)

