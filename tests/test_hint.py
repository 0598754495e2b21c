"""The hint ("What would Hard do?") driven like a player, for every game: H or the Hint button asks
Hard on the worker (a thread here, with a small iteration cap so it is quick and reproducible), from
the seat's `observe`d view only; the game previews the answer; it can be cancelled; a setting hides it;
hints are counted, saved, loaded and told on the results screen, in English and Japanese.

Positions come from `screenshot.build_match` (the medium agent plays the first moves) with the seat to
move seated as a human; nothing here is timed: frames are stepped until the answer is there.
"""
from __future__ import annotations

import random

import pygame
import pytest

from hexgames import games
from hexgames.ai.hint import compute_hint, hint_request
from hexgames.core import saves
from hexgames.core.match import Match
from hexgames.games import new_match
from hexgames.ui.screenshot import build_match, human_to_move
from tests.drive import click_at, key, make_app, step, step_until
from tests.test_conformance import BUILTIN

ITERATIONS = 30  # Hard's search, capped: quick, and the same answer every run
NEVER_DONE = 10**7  # a search that cannot finish while a test looks: to cancel it
# a position per game where it is a human's turn with something to decide (the medium agent plays there)
PLIES = {"ingenious": 6, "clans": 6, "toradama": 4, "dotlines": 9, "stickers": 20}


def position(game_id: str, seed: int = 1) -> Match:
    return human_to_move(build_match(game_id, seed, PLIES.get(game_id, 4)))


@pytest.fixture(params=["en", "ja"])
def app(request):
    application = make_app(request.param, anim_speed=1000.0)
    yield application
    application.shutdown()


@pytest.fixture
def app_en():
    application = make_app("en", anim_speed=1000.0)
    yield application
    application.shutdown()


def start(app, match: Match, iterations: int = ITERATIONS):
    app.start_match(match)
    step(app, 2)
    scene = app.scenes.top
    scene.hint_iterations = iterations
    assert scene.can_act, "the position must be the human's turn"
    return scene


def ask_by_key(app, scene) -> object:
    key(app, pygame.K_h)
    assert step_until(app, lambda: scene.hint_move is not None or not scene.hint_thinking, 20000)
    assert scene.hint_move is not None, scene.toasts.texts
    return scene.hint_move


def previewed(scene, move) -> bool:
    """The game shows `move` as it shows a human's move in the making (or, for a kind of move it has
    no preview for, says it in words)."""
    from hexgames.games.clans.rules import Move as ClansMove
    from hexgames.games.dotlines.rules import Place as LinePlace, Stack
    from hexgames.games.ingenious.rules import Place as TilePlace
    from hexgames.games.stickers.rules import Block, Place as StickerPlace
    from hexgames.games.toradama.moves import Clear, Place as TamaPlace

    kind = type(move)
    if kind is TilePlace:
        return scene.preview == move
    if kind is ClansMove:
        return (scene.selected, scene.key_focus) == (move.src, move.dst)
    if kind is TamaPlace:
        return scene.selected == move.src
    if kind is Clear:
        return scene.ball == move.cell
    if kind in (LinePlace, Stack):
        return move in scene.candidates()
    if kind in (StickerPlace, Block):
        return scene.hint_move == move and move in [type(move)(*c) for c in _lit(scene)]
    return scene.hint_words(move) in scene.toasts.texts


def _lit(scene) -> list[tuple[int, int]]:
    from hexgames.games.stickers.regions import cell_xy

    s = scene.state
    return scene.targets() if s.phase == "place" else [cell_xy(c) for c in s.frontier]


# --- the hint sees only the seat's view ------------------------------------------------------------
@pytest.mark.parametrize("game_id", [g.id for g in BUILTIN])
def test_the_hint_is_a_legal_move_from_the_seats_view_only(app_en, game_id):
    """Two full states that differ only in what the seat cannot see give the same hint; the worker
    is only ever handed the seat's view; the hint is legal in both and previewed as the game shows a
    human's move; it is the answer of the same search run here."""
    rules = games.get(game_id).rules
    first = position(game_id)
    seat = first.to_move
    view = rules.observe(first.state, seat)
    other = next(s for s in (rules.sample(view, seat, random.Random(k)) for k in range(20))
                 if rules.digest(s) != rules.digest(first.state))
    assert rules.digest(rules.observe(other, seat)) == rules.digest(view)
    second = new_match(game_id, first.seats, first.options, first.seed)
    second.replay(first.moves)
    second.states[-1] = other  # the same history and view; other hidden parts

    asked = []
    request = app_en.worker.request
    app_en.worker.request = lambda gid, level, v, s, seed, **kw: asked.append((level, v, s)) or request(
        gid, level, v, s, seed, **kw)
    hints = []
    for match in (first, second):
        scene = start(app_en, match)
        hint = ask_by_key(app_en, scene)
        assert rules.check(match.state, hint) is None
        assert previewed(scene, hint)
        assert match.hints == {seat: 1}
        hints.append(hint)
    assert hints[0] == hints[1]
    assert hints[0] == compute_hint(first, ITERATIONS)  # the worker asked what this process asks
    assert [(level, s) for level, _, s in asked] == [("hard", seat)] * 2
    assert all(rules.digest(v) == rules.digest(view) for _, v, _ in asked)  # never the full state


