"""What the browser's memory snapshots rely on: once ``games`` has been answered, every
module the bridge can reach is imported (docs/BRIDGE.md, "Boot": a restored engine
answers before its files are back in the file system)."""

from __future__ import annotations

import ast
import json
import sys
import tomllib
from pathlib import Path

import pytest

import celestix
from celestix.bridge import handle
from celestix.registry import GAME_MODULES

PACKAGE = Path(celestix.__file__).parent
# The terminal clients are never reached through the bridge
OUTSIDE_THE_BRIDGE = ("cli", "__main__.py")


def bridge_modules() -> list[Path]:
    """The engine's source files that the bridge can reach."""
    return [
        path
        for path in sorted(PACKAGE.rglob("*.py"))
        if path.relative_to(PACKAGE).parts[0] not in OUTSIDE_THE_BRIDGE
    ]


def imports_inside_functions(path: Path, root: Path = PACKAGE) -> list[str]:
    """``file:line`` (relative to ``root``) of each import statement that is not at the
    module's top level."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top_level = {id(node) for node in tree.body}
    top_level |= {  # (imports under `if TYPE_CHECKING:` at the top are top-level too)
        id(child) for node in tree.body if isinstance(node, ast.If) for child in node.body
    }
    return [
        f"{path.relative_to(root)}:{node.lineno}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom) and id(node) not in top_level
    ]


def test_the_engine_imports_only_at_the_top_of_its_modules() -> None:
    modules = bridge_modules()
    assert len(modules) > 30
    late = [where for path in modules for where in imports_inside_functions(path)]
    assert late == []


def test_games_imports_every_game() -> None:
    assert json.loads(handle("games", "null"))["ok"] is True
    for module in GAME_MODULES.values():
        assert module in sys.modules, module


def test_the_check_sees_an_import_in_a_function(tmp_path: Path) -> None:
    source = tmp_path / "late.py"
    source.write_text("import json\n\n\ndef f():\n    import secrets\n    return secrets\n")
    assert imports_inside_functions(source, tmp_path) == ["late.py:5"]


# What a game package (and the layers the games share) may not import: the facade
# wraps the games, and the runner and the terminal drive them from outside.
ABOVE_THE_GAMES = ("celestix.api", "celestix.runner", "celestix.cli", "celestix.bridge")
BELOW_THE_FACADE = sorted(
    {module.split(".")[1] for module in GAME_MODULES.values()} | {"table", "bots", "review"}
)


def imported_modules(path: Path) -> list[str]:
    """The modules ``path`` imports (``from a import b`` counts as ``a`` and ``a.b``)."""
    names = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.append(node.module)
            names.extend(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def upward_imports(package: Path, root: Path = PACKAGE) -> list[str]:
    """``file: module`` (relative to ``root``) for each import of a module above the games."""
    return [
        f"{path.relative_to(root)}: {name}"
        for path in sorted(package.rglob("*.py"))
        for name in imported_modules(path)
        if any(name == above or name.startswith(f"{above}.") for above in ABOVE_THE_GAMES)
    ]


@pytest.mark.parametrize("package", BELOW_THE_FACADE)
def test_no_game_package_imports_the_facade(package: str) -> None:
    assert (PACKAGE / package).is_dir()
    assert upward_imports(PACKAGE / package) == []


def test_the_check_sees_a_game_importing_the_facade(tmp_path: Path) -> None:
    (tmp_path / "game.py").write_text("from celestix import api\nimport celestix.runner\n")
    (tmp_path / "fine.py").write_text("from celestix import rng\nimport celestix.apiary\n")
    assert upward_imports(tmp_path, tmp_path) == [
        "game.py: celestix.api", "game.py: celestix.runner"
    ]  # fmt: skip


# What the page's wheel leaves out (pyproject.toml; tools/wheel.py), as module names
PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"
OUTSIDE_THE_PAGE = [
    name.removesuffix(".py").replace("/", ".")
    for name in tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["tool"]["celestix"][
        "outside-the-page"
    ]
]


def page_imports_of_the_left_out(root: Path, left_out: list[str]) -> list[str]:
    """``file: module`` for each import, by a module the page loads, of one it leaves out."""
    package = root.name

    def left(name: str) -> bool:
        return any(name == out or name.startswith(f"{out}.") for out in left_out)

    return [
        f"{path.relative_to(root)}: {name}"
        for path in sorted(root.rglob("*.py"))
        if not left(".".join((package, *path.relative_to(root).with_suffix("").parts)))
        for name in imported_modules(path)
        if left(name)
    ]


def test_no_module_the_page_loads_imports_what_its_wheel_leaves_out() -> None:
    assert "celestix.runner" in OUTSIDE_THE_PAGE and "celestix.cli" in OUTSIDE_THE_PAGE
    assert page_imports_of_the_left_out(PACKAGE, OUTSIDE_THE_PAGE) == []


def test_the_check_sees_a_page_module_importing_the_runner(tmp_path: Path) -> None:
    root = tmp_path / "celestix"
    (root / "cli").mkdir(parents=True)
    (root / "api.py").write_text("from celestix import runner\n")
    (root / "runner.py").write_text("from celestix import stats\n")
    (root / "cli" / "game.py").write_text("from celestix.runner import play\n")
    assert page_imports_of_the_left_out(
        root, ["celestix.runner", "celestix.stats", "celestix.cli"]
    ) == ["api.py: celestix.runner"]
