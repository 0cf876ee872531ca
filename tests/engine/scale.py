"""How long the long runs are: ``CELESTIX_TEST_SCALE`` (default 1) multiplies them.

The Pyodide run under Node sets a lower scale: the same rules are checked there and
only the volume (marathon games, property-test examples) differs.
"""

from __future__ import annotations

import os

SCALE = float(os.environ.get("CELESTIX_TEST_SCALE", "1"))


def scaled(count: int, minimum: int = 1) -> int:
    """``count`` times the test scale, at least ``minimum``."""
    return max(minimum, round(count * SCALE))
