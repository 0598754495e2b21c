"""The desktop app (issue 22): `tools/build_app.py` builds a folder that runs with no Python at all and
behaves as the installed `hexgames`.

Skipped by default (tests/conftest.py); `python -m pytest -m bundle tests/test_bundle.py` runs it. It
needs PyInstaller (`pip install -e '.[build]'`) and, on Linux, objdump. The app is built once into a
temporary folder (about a minute on two cores); every run of it has an empty PATH (no Python to find),
a temporary HOME and no PYTHON* variables. Pictures are compared pixel for pixel with the same command
run by this Python, which shows the app found its assets, translations and fonts. Every command of the
README runs in the app; what the app carries is checked against its notices, its glibc needs against
Ubuntu 22.04's, and its libraries against the build machine's paths. The games are the five shipped ones,
whatever other tests of the same run registered.
"""
from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import tarfile
from pathlib import Path

import pygame
import pytest

from hexgames import __version__, cli, games
from tools import build_app

pytestmark = pytest.mark.bundle
ROOT = Path(__file__).resolve().parent.parent
SIZE = (800, 600)
LINUX = sys.platform.startswith("linux")


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """dist/ of a fresh build: the app folder `hexgames/` and its archive."""
    if importlib.util.find_spec("PyInstaller") is None:
        pytest.fail(build_app.INSTALL_HINT)
    tmp = tmp_path_factory.mktemp("build")
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "build_app.py"), "--dist", str(tmp / "dist"),
                           "--work", str(tmp / "work")], capture_output=True, text=True, timeout=1200)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return tmp / "dist"


def _executable(dist: Path) -> Path:
    return dist / "hexgames" / ("hexgames-cli.exe" if sys.platform == "win32" else "hexgames")


