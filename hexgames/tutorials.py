"""Tutorial scripts: a short scripted game per game, as data (assets/tutorials/<game>.json).

A script fixes everything that makes a game differ from one play to the next: the seed (so every bag,
deck and die comes out the same), the options, and the moves of BOTH sides — the player's, which each
step asks for, and the gentle opponent's, which are played for it. A script is therefore a replay
with words, and `check` replays it through the rules to prove it: every move legal where it stands,
the player's moves made by the player's seat, the opponent's by the other. This module never imports
pygame; it stands above the engine, beside the registry whose games it scripts. `ui/tutorial.py`
shows a script and `hexgames tutorial --autoplay` plays one.

The format (version 1):

    {"version": 1, "game": "ingenious", "seed": 5, "options": {"mode": "standard"}, "you": 0,
     "prelude": [<encoded move>, ...],            # played before the first step, unseen
     "steps": [
       {"id": "welcome"},                            # words only: the player reads, then Next
       {"id": "first_tile", "moves": [<move>]},      # the player makes these moves, in order
       {"id": "later", "forward": [<move>, ...]},    # on Next: moves of both sides played at once
       {"id": "score", "moves": [<move>], "reply": [<move>, ...]},  # on Next: the opponent's moves
       {"id": "bonus", "moves": [<move>], "teaches": ["bonus"]}     # the rules this step teaches
     ]}

Moves are in the game's encoded form (`rules.encode`). Each step's words are translation keys made
from its id: `tutorial.<game>.<id>.say` (what to do and why), and for a step with moves
`tutorial.<game>.<id>.done` (what the rules just did). On Next, a step's `forward` moves are played
first, then its `reply` moves, paced like a computer's.

`teaches` names lessons of the game's catalogue (`lessons`, below): the rules of RULES.md a player
must meet to finish a game. `check` proves every claim by replaying: a lesson taught by doing is met
by one of the step's own moves, or, for one the opponent may show, by the opponent's reply played
while the step's words are on show (the reply of the step before). `forward` moves never teach: they
are played at once, unseen.
"""
from __future__ import annotations

import importlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from hexgames import games, paths
from hexgames.core.lessons import SEEN, TOLD, YOU, Lesson, Seen
from hexgames.core.protocol import IllegalMove

__all__ = ["SEEN", "TOLD", "YOU", "Lesson", "Seen"]  # the lessons' words, for scripts and tests

VERSION = 1
FOLDER = paths.ASSETS / "tutorials"


class ScriptError(ValueError):
    """A script that cannot be used: the message names the step and what is wrong."""


@dataclass(frozen=True)
class Step:
    id: str
    moves: tuple[Any, ...] = ()  # decoded moves the player makes in this step
    forward: tuple[Any, ...] = ()  # played at once on Next (both sides)
    reply: tuple[Any, ...] = ()  # the opponent's moves, played on Next after `forward`
    teaches: tuple[str, ...] = ()  # ids of the game's lessons this step teaches (see `lessons`)

    @property
    def asks_moves(self) -> bool:
        return bool(self.moves)


@dataclass(frozen=True)
class Script:
    game: str
    seed: int
    options: dict[str, Any]
    you: int
    seats: int
    prelude: tuple[Any, ...]
    steps: tuple[Step, ...]
    source: str = ""  # where it was read from, for messages

    def say_key(self, step: Step) -> str:
        return f"tutorial.{self.game}.{step.id}.say"

    def done_key(self, step: Step) -> str:
        return f"tutorial.{self.game}.{step.id}.done"

    def keys(self) -> list[str]:
        """Every translation key the script shows."""
        out = []
        for step in self.steps:
            out.append(self.say_key(step))
            if step.asks_moves:
                out.append(self.done_key(step))
        return out


@dataclass
class Timeline:
    """Where each step starts in the scripted game: `starts[k]` is the number of moves played when
    step k comes up (its moves, then its forward and reply moves, follow). `total` is every move."""

    starts: list[int] = field(default_factory=list)
    total: int = 0


def path_for(game_id: str) -> Path:
    return FOLDER / f"{game_id}.json"


def available() -> list[str]:
    """The games that have a tutorial, in menu order."""
    return [g.id for g in games.registered() if path_for(g.id).is_file()]


