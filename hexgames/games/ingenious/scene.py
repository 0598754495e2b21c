"""The Ingenious table: the hex board, your rack, and one score card per track.

Why it is built this way:
- The scene decides no rule. Where a tile may go, what it would score and whether a swap is offered
  all come from the rules (`check`, `placement_targets`, `score_preview`, the state's phase); the scene
  only turns the mouse into a `Place` / `Swap` and shows the rules' reason when one is refused.
- Placing follows the seed's hands-on feel (RULES.md §1.2): click a rack tile, it follows the mouse,
  right-click turns it 60° clockwise, a left-click on the board leaves a *preview* that Enter or the
  Confirm button commits; Esc or a click on the rack takes it back.
- Privacy: the scene reads the position only through `state`, which is the viewer's observation
  (`rules.observe`: the other racks and the bag are not in it), so only `viewer`'s rack can ever be
  drawn (GameScene decides who that is and runs the hot-seat hand-over); `rack_drawn_for` records
  whose rack the last frame showed, so tests can hold us to it. `clear_selection` drops the tile in
  hand, its ghost and the preview at every hand-over and undo.
- Nothing is drawn over the board or the rack but the pieces themselves and their highlights: the
  points a placement would make show under the rack and on the score card, the swap choice is a
  note under the rack with its two buttons in the bottom bar, "Ingenious!" lights the score card (and
  the message strip says it: a toast for a human, the computer's own line for a computer), refusals
  go to the strip too.
- Speed: the board (169 hexes with symbols) is drawn once into a cached surface and redrawn only when
  its cells or the window change; the score panel is cached on what it shows. A frame is then a few
  blits plus what moves (ghost, held tile, sliding AI tile).
- AI moves slide from the mover's score card to their hexes (anim.py, speed from settings). While
  they slide the board shows the position *before* the move, and `is_animating()` holds the next AI;
  then the whole last turn stays outlined until the next tile is placed.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from hexgames.core import hexgrid, highscores
from hexgames.core.caches import BoundedCache
from hexgames.core.hexgrid import DOWN, Hex
from hexgames.games.ingenious import pieces
from hexgames.games.ingenious.rules import (
    CELL_RADIUS, COLOUR_NAMES, EMPTY, HEX_OF, OFF, START_HEXES, IngeniousState, Place, Swap,
)
from hexgames.ui import chart, draw, hud
from hexgames.ui.anim import Animator, Tween, ease_in_out, linear
from hexgames.ui.game_scene import GameScene
from hexgames.ui.words import translator

if TYPE_CHECKING:
    from hexgames.app import App
    from hexgames.core.match import Match

NS = "ingenious_ui"
BOARD_RADIUS = 7
# Empty hexes by ring, as in the seed: white area (2 players), light grey (+3rd), dark grey (+4th).
RING_FILLS = {5: (238, 234, 224), 6: (196, 199, 206), 7: (146, 151, 162)}
OUT_OF_PLAY = (50, 56, 68)
GRID_LINE = (92, 98, 110)
START_MARK = (255, 255, 255)
LEGAL = (90, 220, 140)
ILLEGAL = (240, 90, 90)
LAST_MOVE = (255, 214, 92)
LEGEND_H = 112
LEGEND_COMPACT_H = 48
MIN_CARD_H = 120  # a score card below this gives the legend's room back and takes the compact one
SLIDE_SECONDS = 0.7
CELEBRATE_SECONDS = 1.6
RACK_MIN_W, RACK_MAX_W = 120, 220  # the rack column: its tiles, then what the player is doing in words
BOARD_W, BOARD_H = 23.4, 26.4  # the board's size in hex sizes (radius 7 and its frame)
# Seat chips kept apart from the six tile colours so a seat is never mistaken for a colour.
SEAT_CHIPS = [(236, 238, 242), (72, 206, 206), (240, 128, 186), (196, 164, 112)]


def _symbol_marker(colour: int) -> chart.Marker:
    def marker(surface: pygame.Surface, center: tuple[int, int], size: int) -> None:
        icon = pieces.symbol_icon(colour, size)
        surface.blit(icon, icon.get_rect(center=center))
    return marker


tr_ui = translator(NS)


class IngeniousScene(GameScene):
    """Board, rack and score cards for Ingenious; input becomes `Place` and `Swap` moves."""

    def __init__(self, app: "App", match: "Match"):
        super().__init__(app, match)
        self.held: int | None = None  # rack index of the tile in hand
        self.orientation = DOWN  # direction from tile[0]'s hex to tile[1]'s hex
        self.preview: Place | None = None  # placed on the board, not yet confirmed
        self.preview_slot: int | None = None
        self.mouse: tuple[int, int] = (0, 0)
        self.legend_rect = pygame.Rect(0, 0, 0, 0)  # where the colour/symbol key is (always in the panel)
        self.hex_size = 20
        self.origin: tuple[float, float] = (0.0, 0.0)
        self.board_area = pygame.Rect(0, 0, 0, 0)
        self.rack_area = pygame.Rect(0, 0, 0, 0)
        self.rack_slots: list[pygame.Rect] = []
        self.rack_size = 20
        self.cards: dict[int, pygame.Rect] = {}
        self.rack_drawn_for: int | None = None  # whose rack the last frame showed (privacy record)
        self.confirm_button: Any = None
        self.swap_accept_button: Any = None
        self.swap_decline_button: Any = None
        self.fx = Animator(speed=lambda: self.app.settings.anim_speed)  # decoration: never holds the AI
        self.celebrations: list[tuple[Tween, int]] = []  # (its time, the score track it lights)
        self.slide: tuple[Tween, Place] | None = None
        self._shown_state: IngeniousState | None = None  # the position drawn while a move slides in
        self._board_cache: tuple[Any, pygame.Surface] | None = None
        self._panel_cache: tuple[Any, pygame.Surface] | None = None
        self._targets_cache: tuple[Any, Any, frozenset[Hex]] | None = None
        self._check_cache: tuple[Any, Any, Any] | None = None
        self._best: list[highscores.Entry] | None = None
        self.layout()

    @classmethod
    def screens(cls) -> dict[str, Any]:
        """The swap prompt, for `screenshot --scene swap`: up whenever the seat to move may swap."""
        return {"swap": lambda s: s.phase == "swap"}

    # --- reading the position -------------------------------------------------------------------
    @property
    def state(self) -> IngeniousState:
        """The position as the seat at the screen knows it (see `seen`)."""
        return self.seen(self.match.state)

    def displayed_state(self) -> IngeniousState:
        """The position on screen: the one before a sliding AI move until it lands."""
        return self.seen(self._shown_state) if self._shown_state is not None else self.state

    def seen(self, s: IngeniousState) -> IngeniousState:
        """`s` as `viewer` observes it: the other racks and the bag left out, so no frame can show
        them; with nobody at the screen every rack is left out; the whole state only for watching
        AIs play. Remembered per state on screen, since a frame asks many times."""
        viewer = self.viewer
        if viewer is None and self.reveal_all:
            return s
        return self.cached(("seen", id(s)), lambda: self._observed(s, viewer))

    def _observed(self, s: IngeniousState, viewer: int | None) -> IngeniousState:
        view = self.rules.observe(s, 0 if viewer is None else viewer)
        if viewer is None:
            view.racks[0] = None
        return view

    def track_seats(self, track: int) -> list[int]:
        s = self.state
        return [seat for seat in range(s.seats) if s.track_of(seat) == track]

    def rack_seat(self) -> int | None:
        """Whose rack may be drawn now: the viewer's, or the mover's when only AIs play."""
        if self.viewer is not None:
            return self.viewer
        if self.reveal_all and not self.match.is_over:
            return self.match.to_move
        return None

    def held_tile(self) -> tuple[int, int] | None:
        rack = self.state.racks[self.match.to_move]
        if self.held is None or rack is None or self.held >= len(rack):
            return None
        return rack[self.held]

    def seat_colour(self, seat: int) -> tuple[int, int, int]:
        return SEAT_CHIPS[seat % len(SEAT_CHIPS)]

    # --- geometry -------------------------------------------------------------------------------
    def layout(self) -> None:
        """The rack column at the left of board_rect, the board in the rest: the board as large as
        the height allows, the rack column taking the width the board leaves (for its notes)."""
        r = self.board_rect
        rack_w = round(max(RACK_MIN_W, min(RACK_MAX_W, r.w - BOARD_W * r.h / BOARD_H - 8)))
        self.rack_area = pygame.Rect(r.x, r.y, rack_w, r.h)
        self.board_area = pygame.Rect(r.x + rack_w + 8, r.y, r.w - rack_w - 8, r.h)
        a = self.board_area
        self.hex_size = max(8, int(min(a.w / BOARD_W, a.h / BOARD_H)))
        self.origin = (a.centerx, a.centery)
        self.rack_size = max(10, min(self.hex_size + 2, int((rack_w / 2 - 14) / 2)))
        self._layout_rack()
        self._board_cache = None
        self._panel_cache = None

    def picture_rect(self) -> pygame.Rect:
        return self.board_area

    def chart_panels(self, states: list[IngeniousState]) -> list[chart.Panel]:
        """One panel per score track (a player, or a team), a line per colour with its symbol."""
        last = states[-1]
        panels = []
        for track in range(len(last.scores)):
            seats = [i for i in range(last.seats) if last.track_of(i) == track]
            lines = [chart.Line(tr_ui(self.app, f"colour.{COLOUR_NAMES[c]}", COLOUR_NAMES[c]), pieces.FILLS[c],
                                [s.scores[track][c] for s in states], _symbol_marker(c)) for c in range(6)]
            panels.append(chart.Panel(self.app.join([self.seat_name(i) for i in seats]), lines, top=last.cap,
                                      accent=self.seat_colour(seats[0])))
        return panels

    def _layout_rack(self) -> None:
        rs = self.rack_size
        w, h = 2 * rs + 12, round(2 * hexgrid.SQRT3 * rs) + 14
        top = self.rack_area.y + 40
        cx = self.rack_area.centerx
        self.rack_slots = []
        for i in range(6):
            col, row = i % 2, i // 2
            x = cx - w - 4 if col == 0 else cx + 4
            self.rack_slots.append(pygame.Rect(x, top + row * (h + 8), w, h))

    def hex_center(self, h: Hex, size: float | None = None) -> tuple[float, float]:
        return hexgrid.to_pixel(h, self.hex_size if size is None else size, self.origin)

    def placement_center(self, a: Hex, b: Hex) -> tuple[float, float]:
        """Where the mouse holds a tile whose halves land on a and b (the midpoint)."""
        (ax, ay), (bx, by) = self.hex_center(a), self.hex_center(b)
        return ((ax + bx) / 2, (ay + by) / 2)

    def _half_offset(self, direction: int, size: float) -> tuple[float, float]:
        dx, dy = hexgrid.to_pixel(hexgrid.DIRECTIONS[direction], size)
        return dx / 2, dy / 2

    def hexes_under(self, pos: tuple[float, float]) -> tuple[Hex, Hex]:
        """The two hexes a held tile (centred on the mouse, current orientation) would cover."""
        ox, oy = self._half_offset(self.orientation, self.hex_size)
        a = hexgrid.from_pixel(pos[0] - ox, pos[1] - oy, self.hex_size, self.origin)
        return a, hexgrid.neighbour(a, self.orientation)

    def _on_board(self, h: Hex) -> bool:
        return hexgrid.radius(h) <= BOARD_RADIUS

    def slot_at(self, pos: tuple[int, int]) -> int | None:
        seat = self.match.to_move
        rack = self.state.racks[seat]
        if rack is None:
            return None
        for i, rect in enumerate(self.rack_slots[:len(rack)]):
            if rect.collidepoint(pos):
                return i
        return None

    # --- widgets ----------------------------------------------------------------------------------
    def build_widgets(self) -> None:
        from pygame_gui.core import ObjectID
        from pygame_gui.elements import UIButton

        a = self.actions_rect  # the bottom bar's middle: the move's own buttons, off the board
        confirm = pygame.Rect(0, 0, min(220, a.w), a.h)
        confirm.center = a.center
        self.confirm_button = UIButton(confirm, tr_ui(self.app, "confirm", "Confirm"), self.app.ui,
                                       object_id=ObjectID(class_id="@primary"))
        bw = min(240, (a.w - 12) // 2)
        left = a.centerx - bw - 6
        self.swap_accept_button = UIButton(pygame.Rect(left, a.y, bw, a.h),
                                           tr_ui(self.app, "swap.accept", "Swap all tiles"), self.app.ui,
                                           object_id=ObjectID(class_id="@primary"))
        self.swap_decline_button = UIButton(pygame.Rect(left + bw + 12, a.y, bw, a.h),
                                            tr_ui(self.app, "swap.decline", "Normal refill"), self.app.ui)
        self.widgets += [self.confirm_button, self.swap_accept_button, self.swap_decline_button]
        self._sync_widgets()

    def swap_prompt_open(self) -> bool:
        return self.can_act and self.state.phase == "swap"

    def _sync_widgets(self) -> None:
        want = ((self.confirm_button, self.preview is not None and self.can_act),
                (self.swap_accept_button, self.swap_prompt_open()),
                (self.swap_decline_button, self.swap_prompt_open()))
        for widget, visible in want:
            if widget is None:
                continue
            if visible and not widget.visible:
                widget.show()
            elif not visible and widget.visible:
                widget.hide()

    # --- input ------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE and (self.held is not None or self.preview is not None):
                self.put_back()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.preview is not None:
                self.confirm()
                return True
            if event.key == pygame.K_r and self.held is not None:
                self.rotate(1)
                return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.confirm_button:
                self.confirm()
                return True
            if event.ui_element is self.swap_accept_button:
                self.choose_swap(True)
                return True
            if event.ui_element is self.swap_decline_button:
                self.choose_swap(False)
                return True
        return super().handle(event)

    def handle_game_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            return False
        if event.type == pygame.MOUSEWHEEL and self.held is not None:
            self.rotate(1 if event.y < 0 else -1)
            return True
        if event.type != pygame.MOUSEBUTTONDOWN:
            return False
        self.mouse = event.pos
        if not self.can_act or self.state.phase not in ("place", "bonus"):
            return False
        if event.button == 3:
            if self.held is not None:
                self.rotate(1)
                return True
            return False
        if event.button != 1:
            return False
        return self._left_click(event.pos)

    def _left_click(self, pos: tuple[int, int]) -> bool:
        slot = self.slot_at(pos)
        if slot is not None:
            self.pick(slot)
            return True
        if self.rack_area.collidepoint(pos):
            if self.held is not None or self.preview is not None:
                self.put_back()
            return True
        if not self.board_area.collidepoint(pos):
            return False
        if self.held is not None:
            self.place_at(pos)
            return True
        if self.preview is not None:
            h = hexgrid.from_pixel(pos[0], pos[1], self.hex_size, self.origin)
            if h in (self.preview.a, self.preview.b):  # lift the preview to move it again
                self.held, self.orientation = self.preview_slot, self._preview_direction()
                self.preview = self.preview_slot = None
                return True
        return False

    def _preview_direction(self) -> int:
        """The orientation that reproduces the preview for the rack tile (which half goes where)."""
        p = self.preview
        assert p is not None
        tile = self.state.racks[self.match.to_move][self.preview_slot or 0]
        a, b = (p.a, p.b) if tuple(p.tile) == tuple(tile) else (p.b, p.a)
        return _direction(a, b)

    def pick(self, slot: int) -> None:
        """Take a rack tile in hand (clicking the tile in hand again puts it back)."""
        if self.held == slot:
            self.put_back()
            return
        self.preview = self.preview_slot = None
        self.held = slot
        self.orientation = DOWN

    def rotate(self, steps: int = 1) -> None:
        """Turn the tile in hand by 60° per step, clockwise for positive steps (the right button)."""
        self.orientation = (self.orientation + steps) % 6

    def put_back(self) -> None:
        """The tile in hand or the preview goes back to the rack (Esc, a click on the rack)."""
        self.held = None
        self.preview = self.preview_slot = None

    def clear_selection(self) -> None:
        """Everything the player at the screen was doing goes (GameScene calls this at every
        hand-over and undo): the tile in hand with its ghost, the preview, the turn given to the
        tile, the pointer's hover; the next frame shows none of it."""
        self.put_back()
        self.orientation = DOWN
        self.mouse = (-1, -1)
        self._check_cache = self._targets_cache = None
        self._panel_cache = None

    def place_at(self, pos: tuple[int, int]) -> bool:
        """Drop the tile in hand at the mouse as a preview, or show the rules' reason it cannot go."""
        tile = self.held_tile()
        if tile is None:
            return False
        a, b = self.hexes_under(pos)
        move = Place(tile, a, b)
        reason = self.rules.check(self.state, move)
        if reason is not None:
            self.toast(self.app.tr_reason(reason), error=True)
            return False
        self.preview, self.preview_slot = move, self.held
        self.held = None
        return True

    def confirm(self) -> bool:
        """Commit the preview: only now is it scored (RULES.md §1.2)."""
        if self.preview is None or not self.can_act:
            return False
        move = self.preview
        self.put_back()
        return self.submit(move)

    def show_hint(self, move: Any) -> None:
        """The hint as the player's own preview: the tile ghosted in place with the score it would
        make; Enter or Confirm plays it, Esc or a rack tile puts it back. A swap choice frames its
        button, with the move in words."""
        rack = self.state.racks[self.match.to_move] or []
        slot = next((i for i, t in enumerate(rack) if isinstance(move, Place) and sorted(t) == sorted(move.tile)), None)
        if slot is None:
            super().show_hint(move)
            return
        self.held = None
        self.preview, self.preview_slot = move, slot

    def choose_swap(self, accept: bool) -> bool:
        if not self.swap_prompt_open():
            return False
        return self.submit(Swap(accept))

    # --- match events ---------------------------------------------------------------------------
    def on_move_played(self, before: Any, move: Any, after: Any, by_ai: bool) -> None:
        self.put_back()
        seat = self.rules.to_move(before)
        if isinstance(move, Place):
            if by_ai:
                self._start_slide(before, move, seat)
            earned = self._bonuses_earned(before, after, seat)
            if earned:  # an AI's celebration waits for its tile to land
                self.celebrate(earned, before.track_of(seat), delay=SLIDE_SECONDS if self.slide is not None else 0.0)
            if earned and not by_ai:  # the computer's own line in the message strip says it already
                self.toast(tr_ui(self.app, "toast.ingenious_one", "Ingenious! {name} earns a bonus placement.",
                               name=self.seat_name(seat)) if earned == 1 else
                           tr_ui(self.app, "toast.ingenious", "Ingenious! {name} earns {count} bonus placements.",
                               name=self.seat_name(seat), count=earned))
        if after.phase == "over" and after.mode == "solo":
            self._record_highscore(after)
        self._panel_cache = None

    def move_sound(self, before: Any, move: Any, after: Any) -> str:
        if isinstance(move, Place) and self._bonuses_earned(before, after, self.rules.to_move(before)):
            return "chain"  # Ingenious!
        return "place"

    def _bonuses_earned(self, before: IngeniousState, after: IngeniousState, seat: int) -> int:
        """How many thresholds the move's colours crossed (each one a bonus placement)."""
        t = before.track_of(seat)
        return sum(1 for c in range(6) for th in after.thresholds
                   if before.scores[t][c] < th <= after.scores[t][c])

    def celebrate(self, count: int, track: int, delay: float = 0.0) -> None:
        """Light the score card of `track` with "Ingenious!" (and the number of bonus placements
        earned when more than one)."""
        tween = self.fx.add(Tween(0.0, 1.0, CELEBRATE_SECONDS, linear, delay=delay, tag=count))
        self.celebrations.append((tween, track))

    def _start_slide(self, before: IngeniousState, move: Place, seat: int) -> None:
        card = self.cards.get(before.track_of(seat))
        start = card.center if card is not None else self.panel_rect.center
        end = self.placement_center(move.a, move.b)

        def landed() -> None:
            self.slide = None
            self._shown_state = None

        tween = self.animator.add(Tween(start, end, SLIDE_SECONDS, ease_in_out, on_done=landed, tag="slide"))
        if not tween.done:
            self.slide = (tween, move)
            self._shown_state = before

    def _record_highscore(self, s: IngeniousState) -> None:
        self.record_highscore(self.rules.highscore_key(s), self.rules.result_sequence(s))
        self._best = None  # the table may have changed (an entry of this match replaced): read it again

    def on_undo(self) -> None:
        self.slide = None
        self._shown_state = None
        self.fx.clear()
        self.celebrations.clear()
        self._panel_cache = None

    def update_game(self, dt: float) -> None:
        self.fx.update(dt)
        self.celebrations = [c for c in self.celebrations if not c[0].done]
        if (self.held is not None or self.preview is not None) and not self.can_act:
            self.put_back()
        self._sync_widgets()

    def banner_text(self) -> str:
        m, s = self.match, self.state
        if m.is_over or not m.seat_to_move.is_human:
            return super().banner_text()
        name = self.seat_name(m.to_move)
        if s.phase == "bonus":
            return tr_ui(self.app, "banner.bonus", "{name}: bonus placement ({count} left)", name=name,
                       count=s.bonus_pending)
        if s.phase == "swap":
            return tr_ui(self.app, "banner.swap", "{name}: swap your tiles or refill?", name=name)
        if not s.placed[m.to_move] and s.seats > 1:
            return tr_ui(self.app, "banner.first", "{name}: first tile - next to a free start symbol", name=name)
        return super().banner_text()

    # --- drawing ----------------------------------------------------------------------------------
    def draw_game(self, surface: pygame.Surface) -> None:
        shown = self.displayed_state()
        surface.blit(self._board_surface(shown), self.board_area.topleft)
        self._draw_start_claims(surface, shown)
        if self.slide is None:
            self._draw_last_move(surface)
        self._draw_targets(surface)
        self._draw_preview(surface)
        self._draw_rack(surface)
        surface.blit(self._panel_surface(), self.panel_rect.topleft)
        self._draw_celebrations(surface)
        self._draw_slide(surface)
        self._draw_held(surface)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.swap_prompt_open() and isinstance(self.hint_move, Swap):  # the hinted answer's button, framed
            button = self.swap_accept_button if self.hint_move.accept else self.swap_decline_button
            hud.hint_ring(surface, self.app, button.rect)  # over the bottom bar, which the base draws last

    # board ---------------------------------------------------------------------------------------
    def _board_surface(self, s: IngeniousState) -> pygame.Surface:
        key = (self.board_area.size, self.hex_size, s.radius, tuple(s.cells))
        if self._board_cache is not None and self._board_cache[0] == key:
            return self._board_cache[1]
        surf = pygame.Surface(self.board_area.size)  # opaque on the app's background: the cheapest blit
        surf.fill(self.app.BG)
        size = self.hex_size
        local = (self.origin[0] - self.board_area.x, self.origin[1] - self.board_area.y)
        frame_r = hexgrid.SQRT3 * size * BOARD_RADIUS + 1.25 * size
        draw.aa_polygon(surf, (36, 42, 54), pieces.hex_points(local[0], local[1], frame_r, 30))
        draw.aa_polygon(surf, (74, 84, 102), pieces.hex_points(local[0], local[1], frame_r, 30), 2)
        for c, h in enumerate(HEX_OF):
            sprite = self._cell_sprite(s, c, h)
            surf.blit(sprite, sprite.get_rect(center=hexgrid.to_pixel(h, size, local)))
        self._board_cache = (key, surf)
        return surf

    def _cell_sprite(self, s: IngeniousState, c: int, h: Hex) -> pygame.Surface:
        size = self.hex_size
        v = s.cells[c]
        if v == OFF:
            return pieces.hex_sprite(OUT_OF_PLAY, size, (40, 45, 55), 1.0)
        if v == EMPTY:
            return pieces.hex_sprite(RING_FILLS[max(5, CELL_RADIUS[c])], size, GRID_LINE, 1.0)
        if h in START_HEXES:
            return _start_sprite(v, size)
        return pieces.tile_sprite(v, size)

    def _draw_start_claims(self, surface: pygame.Surface, s: IngeniousState) -> None:
        """In the first round, a seat chip on each start symbol someone has touched (the rule's memory)."""
        if all(s.placed) or s.seats == 1:
            return
        r = max(4, self.hex_size // 4)
        for h, seat in s.first_round_touched.items():
            x, y = self.hex_center(h)
            draw.aa_circle(surface, self.seat_colour(seat), (x + self.hex_size * 0.55, y - self.hex_size * 0.5), r,
                           border=(20, 20, 20))

    def _draw_last_move(self, surface: pygame.Surface) -> None:
        ring = pieces.outline_sprite(self.hex_size, LAST_MOVE, max(2.5, self.hex_size / 6))
        for move in self.last_turn_places():
            for h in (move.a, move.b):
                surface.blit(ring, ring.get_rect(center=self.hex_center(h)))

    def last_turn_places(self) -> list[Place]:
        """The placements of the latest turn: its tile and any bonus tiles that followed it."""
        moves, states = self.match.moves, self.match.states
        i = len(moves) - 1
        while i >= 0 and not isinstance(moves[i], Place):
            i -= 1
        out: list[Place] = []
        while i >= 0 and isinstance(moves[i], Place):
            out.append(moves[i])
            if states[i].phase != "bonus":  # moves[i] was the turn's first placement
                break
            i -= 1
        return out

    def _targets(self, tile: tuple[int, int]) -> frozenset[Hex]:
        s = self.state
        if self._targets_cache is not None and self._targets_cache[0] is s and self._targets_cache[1] == tile:
            return self._targets_cache[2]
        pairs = self.rules.placement_targets(s, tile)
        hexes = frozenset(h for pair in pairs for h in pair)
        self._targets_cache = (s, tile, hexes)
        return hexes

    def _draw_targets(self, surface: pygame.Surface) -> None:
        """A dot on every hex the tile in hand could cover now (setting `show_targets`)."""
        tile = self.held_tile()
        if tile is None or not self.app.settings.show_targets or not self.can_act:
            return
        dot = _target_dot(max(3, self.hex_size // 4))
        for h in self._targets(tile):
            surface.blit(dot, dot.get_rect(center=self.hex_center(h)))

    def _check(self, move: Place) -> Any:
        """rules.check, remembered for the spot under the mouse (asked every frame while hovering)."""
        cached = self._check_cache
        if cached is not None and cached[0] is self.state and cached[1] == move:
            return cached[2]
        reason = self.rules.check(self.state, move)
        self._check_cache = (self.state, move, reason)
        return reason

    def hover_move(self) -> Place | None:
        """The placement under the mouse for the tile in hand, if both halves are on the board."""
        tile = self.held_tile()
        if tile is None or not self.board_area.collidepoint(self.mouse):
            return None
        a, b = self.hexes_under(self.mouse)
        if not (self._on_board(a) and self._on_board(b)):
            return None
        return Place(tile, a, b)

    def current_gains(self) -> tuple[int, ...] | None:
        """Points per colour of the preview, else of a legal spot under the mouse."""
        move = self.preview
        if move is None:
            move = self.hover_move()
            if move is None or self._check(move) is not None:
                return None
        return self.rules.score_preview(self.state, move)

    def _draw_tile(self, surface: pygame.Surface, tile: tuple[int, int], center: tuple[float, float],
                   direction: int, size: int, alpha: int = 255) -> None:
        ox, oy = self._half_offset(direction, size)
        for colour, sign in ((tile[0], -1), (tile[1], 1)):
            sprite = pieces.tile_sprite(colour, size, alpha=alpha)
            surface.blit(sprite, sprite.get_rect(center=(center[0] + sign * ox, center[1] + sign * oy)))

    def _draw_place(self, surface: pygame.Surface, move: Place, edge: tuple[int, int, int], alpha: int = 255) -> None:
        for colour, h in ((move.tile[0], move.a), (move.tile[1], move.b)):
            sprite = pieces.tile_sprite(colour, self.hex_size, alpha=alpha)
            surface.blit(sprite, sprite.get_rect(center=self.hex_center(h)))
        ring = pieces.outline_sprite(self.hex_size, edge, max(2.5, self.hex_size / 6))
        for h in (move.a, move.b):
            surface.blit(ring, ring.get_rect(center=self.hex_center(h)))

    def _draw_preview(self, surface: pygame.Surface) -> None:
        if self.preview is None:
            return
        pulse = round(3 + 3 * math.sin(self.app.clock_time * 5)) / 6  # 7 steps: a few cached sprites
        edge = tuple(round(a + (b - a) * pulse) for a, b in zip(LEGAL, (255, 255, 255)))
        hinted = self.preview == self.hint_move  # the hint's tile is a ghost; the notes say "Hint"
        self._draw_place(surface, self.preview, edge, alpha=170 if hinted else 255)  # type: ignore[arg-type]

    def _draw_held(self, surface: pygame.Surface) -> None:
        tile = self.held_tile()
        if tile is None or not self.can_act:
            return
        move = self.hover_move()
        if move is not None:
            legal = self._check(move) is None
            self._draw_place(surface, move, LEGAL if legal else ILLEGAL, alpha=235 if legal else 150)
            return
        self._draw_tile(surface, tile, self.mouse, self.orientation, self.hex_size, alpha=235)

    def _draw_slide(self, surface: pygame.Surface) -> None:
        if self.slide is None:
            return
        tween, move = self.slide
        direction = _direction(move.a, move.b)
        self._draw_tile(surface, move.tile, tween.value, direction, self.hex_size)

    # rack ----------------------------------------------------------------------------------------
    def _draw_rack(self, surface: pygame.Surface) -> None:
        area = self.rack_area
        draw.rounded_panel(surface, area, (30, 35, 45), 12, border=(62, 70, 86))
        seat = self.rack_seat()
        rack = self.state.racks[seat] if seat is not None else None
        self.rack_drawn_for = seat if rack is not None else None
        if rack is None:
            text = tr_ui(self.app, "rack.hidden", "Tiles hidden")
            font, text = draw.fit_line(self.app.font, text, area.w - 16, 15)
            draw.text(surface, font, text, (area.centerx, area.y + 20), hud.MUTED)
            return
        title = (tr_ui(self.app, "rack.yours", "Your tiles") if self.viewer == seat
                 else tr_ui(self.app, "rack.of", "{name}'s tiles", name=self.seat_name(seat)))
        font, title = draw.fit_line(self.app.font, title, area.w - 16, 15, bold=True)
        draw.text(surface, font, title, (area.centerx, area.y + 20), hud.ACCENT if self.can_act else hud.TEXT)
        active = self.can_act and seat == self.match.to_move and self.state.phase in ("place", "bonus")
        taken = {self.held, self.preview_slot} if seat == self.match.to_move else set()
        for i, rect in enumerate(self.rack_slots):
            if i >= len(rack):
                break
            hover = active and i not in taken and rect.collidepoint(self.mouse)
            draw.rounded_panel(surface, rect, (52, 60, 76) if hover else (40, 46, 58), 8,
                               border=hud.ACCENT if i in taken or hover else (58, 66, 80))
            if i in taken:
                continue
            self._draw_tile(surface, rack[i], rect.center, DOWN, self.rack_size)
        last = self.rack_slots[max(1, min(len(rack), len(self.rack_slots))) - 1]
        notes = pygame.Rect(area.x + 8, last.bottom + 12, area.w - 16, area.bottom - last.bottom - 20)
        if self.swap_prompt_open():
            self._draw_swap_note(surface, notes)
        elif active:
            self._draw_notes(surface, notes)

    def _draw_notes(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """Under the rack: the points the placement in view would make (the preview's, else a legal
        spot's under the mouse), then how to go on."""
        y = box.y
        move = self.preview
        if move is None:
            move = self.hover_move()
            if move is not None and self._check(move) is not None:
                move = None
        if move is not None:
            y = self._draw_gains(surface, move, box, move == self.hint_move) + 8
        if self.preview is not None:
            key, default = "hint.confirm", "Enter or Confirm: play it. Esc: take it back."
        elif self.held is not None:
            key, default = "hint.place", "Right-click: rotate. Click the board: place."
        else:
            key, default = "hint.pick", "Click a tile to pick it up."
        small = self.app.font(13)
        for line in draw.wrap(small, tr_ui(self.app, key, default), box.w):
            if y + small.get_linesize() > box.bottom:
                break
            draw.text(surface, small, line, (box.centerx, y), hud.MUTED, anchor="midtop")
            y += small.get_linesize()

    def _draw_gains(self, surface: pygame.Surface, move: Place, box: pygame.Rect, hinted: bool) -> int:
        """The points `move` would make, per colour with its symbol (score_preview), centred at the
        top of `box`, under "Hint" when it is the hint's; returns the y below them."""
        gains = self.rules.score_preview(self.state, move)
        y = box.y
        if hinted:
            label = self.app.tr("ui.hint.button")
            font, label = draw.fit_line(self.app.font, label, box.w, 15, bold=True)
            draw.text(surface, font, label, (box.centerx, y), hud.HINT, anchor="midtop")
            y += font.get_linesize()
        font = self.app.font(18 if box.w >= 120 else 15, bold=True)
        icon = 11 if box.w >= 120 else 9
        parts = [(c, f"+{gains[c]}") for c in sorted({move.tile[0], move.tile[1]})]
        widths = [2 * icon + 4 + font.size(text)[0] for _, text in parts]
        x = box.centerx - (sum(widths) + 10 * (len(parts) - 1)) / 2
        cy = y + max(2 * icon, font.get_linesize()) / 2
        for (c, text), w in zip(parts, widths):
            sprite = pieces.tile_sprite(c, icon)
            surface.blit(sprite, sprite.get_rect(center=(round(x + icon), round(cy))))
            draw.text(surface, font, text, (x + 2 * icon + 4, cy), LEGAL if gains[c] else hud.MUTED, anchor="midleft")
            x += w + 10
        return round(cy + max(2 * icon, font.get_linesize()) / 2)

    def _draw_swap_note(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """The swap choice in words under the rack (its buttons are in the bottom bar): why it is
        offered and what it does, shortened when the column is short, then the lowest colour."""
        lowest_h = 2 * 26
        font, lines = draw.fit_wrapped(self.app.font, tr_ui(self.app, "swap.body", "None of your tiles shows your lowest "
                                       "colour. You may set them aside, draw 6 new tiles, then return the old ones "
                                       "to the bag."), box.w, 99, 14, 12)
        if len(lines) * font.get_linesize() + lowest_h > box.h:
            font, lines = draw.fit_wrapped(self.app.font, tr_ui(self.app, "swap.note", "None of your tiles shows your "
                                           "lowest colour."), box.w, 99, 14, 12)
        y = box.y
        for line in lines:
            draw.text(surface, font, line, (box.centerx, y), hud.TEXT, anchor="midtop")
            y += font.get_linesize()
        self._draw_lowest(surface, (box.centerx, y + 8), box.w)

    # panel ---------------------------------------------------------------------------------------
    def _panel_surface(self) -> pygame.Surface:
        s = self.displayed_state()  # scores change when a sliding tile lands, not before
        gains = self.current_gains() if self.can_act else None
        key = (self.panel_rect.size, tuple(map(tuple, s.scores)), s.current, s.phase, s.bag_count, s.round,
               gains, self.app.settings.language, self.match.is_over, self.highscore_place,
               tuple(self.seat_name(i) for i in range(s.seats)))
        if self._panel_cache is not None and self._panel_cache[0] == key:
            return self._panel_cache[1]
        surf = pygame.Surface(self.panel_rect.size)
        surf.fill(self.app.BG)
        self._paint_panel(surf, s, gains)
        self._panel_cache = (key, surf)
        return surf

    def _paint_panel(self, surf: pygame.Surface, s: IngeniousState, gains: tuple[int, ...] | None) -> None:
        w, h = surf.get_size()
        head = tr_ui(self.app, "bag", "Tiles in bag: {count}", count=s.bag_count)
        if s.seats > 1:
            head = f"{tr_ui(self.app, 'round', 'Round {n}', n=s.round)}   ·   {head}"
        font, head = draw.fit_line(self.app.font, head, w - 8, 15)
        draw.text(surf, font, head, (w // 2, 12), hud.MUTED)
        top = 30
        tracks = len(s.scores)
        solo_h = 230 if s.mode == "solo" else 0
        gap = 8
        legend_h = self.legend_height(h - top - solo_h - gap * tracks, tracks)
        card_h = min(260, (h - top - solo_h - legend_h - gap * tracks) // tracks)
        self.cards = {}
        mover_track = s.track_of(s.current)
        for t in range(tracks):
            rect = pygame.Rect(0, top + t * (card_h + gap), w, card_h)
            self.cards[t] = rect.move(self.panel_rect.topleft)
            self._paint_card(surf, rect, s, t, gains if t == mover_track else None)
        y = top + tracks * (card_h + gap)
        if s.mode == "solo":
            self._paint_solo(surf, pygame.Rect(0, y, w, min(solo_h, h - y)), s)
        legend = pygame.Rect(0, h - legend_h, w, legend_h)
        self.legend_rect = legend.move(self.panel_rect.topleft)
        self._paint_legend(surf, legend)

    @staticmethod
    def legend_height(room: int, tracks: int) -> int:
        """The legend always has a place in the panel: the roomy 2x3 key when the score cards keep
        their height beside it, else a compact 3x2 one (3-4 players, small windows)."""
        return LEGEND_H if (room - LEGEND_H) // tracks >= MIN_CARD_H else LEGEND_COMPACT_H

    def _paint_legend(self, surf: pygame.Surface, rect: pygame.Rect) -> None:
        """Which symbol is which colour, named: the key for players who do not rely on colour."""
        draw.rounded_panel(surf, rect, (29, 34, 44), 10, border=(58, 66, 80))
        inner = rect.inflate(-20, -14) if rect.h >= LEGEND_H else rect.inflate(-12, -8)
        cols = 2 if rect.h >= LEGEND_H else 3
        rows = 6 // cols
        font_size = 14 if cols == 2 else 12
        row_h = (inner.h - 4) // rows
        size = max(7, min(row_h // 2, 16))
        for c in range(6):
            col, row = c % cols, c // cols
            x = inner.x + col * inner.w // cols
            cy = inner.y + row * row_h + row_h // 2 + 2
            sprite = pieces.tile_sprite(c, size)
            surf.blit(sprite, sprite.get_rect(center=(x + size + 2, cy)))
            name = tr_ui(self.app, f"colour.{COLOUR_NAMES[c]}", COLOUR_NAMES[c])
            fitted, name = draw.fit_line(self.app.font, name, inner.w // cols - 2 * size - 8, font_size)
            draw.text(surf, fitted, name, (x + 2 * size + 8, cy), hud.TEXT, anchor="midleft")

    def _paint_card(self, surf: pygame.Surface, rect: pygame.Rect, s: IngeniousState, track: int,
                    gains: tuple[int, ...] | None) -> None:
        over = self.match.is_over
        mover = None if over else s.current
        seats = self.track_seats(track)
        active = mover in seats
        draw.rounded_panel(surf, rect, (33, 39, 50), 10, border=hud.ACCENT if active else (70, 80, 98),
                           border_width=2 if active else 1)
        inner = rect.inflate(-20, -14)
        y = inner.y
        if s.mode == "team":
            label = tr_ui(self.app, "team", "Team {n}", n=track + 1)
            draw.text(surf, self.app.font(13, bold=True), label.upper(), (inner.x, y), hud.MUTED, anchor="topleft")
            shared = tr_ui(self.app, "shared_track", "shared track")
            draw.text(surf, self.app.font(12), shared, (inner.right, y + 1), hud.MUTED, anchor="topright")
            y += 18
        x = inner.x
        for k, seat in enumerate(seats):
            name = self.seat_name(seat)
            draw.aa_circle(surf, self.seat_colour(seat), (x + 7, y + 11), 6, border=(20, 20, 20))
            font, name = draw.fit_line(self.app.font, name, inner.w // len(seats) - 24, 16, bold=True)
            img_rect = draw.text(surf, font, name, (x + 18, y + 11), hud.ACCENT if seat == mover else hud.TEXT,
                                 anchor="midleft")
            if seat == mover:  # underlined as well as lit: the partner to move reads without colour
                pygame.draw.line(surf, hud.ACCENT, (img_rect.x, img_rect.bottom), (img_rect.right, img_rect.bottom), 2)
            x = max(img_rect.right + 14, inner.x + (k + 1) * inner.w // len(seats))
        y += 26
        chart = pygame.Rect(inner.x, y, inner.w, inner.bottom - y)
        self._paint_chart(surf, chart, s, s.scores[track], gains)

    def _paint_chart(self, surf: pygame.Surface, chart: pygame.Rect, s: IngeniousState, track: list[int],
                     gains: tuple[int, ...] | None) -> None:
        """Six columns: the score as a number on top, the bar of its growth, the symbol below."""
        cw = chart.w / 6
        low = min(track)
        num_font = self.app.font(17 if chart.h > 70 else 14, bold=True)
        icon = max(12, min(22, int(cw * 0.45), chart.h // 5))
        num_h = num_font.get_linesize()
        bar_top = chart.y + num_h + 2
        bar_bottom = chart.bottom - icon - 6
        bar_h = max(4, bar_bottom - bar_top)
        for c in range(6):
            col = pygame.Rect(round(chart.x + c * cw), chart.y, round(cw) - 4, chart.h)
            lowest = track[c] == low and max(track) > low  # all level: nothing to point at
            if lowest:
                draw.rounded_panel(surf, col.inflate(2, 4), (64, 58, 38), 6, border=hud.ACCENT)
            value = track[c]
            label = str(value)
            colour = hud.ACCENT if lowest else hud.TEXT
            draw.text(surf, num_font, label, (col.centerx, chart.y + num_h // 2), colour)
            if gains and gains[c] > 0:
                gf = self.app.font(12, bold=True)
                draw.text(surf, gf, f"+{gains[c]}", (col.right - 1, chart.y + 2), LEGAL, anchor="topright")
            bw = max(6, int(cw * 0.42))
            well = pygame.Rect(col.centerx - bw // 2, bar_top, bw, bar_h)
            pygame.draw.rect(surf, (44, 50, 62), well, border_radius=3)
            fill_h = round(bar_h * min(value, s.cap) / s.cap)
            if gains and gains[c] > 0:
                ext_h = round(bar_h * min(value + gains[c], s.cap) / s.cap)
                pygame.draw.rect(surf, pieces.shade(pieces.FILLS[c], 1.5),
                                 pygame.Rect(well.x, well.bottom - ext_h, bw, ext_h), border_radius=3)
            if fill_h > 0:
                pygame.draw.rect(surf, pieces.FILLS[c], pygame.Rect(well.x, well.bottom - fill_h, bw, fill_h),
                                 border_radius=3)
            for th in set(s.thresholds) | ({s.stop} if s.stop else set()):
                if th < s.cap:
                    ty = well.bottom - round(bar_h * th / s.cap)
                    pygame.draw.line(surf, (230, 230, 230), (well.x - 3, ty), (well.right + 2, ty))
            sprite = pieces.hex_sprite(pieces.FILLS[c], icon // 2 + 2, (24, 26, 32), 1.0, c)
            surf.blit(sprite, sprite.get_rect(center=(col.centerx, chart.bottom - icon // 2 - 2)))

    def _paint_solo(self, surf: pygame.Surface, rect: pygame.Rect, s: IngeniousState) -> None:
        """Score attack: the sorted sequence so far and the local best ten (top five shown)."""
        if rect.h < 60:
            return
        draw.rounded_panel(surf, rect, (33, 39, 50), 10, border=(70, 80, 98))
        inner = rect.inflate(-20, -14)
        title = tr_ui(self.app, "solo.title", "Score attack")
        draw.text(surf, self.app.font(13, bold=True), title.upper(), inner.topleft, hud.MUTED, anchor="topleft")
        seq = "-".join(str(v) for v in self.rules.result_sequence(s))
        draw.text(surf, self.app.font(24, bold=True), seq, (inner.centerx, inner.y + 36), hud.ACCENT)
        y = inner.y + 64
        key = self.rules.highscore_key(s)
        if key is None:
            return
        draw.text(surf, self.app.font(13, bold=True), tr_ui(self.app, "solo.best", "Best results"),
                  (inner.x, y), hud.MUTED, anchor="topleft")
        y += 20
        best = self._best_scores(key)
        small = self.app.font(14)
        if not best:
            draw.text(surf, small, tr_ui(self.app, "solo.none", "No results yet"), (inner.x, y), hud.MUTED,
                      anchor="topleft")
            return
        for i, entry in enumerate(best[:5]):
            if y + small.get_linesize() > inner.bottom:
                break
            mine = self.highscore_place == i
            colour = hud.ACCENT if mine else hud.TEXT
            draw.text(surf, small, f"{i + 1}.", (inner.x, y), colour, anchor="topleft")
            draw.text(surf, small, "-".join(map(str, entry.scores)), (inner.x + 26, y), colour, anchor="topleft")
            draw.text(surf, small, entry.date[:10], (inner.right, y), hud.MUTED, anchor="topright")
            y += small.get_linesize()

    def _best_scores(self, key: str) -> list[highscores.Entry]:
        if self._best is None:
            try:
                self._best = highscores.top(key)
            except OSError:
                self._best = []
        return self._best

    # overlays --------------------------------------------------------------------------------------
    def _draw_lowest(self, surface: pygame.Surface, top: tuple[float, float], width: int) -> None:
        """The colour(s) the swap is about, as symbol tiles under their label, so the choice can be
        judged at a glance."""
        lowest = self.rules.lowest_colours(self.state, self.match.to_move)
        font, label = draw.fit_line(self.app.font, tr_ui(self.app, "swap.lowest", "Lowest:"), width, 15, bold=True)
        r = draw.text(surface, font, label, top, hud.ACCENT, anchor="midtop")
        size = 14
        x = top[0] - (len(lowest) * (2 * size + 6) - 6) / 2 + size
        for c in lowest:
            sprite = pieces.tile_sprite(c, size)
            surface.blit(sprite, sprite.get_rect(center=(round(x), r.bottom + 6 + size)))
            x += 2 * size + 6

    def _draw_celebrations(self, surface: pygame.Surface) -> None:
        """"Ingenious!" on the score card that earned it, for a moment: its frame glows gold and the
        word (times the bonus placements, when more than one) sits in the card's top right corner.
        The message strip says it in words as well."""
        for tween, track in self.celebrations:
            card = self.cards.get(track)
            if card is None or tween.elapsed < tween.delay:
                continue
            t = tween.value
            alpha = 255 if t < 0.7 else max(0, round(255 * (1 - (t - 0.7) / 0.3)))
            glow = 0.6 + 0.4 * math.sin(t * 20)
            ring = card.inflate(6, 6)
            layer = pygame.Surface(ring.size, pygame.SRCALPHA)
            pygame.draw.rect(layer, (*LAST_MOVE, round(alpha * glow)), layer.get_rect(), 4, border_radius=12)
            surface.blit(layer, ring.topleft)
            word = tr_ui(self.app, "ingenious", "Ingenious!") + (f" ×{tween.tag}" if tween.tag and tween.tag > 1 else "")
            font, word = draw.fit_line(self.app.font, word, card.w // 2, 17, bold=True)
            pill = pygame.Rect(0, 0, font.size(word)[0] + 14, font.get_linesize() + 2)
            pill.topright = (card.right - 6, card.y + 5)
            tag = pygame.Surface(pill.size, pygame.SRCALPHA)
            draw.rounded_panel(tag, tag.get_rect(), (64, 50, 16), pill.h // 2, border=LAST_MOVE)
            draw.text(tag, font, word, (pill.w / 2, pill.h / 2), LAST_MOVE)
            tag.set_alpha(alpha)
            surface.blit(tag, pill.topleft)

    # --- the tutorial and the tips (hexgames/ui/tutorial.py) -------------------------------------------
    def input_points(self, move: Any) -> list[Any]:
        from hexgames.games.ingenious import inputs

        return inputs.input_points(self, move)

    def tip_regions(self) -> list[tuple[pygame.Rect, str]]:
        from hexgames.games.ingenious import inputs

        return inputs.tip_regions(self)


def _direction(a: Hex, b: Hex) -> int:
    """The direction from a to its neighbour b (UP is 0, so never `or`-default it)."""
    d = hexgrid.direction_between(a, b)
    return DOWN if d is None else d


def _start_sprite(colour: int, size: int) -> pygame.Surface:
    """A start symbol: the colour's hex with a white inner ring, so it reads as printed on the board."""
    return _start_cache(colour, size)


_START: BoundedCache[tuple[int, int], pygame.Surface] = BoundedCache(24)  # six colours, a few sizes
_DOTS: BoundedCache[int, pygame.Surface] = BoundedCache(8)


def _target_dot(r: int) -> pygame.Surface:
    """The legal-target marker: a green dot with a dark rim, readable on white, grey and colour."""
    surf = _DOTS.get(r)
    if surf is None:
        surf = _DOTS.put(r, pygame.Surface((2 * r + 4, 2 * r + 4), pygame.SRCALPHA))
        c = r + 2
        draw.aa_circle(surf, (20, 60, 36), (c, c), r + 1)
        draw.aa_circle(surf, LEGAL, (c, c), r)
    return surf


def _start_cache(colour: int, size: int) -> pygame.Surface:
    key = (colour, size)
    base = _START.get(key)
    if base is None:
        base = _START.put(key, pieces.tile_sprite(colour, size).copy())
        ring = pieces.outline_sprite(max(4, size - max(3, size // 6)), START_MARK, max(1.5, size / 10))
        base.blit(ring, ring.get_rect(center=base.get_rect().center))
    return base

