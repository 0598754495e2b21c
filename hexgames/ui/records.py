"""The Records screen: per game and per player name, games played, won/lost/drawn, average and best
score, the record against each AI level and a chart of recent results; beside them the game's solo
high-score tables. Reached from the menu's "Records" button; Escape or Back returns. A click on one
of the last games opens its replay (the record keeps the game's save).

Everything is read once when the screen opens (`core/records.py`, `core/highscores.py`) and the
statistics come from `core/record_stats.py`; this module only lays them out. The game and the player
are chosen with drop-downs; nothing here knows any game (high-score tables are named from the game's
own option and mode labels).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from hexgames import games
from hexgames.core import highscores, record_stats, records
from hexgames.core.match import AI_LEVELS
from hexgames.ui import chart, draw, hud
from hexgames.ui.scenes import Scene
from hexgames.ui.ui_scale import px

if TYPE_CHECKING:
    from hexgames.games import GameInfo
    from hexgames.ui.shell import Shell, Words

PANEL_BG = (33, 39, 50)
LOST_COLOUR = (231, 120, 110)
OTHER_COLOUR = (150, 160, 178)


def fmt_score(x: float | None) -> str:
    if x is None:
        return "–"
    return str(int(x)) if float(x).is_integer() else f"{x:.1f}"


def table_label(app: "Words", info: "GameInfo", key: str) -> str:
    """A high-score table's name ("ingenious/rack" -> the game's label for the option value "rack",
    or for a mode of that name), from the game's own translations."""
    suffix = key.partition("/")[2]
    for spec in info.options:
        if suffix in [str(c) for c in spec.choices]:
            return app.tr(f"{info.id}.option.{spec.name}.{suffix}", default=suffix)
    if any(m.id == suffix for m in info.modes):
        return app.tr(f"{info.id}.mode.{suffix}", default=suffix)
    return suffix or app.tr(f"{info.id}.title", default=info.title)


