"""The replay viewer and the move log, driven like a player: posted keys, clicks and file picks.

Every registered game is played out at random, saved, reopened through the menu's "Load a game…"
and stepped to its end, where the replay must stand at the saved digest; the viewer's controls, the
way back, a damaged save and the log panel of a game are driven in English and Japanese.
"""
from __future__ import annotations

import json
import random

import pygame
import pygame_gui
import pytest

from hexgames import games
from hexgames.core import saves
from hexgames.core.match import Match, Seat
from hexgames.games import new_match
from hexgames.ui.anim import INSTANT
from hexgames.ui.game_scene import GameScene
from hexgames.ui.menu import MenuScene
from hexgames.ui.replay import ReplayScene
from hexgames.ui.results import ResultsScene
from tests.drive import make_app
from tests.ui.conftest import click, click_at, key, step, step_until

BUILTIN = [g.id for g in games.registered() if type(g.rules).__module__.startswith("hexgames.games.")]
RANDOM_SEATS = [Seat("ai", "random", "CPU 1"), Seat("ai", "random", "CPU 2")]


def finished_match(game_id: str, seed: int = 4, seats=None) -> Match:
    """A whole game of random moves (fast, reproducible)."""
    match = new_match(game_id, seats or RANDOM_SEATS, None, seed)
    rng = random.Random(seed)
    while not match.is_over:
        match.replay([match.rules.random_move(match.state, rng)])
    return match


def pick_file(app, path) -> None:
    """The menu's "Load a game…" dialog answered with `path`."""
    menu = app.scenes.top
    assert isinstance(menu, MenuScene)
    click(app, menu.button_for("load"))
    assert menu.dialog is not None
    pygame.event.post(pygame.event.Event(pygame_gui.UI_FILE_DIALOG_PATH_PICKED, text=str(path), ui_element=menu.dialog))
    step(app, 3)


@pytest.fixture(params=["en", "ja"])
def real_app(request):
    application = make_app(request.param)
    yield application
    application.shutdown()


@pytest.mark.parametrize("game_id", BUILTIN)
def test_a_saved_game_replays_to_its_digest_for_every_game(game_id, tmp_path):
    app = make_app("en")
    try:
        match = finished_match(game_id)
        path = tmp_path / f"{game_id}.json"
        saves.write_save(match, path)
        digest = json.loads(path.read_text(encoding="utf-8"))["digest"]
        pick_file(app, path)
        replay = app.scenes.top
        assert isinstance(replay, ReplayScene) and replay.step == 0
        assert replay.view.digest() == match.rules.digest(match.states[0])
        key(app, pygame.K_END)
        assert replay.step == replay.total == len(match.moves)
        assert replay.view.digest() == digest
        step(app, 3)  # the game's own scene draws the end as a spectator, and nothing is saved
        assert not saves.autosave_path().exists()
        assert not replay.view.listeners and not replay.game.auto_play and replay.game.viewer is None
    finally:
        app.shutdown()


def test_the_viewer_steps_by_keys_buttons_and_slider(real_app, tmp_path):
    app = real_app
    match = finished_match("ingenious", seed=7)
    path = tmp_path / "ingenious.json"
    saves.write_save(match, path)
    pick_file(app, path)
    replay = app.scenes.top
    assert isinstance(replay, ReplayScene)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert replay.step == 2 and replay.view.moves == match.moves[:2]
    key(app, pygame.K_LEFT)
    assert replay.step == 1 and replay.log.highlight == 0
    key(app, pygame.K_END)
    assert replay.step == replay.total
    key(app, pygame.K_HOME)
    assert replay.step == 0 and replay.log.highlight is None
    buttons = {action: b for b, action in replay.buttons.items()}
    click(app, buttons["next"])
    assert replay.step == 1
    click(app, buttons["end"])
    assert replay.step == replay.total
    click(app, buttons["prev"])
    assert replay.step == replay.total - 1
    click(app, buttons["home"])
    assert replay.step == 0
    click(app, replay.slider.right_button)
    assert step_until(app, lambda: replay.step == 1, max_frames=30)
    assert int(replay.slider.get_current_value()) == 1
    click(app, replay.slider.left_button)
    assert step_until(app, lambda: replay.step == 0, max_frames=30)
    # a drag of the handle: pygame_gui follows the real pointer (not posted motion), so the drag's
    # outcome is posted as pygame_gui posts it, the slider at its new value
    replay.slider.set_current_value(replay.total - 3)
    pygame.event.post(pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, value=replay.total - 3,
                                         ui_element=replay.slider))
    step(app, 2)
    assert replay.step == replay.total - 3
    assert replay.view.moves == match.moves[:replay.step]


