"""The npm packages the build itself uses (never shipped in the site): pinned with their
published integrity in ``tools/package-lock.json`` and installed by ``npm ci``, which
refuses any tarball whose hash differs, into ``.cache/node-packages/<hash of the
lockfile>/node_modules``. Only the lockfile's packages for this machine's platform are
installed (npm picks the native ones by operating system, processor and C library)."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

from tools.common import CACHE, TOOLS, cache_lock, fresh_dir, log, replace_dir, run_quiet

PACKAGE_FILES = (TOOLS / "package.json", TOOLS / "package-lock.json")
# how many installs of other lockfiles are kept beside this one
KEEP_OTHERS = 2


def lock_key() -> str:
    """A hash of the package list and its lockfile: names the installed copy."""
    digest = hashlib.sha256()
    for path in PACKAGE_FILES:
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def node_modules() -> Path:
    """The ``node_modules`` directory of the pinned packages, installed when missing."""
    target = CACHE / "node-packages" / lock_key()
    modules = target / "node_modules"
    if modules.is_dir():
        return modules
    with cache_lock("node-packages"):
        if modules.is_dir():
            return modules
        if shutil.which("npm") is None:
            raise SystemExit("npm (with Node 20 or newer) is needed for the build's packages")
        log("installing the build's npm packages (tools/package-lock.json)")
        work = fresh_dir(target)
        try:
            for path in PACKAGE_FILES:
                shutil.copy2(path, work / path.name)
            # --ignore-scripts: no package needs an install script (resvg's native code
            # is a package of its own for each platform)
            run_quiet(
                ["npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"],
                cwd=work,
            )
            replace_dir(work, target)
        finally:
            shutil.rmtree(work, ignore_errors=True)
        # keep the cache small: this lockfile's packages and the few installed last
        # (worktrees of one clone share the cache, and a branch may pin other packages)
        others = sorted(
            (old for old in target.parent.iterdir() if old != target),
            key=lambda old: old.stat().st_mtime,
            reverse=True,
        )
        for old in others[KEEP_OTHERS:]:
            shutil.rmtree(old, ignore_errors=True)
    return modules
