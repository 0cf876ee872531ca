#!/usr/bin/env python3
"""Build, serve and test the Celestix card room. Standard library only (Python 3.11+).

    python3 build.py build                 assemble the static site in dist/
    python3 build.py serve [--port N]      build, then serve dist/ on localhost
    python3 build.py test [--layer L] [-- PYTEST_ARGS]
                                           set up what is missing, run every test layer
    python3 build.py bench startup [--runs N]
                                           the start-up benchmark (docs/PERFORMANCE.md)
    python3 build.py bench bots [--runs N]  ms per bot decision in CPython, Node, Chromium
                                           (docs/BOTS.md)

Downloads (Pyodide, micropip, test wheels) are pinned, checksum-verified and cached in
``.cache/``; the engine wheel is rebuilt only when its sources change. ``dist/build.json``
tells the worker which files to load; ``dist/sw.js`` gets the build's file list (the
service worker's precache) and the PNG icons are drawn from the project's SVGs. Each
subcommand is a function in ``COMMANDS``.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import fcntl
import functools
import hashlib
import itertools
import json
import math
import os
import re
import shutil
import struct
import subprocess
import sys
import tarfile
import tempfile
import time
import xml.etree.ElementTree as ET
import zlib
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
# axe-core, the accessibility checker of the browser tests (never part of the site):
# npm's published integrity and shasum of axe-core-4.14.1.tgz
AXE_VERSION = "4.14.1"
AXE_SHA512 = (
    "FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASyFNNtuFooJpZe37OgudVGtQ=="
)
AXE_SHA1 = "14d8a6f3f085afd126b8b5ca1e42e50e17fb1d99"
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
    fetch_npm_files("pyodide", PYODIDE_VERSION, PYODIDE_SHA512, PYODIDE_SHA1, PYODIDE_FILES, target)
    return target


def fetch_npm_files(
    package: str, version: str, sha512: str, sha1: str, names: Sequence[str], target: Path
) -> None:
    """Files of a pinned npm tarball (checked against its published hashes) into ``target``."""
    log(f"fetching {package}@{version} from the npm registry")
    work = fresh_dir(target)
    try:
        # npm is the registry's ordinary client; it also checks the integrity it publishes
        run(
            ["npm", "pack", f"{package}@{version}", "--pack-destination", work, "--silent"],
            cwd=work,
            stdout=subprocess.DEVNULL,
        )
        tarball = work / f"{package}-{version}.tgz"
        data = tarball.read_bytes()
        got = base64.b64encode(hashlib.sha512(data).digest()).decode()
        if got != sha512 or hashlib.sha1(data).hexdigest() != sha1:
            raise SystemExit(f"{package} tarball checksum mismatch: sha512 {got}")
        with tarfile.open(tarball) as archive:
            for name in names:
                source = archive.extractfile(f"package/{name}")
                if source is None:
                    raise SystemExit(f"{package} tarball lacks {name}")
                (work / name).write_bytes(source.read())
        tarball.unlink()
        replace_dir(work, target)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def fetch_axe() -> Path:
    """axe-core's ``axe.min.js`` (for the browser tests' accessibility checks), cached."""
    target = CACHE / f"axe-core-{AXE_VERSION}"
    script = target / "axe.min.js"
    if not script.is_file():
        with cache_lock("axe"):
            if not script.is_file():
                names = ["axe.min.js"]
                fetch_npm_files("axe-core", AXE_VERSION, AXE_SHA512, AXE_SHA1, names, target)
    return script


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


# --- the engine's bytecode ------------------------------------------------------------

# The Node scripts of the engine's bytecode and memory snapshot (read their headers)
BYTECODE_SCRIPT = ROOT / "tools" / "bytecode.mjs"
SNAPSHOT_SCRIPT = ROOT / "tools" / "snapshot.mjs"


def run_pyodide_script(
    script: Path, pyodide: Path, args: Sequence[str | Path], target: Path, failure: str
) -> bool:
    """Run the Node script ``script`` with Pyodide's loader URL, its directory, ``args``
    and last a temporary path it writes, then move that file to ``target``. False (with
    ``failure`` as a warning) when it fails."""
    temporary = target.with_suffix(f".{os.getpid()}.tmp")
    loader = (pyodide / "pyodide.mjs").as_uri()
    command: list[str | Path] = ["node", script, loader, f"{pyodide}/"]
    try:
        run([*command, *map(str, args), str(temporary)], stdout=subprocess.DEVNULL)
        temporary.replace(target)
    except (subprocess.CalledProcessError, OSError) as error:
        log(f"warning: {failure} ({error})")
        temporary.unlink(missing_ok=True)
        return False
    return True


def build_bytecode(wheel: Path, pyodide: Path) -> Path | None:
    """The engine's modules compiled by Pyodide's Python (a zip of .pyc files), cached
    beside the wheel; None (with a warning) when Node is missing or the compile fails:
    the site then boots by compiling the engine in the browser, only more slowly."""
    target = wheel.with_name(f"{wheel.stem}.pyodide-{PYODIDE_VERSION}.bytecode.zip")
    if target.is_file():
        return target
    if shutil.which("node") is None:
        log("warning: no node: the engine's bytecode is not built (cold starts compile it)")
        return None
    log("compiling the engine with Pyodide's Python")
    built = run_pyodide_script(
        BYTECODE_SCRIPT, pyodide, [wheel], target, "the engine's bytecode was not built"
    )
    return target if built else None


# --- the engine's memory snapshot ----------------------------------------------------

# The largest heap a browser restores (the worker's SNAPSHOT_HEAP_LIMIT)
SNAPSHOT_HEAP_LIMIT = 30 * 1024 * 1024


def build_snapshot(wheel: Path, bytecode: Path | None, pyodide: Path) -> tuple[Path, int] | None:
    """The gzipped memory snapshot of Pyodide with the engine imported, and its size
    unzipped; cached beside the wheel. None (with a warning) without Node or the bytecode,
    or when it cannot be made: first visits then start Python as bare Pyodide does."""
    script = sha256_file(SNAPSHOT_SCRIPT)[:8]
    target = wheel.with_name(f"{wheel.stem}.pyodide-{PYODIDE_VERSION}.{script}.snapshot.gz")
    if not target.is_file():
        if bytecode is None or shutil.which("node") is None:
            log("warning: no node: the engine's snapshot is not built (first visits start Python)")
            return None
        log("making the engine's memory snapshot with Pyodide's Python")
        args: list[str | Path] = [wheel, bytecode, str(SNAPSHOT_HEAP_LIMIT)]
        failure = "the engine's snapshot was not made"
        if not run_pyodide_script(SNAPSHOT_SCRIPT, pyodide, args, target, failure):
            return None
    with target.open("rb") as gz:
        gz.seek(-4, os.SEEK_END)
        return target, int.from_bytes(gz.read(4), "little")


# --- icons -----------------------------------------------------------------------------

# The PNG icons of the web app manifest, drawn from the project's SVGs:
# (output path in the site, source SVG in web/, size in pixels)
ICONS = (
    ("icons/icon-192.png", "icons/icon.svg", 192),
    ("icons/icon-512.png", "icons/icon.svg", 512),
    ("icons/maskable-192.png", "icons/maskable.svg", 192),
    ("icons/maskable-512.png", "icons/maskable.svg", 512),
    ("icons/apple-touch-icon.png", "icons/maskable.svg", 180),
)
# Bump when the drawing code changes: cached PNGs are keyed by it
RASTER_VERSION = "1"
SVG_NS = "{http://www.w3.org/2000/svg}"
# Flattening: segments per cubic curve and per rounded corner; sub-rows per pixel row
CURVE_STEPS = 24
ARC_STEPS = 12
SUBROWS = 4

Matrix = tuple[float, float, float, float, float, float]
Point = tuple[float, float]
Polygon = list[Point]
Rgb = tuple[float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


@dataclass
class Shape:
    """A filled area of an icon: polygons (nonzero winding) in SVG user units."""

    polygons: list[Polygon]
    rgb: Rgb
    opacity: float


def multiply(m: Matrix, n: Matrix) -> Matrix:
    """The SVG matrix product m x n (n applied first)."""
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return (
        a * p + c * q,
        b * p + d * q,
        a * r + c * s,
        b * r + d * s,
        a * t + c * u + e,
        b * t + d * u + f,
    )


def transform_of(text: str) -> Matrix:
    """An SVG ``transform`` attribute (translate, scale, rotate, matrix) as a matrix."""
    result = IDENTITY
    for name, args in re.findall(r"(\w+)\s*\(([^)]*)\)", text):
        v = [float(x) for x in re.split(r"[\s,]+", args.strip()) if x]
        if name == "translate":
            step: Matrix = (1.0, 0.0, 0.0, 1.0, v[0], v[1] if len(v) > 1 else 0.0)
        elif name == "scale":
            step = (v[0], 0.0, 0.0, v[1] if len(v) > 1 else v[0], 0.0, 0.0)
        elif name == "rotate":
            angle = math.radians(v[0])
            cos, sin = math.cos(angle), math.sin(angle)
            cx, cy = (v[1], v[2]) if len(v) == 3 else (0.0, 0.0)
            step = multiply(
                multiply((1.0, 0.0, 0.0, 1.0, cx, cy), (cos, sin, -sin, cos, 0.0, 0.0)),
                (1.0, 0.0, 0.0, 1.0, -cx, -cy),
            )
        elif name == "matrix" and len(v) == 6:
            step = (v[0], v[1], v[2], v[3], v[4], v[5])
        else:
            raise SystemExit(f"icons: unsupported SVG transform {name}({args})")
        result = multiply(result, step)
    return result


def transformed(m: Matrix, polygon: Polygon) -> Polygon:
    """The polygon's points mapped by m."""
    a, b, c, d, e, f = m
    return [(a * x + c * y + e, b * x + d * y + f) for x, y in polygon]


