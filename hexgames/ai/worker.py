"""Runs AI agents off the UI loop, so the window keeps drawing at 60 FPS while the computer thinks.

Why a process: the search is pure Python and holds the GIL, so a thinking thread would stall the
frame loop. The default is one long-lived worker process from the `spawn` context (never `fork`: the
parent has SDL initialised, and a forked SDL is undefined behaviour), started lazily on the first
request. Only picklable data crosses the boundary — game id, level, view, seat, seed — and the agent
is rebuilt in the worker from the game registry.

Cancelling is cooperative: a shared integer holds the ticket the UI still wants. The search polls
`should_stop()`, which is true as soon as that integer names another ticket, so an undo or a new
request stops the old search within one iteration; a stale answer that still arrives is discarded.

Thread mode (`use_processes=False`) runs the same loop in a daemon thread: for tests, and as the
fallback when a process cannot start or dies.
"""
from __future__ import annotations

import importlib
import multiprocessing as mp
import os
import pickle
import queue
import random
import sys
import threading
import traceback
from dataclasses import dataclass
from typing import Any

NO_TICKET = -1
JOIN_SECONDS = 2.0
PROCESS_NAME = "hexgames-ai"


@dataclass(frozen=True)
class _Request:
    """Everything the worker needs to think; plain picklable data only."""

    ticket: int
    game_id: str
    level: str
    view: Any
    seat: int
    seed: int
    budget: float | None
    iterations: int | None


class _Flag:
    """Thread-mode stand-in for `multiprocessing.Value`: just a `.value` attribute."""

    def __init__(self, value: int):
        self.value = value


def _fallback_move(rules: Any, view: Any, seat: int, rng: random.Random) -> Any:
    """A legal move of the view when the agent failed, so the game never stalls on an AI bug."""
    from hexgames.ai.agents import view_moves

    try:
        return rng.choice(list(view_moves(rules, view, seat, rng)))
    except Exception:  # noqa: BLE001 - nothing more we can do; the UI sees None
        traceback.print_exc(file=sys.stderr)
        return None


def think(req: _Request, active: Any) -> Any:
    """Build the agent from the registry and choose a move; never raises."""
    return decide(req.game_id, req.level, req.view, req.seat, req.seed, req.budget, req.iterations,
                  should_stop=lambda: active.value != req.ticket)


def decide(game_id: str, level: str, view: Any, seat: int, seed: int, budget: float | None = None,
           iterations: int | None = None, should_stop: Any = None) -> Any:
    """The move `level` chooses for `seat` from its view, built from the registry in this process, so
    it runs wherever plain picklable data can be sent (this worker, a server's executor). Never
    raises: an agent's failure gives a legal fallback move (None only when there is none)."""
    from hexgames import games
    from hexgames.ai.agents import make_agent

    rng = random.Random(seed)
    info = games.get(game_id)
    try:
        agent = make_agent(info, level, budget, iterations)
        return agent.choose(info.rules, view, seat, rng, should_stop=should_stop)
    except Exception:  # noqa: BLE001 - an AI bug must not hang or crash the game
        print(f"hexgames AI: {level} agent failed on {game_id}; playing a legal fallback move", file=sys.stderr)
        traceback.print_exc(file=sys.stderr)
        return _fallback_move(info.rules, view, seat, rng)


def exit_with_parent() -> None:
    """In a worker process: end this process as soon as the app that started it is gone.

    A killed app (SIGKILL, a crash) never sends the `None` sentinel, and a daemon flag only helps on a
    clean exit, so the worker watches the pipe `spawn` keeps open to its parent: it becomes readable
    (end of file) the moment the parent dies, whatever the cause. Without this the worker, and the
    resource tracker it keeps alive, would wait on their queues for ever.
    """
    parent = mp.parent_process()
    if parent is None or parent.sentinel is None:
        return  # a thread in the app itself: nothing to watch

    def watch() -> None:
        from multiprocessing.connection import wait

        wait([parent.sentinel])
        os._exit(0)  # the app is gone: no one is left to answer, and no cleanup is owed

    threading.Thread(target=watch, name="hexgames-ai-parent-watch", daemon=True).start()


def _serve(requests: Any, results: Any, active: Any, register_module: str | None) -> None:
    """The worker loop (process or thread): answer requests until the `None` sentinel."""
    if mp.current_process().name == PROCESS_NAME:
        exit_with_parent()
    if register_module:
        importlib.import_module(register_module)
    while True:
        req = requests.get()
        if req is None:
            return
        if active.value != req.ticket:  # cancelled or superseded before we started
            continue
        move = think(req, active)
        try:
            pickle.dumps(move)  # a process queue pickles in a background thread, where errors vanish
        except Exception:  # noqa: BLE001 - unpicklable move: report it rather than hang the UI
            traceback.print_exc(file=sys.stderr)
            move = None
        results.put((req.ticket, move))


