"""A regular install runs: the wheel carries every asset and the installed app works outside the checkout.

What this does (about 20 s; it is the CI check for issue 10, item 1): copies the source to a temporary
folder, builds the wheel there with pip (build isolation: setuptools comes from the package index, as
for any packager), creates a fresh virtual environment, installs the wheel into it with pip (its
dependencies pygame-ce, pygame_gui and platformdirs come from the package index or pip's configured
wheel cache, as for a real user), then runs the installed `hexgames` script from another folder, with
no PYTHONPATH, to take screenshots of the menu and of a Clans game (which reads the map asset).
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOT_SOURCE = shutil.ignore_patterns(".git", ".venv", "build", "dist", "*.egg-info", "__pycache__",
                                    ".pytest_cache", ".hypothesis", "*.png")
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def _bin(venv: Path, name: str) -> Path:
    return venv / ("Scripts" if os.name == "nt" else "bin") / name


def _run(args: list, cwd: Path, env: dict | None = None) -> str:
    done = subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, f"{args} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def _build_wheel(tmp: Path) -> Path:
    src = tmp / "src"
    shutil.copytree(ROOT, src, ignore=NOT_SOURCE)  # a clean tree: no stale build/ files can ship
    _run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", tmp / "dist", src], cwd=tmp)
    (wheel,) = (tmp / "dist").glob("hexgames-*.whl")
    return wheel


def test_the_wheel_ships_every_asset_and_runs_from_a_fresh_venv_outside_the_checkout(tmp_path):
    wheel = _build_wheel(tmp_path)
    shipped = set(zipfile.ZipFile(wheel).namelist())
    assets = [p.relative_to(ROOT / "assets").as_posix() for p in (ROOT / "assets").rglob("*")
              if p.is_file() and "__pycache__" not in p.parts]
    missing = [a for a in assets if f"hexgames/assets/{a}" not in shipped]
    assert assets and not missing, f"assets not in the wheel: {missing}"

    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", venv], cwd=tmp_path)
    _run([_bin(venv, "python"), "-m", "pip", "install", "-q", wheel], cwd=tmp_path)

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env.update(HEXGAMES_DATA_DIR=str(tmp_path / "data"), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    where = _run([_bin(venv, "python"), "-c", "import hexgames.paths as p; print(p.ASSETS)"], elsewhere, env)
    assert Path(where.strip()).is_relative_to(venv), where  # the installed copy, not the checkout
    _run([_bin(venv, "hexgames"), "screenshot", "--scene", "menu", "--out", "menu.png"], elsewhere, env)
    _run([_bin(venv, "hexgames"), "screenshot", "--game", "clans", "--moves", "4", "--out", "clans.png"],
         elsewhere, env)
    for name in ("menu.png", "clans.png"):
        assert (elsewhere / name).read_bytes()[:8] == PNG_MAGIC
