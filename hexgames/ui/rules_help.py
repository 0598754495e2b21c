"""The in-app rules: `assets/rules/<stem>.<lang>.md` shown in a scrollable text box.

The rules are written as plain markdown by the game authors; this module turns the small subset we
use (headings, bullets, numbered items, **bold**, paragraphs, pipe tables) into pygame_gui's HTML
subset, so no markdown library is needed. pygame_gui's text box has no tables, so a table is drawn
as an image (`ui/table_image.py`) and placed in the text with an `<img>` tag.
"""
from __future__ import annotations

import html
import re
from typing import TYPE_CHECKING, Any, Callable

import pygame
import pygame_gui

from hexgames import paths
from hexgames.ui import table_image
from hexgames.ui.scenes import Scene

if TYPE_CHECKING:
    from hexgames.app import App
    from hexgames.games import GameInfo

HEADING_SIZES = {1: 6, 2: 5, 3: 4}  # pygame_gui <font size=N>


def _inline(text: str) -> str:
    out = html.escape(text, quote=False)
    out = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", out)
    out = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"<i>\1</i>", out)
    out = re.sub(r"`(.+?)`", r"\1", out)
    return out


def _is_wide(ch: str) -> bool:
    """Kana, kanji and full-width punctuation: scripts written without spaces between words."""
    return ord(ch) >= 0x3000


def join_lines(lines: list[str]) -> str:
    """Join the wrapped source lines of one paragraph. Japanese is written without spaces, and the
    text box breaks lines at spaces, so a space where two Japanese lines meet would show up as a
    forced line break; there the lines are joined directly and the box wraps by characters."""
    out = lines[0] if lines else ""
    for nxt in lines[1:]:
        left, right = re.sub(r"<[^>]+>", "", out), re.sub(r"<[^>]+>", "", nxt)
        wide = (left and _is_wide(left[-1])) or (right and _is_wide(right[0]))
        out += nxt if wide else " " + nxt
    return out


TABLE_ROW = re.compile(r"^\|(.*)\|$")
TABLE_RULE = re.compile(r"^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?$")


def table_cells(line: str) -> list[str]:
    """The cells of one `| a | b |` row, inline markup removed (a table cell is plain text)."""
    inner = TABLE_ROW.match(line.strip()).group(1)
    return [re.sub(r"\*\*|`", "", c).strip() for c in inner.split("|")]


def text_table(rows: list[list[str]]) -> str:
    """A table as lines of text, for where no image can be drawn: each row names its columns."""
    head, body = rows[0], rows[1:]
    lines = [" · ".join(f"{h}: {c}" if h else c for h, c in zip(head, row)) for row in body]
    return "".join(f"\u00a0\u00a0{html.escape(line, quote=False)}<br>" for line in lines) + "<br>"


def markdown_to_html(md: str, table: Callable[[list[list[str]]], str] = text_table) -> str:
    """Headings bold (and larger), bullets as •, numbered items kept, blank lines as paragraph breaks.
    Indented lines under an item continue that item (the rules files wrap long bullets). A pipe table
    (header row, `|---|` rule, rows) becomes whatever `table` makes of its rows of cells."""
    parts: list[str] = []
    rows: list[list[str]] = []  # the open table
    block: list[str] = []  # the open paragraph or list item
    block_head = ""  # "" for a paragraph, else the item's prefix ("• " or "2. ")

    def flush() -> None:
        nonlocal block_head
        if block:
            text = re.sub(r"([、。])(?=[^\s<])", r"\1<font size=1> </font>", join_lines(block))  # break points
            if block_head:
                # non-breaking spaces keep the bullet on the line of its text
                parts.append(f"\u00a0\u00a0{block_head}{text}<br>")
            else:
                parts.append(f"{text}<br><br>")
            block.clear()
        block_head = ""

    def flush_table() -> None:
        if rows:
            parts.append(table(list(rows)))
            rows.clear()

    for raw in md.splitlines():
        line = raw.rstrip()
        stripped = line.strip()
        if TABLE_ROW.match(stripped):
            flush()
            if not TABLE_RULE.match(stripped):
                rows.append(table_cells(stripped))
            continue
        flush_table()
        if not stripped or re.match(r"^(-{3,}|\*{3,})$", stripped):
            flush()
            continue
        m = re.match(r"^(#{1,6})\s+(.*)$", stripped)
        if m:
            flush()
            if parts and parts[-1].endswith("<br>") and not parts[-1].endswith("<br><br>"):
                parts.append("<br>")  # a little air after a list
            size = HEADING_SIZES.get(len(m.group(1)), 4)
            parts.append(f"<font size={size}><b>{_inline(m.group(2))}</b></font><br>")
            continue
        bullet = re.match(r"^([-*+])\s+(.*)$", stripped)
        number = re.match(r"^(\d+)[.)]\s+(.*)$", stripped)
        if bullet or number:
            flush()
            block_head = "•\u00a0" if bullet else f"{number.group(1)}.\u00a0"
            block.append(_inline((bullet or number).group(2)))
            continue
        block.append(_inline(stripped))  # continues the open item or paragraph
    flush()
    flush_table()
    return "".join(parts)


def rules_path(stem: str, lang: str):
    """The file for `lang`, falling back to English."""
    for code in (lang, "en"):
        path = paths.RULES_HELP / f"{stem}.{code}.md"
        if path.is_file():
            return path
    return None


class RulesHelpScene(Scene):
    def __init__(self, app: "App", info: "GameInfo"):
        super().__init__(app)
        self.info = info
        self.back_button: Any = None
        self.box: Any = None

    def html(self) -> str:
        path = rules_path(self.info.rules_help or self.info.id, self.app.settings.language)
        if path is None:
            return html.escape(self.app.tr("ui.rules.missing"))
        width = self.app.screen.get_width() - 80 - 40  # the text box less its scroll bar and padding
        return markdown_to_html(path.read_text(encoding="utf-8"),
                                table=lambda rows: table_image.html_img(rows, self.app.font, width))

    def enter(self) -> None:
        from pygame_gui.core import ObjectID
        from pygame_gui.elements import UIButton, UILabel, UITextBox

        self.app.preload_text_fonts()
        w, h = self.app.screen.get_size()
        col = pygame.Rect(40, 0, w - 80, 0)
        title = self.app.tr("ui.rules.title", game=self.app.tr(f"{self.info.id}.title", default=self.info.title))
        self.widgets.append(UILabel(pygame.Rect(col.x, 16, col.w, 50), title, self.app.ui,
                                    object_id=ObjectID(class_id="@heading")))
        self.box = UITextBox(self.html(), pygame.Rect(col.x, 76, col.w, h - 76 - 84), self.app.ui,
                             allow_split_dashes=False)  # Japanese lines break between characters
        self.back_button = UIButton(pygame.Rect(w // 2 - 110, h - 68, 220, 48), self.app.tr("ui.rules.back"),
                                    self.app.ui, object_id=ObjectID(class_id="@primary"))
        self.widgets += [self.box, self.back_button]

    def handle(self, event: pygame.event.Event) -> bool:
        if (event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back_button) or (
                event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.app.scenes.pop()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(self.app.BG)