def load(game_id: str) -> Script:
    """The game's script, read and decoded (not yet replayed: see `check`). Raises ScriptError."""
    path = path_for(game_id)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ScriptError(f"{game_id} has no tutorial ({path.name} is missing)") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise ScriptError(f"the {game_id} tutorial cannot be read: {e}") from None
    return parse(data, source=path.name)


def parse(data: Any, source: str = "") -> Script:
    """A script from its JSON data; every field checked, moves decoded. Raises ScriptError."""
    if not isinstance(data, dict) or data.get("version") != VERSION:
        raise ScriptError(f"{source or 'the script'}: not a version {VERSION} tutorial script")
    try:
        info = games.get(str(data.get("game")))
    except KeyError:
        raise ScriptError(f"{source}: unknown game {data.get('game')!r}") from None
    seed, you = data.get("seed"), data.get("you", 0)
    if type(seed) is not int or type(you) is not int:
        raise ScriptError(f"{source}: seed and you must be whole numbers")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise ScriptError(f"{source}: options must be an object")
    seats = data.get("seats", 2)
    try:
        options = info.resolve_options(options, seats)
    except (ValueError, KeyError, TypeError) as e:
        raise ScriptError(f"{source}: {e}") from None
    if not 0 <= you < seats:
        raise ScriptError(f"{source}: you={you} is not a seat of {seats}")
    rules = info.rules

    def moves(raw: Any, where: str) -> tuple[Any, ...]:
        if not isinstance(raw, list):
            raise ScriptError(f"{source}: {where} must be a list of moves")
        out = []
        for i, j in enumerate(raw):
            try:
                out.append(rules.decode(j))
            except (ValueError, TypeError, KeyError, IndexError) as e:
                raise ScriptError(f"{source}: {where} move {i + 1} {j!r} is not a {info.id} move: {e}") from None
        return tuple(out)

    raw_steps = data.get("steps")
    if not isinstance(raw_steps, list) or not raw_steps:
        raise ScriptError(f"{source}: no steps")
    steps, ids = [], set()
    for k, raw in enumerate(raw_steps):
        sid = raw.get("id") if isinstance(raw, dict) else None
        if not isinstance(sid, str) or not sid.isidentifier() or sid in ids:
            raise ScriptError(f"{source}: step {k + 1} needs an id of its own (letters, digits, _)")
        ids.add(sid)
        unknown = set(raw) - {"id", "moves", "forward", "reply", "note", "teaches"}
        if unknown:
            raise ScriptError(f"{source}: step {k + 1} ({sid}) has unknown fields {sorted(unknown)}")
        where = f"step {k + 1} ({sid})"
        steps.append(Step(sid, moves(raw.get("moves", []), where), moves(raw.get("forward", []), where + " forward"),
                          moves(raw.get("reply", []), where + " reply"),
                          _teaches(info.id, raw.get("teaches", []), f"{source}: {where}")))
    return Script(info.id, seed, options, you, seats, moves(data.get("prelude", []), "prelude"), tuple(steps),
                  source)


def _teaches(game_id: str, raw: Any, where: str) -> tuple[str, ...]:
    """A step's `teaches`: distinct ids of the game's lessons."""
    known = lessons(game_id)
    if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw) or len(set(raw)) != len(raw):
        raise ScriptError(f"{where}: teaches must be a list of distinct lesson ids")
    unknown = [x for x in raw if x not in known]
    if unknown:
        raise ScriptError(f"{where}: teaches unknown lessons {unknown} (the {game_id} lessons: {sorted(known)})")
    return tuple(raw)


def setup_state(script: Script) -> Any:
    info = games.get(script.game)
    return info.rules.setup(script.options, script.seats, script.seed)


def check(script: Script) -> Timeline:
    """Replay the whole script through the rules; raises ScriptError naming the first step that
    fails (an illegal move, a move by the wrong seat, a step asking for moves when it is not the
    player's turn, a lesson it claims to teach that none of its moves meets). Returns where each
    step starts."""
    timeline, shown = _replay(script)
    known = lessons(script.game)
    rules = games.get(script.game).rules
    for k, step in enumerate(script.steps):
        for lesson_id in step.teaches:
            lesson = known[lesson_id]
            if lesson.how != TOLD and not any(lesson.met_by(rules, seen) for seen in shown[k]):
                whose = "the player's moves" if lesson.how == YOU else "the moves shown"
                raise ScriptError(f"{script.source}: step {k + 1} ({step.id}) claims to teach {lesson_id} "
                                  f"({lesson.rule}), but none of {whose} in it does")
    return timeline


