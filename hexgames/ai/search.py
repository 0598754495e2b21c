"""Information-set Monte Carlo tree search shared by every game (the Hard level).

Single-observer ISMCTS (Cowling, Powley & Whitehouse 2012): one tree over the *searching seat's*
information set. Each iteration draws a determinisation `rules.sample(view, seat, rng)` — a full
state consistent with what the seat can see — and descends the tree using only the moves legal in
that determinisation. Because different determinisations allow different moves (the opponent's rack
differs), each child counts how often it was *available*, and UCB uses that count instead of the
parent's visits. Rewards are per seat (max-n): every node is scored from the view of the seat that
made its move, so the same code plays 1–4 players.

Two ways to spend the root's budget (`SearchConfig.root`):
- "ucb": the full ISMCTS tree above, for games without a move ranking (and the general default).
- "halving": a one-ply tree whose root moves are compared by sequential halving on *common*
  determinisations (every surviving move is played out on the same sampled state with the same
  playout seed). Used for games that rank their moves: with playouts costing milliseconds, only a
  few hundred fit in a second, and paired comparisons waste far fewer of them on noise.

Why these levers (all optional, given by the game's `GameInfo` hooks):
- `candidates(state, k)` prunes wide branching (Ingenious has hundreds of placements) to the k most
  promising moves, widening progressively with visits, so a 1 s budget is spent on sensible moves.
- `greedy(state, rng, 0)` (the Medium move) models the first `greedy_plies` playout moves — the
  opponent's best reply and our own follow-up — which is what a one-ply greedy player cannot see.
- `policy(state, rng)` plays the rest of the playout cheaply, and `evaluate(state, seat)` cuts it
  after `playout_depth` moves: short informed playouts beat long random ones at this budget.
- `determinise(view, seat, rng)` draws the determinisations as the game's AI believes the hidden
  parts likely (Clans weighs colour deals by how each player has moved); without it every state
  consistent with the view is equally likely (`rules.sample`). This is where beliefs live, not the
  rules, which know no players.
- `prior_visits` can seed the greedy move at the root of the "ucb" tree with virtual visits (off by
  default; not tuned).

The search never imports pygame and is deterministic for a given rng seed when it runs on an
iteration cap without a time budget (tests rely on this).
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any, Callable, Sequence

StopCheck = Callable[[], bool]


def determinise(info: Any, view: Any, seat: int, rng: random.Random) -> Any:
    """A full state consistent with `view`: weighted by the game's beliefs when it has the hook."""
    hook = getattr(info, "determinise", None)
    if hook is not None:
        return hook(view, seat, rng)
    return info.rules.sample(view, seat, rng)


@dataclass(frozen=True)
class SearchConfig:
    """The knobs of one search. `budget` in seconds (None = untimed); `iterations` caps the count."""

    budget: float | None = 0.8
    iterations: int | None = None
    exploration: float = 0.7  # UCB constant for rewards in [0, 1]
    playout_depth: int = 6  # moves of playout before `evaluate` cuts it short
    top_k: int = 12  # most candidates a node ever considers (with a `candidates` hook)
    widen_base: float = 3.0  # progressive widening: width = base + factor * sqrt(visits)
    widen_factor: float = 1.0
    prior_visits: int = 0  # virtual visits given to the greedy move at the root
    prior_value: float = 0.6  # mean reward those virtual visits carry
    max_depth: int | None = None  # tree plies below the root (None = unlimited); deeper = playout
    greedy_plies: int = 0  # first playout moves played by the game's `greedy` (a strong reply model)
    root: str = "ucb"  # "ucb": ISMCTS tree; "halving": sequential halving over root moves (see below)
    # True: the budget also covers ranking the root moves, and a halving round stops at the deadline
    # (its unfinished comparisons dropped), for games whose playouts are long (see `_run_halving`)
    strict_budget: bool = False
    # A game's own way to choose, in place of this search (opt-in per game through GameInfo.search):
    # searcher(info, view, seat, rng, config, should_stop) -> move. It must honour the same budget,
    # iteration cap and `should_stop`; it may call `ismcts` back with `searcher=None` for decisions it
    # leaves to the shared search. None (the default) is the shared search alone.
    searcher: Callable[..., Any] | None = None


class _Node:
    """One move in the tree. `total` sums rewards from the view of `mover`, the seat that played it."""

    __slots__ = ("move", "mover", "children", "visits", "avail", "total")

    def __init__(self, move: Any, mover: int):
        self.move = move
        self.mover = mover
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0

    def ucb(self, c: float) -> float:
        return self.total / self.visits + c * math.sqrt(math.log(self.avail) / self.visits)


