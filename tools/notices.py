"""What the desktop app carries and under which licences: its THIRD-PARTY-NOTICES.txt, and the check that
stops a build carrying something hexgames' MIT licence cannot.

Made at build time from what PyInstaller actually put in the app (tools/build_app.py): the Python
distributions its modules, extension modules and data come from (each distribution's own metadata and
licence files, found by the files' paths, as PyInstaller's lists in the build's manifest give them), the
Python it runs on, PyInstaller's bootloader (the program itself), every shared library in the folder
(by the table `LIBRARIES`, with the texts in tools/licenses/, where nothing in a wheel's metadata says
what they are), and every font (from the font's own name table). Anything it cannot name stops the
build, and so does any licence outside `CARRIED`: a GPL library (readline, which Python links to), a GPL
font (pygame's freesansbold.ttf).

LGPL code (pygame-ce and three of the libraries in its wheel) is carried as separate, unmodified shared
libraries and source modules a player can replace; the notices say so and where the source is.
"""
from __future__ import annotations

import json
import re
import sys
import sysconfig
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Iterable

LICENSES = Path(__file__).with_name("licenses")
NOTICES = "THIRD-PARTY-NOTICES.txt"
FONT_SUFFIXES = (".ttf", ".otf", ".ttc")
PYTHON_TEXT = "<python>"  # a text read from the Python that builds (and so runs) the app
BOOTLOADER_TEXT = "<pyinstaller>"  # a text read from PyInstaller's distribution

# SPDX licences hexgames (MIT) can carry in a desktop app: permissive ones with their notices, the LGPL for
# libraries a player can replace, and PyInstaller's GPL with its exception for the bootloader it embeds.
CARRIED = frozenset({
    "MIT", "BSD-2-Clause", "BSD-3-Clause", "Zlib", "FTL", "IJG", "libpng-2.0", "libtiff", "Apache-2.0",
    "PSF-2.0", "bzip2-1.0.6", "blessing", "LicenseRef-Public-Domain", "OFL-1.1", "LGPL-2.1-only",
    "LGPL-2.1-or-later", "GPL-2.0-or-later WITH Bootloader-exception",
})
LGPL = ("LGPL-2.1-only", "LGPL-2.1-or-later")


@dataclass(frozen=True)
class Library:
    """A shared library the app may carry: what it is, its licence and where its texts and source are."""
    name: str
    licence: str  # an SPDX expression
    texts: tuple[str, ...]  # files in tools/licenses/
    source: str
    copyright: str = ""  # where the texts do not name the holders


def _lib(name: str, licence: str, text: str, source: str, copyright: str = "") -> Library:
    return Library(name, licence, (text,) if text else (), source, copyright)


_SDL = "https://github.com/libsdl-org/"
_XIPH = "https://github.com/xiph/"
_VORBIS = _lib("Vorbis", "BSD-3-Clause", "ogg-vorbis.txt", _XIPH + "vorbis")
_WEBP = _lib("libwebp", "BSD-3-Clause", "webp.txt", "https://chromium.googlesource.com/webm/libwebp")
_BROTLI = _lib("Brotli", "MIT", "brotli.txt", "https://github.com/google/brotli")
_OPENSSL = _lib("OpenSSL", "Apache-2.0", "Apache-2.0.txt", "https://www.openssl.org/source/",
                "Copyright (c) 1998-2025 The OpenSSL Project Authors; Copyright (c) 1995-1998 Eric A. Young, "
                "Tim J. Hudson")
