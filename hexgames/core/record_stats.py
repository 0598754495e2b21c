"""A player's statistics from the recorded games (`core/records.py`): games played, wins, average and
best score, the record against each AI level, and recent results. Pure functions of the records, so
they are tested on hand-built games; no pygame, no database.

How results are counted, for every game alike:
- A game with one side (solo) counts as played and scored, but is neither won nor lost.
- Won: the player's side holds first place alone. Partners (Ingenious' 2 v 2) share their side's
  win; a first place shared between sides is a draw; anything else is a loss.
- Against an AI level: in each game where AIs of that level sat on other sides, one result against
  the level: won when the player finished ahead of all of them, lost when any finished ahead of the
  player, drawn otherwise. An AI partner is not an opponent.
- A name that sat at several seats of one game (two "Player 1"s) counts once, at its first seat.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Sequence

from hexgames.core.records import GameRecord, SeatRecord

WON, LOST, DRAWN = "won", "lost", "drawn"
RECENT = 20  # results the chart shows


@dataclass
class Tally:
    won: int = 0
    lost: int = 0
    drawn: int = 0

    def add(self, result: str) -> None:
        if result == WON:
            self.won += 1
        elif result == LOST:
            self.lost += 1
        elif result == DRAWN:
            self.drawn += 1

    @property
    def total(self) -> int:
        return self.won + self.lost + self.drawn


@dataclass(frozen=True)
class Recent:
    """One recent game of the player: their score, the best score of the other sides (None when
    alone), the result ("" when solo), and which record it is (to open its replay)."""

    score: float
    best_other: float | None
    result: str
    record_id: int = 0
    date: str = ""
    opponents: tuple[SeatRecord, ...] = ()  # the seats of the other sides


@dataclass
class PlayerStats:
    played: int = 0
    results: Tally = field(default_factory=Tally)
    average: float | None = None
    best: float | None = None
    vs_level: dict[str, Tally] = field(default_factory=dict)  # AI level -> the player's record against it
    hints: int = 0  # hints taken, over the games that counted them
    recent: list[Recent] = field(default_factory=list)  # oldest first, at most RECENT

    @property
    def wins(self) -> int:
        return self.results.won


def seat_of(record: GameRecord, name: str) -> SeatRecord | None:
    """The human seat `name` sat at in this game (the first, if several), or None."""
    return next((s for s in record.seats if s.is_human and s.name == name), None)


def result(record: GameRecord, seat: SeatRecord) -> str:
    """WON, LOST or DRAWN for that seat's side; "" when the game had a single side."""
    if len({s.side for s in record.seats}) < 2:
        return ""
    first = {s.side for s in record.seats if s.rank == 0}
    if seat.side not in first:
        return LOST
    return WON if len(first) == 1 else DRAWN


def against_levels(record: GameRecord, seat: SeatRecord) -> dict[str, str]:
    """The seat's result against each AI level that sat on another side: level -> WON/LOST/DRAWN."""
    best: dict[str, int] = {}
    for s in record.seats:
        if not s.is_human and s.side != seat.side and s.level:
            best[s.level] = min(best.get(s.level, s.rank), s.rank)
    return {level: WON if seat.rank < rank else LOST if seat.rank > rank else DRAWN for level, rank in best.items()}


def player_stats(records: Iterable[GameRecord], name: str) -> PlayerStats:
    """`name`'s statistics over `records` (any order; the recent list follows the games' dates)."""
    stats = PlayerStats()
    scores: list[float] = []
    for record in sorted(records, key=lambda r: (r.date, r.id)):
        seat = seat_of(record, name)
        if seat is None:
            continue
        stats.played += 1
        scores.append(seat.score)
        stats.hints += seat.hints or 0
        outcome = result(record, seat)
        stats.results.add(outcome)
        for level, res in against_levels(record, seat).items():
            stats.vs_level.setdefault(level, Tally()).add(res)
        others = tuple(s for s in record.seats if s.side != seat.side)
        stats.recent.append(Recent(seat.score, max((s.score for s in others), default=None), outcome, record.id,
                                   record.date, others))
    if scores:
        stats.average = sum(scores) / len(scores)
        stats.best = max(scores)
    stats.recent = stats.recent[-RECENT:]
    return stats


def player_names(records: Sequence[GameRecord]) -> list[str]:
    """Every human name in the records, most games first (then alphabetically)."""
    counts: dict[str, int] = {}
    for record in records:
        for name in {s.name for s in record.seats if s.is_human}:
            counts[name] = counts.get(name, 0) + 1
    return sorted(counts, key=lambda n: (-counts[n], n.casefold(), n))
