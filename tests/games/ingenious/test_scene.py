"""The Ingenious scene driven like a player: real mouse and key events posted into a headless app.

Each test builds `App(headless=True)` (its AI worker runs in a thread), starts a real Match and steps
frames. Positions come from the rules (setup seeds, legal play), never from hard-coded pixels: the
scene's own geometry (`hex_center`, `placement_center`, `rack_slots`) says where to click.
"""
from __future__ import annotations

import itertools
import random

import pygame
import pytest

from hexgames.core import hexgrid
from hexgames.core.match import Match, Seat
from hexgames.games import new_match
from hexgames.games.ingenious import pieces
from hexgames.games.ingenious.rules import IngeniousRules, Place, Swap
from hexgames.games.ingenious.scene import LAST_MOVE, RING_FILLS, IngeniousScene
from hexgames.ui.handover import HandoverScene
from hexgames.ui.pause import PauseScene
from tests.drive import changed_pixels, click_at, key, make_app, move_to, record_font_sizes, step, step_until

R = IngeniousRules()
ALICE, BOB = Seat("human", None, "Alice"), Seat("human", None, "Bob")
ROBO = Seat("ai", "medium", "Robo")


# --- driving the app --------------------------------------------------------------------------------
@pytest.fixture
def app():
    application = make_app("en", anim_speed=1.0)
    yield application
    application.shutdown()


def click(app, pos, button: int = 1) -> None:
    click_at(app, pos, button, frames=2)


def press(app, k: int) -> None:
    key(app, k)


def seed_where_first(seats: int, first: int, options=None) -> int:
    """The first seed whose random start player is `first` (the rules decide it from the seed)."""
    opts = {"mode": "standard", **(options or {})}
    return next(s for s in range(1000) if R.setup(opts, seats, s).current == first)


def start(app, seats, seed: int, options=None) -> IngeniousScene:
    app.start_match(new_match("ingenious", seats, options, seed))
    step(app, 2)
    scene = app.scenes.stack[0]
    assert isinstance(scene, IngeniousScene)
    return scene


def legal_spot(scene: IngeniousScene, tile) -> tuple[tuple[int, int], tuple[int, int]]:
    """A legal (hex for tile[0], hex for tile[1]) in the held orientation, from the rules."""
    pairs = sorted(p for p in R.placement_targets(scene.match.state, tile)
                   if hexgrid.direction_between(p[0], p[1]) == scene.orientation)
    return pairs[len(pairs) // 2]


def pixel(app, pos) -> tuple[int, int, int]:
    return tuple(app.screen.get_at((round(pos[0]), round(pos[1]))))[:3]


def near(c1, c2, tol: int = 40) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(c1, c2))


def fill_point(scene: IngeniousScene, h) -> tuple[float, float]:
    """A point inside hex h that shows its fill: beyond the symbol, inside the border."""
    x, y = scene.hex_center(h)
    return (x + scene.hex_size * 0.72, y)


def play_by_mouse(app, scene: IngeniousScene) -> Place:
    """Pick rack tile 0, hover a legal spot, click, press Enter: the whole human gesture."""
    click(app, scene.rack_slots[0].center)
    tile = scene.held_tile()
    a, b = legal_spot(scene, tile)
    click(app, scene.placement_center(a, b))
    move = scene.preview
    assert move == Place(tile, a, b)
    press(app, pygame.K_RETURN)
    return move


