"""The UI shell driven like a player: posted mouse and key events, frames stepped headless."""
from __future__ import annotations

import pygame
import pygame_gui

from hexgames import games
from hexgames.core import saves
from hexgames.core.match import Seat
from hexgames.games import new_match
from hexgames.ui.game_scene import GameScene
from hexgames.ui.handover import HandoverScene
from hexgames.ui.menu import MenuScene
from hexgames.ui.pause import PauseScene
from hexgames.ui.results import ResultsScene
from hexgames.ui.setup_screen import SetupScene
from tests.ui.conftest import click, click_at, key, move_to, step, step_until, visible_texts
from tests.ui.toygame import ToyScene

HUMAN_VS_AI = [Seat("human", None, "Alice"), Seat("ai", "medium", "Robo")]
TWO_HUMANS = [Seat("human", None, "Alice"), Seat("human", None, "Bob")]


def start(app, seats, pile=7, seed=3) -> ToyScene:
    app.start_match(new_match("ui_toy", seats, {"pile": pile}, seed))
    step(app)
    return app.scenes.stack[0]


def take(app, scene: ToyScene, n: int) -> None:
    click_at(app, scene.take_rects()[n - 1].center)


def test_menu_setup_start_pause_and_quit_to_menu(app):
    menu = app.scenes.top
    assert isinstance(menu, MenuScene)
    click(app, menu.button_for("ui_toy"))
    setup = app.scenes.top
    assert isinstance(setup, SetupScene) and setup.info.id == "ui_toy"
    click(app, setup.button_for("start"))
    game = app.scenes.top
    assert isinstance(game, ToyScene)
    assert [s.kind for s in game.match.seats] == ["human", "ai"]
    assert game.match.options == {"mode": "standard", "pile": 7}
    key(app, pygame.K_ESCAPE)
    pause = app.scenes.top
    assert isinstance(pause, PauseScene)
    quit_button = next(b for b, a in pause.buttons.items() if a == "quit")
    click(app, quit_button)
    assert isinstance(app.scenes.top, MenuScene) and len(app.scenes.stack) == 1


def test_setup_dropdown_makes_second_seat_human(app):
    click(app, app.scenes.top.button_for("ui_toy"))
    setup = app.scenes.top
    click(app, setup.control_for("kind", 1))
    option = next(el for el in app.ui.get_sprite_group().sprites()
                  if isinstance(el, pygame_gui.elements.UIButton) and el.text == "Human" and el.visible
                  and el.rect.top > setup.control_for("kind", 1).rect.top)
    click(app, option)
    assert setup.kinds[1] == "human"
    assert [s.kind for s in setup.seats()] == ["human", "human"]


def test_switching_to_japanese_changes_visible_labels(app):
    assert "Settings" in visible_texts(app)
    click(app, app.scenes.top.button_for("language"))
    texts = visible_texts(app)
    assert "設定" in texts and "Settings" not in texts
    assert app.settings.language == "ja"
    click(app, app.scenes.top.button_for("settings"))
    english = next(b for b, code in app.scenes.top.lang_buttons.items() if code == "en")
    click(app, english)
    assert app.settings.language == "en" and "Language" in visible_texts(app)


def test_handover_stands_between_two_humans(app):
    game = start(app, TWO_HUMANS)
    step(app, 2)
    assert isinstance(app.scenes.top, HandoverScene) and app.scenes.top.seat == 0
    assert game.viewer is None and game.drawn_viewers[-1] is None
    key(app, pygame.K_RETURN)
    assert app.scenes.top is game and game.viewer == 0
    step(app)
    assert game.drawn_viewers[-1] == 0
    take(app, game, 1)
    assert game.match.moves == [1]
    assert step_until(app, lambda: isinstance(app.scenes.top, HandoverScene))
    assert app.scenes.top.seat == 1 and game.viewer is None
    click(app, app.scenes.top.button)
    assert game.viewer == 1 and game.can_act


def test_ai_turn_is_requested_and_played(app):
    game = start(app, HUMAN_VS_AI, pile=7)
    assert game.viewer == 0 and game.can_act
    assert not getattr(app.worker, "uses_process", False)  # headless: the worker thinks in a thread
    take(app, game, 1)
    assert game.match.moves[0] == 1
    assert "thinking" in game.banner_text()
    assert step_until(app, lambda: len(game.match.moves) == 2)
    assert game.played[-1] == (game.match.moves[1], True)
    assert game.match.moves[1] == 2  # the greedy toy AI leaves a multiple of four (6 - 2 = 4)
    assert game.match.to_move == 0 and not game.ai_thinking


