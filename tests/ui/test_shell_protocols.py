"""The screens name what they use of the app by the protocols of `ui/shell.py` (`Words`, `Drawing`,
`Shell`), never by `hexgames.app.App`: the app must have every member they declare, and they must
declare every member a screen or a game reads of the app (`app.x`, `self.app.x`), so a type hint
never lies about what a part reaches."""
from __future__ import annotations

import ast
import inspect
from pathlib import Path

from hexgames.app import App
from hexgames.ui import shell

PKG = Path(__file__).resolve().parents[2] / "hexgames"


def members(protocol: type) -> set[str]:
    """The names a protocol declares, its bases' included (annotations, methods, properties)."""
    found: set[str] = set()
    for cls in protocol.__mro__:
        if cls in (object,) or cls.__module__ != shell.__name__:
            continue
        found |= set(cls.__dict__.get("__annotations__", {}))
        found |= {name for name, value in vars(cls).items()
                  if not name.startswith("_") and (inspect.isfunction(value) or isinstance(value, property))}
    return found


def app_reads(path: Path) -> set[str]:
    """What a module reads of the app: `app.x` and `<anything>.app.x`."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Attribute):
            owner = node.value
            if (isinstance(owner, ast.Name) and owner.id == "app") or (
                    isinstance(owner, ast.Attribute) and owner.attr == "app"):
                found.add(node.attr)
    return found


def test_each_protocol_adds_to_the_one_below():
    assert members(shell.Words) < members(shell.Drawing) < members(shell.Shell)
    assert {"tr", "tr_reason", "join"} <= members(shell.Words)


def test_the_app_has_all_a_screen_may_ask_for(app):
    missing = {name for name in members(shell.Shell) if name not in dir(app)}  # dir: no property is run
    assert missing == set()
    assert isinstance(app, App)


def test_the_protocols_declare_all_a_screen_or_a_game_reads_of_the_app():
    modules = [*PKG.glob("ui/*.py"), *PKG.glob("games/*/*.py")]
    assert len(modules) > 40
    undeclared = {f"{path.relative_to(PKG)}: app.{name}" for path in modules
                  for name in app_reads(path) - members(shell.Shell)}
    assert undeclared == set()


def test_a_read_the_protocols_do_not_declare_is_caught(tmp_path):
    sneaky = tmp_path / "sneaky.py"
    sneaky.write_text("def draw(scene):\n    return scene.app.windowed_size, scene.app.font(12)\n", encoding="utf-8")
    assert app_reads(sneaky) - members(shell.Shell) == {"windowed_size"}