# By file name up to its first "." or "-" (auditwheel adds a hash: libSDL2-2-50d19f93.0.so.0.3200.10).
# The texts of the libraries in pygame-ce's wheel are pygame-ce's own (docs/licenses at its release), or
# the library's at the version pygame-ce's buildconfig/manylinux-build names; the others' are upstream's.
LIBRARIES: dict[str, Library] = {
    "libSDL2": _lib("SDL2", "Zlib", "sdl2.txt", _SDL + "SDL"),
    "libSDL2_image": _lib("SDL2_image", "Zlib", "sdl2_image.txt", _SDL + "SDL_image"),
    "libSDL2_mixer": _lib("SDL2_mixer", "Zlib", "sdl2_mixer.txt", _SDL + "SDL_mixer"),
    "libSDL2_ttf": _lib("SDL2_ttf", "Zlib", "sdl2_ttf.txt", _SDL + "SDL_ttf"),
    "libFLAC": _lib("FLAC", "BSD-3-Clause", "FLAC.txt", _XIPH + "flac"),
    "libbrotlicommon": _BROTLI,
    "libbrotlidec": _BROTLI,
    "libfluidsynth": _lib("FluidSynth", "LGPL-2.1-or-later", "LGPL-2.1.txt", "https://github.com/FluidSynth/fluidsynth",
                          "Copyright (C) 2003-2025 Peter Hanappe, Tom Moebert and others"),
    "libfreetype": _lib("FreeType", "FTL", "freetype.txt", "https://freetype.org/"),
    "libharfbuzz": _lib("HarfBuzz", "MIT", "harfbuzz.txt", "https://github.com/harfbuzz/harfbuzz"),
    "libjpeg": _lib("libjpeg-turbo", "IJG AND BSD-3-Clause AND Zlib", "jpeg-turbo.txt",
                    "https://github.com/libjpeg-turbo/libjpeg-turbo"),
    "libmpg123": _lib("mpg123", "LGPL-2.1-only", "mpg123.txt", "https://www.mpg123.de/"),
    "libogg": _lib("Ogg", "BSD-3-Clause", "ogg-vorbis.txt", _XIPH + "ogg"),
    "libvorbis": _VORBIS,
    "libvorbisenc": _VORBIS,
    "libvorbisfile": _VORBIS,
    "libopus": _lib("Opus", "BSD-3-Clause", "opus.txt", _XIPH + "opus"),
    "libopusfile": _lib("Opusfile", "BSD-3-Clause", "opusfile.txt", _XIPH + "opusfile"),
    "libpng16": _lib("libpng", "libpng-2.0", "png.txt", "https://github.com/pnggroup/libpng"),
    "libsharpyuv": _WEBP,
    "libwebp": _WEBP,
    "libwebpdemux": _WEBP,
    "libsndfile": _lib("libsndfile", "LGPL-2.1-or-later", "LGPL-2.1.txt", "https://github.com/libsndfile/libsndfile",
                       "Copyright (C) 1999-2023 Erik de Castro Lopo and others"),
    "libtiff": _lib("LibTIFF", "libtiff", "tiff.txt", "https://gitlab.com/libtiff/libtiff"),
    "libwavpack": _lib("WavPack", "BSD-3-Clause", "wavpack.txt", "https://github.com/dbry/WavPack"),
    "libxmp": _lib("libxmp", "MIT", "xmp.txt", "https://github.com/libxmp/libxmp"),
    # the build machine's, which its Python links to
    "libpython3": _lib("Python", "PSF-2.0", PYTHON_TEXT, "https://www.python.org/downloads/source/"),
    "libcrypto": _OPENSSL,
    "libssl": _OPENSSL,
    "libffi": _lib("libffi", "MIT", "libffi.txt", "https://github.com/libffi/libffi"),
    "libbz2": _lib("bzip2", "bzip2-1.0.6", "bzip2.txt", "https://sourceware.org/bzip2/"),
    "liblzma": _lib("XZ Utils (liblzma)", "LicenseRef-Public-Domain", "xz.txt", "https://github.com/tukaani-project/xz"),
    "libsqlite3": _lib("SQLite", "blessing", "sqlite.txt", "https://sqlite.org/"),
    "libuuid": _lib("libuuid (util-linux)", "BSD-3-Clause", "libuuid.txt", "https://github.com/util-linux/util-linux"),
    # known, and never carried: tools/hexgames.spec leaves Python's readline module out
    "libreadline": _lib("GNU Readline", "GPL-3.0-or-later", "", "https://tiswww.case.edu/php/chet/readline/rltop.html"),
}
BOOTLOADER = _lib("PyInstaller bootloader", "GPL-2.0-or-later WITH Bootloader-exception", BOOTLOADER_TEXT,
                  "https://github.com/pyinstaller/pyinstaller")
PYTHON = LIBRARIES["libpython3"]
# Distributions whose metadata names their licence in words, and the SPDX expression the words mean
LICENCE_WORDS = {
    "MIT": "MIT",
    "LGPL v2.1": "LGPL-2.1-only",  # pygame-ce
    "GPLv2-or-later with a special exception which allows to use PyInstaller to build and distribute non-free "
    "programs (including commercial ones)": "GPL-2.0-or-later WITH Bootloader-exception AND Apache-2.0",
}
CLASSIFIERS = {"License :: OSI Approved :: MIT License": "MIT",
               "License :: OSI Approved :: BSD License": "BSD-3-Clause",
               "License :: OSI Approved :: Apache Software License": "Apache-2.0"}
TEXT_FALLBACK = {"pygame-ce": "LGPL-2.1.txt"}  # its wheel carries no licence file
_LICENCE_FILE = re.compile(r"(LICEN[CS]E|COPYING|NOTICE)", re.I)
_EXTENSION = re.compile(r"\.(cpython-[^.]+|abi3)\.so$")