# --- placing a tile -------------------------------------------------------------------------------
def test_pick_rotate_preview_and_confirm(app):
    scene = start(app, [ALICE, ROBO], seed_where_first(2, 0))
    assert scene.can_act and scene.rack_drawn_for == 0
    rack = list(scene.match.state.racks[0])
    click(app, scene.rack_slots[2].center)
    assert scene.held == 2 and scene.held_tile() == rack[2]

    before = scene.orientation
    click(app, scene.board_area.center, button=3)
    assert scene.orientation == (before + 1) % 6  # one step clockwise
    click(app, scene.board_area.center, button=3)
    assert scene.orientation == (before + 2) % 6

    a, b = legal_spot(scene, rack[2])
    assert hexgrid.direction_between(a, b) == scene.orientation
    move_to(app, scene.placement_center(a, b))
    hover = scene.hover_move()
    assert hover == Place(rack[2], a, b)
    assert scene.current_gains() == R.score_preview(scene.match.state, hover)

    click(app, scene.placement_center(a, b))
    assert scene.preview == Place(rack[2], a, b) and scene.held is None
    assert scene.match.moves == []  # a preview is not a move yet
    assert scene.confirm_button.visible

    press(app, pygame.K_RETURN)
    assert scene.match.moves[0] == Place(rack[2], a, b)  # the AI may already have answered
    state = scene.match.states[1]
    assert state.colour_at(a) == rack[2][0] and state.colour_at(b) == rack[2][1]
    assert scene.preview is None and not scene.confirm_button.visible
    step(app)
    assert near(pixel(app, fill_point(scene, a)), pieces.FILLS[rack[2][0]])
    assert near(pixel(app, fill_point(scene, b)), pieces.FILLS[rack[2][1]])


def test_confirm_button_commits_the_preview(app):
    scene = start(app, [ALICE, ROBO], seed_where_first(2, 0))
    click(app, scene.rack_slots[0].center)
    tile = scene.held_tile()
    a, b = legal_spot(scene, tile)
    click(app, scene.placement_center(a, b))
    click(app, scene.confirm_button.rect.center)
    assert scene.match.moves[:1] == [Place(tile, a, b)]


def test_illegal_first_round_spot_shows_the_reason_and_plays_nothing(app):
    scene = start(app, [ALICE, ROBO], seed_where_first(2, 0))
    click(app, scene.rack_slots[0].center)
    centre, below = (0, 0), hexgrid.neighbour((0, 0), scene.orientation)
    click(app, scene.placement_center(centre, below))
    assert scene.match.moves == [] and scene.preview is None
    assert scene.held == 0  # still in hand, to try elsewhere
    assert "In your first turn the tile must touch a start symbol." in scene.toasts.texts
    assert all(t.error for t in scene.toasts.toasts)


def test_escape_returns_the_tile_then_opens_the_pause_menu(app):
    scene = start(app, [ALICE, ROBO], seed_where_first(2, 0))
    click(app, scene.rack_slots[1].center)
    assert scene.held == 1
    press(app, pygame.K_ESCAPE)
    assert scene.held is None and app.scenes.top is scene

    click(app, scene.rack_slots[1].center)
    a, b = legal_spot(scene, scene.held_tile())
    click(app, scene.placement_center(a, b))
    assert scene.preview is not None
    press(app, pygame.K_ESCAPE)
    assert scene.preview is None and scene.held is None and app.scenes.top is scene
    assert scene.match.moves == []

    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, PauseScene)


def test_clicking_the_rack_puts_the_tile_back_or_swaps_the_choice(app):
    scene = start(app, [ALICE, ROBO], seed_where_first(2, 0))
    click(app, scene.rack_slots[0].center)
    click(app, scene.rack_slots[3].center)
    assert scene.held == 3
    click(app, (scene.rack_area.centerx, scene.rack_area.bottom - 8))
    assert scene.held is None
    click(app, scene.rack_slots[3].center)
    click(app, scene.rack_slots[3].center)
    assert scene.held is None


def test_legal_targets_are_highlighted_only_with_the_setting(app):
    scene = start(app, [ALICE, ROBO], seed_where_first(2, 0))
    click(app, scene.rack_slots[0].center)
    tile = scene.held_tile()
    targets = scene._targets(tile)
    assert targets == {h for pair in R.placement_targets(scene.match.state, tile) for h in pair}
    spot = next(h for h in sorted(targets) if scene.match.state.colour_at(h) is None)
    move_to(app, scene.rack_area.center)  # keep the held tile away from the spot
    app.settings.show_targets = True
    step(app)
    lit = pixel(app, scene.hex_center(spot))
    app.settings.show_targets = False
    step(app)
    plain = pixel(app, scene.hex_center(spot))
    assert lit != plain and near(plain, RING_FILLS[5])  # the marker, then the bare white area


