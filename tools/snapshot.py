"""The memory snapshot of Pyodide with the engine imported (``tools/snapshot.mjs``, under
Node, installing the engine with the worker's own install step, ``web/js/engine/install.js``),
gzipped: a first visit restores it instead of starting Python (docs/BRIDGE.md, "Boot")."""

from __future__ import annotations

import hashlib
import os
import shutil
from pathlib import Path

from tools.bytecode import run_pyodide_script
from tools.common import TOOLS, WEB, log
from tools.downloads import PYODIDE_VERSION

SNAPSHOT_SCRIPT = TOOLS / "snapshot.mjs"
# The install step the script shares with the worker (and the largest heap a browser
# restores, SNAPSHOT_HEAP_LIMIT)
INSTALL_STEP = WEB / "js" / "engine" / "install.js"


def build_snapshot(wheel: Path, bytecode: Path | None, pyodide: Path) -> tuple[Path, int] | None:
    """The gzipped memory snapshot of Pyodide with the engine imported, and its size
    unzipped; cached beside the wheel. None (with a warning) without Node or the bytecode,
    or when it cannot be made: first visits then start Python as bare Pyodide does."""
    code = SNAPSHOT_SCRIPT.read_bytes() + INSTALL_STEP.read_bytes()
    script = hashlib.sha256(code).hexdigest()[:8]
    target = wheel.with_name(f"{wheel.stem}.pyodide-{PYODIDE_VERSION}.{script}.snapshot.gz")
    if not target.is_file():
        if bytecode is None or shutil.which("node") is None:
            log("warning: no node: the engine's snapshot is not built (first visits start Python)")
            return None
        log("making the engine's memory snapshot with Pyodide's Python")
        args: list[str | Path] = [wheel, bytecode]
        failure = "the engine's snapshot was not made"
        if not run_pyodide_script(SNAPSHOT_SCRIPT, pyodide, args, target, failure):
            return None
    with target.open("rb") as gz:
        gz.seek(-4, os.SEEK_END)
        return target, int.from_bytes(gz.read(4), "little")
