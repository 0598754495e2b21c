"""The Dot Lines scene driven like a player: real mouse and key events posted, frames stepped headless.

Positions come from the rules and the scene's own geometry (hand tile rects, line ends, columns,
buttons), never from hard-coded pixels.
"""
from __future__ import annotations

import random
import time

import pygame
import pytest

from hexgames import games
from hexgames.core import saves
from hexgames.core.match import Match, Seat
from hexgames.games import new_match
from hexgames.games.dotlines.rules import ACT, DOUBLE, DRAW, EXCHANGE, INVERTER, Draw, Exchange, Place, Redraw, Stack
from hexgames.games.dotlines.pieces import LINE_RGB
from hexgames.games.dotlines.scene import MARKER_OUTLINE, DotLinesScene
from hexgames.ui.anim import INSTANT
from hexgames.ui.handover import HandoverScene
from hexgames.ui.results import ResultsScene
from tests.drive import key, move_to, post, step, step_until
from tests.games.dotlines.boards import RULES, col, position

ALICE, BOB = Seat("human", None, "Alice"), Seat("human", None, "Bob")


def start(app, match: Match, auto_play: bool = True) -> DotLinesScene:
    app.start_match(match)
    scene = app.scenes.stack[0]
    assert isinstance(scene, DotLinesScene)
    scene.auto_play = auto_play
    step(app, 2)
    return scene


def at_position(app, s, seats=(ALICE, Seat("ai", "medium", "Robo"))) -> DotLinesScene:
    """A scene whose match state is the hand-built position `s` (the AI seat frozen)."""
    match = new_match("dotlines", list(seats), {}, 0)
    match.states[-1] = s
    return start(app, match, auto_play=False)


def end_rect(scene: DotLinesScene, line: int) -> pygame.Rect:
    """Where `line`'s next column goes now (nowhere once it has six columns)."""
    return scene.geo.end_rect(line, len(scene.state.lines[line]))


def click(app, pos, mod: int = 0) -> None:
    pos = (round(pos[0]), round(pos[1]))
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    step(app)
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, mod=mod)
    step(app)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1, mod=mod)
    step(app, 2)


def press_button(app, button) -> None:
    assert button.visible, "the button must be showing"
    click(app, button.rect.center)


def prompt_button(scene: DotLinesScene, move):
    return next(b for b, m in scene.prompt_buttons if m == move)


def tile_indices(hand: list[int], tiles: list[int]) -> list[int]:
    out, used = [], set()
    for v in tiles:
        i = next(i for i, x in enumerate(hand) if x == v and i not in used)
        used.add(i)
        out.append(i)
    return out


def gesture(app, scene: DotLinesScene, move) -> None:
    """Play `move` as a player would: buttons, hand tiles, the chip, line ends and columns."""
    s = scene.state
    seat = s.current
    kind = type(move)
    if s.phase != ACT:
        if kind is Draw and len(scene.match.moves) % 4 == 1:  # now and then by the deck itself
            click(app, scene.deck_rect.center)
        else:
            press_button(app, prompt_button(scene, move))
        return
    hand = s.hand_tiles(seat)
    rects = scene.hand_rects[seat]
    if kind is Redraw:
        click(app, rects[hand.index(move.value)].center)
        press_button(app, scene.action_buttons["redraw"])
        return
    if kind is Exchange:
        click(app, rects[hand.index(move.give)].center)
        press_button(app, scene.action_buttons["exchange"])
        theirs = s.hand_tiles(1 - seat)
        click(app, scene.hand_rects[1 - seat][theirs.index(move.take)].center)
        return
    tiles, chip = scene.move_tiles(move)
    for k, i in enumerate(tile_indices(hand, tiles)):
        click(app, scene.hand_rects[seat][i].center, mod=pygame.KMOD_SHIFT if k else 0)
    if chip:
        press_button(app, scene.chip_button)
    if kind is Stack:
        click(app, scene.col_rects[move.line][move.col].center)
    else:
        click(app, end_rect(scene, move.line).center)


def run_game(app, match: Match, scene: DotLinesScene, rng: random.Random, on_turn=None, max_frames=6000):
    """Step the app until the results show; humans move by gestures (random legal moves)."""
    handovers = 0
    for _ in range(max_frames):
        top = app.scenes.top
        if isinstance(top, ResultsScene):
            break
        if isinstance(top, HandoverScene):
            handovers += 1
            key(app, pygame.K_RETURN, unicode="\r")
            continue
        if scene.can_act:
            if on_turn is not None and on_turn(scene):
                continue
            before = len(match.moves)
            move = RULES.random_move(match.state, rng)
            gesture(app, scene, move)
            assert len(match.moves) > before, (move, scene.toasts.texts)
            assert match.moves[before] == move  # (the AI may have answered already)
            continue
        step(app)
        time.sleep(0.0005)
    return handovers


