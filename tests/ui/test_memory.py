"""What keeps the app small: fonts read by path, widget scratch let go, pictures' fonts not kept,
and none of it changes a pixel."""
from __future__ import annotations

import gc
import weakref

import pygame
import pytest

from hexgames.ui import draw
from tests.drive import make_app, step


@pytest.fixture
def app():
    application = make_app("ja")
    yield application
    application.shutdown()


def test_every_font_of_the_widgets_is_read_from_its_file_not_held_in_memory(app):
    """pygame_gui would read its package's fonts into memory once per size (4.6 MB each for Japanese)."""
    loaded = app.ui.get_theme().get_font_dictionary().loaded_fonts
    assert loaded
    for resource in loaded.values():
        assert isinstance(resource.location, str) and resource.location.endswith((".otf", ".ttf"))


def test_the_rules_fonts_are_loaded_when_the_rules_are_first_shown(app):
    from hexgames import games
    from hexgames.ui.rules_help import RulesHelpScene

    loaded = app.ui.get_theme().get_font_dictionary().loaded_fonts
    assert not any("italic" in font_id for font_id in loaded)  # the menu uses none
    app.scenes.push(RulesHelpScene(app, games.get("clans")))
    step(app, 2)
    assert any("italic" in font_id for font_id in loaded)


def _card(app, size):
    from pygame_gui.core import ObjectID
    from pygame_gui.elements import UIButton

    return UIButton(pygame.Rect((10, 10), size), "", app.ui, object_id=ObjectID(class_id="@card"))


def _looks(button) -> dict[str, bytes]:
    return {name: pygame.image.tobytes(state.surface, "RGBA")
            for name, state in button.drawable_shape.states.items() if state.generated}


def test_a_large_widget_draws_every_look_at_once_and_keeps_no_scratch(app):
    button = _card(app, (480, 200))
    shape = button.drawable_shape
    assert not shape.states_to_redraw_queue and {"normal", "hovered", "selected", "active"} <= set(_looks(button))
    assert shape.temp_additive_shape is None and shape.temp_subtractive_shape is None
    button.kill()


def test_its_looks_are_those_pygame_gui_draws_a_frame_at_a_time(app, monkeypatch):
    from pygame_gui.core.drawable_shapes import RoundedRectangleShape
    from pygame_gui.core.drawable_shapes.drawable_shape import DrawableShape
    from pygame_gui.core.surface_cache import SurfaceCache

    ours = _card(app, (480, 200))
    copied = _card(app, (480, 200))  # the same size and colours: its looks are copies of the first's
    mine = _looks(ours)
    assert _looks(copied) == mine
    for cls, name in ((RoundedRectangleShape, "redraw_state"), (DrawableShape, "redraw_all_states"),
                      (SurfaceCache, "find_surface_in_cache")):
        monkeypatch.setattr(cls, name, getattr(cls, name).__wrapped__)
    theirs = _card(app, (480, 200))
    assert theirs.drawable_shape.states_to_redraw_queue  # pygame_gui's own pace: a state a frame
    step(app, 8)
    assert _looks(theirs) == mine
    for button in (ours, copied, theirs):
        button.kill()


def test_the_menu_pictures_leave_none_of_their_fonts_behind(app):
    from hexgames import games
    from hexgames.ui import thumbnails

    kept = set(app._fonts)
    assert thumbnails.board_picture(app, games.get("clans"), (151, 97)) is not None
    assert set(app._fonts) == kept


def test_a_fitted_text_does_not_keep_a_font_the_app_let_go(app):
    with app.passing_fonts():
        font = draw.fit_text(app.font, "a text too wide for the box" * 3, 300, 71)
        size = font.get_height()
    gone = weakref.ref(font)
    del font
    gc.collect()
    assert gone() is None
    again = draw.fit_text(app.font, "a text too wide for the box" * 3, 300, 71)
    assert again.get_height() == size