def _bare_env(home: Path, **extra: str) -> dict[str, str]:
    """No PATH to search (an empty folder), no Python variables: only what a player's desktop has."""
    empty = home / "empty-path"
    empty.mkdir(parents=True, exist_ok=True)
    env = {k: os.environ[k] for k in ("SYSTEMROOT", "TEMP", "TMP") if k in os.environ}  # Windows needs these
    env.update(HOME=str(home), USERPROFILE=str(home), PATH=str(empty), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", **extra)
    return env


def _run_app(dist: Path, args: list[str], env: dict[str, str], cwd: Path) -> str:
    done = subprocess.run([str(_executable(dist)), *args], env=env, cwd=cwd, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, f"{args}: {done.stdout}\n{done.stderr}"
    return done.stdout


def _run_here(args: list[str], data: Path, cwd: Path) -> None:
    """The same command run by this Python, as the installed `hexgames` would."""
    env = dict(os.environ, HEXGAMES_DATA_DIR=str(data), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    subprocess.run([sys.executable, "-m", "hexgames", *args], env=env, cwd=cwd, check=True, capture_output=True,
                   timeout=300)


def _pixels(path: Path) -> tuple[tuple[int, int], bytes]:
    """A valid PNG's size and pixels (pygame refuses anything else)."""
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", path
    image = pygame.image.load(str(path))
    return image.get_size(), pygame.image.tobytes(image, "RGB")


def test_the_built_app_prints_its_version(built, tmp_path):
    out = _run_app(built, ["--version"], _bare_env(tmp_path), tmp_path)
    assert out.strip() == f"hexgames {__version__}"


SCREENS = [["--scene", "menu"], ["--scene", "menu", "--language", "ja"]] + [
    ["--game", info.id, "--moves", "6"] for info in games.shipped()]  # not the toy games other tests register


@pytest.mark.parametrize("screen", SCREENS, ids=lambda s: "-".join(a for a in s if not a.startswith("-")))
def test_the_built_app_draws_the_menu_and_each_game_as_the_installed_one(built, tmp_path, screen):
    args = ["screenshot", *screen, "--size", "x".join(map(str, SIZE))]
    _run_app(built, [*args, "--out", "app.png"], _bare_env(tmp_path, HEXGAMES_DATA_DIR=str(tmp_path / "d1")),
             tmp_path)
    _run_here([*args, "--out", "here.png"], tmp_path / "d2", tmp_path)
    size, pixels = _pixels(tmp_path / "app.png")
    assert size == SIZE
    assert pixels == _pixels(tmp_path / "here.png")[1], "the app draws otherwise than the installed hexgames"


def test_the_built_app_keeps_its_settings_in_the_installed_apps_data_folder(built, tmp_path, monkeypatch):
    """Settings written where the installed app keeps them (platformdirs under HOME) are the app's."""
    from hexgames.core import saves

    home = tmp_path / "home"
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("USERPROFILE", str(home))
    for name in ("HEXGAMES_DATA_DIR", "XDG_DATA_HOME", "APPDATA", "LOCALAPPDATA"):
        monkeypatch.delenv(name, raising=False)
    folder = saves.data_location()
    assert folder.is_relative_to(home), folder
    folder.mkdir(parents=True)
    (folder / "settings.json").write_text(json.dumps({"language": "ja"}), encoding="utf-8")

    _run_app(built, ["screenshot", "--scene", "menu", "--out", "app.png"], _bare_env(home), tmp_path)
    for language in ("ja", "en"):
        _run_here(["screenshot", "--scene", "menu", "--language", language, "--out", f"{language}.png"],
                  tmp_path / "elsewhere", tmp_path)
    app = _pixels(tmp_path / "app.png")
    assert app == _pixels(tmp_path / "ja.png") != _pixels(tmp_path / "en.png")


def test_the_built_app_plays_an_arena_in_worker_processes(built, tmp_path):
    """`--jobs 2` starts worker processes: in the app they are the app's own executable."""
    out = _run_app(built, ["arena", "--game", "dotlines", "--seats", "easy,medium", "--games", "2", "--jobs", "2",
                           "--json"], _bare_env(tmp_path, HEXGAMES_DATA_DIR=str(tmp_path / "d")), tmp_path)
    result = json.loads(out.strip().splitlines()[-1])
    assert result["games"] == 2 and sum(result["wins"]) + result["draws"] == 2


def test_the_built_app_runs_every_command_of_the_readme(built, tmp_path):
    """`bench` starts its measuring processes as the app itself; `tutorial --autoplay` plays headless;
    each command answers --help. (screenshot, arena and serve have tests of their own here.)"""
    env = _bare_env(tmp_path, HEXGAMES_DATA_DIR=str(tmp_path / "d"))
    out = _run_app(built, ["bench", "--game", "dotlines", "--seconds", "0.05", "--no-hard", "--launches", "1",
                           "--json"], env, tmp_path)
    result = json.loads(out.strip().splitlines()[-1])
    assert result["app"]["launch_seconds"] > 0 and result["app"]["launches"] == 1
    assert result["dotlines"]["random_games_per_s"] and result["app"]["menu_peak_rss_mib"].keys() == {"en", "ja"}
    assert "played to its end" in _run_app(built, ["tutorial", "--game", "dotlines", "--autoplay"], env, tmp_path)
    for command in cli.SUBCOMMANDS:
        assert f"hexgames {command}" in _run_app(built, [command, "--help"], env, tmp_path)


def test_the_built_app_benchmarks_a_server_of_its_own(built, tmp_path):
    """`bench --online` starts `serve` as the app itself and plays tables against it over sockets."""
    out = _run_app(built, ["bench", "--online", "--tables", "2", "--seconds", "2", "--think", "0.2", "--json"],
                   _bare_env(tmp_path, HEXGAMES_DATA_DIR=str(tmp_path / "d")), tmp_path)
    result = json.loads(out.strip().splitlines()[-1])
    assert result["moves"] > 0 and result["leaky_frames"] == 0 and not result["errors"]


def test_the_app_carries_only_the_fonts_it_uses(built):
    folder = built / "hexgames"
    fonts = {p.name for p in folder.rglob("*") if p.suffix in build_app.FONT_SUFFIXES}
    assert fonts == build_app.used_fonts()  # pygame's GPL freesansbold.ttf is not among them
    data = folder / "_internal" / "pygame_gui" / "data"
    assert {p.name for p in data.iterdir() if p.suffix in build_app.FONT_SUFFIXES} == fonts


def _bundled_distributions(folder: Path) -> set[str]:
    """The distributions whose modules are in the program's archive or whose files are in the folder,
    read from the built app itself (not from the build's own lists)."""
    from importlib import metadata

    from PyInstaller.archive.readers import CArchiveReader

    archive = CArchiveReader(str(_executable(folder.parent))).open_embedded_archive("PYZ.pyz")
    tops = {name.split(".")[0] for name in archive.toc} | {p.name.split(".")[0] for p in (folder / "_internal").iterdir()}
    owners = metadata.packages_distributions()
    return {dist for top in tops for dist in owners.get(top, [])} - {"hexgames"}


def test_the_app_names_the_licence_of_everything_it_carries(built):
    """LICENSE.txt is hexgames' own; THIRD-PARTY-NOTICES.txt names every bundled distribution with its
    version and every font with its copyright, and holds their licence texts."""
    from importlib import metadata

    from fontTools.ttLib import TTFont

    folder = built / "hexgames"
    assert (folder / "LICENSE.txt").read_text(encoding="utf-8") == (ROOT / "LICENSE").read_text(encoding="utf-8")
    text = (folder / "THIRD-PARTY-NOTICES.txt").read_text(encoding="utf-8")
    dists = _bundled_distributions(folder)
    assert {"pygame-ce", "pygame_gui", "platformdirs", "websockets"} <= dists
    for dist in dists:
        assert f"  {dist} {metadata.version(dist)}: " in text, f"{dist} has no notice"
    for font in folder.rglob("*"):
        if font.suffix in build_app.FONT_SUFFIXES:
            with TTFont(str(font), lazy=True) as f:
                holder = f["name"].getDebugName(0)
            assert f"  {font.relative_to(folder)}: " in text and holder in text, f"{font.name} has no notice"
    for words in ("GNU LESSER GENERAL PUBLIC LICENSE", "SIL OPEN FONT LICENSE Version 1.1", "Simple DirectMedia Layer",
                  "PYTHON SOFTWARE FOUNDATION LICENSE VERSION 2", "Bootloader Exception", "The FreeType Project LICENSE"):
        assert words in text


@pytest.mark.skipif(not LINUX, reason="ELF shared libraries")
def test_the_app_carries_no_gpl_library_and_leaves_the_systems_own_to_the_system(built):
    from tools import elf, notices

    folder = built / "hexgames"
    names = {notices.library_key(p.name) for p in elf.elf_files(folder)}
    assert not names & {"libreadline", "libtinfo", "libncursesw"}, "GNU Readline (GPL-3.0) and what it needs"
    assert not names & build_app.SYSTEM_LIBRARIES
    needed = {lib for p in elf.elf_files(folder) for lib in elf.needed_libraries(p)}
    assert "libreadline.so.8" not in needed


@pytest.mark.skipif(not LINUX, reason="ELF shared libraries")
def test_the_app_starts_on_ubuntu_22_04s_glibc_and_looks_nowhere_on_the_build_machine(built):
    """Ubuntu 22.04 LTS (and Linux Mint 21) has glibc 2.35 and GCC 12's libstdc++ (GLIBCXX_3.4.30): no
    file in the app may need more. And no library's search path names a folder outside the app."""
    from tools import elf

    folder = built / "hexgames"
    glibc, needer = elf.highest_needed(folder, "GLIBC")
    assert (2, 17) <= glibc <= (2, 35), f"{needer} needs GLIBC_{elf.dotted(glibc)}"
    glibcxx, needer = elf.highest_needed(folder, "GLIBCXX")
    assert glibcxx <= (3, 4, 30), f"{needer} needs GLIBCXX_{elf.dotted(glibcxx)}"
    assert elf.foreign_search_paths(folder) == {}


@pytest.mark.skipif(not LINUX, reason="the archive and desktop entry checked here are Linux's")
def test_the_linux_archive_holds_the_app_and_its_desktop_entry_installs(built, tmp_path):
    (archive,) = built.glob(f"hexgames-{__version__}-linux-*.tar.gz")
    assert archive.stat().st_size < 40e6  # the aim for a download
    with tarfile.open(archive) as tar:
        names = set(tar.getnames())
        assert tar.getmember("hexgames/hexgames").mode & 0o111
    assert {"hexgames/hexgames.desktop", "hexgames/hexgames.png", "hexgames/install-desktop-entry.sh",
            "hexgames/LICENSE.txt", "hexgames/THIRD-PARTY-NOTICES.txt"} <= names

    folder = built / "hexgames"
    env = {"HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "share"), "PATH": "/usr/bin:/bin"}
    subprocess.run([str(folder / "install-desktop-entry.sh")], env=env, check=True, capture_output=True)
    entry = (tmp_path / "share" / "applications" / "hexgames.desktop").read_text(encoding="utf-8").splitlines()
    assert f'Exec="{folder}/hexgames"' in entry and f"Icon={folder}/hexgames.png" in entry
    assert any(line.startswith("Comment[ja]=") for line in entry)
    size, _ = _pixels(folder / "hexgames.png")
    assert size == (256, 256)


def test_the_built_app_hosts_and_plays_an_online_table(built, tmp_path):
    """The app's own online screen: a server and clients inside the frozen app, over websockets."""
    args = ["screenshot", "--game", "clans", "--scene", "online_game", "--moves", "6", "--size", "x".join(map(str, SIZE))]
    _run_app(built, [*args, "--out", "online.png"], _bare_env(tmp_path, HEXGAMES_DATA_DIR=str(tmp_path / "d")), tmp_path)
    assert _pixels(tmp_path / "online.png")[0] == SIZE


def test_the_built_app_serves_tables_whose_computer_players_think_in_worker_processes(built, tmp_path):
    """`hexgames serve` from the frozen app: its AI runs in a spawned process, which a frozen program
    must start as itself; a client here plays against it."""
    import random
    import re
    from types import SimpleNamespace

    from tests.net.netplay import play_one, settle, started_tables

    proc = subprocess.Popen([str(_executable(built)), "serve", "--port", "0", "--db", str(tmp_path / "t.sqlite3")],
                            env=_bare_env(tmp_path), cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    tables: list = []
    try:
        line = proc.stdout.readline()
        port = int(re.search(r"ws://[^:]+:(\d+)", line).group(1))
        tables, events = started_tables(SimpleNamespace(port=port), "ingenious", ["human", "ai:easy"])
        (me,) = tables
        rng = random.Random(1)
        for _ in range(3):
            play_one(tables, rng)
        settle(tables, lambda: me.can_act or me.match.is_over)
        assert any(me.match.mover(i) == 1 for i in range(len(me.match.moves)))  # the computer moved
    finally:
        for t in tables:
            t.close()
        proc.terminate()
        proc.wait(30)
