"""The pixel safety net: every screen the `screenshot` command knows, for every game, at two window
sizes and in both languages, rendered from two trees and compared pixel for pixel.

Why: a change that only moves code around (issue 28 splits each game scene into layout, views and
input) must not change anything a player sees. The reference is rendered on the fly from a commit
(`git archive` into a temporary folder, so no PNG is kept in git) and cached by commit, so a second
run renders only the working tree.

    python -m tests.pixels --write DIR                 # this tree's renders into DIR
    python -m tests.pixels --write DIR --commit REV    # the renders of commit REV (e.g. main)
    python -m tests.pixels --compare DIR_A DIR_B --diff DIR   # count differences, save diff pictures
    pytest -m pixels [--pixels-ref REV]                # tests/test_pixels.py: this tree against REV

A render runs in a process of its own for each tree (`--tree`), with that tree first on `sys.path`
and the editable install's finder removed, so the reference really is the reference's code and
assets, and each screen over an empty data folder of its own (the user's autosave, settings and
records never show). Every screen is played by the medium agent from fixed seeds with animations off,
so two renders of one tree are identical (`python -m tests.pixels --write A; ... --write B; --compare A B`).
A screen a tree cannot show (a dialog no seeded game reaches) is written as `<name>.error.txt`, and
compared as such.
"""
from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Sequence

ROOT = Path(__file__).resolve().parent.parent
SIZES = ((800, 600), (1280, 800))
LANGUAGES = ("en", "ja")
ANY_GAME = ("menu", "settings", "online")  # the same screen whatever the game: shown once, with none
SEED = 1
MOVES = 10  # in-game screens: a position with tiles on the board and a last move to outline
MOVES_BY_SCENE = {"records": 2, "tutorial": 2}  # records: games recorded first; tutorial: steps played
FIXED_PORT = 29_517  # the online screens' server (see `repeatable_chance`)
CACHE = Path(os.environ.get("HEXGAMES_PIXELS_CACHE", Path(tempfile.gettempdir()) / "hexgames-pixels"))


@dataclass(frozen=True)
class Shot:
    """One screen to render: a scene of a game (None: no game) at a window size, in a language."""
    game: str | None
    scene: str
    size: tuple[int, int]
    language: str

    @property
    def name(self) -> str:
        return f"{self.game or 'none'}-{self.scene}-{self.size[0]}x{self.size[1]}-{self.language}"

    @property
    def moves(self) -> int:
        return MOVES_BY_SCENE.get(self.scene, MOVES)


def game_ids() -> list[str]:
    """The app's own games (not the engines a test suite registers), in the registry's order."""
    from hexgames import games

    return [g.id for g in games.registered() if g.scene_path.startswith("hexgames.games.")]


def shots(sizes: Sequence[tuple[int, int]] = SIZES, languages: Sequence[str] = LANGUAGES) -> list[Shot]:
    """Every screen of the `screenshot` command: the game-free ones once, the rest for every game
    (the shared screens and the game's own dialogs)."""
    from hexgames import games

    scenes_for = screenshot_api().scenes_for
    scenes: list[tuple[str | None, str]] = [(None, s) for s in ANY_GAME]
    for game in game_ids():
        scenes += [(game, s) for s in scenes_for(games.get(game)) if s not in ANY_GAME[:2]]
    return [Shot(g, s, size, lang) for size in sizes for lang in languages for g, s in scenes]


@dataclass(frozen=True)
class ScreenshotApi:
    """What a render needs of the tree's `screenshot` command, from wherever the tree keeps it."""
    scenes_for: Callable[..., tuple[str, ...]]
    screenshot: Callable[..., None]
    NoSuchScreen: type[Exception]


def screenshot_api() -> ScreenshotApi:
    """The screenshot command of the hexgames this process imported: since issue 28 its screens are
    `hexgames.ui.screenshot` and the PNG is the app's (`hexgames.app.screenshot`); a tree before
    that (a reference commit) has all of it in `hexgames.screenshot`."""
    import importlib

    try:
        screens = importlib.import_module("hexgames.ui.screenshot")
        render = importlib.import_module("hexgames.app").screenshot
    except ModuleNotFoundError:
        screens = importlib.import_module("hexgames.screenshot")
        render = screens.screenshot
    return ScreenshotApi(screens.scenes_for, render, screens.NoSuchScreen)


