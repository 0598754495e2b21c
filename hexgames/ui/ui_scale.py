"""One size rule for the screens built from pygame_gui widgets (setup, settings, records, online,
lobby, results, rules text, the game frame): how much their type, rows and buttons grow in a large
window, so a 2560x1440 window is filled rather than showing a 1280x800 screen in its corner.

Up to 1920x1080 the factor is exactly 1 (every screen there is drawn as it was designed); from there
it grows with the smaller of the window's width and height ratios to `MAX_SCALE` at 2560x1440 and
stays there. The pygame_gui theme's font sizes follow the same factor (`scaled_theme`), so a button
scaled by `px` keeps room for its words.
"""
from __future__ import annotations

import contextlib
import copy
from typing import Any, Iterator

_DESIGNED: list[bool] = []  # non-empty inside `as_designed`

FROM_SIZE = (1920, 1080)  # up to here: factor 1
TO_SIZE = (2560, 1440)  # from here: MAX_SCALE
MAX_SCALE = 1.35


def ui_scale(size: tuple[int, int]) -> float:
    """The factor for a window of `size`: 1.0 up to 1920x1080, MAX_SCALE from 2560x1440, linear
    between (by whichever of width and height has grown less, so a very wide but short window does
    not get type too tall for its rows)."""
    if _DESIGNED:
        return 1.0
    w, h = size
    grown = min((w - FROM_SIZE[0]) / (TO_SIZE[0] - FROM_SIZE[0]), (h - FROM_SIZE[1]) / (TO_SIZE[1] - FROM_SIZE[1]))
    return 1.0 + (MAX_SCALE - 1.0) * max(0.0, min(1.0, grown))


@contextlib.contextmanager
def as_designed() -> Iterator[None]:
    """Within: the factor is 1 at every size. For drawings off screen at a size of their own (a map
    drawn at twice its usual size to cut a sharp picture from): they are no window, and their picture
    must be the same whatever window shows it."""
    _DESIGNED.append(True)
    try:
        yield
    finally:
        _DESIGNED.pop()


def px(value: int, scale: float) -> int:
    """`value` pixels at `scale` (exactly `value` at 1.0, so small windows keep their layout)."""
    return value if scale == 1.0 else round(value * scale)


def scaled_theme(theme: dict[str, Any], scale: float) -> dict[str, Any]:
    """A copy of the pygame_gui theme `theme` (as read from theme.json) with every font size times
    `scale`; colours, shapes and everything else kept."""
    out = copy.deepcopy(theme)
    for block in out.values():
        font = block.get("font") if isinstance(block, dict) else None
        if isinstance(font, dict) and "size" in font:
            font["size"] = str(px(int(font["size"]), scale))
    return out
