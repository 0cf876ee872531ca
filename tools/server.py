"""The static server of ``build.py serve``, also used by the browser tests and the
benchmarks: the MIME types the site needs, ``Cache-Control: no-cache``, and the headers
of the site's ``_headers`` file, as a static host sends them (tools/headers.py)."""

from __future__ import annotations

import functools
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from tools.headers import HEADERS_FILE, headers_for, parse

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".map": "application/json",
    ".wasm": "application/wasm",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".webmanifest": "application/manifest+json",
    ".woff2": "font/woff2",
    ".txt": "text/plain; charset=utf-8",
    ".md": "text/plain; charset=utf-8",
    ".whl": "application/zip",
    ".zip": "application/zip",
    "": "application/octet-stream",
}


class SiteHandler(SimpleHTTPRequestHandler):
    """Serves a static directory with the MIME types the site needs.

    ``Cache-Control: no-cache`` makes browsers revalidate, so a rebuild is seen on reload
    (unchanged files still answer 304: copies keep their modification times).
    """

    extensions_map = MIME_TYPES
    quiet = False

    def send_head(self) -> Any:
        if self.path.split("?")[0] == f"/{HEADERS_FILE}":  # read by hosts, never served
            self.send_error(404)
            return None
        return super().send_head()

    def end_headers(self) -> None:
        rules = Path(self.directory, HEADERS_FILE)
        path = self.path.split("?")[0]
        site = headers_for(parse(rules.read_text()), path) if rules.is_file() else {}
        for name, value in {"Cache-Control": "no-cache", **site}.items():
            self.send_header(name, value)
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        if not self.quiet:
            super().log_message(format, *args)


def make_server(directory: Path, port: int = 0, quiet: bool = False) -> ThreadingHTTPServer:
    """A threading HTTP server for ``directory`` on 127.0.0.1 (port 0: a free port)."""
    handler = type("Handler", (SiteHandler,), {"quiet": quiet})
    server = ThreadingHTTPServer(
        ("127.0.0.1", port), functools.partial(handler, directory=str(directory))
    )
    server.daemon_threads = True
    return server
