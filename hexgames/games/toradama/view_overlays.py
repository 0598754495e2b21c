"""What is drawn over the Toradama table for a moment, after the board, the pool and the panel: the
step of the move on show (a tile flying from the pool and dropping, tiles falling, the clear ball
flying to a cube pool, groups flashing and shrinking, cubes turning over, a given tile flying to a
card, the pool refilled or returned, the bag running out), the chain or okunote called out beside
the board, the cards washed red while a hot-seat Resign waits for its player, the tile dragged, and
the character choice over the dimmed table.

They come last because they cross the other parts: a flying tile passes over the pool, the cube pools
and the panel. Each step is painted from its recorded data (`replay.Step`), its progress and the
shown position, at the layout's rects; the same steps, easings and sizes as the rules recorded them,
so a move looks the same however it was played.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Callable

import pygame

from hexgames.games.toradama import choice, pieces, replay
from hexgames.games.toradama.board import HIDDEN_CUBE, KINDS, ROWS
from hexgames.games.toradama.layout import TableLayout
from hexgames.games.toradama.look import RESIGN, character_name, tr_ui
from hexgames.games.toradama.rules import ToradamaState
from hexgames.ui import draw, hud
from hexgames.ui.anim import ease_fall_bounce, ease_in_out, ease_out_back

if TYPE_CHECKING:
    from hexgames.ui.shell import Shell

Painter = Callable[[pygame.Surface, "Shell", TableLayout, ToradamaState, replay.Step, float], None]
HELD_ALPHA = 200
CHAIN_GOLD, CHAIN_EDGE = (255, 236, 160), (60, 30, 10)


def draw_step(surface: pygame.Surface, app: "Shell", geo: TableLayout, v: ToradamaState, st: replay.Step,
              p: float) -> None:
    """The step on show at progress `p` (0..1); `v` is the shown position as the steps before it left it."""
    painter = PAINTERS.get(st.kind)
    if painter is not None:
        painter(surface, app, geo, v, st, p)


def _slide(start: pygame.Rect, end: tuple[float, float], e: float, lift: float = 0.0) -> pygame.Rect:
    """`start` moved the fraction `e` of the way to `end` (centres), raised by `lift`."""
    rect = start.copy()
    rect.center = (start.centerx + (end[0] - start.centerx) * e, start.centery + (end[1] - start.centery) * e - lift)
    return rect


def _source(geo: TableLayout, v: ToradamaState, seat: int, src: int) -> pygame.Rect:
    return geo.source_rect(seat, src, v.pool, len(v.cubes[seat]))


def _place(surface: pygame.Surface, app: "Shell", geo: TableLayout, v: ToradamaState, st: replay.Step,
           p: float) -> None:
    """The tile flies from the pool (or the cube pool) to the top of its column, then drops."""
    seat, src, col, row, code = st.data
    start_row = ROWS + 0.4
    top = geo.tile_rect(col, start_row)
    fly = replay.PLACE_FLIGHT / st.duration
    if p < fly:
        origin = _source(geo, v, seat, src)
        e = ease_in_out(p / fly)
        rect = top.copy()
        rect.center = (origin.centerx + (top.centerx - origin.centerx) * e,
                       origin.centery + (top.centery - origin.centery) * e)
        pieces.blit_tile(surface, code, rect)
        return
    y = start_row + (row - start_row) * ease_fall_bounce((p - fly) / (1 - fly))
    pieces.blit_tile(surface, code, geo.tile_rect(col, y))


def _fall(surface: pygame.Surface, app: "Shell", geo: TableLayout, v: ToradamaState, st: replay.Step,
          p: float) -> None:
    e = ease_fall_bounce(p)
    for col, frm, to, code in st.data[0]:
        shown_code = code if 0 <= code < KINDS else HIDDEN_CUBE
        pieces.blit_tile(surface, shown_code, geo.tile_rect(col, frm + (to - frm) * e))


def _ball(surface: pygame.Surface, app: "Shell", geo: TableLayout, v: ToradamaState, st: replay.Step,
          p: float) -> None:
    """The clear ball arcs to the cube pool it becomes a cube of, shrinking a little."""
    seat, c, kind, dest = st.data
    start = geo.cell_rect(c)
    end = geo.stacks[dest].center if dest >= 0 and dest in geo.stacks else (start.centerx, geo.grid.y - 40)
    e = ease_in_out(p)
    lift = math.sin(math.pi * p) * geo.cell_size * 0.8
    pieces.blit_tile(surface, kind, _slide(start, end, e, lift), scale=1.0 - 0.3 * e)


def _chain(surface: pygame.Surface, app: "Shell", geo: TableLayout, v: ToradamaState, st: replay.Step,
           p: float) -> None:
    """The groups flash, then shrink away; what they give shows beside the board (`draw_call_out`)."""
    flash_end = 0.6
    for cells, kind, taken, big, bonus in st.data[1]:
        for c in cells:
            r = geo.cell_rect(c)
            if p < flash_end:
                pieces.blit_tile(surface, kind, r, scale=1.0 + 0.08 * math.sin(p * 40))
                glow = int(150 * (0.5 + 0.5 * math.sin(p * 30)))
                layer = pygame.Surface(r.size, pygame.SRCALPHA)
                pygame.draw.rect(layer, (255, 255, 255, glow), layer.get_rect(), border_radius=r.w // 6)
                surface.blit(layer, r.topleft)
            else:
                pieces.blit_tile(surface, kind, r, scale=max(0.05, 1 - (p - flash_end) / (1 - flash_end)))


def _flip(surface: pygame.Surface, app: "Shell", geo: TableLayout, v: ToradamaState, st: replay.Step,
          p: float) -> None:
    for c, face in st.data[0]:
        turn = abs(math.cos(math.pi * p))
        pieces.blit_tile(surface, HIDDEN_CUBE if p < 0.5 else face, geo.cell_rect(c), scale_x=max(0.04, turn))


def _swap(surface: pygame.Surface, app: "Shell", geo: TableLayout, v: ToradamaState, st: replay.Step,
          p: float) -> None:
    a, b = st.data
    ra, rb = geo.cell_rect(a), geo.cell_rect(b)
    e = ease_in_out(p)
    for src, dst, code in ((ra, rb, v.cells[a]), (rb, ra, v.cells[b])):
        pieces.blit_tile(surface, code, _slide(src, dst.center, e))


def _dig(surface: pygame.Surface, app: "Shell", geo: TableLayout, v: ToradamaState, st: replay.Step,
         p: float) -> None:
    c, code = st.data
    r = geo.cell_rect(c).move(0, -round(p * geo.cell_size))
    pieces.blit_tile(surface, code, r, alpha=round(255 * (1 - p)))


def _give(surface: pygame.Surface, app: "Shell", geo: TableLayout, v: ToradamaState, st: replay.Step,
          p: float) -> None:
    """The given tile flies to the receiver's card, shrinking and fading (discarded: it drops away)."""
    seat, src, kind, receiver = st.data
    start = _source(geo, v, seat, src)
    card = geo.cards.get(receiver)
    end = (card.x + 30, card.y + 100) if card is not None else (start.centerx, start.bottom + 60)
    e = ease_in_out(p)
    pieces.blit_tile(surface, kind, _slide(start, end, e), scale=1 - 0.4 * e, alpha=round(255 * (1 - 0.5 * e)))