def test_play_runs_on_at_the_chosen_speed_and_space_pauses(real_app, tmp_path):
    app = real_app
    app.settings.anim_speed = INSTANT
    match = finished_match("clans", seed=3)
    assert app.open_replay(match) is None
    replay = app.scenes.top
    buttons = {action: b for b, action in replay.buttons.items()}
    click(app, buttons["speed"])
    assert replay.speed == 1 and buttons["speed"].text == "2×"
    key(app, pygame.K_SPACE)
    assert replay.playing
    assert step_until(app, lambda: replay.step >= 3, max_frames=400)
    key(app, pygame.K_SPACE)
    assert not replay.playing
    stopped = replay.step
    step(app, 120)
    assert replay.step == stopped
    click(app, buttons["play"])
    assert replay.playing and buttons["play"].text == app.tr("ui.replay.pause")


def test_a_click_on_the_board_reaches_no_game_and_a_logged_move_is_a_jump(real_app):
    app = real_app
    match = finished_match("toradama", seed=2)
    app.open_replay(match, 5)
    replay = app.scenes.top
    assert replay.step == 5
    click_at(app, replay.game.board_rect.center)
    click_at(app, replay.game.board_rect.move(20, 30).center)
    assert replay.view.moves == match.moves[:5]
    body = replay.log.rect_of_entry(replay.log_rect, 4)
    click_at(app, body.center)
    assert replay.step == 5  # move 5 (index 4) is where the replay stands already
    body = replay.log.rect_of_entry(replay.log_rect, 2)
    click_at(app, body.center)
    assert replay.step == 3


def test_review_from_the_results_and_back(real_app):
    app = real_app
    match = finished_match("dotlines", seed=5, seats=[Seat("human", None, "Ann"), Seat("ai", "random", "CPU")])
    app.start_match(match)
    assert step_until(app, lambda: isinstance(app.scenes.top, ResultsScene), max_frames=300)
    results = app.scenes.top
    review = next(b for b, a in results.buttons.items() if a == "review")
    assert review.text == app.tr("ui.replay.review")
    click(app, review)
    replay = app.scenes.top
    assert isinstance(replay, ReplayScene) and replay.total == len(match.moves)
    key(app, pygame.K_END)
    assert replay.view.digest() == match.digest()
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is results
    click(app, review)
    replay = app.scenes.top
    click(app, next(b for b, a in replay.buttons.items() if a == "back"))
    assert app.scenes.top is results


def test_load_opens_the_replay_for_a_finished_save_and_resumes_an_unfinished_one(real_app, tmp_path):
    app = real_app
    done = tmp_path / "done.json"
    saves.write_save(finished_match("stickers", seed=2), done)
    pick_file(app, done)
    assert isinstance(app.scenes.top, ReplayScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, MenuScene)
    going = new_match("stickers", [Seat("human", None, "Ann"), Seat("ai", "easy", "CPU")], None, 2)
    going.replay(finished_match("stickers", seed=2).moves[:4])
    unfinished = tmp_path / "going.json"
    saves.write_save(going, unfinished)
    pick_file(app, unfinished)
    assert isinstance(app.scenes.top, GameScene) and app.scenes.top.match.moves == going.moves


