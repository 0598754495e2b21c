"""The Sticker Turf scene driven like a player: real mouse and key events posted, frames stepped
headless. Whole games against Hard, in hot-seat and solo, with the deck builder, saved decks, save,
resume and undo, in English and Japanese."""
from __future__ import annotations

import random
import time

import pygame
import pytest

from hexgames import games
from hexgames.core import highscores, saves
from hexgames.core.match import Match, Seat
from hexgames.games import new_match
from hexgames.games.stickers import catalogue, decks
from hexgames.games.stickers.regions import cell_xy
from hexgames.games.stickers.rules import HIDDEN, Place, Reorder
from hexgames.games.stickers.scene import LAST_RGB, MAX_ZOOM, StickersScene
from hexgames.ui.anim import INSTANT
from hexgames.ui.handover import HandoverScene
from hexgames.ui.results import ResultsScene
from tests.drive import click_at, key, make_app, post, step, step_until

ALICE, BOB = Seat("human", None, "Alice"), Seat("human", None, "Bob")


def start(app, seats, seed: int = 3, options=None) -> StickersScene:
    app.start_match(new_match("stickers", seats, options or {}, seed))
    scene = app.scenes.stack[0]
    assert isinstance(scene, StickersScene)
    step(app, 2)
    return scene


def press_button(app, button) -> None:
    click_at(app, button.rect.center)


def build_quick_deck(app, scene: StickersScene) -> list[int]:
    """The player builds a deck in the builder: Quick deck, then Use this deck."""
    assert scene.building
    press_button(app, next(b for b, f in scene.builder.buttons.items() if f == scene.builder.quick))
    chosen = list(scene.builder.slots)
    assert len(chosen) == scene.state.size and scene.builder.problem() is None
    press_button(app, next(b for b, f in scene.builder.buttons.items() if f == scene.builder.use))
    return chosen


def play_one_decision(app, scene: StickersScene) -> None:
    """Whatever the human must decide now, decided with the mouse."""
    s = scene.state
    if s.phase == "deck":
        build_quick_deck(app, scene)
    elif s.phase == "peek":
        press_button(app, scene.keep_button)
    elif s.phase == "block":
        click_at(app, scene.cell_centre(*cell_xy(sorted(s.frontier)[0])))
    else:
        x, y = scene.rules.targets(s)[0]
        click_at(app, scene.cell_centre(x, y))


def drive_to_results(app, scene: StickersScene, on_turn=None, limit: float = 120.0) -> dict:
    """Step the app, taking each human decision, until the results show. Counts what happened."""
    seen = {"handovers": 0, "decisions": 0}
    deadline = time.monotonic() + limit
    while not isinstance(app.scenes.top, ResultsScene):
        assert time.monotonic() < deadline, "the game did not finish"
        top = app.scenes.top
        if isinstance(top, HandoverScene):
            seen["handovers"] += 1
            key(app, pygame.K_RETURN, unicode="\r")
            continue
        if scene.can_act:
            before = len(scene.match.moves)
            if on_turn is not None and on_turn(scene):
                continue
            play_one_decision(app, scene)
            assert len(scene.match.moves) > before, scene.toasts.texts
            seen["decisions"] += 1
        step(app)
        time.sleep(0.001)
    return seen


def test_a_game_against_hard_to_the_end_with_resume_and_undo_refused(app):
    scene = start(app, [ALICE, Seat("ai", "hard", "Hard")], seed=5)
    checked = {}

    def on_turn(sc):
        s = sc.state
        if s.phase == "place" and s.cells and "undo" not in checked:
            checked["undo"] = True
            moves = len(sc.match.moves)
            assert not sc.undo()  # a sticker was drawn since: refused, with the reason on screen
            assert len(sc.match.moves) == moves
            assert any("drawn" in t for t in sc.toasts.texts)
            resumed = saves.load_autosave(games.get)
            assert resumed is not None and resumed.digest() == sc.match.digest()
        return False

    seen = drive_to_results(app, scene, on_turn)
    assert scene.match.is_over and checked and seen["decisions"] >= 3


def builder_button(scene: StickersScene, action: str):
    return next(b for b, f in scene.builder.buttons.items() if f == getattr(scene.builder, action))


def pass_device(app) -> None:
    """The hand-over stands between the players: the next one says they are there."""
    assert step_until(app, lambda: isinstance(app.scenes.top, HandoverScene), 60)
    key(app, pygame.K_RETURN, unicode="\r")


