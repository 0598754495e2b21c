"""The Clans scene driven like a player: real mouse events posted, frames stepped headless."""
from __future__ import annotations

import itertools
import math
import random

import pygame
import pytest

from hexgames import games
from hexgames.core.match import Match, Seat
from hexgames.games import new_match
from hexgames.games.clans.rules import Move, ScoreNext
from hexgames.games.clans.scene import CLAN_RGB, ClansScene
from hexgames.ui.anim import INSTANT
from hexgames.ui.handover import HandoverScene
from tests.drive import changed_pixels, click_at, make_app, post, record_font_sizes, step

HUMAN_VS_AI = [Seat("human", None, "Alice"), Seat("ai", "medium", "Robo")]
TWO_HUMANS = [Seat("human", None, "Alice"), Seat("human", None, "Bob")]


@pytest.fixture
def app():
    application = make_app("en", anim_speed=1.0)
    yield application
    application.shutdown()


def at(scene: ClansScene, area: int) -> tuple[int, int]:
    x, y = scene.area_center(area)
    return round(x), round(y)


def drag(app, scene: ClansScene, src: int, dst_pos: tuple[int, int], check_midway=None) -> None:
    start = at(scene, src)
    post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    step(app)
    for k in range(1, 6):
        pos = (start[0] + (dst_pos[0] - start[0]) * k // 5, start[1] + (dst_pos[1] - start[1]) * k // 5)
        post(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0))
        step(app)
    if check_midway is not None:
        check_midway()
    post(pygame.MOUSEBUTTONUP, pos=dst_pos, button=1)
    step(app)


def click(app, pos) -> None:
    click_at(app, pos, frames=1)


def human_first_seed() -> int:
    return next(seed for seed in range(100) if new_match("clans", HUMAN_VS_AI, {}, seed).to_move == 0)


def start(app, match: Match) -> ClansScene:
    app.start_match(match)
    scene = app.scenes.stack[0]
    assert isinstance(scene, ClansScene)
    scene.auto_play = False  # the AI seat waits: we test one position at a time
    step(app, 2)
    return scene


def test_every_area_is_hit_at_its_label(app):
    scene = start(app, new_match("clans", HUMAN_VS_AI, {}, human_first_seed()))
    for area in range(scene.map.areas):
        assert scene.area_at(at(scene, area)) == area


def test_drag_moves_a_tribe_and_lights_up_its_targets(app):
    scene = start(app, new_match("clans", HUMAN_VS_AI, {}, human_first_seed()))
    src = 0
    dst = scene.map.neighbours[src][0]

    def midway():
        assert scene.dragging and scene.press_area == src
        assert dst in scene.rules.targets(scene.state, src)

    drag(app, scene, src, at(scene, dst), midway)
    assert scene.match.moves == [Move(src, dst)]
    assert scene.state.huts[src] == (0, 0, 0, 0, 0)
    assert not scene.dragging and scene.press_area is None


def test_an_illegal_drop_snaps_back_with_the_reason(app):
    scene = start(app, new_match("clans", HUMAN_VS_AI, {}, human_first_seed()))
    src = 0
    far = next(a for a in range(scene.map.areas) if a != src and a not in scene.map.neighbours[src])
    drag(app, scene, src, at(scene, far))
    assert scene.match.moves == []
    assert any("neighbouring area" in t for t in scene.toasts.texts)
    assert scene.slide is not None and scene.slide["dst"] == src  # the group flies home
    step(app, 40)
    assert scene.slide is None


def test_click_click_moves_too(app):
    scene = start(app, new_match("clans", HUMAN_VS_AI, {}, human_first_seed()))
    src = 5
    dst = scene.map.neighbours[src][-1]
    click(app, at(scene, src))
    assert scene.selected == src
    click(app, at(scene, dst))
    assert scene.match.moves == [Move(src, dst)]


