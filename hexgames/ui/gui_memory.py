"""Habits of pygame_gui that cost the app most of its memory, changed without changing a pixel.

- Fonts: pygame_gui reads a font from its package data into memory for every size and style it
  loads (`FontResource.load` opens a `BytesIO` of the whole file): some twenty sizes of Noto Sans JP
  held twenty copies of its 4.6 MB file. From the file's path, FreeType reads the parts it needs,
  and the OS shares the file's pages: each size then costs about 0.7 MB.
- Rounded widgets: for smooth edges pygame_gui draws a rounded widget at four times its size, with
  a few scratch surfaces of 16 times its pixels each (about 28 MB at once for a menu card of a
  1280x800 window). It keeps two of them until it has drawn all the widget's states (normal,
  hovered, ...), and draws one state a frame, for every widget in the same frame: the menu's five
  cards held 60 MB of scratch for several frames, while their other states were being drawn on top
  of everything else. Here a widget draws all its states when it is built and frees its scratch
  after each state, so scratch is only ever held for one state of one widget, before the rest of a
  screen (the menu's board pictures) is made. The same states are drawn, to the same pixels; the
  time they take moves from the next few frames to the building of the screen.

All are applied once per process by `keep_gui_small()`, before the first UIManager is made. Should a
later pygame_gui lack what they change, they do nothing: the app works as before, only larger. Each
changed method keeps pygame_gui's own as `__wrapped__` (tests draw with both and compare).
"""
from __future__ import annotations

import functools
from importlib import resources
from pathlib import Path
from typing import Any

_APPLIED = "_hexgames_keeps_small"
LARGE_WIDGET_PIXELS = 40_000  # from this size on pygame_gui keeps no copy of a widget's look either


def keep_gui_small() -> None:
    _fonts_by_path()
    _draw_states_at_once()


def font_file(package: str, resource: str) -> Path | None:
    """The font `resource` of `package` as a file on disk, or None where it is not one (a zip)."""
    try:
        path = resources.files(package) / resource
    except (ModuleNotFoundError, TypeError):
        return None
    return path if isinstance(path, Path) and path.is_file() else None


def _fonts_by_path() -> None:
    try:
        from pygame_gui.core.package_resource import PackageResource
        from pygame_gui.core.utility import FontResource
    except ImportError:
        return
    load = FontResource.load
    if getattr(load, _APPLIED, False):
        return

    @functools.wraps(load)
    def load_by_path(self: Any) -> Any:
        location = getattr(self, "location", None)
        if isinstance(location, PackageResource):
            path = font_file(location.package, location.resource)
            if path is not None:
                self.location = str(path)
        return load(self)

    setattr(load_by_path, _APPLIED, True)
    FontResource.load = load_by_path


def _draw_states_at_once() -> None:
    try:
        from pygame_gui.core.drawable_shapes import RoundedRectangleShape
        from pygame_gui.core.drawable_shapes.drawable_shape import DrawableShape
    except ImportError:
        return
    redraw_all = DrawableShape.redraw_all_states
    draw_state = RoundedRectangleShape.redraw_state
    if getattr(draw_state, _APPLIED, False) or not hasattr(RoundedRectangleShape, "clean_up_temp_shapes"):
        return

    @functools.wraps(redraw_all)
    def redraw_all_states(self: Any, force_full_redraw: bool = False) -> None:
        redraw_all(self, force_full_redraw)  # draws the first state, queues the others a frame each
        queue = getattr(self, "states_to_redraw_queue", None)
        while queue and _draws_at_once(self):
            self.redraw_state(queue.popleft())

    @functools.wraps(draw_state)
    def redraw_state(self: Any, state_str: str, add_text: bool = True) -> None:
        draw_state(self, state_str, add_text)
        self.clean_up_temp_shapes()

    setattr(redraw_state, _APPLIED, True)
    DrawableShape.redraw_all_states = redraw_all_states
    RoundedRectangleShape.redraw_state = redraw_state


def _draws_at_once(shape: Any) -> bool:
    """Large widgets draw all their states at once; small ones (a few kB of scratch) and text fields
    (whose states follow the cursor) keep pygame_gui's pace of a state a frame."""
    rect = getattr(shape, "containing_rect", None)
    return (rect is not None and rect.width * rect.height >= LARGE_WIDGET_PIXELS
            and not getattr(shape, "editable_text", True))
