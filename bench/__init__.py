"""The benchmarks (``python3 build.py bench NAME`` runs ``bench.NAME`` as a module):
``startup`` (docs/PERFORMANCE.md) and ``bots`` (docs/BOTS.md)."""
