"""The one runner of bot games (celestix.runner) and the statistics module."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from celestix import api, runner
from celestix.rng import MAX_SEED, mix64
from celestix.stats import (
    deals_won,
    decision_times,
    interval,
    mean_ci,
    percentile,
    timing,
    wilson,
)


def test_the_bot_seed_formula() -> None:
    assert runner.bot_seed(7, 3) == mix64(7 ^ mix64(3)) >> 11
    seeds = {runner.bot_seed(key, step) for key in range(20) for step in range(50)}
    assert len(seeds) == 1000 and max(seeds) <= MAX_SEED


@pytest.mark.parametrize(
    ("game", "levels", "options"),
    [
        ("precedence", ["basic", "random"] * 2, {"target": 150}),
        ("sabacc", ["basic", "random", "basic"], {"players": 3}),
        ("patience", ["easy"], {}),
    ],
)
def test_a_game_is_the_same_through_the_rules_and_through_the_facade(
    game: str, levels: list[str], options: dict[str, object]
) -> None:
    seen: list[tuple[int, dict[str, object]]] = []
    fast = runner.play(game, levels, options, 5, audit=True,
                       observe=lambda step: seen.append((step.seat, step.action)))  # fmt: skip
    checked = runner.play(game, levels, options, 5, checked=True)
    assert fast.finished and checked.finished
    assert fast.state == checked.state and fast.actions == checked.actions == len(seen)


def test_bots_draw_the_formulas_seeds() -> None:
    steps: list[runner.Step] = []
    played = runner.play("sabacc", ["random"] * 4, {"players": 4}, 9, key=123,
                         observe=steps.append, until=lambda step: len(steps) == 6)  # fmt: skip
    assert played.actions == 6 and not played.finished
    for number, step in enumerate(steps):
        seed = runner.bot_seed(123, number)
        assert step.action == api.bot_action(step.view, "random", seed)
        assert step.ms >= 0


def test_max_hands_stops_a_game_between_hands() -> None:
    played = runner.play("precedence", ["basic"] * 4, {}, 2, max_hands=2)
    assert not played.finished
    assert played.state["hand_number"] == 2 and len(played.state["history"]) == 2


def test_jobs_run_in_order_without_processes() -> None:
    seen: list[int] = []
    results, workers = runner.run_jobs(abs, [-3, 1, -2], 1, lambda done, n: seen.append(len(done)))
    assert (results, workers, seen) == ([3, 1, 2], 1, [1, 2, 3])


def test_a_log_keeps_each_result_and_is_taken_up_again(tmp_path: Path) -> None:
    log = str(tmp_path / "results.jsonl")
    ran: list[int] = []

    def square(job: int) -> int:
        ran.append(job)
        return job * job

    assert runner.run_jobs(square, [3, 1, 2], 1, log=log) == ([9, 1, 4], 1)
    assert ran == [3, 1, 2]
    with open(log, encoding="utf-8") as lines:
        assert [json.loads(line) for line in lines] == [
            {"job": 3, "result": 9}, {"job": 1, "result": 1}, {"job": 2, "result": 4}
        ]  # fmt: skip
    # taken up again with more jobs: only the new ones run, the results come in order
    assert runner.run_jobs(square, [1, 5, 3, 2], 1, log=log)[0] == [1, 25, 9, 4]
    assert ran == [3, 1, 2, 5]


def test_statistics() -> None:
    mean, half = mean_ci([1.0, 0.0, 1.0, 0.0])
    assert mean == 0.5 and half == pytest.approx(1.959963984540054 * math.sqrt(1 / 3 / 4))
    assert mean_ci([2.0])[1] == math.inf and interval(0.5, math.inf, 1, ".1f") == "95% CI n/a"
    assert interval(0.5, 0.1, 100, ".1f", "%") == "95% CI 40.0% to 60.0%"
    low, high = wilson(115, 200)
    assert (round(100 * low, 1), round(100 * high, 1)) == (50.6, 64.1)  # docs/BOTS.md, patience
    assert wilson(0, 0) == (0.0, 1.0)
    values = [float(v) for v in range(1, 101)]
    assert (percentile(values, 0.5), percentile(values, 0.95), percentile([], 0.5)) == (
        50.0, 95.0, 0.0
    )  # fmt: skip
    assert timing("play", [1.0, 2.0]) == "play: n 2, median 1.0, p95 2.0, max 2.0"
    assert timing("bid", []) == "bid: none"
    assert deals_won([3, 0, -1, 2]).startswith("A wins 62.5% of deals (95% CI ")
    assert deals_won([3, 0, -1, 2]).endswith("): 2 won, 1 tied, 1 lost")
    results = [{"times": {"a": {"bid": [1.0], "play": [3.0, 2.0]}}}, {"times": {"a": {}}}]
    assert decision_times(results, "a", "easy", ("bid", "aside", "play")) == (
        "CPU ms per decision, A (easy): all: n 3, median 2.0, p95 3.0, max 3.0; "
        "bid: n 1, median 1.0, p95 1.0, max 1.0; play: n 2, median 2.0, p95 3.0, max 3.0"
    )
