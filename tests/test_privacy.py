"""Hidden information at one screen: what a seat sees is a function of its own view alone.

The pixel test: positions reached by seeded play with two humans; each is drawn for the player at the
screen (the game, with the move log open, with a hint shown; the deck builder where the game is in
it), then the parts hidden from that player are resampled with the game's own `sample` (a full state
their view cannot tell from the real one) and drawn again. The two frames must be the same to the
pixel: anything that differs was drawn from a secret. The hand-over screen, seen before anyone has
taken the screen, must not change whoever's secrets are resampled.

Only the current state is resampled; the history (the log's words, the last move shown) is the
same in both frames, and is covered by the log's own tests of `describe`.

The undo test, for every game with a secret, is played by posted events as a player would: the
next player presses Undo (and clicks whatever the screen then offers) and must neither see nor
change the previous player's secret.
"""
from __future__ import annotations

import random

import pygame
import pytest

from hexgames import games
from hexgames.core.match import Match, Seat
from hexgames.ui.anim import INSTANT
from hexgames.ui.handover import HandoverScene
from hexgames.ui.screenshot import build_match
from tests.drive import click_at, key, make_app, step

pytestmark = pytest.mark.privacy

HUMANS = [Seat("human", None, "Ann"), Seat("human", None, "Bob")]
# (seed, moves): early (racks, deck picks, chips, secret colours), middle and late positions
POSITIONS = {
    "ingenious": [(1, 0), (2, 5), (3, 17), (4, 30)],
    "clans": [(1, 0), (2, 7), (3, 20), (4, 29)],  # seed 4 ends after 31 moves
    "toradama": [(1, 1), (2, 6), (3, 15), (4, 28)],
    # Dot Lines' seed 4 ends after 20 moves since Medium judges a Redraw over the tiles it may bring
    "dotlines": [(1, 1), (1, 3), (1, 5), (2, 8), (3, 14), (5, 26)],
    "stickers": [(1, 0), (1, 3), (1, 9), (2, 15), (3, 24), (4, 28)],  # seed 4 ends after 30
}
# positions where a secret is at its most exposed, reached by seeded play from move 0
MOMENTS = {
    "dotlines": lambda s: s.phase == 3 and list(s.chip).count(-1) == 1,  # one chip chosen, one to choose
    "stickers": lambda s: s.phase == "deck" and len(s.picks[0]) == 8 and 0 < len(s.picks[1]) < 8,
    "clans": lambda s: len(s.pending) > 1,  # villages founded at once: the mover orders their scoring
}
RESAMPLES = 2


@pytest.fixture(scope="module")
def app():
    application = make_app("en", anim_speed=INSTANT)
    yield application
    application.shutdown()


def _position(game_id: str, seed: int, moves: int) -> Match:
    """The seeded position after `moves` moves; moves -1: the game's `MOMENTS` position."""
    if moves < 0:
        for s in range(seed, seed + 20):
            match = build_match(game_id, s, 0, seats=HUMANS, until=MOMENTS[game_id])
            if match is not None:
                return match
        raise AssertionError(f"no seeded {game_id} game reached its moment")
    match = build_match(game_id, seed, moves, seats=HUMANS)
    assert not match.is_over, f"the seeded {game_id} game {seed} is over before move {moves}: pick an earlier move"
    return match


def _resampled(match: Match, viewer: int, seed: int) -> Match:
    """The same match, its current state replaced by one that `viewer` cannot tell from it."""
    rules = match.rules
    view = rules.observe(match.state, viewer)
    other = rules.sample(view, viewer, random.Random(seed))
    assert rules.digest(rules.observe(other, viewer)) == rules.digest(view), "sample must keep the view"
    copy = Match(match.info, match.seats, match.options, match.seed)
    copy.replay(match.moves)
    copy.states[-1] = other
    copy.uid = match.uid
    return copy


def _frame(app, match: Match, viewer: int | None, extra: str = "", hint=None) -> bytes:
    """The screen as `viewer` sees it (None: the hand-over screen to the seat to move)."""
    scene = match.info.scene_class()(app, match)
    scene.auto_play = False
    app.scenes.reset(scene)
    if viewer is None:
        scene.table.hide_screen()
        scene.forget_viewer()
        app.scenes.push(HandoverScene(app, scene, match.to_move))
    elif scene.hides_info:
        scene.handover_done(viewer)
    if extra == "log":
        scene.toggle_log()
    elif extra == "hint" and hint is not None:
        scene.offer_hint(hint)
    app.clock_time = 100.0  # pulsing highlights and thinking dots follow the clock: the same for both frames
    step(app, 3)
    if viewer is not None:
        assert not isinstance(app.scenes.top, HandoverScene), "the viewer was not at the screen"
    return pygame.image.tobytes(app.screen, "RGB")


