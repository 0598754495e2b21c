"""What pygame_gui does not do with the app's words, done before it lays them out: one place for
every screen, so a button or a tool tip any screen makes (a game's own too) fits its words.

- Tool tips: pygame_gui breaks a tool tip's lines only at spaces and, in its 170 px box, cuts
  Japanese every five or six characters with a hyphen at each end. Here tool tips are wider
  (`TIP_WIDTH`), and one with Japanese in it comes with its lines broken by the usual rules
  (`ui/linebreak.py`) as `<br>`, measured in the tool tip's own font: pygame_gui has nothing to cut.
- Button labels: pygame_gui draws a label on one line in the theme's size, past the button's edges
  when it is longer ("もう一度" on a narrow button). Here a label that does not fit is drawn in the
  largest smaller size that does (a theme entry per size, `#fit_<size>`, added when first needed,
  bold for a bold button); only a label that does not fit even at `MIN_SIZE` is cut short with "…".
- Field hints: pygame_gui draws a text field's placeholder ("e.g. Ann") in the colour of typed text,
  so an empty field looks filled in. Here an empty field's hint is in its dimmed text colour.
"""
from __future__ import annotations

import html
import weakref
from typing import Any, Callable

import pygame
import pygame_gui

from hexgames.ui import linebreak

TIP_WIDTH = 320  # px: a tool tip's box (pygame_gui's default is 170)
TIP_INSET = 34  # px of the box that are not text: the text box's padding, border and round corners
TIP_FONT = 16  # the theme's text box size, which a tool tip's text is drawn in
TIP_SAFETY = 6  # px a pre-broken line stays inside, for pygame_gui's own rounding
LABEL_PAD = 6  # px kept clear at each side of a button's label
MIN_SIZE = 11  # the smallest type a label is shrunk to
FONT_FILES = {False: "NotoSansJP-Regular.otf", True: "NotoSansJP-Bold.otf"}


def tip_html(text: str, width: int, font: Any) -> str:
    """A tool tip's text with its lines broken for a box `width` px wide when it has Japanese in it
    (and no markup of its own); as it was otherwise."""
    if "<" in text or not any(linebreak.is_wide(ch) for ch in text):
        return text
    lines: list[str] = []
    for para in text.split("\n"):
        spans = linebreak.line_spans(para, width - TIP_SAFETY, lambda a, b, p=para: font.size(p[a:b])[0])
        lines += [para[a:b] for a, b in spans]
    return "<br>".join(html.escape(line, quote=False) for line in lines)


def label_fit(label: str, room: tuple[int, int], start: int, bold: bool,
              font_for: Callable[[int, bool], Any]) -> tuple[int, str]:
    """The largest size from `start` down to `MIN_SIZE` at which `label` fits `room` (width, height
    of the button's inside), and the label (cut with "…" only if even `MIN_SIZE` is too wide)."""
    w, h = room
    size = start
    while size > MIN_SIZE and (font_for(size, bold).size(label)[0] > w or font_for(size, bold).get_linesize() > h + 6):
        size -= 1
    font = font_for(size, bold)
    if font.size(label)[0] <= w:
        return size, label
    cut = label
    while cut and font.size(cut.rstrip() + "…")[0] > w:
        cut = cut[:-1]
    return size, cut.rstrip() + "…"


def labelled(element: Any) -> bool:
    """A button whose label is words: a screen's own, or the choice a drop-down shows (not a
    drop-down's arrow, a list's items or a window's close button)."""
    return isinstance(element, pygame_gui.elements.UIButton) and (
        element.parent_element is None or "@selected_option" in element.class_ids)