def rounded_rect(x: float, y: float, w: float, h: float, r: float) -> Polygon:
    """A rectangle with round corners of radius r, clockwise (in SVG's y-down space)."""
    r = max(0.0, min(r, w / 2, h / 2))
    if r == 0:
        return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    points = []
    corners = (
        (x + w - r, y + r, -90),
        (x + w - r, y + h - r, 0),
        (x + r, y + h - r, 90),
        (x + r, y + r, 180),
    )
    for cx, cy, start in corners:
        for i in range(ARC_STEPS + 1):
            angle = math.radians(start + 90 * i / ARC_STEPS)
            points.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    return points


def path_polygons(d: str) -> list[Polygon]:
    """An SVG path's outlines (commands M L H V C S Z, absolute or relative), flattened."""
    tokens = re.findall(r"[A-Za-z]|-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?", d)
    polygons: list[Polygon] = []
    current: Polygon = []
    x = y = start_x = start_y = 0.0
    control: Point | None = None  # the last cubic's second control point (for S)
    position = 0
    command = ""

    def number() -> float:
        nonlocal position
        value = float(tokens[position])
        position += 1
        return value

    while position < len(tokens):
        if tokens[position].isalpha():
            command = tokens[position]
            position += 1
            if command in "Zz":
                if current:
                    polygons.append(current)
                current, (x, y), control = [], (start_x, start_y), None
                continue
        relative = command.islower()
        ox, oy = (x, y) if relative else (0.0, 0.0)
        kind = command.upper()
        if kind == "M":
            if current:
                polygons.append(current)
            x, y = ox + number(), oy + number()
            start_x, start_y, current, control = x, y, [(x, y)], None
            command = "l" if relative else "L"  # further pairs are lines
        elif kind == "L":
            x, y = ox + number(), oy + number()
            current.append((x, y))
            control = None
        elif kind == "H":
            x = ox + number()
            current.append((x, y))
            control = None
        elif kind == "V":
            y = oy + number()
            current.append((x, y))
            control = None
        elif kind in "CS":
            if kind == "C":
                c1 = (ox + number(), oy + number())
            else:
                c1 = (2 * x - control[0], 2 * y - control[1]) if control else (x, y)
            c2 = (ox + number(), oy + number())
            end = (ox + number(), oy + number())
            for i in range(1, CURVE_STEPS + 1):
                t = i / CURVE_STEPS
                u = 1 - t
                current.append(
                    (
                        u**3 * x + 3 * u * u * t * c1[0] + 3 * u * t * t * c2[0] + t**3 * end[0],
                        u**3 * y + 3 * u * u * t * c1[1] + 3 * u * t * t * c2[1] + t**3 * end[1],
                    )
                )
            (x, y), control = end, c2
        else:
            raise SystemExit(f"icons: unsupported SVG path command {command!r}")
    if current:
        polygons.append(current)
    return polygons


