"""Where every screen's words land, at every window size and in both languages: the `layout` test set.

A screen is reached the way `hexgames screenshot` reaches it (`ui/screenshot.py`), in a headless app
with animations instant; one frame is then drawn with `draw.recording_text` on, which logs each string
the scenes draw themselves (`draw.text`) with where its letters' ink went, and the pygame_gui elements
are read from the manager. A screen's text is wrong when:

- a string's ink leaves the surface it is drawn on (the window, or a layer such as a message strip);
- a button's or label's text is wider or taller than the element (pygame_gui clips it), or the
  element leaves the window;
- two different strings' letters overlap (the scene's own with each other, or with an element's text);
- from 1920x1080 up, a game's side panel has words under 14 px.

    python -m tests.layout [--sizes 800x600,2560x1440] [--languages ja] [--games toradama] [--scenes menu,game]

prints every problem and how long each size took (what the test set reports, without pytest).
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from dataclasses import dataclass
from typing import Any, Iterator, Sequence

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

SIZES = ((800, 600), (1280, 800), (1920, 1080), (2560, 1440))
LANGUAGES = ("en", "ja")
MID_GAME = 12  # moves played for the mid-game screens
OVERLAP_PX = 2  # letters' boxes may touch by this much (anti-aliased edges) before they overlap
PANEL_MIN_PX = 14  # a game's side-panel text from 1920x1080 up is at least this large
LARGE = (1920, 1080)
GAME_FREE = ("menu", "settings", "online")


@dataclass(frozen=True)
class Screen:
    """One screen to check: a `screenshot` scene of a game (None: no game) after `moves` moves (the
    tutorial: every step, each checked)."""
    game: str | None
    scene: str
    moves: int = 0

    @property
    def name(self) -> str:
        what = f"{self.game} {self.scene}" if self.game else self.scene
        return f"{what} after {self.moves}" if self.moves and self.scene != "tutorial" else what


def game_ids() -> list[str]:
    from tests.pixels import game_ids as ids

    return ids()


def screens(games: Sequence[str] | None = None, scenes: Sequence[str] | None = None) -> list[Screen]:
    """Every screen a player reaches: the game-free ones, and for each game its setup, the game at the
    start, mid-game and at its results, the rules, the quick start, the tutorial's steps, pause, the
    hand-over, the move log, the replay, the scoring show, the records, the lobby (host and guest),
    the online game and the game's own dialogs."""
    from hexgames import games as registry
    from hexgames.ui.screenshot import game_screens

    out = [Screen(None, s) for s in GAME_FREE] + [Screen(None, "records", 2)]
    for game in games or game_ids():
        out += [Screen(game, "setup"), Screen(game, "game"), Screen(game, "game", MID_GAME),
                Screen(game, "results"), Screen(game, "rules"), Screen(game, "quickstart"),
                Screen(game, "tutorial"), Screen(game, "pause", MID_GAME), Screen(game, "handover", MID_GAME),
                Screen(game, "log", MID_GAME), Screen(game, "replay", MID_GAME), Screen(game, "scoring", MID_GAME),
                Screen(game, "lobby"), Screen(game, "lobby_guest"), Screen(game, "online_game", MID_GAME)]
        out += [Screen(game, s, MID_GAME) for s in game_screens(registry.get(game))]
    return [s for s in out if scenes is None or s.scene in scenes]


# --- what is checked -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Words:
    """A string on screen and the box of its letters; `box` is where it must stay (its surface or
    its element)."""
    content: str
    ink: Any
    box: Any
    surface: Any
    what: str  # "drawn" (the scene's own) or the element's type


def drawn_words(log: Any, frame_start: int, screen: Any) -> list[Words]:
    """The scene's own strings: on the window, those of the last frame (from `frame_start`); on layers
    and cached pictures (a menu card, a board), all since the screen was made."""
    return [Words(t.content, t.ink, t.surface.get_rect(), t.surface, "drawn") for i, t in enumerate(log.texts)
            if t.content.strip() and (i >= frame_start or t.surface is not screen) and min(t.surface.get_size()) > 4]
    # (a surface of a pixel or so is scratch paper: a panel laid out only to measure it)


def element_words(app: Any) -> list[Words]:
    """The text of every visible pygame_gui button and label, placed as the element aligns it."""
    import pygame
    from pygame_gui.elements import UIButton, UILabel

    out = []
    for el in app.ui.get_sprite_group().sprites():
        if not isinstance(el, (UIButton, UILabel)) or not el.visible or not (el.text or "").strip():
            continue
        if not _shown(el):
            continue
        w, h = el.font.size(el.text)
        ink = pygame.Rect(0, 0, w, h)
        align = getattr(el, "text_horiz_alignment", "center")
        pad = getattr(el, "text_horiz_alignment_padding", 0) or 0
        ink.center = el.rect.center
        if align == "left":
            ink.left = el.rect.left + pad
        elif align == "right":
            ink.right = el.rect.right - pad
        out.append(Words(el.text, ink, el.rect, app.screen, type(el).__name__))
    return out


def _shown(el: Any) -> bool:
    """Visible, and in containers that are visible too (a hidden panel's buttons are not shown)."""
    container = el.ui_container
    while container is not None and container is not el:
        if not getattr(container, "visible", True):
            return False
        parent = getattr(container, "ui_container", None)
        container = parent if parent is not container else None
    return True