class NoticeError(Exception):
    """Something in the app whose licence is unknown, whose text is missing, or that cannot be carried."""


@dataclass
class Item:
    """One thing the app carries, as the notices list it."""
    what: str  # "pygame-ce 2.5.8", "libSDL2-2-….so", "NotoSans-Regular.ttf"
    name: str  # the work: "pygame-ce", "SDL2", "Noto Sans"
    licence: str
    texts: list[str]  # the licence texts, in full
    source: str = ""
    copyright: str = ""


# --- the licence check ------------------------------------------------------------------------------
def carried(expression: str) -> bool:
    """Whether hexgames may carry something under the SPDX `expression`: one alternative of an OR whose
    parts (AND) are all in `CARRIED`."""
    def parts(text: str, word: str) -> list[str]:
        return [p.strip(" ()") for p in re.split(rf"\s+{word}\s+(?![^(]*\))", text.strip(" ()"))]

    return any(all(part in CARRIED for part in parts(option, "AND")) for option in parts(expression, "OR"))


def library_key(file_name: str) -> str:
    """libSDL2_mixer-2-6719e6f6.0.so.0.800.2 -> libSDL2_mixer, libpython3.11.so.1.0 -> libpython3."""
    return re.match(r"[^.-]+", file_name).group(0)


def _text(name: str) -> str:
    """A licence text: a file of tools/licenses/, or read from the building Python or PyInstaller."""
    if name == PYTHON_TEXT:
        return (Path(sysconfig.get_path("stdlib")) / "LICENSE.txt").read_text(encoding="utf-8")
    if name == BOOTLOADER_TEXT:
        return "\n".join(_licence_texts(metadata.distribution("pyinstaller")))
    return (LICENSES / name).read_text(encoding="utf-8")


def _library_item(relative: str, library: Library) -> Item:
    return Item(relative, library.name, library.licence, [_text(t) for t in library.texts], library.source,
                library.copyright)


# --- distributions ----------------------------------------------------------------------------------
def distribution_licence(dist: metadata.Distribution) -> str:
    """The SPDX expression of a distribution's licence: its License-Expression, else its License words or
    classifiers as `LICENCE_WORDS` / `CLASSIFIERS` read them; NoticeError when none says."""
    meta = dist.metadata
    if meta.get("License-Expression"):
        return meta["License-Expression"].strip()
    words = " ".join((meta.get("License") or "").split())
    if words in LICENCE_WORDS:
        return LICENCE_WORDS[words]
    for classifier in meta.get_all("Classifier") or []:
        if classifier in CLASSIFIERS:
            return CLASSIFIERS[classifier]
    raise NoticeError(f"{meta['Name']}: no licence this build can read ({words or 'none given'}): find it and add "
                      "it to LICENCE_WORDS in tools/notices.py")


def _licence_texts(dist: metadata.Distribution) -> list[str]:
    """The licence files a distribution installs in its .dist-info (License-File, licenses/, LICENSE...)."""
    texts = []
    for file in dist.files or []:
        if file.parts[0].endswith((".dist-info", ".egg-info")) and _LICENCE_FILE.search(file.name):
            texts.append(Path(dist.locate_file(file)).read_text(encoding="utf-8", errors="replace"))
    return texts


def distribution_item(dist: metadata.Distribution) -> Item:
    name, version = dist.metadata["Name"], dist.version
    texts = _licence_texts(dist) or ([_text(TEXT_FALLBACK[name])] if name in TEXT_FALLBACK else [])
    if not texts:
        raise NoticeError(f"{name} {version} installs no licence text: add one to tools/licenses/ and TEXT_FALLBACK")
    return Item(f"{name} {version}", name, distribution_licence(dist), texts,
                f"https://pypi.org/project/{name}/{version}/#files")


def _owners() -> dict[str, metadata.Distribution]:
    """Every installed file's resolved path -> its distribution."""
    owners = {}
    for dist in metadata.distributions():
        for file in dist.files or []:
            owners[str(Path(dist.locate_file(file)).resolve())] = dist
    return owners


def _in_python(path: Path) -> bool:
    """A file of the Python that builds the app (its standard library, its own libraries)."""
    roots = {Path(sysconfig.get_path(key)).resolve() for key in ("stdlib", "platstdlib")}
    roots.add(Path(sys.base_prefix).resolve())
    return any(path.is_relative_to(root) for root in roots)


