"""The test layers of ``build.py test`` (lint, engine, pyodide, browser), each timed, and
the summary: one line per step, then the counts of every layer's JUnit report."""

from __future__ import annotations

import functools
import os
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from tools.common import DIST, RESULTS, ROOT, VENV, cache_lock, status
from tools.downloads import fetch_axe, fetch_pyodide_test_wheels
from tools.env import ensure_chromium, ensure_node, venv_python
from tools.node_packages import node_modules
from tools.site import build_site


@dataclass
class LayerResult:
    """What one test layer did."""

    name: str
    code: int
    seconds: float
    counts: dict[str, int] | None = None


def junit_counts(path: Path) -> dict[str, int] | None:
    """Passed/failed/skipped counts from a JUnit XML report, or None when there is none."""
    if not path.is_file():
        return None
    counts = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
    for suite in ET.parse(path).getroot().iter("testsuite"):
        for key in counts:
            counts[key] += int(suite.get(key, "0"))
    failed = counts["failures"] + counts["errors"]
    return {
        "passed": counts["tests"] - failed - counts["skipped"],
        "failed": failed,
        "skipped": counts["skipped"],
    }


def pytest_command(layer: str, paths: Sequence[str], extra: Sequence[str]) -> list[str]:
    """A pytest run of the venv writing its JUnit report to test-results/<layer>.xml.

    It runs the tests under ``paths`` unless ``extra`` names tests of its own.
    """
    named = any(not arg.startswith("-") and (ROOT / arg.split("::")[0]).exists() for arg in extra)
    if named:
        paths = []
    junit = f"--junitxml={RESULTS / f'{layer}.xml'}"
    return [str(venv_python()), "-m", "pytest", *paths, junit, *extra]


PYTHON_TARGETS = ("engine", "tests", "bench", "tools", "build.py")


def biome_command(*arguments: str) -> list[str]:
    """Biome (lint and format of the JavaScript and CSS that ``biome.json`` names), the
    pinned copy of ``tools/package-lock.json``."""
    ensure_node()
    return ["node", str(node_modules() / "@biomejs" / "biome" / "bin" / "biome"), *arguments]


def tsc_command() -> list[str]:
    """TypeScript's checker on the JavaScript that ``tsconfig.json`` names (``checkJs``,
    nothing emitted), the pinned copy of ``tools/package-lock.json``."""
    ensure_node()
    return ["node", str(node_modules() / "typescript" / "bin" / "tsc"), "-p", "tsconfig.json"]


def layer_lint(extra: Sequence[str]) -> int:
    """ruff (lint and format) on all the project's Python; mypy (strict) on the engine,
    build.py, tools/ and the benchmarks (pyproject.toml names them); Biome on web/ and
    the Node scripts (``biome ci``: lint rules and formatting, nothing written); the
    types of the JavaScript that ``tsconfig.json`` names (``tsc --noEmit``, checkJs)."""
    bin_dir = VENV / "bin"
    codes = [
        status([bin_dir / "ruff", "check", *PYTHON_TARGETS]),
        status([bin_dir / "ruff", "format", "--check", *PYTHON_TARGETS]),
        status([bin_dir / "mypy"]),
        status(biome_command("ci", "--colors=off")),
        status([*tsc_command(), "--pretty", "false"]),
    ]
    return max(codes)


def format_sources() -> int:
    """Rewrite the sources in the project's style: ruff's formatter and safe fixes on the
    Python, Biome's formatter and safe fixes on the JavaScript and CSS."""
    bin_dir = VENV / "bin"
    codes = [
        status([bin_dir / "ruff", "check", "--fix", *PYTHON_TARGETS]),
        status([bin_dir / "ruff", "format", *PYTHON_TARGETS]),
        status(biome_command("check", "--write")),
    ]
    return max(codes)


def layer_engine(extra: Sequence[str]) -> int:
    """The engine tests on CPython (the venv's Python)."""
    return status(pytest_command("engine", ["tests/engine", "tests/tools"], extra))


