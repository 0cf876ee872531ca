"""The HTTP headers a static host sends with the site: ``dist/_headers`` (docs/HOSTING.md).

The file is in the format of Netlify and Cloudflare Pages: a path (``/*`` matches every
path), then its headers, indented. A page's Content-Security-Policy is the one its meta
tag carries plus ``frame-ancestors``, which a meta tag cannot carry: ``'none'`` for the
card room's pages, ``*`` for the demo page (``embed.html``), which other sites frame.
The engine's worker and the service worker get policies of their own (a worker's
policy comes from its script's response, never from the page). ``build.py serve`` and
the browser tests serve the site with these headers (tools/server.py).
"""

from __future__ import annotations

import re
from pathlib import Path

HEADERS_FILE = "_headers"
# Pages other sites may frame: the rules demos (docs/EMBED.md)
FRAMEABLE = ("embed.html",)
COMMON = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    # the camera for the site's own pages only: the host scans a friend's answer
    # (docs/FRIENDS.md); no other page, nor a page framing the site, may use it
    "Permissions-Policy": (
        "camera=(self), microphone=(), geolocation=(), payment=(), usb=(), serial=(),"
        " hid=(), midi=()"
    ),
}
# The engine's worker: its own scripts and Pyodide's, which compiles WebAssembly
WORKER = "/js/engine/worker.js"
WORKER_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; object-src 'none'"
SERVICE_WORKER_CSP = "default-src 'self'; object-src 'none'"
# sw.js and build.json are always revalidated: the service worker is how a browser sees a
# new build, build.json the page's update check
META_CSP = re.compile(
    r'<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]+)"', re.IGNORECASE
)

Rules = list[tuple[str, dict[str, str]]]


def page_csp(page: Path) -> str:
    """The policy of a page's meta tag."""
    found = META_CSP.search(page.read_text())
    if found is None:
        raise SystemExit(f"{page.name} has no Content-Security-Policy meta tag")
    return found.group(1)


def site_rules(site: Path) -> Rules:
    """The header rules of the site in ``site`` (its pages are the top-level .html files)."""
    rules: Rules = [("/*", dict(COMMON))]
    for page in sorted(site.glob("*.html")):
        framed = page.name in FRAMEABLE
        headers = {
            "Content-Security-Policy": page_csp(page)
            + ("; frame-ancestors *" if framed else "; frame-ancestors 'none'")
        }
        if not framed:
            headers["X-Frame-Options"] = "DENY"  # for browsers without frame-ancestors
            headers["Cross-Origin-Opener-Policy"] = "same-origin"
        if page.name == "index.html":
            rules.append(("/", headers))
        rules.append((f"/{page.name}", headers))
    rules.append((WORKER, {"Content-Security-Policy": WORKER_CSP}))
    rules.append(
        ("/sw.js", {"Content-Security-Policy": SERVICE_WORKER_CSP, "Cache-Control": "no-cache"})
    )
    rules.append(("/build.json", {"Cache-Control": "no-cache"}))
    return rules


def render(rules: Rules) -> str:
    """The rules in ``_headers`` form."""
    lines = ["# The headers a static host sends with the site (docs/HOSTING.md). Built."]
    for path, headers in rules:
        lines.append(path)
        lines.extend(f"  {name}: {value}" for name, value in headers.items())
    return "\n".join(lines) + "\n"


def write_headers(site: Path) -> None:
    """Write ``_headers`` into the site."""
    (site / HEADERS_FILE).write_text(render(site_rules(site)))


def parse(text: str) -> Rules:
    """The rules of a ``_headers`` file (comments and blank lines skipped)."""
    rules: Rules = []
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line[0].isspace():
            rules.append((line.strip(), {}))
        elif rules:
            name, _, value = line.strip().partition(":")
            rules[-1][1][name.strip()] = value.strip()
    return rules


def headers_for(rules: Rules, path: str) -> dict[str, str]:
    """The headers of every rule matching the URL path ``path`` (``/*``-style splats)."""
    out: dict[str, str] = {}
    for pattern, headers in rules:
        if pattern == path or (pattern.endswith("*") and path.startswith(pattern[:-1])):
            out.update(headers)
    return out
