"""What each audience of a table may be sent, and the oracle that checks every frame against it.

A seat is sent `observe(state, seat)` as `views` writes it; a spectator the view of a seat nobody
holds (`observe(state, seats)`), only where that view holds no seat's secret. Everything in a frame
is built from these views and from the log as `describe` words it for that viewer.

A view is private when it is the same in every world its viewer cannot tell from the real one:
- resampled: the viewer's hidden parts drawn afresh with `sample` (other racks, the bag, the RNG,
  secret colours, picks and chips) must not change it;
- other moves: when another seat's move led here, every other legal move of theirs that leaves the
  viewer's fingerprint-level view and the log's words as they are must leave the wire view as it is.
  This catches what resampling cannot: an attribute outside the fingerprint that `observe` keeps and
  `sample` copies, such as the last move with a secret choice in it.

A move is sent with its log line to its mover, and to everyone else only where it is public: sending
it must tell a viewer nothing the view and the words do not, so no other legal move may leave that
viewer the same words and the same view after it (`move_leaks`). Moves are judged by class (a game's
`Place`, `Pick`, ...), the same search as "other moves" above: a class is secret once one of its
moves, anywhere in the survey, had such a twin for some other seat or a spectator; it is public when
the survey judged it and never found one. A class the survey never met is kept to its mover like a
secret one. Resignations are public: any seat gives up in the open.

`survey` plays seeded random games of a game through that oracle once per server process and
returns its `WirePolicy`: the attributes that differ between such worlds are withheld (sent as they
were at the table's start, so they carry nothing), a game whose seat-nobody-holds view ever holds a
secret gives spectators no view (the log only), and the move classes are sorted into secret and
public. The server also re-checks a spectator's view on every update. The tests and `bench --online`
run `view_leaks` on every frame, and `move_leaks` on every move sent to a seat that did not make it.
"""
from __future__ import annotations

import functools
import json
import random
import re
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Sequence

from hexgames.core.protocol import Resignation
from hexgames.net.views import JSON, encode_reason, encode_state

SAMPLES = 2  # fresh draws of the hidden parts per check
SURVEY_SAMPLES = 6
ALTERNATIVES = 6  # indistinguishable other moves compared per view
MAX_TRIED = 40  # other moves played per view at most (Ingenious has hundreds)
MIN_SECRET = 10**6  # numbers below this appear in frames for ordinary reasons (scores, cells)
JUDGED_ENOUGH = 8  # times a move class not played is judged from the moves it could have been


@dataclass(frozen=True)
class WirePolicy:
    """How one game's views go on the wire (see `survey`)."""

    withheld: frozenset[str] = frozenset()
    spectators: bool = True
    secret_moves: frozenset[str] = frozenset()  # move classes some other seat could not tell apart
    public_moves: frozenset[str] = frozenset()  # move classes judged, never found secret


def move_is_public(policy: WirePolicy, move: Any) -> bool:
    """Whether every audience may be sent `move` itself (a history entry): a resignation, or a move
    of a class the survey judged public."""
    return isinstance(move, Resignation) or type(move).__name__ in policy.public_moves


# --- what is sent -------------------------------------------------------------------------------
def seat_wire(rules: Any, policy: WirePolicy, state: Any, seat: int, first: Any) -> JSON:
    """The view sent to `seat` for `state`; `first` is the table's starting state."""
    return wire_view(rules, policy, rules.observe(state, seat), lambda: rules.observe(first, seat))


def spectator_wire(rules: Any, policy: WirePolicy, state: Any, seats: int, first: Any,
                   rng: random.Random) -> JSON | None:
    """The view sent to spectators for `state`, or None when there is no public one."""
    if not policy.spectators:
        return None
    view = public_view(rules, state, seats, rng, SAMPLES)
    if view is None:
        return None
    return wire_view(rules, policy, view, lambda: rules.observe(first, seats))


def public_view(rules: Any, state: Any, seats: int, rng: random.Random, samples: int = SAMPLES) -> Any | None:
    """The view of a seat nobody holds, when drawing every seat's hidden parts afresh leaves it as
    it is; else None."""
    try:
        view = rules.observe(state, seats)
        wire = encode_state(rules, view)
        for seat in range(seats):
            for _ in range(samples):
                other = rules.sample(rules.observe(state, seat), seat, rng)
                if encode_state(rules, rules.observe(other, seats)) != wire:
                    return None
    except Exception:  # noqa: BLE001 - a game whose observe knows no such seat: no public view
        return None
    return view


def wire_view(rules: Any, policy: WirePolicy, view: Any, template: Callable[[], Any]) -> JSON:
    """`view` as the wire writes it, the attributes the policy withholds taken from `template()`
    (the same viewer's view of the table's starting state)."""
    wire = encode_state(rules, view)
    if policy.withheld:
        start = encode_state(rules, template())["f"]
        fields = wire["f"]
        for name in policy.withheld:
            if name in start:
                fields[name] = start[name]
            else:
                fields.pop(name, None)
    return wire