def _position_with_a_double_village():
    """(seed, moves so far, the human's move) where seat 0's move forms two villages at once."""
    rules = new_match("clans", HUMAN_VS_AI, {}, 0).rules
    for seed in range(200):
        s = rules.setup({"mode": "standard"}, 2, seed)
        rng = random.Random(seed)
        played = []
        while not rules.is_over(s):
            if rules.to_move(s) == 0 and not s.pending:
                for m in rules.legal_moves(s):
                    t = rules.copy(s)
                    rules.apply(t, m)
                    if len(t.pending) >= 2:
                        return seed, played, m
            m = rules.random_move(s, rng)
            played.append(m)
            s = rules.play(s, m)
    raise LookupError("no double village found")


def test_the_mover_clicks_question_marks_in_scoring_order(app):
    seed, played, move = _position_with_a_double_village()
    match = new_match("clans", HUMAN_VS_AI, {}, seed)
    match.replay(played)
    scene = start(app, match)
    drag(app, scene, move.src, at(scene, move.dst))
    assert scene.match.moves[-1] == move
    pending = list(scene.state.pending)
    assert len(pending) >= 2
    step(app, 30)
    assert scene.can_act  # waiting for the order, not animating
    first = pending[-1]
    marker = scene.marker_pos(first)
    click(app, (round(marker[0]), round(marker[1])))  # on the "?" itself
    assert scene.match.moves[-1] == ScoreNext(first)
    assert scene.order_marks[first] == 1
    assert scene.state.pending or scene.order_marks[pending[0]] == 2  # the last one scored itself
    # the scoring is shown village by village before anything else happens
    assert scene.score_steps and scene.score_steps[0].entry.area == first
    assert scene.is_animating()
    step(app, 60 * 8)
    assert not scene.score_steps


def test_a_click_outside_the_question_marks_is_refused_while_the_order_is_open(app):
    seed, played, move = _position_with_a_double_village()
    match = new_match("clans", HUMAN_VS_AI, {}, seed)
    match.replay(played + [move])
    scene = start(app, match)
    other = next(a for a in range(scene.map.areas) if a not in scene.state.pending and scene.state.size[a])
    click(app, at(scene, other))
    assert scene.match.moves[-1] == move
    assert any("order" in t for t in scene.toasts.texts)


def test_colours_show_only_to_their_owner_after_the_hand_over(app):
    match = new_match("clans", TWO_HUMANS, {}, 3)
    app.start_match(match)
    scene = app.scenes.stack[0]
    step(app, 3)
    assert isinstance(app.scenes.top, HandoverScene)
    assert scene.shown_colours() == [None, None]
    seat = match.to_move
    post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
    step(app, 2)
    shown = scene.shown_colours()
    assert shown[seat] == match.state.colour_of[seat]
    assert shown[1 - seat] is None
    # the banner's seat chips are never clan colours
    assert all(scene.seat_colour(i) not in CLAN_RGB for i in range(4))


def test_the_screen_renders_in_japanese_after_moves(tmp_path):
    from hexgames.app import screenshot

    out = tmp_path / "clans_ja.png"
    screenshot(str(out), game_id="clans", seed=2, moves=12, language="ja")
    image = pygame.image.load(str(out))
    assert image.get_size() == (1280, 800)


def test_instant_animation_settles_at_once(app):
    app.settings.anim_speed = INSTANT
    seed, played, move = _position_with_a_double_village()
    match = new_match("clans", HUMAN_VS_AI, {}, seed)
    match.replay(played + [move])
    scene = start(app, match)
    click(app, at(scene, scene.state.pending[0]))
    step(app, 2)
    assert not scene.is_animating()


def test_four_ai_players_play_to_the_results_in_the_app(app):
    import time

    from hexgames.ui.results import ResultsScene

    app.settings.anim_speed = INSTANT
    match = new_match("clans", [Seat("ai", "medium", f"CPU {i + 1}") for i in range(4)], {}, 8)
    app.start_match(match)
    for _ in range(4000):
        if isinstance(app.scenes.top, ResultsScene):
            break
        step(app)
        time.sleep(0.001)
    assert match.is_over and isinstance(app.scenes.top, ResultsScene)
    assert match.state.villages_scored == 12 or not match.state.active
    # after the reveal the seat chips take each player's clan colour
    scene = app.scenes.stack[0]
    assert [scene.seat_colour(i) for i in range(4)] == [CLAN_RGB[c] for c in match.state.colour_of]


