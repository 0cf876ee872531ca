"""The page's engine wheel leaves out what drives the engine from outside (tools/wheel.py)."""

from __future__ import annotations

from tools.common import ENGINE
from tools.wheel import engine_sources, outside_the_page, without_scripts


def test_the_page_wheel_leaves_out_the_terminal_the_runner_and_the_statistics() -> None:
    left_out = outside_the_page()
    assert {path.relative_to(ENGINE).as_posix() for path in left_out} >= {
        "celestix/cli", "celestix/runner.py", "celestix/stats.py", "celestix/__main__.py"
    }  # fmt: skip
    sources = engine_sources()
    assert not [p for p in sources if any(p == out or out in p.parents for out in left_out)]
    names = {p.relative_to(ENGINE).as_posix() for p in sources if ENGINE in p.parents}
    assert {"celestix/api.py", "celestix/bridge.py", "celestix/registry.py"} <= names


def test_without_scripts_drops_only_the_scripts_table() -> None:
    text = '[project]\nname = "x"\n\n[project.scripts]\nx = "x.__main__:main"\n\n[tool.a]\nb = 1\n'
    assert without_scripts(text) == '[project]\nname = "x"\n\n[tool.a]\nb = 1\n'
