"""What a game's scene fills in: the hooks `GameScene` calls, each with the default a game that needs
nothing there gets. A game's scene subclasses `GameScene` (hexgames/ui/game_scene.py), which has
these; this class only gathers them, so the whole of a game's side of the frame is on one page.

Writing a game scene (register it as `scene_path="hexgames.games.G.scene:GScene"`):

    class GScene(GameScene):
        def layout(self):                      # board_rect / panel_rect are set: fit the board
            self.geo = TableLayout.fit(self.board_rect, self.panel_rect, self.actions_rect, ...)
        def build_widgets(self):               # own pygame_gui buttons (Confirm...) in actions_rect
            self.confirm = UIButton(..., self.app.ui); self.widgets.append(self.confirm)
        def draw_game(self, surface):          # board in board_rect, player boxes in panel_rect;
            ...                                # private parts only for self.viewer (or reveal_all)
        def handle_game_event(self, event):    # mouse/keys (Enter included) -> self.submit(move)
            if self.can_act and event.type == pygame.MOUSEBUTTONUP: return self.submit(move)
            return False
        def on_move_played(self, before, move, after, by_ai):
            self.animator.tween(start, end, 0.3, tag=cell)   # slide/fall; self.animator.value(tag)
        def on_undo(self): self.selected = None

`is_animating()` defaults to `self.animator.busy`; AI turns, hand-overs and the results screen wait
for it. Toasts: `self.toast(text, error=True)`; they draw above any overlay. Seat colour chip in the
banner: override `seat_colour(seat)`; beside a name in the results, `draw_seat_chip` (games whose
colours carry a shape draw it). Highlight legal targets only if `self.app.settings.show_targets`.
Dialogs of the game's own (a swap prompt...) are named in `screens()`, so the screenshot command can
show them. A hint arrives in `show_hint(move)`: preview it as a human's move is previewed.
"""
from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

import pygame

from hexgames.ui import draw

SEAT_COLOURS = [(231, 96, 84), (90, 160, 230), (245, 200, 80), (120, 200, 120), (190, 130, 220), (240, 150, 70)]


class GameHooks:
    """The hooks of a game's scene, with their defaults (see the module docstring)."""

    @classmethod
    def screens(cls) -> Mapping[str, Callable[[Any], bool]]:
        """The game's own dialogs, so `hexgames screenshot --scene NAME` reaches every screen a
        player can see: each name with a test on the full state that holds when that dialog is up
        for the seat to move (e.g. {"swap": lambda s: s.phase == "swap"})."""
        return {}

    def layout(self) -> None:
        """board_rect / panel_rect changed: recompute the board geometry."""

    def score_style(self) -> Any:
        """How the game lights what a move scored (`ui.score_show.MarkStyle`: where a place is on
        screen, its outline, a mark's colour and symbol), or None to show no scoring on the board."""
        return None

    def scoring_delay(self, move: Any, by_ai: bool) -> float:
        """Seconds before a move's scoring shows: a game whose move slides or falls into place first
        waits for it to land."""
        return 0.0

    def scoring_windows(self, marks: Sequence[Any]) -> Sequence[tuple[float, float | None]] | None:
        """When each step of a move's marks lights and goes out, in seconds of animation after the
        delay, one (start, end) per step in order: for a game whose own animation resolves the move
        step by step (Toradama's chain links). None: one step after the other, all held to the end."""
        return None

    def build_widgets(self) -> None:
        """Add the game's own pygame_gui widgets (append them to self.widgets); rects are set."""

    def draw_game(self, surface: pygame.Surface) -> None:
        """Draw the board into board_rect and the player panels into panel_rect."""

    def handle_game_event(self, event: pygame.event.Event) -> bool:
        """Turn input into moves with `self.submit(move)`; check `self.can_act` first."""
        return False

    def on_move_played(self, before: Any, move: Any, after: Any, by_ai: bool) -> None:
        """A move was played (by a human or the AI): start its animations."""

    def move_sound(self, before: Any, move: Any, after: Any) -> str:
        """The effect a played move makes (`ui.sound.EFFECTS`): games pick "score", "village",
        "chain"... for their big moments."""
        return "place"

    def clear_selection(self) -> None:
        """Drop all input state of the player at the screen: the selection, hover, a drag, placement
        and hint previews. Called on undo and whenever the screen changes hands."""

    def on_undo(self) -> None:
        """The match stepped back (after `clear_selection`): reset what else the game keeps."""

    def update_game(self, dt: float) -> None:
        """Per-frame game logic (hover effects, the game's own timers)."""

    def seat_colour(self, seat: int) -> tuple[int, int, int]:
        """The banner's chip colour; games override to match their pieces."""
        return SEAT_COLOURS[seat % len(SEAT_COLOURS)]

    def draw_seat_chip(self, surface: pygame.Surface, seat: int, center: tuple[float, float],
                       radius: float) -> None:
        """A seat's chip beside its name (results): games whose colours carry a shape draw it here."""
        draw.aa_circle(surface, self.seat_colour(seat), center, radius)

    def chart_panels(self, states: list[Any]) -> list[Any]:
        """Score-over-time panels (`ui.chart.Panel`) for the results screen, from the game's states
        (already thinned out to at most a few hundred); none by default."""
        return []

    def input_points(self, move: Any) -> Sequence[Any]:
        """The gestures (`ui.gestures`: click, right-click, drag, key) that input `move` in the current
        layout, in order, as a player would: the tutorial marks them and its autoplay posts them."""
        raise NotImplementedError(f"{type(self).__name__} does not say where its moves are input "
                                  "(input_points)")

    def tip_regions(self) -> Sequence[tuple[pygame.Rect, str]]:
        """Drawn parts of the screen (a score card, a bag count...) with the short tip shown on hover."""
        return []