# --- placing by mouse -------------------------------------------------------------------------------
def test_selecting_tiles_lights_up_the_legal_line_ends_and_a_click_places(app):
    s = position(mine=(4, 4, 2, 6), theirs=(1, 5), die=(3, 5))
    scene = at_position(app, s)
    hand = s.hand_tiles(0)
    click(app, scene.hand_rects[0][hand.index(4)].center)
    click(app, scene.hand_rects[0][hand.index(4) + 1].center, mod=pygame.KMOD_SHIFT)
    assert scene.selection_values() == [4, 4]
    targets = scene.candidates()
    assert Place(0, 4, 2, 0) in targets and Place(1, 4, 2, 0) in targets
    click(app, end_rect(scene, 1).center)
    assert scene.match.moves[-1] == Place(1, 4, 2, 0)
    assert scene.state.lines[1] == [col(4, 2)]


def test_dragging_across_the_hand_selects_several(app):
    s = position(mine=(5, 5, 5, 1), theirs=(1, 2), die=(4, 6))
    scene = at_position(app, s)
    rects = scene.hand_rects[0]
    hand = s.hand_tiles(0)
    first, last = hand.index(5), hand.index(5) + 1
    post(pygame.MOUSEMOTION, pos=rects[first].center, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=rects[first].center, button=1)
    step(app)
    post(pygame.MOUSEMOTION, pos=rects[last].center, rel=(1, 0), buttons=(1, 0, 0))
    step(app)
    post(pygame.MOUSEBUTTONUP, pos=rects[last].center, button=1)
    step(app)
    assert scene.selection_values() == [5, 5]


def test_an_illegal_placement_shows_the_rules_reason(app):
    s = position(mine=(4, 4, 4, 2), theirs=(1, 5), die=(3, 5))
    scene = at_position(app, s)
    hand = s.hand_tiles(0)
    for k, i in enumerate(tile_indices(hand, [4, 4, 4])):
        click(app, scene.hand_rects[0][i].center, mod=pygame.KMOD_CTRL if k else 0)
    assert scene.candidates() == []
    click(app, end_rect(scene, 0).center)
    assert not scene.match.moves
    assert any("1 or 2 tiles" in t for t in scene.toasts.texts)


def test_the_chip_button_adds_the_inverter_and_the_column_shows_it(app):
    s = position(mine=(2, 6, 6), theirs=(1, 3), die=(4, 3), chips=(INVERTER, DOUBLE))
    scene = at_position(app, s)
    click(app, scene.hand_rects[0][0].center)  # the 2
    press_button(app, scene.chip_button)
    assert scene.chip_on and Place(0, 5, 0, 1) in scene.candidates()
    click(app, end_rect(scene, 0).center)
    assert scene.match.moves[-1] == Place(0, 5, 0, 1)
    assert scene.state.chip_at[0] == (0, 0, 0)


def test_actions_ask_for_what_they_need(app):
    s = position(mine=(2, 5), theirs=(6, 1), used=(0, 0))
    scene = at_position(app, s)
    press_button(app, scene.action_buttons["exchange"])
    assert "one of your tiles" in scene.status_text()
    click(app, scene.hand_rects[0][0].center)  # give the 2
    assert "opponent" in scene.status_text()
    click(app, scene.hand_rects[1][1].center)  # take their 6
    assert scene.match.moves[-1] == Exchange(2, 6)


def test_a_used_actions_button_is_disabled_and_says_why_on_hover(app, monkeypatch):
    from hexgames.games.dotlines import scene as scene_module

    tips = []
    real_tip = scene_module.hud.hover_tip
    monkeypatch.setattr(scene_module.hud, "hover_tip", lambda surface, a, anchor, text, **kw: (
        tips.append((anchor, text)), real_tip(surface, a, anchor, text, **kw))[1])
    scene = at_position(app, position(mine=(2, 5), theirs=(6, 1), used=(EXCHANGE, 0), deck=[]))
    exchange, redraw, stack = (scene.action_buttons[k] for k in ("exchange", "redraw", "stack"))
    assert not exchange.is_enabled and not redraw.is_enabled and stack.is_enabled  # used; the deck is empty
    click(app, exchange.rect.center)
    assert scene.match.moves == [] and scene.mode is None  # a disabled button does nothing
    move_to(app, exchange.rect.center)
    step(app, 2)
    assert (exchange.rect, "You have already used Exchange in this game.") in tips
    move_to(app, redraw.rect.center)
    step(app, 2)
    assert (redraw.rect, "Redraw needs a tile in the deck.") in tips


