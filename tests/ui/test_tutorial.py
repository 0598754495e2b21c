"""Learning to play in the app, as a newcomer meets it: each game's tutorial played to its end by posted
events alone, a move off the script taken back with a friendly word, Back / Replay / Leave, the menu
card that starts it and then says it was finished, the How to play card that fits one screen, the
rules with their pictures and a contents list that jumps, and the tips where the player looks."""
from __future__ import annotations

import json

import pygame
import pygame_gui
import pytest

from hexgames import cli, games, tutorials
from hexgames.core import records
from hexgames.games import new_match
from hexgames.ui import gestures, hud
from hexgames.ui.anim import INSTANT
from hexgames.ui.menu import MenuScene
from hexgames.ui.quickstart import QuickStartScene
from hexgames.ui.rules_help import RulesHelpScene, headings
from hexgames.ui.setup_screen import SetupScene
from hexgames.ui.tutorial import FINISHED, tutorial_scene
from hexgames.ui.tutorial_autoplay import autoplay, play_step
from tests.drive import make_app, step, step_until
from tests.ui.conftest import click

GAMES = ("ingenious", "clans", "toradama", "dotlines", "stickers")


@pytest.fixture
def quick_app():
    app = make_app("en", anim_speed=INSTANT)
    yield app
    app.shutdown()


def _start(app, game: str):
    scene = tutorial_scene(app, tutorials.load(game))
    app.scenes.reset(scene)
    step(app, 2)
    return scene


@pytest.mark.parametrize("game", GAMES)
def test_the_tutorial_plays_to_its_end_by_posted_events_and_is_noted(quick_app, game):
    scene = _start(quick_app, game)
    lines = []
    autoplay(quick_app, scene, report=lines.append)
    script = tutorials.load(game)
    assert scene.phase == FINISHED and len(lines) == len(script.steps)
    rules = scene.rules
    assert [rules.encode(m) for m in scene.match.moves] == [rules.encode(m) for m in tutorials.all_moves(script)]
    assert records.tutorials_done() == {game}
    badge, words = scene.coach_text()
    assert badge == "✓" and quick_app.tr(f"{game}.title") in words


def test_a_move_off_the_script_is_taken_back_with_a_friendly_word(quick_app):
    scene = _start(quick_app, "ingenious")
    play_step(quick_app, scene)  # the welcome
    expected = scene.expect[0]
    other = next(m for m in scene.rules.legal_moves(scene.match.state)
                 if m != expected and sorted(m.tile) == sorted(expected.tile))  # the same tile, elsewhere
    before = len(scene.match.moves)
    for g in scene.input_points(other):
        gestures.perform(quick_app, g)
    assert len(scene.match.moves) == before and scene.expect == [expected]
    said = " ".join(scene.toasts.texts)
    assert "this step asks for something else" in said and "In the first round a tile must touch" in said
    assert scene.preview is None and scene.held is None  # the selection went with it
    for g in scene.input_points(expected):
        gestures.perform(quick_app, g)
    assert len(scene.match.moves) == before + 1 and scene.phase == "done"


def test_next_waits_for_the_step_and_the_marker_shows_where(quick_app):
    scene = _start(quick_app, "clans")
    play_step(quick_app, scene)
    play_step(quick_app, scene)
    assert scene.step.id == "move" and not scene.next_button.is_enabled
    gestures.perform(quick_app, gestures.click(scene.next_button.rect.center))
    assert scene.step.id == "move"
    [drag] = scene.marker_gestures()
    assert drag.kind == "drag" and scene.board_rect.collidepoint(drag.pos) and scene.board_rect.collidepoint(drag.to)
    assert not scene.coach_rect.colliderect(scene.board_rect)  # the words never cover the board


def test_replay_and_back_return_to_where_a_step_began(quick_app):
    scene = _start(quick_app, "dotlines")
    for _ in range(3):
        play_step(quick_app, scene)  # welcome, roll, home: the opponent's chip is queued
    step_until(quick_app, lambda: scene.awaiting_move)
    start = len(scene.match.moves)
    for g in scene.input_points(scene.expect[0]):
        gestures.perform(quick_app, g)
    assert scene.phase == "done" and len(scene.match.moves) == start + 1
    assert not scene.match.seat_to_move.is_human  # the coach moves first, but only after Next:
    assert scene.banner_seat() is None and scene.banner_text() == "Read the coach's words, then press Next"
    click(quick_app, scene.replay_button)
    assert scene.step.id == "chip" and scene.phase == "say" and scene.expect
    step_until(quick_app, lambda: scene.awaiting_move)
    assert len(scene.match.moves) == start
    click(quick_app, scene.back_button)
    assert scene.step.id == "home" and scene.phase == "say"
    assert len(scene.match.moves) == 1  # the roll and nothing after it: the home choice comes again
    play_step(quick_app, scene)
    assert scene.step.id == "chip"


