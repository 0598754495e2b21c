"""hexgames.memory: the figures arena and bench print, and memory freed really given back."""
import sys
from pathlib import Path

import pytest

from hexgames import memory

linux = pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="read from Linux's /proc")


@linux
def test_the_peak_follows_an_allocation_and_starts_again_after_a_reset():
    assert memory.reset_peak()  # from now: earlier tests of this process may have held more
    before = memory.rss_mib()
    block = bytearray(80 * 2**20)
    block[::4096] = b"x" * len(block[::4096])  # touch every page: resident, not just reserved
    assert memory.peak_rss_mib() >= before + 70 and memory.rss_mib() >= before + 70
    del block
    memory.give_back_freed()  # a block malloc placed in a free hole of its heap stays resident until trimmed
    assert memory.reset_peak()
    assert memory.peak_rss_mib() < before + 40
    rss = memory.rss_mib()
    assert memory.tree_rss_mib() >= rss - 1 and rss > 10  # read apart: a page may come or go between


@linux
@pytest.mark.skipif(not sys.platform.startswith("linux") or memory._malloc_trim() is None, reason="needs glibc")
def test_memory_freed_in_small_pieces_is_given_back():
    """glibc keeps small freed blocks for reuse: without giving them back, a screen's leftovers stay."""
    pieces = [bytes(1000) for _ in range(60_000)]  # 60 MB in blocks Python takes from malloc
    kept = pieces[::100]  # one in a hundred stays: what is freed lies between them, as a screen's does
    held = memory.rss_mib()
    del pieces
    assert memory.rss_mib() > held - 10  # freed, but still the process's
    memory.give_back_freed()
    assert memory.rss_mib() < held - 30
    assert len(kept) == 600
