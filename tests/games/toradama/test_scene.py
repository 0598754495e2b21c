"""The Toradama scene driven like a player: real mouse events posted into a headless app.

Where to click always comes from the scene's own geometry (`pool_slots`, `stacks`, `cell_rect`,
`char_cards`, the buttons) and what to play from the rules (`random_move`), never from fixed pixels.
"""
from __future__ import annotations

import random
import time

import pygame
import pytest

from hexgames import games
from hexgames.core.match import Seat
from hexgames.games import new_match
from hexgames.games.toradama.board import cell
from hexgames.games.toradama.moves import (
    CUBE_SOURCE, Choose, Clear, Dig, Flip, Give, Place, Swap, Triple,
)
from hexgames.games.toradama.rules import CHOOSE, ToradamaRules
from hexgames.games.toradama.scene import ToradamaScene
from hexgames.ui.anim import INSTANT
from hexgames.ui.handover import HandoverScene
from hexgames.ui.results import ResultsScene
from tests.drive import click_at, key, make_app, post, step, step_until
from tests.games.toradama.positions import tile_count

R = ToradamaRules()
ALICE, BOB = Seat("human", None, "Alice"), Seat("human", None, "Bob")


def start(app, seats, seed: int, options=None) -> ToradamaScene:
    app.start_match(new_match("toradama", seats, options, seed))
    step(app, 2)
    scene = app.scenes.stack[0]
    assert isinstance(scene, ToradamaScene)
    return scene


def click(app, pos) -> None:
    click_at(app, pos, frames=2)


def source_point(scene: ToradamaScene, src: int):
    if src == CUBE_SOURCE:
        return scene._stack_top(scene.match.to_move).center
    return scene.pool_slots[scene.view().pool.index(src)].center


def column_point(scene: ToradamaScene, col: int):
    return scene.tile_rect(col, 2).center


def play_by_mouse(app, scene: ToradamaScene, move) -> None:
    """The clicks a player makes for `move`."""
    kind = type(move)
    if kind is Choose:
        click(app, scene.char_cards[move.character].center)
    elif kind is Place:
        click(app, source_point(scene, move.src))
        click(app, column_point(scene, move.col))
    elif kind is Give:
        click(app, source_point(scene, move.src))
        click(app, scene.buttons.give.rect.center)
    elif kind is Clear:
        click(app, scene.cell_rect(move.cell).center)
        click(app, scene.cell_rect(move.cell).center)
    else:
        click(app, scene.buttons.okunote.rect.center)
        if kind is Swap:
            click(app, scene.cell_rect(move.a).center)
            click(app, scene.cell_rect(move.b).center)
        elif kind is Flip:
            click(app, scene.cell_rect(move.cell).center)
        elif kind is Dig:
            click(app, column_point(scene, move.col))


def play_to_the_end(app, scene: ToradamaScene, seed: int, max_frames: int = 20000) -> dict:
    """Humans click random legal moves until the results screen; counts what happened on the way."""
    rng = random.Random(seed)
    match = scene.match
    seen = {"human_moves": 0, "handovers": 0}
    for _ in range(max_frames):
        top = app.scenes.top
        if isinstance(top, ResultsScene):
            return seen
        if isinstance(top, HandoverScene):
            seen["handovers"] += 1
        if scene.can_act:
            move = R.random_move(match.state, rng)
            before = len(match.moves)
            play_by_mouse(app, scene, move)
            assert len(match.moves) > before and match.moves[before] == move, move
            seen["human_moves"] += 1
            continue
        step(app)
        time.sleep(0.0005)
    raise AssertionError("the game did not reach the results screen")


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_hot_seat_game_plays_to_the_end_by_mouse_without_hand_over_screens(language):
    app = make_app(language, anim_speed=INSTANT)
    try:
        scene = start(app, [ALICE, BOB], 5)
        assert not scene.hides_info
        banner = scene.banner_text()
        assert ("キャラクター" in banner) == (language == "ja") and "Alice" in banner or "Bob" in banner
        seen = play_to_the_end(app, scene, 5)
        assert scene.match.is_over and seen["handovers"] == 0 and seen["human_moves"] > 20
    finally:
        app.shutdown()
        import i18n

        i18n.set("locale", "en")


@pytest.mark.parametrize("level,language", [("easy", "en"), ("medium", "ja"), ("hard", "en"), ("hard", "ja")])
def test_a_game_against_each_ai_level_plays_to_the_end(app, level, language, monkeypatch):
    from hexgames.ai import agents

    monkeypatch.setattr(agents, "HARD_BUDGET", 0.05)  # Hard's search, on a short clock
    app.set_language(language)
    scene = start(app, [ALICE, Seat("ai", level, "Robo")], 11)
    play_to_the_end(app, scene, 11, max_frames=60000)
    assert scene.match.is_over
    assert any(scene.match.rules.to_move(s) == 1 for s in scene.match.states[:-1])


