"""Every game words its moves for the move log (`Rules.describe`) and hides what it must.

The law, for every registered game through seeded random self-play: a viewer's text of a move depends
only on what that viewer may know before it. Two full states that share the viewer's observation (the
second dealt by `sample` from it) give the same text; a spectator's text is the same for states
sampled from ANY seat's observation, so it shows nothing any seat cannot see. The texts are real
words: a key of the game's own translations, present in English and Japanese.
"""
import json
import random

import pytest

from hexgames import games
from hexgames.core.protocol import Reason
from hexgames.paths import TRANSLATIONS
from hexgames.ui.texts import plural_table

BUILTIN = [g for g in games.registered() if type(g.rules).__module__.startswith("hexgames.games.")]
CASES = [(info.id, mode.id, n) for info in BUILTIN for mode in info.modes for n in mode.seats]


def _keys(lang: str) -> set[str]:
    """Every translation key of a language, dotted, as the app looks them up."""
    out: set[str] = set()

    def walk(prefix: str, d: dict) -> None:
        for k, v in d.items():
            if isinstance(v, dict) and not plural_table(v):
                walk(f"{prefix}{k}.", v)
            else:
                out.add(prefix + k)

    for path in TRANSLATIONS.glob(f"*.{lang}.json"):
        walk(path.name.split(".")[0] + ".", json.loads(path.read_text(encoding="utf-8"))[lang])
    return out


KEYS = {lang: _keys(lang) for lang in ("en", "ja")}


def shape(reason):
    """A reason as plain data (key and params, nested): what any language's text is made of."""
    if isinstance(reason, Reason):
        return (reason.key, tuple(sorted((k, shape(v)) for k, v in reason.params.items())))
    return reason


def all_keys(reason):
    if isinstance(reason, Reason):
        yield reason.key
        for v in reason.params.values():
            yield from all_keys(v)


def _play(game_id, mode, seats, seed, on_move):
    info = games.get(game_id)
    rules = info.rules
    s = rules.setup(info.resolve_options({"mode": mode}, seats), seats, seed)
    rng = random.Random(seed)
    for _ in range(3000):
        if rules.is_over(s):
            return
        m = rules.random_move(s, rng)
        on_move(rules, s, m, rng)
        s = rules.play(s, m)
    raise AssertionError("game did not end")


@pytest.mark.parametrize("game_id,mode,seats", CASES)
def test_the_log_hides_what_it_must(game_id, mode, seats):
    seen_kinds = set()

    def check(rules, s, m, rng):
        mover = rules.to_move(s)
        spectator = shape(rules.describe(s, m, None))
        for viewer in range(seats):
            view = rules.observe(s, viewer)
            other = rules.sample(view, viewer, rng)
            mine = shape(rules.describe(s, m, viewer))
            assert shape(rules.describe(other, m, viewer)) == mine, \
                f"seat {viewer}'s text of {m!r} shows what seat {viewer} cannot see"
            assert shape(rules.describe(other, m, None)) == spectator, \
                f"the spectator's text of {m!r} shows what seat {viewer} cannot see"
        if mover is not None:
            seen_kinds.add(type(m).__name__)

    for seed in range(1, 3):
        _play(game_id, mode, seats, seed, check)
    assert seen_kinds


@pytest.mark.parametrize("game_id", [g.id for g in BUILTIN])
def test_every_text_is_the_games_own_words_in_both_languages(game_id):
    info = games.get(game_id)
    mode = info.modes[0]
    seats = 2 if 2 in mode.seats else mode.seats[0]
    missing = set()

    def check(rules, s, m, rng):
        legal = list(rules.legal_moves(s))  # not only the moves played: every kind a player may choose
        for move in [m, *random.Random(len(legal)).sample(legal, min(12, len(legal)))]:  # the game's rng untouched
            for viewer in (None, *range(seats)):
                reason = rules.describe(s, move, viewer)
                assert isinstance(reason, Reason) and reason.key.startswith(f"{game_id}.log."), reason.key
                assert 0 < len(str(reason)) <= 140, f"too long for the narrow log: {reason}"
                missing.update((lang, k) for k in all_keys(reason) for lang in KEYS if k not in KEYS[lang])

    for seed in range(1, 7):  # Sticker Turf's seed 2 comes to a Peek
        _play(game_id, mode.id, seats, seed, check)
    assert not missing, sorted(missing)
