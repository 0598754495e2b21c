"""What the message strip under a game's board remembers between frames: the computer's last move
in words (worded once per move, viewer and language), how long the pointer has rested on a drawn
part (its tip shows after `TIP_DELAY`), and when the toasts last aged (they age under an overlay
too, where the scene's `update` does not run). `frame_view` draws it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Sequence

import pygame

if TYPE_CHECKING:
    from hexgames.core.match import Match
    from hexgames.ui.hud import ToastStack
    from hexgames.ui.shell import Drawing

TIP_DELAY = 0.6  # seconds the pointer rests on a drawn panel before its tip shows
Regions = Callable[[], Sequence[tuple[pygame.Rect, str]]]


class MessageStrip:
    """The strip's memory: see the module docstring."""

    def __init__(self) -> None:
        self._line: tuple[Any, int, str] | None = None  # (key, seat, words) of the last wording
        self._tip: tuple[Any, float] = (None, 0.0)  # the (rect, tip) under the pointer, and since when
        self._toasts_aged = 0.0

    def computer_line(self, app: "Drawing", match: "Match", ai_moves: Sequence[int], viewer: int | None,
                      seat_name: Callable[[int], str]) -> tuple[int, str] | None:
        """The newest computer move since a human acted, as (seat, words for `viewer`)."""
        if not ai_moves or ai_moves[-1] >= len(match.moves):
            return None
        i = ai_moves[-1]
        before = match.states[i]
        key = (i, id(before), viewer, app.settings.language)
        if self._line is None or self._line[0] != key:
            seat = match.mover(i)
            words = app.tr_reason(match.describe(i, viewer))
            self._line = (key, seat, app.tr("ui.game.ai_moved", name=seat_name(seat), text=words))
        return self._line[1], self._line[2]

    def age_toasts(self, toasts: "ToastStack", now: float, on_top: bool) -> None:
        """Toasts age in the scene's `update`, which runs only on top: under an overlay, here."""
        if not on_top:
            toasts.update(max(0.0, now - self._toasts_aged))
        self._toasts_aged = now

    def tip(self, pointer: tuple[int, int], covered: bool, regions: Regions, now: float) -> str | None:
        """The tip of the drawn part under the pointer (`regions`, asked only when no widget or the
        move log covers it), once the pointer has rested there a moment."""
        region = None if covered else next(((rect, text) for rect, text in regions() if rect.collidepoint(pointer)),
                                           None)
        if self._tip[0] != region:
            self._tip = (region, now)
        if region is None or now - self._tip[1] < TIP_DELAY:
            return None
        return region[1]
