"""Large windows fill up: one UI scale (`ui/ui_scale.py`) grows the widget theme's type and the fixed
rows and buttons of the widget screens; up to 1920x1080 everything stays as it was designed (the
pixel tests compare 800x600 and 1280x800 with main)."""
from __future__ import annotations

import json

import pygame
import pytest

from hexgames import paths
from hexgames.ui.frame_layout import PANEL_W, FrameLayout
from hexgames.ui.ui_scale import MAX_SCALE, px, scaled_theme, ui_scale

SMALL, LARGE = (1280, 800), (2560, 1440)


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080), (2560, 1080), (1920, 1440)])
def test_windows_up_to_full_hd_keep_their_design(size):
    """A window no larger than 1920x1080 in either direction is drawn as designed (a wide but short
    window too: its rows could not take taller type)."""
    assert ui_scale(size) == 1.0
    assert px(37, ui_scale(size)) == 37


def test_the_scale_grows_between_full_hd_and_1440p_and_stops_there():
    steps = [ui_scale((1920 + 64 * i, 1080 + 36 * i)) for i in range(11)]
    assert steps == sorted(steps) and len(set(steps)) == 11
    assert steps[-1] == MAX_SCALE == ui_scale((3840, 2160))


def test_the_theme_grows_every_font_size_and_nothing_else():
    theme = json.loads((paths.ASSETS / "theme.json").read_text(encoding="utf-8"))
    assert scaled_theme(theme, 1.0) == theme
    grown = scaled_theme(theme, MAX_SCALE)
    fonts = [name for name, block in theme.items() if isinstance(block, dict) and "size" in block.get("font", {})]
    assert len(fonts) > 10
    for name in fonts:
        assert int(grown[name]["font"]["size"]) == round(int(theme[name]["font"]["size"]) * MAX_SCALE)
        assert {k: v for k, v in grown[name].items() if k != "font"} == {k: v for k, v in theme[name].items()
                                                                         if k != "font"}


def _app(size):
    from hexgames.app import App

    return App(size=size, headless=True, language="en")


def test_resizing_loads_the_grown_theme_and_back():
    app = _app(SMALL)
    try:
        small = app.ui.get_theme().get_font(["button"]).size("Start")
        app.resize(LARGE)
        assert app.scale == MAX_SCALE
        large = app.ui.get_theme().get_font(["button"]).size("Start")
        assert large[1] > small[1] * 1.2 and large[0] > small[0] * 1.2
        app.resize(SMALL)
        assert app.ui.get_theme().get_font(["button"]).size("Start") == small
    finally:
        app.shutdown()


def _setup(size):
    from hexgames import games
    from hexgames.ui.setup_screen import SetupScene

    app = _app(size)
    scene = SetupScene(app, games.get("clans"))
    app.scenes.push(scene)
    app.step(0.016)
    return app, scene


def _span(rects: list[pygame.Rect]) -> pygame.Rect:
    return rects[0].unionall(rects[1:])


def test_setup_grows_its_buttons_and_type_and_fills_a_large_window():
    found = {}
    for size in (SMALL, LARGE):
        app, scene = _setup(size)
        try:
            start = scene.button_for("start")
            content = _span([w.rect for w in scene.widgets])
            found[size] = (start.rect.size, start.font.size("Start"), content)
        finally:
            app.shutdown()
    (small_button, small_type, _), (large_button, large_type, content) = found[SMALL], found[LARGE]
    assert large_button[1] >= small_button[1] * 1.3 and large_button[0] > small_button[0]
    assert large_type[1] > small_type[1] * 1.2
    assert content.w >= LARGE[0] // 2, f"the form spans {content.w} of {LARGE[0]} px"
    assert content.h >= LARGE[1] * 4 // 5, f"the screen's content spans {content.h} of {LARGE[1]} px"


@pytest.mark.parametrize("size", [(800, 600), SMALL, (1920, 1080)])
def test_the_game_frame_is_unchanged_up_to_full_hd(size):
    assert FrameLayout.fit(size) == FrameLayout.fit(size, scale=1.0)


def test_the_game_frame_grows_its_bars_buttons_and_side_panel_in_a_large_window():
    small, large = FrameLayout.fit((1920, 1080)), FrameLayout.fit(LARGE)
    assert large.panel.w == round(PANEL_W[1] * MAX_SCALE) > small.panel.w == PANEL_W[1]
    assert large.button_size[1] > small.button_size[1] and large.top.h > small.top.h
    assert large.board.w > small.board.w  # the board keeps the rest of the wider window


def test_rules_headings_stay_larger_than_the_grown_body_type():
    from hexgames.ui.rules_help import HEADING_SIZES, HTML_PX, heading_size

    assert [heading_size(level) for level in (1, 2, 3)] == [HEADING_SIZES[level] for level in (1, 2, 3)]
    body = px(16, MAX_SCALE)  # the theme's text box type at the largest scale
    assert HTML_PX[heading_size(1, MAX_SCALE)] > HTML_PX[heading_size(2, MAX_SCALE)] > body
    for level in (1, 2, 3):  # each the html size nearest its designed size grown by the scale
        designed = HTML_PX[HEADING_SIZES[level]] * MAX_SCALE
        assert abs(HTML_PX[heading_size(level, MAX_SCALE)] - designed) <= 2


def test_drawings_off_screen_keep_the_design_at_any_size():
    """A picture drawn off screen at a large size of its own (the Clans map at 2080x1440) lays its
    frame out as designed: the same picture whatever window shows it."""
    from hexgames.ui.ui_scale import as_designed

    with as_designed():
        assert ui_scale(LARGE) == 1.0
        assert FrameLayout.fit((2080, 1440)) == FrameLayout.fit((2080, 1440), scale=1.0)
    assert ui_scale(LARGE) == MAX_SCALE
