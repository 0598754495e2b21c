"""Playing Clans without the mouse: the arrow keys or Tab point at an area (a cyan ring), Enter picks
the group up, points at a target and puts it down; Backspace lets go. While several villages wait,
the same keys choose which one scores next. A mixin of `ClansScene`: moves go through `submit`, so
the rules decide as for a drag.
"""
from __future__ import annotations

import pygame

from hexgames.games.clans.look import KEY_FOCUS
from hexgames.games.clans.rules import Move, ScoreNext


class KeyboardMixin:
    """Keyboard moves of `ClansScene`."""

    key_focus: int | None

    def key_candidates(self) -> list[int]:
        """The areas the keyboard may point at now: "?" villages, the held group's targets, or the
        groups that can move; in reading order (top to bottom, left to right)."""
        s = self.state
        if s.pending:
            areas = list(s.pending)
        elif self.selected is not None:
            areas = [self.selected] + self.rules.targets(s, self.selected)
        else:
            villages = s.village_areas()
            areas = [a for a in s.active if a not in villages and self.rules.targets(s, a)]
        return sorted(areas, key=lambda a: (round(self.area_center(a)[1] / max(1.0, self.cell * 3)),
                                            self.area_center(a)[0]))

    def _key(self, event: pygame.event.Event) -> bool:
        directions = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
        if event.key not in directions and event.key not in (pygame.K_TAB, pygame.K_RETURN, pygame.K_KP_ENTER,
                                                             pygame.K_SPACE, pygame.K_BACKSPACE):
            return False
        if not self.can_act:
            return True
        if event.key == pygame.K_BACKSPACE:
            self.selected = None
            return True
        candidates = self.key_candidates()
        if not candidates:
            return True
        focus = self.key_focus if self.key_focus in candidates else None
        if event.key == pygame.K_TAB:
            step = -1 if event.mod & pygame.KMOD_SHIFT else 1
            i = candidates.index(focus) + step if focus is not None else 0
            self.key_focus = candidates[i % len(candidates)]
        elif event.key in directions:
            self.key_focus = self._nearest(candidates, focus, directions[event.key])
        elif focus is None:
            self.key_focus = candidates[0]
        else:
            self._key_confirm(focus)
        return True

    def _nearest(self, candidates: list[int], focus: int | None, d: tuple[int, int]) -> int:
        """The candidate closest in direction `d` from the focus (the focus itself if none lies there)."""
        if focus is None:
            return candidates[0]
        fx, fy = self.area_center(focus)
        best, best_cost = focus, float("inf")
        for a in candidates:
            x, y = self.area_center(a)
            along = (x - fx) * d[0] + (y - fy) * d[1]
            if a == focus or along <= 0:
                continue
            across = abs((x - fx) * d[1] - (y - fy) * d[0])
            cost = along + 2 * across
            if cost < best_cost:
                best, best_cost = a, cost
        return best

    def _key_confirm(self, area: int) -> None:
        s = self.state
        if s.pending:
            self.submit(ScoreNext(area))
        elif self.selected is None:
            self.selected = area
            targets = self.rules.targets(s, area)
            self.key_focus = targets[0] if targets else area
        elif area == self.selected:
            self.selected = None
        else:
            first, self.selected = self.selected, None
            if self.submit(Move(first, area)):
                self.key_focus = area

    def _draw_key_focus(self, surface: pygame.Surface) -> None:
        if self.key_focus is not None and self.can_act and self.key_focus in self.key_candidates():
            self._outline_area(surface, self.key_focus, KEY_FOCUS, 4)
