"""What a move sets in motion for a moment, over the other parts: tiles sliding from a hand to a line,
from the deck to a hand, from hand to hand in an exchange; the roll-off dice tumbling; a used action
marker turning over. `Motion` starts them on the scene's animator (so the AI, the hand-over and the
results wait for them) and draws the sliding tiles, last, since they cross the felt and the panel.
Then what the move did for the race is lit where it happened (`scoring_style`: the shared
`ui.score_show` plays the rules' marks, this module says where a column or a hand is and words them).

Only public tiles move: every draw comes after the hands are turned face up, so a sliding tile shows
nothing the viewer's hand does not show once it lands.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Sequence

import pygame

from hexgames.core.scoring import ScoreMark
from hexgames.games.dotlines import marks
from hexgames.games.dotlines.layout import TableLayout
from hexgames.games.dotlines.look import ACTION_BITS, tr_ui
from hexgames.games.dotlines.pieces import CHART_RGB, CHIP_RGB, SELECT, draw_chip, draw_tile, line_marker
from hexgames.games.dotlines.rules import DOUBLE, INVERTER, DotLinesState, Draw, Exchange, Place, Redraw, Roll, Stack
from hexgames.ui import score_show
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

    @property
    def remaining(self) -> float:
        """Animation seconds until the last sliding tile lands (0: nothing slides): the move's marks
        light up on the tiles once they are there."""
        return max((f.tween.delay + f.tween.duration - f.tween.elapsed for f in self.flying if not f.tween.done),
                   default=0.0)

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


# --- what a move did for the race, lit where it happened ---------------------------------------------
MARK_SIZE = 0.26  # a mark's pill, as a share of the tile: its type grows with the table (15 px at the least)
WON = (255, 214, 90)  # the ending that decided the game: the winner's gold...
LOST = (236, 110, 100)  # ...and the loser's red, where the ending names them (a draw: the line's colour)
WINNING = (marks.WON_LINE, marks.WON_HAND, marks.WON_HAND_SIXTH, marks.DECK_FEWER)
LOSING = (marks.STUCK, marks.DECK_MORE)
MARK_WORDS = {  # a mark's words by its note ({count}: the mark's number, {value}: what an inverted tile counts as)
    marks.COLUMNS: ("mark.columns", "{count}/6"),
    marks.STACKED: ("mark.stacked", "+{count} stacked"),
    marks.CHIP_DOUBLE: ("mark.double", "Double: 1 tile = 2"),
    marks.CHIP_INVERTER: ("mark.inverter", "Inverter: {count} as {value}"),
    marks.HAND_LEFT: ("mark.hand", "{count} in hand"),
    marks.WON_LINE: ("mark.won_line", "6 columns: wins"),
    marks.WON_HAND: ("mark.won_hand", "Hand empty: wins"),
    marks.WON_HAND_SIXTH: ("mark.won_hand_sixth", "Hand empty on their 6th column: wins"),
    marks.STUCK: ("mark.stuck", "Can neither place nor act: loses"),
    marks.DECK_FEWER: ("mark.deck_fewer", "Deck out: {count} in hand, fewer wins"),
    marks.DECK_MORE: ("mark.deck_more", "Deck out: {count} in hand"),
    marks.DECK_EVEN: ("mark.deck_even", "Deck out: {count} each, a draw"),
}


def mark_words(app: "App", mark: ScoreMark) -> str:
    """What a mark says, in the player's language."""
    key, default = MARK_WORDS[mark.note]
    return tr_ui(app, key, default, count=mark.points, value=7 - mark.points)


