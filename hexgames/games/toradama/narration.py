"""What the turn banner says while a Toradama move is shown: each animation step in words.

Why: a clearing plays for seconds (the ball flies, tiles fall, groups flash, cubes turn over, chain
after chain) and the position that the rules already reached is the *next* player's turn. The banner
follows what the player sees instead: "Alice places a red tama", "Tiles fall", "Chain 2! +3 for
Alice", and says whose turn it is (or that the game is over) only once the last step has played.
Words only, from the step's recorded data and the shown (public) position; the scene draws them.
What both players must hear of a move besides (a character chosen, an okunote, the bag-out) is
worded here too (`announcements`), for the message strip, and what the banner asks of the player at
the screen between moves (`prompt`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Sequence

from hexgames.games.toradama.board import KIND_NAMES, KINDS
from hexgames.games.toradama.look import character_name, tr_ui
from hexgames.games.toradama.replay import Step
from hexgames.games.toradama.rules import CHOOSE, DRAW, PLACING, ToradamaState

if TYPE_CHECKING:
    from hexgames.ui.shell import Shell


def tile_words(app: "Shell", code: int) -> str:
    """A tile as everyone sees it: "a red tama", or "a cube" whatever its hidden face."""
    if 0 <= code < KINDS:
        return app.tr("toradama.log.tama", kind=app.tr(f"toradama.kind.{KIND_NAMES[code]}"))
    return app.tr("toradama.log.cube")


def chain_points(shown: ToradamaState, step: Step) -> int:
    """The points a chain step gives its mover (favourite tama count double)."""
    return sum(taken * shown.tile_value(step.mover, kind) for _, kind, taken, _, _ in step.data[1])


def step_words(app: "Shell", step: Step, shown: ToradamaState, name: Callable[[int], str]) -> str:
    """The banner while `step` plays; `shown` is the position as shown when it began."""
    kind, data = step.kind, step.data
    if kind == "place":
        return tr_ui(app, "anim.place", "{name} places {tile}", name=name(data[0]), tile=tile_words(app, data[4]))
    if kind == "give":
        seat, _, face, receiver = data
        if receiver < 0:
            return tr_ui(app, "anim.discard", "{name} discards {tile}", name=name(seat), tile=tile_words(app, face))
        return tr_ui(app, "anim.give", "{name} gives {tile} to {other}", name=name(seat), tile=tile_words(app, face),
                  other=name(receiver))
    if kind == "ball":
        return tr_ui(app, "anim.ball", "{name} clears with {tile}", name=name(data[0]), tile=tile_words(app, data[2]))
    if kind == "fall":
        return tr_ui(app, "anim.fall", "Tiles fall…")
    if kind == "chain":
        return tr_ui(app, "anim.chain", "Chain {n}! +{points} for {name}", n=data[0], points=chain_points(shown, step),
                  name=name(step.mover))
    if kind == "flip":
        n = len(data[0])
        return tr_ui(app, "anim.flip_one", "A cube turns face up") if n == 1 else \
            tr_ui(app, "anim.flip", "{n} cubes turn face up", n=n)
    if kind == "okunote":
        return tr_ui(app, "anim.okunote", "{name} uses the okunote of {character}", name=name(data[0]),
                  character=character_name(app, data[1]))
    if kind == "swap":
        return tr_ui(app, "anim.swap", "Two tiles swap places")
    if kind == "return":
        return tr_ui(app, "anim.return", "The pool goes back into the bag")
    if kind == "dig":
        return tr_ui(app, "anim.dig", "{name} discards {tile}", name=name(step.mover), tile=tile_words(app, data[1]))
    if kind == "draw":
        code, to = data
        if code < KINDS:
            return tr_ui(app, "anim.refill", "The pool is refilled from the bag")
        if to < 0:
            return tr_ui(app, "anim.niku_discarded", "A niku cube is drawn: no room, it is discarded")
        return tr_ui(app, "anim.niku", "{name} gets a niku cube", name=name(to))
    if kind == "bagout":
        return tr_ui(app, "toast.bagout", "The bag is empty: no more refills from now on.")
    return _end_words(app, data, shown, name)


def _end_words(app: "Shell", data: tuple, shown: ToradamaState, name: Callable[[int], str]) -> str:
    how, seat = data[0], data[1]
    if how == "resign":
        return tr_ui(app, "anim.resign", "{name} resigns", name=name(seat))
    if how == "stuck":
        return tr_ui(app, "anim.stuck", "{name} can neither place nor clear", name=name(seat))
    if seat == DRAW:
        return tr_ui(app, "anim.draw", "Both reach {target} points!", target=shown.target)
    return tr_ui(app, "anim.win", "{name} reaches {target} points!", name=name(seat), target=shown.target)


def announcements(app: "Shell", events: Sequence[tuple], name: Callable[[int], str], said: bool = False) -> list[str]:
    """The toasts for what both players must hear: a character chosen, an okunote, the bag-out. A
    move of the computer (or of a player at another screen) is `said` in the message strip already,
    character and okunote included: then only the bag-out, which no move names, is toasted."""
    out = []
    for e in events:
        if said and e[0] in ("choose", "okunote"):
            continue
        if e[0] == "choose":
            out.append(tr_ui(app, "toast.chose", "{name} plays {character}.", name=name(e[1]),
                             character=character_name(app, e[2])))
        elif e[0] == "okunote":
            out.append(tr_ui(app, "toast.okunote", "{name} uses the okunote of {character}.", name=name(e[1]),
                             character=character_name(app, e[2])))
        elif e[0] == "bagout":
            out.append(tr_ui(app, "toast.bagout", "The bag is empty: no more refills from now on."))
    return out


def prompt(app: "Shell", s: ToradamaState, name: str, targeting: str | None, ball_marked: bool) -> str:
    """The banner on the turn of `name`, at this screen: choose a character, the okunote's target,
    the marked clear ball, or how many tiles to place (and that clearing is possible)."""
    if s.phase == CHOOSE:
        return tr_ui(app, "banner.choose", "{name}: choose your character", name=name)
    if targeting is not None:
        return tr_ui(app, f"hint.{targeting}", targeting)
    if ball_marked:
        return tr_ui(app, "banner.ball", "{name}: click the marked tama again to clear with it", name=name)
    one = "_one" if s.to_place == 1 else ""
    if s.phase == PLACING:
        return tr_ui(app, f"banner.placing{one}", "{name}: place {n} more tiles", name=name, n=s.to_place)
    return tr_ui(app, f"banner.start{one}", "{name}: place {n} tiles or clear a ball", name=name, n=s.to_place)
