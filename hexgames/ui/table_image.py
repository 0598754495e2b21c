"""A rules-help table drawn as an image, because pygame_gui's text box has no table layout.

The image goes into the text through an `<img src=...>` tag, which pygame_gui loads from a file, so
each table is kept as a PNG in the player's cache, named by its pixels (ui/picture_files.py).
"""
from __future__ import annotations

import sys
from typing import Callable

import pygame

from hexgames.ui import picture_files

TEXT = (230, 233, 239)
HEAD = (243, 210, 122)
GRID = (58, 69, 88)
HEAD_BG = (43, 51, 64)
ROW_BG = ((27, 32, 41), (33, 39, 50))
PAD_X, PAD_Y = 12, 6
SIZES = (16, 15, 14, 13, 12)  # the text box's size first, smaller while the table is too wide

FontFor = Callable[[int, bool], pygame.font.Font]


def _column_widths(rows: list[list[str]], font_for: FontFor, size: int) -> list[int]:
    cols = max(len(r) for r in rows)
    widths = [0] * cols
    for i, row in enumerate(rows):
        font = font_for(size, i == 0)
        for j, cell in enumerate(row):
            widths[j] = max(widths[j], font.size(cell)[0] + 2 * PAD_X)
    return widths


def render(rows: list[list[str]], font_for: FontFor, max_width: int) -> pygame.Surface:
    """The table with a bold header row, banded rows and a thin grid, as narrow as its text allows;
    the font shrinks (down to 12 px) while it is wider than `max_width`."""
    for size in SIZES:
        widths = _column_widths(rows, font_for, size)
        if sum(widths) <= max_width:
            break
    row_h = font_for(size, True).get_linesize() + 2 * PAD_Y
    surf = pygame.Surface((sum(widths) + 1, row_h * len(rows) + 1))
    for i, row in enumerate(rows):
        y = i * row_h
        surf.fill(HEAD_BG if i == 0 else ROW_BG[i % 2], (0, y, surf.get_width(), row_h))
        font = font_for(size, i == 0)
        x = 0
        for j, w in enumerate(widths):
            cell = row[j] if j < len(row) else ""
            img = font.render(cell, True, HEAD if i == 0 else TEXT)
            surf.blit(img, (x + PAD_X, y + (row_h - img.get_height()) // 2))
            x += w
    _grid(surf, widths, row_h, len(rows))
    return surf


def _grid(surf: pygame.Surface, widths: list[int], row_h: int, n_rows: int) -> None:
    w, h = surf.get_size()
    for i in range(n_rows + 1):
        pygame.draw.line(surf, GRID, (0, i * row_h), (w, i * row_h))
    x = 0
    for cw in [0, *widths]:
        x += cw
        pygame.draw.line(surf, GRID, (min(x, w - 1), 0), (min(x, w - 1), h))


def html_img(rows: list[list[str]], font_for: FontFor, max_width: int) -> str:
    """An `<img>` tag showing the table, its PNG in the player's cache; "" when it cannot be written
    (the caller shows the table as text)."""
    try:
        path = picture_files.png_file("tables", render(rows, font_for, max_width))
    except OSError as e:
        print(f"hexgames: table not shown as a picture: {e}", file=sys.stderr)
        return ""
    return f'<img src="{path.as_posix()}" padding="4px 0px 8px 0px"><br>'