def test_two_humans_and_an_ai_finish_a_game_with_hand_overs_undo_and_resume(app):
    import time

    from hexgames.core import saves
    from hexgames.ui.results import ResultsScene

    app.settings.anim_speed = INSTANT
    seats = [Seat("human", None, "Alice"), Seat("human", None, "Bob"), Seat("ai", "medium", "Robo")]
    match = new_match("clans", seats, {}, 21)
    app.start_match(match)
    scene = app.scenes.stack[0]
    rng = random.Random(21)
    handovers = undone = 0
    for _ in range(6000):
        top = app.scenes.top
        if isinstance(top, ResultsScene):
            break
        if isinstance(top, HandoverScene):
            assert scene.shown_colours() == [None, None, None]  # nothing private while hands change
            handovers += 1
            post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
        elif scene.can_act:
            seat = match.to_move
            assert [c is not None for c in scene.shown_colours()] == [i == seat for i in range(3)]
            if len(match.moves) > 10 and not undone:
                before = len(match.moves)
                assert not scene.undo()  # the last move was another player's: hot-seat undo never crosses it
                assert len(match.moves) == before
                assert "never another player's" in scene.toasts.texts[-1]
                undone = 1
                resumed = saves.load_autosave(games.get)
                assert resumed is not None and resumed.digest() == match.digest()
                continue
            assert scene.submit(match.rules.random_move(match.state, rng))
        step(app)
        time.sleep(0.0005)
    assert match.is_over and isinstance(app.scenes.top, ResultsScene)
    assert handovers >= 2 and undone


# --- keyboard (issue 12, item 6) -------------------------------------------------------------------
def test_keys_alone_pick_up_and_put_down_a_group(app):
    from tests.drive import key

    scene = start(app, new_match("clans", HUMAN_VS_AI, {}, human_first_seed()))
    key(app, pygame.K_TAB)
    first = scene.key_focus
    assert first == scene.key_candidates()[0]
    key(app, pygame.K_RIGHT)
    assert scene.key_focus != first and scene.area_center(scene.key_focus)[0] > scene.area_center(first)[0]
    src = scene.key_focus
    key(app, pygame.K_RETURN)
    assert scene.selected == src
    dst = scene.key_focus
    assert dst in scene.rules.targets(scene.state, src)
    key(app, pygame.K_RETURN)
    assert scene.match.moves == [Move(src, dst)]


def test_keys_choose_the_scoring_order_too(app):
    from tests.drive import key

    seed, played, move = _position_with_a_double_village()
    match = new_match("clans", HUMAN_VS_AI, {}, seed)
    match.replay(played + [move])
    scene = start(app, match)
    key(app, pygame.K_TAB)
    chosen = scene.key_focus
    assert chosen in match.state.pending
    key(app, pygame.K_RETURN)
    assert match.moves[-1] == ScoreNext(chosen)


# --- the hint strip and the order prompt (item 5) --------------------------------------------------
def test_the_hint_strip_is_off_the_map_and_the_order_prompt_is_lit(app):
    seed, played, move = _position_with_a_double_village()
    match = new_match("clans", HUMAN_VS_AI, {}, seed)
    match.replay(played + [move])
    scene = start(app, match)
    strip = scene.hint_rect
    for area in range(scene.map.areas):
        for cell in scene.map.cells[area]:
            assert scene.cell_center(cell)[1] - scene.cell > strip.bottom
        mx, my = scene.marker_pos(area)
        assert my - scene.marker_radius() > strip.bottom
    assert scene.hint_key() == "order_prompt"
    step(app)
    r, g, b = app.screen.get_at((strip.x + 4, strip.centery))[:3]
    assert r > 200 and g > 170 and b < 140  # a lit banner, not grey text on the map


