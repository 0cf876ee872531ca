"""The engine's bytecode: the wheel's modules compiled by Pyodide's own Python under Node
(``tools/bytecode.mjs``), so a cold boot in the browser imports the engine without
compiling it (docs/BRIDGE.md). Also the helper that runs the build's Pyodide scripts."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Sequence
from pathlib import Path

from tools.common import TOOLS, log, run
from tools.downloads import PYODIDE_VERSION

BYTECODE_SCRIPT = TOOLS / "bytecode.mjs"


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
