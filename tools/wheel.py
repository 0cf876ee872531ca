"""The engine wheel: built by PEP 517 (pip as front end) from a copy of the sources,
reproducible (same sources, same bytes), cached in ``.cache/engine/<hash of the
sources>/`` beside what Pyodide makes of it (its bytecode and memory snapshot)."""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
from pathlib import Path

from tools.common import CACHE, ENGINE, ROOT, fresh_dir, log, replace_dir, run_quiet

# Fixed wheel timestamps (1980-01-01, the earliest a zip can hold): same sources, same bytes
SOURCE_DATE_EPOCH = "315532800"
# Engine wheels kept in .cache/engine (most recent first)
KEEP_ENGINE_BUILDS = 4


def engine_sources() -> list[Path]:
    """Every file the engine wheel is built from (the README is its long description)."""
    files = [ROOT / "pyproject.toml", ROOT / "README.md"]
    for path in sorted(ENGINE.rglob("*")):
        parts = path.relative_to(ENGINE).parts
        if path.is_file() and not any(
            part == "__pycache__" or part.endswith(".egg-info") or part.startswith(".")
            for part in parts
        ):
            files.append(path)
    return files


def engine_sources_hash() -> str:
    """A hash of the engine's sources: names and contents."""
    digest = hashlib.sha256()
    for path in engine_sources():
        digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def build_wheel() -> Path:
    """The engine wheel, built by PEP 517 (pip as front end) only when the sources changed.

    It is built from a copy of the sources, so no stale ``build/`` or ``*.egg-info``
    of an earlier build can leak into it.
    """
    key = engine_sources_hash()[:16]
    target = CACHE / "engine" / key
    wheels = sorted(target.glob("*.whl")) if target.is_dir() else []
    if wheels:
        return wheels[0]
    log("building the engine wheel")
    work = fresh_dir(target)
    try:
        source = work / "src"
        for path in engine_sources():
            copy = source / path.relative_to(ROOT)
            copy.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, copy)
        env = {**os.environ, "SOURCE_DATE_EPOCH": SOURCE_DATE_EPOCH}
        run_quiet(
            [
                sys.executable,
                "-m",
                "pip",
                "wheel",
                "--disable-pip-version-check",
                "--no-deps",
                "--wheel-dir",
                work / "out",
                source,
            ],
            env=env,
        )
        built = sorted((work / "out").glob("celestix-*.whl"))
        if len(built) != 1:
            raise SystemExit(f"expected one celestix wheel, got {built}")
        wheel_dir = work / "wheel"
        wheel_dir.mkdir()
        built[0].replace(wheel_dir / built[0].name)
        replace_dir(wheel_dir, target)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    # keep the cache small: only the most recent builds
    builds = sorted((CACHE / "engine").iterdir(), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in builds[KEEP_ENGINE_BUILDS:]:
        shutil.rmtree(old, ignore_errors=True)
    return next(target.glob("*.whl"))
