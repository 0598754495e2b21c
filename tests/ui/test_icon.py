"""The app's icon: a ring of the menu's six colours around a dark hex, on a transparent square, and
the window carries it."""
from __future__ import annotations

import pygame
import pytest

from hexgames.ui import icon


@pytest.mark.parametrize("size", [16, 64, 256])
def test_the_icon_is_the_six_colours_around_a_dark_hex(size):
    image = icon.app_icon(size)
    assert image.get_size() == (size, size)
    assert image.get_at((0, 0)).a == 0 and image.get_at((size - 1, size - 1)).a == 0  # corners see through
    if size >= 64:  # at 16 pixels each hex is a few blended pixels
        assert tuple(image.get_at((size // 2, size // 2)))[:3] == icon.CENTRE
        assert tuple(image.get_at((size // 2, size // 6)))[:3] == icon.COLOURS[0]  # the top hex
        assert tuple(image.get_at((size // 2, size - size // 6)))[:3] == icon.COLOURS[3]  # the bottom one


def test_the_window_gets_the_icon(monkeypatch):
    from hexgames.app import App

    given = []
    monkeypatch.setattr(pygame.display, "set_icon", given.append)
    app = App(headless=False)  # a window, on SDL's dummy driver
    try:
        assert len(given) == 1 and given[0].get_size() == (64, 64)
    finally:
        app.shutdown()