def test_hot_seat_deck_building_keeps_each_players_secret(app):
    """Alice builds, names, saves and uses a deck; after the hand-over Bob's builder shows nothing of
    hers: no picks, filters, name, toasts, and not her deck among the saved ones. Bob's own deck is
    his; in the next game each finds their own deck again, and only their own."""
    scene = start(app, [ALICE, BOB], seed=7)
    assert isinstance(app.scenes.top, HandoverScene)  # nobody's deck shows before the hand-over
    key(app, pygame.K_RETURN, unicode="\r")
    assert scene.building and scene.match.to_move == 0
    sr_chip = next(rect for rect, kind, value in scene.builder.chips if value == "SR")
    click_at(app, sr_chip.center)  # Alice filters the catalogue to SR and picks one by hand
    first = scene.builder._grid_cells()[0]
    click_at(app, first[0].center)
    assert scene.builder.rarity == "SR" and scene.builder.slots == [first[1]]
    press_button(app, builder_button(scene, "quick"))
    scene.builder.name_entry.set_text("Alice's best")
    press_button(app, builder_button(scene, "save"))
    said = "Deck \u201cAlice's best\u201d saved."
    assert said in scene.toasts.texts and [d.name for _, d in scene.builder._saved_rows()] == ["Alice's best"]
    alice_deck = list(scene.builder.slots)
    press_button(app, builder_button(scene, "use"))
    assert scene.state.picks[0] == alice_deck and scene.match.to_move == 1
    pass_device(app)
    # Bob's builder: empty, unfiltered, unnamed, no toast of Alice's, and not her saved deck
    b = scene.builder
    assert scene.building and scene.viewer == 1 and b.seat == 1
    assert (b.slots, b.fixed, b.rarity, b.colour, b.scroll) == ([], 0, None, None, 0)
    assert b.name_entry.get_text() == "" and said not in scene.toasts.texts
    assert b.saved == [] and b._saved_rows() == []
    assert set(scene.view.picks[0]) == {HIDDEN}  # the builder's own source knows none of her picks
    # Bob's undo never reaches into Alice's deck: her picks stay hers and stay hidden
    press_button(app, scene.undo_button)
    assert not scene.undo() and scene.state.picks[0] == alice_deck and scene.match.to_move == 1
    assert not isinstance(app.scenes.top, HandoverScene) and b.slots == [] and scene.viewer == 1
    press_button(app, builder_button(scene, "quick"))
    b.name_entry.set_text("Bob's")
    press_button(app, builder_button(scene, "save"))
    press_button(app, builder_button(scene, "use"))
    assert scene.state.phase != "deck"
    assert [d.name for d in decks.load("Alice")] == ["Alice's best"] and [d.name for d in decks.load("Bob")] == ["Bob's"]
    # the next game: each player's list holds their own deck
    scene = start(app, [ALICE, BOB], seed=8)
    key(app, pygame.K_RETURN, unicode="\r")
    assert [d.name for _, d in scene.builder._saved_rows()] == ["Alice's best"]
    click_at(app, scene.builder._saved_rows()[0][0].center)
    assert scene.builder.slots == alice_deck
    press_button(app, builder_button(scene, "use"))
    pass_device(app)
    assert [d.name for _, d in scene.builder._saved_rows()] == ["Bob's"] and scene.builder.slots == []


def test_a_hot_seat_game_with_saved_decks_resumes_and_plays_to_the_end(app):
    first = decks.save("Alice", "Fire", catalogue.quick_deck(random.Random(1)))
    decks.save("Bob", "Water", catalogue.quick_deck(random.Random(2)))
    scene = start(app, [ALICE, BOB], seed=7)
    for name in (first.name, "Water"):
        pass_device(app)
        row = scene.builder._saved_rows()[0]
        assert row[1].name == name
        click_at(app, row[0].center)
        assert scene.builder.slots == list(row[1].stickers)
        press_button(app, builder_button(scene, "use"))
    assert scene.state.phase != "deck"
    resumed = []

    def resume_once(sc):
        if len(sc.state.cells) >= 3 and not resumed:
            match = saves.load_autosave(games.get)
            resumed.append(match is not None and match.digest() == sc.match.digest()
                           and match.seats == [ALICE, BOB])
        return False

    seen = drive_to_results(app, scene, resume_once)
    assert seen["decisions"] >= 4 and scene.match.is_over and resumed == [True]


