"""Every tutorial step's words fit the coach strip above the board at the smallest window, in English
and Japanese: the strip sets them in 16 down to 12 px (`tutorial_coach.coach_lines`) and cuts what does
not fit, so a step whose words need more would hide the end of what to do."""
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
               if not tutorial_coach.coach_lines(app, scene.coach_rect, app.tr(key))[3]]
        assert cut == [], f"the coach strip cuts these steps' words: {cut}"
    finally:
        app.shutdown()