# --- the oracle ---------------------------------------------------------------------------------
def view_leaks(rules: Any, policy: WirePolicy, state: Any, seat: int | None, seats: int, wire: JSON | None,
               first: Any, rng: random.Random, before: Any = None, move: Any = None) -> list[str]:
    """Why the wire view `wire`, sent to `seat` (None: a spectator) for `state` (reached by `move`
    from `before`, when known), is not a function of what that viewer may know; empty when it is."""
    def sent(s: Any) -> JSON | None:
        if seat is None:
            return spectator_wire(rules, policy, s, seats, first, rng)
        return seat_wire(rules, policy, s, seat, first)

    if wire is None:
        return [] if seat is None else ["a seat was sent no view"]
    if seat is None and not policy.spectators:
        return ["a spectator was sent a view of a game that has no public one"]
    if sent(state) != wire:
        return ["the view is not what the viewer observes"]
    problems = []
    if next(_resampled_differ(rules, state, seat, seats, wire, sent, rng, SAMPLES), None) is not None:
        problems.append(f"the view changes with what {_who(seat)} cannot see")
    told = next(_other_moves_differ(rules, before, move, state, seat, seats, wire, sent, rng), None)
    if told is not None:
        problems.append(f"the view tells {rules.encode(move)!r} from {rules.encode(told[0])!r}, "
                        f"which {_who(seat)} cannot")
    return problems


def _who(seat: int | None) -> str:
    return "a spectator" if seat is None else f"seat {seat}"


def _resampled_differ(rules: Any, state: Any, seat: int | None, seats: int, wire: JSON, sent: Any,
                      rng: random.Random, samples: int) -> Iterator[JSON]:
    """The wire views of resampled worlds that differ from `wire`."""
    for hider in (range(seats) if seat is None else (seat,)):
        for _ in range(samples):
            other = sent(rules.sample(rules.observe(state, hider), hider, rng))
            if other != wire:
                yield other


def _other_moves_differ(rules: Any, before: Any, move: Any, state: Any, seat: int | None, seats: int,
                        wire: JSON, sent: Any, rng: random.Random) -> Iterator[tuple[Any, JSON]]:
    """(other move, its wire view) for other moves from `before` the viewer cannot tell from `move`
    whose wire view differs."""
    for other, after in _twins(rules, before, move, state, seat, seats, rng):
        view = sent(after)
        if view != wire:
            yield other, view


def _twins(rules: Any, before: Any, move: Any, state: Any, seat: int | None, seats: int,
           rng: random.Random, legal: Sequence[Any] | None = None) -> Iterator[tuple[Any, Any]]:
    """(other move, state after it) for other legal moves from `before` that `seat` (None: a
    spectator) cannot tell from `move`, which led to `state`: the same words in the log and the
    same fingerprint-level view after. A move that leads to the very same state is `move` under
    another name (two cells of one group cleared), and no twin. Nothing for the mover itself or a
    resignation; at most MAX_TRIED moves tried and ALTERNATIVES given. `legal`: the legal moves
    from `before`, when known."""
    if before is None or move is None or isinstance(move, Resignation) or rules.to_move(before) == seat:
        return
    viewer = seats if seat is None else seat
    target = rules.digest(rules.observe(state, viewer))
    words = encode_reason(rules.describe(before, move, seat))
    moves = [m for m in (rules.legal_moves(before) if legal is None else legal) if m != move]
    rng.shuffle(moves)
    matched = 0
    whole = None
    for m in moves[:MAX_TRIED]:
        if encode_reason(rules.describe(before, m, seat)) != words:
            continue
        after = rules.play(before, m)
        if rules.digest(rules.observe(after, viewer)) != target:
            continue
        whole = rules.digest(state) if whole is None else whole
        if rules.digest(after) == whole:
            continue
        yield m, after
        matched += 1
        if matched >= ALTERNATIVES:
            return


def log_line_leaks(rules: Any, before: Any, move: Any, state: Any, by: int, audience: int | None, seats: int,
                   line: Any, rng: random.Random) -> list[str]:
    """Why `line`, sent to `audience` (None: a spectator) as the log line of `move` (made by seat `by`
    from `before` to `state`), is not that move as the audience may know it: who made it, the words
    `describe` gives that audience, and the move itself (`encode_entry`) only where `move_leaks`
    finds nothing; empty when it is."""
    from hexgames.core.match import encode_entry

    expected = {"by": by, "w": encode_reason(rules.describe(before, move, audience))}
    if type(line) is dict and "m" in line:
        expected["m"] = encode_entry(rules, move)
    if line != expected:
        return ["a log line is not the move as this audience may know it"]
    if "m" not in line or audience == by:
        return []
    return move_leaks(rules, before, move, state, audience, seats, rng)


def move_leaks(rules: Any, before: Any, move: Any, state: Any, seat: int | None, seats: int,
               rng: random.Random) -> list[str]:
    """Why sending `move` itself (played from `before` to `state`) to `seat` (None: a spectator)
    tells that viewer more than its view and the log's words; empty when it does not."""
    told = next(_twins(rules, before, move, state, seat, seats, rng), None)
    if told is None:
        return []
    return [f"the move {rules.encode(move)!r} was sent to {_who(seat)}, who cannot tell it from "
            f"{rules.encode(told[0])!r}"]


