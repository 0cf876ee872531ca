"""build.py's command line (tools/cli.py) takes every command the README shows."""

from __future__ import annotations

import re
import shlex

import pytest

from tools.cli import COMMANDS, parse_args
from tools.common import ROOT

README_COMMANDS = [
    shlex.split(line.split("#")[0])[2:]
    for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    if re.match(r"python3 build\.py \w", line)
]


def test_the_readme_shows_each_command() -> None:
    assert {argv[0] for argv in README_COMMANDS} == set(COMMANDS)


@pytest.mark.parametrize("argv", README_COMMANDS, ids=" ".join)
def test_the_readme_commands_parse(argv: list[str]) -> None:
    args = parse_args(argv)
    assert args.command == argv[0]
    if "--" in argv:
        assert args.pytest_args == argv[argv.index("--") + 1 :]


def test_options_reach_their_commands() -> None:
    args = parse_args(["test", "--layer", "engine", "--layer", "pyodide", "--", "-k", "x", "-x"])
    assert args.layer == ["engine", "pyodide"] and args.pytest_args == ["-k", "x", "-x"]
    assert parse_args(["serve", "--port", "0"]).port == 0
    assert parse_args(["serve"]).port == 8000
    bench = parse_args(["bench", "startup", "--runs", "7"])
    assert (bench.name, bench.runs) == ("startup", 7)
    with pytest.raises(SystemExit):
        parse_args(["test", "--layer", "nonsense"])