def test_the_hint_request_is_the_seats_view_and_a_seed_of_the_position():
    match = position("clans")
    view, seat, seed = hint_request(match)
    assert seat == match.to_move and None in view.colour_of  # the others' colours are not in it
    again = new_match("clans", match.seats, match.options, match.seed)
    again.replay(match.moves)
    assert hint_request(again)[2] == seed
    again.replay([compute_hint(again, 5)])
    assert hint_request(again)[2] != seed


# --- taking it ------------------------------------------------------------------------------------
def test_ingenious_hint_by_the_button_is_the_ghosted_preview_and_enter_plays_it(app):
    scene = start(app, position("ingenious"))
    click_at(app, scene.hint_button.rect.center)
    assert step_until(app, lambda: scene.hint_move is not None, 20000)
    hint = scene.hint_move
    step(app)
    assert scene.preview == hint and scene.confirm_button.visible
    assert scene.match.check(hint) is None
    moves = len(scene.match.moves)
    key(app, pygame.K_RETURN)
    assert scene.match.moves[moves] == hint and scene.hint_move is None


def test_clans_hint_by_key_picks_the_group_up_and_enter_plays_it(app):
    scene = start(app, position("clans"))
    hint = ask_by_key(app, scene)
    assert (scene.selected, scene.key_focus) == (hint.src, hint.dst)
    assert scene.hint_key() == "hint_take"
    moves = len(scene.match.moves)
    key(app, pygame.K_RETURN)
    assert scene.match.moves[moves] == hint and scene.hint_move is None


@pytest.mark.parametrize("game_id", ["toradama", "dotlines", "stickers"])
def test_the_other_games_preview_the_hint_and_a_different_move_clears_it(app_en, game_id):
    scene = start(app_en, position(game_id))
    hint = ask_by_key(app_en, scene)
    assert previewed(scene, hint)
    other = next(m for m in scene.rules.legal_moves(scene.match.state) if m != hint)
    assert scene.submit(other)
    assert scene.hint_move is None and scene.match.moves[-1] == other


def test_a_new_hint_and_undo_clear_the_preview(app_en):
    scene = start(app_en, position("clans"))
    seat = scene.match.to_move
    first = ask_by_key(app_en, scene)
    # a new hint: the shown one goes while Hard thinks again (asked directly, not by a posted key:
    # a quick answer may come within the frames a posted key takes, and this is about the moment of asking)
    assert scene.request_hint() and scene.hint_thinking and scene.hint_move is None
    assert step_until(app_en, lambda: scene.hint_move is not None, 20000)
    assert scene.hint_move == first  # the same position, the same seed: the same answer
    assert scene.undo()
    assert scene.hint_move is None and scene.selected is None
    assert scene.match.hints == {seat: 2}  # taken is taken: undo keeps the count


# --- cancelling -----------------------------------------------------------------------------------
@pytest.mark.parametrize("how", ["again", "escape", "move", "undo", "leave"])
def test_a_hint_being_thought_about_can_be_cancelled(app_en, how):
    match = position("clans")  # the seat to move played before: there is a move to undo
    scene = start(app_en, match, iterations=NEVER_DONE)
    count = dict(match.hints)
    key(app_en, pygame.K_h)
    assert scene.hint_thinking and app_en.worker.busy
    assert scene.hint_button.text.startswith("Thinking")
    moves = len(match.moves)
    if how == "again":
        click_at(app_en, scene.hint_button.rect.center)
    elif how == "escape":
        key(app_en, pygame.K_ESCAPE)
        assert app_en.scenes.top is scene  # Esc stopped the hint; it did not open the pause menu
    elif how == "move":
        assert scene.submit(next(iter(scene.rules.legal_moves(match.state))))
    elif how == "undo":
        assert scene.undo()
    else:
        app_en.open_menu()
    assert not scene.hint_thinking and not app_en.worker.busy
    step(app_en, 30)
    assert scene.hint_move is None and match.hints == count
    if how in ("again", "escape"):
        assert len(match.moves) == moves and scene.hint_button.text == "Hint"


