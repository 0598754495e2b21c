"""What a seat is shown, as JSON for the wire and back: views, log lines and outcomes, generic over
the Rules protocol.

Why not `fingerprint`: that is canonical data for a digest, not a state a client can draw or ask for
its legal moves, and the client needs the game's own state object. So a view is written attribute by
attribute (every slot of the state `observe` returned), each value tagged with its Python type, so
that it comes back with the same types: the decoded view has the digest of the view that was sent.
Only what `observe` returned is written; what it hides never reaches this module.

The encoding: a value is plain JSON, or a one-key object naming its kind.
    None, bool, int, str, finite float -> themselves;        list -> a JSON list
    tuple -> {"t": [...]}    set -> {"s": [...]}    frozenset -> {"z": [...]}  (sets sorted)
    dict -> {"d": [[key, value], ...]}  (in the dict's order)
    the game's rules object (Clans states carry theirs) -> {"r": 0}
    an object of a class of the game's rules module (the state, moves, named tuples, dataclasses)
        -> {"o": "ClassName", "t": [...]} for tuple classes, {"o": "ClassName", "f": {name: value}}
Decoding builds no class but those of the game's own rules module, so whatever a server sends, a
client never builds anything else.

What each audience is sent (which view, what is withheld) is `privacy`'s to decide.
"""
from __future__ import annotations

import dataclasses
import json
import math
import sys
from types import ModuleType
from typing import Any

from hexgames.core.protocol import JSON, Outcome, Reason, clip, rebuild_reason

MAX_DEPTH = 48  # far deeper than any state nests; bounds what a hostile peer can make us recurse
_PLAIN = (bool, int, str, type(None))


class WireError(ValueError):
    """A value that cannot be written for the wire, or JSON that is not a view of this game."""


class ViewCodec:
    """Writes and reads the states of one game's rules (see the module docstring)."""

    def __init__(self, rules: Any):
        self.rules = rules
        self.module: ModuleType = sys.modules[type(rules).__module__]
        self._fields: dict[type, tuple[str, ...]] = {}

    # --- writing ------------------------------------------------------------------------------
    def encode(self, x: Any, depth: int = 0) -> JSON:
        atom = _atom(x, depth)
        if atom is not _COMPOUND:
            return atom
        kind = type(x)
        if kind is list:
            return [self.encode(y, depth + 1) for y in x]
        if kind is tuple:
            return {"t": [self.encode(y, depth + 1) for y in x]}
        if kind is dict:
            return {"d": [[self.encode(k, depth + 1), self.encode(v, depth + 1)] for k, v in x.items()]}
        if kind is set or kind is frozenset:
            items = sorted((self.encode(y, depth + 1) for y in x), key=_sort_key)
            return {"s" if kind is set else "z": items}
        if x is self.rules:
            return {"r": 0}
        return self._encode_object(x, depth)

    def _encode_object(self, x: Any, depth: int) -> JSON:
        kind = type(x)
        if self._own_class(kind.__name__) is not kind:
            raise WireError(f"a {kind.__name__} is not a value of {self.rules.id}")
        if isinstance(x, tuple):
            return {"o": kind.__name__, "t": [self.encode(y, depth + 1) for y in x]}
        names = self._field_names(kind)
        return {"o": kind.__name__,
                "f": {n: self.encode(getattr(x, n), depth + 1) for n in names if hasattr(x, n)}}

    # --- reading ------------------------------------------------------------------------------
    def decode(self, j: JSON, depth: int = 0) -> Any:
        atom = _atom(j, depth)
        if atom is not _COMPOUND:
            return atom
        kind = type(j)
        if kind is list:
            return [self.decode(y, depth + 1) for y in j]
        if kind is not dict or not j:
            raise WireError("not a value of a view")
        if "o" in j:
            return self._decode_object(j, depth)
        if len(j) != 1:
            raise WireError("not a value of a view")
        (tag, body), = j.items()
        if tag == "r":
            return self.rules
        if type(body) is not list:
            raise WireError("not a value of a view")
        if tag == "t":
            return tuple(self.decode(y, depth + 1) for y in body)
        if tag == "s" or tag == "z":
            items = (self.decode(y, depth + 1) for y in body)
            return set(items) if tag == "s" else frozenset(items)
        if tag == "d":
            if not all(type(p) is list and len(p) == 2 for p in body):
                raise WireError("not a value of a view")
            return {self.decode(k, depth + 1): self.decode(v, depth + 1) for k, v in body}
        raise WireError("not a value of a view")

    def _decode_object(self, j: dict[str, Any], depth: int) -> Any:
        name = j["o"]
        cls = self._own_class(name) if type(name) is str else None
        if cls is None or len(j) != 2:
            raise WireError("not a value of a view")
        if issubclass(cls, tuple):
            if type(j.get("t")) is not list:
                raise WireError("not a value of a view")
            return tuple.__new__(cls, [self.decode(y, depth + 1) for y in j["t"]])
        fields = j.get("f")
        names = self._field_names(cls)
        if type(fields) is not dict or not set(fields) <= set(names):
            raise WireError("not a value of a view")
        obj = object.__new__(cls)
        for n, v in fields.items():
            object.__setattr__(obj, n, self.decode(v, depth + 1))
        return obj

    # --- the game's classes -------------------------------------------------------------------
    def _own_class(self, name: str) -> type | None:
        """The class `name` of the game's rules module (not the rules class), or None."""
        cls = getattr(self.module, name, None) if name.isidentifier() else None
        if not isinstance(cls, type) or cls.__module__ != self.module.__name__ or isinstance(self.rules, cls):
            return None
        return cls

    def _field_names(self, cls: type) -> tuple[str, ...]:
        """The attributes an object of `cls` is written with: dataclass fields, or its slots."""
        names = self._fields.get(cls)
        if names is None:
            if dataclasses.is_dataclass(cls):
                names = tuple(f.name for f in dataclasses.fields(cls))
            else:
                slots = [s for c in cls.__mro__ for s in _slots(c) if s not in ("__weakref__", "__dict__")]
                if not slots:
                    raise WireError(f"a {cls.__name__} has no fixed attributes")
                names = tuple(dict.fromkeys(slots))
            self._fields[cls] = names
        return names


