"""Tool tips in Japanese: broken into lines by the usual rules, never hyphenated (`ui/widget_text.py`),
shown as a player sees them: the pointer rests on a menu card until its tip comes up."""
from __future__ import annotations

import pygame
import pygame_gui
import pytest

from hexgames.ui import linebreak
from tests.drive import make_app, post, step


def _hover_tip(app, widget, where: tuple[int, int]):
    """Rest the pointer on `widget` at `where` until its tool tip shows; the tip."""
    pygame.mouse.set_pos(where)
    post(pygame.MOUSEMOTION, pos=where, rel=(0, 0), buttons=(0, 0, 0))
    for _ in range(240):
        step(app)
        tips = [el for el in app.ui.get_sprite_group().sprites() if isinstance(el, pygame_gui.elements.UITooltip)]
        if tips:
            return tips[0]
    raise AssertionError("no tool tip came up")


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_a_menu_card_s_japanese_tip_breaks_by_the_rules_without_hyphens(size):
    app = make_app("ja")
    try:
        app.resize(size)
        step(app, 2)
        menu = app.scenes.top
        card, info = next((b, i) for b, i in menu.game_buttons.items() if i.id == "ingenious")
        tip = _hover_tip(app, card, (card.rect.x + 30, card.rect.centery))
        rows = ["".join(getattr(item, "text", "") for item in row.items) for row in tip.text_block.text_box_layout.layout_rows]
        description = app.tr("ingenious.description")
        assert "".join(rows) == description, rows  # every character, and nothing added (no "-")
        assert len(rows) >= 2 and not any(row[:1] in linebreak.NO_LINE_START for row in rows[1:]), rows
        width = tip.text_block.text_wrap_rect.w
        assert all(row.width <= width for row in tip.text_block.text_box_layout.layout_rows)
        assert tip.rect.w > 170  # wider than pygame_gui's own 170 px box: a few lines, not many
    finally:
        app.shutdown()


def test_an_english_tip_is_left_to_pygame_gui_which_breaks_it_at_spaces():
    from hexgames.ui.widget_text import tip_html

    text = "Set up a game: players, mode and options"
    assert tip_html(text, 100, None) == text
    assert tip_html("<b>太字</b>のヒント", 100, None) == "<b>太字</b>のヒント"  # markup of its own: as it is
