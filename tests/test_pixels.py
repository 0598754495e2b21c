"""Nothing a player sees changes unless we mean it to: every screen of `hexgames screenshot`, for
every game, at 800x600 and 1280x800, in English and Japanese, rendered from this tree and from a
reference commit (tests/pixels.py) and compared pixel for pixel.

On demand (minutes): `pytest -m pixels`. The reference is where this branch left `main`, or the
commit $HEXGAMES_PIXELS_REF names; its renders are cached per commit. A difference names the game,
screen, size and language, and saves a picture of it (the differing pixels in magenta).
"""
from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest

from tests import pixels

pytestmark = pytest.mark.pixels
SHOTS = pixels.shots()


@pytest.fixture(scope="session")
def reference():
    return pixels.reference(pixels.default_reference())


@pytest.fixture(scope="session")
def renders(request):
    """This tree's renders of the shots selected (`-k ingenious` renders only Ingenious's), in the
    renders' cache folder rather than pytest's (which other test sessions prune); removed again when
    every test passed."""
    pixels.CACHE.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix="work-", dir=pixels.CACHE))
    chosen = [item.callspec.params["shot"].name for item in request.session.items
              if hasattr(item, "callspec") and "shot" in item.callspec.params]
    pixels.write_renders(pixels.ROOT, folder, chosen or [SHOTS[0].name])
    yield folder
    if request.session.testsfailed == 0:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def diffs(renders):
    """Where the pictures of the differences go: beside the renders, kept while any test fails."""
    return renders / "diff"


def _render_of(folder, shot):
    found = [p for p in (folder / f"{shot.name}.png", folder / f"{shot.name}.error.txt") if p.is_file()]
    return found[0] if found else None


@pytest.mark.parametrize("shot", SHOTS, ids=[s.name for s in SHOTS])
def test_the_screen_is_the_reference_s_pixel_for_pixel(shot, reference, renders, diffs):
    expected, actual = _render_of(reference, shot), _render_of(renders, shot)
    assert actual is not None, f"{shot.name}: not rendered"
    if expected is None:
        pytest.skip(f"the reference commit has no {shot.scene} screen for {shot.game}")
    why = pixels.difference(expected, actual, diffs / f"{shot.name}.diff.png")
    assert why is None, (f"{shot.scene} of {shot.game or 'no game'} at {shot.size[0]}x{shot.size[1]} in "
                         f"{shot.language}: {why}")


def test_a_one_pixel_change_is_caught_and_pictured(renders, tmp_path):
    import pygame

    original = sorted(renders.glob("*.png"))[0]  # any screen this run rendered
    changed = tmp_path / original.name
    image = pygame.image.load(str(original))
    x, y = image.get_width() // 2, image.get_height() // 3
    r, g, b, _ = image.get_at((x, y))
    image.set_at((x, y), (r ^ 1, g, b))
    pygame.image.save(image, str(changed))
    why = pixels.difference(original, changed, tmp_path / "diff.png")
    assert why is not None and why.startswith("1 pixels differ") and f"({x}, {y}, 1, 1)" in why
    assert pygame.image.load(str(tmp_path / "diff.png")).get_at((x, y))[:3] == (255, 0, 255)
    assert pixels.difference(original, original) is None
