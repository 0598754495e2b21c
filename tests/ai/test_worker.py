"""The off-UI worker, in thread mode and in a real spawned process: legal answers, cancelling,
`busy`, and closing twice. Polling loops have a generous safety limit so a broken worker fails the
test instead of hanging the suite; they assert behaviour, never speed."""
from __future__ import annotations

import time

import pytest

from hexgames.ai.worker import AIWorker
from tests.ai import toygame  # noqa: F401 - registers the toy games in this process
from tests.ai.toygame import RULES

SAFETY_SECONDS = 60.0


def wait_for(worker: AIWorker) -> tuple[int, object]:
    end = time.monotonic() + SAFETY_SECONDS
    while time.monotonic() < end:
        got = worker.poll()
        if got is not None:
            return got
        time.sleep(0.005)
    raise AssertionError("the worker never answered")


def ask(worker: AIWorker, level: str = "hard", seed: int = 1, **kw) -> tuple[int, object]:
    s = RULES.setup({}, 2, seed)
    seat = RULES.to_move(s)
    return worker.request("toybids", level, RULES.observe(s, seat), seat, seed, **kw), s


@pytest.fixture(params=[False, True], ids=["thread", "process"])
def worker(request):
    w = AIWorker(use_processes=request.param, register_module="tests.ai.toygame")
    yield w
    w.close()


def test_worker_returns_a_legal_move_and_busy_follows_the_request(worker):
    assert not worker.busy and worker.poll() is None
    for level in ("random", "easy", "medium", "hard"):
        ticket, s = ask(worker, level, iterations=30)
        assert worker.busy
        got_ticket, move = wait_for(worker)
        assert got_ticket == ticket and RULES.check(s, move) is None
        assert not worker.busy and worker.poll() is None


def test_process_mode_really_uses_a_process():
    with AIWorker(use_processes=True, register_module="tests.ai.toygame") as w:
        ask(w, "random")
        wait_for(w)
        assert w.uses_process


def test_cancel_stops_the_search_and_its_move_is_never_returned(worker):
    # An untimed, uncapped search would run forever: only the cancel flag can end it.
    old, _ = ask(worker, "hard", seed=2, budget=None, iterations=10**9)
    worker.cancel()
    assert not worker.busy and worker.poll() is None
    new, s = ask(worker, "hard", seed=3, iterations=20)
    got_ticket, move = wait_for(worker)
    assert got_ticket == new != old and RULES.check(s, move) is None


def test_a_new_request_supersedes_the_running_one(worker):
    old, _ = ask(worker, "hard", seed=4, budget=None, iterations=10**9)
    new, s = ask(worker, "medium", seed=5)
    got_ticket, move = wait_for(worker)
    assert got_ticket == new != old and RULES.check(s, move) is None


def test_close_is_idempotent_and_final():
    for use_processes in (False, True):
        w = AIWorker(use_processes=use_processes, register_module="tests.ai.toygame")
        ask(w, "hard", budget=None, iterations=10**9)  # closing must also end a running search
        w.close()
        w.close()
        assert not w.busy and w.poll() is None
        with pytest.raises(RuntimeError):
            ask(w, "random")


def test_close_before_any_request_is_fine():
    w = AIWorker()
    w.close()
    w.close()  # twice is harmless
    assert not w.busy and w.poll() is None
    with pytest.raises(RuntimeError):
        ask(w, "random")  # and a closed worker says so rather than hanging


def test_an_agent_that_raises_falls_back_to_a_legal_move(capsys):
    w = AIWorker(use_processes=False)
    try:
        s = RULES.setup({}, 2, 9)
        seat = RULES.to_move(s)
        ticket = w.request("toybids_broken", "medium", RULES.observe(s, seat), seat, 1)
        got_ticket, move = wait_for(w)
    finally:
        w.close()
    assert got_ticket == ticket and RULES.check(s, move) is None
    assert "deliberately broken" in capsys.readouterr().err
