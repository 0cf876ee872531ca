"""The site: ``dist/`` assembled from ``web/``, the vendored Pyodide and QR code library
(``vendor/qr/``, with its licences), the wheels, the
engine's bytecode and snapshot, the icons and the rules pages; the boot manifest written
into the engine's worker, the precache list into ``sw.js``, and ``build.json``."""

from __future__ import annotations

import base64
import hashlib
import json
import shutil
from pathlib import Path
from typing import Any

from tools.bytecode import build_bytecode
from tools.common import DIST, ROOT, WEB, cache_lock, fresh_dir, log, replace_dir, sha256_file
from tools.downloads import (
    MICROPIP_VERSION,
    PYODIDE_FILES,
    PYODIDE_VERSION,
    QR_FILES,
    fetch_micropip,
    fetch_pyodide,
    fetch_qr,
)
from tools.headers import HEADERS_FILE, write_headers
from tools.icons import draw_icons
from tools.rules_pages import render_rules_pages
from tools.snapshot import build_snapshot
from tools.wheel import build_wheel


def integrity(sha256_hex: str) -> str:
    """A Subresource Integrity value (``sha256-<base64>``) from a hex SHA-256."""
    return "sha256-" + base64.b64encode(bytes.fromhex(sha256_hex)).decode()


# The engine's worker in the site, and the line the build writes its boot manifest over
# Files of the site that build.json and the precache do not list
UNLISTED = ("sw.js", "build.json", HEADERS_FILE)
WORKER = "js/engine/worker.js"
# The modules the worker imports (its ENGINE_MODULES): part of its code's hash
WORKER_MODULES = ("js/engine/install.js", "js/engine/runtime.js", "js/engine/json.js")
BOOT_PLACEHOLDER = "const BOOT = null;"
# The QR code library in the site (web/js/table/friends/qr.js imports it from there)
QR_DIR = "vendor/qr"


def write_boot_manifest(site: Path, parts: dict[str, Any]) -> None:
    """Write into the site's engine worker what it loads (``const BOOT = {...}``).

    The worker then starts every download at its first moment instead of waiting for
    build.json: ``parts`` (build.json's ``engine``, ``pyodide`` and ``micropip``), the
    size and SHA-256 of the files it downloads (sizes for its progress, hashes for the
    key of its memory snapshots) and ``worker``, a hash of the worker's own code as in
    web/ and of the modules it imports (:func:`worker_code_hash`).
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
        "worker": worker_code_hash(template, site),
    }
    worker.write_text(template.replace(BOOT_PLACEHOLDER, f"const BOOT = {json.dumps(boot)};"))


def worker_code_hash(template: str, site: Path) -> str:
    """The hash of the worker's code as in web/ (``template``) and of the modules it
    imports: a snapshot is kept only for the boot code that made it."""
    digest = hashlib.sha256(template.encode())
    for module in WORKER_MODULES:
        digest.update((site / module).read_bytes())
    return digest.hexdigest()


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
        # (_headers is read by the host, which does not serve it)
        if path.is_file() and path.relative_to(site).as_posix() not in UNLISTED
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
    qr: Path | None = None,
) -> dict[str, Any]:
    """Write dist/: the web files, Pyodide, the QR code library, the two wheels (and the
    engine's bytecode and snapshot), icons, the rules pages, the hosts' headers, sw.js and
    build.json.

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
        if qr is not None:
            (work / QR_DIR).mkdir(parents=True)
            for name, vendored in QR_FILES.items():
                shutil.copy2(qr / name, work / QR_DIR / vendored)
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
        render_rules_pages(work)
        write_headers(work)
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
        qr = fetch_qr()
        wheel = build_wheel()
        bytecode = build_bytecode(wheel, pyodide)
        snapshot = build_snapshot(wheel, bytecode, pyodide)
        return assemble_site(wheel, micropip, pyodide, bytecode, snapshot, qr)
