"""The shell's parts in isolation: settings storage, tweens, markdown, translation of reasons."""
from __future__ import annotations

import json

import pygame
from hypothesis import given, settings as hsettings, strategies as st

from hexgames.core.protocol import Reason
from hexgames.ui import anim
from hexgames.ui.rules_help import markdown_to_html
from hexgames.ui.settings import LANGUAGES, Settings

# --- settings ----------------------------------------------------------------------------------


def test_settings_round_trip():
    s = Settings(language="ja", anim_speed=anim.SPEEDS["fast"], show_targets=False)
    s.save()
    assert Settings.load() == s


def test_damaged_settings_file_gives_defaults():
    Settings.path().parent.mkdir(parents=True, exist_ok=True)
    Settings.path().write_bytes(b"{not json\xff")
    assert Settings.load() == Settings()
    Settings.path().write_text("[1, 2, 3]", encoding="utf-8")
    assert Settings.load() == Settings()


json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=5),
                           lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=5), c, max_size=3),
                           max_leaves=8)


@hsettings(max_examples=150, deadline=None)
@given(st.dictionaries(st.sampled_from(["language", "anim_speed", "show_targets", "other"]), json_values))
def test_any_settings_data_yields_valid_settings(data):
    s = Settings.from_dict(data)
    assert s.language in LANGUAGES
    assert 0 < s.anim_speed <= anim.INSTANT
    assert isinstance(s.show_targets, bool)
    if isinstance(data.get("language"), str) and data["language"] in LANGUAGES:
        assert s.language == data["language"]


# --- tweens ------------------------------------------------------------------------------------


def test_tween_reaches_its_end_and_calls_back_once():
    done = []
    tw = anim.Tween(0.0, 10.0, 0.5, ease=anim.linear, on_done=lambda: done.append(1))
    tw.update(0.25)
    assert tw.value == 5.0 and not tw.done
    tw.update(0.5)
    tw.update(0.5)
    assert tw.value == 10.0 and tw.done and done == [1]


def test_tuple_tweens_interpolate_positions():
    tw = anim.Tween((0, 0), (100, 50), 1.0, ease=anim.linear)
    tw.update(0.5)
    assert tw.value == (50.0, 25.0)


def test_animator_speed_multiplies_dt_and_instant_finishes_at_once():
    slow = anim.Animator(speed=anim.SPEEDS["slow"])
    slow.tween(0, 1, 1.0)
    slow.update(1.0)
    assert slow.busy  # half speed: one second covers half the tween
    slow.update(1.0)
    assert not slow.busy
    instant = anim.Animator(speed=anim.INSTANT)
    tw = instant.tween(0, 1, 5.0)
    assert tw.done and tw.value == 1
    instant.update(0.0)
    assert not instant.busy


def test_sequence_chains_tweens():
    a = anim.Animator()
    first, second = a.sequence([anim.Tween(0, 1, 0.2), anim.Tween(0, 1, 0.3)])
    a.update(0.25)
    assert first.done and not second.done and second.progress > 0
    a.update(0.3)
    assert not a.busy


@hsettings(max_examples=200, deadline=None)
@given(st.sampled_from([anim.linear, anim.ease_in_quad, anim.ease_out_cubic, anim.ease_in_out]),
       st.floats(-1000, 1000), st.floats(-1000, 1000), st.floats(0.01, 5),
       st.lists(st.floats(0, 0.5), min_size=1, max_size=40), st.sampled_from(list(anim.SPEEDS.values())))
def test_monotone_tweens_stay_between_ends_and_finish_in_time(ease, start, end, duration, dts, speed):
    a = anim.Animator(speed=speed)
    tw = a.tween(start, end, duration, ease=ease)
    lo, hi = min(start, end), max(start, end)
    elapsed = 0.0
    for dt in dts:
        a.update(dt)
        elapsed += dt * speed
        assert lo - 1e-6 <= tw.value <= hi + 1e-6
        if elapsed >= duration:
            assert tw.done and not a.busy


@hsettings(max_examples=100, deadline=None)
@given(st.floats(0, 1))
def test_easings_start_at_zero_and_end_at_one(t):
    for ease in (anim.linear, anim.ease_in_quad, anim.ease_out_cubic, anim.ease_in_out, anim.ease_out_back,
                 anim.ease_out_bounce):
        assert abs(ease(0.0)) < 1e-9 and abs(ease(1.0) - 1.0) < 1e-9
        assert -0.2 <= ease(t) <= 1.2


# --- rules help --------------------------------------------------------------------------------