def test_undo_refused_shows_the_reason_and_changes_nothing(app):
    game = start(app, HUMAN_VS_AI, pile=12)
    take(app, game, 3)  # draws the toy's "secret card"
    assert step_until(app, lambda: len(game.match.moves) == 2 and not game.is_animating())
    before = list(game.match.moves)
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert game.match.moves == before
    assert any(t.error and t.text == "Undo is not possible: a secret card was drawn." for t in game.toasts.toasts)
    assert game.undos == 0


def test_undo_steps_back_to_the_human_decision(app):
    game = start(app, HUMAN_VS_AI, pile=10)  # 10 - 1 = 9: the AI takes 1, which reveals nothing
    take(app, game, 1)
    assert step_until(app, lambda: len(game.match.moves) == 2)
    click(app, game.undo_button)
    assert game.match.moves == [] and game.undos == 1 and game.match.to_move == 0


def test_illegal_move_shows_the_rules_reason(app):
    game = start(app, HUMAN_VS_AI, pile=2)
    take(app, game, 3)
    assert game.match.moves == []
    assert any(t.error and t.text == "Only 2 left." for t in game.toasts.toasts)


def test_results_appear_at_the_end_and_rematch_keeps_seats(app):
    game = start(app, HUMAN_VS_AI, pile=3)
    take(app, game, 3)
    assert game.match.is_over
    assert step_until(app, lambda: isinstance(app.scenes.top, ResultsScene), max_frames=60)
    results = app.scenes.top
    assert results.headline() == "Alice wins!"
    rematch = next(b for b, a in results.buttons.items() if a == "rematch")
    click(app, rematch)
    new = app.scenes.top
    assert isinstance(new, ToyScene) and new is not game
    assert new.match.seats == game.match.seats and new.match.options == game.match.options
    assert new.match.moves == []


def test_resume_after_autosave_restores_the_same_position(app):
    game = start(app, HUMAN_VS_AI, pile=12)
    take(app, game, 1)
    assert step_until(app, lambda: len(game.match.moves) == 2)
    digest, moves = game.match.digest(), list(game.match.moves)
    app.open_menu()
    step(app)
    menu = app.scenes.top
    assert menu.button_for("resume") is not None
    click(app, menu.button_for("resume"))
    resumed = app.scenes.top
    assert isinstance(resumed, ToyScene) and resumed is not game
    assert resumed.match.digest() == digest and resumed.match.moves == moves


def test_damaged_save_shows_an_error_and_changes_nothing(app, tmp_path):
    game = start(app, HUMAN_VS_AI, pile=12)
    take(app, game, 1)
    assert step_until(app, lambda: len(game.match.moves) == 2)
    autosave_before = saves.autosave_path().read_bytes()
    bad = tmp_path / "broken.json"
    bad.write_text('{"format": "hexgames-save", "version": 1, "game": "ui_toy", "seats": [', encoding="utf-8")
    key(app, pygame.K_ESCAPE)
    pause = app.scenes.top
    click(app, next(b for b, a in pause.buttons.items() if a == "load"))
    assert pause.dialog is not None
    pygame.event.post(pygame.event.Event(pygame_gui.UI_FILE_DIALOG_PATH_PICKED, text=str(bad), ui_element=pause.dialog))
    step(app, 2)
    assert app.scenes.top is pause and app.scenes.stack[0] is game
    assert any(t.error and "damaged" in t.text for t in pause.toasts.toasts)
    assert game.match.moves[:1] == [1] and len(game.match.moves) == 2
    assert saves.autosave_path().read_bytes() == autosave_before


def test_damaged_save_from_the_menu(app, tmp_path):
    bad = tmp_path / "broken.json"
    bad.write_bytes(b"\x00\xff not json")
    menu = app.scenes.top
    click(app, menu.button_for("load"))
    assert menu.dialog is not None
    pygame.event.post(pygame.event.Event(pygame_gui.UI_FILE_DIALOG_PATH_PICKED, text=str(bad), ui_element=menu.dialog))
    step(app, 2)
    assert app.scenes.top is menu
    assert any(t.error and "Could not load the save" in t.text for t in menu.toasts.toasts)
    assert not saves.autosave_path().exists()


