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
  of everything else. Here a large widget draws all its states when it is built and frees its
  scratch after the last, and a small one frees its scratch after each state: scratch is only ever
  held for one widget, and before the rest of a screen (the menu's board pictures) is made. Text
  fields keep pygame_gui's pace (their states follow the cursor). And as pygame_gui keeps the look
  of a small widget for the next one of the same size and colours, the look of a large one is kept
  too: the five cards are drawn once, not five times, and the menu is built faster than before.
  The same states are drawn, to the same pixels.

All are applied once per process by `keep_gui_small()`, before the first UIManager is made. Should a
later pygame_gui lack what they change, they do nothing: the app works as before, only larger. Each
changed method keeps pygame_gui's own as `__wrapped__` (tests draw with both and compare).
"""
from __future__ import annotations

import functools
from importlib import resources
from pathlib import Path
from typing import Any

from hexgames.core.caches import BoundedCache

_APPLIED = "_hexgames_keeps_small"
_DRAWING_ALL = "_hexgames_drawing_all_states"
_LOOKED_UP = "_hexgames_looked_up"  # on pygame_gui's shape cache: the last look asked for, and if found
_LARGE_LOOKS: BoundedCache[str, Any] = BoundedCache(12)  # large widgets' backgrounds, by pygame_gui's id
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
        from pygame_gui.core.surface_cache import SurfaceCache
    except ImportError:
        return
    redraw_all = DrawableShape.redraw_all_states
    draw_state = RoundedRectangleShape.redraw_state
    find = SurfaceCache.find_surface_in_cache
    if getattr(draw_state, _APPLIED, False) or not hasattr(RoundedRectangleShape, "clean_up_temp_shapes"):
        return

    @functools.wraps(redraw_all)
    def redraw_all_states(self: Any, force_full_redraw: bool = False) -> None:
        if not _draws_at_once(self):
            redraw_all(self, force_full_redraw)
            return
        setattr(self, _DRAWING_ALL, True)  # one scratch for all the states, freed after the last
        try:
            redraw_all(self, force_full_redraw)  # draws the first state, queues the others a frame each
            queue = self.states_to_redraw_queue
            while queue:
                self.redraw_state(queue.popleft())
        finally:
            setattr(self, _DRAWING_ALL, False)
            self.clean_up_temp_shapes()

    @functools.wraps(draw_state)
    def redraw_state(self: Any, state_str: str, add_text: bool = True) -> None:
        setattr(self.shape_cache, _LOOKED_UP, None)
        draw_state(self, state_str, add_text)
        if not getattr(self, _DRAWING_ALL, False):
            self.clean_up_temp_shapes()
        _keep_large_look(self, state_str, add_text, getattr(self.shape_cache, _LOOKED_UP, None))

    @functools.wraps(find)
    def find_surface_in_cache(self: Any, lookup_id: str) -> Any:
        found = find(self, lookup_id)
        if found is None:
            found = _LARGE_LOOKS.get(lookup_id)
        setattr(self, _LOOKED_UP, (lookup_id, found is not None))
        return found

    setattr(redraw_state, _APPLIED, True)
    DrawableShape.redraw_all_states = redraw_all_states
    RoundedRectangleShape.redraw_state = redraw_state
    SurfaceCache.find_surface_in_cache = find_surface_in_cache


def _draws_at_once(shape: Any) -> bool:
    """Large widgets draw all their states at once; small ones (a few kB of scratch) and text fields
    (whose states follow the cursor) keep pygame_gui's pace of a state a frame."""
    return _is_large(shape) and not getattr(shape, "editable_text", True) and all(
        hasattr(shape, name) for name in ("states_to_redraw_queue", "clean_up_temp_shapes"))


def _is_large(shape: Any) -> bool:
    rect = getattr(shape, "containing_rect", None)
    return rect is not None and rect.width * rect.height >= LARGE_WIDGET_PIXELS


def _keep_large_look(shape: Any, state_str: str, add_text: bool, looked_up: tuple[str, bool] | None) -> None:
    """Keep a large widget's background, as pygame_gui keeps a small one's, for the next widget of
    the same size and colours (the menu's cards): its look is then a copy, not four times its size
    drawn again. What is kept is the look under the text, and only where no image is drawn on it."""
    if looked_up is None or looked_up[1] or not _is_large(shape) or getattr(shape, "has_been_resized", True):
        return  # no look asked for (a filled bar), one found, a small widget, or a resized one
    state = shape.states.get(state_str)
    if state is None or shape.theming.get(f"{state_str}_images"):
        return
    under_text = state.pre_text_surface if add_text and shape.text_box_layout is not None else state.surface
    if under_text is not None:
        _LARGE_LOOKS.put(looked_up[0], under_text.copy())