def test_markdown_subset_becomes_textbox_html():
    md = ("# Ingenious\n\nPlace a tile.\nScore **each** line.\n\n- one\n- two <three>\n  continued\n\n"
          "1. first\n2. second\n")
    out = markdown_to_html(md)
    assert "<b>Ingenious</b>" in out
    assert "Place a tile. Score <b>each</b> line.<br><br>" in out
    assert "•\u00a0one<br>" in out and "•\u00a0two &lt;three&gt; continued<br>" in out
    assert "1.\u00a0first<br>" in out and "2.\u00a0second<br>" in out


# --- translation -------------------------------------------------------------------------------


def test_reasons_translate_by_key_with_nested_params(app):
    inner = Reason("ui_toy.card", "a secret card was drawn.")
    outer = Reason("core.undo_reveals", "Undo is not possible: {why}", why=inner)
    assert app.tr_reason(outer) == "Undo is not possible: a secret card was drawn."
    app.set_language("ja")
    assert app.tr_reason(outer) == "取り消しできません：a secret card was drawn."  # toy has no ja text
    assert app.tr_reason("plain text") == "plain text"
    assert app.tr("ui.no.such.key", default="Fallback {n}", n=2) == "Fallback 2"
    assert app.tr("ui.menu.resume", game="X") == "Xを続ける"


def test_counts_take_the_languages_plural_forms(app):
    import i18n

    from hexgames.ui.texts import plural_table

    i18n.translations.add("ui_test.cells", {"one": "%{count} cell", "other": "%{count} cells"}, "en")
    i18n.translations.add("ui_test.cells", "%{count}マス", "ja")
    assert [app.tr("ui_test.cells", count=n) for n in (0, 1, 2, 7)] == ["0 cells", "1 cell", "2 cells", "7 cells"]
    assert app.tr_reason(Reason("ui_test.cells", "{count} cells", count=1)) == "1 cell"  # the rules' reasons too
    assert app.tr("ui_test.cells", default="some cells") == "some cells"  # no count: the default, no crash
    assert app.tr("ui_test.cells", count="many") == "ui_test.cells"  # nor with a count that is no number
    assert app.tr("ui_test.cells", count=2) == "2 cells"  # and the key still answers afterwards
    app.set_language("ja")
    assert [app.tr("ui_test.cells", count=n) for n in (1, 2)] == ["1マス", "2マス"]  # one form for every count
    assert plural_table({"one": "a", "other": "b"}) and not plural_table({"other": "b", "read_only": "c"})


def test_every_ui_key_has_english_and_japanese():
    from hexgames import paths
    from hexgames.ui.texts import plural_table

    def keys(d, prefix=""):
        out = set()
        for k, v in d.items():
            out |= keys(v, f"{prefix}{k}.") if isinstance(v, dict) and not plural_table(v) else {prefix + k}
        return out

    for ns in ("ui", "core"):
        en = json.loads((paths.TRANSLATIONS / f"{ns}.en.json").read_text(encoding="utf-8"))["en"]
        ja = json.loads((paths.TRANSLATIONS / f"{ns}.ja.json").read_text(encoding="utf-8"))["ja"]
        assert keys(en) == keys(ja)


# --- drawing helpers ---------------------------------------------------------------------------


def _font():
    import pygame

    from hexgames.app import FONT_DIR, FONT_FILES

    pygame.font.init()
    return pygame.font.Font(str(FONT_DIR / FONT_FILES[False]), 16)


@hsettings(max_examples=60, deadline=None)
@given(st.text(alphabet="ab cdeあいう、。ー漢字", min_size=1, max_size=60), st.integers(40, 400))
def test_wrap_keeps_every_character_and_fits_or_is_a_single_unit(text, width):
    from hexgames.ui import draw, linebreak

    font = _font()
    lines = draw.wrap(font, text, width)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    for line in lines:  # a line too wide is one unbreakable piece (a word, or a character and its punctuation)
        assert font.size(line)[0] <= width or len(linebreak.units(line.strip(" "))) <= 1
    if " " not in text:  # closing punctuation never starts a line (a space is a break of its own)
        assert not any(line[:1] in linebreak.NO_LINE_START for line in lines[1:])


def test_wrap_breaks_japanese_inside_text_that_also_has_spaces():
    from hexgames.ui import draw

    font = _font()
    text = "1〜4人 · 通常戦、ペア戦（2人対2人）、ソロ・スコアアタック"
    lines = draw.wrap(font, text, 150)
    assert len(lines) > 2 and all(font.size(line)[0] <= 150 for line in lines)