# --- bonus and swap -------------------------------------------------------------------------------
def test_reaching_18_celebrates_and_asks_for_the_bonus_placement(app):
    match = new_match("ingenious", [ALICE, ROBO], None, seed_where_first(2, 0))
    state = match.state
    state.scores[0] = [17] * 6  # a hand-built position: every colour one point short of 18
    match.listeners.clear()
    app.start_match(match)
    step(app, 2)
    scene = app.scenes.stack[0]
    rack = state.racks[0]
    scoring = [(i, m) for i, t in enumerate(rack) for m in R.legal_moves(state)
               if isinstance(m, Place) and m.tile == t and sum(R.score_preview(state, m)) > 0]
    slot, move = scoring[0]
    click(app, scene.rack_slots[slot].center)
    a, b = (move.a, move.b) if move.tile == rack[slot] else (move.b, move.a)
    while scene.orientation != hexgrid.direction_between(a, b):
        click(app, scene.rack_area.topleft, button=3)  # right-click turns the tile in hand
    click(app, scene.placement_center(a, b))
    press(app, pygame.K_RETURN)
    assert len(scene.match.moves) == 1
    after = scene.match.state
    assert after.phase == "bonus" and after.current == 0
    assert scene.celebrations, "reaching 18 shows the Ingenious! celebration"
    assert "Bonus placement (1 left)" in scene.banner_text()
    assert scene.can_act  # the celebration never blocks the bonus placement
    bonus = play_by_mouse(app, scene)
    assert scene.match.moves[1] == bonus and scene.match.states[1].current == 0


def _position_with_human_swap(seed: int) -> Match | None:
    """Play random legal moves until seat 0 (human) faces the swap decision; None if it never does."""
    match = new_match("ingenious", [ALICE, ROBO], None, seed)
    rng = random.Random(seed)
    while not match.is_over and len(match.moves) < 200:
        s = match.state
        if s.phase == "swap" and s.current == 0:
            return match
        match.replay([R.random_move(s, rng)])
    return None


@pytest.mark.parametrize("accept", [True, False])
def test_swap_prompt_buttons_send_the_choice(app, accept):
    match = next(m for m in map(_position_with_human_swap, range(1, 60)) if m is not None)
    app.start_match(match)
    step(app, 2)
    scene = app.scenes.stack[0]
    n = len(match.moves)
    assert scene.swap_prompt_open()
    assert scene.swap_accept_button.visible and scene.swap_decline_button.visible
    button = scene.swap_accept_button if accept else scene.swap_decline_button
    click(app, button.rect.center)
    assert match.moves[n] == Swap(accept)
    step(app)
    assert not scene.swap_accept_button.visible


# --- privacy and AI -------------------------------------------------------------------------------
def test_hot_seat_never_draws_the_other_humans_rack(app):
    first = seed_where_first(2, 1)
    scene = start(app, [ALICE, BOB], first)
    assert isinstance(app.scenes.top, HandoverScene) and app.scenes.top.seat == 1
    assert scene.rack_drawn_for is None
    press(app, pygame.K_RETURN)
    assert scene.rack_drawn_for == 1 and scene.viewer == 1
    play_by_mouse(app, scene)
    assert step_until(app, lambda: isinstance(app.scenes.top, HandoverScene), 30)
    assert app.scenes.top.seat == 0
    assert scene.rack_drawn_for is None  # Bob's rack went away before the device changed hands
    step(app, 3)
    assert scene.rack_drawn_for is None
    press(app, pygame.K_RETURN)
    assert scene.rack_drawn_for == 0
    # Alice's first tile may not touch the start symbol Bob touched: the targets already say so
    bonus = play_by_mouse(app, scene)
    assert scene.match.moves[1] == bonus and scene.match.states[1].current == 0


def test_ai_move_slides_in_then_lands_on_the_board(app):
    scene = start(app, [ALICE, ROBO], seed_where_first(2, 1))
    assert step_until(app, lambda: len(scene.match.moves) == 1)
    move = scene.match.moves[0]
    assert isinstance(move, Place)
    assert scene.is_animating() and not scene.can_act
    assert scene.displayed_state().colour_at(move.a) is None  # still in flight
    first_pos = scene.slide[0].value
    step(app, 10)
    assert scene.slide is not None and scene.slide[0].value != first_pos
    assert step_until(app, lambda: not scene.is_animating(), 200)
    assert scene.displayed_state() is scene.state  # the viewer's observation of the position now
    step(app)
    assert near(pixel(app, fill_point(scene, move.a)), pieces.FILLS[move.tile[0]])
    assert scene.can_act and scene.match.to_move == 0


