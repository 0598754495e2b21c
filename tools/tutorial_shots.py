"""Render every step of a game's tutorial, as a player meets it, to PNGs, and say which steps' words
do not fit the coach strip.

    python tools/tutorial_shots.py --game toradama --size 800x600 --language ja --out /tmp/shots

For each step it saves `<game>_<lang>_<k>_<id>_say.png` (the step asking, after the opponent's reply)
and, for a step with moves, `..._done.png` (what the rules just did). The strip draws the words in the
largest type from 16 down to 12 px whose lines fit its height and cuts the rest; a step whose words
need more lines than fit at 12 px is listed as cut (the author shortens its words). Headless: run it
with SDL_VIDEODRIVER=dummy.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from hexgames import tutorials  # noqa: E402
from hexgames.ui import gestures, tutorial_coach  # noqa: E402
from hexgames.ui.anim import INSTANT  # noqa: E402
from hexgames.ui.tutorial import DONE, FINISHED, tutorial_scene  # noqa: E402


def words_cut(app, scene) -> bool:
    """Whether the strip cuts the words on show now (the strip's own measure)."""
    return not tutorial_coach.coach_lines(app, scene.coach_rect, scene.coach_text()[1], app.scale)[3]


def shoot(game: str, size: tuple[int, int], language: str, out: Path) -> list[str]:
    from hexgames.app import App

    app = App(headless=True, language=language)
    app.settings.anim_speed = INSTANT
    app.resize(size)
    scene = tutorial_scene(app, tutorials.load(game))
    app.scenes.reset(scene)
    app.step_until(lambda: False, 3)
    cut = []
    out.mkdir(parents=True, exist_ok=True)

    def save(k: int, sid: str, phase: str) -> None:
        app.step_until(lambda: False, 40)  # the reply and the marker's pulse
        pygame.image.save(app.screen, str(out / f"{game}_{language}_{k + 1:02d}_{sid}_{phase}.png"))
        if words_cut(app, scene):
            cut.append(f"{game} {language} step {k + 1} {sid} ({phase})")

    while scene.phase != FINISHED:
        k, step = scene.k, scene.step
        app.step_until(lambda: not scene.queue, 3000)
        save(k, step.id, "say")
        while scene.expect:
            app.step_until(lambda: scene.awaiting_move, 3000)
            for g in scene.marker_gestures():
                gestures.perform(app, g)
            app.step_until(lambda: False, 5)
        if scene.phase == DONE:
            save(k, step.id, "done")
        app.step_until(lambda: scene.next_button.is_enabled, 3000)
        gestures.perform(app, gestures.click(scene.next_button.rect.center))
    app.shutdown()
    return cut


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", required=True)
    p.add_argument("--size", default="800x600")
    p.add_argument("--language", default="en", choices=("en", "ja"))
    p.add_argument("--out", default="/tmp/tutorial_shots")
    a = p.parse_args()
    w, h = (int(x) for x in a.size.split("x"))
    cut = shoot(a.game, (w, h), a.language, Path(a.out))
    for line in cut:
        print("words cut:", line)
    print(f"{a.game} {a.language} {a.size}: {'every step fits' if not cut else f'{len(cut)} cut'}")
    return 1 if cut else 0


if __name__ == "__main__":
    sys.exit(main())
