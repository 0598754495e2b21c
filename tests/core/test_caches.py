"""BoundedCache: never more than its size, and what goes is what was used longest ago."""
import pytest

from hexgames.core.caches import BoundedCache


def test_it_never_holds_more_than_its_size():
    cache = BoundedCache(3)
    for i in range(100):
        cache.put(i, str(i))
        assert len(cache) == min(i + 1, 3)
    assert list(cache) == [97, 98, 99]


def test_the_least_recently_used_entry_goes_first():
    cache = BoundedCache(2)
    cache.put("a", 1)
    cache.put("b", 2)
    assert cache.get("a") == 1  # "a" is now the most recently used
    cache.put("c", 3)
    assert "b" not in cache and cache.get("a") == 1 and cache.get("c") == 3


def test_get_or_make_makes_once_and_remembers_none():
    cache = BoundedCache(4)
    calls = []

    def make():
        calls.append(1)
        return None

    assert cache.get_or_make("k", make) is None
    assert cache.get_or_make("k", make) is None
    assert len(calls) == 1


def test_storing_again_replaces_without_growing():
    cache = BoundedCache(2)
    cache.put("a", 1)
    cache.put("a", 2)
    assert len(cache) == 1 and cache.get("a") == 2
    assert cache.get("missing", "default") == "default"
    assert cache.pop("a") == 2 and len(cache) == 0


def test_a_cache_of_nothing_is_refused():
    with pytest.raises(ValueError):
        BoundedCache(0)
