#!/usr/bin/env python3
"""Build, serve and test the Celestix card room. Standard library only (Python 3.11+).

    python3 build.py build                 assemble the static site in dist/
    python3 build.py serve [--port N]      build, then serve dist/ on localhost
    python3 build.py test [--layer L] [-- PYTEST_ARGS]
                                           set up what is missing, run every test layer

Downloads (Pyodide, micropip, test wheels) are pinned, checksum-verified and cached in
``.cache/``; the engine wheel is rebuilt only when its sources change. ``dist/build.json``
tells the worker which files to load. Each subcommand is a function in ``COMMANDS``.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import fcntl
import functools
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
CACHE = ROOT / ".cache"
VENV = ROOT / ".venv"
RESULTS = ROOT / "test-results"
WEB = ROOT / "web"
ENGINE = ROOT / "engine"
TEST_REQUIREMENTS = ROOT / "tests" / "requirements.txt"
PYODIDE_TEST_REQUIREMENTS = ROOT / "tests" / "requirements-pyodide.txt"

PYODIDE_VERSION = "314.0.7"
# npm's published integrity (sha512, base64) and shasum (sha1) of pyodide-314.0.7.tgz
PYODIDE_SHA512 = (
    "0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A=="
)
PYODIDE_SHA1 = "19a6865259f8d594cdef5b7e2f44930b68f5e987"
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
MICROPIP_VERSION = "0.11.1"
MICROPIP_WHEEL = f"micropip-{MICROPIP_VERSION}-py3-none-any.whl"
MICROPIP_SHA256 = "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3"
# Python of Pyodide 314.0.7, for `pip download --python-version`
PYODIDE_PYTHON = "3.14"
# Fixed wheel timestamps (1980-01-01, the earliest a zip can hold): same sources, same bytes
SOURCE_DATE_EPOCH = "315532800"
# Engine wheels kept in .cache/engine (most recent first)
KEEP_ENGINE_BUILDS = 4

CHROMIUM = Path("/usr/bin/chromium")


def log(message: str) -> None:
    """Print a progress line of build.py (flushed: it interleaves with subprocesses)."""
    print(f"[build.py] {message}", flush=True)


def sha256_file(path: Path) -> str:
    """The SHA-256 of a file, hex."""
    digest = hashlib.sha256()
    with path.open("rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def run(command: Sequence[str | Path], **kwargs: Any) -> subprocess.CompletedProcess[str]:
    """Run a command, raising CalledProcessError on failure."""
    return subprocess.run([str(part) for part in command], check=True, text=True, **kwargs)


def run_quiet(command: Sequence[str | Path], **kwargs: Any) -> None:
    """Run a chatty command (pip), showing its output only when it fails."""
    try:
        run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, **kwargs)
    except subprocess.CalledProcessError as error:
        print(error.stdout, file=sys.stderr, flush=True)
        raise


@contextlib.contextmanager
def cache_lock(name: str) -> Iterator[None]:
    """Hold an exclusive lock: several checkouts' commands may build at once."""
    CACHE.mkdir(exist_ok=True)
    with (CACHE / f"{name}.lock").open("w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def fresh_dir(final: Path) -> Path:
    """An empty temporary directory beside ``final``, to be renamed into place when done."""
    final.parent.mkdir(parents=True, exist_ok=True)
    return Path(tempfile.mkdtemp(prefix=f".{final.name}-", dir=final.parent))


def replace_dir(temporary: Path, final: Path) -> None:
    """Move a finished directory into place, replacing any older one."""
    temporary.chmod(0o755)
    old = None
    if final.exists():
        old = final.with_name(f".{final.name}-old-{os.getpid()}")
        final.rename(old)
    temporary.rename(final)
    if old is not None:
        shutil.rmtree(old)


# --- downloads -----------------------------------------------------------------------


def fetch_pyodide() -> Path:
    """The five vendored Pyodide files, from the pinned npm tarball (verified), cached."""
    target = CACHE / f"pyodide-{PYODIDE_VERSION}"
    if all((target / name).is_file() for name in PYODIDE_FILES):
        return target
    log(f"fetching pyodide@{PYODIDE_VERSION} from the npm registry")
    work = fresh_dir(target)
    try:
        # npm is the registry's ordinary client; it also checks the integrity it publishes
        run(
            ["npm", "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", work, "--silent"],
            cwd=work,
            stdout=subprocess.DEVNULL,
        )
        tarball = work / f"pyodide-{PYODIDE_VERSION}.tgz"
        data = tarball.read_bytes()
        sha512 = base64.b64encode(hashlib.sha512(data).digest()).decode()
        if sha512 != PYODIDE_SHA512 or hashlib.sha1(data).hexdigest() != PYODIDE_SHA1:
            raise SystemExit(f"pyodide tarball checksum mismatch: sha512 {sha512}")
        with tarfile.open(tarball) as archive:
            for name in PYODIDE_FILES:
                source = archive.extractfile(f"package/{name}")
                if source is None:
                    raise SystemExit(f"pyodide tarball lacks {name}")
                (work / name).write_bytes(source.read())
        tarball.unlink()
        replace_dir(work, target)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return target


def pip_download(requirements: Sequence[str], destination: Path) -> None:
    """Download wheels for Pyodide's Python with pip (no dependencies: every pin is listed)."""
    run_quiet(
        [
            sys.executable,
            "-m",
            "pip",
            "download",
            "--disable-pip-version-check",
            "--no-deps",
            "--only-binary=:all:",
            "--python-version",
            PYODIDE_PYTHON,
            "--dest",
            destination,
            *requirements,
        ]
    )


def fetch_micropip() -> Path:
    """The pinned micropip wheel from PyPI (verified), cached."""
    target = CACHE / "wheels" / MICROPIP_WHEEL
    if target.is_file() and sha256_file(target) == MICROPIP_SHA256:
        return target
    log(f"fetching micropip {MICROPIP_VERSION} from PyPI")
    work = fresh_dir(target)
    try:
        pip_download([f"micropip=={MICROPIP_VERSION}"], work)
        if sha256_file(work / MICROPIP_WHEEL) != MICROPIP_SHA256:
            raise SystemExit(f"{MICROPIP_WHEEL}: sha256 differs from the pinned one")
        (work / MICROPIP_WHEEL).replace(target)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return target


def fetch_pyodide_test_wheels() -> Path:
    """The pure-Python wheels the engine tests need inside Pyodide (pytest, hypothesis...)."""
    text = PYODIDE_TEST_REQUIREMENTS.read_bytes()
    target = CACHE / "pyodide-test-wheels" / hashlib.sha256(text).hexdigest()[:16]
    if target.is_dir():
        return target
    log("fetching the Pyodide test wheels from PyPI")
    work = fresh_dir(target)
    try:
        pip_download(["--require-hashes", "-r", str(PYODIDE_TEST_REQUIREMENTS)], work)
        replace_dir(work, target)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return target


# --- the engine wheel ------------------------------------------------------------------


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


# --- the site --------------------------------------------------------------------------


def assemble_site(wheel: Path, micropip: Path, pyodide: Path) -> dict[str, Any]:
    """Write dist/: the web files, Pyodide, the two wheels and build.json; return the manifest.

    The site is assembled beside dist/ and swapped in, so a server never sees half of it.
    """
    work = fresh_dir(DIST)
    try:
        if WEB.is_dir():
            shutil.copytree(
                WEB, work, dirs_exist_ok=True, ignore=shutil.ignore_patterns(".*", "__pycache__")
            )
        if not (work / "index.html").is_file():
            log("warning: web/index.html is missing: the site has no page yet")
        (work / "pyodide").mkdir()
        for name in PYODIDE_FILES:
            shutil.copy2(pyodide / name, work / "pyodide" / name)
        wheel_sha = sha256_file(wheel)
        # the wheel's name is fixed by its version; a directory named by its hash keeps
        # browsers from reusing a stale cached copy after the engine changes
        engine_path = f"wheels/{wheel_sha[:16]}/{wheel.name}"
        (work / engine_path).parent.mkdir(parents=True)
        shutil.copy2(wheel, work / engine_path)
        micropip_path = f"wheels/{micropip.name}"
        shutil.copy2(micropip, work / micropip_path)
        files = {
            path.relative_to(work).as_posix(): {
                "size": path.stat().st_size,
                "sha256": sha256_file(path),
            }
            for path in sorted(work.rglob("*"))
            if path.is_file()
        }
        manifest = {
            "engine": {"version": wheel.name.split("-")[1], "wheel": engine_path},
            "pyodide": {"version": PYODIDE_VERSION, "path": "pyodide/"},
            "micropip": {"version": MICROPIP_VERSION, "wheel": micropip_path},
            "files": files,
        }
        (work / "build.json").write_text(json.dumps(manifest, indent=1) + "\n")
        replace_dir(work, DIST)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return manifest


def build_site() -> dict[str, Any]:
    """Build everything into dist/ (fetching what the cache lacks); return the manifest."""
    with cache_lock("build"):
        # under the lock, any half-assembled site is left from an interrupted build
        for stale in ROOT.glob(".dist-*"):
            shutil.rmtree(stale, ignore_errors=True)
        pyodide = fetch_pyodide()
        micropip = fetch_micropip()
        wheel = build_wheel()
        return assemble_site(wheel, micropip, pyodide)


def cmd_build(args: argparse.Namespace) -> int:
    """``build``: assemble dist/."""
    started = time.monotonic()
    manifest = build_site()
    log(
        f"built dist/ in {time.monotonic() - started:.1f} s "
        f"(engine {manifest['engine']['wheel']}, pyodide {PYODIDE_VERSION})"
    )
    return 0


# --- serving ---------------------------------------------------------------------------

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".map": "application/json",
    ".wasm": "application/wasm",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".webmanifest": "application/manifest+json",
    ".woff2": "font/woff2",
    ".txt": "text/plain; charset=utf-8",
    ".md": "text/plain; charset=utf-8",
    ".whl": "application/zip",
    ".zip": "application/zip",
    "": "application/octet-stream",
}


