"""Shared settings of the engine tests, on CPython and inside Pyodide.

``CELESTIX_TEST_SCALE`` (default 1) multiplies the size of long runs (bot marathons,
property-test example counts); the Pyodide run under Node sets it lower, since the
same rules are checked there and only the volume differs.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

SCALE = float(os.environ.get("CELESTIX_TEST_SCALE", "1"))


def scaled(count: int, minimum: int = 1) -> int:
    """``count`` times the test scale, at least ``minimum``."""
    return max(minimum, round(count * SCALE))


settings.register_profile(
    "celestix",
    max_examples=scaled(100, 10),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    print_blob=True,
)
settings.load_profile("celestix")