def test_board_rescales_with_the_window(app):
    scene = start(app, [ALICE, ROBO], seed_where_first(2, 0))
    old = scene.hex_size
    app.resize((1000, 660))
    step(app)
    assert scene.hex_size < old
    for h in hexgrid.ring(7):
        x, y = scene.hex_center(h)
        assert scene.board_area.collidepoint(x, y)
    click(app, scene.rack_slots[0].center)
    assert scene.held == 0


def test_team_cards_share_a_track_and_mark_the_mover(app):
    scene = start(app, [ALICE, Seat("ai", "medium", "R1"), BOB, Seat("ai", "medium", "R2")], 3,
                  {"mode": "team"})
    step(app)
    assert set(scene.cards) == {0, 1}
    assert scene.track_seats(0) == [0, 2] and scene.track_seats(1) == [1, 3]


# --- solo and texts -------------------------------------------------------------------------------
def _solo_one_pair_left() -> Match:
    """A solo game played at random until a single pair of empty hexes is left: any tile ends it."""
    for seed in range(1, 200):
        match = new_match("ingenious", [ALICE], {"mode": "solo"}, seed)
        rng = random.Random(seed)
        while not match.is_over:
            s = match.state
            if s.pairs == 1 and s.phase in ("place", "bonus"):
                return match
            match.replay([R.random_move(s, rng)])
    raise AssertionError("no solo game reached a single free pair")


def test_solo_end_records_the_sorted_sequence_in_the_high_score_table(app):
    from hexgames.core import highscores
    from hexgames.ui.results import ResultsScene

    match = _solo_one_pair_left()
    app.start_match(match)
    step(app, 2)
    scene = app.scenes.stack[0]
    assert scene.cards.keys() == {0} and scene.can_act
    click(app, scene.rack_slots[0].center)
    tile = scene.held_tile()
    (a, b), = [p for p in R.placement_targets(match.state, tile) if p[0] < p[1]]
    while scene.orientation != hexgrid.direction_between(a, b):
        click(app, scene.rack_area.topleft, button=3)
    click(app, scene.placement_center(a, b))
    press(app, pygame.K_RETURN)
    assert match.is_over
    sequence = R.result_sequence(match.state)
    assert list(sequence) == sorted(match.state.scores[0])
    best = highscores.top("ingenious/rack")
    assert best[0].scores == sequence and best[0].seed == match.seed
    assert scene.highscore_place == 0
    assert "New high score, place 1!" in scene.toasts.texts
    assert step_until(app, lambda: isinstance(app.scenes.top, ResultsScene), 60)
    assert app.scenes.top.outcome.details == ("-".join(map(str, sequence)),)


def test_every_scene_text_has_english_and_japanese():
    import json
    import re
    from pathlib import Path

    from hexgames import paths

    package = Path(__file__).resolve().parents[3] / "hexgames" / "games" / "ingenious"  # the scene and its views
    source = "\n".join(path.read_text(encoding="utf-8") for path in sorted(package.glob("*.py")))
    used = set(re.findall(r'tr_ui\((?:self\.)?app, "([a-z_.]+)"', source))
    used |= {f"colour.{c}" for c in ("red", "green", "blue", "orange", "yellow", "purple")}
    assert len(used) > 20

    def flat(d, prefix=""):
        out = {}
        for k, v in d.items():
            out.update(flat(v, f"{prefix}{k}.") if isinstance(v, dict) else {f"{prefix}{k}": v})
        return out

    tables = {lang: flat(json.loads((paths.TRANSLATIONS / f"ingenious_ui.{lang}.json").read_text("utf-8"))[lang])
              for lang in ("en", "ja")}
    assert tables["en"].keys() == tables["ja"].keys()
    assert used <= tables["en"].keys()
    for name, text in tables["en"].items():
        assert sorted(re.findall(r"%\{(\w+)\}", text)) == sorted(re.findall(r"%\{(\w+)\}", tables["ja"][name])), name