class _Backend:
    """A running worker (process or thread) with its queues and its shared cancel integer."""

    def __init__(self, use_process: bool, register_module: str | None):
        self.is_process = use_process
        if use_process:
            ctx = mp.get_context("spawn")
            self.requests: Any = ctx.Queue()
            self.results: Any = ctx.Queue()
            self.active: Any = ctx.Value("q", NO_TICKET, lock=False)
            self.runner: Any = ctx.Process(target=_serve, name=PROCESS_NAME, daemon=True,
                                           args=(self.requests, self.results, self.active,
                                                 register_module))
        else:
            self.requests = queue.Queue()
            self.results = queue.Queue()
            self.active = _Flag(NO_TICKET)
            self.runner = threading.Thread(target=_serve, name="hexgames-ai", daemon=True,
                                           args=(self.requests, self.results, self.active,
                                                 register_module))
        self.runner.start()

    def alive(self) -> bool:
        return self.runner.is_alive()

    def stop(self) -> None:
        self.active.value = NO_TICKET
        try:
            self.requests.put(None)
        except Exception:  # noqa: BLE001 - queue already broken; terminate below
            pass
        self.runner.join(JOIN_SECONDS)
        if self.is_process:
            if self.runner.is_alive():
                self.runner.terminate()
                self.runner.join(JOIN_SECONDS)
            for q in (self.requests, self.results):
                q.cancel_join_thread()
                q.close()


class AIWorker:
    """Thinks for AI seats in the background; the scene polls it once per frame.

    ```
    ticket = worker.request("ingenious", "hard", rules.observe(state, seat), seat, seed)
    ...every frame:  got = worker.poll();  if got and got[0] == ticket: match.play(got[1])
    ```
    Only the latest request's move is ever returned; `cancel()` (undo, quit) abandons it.
    """

    def __init__(self, use_processes: bool = True, register_module: str | None = None) -> None:
        self._use_processes = use_processes
        self._register_module = register_module
        self._backend: _Backend | None = None
        self._pending: _Request | None = None
        self._next_ticket = 0
        self._closed = False

    # --- the API the scenes use ---------------------------------------------------------------
    def request(self, game_id: str, level: str, view: Any, seat: int, seed: int,
                budget: float | None = None, iterations: int | None = None) -> int:
        """Start thinking for `seat` (which sees `view`); returns a ticket. Supersedes any request
        still running. `iterations` caps Hard's search (tests: reproducible without a budget)."""
        if self._closed:
            raise RuntimeError("AIWorker is closed")
        self._next_ticket += 1
        req = _Request(self._next_ticket, game_id, level, view, int(seat), int(seed), budget, iterations)
        self._pending = req
        self._submit(req)
        return req.ticket

    def poll(self) -> tuple[int, Any] | None:
        """`(ticket, move)` once the current request is answered, else None. Never blocks."""
        backend = self._backend
        if backend is None:
            return None
        while True:
            try:
                ticket, move = backend.results.get_nowait()
            except queue.Empty:
                break
            except (EOFError, OSError):
                break
            if self._pending is not None and ticket == self._pending.ticket:
                self._pending = None
                return ticket, move
        if self._pending is not None and not backend.alive():
            self._recover()
        return None

    @property
    def busy(self) -> bool:
        """True from `request` until its move is returned by `poll` or it is cancelled."""
        return self._pending is not None

    def cancel(self) -> None:
        """Abandon the current request: the search stops early and its move is never returned."""
        self._pending = None
        if self._backend is not None:
            self._backend.active.value = NO_TICKET

    def close(self) -> None:
        """Stop the worker process or thread. Safe to call twice."""
        if self._closed:
            return
        self._closed = True
        self._pending = None
        if self._backend is not None:
            self._backend.stop()
            self._backend = None

    def start(self) -> None:
        """Start the worker now (optional: `request` starts it lazily). Lets a scene hide the
        second or so a spawned process needs to import the games."""
        if self._backend is None and not self._closed:
            self._backend = self._start_backend()

    @property
    def uses_process(self) -> bool:
        return self._backend is not None and self._backend.is_process

    def __enter__(self) -> "AIWorker":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    # --- internals ----------------------------------------------------------------------------
    def _submit(self, req: _Request) -> None:
        self.start()
        assert self._backend is not None
        self._backend.active.value = req.ticket
        self._backend.requests.put(req)

    def _start_backend(self) -> _Backend:
        if self._use_processes:
            try:
                return _Backend(True, self._register_module)
            except Exception:  # noqa: BLE001 - e.g. no multiprocessing here: think in a thread
                print("hexgames AI worker: cannot start a process; using a thread", file=sys.stderr)
                traceback.print_exc(file=sys.stderr)
                self._use_processes = False
        return _Backend(False, self._register_module)

    def _recover(self) -> None:
        """The worker died mid-request: continue in a thread and resubmit, so the UI never hangs."""
        print("hexgames AI worker: the worker process died; continuing in a thread", file=sys.stderr)
        dead = self._backend
        self._backend = None
        self._use_processes = False
        if dead is not None:
            try:
                dead.stop()
            except Exception:  # noqa: BLE001
                pass
        if self._pending is not None:
            self._submit(self._pending)
