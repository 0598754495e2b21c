"""The application: one window, one pygame_gui manager, one scene stack, one AI worker.

Everything a scene needs from outside itself goes through `App` (translation, fonts, settings, the
worker, starting a match), so scenes can be built and driven headless in tests by stepping
`App.step(dt)` with posted events. The screens never import this module: they name what they use of
the app by the small protocols of `ui/shell.py`. The window itself is `ui/window.py`'s, the player's
language `ui/texts.py`'s; `screenshot` renders any screen of the app to a PNG, headless.
"""
from __future__ import annotations

import contextlib
import json
import os
import sys
import time
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping, Sequence

import pygame
import pygame_gui

from hexgames import games, paths
from hexgames.core import files, records, saves
from hexgames.core.caches import BoundedCache
from hexgames.core.match import Match, new_uid
from hexgames.core.protocol import Reason
from hexgames.memory import give_back_freed
from hexgames.ui import hud, window
from hexgames.ui.gui_memory import keep_gui_small
from hexgames.ui.scenes import SceneManager
from hexgames.ui.settings import LANGUAGES, Settings
from hexgames.ui.texts import Texts, dedupe_translation_paths
from hexgames.ui.widget_text import Manager
from hexgames.ui.window import MIN_SIZE

NOTICE_SECONDS = 9.0
CLOSE_WAIT = 2.0  # seconds closing the app waits for records that found the database busy
FONT_DIR = Path(pygame_gui.__file__).resolve().parent / "data"
FONT_FILES = {False: "NotoSansJP-Regular.otf", True: "NotoSansJP-Bold.otf"}
FONTS_KEPT = 48  # sizes and weights of `App.font` kept (a screen draws with 10 to 25)


