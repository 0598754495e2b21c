"""Every test runs headless and keeps its files out of the user's data directory."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import itertools  # noqa: E402

import pytest  # noqa: E402

_databases = itertools.count(1)


ON_DEMAND = {  # markers whose tests take minutes: run only when the `-m` expression names them
    "bundle": "builds the desktop app: run with pytest -m bundle",
    "pixels": "renders every screen twice and compares them: run with pytest -m pixels",
    "layout": "every screen at four sizes in two languages: run with pytest -m layout",
}


def pytest_collection_modifyitems(config, items):
    """`bundle` tests build the desktop app, `pixels` tests render every screen of two trees,
    `layout` tests every screen at four sizes (minutes each): skipped unless the `-m` expression names them (`pytest -m bundle`). Only they are
    skipped; every other marker runs as always."""
    named = config.getoption("markexpr") or ""
    for marker, reason in ON_DEMAND.items():
        if marker in named:
            continue
        skip = pytest.mark.skip(reason=reason)
        for item in items:
            if item.get_closest_marker(marker):
                item.add_marker(skip)


@pytest.fixture(autouse=True)
def _data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXGAMES_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("HEXGAMES_CACHE_DIR", str(tmp_path / "cache"))


@pytest.fixture(autouse=True)
def _no_stale_notices():
    """A notice queued by one test's damaged file must not appear in the next test's app."""
    from hexgames.core import files

    files.take_notices()
    yield
    files.take_notices()


@pytest.fixture(scope="session")
def postgres():
    """A PostgreSQL server of the test session's own (tests/services.py), or a skip naming what is
    missing. Each test that uses it gets a fresh database through `postgres_url`."""
    from tests.services import start_postgres

    server = start_postgres()
    if isinstance(server, str):
        pytest.skip(server)
    yield server
    server.stop()
    import shutil
    shutil.rmtree(server.folder, ignore_errors=True)


@pytest.fixture
def postgres_url(postgres):
    """A new, empty database on the session's PostgreSQL server, dropped after the test."""
    import subprocess

    name = f"t{next(_databases)}"
    subprocess.run([str(postgres.bin / "createdb"), "-h", "127.0.0.1", "-p", str(postgres.port), "-U", "hexgames",
                    name], check=True, capture_output=True, timeout=60)
    yield postgres.url.rsplit("/", 1)[0] + "/" + name
    subprocess.run([str(postgres.bin / "dropdb"), "-h", "127.0.0.1", "-p", str(postgres.port), "-U", "hexgames",
                    "--force", name], capture_output=True, timeout=60)


@pytest.fixture(scope="session")
def redis_server():
    """A Redis server of the test session's own, or a skip naming what is missing."""
    from tests.services import start_redis

    server = start_redis()
    if isinstance(server, str):
        pytest.skip(server)
    yield server
    server.stop()


@pytest.fixture
def redis_url(redis_server):
    """The session's Redis, emptied for the test."""
    import redis

    if redis_server.process is None or redis_server.process.poll() is not None:
        redis_server.start()  # a test before stopped it and did not bring it back
    client = redis.Redis.from_url(redis_server.url)
    client.flushall()
    client.close()
    return redis_server.url
