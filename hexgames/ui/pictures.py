"""Pictures of example positions, drawn by each game's own scene: the illustrated rules and the quick
start card show them.

No picture is an image file drawn by hand. A game keeps small position descriptions beside its rules
text (`assets/rules/<game>.positions.json`: {"positions": {name: description}, "quickstart": [names]})
and a `hexgames.games.<game>.pictures` module with `draw(app, description) -> Surface`, which builds
the position and lets the game's scene draw it off screen (`scene_picture`), so a change of look
changes the pictures too. The description {"board": true} is any game's board after a few opening
moves, as the menu card shows it. A picture that cannot be drawn is left out (None), never an error:
the words of the rules are still there.
"""
from __future__ import annotations

import importlib
import json
import sys
from typing import TYPE_CHECKING, Any, Callable

import pygame

from hexgames import games, paths
from hexgames.ui import picture_files
from hexgames.ui.ui_scale import as_designed

if TYPE_CHECKING:
    from hexgames.ui.shell import Drawing, Shell

DRAW_SIZE = (1040, 720)  # the scene lays itself out as in a normal window, then the part shown is cut out
_cache: dict[tuple[str, str, tuple[int, int], str], pygame.Surface | None] = {}


def positions(game_id: str) -> dict[str, Any]:
    """The game's positions file as data ({} when it has none or it cannot be read)."""
    path = paths.RULES_HELP / f"{game_id}.positions.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def names(game_id: str) -> list[str]:
    found = positions(game_id).get("positions")
    return list(found) if isinstance(found, dict) else []


def quickstart_names(game_id: str) -> list[str]:
    """The pictures the quick start card shows, in order (only those the file describes)."""
    wanted = positions(game_id).get("quickstart")
    return [n for n in wanted if n in names(game_id)] if isinstance(wanted, list) else []


def picture(app: "Shell", game_id: str, name: str, size: tuple[int, int]) -> pygame.Surface | None:
    """The named position of the game, fitted into `size` (its own proportions kept); None when the
    game has no such picture or cannot draw it. Cached per size and language."""
    key = (game_id, name, size, app.settings.language)
    if key not in _cache:
        try:
            _cache[key] = _fit(_draw(app, game_id, name), size)
        except Exception as e:  # a picture is an illustration: the text stands without it
            print(f"hexgames: no picture {game_id}:{name}: {e!r}", file=sys.stderr)
            _cache[key] = None
    return _cache[key]


def _draw(app: "Shell", game_id: str, name: str) -> pygame.Surface:
    desc = positions(game_id).get("positions", {}).get(name)
    if not isinstance(desc, dict):
        raise KeyError(f"no position {name!r} in {game_id}.positions.json")
    if desc.get("board"):
        from hexgames.ui import thumbnails

        image = thumbnails.board_picture(app, games.get(game_id), (DRAW_SIZE[0] // 2, DRAW_SIZE[1] // 2))
        if image is None:
            raise ValueError("the board cannot be drawn")
        return image
    module = importlib.import_module(f"hexgames.games.{game_id}.pictures")
    return module.draw(app, desc)


def _fit(image: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """Scaled to fit inside `size`, proportions kept."""
    w, h = image.get_size()
    scale = min(size[0] / w, size[1] / h)
    return pygame.transform.smoothscale(image, (max(1, round(w * scale)), max(1, round(h * scale))))


def captioned(app: "Drawing", image: pygame.Surface, caption: str, max_width: int) -> pygame.Surface:
    """The picture with its caption: beside it when the picture leaves room, else beneath."""
    from hexgames.ui import draw, hud

    if not caption:
        return image
    font = app.font(16)
    w, h = image.get_size()
    beside = max_width - w - 24
    side = beside >= 260
    text_w = min(beside, 560) if side else min(max_width, max(w, 420))
    lines = draw.wrap(font, caption, text_w)
    text_h = len(lines) * font.get_linesize()
    size = (w + 24 + text_w, max(h, text_h)) if side else (max(w, text_w), h + 8 + text_h)
    out = pygame.Surface(size, pygame.SRCALPHA)
    out.blit(image, (0, 0))
    x, y = (w + 24, max(0, (h - text_h) // 2)) if side else (0, h + 8)
    for line in lines:
        draw.text(out, font, line, (x, y), hud.MUTED, anchor="topleft")
        y += font.get_linesize()
    return out


def html_img(app: "Shell", game_id: str, name: str, max_width: int, max_height: int = 260, caption: str = "") -> str:
    """An `<img>` tag for the rules text box (pygame_gui loads images from files): the picture with
    its caption, its PNG kept in the player's cache (ui/picture_files.py); "" when there is no
    picture or it cannot be written."""
    image = picture(app, game_id, name, (max_width, max_height))
    if image is None:
        return ""
    try:
        path = picture_files.png_file("pictures", captioned(app, image, caption, max_width))
    except OSError as e:
        print(f"hexgames: picture {game_id}:{name} not shown: {e}", file=sys.stderr)
        return ""
    return f'<img src="{path.as_posix()}" padding="4px 0px 0px 0px"><br>'


def scene_picture(app: "Shell", game_id: str, state: Any, crop: Callable[[Any], pygame.Rect],
                  prepare: Callable[[Any], None] | None = None, options: dict[str, Any] | None = None,
                  seats: int = 2, moves: list[Any] | None = None, seed: int = 0,
                  size: tuple[int, int] = DRAW_SIZE,
                  decorate: Callable[[Any, pygame.Surface], None] | None = None) -> pygame.Surface:
    """`state` drawn by the game's own scene (never entered: it makes no widgets) as seat 0 sees it,
    at `size` (a larger one draws a map's details larger); `prepare(scene)` sets what it should show (a preview, a zoom), `crop(scene)` the
    part cut out. With `moves`, the position is those moves played from `seed` instead of `state`
    (the scene may show the last move). `decorate(scene, canvas)` draws on top what the scene
    shows only to a player at the screen (a marked clear ball), with the scene's own geometry."""
    from hexgames.core.match import Match, Seat

    info = games.get(game_id)
    match = Match(info, [Seat("human", None, "")] + [Seat("ai", "easy", "")] * (seats - 1), options, seed)
    if moves is not None:
        match.replay(moves)
    else:
        match.states = [state]
    scene = info.scene_class()(app, match)
    scene.auto_play = False
    scene.viewer_override = 0
    with as_designed():  # a drawing, not a window: the frame as designed, whatever `size` is
        scene.compute_rects(size)
    scene.layout()
    if prepare is not None:
        prepare(scene)
    canvas = pygame.Surface(size)
    canvas.fill(app.BG)
    scene.draw_game(canvas)
    if decorate is not None:
        decorate(scene, canvas)
    return canvas.subsurface(crop(scene).clip(canvas.get_rect())).copy()
