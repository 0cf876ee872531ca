"""The PNG icons of the web app manifest, drawn from the project's SVGs by resvg
(``tools/icons.mjs`` under Node, ``@resvg/resvg-js`` from ``tools/package-lock.json``).
Drawn PNGs are cached in ``.cache/icons/`` by the SVG, the size, the script and the
lockfile."""

from __future__ import annotations

import hashlib
import os
import shutil
from pathlib import Path

from tools.common import CACHE, TOOLS, run
from tools.node_packages import lock_key, node_modules

ICON_SCRIPT = TOOLS / "icons.mjs"
# (output path in the site, source SVG in the site, size in pixels)
ICONS = (
    ("icons/icon-192.png", "icons/icon.svg", 192),
    ("icons/icon-512.png", "icons/icon.svg", 512),
    ("icons/maskable-192.png", "icons/maskable.svg", 192),
    ("icons/maskable-512.png", "icons/maskable.svg", 512),
    ("icons/apple-touch-icon.png", "icons/maskable.svg", 180),
)


def cached_icon(svg: Path, size: int) -> Path:
    """Where the PNG of ``svg`` at ``size`` pixels is kept in the cache."""
    digest = hashlib.sha256()
    digest.update(f"{lock_key()} {size}\0".encode())
    digest.update(ICON_SCRIPT.read_bytes() + b"\0" + svg.read_bytes())
    return CACHE / "icons" / f"{digest.hexdigest()[:24]}.png"


def draw_icons(site: Path) -> None:
    """Write the PNG icons into the site, drawn from its SVGs (those not cached, in one
    run of Node)."""
    jobs = [(site / source, size, site / output) for output, source, size in ICONS]
    missing: dict[Path, tuple[Path, int]] = {}  # cached PNG -> (SVG, size)
    for svg, size, _ in jobs:
        if not svg.is_file():
            raise SystemExit(f"icons: {svg.relative_to(site)} is missing")
        cached = cached_icon(svg, size)
        if not cached.is_file():
            missing[cached] = (svg, size)
    if missing:
        draw(missing)
    for svg, size, output in jobs:
        shutil.copy2(cached_icon(svg, size), output)


def draw(pngs: dict[Path, tuple[Path, int]]) -> None:
    """Draw each PNG from its (SVG, size) with resvg, in one run of Node."""
    if shutil.which("node") is None:
        raise SystemExit("icons: node (20 or newer, with npm) is needed to draw them")
    temporaries = {png: png.with_name(f".{png.name}.{os.getpid()}") for png in pngs}
    arguments = [
        str(part) for png, (svg, size) in pngs.items() for part in (svg, size, temporaries[png])
    ]
    next(iter(pngs)).parent.mkdir(parents=True, exist_ok=True)
    try:
        run(["node", ICON_SCRIPT, node_modules(), *arguments])
        for png, temporary in temporaries.items():
            temporary.replace(png)
    finally:
        for temporary in temporaries.values():
            temporary.unlink(missing_ok=True)
