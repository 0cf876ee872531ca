"""The bot benchmark's logic (bench/bots.py, bench/bots_runner.py) at a tiny size, in
CPython only: the positions, the timed runner and the summary. (In Pyodide the tests run
from a copy of tests/engine, without bench/: skipped there.)"""

from __future__ import annotations

import hashlib
import importlib
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


@pytest.fixture(scope="module")
def bots() -> ModuleType:
    pytest.importorskip("playwright")
    return importlib.import_module("bench.bots")


@pytest.fixture(scope="module")
def runner() -> ModuleType:
    return importlib.import_module("bench.bots_runner")


def test_positions_cover_every_phase_and_are_fixed(bots: ModuleType) -> None:
    expected = {
        "precedence": {"declare", "bid", "early tricks", "late tricks"},
        "sabacc": {"bid", "aside", "early tricks", "late tricks"},
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
    spec = bots.make_spec(api, 4, 2)
    spec["levels"] = {game: ["easy"] for game in bots.GAMES}
    assert json.loads(runner.handle(json.dumps({"op": "load", "spec": spec}))) == {
        game: 4 for game in bots.GAMES
    }
    chunks = bots.chunks_of(spec)
    assert len(chunks) == len(bots.GAMES) and all(c[2:] == (0, 4) for c in chunks)
    answer: dict[str, Any] = {"times": {}, "actions": {}}
    for game, level, start, stop in chunks:
        for part in ((start, 1), (1, stop)):  # in two pieces, as the runtimes take turns
            command = {"op": "chunk", "game": game, "level": level, "start": part[0],
                       "stop": part[1], "repeats": 2}  # fmt: skip
            piece = json.loads(runner.handle(json.dumps(command)))
            answer["times"].setdefault(game, {}).setdefault(level, []).extend(piece["times"])
            answer["actions"].setdefault(game, {}).setdefault(level, []).extend(piece["actions"])
    for game in bots.GAMES:
        positions = [p for p in spec["positions"] if p["game"] == game]
        times = answer["times"][game]["easy"]
        assert len(times) == len(positions)
        assert all(len(each) == 2 and all(t >= 0 for t in each) for each in times)
        for position, action in zip(positions, answer["actions"][game]["easy"], strict=True):
            assert action == api.bot_action(position["view"], "easy", position["seed"])
    info = json.loads(runner.handle(json.dumps({"op": "info"})))
    assert info["levels"]["precedence"] == next(
        g["levels"] for g in api.games() if g["id"] == "precedence"
    )
    # a second runtime twice as slow, choosing one action differently
    slow = json.loads(json.dumps(answer))
    for game in bots.GAMES:
        slow["times"][game]["easy"] = [
            [2 * t for t in each] for each in answer["times"][game]["easy"]
        ]
    slow["actions"]["patience"]["easy"][0] = {"type": "changed"}
    # the slow one got half a processor over its turns: the same processor time
    answer["cpu_share"] = {game: {"easy": 1.0} for game in bots.GAMES}
    slow["cpu_share"] = {game: {"easy": 0.5} for game in bots.GAMES}
    summary = bots.summarise(spec, {"cpython": answer, "node": slow})
    for game in bots.GAMES:
        row = summary[game]["easy"]
        assert row["cpython"]["all"]["n"] == 4
        assert row["node"]["all"]["median"] == pytest.approx(
            2 * row["cpython"]["all"]["median"], abs=0.02
        )
        assert row["node"]["cpu_estimate"]["median"] == pytest.approx(
            row["cpython"]["cpu_estimate"]["median"], abs=0.02
        )
        same = row["node"]["same_action_as_cpython"]
        assert same == (3 if game == "patience" else 4)
    assert bots.agreement(summary, ["cpython", "node"]) == [
        "patience easy: node chose CPython's action 3/4"
    ]
    assert "| 1.00 / 1.00 |" in bots.cpu_table(summary, ["cpython", "node"])
    text = bots.table(summary, ["cpython", "node"])
    assert len(text.splitlines()) == 2 + len(bots.GAMES)  # the head, the rule, a row a game
    assert "| 2.00 / 2.00 |" in text


def test_percentile_is_the_nearest_rank(bots: ModuleType) -> None:
    values = list(range(1, 101))
    assert bots.percentile(values, 0.95) == 95
    assert bots.percentile(values, 0.5) == 50
    assert bots.percentile([7.0], 0.95) == 7.0
    assert bots.stats([])["n"] == 0


def test_the_review_benchmark_times_the_review_the_page_runs(runner: ModuleType) -> None:
    review = importlib.import_module("bench.review")
    [record] = review.records_of(api, "patience", 1)
    assert record["seed"] == 1 and api.replay(record)["over"]
    timed = json.loads(runner.handle(json.dumps(
        {"op": "review", "record": record, "seat": 0, "level": "normal", "seed": 1}
    )))  # fmt: skip
    whole = api.review(record, 0, "normal", 1)
    assert timed["review"] == whole
    assert timed["steps"] >= 1 and timed["ms"] >= timed["longest_ms"] > 0
    text = json.dumps(whole, sort_keys=True)
    assert timed["digest"] == hashlib.sha256(text.encode()).hexdigest()
    # a Sabacc round nobody declared is skipped
    assert review.played(api, "sabacc", 1) is None