def shown_moves(script: Script) -> list[list[Seen]]:
    """Per step, the moves played while its words are on show: the opponent's reply to the step
    before (played as the step comes up), then the step's own moves. `forward` moves are not shown."""
    return _replay(script)[1]


def _replay(script: Script) -> tuple[Timeline, list[list[Seen]]]:
    rules = games.get(script.game).rules
    state = setup_state(script)
    played = 0
    shown: list[list[Seen]] = [[] for _ in script.steps]

    def play(move: Any, where: str, by: str) -> Any:
        nonlocal state, played
        if rules.is_over(state):
            raise ScriptError(f"{script.source}: {where}: the game is already over")
        seat = rules.to_move(state)
        if by == "you" and seat != script.you:
            raise ScriptError(f"{script.source}: {where}: it is not the player's turn (seat {seat} moves)")
        if by == "opponent" and seat == script.you:
            raise ScriptError(f"{script.source}: {where}: it is the player's turn, not the opponent's")
        reason = rules.check(state, move)
        if reason is not None:
            raise ScriptError(f"{script.source}: {where}: {rules.encode(move)} is illegal: {reason}")
        before = state
        try:
            state = rules.play(state, move)
        except IllegalMove as e:
            raise ScriptError(f"{script.source}: {where}: {rules.encode(move)} is illegal: {e}") from None
        played += 1
        return Seen(by, before, move, state)

    for i, m in enumerate(script.prelude):
        play(m, f"prelude move {i + 1}", "any")
    timeline = Timeline()
    for k, step in enumerate(script.steps):
        timeline.starts.append(played)
        where = f"step {k + 1} ({step.id})"
        for i, m in enumerate(step.moves):
            shown[k].append(play(m, f"{where} move {i + 1}", "you"))
        for i, m in enumerate(step.forward):
            play(m, f"{where} forward move {i + 1}", "any")
        for i, m in enumerate(step.reply):
            seen = play(m, f"{where} reply {i + 1}", "opponent")
            if k + 1 < len(script.steps):
                shown[k + 1].append(seen)
    timeline.total = played
    return timeline, shown


def taught_at(script: Script) -> dict[str, int]:
    """Each lesson the script teaches, with the first step (index) that teaches it: where the rules
    help can send a player to see a rule happen."""
    out: dict[str, int] = {}
    for k, step in enumerate(script.steps):
        for lesson_id in step.teaches:
            out.setdefault(lesson_id, k)
    return out


def untaught(script: Script) -> list[str]:
    """The game's lessons no step of the script claims to teach (a complete tutorial has none)."""
    done = taught_at(script)
    return [lesson_id for lesson_id in lessons(script.game) if lesson_id not in done]


def all_moves(script: Script) -> list[Any]:
    """Every move of the script in the order played."""
    out = list(script.prelude)
    for step in script.steps:
        out += [*step.moves, *step.forward, *step.reply]
    return out


def moves_before(script: Script, k: int) -> list[Any]:
    """The moves played when step k comes up."""
    out = list(script.prelude)
    for step in script.steps[:k]:
        out += [*step.moves, *step.forward, *step.reply]
    return out


def first_sentence(text: str) -> str:
    """The first sentence of a step's words (what the step asks, for a friendly reminder)."""
    for i, ch in enumerate(text):
        if ch in "。！？" or (ch in ".!?" and (i + 1 == len(text) or text[i + 1] == " ")):
            return text[:i + 1]
    return text


def encoded(rules: Any, moves: Sequence[Any]) -> list[Any]:
    return [rules.encode(m) for m in moves]


# --- the lessons: what each game's tutorial must teach ----------------------------------------------
_LESSONS: dict[str, dict[str, Lesson]] = {}


def lessons(game_id: str) -> dict[str, Lesson]:
    """The game's catalogue of lessons, by id, in the order a tutorial meets them: its
    `hexgames.games.<game>.lessons` module's `lessons()` (found by name, like a game's scene, so this
    module imports no game; a game without one has none)."""
    if game_id not in _LESSONS:
        try:
            module = importlib.import_module(f"hexgames.games.{game_id}.lessons")
        except ModuleNotFoundError:
            module = None
        found = module.lessons() if module is not None else ()
        _LESSONS[game_id] = {lesson.id: lesson for lesson in found}
    return _LESSONS[game_id]