_COMPOUND = object()


def _atom(x: Any, depth: int) -> Any:
    """`x` itself when it is written as it is (None, a bool, an int, a text, a finite number), else
    _COMPOUND; WireError for a number that is not finite or nesting deeper than MAX_DEPTH."""
    kind = type(x)
    if kind in _PLAIN:
        return x
    if kind is float:
        if not math.isfinite(x):
            raise WireError("a number that is not finite")
        return x
    if depth > MAX_DEPTH:
        raise WireError("the value nests too deeply")
    return _COMPOUND


def _slots(cls: type) -> tuple[str, ...]:
    slots = cls.__dict__.get("__slots__", ())
    return (slots,) if isinstance(slots, str) else tuple(slots)


def _sort_key(j: JSON) -> str:
    return json.dumps(j, sort_keys=True)


_CODECS: dict[int, ViewCodec] = {}


def codec(rules: Any) -> ViewCodec:
    """The codec of a rules object (one per rules object; they live as long as the program)."""
    c = _CODECS.get(id(rules))
    if c is None or c.rules is not rules:
        c = _CODECS[id(rules)] = ViewCodec(rules)
    return c


def encode_state(rules: Any, state: Any) -> JSON:
    return codec(rules).encode(state)


def decode_state(rules: Any, data: JSON) -> Any:
    """A state of `rules`' game from `encode_state`'s JSON; raises WireError for anything else."""
    try:
        return codec(rules).decode(data)
    except WireError:
        raise
    except (TypeError, ValueError, AttributeError, RecursionError):
        raise WireError("not a view of this game") from None


# --- words and outcomes -------------------------------------------------------------------------
MAX_TEXT = 400
MAX_PARAMS = 16  # blanks of one reason


def encode_reason(r: Any, depth: int = 0) -> JSON:
    """A `Reason` (the log, refusals) as {"k": key, "x": English text, "p": params}; text as {"x": text}."""
    if not isinstance(r, Reason) or depth > 8:
        return {"x": clip(str(r), MAX_TEXT)}
    params = {}
    for name, value in r.params.items():
        if isinstance(value, Reason):
            params[name] = encode_reason(value, depth + 1)
        elif type(value) in _PLAIN or (type(value) is float and math.isfinite(value)):
            params[name] = clip(value, MAX_TEXT) if type(value) is str else value
        else:
            params[name] = clip(str(value), MAX_TEXT)
    return {"k": r.key, "x": clip(str(r), MAX_TEXT), "p": params}


def decode_reason(j: JSON, depth: int = 0) -> Reason | str:
    """What `encode_reason` wrote, as a `Reason` the app can translate (or plain text)."""
    if type(j) is not dict or type(j.get("x")) is not str or depth > 8:
        raise WireError("not a reason")
    text = clip(j["x"], MAX_TEXT)
    if "k" not in j:
        return text
    key, params = j["k"], j.get("p", {})
    if type(key) is not str or len(key) > 100 or type(params) is not dict or len(params) > MAX_PARAMS:
        raise WireError("not a reason")
    out = {}
    for name, value in params.items():
        if type(value) is dict:
            out[name] = decode_reason(value, depth + 1)
        elif type(value) is str:
            out[name] = clip(value, MAX_TEXT)  # a blank of the words: no longer than the words may be
        elif type(value) in _PLAIN or type(value) is float:
            out[name] = value
        else:
            raise WireError("not a reason")
    return rebuild_reason(key, text, out)


def encode_outcome(o: Outcome) -> JSON:
    return {"scores": list(o.scores), "ranks": list(o.ranks), "summary": encode_reason(o.summary),
            "details": [encode_reason(d) for d in o.details], "teams": list(o.teams), "ending": o.ending}


def decode_outcome(j: JSON) -> Outcome:
    try:
        return Outcome(tuple(float(x) for x in j["scores"]), tuple(int(x) for x in j["ranks"]),
                       decode_reason(j["summary"]), tuple(decode_reason(d) for d in j["details"]),
                       tuple(int(x) for x in j["teams"]), str(j["ending"]))
    except (KeyError, TypeError, ValueError):
        raise WireError("not an outcome") from None
