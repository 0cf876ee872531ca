"""The headers a static host sends with the site (docs/HOSTING.md, tools/headers.py): the
built site carries ``_headers``, its policies agree with the pages' meta tags, the test
server sends them (so every browser test runs under them), and in Chromium the card room
cannot be framed by another site while the demo page can."""

from __future__ import annotations

import json
import re
import threading
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from tools.headers import FRAMEABLE, HEADERS_FILE, page_csp, parse
from tools.server import make_server

ROOT = Path(__file__).resolve().parents[2]


def directives(policy: str) -> dict[str, str]:
    """A policy's directives by name."""
    out = {}
    for part in policy.split(";"):
        name, _, value = part.strip().partition(" ")
        out[name] = value
    return out


def test_the_built_site_carries_its_headers(site_dir: Path) -> None:
    rules = dict(parse((site_dir / HEADERS_FILE).read_text()))
    common = rules["/*"]
    assert common["X-Content-Type-Options"] == "nosniff"
    assert common["Referrer-Policy"] == "no-referrer"
    pages = sorted(path.name for path in site_dir.glob("*.html"))
    assert {"index.html", "embed.html", "demos.html"} <= set(pages)
    for name in pages:
        header = directives(rules[f"/{name}"]["Content-Security-Policy"])
        meta = directives(page_csp(site_dir / name))
        # the meta tag cannot carry frame-ancestors: the header adds it, and agrees on the rest
        assert "frame-ancestors" not in meta
        assert {k: v for k, v in header.items() if k != "frame-ancestors"} == meta, name
        if name in FRAMEABLE:
            assert header["frame-ancestors"] == "*"
            assert "X-Frame-Options" not in rules[f"/{name}"]
        else:
            assert header["frame-ancestors"] == "'none'", name
            assert rules[f"/{name}"]["X-Frame-Options"] == "DENY"
    assert rules["/"] == rules["/index.html"]
    worker = directives(rules["/js/engine/worker.js"]["Content-Security-Policy"])
    assert "'wasm-unsafe-eval'" in worker["script-src"]
    assert rules["/sw.js"]["Cache-Control"] == "no-cache"
    # hosts read the file and do not serve it: neither the precache nor build.json lists it
    manifest = json.loads((site_dir / "build.json").read_text())
    assert HEADERS_FILE not in manifest["files"]
    assert f'"{HEADERS_FILE}"' not in (site_dir / "sw.js").read_text()


def test_the_nginx_snippet_sends_the_same_policies(site_dir: Path) -> None:
    rules = parse((site_dir / HEADERS_FILE).read_text())
    built = {
        headers["Content-Security-Policy"]
        for _, headers in rules
        if "Content-Security-Policy" in headers
    }
    doc = (ROOT / "docs" / "HOSTING.md").read_text()
    documented = set(re.findall(r'add_header Content-Security-Policy "([^"]+)"', doc))
    assert documented == built


def test_the_server_sends_them(site: str) -> None:
    with urllib.request.urlopen(f"{site}/") as response:
        assert "frame-ancestors 'none'" in response.headers["Content-Security-Policy"]
        assert response.headers["X-Content-Type-Options"] == "nosniff"
    with urllib.request.urlopen(f"{site}/embed.html?demo=slam") as response:
        assert response.headers["Content-Security-Policy"].endswith("frame-ancestors *")
    with pytest.raises(urllib.error.HTTPError) as error:
        urllib.request.urlopen(f"{site}/{HEADERS_FILE}")
    assert error.value.code == 404


def test_another_site_may_frame_the_demos_but_not_the_card_room(
    browser: Browser, site: str, tmp_path: Path
) -> None:
    # a host page served from another origin (localhost; the site is at 127.0.0.1)
    (tmp_path / "host.html").write_text(
        "<!doctype html><meta charset='utf-8'><title>Host</title>"
        f"<iframe id='room' src='{site}/'></iframe>"
        f"<iframe id='demos' src='{site}/demos.html'></iframe>"
        f"<iframe id='embed' src='{site}/embed.html?demo=slam'></iframe>"
    )
    server = make_server(tmp_path, port=0, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(f"http://localhost:{server.server_address[1]}/host.html")
        page.frame_locator("#embed").locator("main, body").first.wait_for(state="attached")

        def settled() -> list[str]:
            """The frames' addresses once the two refused ones show the browser's error
            page (polled: cross-origin frames cannot be watched from the host page)."""
            for _ in range(300):
                urls = [frame.url for frame in page.frames[1:]]
                if sum(url.startswith("chrome-error://") for url in urls) == 2:
                    return urls
                page.wait_for_timeout(100)
            return [frame.url for frame in page.frames[1:]]

        urls = settled()
        assert sum(url.startswith("chrome-error://") for url in urls) == 2, urls
        assert any(url.startswith(f"{site}/embed.html") for url in urls), urls
    finally:
        context.close()
        server.shutdown()
        server.server_close()
        thread.join()
