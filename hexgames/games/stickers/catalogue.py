"""Sticker Turf's stickers (RULES.md §5, Components): the catalogue, rarities, helpers and decks.

Why a sticker is a small int: states copy their decks thousands of times a second in AI playouts, and
an int compares, hashes and encodes for free. Ids 0..255 are the corner layouts: the colours of the
top-left, top-right, bottom-right and bottom-left corners (as seen by the sticker's owner) packed two
bits each, `TL*64 + TR*16 + BR*4 + BL`. Ids 256..259 are the four helper stickers.

Deck rules live here as one function, `add_problem`, that both the rules (`check` of a pick) and the
deck builder (live validation of the slots) ask, so the reasons a player reads are the same
everywhere. No pygame.
"""
from __future__ import annotations

import random
from typing import Sequence

from hexgames.core.protocol import Reason, reasons

RED, BLUE, YELLOW, GREEN = range(4)
COLOUR_NAMES = ("red", "blue", "yellow", "green")
LAYOUTS = 256
JUMP, DOUBLE, PEEK, BLOCK = range(LAYOUTS, LAYOUTS + 4)
HELPERS = (JUMP, DOUBLE, PEEK, BLOCK)
HELPER_NAMES = {JUMP: "jump", DOUBLE: "double", PEEK: "peek", BLOCK: "block"}
ALL_STICKERS = tuple(range(LAYOUTS + len(HELPERS)))
SR, R, N, HELPER = "SR", "R", "N", "helper"
DECK_SIZE = {"standard": 8, "solo": 16}


def corners(layout: int) -> tuple[int, int, int, int]:
    """The colours of a layout's corners: top-left, top-right, bottom-right, bottom-left."""
    return (layout >> 6) & 3, (layout >> 4) & 3, (layout >> 2) & 3, layout & 3


def layout_of(tl: int, tr: int, br: int, bl: int) -> int:
    return tl * 64 + tr * 16 + br * 4 + bl


def turned(layout: int) -> int:
    """The same sticker seen from the opposite side of the table (turned 180 degrees)."""
    tl, tr, br, bl = corners(layout)
    return layout_of(br, bl, tl, tr)


def is_helper(sticker: int) -> bool:
    return sticker >= LAYOUTS


def rarity(sticker: int) -> str:
    """SR: one colour on all four corners; R: three of one colour and one other; N: the rest."""
    if is_helper(sticker):
        return HELPER
    most = max(corners(sticker).count(c) for c in range(4))
    return SR if most == 4 else R if most == 3 else N


RARITY = tuple(rarity(s) for s in ALL_STICKERS)
BY_RARITY = {r: tuple(s for s in ALL_STICKERS if RARITY[s] == r) for r in (SR, R, N, HELPER)}


def limits(size: int) -> tuple[int, int]:
    """(most helpers, most SR) for a deck of `size`: 2 each in a deck of 8, twice that in solo's 16."""
    k = max(1, size // 4)
    return k, k


LAYOUT_LIMIT = 2  # at most 2 stickers of one corner layout among SR and R


_reason = reasons("stickers")


def add_problem(picks: Sequence[int], sticker: object, size: int) -> Reason | None:
    """Why `sticker` may not join a deck that already holds `picks` (None if it may)."""
    if type(sticker) is not int or not 0 <= sticker < len(ALL_STICKERS):
        return _reason("no_such_sticker", "There is no such sticker.")
    if len(picks) >= size:
        return _reason("deck_full", "The deck already holds {size} stickers.", size=size)
    helpers, srs = limits(size)
    kind = RARITY[sticker]
    if kind == HELPER and sum(1 for p in picks if RARITY[p] == HELPER) >= helpers:
        return _reason("too_many_helpers", "A deck holds at most {n} helper stickers.", n=helpers)
    if kind == SR and sum(1 for p in picks if RARITY[p] == SR) >= srs:
        return _reason("too_many_sr", "A deck holds at most {n} SR stickers.", n=srs)
    if kind in (SR, R) and sum(1 for p in picks if p == sticker) >= LAYOUT_LIMIT:
        return _reason("too_many_same", "Among SR and R stickers, at most 2 may share one corner layout.")
    return None


def deck_problem(stickers: Sequence[int], size: int) -> Reason | None:
    """Why `stickers` is not a complete legal deck of `size` (None if it is)."""
    for i, s in enumerate(stickers):
        why = add_problem(stickers[:i], s, size)
        if why is not None:
            return why
    if len(stickers) < size:
        return _reason("deck_short", "A deck needs {size} stickers; {missing} more to choose.",
                       size=size, missing=size - len(stickers))
    return None


def quick_deck(rng: random.Random, size: int = 8) -> list[int]:
    """The quick-play deck: per 8 stickers 1 SR, 2 R, 3 N and 2 helpers, chosen at random."""
    k = size // 8
    deck: list[int] = []
    for kind, count in ((SR, k), (R, 2 * k), (N, 3 * k), (HELPER, 2 * k)):
        pool = BY_RARITY[kind]
        while count:
            s = rng.choice(pool)
            if add_problem(deck, s, size) is None:
                deck.append(s)
                count -= 1
    return deck


def random_deck(rng: random.Random, size: int, length: int | None = None) -> list[int]:
    """`length` (default `size`) stickers uniformly at random among the legal starts of a deck of
    `size` (redrawn while they break a limit): how `sample` deals picks it cannot see."""
    length = size if length is None else length
    while True:
        deck = [rng.randrange(len(ALL_STICKERS)) for _ in range(length)]
        if all(add_problem(deck[:i], s, size) is None for i, s in enumerate(deck)):
            return deck
