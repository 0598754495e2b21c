"""A screen made of parts still answers by the names its readers know: `part_attribute` makes a
property of the screen that is an attribute of one of its parts (a game scene's table, layout or
selection; the online screen's form), so games, tests and tools read it on the screen while it lives
where it belongs.
"""
from __future__ import annotations

from typing import Any


def part_attribute(part: str, name: str, doc: str, settable: bool = False) -> property:
    """A property that is the attribute `name` of the part the screen keeps as `part` (a method of
    the part is then the screen's too)."""
    def get(owner: Any) -> Any:
        return getattr(getattr(owner, part), name)

    def put(owner: Any, value: Any) -> None:
        setattr(getattr(owner, part), name, value)

    return property(get, put if settable else None, doc=doc)
