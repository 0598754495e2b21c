"""Toradama's Hard: its fast clear simulation equals the rules, its evaluation and greedy move equal
Medium's (the evaluation also sees a waiting player's winning clear), it and Medium rank moves alike
from either seat (the mirror), it takes a winning clear, and Hard 0.1 still plays its old moves."""
import random

import pytest

from hexgames import games
from hexgames.games.toradama import ai, clearsim, hard
from hexgames.games.toradama.board import cell
from hexgames.games.toradama.mirror import mirror_cell, mirror_move, mirror_state
from hexgames.games.toradama.moves import Clear, Dig, Flip, Give, Place, Swap
from hexgames.games.toradama.rules import FAVOURITE, NEKO, START, TORA
from tests.games.toradama.positions import RULES, make, show

INFO = games.get("toradama")


def rows(*lines: str) -> list[str]:
    return ["....."] * (6 - len(lines)) + list(lines)


def random_positions(games_played: int = 25, seed: int = 3):
    """Turn starts and mid-turn moments of random games, with their views (hidden cubes)."""
    rng = random.Random(seed)
    for g in range(games_played):
        s = RULES.setup({}, 2, g)
        while not RULES.is_over(s):
            if s.phase != 0:
                yield s
                yield RULES.observe(s, s.current)
            RULES.apply(s, RULES.random_move(s, rng))


def test_the_bit_set_clear_scores_what_the_rules_score_for_every_ball():
    for s in random_positions():
        if s.phase != START or s.observer >= 0:
            continue
        seat = s.current
        masks = clearsim.masks_of(s.cells)
        standing = clearsim.has_group(masks, ai.AREA_MASK[seat])
        for m in RULES.clearing_moves(s):
            t = RULES.copy(s)
            RULES.apply(t, m)
            gained = t.points(seat) - s.points(seat)
            assert clearsim.ball_points(masks, m.cell, ai.AREA_MASK[seat], FAVOURITE[s.chars[seat]], standing) == gained


def test_the_fast_evaluation_is_mediums_evaluation_exactly():
    for s in random_positions(15):
        for seat in (0, 1):
            assert hard.evaluate(s, seat) == ai.evaluate(s, seat)
            assert hard.best_clears(s)[seat] == ai.best_clear(s, seat)


def test_a_chain_with_a_cube_turned_up_in_between():
    # clearing the bottom red drops blue onto two blues (chain 1), which turns the green cube next
    # to them face up; the greens then fall into a row (chain 2)
    s = make(rows("g....", "BG...", "RBB..", "GGB.."), chars=(TORA, NEKO))
    assert clearsim.best_ball_points(s.cells, ai.AREA_MASK[0], FAVOURITE[TORA]) == ai.best_clear(s, 0)
    assert ai.best_clear(s, 0) > 0


def test_the_mirror_is_its_own_inverse_and_maps_moves_onto_moves():
    for s in random_positions(6):
        m = mirror_state(s)
        assert RULES.fingerprint(mirror_state(m)) == RULES.fingerprint(s)
        if s.observer < 0:
            assert sorted(map(repr, RULES.legal_moves(m))) == \
                sorted(repr(mirror_move(x)) for x in RULES.legal_moves(s))


def test_a_mirrored_move_plays_the_mirrored_game():
    for s in random_positions(4):
        if s.observer >= 0:
            continue
        for move in RULES.legal_moves(s)[:6]:
            a = RULES.play(s, move)
            b = RULES.play(mirror_state(s), mirror_move(move))
            assert RULES.fingerprint(mirror_state(a)) == RULES.fingerprint(b)


def test_mirrored_moves_and_cells():
    assert mirror_cell(cell(0, 3)) == cell(4, 3) and mirror_cell(cell(2, 5)) == cell(2, 5)
    assert mirror_move(Place(1, 0)) == Place(1, 4) and mirror_move(Give(5)) == Give(5)
    assert mirror_move(Swap(cell(3, 1), cell(4, 1))) == Swap(cell(0, 1), cell(1, 1))
    assert mirror_move(Dig(4)) == Dig(0) and mirror_move(Flip(cell(2, 0))) == Flip(cell(2, 0))
    assert mirror_move(Clear(cell(1, 2))) == Clear(cell(3, 2))


def test_hard_ranks_the_moves_of_either_seat_alike():
    """Where the evaluation ties, Medium's lists favour player 1's edge column and player 2's shared
    one; Hard's candidates for player 2 are player 1's on the mirrored board."""
    s = make(rows("R....", "YB..."), pool="GGP", chars=(TORA, NEKO))
    mirrored = mirror_state(s)
    assert show(mirrored)[-2:] == ["....R", "...BY"]
    view, mirrored_view = RULES.observe(s, 0), RULES.observe(mirrored, 1)
    assert hard.candidates(mirrored_view, 6) == [mirror_move(m) for m in hard.candidates(view, 6)]
    medium_first = ai.greedy(mirrored_view, random.Random(0))
    assert type(medium_first) is Place and medium_first.col == 2  # Medium, player 2: the shared column
    assert hard.candidates(mirrored_view, 1)[0].col == 4  # Hard: its edge column, as player 1 would