def _differ(a: bytes, b: bytes, size: tuple[int, int]) -> str:
    """Where two frames differ, for the failure message (the bounding box of the changed pixels)."""
    w, _ = size
    changed = [i // 3 for i in range(0, len(a), 3) if a[i:i + 3] != b[i:i + 3]]
    xs, ys = [i % w for i in changed], [i // w for i in changed]
    return f"{len(changed)} pixels differ, within x {min(xs)}..{max(xs)}, y {min(ys)}..{max(ys)}"


def _same(app, a: bytes, b: bytes, what: str) -> None:
    if a != b:
        pytest.fail(f"{what}: {_differ(a, b, app.screen.get_size())}")


def _cases() -> list[tuple[str, int, int]]:
    return ([(g, seed, moves) for g, positions in POSITIONS.items() for seed, moves in positions]
            + [(g, 1, -1) for g in MOMENTS])


@pytest.mark.parametrize("game_id,seed,moves", _cases())
def test_what_the_player_at_the_screen_sees_depends_on_their_view_alone(app, game_id, seed, moves):
    match = _position(game_id, seed, moves)
    viewer = match.to_move
    hint = next(iter(match.rules.legal_moves(match.state)), None)
    for extra in ("", "log", "hint"):
        seen = _frame(app, match, viewer, extra, hint)
        for k in range(RESAMPLES):
            other = _resampled(match, viewer, seed * 1000 + k)
            if extra == "hint" and other.check(hint) is not None:
                continue  # the hint was made from the view: a move the view allows is legal in both
            _same(app, _frame(app, other, viewer, extra, hint), seen,
                  f"{game_id} seed {seed} after {moves} moves: the {extra or 'game'} screen of seat {viewer} "
                  f"changed with what that seat cannot see")


@pytest.mark.parametrize("game_id,seed,moves", _cases())
def test_the_hand_over_screen_shows_nobody_s_secrets(app, game_id, seed, moves):
    match = _position(game_id, seed, moves)
    seen = _frame(app, match, None)
    for seat in range(len(match.seats)):
        _same(app, _frame(app, _resampled(match, seat, seed + seat), None), seen,
              f"{game_id} seed {seed} after {moves} moves: the hand-over screen changed with seat {seat}'s secrets")


# --- Undo in hot-seat, played by posted events ---------------------------------------------------------
def _start(app, match: Match):
    app.start_match(match)
    scene = app.scenes.stack[0]
    scene.auto_play = False
    return scene


def _take_screen(app, scene) -> None:
    """Whatever the hand-over screen offers, the player clicks it."""
    for _ in range(3):
        top = app.scenes.top
        if isinstance(top, HandoverScene):
            click_at(app, top.button.rect.center)
        step(app, 2)


def _press_undo(app, scene) -> None:
    click_at(app, scene.undo_button.rect.center)
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)


def _undo_keeps_the_secret(app, match: Match, secret) -> None:
    """The seat to move presses Undo by mouse and keyboard, takes whatever screen comes, presses again:
    the previous moves stay played, and nothing of `secret(state)` was drawn or changed."""
    scene = _start(app, match)
    _take_screen(app, scene)
    viewer = scene.viewer
    assert viewer == match.to_move
    moves, kept = list(match.moves), secret(match.state)
    for _ in range(2):
        _press_undo(app, scene)
        _take_screen(app, scene)
        assert match.moves == moves and secret(match.state) == kept
        assert scene.viewer == viewer and match.to_move == viewer
    assert any("another player" in t for t in scene.toasts.texts) or scene.undo_reason is not None


def _played_until(game_id: str, seats, seed: int, until) -> Match:
    for s in range(seed, seed + 40):
        match = build_match(game_id, s, 0, seats=seats, until=until)
        if match is not None:
            return match
    raise AssertionError(f"no {game_id} game reached the position")


def test_clans_third_player_cannot_undo_into_the_second_player_s_colour(app):
    seats = HUMANS + [Seat("human", None, "Cy")]
    rules = games.get("clans").rules
    match = _played_until("clans", seats, 5, lambda s: not s.pending and rules.to_move(s) == 2 and s.villages)
    # seat 1 moved last; seat 2 is at the screen
    _undo_keeps_the_secret(app, match, lambda s: tuple(s.colour_of))
    scene = app.scenes.stack[0]
    assert [c is not None for c in scene.shown_colours()] == [False, False, True]


def test_dotlines_second_player_cannot_undo_the_first_player_s_chip(app):
    from hexgames.games.dotlines.rules import CHIP, CHIP_NONE

    match = _played_until("dotlines", HUMANS, 1, lambda s: s.phase == CHIP and list(s.chip).count(CHIP_NONE) == 1)
    assert match.rules.private_info(match.state)
    _undo_keeps_the_secret(app, match, lambda s: tuple(s.chip))


def test_stickers_second_player_cannot_undo_into_the_first_player_s_deck(app):
    match = _played_until("stickers", HUMANS, 1, lambda s: s.phase == "deck" and len(s.picks[0]) == 8 and not s.picks[1])
    _undo_keeps_the_secret(app, match, lambda s: tuple(map(tuple, s.picks)))


def test_ingenious_next_player_cannot_undo_into_the_previous_rack(app):
    match = build_match("ingenious", 3, 1, seats=HUMANS)
    _undo_keeps_the_secret(app, match, lambda s: tuple(map(tuple, s.racks)))