def _draw(surface: pygame.Surface, app: "Shell", geo: TableLayout, v: ToradamaState, st: replay.Step,
          p: float) -> None:
    """A tama drawn from the bag pops into the pool; a niku cube flies from the bag to the panel."""
    code, to = st.data
    if code < KINDS:
        slot_rect = geo.pool_slots[min(len(v.pool), 2)]
        pieces.blit_tile(surface, code, slot_rect, scale=max(0.05, ease_out_back(p)))
    else:
        size = geo.cell_size // 2
        img = pieces.niku(size)
        x = geo.bag_rect.x + (geo.panel.x - geo.bag_rect.x) * ease_in_out(p)
        surface.blit(img, (x, geo.bag_rect.y - p * geo.cell_size))


def _return(surface: pygame.Surface, app: "Shell", geo: TableLayout, v: ToradamaState, st: replay.Step,
            p: float) -> None:
    """The pool fades into the background as it goes back into the bag."""
    for r in geo.pool_slots[: len(v.pool)]:
        layer = pygame.Surface(r.size, pygame.SRCALPHA)
        layer.fill((*app.BG, round(255 * p)))
        surface.blit(layer, r.topleft)


def _bagout(surface: pygame.Surface, app: "Shell", geo: TableLayout, v: ToradamaState, st: replay.Step,
            p: float) -> None:
    """The bag's label beside the pool lights up as it runs out (the banner and a message say it)."""
    text = tr_ui(app, "bag_out", "Bag empty")
    font = app.font(max(15, geo.cell_size // 5), bold=True)
    rect = pygame.Rect(geo.bag_rect.x - 6, geo.bag_rect.centery - font.get_linesize() // 2 - 4,
                       font.size(text)[0] + 12, font.get_linesize() + 8)
    pulse = 0.5 + 0.5 * math.sin(p * math.pi * 6)
    draw.rounded_panel(surface, rect, app.BG, 8, border=hud.ACCENT, border_width=1 + round(2 * pulse))
    draw.text(surface, font, text, (rect.x + 6, rect.centery), hud.ACCENT, anchor="midleft")


# how each animation step is drawn, by its kind (`replay.Step.kind`); the others draw nothing
PAINTERS: dict[str, Painter] = {"place": _place, "fall": _fall, "ball": _ball, "chain": _chain, "flip": _flip,
                                "swap": _swap, "dig": _dig, "give": _give, "draw": _draw, "return": _return,
                                "bagout": _bagout}


# --- beside the board, over the panel, in hand -----------------------------------------------------------
def draw_call_out(surface: pygame.Surface, app: "Shell", geo: TableLayout, v: ToradamaState,
                  note: tuple[replay.Step, float, bool] | None) -> None:
    """Beside the board on the mover's side, never over the columns: "Chain 2!" and what each
    group gave, or the character whose okunote is used (`replay.Show.call_out`)."""
    box = geo.side_boxes.get(note[0].mover) if note is not None else None
    if note is None or box is None or box.w < 48 or box.h < 36:
        return
    st, p, live = note
    pop = ease_out_back(min(1.0, p * 3)) if live else 1.0
    if st.kind == "okunote":
        _call_out_okunote(surface, app, geo, box, st, pop)
        return
    label = tr_ui(app, "chain", "Chain {n}!", n=st.data[0])
    start = max(14, round(geo.cell_size * (0.36 + 0.05 * min(st.data[0], 4)) * max(0.3, pop)))
    font = draw.fit_text(app.font, label, box.w - 6, start, 12, bold=True)
    y = box.y + font.get_linesize() // 2 + 4
    draw.text(surface, font, label, (box.centerx, y), CHAIN_GOLD, outline=CHAIN_EDGE, outline_px=2)
    y += font.get_linesize() // 2 + 8
    for cells, kind, taken, big, bonus in st.data[1]:
        tags = [f"+{taken * v.tile_value(st.mover, kind)}"] + \
            ([tr_ui(app, "bonus.four", "4+")] if big else []) + \
            ([tr_ui(app, "bonus.chain", "chain +{n}", n=bonus)] if bonus else [])
        text = "  ".join(tags)
        small = draw.fit_text(app.font, text, box.w - 30, max(13, geo.cell_size // 4), 12, bold=True)
        h = small.get_linesize()
        if y + h > box.bottom:
            break
        width = h + 4 + small.size(text)[0]
        x = box.centerx - width // 2
        surface.blit(pieces.tama(kind, h), (x, y))
        draw.text(surface, small, text, (x + h + 4, y + h // 2), hud.TEXT, anchor="midleft")
        y += h + 4


def _call_out_okunote(surface: pygame.Surface, app: "Shell", geo: TableLayout, box: pygame.Rect, st: replay.Step,
                      pop: float) -> None:
    seat, c, cost = st.data
    icon = max(16, min(box.w - 12, box.h // 2, geo.cell_size))
    size = max(8, round(icon * pop))
    surface.blit(pieces.face(c, size), (box.centerx - size // 2, box.y + 4 + (icon - size) // 2))
    text = tr_ui(app, "okunote_banner", "{character}: okunote!", character=character_name(app, c))
    font, lines = draw.fit_wrapped(app.font, text, box.w - 6, 2, max(14, geo.cell_size // 3), 12, bold=True)
    y = box.y + icon + 10
    for line in lines[:2]:
        draw.text(surface, font, line, (box.centerx, y), hud.ACCENT, anchor="midtop")
        y += font.get_linesize()


def draw_resign_pick(surface: pygame.Surface, app: "Shell", geo: TableLayout) -> None:
    """Hot-seat, Resign pressed: each player's card is washed red and ringed, to be clicked by the
    player who gives up."""
    pulse = 0.5 + 0.5 * math.sin(app.clock_time * 6)
    label = tr_ui(app, "resign_this", "Click to resign")
    for seat, rect in geo.cards.items():
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (70, 18, 24, 170), layer.get_rect(), border_radius=12)
        surface.blit(layer, rect.topleft)
        pygame.draw.rect(surface, RESIGN, rect.inflate(2, 2), 2 + round(2 * pulse), border_radius=12)
        font = draw.fit_text(app.font, label, rect.w - 40, 18, 12, bold=True)
        tag = pygame.Rect(0, 0, font.size(label)[0] + 24, font.get_linesize() + 12)
        tag.center = rect.center
        draw.rounded_panel(surface, tag, (110, 34, 42), 10, border=RESIGN, border_width=2)
        draw.text(surface, font, label, tag.center, hud.TEXT)


def draw_held(surface: pygame.Surface, geo: TableLayout, src: int, pointer: tuple[int, int]) -> None:
    """The picked tile following the pointer while it is dragged."""
    size = geo.cell_size - 4
    rect = pygame.Rect(0, 0, size, size)
    rect.center = pointer
    pieces.blit_tile(surface, pieces.source_code(src), rect, alpha=HELD_ALPHA)


def draw_choice(surface: pygame.Surface, app: "Shell", lay: choice.ChoiceLayout, title: str, taken: set[int],
                hinted: int | None, pointer: tuple[int, int]) -> None:
    """The character choice at the start, over the table dimmed (`choice.paint`)."""
    draw.dim(surface, 170)
    choice.paint(app, surface, lay, title, taken, hinted, pointer)
