"""The Clans table: the map drawn from the same cells the rules use, drag-to-move, the "?" order
choice, step-by-step village scoring and the secret colours. This module wires the game's parts and
holds what the player is doing now; each part lives in a room of its own:

- `layout.py`: where everything goes for a window size and the map (the strip, the map's cell size
  and origin, the huts, the "?" marks, the panel's rows) and the hit-tests. Pure; input and drawing
  both read it.
- `view_board.py` (the map and all on it, the strip above it), `view_panel.py` (players and guess
  notes, colour points, epoch chart, recap lines; the results' charts), `view_overlays.py` (the
  sliding and the dragged group): each draws one part from the layout and what the scene tells it
  to show (`BoardShown`, `PanelShown`).
- `inputs.py`: the player's selection and what the mouse and keys do to it, from the layout alone.
- `look.py`, `pieces.py`: the colours and words they share; every tribe chip and group of huts.

Why it is built this way:
- The scene decides no rule: legal targets come from `rules.targets`, refusals from `submit` (the
  rules' reason as a toast).
- Secrecy: no view sees the state. `BoardShown` holds the public position (no player's colour),
  `PanelShown` each seat's colour as `shown_colours` gives it: from `rules.observe(state, viewer)`
  (everyone's once the game is over, or when only AIs play). Seat chips share one neutral look that
  is no clan colour; the recap's words come from `describe` of the viewer's observation; the guess
  notes are the viewer's own; `clear_selection` drops all the last player was doing at every
  hand-over and undo.
- What happened since the viewer's last turn shows as fading arrows on the map and a few lines at
  the foot of the panel (`recap_turns`, `recap_lines`), else the last move: an AI's move slides,
  then its arrow stays until the human has moved. Villages score on screen one at a time
  (`score_steps`), in words in the strip above the map.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from hexgames.games.clans import inputs, pieces, recap, view_board, view_overlays, view_panel
from hexgames.games.clans.layout import TableLayout
from hexgames.games.clans.look import NEUTRAL_SEAT_RGB, tr_ui
from hexgames.games.clans.rules import COLOURS, ClansRules, ClansState, Move, ScoreEntry, ScoreNext
from hexgames.ui import chart, draw
from hexgames.ui.anim import INSTANT
from hexgames.ui.game_scene import GameScene, part_attribute

CLAN_RGB = pieces.FILLS  # the tribe colours (tests read them here)
MOVE_SECONDS = 0.35
SCORE_SECONDS = 1.6
RECAP_LINES = 5  # most turns listed in the recap (older ones are counted)


@dataclass
class ScoreStep:
    """One village's scoring being shown: the entry and the colour points as they were before it."""

    entry: ScoreEntry
    points_before: tuple[int, ...]


def _layout(name: str, doc: str) -> property:
    return part_attribute("geo", name, doc)


def _selection(name: str, doc: str) -> property:
    return part_attribute("selection", name, doc, settable=True)


