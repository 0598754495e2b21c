"""A client's mirror of a match is a `Match` the scenes, records and replay can use as they use any."""
from hexgames import games
from hexgames.core.match import Match, Seat
from hexgames.net.mirror import MirrorMatch


def test_a_mirror_has_everything_a_match_has():
    """MirrorMatch does not run Match.__init__ (that would set the game up from the server's secret
    seed): whatever Match gains must be given to the mirror too."""
    info = games.get("ingenious")
    seats = [Seat("human", None, "A"), Seat("human", None, "B")]
    match = Match(info, seats, {}, seed=3)
    mirror = MirrorMatch(info, seats, match.options, info.rules.observe(match.state, 0))
    assert set(vars(match)) <= set(vars(mirror))
    assert mirror.state is not None and mirror.moves == [] and not mirror.is_over


def test_a_mirror_plays_nothing_itself_and_adopts_the_whole_game_at_the_end():
    import random

    info = games.get("clans")
    seats = [Seat("human", None, "A"), Seat("human", None, "B")]
    whole = Match(info, seats, {}, seed=5)
    rng = random.Random(5)
    while not whole.is_over:
        whole.play(info.rules.random_move(whole.state, rng))
    mirror = MirrorMatch(info, seats, whole.options, info.rules.observe(whole.states[0], 1))
    assert mirror.undo() is not None and mirror.undo_refusal() is not None  # nothing of its own to undo
    mirror.adopt(whole)
    assert mirror.complete and mirror.digest() == whole.digest() and mirror.seed == whole.seed
    assert [mirror.mover(i) for i in range(len(whole.moves))] == [whole.mover(i) for i in range(len(whole.moves))]
