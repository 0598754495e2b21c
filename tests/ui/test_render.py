"""Rendering: the screens draw real pixels in both languages, and screenshots are written."""
from __future__ import annotations

import pygame

from hexgames.app import screenshot
from hexgames.games import new_match
from hexgames.ui.pause import PauseScene
from tests.ui import toygame
from tests.ui.conftest import step


def colours(path) -> int:
    """How many distinct colours a PNG has (a blank screen has one)."""
    surf = pygame.image.load(str(path))
    w, h = surf.get_size()
    return len({tuple(surf.get_at((x, y))) for x in range(0, w, 7) for y in range(0, h, 7)})


def test_menu_renders_non_blank_in_english_and_japanese(app, tmp_path):
    en, ja = tmp_path / "menu_en.png", tmp_path / "menu_ja.png"
    app.render_to_png(en)
    app.set_language("ja")
    step(app)
    app.render_to_png(ja)
    assert colours(en) > 20 and colours(ja) > 20
    assert pygame.image.tobytes(pygame.image.load(str(en)), "RGB") != pygame.image.tobytes(pygame.image.load(str(ja)), "RGB")


def test_japanese_labels_render_with_glyphs_not_boxes(app):
    """Noto Sans JP is used: a Japanese label is wider than one missing-glyph box per character
    would make it, and different glyphs give different images."""
    font = app.font(20)
    a, b = font.render("設定", True, (255, 255, 255)), font.render("終了", True, (255, 255, 255))
    assert pygame.image.tobytes(a, "RGBA") != pygame.image.tobytes(b, "RGBA")
    assert font.size("設定")[0] > 0 and font.size("設定")[1] > 0


def test_pause_over_the_board_dims_but_shows_it(app, tmp_path):
    from hexgames.core.match import Seat

    app.start_match(new_match("ui_toy", [Seat("human", None, "A"), Seat("ai", "medium", "B")], {}, 1))
    step(app)
    board = tmp_path / "board.png"
    app.render_to_png(board)
    app.scenes.top.open_pause()
    step(app)
    assert isinstance(app.scenes.top, PauseScene)
    paused = tmp_path / "paused.png"
    app.render_to_png(paused)
    assert colours(paused) > 10
    surf_board, surf_paused = pygame.image.load(str(board)), pygame.image.load(str(paused))
    corner = (5, app.screen.get_height() // 2)
    assert sum(surf_paused.get_at(corner)[:3]) < sum(surf_board.get_at(corner)[:3]) or \
        surf_board.get_at(corner)[:3] == (0, 0, 0)


def test_screenshot_writes_game_and_menu_pngs(tmp_path):
    toygame.register()
    game_png, menu_png = tmp_path / "game.png", tmp_path / "menu.png"
    screenshot(str(game_png), "ui_toy", seed=2, moves=2, size=(1000, 700))
    screenshot(str(menu_png), scene="menu", language="ja")
    assert pygame.image.load(str(game_png)).get_size() == (1000, 700)
    assert colours(game_png) > 5 and colours(menu_png) > 20


def test_screenshot_plays_the_moves_with_the_medium_agent():
    from hexgames.ui.screenshot import build_match

    toygame.register()
    match = build_match("ui_toy", seed=5, moves=1)
    assert match.moves == [3]  # greedy toy play from 7 leaves a multiple of four
    assert [s.level for s in match.seats] == ["medium", "medium"]
    assert build_match("ui_toy", seed=5, moves=0, to_end=True).is_over
