"""The pieces of tools/build_app.py that need no PyInstaller: what goes into the app, the icon files, the
desktop entry, and the advice when PyInstaller is missing. (Building and running the app: test_bundle.py.)"""
from __future__ import annotations

import io
import struct
import sys
from pathlib import Path

import pygame
import pygame_gui

from tools import build_app

ROOT = Path(__file__).resolve().parent.parent
GUI_DATA = Path(pygame_gui.__file__).resolve().parent / "data"


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return pygame.image.load(io.BytesIO(data), "icon.png").get_size()


def test_every_asset_goes_into_the_app_beside_the_package():
    shipped = {str(Path(folder, Path(src).name)) for src, folder in build_app.asset_datas()}
    assets = {str(Path("assets", p.relative_to(ROOT / "assets"))) for p in (ROOT / "assets").rglob("*")
              if p.is_file() and "__pycache__" not in p.parts}
    assert assets and shipped == assets


def test_only_the_fonts_the_app_opens_are_kept():
    used = build_app.used_fonts()
    assert {"NotoSansJP-Regular.otf", "NotoSansJP-Bold.otf"} <= used  # the theme's and App.font's
    datas = [(f"pygame_gui/data/{p.name}", str(p), "DATA") for p in GUI_DATA.iterdir() if p.is_file()]
    kept = {Path(dest).name for dest, _, _ in build_app.trim_fonts(datas)}
    fonts = {name for name in kept if name.endswith(build_app.FONT_SUFFIXES)}
    assert fonts == used
    assert "default_theme.json" in kept  # everything else of pygame_gui stays
    assert any(name.startswith("NotoSansSC") for name in (p.name for p in GUI_DATA.iterdir()))  # trimmed away


def test_a_used_font_missing_from_pygame_gui_stops_the_build():
    datas = [(f"pygame_gui/data/{p.name}", str(p), "DATA") for p in GUI_DATA.iterdir()
             if p.is_file() and p.name != "NotoSansJP-Bold.otf"]
    try:
        build_app.trim_fonts(datas)
    except SystemExit as e:
        assert "NotoSansJP-Bold.otf" in str(e)
    else:
        raise AssertionError("the build went on without a font the app opens")


def test_the_ico_holds_every_size_as_png():
    pngs = build_app.icon_pngs(build_app.ICO_SIZES)
    ico = build_app.ico_bytes(pngs)
    reserved, kind, count = struct.unpack_from("<HHH", ico)
    assert (reserved, kind, count) == (0, 1, len(build_app.ICO_SIZES))
    for i, size in enumerate(sorted(build_app.ICO_SIZES)):
        w, h, _, _, planes, bits, length, offset = struct.unpack_from("<BBBBHHII", ico, 6 + 16 * i)
        assert (w or 256, h or 256, planes, bits) == (size, size, 1, 32)
        assert _png_size(ico[offset:offset + length]) == (size, size)


def test_the_icns_holds_its_sizes_as_png():
    pngs = build_app.icon_pngs([16, 128])
    icns = build_app.icns_bytes(pngs)
    assert icns[:4] == b"icns" and struct.unpack_from(">I", icns, 4)[0] == len(icns)
    at, found = 8, {}
    while at < len(icns):
        kind, length = icns[at:at + 4], struct.unpack_from(">I", icns, at + 4)[0]
        found[kind] = _png_size(icns[at + 8:at + length])
        at += length
    assert found == {b"icp4": (16, 16), b"ic07": (128, 128)}


def test_the_desktop_entry_speaks_english_and_japanese():
    entry = build_app.desktop_entry("/opt/hexgames/hexgames", "hexgames").splitlines()
    assert entry[0] == "[Desktop Entry]" and "Exec=/opt/hexgames/hexgames" in entry and "Terminal=false" in entry
    assert "Comment=Tile and board games for one to four players" in entry
    assert any(line.startswith("Comment[ja]=") and not line.isascii() for line in entry)


def test_the_archive_is_named_for_its_system_and_machine():
    system, machine = build_app.platform_tag().split("-", 1)
    assert system in ("linux", "windows", "macos") or system == sys.platform
    assert machine and machine != "amd64"


def test_without_pyinstaller_the_build_says_how_to_install_it(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "PyInstaller", None)  # import fails as when it is not installed
    assert build_app.main(["--dist", "unused", "--work", "unused"]) == 1
    err = capsys.readouterr().err
    assert "PyInstaller is not installed" in err and "pip install -e '.[build]'" in err
