"""What every step of the build uses: the project's paths, progress lines, running
commands, the cache's locks and directories swapped into place whole."""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "dist"
CACHE = ROOT / ".cache"
VENV = ROOT / ".venv"
RESULTS = ROOT / "test-results"
WEB = ROOT / "web"
ENGINE = ROOT / "engine"
TOOLS = ROOT / "tools"


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
    """Run a chatty command (pip, npm), showing its output only when it fails."""
    try:
        run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, **kwargs)
    except subprocess.CalledProcessError as error:
        print(error.stdout, file=sys.stderr, flush=True)
        raise


def status(command: Sequence[str | Path], env: Mapping[str, str] | None = None) -> int:
    """Run a command in the project root: its exit status."""
    arguments = [str(part) for part in command]
    return subprocess.run(arguments, check=False, cwd=ROOT, env=env).returncode


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