@pytest.mark.parametrize("damage", ["digest", "moves"])
def test_a_damaged_save_is_refused_with_a_message(real_app, tmp_path, damage):
    app = real_app
    match = finished_match("ingenious", seed=9)
    data = saves.match_to_dict(match)
    if damage == "digest":
        data["digest"] = "0" * 32
    else:
        data["moves"] = data["moves"][:5] + data["moves"][6:]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    pick_file(app, path)
    menu = app.scenes.top
    assert isinstance(menu, MenuScene)
    why = app.tr("ui.menu.load_failed", why="")
    assert any(t.error and t.text.startswith(why) for t in menu.toasts.toasts)


def test_a_replay_that_does_not_reach_its_digest_is_refused_from_the_results(real_app, monkeypatch):
    app = real_app
    match = finished_match("dotlines", seed=5, seats=[Seat("human", None, "Ann"), Seat("ai", "random", "CPU")])
    app.start_match(match)
    assert step_until(app, lambda: isinstance(app.scenes.top, ResultsScene), max_frames=300)
    results = app.scenes.top
    game = app.scenes.stack[0]
    real = saves.match_to_dict
    monkeypatch.setattr(saves, "match_to_dict", lambda m: {**real(m), "digest": "not it"})
    click(app, next(b for b, a in results.buttons.items() if a == "review"))
    assert app.scenes.top is results
    refused = app.tr("ui.replay.refused", why=app.tr("core.save.digest"))
    assert any(t.error and t.text == refused for t in game.toasts.toasts)


def test_the_log_panel_opens_with_l_and_the_button(real_app):
    app = real_app
    match = new_match("clans", [Seat("human", None, "Ann"), Seat("ai", "random", "CPU")], None, 6)
    rng = random.Random(1)
    match.replay([match.rules.random_move(match.state, rng) for _ in range(1)])
    app.start_match(match)
    game = app.scenes.top
    game.auto_play = False
    step(app, 2)
    assert not game.log_open
    key(app, pygame.K_l)
    assert game.log_open
    entries = game.move_log.entries()
    assert [e.number for e in entries] == [1]
    assert entries[0].text == app.tr_reason(match.rules.describe(match.states[0], match.moves[0], game.viewer))
    assert entries[0].text.startswith("moved" if app.settings.language == "en" else "")
    click(app, game.log_button)
    assert not game.log_open
    click(app, game.log_button)
    assert game.log_open
    before = len(match.moves)
    click_at(app, game.log_rect().center)  # the log covers the side panel: a click there plays nothing
    assert len(match.moves) == before and game.log_open
    key(app, pygame.K_l)
    assert not game.log_open


def test_japanese_log_lines_never_break_inside_a_number(real_app):
    from hexgames.ui import draw

    font = real_app.font(14)
    text = "CPU 1：緑/オレンジを配置（緑+12、オレンジ+3）"
    for width in range(60, 320, 7):
        for line in draw.wrap(font, text, width):
            assert not line.startswith(("2", "12")), (width, line)
            assert not line.endswith("+"), (width, line)


def test_a_game_in_progress_is_reviewed_from_the_pause_menu(real_app):
    app = real_app
    match = new_match("toradama", [Seat("human", None, "Ann"), Seat("ai", "easy", "CPU")], None, 3)
    rng = random.Random(3)
    for _ in range(6):
        match.replay([match.rules.random_move(match.state, rng)])
    app.start_match(match)
    game = app.scenes.top
    step(app, 2)
    key(app, pygame.K_ESCAPE)
    pause = app.scenes.top
    click(app, next(b for b, a in pause.buttons.items() if a == "review"))
    replay = app.scenes.top
    assert isinstance(replay, ReplayScene) and replay.step == replay.total == len(match.moves)
    key(app, pygame.K_HOME)
    assert replay.step == 0 and game.match.moves == match.moves  # the game itself is untouched
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is pause


