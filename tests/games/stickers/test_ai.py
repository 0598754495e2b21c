"""Sticker Turf AI: legal at every kind of decision, sees only its view, founds and spoils, and each
level builds its own deck."""
from __future__ import annotations

import random

import pytest

from hexgames import games
from hexgames.ai.agents import make_agent
from hexgames.games.stickers import ai, catalogue
from hexgames.games.stickers.regions import point_key
from hexgames.games.stickers.rules import Pick, Place
from tests.games.stickers.boards import RULES, board, dealt, empty, lay

INFO = games.get("stickers")


def test_each_level_builds_a_legal_deck_of_its_own_kind():
    for level, helpers in (("random", None), ("easy", 2), ("medium", 1), ("hard", 0)):
        s = empty()
        agent = make_agent(INFO, level, iterations=20)
        rng = random.Random(3)
        while s.phase == "deck" and RULES.to_move(s) == 0:
            s = RULES.play(s, agent.choose(RULES, RULES.observe(s, 0), 0, rng))
        deck = s.picks[0]
        assert catalogue.deck_problem(deck, 8) is None
        if helpers is not None:
            assert sum(1 for x in deck if x >= catalogue.LAYOUTS) == helpers, level
    s = empty(1)
    while s.phase == "deck":
        s = RULES.play(s, ai.greedy(s, random.Random(1)))
    assert catalogue.deck_problem(s.picks[0], 16) is None


def test_greedy_founds_a_territory_when_it_can():
    s = board({(0, 0): ("RRYR", 0), (1, 0): ("RRRY", 1), (0, 1): ("RYRR", 0)})
    s.drawn, s.phase, s.current = lay("YRRR"), "place", 0
    s.decks = [[lay("BBBB")] * 3, [lay("BBBB")] * 3]
    assert ai.greedy(s, random.Random(1)) == Place(1, 1)
    after = RULES.play(s, Place(1, 1))
    assert after.founded[point_key(1, 1)] == 0


def test_greedy_cancels_the_rivals_territory():
    # player 2 owns a yellow territory; player 1 can found in the same region at (2, 1)
    s = board({(0, 0): ("RRYY", 1), (1, 0): ("RRYY", 1), (0, 1): ("YYRR", 1), (1, 1): ("YYRR", 1),
               (2, 0): ("RRRY", 0)})
    assert RULES.scores(s)[1] > 0
    s.drawn, s.phase, s.current = lay("YRRR"), "place", 0
    s.decks = [[lay("BBBB")] * 3, [lay("BBBB")] * 3]
    move = ai.greedy(s, random.Random(1))
    after = RULES.play(s, move)
    assert RULES.scores(after)[1] == 0


def test_evaluate_is_a_probability_and_even_before_play():
    assert ai.evaluate(empty(), 0) == 0.5
    rng = random.Random(2)
    s = empty()
    while not RULES.is_over(s):
        for seat in (0, 1):
            assert 0.0 <= ai.evaluate(s, seat) <= 1.0
        s = RULES.play(s, RULES.random_move(s, rng))
    out = RULES.outcome(s)
    assert ai.evaluate(s, 0) == out.reward(0)


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_the_ai_does_not_read_the_deck_order(level):
    """Two states that differ only in the hidden order of the decks get the same answer."""
    base = dealt([[lay("YYYR"), lay("YYRY"), lay("YRYY"), lay("RYYY"), lay("YYYY")],
                  [lay("YYBB"), lay("BBYY"), lay("YBYB"), lay("YYYY")]])
    base = RULES.play(base, Place(0, 0))
    other = RULES.copy(base)
    for seat in (0, 1):
        lo = other.known_bottom[seat]
        other.decks[seat][lo:] = list(reversed(other.decks[seat][lo:]))
    seat = RULES.to_move(base)
    agent = make_agent(INFO, level, iterations=30)
    a = agent.choose(RULES, RULES.observe(base, seat), seat, random.Random(5))
    b = agent.choose(RULES, RULES.observe(other, seat), seat, random.Random(5))
    assert a == b and RULES.check(base, a) is None


@pytest.mark.parametrize("levels", [("hard", "medium"), ("easy", "random"), ("medium",)])
def test_seeded_games_between_levels_finish_with_legal_moves(levels):
    seats = len(levels)
    s = RULES.setup(INFO.resolve_options({}, seats), seats, 9)
    agents = [make_agent(INFO, lv, iterations=25) for lv in levels]
    rng = random.Random(9)
    kinds = set()
    while not RULES.is_over(s):
        seat = RULES.to_move(s)
        m = agents[seat].choose(RULES, RULES.observe(s, seat), seat, rng)
        assert RULES.check(s, m) is None
        kinds.add(type(m).__name__)
        s = RULES.play(s, m)
    assert {"Pick", "Place"} <= kinds


