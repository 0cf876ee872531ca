"""The pinned downloads: Pyodide's files, the QR code library and axe-core from npm,
micropip and the Pyodide test wheels from PyPI. Each is checked against its published
hash and cached in ``.cache/``; a download is assembled beside its place and moved in
whole."""

from __future__ import annotations

import base64
import hashlib
import shutil
import subprocess
import sys
import tarfile
from collections.abc import Sequence
from pathlib import Path

from tools.common import (
    CACHE,
    ROOT,
    cache_lock,
    fresh_dir,
    log,
    replace_dir,
    run,
    run_quiet,
    sha256_file,
)

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
# @paulmillr/qr, the QR codes of invitations and answers (drawn, and read from a camera
# where the browser has no BarcodeDetector): its ES modules and licences, shipped in the
# site's vendor/qr/. npm's published integrity and shasum of paulmillr-qr-0.3.0.tgz
QR_VERSION = "0.3.0"
QR_SHA512 = (
    "3s/cagXuoXTA2gWSfSfJNanNgm2ifmqgoX8WLOs5//3qrIJ3WWHFjqFqCxvYGf46Afwv6PctT9eAOXLDGwp96Q=="
)
QR_SHA1 = "6bfc4178eaefc5defb9a3820cbf970aac0b0c2c3"
# package path -> name in vendor/qr/ (decode.js imports ./index.js beside it)
QR_FILES = {
    "esm/index.js": "index.js",
    "esm/decode.js": "decode.js",
    "LICENSE": "LICENSE",
    "LICENSE-MIT": "LICENSE-MIT",
}
MICROPIP_VERSION = "0.11.1"
MICROPIP_WHEEL = f"micropip-{MICROPIP_VERSION}-py3-none-any.whl"
MICROPIP_SHA256 = "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3"
# Python of Pyodide 314.0.7, for `pip download --python-version`
PYODIDE_PYTHON = "3.14"


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
        # (a scoped package's tarball: @scope/name -> scope-name-version.tgz)
        tarball = work / f"{package.lstrip('@').replace('/', '-')}-{version}.tgz"
        data = tarball.read_bytes()
        got = base64.b64encode(hashlib.sha512(data).digest()).decode()
        if got != sha512 or hashlib.sha1(data).hexdigest() != sha1:
            raise SystemExit(f"{package} tarball checksum mismatch: sha512 {got}")
        with tarfile.open(tarball) as archive:
            for name in names:
                source = archive.extractfile(f"package/{name}")
                if source is None:
                    raise SystemExit(f"{package} tarball lacks {name}")
                (work / name).parent.mkdir(parents=True, exist_ok=True)
                (work / name).write_bytes(source.read())
        tarball.unlink()
        replace_dir(work, target)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def fetch_qr() -> Path:
    """The QR code library's files (package paths as in :data:`QR_FILES`), cached."""
    target = CACHE / f"qr-{QR_VERSION}"
    if all((target / name).is_file() for name in QR_FILES):
        return target
    with cache_lock("qr"):
        if not all((target / name).is_file() for name in QR_FILES):
            fetch_npm_files("@paulmillr/qr", QR_VERSION, QR_SHA512, QR_SHA1, list(QR_FILES), target)
    return target


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