class SiteHandler(SimpleHTTPRequestHandler):
    """Serves a static directory with the MIME types the site needs.

    ``Cache-Control: no-cache`` makes browsers revalidate, so a rebuild is seen on reload
    (unchanged files still answer 304: copies keep their modification times).
    """

    extensions_map = MIME_TYPES
    quiet = False

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        if not self.quiet:
            super().log_message(format, *args)


def make_server(directory: Path, port: int = 0, quiet: bool = False) -> ThreadingHTTPServer:
    """A threading HTTP server for ``directory`` on 127.0.0.1 (port 0: a free port)."""
    handler = type("Handler", (SiteHandler,), {"quiet": quiet})
    server = ThreadingHTTPServer(
        ("127.0.0.1", port), functools.partial(handler, directory=str(directory))
    )
    server.daemon_threads = True
    return server


def cmd_serve(args: argparse.Namespace) -> int:
    """``serve``: build, then serve dist/ until interrupted."""
    cmd_build(args)
    try:
        server = make_server(DIST, args.port)
    except OSError as error:
        log(f"cannot listen on port {args.port}: {error.strerror} (try --port N)")
        return 1
    log(f"serving dist/ at http://127.0.0.1:{server.server_address[1]}/  (Ctrl-C stops)")
    with server, contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()
    return 0