def problems(app: Any, log: Any, frame_start: int) -> list[str]:
    """What is wrong with the words on `app`'s screen (`log`: what `draw.recording_text` kept, the
    last frame from `frame_start`)."""
    screen = app.screen.get_rect()
    drawn, elements = drawn_words(log, frame_start, app.screen), element_words(app)
    found: list[str] = []
    for w in drawn:
        if not w.box.contains(w.ink):
            where = "the window" if w.surface is app.screen else f"its {w.box.w}x{w.box.h} layer"
            found.append(f"{w.content!r} leaves {where} ({_box(w.ink)})")
    found = list(dict.fromkeys(found))  # a cached picture drawn again says it once
    for w in elements:
        if w.ink.w > w.box.w - 2 or w.ink.h > w.box.h + 2:
            found.append(f"{w.content!r} is {w.ink.w}x{w.ink.h} px in its {w.box.w}x{w.box.h} {w.what}")
        elif not screen.contains(w.box):
            found.append(f"{w.content!r}: its {w.what} leaves the window ({_box(w.box)})")
    found += _overlaps(drawn + [_inked(w) for w in elements], app.screen)
    return found + _small_in_panel(app, log, frame_start)


def _small_in_panel(app: Any, log: Any, frame_start: int) -> list[str]:
    """A large window's game panel with words smaller than `PANEL_MIN_PX` (the window grew, the
    words should too)."""
    panel = getattr(app.scenes.top, "panel_rect", None)
    w, h = app.screen.get_size()
    if panel is None or w < LARGE[0] or h < LARGE[1]:
        return []
    small = {t.content: t.size for t in log.texts[frame_start:]
             if t.surface is app.screen and panel.contains(t.ink) and t.size < PANEL_MIN_PX and t.content.strip()}
    return [f"{content!r} is {size} px in the side panel (at least {PANEL_MIN_PX} from {LARGE[0]}x{LARGE[1]})"
            for content, size in small.items()]


def _inked(w: Words) -> Words:
    """An element's text box narrowed to its letters' height (the font's line has room above and below)."""
    ink = w.ink.inflate(0, -w.ink.h // 4)
    return Words(w.content, ink, w.box, w.surface, w.what)


def _overlaps(words: Sequence[Words], screen: Any) -> list[str]:
    found, seen = [], set()
    for i, a in enumerate(words):
        for b in words[i + 1:]:
            if a.surface is not b.surface or a.content == b.content:
                continue
            clip = a.ink.clip(b.ink)
            key = (a.content, b.content)
            if clip.w > OVERLAP_PX and clip.h > OVERLAP_PX and key not in seen:
                seen.add(key)
                found.append(f"{a.content!r} overlaps {b.content!r} at {_box(clip)}")
    return found


def _box(r: Any) -> str:
    return f"{r.w}x{r.h} at {r.x},{r.y}"


# --- rendering ---------------------------------------------------------------------------------------
def checked(screen: Screen, size: tuple[int, int], language: str) -> Iterator[tuple[str, list[str]]]:
    """(where, problems) for `screen` at `size` in `language`: one for most screens, one per step for
    a tutorial. A screen a game cannot show (a dialog no seeded game reached) gives none."""
    import contextlib

    from hexgames.app import App
    from hexgames.ui import draw
    from hexgames.ui.anim import INSTANT
    from hexgames.ui.screenshot import NoSuchScreen, staging, temporary_data_dir

    where = f"{screen.name} at {size[0]}x{size[1]} in {language}"
    try:
        stage = staging(screen.game, "menu" if screen.scene == "tutorial" else screen.scene, 1, screen.moves)
    except NoSuchScreen:
        return
    with temporary_data_dir() if stage.own_data else contextlib.nullcontext(), draw.recording_text() as log:
        app = App(size=size, headless=True, language=language)
        app.settings.anim_speed = INSTANT
        try:
            if screen.scene == "tutorial":
                yield from _tutorial_steps(app, log, screen, where)
                return
            try:
                stage.show(app)
            except NoSuchScreen:
                return
            yield where, _frame(app, log)
        finally:
            app.shutdown()


def _frame(app: Any, log: Any, frames: int = 4) -> list[str]:
    for _ in range(frames - 1):
        app.step(1 / 60)
    start = len(log)
    app.step(1 / 60)
    return problems(app, log, start)


def _tutorial_steps(app: Any, log: Any, screen: Screen, where: str) -> Iterator[tuple[str, list[str]]]:
    """Each step of the game's tutorial as it waits for the player, then its end."""
    from hexgames import games, tutorials
    from hexgames.ui.tutorial import FINISHED, tutorial_scene
    from hexgames.ui.tutorial_autoplay import play_step

    script = tutorials.load(games.get(screen.game).id)
    scene = tutorial_scene(app, script)
    app.scenes.reset(scene)
    while True:
        for _ in range(30):  # the opponent's reply before the step, paced as in play
            if scene.phase != "say" or not scene.queue:
                break
            app.step(1 / 60)
        done = scene.phase == FINISHED
        yield f"{where}, {'its end' if done else f'step {scene.k + 1} ({scene.step.id})'}", _frame(app, log)
        if done:
            return
        play_step(app, scene)
        log.texts = [t for t in log.texts if t.surface is not app.screen]  # the step's frames are gone


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default=",".join(f"{w}x{h}" for w, h in SIZES))
    parser.add_argument("--languages", default=",".join(LANGUAGES))
    parser.add_argument("--games", default=None)
    parser.add_argument("--scenes", default=None)
    args = parser.parse_args(argv)
    sizes = [tuple(int(n) for n in s.split("x")) for s in args.sizes.split(",")]
    games = args.games.split(",") if args.games else None
    scenes = args.scenes.split(",") if args.scenes else None
    bad = 0
    for size in sizes:
        start = time.perf_counter()
        for language in args.languages.split(","):
            for screen in screens(games, scenes):
                for where, found in checked(screen, size, language):
                    for p in found:
                        bad += 1
                        print(f"{where}: {p}", flush=True)
        print(f"-- {size[0]}x{size[1]}: {time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
