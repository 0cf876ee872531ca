"""Shared settings of the engine tests, on CPython and inside Pyodide."""

from __future__ import annotations

import sys
from typing import Any

from hypothesis import HealthCheck, settings
from scale import scaled

settings.register_profile(
    "celestix",
    max_examples=scaled(100, 10),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    print_blob=True,
)
settings.load_profile("celestix")


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """How many facade calls the fuzz tests made (docs/ROBUSTNESS.md)."""
    fuzz = sys.modules.get("fuzz_support")
    if fuzz is not None:
        terminalreporter.write_line(f"fuzz: {fuzz.CALLS['count']} facade calls checked")
