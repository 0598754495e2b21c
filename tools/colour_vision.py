"""See a screenshot as a player with deuteranopia (no green cones) would: a PNG in, a PNG out.

Uses the Machado, Oliveira & Fernandes (2009) matrix for full deuteranopia on linear RGB. Pure
Python over pygame's raw bytes (no numpy here): each distinct colour is converted once, and a
screenshot has a few thousand of them, so a 1280x800 image takes about a second.

Run: `python tools/colour_vision.py shot.png shot_deuteranopia.png`
"""
from __future__ import annotations

import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame  # noqa: E402

DEUTERANOPIA = ((0.367322, 0.860646, -0.227968),
                (0.280085, 0.672501, 0.047413),
                (-0.011820, 0.042940, 0.968881))

_TO_LINEAR = [((v / 255) / 12.92 if v / 255 <= 0.04045 else ((v / 255 + 0.055) / 1.055) ** 2.4) for v in range(256)]


def _to_srgb(x: float) -> int:
    x = min(1.0, max(0.0, x))
    v = x * 12.92 if x <= 0.0031308 else 1.055 * x ** (1 / 2.4) - 0.055
    return round(v * 255)


def simulate_colour(rgb: tuple[int, int, int], matrix=DEUTERANOPIA) -> tuple[int, int, int]:
    """One colour as the simulated eye sees it."""
    lin = [_TO_LINEAR[c] for c in rgb]
    return tuple(_to_srgb(sum(m * v for m, v in zip(row, lin))) for row in matrix)  # type: ignore[return-value]


def simulate(surface: pygame.Surface, matrix=DEUTERANOPIA) -> pygame.Surface:
    """A copy of `surface` with every pixel passed through `simulate_colour`."""
    size = surface.get_size()
    raw = pygame.image.tobytes(surface, "RGB")
    out = bytearray(len(raw))
    seen: dict[bytes, bytes] = {}
    for i in range(0, len(raw), 3):
        key = raw[i:i + 3]
        value = seen.get(key)
        if value is None:
            value = seen[key] = bytes(simulate_colour((key[0], key[1], key[2]), matrix))
        out[i:i + 3] = value
    return pygame.image.frombytes(bytes(out), size, "RGB")


def main() -> None:
    if len(sys.argv) != 3:
        raise SystemExit(__doc__.strip().splitlines()[-1])
    pygame.image.save(simulate(pygame.image.load(sys.argv[1])), sys.argv[2])


if __name__ == "__main__":
    main()
