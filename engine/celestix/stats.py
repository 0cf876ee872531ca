"""The statistics the simulators, the arenas and the benchmarks print: means and
proportions with 95% confidence intervals, percentiles (nearest rank), timings."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

Z95 = 1.959963984540054  # the normal distribution's two-sided 95% point


def mean_ci(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% confidence interval (normal approximation;
    infinite below two values)."""
    n = len(values)
    mean = sum(values) / max(1, n)
    if n < 2:
        return mean, math.inf
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, Z95 * math.sqrt(variance / n)


def wilson(successes: int, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (0 to 1 without trials)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return centre - half, centre + half


def percentile(values: Sequence[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank); 0 when empty."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(share * len(ordered)) - 1))]


def interval(mean: float, half: float, scale: float, form: str, unit: str = "") -> str:
    """``"95% CI 51.2% to 58.9%"`` (``"95% CI n/a"`` without enough data)."""
    if not math.isfinite(half):
        return "95% CI n/a"
    low, high = format(scale * (mean - half), form), format(scale * (mean + half), form)
    return f"95% CI {low}{unit} to {high}{unit}"


def timing(name: str, times: Sequence[float]) -> str:
    """``"play: n 1234, median 12.3, p95 45.6, max 78.9"``."""
    if not times:
        return f"{name}: none"
    return (
        f"{name}: n {len(times)}, median {percentile(times, 0.5):.1f}, "
        f"p95 {percentile(times, 0.95):.1f}, max {max(times):.1f}"
    )


def deals_won(scores: Sequence[float]) -> str:
    """An arena's verdict over its deals' scores for side A (a tie counts half):
    ``"A wins 55.0% of deals (95% CI ...): 11 won, 0 tied, 9 lost"``."""
    wins = [1.0 if s > 0 else 0.5 if s == 0 else 0.0 for s in scores]
    rate, half = mean_ci(wins)
    return (
        f"A wins {100 * rate:.1f}% of deals ({interval(rate, half, 100, '.1f', '%')}): "
        f"{wins.count(1.0)} won, {wins.count(0.5)} tied, {wins.count(0.0)} lost"
    )


def decision_times(
    results: Sequence[Mapping[str, Any]], side: str, level: str, phases: Sequence[str]
) -> str:
    """The processor ms per decision of one side of an arena, in all and by phase, from
    each result's ``times[side][phase]``."""
    by_phase: dict[str, list[float]] = {}
    for result in results:
        for phase, times in result["times"][side].items():
            by_phase.setdefault(phase, []).extend(times)
    every = [t for phase in phases for t in by_phase.get(phase, [])]
    parts = [timing("all", every)]
    parts.extend(timing(phase, by_phase[phase]) for phase in phases if by_phase.get(phase))
    return f"CPU ms per decision, {side.upper()} ({level}): " + "; ".join(parts)
