"""The rules' pictures and tables are files pygame_gui loads: they live in the player's own private cache
folder (ui/picture_files.py), never under fixed names in the shared temporary folder, where another
user's files would be refused to us or shown to us as ours."""
from __future__ import annotations

import re
import stat
import tempfile
from pathlib import Path

import pygame

from hexgames import games
from hexgames.ui import picture_files
from hexgames.ui.rules_help import RulesHelpScene


def _images(html: str) -> list[Path]:
    return [Path(src) for src in re.findall(r'<img src="([^"]+)"', html)]


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_two_players_caches_each_hold_their_own_private_pictures(app, tmp_path, monkeypatch):
    """Two players on one computer (two cache folders): each gets the rules' pictures and table in a
    folder only they can read, written whole, and neither sees the other's."""
    shown = {}
    for player in ("ann", "bob"):
        cache = tmp_path / player / "cache"
        monkeypatch.setenv("HEXGAMES_CACHE_DIR", str(cache))
        images = _images(RulesHelpScene(app, games.get("clans")).html())
        assert any(p.parent.name == "tables" for p in images) and any(p.parent.name == "pictures" for p in images)
        for path in images:
            assert path.is_relative_to(cache), path
            assert pygame.image.load(str(path)).get_width() > 100
            assert _mode(path) & 0o077 == 0, f"{path} is readable by others"
        assert {_mode(folder) for folder in (cache, cache / "pictures", cache / "tables")} == {0o700}
        assert not [p for p in cache.rglob("*.tmp")], "a temporary file was left behind"
        shown[player] = images
    assert [p.name for p in shown["ann"]] == [p.name for p in shown["bob"]]  # the same pictures, each their own


def test_files_planted_where_the_shared_temporary_folder_held_them_are_never_used(app, tmp_path, monkeypatch):
    """A stranger's file where the old fixed names were (/tmp/hexgames-tables, /tmp/hexgames-pictures)
    neither crashes the rules screen nor gets shown."""
    shared = tmp_path / "shared-tmp"
    shared.mkdir()
    (shared / "hexgames-tables").write_text("not a folder")  # the old code's mkdir failed on this
    planted = shared / "hexgames-pictures"
    planted.mkdir()
    (planted / "anything.png").write_bytes(b"\x89PNG\r\n\x1a\n a stranger's picture")
    monkeypatch.setattr(tempfile, "tempdir", str(shared))

    images = _images(RulesHelpScene(app, games.get("clans")).html())
    assert images and not [p for p in images if p.is_relative_to(shared)]
    assert {p.name for p in planted.iterdir()} == {"anything.png"}


def test_a_cache_folder_open_to_others_is_made_private_and_one_that_cannot_be_used_leaves_text(
        app, tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    cache.mkdir(mode=0o777)
    cache.chmod(0o777)
    monkeypatch.setenv("HEXGAMES_CACHE_DIR", str(cache))
    assert picture_files.png_file("tables", pygame.Surface((4, 4))).is_relative_to(cache)
    assert _mode(cache) == 0o700

    blocked = tmp_path / "a-file"
    blocked.write_text("a file where the cache folder should be")
    monkeypatch.setenv("HEXGAMES_CACHE_DIR", str(blocked))
    html = RulesHelpScene(app, games.get("clans")).html()
    assert "<img" not in html and "forest +1" in html  # the epoch table is there as text, and all the words


def test_a_picture_is_named_by_its_pixels():
    red, blue = pygame.Surface((5, 3)), pygame.Surface((5, 3))
    red.fill((200, 0, 0))
    blue.fill((0, 0, 200))
    first = picture_files.png_file("pictures", red)
    assert picture_files.png_file("pictures", red.copy()) == first
    assert picture_files.png_file("pictures", blue) != first
    assert pygame.image.load(str(first)).get_at((2, 1))[:3] == (200, 0, 0)
