"""Driving the real app headless as a player would: posted pygame events and stepped frames.

Shared by every scene test so that "a click" means the same gesture everywhere: the pointer moves
there, the button goes down, a frame passes, the button comes up.
"""
from __future__ import annotations

from typing import Callable

import pygame


def make_app(language: str = "en", anim_speed: float | None = None):
    from hexgames.app import App

    app = App(headless=True, language=language)
    if anim_speed is not None:
        app.settings.anim_speed = anim_speed
    app.step(1 / 60)
    return app


def step(app, frames: int = 1) -> None:
    for _ in range(frames):
        app.step(1 / 60)


def step_until(app, condition: Callable[[], bool], max_frames: int = 3000) -> bool:
    """Step frames until `condition` holds (`App.step_until`)."""
    return app.step_until(condition, max_frames)


def post(kind: int, **kw) -> None:
    pygame.event.post(pygame.event.Event(kind, **kw))


def move_to(app, pos) -> None:
    post(pygame.MOUSEMOTION, pos=(round(pos[0]), round(pos[1])), rel=(0, 0), buttons=(0, 0, 0))
    step(app)


def click_at(app, pos, button: int = 1, frames: int = 3) -> None:
    pos = (round(pos[0]), round(pos[1]))
    move_to(app, pos)
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
    step(app)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
    step(app, frames)


def key(app, k: int, mod: int = 0, unicode: str = "", frames: int = 2) -> None:
    post(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0)
    post(pygame.KEYUP, key=k, mod=mod, unicode=unicode, scancode=0)
    step(app, frames)


def changed_pixels(before: pygame.Surface, after: pygame.Surface, area: pygame.Rect) -> list[tuple[int, int]]:
    """The pixels of `area` (every other one each way) that differ between two frames: what a
    gesture or a message drew, to check it stayed where it belongs."""
    return [(x, y) for x in range(area.left, area.right, 2) for y in range(area.top, area.bottom, 2)
            if before.get_at((x, y)) != after.get_at((x, y))]


def record_font_sizes(app) -> list[int]:
    """From now on, every size of type the app is asked for is listed (the fitted sizes remembered
    by `draw` are forgotten, so each is asked for again): the smallest text a frame drew."""
    from hexgames.ui import draw

    sizes: list[int] = []
    font = app.font

    def recording(px, bold=False):
        sizes.append(px)
        return font(px, bold)

    app.font = recording
    draw._FITTED.clear()
    draw._WRAPPED.clear()
    return sizes