# --- test environment ------------------------------------------------------------------


def venv_python() -> Path:
    """The virtual environment's interpreter."""
    return VENV / "bin" / "python"


def ensure_venv() -> None:
    """Create .venv with the pinned test dependencies, or update it when the pins change."""
    stamp = VENV / "celestix-requirements.sha256"
    wanted = hashlib.sha256(TEST_REQUIREMENTS.read_bytes() + sys.version.encode()).hexdigest()
    if venv_python().exists() and stamp.is_file() and stamp.read_text() == wanted:
        return
    if not venv_python().exists():
        log("creating .venv")
        run([sys.executable, "-m", "venv", VENV])
    log(f"installing {TEST_REQUIREMENTS.relative_to(ROOT)} into .venv")
    run_quiet(
        [
            venv_python(),
            "-m",
            "pip",
            "install",
            "--disable-pip-version-check",
            "-r",
            TEST_REQUIREMENTS,
        ]
    )
    stamp.write_text(wanted)


def ensure_chromium() -> None:
    """Install Debian's chromium when it is missing (Playwright's own download fails here)."""
    if CHROMIUM.exists():
        return
    log("installing Debian's chromium with apt-get")
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    run([*sudo, "apt-get", "update", "-q"], env=env)
    run([*sudo, "apt-get", "install", "-y", "-q", "chromium"], env=env)