def svg_colour(text: str) -> Rgb | None:
    """A #rrggbb colour as fractions, or None for ``none``."""
    if text == "none":
        return None
    match = re.fullmatch(r"#([0-9a-fA-F]{6})", text.strip())
    if not match:
        raise SystemExit(f"icons: unsupported SVG colour {text!r} (use #rrggbb)")
    digits = match.group(1)
    return (int(digits[0:2], 16) / 255, int(digits[2:4], 16) / 255, int(digits[4:6], 16) / 255)


def svg_shapes(source: Path) -> tuple[tuple[float, float, float, float], list[Shape]]:
    """The viewBox and the filled shapes (in paint order) of a simple SVG.

    The subset drawn: ``svg``, ``g``, ``rect`` (with ``rx``, fill and stroke), ``path``
    (fill only), transforms, solid ``#rrggbb`` colours, ``opacity`` and ``fill-opacity``.
    Anything else stops the build: an icon is never drawn wrongly without a word.
    """
    root = ET.parse(source).getroot()
    x0, y0, width, height = (float(v) for v in root.get("viewBox", "").split())
    shapes: list[Shape] = []
    painted = ("fill", "stroke", "stroke-width", "fill-opacity")  # inherited by children

    def walk(element: ET.Element, matrix: Matrix, inherited: dict[str, str], group: float) -> None:
        style = {**inherited, **{k: v for k in painted if (v := element.get(k)) is not None}}
        opacity = group * float(element.get("opacity", "1"))
        if element.get("transform"):
            matrix = multiply(matrix, transform_of(element.get("transform", "")))
        tag = element.tag.removeprefix(SVG_NS)
        fill = svg_colour(style.get("fill", "#000000"))
        stroke = svg_colour(style.get("stroke", "none"))
        fill_opacity = opacity * float(style.get("fill-opacity", "1"))
        if tag == "rect":
            x, y, w, h = (float(element.get(k, "0")) for k in ("x", "y", "width", "height"))
            r = float(element.get("rx", element.get("ry", "0")))
            if fill:
                shapes.append(
                    Shape([transformed(matrix, rounded_rect(x, y, w, h, r))], fill, fill_opacity)
                )
            if stroke:
                half = float(style.get("stroke-width", "1")) / 2
                outer = rounded_rect(x - half, y - half, w + 2 * half, h + 2 * half, r + half)
                inner = rounded_rect(x + half, y + half, w - 2 * half, h - 2 * half, r - half)
                # the inner outline runs the other way: nonzero winding leaves it empty
                ring = [transformed(matrix, outer), transformed(matrix, inner[::-1])]
                shapes.append(Shape(ring, stroke, opacity))
        elif tag == "path":
            if stroke:
                raise SystemExit(f"icons: {source.name}: stroked paths are not drawn")
            if fill:
                outlines = [transformed(matrix, p) for p in path_polygons(element.get("d", ""))]
                shapes.append(Shape(outlines, fill, fill_opacity))
        elif tag not in ("svg", "g", "title", "desc"):
            raise SystemExit(f"icons: {source.name}: <{tag}> is not drawn")
        for child in element:
            walk(child, matrix, style, opacity)

    walk(root, IDENTITY, {}, 1.0)
    return (x0, y0, width, height), shapes


