"""Every test runs headless and keeps its files out of the user's data directory."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402


def pytest_collection_modifyitems(config, items):
    """`bundle` tests build the desktop app (minutes): skipped unless the `-m` expression names them
    (`pytest -m bundle`). Only they are skipped; every other marker runs as always."""
    if "bundle" in (config.getoption("markexpr") or ""):
        return
    skip = pytest.mark.skip(reason="builds the desktop app: run with pytest -m bundle")
    for item in items:
        if item.get_closest_marker("bundle"):
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def _data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXGAMES_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture(autouse=True)
def _no_stale_notices():
    """A notice queued by one test's damaged file must not appear in the next test's app."""
    from hexgames.core import files

    files.take_notices()
    yield
    files.take_notices()
