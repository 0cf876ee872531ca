"""Statistics the arenas print: means with 95% confidence intervals, percentiles, timings."""

from __future__ import annotations

import math

Z95 = 1.96


def mean_ci(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% confidence interval (normal approximation)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, math.inf
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, Z95 * math.sqrt(variance / n)


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(share * len(ordered)) - 1))]


def interval(mean: float, half: float, scale: float, form: str, unit: str = "") -> str:
    """``"95% CI 51.2% to 58.9%"`` (``"95% CI n/a"`` without enough data)."""
    if not math.isfinite(half):
        return "95% CI n/a"
    low, high = format(scale * (mean - half), form), format(scale * (mean + half), form)
    return f"95% CI {low}{unit} to {high}{unit}"


def timing(name: str, times: list[float]) -> str:
    """``"play: n 1234, median 12.3, p95 45.6, max 78.9"``."""
    if not times:
        return f"{name}: none"
    return (
        f"{name}: n {len(times)}, median {percentile(times, 0.5):.1f}, "
        f"p95 {percentile(times, 0.95):.1f}, max {max(times):.1f}"
    )