def coverage(polygons: list[Polygon], size: int) -> dict[int, list[float]]:
    """The share of each pixel the polygons cover (nonzero rule), by pixel row.

    Each pixel row is sampled on SUBROWS lines; along a line the covered spans are exact.
    """
    edges = [
        (ax, ay, bx, by, 1 if by > ay else -1)
        for polygon in polygons
        for (ax, ay), (bx, by) in itertools.pairwise([*polygon, polygon[0]])
        if ay != by
    ]
    ys = [y for polygon in polygons for _, y in polygon]
    rows: dict[int, list[float]] = {}
    for row in range(max(0, math.floor(min(ys))), min(size, math.ceil(max(ys)))):
        partial = [0.0] * (size + 1)  # covered fractions of edge pixels
        steps = [0.0] * (size + 1)  # +1/-1 where fully covered runs start and stop
        for sub in range(SUBROWS):
            line = row + (sub + 0.5) / SUBROWS
            crossings = sorted(
                (ax + (line - ay) * (bx - ax) / (by - ay), winding)
                for ax, ay, bx, by, winding in edges
                if min(ay, by) <= line < max(ay, by)
            )
            winding_number = 0
            start = 0.0
            for x, winding in crossings:
                before = winding_number
                winding_number += winding
                if before == 0 and winding_number != 0:
                    start = x
                elif before != 0 and winding_number == 0:
                    a, b = min(max(start, 0.0), size), min(max(x, 0.0), size)
                    if b <= a:
                        continue
                    first, last = int(a), int(b)
                    if first == last:
                        partial[first] += b - a
                    else:
                        partial[first] += first + 1 - a
                        steps[first + 1] += 1
                        steps[last] -= 1
                        partial[last] += b - last
        runs = itertools.accumulate(steps)
        covered = [(p + f) / SUBROWS for p, f in zip(partial[:size], runs, strict=False)]
        if any(covered):
            rows[row] = covered
    return rows