@pytest.mark.parametrize("seat", [0, 1])
def test_hard_takes_a_winning_clear_from_either_seat(seat):
    s = make(rows("R....", "RRB.."), chars=(TORA, NEKO), score=("YYYYYY", ""))
    if seat == 1:
        s = mirror_state(s)
    move = hard_agent(12).choose(RULES, RULES.observe(s, seat), seat, random.Random(4))
    assert RULES.play(s, move).winner == seat


def test_a_waiting_players_winning_clear_counts_as_nearly_won():
    """Player 1 waits with 6 points and a 2-point clear on the board (the reds): Medium's evaluation
    calls it close, Hard's gives the mover (player 2, also on 6) only what spoiling it is worth;
    one point less and the clear no longer wins, so nothing changes."""
    threatened = make(rows("R....", "RRB.."), chars=(TORA, NEKO), score=("YYYYYY", "RRRRRR"), current=1)
    assert hard.evaluate(threatened, 1) > 0.4
    assert hard.evaluate_with_threats(threatened, 1) == hard.THREATENED_AT_START
    assert hard.evaluate_with_threats(threatened, 0) == 1 - hard.THREATENED_AT_START
    short = make(rows("R....", "RRB.."), chars=(TORA, NEKO), score=("YYYYY", "RRRRRR"), current=1)
    assert hard.evaluate_with_threats(short, 1) == hard.evaluate(short, 1)


def hard_agent(iterations: int):
    from hexgames.ai.agents import make_agent
    return make_agent(INFO, "hard", iterations=iterations)


# Hard 0.1's moves at 30 iterations (recorded on commit 3f2a4e8): (game, move number, move)
HARD_01_MOVES = [
    (0, 4, ['p', 1, 2]), (0, 13, ['p', 2, 3]), (0, 22, ['p', 2, 4]), (0, 31, ['p', 2, 0]),
    (1, 4, ['p', 1, 2]), (1, 13, ['p', 0, 2]), (1, 22, ['p', 2, 0]), (1, 31, ['p', 3, 1]),
    (2, 4, ['p', 0, 0]), (2, 13, ['p', 3, 2]), (2, 22, ['p', 0, 2]), (2, 31, ['p', 1, 2]),
]


def moves_of(level: str) -> list[tuple]:
    """The level's moves at 30 iterations in positions of three random games."""
    from hexgames.ai.agents import make_agent
    agent = make_agent(INFO, level, iterations=30)
    out = []
    for g in range(3):
        s = RULES.setup({}, 2, 100 + g)
        rng = random.Random(g)
        for n in range(40):
            if RULES.is_over(s):
                break
            if s.phase != 0 and n % 9 == 4:
                seat = s.current
                move = agent.choose(RULES, RULES.observe(s, seat), seat, random.Random(n))
                out.append((g, n, RULES.encode(move)))
            RULES.apply(s, RULES.random_move(s, rng))
    return out


def test_hard_01_still_plays_its_old_moves():
    assert moves_of("hard-0.1") == HARD_01_MOVES


def test_the_search_greedy_is_mediums_move():
    """Medium plays `GameInfo.greedy` on its view: the faster, remembering greedy must choose exactly
    what `ai.greedy` chooses on the position as player 1 sees it, on views and (twice, the second
    time from memory) on full states."""
    for s in random_positions(8, seed=5):
        as_first = s.current == 0
        expected = ai.greedy(s if as_first else mirror_state(s), random.Random(1))
        for _ in range(2):
            move = hard.greedy_memo(s, random.Random(1))
            assert move == (expected if as_first else mirror_move(expected))


@pytest.mark.parametrize("noise", [0.0, 0.6])
def test_medium_and_easy_play_the_same_from_either_seat(noise):
    """Medium against Medium, player 1 won 343 of 400 games while move lists ran from column 0 for
    both seats (ties went to player 2's shared column): from player 2's seat Medium (and Easy, its
    noisy self) plays the mirror of what it plays from player 1's on the mirrored position."""
    tried = 0
    for s in random_positions(6, seed=8):
        if s.current != 1:
            continue
        tried += 1
        mine = INFO.greedy(s, random.Random(4), noise)
        assert mine == mirror_move(INFO.greedy(mirror_state(s), random.Random(4), noise))
    assert tried > 50