def test_hex_corners_match_the_flat_top_grid():
    from hexgames.core import hexgrid
    from hexgames.ui import draw

    ours = draw.hex_corners((10.0, 20.0), 30.0)
    theirs = hexgrid.corners((10.0, 20.0), 30.0)
    assert all(abs(a - c) < 1e-6 and abs(b - d) < 1e-6 for (a, b), (c, d) in zip(ours, theirs))


def test_japanese_paragraph_lines_join_without_a_space_and_english_with_one():
    from hexgames.ui.rules_help import join_lines, markdown_to_html

    assert join_lines(["部族を", "移動します"]) == "部族を移動します"
    assert join_lines(["<b>七個</b>", "以上"]) == "<b>七個</b>以上"
    assert join_lines(["move all", "the huts"]) == "move all the huts"
    html = markdown_to_html("- 陸地は60のエリアで、\n  地形は4種類です。")
    # the break point after 、 is a space too small to see, so no gap shows where the line goes on
    assert "で、<font size=1> </font>地形" in html and "で、 地形" not in html
    assert "\u00a0" in html and "- " not in html


TABLE = "Before.\n\n| epoch | bonus |\n|---|:---:|\n| I | **forest** +1 |\n| II | mountains +2 |\n\nAfter."


def test_a_pipe_table_reaches_the_table_maker_as_plain_cells():
    seen = []
    out = markdown_to_html(TABLE, table=lambda rows: seen.append(rows) or "<TABLE>")
    assert seen == [[["epoch", "bonus"], ["I", "forest +1"], ["II", "mountains +2"]]]
    assert out.index("Before.") < out.index("<TABLE>") < out.index("After.")
    assert "|" not in out.replace("<TABLE>", "")


def test_a_table_without_images_names_each_cell_by_its_column():
    out = markdown_to_html(TABLE)
    assert "epoch: I · bonus: forest +1" in out and "|" not in out


def _visible_text(html_text: str) -> str:
    import re

    return re.sub(r"<[^>]+>", "", html_text)


def test_no_rules_text_shows_raw_markdown():
    from hexgames import paths

    files = sorted(paths.RULES_HELP.glob("*.md"))
    assert files
    for path in files:
        text = _visible_text(markdown_to_html(path.read_text(encoding="utf-8")))
        for mark in ("**", "`", "|", "# ", "---"):
            assert mark not in text, f"{path.name} shows {mark!r}"


def test_the_rules_scene_draws_each_table_as_an_image_that_fits(app):
    import re

    import pygame

    from hexgames import games
    from hexgames.ui.rules_help import RulesHelpScene

    scene = RulesHelpScene(app, games.get("clans"))
    tags = re.findall(r'<img src="([^"]+/tables/[^"]+)"', scene.html())  # its pictures are others
    assert len(tags) == 1
    image = pygame.image.load(tags[0])
    assert 200 < image.get_width() <= app.screen.get_width() - 120
    assert image.get_height() > 6 * 20  # a header and five epochs


def test_fitted_fonts_are_remembered_per_text_and_width_and_still_fit():
    from hexgames.ui import draw as ui_draw

    pygame.font.init()
    fonts: dict = {}

    def font_for(size, bold=False):
        return fonts.setdefault((size, bold), pygame.font.Font(None, size))

    text = "A fairly long line of text to fit"
    wide = ui_draw.fit_text(font_for, text, 1000, 30)
    narrow = ui_draw.fit_text(font_for, text, 120, 30, 8)
    assert wide is fonts[(30, False)]
    assert narrow.size(text)[0] <= 120 and narrow is not wide
    assert ui_draw.fit_text(font_for, text, 120, 30, 8) is narrow
    fonts.clear()  # another set of fonts (a new app, a new language): fitted afresh, not the old ones
    again = ui_draw.fit_text(font_for, text, 120, 30, 8)
    assert again is not narrow and again in fonts.values() and again.size(text)[0] <= 120


def test_wrapped_text_gets_the_largest_font_that_keeps_it_within_its_lines():
    from hexgames.ui import draw as ui_draw

    pygame.font.init()
    fonts: dict = {}

    def font_for(size, bold=False):
        return fonts.setdefault((size, bold), pygame.font.Font(None, size))

    text = "a sentence long enough to need more than one line at the larger sizes of type"
    font, lines = ui_draw.fit_wrapped(font_for, text, 200, 3, 30, 8)
    size = next(k for (k, _), f in fonts.items() if f is font)
    assert 8 < size < 30 and len(lines) <= 3 and " ".join(lines) == text
    assert len(ui_draw.wrap(font_for(size + 1), text, 200)) > 3  # one size up needs a fourth line
    assert ui_draw.fit_wrapped(font_for, text, 200, 3, 30, 8) == (font, lines)  # remembered