# --- the inventory ----------------------------------------------------------------------------------
@dataclass
class Inventory:
    """Everything the app carries, as the notices list it, and what cannot be carried."""
    distributions: list[Item]
    programs: list[Item]  # Python and the bootloader
    libraries: list[Item]  # shared libraries other than extension modules
    extensions: list[Item]  # the extension modules of each distribution ("Python": the standard library's)
    fonts: list[Item]

    def items(self) -> list[Item]:
        return [*self.distributions, *self.programs, *self.libraries, *self.extensions, *self.fonts]

    def not_carried(self) -> list[Item]:
        return [item for item in self.items() if not carried(item.licence)]


def take_inventory(folder: Path, manifest: dict, elf_files: Iterable[Path]) -> Inventory:
    """What the app in `folder` carries. `manifest` is the build's {"sources": [every module's, binary's and
    data file's source path], "files": {path in the app: source path}}; `elf_files`, the folder's programs
    and shared libraries (tools/elf.py). NoticeError names everything it cannot tell the licence of."""
    owners, problems = _owners(), []
    files = {Path(dest): Path(src) for dest, src in manifest["files"].items()}
    distributions = _distribution_items(manifest["sources"], owners, problems)
    libraries, extensions = _library_items(folder, elf_files, files, owners, problems)
    fonts = _font_items(folder, files, problems)
    if problems:
        raise NoticeError("\n".join(problems))
    programs = [_library_item(f"Python {sys.version.split()[0]}", PYTHON)]
    if _pyinstaller() is not None:
        programs.append(_library_item(f"PyInstaller {metadata.version('pyinstaller')} bootloader", BOOTLOADER))
    return Inventory(distributions, programs, libraries, extensions, fonts)


def _pyinstaller() -> metadata.Distribution | None:
    try:
        return metadata.distribution("pyinstaller")
    except metadata.PackageNotFoundError:
        return None


def _distribution_items(sources: Iterable[str], owners: dict[str, metadata.Distribution],
                        problems: list[str]) -> list[Item]:
    """The distributions the app's files come from, and PyInstaller (its bootstrap modules always go
    in); not hexgames itself (LICENSE.txt)."""
    dists: dict[str, metadata.Distribution] = {}
    for dist in filter(None, (owners.get(str(Path(source).resolve())) for source in sources)):
        dists.setdefault(dist.metadata["Name"], dist)
    dists.pop("hexgames", None)
    if _pyinstaller() is not None:
        dists.setdefault("pyinstaller", _pyinstaller())
    items = []
    for name in sorted(dists, key=str.lower):
        try:
            items.append(distribution_item(dists[name]))
        except NoticeError as e:
            problems.append(str(e))
    return items


def _library_items(folder: Path, elf_files: Iterable[Path], files: dict[Path, Path],
                   owners: dict[str, metadata.Distribution], problems: list[str]) -> tuple[list[Item], list[Item]]:
    """The shared libraries (by `LIBRARIES`), and the extension modules counted per distribution."""
    libraries, extensions = [], {}
    internal = _internal(folder)
    for path in elf_files:
        relative = path.relative_to(folder)
        if path.parent == folder:  # the program: PyInstaller's bootloader
            continue
        if _EXTENSION.search(path.name):
            source = files.get(path.relative_to(internal))
            dist = owners.get(str(source.resolve())) if source else None
            owner = dist.metadata["Name"] if dist else "Python" if source and _in_python(source) else None
            if owner is None:
                problems.append(f"{relative}: an extension module of no known distribution")
            else:
                extensions.setdefault(owner, [dist, 0])[1] += 1
            continue
        library = LIBRARIES.get(library_key(path.name))
        if library is None:
            problems.append(f"{relative}: no licence known for this library: find it and add it to LIBRARIES "
                            "in tools/notices.py")
        else:
            libraries.append(_library_item(str(relative), library))
    modules = [Item(f"{n} extension modules", owner, distribution_licence(dist) if dist else PYTHON.licence, [])
               for owner, (dist, n) in sorted(extensions.items())]
    return libraries, modules


def _font_items(folder: Path, files: dict[Path, Path], problems: list[str]) -> list[Item]:
    fonts = []
    for path in sorted(p for p in folder.rglob("*") if p.suffix.lower() in FONT_SUFFIXES):
        try:
            fonts.append(font_item(path, folder, files.get(path.relative_to(_internal(folder)))))
        except NoticeError as e:
            problems.append(str(e))
    return fonts


def _internal(folder: Path) -> Path:
    """Where PyInstaller puts everything but the program (`_internal`, or the folder itself)."""
    return folder / "_internal" if (folder / "_internal").is_dir() else folder