def test_the_builders_frame_is_a_function_of_the_viewers_observation(app):
    """Bob's deck builder looks the same whatever Alice picked: render it, deal Alice other picks
    consistent with what Bob knows (the rules' `sample`), render again: the same pixels."""
    scene = start(app, [ALICE, BOB], seed=7)
    key(app, pygame.K_RETURN, unicode="\r")
    press_button(app, builder_button(scene, "quick"))
    press_button(app, builder_button(scene, "use"))
    pass_device(app)
    press_button(app, builder_button(scene, "quick"))
    assert scene.building and scene.viewer == 1
    shown = frame(app)
    other = scene.rules.sample(scene.rules.observe(scene.state, 1), 1, random.Random(5))
    assert other.picks[0] != scene.state.picks[0]
    scene.match.states[-1] = other
    assert frame(app) == shown


def frame(app) -> bytes:
    app.draw()
    return pygame.image.tobytes(app.screen, "RGB")


def test_a_solo_game_plays_to_the_end_and_enters_the_high_scores(app):
    scene = start(app, [ALICE], seed=11)
    assert scene.building and scene.state.size == 16
    resumed = []

    def resume_once(sc):
        if len(sc.state.cells) >= 4 and not resumed:  # mid-game: the autosave replays to this state
            match = saves.load_autosave(games.get)
            resumed.append(match is not None and match.digest() == sc.match.digest())
        return False

    drive_to_results(app, scene, resume_once)
    assert resumed == [True]
    s = scene.state
    assert s.mode == "solo" and scene.match.is_over
    best = highscores.top("stickers/solo")
    assert best and best[0].scores == (scene.rules.scores(s)[0],)


def test_an_illegal_click_shows_the_rules_reason(app):
    scene = start(app, [ALICE, Seat("ai", "medium", "Robo")], seed=5, options={"first": "player1"})
    build_quick_deck(app, scene)
    assert step_until(app, lambda: scene.can_act and scene.state.phase == "place")
    assert not scene.state.cells  # Alice starts: her first sticker goes in the centre
    click_at(app, scene.cell_centre(1, 0))
    assert any("centre" in t for t in scene.toasts.texts) and not scene.state.cells
    click_at(app, scene.cell_centre(0, 0))
    assert scene.state.cells and Place(0, 0) in scene.match.moves
    # the AI answers; then a click on a cell no sticker touches is refused with the rules' reason
    assert step_until(app, lambda: scene.can_act or scene.match.is_over)
    while scene.can_act and scene.state.phase != "place":  # a helper drawn (the quick deck is random)
        play_one_decision(app, scene)
        step_until(app, lambda: scene.can_act or scene.match.is_over)
    if scene.match.is_over:
        return
    xs = [cell_xy(c)[0] for c in scene.state.cells]
    far = (max(xs) + 3, 0)
    if scene.board_rect.collidepoint(scene.cell_centre(*far)):
        click_at(app, scene.cell_centre(*far))
        assert any("share an edge" in t for t in scene.toasts.texts)


def test_the_board_pans_zooms_and_fits(app):
    scene = start(app, [ALICE, Seat("ai", "medium", "Robo")], seed=5)
    build_quick_deck(app, scene)
    assert step_until(app, lambda: scene.state.phase != "deck" and scene.state.cells)
    centre, zoom = scene.centre, scene.zoom
    mid = scene.board_rect.center
    post(pygame.MOUSEBUTTONDOWN, pos=mid, button=2)
    step(app)
    post(pygame.MOUSEMOTION, pos=(mid[0] + 120, mid[1] + 60), rel=(120, 60), buttons=(0, 1, 0))
    step(app)
    post(pygame.MOUSEBUTTONUP, pos=(mid[0] + 120, mid[1] + 60), button=2)
    step(app)
    assert scene.centre[0] < centre[0] and scene.centre[1] < centre[1] and not scene.auto_fit
    key(app, pygame.K_LEFT)
    post(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False)
    step(app, 2)
    assert scene.zoom < zoom
    press_button(app, scene.fit_button)
    assert scene.auto_fit and scene.zoom == pytest.approx(zoom) and scene.centre == pytest.approx(centre)


def test_japanese_game_shows_japanese_reasons_and_plays_on():
    application = make_app("ja", anim_speed=INSTANT)
    try:
        scene = start(application, [ALICE, Seat("ai", "medium", "Robo")], seed=5, options={"first": "player1"})
        assert "デッキ" in application.tr("stickers_ui.deck.use")
        build_quick_deck(application, scene)
        assert step_until(application, lambda: scene.can_act and scene.state.phase == "place")
        click_at(application, scene.cell_centre(1, 0))
        assert any("中央" in t for t in scene.toasts.texts)
        drive_to_results(application, scene)
        assert scene.match.is_over
    finally:
        application.shutdown()