def test_clicking_the_preview_lifts_it_again_in_the_same_orientation(app):
    scene = start(app, [ALICE, ROBO], seed_where_first(2, 0))
    click(app, scene.rack_slots[4].center)
    for _ in range(3):  # DOWN -> ... -> UP, the orientation numbered 0
        click(app, scene.board_area.center, button=3)
    assert scene.orientation == hexgrid.UP
    tile = scene.held_tile()
    a, b = legal_spot(scene, tile)
    click(app, scene.placement_center(a, b))
    assert scene.preview == Place(tile, a, b)
    click(app, scene.hex_center(a))
    assert scene.preview is None and scene.held == 4 and scene.orientation == hexgrid.UP
    assert scene.match.moves == []


def test_the_whole_last_turn_is_outlined_including_bonus_tiles(app):
    match = new_match("ingenious", [ALICE, ROBO], None, seed_where_first(2, 0))
    match.state.scores[0] = [17] * 6  # hand-built: the first scoring tile earns a bonus placement
    match.listeners.clear()
    rng = random.Random(5)
    s = match.state
    first = next(m for m in R.legal_moves(s) if sum(R.score_preview(s, m)) > 0)
    match.replay([first])
    assert match.state.phase == "bonus"
    bonus = R.random_move(match.state, rng)
    match.replay([bonus])
    app.start_match(match)  # no frame stepped: the AI has not answered yet
    scene = app.scenes.stack[0]
    assert scene.last_turn_places() == [bonus, first]
    step(app)
    x, y = scene.hex_center(first.a)
    edge = y - scene.hex_size * hexgrid.SQRT3 / 2  # the hex's top edge, where the outline runs
    column = [pixel(app, (x, edge + dy)) for dy in range(-2, 5)]
    assert any(near(px, LAST_MOVE, 30) for px in column)


@pytest.mark.parametrize("size", [(800, 600), (960, 640), (1280, 800)])
def test_the_colour_legend_is_on_screen_at_every_size_and_player_count(size):
    from hexgames.app import App

    application = App(size=size, headless=True, language="en")
    try:
        for seats in (1, 2, 3, 4):
            match = new_match("ingenious", [Seat("human", None, "A")] + [Seat("ai", "medium", f"B{i}")
                                                                      for i in range(1, seats)], {}, 5)
            application.start_match(match)
            scene = application.scenes.stack[0]
            scene.auto_play = False
            step(application, 2)
            legend = scene.legend_rect
            assert legend.h >= 40 and scene.panel_rect.contains(legend), (size, seats)
            assert not any(card.colliderect(legend) for card in scene.cards.values()), (size, seats)
            # the six symbols are drawn there: the red one's fill shows in the legend's area
            red = pieces.FILLS[0]
            pixels = {tuple(application.screen.get_at((x, y)))[:3]
                      for x in range(legend.left, legend.right, 2) for y in range(legend.top, legend.bottom, 2)}
            assert red in pixels, (size, seats)
    finally:
        application.shutdown()


# --- what each player sees (issue 18) ----------------------------------------------------------------
def mid_game(seats, plies: int = 10, seed: int = 4) -> Match:
    """A match after `plies` random legal moves (seat 0's turn or not, as it falls)."""
    match = new_match("ingenious", seats, None, seed)
    rng = random.Random(seed)
    while len(match.moves) < plies:
        match.replay([R.random_move(match.state, rng)])
    return match


def hot_seat_view(app, seed: int = 4) -> IngeniousScene:
    """Alice and Bob at one device, mid-game, the seat to move past the hand-over screen."""
    app.start_match(mid_game([ALICE, BOB], seed=seed))
    step(app, 2)
    scene = app.scenes.stack[0]
    assert isinstance(app.scenes.top, HandoverScene)
    press(app, pygame.K_RETURN)
    assert scene.can_act
    return scene