# --- villages of up to five colours (item 4) -------------------------------------------------------
def test_a_five_colour_village_keeps_its_chips_inside_and_its_value_readable(app, tmp_path):
    match = new_match("clans", HUMAN_VS_AI, {}, human_first_seed())
    scene = start(app, match)
    s = match.state
    area = max(range(scene.map.areas), key=lambda a: len(scene.map.cells[a]))
    s.huts[area] = (12, 3, 1, 10, 2)
    s.size[area] = 28
    s.villages.append((area, 0, 29, 0))
    s.active.remove(area)
    step(app)
    pygame.image.save(app.screen, str(tmp_path / "village.png"))
    r = scene.hut_radius()
    spots = scene.chip_spots(s.huts[area], scene.area_center(area))
    frame, tab = scene.village_frame(area, 29)
    assert len(spots) == 5
    for c, x, y in spots:
        chip = pygame.Rect(0, 0, round(2.5 * r), round(2.5 * r))
        chip.center = (round(x), round(y))
        assert frame.contains(chip)
        assert not tab.colliderect(chip)
    for (_, x1, y1), (_, x2, y2) in itertools.combinations(spots, 2):
        assert math.hypot(x1 - x2, y1 - y2) >= 2.4 * r


# --- guess notes (item 2) --------------------------------------------------------------------------
def test_guess_notes_are_private_to_their_seat_and_kept_in_saves(app, tmp_path):
    from hexgames.core import saves
    from tests.drive import key

    match = new_match("clans", TWO_HUMANS, {}, 3)
    app.start_match(match)
    scene = app.scenes.stack[0]
    step(app, 3)
    key(app, pygame.K_RETURN)
    me = match.to_move
    other = 1 - me
    slot = next(rect for rect, action in scene._note_hits if action == ("open", other))
    click(app, slot.center)
    assert scene.picker_for == other
    step(app)
    mine = match.state.colour_of[me]
    choice = next(c for c in scene.guess_choices())
    assert mine not in scene.guess_choices()
    pick = next(rect for rect, action in scene._note_hits if action == ("pick", other, choice))
    click(app, pick.center)
    assert scene.guesses() == {other: choice} and scene.picker_for is None
    assert match.notes == {me: {str(other): choice}}
    # saved with the match, per seat, and loaded back; a save without notes still loads
    path = tmp_path / "notes.json"
    saves.write_save(match, path)
    assert saves.read_save(path, games.get).notes == {me: {str(other): choice}}
    data = saves.match_to_dict(match)
    del data["notes"]
    assert saves.match_from_dict(data, games.get).notes == {}
    # the hand-over hides them; the next player sees only their own (none yet)
    src = next(a for a in scene.key_candidates())
    assert scene.submit(Move(src, scene.rules.targets(match.state, src)[0]))
    step(app, 3)
    assert isinstance(app.scenes.top, HandoverScene)
    assert scene.viewer is None and scene.guesses() == {}
    key(app, pygame.K_RETURN)
    assert scene.viewer == other and scene.guesses() == {}


# --- what happened since your turn (item 3) --------------------------------------------------------
def test_after_the_hand_over_the_next_player_sees_what_the_others_did(app):
    from tests.drive import key

    seats = [Seat("human", None, "Alice"), Seat("human", None, "Bob"), Seat("ai", "medium", "Chika")]
    match = new_match("clans", seats, {}, 7)
    rng = random.Random(7)
    while not (len(match.moves) >= 6 and match.to_move == 1):
        match.play(match.rules.random_move(match.state, rng))
    app.start_match(match)
    scene = app.scenes.stack[0]
    scene.auto_play = False
    step(app, 3)
    assert isinstance(app.scenes.top, HandoverScene)
    key(app, pygame.K_RETURN)
    key_, turns = scene.recap_turns()
    assert key_ == "clans.recap.since" and turns
    assert [t.seat for t in turns] == [t.seat for t in turns if t.seat != 1]
    title, lines = scene.recap_lines()
    assert title == "Since your last turn"
    assert lines[-1].startswith(scene.seat_name(turns[-1].seat) + ":")
    assert all("colour" not in line.lower() for line in lines)  # nobody's colour is named
    # the lines are at the foot of the side panel, off the map (the arrows stay on it)
    step(app)
    shown = app.screen.copy()
    scene.recap_lines = lambda: ("", [])
    step(app)
    del scene.recap_lines
    assert not changed_pixels(shown, app.screen, scene.board_rect)
    assert changed_pixels(shown, app.screen, scene.panel_rect)
    # once Bob has moved, everyone sees just the last move
    src = scene.key_candidates()[0]
    assert scene.submit(Move(src, scene.rules.targets(match.state, src)[0]))
    key_, turns = scene.recap_turns()
    assert key_ == "clans.recap.last" and [t.seat for t in turns] == [1]


