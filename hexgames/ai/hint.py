"""The hint ("What would Hard do?"): the Hard agent asked for the move of a human's seat.

Why a module of its own: the game scene asks it on the worker (so the frame never stalls) and the
screenshot command asks it in this process (reproducible, no worker); both must ask the same
question, so both take the seat's `observe`d view, the level and the seed from here. The agent never
sees more than the seat could: the full state does not cross this boundary.

The seed depends only on the match (its seed and how many moves were played), so the same position
gives the same hint under an iteration cap (tests, screenshots); with the app's time budget the
search is only as reproducible as the machine's speed.
"""
from __future__ import annotations

import random
from typing import Any

HINT_LEVEL = "hard"
SCREENSHOT_ITERATIONS = 120  # Hard's search capped: the screenshot's hint is the same on every run


def hint_seed(match_seed: int, moves_played: int) -> int:
    """The search's seed for the hint at this point of the match (unlike the AI seats' seeds)."""
    return (int(match_seed) * 2_000_029 + moves_played * 104_729 + 7) % (2**31)


def hint_request(match: Any) -> tuple[Any, int, int]:
    """(view, seat, seed) of the hint for the seat to move: what that seat may know, nothing more."""
    seat = match.to_move
    return match.rules.observe(match.state, seat), seat, hint_seed(match.seed, len(match.moves))


def compute_hint(match: Any, iterations: int | None = SCREENSHOT_ITERATIONS) -> Any:
    """The hint for the seat to move, computed here (screenshots): the worker's answer for the same
    request and iteration cap, since both run `make_agent(...).choose` with `Random(seed)`."""
    from hexgames.ai.agents import make_agent

    view, seat, seed = hint_request(match)
    agent = make_agent(match.info, HINT_LEVEL, iterations=iterations)
    return agent.choose(match.rules, view, seat, random.Random(seed))