def font_item(path: Path, folder: Path, source: Path | None) -> Item:
    """A font with its own copyright and licence (the name table's entries 0, 13 and 14), and the licence
    texts shipped beside its source (pygame_gui keeps them in data/licenses/)."""
    from fontTools.ttLib import TTFont

    with TTFont(str(path), lazy=True, fontNumber=0) as font:
        names = font["name"]
        copyright, family = names.getDebugName(0) or "", names.getDebugName(1) or path.stem
        words = f"{names.getDebugName(13) or ''} {names.getDebugName(14) or ''}"
    relative = str(path.relative_to(folder))
    if "Open Font License" in words and "1.1" in words:
        licence = "OFL-1.1"
    elif "General Public License" in words or "gnu.org" in words:
        licence = "GPL"
    else:
        raise NoticeError(f"{relative}: a font whose licence this build cannot read ({words.strip() or 'none'})")
    folder_texts = sorted((source.parent / "licenses").glob("*")) if source else []
    texts = [p.read_text(encoding="utf-8") for p in folder_texts if p.is_file()]
    if licence == "OFL-1.1" and not texts:
        raise NoticeError(f"{relative}: no text of its licence was found beside {source}")
    return Item(relative, family, licence, texts, copyright=copyright)


# --- the notices file -------------------------------------------------------------------------------
def _row(item: Item) -> str:
    extra = f"  ({item.copyright})" if item.copyright else ""
    return f"  {item.what}: {item.name}, {item.licence}{extra}"


def _lgpl_paragraph(inv: Inventory) -> list[str]:
    lgpl = [i for i in [*inv.distributions, *inv.libraries] if i.licence in LGPL]
    if not lgpl:
        return []
    names = sorted({i.name for i in lgpl})
    sources = sorted({f"  {i.name}: {i.source}" for i in lgpl})
    return ["Under the GNU Lesser General Public License 2.1: " + ", ".join(names) + ". They are in the app",
            "unmodified, as separate shared libraries (and pygame-ce's Python modules as source files in",
            "_internal/pygame), which hexgames uses only through their interfaces: you may replace any of them",
            "with your own build of a compatible version and the app will use it. Their source code is at:",
            *sources,
            "pygame-ce's source (its release tag on GitHub, buildconfig/manylinux-build) names the exact",
            "version and download of every library its wheel bundles.", ""]


def render(inv: Inventory, version: str, platform: str) -> str:
    """The whole notices text: a list of everything carried, then each licence text once."""
    lines = [f"Third-party software in hexgames {version} ({platform})", "=" * 60, "",
             "hexgames itself is under the MIT licence: LICENSE.txt beside this file. The app also carries the",
             "software below, each under its own licence, whose full texts follow the list. This file was made",
             "by hexgames' build (tools/build_app.py) from what it put into this app.", "",
             *_lgpl_paragraph(inv),
             "Python distributions", *map(_row, inv.distributions), "",
             "The interpreter and the program", *map(_row, inv.programs), "",
             "Extension modules (each under its distribution's licence)", *map(_row, inv.extensions), "",
             "Shared libraries", *map(_row, inv.libraries), "",
             "Fonts", *map(_row, inv.fonts), ""]
    by_text: dict[str, list[Item]] = {}
    for item in inv.items():
        for text in item.texts:
            by_text.setdefault(text.strip(), []).append(item)
    lines += ["", "Licence texts", "=" * 60]
    for text, items in by_text.items():
        names = ", ".join(dict.fromkeys(f"{i.name} ({i.licence})" for i in items))
        holders = [f"{i.name}: {i.copyright}" for i in items if i.copyright]
        lines += ["", "-" * 60, names, *dict.fromkeys(holders), "-" * 60, "", text, ""]
    return "\n".join(lines)


def licence_report(inv: Inventory) -> str:
    """Every shared library (and the extension modules of each distribution) with its licence, one a
    line, as the build prints them."""
    return "\n".join(f"  {i.licence:<34} {i.what} ({i.name})" for i in [*inv.libraries, *inv.extensions])


def write_notices(folder: Path, manifest_path: Path, elf_files: Iterable[Path], version: str, platform: str) -> Inventory:
    """Check everything in the app and write its notices; NoticeError (naming each) if something cannot
    be carried or its licence is unknown."""
    inv = take_inventory(folder, json.loads(manifest_path.read_text(encoding="utf-8")), elf_files)
    refused = inv.not_carried()
    if refused:
        raise NoticeError("hexgames (MIT) cannot carry:\n" + "\n".join(_row(i) for i in refused))
    (folder / NOTICES).write_text(render(inv, version, platform), encoding="utf-8")
    return inv
