"""What happened since the viewer's last turn, on screen: fading from -> to arrows on the map and a
few lines at the foot of the side panel ("Chika: moved 3 huts from Steppe to Forest in the upper
left, founding ..."), else the last move, for everyone. A mixin of `ClansScene`; the turns come from
`recap` (the match history), their words from the rules' `describe` of what the viewer observed.
"""
from __future__ import annotations

import pygame

from hexgames.games.clans import recap
from hexgames.ui import draw, hud

RECAP_LINES = 5  # most turns listed in the recap (older ones are counted)


class RecapMixin:
    """The recap arrows and lines of `ClansScene`."""

    _recap_cache: tuple | None

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
        """(title, one line per turn, oldest first), remembered until the position, the viewer or
        the language changes (the panel asks every frame)."""
        m = self.match
        key = (len(m.moves), m.state, self.viewer, self.app.settings.language)
        cached = self._recap_cache
        if cached is not None and cached[0] == key:
            return cached[1]
        title_key, turns = self.recap_turns()
        lines = [self._turn_text(turn) for turn in turns[-RECAP_LINES:]]
        if len(turns) > RECAP_LINES:
            lines.insert(0, self.app.tr("clans.recap.more", n=len(turns) - RECAP_LINES))
        self._recap_cache = (key, (self.app.tr(title_key), lines))
        return self._recap_cache[1]

    def _turn_text(self, turn: recap.Turn) -> str:
        """"Name: what they did", each move worded as the viewer may know it, as in the move log
        (the viewer's own colour marked, nobody else's named)."""
        m, viewer, tr = self.match, self.viewer, self.app.tr
        parts = [self.app.tr_reason(m.describe(i, viewer)) for i in turn.steps]
        return tr("clans.recap.line", name=self.seat_name(turn.seat), text=tr("clans.recap.part_sep").join(parts))

    def _draw_recap(self, surface: pygame.Surface, x: int, y: int, w: int, h: int) -> None:
        """The recap at the foot of the side panel, off the map: its title and the newest lines that
        fit in `h` (an ellipsis on top when older ones had to go)."""
        title, lines = self.recap_lines()
        head = self.app.font(13, bold=True)
        font = self.app.font(13)
        step = font.get_linesize()
        if not lines or h < head.get_linesize() + step:
            return
        draw.text(surface, head, title, (x, y), hud.ACCENT, anchor="topleft")
        y += head.get_linesize() + 2
        wrapped = [part for line in lines for part in draw.wrap(font, line, w)]
        room = (h - head.get_linesize() - 2) // step
        if len(wrapped) > room:  # the newest lines; "…" says there was more before
            wrapped = wrapped[-room:]
            wrapped[0] = "…" + wrapped[0]
        for line in wrapped:
            draw.text(surface, font, line, (x, y), hud.TEXT, anchor="topleft")
            y += step
