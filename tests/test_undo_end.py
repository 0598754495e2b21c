"""Undo never takes back an end that showed what the game hides: a rule of the match layer that every
game inherits from its `observe` (Clans shows every colour at the end), while an end that shows
nothing new can still be undone."""
from __future__ import annotations

import random

import pygame
import pytest

from hexgames.core.match import Match, Seat
from hexgames.games import new_match
from tests.test_conformance import BUILTIN
from tests.drive import click_at, key, make_app, step, step_until

SEATS = [Seat("human", None, "Ann"), Seat("human", None, "Ben"), Seat("ai", "easy", "CPU")]


def finished_clans(seed: int = 4) -> Match:
    match = new_match("clans", SEATS, {}, seed)
    rng = random.Random(seed)
    while not match.is_over:
        match.play(match.rules.random_move(match.state, rng))
    return match


def test_clans_refuses_undo_after_the_colours_were_revealed():
    match = finished_clans()
    rules = match.rules
    assert all(None not in rules.observe(match.state, seat).colour_of for seat in range(3))
    moves = list(match.moves)
    refusal = match.undo_refusal()
    assert refusal is not None and refusal.key == "core.undo_reveals"
    assert refusal.params["why"].key == "core.end_revealed"
    assert match.undo() == refusal and match.moves == moves and match.is_over
    # one move earlier nothing had been revealed: undo works there as always in Clans
    before_end = new_match("clans", SEATS, {}, match.seed)
    before_end.replay(moves[:-1])
    assert before_end.undo_point() is not None and before_end.undo_refusal() is None


@pytest.mark.parametrize("game_id", [g.id for g in BUILTIN])
def test_every_game_undoes_its_end_exactly_when_the_end_showed_nothing_hidden(game_id):
    """All-human seats, random play to the end: undo is refused with the reason iff some seat's view
    became complete at the last move; otherwise it goes back to the last decision, state and all."""
    from hexgames import games

    info = games.get(game_id)
    n = min(n for m in info.modes for n in m.seats if n > 1) if info.max_seats > 1 else 1
    match = new_match(game_id, [Seat("human", None, f"P{i}") for i in range(n)], {}, 9)
    rng = random.Random(9)
    while not match.is_over:
        match.play(match.rules.random_move(match.state, rng))
    rules, end, before = match.rules, match.states[-1], match.states[-2]
    revealed = any(rules.digest(rules.observe(end, i)) == rules.digest(end)
                   and rules.digest(rules.observe(before, i)) != rules.digest(before) for i in range(n))
    refusal = match.undo_refusal()
    if revealed:
        assert refusal is not None and match.undo() == refusal and match.is_over
    elif refusal is None:  # (a draw from the bag in the last move may still refuse it, as always)
        k = match.undo_point()
        target = rules.digest(match.states[k])
        assert match.undo() is None and match.digest() == target and not match.is_over


def test_an_end_that_reveals_nothing_can_still_be_undone():
    from tests.core.toy import TOY

    match = Match(TOY, [Seat("human", None, "A"), Seat("human", None, "B")], {}, 1)
    while not match.is_over:
        match.play("tap")
    assert not match.end_revealed() and match.undo() is None and not match.is_over


def test_results_board_ctrl_z_in_the_clans_scene_shows_the_reason_and_keeps_the_end():
    from hexgames.ui.anim import INSTANT
    from hexgames.ui.results import ResultsScene

    app = make_app("en", anim_speed=INSTANT)
    try:
        match = finished_clans()
        moves = list(match.moves)
        app.start_match(match)
        assert step_until(app, lambda: isinstance(app.scenes.top, ResultsScene), 600)
        results = app.scenes.top
        board = next(b for b, action in results.buttons.items() if action == "board")
        click_at(app, board.rect.center)
        scene = app.scenes.top
        assert scene is app.scenes.stack[0]
        key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
        step(app, 2)
        assert match.moves == moves and match.is_over
        assert any(t.error and "end of the game showed" in t.text for t in scene.toasts.toasts), scene.toasts.texts
        assert all(c is not None for c in scene.shown_colours())
    finally:
        app.shutdown()