def test_hovering_a_lit_cell_previews_the_founding(app):
    from tests.drive import move_to
    from tests.games.stickers.boards import board, lay

    match = new_match("stickers", [ALICE, Seat("ai", "medium", "Robo")], {}, 1)
    s = board({(0, 0): ("RRYR", 0), (1, 0): ("RRRY", 1), (0, 1): ("RYRR", 0)})
    s.drawn, s.phase, s.current = lay("YRRR"), "place", 0
    s.decks = [[lay("BBBB")] * 3, [lay("BBBB")] * 3]
    match.states[-1] = s  # a hand-built position: the player to move can found at (1, 1)
    app.start_match(match)
    scene = app.scenes.stack[0]
    step(app, 2)
    scene.fit()
    move_to(app, scene.cell_centre(1, 1))
    step(app, 2)
    assert scene.hover == (1, 1) and (1, 1) in scene.targets()
    assert "founds a territory" in scene.preview_text(1, 1) and "Alice +4" in scene.preview_text(1, 1)
    click_at(app, scene.cell_centre(1, 1))
    assert scene.rules.scores(scene.state) == [4, 0]


def test_hot_seat_needs_no_hand_over_while_nothing_is_private(app):
    """Once both decks are built, everything is open until someone peeks: the turn passes straight
    to the next player; a Peek's order is private, so from then on the hand-over is back."""
    match = new_match("stickers", [ALICE, BOB], {}, 7)
    rules, rng = match.rules, random.Random(1)
    while match.state.phase == "deck":
        match.play(rules.random_move(match.state, rng))
    assert not rules.private_info(match.state) and not any(match.state.peeked)
    app.start_match(match)
    scene = app.scenes.stack[0]
    step(app, 2)
    assert not isinstance(app.scenes.top, HandoverScene) and scene.can_act
    seat = scene.match.to_move
    while scene.match.to_move == seat and not scene.match.is_over:
        play_one_decision(app, scene)
    step(app, 2)
    if rules.private_info(scene.state):  # the first player peeked: their order stays theirs
        assert isinstance(app.scenes.top, HandoverScene)
    else:
        assert not isinstance(app.scenes.top, HandoverScene) and scene.can_act and scene.viewer != seat


# --- Peek asks before it commits ----------------------------------------------------------------------
def peek_match(seats=None) -> Match:
    from hexgames.ui.screenshot import find_screen

    return find_screen("stickers", "peek", lambda s: s.phase == "peek", 1, 16, seats, None)


def test_peek_numbers_the_order_and_plays_it_only_when_confirmed(app):
    match = peek_match([ALICE, Seat("ai", "medium", "Robo")])
    app.start_match(match)
    scene = app.scenes.stack[0]
    step(app, 2)
    assert scene.can_act and scene.state.phase == "peek"
    rects = scene.peek_rects()
    assert len(rects) == 3 and all(scene.panel_rect.contains(r) for r in rects)  # in the panel, off the board
    moves = len(match.moves)
    click_at(app, rects[2].center)  # the third shall be drawn first ... or not: a second click takes it back
    assert scene.peek_order == [2] and scene.keep_button.text == "Use this order" and len(match.moves) == moves
    click_at(app, rects[2].center)
    assert scene.peek_order == [] and scene.keep_button.text == "Keep this order"
    click_at(app, rects[1].center)
    click_at(app, rects[2].center)  # every sticker numbered: still nothing is played until confirmed
    assert scene.peek_choice() == (1, 2, 0) and len(match.moves) == moves
    press_button(app, scene.keep_button)
    assert match.moves[moves] == Reorder((1, 2, 0))


def test_enter_plays_the_numbered_peek_order(app):
    app.start_match(peek_match([ALICE, Seat("ai", "medium", "Robo")]))
    scene = app.scenes.stack[0]
    step(app, 2)
    moves = len(scene.match.moves)
    click_at(app, scene.peek_rects()[1].center)
    key(app, pygame.K_RETURN)
    assert scene.match.moves[moves] == Reorder((1, 0, 2))


