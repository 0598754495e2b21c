"""The Toradama AI: what its evaluation sees, what greedy chooses, and that it beats random play."""
import random

from hexgames import games
from hexgames.ai.agents import make_agent
from hexgames.games.toradama import ai
from hexgames.games.toradama.board import GREEN, cell
from hexgames.games.toradama.moves import Clear, Place
from hexgames.games.toradama.rules import NEKO, TORA
from tests.games.toradama.positions import RULES, make

INFO = games.get("toradama")


def rows(*lines: str) -> list[str]:
    return ["....."] * (6 - len(lines)) + list(lines)


def test_best_clear_sees_chains_and_the_favourite():
    s = make(rows("R....", "BG...", "BR...", "RB...", "YGG.."), chars=(4, NEKO))  # Kuma: green counts 2
    assert ai.best_clear(s, 0) == 1 + 2 + 3 * 2


def test_best_clear_agrees_with_the_rules_on_every_ball():
    rng = random.Random(3)
    for seed in range(30):
        s = RULES.setup({}, 2, seed)
        while not RULES.is_over(s):
            if s.phase == 1:
                seat = s.current
                gains = []
                for m in RULES.clearing_moves(s):
                    t = RULES.copy(s)
                    RULES.apply(t, m)
                    gains.append(t.points(seat) - s.points(seat))
                assert ai.best_clear(s, seat) == max(gains, default=0)
            RULES.apply(s, RULES.random_move(s, rng))


def test_evaluate_stays_in_range_and_favours_the_player_ahead():
    s = make(rows("R...."), score=("RRR", ""), chars=(TORA, NEKO))
    assert 0.5 < ai.evaluate(s, 0) < 1 and 0 < ai.evaluate(s, 1) < 0.5


def test_a_group_left_on_the_shared_column_is_a_danger():
    safe = make(rows("GY...", "YGGB."), current=1, chars=(TORA, NEKO))
    exposed = make(rows(".GG..", "YYGB."), current=1, chars=(TORA, NEKO))  # three greens reach column 2
    assert ai.best_clear(exposed, 1) > 0 and ai.evaluate(exposed, 0) < ai.evaluate(safe, 0)


def test_greedy_takes_a_winning_clear():
    s = make(rows("R....", "RRB.."), chars=(TORA, NEKO), score=("YYYYYY", ""))
    assert ai.greedy(s, random.Random(1)) in (Clear(cell(2, 0)), Clear(cell(0, 1)), Clear(cell(0, 0)),
                                              Clear(cell(1, 0)))
    t = RULES.play(s, ai.greedy(s, random.Random(1)))
    assert t.winner == 0


def test_greedy_does_not_hand_the_opponent_a_group_on_the_shared_column():
    s = make(rows("..G..", "..GB."), pool="GRY", chars=(NEKO, TORA), first_turn=True)
    move = ai.greedy(s, random.Random(2))
    assert move != Place(GREEN, 2)


def test_candidates_are_legal_and_start_with_the_greedy_choice():
    s = make(rows("R....", "RRB.."), chars=(TORA, NEKO))
    cands = ai.candidates(RULES.observe(s, 0), 5)
    legal = RULES.legal_moves(s)
    assert cands and all(m in legal for m in cands)
    assert cands[0] == ai.greedy(RULES.observe(s, 0), random.Random(0))


def test_greedy_plays_from_a_view_without_knowing_cube_faces():
    s = make(rows("r....", "B...."), cubes=("G", "R"), chars=(TORA, NEKO))
    view = RULES.observe(s, 0)
    move = ai.greedy(view, random.Random(5))
    assert move in RULES.legal_moves(s)
    assert ai.policy(s, random.Random(5)) in RULES.legal_moves(s)


def test_medium_beats_random_in_seeded_games():
    wins = 0
    for seed in range(6):
        s = RULES.setup(INFO.resolve_options({}, 2), 2, seed)
        agents = [make_agent(INFO, "medium"), make_agent(INFO, "random")]
        if seed % 2:
            agents.reverse()
        rngs = [random.Random(seed * 2 + i) for i in range(2)]
        while not RULES.is_over(s):
            seat = s.current
            s = RULES.play(s, agents[seat].choose(RULES, RULES.observe(s, seat), seat, rngs[seat]))
        medium = 1 if seed % 2 else 0
        wins += s.winner == medium
    assert wins >= 5
