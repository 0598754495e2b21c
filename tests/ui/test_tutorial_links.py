"""The rules help and the How to play card send a player to the tutorial step where a rule happens:
every link names a rule the game's tutorial teaches (the same rules in English and Japanese), every
rule taught by doing is linked from the rules, and a real click on a link or on a picture's Show me
opens the tutorial at that rule's step, the steps before it played and the opponent's lead-in move
playing as it comes up."""
from __future__ import annotations

import re

import pytest

from hexgames import games, paths, tutorials
from hexgames.ui import gestures, pictures
from hexgames.ui.anim import INSTANT
from hexgames.ui.quickstart import QuickStartScene
from hexgames.ui.rules_help import SHOW_ME, RulesHelpScene
from hexgames.ui.tutorial import SAY
from tests.drive import make_app, step, step_until
from tests.ui.conftest import click

GAMES = ("ingenious", "clans", "toradama", "dotlines", "stickers")


def _linked(game: str, lang: str) -> list[str]:
    md = (paths.RULES_HELP / f"{game}.{lang}.md").read_text(encoding="utf-8")
    return [m.group(2) for m in SHOW_ME.finditer(md)]


@pytest.mark.parametrize("game", GAMES)
def test_every_rules_link_opens_a_step_that_teaches_it_and_every_rule_done_is_linked(game):
    script = tutorials.load(game)
    taught = tutorials.taught_at(script)
    en, ja = _linked(game, "en"), _linked(game, "ja")
    assert en == ja, "the Japanese rules link the same rules, in the same order"
    assert set(en) <= set(taught), f"links to rules the tutorial does not teach: {set(en) - set(taught)}"
    done = {k for k, lesson in tutorials.lessons(game).items() if lesson.how != tutorials.TOLD}
    assert done <= set(en), f"rules the tutorial shows but the rules help does not link: {done - set(en)}"


@pytest.mark.parametrize("game", GAMES)
def test_every_quick_start_picture_names_a_rule_its_tutorial_teaches(game):
    lessons = pictures.positions(game).get("lessons", {})
    taught = tutorials.taught_at(tutorials.load(game))
    for name in pictures.quickstart_names(game):
        assert lessons.get(name) in taught, f"{game}: the picture {name} opens no step of the tutorial"


def _opened_at(app, game: str, lesson: str):
    """The tutorial on top, at the step teaching `lesson`, once the opponent's lead-in has played."""
    scene = app.scenes.top
    script = tutorials.load(game)
    k = tutorials.taught_at(script)[lesson]
    assert getattr(scene, "script", None) is not None and scene.script.game == game
    assert scene.k == k and scene.phase == SAY
    assert step_until(app, lambda: len(scene.match.moves) == len(tutorials.moves_before(script, k))
                      and not scene.queue and not scene.is_animating(), 600)
    assert [scene.rules.encode(m) for m in scene.match.moves] == \
        tutorials.encoded(scene.rules, tutorials.moves_before(script, k))
    return scene


@pytest.mark.parametrize("language", ["en", "ja"])
def test_show_me_under_a_quick_start_picture_opens_the_tutorial_at_its_rule(language):
    app = make_app(language, anim_speed=INSTANT)
    try:
        card = QuickStartScene(app, games.get("toradama"))
        app.scenes.push(card)
        step(app, 2)
        assert len(card.show_buttons) == len(card._pictures) == 2
        button = next(b for b, lesson in card.show_buttons.items() if lesson == "chain")
        assert button.rect.colliderect(card.picture_rect) and not button.rect.colliderect(card.text_rect)
        click(app, button)
        scene = _opened_at(app, "toradama", "chain")
        assert scene.awaiting_move, "the step asks for the move that sets off the chain"
    finally:
        app.shutdown()


def _link_point(box, target: str) -> tuple[int, int]:
    """Scroll the rules text until the link to `target` shows, and the point on screen to click."""
    chunk = next(c for c in box.link_hover_chunks if c.href == target)
    layout_h = box.text_box_layout.layout_rect.height
    box.scroll_bar.set_scroll_from_start_percentage(max(0.0, (chunk.y - box.rect.h // 3) / layout_h))
    box.update(0.0)
    left, top = box.get_text_layout_top_left()
    top -= box.scroll_bar.start_percentage * layout_h
    point = (int(left + chunk.x + chunk.size[0] // 2), int(top + chunk.y + chunk.size[1] // 2))
    assert box.rect.collidepoint(point), "the link is in view"
    return point


@pytest.mark.parametrize("game,lesson", [("toradama", "cash_shared"), ("stickers", "cancel")])
def test_a_click_on_a_rules_link_opens_the_tutorial_at_that_rules_step(game, lesson):
    app = make_app("en", anim_speed=INSTANT)
    try:
        rules = RulesHelpScene(app, games.get(game))
        app.scenes.push(rules)
        step(app, 3)
        assert re.search(f'<a href="tutorial:{lesson}">', rules.html())
        gestures.perform(app, gestures.click(_link_point(rules.box, f"tutorial:{lesson}")))
        step(app, 3)
        _opened_at(app, game, lesson)
    finally:
        app.shutdown()

