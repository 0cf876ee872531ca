"""The installable site and the engine's snapshot boot (docs/OFFLINE.md, docs/BRIDGE.md).

* The web app manifest is valid and Chromium finds the site installable; its icons load
  and are the sizes they claim, and each PNG looks as Chromium draws its SVG at that size
  (the build draws them with resvg); the page links what browsers look for; the service worker
  caches every file of the build and serves them with their content types (the wasm still
  compiles by streaming); persistent storage was asked for.
* The engine gives the same answers whichever way it booted: micropip (the reference
  installer), cold (the wheel unpacked, a snapshot made), from the build's memory
  snapshot (a first visit) and from the stored one; a damaged stored snapshot is dropped
  silently and the build's is restored, a damaged build snapshot leaves a cold boot; a
  slow connection skips the build's snapshot.

The conftest fails any test whose page throws or makes a request that leaves the origin.
"""

from __future__ import annotations

import base64
import json
import re
import struct
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserType, Page, Route, expect

from celestix import api
from tools.icons import ICONS

BOOT_TIMEOUT_MS = 120_000
BRIDGE_PAGE_PATH = "/__pwa_bridge_test__.html"
# A test-only page (served by a Playwright route, never shipped) with the bridge only
BRIDGE_PAGE = """<!doctype html>
<html lang="en"><meta charset="utf-8"><title>Bridge test</title>
<script type="module">
  import { engine } from "/js/engine/bridge.js";
  window.engine = engine;
</script>
</html>
"""
# What the engine answers for a few calls: compared across the boot paths and with CPython
ANSWERS = """async () => {
  const boot = await engine.ready.then(() => engine.boot);
  const dealt = await engine.newGame("patience", { start: "no-king" }, 12345);
  const plain = await engine.newGame("patience", null, 7);
  const turn = await engine.turn(dealt, 0);
  const step = await engine.apply(dealt, { type: "deal" }, 0);
  const games = await engine.games();
  const fresh = [(await engine.newGame("patience")).seed, (await engine.newGame("patience")).seed];
  return { boot, same: { dealt, plain, turn, step, games }, fresh };
}"""
SNAPSHOT_CACHE = "celestix-snapshots"
ICONS_PAGE_PATH = "/__pwa_icons_test__.html"
# Each PNG icon beside the Chromium rendering of the SVG it is drawn from, compared pixel by
# pixel (RGBA, premultiplied as canvases are): the mean difference, and the share of
# values that differ by more than a quarter (edges anti-aliased another way differ less)
COMPARE_ICON = """async ([png, svg, size]) => {
  const pixels = async (src) => {
    const image = new Image();
    image.src = src;
    await image.decode();
    const canvas = new OffscreenCanvas(size, size);
    const context = canvas.getContext("2d");
    context.drawImage(image, 0, 0, size, size);
    return { data: context.getImageData(0, 0, size, size).data, width: image.naturalWidth };
  };
  const [drawn, reference] = [await pixels(png), await pixels(svg)];
  let total = 0;
  let far = 0;
  for (let i = 0; i < drawn.data.length; i++) {
    const difference = Math.abs(drawn.data[i] - reference.data[i]);
    total += difference;
    if (difference > 64) far += 1;
  }
  return { width: drawn.width, mean: total / drawn.data.length, far: far / drawn.data.length };
}"""
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_size(data: bytes) -> tuple[int, int]:
    """The width and height in a PNG's header."""
    assert data[:8] == PNG_SIGNATURE and data[12:16] == b"IHDR", data[:16]
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def open_site(page: Page, path: str = "/") -> None:
    """Open the site and wait until a service worker controls it (everything is cached)."""
    page.goto(path)
    page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_selector("html[data-offline=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)


def test_site_is_installable_and_cached(page: Page, site_dir: Path) -> None:
    build = json.loads((site_dir / "build.json").read_text())
    open_site(page)

    cdp = page.context.new_cdp_session(page)
    found = cdp.send("Page.getAppManifest")
    assert found["url"].endswith("/manifest.webmanifest")
    assert found["errors"] == [], found["errors"]
    # Chromium's own installability check: nothing wrong with the site (a Playwright context
    # is an incognito one, which Chromium never installs from; that is the only complaint)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert {error["errorId"] for error in errors} <= {"in-incognito"}, errors

    manifest = json.loads(found["data"])
    assert manifest["name"] == "Celestix card room" and manifest["short_name"] == "Celestix"
    assert manifest["display"] == "standalone" and manifest["start_url"] == "./"
    theme = page.locator("meta[name=theme-color]").get_attribute("content")
    assert manifest["theme_color"] == theme
    css = (site_dir / "css" / "base.css").read_text()
    for colour in (manifest["theme_color"], manifest["background_color"]):
        assert re.search(rf"--[\w-]+:\s*{colour};", css), f"{colour} is not a colour of the site"

    # every icon loads (through the service worker) and is the size it claims
    icons = {(icon["sizes"], icon.get("purpose", "any")): icon for icon in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= set(icons)
    links = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll("link[rel]")]
              .map((link) => [link.rel, link.getAttribute("href")]))"""
    )
    assert links["manifest"] == "manifest.webmanifest"
    wanted = [(icon["src"], icon["sizes"]) for icon in manifest["icons"]]
    wanted.append((links["apple-touch-icon"], "180x180"))
    for src, sizes in wanted:
        fetched = page.evaluate(
            """async (src) => {
              const response = await fetch(src);
              const bytes = new Uint8Array(await response.arrayBuffer());
              let text = "";
              for (const byte of bytes) text += String.fromCharCode(byte);
              return { status: response.status, type: response.headers.get("content-type"),
                       body: btoa(text) };
            }""",
            src,
        )
        assert fetched["status"] == 200, src
        data = base64.b64decode(fetched["body"])
        if src.endswith(".png"):
            assert fetched["type"] == "image/png", src
            assert "x".join(map(str, png_size(data))) == sizes, src
        else:
            assert fetched["type"] == "image/svg+xml" and b"<svg" in data, src

    # the build's cache holds every file of the build
    names = page.evaluate("() => caches.keys()")
    assert f"celestix-site-{build['build']}" in names
    cached = page.evaluate(
        """async (name) => (await (await caches.open(name)).keys())
              .map((request) => new URL(request.url).pathname.slice(1))""",
        f"celestix-site-{build['build']}",
    )
    assert set(build["files"]) - {"sw.js"} <= set(cached)

    # the wasm comes from the cache with its content type, and still compiles by streaming
    # (in the engine's worker: the page's content security policy allows no wasm)
    worker = next(w for w in page.workers if w.url.split("?")[0].endswith("/js/engine/worker.js"))
    with page.context.expect_event(
        "response", lambda response: response.url.endswith("/pyodide/pyodide.asm.wasm")
    ) as response_info:
        compiled = worker.evaluate(
            """async () => {
              const url = new URL("../../pyodide/pyodide.asm.wasm", location.href);
              const module = await WebAssembly.compileStreaming(fetch(url));
              return WebAssembly.Module.exports(module).length;
            }"""
        )
    assert compiled > 0
    response = response_info.value
    assert response.from_service_worker
    assert response.headers["content-type"] == "application/wasm"

    # persistent storage was asked for (headless Chromium may say no: that is its call)
    expect(page.locator("html")).to_have_attribute(
        "data-storage", re.compile("^(persistent|best-effort)$")
    )
    # the build the page runs is named
    expect(page.locator("html")).to_have_attribute("data-build", build["build"])


def test_icons_look_like_their_svgs(page: Page) -> None:
    page.route(
        f"**{ICONS_PAGE_PATH}",
        lambda route: route.fulfill(status=200, content_type="text/html", body="<!doctype html>"),
    )
    page.goto(ICONS_PAGE_PATH)
    drawings = {source for _, source, _ in ICONS}
    assert len(drawings) == 2
    for png, svg, size in ICONS:
        same = page.evaluate(COMPARE_ICON, [f"/{png}", f"/{svg}", size])
        assert same["width"] == size, png
        assert same["mean"] < 1.0 and same["far"] < 0.001, (png, same)
        # the comparison tells the drawings apart
        (other,) = drawings - {svg}
        different = page.evaluate(COMPARE_ICON, [f"/{png}", f"/{other}", size])
        assert different["mean"] > 10 * same["mean"] + 5, (png, different)


def serve_bridge_page(route: Route) -> None:
    route.fulfill(status=200, content_type="text/html; charset=utf-8", body=BRIDGE_PAGE)


def answers(page: Page, query: str = "") -> dict[str, Any]:
    """Open the bridge page (``query`` may choose the boot path); the engine's answers."""
    page.goto(BRIDGE_PAGE_PATH + query)
    page.wait_for_function("() => window.engine !== undefined")
    result: dict[str, Any] = page.evaluate(ANSWERS)
    return result


