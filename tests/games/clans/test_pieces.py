"""Every tribe colour has a shape of its own, told apart even where deuteranopia merges the hues."""
import itertools
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame  # noqa: E402

from hexgames.games.clans import pieces  # noqa: E402
from hexgames.games.clans.rules import COLOURS  # noqa: E402
from tools.colour_vision import simulate, simulate_colour  # noqa: E402

pygame.init()


def _mask(colour: int, r: float = 12) -> pygame.mask.Mask:
    surf = pygame.Surface((64, 64), pygame.SRCALPHA)
    pieces.chip(surf, colour, (32, 32), r, shadow=False)
    return pygame.mask.from_surface(surf, 10)


def _overlap(a: pygame.mask.Mask, b: pygame.mask.Mask) -> float:
    both = a.overlap_area(b, (0, 0))
    return both / (a.count() + b.count() - both)


def test_the_five_silhouettes_differ_pairwise():
    masks = [_mask(c) for c in range(COLOURS)]
    for a, b in itertools.combinations(range(COLOURS), 2):
        assert _overlap(masks[a], masks[b]) < 0.82, (pieces.SHAPES[a], pieces.SHAPES[b])


def test_red_and_green_merge_under_deuteranopia_so_the_shape_must_carry_them():
    def distance(p, q):
        return sum((x - y) ** 2 for x, y in zip(p, q)) ** 0.5

    red, green = pieces.FILLS[4], pieces.FILLS[3]
    assert distance(red, green) > 150
    assert distance(simulate_colour(red), simulate_colour(green)) < 60
    assert _overlap(_mask(4), _mask(3)) < 0.65


def test_a_rendered_game_keeps_its_shapes_under_the_simulation(tmp_path):
    from hexgames.app import screenshot

    out = tmp_path / "clans.png"
    screenshot(str(out), game_id="clans", seed=1, moves=12)
    seen = simulate(pygame.image.load(str(out)))
    assert seen.get_size() == (1280, 800)
    # the simulated image has lost the red/green difference: no pixel keeps pure red's hue
    red = pieces.FILLS[4]
    reds = sum(1 for x in range(0, 1280, 4) for y in range(0, 800, 4) if tuple(seen.get_at((x, y)))[:3] == red)
    assert reds == 0
