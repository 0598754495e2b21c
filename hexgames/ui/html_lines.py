"""Line breaks put into pygame_gui's HTML text before pygame_gui lays it out, for Japanese.

pygame_gui breaks a line of a text box only at spaces: Japanese, written without them, is either
hyphenated between any two characters or, without hyphens, moved whole to the next line when a run
of it follows a bold word (leaving half-empty lines), and nothing keeps 。 or 」 off the start of a
line. So a paragraph with Japanese in it is broken here, by `ui/linebreak.py`'s rules, measured in
the fonts the box draws it with (bold where it is bold), and each break written as `<br>`: every
line is as full as it may be and pygame_gui has nothing left to break.
"""
from __future__ import annotations

import re
from typing import Any, Callable

from hexgames.ui import linebreak

SAFETY = 8  # px a pre-broken line stays inside the box, for the rounding of pygame_gui's own measures
TAG = re.compile(r"<[^>]*>")
ENTITY = re.compile(r"&(amp|lt|gt|quot|#\d+);")
ENTITIES = {"amp": "&", "lt": "<", "gt": ">", "quot": '"'}


def plain(inline: str) -> tuple[str, list[bool], list[int]]:
    """The text of `inline` HTML as it shows, whether each character is bold, and where each one
    is in the HTML (a tag is no character, an entity one)."""
    chars: list[str] = []
    bold: list[bool] = []
    where: list[int] = []
    depth = 0
    i = 0
    while i < len(inline):
        tag = TAG.match(inline, i)
        if tag:
            name = tag.group(0).lower()
            depth += 1 if name == "<b>" else -1 if name == "</b>" else 0
            i = tag.end()
            continue
        entity = ENTITY.match(inline, i)
        ch = inline[i] if entity is None else _entity(entity.group(1))
        chars.append(ch)
        bold.append(depth > 0)
        where.append(i)
        i = entity.end() if entity else i + 1
    return "".join(chars), bold, where


def _entity(name: str) -> str:
    return chr(int(name[1:])) if name.startswith("#") else ENTITIES[name]


def break_html(inline: str, width: float, font_for: Callable[[bool], Any], lead: str = "") -> str:
    """`inline` (a paragraph's HTML: text with <b>, <i>) with `<br>` where its lines break in a box
    `width` px wide, after `lead` (a list item's bullet, on the first line); unchanged if it has no
    Japanese (pygame_gui breaks English at its spaces well)."""
    text, bold, where = plain(inline)
    if not any(linebreak.is_wide(ch) for ch in text):
        return inline
    room = width - SAFETY

    def measure(a: int, b: int) -> float:
        total, i = 0.0, a
        while i < b:
            j = i
            while j < b and bold[j] == bold[i]:
                j += 1
            total += font_for(bold[i]).size(text[i:j])[0]
            i = j
        return total

    spans = linebreak.line_spans(text, room, measure, room - font_for(False).size(lead)[0])
    out = inline
    for (_, end), (start, _) in reversed(list(zip(spans, spans[1:]))):
        cut_from, cut_to = where[end] if end < len(where) else len(inline), where[start]
        out = out[:cut_from] + _without_spaces(out[cut_from:cut_to]) + "<br>" + out[cut_to:]
    return out


def _without_spaces(html: str) -> str:
    """The spaces where a line breaks dropped, the tags among them kept."""
    return re.sub(r"(<[^>]*>)| ", lambda m: m.group(1) or "", html)