def test_a_solo_game_ends_in_the_high_score_table(app):
    from hexgames.core import highscores

    scene = start(app, [ALICE], 3, {"mode": "solo"})
    play_to_the_end(app, scene, 3)
    points = scene.match.state.points(0)
    best = highscores.top("toradama/solo")
    assert best and best[0].scores == (points,) and best[0].seed == 3
    assert scene.highscore_place == 0


def _human_turn(app, scene: ToradamaScene) -> None:
    """Choose characters (Alice first if she starts) until Alice's first turn."""
    rng = random.Random(1)
    while scene.state.phase == CHOOSE:
        if scene.can_act:
            play_by_mouse(app, scene, R.random_move(scene.state, rng))
        step(app)
    assert step_until(app, lambda: scene.can_act, 6000)


def _seed_where_first(first: int) -> int:
    return next(s for s in range(200) if R.setup({}, 2, s).current == first)


def test_an_illegal_click_shows_the_rules_reason_and_plays_nothing(app):
    scene = start(app, [ALICE, BOB], _seed_where_first(0))
    _human_turn(app, scene)
    moves = len(scene.match.moves)
    click(app, scene.cell_rect(cell(4, 0)).center)  # nothing there yet: the scene hints
    assert len(scene.match.moves) == moves and scene.toasts.texts
    src = scene.view().pool[0]
    click(app, source_point(scene, src))
    assert scene.selected == src
    click(app, column_point(scene, 4))  # the opponent's column
    assert "Tiles go only on the columns of your area." in scene.toasts.texts
    assert len(scene.match.moves) == moves


def test_drag_a_pool_tile_onto_a_column(app):
    scene = start(app, [ALICE, BOB], _seed_where_first(0))
    _human_turn(app, scene)
    src = scene.view().pool[0]
    start_pos, end_pos = source_point(scene, src), column_point(scene, 1)
    post(pygame.MOUSEMOTION, pos=start_pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=start_pos, button=1)
    step(app, 2)
    assert scene.dragging
    post(pygame.MOUSEMOTION, pos=end_pos, rel=(0, 0), buttons=(1, 0, 0))
    step(app)
    post(pygame.MOUSEBUTTONUP, pos=end_pos, button=1)
    step(app, 2)
    assert scene.match.moves[-1] == Place(src, 1)


def test_undo_a_placement_but_not_across_a_refill_and_resume_from_the_autosave(app):
    from hexgames.core import saves

    scene = start(app, [ALICE, Seat("ai", "medium", "Robo")], _seed_where_first(0))
    _human_turn(app, scene)
    match = scene.match
    first_place = next(m for m in R.legal_moves(match.state) if type(m) is Place)
    play_by_mouse(app, scene, first_place)  # the first turn takes one tile, then the pool refills
    assert step_until(app, lambda: scene.can_act, 6000) and match.state.to_place == 2
    moves = len(match.moves)
    assert not scene.undo_button.is_enabled and "Undo is not possible" in scene.undo_reason  # said on hover
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert len(match.moves) == moves and any("Undo is not possible" in t for t in scene.toasts.texts)
    place = next(m for m in R.legal_moves(match.state) if type(m) is Place)
    play_by_mouse(app, scene, place)
    assert match.state.to_place == 1 and len(match.moves) == moves + 1
    click(app, scene.undo_button.rect.center)
    assert len(match.moves) == moves and match.state.to_place == 2
    resumed = saves.load_autosave(games.get)
    assert resumed is not None and resumed.digest() == match.digest()


def test_a_clearing_animates_step_by_step_and_a_click_skips_it(app):
    app.settings.anim_speed = 1.0
    scene = start(app, [ALICE, BOB], _seed_where_first(0))
    _human_turn(app, scene)
    match = scene.match
    s = R.copy(match.state)
    s.cells[cell(0, 0)], s.cells[cell(0, 1)], s.cells[cell(1, 0)], s.cells[cell(1, 1)] = 1, 0, 0, 0
    match.states[-1] = s  # a hand-built position: a yellow ball under a red, two reds beside
    play_by_mouse(app, scene, Clear(cell(0, 0)))
    assert match.moves[-1] == Clear(cell(0, 0)) and scene.is_animating()
    kinds = [st.kind for _, st in scene.timeline]
    assert kinds[:3] == ["ball", "fall", "chain"]
    assert step_until(app, lambda: scene.current_step() and scene.current_step()[0].kind == "fall"
                      and 0.2 < scene.current_step()[1] < 0.8, 120)
    assert scene.view().score[0] == [0] * 5  # the score changes when the group vanishes, not before
    click(app, scene.grid.center)
    assert not scene.is_animating() and scene.shown is None
    assert match.state.score[0][0] == 1


