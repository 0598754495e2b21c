"""What a move sets in motion for a moment, over the other parts: tiles sliding from a hand to a line,
from the deck to a hand, from hand to hand in an exchange; the roll-off dice tumbling; a used action
marker turning over. `Motion` starts them on the scene's animator (so the AI, the hand-over and the
results wait for them) and draws the sliding tiles, last, since they cross the felt and the panel.

Only public tiles move: every draw comes after the hands are turned face up, so a sliding tile shows
nothing the viewer's hand does not show once it lands.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from hexgames.games.dotlines.layout import TableLayout
from hexgames.games.dotlines.look import ACTION_BITS, tr_ui
from hexgames.games.dotlines.pieces import SELECT, draw_tile
from hexgames.games.dotlines.rules import DotLinesState, Draw, Exchange, Place, Redraw, Roll, Stack
from hexgames.ui.anim import Animator, Easing, Tween, ease_in_out, ease_out_cubic

if TYPE_CHECKING:
    from hexgames.ui.shell import Shell

SLIDE_SECONDS = 0.45
ROLL_SECONDS = 0.9
FLIP_SECONDS = 0.5
TUMBLE = 0.7  # of each roll's second: the faces tumble, then the roll shows


@dataclass
class Flight:
    """A tile on its way; `land` = (seat, value): the hand tile it becomes, an empty place until then."""
    value: int
    tween: Tween
    land: tuple[int, int] | None


class Motion:
    """The tiles sliding, the roll-off and the markers turning, on the scene's animator."""

    def __init__(self, app: "Shell", animator: Animator):
        self.app = app
        self.animator = animator
        self.flying: list[Flight] = []
        self.hide_new: tuple[int, int] | None = None  # (line, col) drawn only once the slide lands
        self.roll_rng = random.Random(0)

    def start(self, geo: TableLayout, before: DotLinesState, move: Any, after: DotLinesState, moves: int) -> None:
        """Slide what `move` moved (the `moves`-th of the match): tiles from the hand to a line, a
        drawn tile from the deck to the hand, exchanged tiles from hand to hand; the dice tumble for
        the roll-off; used markers turn over."""
        kind = type(move)
        seat = before.current
        if kind is Roll:
            self.roll_rng = random.Random(moves)
            self.animator.tween(0.0, float(len(after.rolls)), ROLL_SECONDS * len(after.rolls), tag="roll")
        elif kind in (Place, Stack):
            self._lay(geo, before, move, after, seat)
        elif kind in (Draw, Redraw):
            gone = move.value if kind is Redraw else 0
            new = next((v for v in range(1, 7) if after.hands[seat][v] - before.hands[seat][v] + (v == gone) > 0), 0)
            if new:
                self.fly(new, geo.deck_rect.topleft, geo.hand_spot(after.hand_tiles(seat), seat, new),
                         SLIDE_SECONDS * 0.8, land=(seat, new), ease=ease_out_cubic)
        elif kind is Exchange:
            other = 1 - seat
            self.fly(move.give, geo.hand_spot(before.hand_tiles(seat), seat, move.give),
                     geo.hand_spot(after.hand_tiles(other), other, move.give), SLIDE_SECONDS, land=(other, move.give))
            self.fly(move.take, geo.hand_spot(before.hand_tiles(other), other, move.take),
                     geo.hand_spot(after.hand_tiles(seat), seat, move.take), SLIDE_SECONDS, land=(seat, move.take))
        for bit in ACTION_BITS:  # an action marker just used turns over
            if after.used[seat] & bit and not before.used[seat] & bit:
                self.animator.tween(0.0, 1.0, FLIP_SECONDS, ease=ease_in_out, tag=("flip", seat, bit))

    def _lay(self, geo: TableLayout, before: DotLinesState, move: Place | Stack, after: DotLinesState,
             seat: int) -> None:
        """The tiles of a new column (shown once they land) or of a stack slide from the hand."""
        line = move.line
        col = len(after.lines[line]) - 1 if type(move) is Place else move.col
        laid = after.lines[line][col].tiles[len(before.lines[line][col].tiles) if type(move) is Stack else 0:]
        self.hide_new = (line, col) if type(move) is Place else None
        hand = before.hand_tiles(seat)
        for k, value in enumerate(laid):
            self.fly(value, geo.hand_spot(hand, seat, value, k), geo.col_rects[line][col].topleft, SLIDE_SECONDS,
                     delay=0.06 * k)

    def fly(self, value: int, start: tuple[int, int], end: tuple[int, int], seconds: float, delay: float = 0.0,
            land: tuple[int, int] | None = None, ease: Easing = ease_in_out) -> None:
        tween = self.animator.tween(start, end, seconds, ease=ease, delay=delay, on_done=self._landed)
        self.flying.append(Flight(value, tween, land))

    def _landed(self) -> None:
        self.flying = [f for f in self.flying if not f.tween.done]
        if not self.flying:
            self.hide_new = None

    def clear(self) -> None:
        """Nothing moves any more (an undo: the animator's tweens are dropped with it)."""
        self.flying = []
        self.hide_new = None

    # --- what the other parts show meanwhile ------------------------------------------------------
    @property
    def rolling(self) -> bool:
        """The roll-off dice still tumble: no part may tell who won before they land."""
        return self.animator.value("roll") is not None

    def landing(self, seat: int) -> tuple[int, ...]:
        """The values of the tiles still sliding into `seat`'s hand."""
        return tuple(f.land[1] for f in self.flying if f.land and f.land[0] == seat and not f.tween.done)

    def flips(self, seat: int) -> tuple[float | None, ...]:
        """How far each of `seat`'s action markers has turned over (None: not turning)."""
        return tuple(self.animator.value(("flip", seat, bit)) for bit in ACTION_BITS)

    def roll_shown(self, v: DotLinesState) -> tuple[tuple[int, int], str | None]:
        """The roll-off dice faces to show now and, for a tie, the words: while the dice tumble a tie
        is said as it lands ("a tie at 3: both roll again"), afterwards that there was one."""
        rolls = v.rolls
        t = self.animator.value("roll")
        if t is not None:
            k = min(int(t), len(rolls) - 1)
            if t - int(t) <= TUMBLE:  # still tumbling
                return (self.roll_rng.randint(1, 6), self.roll_rng.randint(1, 6)), None
            if k < len(rolls) - 1:
                return rolls[k], tr_ui(self.app, "roll_tie", "A tie at {value}: both roll again.", value=rolls[k][0])
            return rolls[k], None
        ties = len(rolls) - 1
        if ties == 1:
            return rolls[-1], tr_ui(self.app, "roll_tied_once", "First a tie at {value}: rolled again.", value=rolls[0][0])
        if ties > 1:
            return rolls[-1], tr_ui(self.app, "roll_tied", "{count} ties first: rolled again.", count=ties)
        return rolls[-1], None

    def draw(self, surface: pygame.Surface, geo: TableLayout) -> None:
        """The sliding tiles, framed as a selection is, at the lines' tile size."""
        t = geo.tile
        for f in self.flying:
            tw = f.tween
            if tw.done or tw.elapsed < tw.delay:
                continue
            x, y = tw.value
            draw_tile(surface, pygame.Rect(round(x), round(y), t, t), f.value, border=SELECT)
