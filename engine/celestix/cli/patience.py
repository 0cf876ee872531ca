"""The patience in the terminal: ``simulate`` and ``arena`` (measurements of the bots).

``python -m celestix simulate patience --level strong --deals N [--seed S] [--workers W]
[--solver] [--budget B]`` plays deals ``S`` to ``S + N - 1`` with one bot level and
prints the win rate with its 95% confidence interval and the milliseconds per decision
(median, p95); with ``--solver`` it also solves every deal's opening position with the
real stock order (budget ``B`` nodes) and prints the share decided, winnable and lost
and the solver's milliseconds.

``python -m celestix arena patience --a strong --b easy --deals N`` plays the same deals
with both levels and prints both win rates, the paired difference with its 95%
confidence interval, and the milliseconds per decision of each.

Deals are played in parallel processes (``--workers``, default: the number of CPUs).
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable
from typing import cast

from celestix import api, runner
from celestix.patience.bots import LEVELS
from celestix.patience.solver import DEFAULT_BUDGET, LOST, WON, solve_state
from celestix.patience.state import State
from celestix.shape import JsonDict
from celestix.stats import interval, mean_ci, percentile, wilson

COMMANDS = ("simulate", "arena")


def add_arguments(command: str, parser: argparse.ArgumentParser) -> None:
    """The arguments of ``command`` for the patience."""
    parser.add_argument("--deals", type=int, default=100, help="how many deals")
    parser.add_argument("--seed", type=int, default=1, help="the first deal number")
    parser.add_argument("--workers", type=int, default=None, help="processes (default: CPUs)")
    parser.add_argument("--start", default="king", choices=("king", "no-king"), help="the start")
    if command == "arena":
        parser.add_argument("--a", default="strong", choices=LEVELS, help="first level")
        parser.add_argument("--b", default="easy", choices=LEVELS, help="second level")
    else:
        parser.add_argument("--level", default="strong", choices=LEVELS, help="bot level")
        parser.add_argument("--solver", action="store_true", help="also solve every deal")
        parser.add_argument(
            "--budget", type=int, default=DEFAULT_BUDGET, help="solver nodes per deal"
        )


def run(command: str, args: argparse.Namespace, write: Callable[[str], None] = print) -> int:
    """Run ``command``; the exit status."""
    levels = [args.a, args.b] if command == "arena" else [args.level]
    jobs = [
        (seed, level, args.start, bool(getattr(args, "solver", False)) and not i, args.budget)
        if command == "simulate"
        else (seed, level, args.start, False, 0)
        for seed in range(args.seed, args.seed + args.deals)
        for i, level in enumerate(levels)
    ]
    started = time.perf_counter()
    results, _ = runner.run_jobs(play_deal, jobs, args.workers or os.cpu_count() or 1)
    elapsed = time.perf_counter() - started
    by_level = {level: [r for r in results if r["level"] == level] for level in levels}
    write(f"{args.deals} deals from {args.seed}, start {args.start}, {elapsed:.0f} s")
    for level in levels:
        write(level_report(level, by_level[level]))
    if command == "arena":
        write(paired_report(args.a, args.b, by_level[args.a], by_level[args.b]))
    elif args.solver:
        write(solver_report(results, args.budget))
    return 0


def play_deal(job: tuple[int, str, str, bool, int]) -> JsonDict:
    """One deal played by one level: the result, the decision times, the solver's answer."""
    deal, level, start, solve, budget = job
    state = api.new_game("patience", {"start": start}, seed=deal)
    out: JsonDict = {"deal": deal, "level": level}
    if solve:
        started = time.perf_counter()
        solution = solve_state(cast(State, state), budget)  # (a new patience state)
        out["solver"] = {
            "status": solution.status,
            "ms": 1000 * (time.perf_counter() - started),
            "nodes": solution.nodes,
        }
    times: list[float] = []
    state = runner.play("patience", [level], {"start": start}, deal, checked=True,
                        observe=lambda step: times.append(step.ms)).state  # fmt: skip
    out["won"] = state["phase"] == "won"
    out["built"] = sum(len(pile) for pile in state["foundations"])
    out["ms"] = times
    return out


def level_report(level: str, results: list[JsonDict]) -> str:
    """Win rate with its interval, cards built, and milliseconds per decision."""
    n = len(results)
    wins = sum(1 for r in results if r["won"])
    low, high = wilson(wins, n)
    times = [t for r in results for t in r["ms"]]
    built = sum(r["built"] for r in results) / max(1, n)
    return (
        f"{level:>7}: won {wins}/{n} = {100 * wins / max(1, n):.1f}% "
        f"(95% CI {100 * low:.1f}-{100 * high:.1f}%), {built:.1f} cards built on average; "
        f"ms per decision: median {percentile(times, 0.5):.2f}, "
        f"p95 {percentile(times, 0.95):.1f}, max {max(times, default=0.0):.0f}"
    )


def paired_report(a: str, b: str, results_a: list[JsonDict], results_b: list[JsonDict]) -> str:
    """The paired difference in win rate on the same deals, with its 95% interval."""
    won_b = {r["deal"]: r["won"] for r in results_b}
    diffs = [int(r["won"]) - int(won_b[r["deal"]]) for r in results_a]
    mean, half = mean_ci(diffs)
    return (
        f"{a} - {b}: {100 * mean:+.1f} points ({interval(mean, half, 100, '+.1f')}); "
        f"deals won only by {a}: {diffs.count(1)}, only by {b}: {diffs.count(-1)}"
    )


def solver_report(results: list[JsonDict], budget: int) -> str:
    """The share of deals the solver decided, and its time."""
    answers = [r["solver"] for r in results if "solver" in r]
    n = len(answers)
    won = sum(1 for a in answers if a["status"] == WON)
    lost = sum(1 for a in answers if a["status"] == LOST)
    low, high = wilson(won, n)
    times = [a["ms"] for a in answers]
    return (
        f" solver: budget {budget} nodes; decided {won + lost}/{n} = "
        f"{100 * (won + lost) / max(1, n):.1f}% (winnable {won}, 95% CI "
        f"{100 * low:.1f}-{100 * high:.1f}%; lost {lost}); ms median "
        f"{percentile(times, 0.5):.0f}, p95 {percentile(times, 0.95):.0f}"
    )
