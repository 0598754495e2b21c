"""The games' own chance source: a 64-bit linear congruential generator kept as a plain int in the
state (free to copy, easy to hide in a view), seeded through splitmix64 so that seeds 0, 1, 2 still
start far apart. Bag draws and deck shuffles replay exactly from `setup`'s seed. No pygame."""
from __future__ import annotations

MASK = (1 << 64) - 1
LCG_A, LCG_C = 6364136223846793005, 1442695040888963407


def seed_state(seed: int) -> int:
    """splitmix64 of the seed: a well-mixed starting state even for seeds 0, 1, 2."""
    z = (seed + 0x9E3779B97F4A7C15) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def step(x: int) -> int:
    """The next state of the generator."""
    return (x * LCG_A + LCG_C) & MASK