def layer_pyodide(extra: Sequence[str]) -> int:
    """The same engine tests inside Pyodide under Node, against the built wheel."""
    ensure_node()
    with cache_lock("pyodide-test-wheels"):
        wheels = fetch_pyodide_test_wheels()
    return status(
        [
            "node",
            "--experimental-wasm-stack-switching",
            "tests/pyodide/run_engine_tests.mjs",
            "--site",
            DIST,
            "--wheels",
            wheels,
            "--junitxml",
            RESULTS / "pyodide.xml",
            "--",
            *extra,
        ]
    )


def layer_browser(extra: Sequence[str]) -> int:
    """pytest-playwright in Debian's Chromium against dist/ served on localhost.

    Failed tests leave a screenshot and a trace in test-results/browser/.
    """
    output = RESULTS / "browser"
    # a page that never answers fails its test after 10 minutes (pytest-timeout) rather
    # than holding CI until its limit; no test needs a tenth of that
    arguments = [f"--output={output}", "--timeout=600", *extra]
    command = pytest_command("browser", ["tests/browser"], arguments)
    # the test command has just built dist/; the fixtures need not build it again
    return status(command, env={**os.environ, "CELESTIX_SKIP_BUILD": "1"})


LAYERS: dict[str, Callable[[Sequence[str]], int]] = {
    "lint": layer_lint,
    "engine": layer_engine,
    "pyodide": layer_pyodide,
    "browser": layer_browser,
}


def timed(name: str, step: Callable[[], int]) -> LayerResult:
    """Run a step, announce it, and time it; an exception counts as a failure."""
    print(f"\n=== {name} ===", flush=True)
    started = time.monotonic()
    try:
        code = step()
    except (subprocess.CalledProcessError, SystemExit, OSError) as error:
        print(f"{name}: {error}", file=sys.stderr, flush=True)
        code = 1
    return LayerResult(name, code, time.monotonic() - started)


def setup_step(layers: Sequence[str]) -> int:
    """What a fresh machine lacks besides the venv (build.py sets that up first): Chromium
    and axe-core for the browser layer."""
    if "browser" in layers:
        ensure_chromium()
        fetch_axe()
    return 0


def build_step() -> int:
    """The site (quick when nothing changed)."""
    build_site()
    return 0


def print_summary(results: Sequence[LayerResult]) -> None:
    """One line per step with its time, then the test counts of all layers."""
    print("\n=== summary ===")
    total = {"passed": 0, "failed": 0, "skipped": 0}
    for result in results:
        status = "ok" if result.code == 0 else f"FAILED (exit {result.code})"
        detail = ""
        if result.counts is not None:
            detail = "  " + ", ".join(f"{n} {k}" for k, n in result.counts.items() if n)
            for key in total:
                total[key] += result.counts[key]
        print(f"{result.name:<8} {result.seconds:7.1f} s  {status}{detail}")
    print(f"{'total':<8} {sum(r.seconds for r in results):7.1f} s")
    print(
        f"tests: {total['passed']} passed, {total['failed']} failed, {total['skipped']} skipped",
        flush=True,
    )


def run_layers(chosen: Sequence[str], pytest_args: Sequence[str]) -> int:
    """Set up, build, then run the chosen layers (all when none is chosen); 1 if any
    fails."""
    layers = [name for name in LAYERS if name in (chosen or LAYERS)]
    results = [timed("setup", lambda: setup_step(layers))]
    if results[-1].code == 0:
        results.append(timed("build", build_step))
    if results[-1].code == 0:
        RESULTS.mkdir(exist_ok=True)
        for name in layers:
            (RESULTS / f"{name}.xml").unlink(missing_ok=True)
            result = timed(name, functools.partial(LAYERS[name], pytest_args))
            result.counts = junit_counts(RESULTS / f"{name}.xml")
            results.append(result)
    print_summary(results)
    return 0 if all(result.code == 0 for result in results) else 1
