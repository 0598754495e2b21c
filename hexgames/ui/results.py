"""The end of a game: ranking, scores and each seat's details over the dimmed final board, with
Rematch (same seats and options, a new seed), a look at the board, or back to the menu."""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from hexgames.core.match import Match
from hexgames.ui import chart, draw, hud
from hexgames.ui.scenes import Scene
from hexgames.ui.ui_scale import px

if TYPE_CHECKING:
    from hexgames.ui.game_scene import GameScene
    from hexgames.ui.shell import Shell


HINTS_COLUMN_WIDTH = 560  # a ranking at least this wide has a column for the hints taken


def _fmt_score(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.1f}"


class ResultsScene(Scene):
    opaque = False

    def __init__(self, app: "Shell", game: "GameScene"):
        super().__init__(app)
        self.game = game
        self.outcome = game.match.outcome()
        self.buttons: dict[Any, str] = {}
        self.box = pygame.Rect(0, 0, 0, 0)
        self.table = pygame.Rect(0, 0, 0, 0)  # the ranking
        self.chart_rect = pygame.Rect(0, 0, 0, 0)  # beside it: the scores over the game
        self.panels: list[chart.Panel] = game.chart_panels(chart.sample(game.match.states))
        self._painted: pygame.Surface | None = None  # the overlay, drawn once per layout

    def headline(self) -> str:
        tr, o = self.app.tr, self.outcome
        winners = o.winners
        if len(o.ranks) == 1:
            return tr("ui.results.solo", score=_fmt_score(o.scores[0]) if o.scores else "")
        if len(winners) == len(o.ranks) and len(winners) > 1:
            return tr("ui.results.draw")
        names = self.app.join([self.game.seat_name(i) for i in winners])
        if len(winners) == 1:
            return tr("ui.results.winner", name=names)
        return tr("ui.results.shared", names=names)

    def hints_taken(self, seat: int) -> str:
        """How many hints `seat` took, in words ("" for none: the column shows only if anyone took one)."""
        count = self.game.match.hints.get(seat, 0)
        if not count:
            return ""
        return self.app.tr("ui.hint.taken_one") if count == 1 else self.app.tr("ui.hint.taken", n=count)

    def _px(self, value: int) -> int:
        """`value` pixels grown by the window's UI scale (the same in windows up to 1920x1080)."""
        return px(value, self.app.scale)

    def order(self) -> list[int]:
        return sorted(range(len(self.outcome.ranks)), key=lambda i: (self.outcome.ranks[i], i))

    def enter(self) -> None:
        from pygame_gui.core import ObjectID
        from pygame_gui.elements import UIButton

        w, h = self.app.screen.get_size()
        rows, p = len(self.outcome.ranks), self._px
        bw = min(p(1160) if self.panels else p(760), w - 40)
        bh = max(p(190) + rows * p(56) + p(80), min(p(560), h - 40) if self.panels else 0)
        self.box = pygame.Rect(0, 0, bw, bh)
        self.box.center = (w // 2, h // 2)
        self._painted = None
        table_w = max(p(380), min(p(640), bw * 11 // 20)) if self.panels else bw
        self.table = pygame.Rect(self.box.x, self.box.y, table_w, bh)
        self.chart_rect = pygame.Rect(self.table.right, self.box.y + p(20), self.box.right - self.table.right - p(20),
                                      bh - p(110)) if self.panels else pygame.Rect(0, 0, 0, 0)
        self.buttons.clear()
        labels = (("rematch", "@primary"), ("review", None), ("board", None), ("menu", None))
        if self.game.table.online:  # a rematch online is a new table, made in the lobby
            labels = labels[1:]
        btn_w = (bw - p(20) - p(20) * len(labels)) // len(labels)
        for i, (action, cls) in enumerate(labels):
            text = self.app.tr("ui.replay.review" if action == "review" else f"ui.results.{action}")
            b = UIButton(pygame.Rect(self.box.x + p(20) + i * (btn_w + p(20)), self.box.bottom - p(70), btn_w, p(50)),
                         text, self.app.ui, object_id=ObjectID(class_id=cls))
            self.buttons[b] = action
            self.widgets.append(b)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.act(self.buttons[event.ui_element])
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.act("board")
            return True
        return False

    def act(self, action: str) -> None:
        m = self.game.match
        if action == "rematch":
            options = dict(m.options)
            new = Match(m.info, m.seats, options, seed=random.SystemRandom().randrange(1, 2**31))
            self.app.start_match(new)
        elif action == "board":
            self.app.scenes.pop()
        elif action == "review":
            why = self.app.open_replay(m)
            if why is not None:
                self.game.toast(why, error=True)
        elif action == "menu":
            self.app.open_menu()

    def draw(self, surface: pygame.Surface) -> None:
        """The dimmed game, then the overlay, painted once: nothing on it changes while it shows."""
        draw.dim(surface, 170)
        if self._painted is None:
            canvas = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            self._paint(canvas)
            self._painted = canvas.subsurface(self.box.clip(canvas.get_rect())).copy()
        surface.blit(self._painted, self.box.topleft)

    def _paint(self, surface: pygame.Surface) -> None:
        app, box, p = self.app, self.box, self._px
        draw.rounded_panel(surface, box, (30, 36, 46, 248), p(16), border=(80, 92, 112))
        draw.text(surface, app.font(p(18)), app.tr("ui.results.title"), (self.table.centerx, box.y + p(30)), hud.MUTED)
        self._draw_ranking(surface, self.table)
        if self.panels:
            chart.draw_panels(surface, app, self.chart_rect, self.panels)

    def _draw_ranking(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """Headline, summary and one row per seat, best first."""
        app, o, p = self.app, self.outcome, self._px
        head = self.headline()
        draw.text(surface, draw.fit_text(app.font, head, box.w - p(40), p(36), p(16), bold=True), head,
                  (box.centerx, box.y + p(72)), hud.ACCENT)
        summary = app.tr_reason(o.summary)
        if summary:
            f = draw.fit_text(app.font, summary, box.w - p(40), p(18), p(12))
            draw.text(surface, f, summary, (box.centerx, box.y + p(112)), hud.TEXT)
        y = box.y + p(150)
        small = app.font(p(15))
        column = bool(self.game.match.hints) and box.w >= HINTS_COLUMN_WIDTH  # else hints join the details
        cols = (box.x + p(30), box.x + p(110), box.x + box.w - (p(250) if column else p(180)), box.x + box.w - 40)
        heads = [(app.tr("ui.results.place"), cols[0], "midleft"), (app.tr("ui.results.player"), cols[1], "midleft"),
                 (app.tr("ui.results.score"), cols[3], "midright")]
        if column:
            heads.append((app.tr("ui.hint.column"), cols[2] + 6, "midleft"))
        for text, x, anchor in heads:
            draw.text(surface, small, text, (x, y), hud.MUTED, anchor=anchor)
        y += p(22)
        for seat in self.order():
            row = pygame.Rect(box.x + p(16), y, box.w - p(32), p(50))
            first = o.ranks[seat] == 0
            draw.rounded_panel(surface, row, (44, 52, 66) if first else (36, 42, 54), 8,
                               border=hud.ACCENT if first else None)
            draw.text(surface, app.font(p(22), bold=True), app.tr("ui.results.ordinal", n=o.ranks[seat] + 1),
                      (cols[0], row.centery), hud.ACCENT if first else hud.TEXT, anchor="midleft")
            self.game.draw_seat_chip(surface, seat, (cols[1] + p(8), row.centery), p(8))
            name = self.game.seat_name(seat)
            detail = app.tr_reason(o.details[seat]) if seat < len(o.details) else ""
            taken = self.hints_taken(seat)
            if taken and not column:
                detail = app.join([detail, taken]) if detail else taken
            name_font = draw.fit_text(app.font, name, cols[2] - cols[1] - p(40), p(20), p(12), bold=True)
            if detail:
                draw.text(surface, name_font, name, (cols[1] + p(26), row.centery - p(10)), hud.TEXT, anchor="midleft")
                detail_w = (cols[2] if column else cols[3] - p(84)) - cols[1] - p(26)
                dfont = draw.fit_text(app.font, detail, detail_w, p(14), p(10))
                draw.text(surface, dfont, detail, (cols[1] + p(26), row.centery + p(12)), hud.MUTED, anchor="midleft")
            else:
                draw.text(surface, name_font, name, (cols[1] + p(26), row.centery), hud.TEXT, anchor="midleft")
            if taken and column:
                cell_w = cols[3] - cols[2] - p(66)
                draw.text(surface, draw.fit_text(app.font, taken, cell_w, p(15), p(10)), taken,
                          (cols[2] + 6, row.centery),
                          hud.MUTED, anchor="midleft")
            score = _fmt_score(o.scores[seat]) if seat < len(o.scores) else ""
            draw.text(surface, app.font(p(24), bold=True), score, (cols[3], row.centery), hud.TEXT, anchor="midright")
            y += p(56)
