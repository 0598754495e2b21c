"""Sticker Turf's words as a player reads them, in English and Japanese: counts in the language's plural
forms, each kind of move as the log and the AI's move line tell it to the watching player, and how the
game ended."""
from __future__ import annotations

import pytest

from hexgames.games.stickers.catalogue import PEEK
from hexgames.games.stickers.rules import Block, Place, Reorder, counted
from tests.drive import make_app
from tests.games.stickers.boards import RULES, board, dealt, lay, yellow_ten


@pytest.fixture(scope="module")
def app():
    application = make_app("en")
    yield application
    application.shutdown()


def words(app, reason, language: str = "en") -> str:
    app.set_language(language)
    try:
        return app.tr_reason(reason)
    finally:
        app.set_language("en")


def test_counts_take_the_plural_forms_of_each_language(app):
    assert [words(app, counted("corners", n)) for n in (0, 1, 2)] == ["0 corners", "1 corner", "2 corners"]
    assert [words(app, counted("territories", n)) for n in (1, 3)] == ["1 territory", "3 territories"]
    assert [words(app, counted("corners", n), "ja") for n in (1, 2)] == ["1スミ", "2スミ"]
    assert [app.tr("stickers_ui.panel.fits", count=n) for n in (1, 9)] == ["fits on 1 cell", "fits on 9 cells"]
    assert [app.tr("stickers_ui.panel.deck", count=n) for n in (1, 2)] == ["1 sticker left", "2 stickers left"]
    app.set_language("ja")
    try:
        assert app.tr("stickers_ui.panel.deck", count=1) == "ヤマの残り1枚"
    finally:
        app.set_language("en")


def test_a_placement_says_what_it_founded_won_and_cancelled_for_the_viewer(app):
    s = board({(0, 0): ("RRYR", 0), (1, 0): ("RRRY", 1), (0, 1): ("RYRR", 0)})
    s.drawn, s.phase, s.current = lay("RRYR"), "place", 1  # player 2 founds yellow at (1, 1)
    found = RULES.describe(s, Place(1, 1), 0)
    assert words(app, found) == "placed 3 red + 1 yellow (founded a territory, +4 corners)"
    assert words(app, found, "ja") == "赤×3＋黄×1をおいた（ナワバリ成立、+4スミ）"
    s = board(yellow_ten())
    RULES.put(s, 2, 0, lay("RRRY"), 1)
    s.drawn, s.phase, s.current = lay("RRYR"), "place", 1  # player 2 founds inside player 1's 11
    mine = RULES.describe(s, Place(2, 1), 0)  # told to player 1, whose corners go
    assert words(app, mine) == "placed 3 red + 1 yellow (cancelled 11 corners of yours)"
    assert words(app, mine, "ja") == "赤×3＋黄×1をおいた（あなたの11スミを取り消し）"
    assert words(app, RULES.describe(s, Place(2, 1), None)) == \
        "placed 3 red + 1 yellow (cancelled 11 corners of the rival's)"
    s.drawn = lay("RRRR")
    assert words(app, RULES.describe(s, Place(3, 0), 0)) == "placed 4 red"


def test_a_block_says_when_it_shuts_a_cell_beside_the_viewers_stickers(app):
    s = board({(0, 0): ("YYYY", 0)})
    s.phase, s.current = "block", 1
    assert words(app, RULES.describe(s, Block(1, 0), 0)) == "blocked a cell beside your stickers (Block)"
    assert words(app, RULES.describe(s, Block(1, 0), 0), "ja") == "あなたのシールのとなりのマスをふさいだ（通せんぼ）"
    assert words(app, RULES.describe(s, Block(1, 0), 1)) == "blocked a cell (Block)"


def test_a_peek_keeps_its_order_from_the_other_seat(app):
    s = dealt([[lay("YYYY")] * 3, [lay("RRRR"), lay("BBBB"), PEEK, lay("GGGG")]], starter=1)
    s = RULES.play(s, Place(0, 0))  # player 2's green in the centre, then player 1 ...
    while s.phase != "peek" and not RULES.is_over(s):
        s = RULES.play(s, RULES.legal_moves(s)[0])
    assert s.phase == "peek" and s.current == 1
    order = Reorder((1, 0))
    assert words(app, RULES.describe(s, order, 0)) == "ordered the top 2 stickers (Peek)"
    assert words(app, RULES.describe(s, order, 0), "ja") == "ヤマの上2枚の順番をきめた（のぞき見）"
    assert words(app, RULES.describe(s, order, 1)) == "put 4 red, 4 blue on top (Peek)"


def test_the_results_name_the_ending_in_both_languages(app):
    s = dealt([[lay("RRRR")] * 2 + [lay("YYYY")], [lay("BBBB")] * 3])
    s = RULES.play(s, Place(0, 0))
    summary = RULES.outcome(s).summary
    assert words(app, summary) == "No sticker left fits anywhere. A draw: both hold 0 corners."
    assert words(app, summary, "ja") == "どのシールももうおけません。引き分け：どちらも0スミです。"
    assert words(app, RULES.outcome(s).details[0], "ja") == "ナワバリ0つ、0スミ"