class RecordsScene(Scene):
    """Statistics of one player in one game, the recent results, and the game's high scores."""

    def __init__(self, app: "Shell", game_id: str | None = None, player: str | None = None):
        super().__init__(app)
        self.all = records.load()  # every recorded game, newest first
        self.tables = highscores.tables()
        ids = [i.id for i in games.registered()]
        recent = next((r.game for r in self.all if r.game in ids), None)
        self.game_id = game_id if game_id in ids else recent or (ids[0] if ids else "")
        self.player: str | None = player
        self.controls: dict[Any, str] = {}
        self.back_button: Any = None
        self.content = pygame.Rect(0, 0, 0, 0)
        self._painted: pygame.Surface | None = None  # the statistics, painted once per choice and layout
        self.game_rows: list[tuple[pygame.Rect, int]] = []  # the last games as painted, with their record ids
        self.pointer: tuple[int, int] = (-1, -1)
        self.toasts = hud.ToastStack()
        self._pick_player()
        self._stats = self.stats()

    # --- model ------------------------------------------------------------------------------------
    def _px(self, value: int) -> int:
        """`value` pixels grown by the window's UI scale (the same in windows up to 1920x1080)."""
        return px(value, self.app.scale)

    @property
    def info(self) -> "GameInfo | None":
        try:
            return games.get(self.game_id)
        except KeyError:
            return None

    def game_records(self) -> list[records.GameRecord]:
        return [r for r in self.all if r.game == self.game_id]

    def names(self) -> list[str]:
        return record_stats.player_names(self.game_records())

    def _pick_player(self) -> None:
        """Keep the chosen name if it played this game, else the one with the most games."""
        names = self.names()
        if self.player not in names:
            self.player = names[0] if names else None

    def stats(self) -> record_stats.PlayerStats | None:
        return record_stats.player_stats(self.game_records(), self.player) if self.player else None

    def game_tables(self) -> list[tuple[str, list[highscores.Entry]]]:
        return sorted((k, v) for k, v in self.tables.items() if k == self.game_id or k.startswith(self.game_id + "/"))

    # --- widgets ----------------------------------------------------------------------------------
    def enter(self) -> None:
        p = self._px
        from pygame_gui.core import ObjectID
        from pygame_gui.elements import UIButton, UILabel

        app, tr, ui = self.app, self.app.tr, self.app.ui
        w, h = app.screen.get_size()
        self.controls.clear()
        self._painted = None
        self._stats = self.stats()
        col = pygame.Rect(0, 0, min(p(1400), w - 40), 0)
        col.centerx = w // 2
        top = p(12) if h < 720 else p(24)
        self.widgets.append(UILabel(pygame.Rect(col.x, top, col.w, p(50)), tr("ui.records.title"), ui,
                                    object_id=ObjectID(class_id="@heading")))
        y = top + p(58)
        label_w = max(app.font(p(18)).size(tr(f"ui.records.{k}"))[0] for k in ("game", "player")) + p(24)
        dd_w = min(p(320), (col.w - 2 * label_w - p(40)) // 2)
        infos = games.registered()
        if infos:
            self._label(pygame.Rect(col.x, y, label_w - p(8), p(40)), tr("ui.records.game"))
            choices = [(app.tr(f"{i.id}.title", default=i.title), i.id) for i in infos]
            current = next((c for c in choices if c[1] == self.game_id), choices[0])
            self._dropdown("game", choices, current, pygame.Rect(col.x + label_w, y, dd_w, p(40)))
        player_x = col.x + label_w + dd_w + p(32)
        self._label(pygame.Rect(player_x, y, label_w - p(8), p(40)), tr("ui.records.player"))
        names = self.names()
        if names:
            choices = [(n, n) for n in names]
            current = next(c for c in choices if c[1] == self.player)
            self._dropdown("player", choices, current, pygame.Rect(player_x + label_w, y, dd_w, p(40)))
        else:
            self.widgets.append(UILabel(pygame.Rect(player_x + label_w, y, dd_w, p(40)), tr("ui.records.no_players"),
                                        ui,
                                        object_id=ObjectID(class_id="@muted")))
        bw, bh = p(180), p(46)
        self.back_button = UIButton(pygame.Rect(col.right - bw, h - bh - p(14), bw, bh), tr("ui.records.back"), ui,
                                    object_id=ObjectID(class_id="@primary"))
        self.widgets.append(self.back_button)
        self.content = pygame.Rect(col.x, y + p(56), col.w, h - bh - p(28) - (y + p(56)))

    def _label(self, rect: pygame.Rect, text: str) -> None:
        from pygame_gui.elements import UILabel

        self.widgets.append(UILabel(rect, text, self.app.ui))

    def _dropdown(self, what: str, choices: list[tuple[str, str]], current: tuple[str, str],
                  rect: pygame.Rect) -> None:
        from pygame_gui.elements import UIDropDownMenu

        dd = UIDropDownMenu(choices, current, rect, self.app.ui)
        self.controls[dd] = what
        self.widgets.append(dd)

    def control_for(self, what: str) -> Any:
        """The drop-down for "game" or "player" (tests open it), or None."""
        return next((c for c, v in self.controls.items() if v == what), None)

    # --- input ------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.pop()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back_button:
            self.app.scenes.pop()
            return True
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            row = self.row_at(event.pos)
            if row is not None:
                self.review(row)
                return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element in self.controls:
            self.choose(self.controls[event.ui_element], event.selected_option_id)
            return True
        return False

    def row_at(self, pos: tuple[int, int]) -> int | None:
        """The record id of the last game painted under `pos`, if any."""
        return next((record_id for rect, record_id in self.game_rows if rect.collidepoint(pos)), None)

    def review(self, record_id: int) -> None:
        """Open a recorded game in the replay viewer; a record whose save no longer replays (another
        rules version, damaged) is refused with the reason, and the screen stays; so is a click while
        another program holds the records."""
        from hexgames.core import saves

        try:
            data = records.save_of(record_id)
            if data is None:
                why = self.app.tr_reason(records.BUSY_READ) if records.busy() else self.app.tr("ui.records.missing")
                self.toasts.add(why, True)
                return
            match = saves.match_from_dict(data, games.get)
        except saves.SaveError as e:  # the kept save is damaged, or no longer replays
            self.toasts.add(self.app.tr("ui.replay.refused", why=self.app.tr_reason(e.reason)), True)
            return
        why = self.app.open_replay(match, len(match.moves))
        if why is not None:
            self.toasts.add(why, True)

    def update(self, dt: float) -> None:
        self.toasts.update(dt)

    def choose(self, what: str, value: str) -> None:
        if what == "game":
            self.game_id = value
            self._pick_player()
        elif what == "player":
            self.player = value
        self.rebuild()

    # --- drawing ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(self.app.BG)
        if self._painted is None or self._painted.get_size() != surface.get_size():
            self._painted = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            self.game_rows = []
            self._paint(self._painted)
        surface.blit(self._painted, (0, 0))
        row = next((rect for rect, _ in self.game_rows if rect.collidepoint(self.pointer)), None)
        if row is not None and self.app.scenes.top is self:
            pygame.draw.rect(surface, hud.ACCENT, row.inflate(8, 0), 1, border_radius=4)
        self.toasts.draw(surface, self.app, self.content)

    def _paint(self, surface: pygame.Surface) -> None:
        p = self._px
        area = self.content
        if area.w <= 0 or area.h <= 0:
            return
        gap = p(16)
        left = pygame.Rect(area.x, area.y, (area.w - gap) * 9 // 20, area.h)
        right = pygame.Rect(left.right + gap, area.y, area.right - left.right - gap, area.h)
        filled = [v for _, v in self.game_tables() if v]
        scores_h = min(right.h // 2, p(56) + sum(p(30) + p(22) * len(v) for v in filled)) if filled else p(86)
        chart_h = right.h - scores_h - gap
        self._draw_player(surface, left)
        self._draw_recent(surface, pygame.Rect(right.x, right.y, right.w, chart_h))
        self._draw_highscores(surface, pygame.Rect(right.x, right.bottom - scores_h, right.w, scores_h))

    def _title(self) -> str:
        info = self.info
        return self.app.tr(f"{info.id}.title", default=info.title) if info else ""

    def _draw_player(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        p = self._px
        app, tr = self.app, self.app.tr
        stats = self._stats
        inner = hud.panel(surface, rect, self.player or tr("ui.records.player_stats"), app)
        if stats is None or stats.played == 0:
            self._empty(surface, inner, tr("ui.records.no_games", game=self._title()))
            return
        t = stats.results
        rows = [(tr("ui.records.played"), str(stats.played)),
                (tr("ui.records.results"),
                 tr("ui.records.wld", won=t.won, lost=t.lost, drawn=t.drawn) if t.total else tr("ui.records.solo_only")),
                (tr("ui.records.average"), fmt_score(stats.average)),
                (tr("ui.records.best"), fmt_score(stats.best))]
        if stats.hints:
            rows.append((tr("ui.records.hints"), str(stats.hints)))
        line = p(30) if inner.h >= p(300) else p(26)
        y = self._rows(surface, inner, inner.y + p(6), rows, line)
        y += p(10)
        draw.text(surface, app.font(p(15), bold=True), tr("ui.records.vs_ai"), (inner.x, y), hud.ACCENT,
                  anchor="topleft")
        y += p(26)
        levels = [(tr(f"ui.setup.ai_{lvl}"), stats.vs_level[lvl]) for lvl in AI_LEVELS if lvl in stats.vs_level]
        if not levels:
            self._empty(surface, pygame.Rect(inner.x, y, inner.w, p(40)), tr("ui.records.no_ai_games"), top=True)
            y += p(40)
        else:
            y = self._rows(surface, inner, y, [(name, tr("ui.records.wld", won=t.won, lost=t.lost, drawn=t.drawn))
                                               for name, t in levels], line - 4)
        self._draw_games(surface, pygame.Rect(inner.x, y + p(10), inner.w, inner.bottom - y - p(10)), stats.recent)

    def _draw_games(self, surface: pygame.Surface, box: pygame.Rect, recent: list[record_stats.Recent]) -> None:
        """The player's last games, newest first: result mark, date, opponents, score against the best
        opponent's; as many as fit."""
        p = self._px
        app, tr = self.app, self.app.tr
        line = p(24)
        if box.h < p(26) + line:
            return
        draw.text(surface, app.font(p(15), bold=True), tr("ui.records.last_games"), box.topleft, hud.ACCENT,
                  anchor="topleft")
        tip = tr("ui.records.click_to_review")
        draw.text(surface, draw.fit_text(app.font, tip, box.w // 2, p(12), p(9)), tip, (box.right, box.y + p(9)),
                  hud.MUTED,
                  anchor="midright")
        y = box.y + p(26)
        font, bold = app.font(p(14)), app.font(p(14), bold=True)
        for r in reversed(recent):
            if y + line > box.bottom:
                break
            mid = y + line // 2
            self.game_rows.append((pygame.Rect(box.x, y, box.w, line), r.record_id))
            _result_mark(surface, (box.x + p(6), mid), r.result)
            draw.text(surface, font, r.date[:10], (box.x + p(18), mid), hud.MUTED, anchor="midleft")
            score = fmt_score(r.score) if r.best_other is None else f"{fmt_score(r.score)} – {fmt_score(r.best_other)}"
            right = draw.text(surface, bold, score, (box.right, mid), hud.TEXT, anchor="midright").left
            who = self._opponents(r)
            x = box.x + p(18) + font.size("2026-01-01")[0] + p(12)
            wfont = draw.fit_text(app.font, who, right - x - p(10), p(14), p(10))
            if wfont.size(who)[0] <= right - x - p(10):
                draw.text(surface, wfont, who, (x, mid), hud.TEXT, anchor="midleft")
            y += line

    def _opponents(self, recent: record_stats.Recent) -> str:
        """"vs CPU – Hard" / "vs Bob" / "Solo" for a recent game."""
        tr = self.app.tr
        if not recent.opponents:
            return tr("ui.records.solo_game")
        names = [s.name if s.is_human else tr(f"ui.setup.ai_{s.level}") for s in recent.opponents]
        return tr("ui.records.versus", names=self.app.join(list(dict.fromkeys(names))))

    def _rows(self, surface: pygame.Surface, box: pygame.Rect, y: int, rows: list[tuple[str, str]], line: int) -> int:
        """Label on the left, value on the right, one row each; returns the y below them."""
        p = self._px
        for label, value in rows:
            if y + line > box.bottom:
                break
            vfont = draw.fit_text(self.app.font, value, box.w // 2, p(17), p(11), bold=True)
            lfont = draw.fit_text(self.app.font, label, box.w - vfont.size(value)[0] - p(16), p(16), p(11))
            draw.text(surface, lfont, label, (box.x, y + line // 2), hud.MUTED, anchor="midleft")
            draw.text(surface, vfont, value, (box.right, y + line // 2), hud.TEXT, anchor="midright")
            y += line
        return y

    def _empty(self, surface: pygame.Surface, box: pygame.Rect, text: str, top: bool = False) -> None:
        """A muted sentence saying there is nothing to show yet, wrapped to the box."""
        p = self._px
        font = self.app.font(p(15))
        lines = draw.wrap(font, text, box.w - p(8))
        y = box.y + p(8) if top else box.centery - len(lines) * p(11)
        for part in lines:
            draw.text(surface, font, part, (box.x + (0 if top else box.w // 2), y), hud.MUTED,
                      anchor="topleft" if top else "midtop")
            y += p(22)

    def _draw_recent(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The player's score in their last games (and the best other side's), with each result
        marked below as a shape: ▲ won, ▼ lost, ● drawn, ◇ solo."""
        p = self._px
        app, tr = self.app, self.app.tr
        stats = self._stats
        recent = stats.recent if stats else []
        if not recent:
            hud.panel(surface, rect, tr("ui.records.recent"), app)
            self._empty(surface, rect.inflate(-20, -20), tr("ui.records.no_recent"))
            return
        lines = [chart.Line(self.player or "", hud.ACCENT, [r.score for r in recent])]
        if all(r.best_other is not None for r in recent):
            lines.append(chart.Line(tr("ui.records.best_other"), OTHER_COLOUR, [float(r.best_other or 0) for r in recent],
                                    marker=_square(OTHER_COLOUR)))
        panel_rect = pygame.Rect(rect.x, rect.y, rect.w, rect.h - p(44))
        chart.draw_panel(surface, app, panel_rect, chart.Panel(tr("ui.records.recent"), lines))
        plot = chart.plot_rect(panel_rect)
        y = panel_rect.bottom + p(10)
        for i, r in enumerate(recent):
            _result_mark(surface, (chart.point_x(plot, i, len(recent)), y), r.result)
        self._legend(surface, pygame.Rect(rect.x, y + p(10), rect.w, p(22)), lines, {r.result for r in recent})

    def _legend(self, surface: pygame.Surface, row: pygame.Rect, lines: list[chart.Line], results: set[str]) -> None:
        """What each line and mark means (the solo mark only when solo games are shown)."""
        p = self._px
        font = self.app.font(p(13))
        x = row.x + p(10)
        items = [(line.label, line.colour, line.marker) for line in lines]
        for label, colour, marker in items:
            centre = (x + 5, row.centery)
            (marker or (lambda s, c, size: draw.aa_circle(s, colour, c, size // 2)))(surface, centre, p(10))
            x = draw.text(surface, font, label, (x + p(14), row.centery), hud.MUTED, anchor="midleft").right + p(16)
        for result, key in (("won", "ui.records.mark_won"), ("lost", "ui.records.mark_lost"),
                            ("drawn", "ui.records.mark_drawn"), ("", "ui.records.mark_solo")):
            if not result and result not in results:
                continue
            if x > row.right - p(60):
                break
            _result_mark(surface, (x + 5, row.centery), result)
            x = draw.text(surface, font, self.app.tr(key), (x + p(14), row.centery), hud.MUTED,
                          anchor="midleft").right + p(14)

    def _draw_highscores(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        p = self._px
        app, tr, info = self.app, self.app.tr, self.info
        inner = hud.panel(surface, rect, tr("ui.records.highscores"), app)
        tables = [(k, v) for k, v in self.game_tables() if v]
        if not tables:
            solo = info is not None and any(1 in m.seats for m in info.modes)
            self._empty(surface, inner, tr("ui.records.no_highscores" if solo else "ui.records.no_solo",
                                           game=self._title()))
            return
        line = p(22)
        per_table = max(1, (inner.h - len(tables) * p(26)) // len(tables) // line)
        y = inner.y + 4
        font, bold = app.font(p(14)), app.font(p(14), bold=True)
        for key, entries in tables:
            if y + p(24) > inner.bottom:
                break
            if len(tables) > 1 or key != self.game_id + "/solo":
                name = table_label(app, info, key) if info else key
                name_font = draw.fit_text(app.font, name, inner.w, p(15), p(11), bold=True)
                draw.text(surface, name_font, name, (inner.x, y), hud.ACCENT, anchor="topleft")
                y += p(24)
            for place, entry in enumerate(entries[:per_table]):
                if y + line > inner.bottom:
                    break
                mid = y + line // 2
                draw.text(surface, bold, tr("ui.results.ordinal", n=place + 1), (inner.x, mid), hud.TEXT, anchor="midleft")
                draw.text(surface, font, entry.date[:10], (inner.right, mid), hud.MUTED, anchor="midright")
                score = " · ".join(str(x) for x in entry.scores)
                sfont = draw.fit_text(app.font, score, inner.w - p(150), p(15), p(10), bold=True)
                draw.text(surface, sfont, score, (inner.x + p(44), mid), hud.TEXT, anchor="midleft")
                y += line
            y += p(6)


def _square(colour: tuple[int, int, int]) -> chart.Marker:
    def mark(surface: pygame.Surface, centre: tuple[int, int], size: int) -> None:
        r = pygame.Rect(0, 0, size, size)
        r.center = centre
        pygame.draw.rect(surface, colour, r)
    return mark


def _result_mark(surface: pygame.Surface, centre: tuple[int, int], result: str) -> None:
    """A result as a shape and a colour: ▲ won (green), ▼ lost (red), ● drawn (grey), ◇ solo."""
    x, y = centre
    if result == record_stats.WON:
        draw.aa_polygon(surface, hud.GOOD, [(x, y - 5), (x + 5, y + 4), (x - 5, y + 4)])
    elif result == record_stats.LOST:
        draw.aa_polygon(surface, LOST_COLOUR, [(x - 5, y - 4), (x + 5, y - 4), (x, y + 5)])
    elif result == record_stats.DRAWN:
        draw.aa_circle(surface, OTHER_COLOUR, centre, 4)
    else:  # solo: a hollow diamond
        draw.aa_polygon(surface, OTHER_COLOUR, [(x, y - 5), (x + 5, y), (x, y + 5), (x - 5, y)], width=1)
