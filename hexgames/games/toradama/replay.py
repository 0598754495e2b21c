"""Turning what the rules recorded about a move into animation steps the scene plays one by one.

Why it exists apart from the scene: the rules compute every fall, chain, flip and draw (`events` on the
state after a move); the scene only replays them. This module, free of pygame, says how long each
step takes and what it changes on the *shown* state (a view the scene draws while the animation
runs), so the order and the effects can be tested without a screen. At the end of the last step the
shown state equals what `observe` gives for the new state, and the scene drops it. `Show` is that
animation's state (the steps, their tweens, the shown position), which the scene holds and its views
draw; `moving_cells` and `last_turn_after` read the same records for the board.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from hexgames.games.toradama.board import EMPTY, HIDDEN_CUBE, KINDS, ROWS, cell
from hexgames.games.toradama.moves import CUBE_SOURCE
from hexgames.games.toradama.rules import ToradamaState
from hexgames.ui.anim import Animator, Tween, linear

# seconds at normal speed
PLACE_FLIGHT, PLACE_BASE, PLACE_PER_ROW = 0.22, 0.18, 0.05  # from the pool to the column, then the drop
FALL_BASE, FALL_PER_ROW = 0.16, 0.07
DURATIONS = {"ball": 0.4, "chain": 1.0, "flip": 0.45, "okunote": 0.8, "swap": 0.35, "return": 0.3,
             "dig": 0.35, "draw": 0.16, "bagout": 1.6, "give": 0.45, "end": 0.6}
SILENT = ("turn", "choose")
GIFT_SHOWN = 1.0  # seconds a given tile's points stay on the receiver's pile once it landed


@dataclass(frozen=True)
class Step:
    """One thing to show: `kind` is the event's name, `data` its recorded details, `mover` the seat
    whose move it belongs to."""

    kind: str
    data: tuple
    mover: int
    duration: float


def steps_for(events: Sequence[tuple], mover: int) -> list[Step]:
    """The animation of one move, in the order the rules resolved it."""
    out = []
    for event in events:
        kind, data = event[0], tuple(event[1:])
        if kind in SILENT:
            continue
        if kind == "place":
            duration = PLACE_FLIGHT + PLACE_BASE + PLACE_PER_ROW * (ROWS - data[3])
        elif kind == "fall":
            duration = FALL_BASE + FALL_PER_ROW * max(frm - to for _, frm, to, _ in data[0])
        elif kind in ("win", "stuck", "resign"):
            kind, duration = "end", DURATIONS["end"]
            data = (event[0], *data)
        else:
            duration = DURATIONS[kind]
        out.append(Step(kind, data, mover, duration))
    return out


def apply_step(shown: ToradamaState, step: Step) -> None:
    """Change the shown state as the step's end leaves it."""
    handler = _EFFECTS.get(step.kind)
    if handler is not None:
        handler(shown, step.data, step.mover)


def moving_cells(step: Step) -> frozenset[int]:
    """The cells `step` draws itself while it plays (the static board leaves them out)."""
    kind, data = step.kind, step.data
    if kind == "fall":
        return frozenset(col * ROWS + frm for col, frm, _, _ in data[0])
    if kind == "ball":
        return frozenset({data[1]})
    if kind == "chain":
        return frozenset(c for g in data[1] for c in g[0])
    if kind == "flip":
        return frozenset(c for c, _ in data[0])
    if kind == "swap":
        return frozenset(data)
    if kind == "dig":
        return frozenset({data[0]})
    return frozenset()


def last_turn_after(last: tuple[int, frozenset[int]], events: Sequence[tuple],
                    seat: int) -> tuple[int, frozenset[int]]:
    """The latest mover and the cells they filled this turn, once `seat` played a move that recorded
    `events`: a new mover starts afresh, and a clearing, a swap or a dig moves tiles, so then nothing
    stays marked."""
    cells = set(last[1]) if seat == last[0] else set()
    for e in events:
        if e[0] == "place":
            cells.add(cell(e[3], e[4]))
        elif e[0] in ("ball", "swap", "dig"):
            cells.clear()
    return seat, frozenset(cells)


def mark_windows(timeline: Sequence[tuple[Tween, Step]], links: Sequence[int]) -> list[tuple[float, float]] | None:
    """When the marks of each scoring step (`rules.score_marks`: link n of a chain, 0 a given tile)
    light and go out, in seconds of animation from the move, so they follow the animation: a link's
    groups while they flash and vanish, a given tile's points once it lands on the pile. None when
    the animation has no step for one of them."""
    found: dict[int, tuple[float, float]] = {}
    for tw, st in timeline:
        end = tw.delay + tw.duration
        if st.kind == "chain":
            found[st.data[0]] = (tw.delay, end)
        elif st.kind == "give":
            found[0] = (end, end + GIFT_SHOWN)
    if not all(n in found for n in links):
        return None
    return [found[n] for n in links]


