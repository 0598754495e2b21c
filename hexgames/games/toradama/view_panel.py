"""The side panel of the Toradama table: one card per player (character, favourite, points, score
pile, niku stock, cube count, okunote) and, in solo, the best results; and the points of every
player over the game as the results screen's chart.

Why it is built this way: the panel changes only when the position on screen, the mover, the names
or the language change, so it is painted into a surface cached on exactly that (`PanelShown.key`).
Where each card goes is the layout's (`TableLayout.cards`, `best`), so the resign pick, the flying
given tile and the tips find the same rects. Everything shown is public.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Sequence

import pygame

from hexgames.games.toradama import pieces
from hexgames.games.toradama.board import KINDS
from hexgames.games.toradama.layout import TableLayout, card_scale
from hexgames.games.toradama.look import character_name, okunote_text, seat_colour, tr_ui
from hexgames.games.toradama.rules import FAVOURITE, ToradamaState
from hexgames.ui import chart, draw, hud

if TYPE_CHECKING:
    from hexgames.ui.shell import Shell


@dataclass(frozen=True)
class PanelShown:
    """What the side panel shows in a frame."""
    state: ToradamaState  # the position on screen (scores change when the player sees the tiles move)
    fingerprint: Any  # the rules' fingerprint of `state`: the cache's key for it
    mover: int | None  # whose card is lit (None once the game is over)
    names: tuple[str, ...]  # the seats' names
    highscore_place: int | None  # where this solo game entered the high-score table
    best: Sequence[Any] = ()  # solo: the best results (highscores.Entry), the top five shown

    def key(self, size: tuple[int, int], language: str) -> tuple[Any, ...]:
        return (size, self.fingerprint, self.mover, language, self.highscore_place, self.names)


class PanelView:
    """Draws the side panel from the layout and a `PanelShown`."""

    def __init__(self, app: "Shell"):
        self.app = app
        self._cache: tuple[Any, pygame.Surface] | None = None

    def forget(self) -> None:
        self._cache = None

    def draw(self, surface: pygame.Surface, geo: TableLayout, shown: PanelShown) -> None:
        key = shown.key(geo.panel.size, self.app.settings.language)
        if self._cache is None or self._cache[0] != key:
            self._cache = (key, self._paint(geo, shown))
        surface.blit(self._cache[1], geo.panel.topleft)

    def _paint(self, geo: TableLayout, shown: PanelShown) -> pygame.Surface:
        p = geo.panel
        surf = pygame.Surface(p.size, pygame.SRCALPHA)
        for seat, rect in geo.cards.items():
            paint_card(self.app, surf, rect.move(-p.x, -p.y), shown.state, seat, shown.names[seat], seat_colour(seat),
                       seat == shown.mover, card_scale(p))
        if shown.state.seats == 1 and geo.best is not None:
            paint_solo_best(self.app, surf, geo.best.move(-p.x, -p.y), shown.best, shown.highscore_place)
        return surf


def paint_card(app: "Shell", surf: pygame.Surface, rect: pygame.Rect, s: ToradamaState, seat: int, name: str,
               chip: tuple[int, int, int], to_move: bool, k: float = 1.0) -> None:
    """One player's card; `k` scales its type and pictures (`layout.card_scale`)."""
    inner = hud.panel(surf, rect, None, app, highlight=to_move)

    def px(n: float) -> int:  # a size at 800x600, scaled
        return round(n * k)

    font = draw.fit_text(app.font, name, inner.w - px(30), px(18), 12, bold=True)
    draw.aa_circle(surf, chip, (inner.x + px(8), inner.y + px(10)), px(7), border=(240, 240, 240))
    draw.text(surf, font, name, (inner.x + px(22), inner.y + px(10)), hud.ACCENT if to_move else hud.TEXT,
              anchor="midleft")
    y = inner.y + px(24)
    c = s.chars[seat]
    icon = min(px(48), max(px(30), rect.h // 4))
    points = s.points(seat)
    label = f"{points}" if s.seats == 1 else f"{points} / {s.target}"
    big = app.font(px(26), bold=True)
    r = draw.text(surf, big, label, (inner.right, y + px(4)), hud.ACCENT, anchor="topright")
    draw.text(surf, app.font(px(12)), tr_ui(app, "points", "points"), (inner.right, r.bottom - px(2)), hud.MUTED,
              anchor="topright")
    if c >= 0:
        surf.blit(pieces.face(c, icon), (inner.x, y))
        fx = inner.x + icon + px(8)
        room = r.x - fx - 8
        name_font = draw.fit_text(app.font, character_name(app, c), room, px(14), 10, bold=True)
        draw.text(surf, name_font, character_name(app, c), (fx, y + px(2)), hud.TEXT, anchor="topleft")
        surf.blit(pieces.tama(FAVOURITE[c], px(20)), (fx, y + px(22)))
        fav = tr_ui(app, "favourite", "favourite: 2 points")
        draw.text(surf, draw.fit_text(app.font, fav, room - px(25), px(13), 9), fav, (fx + px(25), y + px(32)),
                  hud.MUTED, anchor="midleft")
    y += icon + px(8)
    y = _paint_pile(app, surf, inner, y, s.score[seat], k)
    y = _paint_stock(app, surf, inner, y, s, seat, k)
    small = app.font(px(12))
    step = small.get_linesize()
    if c >= 0 and y + step < inner.bottom:
        lines = draw.wrap(small, okunote_text(app, c), inner.w)
        for line in lines[: max(0, (inner.bottom - y) // step)]:
            draw.text(surf, small, line, (inner.x, y), hud.MUTED, anchor="topleft")
            y += step


def _paint_pile(app: "Shell", surf: pygame.Surface, inner: pygame.Rect, y: int, pile: Sequence[int],
                k: float = 1.0) -> int:
    """The score pile: a small tile per kind held, with its count."""
    size = round(20 * k)
    x = inner.x
    label = app.font(round(12 * k))
    draw.text(surf, label, tr_ui(app, "score_pile", "Score pile"), (x, y), hud.MUTED, anchor="topleft")
    y += label.get_linesize()
    if not any(pile):
        draw.text(surf, label, "-", (x, y + 2), hud.MUTED, anchor="topleft")
    for kind in range(KINDS):
        if pile[kind]:
            surf.blit(pieces.tama(kind, size), (x, y))
            r = draw.text(surf, app.font(round(13 * k), bold=True), f"×{pile[kind]}", (x + size + 2, y + size // 2),
                          hud.TEXT, anchor="midleft")
            x = r.right + round(8 * k)
    return y + size + round(6 * k)


def _paint_stock(app: "Shell", surf: pygame.Surface, inner: pygame.Rect, y: int, s: ToradamaState, seat: int,
                 k: float = 1.0) -> int:
    """Niku stock (two places) and the number of cubes in the cube pool."""
    size = round(20 * k)
    x = inner.x
    draw.text(surf, app.font(round(12 * k)), tr_ui(app, "niku", "Niku"), (x, y + size // 2), hud.MUTED, anchor="midleft")
    x += round(44 * k)
    for i in range(2):
        surf.blit(pieces.niku(size) if i < s.niku[seat] else pieces.slot(size), (x, y))
        x += size + 4
    x += round(14 * k)
    surf.blit(pieces.cube(size), (x, y))
    draw.text(surf, app.font(round(13 * k), bold=True), f"×{len(s.cubes[seat])}", (x + size + 3, y + size // 2),
              hud.TEXT, anchor="midleft")
    return y + size + round(8 * k)


def paint_solo_best(app: "Shell", surf: pygame.Surface, rect: pygame.Rect, best: Sequence[Any],
                    mine: int | None) -> None:
    """Solo: the local best results (top five), the new one highlighted."""
    inner = hud.panel(surf, rect, tr_ui(app, "solo.best", "Best results"), app)
    small = app.font(14)
    y = inner.y
    if not best:
        draw.text(surf, small, tr_ui(app, "solo.none", "No results yet"), (inner.x, y), hud.MUTED, anchor="topleft")
        return
    for i, entry in enumerate(best[:5]):
        if y + small.get_linesize() > inner.bottom:
            break
        colour = hud.ACCENT if mine == i else hud.TEXT
        draw.text(surf, small, f"{i + 1}.  {entry.scores[0]}", (inner.x, y), colour, anchor="topleft")
        draw.text(surf, small, entry.date[:10], (inner.right, y), hud.MUTED, anchor="topright")
        y += small.get_linesize()


def chart_panels(app: "Shell", states: list[ToradamaState], seat_name: Callable[[int], str]) -> list[chart.Panel]:
    """The results screen's chart: every player's points over the game, in one panel."""
    last = states[-1]
    lines = [chart.Line(seat_name(i), seat_colour(i), [float(s.points(i)) for s in states]) for i in range(last.seats)]
    return [chart.Panel(tr_ui(app, "chart.points", "Points"), lines)]