def test_the_okunote_button_is_enabled_only_when_it_can_be_paid(app):
    scene = start(app, [ALICE, BOB], _seed_where_first(0))
    _human_turn(app, scene)
    step(app, 2)
    assert not scene.buttons.okunote.is_enabled
    s = R.copy(scene.match.state)
    s.niku[0] = 2
    s.chars[0] = 2  # Neko: three tiles this turn
    scene.match.states[-1] = s
    step(app, 2)
    assert scene.buttons.okunote.is_enabled
    click(app, scene.buttons.okunote.rect.center)
    assert scene.match.moves[-1] == Triple() and scene.match.state.to_place == 3


def test_the_screen_renders_in_japanese_mid_game(tmp_path):
    from hexgames.app import screenshot

    out = tmp_path / "toradama_ja.png"
    screenshot(str(out), game_id="toradama", seed=1, moves=12, language="ja", size=(800, 600))
    assert pygame.image.load(str(out)).get_size() == (800, 600)


def test_every_scene_text_has_english_and_japanese():
    import json
    import re
    from pathlib import Path

    from hexgames import paths

    folder = Path(__file__).resolve().parents[3] / "hexgames" / "games" / "toradama"
    names = ("scene.py", "look.py", "view_board.py", "view_hand.py", "view_panel.py", "view_overlays.py", "choice.py",
             "narration.py")
    source = "".join((folder / name).read_text("utf-8") for name in names)
    used = set(re.findall(r'tr_ui\((?:self\.)?app, "([a-z_.]+)"', source))
    used |= {f"okunote.{c}" for c in ("tora", "usagi", "neko", "kitsune", "kuma")}
    used |= {f"hint.{h}" for h in ("swap", "flip", "dig")}
    assert len(used) > 25

    def flat(d, prefix=""):
        out = {}
        for k, v in d.items():
            out.update(flat(v, f"{prefix}{k}.") if isinstance(v, dict) else {f"{prefix}{k}": v})
        return out

    for stem in ("toradama_ui", "toradama"):
        tables = {lang: flat(json.loads((paths.TRANSLATIONS / f"{stem}.{lang}.json").read_text("utf-8"))[lang])
                  for lang in ("en", "ja")}
        assert tables["en"].keys() == tables["ja"].keys(), stem
        for name, text in tables["en"].items():
            assert sorted(re.findall(r"%\{(\w+)\}", text)) == sorted(re.findall(r"%\{(\w+)\}", tables["ja"][name]))
        if stem == "toradama_ui":
            assert used <= tables["en"].keys(), used - tables["en"].keys()


def test_the_bag_out_is_announced_to_both_players(app):
    scene = start(app, [ALICE, BOB], _seed_where_first(0))
    _human_turn(app, scene)
    match = scene.match
    s = R.copy(match.state)
    for code in s.bag[1:]:  # all but one tile leave the bag (to the discard, so all 66 stay counted)
        s.discard[code] += 1
    s.bag = s.bag[:1]
    assert tile_count(s) == 66
    match.states[-1] = s
    play_by_mouse(app, scene, next(m for m in R.legal_moves(s) if type(m) is Place))
    assert match.state.bag_out
    assert "The bag is empty: no more refills from now on." in scene.toasts.texts
    assert scene.view().bag_out and scene.banner_text().startswith("Bob")


def test_the_sound_and_chart_hooks_describe_the_game(app):
    scene = start(app, [ALICE, BOB], 5)
    play_to_the_end(app, scene, 5)
    match = scene.match
    sounds = [scene.move_sound(b, m, a) for b, m, a in zip(match.states, match.moves, match.states[1:])]
    assert set(sounds) <= {"place", "score", "chain"} and "place" in sounds and "score" in sounds

    (panel,) = scene.chart_panels(match.states)
    assert [line.label for line in panel.lines] == ["Alice", "Bob"]
    assert [line.values[-1] for line in panel.lines] == [float(match.state.points(i)) for i in range(2)]


def test_the_computer_s_character_is_said_once_in_the_strip_and_a_player_s_choice_as_a_toast(app):
    scene = start(app, [ALICE, Seat("ai", "easy", "Robo")], _seed_where_first(0))
    match = scene.match
    assert step_until(app, lambda: scene.can_act)
    play_by_mouse(app, scene, next(m for m in R.legal_moves(scene.state) if isinstance(m, Choose)))
    assert any(t.startswith("Alice plays") for t in scene.toasts.texts)
    assert step_until(app, lambda: sum(isinstance(m, Choose) for m in match.moves) == 2, 6000)
    step(app, 2)
    seat, words = scene.ai_line()
    assert seat == 1 and app.tr_reason(match.describe(len(match.moves) - 1, 0)) in words
    assert not any(t.startswith("Robo plays") for t in scene.toasts.texts)  # said once, in the strip