def render(shot: Shot, folder: Path) -> Path:
    """`shot` rendered by this process's hexgames into folder/<name>.png, or why not into
    <name>.error.txt."""
    api = screenshot_api()
    repeatable_chance(shot)
    out = folder / f"{shot.name}.png"
    with tempfile.TemporaryDirectory(prefix="hexgames-pixels-data-") as data:
        os.environ["HEXGAMES_DATA_DIR"] = data  # never the user's: no autosave to resume, no records
        try:
            api.screenshot(str(out), shot.game, shot.scene, SEED, shot.moves, shot.size, shot.language)
        except api.NoSuchScreen as e:
            out = folder / f"{shot.name}.error.txt"
            out.write_text(str(e), encoding="utf-8")
    return out


def repeatable_chance(shot: Shot) -> None:
    """The online screens' server draws a table's code and seed from `secrets`, and listens on any
    free port (which the lobby shows): in this render process only, both are made repeatable, the
    draws from a generator seeded by the shot's name and the port a fixed one (outside the range the
    system hands out for port 0, so tests running beside us rarely hold it; if one does, the server
    takes any free port and the lobby's screens differ, saying so)."""
    import random
    import secrets

    from hexgames.net import session

    rng = random.Random(shot.name)
    secrets.choice, secrets.randbits = rng.choice, rng.getrandbits  # type: ignore[assignment]
    host = getattr(session.host_session, "__wrapped__", session.host_session)

    def fixed_port(name: str, store_path: Path | None = None, port: int = 0, ai_in_process: bool = True):
        return host(name, store_path, port or FIXED_PORT, ai_in_process)

    fixed_port.__wrapped__ = host  # type: ignore[attr-defined]
    session.host_session = fixed_port  # type: ignore[assignment]


def use_tree(tree: Path) -> None:
    """Import hexgames from `tree` in this process: first on sys.path, the editable install's finder
    (which maps `hexgames` to the installed checkout) taken out."""
    sys.path.insert(0, str(tree))
    sys.meta_path[:] = [f for f in sys.meta_path if "__editable__" not in getattr(f, "__module__", "")]
    import hexgames

    if Path(hexgames.__file__).resolve().parent != tree.resolve() / "hexgames":
        raise RuntimeError(f"hexgames came from {hexgames.__file__}, not from {tree}")


def write_renders(tree: Path, folder: Path, only: Iterable[str] | None = None) -> None:
    """Render every shot (or those named in `only`) of `tree` into `folder`, in a process of its own."""
    folder.mkdir(parents=True, exist_ok=True)
    cmd = [sys.executable, str(Path(__file__).resolve()), "--render", str(folder), "--tree", str(tree)]
    cmd += [f"--only={name}" for name in only or ()]
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    env.pop("PYTHONPATH", None)
    subprocess.run(cmd, check=True, env=env, cwd=tree, timeout=3600)


def default_reference() -> str:
    """The commit to compare with: $HEXGAMES_PIXELS_REF, else where this branch left `main` (a
    branch that only moves code must look the same as the main line it started from)."""
    named = os.environ.get("HEXGAMES_PIXELS_REF")
    if named:
        return named
    found = subprocess.run(["git", "merge-base", "HEAD", "main"], cwd=ROOT, capture_output=True, text=True)
    return found.stdout.strip() if found.returncode == 0 else "HEAD"


