"""The benchmarks (``python3 build.py bench NAME`` runs ``bench.NAME`` as a module):
``startup`` (docs/PERFORMANCE.md) and ``bots`` (docs/BOTS.md). They read the engine
from ``engine/`` (its statistics module, and the facade they measure)."""

import sys
from pathlib import Path

ENGINE = str(Path(__file__).resolve().parent.parent / "engine")
if ENGINE not in sys.path:
    sys.path.insert(0, ENGINE)
