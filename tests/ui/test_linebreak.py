"""Japanese line breaking (kinsoku): where `ui/linebreak.py` lets a line break, as the app's own
wrap (`draw.wrap`) and every pre-wrapped text use it."""
from __future__ import annotations

import json

import pytest

from hexgames import paths
from hexgames.ui import linebreak


def _font(size: int = 16):
    import pygame

    from hexgames.app import FONT_DIR, FONT_FILES

    pygame.font.init()
    return pygame.font.Font(str(FONT_DIR / FONT_FILES[False]), size)


def _wrap(text: str, width: int) -> list[str]:
    from hexgames.ui import draw

    return draw.wrap(_font(), text, width)


def _japanese_texts() -> list[str]:
    """Every Japanese string of the app's translations, placeholders filled with a short word."""
    import re

    out: list[str] = []

    def walk(node) -> None:
        if isinstance(node, dict):
            for value in node.values():
                walk(value)
        elif isinstance(node, str):
            out.append(re.sub(r"%\{\w+\}", "トラ", node))

    for path in sorted(paths.TRANSLATIONS.glob("*.ja.json")):
        walk(json.loads(path.read_text(encoding="utf-8")))
    return [t for t in out if any(linebreak.is_wide(c) for c in t)]


def _bad_starts(lines: list[str]) -> list[str]:
    return [line for line in lines[1:] if line[:1] in linebreak.NO_LINE_START]


@pytest.mark.parametrize("width", [40, 60, 90, 130])
@pytest.mark.parametrize("text, whole", [
    ("説明を読んで「次へ」を押してください。", "「次へ」"),
    ("もう一度「ギブアップ」を押すとギブアップします（Esc：取り消し）", "「ギブアップ」"),
    ("ドットタイル36枚：1から6の数が6枚ずつ。", "36枚"),
    ("CPU 3はスタックを使いました。", "CPU"),
])
def test_short_bracketed_phrases_numbers_with_counters_and_latin_runs_stay_whole(text, whole, width):
    lines = _wrap(text, width)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    assert any(whole in line for line in lines), f"{whole!r} was split: {lines}"


@pytest.mark.parametrize("text", [
    "得点タイルを取ってください。ヤマが空になったら終わりです。",  # 。 after a kanji
    "ラインはダイス（起点）と、その後に続く最大6列からなります。",  # ） 、
    "チュートリアルで遊び方を学びましょう。ジャックポット！",  # small ッ ャ ュ, ー, ！
    "「ソロ・スコアアタック」では、ひとりで点数をきそいます。",  # ・ inside, 」 after
])
def test_no_line_starts_with_closing_punctuation_small_kana_or_a_prolonged_mark(text):
    for width in range(24, 420, 3):
        lines = _wrap(text, width)
        assert not _bad_starts(lines), (width, lines)
        assert not any(line[-1:] in linebreak.NO_LINE_END for line in lines[:-1]), (width, lines)
        assert "-" not in "".join(lines), "a hyphen was added inside Japanese"


def test_every_japanese_text_of_the_app_breaks_by_the_rules_at_every_width():
    texts = _japanese_texts()
    assert len(texts) > 300  # the translations were found
    font = _font(15)
    from hexgames.ui import draw

    for text in texts:
        for part in text.split("\n"):
            for width in (70, 110, 170, 260):
                lines = draw.wrap(font, part, width)
                assert "".join(lines).replace(" ", "") == part.replace(" ", "")
                assert not _bad_starts(lines), (part, width, lines)
                too_wide = [line for line in lines if font.size(line)[0] > width and len(linebreak.units(line)) > 1]
                assert not too_wide, (part, width, too_wide)


def test_english_still_breaks_at_spaces_only():
    lines = _wrap("Drop tama, clear a ball and set off chains; first to 8 points wins.", 120)
    assert all(" " not in (line[0], line[-1]) for line in lines)
    assert " ".join(lines) == "Drop tama, clear a ball and set off chains; first to 8 points wins."


def test_an_indented_first_line_is_measured_against_its_own_width():
    text = "あいうえおかきくけこさしすせそ"
    spans = linebreak.line_spans(text, 10, lambda a, b: b - a, first_width=4)
    assert [text[a:b] for a, b in spans] == ["あいうえ", "おかきくけこさしすせ", "そ"]