def test_saved_game_loads_through_the_menu(app, tmp_path):
    game = start(app, HUMAN_VS_AI, pile=12)
    take(app, game, 2)
    assert step_until(app, lambda: len(game.match.moves) == 2)
    path = tmp_path / "keep.json"
    saves.write_save(game.match, path)
    app.open_menu()
    menu = app.scenes.top
    pygame.event.post(pygame.event.Event(pygame_gui.UI_FILE_DIALOG_PATH_PICKED, text=str(path), ui_element=None))
    step(app, 2)
    loaded = app.scenes.top
    assert isinstance(loaded, ToyScene) and loaded.match.digest() == game.match.digest() and menu is not loaded


def test_watching_ais_reveals_everything_and_finishes(app):
    game = start(app, [Seat("ai", "medium", "A"), Seat("ai", "easy", "B")], pile=7)
    assert game.viewer is None and game.reveal_all
    assert step_until(app, lambda: isinstance(app.scenes.top, ResultsScene))
    assert game.match.is_over and all(by_ai for _, by_ai in game.played)


def test_quit_event_stops_the_loop(app):
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    step(app)
    assert app.running is False


def test_resize_keeps_the_game_and_relayouts(app):
    game = start(app, HUMAN_VS_AI)
    old = game.board_rect.copy()
    app.resize((1000, 700))
    step(app)
    assert app.scenes.top is game and game.board_rect != old
    assert game.board_rect.right <= game.panel_rect.left and game.panel_rect.right <= 1000


def test_base_game_scene_works_without_a_game_scene(app):
    scene = GameScene(app, new_match("ui_toy", HUMAN_VS_AI, {}, 1))
    app.scenes.reset(scene)
    step(app, 2)
    assert scene.submit(4) is False and scene.toasts.texts == ["Take 1, 2 or 3 tokens."]
    assert scene.submit(1) is True and scene.match.moves == [1]


def test_save_from_the_pause_menu_writes_a_loadable_file(app, tmp_path):
    game = start(app, HUMAN_VS_AI, pile=10)
    take(app, game, 1)
    assert step_until(app, lambda: len(game.match.moves) == 2)
    key(app, pygame.K_ESCAPE)
    pause = app.scenes.top
    click(app, next(b for b, a in pause.buttons.items() if a == "save"))
    target = tmp_path / "mine.json"
    pygame.event.post(pygame.event.Event(pygame_gui.UI_FILE_DIALOG_PATH_PICKED, text=str(target), ui_element=pause.dialog))
    step(app, 2)
    assert app.scenes.top is game and "Game saved." in game.toasts.texts
    assert saves.read_save(target, games.get).digest() == game.match.digest()


def test_open_game_hot_seat_needs_no_handover(app):
    from tests.ui import toygame

    toygame.register_open()
    app.start_match(new_match("ui_toy_open", TWO_HUMANS, {}, 1))
    step(app, 3)
    game = app.scenes.top
    assert isinstance(game, ToyScene) and game.viewer == 0 and game.can_act
    take(app, game, 2)
    assert step_until(app, lambda: not game.is_animating())
    step(app, 2)
    assert app.scenes.top is game and game.viewer == 1


def test_human_input_on_the_ai_turn_is_refused_with_a_message(app):
    game = start(app, HUMAN_VS_AI, pile=10)
    game.auto_play = False  # hold the AI so its turn lasts
    game.submit(1)
    step(app, 30)
    assert game.match.to_move == 1
    assert game.submit(1) is False
    assert "Please wait: it is Robo's turn." in game.toasts.texts


def test_escape_during_handover_opens_pause_and_hidden_stays_hidden(app):
    game = start(app, TWO_HUMANS)
    step(app, 2)
    assert isinstance(app.scenes.top, HandoverScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, PauseScene)
    step(app, 2)
    assert game.viewer is None


def test_hud_regions_do_not_overlap(app):
    game = start(app, HUMAN_VS_AI)
    for size in ((1280, 800), (960, 640), (800, 600), (1920, 1080)):
        app.resize(size)
        step(app)
        regions = [game.top_rect, game.board_rect, game.panel_rect, game.bottom_rect]
        for i, a in enumerate(regions):
            assert a.w > 0 and a.h > 0 and app.screen.get_rect().contains(a)
            assert not any(a.colliderect(b) for b in regions[i + 1:])
        assert game.bottom_rect.contains(game.actions_rect)
        assert not game.actions_rect.colliderect(game.undo_button.rect)
        assert not game.actions_rect.colliderect(game.results_button.rect)
        assert not game.actions_rect.colliderect(game.menu_button.rect)


