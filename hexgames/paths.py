"""Where the app's own files live.

Installed (wheel, pipx, `pip install -e .`), the `assets/` folder is the package `hexgames.assets`
(see setup.py) and is found with `importlib.resources`, wherever site-packages is. Run from a checkout
without installing (`python main.py` in the repository), that package is not importable, and the
top-level `assets/` folder beside `hexgames/` is used instead. The desktop app (tools/build_app.py)
has the same layout: `assets/` beside the `hexgames` package in its `_internal` folder.
"""
from __future__ import annotations

from importlib import resources
from pathlib import Path

SOURCE_ASSETS = Path(__file__).resolve().parent.parent / "assets"


def _find_assets() -> Path:
    """The folder holding theme.json, translations/, rules/, ... as a real path (pygame_gui needs one)."""
    try:
        found = resources.files("hexgames.assets")
    except ModuleNotFoundError:
        return SOURCE_ASSETS
    path = Path(str(found))
    return path if (path / "theme.json").is_file() else SOURCE_ASSETS


ASSETS = _find_assets()
TRANSLATIONS = ASSETS / "translations"
RULES_HELP = ASSETS / "rules"