def test_a_peek_frame_is_a_function_of_the_peekers_observation(app):
    """In hot-seat the peeker's screen shows their top stickers; deal the decks again consistently with
    what they know (the rules' `sample`): the same pixels. The other player's screen never shows them."""
    match = peek_match([ALICE, BOB])
    app.start_match(match)
    scene = app.scenes.stack[0]
    step(app, 2)
    peeker = match.to_move
    assert isinstance(app.scenes.top, HandoverScene)
    hidden = frame(app)  # the hand-over: nobody's view
    key(app, pygame.K_RETURN, unicode="\r")
    assert scene.viewer == peeker and scene.peek_stickers()
    click_at(app, scene.peek_rects()[0].center)
    shown = frame(app)
    rng = random.Random(3)
    for _ in range(5):
        other = scene.rules.sample(scene.rules.observe(match.states[-1], peeker), peeker, rng)
        match.states[-1] = other
        assert frame(app) == shown
    scene.viewer_override = 1 - peeker  # the other player's eyes: no Peek, whatever the decks hold
    assert not scene.peek_stickers() and not scene.peek_rects()
    assert hidden != shown


# --- the AI's moves are seen ----------------------------------------------------------------------------
def test_an_ai_placement_drops_onto_its_cell_and_stays_ringed():
    application = make_app("en")  # animations at the player's pace
    try:
        scene = start(application, [ALICE, Seat("ai", "medium", "Robo")], seed=5, options={"first": "player2"})
        build_quick_deck(application, scene)
        assert step_until(application, lambda: scene.match.moves and type(scene.match.moves[-1]) is Place)
        move = scene.match.moves[-1]
        assert scene.is_animating() and scene.animator.value(("drop", move.x, move.y)) is not None
        assert step_until(application, lambda: not scene.is_animating())
        ring = scene.cell_rect(move.x, move.y).inflate(8, 8)
        application.draw()
        assert scene.can_act and scene.match.moves[-1] == move  # the human's turn: the ring stays meanwhile
        assert tuple(application.screen.get_at((ring.centerx, ring.top + 1)))[:3] == LAST_RGB
    finally:
        application.shutdown()


# --- layout: 800x600 in Japanese, 1920x1080 ------------------------------------------------------------
def test_no_text_under_12_px_at_800x600_in_japanese(monkeypatch):
    application = make_app("ja", anim_speed=INSTANT)
    try:
        application.resize((800, 600))
        sizes = []
        font = application.font
        monkeypatch.setattr(application, "font", lambda size, bold=False: sizes.append(size) or font(size, bold))
        scene = start(application, [ALICE, Seat("ai", "medium", "Robo")], seed=5, options={"first": "player1"})
        application.draw()  # the deck builder
        build_quick_deck(application, scene)
        assert step_until(application, lambda: scene.can_act and scene.state.phase == "place")
        click_at(application, scene.cell_centre(0, 0))
        assert step_until(application, lambda: scene.can_act and scene.state.phase == "place")
        from tests.drive import move_to
        move_to(application, scene.cell_centre(*scene.targets()[0]))
        application.draw()  # the board, a preview in the panel
        application.start_match(peek_match([ALICE, Seat("ai", "medium", "Robo")]))
        step(application, 2)
        application.draw()  # the Peek chooser
        assert sizes and min(sizes) >= 12
    finally:
        application.shutdown()


def test_a_large_window_shows_the_board_and_the_catalogue_larger():
    application = make_app("en", anim_speed=INSTANT)
    try:
        application.resize((1920, 1080))
        scene = start(application, [ALICE, Seat("ai", "medium", "Robo")], seed=5, options={"first": "player1"})
        assert scene.builder.tile > 60  # the whole catalogue in the grid, larger
        assert not scene.builder._max_scroll()
        build_quick_deck(application, scene)
        assert step_until(application, lambda: scene.can_act and scene.state.phase == "place")
        click_at(application, scene.cell_centre(0, 0))
        assert scene.zoom > MAX_ZOOM  # a small board fills the big window
    finally:
        application.shutdown()


def test_each_part_of_the_side_panel_has_its_own_tip(app):
    scene = start(app, [ALICE, Seat("ai", "medium", "Robo")], seed=5, options={"first": "player1"})
    assert scene.tip_regions() == []  # the deck builder speaks for itself
    build_quick_deck(app, scene)
    assert step_until(app, lambda: scene.state.phase == "place" and scene.can_act)
    regions = scene.tip_regions()
    texts = [text for _, text in regions]
    assert len(regions) >= 3 and len(set(texts)) >= 3 and not any(t.startswith("learn.") for t in texts)
    assert all(scene.panel_rect.contains(rect) for rect, _ in regions)
