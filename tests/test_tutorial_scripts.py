"""The tutorial scripts are data, checked here: each replays through the rules (every move legal where it
stands, the player's moves the player's, the opponent's the opponent's), every step's words exist in
English and Japanese, and together the steps meet every rule a first game meets. No pygame."""
from __future__ import annotations

import copy
import json

import pytest

from hexgames import games, paths, tutorials
from hexgames.tutorials import ScriptError

GAMES = ("ingenious", "clans", "toradama", "dotlines", "stickers")


def _keys(d, prefix=""):
    out = set()
    for k, v in d.items():
        out |= _keys(v, f"{prefix}{k}.") if isinstance(v, dict) else {prefix + k}
    return out


def _texts(lang: str) -> dict[str, str]:
    data = json.loads((paths.TRANSLATIONS / f"tutorial.{lang}.json").read_text(encoding="utf-8"))[lang]
    flat = {}

    def walk(d, prefix):
        for k, v in d.items():
            if isinstance(v, dict):
                walk(v, f"{prefix}{k}.")
            else:
                flat[prefix + k] = v
    walk(data, "tutorial.")
    return flat


def test_every_game_has_a_tutorial():
    assert tutorials.available() == list(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_the_script_replays_legally_to_its_last_step(game):
    script = tutorials.load(game)
    timeline = tutorials.check(script)
    assert len(timeline.starts) == len(script.steps) >= 6
    assert timeline.total == len(tutorials.all_moves(script))
    assert any(step.moves for step in script.steps) and any(not step.moves for step in script.steps)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_step_says_what_to_do_and_what_happened_in_both_languages(game, lang):
    texts = _texts(lang)
    script = tutorials.load(game)
    for key in script.keys():
        assert texts.get(key, "").strip(), f"{key} has no {lang} text"
    if lang == "ja":  # Japanese words, not English left in place
        assert all(any(ord(ch) >= 0x3000 for ch in texts[key]) for key in script.keys())


def test_the_tutorial_texts_have_the_same_keys_in_both_languages():
    assert set(_texts("en")) == set(_texts("ja"))
    for ns in ("learn",):
        en = json.loads((paths.TRANSLATIONS / f"{ns}.en.json").read_text(encoding="utf-8"))["en"]
        ja = json.loads((paths.TRANSLATIONS / f"{ns}.ja.json").read_text(encoding="utf-8"))["ja"]
        assert _keys(en) == _keys(ja)


def _played(game: str):
    """(state before, move, state after, who) for every move of the script, who being "you", "opponent"
    or "forward"/"prelude" for moves played at once."""
    script = tutorials.load(game)
    rules = games.get(game).rules
    state = tutorials.setup_state(script)
    out = []
    for m in script.prelude:
        after = rules.play(state, m)
        out.append((state, m, after, "prelude"))
        state = after
    for step in script.steps:
        for who, moves in (("you", step.moves), ("forward", step.forward), ("opponent", step.reply)):
            for m in moves:
                after = rules.play(state, m)
                out.append((state, m, after, who))
                state = after
    return script, rules, out


def _mine(game: str):
    script, rules, played = _played(game)
    return rules, [(b, m, a) for b, m, a, who in played if who == "you"]


def test_ingenious_covers_placing_scoring_the_bonus_turn_and_the_swap():
    from hexgames.games.ingenious.rules import Place, Swap

    rules, mine = _mine("ingenious")
    places = [(b, m, a) for b, m, a in mine if isinstance(m, Place)]
    assert any(b.round == 1 for b, _, _ in places), "a first-round placement by a start symbol"
    assert any(sum(1 for g in rules.score_preview(b, m) if g) == 2 for b, m, _ in places), "a tile scoring two colours"
    assert any(a.phase == "bonus" and max(b.scores[0]) < 18 <= max(a.scores[0]) for b, _, a in places), "reaching 18"
    assert any(b.phase == "bonus" for b, _, _ in places), "a bonus placement"
    assert any(m == Swap(True) for _, m, _ in mine), "a swap"


def test_clans_covers_moving_villages_epochs_and_the_secret_colour():
    rules, mine = _mine("clans")
    assert any(a.villages_scored == b.villages_scored for b, _, a in mine), "a move founding nothing"
    assert any(a.villages_scored > b.villages_scored and a.founded[0] > b.founded[0] for b, _, a in mine), "a village"
    assert any(a.epoch > b.epoch for b, _, a in mine), "an epoch ending"
    script = tutorials.load("clans")
    secret = [s for s in script.steps if s.id == "secret"]
    assert secret and "green" in _texts("en")[script.say_key(secret[0])].lower()
    assert tutorials.setup_state(script).colour_of[script.you] == 3  # green: the words name the right colour


def test_toradama_covers_gravity_matches_chains_cubes_and_a_skill():
    from hexgames.games.toradama.moves import OKUNOTE_MOVES, Choose, Clear, Place

    rules, mine = _mine("toradama")
    kinds = [type(m) for _, m, _ in mine]
    assert Choose in kinds and Place in kinds
    assert any(type(m) in OKUNOTE_MOVES for _, m, _ in mine), "a character's okunote"
    chains = []
    for b, m, _ in mine:
        if type(m) is Clear:
            t = rules.play(b, m)
            chains.append(max([e[1] for e in t.events if e[0] == "chain"], default=0))
            assert t.cubes[1 - b.current][-1:] == [b.cells[m.cell]], "the clear ball goes onto the opponent's cube pool"
    assert 1 in chains and max(chains) >= 2, "a match, and a chain"


def test_dot_lines_covers_the_roll_off_a_run_the_chip_and_an_action():
    from hexgames.games.dotlines.rules import Chip, Exchange, Home, Place, Redraw, Roll, Stack

    rules, mine = _mine("dotlines")
    moves = [m for _, m, _ in mine]
    assert Roll() in moves and any(type(m) is Home for m in moves) and any(type(m) is Chip for m in moves)
    own = [(b, m) for b, m, _ in mine if type(m) is Place and b.home[0] == m.line]
    assert any(not m.chip for _, m in own) and any(m.chip for _, m in own), "a run, and the chip"
    assert any(type(m) in (Stack, Redraw, Exchange) for m in moves), "an action"


def test_sticker_turf_covers_the_deck_a_territory_growing_and_a_helper():
    from hexgames.games.stickers.rules import Block, Pick, Place, Reorder

    rules, mine = _mine("stickers")
    assert any(type(m) is Pick for _, m, _ in mine), "the deck"
    gains = [rules.scores(a)[0] - rules.scores(b)[0] for b, m, a in mine if type(m) is Place]
    founded = [(b, a) for b, m, a in mine if type(m) is Place and len(a.founded) > len(b.founded)]
    assert founded and rules.scores(founded[0][0])[0] == 0 < rules.scores(founded[0][1])[0], "a territory closed"
    assert sum(1 for g in gains if g > 0) >= 2, "and extended"
    assert any(type(m) in (Block, Reorder) for _, m, _ in mine), "a helper"


# --- broken scripts are refused, naming the step ---------------------------------------------------
def _data(game: str) -> dict:
    return json.loads(tutorials.path_for(game).read_text(encoding="utf-8"))


def test_an_illegal_move_is_refused_naming_its_step():
    data = _data("ingenious")
    data["steps"][2]["moves"] = [["p", 1, 2, 0, -4, 1, -5]]  # onto the hexes the first tile took
    with pytest.raises(ScriptError, match=r"step 3 \(score\) move 1: .* is illegal: That hex is already occupied"):
        tutorials.check(tutorials.parse(data, "ingenious.json"))


def test_a_player_move_on_the_opponents_turn_is_refused_naming_its_step():
    data = _data("ingenious")
    data["steps"][1].pop("reply")  # the opponent never answers the first tile
    with pytest.raises(ScriptError, match=r"step 3 \(score\) move 1: it is not the player's turn"):
        tutorials.check(tutorials.parse(data, "ingenious.json"))


@pytest.mark.parametrize("change,words", [
    (lambda d: d.update(version=2), "not a version 1"),
    (lambda d: d.update(game="chess"), "unknown game"),
    (lambda d: d["steps"][1].update(id="welcome"), "step 2 needs an id of its own"),
    (lambda d: d["steps"][1].update(moves=[["q", 1]]), "step 2 (first_tile) move 1"),
    (lambda d: d["steps"][1].update(colour="red"), "unknown fields"),
    (lambda d: d.update(steps=[]), "no steps"),
])
def test_a_malformed_script_is_refused_in_words(change, words):
    data = copy.deepcopy(_data("ingenious"))
    change(data)
    with pytest.raises(ScriptError) as e:
        tutorials.parse(data, "ingenious.json")
    assert words in str(e.value)


def test_a_missing_or_unreadable_script_is_refused_in_words(tmp_path, monkeypatch):
    monkeypatch.setattr(tutorials, "FOLDER", tmp_path)
    with pytest.raises(ScriptError, match="has no tutorial"):
        tutorials.load("clans")
    (tmp_path / "clans.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(ScriptError, match="cannot be read"):
        tutorials.load("clans")


def test_the_first_sentence_of_a_step_is_what_it_asks():
    assert tutorials.first_sentence("Click Tora. Red is his favourite.") == "Click Tora."
    assert tutorials.first_sentence("トラをクリック。赤が得意です。") == "トラをクリック。"
    assert tutorials.first_sentence("No stop at all") == "No stop at all"
    assert tutorials.first_sentence("Blue 3.5 points. Then") == "Blue 3.5 points."
