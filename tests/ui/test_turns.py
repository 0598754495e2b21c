"""The turn as players see it at one screen: computer moves paced and put into words, messages in
their strip, and a hand-over that leaves nothing of the last player on screen."""
from __future__ import annotations

import pygame

from hexgames.core.match import Seat
from hexgames.ui.game_scene import AI_PACE
from hexgames.ui.handover import HandoverScene
from tests.ui.conftest import key, step, step_until
from tests.ui.test_shell import start as start_toy, take
from tests.ui.toygame import ToyScene

ALICE_AND_TWO_CPUS = [Seat("human", None, "Alice"), Seat("ai", "medium", "Robo"), Seat("ai", "medium", "Tin")]
TWO_HUMANS = [Seat("human", None, "Alice"), Seat("human", None, "Bob")]


def start(app, seats) -> ToyScene:
    return start_toy(app, seats, pile=12)


def test_computer_moves_come_at_least_the_pace_apart_and_after_the_human_s_move_has_animated(app):
    scene = start(app, ALICE_AND_TWO_CPUS)
    played_at: list[float] = []
    scene.match.listeners.append(lambda m: played_at.append(app.clock_time))
    take(app, scene, 1)
    human_at = played_at[-1]
    assert step_until(app, lambda: len(scene.match.moves) == 3, 3000)
    cpu1, cpu2 = played_at[-2], played_at[-1]
    assert cpu1 - human_at >= 0.2 - 1e-6  # the human's take animates for 0.2 s first
    assert cpu2 - cpu1 >= AI_PACE - 1e-6


def test_instant_animation_drops_the_wait(app):
    from hexgames.ui.anim import INSTANT

    app.settings.anim_speed = INSTANT
    scene = start(app, ALICE_AND_TWO_CPUS)
    played_at: list[float] = []
    scene.match.listeners.append(lambda m: played_at.append(app.clock_time))
    take(app, scene, 1)
    assert step_until(app, lambda: len(scene.match.moves) == 3, 3000)
    assert played_at[-1] - played_at[-2] < AI_PACE


def _strip(app, scene) -> bytes:
    return pygame.image.tobytes(app.screen.subsurface(scene.message_rect), "RGB")


def test_the_computer_s_last_move_stays_in_words_until_the_human_acts(app):
    scene = start(app, ALICE_AND_TWO_CPUS)
    empty = _strip(app, scene)
    assert scene.ai_line() is None
    take(app, scene, 2)
    assert step_until(app, lambda: len(scene.match.moves) == 3 and scene.can_act, 3000)
    seat, words = scene.ai_line()
    assert seat == 2 and words.startswith("Tin: ")
    for _ in range(600):  # long after every toast has faded, the line is still there
        step(app)
    assert _strip(app, scene) != empty and scene.ai_line() == (seat, words)
    take(app, scene, 1)
    assert scene.ai_line() is None


def test_toasts_draw_in_the_strip_and_never_over_the_board(app):
    scene = start(app, [Seat("human", None, "Alice"), Seat("ai", "medium", "Robo")])
    board = pygame.image.tobytes(app.screen.subsurface(scene.board_rect), "RGB")
    strip = _strip(app, scene)
    scene.toast("That is not allowed: a reason long enough to need a good part of the strip.", error=True)
    step(app)
    assert pygame.image.tobytes(app.screen.subsurface(scene.board_rect), "RGB") == board
    assert _strip(app, scene) != strip
    assert not scene.board_rect.colliderect(scene.message_rect)


def test_a_hand_over_leaves_nothing_of_the_last_player_on_screen(app):
    scene = start(app, TWO_HUMANS)
    assert step_until(app, lambda: isinstance(app.scenes.top, HandoverScene))
    key(app, pygame.K_RETURN)
    scene.toast("Alice: only for Alice's eyes.")
    scene.toggle_log()
    scene.move_log.scroll = 3
    cleared: list[int] = []
    scene.clear_selection = lambda: cleared.append(len(scene.match.moves))
    take(app, scene, 1)
    assert step_until(app, lambda: isinstance(app.scenes.top, HandoverScene))
    assert scene.toasts.texts == [] and scene.move_log.scroll == 0 and scene.viewer is None and cleared
    key(app, pygame.K_RETURN)
    assert scene.viewer == 1 and scene.toasts.texts == [] and len(cleared) >= 2


def test_hot_seat_undo_is_refused_across_the_other_player_s_move(app):
    scene = start(app, TWO_HUMANS)
    assert step_until(app, lambda: isinstance(app.scenes.top, HandoverScene))
    key(app, pygame.K_RETURN)
    take(app, scene, 2)
    assert step_until(app, lambda: isinstance(app.scenes.top, HandoverScene))
    key(app, pygame.K_RETURN)
    assert scene.viewer == 1
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert scene.match.moves == [2] and "never another player's" in scene.toasts.texts[-1]
    assert not scene.undo_button.is_enabled