# --- when the button shows --------------------------------------------------------------------------
def test_the_button_shows_only_on_a_humans_turn_with_hints_on(app):
    scene = start(app, position("clans"))
    assert scene.hint_button.visible and scene.hint_button.is_enabled
    assert scene.hint_button.text == app.tr("ui.hint.button")
    app.settings.hints = False
    step(app, 2)
    assert not scene.hint_button.visible
    key(app, pygame.K_h)
    assert not scene.hint_thinking and scene.hint_move is None
    app.settings.hints = True
    scene.auto_play = False  # hold the AI's turn to look at it
    assert scene.submit(next(iter(scene.rules.legal_moves(scene.match.state))))
    step(app, 2)
    assert not scene.match.seat_to_move.is_human and not scene.hint_button.visible
    key(app, pygame.K_h)
    assert not scene.hint_thinking


def test_the_setting_turns_hints_off_and_is_remembered(app):
    from hexgames.ui.settings import Settings, SettingsScene

    settings = SettingsScene(app)
    app.scenes.push(settings)
    step(app, 2)
    assert settings.hints_button.text == app.tr("ui.settings.on")
    click_at(app, settings.hints_button.rect.center)
    assert app.settings.hints is False and Settings.load().hints is False
    assert settings.hints_button.text == app.tr("ui.settings.off")
    assert Settings.from_dict({"hints": "no"}).hints is True  # a bad value keeps the default


def test_no_button_after_the_game_or_when_only_ais_play(app_en):
    from hexgames.core.match import Seat

    finished = build_match("ingenious", 2, 0, to_end=True)
    match = new_match("ingenious", [Seat("human", None, "Ann"), Seat("ai", "medium", "CPU")], finished.options,
                  finished.seed)
    match.replay(finished.moves)
    app_en.start_match(match)
    step(app_en, 3)
    key(app_en, pygame.K_ESCAPE)  # from the results to the board
    scene = app_en.scenes.top
    assert scene.match is match and match.is_over
    assert not scene.hints_offered and not scene.hint_button.visible
    app_en.start_match(build_match("clans", 1, 2))  # two AIs: nobody to hint
    step(app_en, 2)
    assert not app_en.scenes.top.hint_button.visible


# --- counted, saved, shown ---------------------------------------------------------------------------
def test_hints_are_saved_and_loaded_and_old_saves_have_none(tmp_path):
    match = position("ingenious")
    match.count_hint(match.to_move)
    match.count_hint(match.to_move)
    data = saves.match_to_dict(match)
    assert data["hints"] == {str(match.to_move): 2}
    path = tmp_path / "game.json"
    saves.write_save(match, path)
    assert saves.read_save(path, games.get).hints == {match.to_move: 2}
    old = {k: v for k, v in data.items() if k != "hints"}
    assert saves.match_from_dict(old, games.get).hints == {}
    for bad in ({"7": 1}, {"0": True}, {"0": 0}, {"0": 1.5}, [1], {"0": -2}):
        with pytest.raises(saves.SaveError):
            saves.match_from_dict({**data, "hints": bad}, games.get)


def test_a_hint_taken_is_autosaved_and_a_resume_keeps_it(app_en):
    scene = start(app_en, position("stickers"))
    ask_by_key(app_en, scene)
    resumed = saves.load_autosave(games.get)
    assert resumed is not None and resumed.hints == {scene.match.to_move: 1}


def test_the_results_say_how_many_hints_each_player_took(app):
    finished = build_match("clans", 3, 0, to_end=True)
    match = new_match("clans", finished.seats, finished.options, finished.seed)
    match.replay(finished.moves)
    app.start_match(match)
    step(app, 3)
    results = app.scenes.top
    assert type(results).__name__ == "ResultsScene"
    assert [results.hints_taken(s) for s in range(len(match.seats))] == ["", ""]
    match.hints = {0: 1, 1: 3}
    for size in ((1280, 800), (800, 600)):  # a column of its own, or beside the details when narrow
        app.resize(size)
        step(app, 2)
        assert app.scenes.top is results and results._painted is not None
    one, three = results.hints_taken(0), results.hints_taken(1)
    if app.settings.language == "ja":
        assert (one, three) == ("ヒント1回", "ヒント3回")
    else:
        assert (one, three) == ("1 hint", "3 hints")