def test_undo_drops_the_tile_in_hand_its_ghost_and_its_turn(app):
    match = new_match("ingenious", [ALICE, ROBO], None, seed_where_first(2, 0))
    match.state.scores[0] = [17] * 6  # the first scoring tile earns a bonus placement: no tile drawn, undo allowed
    match.listeners.clear()
    app.start_match(match)
    step(app, 2)
    scene = app.scenes.stack[0]
    s = match.state
    assert scene.submit(next(m for m in R.legal_moves(s) if sum(R.score_preview(s, m)) > 0))
    assert step_until(app, lambda: scene.can_act) and match.state.phase == "bonus"
    click(app, scene.rack_slots[1].center)
    click(app, scene.rack_area.topleft, button=3)  # turned once
    tile = scene.held_tile()
    a, b = legal_spot(scene, tile)
    move_to(app, scene.placement_center(a, b))
    assert near(pixel(app, fill_point(scene, a)), pieces.FILLS[tile[0]])  # the ghost is on the board
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert scene.match.moves == []
    assert scene.held is None and scene.preview is None and scene.orientation == hexgrid.DOWN
    step(app)
    assert not near(pixel(app, fill_point(scene, a)), pieces.FILLS[tile[0]], 10)


def test_clear_selection_leaves_nothing_of_the_last_players_gesture(app):
    scene = hot_seat_view(app)
    empty = pygame.Surface(app.screen.get_size())
    move_to(app, scene.rack_area.center)
    empty.blit(app.screen, (0, 0))
    click(app, scene.rack_slots[0].center)
    click(app, scene.rack_area.topleft, button=3)
    a, b = legal_spot(scene, scene.held_tile())
    click(app, scene.placement_center(a, b))
    assert scene.preview is not None and scene.confirm_button.visible
    scene.clear_selection()  # what GameScene does at a hand-over and before an undo
    move_to(app, scene.rack_area.center)
    assert (scene.held, scene.preview, scene.orientation) == (None, None, hexgrid.DOWN)
    assert not scene.confirm_button.visible
    assert not changed_pixels(empty, app.screen, scene.board_rect)


def test_the_placement_in_view_changes_only_its_own_hexes_and_its_points_show_by_the_rack(app):
    scene = start(app, [ALICE, ROBO], seed_where_first(2, 0))
    move_to(app, scene.rack_area.center)
    empty = app.screen.copy()
    click(app, scene.rack_slots[0].center)
    tile = scene.held_tile()
    a, b = legal_spot(scene, tile)
    move_to(app, scene.rack_area.center)
    held = app.screen.copy()  # the tile in hand, away from the board (its targets lit)
    under_rack = scene.rack_area.clip(pygame.Rect(0, scene.rack_slots[-1].bottom, 9999, 9999))
    centres = [scene.hex_center(a), scene.hex_center(b)]
    for gesture, baseline in ((move_to, held), (click, empty)):  # hovering a legal spot, then the preview
        gesture(app, scene.placement_center(a, b))
        changed = changed_pixels(baseline, app.screen, scene.board_area)
        assert changed
        assert all(min((x - cx) ** 2 + (y - cy) ** 2 for cx, cy in centres) <= (scene.hex_size * 1.1) ** 2
                   for x, y in changed), "something besides the tile is drawn over the board"
        # the points it would make are written under the rack instead (and on the score card)
        assert changed_pixels(held, app.screen, under_rack)
    assert scene.preview == Place(tile, a, b)