class App:
    BG = (22, 26, 33)

    def __init__(self, size: tuple[int, int] | None = None, headless: bool = False, language: str | None = None):
        if headless:
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        window.init_display(need_window=not headless)
        pygame.font.init()
        self.headless = headless
        files.remove_leftovers(saves.data_location())  # half-written temp files of a killed run
        self.settings = Settings.load()
        self.texts = Texts(lambda: self.settings.language)
        if language in LANGUAGES:
            self.settings.language = language
        if size is None:
            remembered = self.settings.window_size
            size = window.DEFAULT_SIZE if headless else window.window_size(remembered, window.desktop_size())
        size = (max(size[0], 320), max(size[1], 240))
        self.windowed_size = size  # what F11 returns to
        fullscreen = self.settings.fullscreen and not headless
        flags = 0 if headless else (pygame.FULLSCREEN if fullscreen else pygame.RESIZABLE)
        if not headless:
            window.set_window_icon()
        self.screen: pygame.Surface = pygame.display.set_mode((0, 0) if fullscreen else size, flags)
        size = self.screen.get_size()
        pygame.display.set_caption("hexgames")
        if not headless:
            window.set_minimum_size(MIN_SIZE)
        keep_gui_small()
        self.ui = Manager(size, theme_path=str(paths.ASSETS / "theme.json"), enable_live_theme_updates=False,
                          starting_language=self.settings.language,
                          translation_directory_paths=[str(paths.TRANSLATIONS)],
                          font_for=lambda px, bold: self.font(px, bold))  # labels and tool tips fitted
        self.ui.set_locale(self.settings.language)
        dedupe_translation_paths()
        self.scale = 1.0  # `ui_scale` of the window: how much the widget screens' type and rows grow
        self._fit_theme(size)
        self._text_fonts_loaded: set[float] = set()  # the UI scales whose text box fonts are loaded
        self.scenes = SceneManager()
        from hexgames.ui.sound import Sounds

        self.sound = Sounds(volume=lambda: self.settings.effective_volume)
        self._worker: Any = None  # made when a game first asks (see `worker`)
        self.running = True
        self.autosave_failing = False  # the last autosave could not be written (the player was told)
        self.clock_time = 0.0  # seconds of app time; drives idle animations (thinking dots)
        self._fonts: BoundedCache[tuple[int, bool], pygame.font.Font] = BoundedCache(FONTS_KEPT)
        self.notices = hud.ToastStack()  # files set aside and the like, over every scene
        self.open_things: list[Any] = []  # what must be closed when the app ends (an online session)
        self.open_menu()

    def preload_text_fonts(self) -> None:
        """Load the sizes and styles of formatted text boxes (the rules help) before one is built, so
        it does not stall on them; once, and only when needed (eighteen sizes and styles, most of
        which nothing else uses), again for a larger window's `scale`."""
        import warnings

        from hexgames.ui.ui_scale import px

        if self.scale in self._text_fonts_loaded:
            return
        self._text_fonts_loaded.add(self.scale)
        sizes = sorted({px(size, self.scale) for size in (14, 16, 18, 20, 24, 28)})
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # "already loaded" notices for the theme's own fonts
            self.ui.preload_fonts([{"name": "noto_sans_jp", "point_size": size, "style": style, "antialiased": "1"}
                                   for size in sizes for style in ("regular", "bold", "italic")])

    @property
    def worker(self) -> Any:
        """The AI worker, made when first asked for: the menu needs none, and its module brings in
        multiprocessing, which the first menu frame would wait for."""
        if self._worker is None:
            self._worker = make_worker(threads=self.headless or os.environ.get("HEXGAMES_AI_THREADS") == "1")
        return self._worker

    # --- text (`ui.texts`) ----------------------------------------------------------------------
    def tr(self, key: str, default: str | None = None, **params: Any) -> str:
        """`key`'s text in the player's language; `default` (formatted) or the key where none is."""
        return self.texts.tr(key, default, **params)

    def tr_reason(self, reason: Any) -> str:
        """A rules' reason in the player's language."""
        return self.texts.tr_reason(reason)

    def join(self, items: "list[str] | tuple[str, ...]") -> str:
        """A list in running text: "a, b, c" in English, "a、b、c" in Japanese."""
        return self.texts.join(items)

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        """Noto Sans JP (Latin and Japanese glyphs) at `size`, kept for the next call.

        Read from its file by path: FreeType reads the file as it needs it, so each size costs about
        0.7 MB of its own (from a file object every size would hold a copy of the whole 4.6 MB file).
        The `FONTS_KEPT` sizes used most recently are kept; a window resized many times makes new
        sizes, and the old ones go."""
        key = (int(size), bool(bold))
        font = self._fonts.get(key)  # asked for many times a frame: no closure made when found
        if font is None:
            font = self._fonts.put(key, pygame.font.Font(str(FONT_DIR / FONT_FILES[key[1]]), key[0]))
        return font

    @contextlib.contextmanager
    def passing_fonts(self) -> Iterator[None]:
        """Let go of the fonts first asked for inside, once done: for drawing at a size no screen
        of the player's uses (the menu's board pictures), and so never needed again."""
        before = set(self._fonts)
        try:
            yield
        finally:
            for key in set(self._fonts) - before:
                self._fonts.pop(key)

    # --- loop --------------------------------------------------------------------------------
    def step(self, dt: float) -> None:
        """One frame: events, update, draw. Tests call it with posted events."""
        self.clock_time += dt
        for event in pygame.event.get():
            self._dispatch(event)
        self._take_notices()
        self.ui.update(dt)
        self.scenes.update(dt)
        self.notices.update(dt)
        self.draw()

    def step_until(self, condition: Callable[[], bool], max_frames: int = 3000) -> bool:
        """Step frames (1/60 s each) until `condition` holds, at most `max_frames`: how headless
        drivers (the tutorial's autoplay, the tests) wait for the app. The AI may think in another
        thread or process, so a little real time passes with each frame too."""
        for _ in range(max_frames):
            if condition():
                return True
            self.step(1 / 60)
            time.sleep(0.0005)
        return condition()

    def _take_notices(self) -> None:
        """Show what the file readers reported (a damaged file set aside), each once, long enough
        to read the name it was kept under."""
        for notice in files.take_notices():
            self.notices.add(self.tr_reason(notice), error=True).life = NOTICE_SECONDS

    def _dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.VIDEORESIZE:
            self.resize(event.size)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if self.ui.process_events(event):
            return
        self.scenes.handle(event)

    def draw(self) -> None:
        self.screen.fill(self.BG)
        self.scenes.draw(self.screen)
        self.ui.draw_ui(self.screen)
        w, h = self.screen.get_size()
        self.notices.draw(self.screen, self, pygame.Rect(0, 0, w, h - 20))
        if not self.headless:
            pygame.display.flip()

    def run(self) -> int:
        """The 60 FPS loop until the window closes or Quit is chosen."""
        clock = pygame.time.Clock()
        try:
            while self.running:
                dt = min(clock.tick(60) / 1000.0, 0.1)  # a stalled frame must not jump animations
                self.step(dt)
        finally:
            self.shutdown()
        return 0

    def quit(self) -> None:
        self.running = False

    def close_on_exit(self, thing: Any) -> Any:
        """Have `thing.close()` called when the app ends, unless `close_now` closed it before (an
        online session: its connection, and the server this app hosts, must not outlive the app)."""
        self.open_things = [t for t in self.open_things if not getattr(t, "closed", False)]  # closed by others
        self.open_things.append(thing)
        return thing

    def close_now(self, thing: Any) -> None:
        """Close `thing` (see `close_on_exit`) and forget it."""
        if thing in self.open_things:
            self.open_things.remove(thing)
        thing.close()

    def shutdown(self) -> None:
        """Leave every scene (which cancels AI work), close what is open (an online session), the
        worker and the window."""
        while self.scenes.stack:
            self.scenes.pop()
        while self.open_things:
            try:
                self.close_now(self.open_things[-1])
            except Exception as e:  # noqa: BLE001 - one thing failing to close must not keep the others open
                print(f"hexgames: closing {type(e).__name__}: {e}", file=sys.stderr)
        if not self.headless:
            self.settings.window_size = self.windowed_size
            self.settings.save()
        try:
            if self._worker is not None:
                self._worker.cancel()
                self._worker.close()
            if not records.flush(timeout=CLOSE_WAIT):  # games the busy records were to take later
                print("hexgames: the records were still in use by another program: the last games"
                      " could not be recorded", file=sys.stderr)
        finally:
            self.sound.close()
            pygame.display.quit()

    def resize(self, size: tuple[int, int]) -> None:
        """The window was resized (never below MIN_SIZE): every scene lays itself out again."""
        size = (max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1]))
        if self.headless:
            self.screen = pygame.display.set_mode(size)
        elif not self.settings.fullscreen:
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            self.windowed_size = size
        self._relayout()

    def toggle_fullscreen(self) -> None:
        """F11: the whole screen, or back to the window size the player had; remembered."""
        self.settings.fullscreen = not self.settings.fullscreen
        self.settings.save()
        if self.headless:
            return  # the dummy driver has no screen to fill; the setting is what tests can see
        if self.settings.fullscreen:
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        self._relayout()

    def _relayout(self) -> None:
        size = self.screen.get_size()
        self.ui.set_window_resolution(size)
        self._fit_theme(size)
        self.scenes.resize(size)

    def _fit_theme(self, size: tuple[int, int]) -> None:
        """Set `scale` for a window of `size` and, when it changed, load the theme with its font
        sizes grown by it (the scenes then build their widgets again, in the new type)."""
        from hexgames.ui.ui_scale import scaled_theme, ui_scale

        scale = ui_scale(size)
        if scale == self.scale:
            return
        self.scale = scale
        with open(paths.ASSETS / "theme.json", encoding="utf-8") as f:
            self.ui.get_theme().load_theme(scaled_theme(json.load(f), scale))

    # --- navigation ----------------------------------------------------------------------------
    def open_menu(self) -> None:
        from hexgames.ui.menu import MenuScene

        self.scenes.reset(MenuScene(self))
        give_back_freed()  # what the screen left behind

    def start_match(self, match: Match) -> None:
        """Show `match` in its game's scene; every change of the match is autosaved from now on."""
        if self.autosave not in match.listeners:
            match.listeners.append(self.autosave)
        cls = match.info.scene_class()
        self.scenes.reset(cls(self, match))
        give_back_freed()  # the menu's widgets and pictures
        self.autosave(match)

    def autosave(self, match: Match) -> None:
        """`saves.autosave` as a match listener (after every move and undo).

        A full disk or a folder that cannot be written must not end the game in the middle of a move,
        but the player must know: the game scene shows a toast saying the game is not being saved, and
        where. Every later move tries again, and a toast says so once saving works again (not when the
        game ends: its autosave is only cleared away, which proves nothing about the disk).
        """
        try:
            saves.autosave(match)
        except OSError as e:
            where = saves.data_location() / saves.AUTOSAVE_NAME
            print(f"hexgames: autosave to {where} failed: {e}", file=sys.stderr)
            if not self.autosave_failing:
                self.autosave_failing = True
                self._tell_game(self.tr("ui.game.autosave_failed", where=str(where), why=self.tr_reason(files.os_error_reason(e))),
                                error=True)
            return
        if self.autosave_failing:
            self.autosave_failing = False
            if not match.is_over:  # an ended game is only cleared away: nothing is being saved again
                self._tell_game(self.tr("ui.game.autosave_back"))

    def _tell_game(self, text: str, error: bool = False) -> None:
        """A toast in the game scene on the stack (under a pause menu, it shows on return)."""
        for scene in reversed(self.scenes.stack):
            if callable(getattr(scene, "toast", None)):
                scene.toast(text, error)
                return

    def load_file(self, path: str | os.PathLike[str]) -> str | None:
        """Load a save and start it; returns the reason shown to the player (translated, short) if
        it cannot be used, and then nothing changes. No content of any file gets past this."""
        try:
            match = saves.read_save(path, games.get)
        except saves.SaveError as e:
            return self.tr_reason(e.reason)
        except Exception:  # read_save promises SaveError only; a player's file must not end the app
            return self.tr_reason(Reason("core.save.damaged", "The save file is damaged."))
        if match.is_over:  # a finished game has nothing to resume: it is reviewed
            return self.open_replay(match)
        # a file can be loaded again and played on another way: each time is its own game for the
        # records (only undo and the autosave's resume keep a match's id)
        match.uid = new_uid()
        self.start_match(match)
        return None

    def open_replay(self, match: Match, step: int = 0) -> str | None:
        """Review `match` in the replay viewer over the current screen (Back returns to it), rebuilt
        from its move log and checked against its digest; returns the translated reason it is
        refused for, and then nothing changes."""
        from hexgames.ui.replay import ReplayScene, rebuilt

        try:
            checked = rebuilt(match)
        except saves.SaveError as e:
            return self.tr("ui.replay.refused", why=self.tr_reason(e.reason))
        self.scenes.push(ReplayScene(self, checked, step))
        return None

    def set_language(self, lang: str) -> None:
        """Switch the language and rebuild every scene's widgets in it."""
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r}")
        self.settings.language = lang
        self.settings.save()
        self.ui.set_locale(lang)
        self.scenes.resize(self.screen.get_size())

    def render_to_png(self, path: str | os.PathLike[str]) -> None:
        self.draw()
        pygame.image.save(self.screen, str(path))