class MarkPlaces:
    """Where a mark's place is on the table `v` shows: a column's pile (its count badge inside), the
    chip on its tile, a hand's tiles; where its ring goes and where its words are said."""

    def __init__(self, geo: TableLayout, v: DotLinesState, pill_h: int):
        self.geo, self.v, self.pill_h = geo, v, pill_h
        self.badge = max(9, round(geo.tile * 0.2))  # a column's count badge, at its pile's bottom-right corner

    def pile(self, place: tuple[Any, ...]) -> pygame.Rect:
        """The tiles of a hand or a column as they are drawn (a column's pile with its stacked tiles)."""
        geo, (kind, index) = self.geo, place[:2]
        if kind == marks.HAND:
            tiles = geo.hand_rects(index, self.v.hand_size(index))
            if not tiles:  # an emptied hand: where its tiles were
                area = geo.hand_area[index]
                return pygame.Rect(area.centerx - geo.tile // 2, area.y + geo.label_h + geo.pad, geo.tile, geo.tile)
            return tiles[0].unionall(tiles[1:])
        rect = geo.col_rects[kind][index]
        n = len(self.v.lines[kind][index].tiles) if index < len(self.v.lines[kind]) else 1
        step = geo.stack_step(n)
        return pygame.Rect(rect.x, rect.y - step * (n - 1) // 2, rect.w, rect.h + step * (n - 1))

    def ring(self, place: tuple[Any, ...]) -> pygame.Rect:
        """Around the pile and its count badge, the hand's tiles, or the chip where the column draws it."""
        box, tile = self.pile(place), self.geo.tile
        if len(place) == 3:
            ring = pygame.Rect(0, 0, 2 * max(7, tile * 0.17) + 14, 2 * max(7, tile * 0.17) + 14)
            ring.center = (box.right - 4, box.bottom - tile + 4)
            return ring
        edge = max(4, tile // 12)
        extra = self.badge if place[0] != marks.HAND else 0
        return pygame.Rect(box.x - edge, box.y - edge, box.w + 2 * edge + extra, box.h + 2 * edge + extra)

    def centre(self, place: tuple[Any, ...]) -> tuple[float, float]:
        """A hand's words on its label row, a column's just above its pile (clear of a chip laid on it),
        the chip's under the column."""
        box = self.pile(place)
        if place[0] == marks.HAND:
            return box.centerx, self.geo.label_pos(self.geo.hand_area[place[1]])[1]
        return box.centerx, box.bottom + self.badge // 2 if len(place) == 3 else box.top - self.pill_h // 2 + 4

    def outline(self, surface: pygame.Surface, place: tuple[Any, ...], colour: tuple[int, int, int],
                alpha: int) -> None:
        ring = self.ring(place)
        layer = pygame.Surface(ring.size, pygame.SRCALPHA)
        width = ring_width(self.geo)
        rounding = ring.w // 2 if len(place) == 3 else 10
        pygame.draw.rect(layer, (10, 12, 16, 160), layer.get_rect(), width + 2, border_radius=rounding)
        pygame.draw.rect(layer, colour, layer.get_rect().inflate(-2, -2), width, border_radius=rounding)
        layer.set_alpha(alpha)
        surface.blit(layer, ring.topleft)


def ring_width(geo: TableLayout) -> int:
    return max(3, geo.tile // 18)


def mark_colour(mark: ScoreMark) -> tuple[int, int, int]:
    """The chip's own colour; the winner's gold or the loser's red for the ending; else the colour of
    the line the mark counts for."""
    if mark.note in (marks.CHIP_DOUBLE, marks.CHIP_INVERTER):
        return CHIP_RGB[mark.note == marks.CHIP_INVERTER]
    if mark.note in LOSING:
        return LOST
    return WON if mark.note in WINNING else CHART_RGB[mark.colour]


def scoring_style(app: "App", geo: TableLayout, v: DotLinesState) -> score_show.MarkStyle:
    """Dot Lines' marks on the table `v` shows: a column or a hand ringed in the colour of the line it
    counts for, the words in a pill above it with that line's marker (a disc for white, a square for
    black); the chip laid ringed on its tile, its words under the column; the ending that decided the
    game in gold for the winner, red for the loser."""
    size = max(12, round(geo.tile * MARK_SIZE))
    places = MarkPlaces(geo, v, app.font(max(15, round(size * 0.8)), True).get_height() + 4)  # as the pills

    def symbol(mark: ScoreMark, px: int) -> pygame.Surface:
        icon = pygame.Surface((px, px), pygame.SRCALPHA)
        if mark.note in (marks.CHIP_DOUBLE, marks.CHIP_INVERTER):
            draw_chip(icon, app, (px / 2, px / 2), px * 0.5, INVERTER if mark.note == marks.CHIP_INVERTER else DOUBLE)
        else:
            line_marker(mark.colour)(icon, (px // 2, px // 2), px - 2)
        return icon

    return score_show.MarkStyle(centre=places.centre, outline=places.outline, colour=mark_colour, symbol=symbol,
                                size=size, words=lambda mark: mark_words(app, mark))


def draw_ending(surface: pygame.Surface, app: "App", geo: TableLayout, v: DotLinesState, ending: Sequence[ScoreMark],
                show: score_show.ScoreShow) -> None:
    """The ending that decided the game (`ending`: its marks) kept on the board once the game is over:
    from the moment the last move's show lights it (never before the column that made it), or at once
    where no show runs (at instant speed, behind the results, the replay's last position)."""
    if ending and (not show.busy or any(lit.mark.note in marks.ENDINGS for lit in show.lit())):
        style = scoring_style(app, geo, v)
        score_show.draw_lit(surface, app.font, [score_show.Lit(mark, 1.0, 1.0) for mark in ending], style)
