"""An online table's own settings (`net.table_settings`) as the app words and offers them: the
host's choices in the setup's online form (a clock from a few presets, what a seat out of time
does, hints), the lobby's line that shows every seated player what was chosen before the start,
and a clock's time as the game's status row shows it. Pygame-free: words only."""
from __future__ import annotations

from typing import Any, Callable

from hexgames.net.table_settings import TableSettings

Translate = Callable[..., str]  # `App.tr`

# The clocks the host's form offers, by id: none, a time per move, or a bank with an increment.
CLOCK_PRESETS: dict[str, dict[str, Any]] = {
    "none": {"clock": "none"},
    "move:30": {"clock": "move", "move_seconds": 30},
    "move:60": {"clock": "move", "move_seconds": 60},
    "move:120": {"clock": "move", "move_seconds": 120},
    "bank:5+5": {"clock": "bank", "bank_minutes": 5, "increment_seconds": 5},
    "bank:10+10": {"clock": "bank", "bank_minutes": 10, "increment_seconds": 10},
    "bank:20+20": {"clock": "bank", "bank_minutes": 20, "increment_seconds": 20},
}
LOW_TIME = 10_000  # milliseconds left below which a clock is marked as running low


def preset_of(settings: TableSettings) -> str:
    """The id of the preset `settings`' clock is (the first one, "none", if it is none of them)."""
    chosen = {k: v for k, v in settings.to_json().items() if k in ("clock", "move_seconds", "bank_minutes",
                                                                 "increment_seconds")}
    for preset, fields in CLOCK_PRESETS.items():
        if all(chosen[k] == v for k, v in fields.items()):
            return preset
    return "none"


def clock_words(tr: Translate, settings: TableSettings) -> str:
    """The table's clock in words: none, so much a move, or a bank and its increment."""
    if settings.clock == "move":
        return tr("net.clock.per_move", seconds=settings.move_seconds)
    if settings.clock == "bank":
        return tr("net.clock.bank", minutes=settings.bank_minutes, seconds=settings.increment_seconds)
    return tr("net.clock.none")


def timeout_words(tr: Translate, settings: TableSettings, resigns: bool) -> str:
    """What happens when a seat's time runs out; a "lose" table of a game without resignation
    says the computer plays instead (`resigns`: the game has one)."""
    if settings.timeout == "lose":
        return tr("net.clock.then_lose") if resigns else tr("net.clock.then_lose_no_resign")
    return tr("net.clock.then_computer")


def settings_line(tr: Translate, settings: TableSettings, resigns: bool) -> str:
    """The lobby's line: the clock, what a seat out of time does (only with a clock), the hints."""
    parts = [tr("net.clock.lobby_clock", clock=clock_words(tr, settings))]
    if settings.clock != "none":
        parts.append(timeout_words(tr, settings, resigns))
    parts.append(tr("net.clock.hints_allowed" if settings.hints else "net.clock.hints_off"))
    return " · ".join(parts)


def clock_text(ms: int) -> str:
    """A clock's time: h:mm:ss, m:ss, and under LOW_TIME tenths too (0:07.3), so running low shows in
    the digits as well as in colour."""
    if ms < LOW_TIME:
        return f"0:{ms // 1000:02d}.{ms % 1000 // 100}"
    seconds = ms // 1000
    hours, rest = divmod(seconds, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60}:{rest % 60:02d}"