class Show:
    """The move on show: its steps in order, each with the tween that plays it (`timeline`), and
    `shown`, the public position as the steps done so far leave it, so scores, pool and cube counts
    change when the player sees the tiles move, not before. Both go once the last step is done."""

    def __init__(self) -> None:
        self.shown: ToradamaState | None = None
        self.timeline: list[tuple[Tween, Step]] = []

    def start(self, animator: Animator, before: ToradamaState, steps: Sequence[Step],
              on_step: Callable[[], None]) -> None:
        """Play `steps` one after the other from `before` (the public view before the move);
        `on_step` is told each time a step has changed `shown`."""
        self.shown = before
        tweens = [Tween(0.0, 1.0, st.duration, linear, tag=("step", i)) for i, st in enumerate(steps)]
        self.timeline = list(zip(tweens, steps))
        for tw, st in self.timeline:
            tw.on_done = self._ender(st, on_step)
        animator.sequence(tweens, gap=0.04)

    def _ender(self, step: Step, on_step: Callable[[], None]) -> Callable[[], None]:
        def done() -> None:
            if self.shown is not None:
                apply_step(self.shown, step)
            on_step()
            if self.timeline and self.timeline[-1][1] is step:
                self.stop()
        return done

    def stop(self) -> None:
        """Nothing on show any more (the last step done, or undone)."""
        self.shown = None
        self.timeline = []

    def skip(self, animator: Animator, marks: Any = None) -> bool:
        """Straight to the end (a click, a resignation): every tween of `animator` finishes at once,
        and the scoring show of the move (`marks`, a `ui.score_show.ScoreShow`) ends with it."""
        animator.finish_all()
        self.stop()
        if marks is not None:
            marks.skip()
        return True

    def current(self) -> tuple[Step, float] | None:
        """The step playing now and its progress."""
        for tw, st in self.timeline:
            if not tw.done:
                return st, tw.progress
        return None

    def call_out(self) -> tuple[Step, float, bool] | None:
        """The chain or okunote to call out beside the board: the current step, or the latest one
        before it (a chain's count stays through the falls and flips after it), with its progress
        and whether it is the one playing now."""
        found = None
        for tw, st in self.timeline:
            if st.kind in ("chain", "okunote"):
                found = (st, tw.progress, not tw.done)
            if not tw.done:
                break
        return found


def _take_source(shown: ToradamaState, seat: int, src: int) -> None:
    if src == CUBE_SOURCE:
        if shown.cubes[seat]:
            shown.cubes[seat].pop()
    elif src in shown.pool:
        shown.pool.remove(src)


def _place(shown: ToradamaState, data: tuple, mover: int) -> None:
    seat, src, col, row, code = data
    _take_source(shown, seat, src)
    shown.cells[col * ROWS + row] = code


def _give(shown: ToradamaState, data: tuple, mover: int) -> None:
    seat, src, kind, receiver = data
    _take_source(shown, seat, src)
    if receiver >= 0:
        shown.score[receiver][kind] += 1


def _ball(shown: ToradamaState, data: tuple, mover: int) -> None:
    seat, cell, kind, dest = data
    shown.cells[cell] = EMPTY
    if dest >= 0:
        shown.cubes[dest].append(-1)


def _fall(shown: ToradamaState, data: tuple, mover: int) -> None:
    cells = shown.cells
    moved = [(col * ROWS + frm, col * ROWS + to, code) for col, frm, to, code in data[0]]
    for frm, _, _ in moved:
        cells[frm] = EMPTY
    for _, to, code in moved:
        cells[to] = code if code < KINDS else HIDDEN_CUBE


def _chain(shown: ToradamaState, data: tuple, mover: int) -> None:
    for cells, kind, taken, _, _ in data[1]:
        for c in cells:
            shown.cells[c] = EMPTY
        shown.score[mover][kind] += taken


def _flip(shown: ToradamaState, data: tuple, mover: int) -> None:
    for cell, face in data[0]:
        shown.cells[cell] = face


def _okunote(shown: ToradamaState, data: tuple, mover: int) -> None:
    seat, _, cost = data
    shown.niku[seat] = max(0, shown.niku[seat] - cost)


def _swap(shown: ToradamaState, data: tuple, mover: int) -> None:
    a, b = data
    shown.cells[a], shown.cells[b] = shown.cells[b], shown.cells[a]


def _return(shown: ToradamaState, data: tuple, mover: int) -> None:
    shown.hidden_bag += len(shown.pool)
    shown.pool = []


def _dig(shown: ToradamaState, data: tuple, mover: int) -> None:
    shown.cells[data[0]] = EMPTY


def _draw(shown: ToradamaState, data: tuple, mover: int) -> None:
    code, to = data
    shown.hidden_bag = max(0, shown.hidden_bag - 1)
    if code < KINDS:
        shown.pool = sorted(shown.pool + [code])
    elif to >= 0:
        shown.niku[to] += 1


def _bagout(shown: ToradamaState, data: tuple, mover: int) -> None:
    shown.bag_out = True
    shown.hidden_bag = 0


_EFFECTS: dict[str, Any] = {"place": _place, "give": _give, "ball": _ball, "fall": _fall, "chain": _chain,
                            "flip": _flip, "okunote": _okunote, "swap": _swap, "return": _return, "dig": _dig,
                            "draw": _draw, "bagout": _bagout}
