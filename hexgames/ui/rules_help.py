"""The in-app rules: `assets/rules/<stem>.<lang>.md` shown in a scrollable text box.

The rules are written as plain markdown by the game authors; this module turns the small subset we
use (headings, bullets, numbered items, **bold**, paragraphs, pipe tables) into pygame_gui's HTML
subset, so no markdown library is needed. pygame_gui's text box has no tables, so a table is drawn
as an image (`ui/table_image.py`) and placed in the text with an `<img>` tag.

A line `![caption](game:name)` shows the game's example position `name`, drawn by the game's own
scene (`ui/pictures.py`), with its caption beneath. The text opens with a contents list of its `##`
headings: a click on one scrolls the text to it (Home, or the Contents button, goes back up). A link
`[words](tutorial:<lesson>)` under a rule opens the game's tutorial at the step where that rule
happens (`tutorials.taught_at`).
"""
from __future__ import annotations

import html
import re
from typing import TYPE_CHECKING, Any, Callable

import pygame
import pygame_gui

from hexgames import paths
from hexgames.ui import html_lines, table_image
from hexgames.ui.scenes import Scene
from hexgames.ui.ui_scale import px

if TYPE_CHECKING:
    from hexgames.games import GameInfo
    from hexgames.ui.shell import Shell

HEADING_SIZES = {1: 6, 2: 5, 3: 4}  # pygame_gui <font size=N>
HTML_PX = {1: 8, 1.5: 9, 2: 10, 2.5: 11, 3: 12, 3.5: 13, 4: 14, 4.5: 16, 5: 18, 5.5: 20, 6: 24, 6.5: 32, 7: 48}  # its px


def heading_size(level: int, scale: float = 1.0) -> float:
    """The <font size=N> of a level-`level` heading whose type is closest to its size at scale 1
    grown by `scale` (the body's type grows with the theme; headings must stay larger than it)."""
    want = HTML_PX[HEADING_SIZES.get(level, 4)] * scale
    return min(HTML_PX, key=lambda n: (abs(HTML_PX[n] - want), n))
MEASURE = 1500  # the widest the rules' column grows
SHOW_ME = re.compile(r"\[([^\]]+)\]\(tutorial:(\w+)\)")  # [words](tutorial:lesson): the step showing it


def _inline(text: str) -> str:
    out = html.escape(text, quote=False)
    out = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", out)
    # *italic*, also between Japanese words (only Latin letters and digits around it mean a literal *)
    out = re.sub(r"(?<![A-Za-z0-9*])\*(?!\s)(.+?)(?<!\s)\*(?![A-Za-z0-9*])", r"<i>\1</i>", out)
    out = re.sub(r"`(.+?)`", r"\1", out)
    return SHOW_ME.sub(r'<a href="tutorial:\2">\1</a>', out)


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
PICTURE = re.compile(r"^!\[(.*)\]\(([a-z]+):([\w-]+)\)$")  # ![caption](game:name)
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


def caption_only(game: str, name: str, caption: str) -> str:
    """A picture where no image can be drawn: its caption alone."""
    return f"<i>{_inline(caption)}</i><br><br>" if caption else ""


def headings(md: str) -> list[str]:
    """The text of each `##` heading, in order (the contents list)."""
    return [re.sub(r"\*\*|`", "", m.group(1)).strip() for m in re.finditer(r"^##\s+(.*)$", md, re.M)]


def contents_html(md: str, title: str) -> str:
    """The contents list: each `##` heading as a link ("h0", "h1"...) the scene scrolls to."""
    items = headings(md)
    if not items:
        return ""
    links = " · ".join(f'<a href="h{i}">{html.escape(h, quote=False)}</a>' for i, h in enumerate(items))
    return f"<b>{html.escape(title, quote=False)}</b><br>{links}<br><br>"