# --- screenshot ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", ["ingenious", "clans"])
def test_screenshot_shows_the_hint_preview_the_same_every_time(tmp_path, game_id):
    from hexgames import cli
    from hexgames.ui.screenshot import SCENES

    assert "hint" in SCENES
    out = tmp_path / "hint.png"
    assert cli.main(["screenshot", "--game", game_id, "--scene", "hint", "--moves", "6", "--out", str(out),
                     "--size", "800x600", "--language", "ja"]) == 0
    assert out.stat().st_size > 10_000
    match = position(game_id)
    assert compute_hint(match) == compute_hint(position(game_id))


def test_sticker_turf_deck_pick_and_peek_hints_show_where_the_player_acts(app_en):
    from hexgames.games.stickers.rules import Pick, Reorder
    from hexgames.ui.screenshot import find_screen

    scene = start(app_en, human_to_move(build_match("stickers", 1, 3)))
    hint = ask_by_key(app_en, scene)
    assert type(hint) is Pick
    step(app_en)
    shown = dict((s, rect) for rect, s in scene.builder._grid_cells())
    assert hint.sticker in shown  # scrolled into the catalogue's view
    picked = len(scene.builder.slots)
    click_at(app_en, shown[hint.sticker].center)
    assert scene.builder.slots[picked:] == [hint.sticker]  # a click takes it, as any pick

    peek = find_screen("stickers", "peek", lambda s: s.phase == "peek", 1, 16, None, None)
    scene = start(app_en, peek)
    hint = ask_by_key(app_en, scene)
    assert type(hint) is Reorder and scene.hint_words(hint) in scene.toasts.texts
    moves = len(peek.moves)
    key(app_en, pygame.K_RETURN)
    assert peek.moves[moves] == hint


def test_dot_lines_hinted_choice_is_framed_and_enter_takes_it(app_en):
    scene = start(app_en, human_to_move(build_match("dotlines", 1, 1)))  # the roll-off winner chooses
    step(app_en)
    choices = [m for _, m in scene.prompt_buttons]
    assert len(choices) > 1
    hint = ask_by_key(app_en, scene)
    assert hint in choices and scene.hint_words(hint) in scene.toasts.texts
    moves = len(scene.match.moves)
    key(app_en, pygame.K_RETURN)
    assert scene.match.moves[moves] == hint


# --- hot-seat secrets and typing -----------------------------------------------------------------
def test_a_hint_in_words_never_shows_over_the_next_players_hand_over(app_en):
    """A hint may tell a secret choice (Dot Lines' chip); toasts draw above the hand-over screen, so
    the hint's words must go with the turn, taken or not."""
    from hexgames.core.match import Seat
    from hexgames.ui.handover import HandoverScene

    match = new_match("dotlines", [Seat("human", None, "Ann"), Seat("human", None, "Bob")], {}, 1)
    rules, rng = match.rules, random.Random(2)
    from hexgames.games.dotlines.rules import CHIP_NONE, Chip

    while not (type(rules.legal_moves(match.state)[0]) is Chip and set(match.state.chip) == {CHIP_NONE}):
        match.play(rules.random_move(match.state, rng))  # on to the first of the two secret chip choices
    app_en.start_match(match)
    step(app_en, 2)
    if isinstance(app_en.scenes.top, HandoverScene):
        key(app_en, pygame.K_RETURN, unicode="\r")
    scene = app_en.scenes.stack[0]
    scene.hint_iterations = ITERATIONS
    hint = ask_by_key(app_en, scene)
    words = scene.hint_words(hint)
    assert words in scene.toasts.texts  # the chip choice has no board preview: it is said in words
    other = next(m for m in rules.legal_moves(match.state) if m != hint)
    assert scene.submit(other)  # not taken: Ann chooses the other chip
    assert step_until(app_en, lambda: isinstance(app_en.scenes.top, HandoverScene), 600)
    assert words not in scene.toasts.texts


def test_letters_typed_in_a_text_field_are_not_shortcuts(app_en):
    from tests.drive import click_at as click_there

    scene = start(app_en, human_to_move(build_match("stickers", 1, 3)))  # deck building: a name field
    entry = scene.builder.name_entry
    click_there(app_en, entry.rect.center)
    assert entry.is_focused and scene.typing
    key(app_en, pygame.K_h, unicode="h")
    key(app_en, pygame.K_l, unicode="l")
    assert not scene.hint_thinking and scene.match.hints == {} and not scene.log_open
    click_there(app_en, scene.board_rect.center)  # the field lets go of the keyboard
    key(app_en, pygame.K_l, unicode="l")
    assert not scene.typing and scene.log_open