def test_japanese_lines_keep_a_number_with_its_counter(real_app):
    from hexgames.ui import draw

    font = real_app.font(14)
    text = "CPU 2：デッキにシールを1枚選んだ"
    for width in range(80, 260, 5):
        assert not any(line.startswith("枚") for line in draw.wrap(font, text, width)), width


@pytest.mark.parametrize("game_id", BUILTIN)
def test_the_open_log_leaves_the_games_own_buttons_in_sight(real_app, game_id):
    app = real_app
    app.start_match(new_match(game_id, [Seat("human", None, "Ann"), Seat("ai", "easy", "CPU")], None, 4))
    game = app.scenes.top
    game.auto_play = False
    step(app, 2)
    key(app, pygame.K_l)
    rect = game.log_rect()
    assert game.log_open and rect.h >= 160 and game.panel_rect.contains(rect)
    assert not [w for w in game.widgets if w.visible and w.rect.colliderect(rect)]


def test_screenshot_shows_the_replay_at_the_asked_move_and_the_open_log(tmp_path):
    from hexgames.app import App
    from hexgames.cli import main
    from hexgames.ui.screenshot import show_screen

    app = App(size=(800, 600), headless=True, language="ja")
    try:
        show_screen(app, games.get("dotlines"), "replay", 2, 9, None, None)
        replay = app.scenes.top
        assert isinstance(replay, ReplayScene) and replay.step == 9 and replay.full.is_over
        assert replay.log.highlight == 8
        show_screen(app, games.get("clans"), "log", 2, 5, None, None)
        assert isinstance(app.scenes.top, GameScene) and app.scenes.top.log_open
    finally:
        app.shutdown()
    out = tmp_path / "replay.png"
    assert main(["screenshot", "--game", "toradama", "--scene", "replay", "--moves", "7", "--out", str(out)]) == 0
    assert pygame.image.load(str(out)).get_size() == (1280, 800)


def test_japanese_lines_never_end_on_an_opening_bracket(real_app):
    from hexgames.ui import draw

    font = real_app.font(14)
    text = "CPU 1：草原から森へ小屋1個を移動。森の村（青、緑、赤に+5）"
    for width in range(80, 300, 3):
        assert not any(line.endswith("（") for line in draw.wrap(font, text, width)), width


def test_the_log_names_my_picks_and_keeps_the_others_secret(real_app):
    app = real_app
    match = new_match("stickers", [Seat("human", None, "Ann"), Seat("ai", "easy", "CPU")], None, 8)
    rng = random.Random(8)
    while match.to_move == 0:
        match.replay([match.rules.random_move(match.state, rng)])
    mine = len(match.moves)
    for _ in range(2):
        match.replay([match.rules.random_move(match.state, rng)])
    app.start_match(match)
    game = app.scenes.top
    game.auto_play = False
    step(app, 2)
    click(app, game.log_button)
    texts = [e.text for e in game.move_log.entries()]
    secret = app.tr("stickers.log.pick_secret")
    assert game.viewer == 0 and len(texts) == mine + 2
    assert secret not in texts[:mine] and texts[mine:] == [secret, secret]
    assert all(text != app.tr_reason(match.rules.describe(match.states[mine], match.moves[mine], 1))
               for text in texts[mine:])


def test_hot_seat_log_shows_a_secret_chip_to_nobody_but_its_chooser(real_app):
    from hexgames.games.dotlines.rules import CHIP, DOUBLE, Chip

    app = real_app
    match = new_match("dotlines", [Seat("human", None, "Ann"), Seat("human", None, "Bob")], None, 5)
    while match.state.phase != CHIP:
        match.replay([match.rules.legal_moves(match.state)[0]])
    chooser = match.to_move
    match.replay([Chip(DOUBLE)])
    app.start_match(match)
    game = app.scenes.top
    step(app, 2)
    secret = app.tr("dotlines.log.chip_secret")
    for viewer in (None, 1 - chooser, chooser):
        if viewer is None:  # who is at the screen: nobody (hand-over), the other player, the chooser
            game.table.hide_screen()
        else:
            game.table.take_screen(viewer)
        text = game.move_log.entries()[-1].text
        assert (text == secret) == (viewer != chooser), (viewer, text)


