"""Toradama's example positions (assets/rules/toradama.positions.json), drawn by its own scene for
the illustrated rules and the quick start card.

A description: {"columns": five strings, bottom tile first, of r y b p g (a face-up tama: red, yellow,
blue, purple, green; upper case or lower) or # (a face-down cube), "chars": [two character names],
"ball": [column, row]}. With a ball the picture is a chain before and after: the board with the
clear ball marked, an arrow, and the board once the rules have played the clearing."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from hexgames import games
from hexgames.games.toradama.board import CUBE, KIND_NAMES, ROWS, cell
from hexgames.games.toradama.moves import Clear
from hexgames.games.toradama.rules import CHARACTER_NAMES, START
from hexgames.games.toradama.look import BALL
from hexgames.ui import pictures
from hexgames.ui.draw import aa_polygon

if TYPE_CHECKING:
    from hexgames.ui.shell import Shell

LETTERS = {name[0]: kind for kind, name in enumerate(KIND_NAMES)}
GAP = 70  # between the two boards, for the arrow


def position(desc: dict[str, Any]) -> Any:
    """The state the description shows: both characters chosen, player 1 to clear."""
    rules = games.get("toradama").rules
    s = rules.setup({"mode": "standard"}, 2, 1)
    s.chars = [CHARACTER_NAMES.index(name) for name in desc.get("chars", ("tora", "neko"))]
    s.phase, s.current, s.first_turn = START, 0, False
    for col, text in enumerate(desc["columns"]):
        for row, ch in enumerate(text[:ROWS]):
            s.cells[cell(col, row)] = CUBE + 1 if ch == "#" else LETTERS[ch.lower()]
    return s


def draw(app: "Shell", desc: dict[str, Any]) -> pygame.Surface:
    rules = games.get("toradama").rules
    before = position(desc)
    ball = cell(*desc["ball"]) if "ball" in desc else None

    def crop(scene: Any) -> pygame.Rect:
        return scene.grid.inflate(scene.cell_size // 2, scene.cell_size // 2)

    def mark(scene: Any, canvas: pygame.Surface) -> None:
        if ball is not None:
            pygame.draw.rect(canvas, BALL, scene.cell_rect(ball).inflate(6, 6), 5, border_radius=8)

    first = pictures.scene_picture(app, "toradama", before, crop, decorate=mark)
    if ball is None:
        return first
    after = pictures.scene_picture(app, "toradama", rules.play(before, Clear(ball)), crop)
    w, h = first.get_size()
    out = pygame.Surface((2 * w + GAP, h))
    out.fill(app.BG)
    out.blit(first, (0, 0))
    out.blit(after, (w + GAP, 0))
    y = h // 2
    aa_polygon(out, BALL, [(w + 12, y - 6), (w + GAP - 26, y - 6), (w + GAP - 26, y - 16), (w + GAP - 8, y),
                                (w + GAP - 26, y + 16), (w + GAP - 26, y + 6), (w + 12, y + 6)])
    return out
