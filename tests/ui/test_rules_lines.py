"""The rules help in Japanese: lines broken by the usual rules and filled (`ui/html_lines.py`), as
pygame_gui lays them out in the text box."""
from __future__ import annotations

import pytest

from hexgames import games
from hexgames.ui import html_lines, linebreak

GAMES = ("ingenious", "clans", "toradama", "dotlines", "stickers")


def _rows(app, game: str):
    from hexgames.ui.rules_help import RulesHelpScene

    from tests.drive import step

    scene = RulesHelpScene(app, games.get(game))
    app.scenes.push(scene)
    step(app)
    box = scene.box
    rows = [("".join(getattr(item, "text", "") for item in row.items), row) for row in box.text_box_layout.layout_rows]
    return box, rows


def _all_bold(row) -> bool:
    texts = [item for item in row.items if getattr(item, "text", "").strip()]
    return bool(texts) and all(getattr(item.font, "bold", False) for item in texts)


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
@pytest.mark.parametrize("game", GAMES)
def test_japanese_rules_lines_follow_kinsoku_have_no_hyphens_and_are_full(game, size):
    from tests.drive import make_app

    app = make_app("ja")
    app.resize(size)
    try:
        box, rows = _rows(app, game)
        width = box.text_wrap_rect.w
        font = app.font(16)
        japanese = [(text, row) for text, row in rows if any(linebreak.is_wide(c) for c in text)]
        assert len(japanese) > 20
        for (text, row), (after, _) in zip(rows, rows[1:]):
            if not any(linebreak.is_wide(c) for c in text):
                continue
            assert text.lstrip("\xa0")[:1] not in linebreak.NO_LINE_START, f"a line starts with {text[:8]!r}"
            assert not text.rstrip().endswith("-") and not after.startswith("-"), f"a hyphen after {text[-8:]!r}"
            assert row.width <= width, f"{text!r} is wider than the box"
            ends_block = text.rstrip()[-1:] in "。）)" or not after.strip() or after.startswith("\xa0")
            links = any(getattr(item, "href", None) for item in row.items)  # the contents: whole names
            if not ends_block and not links and not _all_bold(row):  # a line inside a paragraph takes what fits
                a, b = linebreak.units(after.strip())[0]  # what the next line starts with, that may not be split
                assert row.width + font.size(after.strip()[a:b])[0] > width - html_lines.SAFETY - 8, \
                    f"{text!r} ({row.width} px) broke early: {after[:6]!r} fitted after it in {width} px"
    finally:
        app.shutdown()


def test_a_paragraph_is_broken_where_it_fills_its_line_and_bold_is_measured_bold():
    from tests.drive import make_app

    app = make_app("ja")
    try:
        inline = "各プレイヤーは<b>1回ずつ</b>使えるアクション<b>リドロー</b>、<b>スタック</b>と、両面の変換チップを持ちます。"
        out = html_lines.break_html(inline, 200, lambda bold: app.font(16, bold), lead="\xa0\xa0•\xa0")
        assert out.replace("<br>", "") == inline  # only breaks were added, every tag kept
        lines = out.split("<br>")
        assert len(lines) >= 3
        for k, line in enumerate(lines):
            text, bold, _ = html_lines.plain(line)
            lead = "\xa0\xa0•\xa0" if k == 0 else ""
            width = sum(app.font(16, b).size(c)[0] for c, b in zip(text, bold)) + app.font(16).size(lead)[0]
            assert width <= 200
            if k + 1 < len(lines):  # the next line's first character would not have fitted
                nxt, nbold, _ = html_lines.plain(lines[k + 1])
                a, b = linebreak.units(nxt)[0]
                unit = sum(app.font(16, nbold[i]).size(nxt[i])[0] for i in range(a, b))
                assert width + unit > 200 - html_lines.SAFETY - 2
            assert text[:1] not in linebreak.NO_LINE_START
        english = "Place <b>one</b> tile; score each line."
        assert html_lines.break_html(english, 50, lambda bold: app.font(16, bold)) == english
    finally:
        app.shutdown()


def test_italic_marks_between_japanese_words_are_italic_not_asterisks():
    from hexgames.ui.rules_help import markdown_to_html

    out = markdown_to_html("支払ったにくキューブは捨札にします。*リサイクル*のものは戻します。")
    assert "<i>リサイクル</i>" in out and "*" not in out
    assert "2*3*4" in markdown_to_html("2*3*4 is not italic")
