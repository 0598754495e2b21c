"""Every tutorial step's words fit the coach strip above the board at the smallest window, in English
and Japanese: the strip sets them in 16 down to 12 px (`tutorial_coach.coach_lines`) and cuts what does
not fit, so a step whose words need more would hide the end of what to do. And what a move did is told
once the board has shown it, not while the tiles still fall."""
from __future__ import annotations

import pytest

from hexgames import tutorials
from hexgames.ui import tutorial_coach
from hexgames.ui.tutorial import tutorial_scene
from tests.drive import make_app, step

GAMES = ("ingenious", "clans", "toradama", "dotlines", "stickers")


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("game", GAMES)
def test_every_steps_words_fit_the_coach_strip_at_800x600(game, language):
    """No step's words (what to do, what happened) need more than the strip holds at 12 px."""
    app = make_app(language)
    app.resize((800, 600))
    try:
        script = tutorials.load(game)
        scene = tutorial_scene(app, script)
        app.scenes.reset(scene)
        step(app)
        cut = [key for key in script.keys()
               if not tutorial_coach.coach_lines(app, scene.coach_rect, app.tr(key), app.scale)[3]]
        assert cut == [], f"the coach strip cuts these steps' words: {cut}"
    finally:
        app.shutdown()


def test_what_a_move_did_is_told_once_the_board_has_shown_it():
    """At a normal animation speed the chain falls and its points light up step by step: meanwhile the
    strip keeps saying what to watch and Next waits; then it tells what happened."""
    from hexgames.ui import gestures
    from hexgames.ui.tutorial import DONE, start_tutorial
    from tests.drive import step_until

    app = make_app("en")
    try:
        assert app.settings.anim_speed > 0
        start_tutorial(app, "toradama", "chain")
        scene = app.scenes.top
        say, done = (app.tr(key(scene.step)) for key in (scene.script.say_key, scene.script.done_key))
        assert step_until(app, lambda: scene.awaiting_move, 3000)
        for g in scene.marker_gestures():
            gestures.perform(app, g)
        step(app, 2)
        assert scene.phase == DONE and scene.is_animating()
        assert scene.coach_text()[1] == say and not scene.next_button.is_enabled
        assert step_until(app, lambda: scene.next_button.is_enabled, 3000)
        assert not scene.is_animating() and scene.coach_text()[1] == done
    finally:
        app.shutdown()