def test_language_change_from_the_game_rebuilds_every_layer(app):
    game = start(app, HUMAN_VS_AI)
    key(app, pygame.K_ESCAPE)
    pause = app.scenes.top
    click(app, next(b for b, a in pause.buttons.items() if a == "settings"))
    settings = app.scenes.top
    click(app, next(b for b, code in settings.lang_buttons.items() if code == "ja"))
    click(app, app.scenes.top.back_button)
    assert app.scenes.top is pause and "再開" in visible_texts(app)
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is game
    assert game.undo_button.text == "取り消し" and game.undo_button.visible
    assert game.banner_text() == "Aliceの番です"


def test_enter_on_setup_starts_the_game(app):
    click(app, app.scenes.top.button_for("ui_toy"))
    key(app, pygame.K_RETURN)
    assert isinstance(app.scenes.top, ToyScene)


def test_results_headline_for_solo_and_draws(app):
    from hexgames.core.protocol import Outcome

    game = start(app, HUMAN_VS_AI)
    results = ResultsScene(app, game)
    results.outcome = Outcome((5.0, 5.0), (0, 0), "Even.")
    assert results.headline() == "A draw!"
    results.outcome = Outcome((12.0,), (0,), "Solo.")
    assert results.headline() == "Final score: 12"


def test_hot_seat_hides_a_finished_turn_at_once_even_while_an_ai_moves(app):
    seats = [Seat("human", None, "Alice"), Seat("ai", "medium", "Robo"), Seat("human", None, "Bob")]
    game = start(app, seats, pile=12)
    step(app, 2)
    key(app, pygame.K_RETURN)  # Alice takes the screen
    assert game.viewer == 0
    take(app, game, 1)
    assert game.match.to_move == 1 and game.viewer is None  # Robo's turn: Alice's view is gone
    step(app)
    assert game.drawn_viewers[-1] is None


def _region(app, rect: pygame.Rect) -> bytes:
    return pygame.image.tobytes(app.screen.subsurface(rect.clip(app.screen.get_rect())), "RGB")


def test_undo_that_would_be_refused_is_disabled_and_says_why_on_hover(app):
    game = start(app, HUMAN_VS_AI, pile=12)
    take(app, game, 3)  # draws the toy's "secret card": undo across it is refused
    assert step_until(app, lambda: len(game.match.moves) == 2 and not game.is_animating())
    assert not game.undo_button.is_enabled
    assert game.undo_reason == "Undo is not possible: a secret card was drawn."
    above = game.undo_button.rect.move(0, -60).inflate(200, 20)
    move_to(app, (5, 5))
    plain = _region(app, above)
    move_to(app, game.undo_button.rect.center)
    assert game.pointer == game.undo_button.rect.center
    assert _region(app, above) != plain  # the reason shows above the button
    move_to(app, (5, 5))
    assert _region(app, above) == plain


def test_undo_is_enabled_when_the_rules_allow_it(app):
    game = start(app, HUMAN_VS_AI, pile=10)
    assert not game.undo_button.is_enabled and game.undo_reason == "There is nothing to undo."
    take(app, game, 1)
    assert step_until(app, lambda: len(game.match.moves) == 2)
    assert game.undo_button.is_enabled and game.undo_reason is None


def test_a_refused_undo_from_the_pause_menu_over_a_hand_over_shows_on_top(app):
    game = start(app, TWO_HUMANS, pile=12)
    step(app, 2)
    key(app, pygame.K_RETURN)  # seat 0 at the screen
    take(app, game, 3)  # a secret card: undo is refused from now on
    assert step_until(app, lambda: isinstance(app.scenes.top, HandoverScene))
    key(app, pygame.K_ESCAPE)
    pause = app.scenes.top
    assert isinstance(pause, PauseScene)
    undo = next(b for b, a in pause.buttons.items() if a == "undo")
    assert not undo.is_enabled
    beside = pygame.Rect(pause.box.right, undo.rect.y - 10, 300, undo.rect.h + 20)
    plain = _region(app, beside)
    move_to(app, undo.rect.center)
    assert _region(app, beside) != plain  # the reason shows beside the disabled button
    pause.act("undo")  # what a click would do if it got through
    step(app)
    assert app.scenes.top is pause and game.match.moves == [3]
    # behind a hand-over nobody has taken the screen: undo can be nobody's way into a turn
    assert pause.toasts.texts == ["Undo takes back only your own moves: take the screen first."]
    # and a game's own toast is drawn, in its message strip, above whatever overlay covers the game
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, HandoverScene)
    box = game.message_rect
    before = _region(app, box)
    game.toast("Refused for a reason.", error=True)
    step(app)
    assert _region(app, box) != before
