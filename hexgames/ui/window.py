"""The app's one window: opening it (or refusing to run where nobody could see it), its size at the
start (the one the player left it at, fitted to the desktop), the smallest size the layouts are made
for, and its icon.
"""
from __future__ import annotations

import os
import sys

import pygame

MIN_SIZE = (800, 600)  # every layout is made to show everything from here up
DEFAULT_SIZE = (1280, 800)


class NoDisplay(Exception):
    """There is no screen to open the window on; the message is one line for the person at the shell."""


HEADLESS_DRIVERS = ("offscreen", "dummy")  # SDL drivers that draw nowhere a person can see
NO_DISPLAY = "no display to open the window on"
NO_DISPLAY_HINT = "; start it in a desktop session, or set SDL_VIDEODRIVER=dummy to run it without a window"


def init_display(need_window: bool) -> None:
    """Start SDL's video (only video: the sound effects start their own mixer when first played, so
    that a machine without sound never prints pages of audio driver noise at start-up).

    With `need_window`, refuse to run invisibly: where there is no display SDL falls back to its
    offscreen driver, and the app would run with nobody able to see it. Asking for such a driver by
    name (SDL_VIDEODRIVER=dummy, as tests and screenshots do) is fine. On X11/Wayland systems the
    display variables are checked before SDL probes its drivers, which would print its own errors.
    """
    asked = os.environ.get("SDL_VIDEODRIVER", "").lower()
    if need_window and not asked and _x11_or_wayland_system() and not (
            os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        raise NoDisplay(NO_DISPLAY + " (DISPLAY and WAYLAND_DISPLAY are not set)" + NO_DISPLAY_HINT)
    try:
        pygame.display.init()
    except pygame.error as e:
        raise NoDisplay(f"cannot open a window: {e}") from None
    driver = pygame.display.get_driver()
    if need_window and driver in HEADLESS_DRIVERS and driver != asked:
        pygame.display.quit()
        raise NoDisplay(NO_DISPLAY + f" (SDL found only its {driver} driver)" + NO_DISPLAY_HINT)


def _x11_or_wayland_system() -> bool:
    return sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd"))



def set_window_icon() -> None:
    """The app's icon on the window and the task bar (set before the window opens, as SDL asks)."""
    from hexgames.ui.icon import app_icon

    pygame.display.set_icon(app_icon(64))


def desktop_size() -> tuple[int, int] | None:
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    return tuple(sizes[0]) if sizes else None


def window_size(remembered: tuple[int, int] | None, desktop: tuple[int, int] | None) -> tuple[int, int]:
    """The size to open the window at: the one the player left it at, else 1280x800, in both cases
    shrunk to leave room for the title bar and the task bar (a 1366x768 screen gets 1280x688), never
    below MIN_SIZE."""
    want = remembered or DEFAULT_SIZE
    if desktop is not None:
        want = (min(want[0], desktop[0] - 60), min(want[1], desktop[1] - 80))
    return max(want[0], MIN_SIZE[0]), max(want[1], MIN_SIZE[1])


def set_minimum_size(size: tuple[int, int]) -> None:
    """Ask the window manager not to shrink the window below what the layouts are made for."""
    try:
        pygame.Window.from_display_module().minimum_size = size
    except (AttributeError, pygame.error):
        pass  # an older pygame-ce: the resize handler still clamps the layout size
