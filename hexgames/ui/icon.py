"""The app's icon: the menu's six hex colours as a ring around a dark hex, drawn by the shared hex
helper, so the window, the desktop app's icon files (tools/build_app.py) and the menu's title agree.

Small sizes are drawn at four times the size and scaled down: at 16 or 32 pixels the ring stays smooth.
"""
from __future__ import annotations

import math

import pygame

from hexgames.ui import draw

# The six hexes under the menu's title, in their order; the icon's ring goes round them clockwise from the top.
COLOURS = ((231, 96, 84), (120, 200, 120), (90, 160, 230), (240, 150, 70), (245, 200, 80), (190, 130, 220))
CENTRE = (58, 69, 88)  # the theme's hovered button: seen on a light desktop and on the app's dark background
GAP = 0.9  # each hex's share of the room it has: a thin gap keeps them apart without outlines
SUPERSAMPLE = 4


def app_icon(size: int) -> pygame.Surface:
    """A square `size`×`size` picture with a transparent background: seven flat-top hexes, a ring of
    the six colours around a dark one."""
    big = size * SUPERSAMPLE if size < 256 else size  # the hexes' own smooth edges do from 256 up
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    # a flat-top ring spans 5 circumradii across and 3√3 (5.2) down: fit the taller side, with a margin
    radius = big / (3 * math.sqrt(3)) * 0.96
    step = math.sqrt(3) * radius  # centre to centre of two neighbouring hexes
    centre = (big / 2, big / 2)
    for i, colour in enumerate(COLOURS):
        angle = math.radians(-90 + 60 * i)  # clockwise from the top (y points down)
        at = (centre[0] + step * math.cos(angle), centre[1] + step * math.sin(angle))
        draw.aa_hex(canvas, colour, at, radius * GAP)
    draw.aa_hex(canvas, CENTRE, centre, radius * GAP)
    return canvas if big == size else pygame.transform.smoothscale(canvas, (size, size))
