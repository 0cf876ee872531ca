"""Shared settings of the engine tests, on CPython and inside Pyodide."""

from __future__ import annotations

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