def spaced_breaks(lead: str, text: str) -> str:
    """Where no fonts measure the text: a tiny space after 、 and 。, where pygame_gui may break."""
    return re.sub(r"([、。])(?=[^\s<])", r"\1<font size=1> </font>", text)


def markdown_to_html(md: str, table: Callable[[list[list[str]]], str] = text_table,
                     picture: Callable[[str, str, str], str] = caption_only, contents: str = "",
                     scale: float = 1.0, breaks: Callable[[str, str], str] = spaced_breaks) -> str:
    """Headings bold (and larger), bullets as •, numbered items kept, blank lines as paragraph breaks.
    Indented lines under an item continue that item (the rules files wrap long bullets). A pipe table
    (header row, `|---|` rule, rows) becomes whatever `table` makes of its rows of cells, a line
    `![caption](game:name)` whatever `picture(game, name, caption)` makes of it; `[words](tutorial:lesson)`
    in a line links to the tutorial's step that shows that rule (`show_me`). `contents` goes
    before the first `##` heading (after the title and its introduction). `breaks(lead, text)` puts
    the line breaks into a paragraph's HTML (`lead`: a list item's bullet before it)."""
    parts: list[str] = []
    rows: list[list[str]] = []  # the open table
    block: list[str] = []  # the open paragraph or list item
    block_head = ""  # "" for a paragraph, else the item's prefix ("• " or "2. ")

    def flush() -> None:
        nonlocal block_head
        if block:
            lead = f"\u00a0\u00a0{block_head}" if block_head else ""  # non-breaking: the bullet stays with its text
            text = breaks(lead, join_lines(block))
            if block_head:
                parts.append(f"{lead}{text}<br>")
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
        pic = PICTURE.match(stripped)
        if pic:
            flush()
            parts.append(picture(pic.group(2), pic.group(3), pic.group(1)))
            continue
        m = re.match(r"^(#{1,6})\s+(.*)$", stripped)
        if m:
            flush()
            if parts and parts[-1].endswith("<br>") and not parts[-1].endswith("<br><br>"):
                parts.append("<br>")  # a little air after a list
            if contents and len(m.group(1)) == 2:
                parts.append(contents)
                contents = ""
            size = heading_size(len(m.group(1)), scale)
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
    def __init__(self, app: "Shell", info: "GameInfo"):
        super().__init__(app)
        self.info = info
        self.back_button: Any = None
        self.contents_button: Any = None
        self.box: Any = None

    def markdown(self) -> str | None:
        path = rules_path(self.info.rules_help or self.info.id, self.app.settings.language)
        return None if path is None else path.read_text(encoding="utf-8")

    def html(self, text_width: int | None = None) -> str:
        """The rules as the text box's HTML; with `text_width` (the box's, in px) Japanese
        paragraphs come with their lines broken (`ui/html_lines.py`)."""
        md = self.markdown()
        if md is None:
            return html.escape(self.app.tr("ui.rules.missing"))
        width = self.column().w - 40  # the text box less its scroll bar and padding
        height = max(160, self.app.screen.get_height() // 3)  # pictures grow with the window (not capped at 300 px)

        def picture(game: str, name: str, caption: str) -> str:
            from hexgames.ui import pictures

            # narrower than the text box by its scroll bar and more: pygame_gui never finishes laying out
            # a row holding an image wider than the row
            return (pictures.html_img(self.app, game, name, width - 40, height, caption)
                    or caption_only(game, name, caption))

        return markdown_to_html(md, table=lambda rows: table_image.html_img(rows, self.app.font, width) or text_table(rows),
                                picture=picture, contents=contents_html(md, self.app.tr("learn.rules.contents")),
                                scale=self.app.scale, breaks=self._breaks(text_width))

    def _breaks(self, text_width: int | None) -> Callable[[str, str], str]:
        if text_width is None:
            return spaced_breaks
        size = int(self.app.ui.get_theme().get_font_info(["text_box"])["size"])
        return lambda lead, text: html_lines.break_html(text, text_width, lambda bold: self.app.font(size, bold), lead)

    def jump_to(self, index: int) -> bool:
        """Scroll the text so heading `index` (of `headings`) is at the top; False if not found."""
        md = self.markdown()
        names = headings(md) if md else []
        box = self.box
        if not 0 <= index < len(names) or box is None or box.text_box_layout is None or box.scroll_bar is None:
            return False
        layout = box.text_box_layout
        seen = 0  # the contents list names each heading once before the heading itself
        for row in layout.layout_rows:
            text = "".join(getattr(item, "text", "") for item in row.items).strip()
            if text == names[index]:
                seen += 1
                if seen == 1 and any(getattr(item, "href", None) for item in row.items):
                    continue
                box.scroll_bar.set_scroll_from_start_percentage(row.y / max(1, layout.layout_rect.height))
                return True
        return False

    def show_me(self, lesson: str) -> bool:
        """Open the game's tutorial at the step that shows `lesson` happen (a link in the rules)."""
        from hexgames.ui.tutorial import start_tutorial

        why = start_tutorial(self.app, self.info.id, lesson)
        if why is not None:
            self.app.notices.add(why, error=True)
        return True

    def to_top(self) -> None:
        if self.box is not None and self.box.scroll_bar is not None:
            self.box.scroll_bar.set_scroll_from_start_percentage(0.0)

    def column(self) -> pygame.Rect:
        """The text's column: the window less its margins, at most `MEASURE` wide and centred (a line
        across a whole large window is hard to follow back to its start)."""
        w = self.app.screen.get_width()
        width = min(w - 80, px(MEASURE, self.app.scale))
        return pygame.Rect((w - width) // 2, 0, width, 0)

    def enter(self) -> None:
        from pygame_gui.core import ObjectID
        from pygame_gui.elements import UIButton, UILabel, UITextBox

        self.app.preload_text_fonts()
        (w, h), s = self.app.screen.get_size(), self.app.scale  # large windows: larger type and buttons
        col, top, bw, bh = self.column(), px(76, s), px(220, s), px(48, s)
        title = self.app.tr("ui.rules.title", game=self.app.tr(f"{self.info.id}.title", default=self.info.title))
        self.widgets.append(UILabel(pygame.Rect(col.x, px(16, s), col.w, px(50, s)), title, self.app.ui,
                                    object_id=ObjectID(class_id="@heading")))
        self.box = UITextBox("", pygame.Rect(col.x, top, col.w, h - top - px(84, s)), self.app.ui,
                             allow_split_dashes=False)  # no hyphen: Japanese lines break between characters
        # the lines are broken for the box's width less the scroll bar that the rules always need
        self.box.set_text(self.html(self.box.text_wrap_rect.w - self.box.scroll_bar_width))
        by = h - px(68, s)
        self.contents_button = UIButton(pygame.Rect(w // 2 - bw - 10, by, bw, bh), self.app.tr("learn.rules.contents"),
                                        self.app.ui, tool_tip_text=self.app.tr("learn.tip.contents"))
        self.back_button = UIButton(pygame.Rect(w // 2 + 10, by, bw, bh), self.app.tr("ui.rules.back"),
                                    self.app.ui, object_id=ObjectID(class_id="@primary"))
        self.widgets += [self.box, self.contents_button, self.back_button]

    def handle(self, event: pygame.event.Event) -> bool:
        if (event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back_button) or (
                event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.app.scenes.pop()
            return True
        if (event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.contents_button) or (
                event.type == pygame.KEYDOWN and event.key == pygame.K_HOME):
            self.to_top()
            return True
        if event.type == pygame_gui.UI_TEXT_BOX_LINK_CLICKED and event.ui_element is self.box:
            target = str(event.link_target)
            if target.startswith("tutorial:"):
                return self.show_me(target.partition(":")[2])
            return target[1:].isdigit() and self.jump_to(int(target[1:]))
        return False

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(self.app.BG)
