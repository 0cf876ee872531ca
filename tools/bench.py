"""``build.py bench NAME``: the benchmarks of ``bench/`` (figures, not tests), each run as
a module with the venv's Python after a build."""

from __future__ import annotations

from tools.common import status
from tools.env import ensure_chromium, venv_python
from tools.site import build_site

# Benchmarks: name -> module (docs/PERFORMANCE.md, docs/BOTS.md)
BENCHMARKS = {
    "startup": "bench.startup",
    "bots": "bench.bots",
    "review": "bench.review",
    "pace": "bench.pace",
    "openspiel": "bench.openspiel",
    "friends": "bench.friends",
}
# Those that run only in CPython (no browser, no built site)
CPYTHON_ONLY = {"openspiel"}


def run_benchmark(name: str, runs: int | None) -> int:
    """Set up, build, then run a benchmark: its exit status."""
    if name not in CPYTHON_ONLY:
        ensure_chromium()
        build_site()
    extra = ["--runs", str(runs)] if runs else []
    return status([venv_python(), "-m", BENCHMARKS[name], *extra])
