"""The audited server the netplay tests of a module share: on 127.0.0.1, port 0, every frame it
sends checked by the privacy oracle, and each test answering for the frames sent during it."""
from __future__ import annotations

import pytest

from tests.net.netplay import Auditor, start_server


@pytest.fixture(scope="module")
def auditor() -> Auditor:
    return Auditor()


@pytest.fixture(scope="module")
def server(tmp_path_factory, auditor):
    s = start_server(tmp_path_factory.mktemp("net") / "tables.sqlite3", auditor, rate=200.0, burst=400)
    yield s
    s.stop()


@pytest.fixture
def clean_audit(auditor):
    """Each test answers for the frames sent during it."""
    auditor.problems.clear()
    yield
    assert auditor.problems == []