def wait_snapshot_stored(page: Page) -> None:
    page.wait_for_function(
        "() => performance.getEntriesByName('celestix:snapshot-stored').length > 0",
        timeout=BOOT_TIMEOUT_MS,
    )


def test_every_boot_path_gives_the_same_engine(page: Page) -> None:
    page.route(f"**{BRIDGE_PAGE_PATH}*", serve_bridge_page)
    expected = {
        "dealt": api.new_game("patience", {"start": "no-king"}, 12345),
        "plain": api.new_game("patience", None, 7),
        "games": api.games(),
    }
    state = expected["dealt"]
    expected["turn"] = {"view": api.view(state, 0), "legal": api.legal_actions(state, 0)}
    expected["step"] = api.apply(state, {"type": "deal"}, 0)

    micropip = answers(page, "?boot=micropip")
    assert micropip["boot"]["path"] == "micropip"
    assert micropip["same"] == expected

    cold = answers(page, "?boot=cold")  # Python started afresh, nothing read or stored
    assert cold["boot"]["path"] == "cold"
    assert cold["same"] == expected
    assert page.evaluate(f"caches.has('{SNAPSHOT_CACHE}')") is False

    # nothing stored yet: a first visit restores the build's snapshot, then stores it
    prebuilt = answers(page)
    assert prebuilt["boot"]["path"] == "prebuilt"
    assert prebuilt["same"] == expected
    wait_snapshot_stored(page)

    restored = answers(page)
    assert restored["boot"]["path"] == "snapshot"
    assert restored["same"] == expected
    # random seeds are fresh after a restore: not frozen in the snapshot
    seeds = set(cold["fresh"] + prebuilt["fresh"] + restored["fresh"])
    assert len(seeds) == 6, seeds

    again = answers(page)
    assert again["boot"]["path"] == "snapshot" and again["same"] == expected
    assert not set(again["fresh"]) & seeds

    # a damaged snapshot (right size, wrong bytes) is dropped: the build's is restored
    damaged = page.evaluate(
        """async (name) => {
          const cache = await caches.open(name);
          const [key] = await cache.keys();
          const size = Number((await cache.match(key)).headers.get("x-snapshot-size"));
          const junk = new Uint8Array(size).fill(7);
          const headers = { "x-snapshot-size": String(size) };
          await cache.put(key, new Response(junk, { headers }));
          return size;
        }""",
        SNAPSHOT_CACHE,
    )
    assert damaged > 0
    fallback = answers(page)
    assert fallback["boot"]["path"] == "prebuilt"
    assert fallback["same"] == expected
    wait_snapshot_stored(page)  # and a good snapshot replaces it
    assert answers(page)["boot"]["path"] == "snapshot"

    # a damaged build snapshot, nothing stored: Python starts afresh (and a snapshot of
    # that boot is stored)
    page.evaluate(f"caches.delete('{SNAPSHOT_CACHE}')")
    page.context.route("**/*.snapshot.gz", lambda route: route.fulfill(body=b"not gzip"))
    unzipped = answers(page)
    assert unzipped["boot"]["path"] == "cold" and unzipped["same"] == expected
    wait_snapshot_stored(page)
    page.context.unroute("**/*.snapshot.gz")
    assert answers(page)["boot"]["path"] == "snapshot"


def test_a_slow_connection_skips_the_build_snapshot(
    browser_type: BrowserType,
    browser_type_launch_args: dict[str, Any],
    site: str,
) -> None:
    # Chromium told the connection is 3G: a first visit starts Python rather than
    # download the 6.5 MB snapshot
    args = [*browser_type_launch_args["args"], "--force-effective-connection-type=3G"]
    browser = browser_type.launch(**{**browser_type_launch_args, "args": args})
    try:
        context = browser.new_context(base_url=site)
        requests: list[str] = []
        context.on("request", lambda request: requests.append(request.url))
        page = context.new_page()
        page.route(f"**{BRIDGE_PAGE_PATH}*", serve_bridge_page)
        result = answers(page)
        assert page.evaluate("navigator.connection.effectiveType") == "3g"
        assert result["boot"]["path"] == "cold"
        assert result["same"]["games"] == api.games()
        assert not [url for url in requests if url.endswith(".snapshot.gz")]
        assert all(url.startswith((site + "/", "data:", "blob:")) for url in requests)
    finally:
        browser.close()