def screenshot(out: str, game_id: str | None = None, scene: str = "game", seed: int = 1, moves: int | None = None,
               size: tuple[int, int] = (1280, 800), language: str | None = None,
               seats: Sequence[Any] | None = None, options: Mapping[str, Any] | None = None) -> None:
    """Write a PNG of any screen of the app (`ui.screenshot.scenes_for` names them): a headless app,
    its animations instant, the screen put on its stack as a player reaches it (`ui.screenshot`
    says how; NoSuchScreen if the game has none such), saved four frames later. `seats` (`Seat`s)
    and `options` (with "mode") set up the game as the setup screen would; `moves`: moves played
    first (default 0), for "records" the seeded games recorded first."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from hexgames.ui.anim import INSTANT
    from hexgames.ui.screenshot import staging, temporary_data_dir

    stage = staging(game_id, scene, seed, moves, seats, options)
    with temporary_data_dir() if stage.own_data else contextlib.nullcontext():
        app = App(size=size, headless=True, language=language)
        app.settings.anim_speed = INSTANT
        try:
            stage.show(app)
            for _ in range(4):
                app.step(1 / 60)
            app.render_to_png(out)
        finally:
            app.shutdown()

# --- AI worker ---------------------------------------------------------------------------------
def make_worker(threads: bool) -> Any:
    """The AI worker: a separate process normally (the UI keeps its core), a thread when headless."""
    from hexgames.ai.worker import AIWorker

    return AIWorker(use_processes=not threads)
