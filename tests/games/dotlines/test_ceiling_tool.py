"""tools/dotlines_ceiling.py: the winning line it finds for a deal wins the arena's own game.

Why: the tool's bound is only a bound if its Medium is the arena's Medium, reply for reply (the same
view, the same tie-breaking RNG). Replaying the line against the arena's seating, seed and Medium must
end in a win for the bounded player, or the tool has modelled some other opponent.
"""
from __future__ import annotations

import random

import pytest

from hexgames import games
from hexgames.ai.agents import make_agent
from hexgames.arena import game_seed, seating
from tests.tools import load_tool


def _tool():
    return load_tool("dotlines_ceiling")


@pytest.mark.parametrize("game", [0, 1, 2])
def test_the_line_found_wins_against_the_arena_s_medium(game):
    row = _tool().solve_deal((7, game, 50_000))
    assert row["result"] == "win" and row["line"]
    info = games.get("dotlines")
    rules = info.rules
    gseed = game_seed(7, game)
    me = seating(2, game).index(0)
    medium, medium_rng = make_agent(info, "medium"), random.Random(f"{gseed}:{1 - me}")
    state = rules.setup(info.resolve_options(None, 2), 2, gseed)
    ours = [rules.decode(m) for m in row["line"]]
    while not rules.is_over(state):
        seat = rules.to_move(state)
        move = ours.pop(0) if seat == me else medium.choose(rules, rules.observe(state, seat), seat, medium_rng)
        state = rules.play(state, move)
    outcome = rules.outcome(state)
    assert outcome.winning_side == outcome.side(me) and not ours