def test_leave_returns_to_the_menu_and_nothing_is_recorded(quick_app):
    scene = _start(quick_app, "toradama")
    play_step(quick_app, scene)
    click(quick_app, scene.leave_button)
    assert isinstance(quick_app.scenes.top, MenuScene)
    assert records.tutorials_done() == set() and records.load() == []


def test_the_menu_card_starts_the_tutorial_and_then_says_it_was_finished(quick_app):
    menu = quick_app.scenes.top
    button = menu.learn_button("stickers", "learn")
    assert button.text == "Learn to play"
    click(quick_app, button)
    scene = quick_app.scenes.top
    assert scene.script.game == "stickers" and scene.match.seats[0].is_human
    autoplay(quick_app, scene)
    click(quick_app, scene.leave_button)
    menu = quick_app.scenes.top
    assert menu.learn_button("stickers", "learn").text == "Learn again"
    assert menu.learn_button("clans", "learn").text == "Learn to play"


def test_finishing_offers_a_real_game(quick_app):
    scene = _start(quick_app, "dotlines")
    autoplay(quick_app, scene)
    assert scene.next_button.text == "Play a real game" and scene.banner_text() == "Well done!"
    click(quick_app, scene.next_button)
    assert isinstance(quick_app.scenes.top, SetupScene) and quick_app.scenes.top.info.id == "dotlines"


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("game", GAMES)
def test_how_to_play_fits_one_screen_at_800x600(game, language):
    app = make_app(language)
    app.resize((800, 600))
    try:
        card = QuickStartScene(app, games.get(game))
        app.scenes.push(card)
        step(app)
        size, laid = card.text_layout()
        assert size >= 12 and card._height(size, laid) <= card.text_rect.h
        assert all(lines and lines[0] for _, lines in laid)
        assert len(card._pictures) >= 1 and sum(img.get_height() for img, _ in card._pictures) <= card.picture_rect.h
        screen = app.screen.get_rect()
        assert all(screen.contains(b.rect) for b in card.buttons) and not card.text_rect.colliderect(card.picture_rect)
    finally:
        app.shutdown()


def test_how_to_play_is_reached_from_the_menu_card_and_the_setup_and_leads_on(quick_app):
    click(quick_app, quick_app.scenes.top.learn_button("toradama", "how"))
    card = quick_app.scenes.top
    assert isinstance(card, QuickStartScene) and card.info.id == "toradama"
    click(quick_app, card.button_for("rules"))
    assert isinstance(quick_app.scenes.top, RulesHelpScene)
    quick_app.scenes.pop()
    click(quick_app, card.button_for("back"))
    quick_app.scenes.push(SetupScene(quick_app, games.get("clans")))
    step(quick_app, 2)
    click(quick_app, quick_app.scenes.top.button_for("how"))
    card = quick_app.scenes.top
    assert isinstance(card, QuickStartScene) and card.info.id == "clans"
    click(quick_app, card.button_for("learn"))
    assert quick_app.scenes.top.script.game == "clans"


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_show_their_pictures(quick_app, game, tmp_path):
    import re

    scene = RulesHelpScene(quick_app, games.get(game))
    html = scene.html()
    shown = re.findall(r'<img src="([^"]+/pictures/[^"]+)"', html)
    assert shown, "the rules text shows its example position"
    image = pygame.image.load(shown[0])
    assert image.get_width() <= quick_app.screen.get_width() - 160
    colours = {image.get_at((x, y))[:3] for x in range(0, image.get_width(), 7) for y in range(0, image.get_height(), 7)}
    assert len(colours) > 20, "a drawn position, not a blank box"
    assert "![" not in html and "](" not in html


