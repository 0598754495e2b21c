"""What happened since the viewer's last turn, on screen: fading from -> to arrows on the map and a
card of short lines ("Chika: 3 huts from Steppe to Forest; founded a village ..."), else the last
move for everyone. A mixin of `ClansScene`; the turns come from `recap` (the match history).
"""
from __future__ import annotations

import math

import pygame

from hexgames.games.clans import recap
from hexgames.ui import draw, hud

RECAP_LINES = 5  # most turns listed in the recap card (older ones are counted)


class RecapMixin:
    """The recap arrows and card of `ClansScene`."""

    def recap_turns(self) -> tuple[str, list[recap.Turn]]:
        """(title key, turns): the others' turns since the viewer last moved when it is the viewer's
        turn again, else the last turn played."""
        m, viewer = self.match, self.viewer
        if viewer is not None and not m.is_over and m.to_move == viewer:
            turns = recap.since_last_turn(m.states, m.moves, viewer)
            if turns:
                return "clans.recap.since", turns
        return "clans.recap.last", recap.last_turn(m.states, m.moves)

    def recap_lines(self) -> tuple[str, list[str]]:
        key, turns = self.recap_turns()
        lines = [self._turn_text(turn) for turn in turns[-RECAP_LINES:]]
        if len(turns) > RECAP_LINES:
            lines.insert(0, self.app.tr("clans.recap.more", n=len(turns) - RECAP_LINES))
        return self.app.tr(key), lines

    def _turn_text(self, turn: recap.Turn) -> str:
        tr, name = self.app.tr, self.seat_name(turn.seat)
        if turn.move is None:
            parts = [tr("clans.recap.order", name=name)]
        else:
            parts = [tr("clans.recap.move_one" if turn.huts == 1 else "clans.recap.move", name=name, huts=turn.huts,
                        src=self._terrain_label(self.map.terrain[turn.move.src]),
                        dst=self._terrain_label(self.map.terrain[turn.move.dst]))]
        for e in turn.villages:
            terrain = self._terrain_label(self.map.terrain[e.area])
            if e.hostile:
                parts.append(tr("clans.recap.village_hostile", terrain=terrain))
            elif e.scorers:
                parts.append(tr("clans.recap.village", terrain=terrain, value=e.value,
                                colours=self.app.join([self._colour_label(c) for c in e.scorers])))
            else:
                parts.append(tr("clans.recap.village_none", terrain=terrain))
        return tr("clans.recap.part_sep").join(parts)

    def _draw_recap_arrows(self, surface: pygame.Surface) -> None:
        """From -> to arrows, the latest strongest, older ones fading."""
        moves = [t.move for t in self.recap_turns()[1] if t.move is not None]
        if not moves:
            return
        layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        width = max(3, round(self.cell * 0.45))
        for age, move in enumerate(reversed(moves)):
            alpha = max(70, 235 - 45 * age)
            _arrow(layer, self.area_center(move.src), self.area_center(move.dst), width, (20, 20, 24, alpha))
            _arrow(layer, self.area_center(move.src), self.area_center(move.dst), max(1, width - 2),
                   (255, 255, 255, alpha))
        surface.blit(layer, (0, 0))

    def recap_rect(self) -> pygame.Rect | None:
        return self._recap_layout()[0]

    def _recap_layout(self) -> tuple[pygame.Rect | None, str, list[str]]:
        """(card rect, title, wrapped lines): the newest lines that fit in a third of the map's height."""
        title, lines = self.recap_lines()
        if not lines:
            return None, title, []
        font = self.app.font(14)
        width = min(420, max(240, round(self.map_rect.w * 0.5)))
        room = max(1, (self.map_rect.h // 3 - 30) // 19)
        wrapped = [w for line in lines for w in draw.wrap(font, line, width - 20)][-room:]
        rect = pygame.Rect(0, 0, width, 30 + 19 * len(wrapped))
        rect.bottomleft = (self.map_rect.x + 4, self.map_rect.bottom - 4)
        return rect, title, wrapped

    def _draw_recap_card(self, surface: pygame.Surface) -> None:
        rect, title, lines = self._recap_layout()
        if rect is None or self.dragging:
            return
        font = self.app.font(14)
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        draw.rounded_panel(layer, layer.get_rect(), (24, 30, 40, 225), 8, border=(90, 100, 120))
        draw.text(layer, self.app.font(13, bold=True), title, (10, 14), hud.ACCENT, anchor="midleft")
        for i, line in enumerate(lines):
            draw.text(layer, font, line, (10, 33 + 19 * i), hud.TEXT, anchor="midleft")
        if rect.collidepoint(self.pointer):  # the map below matters more than the card: see through
            layer.set_alpha(50)
        surface.blit(layer, rect.topleft)


def _arrow(surface: pygame.Surface, a: tuple[float, float], b: tuple[float, float], width: int,
           rgba: tuple[int, int, int, int]) -> None:
    """A straight arrow from a to b with a head at b, stopping short of b's huts."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    head = width * 3.2
    tip = (b[0] - ux * width * 2.5, b[1] - uy * width * 2.5)
    base = (tip[0] - ux * head, tip[1] - uy * head)
    pygame.draw.line(surface, rgba, a, base, width)
    wing = head * 0.6
    pygame.draw.polygon(surface, rgba, [tip, (base[0] - uy * wing, base[1] + ux * wing),
                                        (base[0] + uy * wing, base[1] - ux * wing)])