class Manager(pygame_gui.UIManager):
    """The app's pygame_gui manager: pygame_gui's, with the tool tips and button labels above.
    `font_for(size, bold)` gives the theme's typeface (Noto Sans JP) at a size, for measuring."""

    def __init__(self, *args: Any, font_for: Callable[[int, bool], Any], **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.font_for = font_for
        self._fitted: "weakref.WeakKeyDictionary[Any, tuple[str, tuple[int, int]]]" = weakref.WeakKeyDictionary()
        self._origin: "weakref.WeakKeyDictionary[Any, tuple[str | None, int, bool]]" = weakref.WeakKeyDictionary()
        self._sizes: set[str] = set()  # the "#fit_..." theme entries added so far
        self._hinting: "weakref.WeakKeyDictionary[Any, Any]" = weakref.WeakKeyDictionary()  # field -> its text colour
        self.cut: "weakref.WeakKeyDictionary[Any, str]" = weakref.WeakKeyDictionary()  # button -> its whole
        # label, where even the smallest type could not hold it (what a test of a screen looks for)

    def create_tool_tip(self, text: str, position: tuple[int, int], hover_distance: tuple[int, int],
                        parent_element: Any, object_id: Any, *, wrap_width: int | None = None,
                        text_kwargs: dict[str, str] | None = None) -> Any:
        width = min(wrap_width or TIP_WIDTH, self.window_resolution[0] - 20)
        text = tip_html(text, width - TIP_INSET, self.font_for(TIP_FONT, False))
        return super().create_tool_tip(text, position, hover_distance, parent_element, object_id,
                                       wrap_width=width, text_kwargs=text_kwargs)

    def draw_ui(self, window_surface: pygame.Surface) -> None:
        self.fit_labels()
        self.dim_hints()
        super().draw_ui(window_surface)

    def dim_hints(self) -> None:
        """An empty text field with a hint shows it dimmed; typed text has the field's own colour."""
        for field in self.get_sprite_group().sprites():
            if not isinstance(field, pygame_gui.elements.UITextEntryLine) or not field.placeholder_text:
                continue
            empty = field.get_text() == ""
            if empty == (field in self._hinting):
                continue
            if empty:
                self._hinting[field] = field.text_colour
                field.text_colour = field.disabled_text_colour
            else:
                field.text_colour = self._hinting.pop(field)
            field.rebuild()

    def fit_labels(self) -> None:
        """Every labelled button whose label or size changed since it was last fitted: its label in a
        size that fits."""
        for element in self.get_sprite_group().sprites():
            if labelled(element) and self._fitted.get(element) != (element.text, element.rect.size):
                self._fit(element)
                self._fitted[element] = (element.text, element.rect.size)

    def _fit(self, button: Any) -> None:
        """The button's label in the largest size, up to its theme's, that fits (its theme's own
        entry again when that one does)."""
        font = button.font
        object_id, start, bold = self._origin.setdefault(
            button, (button.object_ids[-1], int(getattr(font, "point_size", 17)), bool(getattr(font, "bold", False))))
        label = button.text
        if not label.strip():
            return
        size, shown = label_fit(label, (button.rect.w - 2 * LABEL_PAD, button.rect.h - 4), start, bold, self.font_for)
        wanted = object_id if size == start else self._size_id(size, bold)
        if button.object_ids[-1] != wanted:
            button.change_object_id(pygame_gui.core.ObjectID(object_id=wanted, class_id=button.class_ids[-1]))
        if shown != label:
            self.cut[button] = label
            button.set_text(shown)

    def _size_id(self, size: int, bold: bool) -> str:
        """The theme entry of a button label `size` px (bold or not), added to the theme when first asked."""
        name = f"#fit_{size}{'_bold' if bold else ''}"
        if name not in self._sizes:
            style = {"name": "noto_sans_jp", "size": str(size), "bold": "1" if bold else "0",
                     **{f"{kind}_resource": {"package": "pygame_gui.data", "resource": FONT_FILES[b]}
                        for kind, b in (("regular", False), ("bold", True), ("italic", False), ("bold_italic", True))}}
            self.get_theme().load_theme({name: {"font": style}})
            self._sizes.add(name)
        return name