# --- what each player sees (issue 18) -----------------------------------------------------------------
THREE_HUMANS = [Seat("human", None, "Alice"), Seat("human", None, "Bob"), Seat("human", None, "Chika")]


def hot_seat(app, plies: int = 9, seed: int = 7) -> tuple[Match, ClansScene]:
    """Three humans at one device after `plies` random moves, shown at the hand-over screen."""
    match = new_match("clans", THREE_HUMANS, {}, seed)
    rng = random.Random(seed)
    while len(match.moves) < plies or match.state.pending:
        match.replay([match.rules.random_move(match.state, rng)])
    app.start_match(match)
    step(app, 3)
    assert isinstance(app.scenes.top, HandoverScene)
    return match, app.scenes.stack[0]


def test_undo_drops_the_group_in_hand_and_every_mark_of_it(app):
    from tests.drive import key

    match = new_match("clans", HUMAN_VS_AI, {}, human_first_seed())
    scene = start(app, match)
    src = scene.key_candidates()[0]
    assert scene.submit(Move(src, scene.rules.targets(match.state, src)[0]))
    assert scene.table.play(match.rules.random_move(match.state, random.Random(1)), by_ai=True) is None  # the AI's
    step(app, 40)
    move_to_rack = scene.panel_rect.center
    post(pygame.MOUSEMOTION, pos=move_to_rack, rel=(0, 0), buttons=(0, 0, 0))
    step(app)
    plain = app.screen.copy()
    group = scene.key_candidates()[0]
    click(app, at(scene, group))
    key(app, pygame.K_TAB)
    assert scene.selected == group and scene.key_focus is not None
    post(pygame.MOUSEMOTION, pos=move_to_rack, rel=(0, 0), buttons=(0, 0, 0))
    step(app)
    assert changed_pixels(plain, app.screen, scene.map_rect)  # the group and its targets are lit
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert len(match.moves) == 0
    assert (scene.selected, scene.key_focus, scene.press_area, scene.dragging) == (None, None, None, False)


def test_clear_selection_leaves_nothing_of_the_last_players_gesture(app):
    from tests.drive import key

    match, scene = hot_seat(app)
    key(app, pygame.K_RETURN)
    viewer = scene.viewer
    corner = (scene.panel_rect.right - 4, scene.panel_rect.bottom - 4)
    post(pygame.MOUSEMOTION, pos=corner, rel=(0, 0), buttons=(0, 0, 0))
    step(app)
    plain = app.screen.copy()
    other = next(i for i in range(3) if i != viewer)
    slot = next(rect for rect, action in scene._note_hits if action == ("open", other))
    click(app, slot.center)
    assert scene.picker_for == other
    key(app, pygame.K_TAB)
    src = scene.key_candidates()[0]
    start_pos = at(scene, src)
    post(pygame.MOUSEMOTION, pos=start_pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=start_pos, button=1)
    step(app)
    post(pygame.MOUSEMOTION, pos=(start_pos[0] + 40, start_pos[1] + 30), rel=(1, 1), buttons=(1, 0, 0))
    step(app)
    assert scene.dragging and scene.key_focus is not None
    scene.clear_selection()  # what GameScene does at a hand-over and before an undo
    post(pygame.MOUSEMOTION, pos=corner, rel=(0, 0), buttons=(0, 0, 0))
    step(app)
    assert (scene.selected, scene.key_focus, scene.picker_for, scene.press_area) == (None, None, None, None)
    assert not changed_pixels(plain, app.screen, app.screen.get_rect())


