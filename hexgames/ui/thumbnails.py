"""Pictures of each game's board for the menu, drawn by the game's own scene code.

No game provides a picture: the menu plays a few medium-AI moves from a fixed seed (the same
reproducible position the `screenshot` command would show), lets the game's scene draw itself into an
off-screen surface at a comfortable size, and keeps the board part, scaled down. A new game gets its
card picture by having a scene, nothing more. Pictures are kept per game, size and language (the
most recent `PICTURES_KEPT`); the fonts the scenes ask for at the drawing size are let go after.
"""
from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import pygame

from hexgames.core.caches import BoundedCache

if TYPE_CHECKING:
    from hexgames.games import GameInfo
    from hexgames.ui.shell import Shell

SEED = 7
DRAW_SIZE = (1040, 720)  # the scene lays itself out as in a normal window, then is scaled down
PICTURES_KEPT = 20  # two languages of a menu of five games, at two window sizes
_cache: BoundedCache[tuple[str, tuple[int, int], str], pygame.Surface | None] = BoundedCache(PICTURES_KEPT)


def board_picture(app: "Shell", info: "GameInfo", size: tuple[int, int]) -> pygame.Surface | None:
    """The game's board after its `thumbnail_moves` (default 16) opening moves, fitted into `size`;
    None when the game cannot draw one (then the card shows no picture rather than failing)."""
    key = (info.id, size, app.settings.language)  # some boards carry translated labels
    return _cache.get_or_make(key, lambda: _picture(app, info, size))


def _picture(app: "Shell", info: "GameInfo", size: tuple[int, int]) -> pygame.Surface | None:
    try:
        with app.passing_fonts():  # sizes of the drawing size, not of any screen the player sees
            return _fit(_draw_board(app, info), size)
    except Exception as e:  # a picture is decoration: a game whose scene cannot draw off-screen
        print(f"hexgames: no menu picture for {info.id}: {e!r}", file=sys.stderr)
        return None


def _draw_board(app: "Shell", info: "GameInfo") -> pygame.Surface:
    from hexgames.ui.screenshot import build_match

    match = build_match(info.id, SEED, info.thumbnail_moves)
    scene = match.info.scene_class()(app, match)  # never entered: it makes no widgets
    scene.auto_play = False
    scene.reveal_all = True
    scene.compute_rects(DRAW_SIZE)
    scene.layout()
    canvas = pygame.Surface(DRAW_SIZE)
    canvas.fill(app.BG)
    scene.draw_game(canvas)
    return canvas.subsurface(scene.picture_rect().clip(canvas.get_rect())).copy()


def _fit(image: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """Scale to fill `size`, cropping the longer side around the centre (boards sit centred)."""
    w, h = image.get_size()
    scale = max(size[0] / w, size[1] / h)
    scaled = pygame.transform.smoothscale(image, (max(1, round(w * scale)), max(1, round(h * scale))))
    rect = pygame.Rect(0, 0, *size)
    rect.center = scaled.get_rect().center
    return scaled.subsurface(rect).copy()
