"""The bot benchmark's logic (bench/bots.py, bench/bots_runner.py) at a tiny size, in
CPython only: the positions, the timed runner and the summary. (In Pyodide the tests run
from a copy of tests/engine, without bench/: skipped there.)"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from celestix import api

BENCH = Path(__file__).resolve().parents[2] / "bench"
pytestmark = pytest.mark.skipif(
    sys.platform == "emscripten" or not (BENCH / "bots.py").exists(),
    reason="the benchmark scripts are not here (Pyodide runs a copy of tests/engine)",
)


def load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"bench_{name}", BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def bots() -> ModuleType:
    pytest.importorskip("playwright")
    return load("bots")


@pytest.fixture(scope="module")
def runner() -> ModuleType:
    return load("bots_runner")


def test_positions_cover_every_phase_and_are_fixed(bots: ModuleType) -> None:
    expected = {
        "precedence": {"declare", "bid", "early tricks", "late tricks"},
        "sabacc": {"bidding", "aside", "early tricks", "late tricks"},
        "patience": {"pass 1 start", "pass 1 end", "pass 2", "pass 3"},
    }
    for game, phases in expected.items():
        positions = bots.positions_of(api, game, 8)
        assert {p["phase"] for p in positions} == phases
        assert len(positions) == 8  # two of each of four phases
        for position in positions:
            assert position["view"]["game"] == game
            assert bots.phase_of(position["view"]) == position["phase"]
            assert position["legal"] >= 1
        again = bots.positions_of(api, game, 8)
        assert json.dumps(again, sort_keys=True) == json.dumps(positions, sort_keys=True)


def test_runner_times_the_facade_and_summary_reads_it(bots: ModuleType, runner: ModuleType) -> None:
    spec: dict[str, Any] = {
        "positions": [p for game in bots.GAMES for p in bots.positions_of(api, game, 4)],
        "levels": {game: ["easy"] for game in bots.GAMES},
        "repeats": 2,
    }
    answer = json.loads(runner.measure_json(json.dumps(spec)))
    for game in bots.GAMES:
        positions = [p for p in spec["positions"] if p["game"] == game]
        times = answer["times"][game]["easy"]
        assert len(times) == len(positions)
        assert all(len(each) == 2 and all(t >= 0 for t in each) for each in times)
        for position, action in zip(positions, answer["actions"][game]["easy"], strict=True):
            assert action == api.bot_action(position["view"], "easy", position["seed"])
    # a second runtime twice as slow, choosing one action differently
    slow = json.loads(json.dumps(answer))
    for game in bots.GAMES:
        slow["times"][game]["easy"] = [
            [2 * t for t in each] for each in answer["times"][game]["easy"]
        ]
    slow["actions"]["patience"]["easy"][0] = {"type": "changed"}
    summary = bots.summarise(spec, {"cpython": answer, "node": slow})
    for game in bots.GAMES:
        row = summary[game]["easy"]
        assert row["cpython"]["all"]["n"] == 4
        assert row["node"]["all"]["median"] == pytest.approx(
            2 * row["cpython"]["all"]["median"], abs=0.02
        )
        same = row["node"]["same_action_as_cpython"]
        assert same == (3 if game == "patience" else 4)
    assert bots.agreement(summary, ["cpython", "node"]) == [
        "patience easy: node chose CPython's action 3/4"
    ]
    text = bots.table(summary, ["cpython", "node"])
    assert len(text.splitlines()) == 2 + len(bots.GAMES)  # the head, the rule, a row a game
    assert "| 2.00 / 2.00 |" in text


def test_percentile_is_the_nearest_rank(bots: ModuleType) -> None:
    values = list(range(1, 101))
    assert bots.percentile(values, 0.95) == 95
    assert bots.percentile(values, 0.5) == 50
    assert bots.percentile([7.0], 0.95) == 7.0
    assert bots.stats([])["n"] == 0
