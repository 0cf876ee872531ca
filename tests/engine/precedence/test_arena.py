"""The arena: duplicate deals between two levels, and its report (in one process here)."""

from __future__ import annotations

import argparse
from typing import Any

from celestix.cli.precedence import arena, arena_deal, arena_report


def run(a: str, b: str, deals: int, **options: Any) -> tuple[int, list[str]]:
    lines: list[str] = []
    args = argparse.Namespace(a=a, b=b, deals=deals, workers=1, seed=7)
    status = arena(args, options, lines.append)
    return status, lines


def test_a_level_against_itself_ties_every_deal() -> None:
    # easy and basic are the same player: each deal's two plays mirror each other
    status, lines = run("easy", "basic", 3)
    assert status == 0
    assert "A wins 50.0% of deals" in lines[2] and "0 won, 3 tied, 0 lost" in lines[2]
    assert "Points per hand, A less B: +0.00" in lines[3]


def test_each_deal_is_played_twice_with_the_sides_swapped() -> None:
    result = arena_deal((12, "easy", "random", {}))
    assert len(result["plays"]) == 2
    for play in result["plays"]:
        assert set(play) == {"points", "raw", "made"}
    # both sides decided in both plays, in every phase
    assert set(result["times"]["a"]) == set(result["times"]["b"]) == {"declare", "bid", "play"}
    assert sum(len(t) for t in result["times"]["a"].values()) == 2 * 2 * 15


def test_the_report_counts_wins_ties_and_contracts() -> None:
    plays_won = [{"points": [30, -10], "raw": [30, -10], "made": [True, False]}] * 2
    plays_tied = [
        {"points": [10, 0], "raw": [10, 0], "made": [True, True]},
        {"points": [0, 10], "raw": [0, 10], "made": [False, True]},
    ]
    times = {"a": {"play": [1.0, 3.0]}, "b": {"play": [2.0]}}
    results = [
        {"seed": 1, "plays": plays_won, "times": times},
        {"seed": 2, "plays": plays_tied, "times": times},
    ]
    lines = arena_report("normal", "easy", results, {}, 1, 1, 1.0)
    assert "A wins 75.0% of deals" in lines[2] and "1 won, 1 tied, 0 lost" in lines[2]
    assert "Points per hand, A less B: +20.00" in lines[3]  # (80 + 0) / 2 deals / 2 hands
    assert "Contracts made: A 75.0%, B 50.0% of 4 hands each" in lines[4]
    assert "A (normal): all: n 4, median 1.0, p95 3.0" in lines[5]


def test_unknown_levels_and_bad_counts_are_refused() -> None:
    assert run("grandmaster", "easy", 1)[0] == 2
    assert run("normal+work=lots", "easy", 1)[0] == 2
    assert run("easy", "easy", 0)[0] == 2


def test_a_changed_budget_plays() -> None:
    status, lines = run("normal+work=20+min_samples=1+bid_samples=2+declare_samples=1", "easy", 1)
    assert status == 0 and "A (normal+work=20" in lines[5]