def test_stack_by_button_then_column(app):
    s = position(mine=(4, 4, 1), theirs=(6, 1), white=[col(4, 2)])
    scene = at_position(app, s)
    hand = s.hand_tiles(0)
    for k, i in enumerate(tile_indices(hand, [4, 4])):
        click(app, scene.hand_rects[0][i].center, mod=pygame.KMOD_SHIFT if k else 0)
    press_button(app, scene.action_buttons["stack"])
    assert scene.match.moves[-1] == Stack(0, 0, 2, 0)


def test_redraw_asks_for_the_tile_to_discard(app):
    s = position(mine=(2, 5), theirs=(6, 1))
    scene = at_position(app, s)
    press_button(app, scene.action_buttons["redraw"])
    assert "discard" in scene.status_text()
    click(app, scene.hand_rects[0][1].center)
    assert scene.match.moves[-1] == Redraw(5)


# --- whole games --------------------------------------------------------------------------------------
@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_game_against_hard_plays_to_the_end_with_undo_and_resume(app, language):
    app.set_language(language)
    match = new_match("dotlines", [ALICE, Seat("ai", "hard", "Robo")], {}, 4 if language == "en" else 8)
    scene = start(app, match)
    rng = random.Random(4)
    done = {"undo": 0}

    def undo_a_placement(sc):
        """Once: place, and take it back while the tiles still slide (before the AI draws)."""
        places = [m for m in RULES.legal_moves(match.state) if type(m) is Place]
        if done["undo"] or match.state.phase != ACT or not places:
            return False
        before = RULES.digest(match.state)
        count = len(match.moves)
        app.settings.anim_speed = 1.0
        gesture(app, sc, places[0])
        assert match.moves[-1] == places[0] and sc.is_animating()
        resumed = saves.load_autosave(games.get)  # the app autosaved the placement
        assert resumed is not None and resumed.digest() == match.digest()
        press_button(app, sc.undo_button)
        assert len(match.moves) == count and RULES.digest(match.state) == before
        app.settings.anim_speed = INSTANT
        done["undo"] = 1
        return True

    run_game(app, match, scene, rng, undo_a_placement)
    assert done["undo"]
    assert match.is_over and isinstance(app.scenes.top, ResultsScene)
    summary = RULES.outcome(match.state).summary
    ending = app.tr_reason(summary)
    assert summary.key.startswith("dotlines.ending.") and (ending == summary) == (language == "en")
    assert "Ending" not in ending and ending in scene.toasts.texts


def test_undo_is_refused_after_a_draw_with_the_reason(app):
    s = position(mine=(4, 2), theirs=(1, 5), phase=DRAW)
    match = new_match("dotlines", [ALICE, BOB], {}, 0)
    match.states[-1] = s
    scene = start(app, match, auto_play=False)
    press_button(app, prompt_button(scene, Draw()))
    assert match.moves == [Draw()]
    scene.undo()
    assert match.moves == [Draw()]
    assert any("drawn from the deck" in t for t in scene.toasts.texts)


@pytest.mark.parametrize("language", ["en", "ja"])
def test_hot_seat_hands_over_only_while_something_is_private(app, language):
    app.set_language(language)
    match = new_match("dotlines", [ALICE, BOB], {"wrap": "on"}, 6 if language == "en" else 12)
    scene = start(app, match)
    rng = random.Random(6)
    seen: list[tuple[int, bool]] = []
    resumed_at: list[int] = []

    def watch(sc):
        seen.append((match.state.phase, sc.hides_info))
        if len(match.moves) >= 12 and not resumed_at:  # mid-game: the autosave resumes this position
            resumed = saves.load_autosave(games.get)
            assert resumed is not None and resumed.digest() == match.digest()
            resumed_at.append(len(match.moves))
        return False

    handovers = run_game(app, match, scene, rng, watch)
    assert match.is_over
    assert handovers >= 2 and resumed_at  # roll-off decisions and the second chip choice
    assert all(not hides for phase, hides in seen if phase >= DRAW)


def test_hot_seat_undo_never_takes_back_the_other_player_s_placement(app):
    s = position(mine=(4, 4, 2), theirs=(1, 5), die=(3, 5))
    match = new_match("dotlines", [ALICE, BOB], {}, 0)
    match.states[-1] = s
    scene = start(app, match, auto_play=False)
    gesture(app, scene, Place(0, 4, 2, 0))
    assert match.moves == [Place(0, 4, 2, 0)] and match.to_move == 1
    press_button(app, scene.undo_button)  # Bob's turn now: Alice's placement is hers
    assert match.moves == [Place(0, 4, 2, 0)] and match.state.lines[0] != []
    assert "never another player's" in (scene.undo_reason or "")