def secret_numbers(state: Any, seed: int) -> set[str]:
    """The decimal forms of the match's seed and RNG state, which no frame may hold."""
    out = {str(abs(seed))} if abs(seed) >= MIN_SECRET else set()
    rng_state = getattr(state, "rng", 0)
    if isinstance(rng_state, int) and abs(rng_state) >= MIN_SECRET:
        out.add(str(abs(rng_state)))
    return out


def holds_secret_number(frame: Any, numbers: set[str]) -> bool:
    text = frame if isinstance(frame, str) else json.dumps(frame)
    return any(re.search(rf"(?<!\d){n}(?!\d)", text) for n in numbers)


# --- the survey ---------------------------------------------------------------------------------
@functools.lru_cache(maxsize=None)
def survey(game_id: str, seeds: tuple[int, ...] = (1, 2)) -> WirePolicy:
    """The game's `WirePolicy`, from seeded random games at each of its seat counts: the attributes
    that differ between worlds a viewer cannot tell apart are withheld, spectators get a view only
    if the seat-nobody-holds view never changed with a seat's secrets, and the move classes are
    judged (`_judge_moves`). Deterministic, so it is worked out once per process."""
    from hexgames import games

    info = games.get(game_id)
    rules = info.rules
    open_policy = WirePolicy()
    withheld: set[str] = set()
    spectators = True
    judged: dict[str, int] = {}  # move class -> times judged
    secret: set[str] = set()
    rng = random.Random(0)
    for seats, seed, first, before, move, state in _survey_positions(info, seeds):
        legal = rules.legal_moves(before) if move is not None else ()
        for seat in range(seats):
            def sent(s: Any, seat: int = seat) -> JSON:
                return seat_wire(rules, open_policy, s, seat, first)

            wire = sent(state)
            for other in _resampled_differ(rules, state, seat, seats, wire, sent, rng, SAMPLES):
                withheld |= _differing_fields(wire, other)
            for _, after in _twins(rules, before, move, state, seat, seats, rng, legal):
                secret.add(type(move).__name__)
                withheld |= _differing_fields(wire, sent(after))
        if move is not None:
            _judge_moves(rules, before, move, state, seats, rng, legal, judged, secret)
        if spectators and public_view(rules, state, seats, rng, SURVEY_SAMPLES) is None:
            spectators = False
    return WirePolicy(frozenset(withheld), spectators, frozenset(secret), frozenset(judged) - secret)


def _judge_moves(rules: Any, before: Any, move: Any, state: Any, seats: int, rng: random.Random,
                 legal: Sequence[Any], judged: dict[str, int], secret: set[str]) -> None:
    """Judge the move played from `before` for a spectator (the survey's loop over the seats judged
    it for them), and, so that classes random play seldom picks are judged too, one move of each
    other class `before` allows, for every viewer but its mover, until it is secret or was judged
    JUDGED_ENOUGH times."""
    name = type(move).__name__
    judged[name] = judged.get(name, 0) + 1
    if name not in secret and _has_twin(rules, before, move, state, (None,), seats, rng, legal):
        secret.add(name)
    by_class: dict[str, list[Any]] = {}
    for m in legal:
        by_class.setdefault(type(m).__name__, []).append(m)
    mover = rules.to_move(before)
    viewers = (*(s for s in range(seats) if s != mover), None)
    for other, moves in by_class.items():
        if other == name or other in secret or judged.get(other, 0) >= JUDGED_ENOUGH:
            continue
        judged[other] = judged.get(other, 0) + 1
        m = rng.choice(moves)
        if _has_twin(rules, before, m, rules.play(before, m), viewers, seats, rng, legal):
            secret.add(other)


def _has_twin(rules: Any, before: Any, move: Any, state: Any, viewers: tuple[int | None, ...], seats: int,
              rng: random.Random, legal: Sequence[Any]) -> bool:
    return any(next(_twins(rules, before, move, state, v, seats, rng, legal), None) is not None for v in viewers)


def _survey_positions(info: Any, seeds: tuple[int, ...]) -> Iterator[tuple[int, int, Any, Any, Any, Any]]:
    """(seats, seed, first state, previous state, move, state) along seeded random games."""
    rules = info.rules
    counts = sorted({n for m in info.modes for n in m.seats})
    for seats in counts:
        options = info.resolve_options({}, seats)
        for seed in seeds[: 1 if seats != counts[0] else None]:
            rng = random.Random(seed)
            first = state = rules.setup(options, seats, seed)
            before = move = None
            while True:
                yield seats, seed, first, before, move, state
                if rules.is_over(state):
                    break
                before, move = state, rules.random_move(state, rng)
                state = rules.play(state, move)


def _differing_fields(a: JSON, b: JSON) -> set[str]:
    fa, fb = a.get("f", {}), b.get("f", {})
    return {n for n in fa.keys() | fb.keys() if fa.get(n) != fb.get(n)}