def _resample_colours(match: Match, viewer: int | None, rng: random.Random) -> None:
    """Deal again the colours `viewer` cannot see, the same deal in every state of the history."""
    rules = match.rules
    deal = match.state.colour_of
    for seat in ([viewer] if viewer is not None else range(len(match.seats))):
        deal = rules.sample(rules.observe(_with_deal(match.state, deal), seat), seat, rng).colour_of
    for i, s in enumerate(match.states):
        match.states[i] = _with_deal(s, deal)


def _with_deal(state, deal):
    """`state` with the colours dealt as `deal`."""
    copy = state.rules.copy(state)
    copy.colour_of = tuple(deal)
    return copy


@pytest.mark.parametrize("at_handover", [False, True])
def test_the_frame_is_the_same_whatever_the_colours_and_notes_the_viewer_may_not_see(app, at_handover):
    from tests.drive import key

    match, scene = hot_seat(app)
    if not at_handover:
        key(app, pygame.K_RETURN)
    viewer = scene.viewer
    assert (viewer is None) == at_handover
    others = [i for i in range(3) if i != viewer]
    match.notes = {others[0]: {str(others[1]): 2}}  # another player's private guess
    step(app)
    first = app.screen.copy()
    before = match.state.colour_of
    for attempt in range(20):
        _resample_colours(match, viewer, random.Random(attempt))
        if [match.state.colour_of[i] for i in others] != [before[i] for i in others]:
            break
    assert [match.state.colour_of[i] for i in others] != [before[i] for i in others]
    match.notes = {others[0]: {str(others[1]): 4}}
    step(app)
    assert not changed_pixels(first, app.screen, app.screen.get_rect())


def test_a_village_scoring_is_told_in_the_strip_and_lights_only_its_area(app):
    seed, played, move = _position_with_a_double_village()
    match = new_match("clans", HUMAN_VS_AI, {}, seed)
    match.replay(played + [move])
    scene = start(app, match)
    area = match.state.pending[0]
    click(app, at(scene, area))
    assert scene.score_steps and scene.score_steps[0].entry.area == area
    step(app, 30)
    post(pygame.MOUSEMOTION, pos=scene.panel_rect.center, rel=(0, 0), buttons=(0, 0, 0))
    step(app)
    scoring = app.screen.copy()
    assert step_until_idle(app, scene)
    step(app)
    changed = changed_pixels(scoring, app.screen, scene.map_rect)
    cells = [scene.cell_center(c) for c in scene.map.cells[area]]
    reach = scene.cell * 1.6
    assert changed and all(any(abs(x - cx) <= reach and abs(y - cy) <= reach for cx, cy in cells)
                           for x, y in changed), "something besides the village's area changed on the map"
    assert changed_pixels(scoring, app.screen, scene.hint_rect)  # the words were in the strip


def step_until_idle(app, scene: ClansScene) -> bool:
    for _ in range(60 * 10):
        if not scene.is_animating():
            return True
        step(app)
    return False


@pytest.mark.parametrize("size,language", [((800, 600), "ja"), ((800, 600), "en"), ((1920, 1080), "en")])
def test_the_layout_fills_the_window_and_no_text_is_under_12_px(size, language):
    from tests.drive import key

    application = make_app(language, anim_speed=1.0)
    try:
        application.resize(size)
        sizes = record_font_sizes(application)
        seats = [Seat("human", None, "A very long player name!"), Seat("human", None, "Bob"),
                 Seat("human", None, "Chika"), Seat("human", None, "Dai")]
        match = new_match("clans", seats, {}, 5)
        rng = random.Random(5)
        while len(match.moves) < 14 or match.state.pending:
            match.replay([match.rules.random_move(match.state, rng)])
        application.start_match(match)
        scene = application.scenes.stack[0]
        step(application, 3)
        key(application, pygame.K_RETURN)
        other = next(i for i in range(4) if i != scene.viewer)
        slot = next(rect for rect, action in scene._note_hits if action == ("open", other))
        click(application, slot.center)  # the guess picker open too
        step(application, 2)
        assert min(sizes) >= 12, min(sizes)
        assert not scene.panel_rect.colliderect(scene.board_rect)
        assert scene.hint_rect.bottom <= scene.map_rect.top
        centres = [scene.cell_center(c) for c in scene.map.all_cells()]
        assert all(scene.map_rect.inflate(2, 2).collidepoint(x, y) for x, y in centres)
        xs, ys = [x for x, _ in centres], [y for _, y in centres]
        r = scene.map_rect  # the map as large as the strip and the panel leave room for
        assert max(xs) - min(xs) + 2 * scene.cell >= 0.9 * r.w or max(ys) - min(ys) + 2 * scene.cell >= 0.9 * r.h
        assert scene.panel_rect.y + 10 + scene.epoch_chart_height() + scene.colour_points_height() < \
            scene.panel_rect.bottom
    finally:
        application.shutdown()