def test_candidates_are_ranked_legal_moves():
    s = dealt([[lay("YYYY")] * 4, [lay("YYYG")] * 4])
    s = RULES.play(s, Place(0, 0))
    moves = ai.candidates(s, 5)
    assert moves and all(RULES.check(s, m) is None for m in moves)
    ranked = ai.ranked_moves(s)
    values = [v for v, _ in ranked]
    assert values == sorted(values, reverse=True) and moves == [m for _, m in ranked[:5]]
    assert ai.candidates(empty(), 3) == [Pick(ai.deck_plan(empty(), "hard", random.Random(0)))]


def test_medium_plays_seven_stickers_and_peek_and_hard_eight():
    for colour in range(4):
        medium, hard = ai.one_colour_deck(colour, 8, peek=True), ai.one_colour_deck(colour, 8)
        assert sorted(x for x in medium if x >= catalogue.LAYOUTS) == [catalogue.PEEK]
        assert all(x < catalogue.LAYOUTS for x in hard) and len(hard) == 8
        assert all(catalogue.corners(x).count(colour) >= 3 for x in medium + hard if x < catalogue.LAYOUTS)
        assert catalogue.deck_problem(medium, 8) is None and catalogue.deck_problem(hard, 8) is None


def _built_deck(level: str, seat: int) -> list[int]:
    """The deck `level` builds at `seat` (Random builds the other seat's)."""
    s = empty()
    agents = [make_agent(INFO, level if x == seat else "random", iterations=5) for x in range(2)]
    rng = random.Random(4)
    while s.phase == "deck":
        x = RULES.to_move(s)
        s = RULES.play(s, agents[x].choose(RULES, RULES.observe(s, x), x, rng))
    return s.picks[seat]


def _corners_of(deck: list[int], colour: int) -> list[int]:
    """The sides (0-3) on which `colour` stands, one entry per corner of the deck's stickers."""
    return [k for x in deck if x < catalogue.LAYOUTS for k, c in enumerate(catalogue.corners(x)) if c == colour]


def test_hards_odd_corners_are_of_a_colour_a_medium_deck_of_its_colour_lacks():
    for seat in (0, 1):
        deck = _built_deck("hard", seat)
        main = max(range(4), key=lambda c: len(_corners_of(deck, c)))
        odd = {c for c in range(4) if c != main and _corners_of(deck, c)}
        assert len(odd) == 1, seat
        spare = odd.pop()
        assert not _corners_of(ai.one_colour_deck(main, 8, peek=True), spare)  # Medium of Hard's colour
        assert set(_corners_of(deck, spare)) == {0, 1, 2, 3} and len(_corners_of(deck, main)) == 26
        assert catalogue.deck_problem(deck, 8) is None


def test_hard_01_keeps_its_one_colour_deck():
    for seat in (0, 1):
        deck = _built_deck("hard-0.1", seat)
        main = max(range(4), key=lambda c: len(_corners_of(deck, c)))
        assert sorted(deck) == sorted(ai.one_colour_deck(main, 8)), seat


def test_hards_playouts_reach_the_end_of_the_game_and_hard_01_keeps_its_two_plies():
    """Who keeps a region is settled only at the end (a rival founding in it cancels it), so Hard's
    playouts run a whole placement phase: from the first sticker, Hard's and Medium's decks end within
    its playout depth. `hard-0.1` keeps version 0.1's two plies."""
    hard = make_agent(INFO, "hard", iterations=5).config
    past = make_agent(INFO, "hard-0.1", iterations=5).config
    levels = ("hard", "medium")
    for first in (0, 1):
        s = empty()
        agents = [make_agent(INFO, levels[(x + first) % 2], iterations=5) for x in range(2)]
        rng = random.Random(first)
        while s.phase == "deck":
            x = RULES.to_move(s)
            s = RULES.play(s, agents[x].choose(RULES, RULES.observe(s, x), x, rng))
        moves = 0
        while not RULES.is_over(s):
            s = RULES.play(s, ai.greedy(s, rng))
            moves += 1
        assert 14 <= moves <= hard.playout_depth
    assert hard.greedy_plies == 4
    assert (past.playout_depth, past.greedy_plies) == (2, 2)