def resolve(rev: str) -> str:
    """The full hash of a commit name (a branch, a tag, HEAD~1, an abbreviated hash)."""
    return subprocess.run(["git", "rev-parse", "--verify", f"{rev}^{{commit}}"], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout.strip()


def export(commit: str, folder: Path) -> None:
    """The commit's hexgames/ and assets/ unpacked into `folder` (git archive: no worktree to clean up)."""
    folder.mkdir(parents=True, exist_ok=True)
    archive = folder / "tree.tar"
    subprocess.run(["git", "archive", "--format=tar", "-o", str(archive), commit, "hexgames", "assets"],
                   cwd=ROOT, check=True)
    with tarfile.open(archive) as tar:
        tar.extractall(folder, filter="data")
    archive.unlink()


def reference(rev: str) -> Path:
    """The renders of commit `rev`, made once per commit (and version of this file) and kept in CACHE."""
    commit = resolve(rev)
    stamp = hashlib.sha1(Path(__file__).read_bytes()).hexdigest()[:10]
    folder = CACHE / f"{commit[:12]}-{stamp}"
    if (folder / "DONE").is_file():
        return folder
    with tempfile.TemporaryDirectory(prefix="hexgames-ref-") as tree:
        export(commit, Path(tree))
        write_renders(Path(tree), folder)
    (folder / "DONE").write_text(commit, encoding="utf-8")
    return folder


def difference(expected: Path, actual: Path, diff: Path | None = None) -> str | None:
    """None when the two renders are the same pixel for pixel; else what differs (with `diff`: a
    picture of the actual render, dimmed, the differing pixels in magenta)."""
    import pygame

    if expected.suffix == ".txt" or actual.suffix == ".txt":
        if expected.suffix == actual.suffix and expected.read_text("utf-8") == actual.read_text("utf-8"):
            return None
        return f"{expected.name} vs {actual.name}"
    a, b = pygame.image.load(str(expected)), pygame.image.load(str(actual))
    if a.get_size() != b.get_size():
        return f"size {a.get_size()} became {b.get_size()}"
    if pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB"):
        return None
    same = pygame.mask.from_threshold(a.convert(24) if a.get_bitsize() != 24 else a, (0, 0, 0), (1, 1, 1, 255),
                                      b.convert(24) if b.get_bitsize() != 24 else b)
    same.invert()
    changed = same.get_bounding_rects()
    if diff is not None:
        picture = b.copy()
        picture.fill((90, 90, 90), special_flags=pygame.BLEND_RGB_MULT)
        picture.blit(same.to_surface(setcolor=(255, 0, 255), unsetcolor=None), (0, 0))
        diff.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(picture, str(diff))
    return f"{same.count()} pixels differ, in {[tuple(r) for r in changed[:6]]}" + (f" (diff: {diff})" if diff else "")


def compare(expected: Path, actual: Path, diff_folder: Path | None = None) -> dict[str, str]:
    """Every render of `actual` against the one of the same name in `expected`: name -> what differs."""
    out = {}
    for path in sorted(actual.iterdir()):
        if path.suffix not in (".png", ".txt"):
            continue
        name = path.name.removesuffix(".error.txt").removesuffix(".png")
        other = [p for p in (expected / f"{name}.png", expected / f"{name}.error.txt") if p.is_file()]
        if not other:
            out[name] = "no reference render"
            continue
        why = difference(other[0], path, diff_folder / f"{name}.diff.png" if diff_folder else None)
        if why is not None:
            out[name] = why
    return out


def _render_here(folder: Path, tree: Path, only: list[str]) -> None:
    use_tree(tree)
    wanted = set(only)
    for shot in shots():
        if not wanted or shot.name in wanted:
            render(shot, folder)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tests.pixels", description=__doc__.split("\n\n")[0])
    p.add_argument("--write", type=Path, help="render every screen into this folder")
    p.add_argument("--commit", help="with --write: render this commit instead of the working tree")
    p.add_argument("--compare", type=Path, nargs=2, metavar=("EXPECTED", "ACTUAL"))
    p.add_argument("--diff", type=Path, help="with --compare: save a diff picture per difference here")
    p.add_argument("--render", type=Path, help=argparse.SUPPRESS)  # the child process of --write
    p.add_argument("--tree", type=Path, default=ROOT, help=argparse.SUPPRESS)
    p.add_argument("--only", action="append", default=[], help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.render:
        _render_here(args.render, args.tree, args.only)
        return 0
    if args.write and args.commit:
        with tempfile.TemporaryDirectory(prefix="hexgames-ref-") as tree:
            export(resolve(args.commit), Path(tree))
            write_renders(Path(tree), args.write)
        return 0
    if args.write:
        write_renders(ROOT, args.write)
        return 0
    if args.compare:
        found = compare(*args.compare, args.diff)
        for name, why in found.items():
            print(f"{name}: {why}")
        print(f"{len(found)} of {len(list(args.compare[1].glob('*.png')))} renders differ")
        return 1 if found else 0
    p.print_help()
    return 2


if __name__ == "__main__":
    sys.exit(main())
