"""What the browser's memory snapshots rely on: once ``games`` has been answered, every
module the bridge can reach is imported (docs/BRIDGE.md, "Boot": a restored engine
answers before its files are back in the file system)."""

from __future__ import annotations

import ast
import json
import sys
from pathlib import Path

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