class ClansScene(GameScene):
    """Drag (or click-click) tribes between areas; click "?" marks in scoring order."""

    rules: ClansRules
    geo: TableLayout
    cell = _layout("cell", "The map's cell size.")
    map_rect = _layout("map_rect", "The board minus the strip on top: the map never sits under it.")
    hint_rect = _layout("hint_rect", "The strip above the map.")
    cell_center = _layout("cell_center", "Where a map cell's centre is on screen.")
    area_center = _layout("area_center", "Where an area's huts stand.")
    area_at = _layout("area_at", "The area under a point.")
    marker_pos = _layout("marker_pos", "Where a village's \"?\" mark is drawn.")
    marker_radius = _layout("marker_radius", "The radius of a \"?\" mark.")
    hut_radius = _layout("hut_radius", "The radius of a hut chip.")
    chip_spots = _layout("chip_spots", "Where each hut chip of a group stands.")
    epoch_chart_height = _layout("epoch_chart_height", "The epoch chart's height in the side panel.")
    colour_points_height = _layout("colour_points_height", "The colour points' height in the side panel.")
    selected = _selection("selected", "The group picked up by a click, Enter or the hint.")
    press_area = _selection("press_area", "The group the button went down on.")
    dragging = _selection("dragging", "The pressed group follows the pointer.")
    key_focus = _selection("key_focus", "The area the keyboard points at (arrows / Tab, then Enter).")
    picker_for = _selection("picker_for", "The seat whose colour guess is being picked.")

    def __init__(self, app: Any, match: Any):
        self.selection = inputs.Selection()
        self.board_view = view_board.BoardView(app)
        self.panel_view = view_panel.PanelView(app)
        self.slide: dict[str, Any] | None = None  # a group moving from area to area
        self.score_steps: list[ScoreStep] = []
        self.score_timer = 0.0
        self.order_marks: dict[int, int] = {}  # area -> order number in the current multi-village turn
        self._recap_cache: tuple | None = None
        self.panel_sections: dict[str, pygame.Rect] = {}  # the side panel's parts as last drawn (tips)
        super().__init__(app, match)
        self.layout()

    @classmethod
    def screens(cls) -> dict[str, Any]:
        """The village-order choice, for `screenshot --scene village_order`: one move founded several
        villages and their mover picks the scoring order by clicking the "?" marks."""
        return {"village_order": lambda s: len(s.pending) > 1}

    # --- the position and the layout -----------------------------------------------------------
    @property
    def state(self) -> ClansState:
        return self.match.state

    @property
    def map(self):
        return self.rules.map

    def layout(self) -> None:
        self.geo = TableLayout.fit(self.board_rect, self.panel_rect, self.map)
        self.board_view.forget()

    # --- who may see which colour, and the viewer's guesses ------------------------------------
    def shown_colours(self) -> list[int | None]:
        """The colour drawn for each seat: everyone's once the game is over (or for spectators of an
        all-AI game), else only the viewer's own, else none."""
        s = self.state
        if self.match.is_over or (self.reveal_all and self.viewer_override is None):
            return list(s.colour_of)
        viewer = self.viewer
        if viewer is None:
            return [None] * s.seats
        return self.cached("shown_colours", lambda: list(self.rules.observe(s, viewer).colour_of))

    def seat_colour(self, seat: int) -> tuple[int, int, int]:
        """One neutral chip for every seat while colours are secret; the clan colour once revealed."""
        if self.match.is_over:
            return CLAN_RGB[self.match.state.colour_of[seat]]
        return NEUTRAL_SEAT_RGB

    def draw_seat_chip(self, surface: pygame.Surface, seat: int, center: tuple[float, float],
                       radius: float) -> None:
        """The revealed colour with its shape (results), else the neutral chip of the banner."""
        if self.match.is_over:
            pieces.chip(surface, self.match.state.colour_of[seat], center, radius, shadow=False)
        else:
            draw.aa_circle(surface, NEUTRAL_SEAT_RGB, center, radius, border=(240, 240, 240))

    def guesses(self) -> dict[int, int]:
        """The viewer's guess of each other seat's colour (only the viewer's own notes, never others'),
        kept in `Match.notes` under the viewer's seat, so saves and resumes keep them."""
        viewer = self.viewer
        note = self.match.notes.get(viewer) if viewer is not None else None
        return inputs.read_guesses(note, viewer, self.state.seats)

    def guess_choices(self) -> list[int]:
        """The colours a guess may name: any but the viewer's own."""
        own = self.shown_colours()[self.viewer] if self.viewer is not None else None
        return [c for c in range(COLOURS) if c != own]

    def guessing(self) -> tuple[int | None, frozenset[int], list[int]]:
        """(the seat whose guess picker is open, the seats the viewer may note a guess for, the
        colours a guess may name): nobody's while the game is over or nobody is at the screen."""
        viewer = self.viewer
        if self.match.is_over or viewer is None:
            return None, frozenset(), []
        shown = self.shown_colours()
        guessable = frozenset(seat for seat in range(self.state.seats) if seat != viewer and shown[seat] is None)
        return self.selection.picker_for, guessable, self.guess_choices()

    @property
    def _note_hits(self) -> list[tuple[pygame.Rect, inputs.NoteAction]]:
        """What a click in the players part may hit now: the guess slots and the open picker's cells."""
        picker, guessable, choices = self.guessing()
        rows = self.geo.players(self.state.seats, picker, len(choices))
        return inputs.note_targets(rows, guessable, picker, choices)

    # --- input ---------------------------------------------------------------------------------
    def handle_game_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            return inputs.point(self.geo, self.selection, event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._note_click(event.pos) or self._press(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._release(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.selection.selected = None
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _note_click(self, pos: tuple[int, int]) -> bool:
        """A click on a guess slot or in the open picker (the guess goes into the viewer's note)."""
        done = inputs.click_note(self.selection, self._note_hits, pos, self.geo.panel)
        if not isinstance(done, inputs.Guess):
            return done
        if self.viewer is not None:
            self.match.set_note(self.viewer, inputs.noted(self.guesses(), done))
        return True

    def _press(self, pos: tuple[int, int]) -> bool:
        s = self.state
        movable = {a for a in range(self.map.areas) if s.size[a]} - s.village_areas()
        done = inputs.press(self.geo, self.selection, pos, s.pending, movable, self.can_act)
        if isinstance(done, ScoreNext):
            self.submit(done)
        elif isinstance(done, str):
            self.toast(tr_ui(self.app, done), error=True)
        elif isinstance(done, inputs.Lifted) and not self.targets(done.area):
            self._explain_stuck(done.area)
        return done is not False

    def _release(self, pos: tuple[int, int]) -> bool:
        done = inputs.release(self.geo, self.selection, pos, self.can_act)
        if isinstance(done, inputs.Drop):
            if done.dst is None or not self.submit(Move(done.src, done.dst)):
                self._snap_back(done.src, done.pos)
            return True
        if isinstance(done, Move):
            self.submit(done)
            return True
        return done

    def _key(self, event: pygame.event.Event) -> bool:
        done = inputs.key(self.geo, self.selection, event.key, event.mod, self.state.pending, self.key_candidates,
                          self.targets, self.can_act)
        if isinstance(done, ScoreNext):
            self.submit(done)
        elif isinstance(done, Move) and self.submit(done):
            self.selection.key_focus = done.dst
        return done is not False

    def targets(self, area: int) -> list[int]:
        """Where the group in `area` may move (the rules'), once per position."""
        return self.cached(("targets", area), lambda: self.rules.targets(self.state, area))

    def key_candidates(self) -> list[int]:
        """The areas the keyboard may point at now: "?" villages, the held group's targets, or the
        groups that can move; in reading order (top to bottom, left to right)."""
        s, selected = self.state, self.selection.selected
        if s.pending:
            areas = list(s.pending)
        elif selected is not None:
            areas = [selected] + self.targets(selected)
        else:
            villages = s.village_areas()
            areas = [a for a in s.active if a not in villages and self.targets(a)]
        return inputs.reading_order(self.geo, areas)

    def _explain_stuck(self, area: int) -> None:
        """A group that cannot move was taken up: the rules' reason, for its first neighbour with huts."""
        s = self.state
        for n in self.map.neighbours[area]:
            if s.size[n]:
                reason = self.rules.check(s, Move(area, n))
                if reason:
                    self.toast(self.app.tr_reason(reason), error=True)
                return

    def _snap_back(self, src: int, pos: tuple[int, int]) -> None:
        """A refused drop flies home from where it was let go."""
        self.slide = {"huts": self.state.huts[src], "src": src, "dst": src, "from": pos,
                      "to": self.area_center(src), "t": 0.0, "hide": {src}}
        if _instant(self.app):
            self.slide = None

    # --- reacting to moves -------------------------------------------------------------------
    def on_move_played(self, before: ClansState, move: Any, after: ClansState, by_ai: bool) -> None:
        self.selection.selected = self.selection.picker_for = None
        if isinstance(move, Move):
            self.order_marks = {}
            if by_ai:
                self.slide = {"huts": before.huts[move.src], "src": move.src, "dst": move.dst,
                              "from": self.area_center(move.src), "to": self.area_center(move.dst), "t": 0.0,
                              "hide": {move.src, move.dst}, "dst_before": before.huts[move.dst]}
        new = after.score_log[len(before.score_log):]
        if new:
            points = list(before.points)
            for entry in new:
                self.score_steps.append(ScoreStep(entry, tuple(points)))
                for c in entry.scorers:
                    points[c] += entry.value
            if len(new) > 1 or isinstance(move, ScoreNext) or after.pending:
                base = len(self.order_marks)
                for i, entry in enumerate(new):
                    self.order_marks[entry.area] = base + i + 1
        if _instant(self.app):
            self.slide = None
            self.score_steps.clear()

    def move_sound(self, before: ClansState, move: Any, after: ClansState) -> str:
        return "village" if len(after.score_log) > len(before.score_log) else "place"

    def chart_panels(self, states: list[ClansState]) -> list[chart.Panel]:
        return view_panel.chart_panels(self.app, states, self.seat_name)

    def clear_selection(self) -> None:
        """Everything the player at the screen was doing goes (GameScene calls this at every
        hand-over and undo): the picked-up or dragged group and its way home, the lit targets, the
        keyboard's ring, the pointer's hover and an open guess picker."""
        self.selection.clear()
        if self.slide is not None and self.slide["src"] == self.slide["dst"]:
            self.slide = None  # a refused drop flying home

    def on_undo(self) -> None:
        self.slide = None
        self.score_steps.clear()
        self.order_marks = {}

    def is_animating(self) -> bool:
        return self.animator.busy or self.slide is not None or bool(self.score_steps)

    def update_game(self, dt: float) -> None:
        speed = max(0.05, float(self.app.settings.anim_speed))
        if _instant(self.app):
            self.slide = None
            self.score_steps.clear()
            return
        if self.slide is not None:
            self.slide["t"] += dt * speed / MOVE_SECONDS
            if self.slide["t"] >= 1.0:
                self.slide = None
            return
        if self.score_steps:
            self.score_timer += dt * speed
            if self.score_timer >= SCORE_SECONDS:
                self.score_timer = 0.0
                self.score_steps.pop(0)

    # --- the recap of the last turns -----------------------------------------------------------
    def recap_turns(self) -> tuple[str, list[recap.Turn]]:
        """(title key, turns): the others' turns since the viewer last moved when it is the viewer's
        turn again, else the last turn played."""
        m, viewer = self.match, self.viewer
        if viewer is not None and not m.is_over and m.to_move == viewer:
            turns = recap.since_last_turn(m.states, m.moves, viewer)
            if turns:
                return "clans.recap.since", turns
        return "clans.recap.last", recap.last_turn(m.states, m.moves)

    def recap_lines(self) -> tuple[str, list[str]]:
        """(title, one line per turn, oldest first): "Name: what they did", each move worded as the
        viewer may know it, as in the move log (the viewer's own colour marked, nobody else's
        named); remembered until the position, the viewer or the language changes."""
        m, viewer, tr = self.match, self.viewer, self.app.tr
        key = (len(m.moves), m.state, viewer, self.app.settings.language)
        cached = self._recap_cache
        if cached is not None and cached[0] == key:
            return cached[1]
        title_key, turns = self.recap_turns()
        sep = tr("clans.recap.part_sep")
        lines = [tr("clans.recap.line", name=self.seat_name(turn.seat),
                    text=sep.join(self.app.tr_reason(m.describe(i, viewer)) for i in turn.steps))
                 for turn in turns[-RECAP_LINES:]]
        if len(turns) > RECAP_LINES:
            lines.insert(0, tr("clans.recap.more", n=len(turns) - RECAP_LINES))
        self._recap_cache = (key, (tr(title_key), lines))
        return self._recap_cache[1]

    # --- the hint ------------------------------------------------------------------------------
    def hint_key(self) -> str | None:
        """What the strip above the map says now: the order decision, the how-to, or nothing."""
        if self.score_steps or self.match.is_over or not self.can_act:
            return None
        hint = self.hint_move
        if isinstance(hint, Move) and self.selection.selected == hint.src and not self.state.pending:
            return "hint_take"  # the hint is still picked up: say how to take it
        return "order_prompt" if self.state.pending else "drag_hint"

    def show_hint(self, move: Any) -> None:
        """The hint as a keyboard move half made: its group picked up, the keyboard's ring on its
        target and an arrow from -> to; Enter (or a click on the target) plays it. A village to
        score next gets the ring, and Enter scores it."""
        sel = self.selection
        if isinstance(move, Move):
            sel.selected, sel.key_focus = move.src, move.dst
        elif isinstance(move, ScoreNext):
            sel.selected, sel.key_focus = None, move.area
        else:
            super().show_hint(move)

    # --- drawing: what each view shows this frame ----------------------------------------------
    def draw_game(self, surface: pygame.Surface) -> None:
        geo, sel = self.geo, self.selection
        board = self._board_shown()
        self.board_view.draw(surface, geo, board)
        view_overlays.draw_slide(surface, self.app, geo, self.slide)
        self.board_view.draw_marks(surface, geo, board)
        dragged = self.state.huts[sel.press_area] if sel.dragging and sel.press_area is not None else None
        view_overlays.draw_drag(surface, self.app, geo, dragged, sel.drag_pos)
        self.panel_sections = self.panel_view.draw(surface, geo, self._panel_shown())

    def _board_shown(self) -> view_board.BoardShown:
        """What the map shows now: the public position (no player's colour), what the player is doing
        and what is moving (the areas a sliding or dragged group left are hidden)."""
        s, sel, slide, can_act = self.state, self.selection, self.slide, self.can_act
        hidden = set(slide["hide"]) if slide is not None else set()
        if sel.dragging and sel.press_area is not None:
            hidden.add(sel.press_area)
        source, focus, hint = sel.source, sel.key_focus, self.hint_move
        if focus is not None and not (can_act and focus in self.key_candidates()):
            focus = None
        if self.score_steps and slide is None:
            entry = self.score_steps[0].entry
            strip: view_board.Strip | None = view_board.Strip("scoring", entry, self.seat_name(entry.founder))
        else:
            key = self.hint_key()
            strip = None if key is None else view_board.Strip(key)
        return view_board.BoardShown(
            huts=s.huts, sizes=s.size, villages=s.villages, pending=s.pending, order_marks=self.order_marks,
            arrows=[t.move for t in self.recap_turns()[1] if t.move is not None],
            source=source, targets=self.targets(source) if source is not None else [],
            aimed=self.geo.area_at(sel.drag_pos) if sel.dragging else None, key_focus=focus,
            hint=hint if isinstance(hint, Move) and can_act else None, hidden=frozenset(hidden),
            stand_in=(slide["dst"], slide["dst_before"]) if slide is not None and "dst_before" in slide else None,
            strip=strip)

    def _panel_shown(self) -> view_panel.PanelShown:
        """What the side panel shows now: each seat's colour only as the viewer may see it, the
        viewer's own guesses, and the points as far as the village scoring shown."""
        s, over, steps = self.state, self.match.is_over, self.score_steps
        colours = tuple(self.shown_colours())
        picker, guessable, choices = self.guessing()
        results = None
        if over and None not in colours:
            results = tuple((s.points[colours[i]], s.founded[i], self.rules.seat_score(s, i)) for i in range(s.seats))
        return view_panel.PanelShown(
            names=tuple(self.seat_name(i) for i in range(s.seats)), current=s.current, over=over,
            viewer=self.viewer, colours=colours, founded=tuple(s.founded), results=results,
            guessable=guessable, guesses=self.guesses(), picker=picker, choices=tuple(choices),
            points=steps[0].points_before if steps else tuple(s.points),
            scoring=steps[0].entry if steps and self.slide is None else None,
            scored=s.villages_scored - len(steps), recap=self.recap_lines())

    def village_frame(self, area: int, value: int) -> tuple[pygame.Rect, pygame.Rect]:
        """The frame around a village's chips and the tab with its value, as the board draws them."""
        return self.board_view.village_frame(self.geo, area, self.state.huts[area], value)

    # --- the tutorial and the tips (hexgames/ui/tutorial.py) -------------------------------------
    def input_points(self, move: Any) -> list[Any]:
        return inputs.input_points(self.geo, move)

    def tip_regions(self) -> list[tuple[pygame.Rect, str]]:
        return inputs.tip_regions(self.app, self.geo, self.panel_sections)


def _instant(app: Any) -> bool:
    """Animations are off: moves land and villages score at once."""
    return app.settings.anim_speed >= INSTANT