def test_the_ais_move_stays_drawn_as_an_arrow_while_the_human_thinks(app):
    match = new_match("clans", HUMAN_VS_AI, {}, human_first_seed())
    scene = start(app, match)
    src = scene.key_candidates()[0]
    assert scene.submit(Move(src, scene.rules.targets(match.state, src)[0]))
    ai = next(m for m in match.rules.legal_moves(match.state) if isinstance(m, Move)
              and m.src != src and match.state.size[m.dst])
    assert scene.table.play(ai, by_ai=True) is None
    assert scene.slide is not None  # the group slides from its area to its target first
    assert step_until_idle(app, scene)
    click(app, at(scene, scene.key_candidates()[0]))  # the human picks a group up: the arrow stays
    turns = scene.recap_turns()[1]
    assert [t.move for t in turns] == [ai]
    a, b = scene.area_center(ai.src), scene.area_center(ai.dst)
    post(pygame.MOUSEMOTION, pos=scene.panel_rect.center, rel=(0, 0), buttons=(0, 0, 0))
    step(app)
    shown = app.screen.copy()
    scene.recap_turns = lambda: ("clans.recap.last", [])
    step(app)
    del scene.recap_turns
    line = pygame.Rect(min(a[0], b[0]) - 8, min(a[1], b[1]) - 8, abs(a[0] - b[0]) + 16, abs(a[1] - b[1]) + 16)
    assert changed_pixels(shown, app.screen, line)


def test_the_hand_over_takes_the_last_players_keyboard_ring_away(app):
    from tests.drive import key

    match, scene = hot_seat(app)
    key(app, pygame.K_RETURN)
    first = scene.viewer
    key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)  # picked up
    key(app, pygame.K_RETURN)  # put down on the first target: the keyboard's ring was left on it
    assert len(match.moves) == 10
    step(app, 3)
    assert isinstance(app.scenes.top, HandoverScene) and scene.key_focus is None
    key(app, pygame.K_RETURN)
    assert scene.viewer != first and scene.key_focus is None and scene.selected is None


def test_each_part_of_the_side_panel_has_its_own_tip(app):
    scene = start(app, new_match("clans", HUMAN_VS_AI, {}, human_first_seed()))
    regions = scene.tip_regions()
    texts = [text for _, text in regions]
    assert len(regions) == 4 and len(set(texts)) == 4 and not any(t.startswith("learn.") for t in texts)
    rects = [rect for rect, _ in regions]
    assert all(scene.panel_rect.contains(r) for r in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])


def test_the_views_are_told_only_what_the_viewer_may_see(app):
    """The board's view gets no colour at all; the panel's gets each seat's colour as the viewer's
    observation has it and the viewer's own guesses only (at the hand-over: no colour, no guess)."""
    import dataclasses

    from tests.drive import key

    match, scene = hot_seat(app)
    match.notes = {i: {str((i + 1) % 3): 2} for i in range(3)}  # everyone's private guess
    board_fields = {f.name for f in dataclasses.fields(scene._board_shown())}
    assert not any("colour" in name for name in board_fields)
    shown = scene._panel_shown()
    assert shown.viewer is None and shown.colours == (None, None, None) and not shown.guesses
    key(app, pygame.K_RETURN)
    viewer = scene.viewer
    shown = scene._panel_shown()
    assert shown.colours == tuple(match.rules.observe(match.state, viewer).colour_of)
    assert [c is not None for c in shown.colours] == [i == viewer for i in range(3)]
    assert dict(shown.guesses) == {(viewer + 1) % 3: 2} and shown.results is None
