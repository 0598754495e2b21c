"""The boundaries of DESIGN.md: rules, core and AI never depend on pygame, so they run headless, fast
and in AI worker processes; the engine (core) depends on nothing above it, not even the game registry;
the UI reaches the app only through `App`; and no module takes another's private names."""
import ast
import subprocess
import sys
from pathlib import Path

PKG = Path(__file__).resolve().parent.parent / "hexgames"
PURE = sorted([*PKG.glob("core/*.py"), *PKG.glob("ai/*.py"), *PKG.glob("games/*/rules.py"),
               *PKG.glob("games/*/ai.py"), *PKG.glob("games/*/map.py"), PKG / "games/__init__.py",
               *PKG.glob("games/*/__init__.py"), PKG / "table.py", PKG / "tutorials.py", *PKG.glob("net/*.py")])
TESTS = PKG.parent / "tests"


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_pure_modules_do_not_import_pygame():
    assert len(PURE) >= 10
    offenders = [str(p.relative_to(PKG)) for p in PURE if {"pygame", "pygame_gui"} & _imports(p)]
    assert offenders == []


def test_the_registry_and_every_engine_load_without_pygame():
    code = ("import sys, random\n"
            "from hexgames import games, arena, bench\n"
            "from hexgames.ai import agents, search, worker\n"
            "from hexgames.net import bench as net_bench, client, frames, privacy, room, server, store, views\n"
            "for g in games.registered():\n"
            "    s = g.rules.setup(g.resolve_options({}, g.max_seats), g.max_seats, 1)\n"
            "    g.rules.legal_moves(s)\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('pygame', 'pygame_gui')))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=PKG.parent)
    assert out.stdout.strip() == "[]"


def _hexgames_imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("hexgames"):
            names.update(f"{node.module}.{a.name}" for a in node.names)
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(a.name for a in node.names if a.name.startswith("hexgames"))
    return names


def test_rules_know_no_players():
    """A game's rules import nothing of any AI: no heuristics, beliefs or search (DESIGN.md)."""
    rules_files = sorted(PKG.glob("games/*/rules.py"))
    assert len(rules_files) >= 2
    ai_words = ("ai", "heuristics", "beliefs", "search", "agents")
    offenders = {str(p.relative_to(PKG)): sorted(n for n in _hexgames_imports(p)
                                                if set(n.split(".")) & set(ai_words))
                 for p in rules_files}
    assert {k: v for k, v in offenders.items() if v} == {}


def _modules(*folders: Path) -> list[Path]:
    return sorted(p for folder in folders for p in folder.rglob("*.py") if ".venv" not in p.parts)


def test_the_engine_imports_nothing_above_it():
    """core is the engine: a Match is made from a `GameInfo`, never looked up by id, so core imports
    neither the registry (hexgames.games) nor the table, the UI or the app: only itself."""
    core = sorted(PKG.glob("core/*.py"))
    assert len(core) >= 8
    offenders = {str(p.relative_to(PKG)): sorted(n for n in _hexgames_imports(p)
                                                if n != "hexgames.core" and not n.startswith("hexgames.core."))
                 for p in core}
    assert {k: v for k, v in offenders.items() if v} == {}


def test_the_ui_reaches_the_app_only_through_app():
    """The shared UI and the game scenes import nothing of hexgames.app but the `App` class (for type
    hints), and touch no private attribute of the app (`app._x`): what they need is public API."""
    modules = sorted([*PKG.glob("ui/*.py"), *PKG.glob("games/*/*.py")])
    assert len(modules) >= 20
    offenders = []
    for path in modules:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module == "hexgames.app":
                offenders += [f"{path.relative_to(PKG)}: {a.name}" for a in node.names if a.name != "App"]
            elif isinstance(node, ast.ImportFrom) and node.module == "hexgames":
                offenders += [f"{path.relative_to(PKG)}: hexgames.app" for a in node.names if a.name == "app"]
            elif isinstance(node, ast.Import):
                offenders += [f"{path.relative_to(PKG)}: {a.name}" for a in node.names if a.name == "hexgames.app"]
            elif (isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__")
                  and (isinstance(node.value, ast.Name) and node.value.id == "app"
                       or isinstance(node.value, ast.Attribute) and node.value.attr == "app")):
                offenders.append(f"{path.relative_to(PKG)}:{node.lineno}: app.{node.attr}")
    assert offenders == []


def test_no_module_imports_another_s_private_names():
    """`from m import _name` reaches into m's internals: whatever another module needs is public."""
    offenders = []
    for path in _modules(PKG, TESTS):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module != "__future__":
                offenders += [f"{path.relative_to(PKG.parent)}:{node.lineno}: {node.module}.{a.name}"
                              for a in node.names if a.name.startswith("_") and not a.name.startswith("__")]
    assert offenders == []
