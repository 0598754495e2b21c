"""Sticker Turf deals where Medium's deck is Hard's colour: does Hard miss a safe lead? For issue 29.

Why: about a quarter of the arena's deals give Medium a deck of Hard's main colour (Medium picks its
colour at random). Both decks then build one region of that colour, and a region founded by both
players scores for nobody, so those deals end 0-0 unless one player founds and the other never can
again. They hold most of Hard's non-wins against Medium, so this tool asks whether Hard's play there
leaves anything on the table: at each of Hard's placements, is there a move after which Hard leads
and no sticker left in Medium's deck can complete a point of that colour (a *safe lead*), and does Hard
take it? A point can be completed by a sticker whose corner on the one empty cell around it is the
colour; Medium's deck contents are public, so Hard can know this too.

    python tools/stickers_same_colour.py --games 30 --iterations 368

Research only: each deal forces both decks' first pick to the same SR sticker (the levels' deck plans
then follow that colour), and the rest of each game is Hard's and Medium's own play. `--iterations`
makes Hard's search untimed (368 is about what it reaches in its 0.8 s on this machine), so a run is
reproducible whatever else the machine is doing.

What it found (2026-11-28, `--games 30 --iterations 368`): Hard won 13 and drew 17 (all 0-0), lost
none. It had a safe lead within reach 69 times and took it 68 times; 13 times it founded (or grew) a
territory when no safe lead was there, and those are the draws' usual start. So Hard does not throw
those deals away move by move; what is missing is a way to steer a shared region so that a safe lead
comes about, or a deck that does not meet Medium's in one region.
"""
from __future__ import annotations

import argparse
import json
import random
from typing import Any

GAME = "stickers"


def fillable_points(s: Any, rival: int, colour: int) -> int:
    """Open points of `colour` (three corners of it, the fourth cell empty and not blocked) that a
    sticker left in `rival`'s deck could complete."""
    from hexgames.games.stickers import catalogue
    from hexgames.games.stickers.regions import CORNER_OFFSET, CORNERS
    from hexgames.games.stickers.rules import board_layout

    corners_of_colour = set()
    for sticker in s.decks[rival]:
        if sticker < catalogue.LAYOUTS:
            cols = CORNERS[board_layout(sticker, rival)]
            corners_of_colour |= {k for k in range(4) if cols[k] == colour}
    n = 0
    for point, v in s.points.items():
        if v >> 4 != 3 or (v & 15) != 1 << colour:
            continue
        for k in corners_of_colour:
            cell = point - CORNER_OFFSET[k]
            if cell not in s.cells and cell not in s.blocked:
                n += 1
    return n


def safe_lead(rules: Any, s: Any, move: Any, me: int, colour: int) -> bool:
    """After `move`, `me` leads on territory and the rival can complete no point of `colour`."""
    t = rules.play(s, move)
    scores = rules.scores(t)
    return scores[me] > scores[1 - me] and fillable_points(t, 1 - me, colour) == 0


def play_deal(args: tuple[int, int]) -> dict[str, Any]:
    """One same-colour deal, Hard at seat `game % 2`; Hard's placements looked at for safe leads."""
    game, iterations = args
    from hexgames import games
    from hexgames.ai.agents import make_agent
    from hexgames.games.stickers import catalogue
    from hexgames.games.stickers.rules import Pick

    info = games.get(GAME)
    rules = info.rules
    hard_seat = game % 2
    colour = random.Random(f"same:{game}").randrange(4)
    s = rules.setup(info.resolve_options({}, 2), 2, 1000 + game)
    agents = {hard_seat: make_agent(info, "hard", None, iterations),
              1 - hard_seat: make_agent(info, "medium")}
    rngs = [random.Random(f"{game}:{seat}") for seat in range(2)]
    chances = taken = unsafe_founds = 0
    while not rules.is_over(s):
        seat = rules.to_move(s)
        if s.phase == "deck" and not s.picks[seat]:
            move = Pick(catalogue.layout_of(colour, colour, colour, colour))
        else:
            move = agents[seat].choose(rules, rules.observe(s, seat), seat, rngs[seat])
        if seat == hard_seat and s.phase == "place" and s.decks[1 - seat]:
            if any(safe_lead(rules, s, m, seat, colour) for m in rules.legal_moves(s)):
                chances += 1
                taken += safe_lead(rules, s, move, seat, colour)
            elif len(rules.play(s, move).founded) > len(s.founded):
                unsafe_founds += 1
        s = rules.play(s, move)
    scores = rules.scores(s)
    mine, theirs = scores[hard_seat], scores[1 - hard_seat]
    return {"game": game, "hard_seat": hard_seat, "colour": colour, "scores": [mine, theirs],
            "result": "win" if mine > theirs else "draw" if mine == theirs else "loss",
            "safe_chances": chances, "safe_taken": taken, "founded_without_a_safe_move": unsafe_founds}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=40)
    p.add_argument("--start", type=int, default=0)
    p.add_argument("--iterations", type=int, default=368)
    p.add_argument("--jobs", type=int, default=1)
    a = p.parse_args(argv)
    tasks = [(g, a.iterations) for g in range(a.start, a.start + a.games)]
    from hexgames.arena import in_jobs

    rows = list(in_jobs(play_deal, tasks, a.jobs))
    tally = {k: sum(r["result"] == k for r in rows) for k in ("win", "draw", "loss")}
    print(json.dumps({"games": len(rows), **tally,
                      "safe_chances": sum(r["safe_chances"] for r in rows),
                      "safe_taken": sum(r["safe_taken"] for r in rows),
                      "founded_without_a_safe_move": sum(r["founded_without_a_safe_move"] for r in rows),
                      "deals": rows}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
