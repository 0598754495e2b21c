"""Generated sentences agree with their subject: where the player is addressed as You (the
tutorial's player), "%{name} plays Tora." reads "You play Tora.", and a possessive "your" (texts.py
takes a text's `you.<key>` form, assets/translations/you.en.json)."""
from __future__ import annotations

import json
import re

import pytest

from hexgames import paths
from hexgames.ui.texts import YOU_FORMS, plural_table

SUBJECT = re.compile(r"%\{name\}(?:'s| (?:is|has|was|\w+s)\b)")  # "%{name} plays", "is", "has", "%{name}'s"


def _texts(lang: str, stem: str | None = None) -> dict[str, object]:
    """Every text of `lang` by its full key (a plural table as one value)."""
    out: dict[str, object] = {}

    def walk(prefix: str, node: dict) -> None:
        for k, v in node.items():
            if isinstance(v, dict) and not plural_table(v):
                walk(f"{prefix}{k}.", v)
            else:
                out[prefix + k] = v

    for path in sorted(paths.TRANSLATIONS.glob(f"{stem or '*'}.{lang}.json")):
        walk(path.name.split(".")[0] + ".", json.loads(path.read_text(encoding="utf-8"))[lang])
    return out


def _strings(value) -> list[str]:
    return list(value.values()) if isinstance(value, dict) else [value]


def _params(value) -> set[str]:
    return {p for s in _strings(value) for p in re.findall(r"%\{(\w+)\}", s)}


def test_every_english_sentence_about_a_named_player_has_its_you_form():
    texts = _texts("en")
    forms = {k[len(YOU_FORMS) + 1:]: v for k, v in texts.items() if k.startswith(f"{YOU_FORMS}.")}
    needing = {k for k, v in texts.items() if not k.startswith(f"{YOU_FORMS}.") and any(SUBJECT.search(s) for s in _strings(v))}
    assert len(needing) > 20
    assert sorted(needing - forms.keys()) == [], "texts with %{name} as a subject and no you.<key> form"
    assert sorted(forms.keys() - needing) == [], "you.<key> forms of texts that are gone or no longer need one"
    for key in needing:
        base, you = texts[key], forms[key]
        assert plural_table(base) == plural_table(you), key
        assert _params(you) <= _params(base) - {"name"}, f"{key}: the you form uses a param its text does not give"
        assert not any(SUBJECT.search(s) or "You's" in s or re.search(r"\bYou \w+s\b", s) for s in _strings(you)), key


def test_japanese_has_no_you_forms_and_keeps_its_own_text():
    assert not list(paths.TRANSLATIONS.glob(f"{YOU_FORMS}.ja.json"))


@pytest.mark.parametrize("language, you, character, expected, coach", [
    ("en", "You", "Tora", "You play Tora.", "Coach plays Tora."),
    ("ja", "あなた", "トラ", "あなたはトラで遊びます。", "コーチはトラで遊びます。"),
])
def test_the_player_addressed_as_you_gets_the_agreeing_sentence_and_others_the_usual(app, language, you, character,
                                                                                      expected, coach):
    app.set_language(language)
    assert app.tr("learn.tutorial.you") == you
    assert app.tr("toradama_ui.toast.chose", name=you, character=character) == expected
    assert app.tr("toradama_ui.toast.chose", name=app.tr("learn.tutorial.opponent"), character=character) == coach
    if language == "en":
        assert app.tr("stickers_ui.preview.cancel", name="You", count=2) == "cancels your territory of 2 corners"
        assert app.tr("ui.results.winner", name="You") == "You win!"
