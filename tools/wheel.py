"""The engine wheel the page loads: built by PEP 517 (pip as front end) from a copy of
the sources, reproducible (same sources, same bytes), cached in ``.cache/engine/<hash of
the sources>/`` beside what Pyodide makes of it (its bytecode and memory snapshot).

It leaves out what only drives the engine from outside (pyproject.toml's
``[tool.celestix] outside-the-page``: the terminal client, the runner of bot games and
their statistics), and with it the terminal's console script."""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
import tomllib
from pathlib import Path

from tools.common import CACHE, ENGINE, ROOT, fresh_dir, log, replace_dir, run_quiet

# Fixed wheel timestamps (1980-01-01, the earliest a zip can hold): same sources, same bytes
SOURCE_DATE_EPOCH = "315532800"
# Engine wheels kept in .cache/engine (most recent first)
KEEP_ENGINE_BUILDS = 4


def outside_the_page() -> list[Path]:
    """The files and folders under ``engine/`` that the page's wheel leaves out."""
    settings = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return [ENGINE / name for name in settings["tool"]["celestix"]["outside-the-page"]]


def engine_sources() -> list[Path]:
    """Every file the engine wheel is built from (the README is its long description)."""
    files = [ROOT / "pyproject.toml", ROOT / "README.md"]
    left_out = outside_the_page()
    missing = [path for path in left_out if not path.exists()]
    if missing:
        raise SystemExit(f"pyproject.toml leaves out of the page what is not there: {missing}")
    for path in sorted(ENGINE.rglob("*")):
        parts = path.relative_to(ENGINE).parts
        if (
            path.is_file()
            and not any(
                part == "__pycache__" or part.endswith(".egg-info") or part.startswith(".")
                for part in parts
            )
            and not any(path == out or out in path.parents for out in left_out)
        ):
            files.append(path)
    return files


def without_scripts(pyproject: str) -> str:
    """``pyproject`` without its ``[project.scripts]`` table (the terminal's command, whose
    module the page's wheel leaves out)."""
    kept: list[str] = []
    skipping = False
    for line in pyproject.splitlines(keepends=True):
        if line.startswith("["):
            skipping = line.strip() == "[project.scripts]"
        if not skipping:
            kept.append(line)
    return "".join(kept)


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
        pyproject = source / "pyproject.toml"
        pyproject.write_text(without_scripts(pyproject.read_text(encoding="utf-8")))
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
