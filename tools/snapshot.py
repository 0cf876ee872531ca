"""The memory snapshot of Pyodide with the engine imported (``tools/snapshot.mjs``, under
Node), gzipped: a first visit restores it instead of starting Python (docs/BRIDGE.md,
"Boot")."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from tools.bytecode import run_pyodide_script
from tools.common import TOOLS, log, sha256_file
from tools.downloads import PYODIDE_VERSION

SNAPSHOT_SCRIPT = TOOLS / "snapshot.mjs"
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
