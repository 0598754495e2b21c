"""What a game is, as the engine knows it: its rules, its modes and options, and the hooks its AI
uses. Pure data (no pygame, no registry): a `Match` is made from one, and the game registry
(`hexgames.games`) lists them by id.

The scene is named by a dotted path and loaded only when the app needs it, so the arena, bench and AI
workers stay headless.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from hexgames.core.protocol import Rules


@dataclass(frozen=True)
class OptionSpec:
    """A game option offered on the setup screen. The first choice is the default."""

    name: str
    choices: tuple[Any, ...]
    modes: tuple[str, ...] = ()  # modes it applies to; empty = all

    @property
    def default(self) -> Any:
        return self.choices[0]


@dataclass(frozen=True)
class Mode:
    """A way to play (standard, team, solo) and the seat counts it allows."""

    id: str
    seats: tuple[int, ...]


@dataclass(frozen=True)
class GameInfo:
    id: str
    title: str  # English title; the UI translates `<id>.title`
    description: str  # one line, English; the UI translates `<id>.description`
    rules: Rules
    modes: tuple[Mode, ...]
    options: tuple[OptionSpec, ...] = ()
    # AI hooks (all optional but `evaluate`):
    #   evaluate(state, seat) -> float in [0, 1]: how well `seat` stands (0.5 = even); greedy play
    #     and cut-short playouts use it.
    #   greedy(state, rng, noise) -> move: the best move by the game's own fast heuristic for the seat
    #     to move; noise 0 = Medium, > 0 = Easy's random slips. Defaults to evaluating every move.
    #   candidates(state, k) -> moves: the k most promising moves, best first (search prunes with it).
    #   policy(state, rng) -> move: a cheap, decent move for playouts (defaults to random_move).
    #   determinise(view, seat, rng) -> state: a full state for search, the hidden parts drawn as the
    #     AI believes them likely (from what it has seen); defaults to the rules' uniform `sample`.
    evaluate: Callable[[Any, int], float] | None = None
    greedy: Callable[[Any, Any, float], Any] | None = None
    candidates: Callable[[Any, int], Any] | None = None
    policy: Callable[[Any, Any], Any] | None = None
    determinise: Callable[[Any, int, Any], Any] | None = None
    scene_path: str = ""  # "module:Class"; the class is built as Class(app, match)
    rules_help: str = ""  # file stem under assets/rules/: <stem>.<lang>.md
    # the Hard search's settings that differ from the defaults (`ai.agents.SearchConfig` fields)
    search: Mapping[str, Any] = field(default_factory=dict)
    # Past Hards, kept playable so the arena can measure every step against them: per version ("0.1"),
    # the fields above (hooks, `search`) as that version had them, where they differ from today's.
    hard_versions: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    bench_late: float = 0.5  # how far into a game `bench` takes its mid-game positions (0..1)
    thumbnail_moves: int = 16  # moves played for the menu card's picture of the board

    @property
    def min_seats(self) -> int:
        return min(n for m in self.modes for n in m.seats)

    @property
    def max_seats(self) -> int:
        return max(n for m in self.modes for n in m.seats)

    def mode(self, mode_id: str) -> Mode:
        for m in self.modes:
            if m.id == mode_id:
                return m
        raise KeyError(mode_id)

    def default_mode_for(self, seats: int) -> Mode:
        for m in self.modes:
            if seats in m.seats:
                return m
        raise ValueError(f"{self.id} cannot be played by {seats} seat(s)")

    def resolve_options(self, given: Mapping[str, Any] | None, seats: int) -> dict[str, Any]:
        """Fill defaults, pick the mode for the seat count, and refuse unknown names or values."""
        given = dict(given or {})
        mode_id = given.pop("mode", None) or self.default_mode_for(seats).id
        mode = self.mode(mode_id)
        if seats not in mode.seats:
            raise ValueError(f"mode {mode_id!r} of {self.id} takes {mode.seats} seats, not {seats}")
        out: dict[str, Any] = {"mode": mode_id}
        for spec in self.options:
            value = given.pop(spec.name, spec.default)
            if value not in spec.choices:
                raise ValueError(f"option {spec.name}={value!r}: choose one of {spec.choices}")
            out[spec.name] = value
        if given:
            raise ValueError(f"unknown option(s) for {self.id}: {', '.join(sorted(given))}")
        return out

    def scene_class(self) -> type:
        module, _, name = self.scene_path.partition(":")
        return getattr(importlib.import_module(module), name)