def ensure_node() -> None:
    """The Pyodide layer needs Node 20 or newer."""
    if shutil.which("node") is None:
        raise SystemExit("node (20 or newer) is needed for the Pyodide test layer")


# --- test layers -----------------------------------------------------------------------


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


def pytest_command(layer: str, path: str, extra: Sequence[str]) -> list[str]:
    """A pytest run of the venv writing its JUnit report to test-results/<layer>.xml.

    It runs the tests under ``path`` unless ``extra`` names tests of its own.
    """
    named = any(not arg.startswith("-") and (ROOT / arg.split("::")[0]).exists() for arg in extra)
    paths = [] if named else [path]
    junit = f"--junitxml={RESULTS / f'{layer}.xml'}"
    return [str(venv_python()), "-m", "pytest", *paths, junit, *extra]


def status(command: Sequence[str | Path], env: dict[str, str] | None = None) -> int:
    """Run a command in the project root: its exit status."""
    arguments = [str(part) for part in command]
    return subprocess.run(arguments, check=False, cwd=ROOT, env=env).returncode


def layer_lint(extra: Sequence[str]) -> int:
    """ruff (lint and format) on all the project's Python, mypy (strict) on the engine."""
    bin_dir = VENV / "bin"
    targets = ["engine", "tests", "build.py"]
    codes = [
        status([bin_dir / "ruff", "check", *targets]),
        status([bin_dir / "ruff", "format", "--check", *targets]),
        status([bin_dir / "mypy"]),  # pyproject: strict, on engine/
        status([bin_dir / "mypy", "--strict", "build.py"]),
    ]
    return max(codes)


def layer_engine(extra: Sequence[str]) -> int:
    """The engine tests on CPython (the venv's Python)."""
    return status(pytest_command("engine", "tests/engine", extra))


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
    command = pytest_command("browser", "tests/browser", [f"--output={output}", *extra])
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
    """What a fresh machine lacks: the venv, Chromium (for the browser layer)."""
    ensure_venv()
    if "browser" in layers:
        ensure_chromium()
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


def cmd_test(args: argparse.Namespace) -> int:
    """``test``: set up, build, then run the chosen layers (all by default); 1 if any fails."""
    layers = [name for name in LAYERS if name in (args.layer or LAYERS)]
    results = [timed("setup", lambda: setup_step(layers))]
    if results[-1].code == 0:
        results.append(timed("build", build_step))
    if results[-1].code == 0:
        RESULTS.mkdir(exist_ok=True)
        for name in layers:
            (RESULTS / f"{name}.xml").unlink(missing_ok=True)
            result = timed(name, functools.partial(LAYERS[name], args.pytest_args))
            result.counts = junit_counts(RESULTS / f"{name}.xml")
            results.append(result)
    print_summary(results)
    return 0 if all(result.code == 0 for result in results) else 1


COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "build": cmd_build,
    "serve": cmd_serve,
    "test": cmd_test,
}


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    """The command line: a subcommand and its options; after ``--``, pytest's arguments."""
    argv = list(argv)
    pytest_args: list[str] = []
    if "--" in argv:
        cut = argv.index("--")
        argv, pytest_args = argv[:cut], argv[cut + 1 :]
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("build", help="assemble the static site in dist/")
    serve = sub.add_parser("serve", help="build, then serve dist/ on localhost")
    serve.add_argument("--port", type=int, default=8000, help="port (default 8000; 0: any)")
    test = sub.add_parser(
        "test",
        help="set up what is missing and run the test layers",
        epilog="Arguments after -- go to every pytest run.",
    )
    test.add_argument(
        "--layer",
        action="append",
        choices=list(LAYERS),
        help="run only this layer (repeatable; default: all)",
    )
    args = parser.parse_args(argv)
    args.pytest_args = pytest_args
    return args


def main(argv: Sequence[str]) -> int:
    """Run the subcommand named on the command line."""
    args = parse_args(argv)
    return COMMANDS[args.command](args)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
