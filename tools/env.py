"""What a fresh machine lacks: the virtual environment ``.venv`` (the build's packages of
``tools/requirements.txt``, and for the tests and benchmarks ``tests/requirements.txt``),
Debian's Chromium and Node. build.py sets the environment up and then runs in it."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from tools.common import ROOT, TOOLS, VENV, log, run, run_quiet

BUILD_REQUIREMENTS = TOOLS / "requirements.txt"
# The tests' and benchmarks' tools; the file includes the build's and OpenSpiel's
TEST_REQUIREMENTS = ROOT / "tests" / "requirements.txt"
OPENSPIEL_REQUIREMENTS = ROOT / "bench" / "requirements-openspiel.txt"

CHROMIUM = Path("/usr/bin/chromium")
# Chromium's own traffic (updates, sync, field trials) would leave the origin and, with
# no network here, only slow it down
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def venv_python() -> Path:
    """The virtual environment's interpreter."""
    return VENV / "bin" / "python"


def in_venv() -> bool:
    """Whether this process runs the virtual environment's Python."""
    return Path(sys.prefix).resolve() == VENV.resolve()


def ensure_venv(requirements: Path) -> None:
    """Create .venv when it is missing; install ``requirements`` into it unless they (and
    the build's, which the tests' include) were installed as they are now."""
    if not venv_python().exists():
        log("creating .venv")
        run([sys.executable, "-m", "venv", VENV])
    stamp = VENV / f"celestix-{requirements.parent.name}-requirements.sha256"
    digest = hashlib.sha256()
    for path in (BUILD_REQUIREMENTS, OPENSPIEL_REQUIREMENTS, requirements, VENV / "pyvenv.cfg"):
        digest.update(path.read_bytes() + b"\0")
    wanted = digest.hexdigest()
    if stamp.is_file() and stamp.read_text() == wanted:
        return
    log(f"installing {requirements.relative_to(ROOT)} into .venv")
    run_quiet(
        [
            venv_python(),
            "-m",
            "pip",
            "install",
            "--disable-pip-version-check",
            "-r",
            requirements,
        ]
    )
    stamp.write_text(wanted)


def enter_venv(argv: Sequence[str]) -> None:
    """Set .venv up for build.py's command line ``argv`` (the tests' packages for
    ``test`` and ``bench``, else the build's), then, unless this is already the venv's
    Python, run build.py again with it (the same arguments: this process is replaced).
    Exits with a message when the set-up fails."""
    tests = bool(argv) and argv[0] in ("test", "bench", "format")
    try:
        ensure_venv(TEST_REQUIREMENTS if tests else BUILD_REQUIREMENTS)
    except subprocess.CalledProcessError as error:
        raise SystemExit(f"[build.py] setting up .venv failed: {error}") from error
    if not in_venv():
        python = str(venv_python())
        os.execv(python, [python, str(ROOT / "build.py"), *argv])


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
