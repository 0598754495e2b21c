"""The theme as it renders: text in list items (drop-down menus, the file dialog) is not clipped.

pygame_gui 0.6 gives every list item a fixed 20 px, less than Noto Sans JP's line height, so by
default the bottoms of g, j, p, q and y were cut off ("Easv", "autosave.ison")."""
from __future__ import annotations

import pygame
import pytest

SAMPLE = "gjpqy Easy.json 漢字"


def _ink_rows(surface: pygame.Surface, rect: pygame.Rect, background: tuple[int, int, int]) -> tuple[int, int]:
    """The first and last pixel rows in `rect` that hold text (pixels far from the background)."""
    rows = [y for y in range(rect.top, rect.bottom)
            if any(sum(abs(a - b) for a, b in zip(surface.get_at((x, y))[:3], background)) > 120
                   for x in range(rect.left + 2, rect.right - 2))]
    return rows[0], rows[-1]


@pytest.mark.parametrize("language", ["en", "ja"])
def test_list_items_show_whole_letters(language):
    from pygame_gui.elements import UISelectionList

    from tests.drive import make_app

    app = make_app(language)
    lst = UISelectionList(pygame.Rect(20, 20, 420, 120), [SAMPLE, "second"], app.ui)
    app.step(1 / 60)
    app.draw()
    item = lst.item_list_container.elements[0]
    background = app.screen.get_at((item.rect.right - 4, item.rect.centery))[:3]
    top, bottom = _ink_rows(app.screen, item.rect, background)
    font_size = int(app.ui.get_theme().get_font_info(item.combined_element_ids)["size"])
    text = app.font(font_size).render(SAMPLE, True, (230, 233, 239))  # the theme's text colour
    reference = pygame.Surface((text.get_width() + 8, text.get_height() + 8))
    reference.fill(background)
    reference.blit(text, (4, 4))
    ref_top, ref_bottom = _ink_rows(reference, reference.get_rect(), background)
    assert bottom - top >= ref_bottom - ref_top - 1, "the item cut off part of its text"
    lst.kill()
    app.shutdown()
