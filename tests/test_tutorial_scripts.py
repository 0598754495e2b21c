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


def _score(game: str, rules, state) -> tuple:
    """What a player would see as the score: every number that can change when something scores."""
    if game == "ingenious":
        return tuple(map(tuple, state.scores))
    if game == "clans":
        return tuple(state.points), tuple(state.founded)
    if game == "toradama":
        return tuple(state.points(i) for i in range(state.seats))
    if game == "stickers":
        return tuple(rules.scores(state))
    return (state.phase,)  # Dot Lines scores nothing on the way: only the end decides


@pytest.mark.parametrize("game", GAMES)
def test_every_lesson_of_the_games_catalogue_is_taught_by_a_step(game):
    script = tutorials.load(game)
    assert tutorials.untaught(script) == [], f"the {game} tutorial does not teach these rules"
    tutorials.check(script)  # and every step's claim is proved by its moves (see the refusals below)


@pytest.mark.parametrize("game", GAMES)
def test_no_step_jumps_over_scoring_or_hides_a_move_in_silence(game):
    script = tutorials.load(game)
    rules = games.get(game).rules
    state = tutorials.setup_state(script)
    for m in script.prelude:
        state = rules.play(state, m)
    for step in script.steps:
        for who, moves in (("you", step.moves), ("forward", step.forward), ("opponent", step.reply)):
            for m in moves:
                after = rules.play(state, m)
                if who == "forward":
                    assert _score(game, rules, after) == _score(game, rules, state), \
                        f"step {step.id} jumps over a move that scores: {rules.encode(m)}"
                state = after
        if step.forward:
            assert not step.moves and not step.teaches, f"step {step.id}: a jump teaches nothing"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_lesson_that_must_be_named_is_named_in_its_steps_words(game, lang):
    texts = _texts(lang)
    script = tutorials.load(game)
    known = tutorials.lessons(game)
    for step in script.steps:
        words = texts.get(script.say_key(step), "") + " " + texts.get(script.done_key(step), "")
        for lesson_id in step.teaches:
            for word in known[lesson_id].mentions:
                assert word in words, f"{game} step {step.id} teaches {lesson_id} without the word {word!r} ({lang})"


@pytest.mark.parametrize("game", GAMES)
def test_no_lesson_is_met_by_every_move(game):
    """A lesson's test that any move passes would prove nothing: each is false for some move shown."""
    script = tutorials.load(game)
    rules = games.get(game).rules
    shown = [seen for step in tutorials.shown_moves(script) for seen in step]
    for lesson in tutorials.lessons(game).values():
        if lesson.met is not None:
            assert not all(lesson.met_by(rules, seen) for seen in shown), lesson.id


@pytest.mark.parametrize("game", GAMES)
def test_the_catalogue_names_where_rules_md_states_each_lesson(game):
    known = tutorials.lessons(game)
    assert len(known) >= 6
    for lesson in known.values():
        assert lesson.rule.startswith("§") and lesson.how in (tutorials.YOU, tutorials.SEEN, tutorials.TOLD)
        assert (lesson.met is None) == (lesson.how == tutorials.TOLD)


def test_clans_names_the_players_own_secret_colour():
    script = tutorials.load("clans")
    secret = [s for s in script.steps if s.id == "secret"]
    assert secret and "green" in _texts("en")[script.say_key(secret[0])].lower()
    assert tutorials.setup_state(script).colour_of[script.you] == 3  # green: the words name the right colour


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
    (lambda d: d["steps"][1].update(teaches=["juggling"]), "teaches unknown lessons ['juggling']"),
    (lambda d: d["steps"][1].update(teaches="first_round"), "teaches must be a list"),
    (lambda d: d["steps"][1].update(teaches=["first_round", "first_round"]), "distinct lesson ids"),
])
def test_a_malformed_script_is_refused_in_words(change, words):
    data = copy.deepcopy(_data("ingenious"))
    change(data)
    with pytest.raises(ScriptError) as e:
        tutorials.parse(data, "ingenious.json")
    assert words in str(e.value)


def test_a_claim_no_move_of_its_step_proves_is_refused_naming_both():
    data = copy.deepcopy(_data("ingenious"))
    data["steps"][0]["teaches"] = ["swap"]  # the welcome plays nothing
    with pytest.raises(ScriptError, match=r"step 1 \(welcome\) claims to teach swap .* none of the player's moves"):
        tutorials.check(tutorials.parse(data, "ingenious.json"))
    data["steps"][0]["teaches"] = ["end"]  # a lesson told in words needs no move
    tutorials.check(tutorials.parse(data, "ingenious.json"))


@pytest.mark.parametrize("how,refused", [(tutorials.YOU, True), (tutorials.SEEN, False)])
def test_the_opponents_move_teaches_only_what_may_be_seen(monkeypatch, how, refused):
    """A step's words are on show while the opponent's reply to the step before plays: that reply may
    teach a rule the opponent can show (SEEN), never one the player must do (YOU); a jump teaches none."""
    data = copy.deepcopy(_data("ingenious"))
    k = next(i for i, st in enumerate(data["steps"]) if i and data["steps"][i - 1].get("reply"))
    by_opponent = tutorials.Lesson("any", "§1", how, lambda r, b, m, a: b.current != data["you"])
    monkeypatch.setitem(tutorials._LESSONS, "ingenious", {**tutorials.lessons("ingenious"), "any": by_opponent})
    data["steps"][k]["teaches"] = ["any"]
    script = tutorials.parse(data, "ingenious.json")
    if refused:
        with pytest.raises(ScriptError, match=f"step {k + 1} .* claims to teach any"):
            tutorials.check(script)
    else:
        tutorials.check(script)
        assert tutorials.taught_at(script)["any"] == k


def test_a_jump_teaches_nothing(monkeypatch):
    monkeypatch.setitem(tutorials._LESSONS, "ingenious", {**tutorials.lessons("ingenious"), "any": tutorials.Lesson(
        "any", "§1", tutorials.SEEN, lambda r, b, m, a: True)})
    data = copy.deepcopy(_data("ingenious"))
    data["steps"][1]["forward"] = data["steps"][1].pop("moves") + data["steps"][1].pop("reply")
    data["steps"][1]["teaches"] = ["any"]
    with pytest.raises(ScriptError, match=r"step 2 \(first_tile\) claims to teach any"):
        tutorials.check(tutorials.parse(data, "ingenious.json"))


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
