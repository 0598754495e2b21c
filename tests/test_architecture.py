"""The boundaries of DESIGN.md. The layers are contracts for import-linter in pyproject.toml
(`[tool.importlinter]`: core imports nothing above it; rules, AI, table and net import no pygame; rules
know no players; the five games are independent; the UI imports no game and not the app, not even
for type hints; screens live under ui; a game's layout is pure and its rooms are layered), run here
by `lint-imports`. What a contract cannot say is checked by hand below: everything pure really loads
without pygame (the registry and the engines as they are loaded, by name too), the games take only
the `App` name of the app (import-linter sees modules, not names), nothing reads a private attribute
of the app, and no module takes another's private names."""
import ast
import subprocess
import sys
from pathlib import Path

PKG = Path(__file__).resolve().parent.parent / "hexgames"
TESTS = PKG.parent / "tests"


def test_the_layer_contracts_hold():
    """`lint-imports` keeps every contract of pyproject.toml; a broken one fails with its import chain."""
    lint = Path(sys.executable).with_name("lint-imports")
    out = subprocess.run([str(lint) if lint.exists() else "lint-imports", "--no-cache"], capture_output=True,
                         text=True, cwd=PKG.parent, timeout=300)
    assert out.returncode == 0 and " 0 broken" in out.stdout, out.stdout + out.stderr


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


def _modules(*folders: Path) -> list[Path]:
    return sorted(p for folder in folders for p in folder.rglob("*.py") if ".venv" not in p.parts)


def test_nothing_on_screen_reads_the_app_s_privates():
    """Neither the game scenes nor the UI touch a private attribute of the app (`app._x`): what they
    need is public API, named by ui/shell.py's protocols (that they import no hexgames.app at all is a
    contract)."""
    modules = sorted([*PKG.glob("ui/*.py"), *PKG.glob("games/*/*.py")])
    assert len(modules) >= 20
    offenders = []
    for path in modules:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__")
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
