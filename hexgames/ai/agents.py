"""The computer players: one small `Agent` protocol and the levels built on it.

Every agent is handed only `view = rules.observe(state, seat)`, never the full state, so no level can
cheat by reading a hidden rack or the bag order. Levels:

- random: a uniformly random legal move (a baseline for the arena, not offered as "easy").
- easy:   greedy with noise, so it slips like a beginner.
- medium: greedy: the best move by the game's one-ply heuristic.
- hard:   information-set Monte Carlo tree search (`hexgames.ai.search`) within a time budget.
- hard-0.1 (arena only): Hard as it was at version 0.1, frozen, so each change to Hard is measured
  against it (`hexgames arena --seats hard,hard-0.1`), now and later.

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
PAST_HARDS = ("hard-0.1",)  # frozen Hards the arena can still seat; players are offered LEVELS only
ARENA_LEVELS = LEVELS + PAST_HARDS
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


# Version 0.1's two base settings, every field spelled out: a later change to SearchConfig's defaults
# must not move the frozen Hard (a new field must default to the old behaviour).
_TREE_V01 = SearchConfig(exploration=0.7, playout_depth=6, top_k=12, widen_base=3.0, widen_factor=1.0,
                         prior_visits=0, prior_value=0.6, max_depth=None, greedy_plies=0, root="ucb")
_RANKED_V01 = replace(_TREE_V01, root="halving", top_k=8, playout_depth=2, greedy_plies=2)
SEARCH_BASES = {"": (SearchConfig(), RANKED_GAME_SEARCH), "0.1": (_TREE_V01, _RANKED_V01)}


def search_config(info: Any, budget: float | None, iterations: int | None,
                  version: str = "") -> SearchConfig:
    """Hard's search settings for a game: the tuned halving search when the game ranks its moves,
    else the full ISMCTS tree; a game may override fields with `GameInfo.search`. `version` picks a
    past Hard's bases ("" is today's)."""
    tree, ranked_search = SEARCH_BASES[version]
    ranked = info.candidates is not None and info.greedy is not None
    base = ranked_search if ranked else tree
    overrides = dict(info.search)
    return replace(base, **overrides, budget=budget, iterations=iterations)


def past_hard(info: Any, version: str) -> Any:
    """The game as a past Hard saw it: today's GameInfo with that version's hooks put back."""
    return replace(info, **dict(info.hard_versions.get(version, {})))


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
    if level in PAST_HARDS:
        version = level.removeprefix("hard-")
        if budget is None and iterations is None:
            budget = HARD_BUDGET
        past = past_hard(info, version)
        return SearchAgent(past, search_config(past, budget, iterations, version))
    raise ValueError(f"unknown AI level {level!r}; choose one of {', '.join(ARENA_LEVELS)}")