def test_the_contents_list_jumps_to_a_heading_and_back(quick_app):
    scene = RulesHelpScene(quick_app, games.get("clans"))
    quick_app.scenes.push(scene)
    step(quick_app, 2)
    names = headings(scene.markdown())
    assert len(names) >= 6 and all(f'>{n}</a>' in scene.html() for n in names)
    pygame.event.post(pygame.event.Event(pygame_gui.UI_TEXT_BOX_LINK_CLICKED, link_target="h4", ui_element=scene.box))
    step(quick_app, 2)
    first = scene.box.scroll_bar.start_percentage
    assert first > 0.2
    pygame.event.post(pygame.event.Event(pygame_gui.UI_TEXT_BOX_LINK_CLICKED, link_target="h1", ui_element=scene.box))
    step(quick_app, 2)
    assert 0 < scene.box.scroll_bar.start_percentage < first
    click(quick_app, scene.contents_button)
    assert scene.box.scroll_bar.start_percentage == 0


def test_shared_controls_carry_tool_tips(quick_app):
    from hexgames.core.match import Seat

    menu = quick_app.scenes.top
    assert all(b.tool_tip_text for b in menu.actions) and all(b.tool_tip_text for b in menu.learn_buttons)
    quick_app.start_match(new_match("ingenious", [Seat("human", None, "Ann"), Seat("ai", "easy", "CPU")], None, 3))
    game = quick_app.scenes.top
    assert all(b.tool_tip_text for b in (game.undo_button, game.menu_button, game.results_button))


@pytest.mark.parametrize("game", GAMES)
def test_a_drawn_panel_tells_what_it_is_when_the_pointer_rests_on_it(quick_app, game, monkeypatch):
    from hexgames.core.match import Match, Seat
    from hexgames.ui.screenshot import build_match

    moves = 20 if game == "stickers" else 12  # past the deck building
    played = build_match(game, 3, moves, seats=[Seat("human", None, "Ann"), Seat("ai", "easy", "CPU")])
    match = Match(played.info, played.seats, played.options, played.seed)
    match.replay(played.moves)
    quick_app.start_match(match)
    scene = quick_app.scenes.top
    scene.auto_play = False
    step(quick_app, 2)
    regions = list(scene.tip_regions())
    assert regions and all(text and not text.startswith("learn.") for _, text in regions)
    shown: list[tuple[str, pygame.Rect]] = []  # (text, where it was drawn)
    real_tip, real_strip = hud.hover_tip, hud.message_strip

    def tip(surface, app, anchor, text, side="above", within=None):
        rect = real_tip(surface, app, anchor, text, side, within)
        shown.append((text, rect))
        return rect

    def strip(surface, app, rect, content, *args, **kw):
        shown.append((content, rect))
        return real_strip(surface, app, rect, content, *args, **kw)

    monkeypatch.setattr(hud, "hover_tip", tip)
    monkeypatch.setattr(hud, "message_strip", strip)
    for rect, text in regions:
        if any(w.visible and w.rect.collidepoint(rect.center) for w in scene.widgets):
            continue
        shown.clear()
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)))
        step(quick_app, 3)
        assert text not in [t for t, _ in shown]  # not at once: only once the pointer rests
        step(quick_app, 50)
        where = [r for t, r in shown if t == text]
        assert where, f"no tip for {text!r}"
        # never over the play area: inside the side panel, or in the message strip under the board
        assert all(scene.panel_rect.contains(r) or r == scene.message_rect for r in where)


def test_the_command_autoplays_a_tutorial_and_a_broken_script_names_its_step(capsys, tmp_path, monkeypatch):
    assert cli.main(["tutorial", "--game", "dotlines", "--autoplay", "--size", "800x600"]) == 0
    out = capsys.readouterr().out
    assert "step 11/11 the_end: done" in out and "played to its end" in out
    data = json.loads(tutorials.path_for("toradama").read_text(encoding="utf-8"))
    data["steps"][4]["moves"] = [["x", 29]]  # a clear ball where there is no tile
    (tmp_path / "toradama.json").write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setattr(tutorials, "FOLDER", tmp_path)
    assert cli.main(["tutorial", "--game", "toradama", "--autoplay"]) == 1
    err = capsys.readouterr().err
    assert "step 5 (build) move 1" in err and err.count("\n") == 1


def test_screenshots_of_the_card_and_a_tutorial_step(tmp_path):
    from hexgames.app import screenshot

    for scene, moves in (("quickstart", None), ("tutorial", 3)):
        out = tmp_path / f"{scene}.png"
        screenshot(str(out), game_id="clans", scene=scene, moves=moves, size=(800, 600), language="ja")
        assert pygame.image.load(str(out)).get_size() == (800, 600)
