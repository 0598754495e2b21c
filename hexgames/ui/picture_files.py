"""PNG files of pictures for pygame_gui's text boxes, which show an `<img>` only from a file: the rules'
example positions (ui/pictures.py) and tables (ui/table_image.py).

They live in the player's own cache folder (platformdirs' user cache; `HEXGAMES_CACHE_DIR` overrides it,
as tests do), never under a fixed name in the shared temporary folder, where another user's file of the
same name is refused to us (Permission denied) or, planted there, shown to us as ours. Each folder on
the way is the player's own and private (0700; one that belongs to someone else is refused), each file
is written whole under a temporary name readable by its owner alone and then renamed into place, and a
file is named by its own pixels: a name always means the same picture, across versions, languages and
window sizes, so a file already there is the picture asked for.
"""
from __future__ import annotations

import hashlib
import io
import os
import stat
from pathlib import Path

import pygame

from hexgames.core import files

PRIVATE = 0o700
_tidied: set[Path] = set()  # folders whose leftovers of killed writes were removed in this process


def cache_location() -> Path:
    """The player's cache folder for hexgames, without creating it."""
    override = os.environ.get("HEXGAMES_CACHE_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_cache_dir("hexgames", appauthor=False))


def private_folder(folder: Path) -> Path:
    """`folder`, created if missing, as the player's own with no access for anyone else; OSError if it
    is not a folder (a link, a file) or belongs to another user."""
    folder.mkdir(mode=PRIVATE, parents=True, exist_ok=True)
    info = folder.lstat()
    if not stat.S_ISDIR(info.st_mode):
        raise NotADirectoryError(f"{folder} is not a folder")
    if hasattr(os, "getuid") and info.st_uid != os.getuid():
        raise PermissionError(f"{folder} belongs to another user")
    if stat.S_IMODE(info.st_mode) != PRIVATE:
        os.chmod(folder, PRIVATE)
    return folder


def png_file(kind: str, image: pygame.Surface) -> Path:
    """The PNG of `image` in the cache's `kind` folder, written now unless it is there already.
    Raises OSError when the cache cannot be made or written (the caller shows the text without it)."""
    folder = private_folder(private_folder(cache_location()) / kind)
    if folder not in _tidied:
        files.remove_leftovers(folder)
        _tidied.add(folder)
    width, height = image.get_size()
    digest = hashlib.sha256(f"{width}x{height}:".encode() + pygame.image.tobytes(image, "RGBA")).hexdigest()
    path = folder / f"{digest[:32]}.png"
    if not path.is_file():
        buffer = io.BytesIO()
        pygame.image.save(image, buffer, "picture.png")
        files.write_atomic(path, buffer.getvalue())
    return path
