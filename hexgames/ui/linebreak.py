"""Where a line of text may break, by the rules Japanese typesetting follows (kinsoku shori), and
the greedy filling of lines from those places. No pygame: the caller measures.

English breaks at spaces. Japanese is written without spaces and may break between any two
characters, except that a line never starts with closing punctuation, a closing bracket, a small
kana or a prolonged sound mark, and never ends with an opening bracket; a run of Latin letters and
digits stays whole ("CPU", "+12"), a number keeps its counter ("1枚"), and a short phrase in
brackets (a button's name: 「次へ」) is never split. No hyphen is ever added.

`units` gives the pieces a line may break between; `line_spans` fills lines with them, measuring
with whatever the caller has (one font, or the styles of a formatted text).
"""
from __future__ import annotations

from typing import Callable

NO_LINE_START = frozenset(
    "、。，．・：；？！ー…‥々ゝゞヽヾ〜～"  # punctuation, iteration and prolonged sound marks
    "）」』】〉》〕］｝〙〗〟’”｠"  # closing brackets and quotes
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ"  # small kana
    ",.:;!?)]}%％")
NO_LINE_END = frozenset("（「『【〈《〔［｛〘〖〝‘“｟([{")  # opening brackets stay with what they open
CLOSING = {"「": "」", "『": "』", "（": "）", "【": "】", "〈": "〉", "《": "》", "〔": "〕", "［": "］", "(": ")"}
WHOLE_BRACKET = 8  # a bracketed phrase of up to this many characters stays on one line

Span = tuple[int, int]  # [start, end) in the paragraph


def is_wide(ch: str) -> bool:
    """Kana, kanji and full-width punctuation: scripts that may break between any two characters."""
    return ord(ch) >= 0x3000


def units(para: str) -> list[Span]:
    """The pieces of one paragraph (no newline) a line may break between, as spans; a space between
    two pieces is in neither (it is where the line breaks, and is dropped there)."""
    out: list[Span] = []
    start = 0
    for word in para.split(" "):
        out += _word_units(word, start) if any(is_wide(ch) for ch in word) else ([(start, start + len(word))] if word else [])
        start += len(word) + 1
    return out


def _word_units(word: str, offset: int) -> list[Span]:
    """The pieces of a word written without spaces (see the module docstring)."""
    out: list[Span] = []
    prev = ""
    i = 0
    while i < len(word):
        piece = _piece_at(word, i)
        first = piece[0]
        glued = out and out[-1][1] == offset + i and (
            first in NO_LINE_START or prev in NO_LINE_END
            or (prev and not is_wide(prev) and (not is_wide(first) or prev.isdigit())))
        if glued:
            out[-1] = (out[-1][0], offset + i + len(piece))
        else:
            out.append((offset + i, offset + i + len(piece)))
        prev = piece[-1]
        i += len(piece)
    return out


def _piece_at(word: str, i: int) -> str:
    """The character at `i`, or the whole of a short bracketed phrase that opens there."""
    close = CLOSING.get(word[i])
    if close is not None:
        end = word.find(close, i + 1)
        if 0 < end - i <= WHOLE_BRACKET + 1:
            return word[i:end + 1]
    return word[i]


def line_spans(para: str, width: float, measure: Callable[[int, int], float],
               first_width: float | None = None) -> list[Span]:
    """The lines of one paragraph, as spans, filled greedily: each takes as many pieces as fit in
    `width` (the first line in `first_width`, when it is indented), measured by `measure(start, end)`
    (the width of para[start:end]); a piece wider than a whole line has a line of its own."""
    lines: list[Span] = []
    line: Span | None = None
    for start, end in units(para):
        room = first_width if first_width is not None and not lines else width
        if line is None:
            line = (start, end)
        elif measure(line[0], end) <= room:
            line = (line[0], end)
        else:
            lines.append(line)
            line = (start, end)
    lines.append(line if line is not None else (0, 0))
    return lines
