"""Where the app's own files live (assets/ sits beside the package in the source tree)."""
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"
TRANSLATIONS = ASSETS / "translations"
RULES_HELP = ASSETS / "rules"
