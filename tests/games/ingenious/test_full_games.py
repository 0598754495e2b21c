"""Whole Ingenious games played through the app as people would: every human decision is a posted
mouse or key event (hand-over dismissed with Enter, tile picked, right-click rotations, click on the
board, Enter to confirm, swap buttons clicked), AIs play through the worker, and the game runs to the
results screen. Mid-game the match is saved, loaded back and compared."""
from __future__ import annotations

import random

import pygame
import pytest

from hexgames import games
from hexgames.core import hexgrid, saves
from hexgames.core.match import Match, Seat
from hexgames.games import new_match
from hexgames.games.ingenious.rules import IngeniousRules
from hexgames.ui.handover import HandoverScene
from hexgames.ui.results import ResultsScene
from tests.games.ingenious.test_scene import click, press, step, step_until

R = IngeniousRules()


@pytest.fixture
def app_factory():
    apps = []

    def make(language: str):
        from hexgames.app import App

        app = App(headless=True, language=language)
        app.settings.anim_speed = 8.0  # fast, but still through the animation path
        apps.append(app)
        return app

    yield make
    for app in apps:
        app.shutdown()


def _human_turn(app, scene, rng: random.Random) -> None:
    """One human decision by events: the swap buttons, or a tile placed and confirmed."""
    s = scene.match.state
    if s.phase == "swap":
        button = scene.swap_accept_button if rng.random() < 0.5 else scene.swap_decline_button
        click(app, button.rect.center)
        return
    rack = s.racks[scene.match.to_move]
    slot = next(i for i, t in enumerate(rack) if R.placement_targets(s, t))
    click(app, scene.rack_slots[slot].center)
    a, b = rng.choice(sorted(R.placement_targets(s, rack[slot])))
    while scene.orientation != hexgrid.direction_between(a, b):
        click(app, scene.board_area.center, button=3)
    click(app, scene.placement_center(a, b))
    assert scene.preview is not None, "a legal spot was refused"
    press(app, pygame.K_RETURN)


def _play_to_the_end(app, seats, options, seed, save_at: int, tmp_path) -> Match:
    match = new_match("ingenious", seats, options, seed)
    app.start_match(match)
    step(app, 2)
    scene = app.scenes.stack[0]
    rng = random.Random(seed)
    for _ in range(3000):
        top = app.scenes.top
        if isinstance(top, ResultsScene):
            break
        if isinstance(top, HandoverScene):
            press(app, pygame.K_RETURN)
            continue
        if len(match.moves) == save_at:
            saves.write_save(match, tmp_path / "mid.json")
            assert saves.read_save(tmp_path / "mid.json", games.get).digest() == match.digest()
            save_at = -1
        if match.seat_to_move.is_human and scene.can_act and not scene.is_animating():
            before = len(match.moves)
            _human_turn(app, scene, rng)
            assert step_until(app, lambda: len(match.moves) > before or match.is_over, 50)
        else:
            step_until(app, lambda: app.scenes.top is not top or scene.can_act, 400)
    assert match.is_over and isinstance(app.scenes.top, ResultsScene)
    assert saves.load_autosave(games.get) is None  # a finished game leaves nothing to resume
    return match


def test_four_players_two_humans_two_ais_in_japanese(app_factory, tmp_path):
    app = app_factory("ja")
    seats = [Seat("human", None, "あき"), Seat("ai", "medium", "CPU"), Seat("human", None, "Bob"),
             Seat("ai", "easy", "CPU 2")]
    match = _play_to_the_end(app, seats, {}, 21, 30, tmp_path)
    assert len(match.moves) > 60
    assert len(R.outcome(match.state).ranks) == 4


def test_team_game_to_the_end(app_factory, tmp_path):
    app = app_factory("en")
    seats = [Seat("human", None, "Ann"), Seat("ai", "medium", "CPU"), Seat("ai", "easy", "CPU 2"),
             Seat("human", None, "Dee")]
    match = _play_to_the_end(app, seats, {"mode": "team"}, 5, 20, tmp_path)
    out = R.outcome(match.state)
    assert out.ranks[0] == out.ranks[2] and out.ranks[1] == out.ranks[3]  # partners share a result


@pytest.mark.parametrize("variant", ["rack", "solitaire"])
def test_solo_game_to_the_end_records_a_high_score(app_factory, tmp_path, variant):
    from hexgames.core import highscores

    app = app_factory("ja")
    match = _play_to_the_end(app, [Seat("human", None, "Solo")], {"solo": variant}, 8, 10, tmp_path)
    best = highscores.top(f"ingenious/{variant}")
    assert best and list(best[0].scores) == list(R.result_sequence(match.state))


def _ctrl_z(app) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="",
                                         scancode=0))
    step(app, 2)


def test_undo_takes_back_a_placement_before_the_bonus_but_not_across_a_refill(app_factory):
    from tests.games.ingenious.test_scene import seed_where_first

    app = app_factory("en")
    match = new_match("ingenious", [Seat("human", None, "Ann"), Seat("ai", "medium", "CPU")], None,
                  seed_where_first(2, 0))
    match.state.scores[0] = [17] * 6  # hand-built: any scoring tile reaches 18 and earns a bonus
    rack_before = list(match.state.racks[0])
    app.start_match(match)
    step(app, 2)
    scene = app.scenes.stack[0]
    s = match.state
    scoring = next(m for m in R.legal_moves(s) if sum(R.score_preview(s, m)) > 0)
    slot = s.racks[0].index(scoring.tile)
    click(app, scene.rack_slots[slot].center)
    a, b = (scoring.a, scoring.b)
    while scene.orientation != hexgrid.direction_between(a, b):
        click(app, scene.board_area.center, button=3)
    click(app, scene.placement_center(a, b))
    press(app, pygame.K_RETURN)
    assert match.state.phase == "bonus" and len(match.moves) == 1

    _ctrl_z(app)  # nothing was drawn yet: the placement comes back to the rack
    assert match.moves == [] and match.state.racks[0] == rack_before

    _human_turn(app, scene, random.Random(1))  # place again (any legal spot)
    while match.to_move == 0 and match.state.phase in ("bonus", "swap"):
        _human_turn(app, scene, random.Random(2))
    assert step_until(app, lambda: match.to_move == 0 and scene.can_act and not scene.is_animating(), 600)
    moves = list(match.moves)
    _ctrl_z(app)  # the refill showed new tiles: undo is refused with the reason
    assert match.moves == moves
    assert any(t.error and "Undo is not possible" in t.text for t in scene.toasts.toasts)
