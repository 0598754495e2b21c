"""Playing a tutorial by posted events alone: each step's gestures posted as a player's mouse and
key events, then Next pressed. What `hexgames tutorial --autoplay`, the screenshots of a tutorial and
the tests run; a step whose gestures do not make its move stops it with a ScriptError naming the
step.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from hexgames.tutorials import ScriptError
from hexgames.ui import gestures
from hexgames.ui.tutorial import FINISHED, SAY

if TYPE_CHECKING:
    from hexgames.ui.shell import Shell


def play_step(app: "Shell", scene: Any, frames: int = 600) -> None:
    """Play the step on show by posting its gestures as a player's events, then press Next.
    Raises ScriptError naming the step when its input does not make the scripted move."""
    k, step = scene.k, scene.step
    where = f"{scene.script.game} tutorial step {k + 1} ({step.id})"
    rules = scene.rules
    held = 0  # the step's moves input but held by the game to be made with a later one (a deck's picks)
    while scene.phase == SAY and len(scene.expect) > held:
        move = scene.expect[held]
        if not app.step_until(lambda: scene.awaiting_move, frames):
            raise ScriptError(f"{where}: the player never got the turn for {rules.encode(move)}")
        try:
            marks = list(scene.input_points(move))
        except NotImplementedError as e:
            raise ScriptError(f"{where}: {e}") from None
        before = len(scene.match.moves)
        for g in marks:
            gestures.perform(app, g)
        if app.step_until(lambda: len(scene.match.moves) > before, 30):
            held = 0
        elif held + 1 < len(scene.expect) and not list(scene.input_points(move)):
            held += 1  # the game holds it (nothing is left to input for it): on to the next move
        else:
            said = " / ".join(scene.toasts.texts) or "nothing was said"
            raise ScriptError(f"{where}: the input {marks} did not make {rules.encode(move)} ({said})")
    if not app.step_until(lambda: scene.next_button is not None and scene.next_button.is_enabled, frames):
        raise ScriptError(f"{where}: Next never became available")
    gestures.perform(app, gestures.click(scene.next_button.rect.center))
    if scene.phase != FINISHED and scene.k == k:
        raise ScriptError(f"{where}: Next did not go on")


def autoplay(app: "Shell", scene: Any, report: Callable[[str], None] | None = None, upto: int | None = None) -> None:
    """Play the tutorial to its end (or through `upto` steps) by posted events alone."""
    while scene.phase != FINISHED and (upto is None or scene.k < upto):
        k, sid = scene.k, scene.step.id
        play_step(app, scene)
        if report is not None:
            report(f"step {k + 1}/{len(scene.script.steps)} {sid}: done")