def png_bytes(size: int, rgba: bytes) -> bytes:
    """An 8-bit RGBA PNG of a square image (rows of 4-byte pixels)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    stride = 4 * size
    raw = b"".join(b"\0" + rgba[row * stride : (row + 1) * stride] for row in range(size))
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def draw_icon(source: Path, size: int) -> bytes:
    """A size x size PNG of an SVG icon (anti-aliased, transparent where nothing is drawn)."""
    (x0, y0, width, height), shapes = svg_shapes(source)
    to_pixels: Matrix = (
        size / width,
        0.0,
        0.0,
        size / height,
        -x0 * size / width,
        -y0 * size / height,
    )
    # premultiplied red, green, blue, alpha of each pixel
    red, green, blue, alpha = ([0.0] * (size * size) for _ in range(4))
    for shape in shapes:
        r, g, b = shape.rgb
        polygons = [transformed(to_pixels, polygon) for polygon in shape.polygons]
        for row, covered in coverage(polygons, size).items():
            for x, share in enumerate(covered):
                if share <= 0:
                    continue
                i = row * size + x
                a = min(share, 1.0) * shape.opacity
                keep = 1 - a
                red[i] = r * a + red[i] * keep
                green[i] = g * a + green[i] * keep
                blue[i] = b * a + blue[i] * keep
                alpha[i] = a + alpha[i] * keep
    pixels = bytearray(4 * size * size)
    for i, a in enumerate(alpha):
        if a > 0:
            pixels[4 * i : 4 * i + 4] = bytes(
                (
                    round(red[i] / a * 255),
                    round(green[i] / a * 255),
                    round(blue[i] / a * 255),
                    round(a * 255),
                )
            )
    return png_bytes(size, bytes(pixels))


def draw_icons(site: Path) -> None:
    """Write the PNG icons into the site, drawn from its SVGs (cached by their content)."""
    for output, source, size in ICONS:
        svg = site / source
        if not svg.is_file():
            raise SystemExit(f"icons: {source} is missing")
        key = hashlib.sha256(f"{RASTER_VERSION} {size} ".encode() + svg.read_bytes()).hexdigest()
        cached = CACHE / "icons" / f"{key[:24]}.png"
        if not cached.is_file():
            cached.parent.mkdir(parents=True, exist_ok=True)
            temporary = cached.with_suffix(f".{os.getpid()}.tmp")
            temporary.write_bytes(draw_icon(svg, size))
            temporary.replace(cached)
        shutil.copy2(cached, site / output)


# --- the site --------------------------------------------------------------------------


def integrity(sha256_hex: str) -> str:
    """A Subresource Integrity value (``sha256-<base64>``) from a hex SHA-256."""
    return "sha256-" + base64.b64encode(bytes.fromhex(sha256_hex)).decode()


WORKER = "js/engine/worker.js"
BOOT_PLACEHOLDER = "const BOOT = null;"


def write_boot_manifest(site: Path, parts: dict[str, Any]) -> None:
    """Write into the site's engine worker what it loads (``const BOOT = {...}``).

    The worker then starts every download at its first moment instead of waiting for
    build.json: ``parts`` (build.json's ``engine``, ``pyodide`` and ``micropip``), the
    size and SHA-256 of the files it downloads (sizes for its progress, hashes for the
    key of its memory snapshots) and ``worker``, a hash of the worker's own code as in
    web/ (a snapshot is kept only for the boot code that made it).
    """
    worker = site / WORKER
    template = worker.read_text()
    if template.count(BOOT_PLACEHOLDER) != 1:
        raise SystemExit(f"web/{WORKER} must hold the line {BOOT_PLACEHOLDER!r} once")
    pyodide_dir = parts["pyodide"]["path"]
    downloads = [pyodide_dir + "pyodide.asm.wasm", pyodide_dir + "python_stdlib.zip"]
    downloads += [parts["engine"][key] for key in ("wheel", "bytecode") if key in parts["engine"]]
    if "snapshot" in parts["engine"]:
        downloads.append(parts["engine"]["snapshot"]["path"])
    boot = {
        **parts,
        "files": {
            path: {"size": (site / path).stat().st_size, "sha256": sha256_file(site / path)}
            for path in downloads
        },
        "worker": hashlib.sha256(template.encode()).hexdigest(),
    }
    worker.write_text(template.replace(BOOT_PLACEHOLDER, f"const BOOT = {json.dumps(boot)};"))


def finish_site(site: Path, parts: dict[str, Any]) -> dict[str, Any]:
    """Name the site's build, write its service worker and build.json; return the manifest.

    ``parts`` holds build.json's ``engine``, ``pyodide`` and ``micropip`` entries. The
    build's id is a hash of every file's path and content, so any change to the site is
    a new build; ``sw.js`` (from ``web/sw.js``) gets the id and the precache list (every
    file with its SHA-256 as a Subresource Integrity value), and so changes with it.
    """
    files: dict[str, dict[str, Any]] = {
        path.relative_to(site).as_posix(): {
            "size": path.stat().st_size,
            "sha256": sha256_file(path),
        }
        for path in sorted(site.rglob("*"))
        if path.is_file() and path.name not in ("sw.js", "build.json")
    }
    digest = hashlib.sha256()
    for name, entry in files.items():
        digest.update(f"{name}\0{entry['sha256']}\n".encode())
    build_id = digest.hexdigest()[:16]
    precache = {
        "build": build_id,
        # build.json is checked by its "build" instead (it lists sw.js's own hash)
        "files": [[name, integrity(entry["sha256"])] for name, entry in files.items()]
        + [["build.json", None]],
    }
    template = (WEB / "sw.js").read_text()
    placeholder = "const PRECACHE = null;"
    if template.count(placeholder) != 1:
        raise SystemExit(f"web/sw.js must hold the line {placeholder!r} once")
    sw = site / "sw.js"
    sw.write_text(template.replace(placeholder, f"const PRECACHE = {json.dumps(precache)};"))
    files["sw.js"] = {"size": sw.stat().st_size, "sha256": sha256_file(sw)}
    manifest = {"build": build_id, **parts, "files": dict(sorted(files.items()))}
    (site / "build.json").write_text(json.dumps(manifest, indent=1) + "\n")
    return manifest


def assemble_site(
    wheel: Path,
    micropip: Path,
    pyodide: Path,
    bytecode: Path | None = None,
    snapshot: tuple[Path, int] | None = None,
) -> dict[str, Any]:
    """Write dist/: the web files, Pyodide, the two wheels (and the engine's bytecode),
    icons, sw.js and build.json.

    Returns the manifest (build.json's content).

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
        engine: dict[str, Any] = {"version": wheel.name.split("-")[1], "wheel": engine_path}
        if bytecode is not None:
            engine["bytecode"] = f"wheels/{wheel_sha[:16]}/{bytecode.name}"
            shutil.copy2(bytecode, work / engine["bytecode"])
        if snapshot is not None:
            engine["snapshot"] = {
                "path": f"wheels/{wheel_sha[:16]}/{snapshot[0].name}",
                "size": snapshot[1],
            }
            shutil.copy2(snapshot[0], work / engine["snapshot"]["path"])
        micropip_path = f"wheels/{micropip.name}"
        shutil.copy2(micropip, work / micropip_path)
        draw_icons(work)
        parts = {
            "engine": engine,
            "pyodide": {"version": PYODIDE_VERSION, "path": "pyodide/"},
            "micropip": {"version": MICROPIP_VERSION, "wheel": micropip_path},
        }
        write_boot_manifest(work, parts)
        manifest = finish_site(work, parts)
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
        bytecode = build_bytecode(wheel, pyodide)
        snapshot = build_snapshot(wheel, bytecode, pyodide)
        return assemble_site(wheel, micropip, pyodide, bytecode, snapshot)


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
    """ruff (lint and format) on all the project's Python, mypy (strict) on the engine,
    build.py and the benchmarks."""
    bin_dir = VENV / "bin"
    targets = ["engine", "tests", "bench", "build.py"]
    codes = [
        status([bin_dir / "ruff", "check", *targets]),
        status([bin_dir / "ruff", "format", "--check", *targets]),
        status([bin_dir / "mypy"]),  # pyproject: strict, on engine/
        status([bin_dir / "mypy", "--strict", "build.py", "bench"]),
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
    """What a fresh machine lacks: the venv, Chromium and axe-core (for the browser layer)."""
    ensure_venv()
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


# Benchmarks: name -> script (run with the venv's Python, after a build)
BENCHMARKS = {"startup": ROOT / "bench" / "startup.py", "bots": ROOT / "bench" / "bots.py"}


def cmd_bench(args: argparse.Namespace) -> int:
    """``bench NAME``: set up, build, then run a benchmark (not a test: it reports figures)."""
    ensure_venv()
    ensure_chromium()
    build_site()
    extra = ["--runs", str(args.runs)] if args.runs else []
    return status([venv_python(), BENCHMARKS[args.name], *extra])


COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "build": cmd_build,
    "serve": cmd_serve,
    "test": cmd_test,
    "bench": cmd_bench,
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
    bench = sub.add_parser("bench", help="run a benchmark (docs/PERFORMANCE.md, docs/BOTS.md)")
    bench.add_argument("name", choices=list(BENCHMARKS), help="which benchmark")
    bench.add_argument("--runs", type=int, help="runs of each kind (default: the benchmark's)")
    args = parser.parse_args(argv)
    args.pytest_args = pytest_args
    return args


def main(argv: Sequence[str]) -> int:
    """Run the subcommand named on the command line."""
    args = parse_args(argv)
    return COMMANDS[args.command](args)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
