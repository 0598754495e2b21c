"""The setup screen's online part: what a host chooses for the table itself rather than its game —
who can find it (the public list, or its code only) and the table's own rules (its clock, what a
seat out of time does, whether hints are allowed). One part with one job, so the setup screen only
places it and hands its choices to `OnlineScene.host`."""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

import pygame

from hexgames.net.table_settings import TableSettings
from hexgames.ui.table_rules import CLOCK_PRESETS, preset_of

if TYPE_CHECKING:
    from hexgames.ui.shell import Shell

CHOICES = frozenset({"listed", "clock", "timeout", "hints"})  # the controls this part answers for


@dataclasses.dataclass
class HostChoices:
    listed: bool = True  # the table shows in the server's public list (else it is found by its code only)
    settings: TableSettings = dataclasses.field(default_factory=TableSettings)

    def listing_dropdown(self, app: "Shell", where: pygame.Rect, controls: dict[Any, tuple[str, Any]],
                         widgets: list[Any]) -> None:
        """Who can find the table, beside the host's own seat (the choices say it in words; the
        tip says more)."""
        from pygame_gui.elements import UIDropDownMenu

        choices = [(app.tr("ui.lobby.listed"), "listed"), (app.tr("ui.lobby.by_code"), "code")]
        dd = UIDropDownMenu(choices, choices[0] if self.listed else choices[1], where, app.ui)
        dd.set_tooltip(app.tr("learn.tip.setup_listing"))
        controls[dd] = ("listed", None)
        widgets.append(dd)

    def table_row(self, app: "Shell", row: pygame.Rect, label_w: int, controls: dict[Any, tuple[str, Any]],
                  widgets: list[Any]) -> None:
        """The table's settings in one row: its clock, what a seat out of time does (no choice
        without a clock), and whether hints are allowed."""
        from pygame_gui.elements import UIDropDownMenu, UILabel

        tr, chosen = app.tr, self.settings
        widgets.append(UILabel(pygame.Rect(row.x, row.y, label_w, row.h), tr("net.clock.form_label"), app.ui))
        menus = (("clock", [(tr(f"net.clock.preset.{p}"), p) for p in CLOCK_PRESETS], preset_of(chosen)),
                 ("timeout", [(tr(f"net.clock.choice.{t}"), t) for t in ("computer", "lose")], chosen.timeout),
                 ("hints", [(tr(f"net.clock.choice.hints_{h}"), h) for h in ("off", "on")],
                  "on" if chosen.hints else "off"))
        w = (row.w - label_w - 2 * 10) // len(menus)
        for i, (what, choices, current) in enumerate(menus):
            dd = UIDropDownMenu(choices, next(c for c in choices if c[1] == current),
                                pygame.Rect(row.x + label_w + i * (w + 10), row.y, w, row.h), app.ui)
            if what == "timeout" and chosen.clock == "none":
                dd.disable()
            controls[dd] = (what, None)
            widgets.append(dd)

    def choose(self, what: str, value: str) -> None:
        """One of this part's controls changed to `value`."""
        if what == "listed":
            self.listed = value == "listed"
        elif what == "clock":
            self.settings = dataclasses.replace(self.settings, **CLOCK_PRESETS[value])
        elif what == "timeout":
            self.settings = dataclasses.replace(self.settings, timeout=value)
        elif what == "hints":
            self.settings = dataclasses.replace(self.settings, hints=value == "on")
