"""The "How to play" card: one screen per game, no scrolling from 800x600 up — the goal, what a turn
is, how the game ends and who wins — beside two or three pictures the game's own scene draws
(`ui/pictures.py`, the names listed under "quickstart" in the game's positions file).

The words are `learn.quick.<game>.goal / turn / end / win` and each picture's caption
`learn.pictures.<game>.<name>`; the text is set in the largest type in which all of it fits its
column, so a longer translation gets smaller type, never a scroll bar. Under each picture, "Show me"
opens the tutorial at the step where that picture's rule happens (the positions file's "lessons" name
the rule of each picture). From here: the full rules, the interactive tutorial, or back.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from hexgames.ui import draw, hud, pictures
from hexgames.ui.scenes import Scene
from hexgames.ui.tutorial import tr
from hexgames.ui.ui_scale import px

if TYPE_CHECKING:
    from hexgames.games import GameInfo
    from hexgames.ui.shell import Shell

SECTIONS = ("goal", "turn", "end", "win")
BUTTONS = ("back", "rules", "learn")
SHOW_H = 34  # the room under a picture's caption for its Show me button


class QuickStartScene(Scene):
    def __init__(self, app: "Shell", info: "GameInfo"):
        super().__init__(app)
        self.info = info
        self.buttons: dict[Any, str] = {}
        self.text_rect = pygame.Rect(0, 0, 0, 0)
        self.picture_rect = pygame.Rect(0, 0, 0, 0)
        self._pictures: list[tuple[pygame.Surface, str]] = []
        self._lessons: list[str | None] = []  # per picture, the lesson its Show me opens at
        self.show_buttons: dict[Any, str] = {}  # "Show me" under a picture: the lesson it opens at

    def tr(self, key: str, **params: Any) -> str:
        return tr(self.app, key, **params)

    def title(self) -> str:
        return self.app.tr(f"{self.info.id}.title", default=self.info.title)

    def enter(self) -> None:
        from pygame_gui.core import ObjectID
        from pygame_gui.elements import UIButton, UILabel

        w, h = self.app.screen.get_size()
        ui = self.app.ui
        self.widgets.append(UILabel(pygame.Rect(20, 10, w - 40, px(50, self.app.scale)),  # the heading's type grows
                                    self.tr("quick.title", game=self.title()), ui,
                                    object_id=ObjectID(class_id="@heading")))
        body = pygame.Rect(30, 68, w - 60, h - 68 - 84)
        pic_w = min(max(420, body.h * 3 // 4), body.w * 2 // 5)  # large windows: larger pictures
        self.picture_rect = pygame.Rect(body.right - pic_w, body.y, pic_w, body.h)
        self.text_rect = pygame.Rect(body.x, body.y, body.w - pic_w - 28, body.h)
        self._layout_pictures()
        self._add_show_buttons()
        bw, gap = min(240, (w - 80) // 3 - 12), 16
        x = w // 2 - (3 * bw + 2 * gap) // 2
        self.buttons.clear()
        for i, action in enumerate(BUTTONS):
            oid = ObjectID(class_id="@primary") if action == "learn" else None
            b = UIButton(pygame.Rect(x + i * (bw + gap), h - 68, bw, 48), self.tr(f"quick.{action}"), ui,
                         object_id=oid, tool_tip_text=self.tr(f"tip.quick_{action}"))
            self.buttons[b] = action
            self.widgets.append(b)

    def _layout_pictures(self) -> None:
        """The game's quick-start pictures stacked in their column, each with its caption and, when
        the tutorial shows its rule, a Show me button."""
        names = pictures.quickstart_names(self.info.id)[:3]
        self._pictures, self._lessons = [], []
        if not names:
            return
        lessons = pictures.positions(self.info.id).get("lessons", {})
        cap_h = 2 * self._caption_font().get_linesize() + 8 + px(SHOW_H, self.app.scale)
        each = (self.picture_rect.h - (len(names) - 1) * 14) // len(names) - cap_h
        for name in names:
            image = pictures.picture(self.app, self.info.id, name, (self.picture_rect.w, max(60, each)))
            if image is not None:
                self._pictures.append((image, self.tr(f"pictures.{self.info.id}.{name}")))
                self._lessons.append(lessons.get(name) if isinstance(lessons, dict) else None)

    def picture_blocks(self) -> list[tuple[pygame.Rect, int, pygame.Rect]]:
        """Where each picture goes: its image's rect, the top of its caption, and its button's rect."""
        r, small, scale = self.picture_rect, self._caption_font(), self.app.scale
        show_h = px(SHOW_H, scale)  # the button's type grows with the theme's in a large window
        heights = [img.get_height() + 6 + 2 * small.get_linesize() + show_h for img, _ in self._pictures]
        gap = 14
        y = r.y + max(0, (r.h - sum(heights) - gap * (len(heights) - 1)) // 2)
        out = []
        for (image, _), h in zip(self._pictures, heights):
            rect = image.get_rect(midtop=(r.centerx, y))
            bw = min(r.w, max(px(120, scale), self.app.font(px(14, scale)).size(self.tr("show_me.button"))[0] + 28))
            out.append((rect, rect.bottom + 4, pygame.Rect(r.centerx - bw // 2, y + h - show_h + 2, bw, show_h - 4)))
            y += h + gap
        return out

    def _add_show_buttons(self) -> None:
        from pygame_gui.elements import UIButton

        self.show_buttons.clear()
        for lesson, (_, _, rect) in zip(self._lessons, self.picture_blocks()):
            if lesson:
                b = UIButton(rect, self.tr("show_me.button"), self.app.ui, tool_tip_text=self.tr("show_me.tip"))
                self.show_buttons[b] = lesson
                self.widgets.append(b)

    def _caption_font(self) -> Any:
        """The captions' type: 13 px, larger beside larger pictures."""
        return self.app.font(max(13, min(20, self.picture_rect.w // 32)))

    def button_for(self, action: str) -> Any:
        return next((b for b, a in self.buttons.items() if a == action), None)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.act(self.buttons[event.ui_element])
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.show_buttons:
            self.learn(self.show_buttons[event.ui_element])
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.act("back")
            return True
        return False

    def act(self, action: str) -> None:
        if action == "back":
            self.app.scenes.pop()
        elif action == "rules":
            from hexgames.ui.rules_help import RulesHelpScene

            self.app.scenes.push(RulesHelpScene(self.app, self.info))
        elif action == "learn":
            self.learn()

    def learn(self, lesson: str | None = None) -> None:
        """The tutorial, from its start or at the step that shows `lesson`."""
        from hexgames.ui.tutorial import start_tutorial

        why = start_tutorial(self.app, self.info.id, lesson)
        if why is not None:
            self.app.notices.add(why, error=True)

    # --- drawing ------------------------------------------------------------------------------------
    def sections(self) -> list[tuple[str, str]]:
        gid = self.info.id
        return [(self.tr(f"quick.{s}"), self.tr(f"quick.{gid}.{s}")) for s in SECTIONS]

    def text_layout(self) -> tuple[int, list[tuple[str, list[str]]]]:
        """The largest type (20 down to 11, up to 30 in a tall window) in which every section fits the
        text column, and the sections' wrapped lines."""
        rect = self.text_rect
        for size in range(max(20, min(30, rect.h // 36)), 10, -1):
            font = self.app.font(size)
            laid = [(head, draw.wrap(font, text, rect.w)) for head, text in self.sections()]
            if self._height(size, laid) <= rect.h:
                return size, laid
        return size, laid

    def _height(self, size: int, laid: list[tuple[str, list[str]]]) -> int:
        head = self.app.font(size + 2, bold=True).get_linesize()
        line = self.app.font(size).get_linesize()
        return sum(head + 2 + line * len(lines) + size for _, lines in laid)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(self.app.BG)
        size, laid = self.text_layout()
        head_font, font = self.app.font(size + 2, bold=True), self.app.font(size)
        y = self.text_rect.y + max(0, (self.text_rect.h - self._height(size, laid)) // 2)
        for head, lines in laid:
            draw.text(surface, head_font, head, (self.text_rect.x, y), hud.ACCENT, anchor="topleft")
            y += head_font.get_linesize() + 2
            for line in lines:
                draw.text(surface, font, line, (self.text_rect.x, y), hud.TEXT, anchor="topleft")
                y += font.get_linesize()
            y += size
        self._draw_pictures(surface)

    def _draw_pictures(self, surface: pygame.Surface) -> None:
        r, small = self.picture_rect, self._caption_font()
        for (image, caption), (rect, ty, _) in zip(self._pictures, self.picture_blocks()):
            surface.blit(image, rect)
            pygame.draw.rect(surface, (58, 69, 88), rect, 1)
            for line in draw.wrap(small, caption, r.w)[:2]:
                draw.text(surface, small, line, (r.centerx, ty), hud.MUTED, anchor="midtop")
                ty += small.get_linesize()
