"""A table's own settings, chosen by its host when the table is made and shown in its lobby to every
seated player before the start: the turn clock (none, a time per move, or a time bank with an
increment per move), what happens when a seat's time runs out (the computer plays the move for it,
or the seat loses: resigns, where the game's rules have a resignation; where they refuse one the
computer plays instead), and whether hints are allowed while two or more humans sit at the table.

Pure data. On the wire they are `to_json`'s object; the create frame's schema checks each field's
type and bounds (`frames.SETTINGS_FIELDS`, from the bounds here), and `from_json` reads them again
for the room and from the store, refusing in words whatever is not a table's settings.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from hexgames.net.clock import ClockRule

CLOCKS = ("none", "move", "bank")
TIMEOUTS = ("computer", "lose")
MOVE_SECONDS = (1, 3600)  # a time per move: from one second to an hour
BANK_MINUTES = (1, 180)  # a time bank: from a minute to three hours
INCREMENT_SECONDS = (0, 600)  # added after each of a seat's own moves, with a bank
BOUNDS = {"move_seconds": MOVE_SECONDS, "bank_minutes": BANK_MINUTES, "increment_seconds": INCREMENT_SECONDS}


@dataclass(frozen=True)
class TableSettings:
    """See the module docstring; the numbers of the clocks not chosen are kept but unused."""

    clock: str = "none"
    move_seconds: int = 60
    bank_minutes: int = 10
    increment_seconds: int = 5
    timeout: str = "computer"
    hints: bool = False

    @classmethod
    def from_json(cls, data: Any) -> "TableSettings":
        """The settings in `data` (fields left out keep their defaults: a table stored before there
        were settings has no clock and no hints); ValueError saying what is wrong otherwise."""
        if type(data) is not dict:
            raise ValueError("the settings are not an object")
        unknown = set(data) - {f.name for f in dataclasses.fields(cls)}
        if unknown:
            raise ValueError(f"there is no setting {str(min(map(str, unknown)))[:40]!r}")
        made = cls(**data)
        if made.clock not in CLOCKS or made.timeout not in TIMEOUTS or type(made.hints) is not bool:
            raise ValueError("a setting has a value it cannot have")
        for name, (lowest, highest) in BOUNDS.items():
            value = getattr(made, name)
            if type(value) is not int or not lowest <= value <= highest:
                raise ValueError(f"{name} must be a whole number from {lowest} to {highest}")
        return made

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @property
    def rule(self) -> ClockRule | None:
        """How the clock counts (None: the table has no clock)."""
        if self.clock == "move":
            return ClockRule("move", per_move=self.move_seconds * 1000)
        if self.clock == "bank":
            return ClockRule("bank", bank=self.bank_minutes * 60_000, increment=self.increment_seconds * 1000)
        return None


def read_settings(data: Any) -> TableSettings:
    """Settings as a stored row or a server's frame holds them, read leniently: settings this
    hexgames does not know are passed over (a newer one may add some), and the defaults (no clock,
    no hints) stand where they cannot be read."""
    known = {f.name for f in dataclasses.fields(TableSettings)}
    try:
        return TableSettings.from_json({k: v for k, v in data.items() if k in known})
    except (ValueError, TypeError, AttributeError):
        return TableSettings()


def has_resignation(info: Any, options: dict[str, Any], seats: int) -> bool:
    """Whether the game (its `GameInfo`) lets a seat resign at the start of a table with these
    options: where it does not, a seat out of time is played by the computer even at a table whose
    timeout is "lose" (the lobby says so)."""
    try:
        rules = info.rules
        state = rules.setup(info.resolve_options(options, seats), seats, 1)
        return rules.resign_refusal(state, 0) is None
    except Exception:  # noqa: BLE001 - options this app cannot set up: it cannot say, so it says no
        return False