def test_the_swap_choice_and_ingenious_leave_the_board_alone(app):
    match = next(m for m in map(_position_with_human_swap, range(1, 60)) if m is not None)
    app.start_match(match)
    step(app, 2)
    scene = app.scenes.stack[0]
    assert scene.swap_prompt_open()
    for button in (scene.swap_accept_button, scene.swap_decline_button):
        assert scene.bottom_rect.contains(button.rect) and not button.rect.colliderect(scene.board_rect)
        assert not button.rect.colliderect(scene.undo_button.rect) and not button.rect.colliderect(scene.menu_button.rect)
    prompt = app.screen.copy()
    scene.swap_prompt_open = lambda: False  # the same position without the prompt
    step(app)
    assert not changed_pixels(prompt, app.screen, scene.board_area)

    again = new_match("ingenious", [ALICE, ROBO], None, seed_where_first(2, 0))
    again.state.scores[0] = [17] * 6
    again.listeners.clear()
    app.start_match(again)
    step(app, 2)
    scene = app.scenes.stack[0]
    s = again.state
    scene.submit(next(m for m in R.legal_moves(s) if sum(R.score_preview(s, m)) > 0))
    assert any(t.startswith("Ingenious! Alice earns") for t in scene.toasts.texts)
    scene.toasts.toasts.clear()  # messages have their own strip: this is about the board
    step(app, 10)
    assert scene.celebrations
    assert scene.score_show.skip()  # the lines it counted are lit on the board on purpose (test_score_show)
    step(app)
    lit = app.screen.copy()
    assert step_until(app, lambda: not scene.celebrations, 300)
    step(app)
    assert not changed_pixels(lit, app.screen, scene.board_area)
    assert changed_pixels(lit, app.screen, scene.cards[0].inflate(8, 8))  # the score card was lit


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_the_layout_fills_the_window_and_no_text_is_under_12_px(size):

    application = make_app("ja")
    try:
        application.resize(size)
        sizes = record_font_sizes(application)
        for seats, options in (([ALICE, ROBO], None), ([ALICE, Seat("ai", "easy", "R1"), BOB, Seat("ai", "easy", "R2")],
                                                         {"mode": "team"})):
            match = mid_game(seats, plies=12)
            match.seats = [Seat("human", None, "A very long player name!")] + seats[1:]
            application.start_match(new_match("ingenious", match.seats, options, 4))
            scene = application.scenes.stack[0]
            scene.auto_play = False
            step(application, 3)
            if scene.can_act:
                click(application, scene.rack_slots[0].center)
                move_to(application, scene.placement_center(*legal_spot(scene, scene.held_tile())))
            assert min(sizes) >= 12, (seats, min(sizes))
            for a, b in itertools.combinations([scene.rack_area, scene.board_area, scene.panel_rect], 2):
                assert not a.colliderect(b)
            assert all(scene.rack_area.contains(r) for r in scene.rack_slots)
            assert all(scene.board_area.collidepoint(scene.hex_center(h)) for h in hexgrid.ring(7))
            a = scene.board_area  # the board as large as its area allows, whatever the window
            assert 23.4 * scene.hex_size >= 0.9 * a.w or 26.4 * scene.hex_size >= 0.9 * a.h
    finally:
        application.shutdown()


def test_the_ais_tile_stays_outlined_while_the_human_picks_theirs(app):
    scene = start(app, [ALICE, ROBO], seed_where_first(2, 1))
    assert step_until(app, lambda: len(scene.match.moves) == 1 and not scene.is_animating())
    ai = scene.match.moves[0]
    assert scene.last_turn_places() == [ai]
    click(app, scene.rack_slots[0].center)
    move_to(app, scene.rack_area.center)
    x, y = scene.hex_center(ai.a)
    edge = y - scene.hex_size * hexgrid.SQRT3 / 2
    assert any(near(pixel(app, (x, edge + dy)), LAST_MOVE, 30) for dy in range(-2, 5))


def test_the_hand_over_takes_the_last_players_turned_tile_and_pointer_away(app):
    scene = start(app, [ALICE, BOB], seed_where_first(2, 0))
    press(app, pygame.K_RETURN)
    click(app, scene.rack_slots[0].center)
    click(app, scene.rack_area.topleft, button=3)
    click(app, scene.rack_area.topleft, button=3)
    tile = scene.held_tile()
    a, b = legal_spot(scene, tile)
    click(app, scene.placement_center(a, b))
    assert scene.preview == Place(tile, a, b) and scene.orientation != hexgrid.DOWN
    press(app, pygame.K_RETURN)
    assert step_until(app, lambda: isinstance(app.scenes.top, HandoverScene), 30)
    assert scene.match.moves == [Place(tile, a, b)]
    assert scene.orientation == hexgrid.DOWN and scene.mouse == (-1, -1)
    press(app, pygame.K_RETURN)
    assert scene.viewer == 1 and scene.held is None and scene.preview is None