def test_a_solo_replay_shows_the_one_players_tiles(real_app):
    app = real_app
    match = finished_match("ingenious", seed=3, seats=[Seat("human", None, "Ann")])
    assert app.open_replay(match, 4) is None
    replay = app.scenes.top
    assert replay.game.viewer == 0 and replay.log.viewer() == 0
    step(app, 2)


def test_the_log_scrolls_with_the_wheel_and_a_new_move_shows_the_newest(real_app):
    from tests.drive import move_to, post

    app = real_app
    match = new_match("toradama", [Seat("human", None, "Ann"), Seat("ai", "easy", "CPU")], None, 2)
    rng = random.Random(2)
    while len(match.moves) < 60 and not match.is_over:
        match.replay([match.rules.random_move(match.state, rng)])
    app.start_match(match)
    game = app.scenes.top
    game.auto_play = False
    step(app, 2)
    key(app, pygame.K_l)
    move_to(app, game.log_rect().center)
    post(pygame.MOUSEWHEEL, x=0, y=2, flipped=False, precise_x=0.0, precise_y=2.0)
    step(app, 2)
    assert game.move_log.scroll == 6
    post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0)
    step(app, 2)
    assert game.move_log.scroll == 3
    game.match.replay([game.rules.random_move(game.match.state, rng)])
    step(app, 2)
    assert game.move_log.scroll == 0


def test_the_viewer_survives_a_resize_and_a_change_of_language(real_app):
    app = real_app
    match = finished_match("clans", seed=8)
    app.open_replay(match, 6)
    replay = app.scenes.top
    assert replay.wide
    app.resize((800, 600))
    step(app, 2)
    assert not replay.wide and replay.step == 6 and replay.game.panel_rect == replay.log_rect
    assert replay.slider.rect.right < 800 and all(b.rect.right <= 800 for b in replay.buttons)
    key(app, pygame.K_l)
    assert not replay.log_shown
    app.set_language("ja" if app.settings.language == "en" else "en")
    step(app, 2)
    assert app.scenes.top is replay and replay.step == 6
    key(app, pygame.K_RIGHT)
    assert replay.step == 7 and replay.view.moves == match.moves[:7]
    app.resize((1600, 1000))
    step(app, 2)
    assert replay.wide and replay.log_shown and replay.log_rect.right <= 1600


def first_scoring_move(game_id: str) -> tuple[Match, int]:
    """A random game with a move that marks something for a spectator, and that move's index."""
    for seed in range(1, 30):
        match = finished_match(game_id, seed=seed)
        rules = match.rules
        for ply, move in enumerate(match.moves):
            before, after = match.states[ply], match.states[ply + 1]
            if rules.score_marks(rules.observe(before, 0), move, rules.observe(after, 0)):
                return match, ply
    raise AssertionError(f"no random {game_id} game scored on the board")


@pytest.mark.parametrize("game_id", BUILTIN)
def test_a_step_forward_lights_what_the_move_scored_and_a_jump_lights_nothing(real_app, game_id):
    """Next plays the move as in the game, its scoring marks and all (the spectator's view); a jump
    (the slider, Home, End) shows the position only."""
    app = real_app
    app.settings.anim_speed = 1.0
    match, shown = first_scoring_move(game_id)
    assert app.open_replay(match, shown) is None
    replay = app.scenes.top
    assert not replay.game.score_show.steps
    buttons = {action: b for b, action in replay.buttons.items()}
    click(app, buttons["next"])
    assert replay.step == shown + 1
    assert replay.game.score_show.steps, "the replayed move's scoring was not played"
    assert step_until(app, lambda: replay.game.score_show.lit(), max_frames=400)
    click(app, buttons["home"])
    assert not replay.game.score_show.steps
