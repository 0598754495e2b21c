"""The computer players: one small `Agent` protocol and the levels built on it.

Every agent is handed only `view = rules.observe(state, seat)`, never the full state, so no level can
cheat by reading a hidden rack or the bag order. Levels:

- random: a uniformly random legal move (a baseline for the arena, not offered as "easy").
- easy:   greedy with noise, so it slips like a beginner.
- medium: greedy: the best move by the game's one-ply heuristic.
- hard:   information-set Monte Carlo tree search (`hexgames.ai.search`) within a time budget.

Agents are cheap, stateless objects; all randomness comes from the `rng` passed to `choose`, so a
seeded call is reproducible (for `hard`, only with an iteration cap and no time budget).
"""
from __future__ import annotations

import random
from dataclasses import replace
from typing import Any, Callable, Protocol, Sequence

from hexgames.ai.search import SearchConfig, determinise, ismcts
from hexgames.core.protocol import Rules

LEVELS = ("random", "easy", "medium", "hard")
EASY_NOISE = 0.15  # std of the noise added to [0, 1] evaluations; roughly "sometimes a clear slip"
HARD_BUDGET = 0.8  # seconds: keeps the median Hard move under 1 s on the 2-core target machine

StopCheck = Callable[[], bool]


class Agent(Protocol):
    """Anything that picks a move for `seat` from what that seat can see."""

    def choose(self, rules: Rules, view: Any, seat: int, rng: random.Random,
               should_stop: StopCheck | None = None) -> Any:
        ...


def view_moves(rules: Rules, view: Any, seat: int, rng: random.Random) -> Sequence[Any]:
    """The legal moves of `seat` at its own decision.

    A seat's own options depend only on what it can see, so `legal_moves(view)` is the honest source;
    a game whose views are not directly playable is handled by determinising once.
    """
    try:
        moves = list(rules.legal_moves(view))
    except Exception:  # noqa: BLE001 - the view is not playable for this game: determinise
        moves = []
    if not moves:
        moves = list(rules.legal_moves(rules.sample(view, seat, rng)))
    return moves


class RandomAgent:
    """A uniformly random legal move: the floor every other level must beat."""

    def choose(self, rules: Rules, view: Any, seat: int, rng: random.Random,
               should_stop: StopCheck | None = None) -> Any:
        return rng.choice(view_moves(rules, view, seat, rng))


class GreedyAgent:
    """The best move by a one-ply evaluation; `noise` > 0 makes it slip (Easy), 0 is Medium.

    Uses the game's own `greedy` hook when there is one (it knows faster ways than trying every move);
    otherwise determinises the view once and scores `evaluate(play(state, move), seat)` per move.
    """

    def __init__(self, info: Any, noise: float = 0.0):
        self.info = info
        self.noise = noise

    def choose(self, rules: Rules, view: Any, seat: int, rng: random.Random,
               should_stop: StopCheck | None = None) -> Any:
        if self.info.greedy is not None:
            return self.info.greedy(view, rng, self.noise)
        if self.info.evaluate is None:
            return RandomAgent().choose(rules, view, seat, rng)
        state = determinise(self.info, view, seat, rng)
        best_move, best_value = None, float("-inf")
        for move in rules.legal_moves(state):
            after = rules.copy(state)
            rules.apply(after, move)  # legal by construction: skip play's re-check
            value = self.info.evaluate(after, seat)
            if self.noise > 0:
                value += rng.gauss(0.0, self.noise)
            if value > best_value:
                best_move, best_value = move, value
        return best_move


class SearchAgent:
    """Hard: information-set MCTS with the game's hooks (see `hexgames.ai.search`)."""

    def __init__(self, info: Any, config: SearchConfig):
        self.info = info
        self.config = config

    def choose(self, rules: Rules, view: Any, seat: int, rng: random.Random,
               should_stop: StopCheck | None = None) -> Any:
        return ismcts(self.info, view, seat, rng, self.config, should_stop)


# Hard for games that rank their moves (`candidates`) and have a strong fast reply model (`greedy`):
# a one-ply ISMCTS root compared by sequential halving on common determinisations, each root move
# followed by the opponent's greedy reply and our own greedy follow-up, then `evaluate`. Tuned on
# Ingenious (see the arena figures in the AI report); games without those hooks get the full tree.
RANKED_GAME_SEARCH = SearchConfig(root="halving", top_k=8, playout_depth=2, greedy_plies=2)


def search_config(info: Any, budget: float | None, iterations: int | None) -> SearchConfig:
    """Hard's search settings for a game: the tuned halving search when the game ranks its moves,
    else the full ISMCTS tree; a game may override fields with `GameInfo.search`."""
    ranked = info.candidates is not None and info.greedy is not None
    base = RANKED_GAME_SEARCH if ranked else SearchConfig()
    overrides = dict(info.search)
    return replace(base, **overrides, budget=budget, iterations=iterations)


def make_agent(info: Any, level: str, budget: float | None = None,
               iterations: int | None = None) -> Agent:
    """The agent for a level. `budget` (seconds) applies to `hard`; `iterations` caps Hard's search,
    and with an iteration cap but no budget the search is untimed, hence reproducible."""
    level = level.lower()
    if level == "random":
        return RandomAgent()
    if level == "easy":
        return GreedyAgent(info, EASY_NOISE)
    if level == "medium":
        return GreedyAgent(info, 0.0)
    if level == "hard":
        if budget is None and iterations is None:
            budget = HARD_BUDGET
        return SearchAgent(info, search_config(info, budget, iterations))
    raise ValueError(f"unknown AI level {level!r}; choose one of {', '.join(LEVELS)}")
