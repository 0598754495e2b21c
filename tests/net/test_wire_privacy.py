"""What each audience is sent: the survey of each game's views, and an oracle that does catch leaks."""
import random

import pytest

from hexgames import games
from hexgames.bench import random_game
from hexgames.core.protocol import Resignation
from hexgames.net.privacy import WirePolicy, holds_secret_number, move_is_public, move_leaks, public_view, \
    secret_numbers, seat_wire, survey, view_leaks
from hexgames.net.views import encode_state

pytestmark = pytest.mark.privacy


def test_the_survey_sends_every_game_s_views_whole_spectators_included():
    """Every game's observe hides what it must (Dot Lines' last move, once a secret chip choice,
    included; a seat nobody holds sees neither hand), so the survey withholds nothing."""
    policies = {g.id: survey(g.id) for g in games.registered()}
    assert {(p.withheld, p.spectators) for p in policies.values()} == {(frozenset(), True)}


def test_the_survey_keeps_secret_choices_to_their_mover_and_finds_the_rest_public():
    """A chip chosen in secret and a deck pick have twins another seat cannot tell apart; a tile
    laid, a stone moved, a tama cleared (two cells of one group clear the same: one move) do not."""
    dotlines, stickers, ingenious = survey("dotlines"), survey("stickers"), survey("ingenious")
    clans, toradama = survey("clans"), survey("toradama")
    assert "Chip" in dotlines.secret_moves and {"Draw", "Place", "Stack", "Exchange"} <= dotlines.public_moves
    assert "Pick" in stickers.secret_moves and "Place" in stickers.public_moves
    assert ingenious.public_moves == {"Place", "Swap"} and not ingenious.secret_moves
    assert "Move" in clans.public_moves and not clans.secret_moves
    assert {"Choose", "Place", "Give", "Clear"} <= toradama.public_moves and not toradama.secret_moves
    for policy in (dotlines, stickers, ingenious, clans, toradama):
        assert not policy.secret_moves & policy.public_moves
    from hexgames.games.dotlines.rules import Chip, Draw

    assert not move_is_public(dotlines, Chip(0)) and move_is_public(dotlines, Draw())
    assert move_is_public(dotlines, Resignation(1))  # giving up is done in the open
    assert not move_is_public(WirePolicy(public_moves=frozenset({"Chip"})), Draw())  # never judged: mover only


def leaky_dotlines(monkeypatch) -> None:
    """Dot Lines as its observe once was: the last move kept whole, a secret chip choice among them
    (the audit must catch a game that keeps a secret outside what `sample` redraws)."""
    from hexgames.games.dotlines.rules import DotLinesRules

    honest = DotLinesRules.observe

    def observe(self, s, seat):
        view = honest(self, s, seat)
        view.last = s.last
        return view

    monkeypatch.setattr(DotLinesRules, "observe", observe)


def _chip_position():
    """A Dot Lines position just after seat 0 chose its chip in secret, and that move."""
    info = games.get("dotlines")
    rules = info.rules
    options = info.resolve_options({}, 2)
    for seed in range(50):
        s = rules.setup(options, 2, seed)
        for m in random_game(info, 2, seed, options):
            after = rules.play(s, m)
            if rules.encode(m)[0] == "chip" and rules.describe(s, m, 1 - rules.to_move(s)).key.endswith("chip_secret"):
                return rules, rules.setup(options, 2, seed), s, m, after, rules.to_move(s)
            s = after
    raise AssertionError("no secret chip choice in 50 games")


def test_the_move_oracle_finds_a_secret_chip_choice_and_passes_a_public_move():
    rules, first, before, move, after, chooser = _chip_position()
    rng = random.Random(4)
    problems = move_leaks(rules, before, move, after, 1 - chooser, 2, rng)
    assert problems and "cannot tell it from" in problems[0] and "chip" in problems[0]
    assert move_leaks(rules, before, move, after, None, 2, rng)  # nor can a spectator
    assert move_leaks(rules, before, move, after, chooser, 2, rng) == []  # the chooser knows its own choice
    s = after
    while type(rules.legal_moves(s)[0]).__name__ != "Draw":
        s = rules.play(s, rules.random_move(s, rng))
    draw, drawer = rules.legal_moves(s)[0], rules.to_move(s)  # the only move there: nothing to tell apart
    assert move_leaks(rules, s, draw, rules.play(s, draw), 1 - drawer, 2, rng) == []
    assert move_leaks(rules, after, Resignation(1), after, 0, 2, rng) == []  # a resignation: no twin to search


def test_the_oracle_catches_a_secret_kept_outside_the_fingerprint(monkeypatch):
    leaky_dotlines(monkeypatch)
    rules, first, before, move, after, chooser = _chip_position()
    other = 1 - chooser
    leaky = seat_wire(rules, WirePolicy(), after, other, first)
    problems = view_leaks(rules, WirePolicy(), after, other, 2, leaky, first, random.Random(1), before, move)
    assert any("cannot" in p and "chip" in p for p in problems)
    # and the survey of that game finds the leak and withholds the last move
    survey.cache_clear()
    policy = survey("dotlines")
    survey.cache_clear()  # the next caller surveys the honest game again
    assert "last" in policy.withheld
    kept = seat_wire(rules, policy, after, other, first)
    assert view_leaks(rules, policy, after, other, 2, kept, first, random.Random(1), before, move) == []


def test_the_oracle_catches_another_seat_s_view_and_a_full_state():
    info = games.get("ingenious")
    rules = info.rules
    options = info.resolve_options({}, 2)
    first = s = rules.setup(options, 2, 4)
    for m in random_game(info, 2, 4, options)[:9]:
        s = rules.play(s, m)
    rng = random.Random(2)
    assert view_leaks(rules, WirePolicy(), s, 0, 2, seat_wire(rules, WirePolicy(), s, 0, first), first, rng) == []
    assert view_leaks(rules, WirePolicy(), s, 0, 2, seat_wire(rules, WirePolicy(), s, 1, first), first, rng)
    assert view_leaks(rules, WirePolicy(), s, 0, 2, encode_state(rules, s), first, rng)
    assert view_leaks(rules, WirePolicy(), s, None, 2, seat_wire(rules, WirePolicy(), s, 0, first), first, rng)
    assert holds_secret_number({"x": encode_state(rules, s)}, secret_numbers(s, 123456789))
    assert not holds_secret_number({"x": seat_wire(rules, WirePolicy(), s, 0, first)}, secret_numbers(s, 123456789))


@pytest.mark.parametrize("game_id", ["ingenious", "clans", "toradama", "stickers"])
def test_a_spectator_s_view_holds_no_seat_s_secret(game_id):
    info = games.get(game_id)
    rules = info.rules
    for seats in sorted({n for m in info.modes for n in m.seats if n > 1}):
        options = info.resolve_options({}, seats)
        s = rules.setup(options, seats, 9)
        for m in random_game(info, seats, 9, options)[:25]:
            view = public_view(rules, s, seats, random.Random(3))
            assert view is not None
            for seat in range(seats):  # whatever a seat hides, redrawn, leaves the spectator's view alone
                other = rules.sample(rules.observe(s, seat), seat, random.Random(seat))
                assert encode_state(rules, rules.observe(other, seats)) == encode_state(rules, view)
            s = rules.play(s, m)