def test_ai_moves_slide_from_the_hand(app):
    app.settings.anim_speed = 1.0
    s = position(mine=(1, 2, 6), theirs=(4, 4), die=(3, 5), current=1)
    scene = at_position(app, s)
    scene.auto_play = True
    for _ in range(400):
        step(app)
        if scene.flying:
            break
        time.sleep(0.002)
    assert scene.flying and scene.is_animating()


def test_the_screen_renders_in_japanese_after_moves(tmp_path):
    from hexgames.app import screenshot

    out = tmp_path / "dotlines_ja.png"
    screenshot(str(out), game_id="dotlines", seed=2, moves=12, language="ja")
    assert pygame.image.load(str(out)).get_size() == (1280, 800)


def test_a_used_action_marker_turns_over(app):
    app.settings.anim_speed = 1.0
    s = position(mine=(2, 5), theirs=(6, 1))
    scene = at_position(app, s)
    click(app, scene.hand_rects[0][0].center)
    press_button(app, scene.action_buttons["redraw"])
    assert scene.match.moves[-1] == Redraw(2)
    from hexgames.games.dotlines.rules import REDRAW
    assert scene.animator.value(("flip", 0, REDRAW)) is not None
    step(app, 60)
    assert scene.animator.value(("flip", 0, REDRAW)) is None and scene.state.used[0] & REDRAW


@pytest.mark.parametrize("language", ["en", "ja"])
def test_against_the_ai_the_disabled_undo_says_its_draw_showed_a_tile(app, language):
    app.set_language(language)
    s = position(mine=(4, 4, 2), theirs=(1, 5, 6), die=(3, 5))
    scene = at_position(app, s)
    match = scene.match
    gesture(app, scene, Place(0, 4, 2, 0))
    assert scene.undo_button.is_enabled  # nothing drawn since: the placement can still be taken back
    scene.auto_play = True
    assert step_until(app, lambda: len(match.moves) >= 2 and not scene.is_animating())
    assert match.moves[1] == Draw()
    step(app, 2)
    assert not scene.undo_button.is_enabled
    why = app.tr("dotlines.undo_drawn")
    assert scene.undo_reason and why in scene.undo_reason
    assert ("your opponent" if language == "en" else "相手") in why
    move_to(app, scene.undo_button.rect.center)  # the hover tip draws over the table
    step(app, 2)


def test_the_black_line_players_seat_chip_is_a_square_with_a_light_edge(app):
    s = position(mine=(4,), theirs=(1, 2, 3))
    scene = at_position(app, s)
    surface = pygame.Surface((40, 40))
    surface.fill((30, 34, 42))  # the results panel's dark
    scene.draw_seat_chip(surface, 1, (20, 20), 8)  # seat 1's home is the black line
    assert surface.get_at((20 - 8, 20 - 8))[:3] == MARKER_OUTLINE  # a square's corner, light
    assert surface.get_at((20, 20))[:3] == LINE_RGB[1]
    surface.fill((30, 34, 42))
    scene.draw_seat_chip(surface, 0, (20, 20), 8)  # the white line's player: a disc (no corner)
    assert surface.get_at((20 - 8, 20 - 8))[:3] != MARKER_OUTLINE


@pytest.mark.parametrize("language", ["en", "ja"])
def test_ending_c_is_announced_as_the_hand_emptied_on_the_sixth_column(app, language):
    from tests.games.dotlines.test_rules import c_position

    app.set_language(language)
    scene = at_position(app, c_position())
    gesture(app, scene, Place(1, 2, 1, 0))  # the last tile makes the opponent's 6th column
    assert scene.match.is_over and scene.state.winner == 0
    announced = app.tr("dotlines.ending.emptied_hand_sixth_column")
    assert announced in scene.toasts.texts
    assert ("6th column" if language == "en" else "6列目") in announced


def test_the_actions_the_chip_and_the_panel_parts_say_what_they_are(app):
    scene = at_position(app, position(mine=(4, 4, 2), theirs=(1, 5), die=(3, 5)))
    tips = [b.tool_tip_text for b in [*scene.action_buttons.values(), scene.chip_button]]
    assert all(tips) and len(set(tips)) == 4 and not any(t.startswith("learn.") for t in tips)
    regions = scene.tip_regions()
    covered = [rect for rect, _ in regions]
    assert any(r.colliderect(box) for box in scene.geo.seat_boxes for r in covered)
    assert any(r.colliderect(area) for area in scene.geo.line_area for r in covered)
    assert all(text and not text.startswith("learn.") for _, text in regions)