class _Search:
    """One run of ISMCTS for `seat` from `view`; call `run()` once."""

    def __init__(self, info: Any, view: Any, seat: int, rng: random.Random, config: SearchConfig,
                 should_stop: StopCheck | None):
        self.info = info
        self.rules = info.rules
        self.view = view
        self.seat = seat
        self.rng = rng
        self.config = config
        self.should_stop = should_stop
        self.root = _Node(None, -1)
        self.root_moves: list[Any] = []

    # --- the move lists -----------------------------------------------------------------------
    def _width(self, node: _Node) -> int:
        c = self.config
        return min(c.top_k, int(c.widen_base + c.widen_factor * math.sqrt(node.visits)))

    def _moves(self, state: Any, node: _Node) -> Sequence[Any]:
        """The moves this node may try in this determinisation, best first when the game ranks them."""
        if node is self.root:
            return self.root_moves[: self._width(node)] if self.info.candidates else self.root_moves
        if self.info.candidates is not None:
            return list(self.info.candidates(state, self._width(node)))
        return self.rules.legal_moves(state)

    def _prepare_root(self, first: Any) -> None:
        """Root moves depend only on the view (it is our own decision), so rank them once."""
        if self.info.candidates is not None:
            self.root_moves = list(self.info.candidates(first, self.config.top_k))
        else:
            self.root_moves = list(self.rules.legal_moves(first))
        if self.config.prior_visits > 0 and self.info.greedy is not None and len(self.root_moves) > 1:
            self._seed_prior(first)

    def _seed_prior(self, state: Any) -> None:
        """Start from Medium's answer: the greedy move gets virtual visits (and comes first)."""
        move = self.info.greedy(state, self.rng, 0.0)
        if move in self.root_moves:
            self.root_moves.remove(move)
        self.root_moves.insert(0, move)
        node = _Node(move, self.seat)
        node.visits = node.avail = self.config.prior_visits
        node.total = self.config.prior_value * self.config.prior_visits
        self.root.children[move] = node

    # --- one iteration ------------------------------------------------------------------------
    def _determinise(self) -> Any:
        return self.rules.copy(determinise(self.info, self.view, self.seat, self.rng))

    def _select_expand(self, state: Any) -> list[_Node]:
        """Descend by UCB over the moves available here; expand one untried move. Mutates `state`."""
        rules, node, path = self.rules, self.root, [self.root]
        c = self.config.exploration
        depth_left = self.config.max_depth if self.config.max_depth is not None else -1
        while depth_left != 0 and not rules.is_over(state):
            depth_left -= 1
            moves = self._moves(state, node)
            untried = None
            for m in moves:
                child = node.children.get(m)
                if child is None:
                    if untried is None:
                        untried = m
                else:
                    child.avail += 1
            if untried is not None:
                if self.info.candidates is None:  # unranked moves: try them in random order
                    untried = self.rng.choice([m for m in moves if m not in node.children])
                mover = rules.to_move(state)
                child = node.children[untried] = _Node(untried, mover)
                child.avail = 1
                rules.apply(state, untried)
                path.append(child)
                return path
            if not moves:
                return path
            node = max((node.children[m] for m in moves), key=lambda ch: ch.ucb(c))
            rules.apply(state, node.move)
            path.append(node)
        return path

    def _playout(self, state: Any, rng: random.Random | None = None,
                 stop: StopCheck | None = None) -> Callable[[int], float] | None:
        """Play on with the game's policy, then score: exact at the end, `evaluate` if cut short.
        None when `stop()` is true before any move, the first included (a strict budget ran out)."""
        rules, rng = self.rules, rng or self.rng
        policy, greedy = self.info.policy, self.info.greedy
        strong = self.config.greedy_plies if greedy is not None else 0
        for ply in range(self.config.playout_depth):
            if stop is not None and stop():
                return None
            if rules.is_over(state):
                break
            if ply < strong:
                move = greedy(state, rng, 0.0)
            elif policy is not None:
                move = policy(state, rng)
            else:
                move = rules.random_move(state, rng)
            rules.apply(state, move)
        if rules.is_over(state):
            outcome = rules.outcome(state)
            return outcome.reward
        evaluate = self.info.evaluate
        if evaluate is None:
            return lambda seat: 0.5
        cache: dict[int, float] = {}

        def reward(seat: int) -> float:
            if seat not in cache:
                cache[seat] = evaluate(state, seat)
            return cache[seat]

        return reward

    def _iterate(self) -> None:
        state = self._determinise()
        path = self._select_expand(state)
        reward = self._playout(state)
        assert reward is not None  # no stop check was given
        self.root.visits += 1
        for node in path[1:]:
            node.visits += 1
            node.total += reward(node.mover)

    # --- the whole search ---------------------------------------------------------------------
    def run(self) -> Any:
        called = time.perf_counter()
        first = self._determinise()
        self._prepare_root(first)
        if len(self.root_moves) == 1:
            return self.root_moves[0]
        if not self.root_moves:
            raise ValueError("search asked to move in a position with no legal move")
        c = self.config
        deadline = None if c.budget is None else (called if c.strict_budget else time.perf_counter()) + c.budget
        if c.root == "halving":
            return self._run_halving(deadline)
        done = 0
        while c.iterations is None or done < c.iterations:
            if deadline is not None and time.perf_counter() >= deadline:
                break
            if self.should_stop is not None and self.should_stop():
                break
            self._iterate()
            done += 1
        self.iterations_done = done
        return self.best_move()

    # --- sequential halving at the root -------------------------------------------------------
    # Why: with a ~1 s budget and playouts that cost milliseconds (a greedy reply scores every
    # placement), only a few hundred playouts fit. Comparing root moves *on the same determinisations
    # with the same playout randomness* (common random numbers) removes most of the noise from the
    # unseen racks and the bag, and halving the field in rounds (Karnin et al. 2013) spends the rest
    # on the moves that are still in contention. Each playout is one ISMCTS iteration of a one-ply tree.
    def _run_halving(self, deadline: float | None) -> Any:
        c = self.config
        arms = list(self.root_moves)
        for m in arms:
            self.root.children.setdefault(m, _Node(m, self.seat))
        phases = max(1, math.ceil(math.log2(len(arms))))
        start = time.perf_counter()
        done = 0
        for phase in range(1, phases + 1):
            phase_end = None if deadline is None else start + (deadline - start) * phase / phases
            cap = None if c.iterations is None else c.iterations * phase // phases
            rounds = 0
            while rounds == 0 or self._phase_goes_on(phase_end, cap, done, len(arms)):
                if self._stopped(deadline):
                    break
                done += self._compare_on_one_determinisation(arms, deadline)
                rounds += 1
            arms = self._ranked(arms)[: max(1, math.ceil(len(arms) / 2))]
            if self._stopped(deadline) or len(arms) == 1:
                break
        self.iterations_done = done
        return self._ranked(arms)[0]

    def _phase_goes_on(self, phase_end: float | None, cap: int | None, done: int, arms: int) -> bool:
        if phase_end is not None and time.perf_counter() >= phase_end:
            return False
        return cap is None or done + arms <= cap

    def _stopped(self, deadline: float | None) -> bool:
        if self.should_stop is not None and self.should_stop():
            return True
        return deadline is not None and time.perf_counter() >= deadline

    def _compare_on_one_determinisation(self, arms: list[Any], deadline: float | None = None) -> int:
        """One playout per arm, all from the same determinisation and the same playout seed. With
        `strict_budget`, a round the deadline (or `should_stop`) cuts short counts for nothing: the arms
        it reached would otherwise be compared on a determinisation the others never saw. The deadline
        is then also looked at between the moves of a playout, since one playout of greedy replies
        can outlast a tenth of the budget."""
        rules = self.rules
        d = determinise(self.info, self.view, self.seat, self.rng)
        seed = self.rng.getrandbits(64)
        stop = (lambda: self._stopped(deadline)) if self.config.strict_budget else None
        rewards = []
        for m in arms:
            state = rules.copy(d)
            rules.apply(state, m)
            reward = self._playout(state, random.Random(seed), stop)
            if reward is None:
                return 0
            rewards.append(reward(self.seat))
        for m, reward in zip(arms, rewards):
            node = self.root.children[m]
            node.visits += 1
            node.avail += 1
            node.total += reward
        self.root.visits += 1
        return len(arms)

    def _ranked(self, arms: list[Any]) -> list[Any]:
        """Best mean first; equal means keep the heuristic's order (stable sort)."""
        def mean(m: Any) -> float:
            node = self.root.children[m]
            return node.total / node.visits if node.visits else float("-inf")
        return sorted(arms, key=mean, reverse=True)

    def best_move(self) -> Any:
        """Most visited root move (the robust child); mean reward breaks ties, then move order."""
        best, key = self.root_moves[0], (-1, 0.0)
        for m in self.root_moves:
            child = self.root.children.get(m)
            if child is None or child.visits == 0:
                continue
            k = (child.visits, child.total / child.visits)
            if k > key:
                best, key = m, k
        return best


def ismcts(info: Any, view: Any, seat: int, rng: random.Random, config: SearchConfig | None = None,
           should_stop: StopCheck | None = None) -> Any:
    """The move ISMCTS picks for `seat`, who sees `view` (= rules.observe(state, seat)) and must move.

    Stops at `config.budget` seconds, at `config.iterations`, or as soon as `should_stop()` is true —
    whichever comes first — and always returns a legal move of the view. A configuration that names
    a game's own `searcher` hands the decision to it.
    """
    config = config or SearchConfig()
    if config.searcher is not None:
        return config.searcher(info, view, seat, rng, config, should_stop)
    return _Search(info, view, seat, rng, config, should_stop).run()


def search_stats(info: Any, view: Any, seat: int, rng: random.Random,
                 config: SearchConfig | None = None) -> dict[str, Any]:
    """The chosen move plus the root's statistics, for bench output and tuning."""
    s = _Search(info, view, seat, rng, config or SearchConfig(), None)
    move = s.run()
    children = {repr(m): (ch.visits, ch.total / ch.visits if ch.visits else 0.0)
                for m, ch in s.root.children.items()}
    return {"move": move, "iterations": getattr(s, "iterations_done", 0), "children": children}
