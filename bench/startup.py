"""The start-up benchmark: our page against bare Pyodide, in headless Chromium on localhost.

    python3 build.py bench startup [--runs N]      (builds dist/ first, then runs this)

One run measures, each from navigation to its end mark (``performance`` marks, so the
times are the page's own, from its navigation start):

* ``bare``     a minimal page (served only here) doing ``await loadPyodide()`` from the
               same vendored Pyodide, in a new browser context: until Pyodide is loaded
* ``cold``     the site in a new browser context (empty HTTP cache, no service worker, no
               snapshot stored): until the patience page shows its first legal actions
               (``celestix:playable``); the engine restores the build's snapshot
* ``python``   the same, but starting Python as bare Pyodide does (``?boot=cold``: the
               path of a first visit on a slow connection, which skips the build's
               snapshot), the engine's bytecode unpacked and imported
* ``warm``     the same context again (files cached by the service worker, the engine's
               memory snapshot stored): until playable
* ``offline``  the same context with the network cut off (and the server refusing any
               request): until playable

The kinds take turns within each run, so a slow spell of this shared machine hits them
alike; besides the ratio of the medians, the median of each run's own ratio is given.
The server counts the bytes it sends: a first visit's bytes (until playable, and until
the service worker has cached everything, snapshot stored) against bare Pyodide's; and
once, the same first visit in a new browser profile on disk (a Playwright context is an
incognito one, whose HTTP cache is in memory). Results are printed as medians and ratios
to bare Pyodide and written to ``test-results/bench/startup.json``.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import shutil
import statistics
import sys
import tempfile
import threading
import time
from http.server import ThreadingHTTPServer
from io import BufferedIOBase
from pathlib import Path
from typing import Any, cast

from playwright.sync_api import Browser, BrowserContext, Page, Playwright, sync_playwright

from tools.common import DIST, RESULTS, cache_lock
from tools.env import CHROMIUM, CHROMIUM_ARGS
from tools.server import SiteHandler

BARE_PATH = "/__bench__/bare.html"
BARE_PAGE = b"""<!doctype html>
<html lang="en"><meta charset="utf-8"><title>Bare Pyodide</title>
<link rel="icon" href="data:,">
<script type="module">
  import { loadPyodide } from "/pyodide/pyodide.mjs";
  await loadPyodide();
  performance.mark("bench:pyodide-loaded");
</script>
</html>
"""
# A fixed deal: every run plays the same cards
GAME_PATH = "/#patience/deal=12345"
TIMEOUT_MS = 180_000
KINDS = ("bare", "cold", "python", "warm", "offline")
# The address of each kind's page (``python`` chooses its boot path)
PYTHON_PATH = "/?boot=cold#patience/deal=12345"


class Meter:
    """What the server sent: bytes and requests, and whether it answers at all."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.bytes = 0
        self.requests = 0
        self.refusing = False
        self.refused: list[str] = []  # paths asked for while the network was cut

    def take(self) -> tuple[int, int]:
        """The bytes and requests counted since the last take."""
        with self.lock:
            counted = (self.bytes, self.requests)
            self.bytes = self.requests = 0
        return counted


class CountingWriter:
    """A response stream that adds what passes through to the meter."""

    def __init__(self, stream: Any, meter: Meter) -> None:
        self.stream = stream
        self.meter = meter

    def write(self, data: bytes) -> int:
        with self.meter.lock:
            self.meter.bytes += len(data)
        written: int = self.stream.write(data)
        return written

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


def serve(site: Path, meter: Meter) -> ThreadingHTTPServer:
    """The build's server (``tools/server.py``) for ``site``, counting bytes, with the
    bare page at BARE_PATH."""

    class Handler(SiteHandler):
        quiet = True

        def setup(self) -> None:
            super().setup()
            # (a writer passing everything on to the socket's, which is all it needs be)
            self.wfile = cast(BufferedIOBase, CountingWriter(self.wfile, meter))

        def handle_one_request(self) -> None:
            if meter.refusing:  # the network is cut: close without an answer
                self.connection.settimeout(2)
                with contextlib.suppress(OSError):
                    line = self.rfile.readline(65537).decode("latin-1").split()
                    with meter.lock:
                        meter.refused.append(line[1] if len(line) > 1 else "?")
                self.close_connection = True
                return
            super().handle_one_request()

        def do_GET(self) -> None:  # noqa: N802 (http.server's name)
            if meter.refusing:  # (a connection kept alive from before the cut)
                with meter.lock:
                    meter.refused.append(self.path)
                self.close_connection = True
                return
            with meter.lock:
                meter.requests += 1
            if self.path.split("?")[0] == BARE_PATH:
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(BARE_PAGE)))
                self.end_headers()
                self.wfile.write(BARE_PAGE)
                return
            super().do_GET()

    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(site)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def mark_time(page: Page, name: str) -> float:
    """Wait for a performance mark; its time in ms from the page's navigation start."""
    page.wait_for_function(
        "(name) => performance.getEntriesByName(name).length > 0", arg=name, timeout=TIMEOUT_MS
    )
    start: float = page.evaluate("(name) => performance.getEntriesByName(name)[0].startTime", name)
    return start


def engine_boot(page: Page) -> dict[str, Any]:
    """How the engine booted: its path (snapshot, cold) and when each step ended (ms from
    navigation: the worker started, build.json, Pyodide's loader, the runtime, the wheel
    unpacked, the engine imported, the engine ready)."""
    boot: dict[str, Any] = page.evaluate(
        """() => {
          const mark = performance.getEntriesByName('celestix:engine-ready')[0];
          return { ...mark.detail, steps: { ...mark.detail.steps, ready: mark.startTime } };
        }"""
    )
    return boot


def first_visit(context: BrowserContext, origin: str, meter: Meter) -> dict[str, Any]:
    """The site's first visit: time to playable, bytes until then and until cached."""
    meter.take()
    page = context.new_page()
    page.goto(origin + GAME_PATH)
    playable = mark_time(page, "celestix:playable")
    bytes_playable, _ = meter.take()
    # the service worker caches the site once the engine is up; the snapshot follows
    page.wait_for_selector("html[data-offline=ready]", state="attached", timeout=TIMEOUT_MS)
    mark_time(page, "celestix:snapshot-stored")
    bytes_cached, _ = meter.take()
    boot = engine_boot(page)
    page.close()
    return {
        "ms": playable,
        "path": boot["path"],
        "steps": boot["steps"],
        "bytes_to_playable": bytes_playable,
        "bytes_first_visit": bytes_playable + bytes_cached,
    }


def again(
    context: BrowserContext, origin: str, meter: Meter, path: str = GAME_PATH
) -> dict[str, Any]:
    """Another visit in the same context: time to playable, how it booted, bytes sent."""
    meter.take()
    page = context.new_page()
    page.goto(origin + path)
    playable = mark_time(page, "celestix:playable")
    boot = engine_boot(page)
    page.close()
    sent, requests = meter.take()
    return {
        "ms": playable,
        "path": boot["path"],
        "steps": boot["steps"],
        "bytes": sent,
        "requests": requests,
    }


def bare(browser: Browser, origin: str, meter: Meter) -> dict[str, Any]:
    """Bare Pyodide in a new context: time to loaded, bytes sent."""
    meter.take()
    context = browser.new_context()
    page = context.new_page()
    page.goto(origin + BARE_PATH)
    loaded = mark_time(page, "bench:pyodide-loaded")
    context.close()
    sent, _ = meter.take()
    return {"ms": loaded, "bytes": sent}


def profile_first_visit(
    playwright: Playwright, origin: str, meter: Meter, temporary: Path
) -> dict[str, Any]:
    """A first visit in a new browser profile on disk (not a Playwright context, which is an
    incognito one, keeping its HTTP cache in memory): bytes until the site is cached."""
    context = playwright.chromium.launch_persistent_context(
        temporary / "profile", executable_path=CHROMIUM, args=CHROMIUM_ARGS
    )
    try:
        return first_visit(context, origin, meter)
    finally:
        context.close()


def one_run(browser: Browser, origin: str, meter: Meter, bare_first: bool) -> dict[str, Any]:
    """Bare Pyodide and the site's cold (also with reduced motion), warm and offline starts
    (bare first or last)."""
    result: dict[str, Any] = {}
    if bare_first:
        result["bare"] = bare(browser, origin, meter)
    python = browser.new_context()
    try:
        result["python"] = again(python, origin, meter, PYTHON_PATH)
    finally:
        python.close()
    context = browser.new_context()
    try:
        result["cold"] = first_visit(context, origin, meter)
        result["warm"] = again(context, origin, meter)
        context.set_offline(True)
        meter.refusing = True
        meter.refused.clear()
        try:
            result["offline"] = again(context, origin, meter)
        finally:
            meter.refusing = False
            result["refused"] = list(meter.refused)
            context.set_offline(False)
    finally:
        context.close()
    if not bare_first:
        result["bare"] = bare(browser, origin, meter)
    return result


def summarise(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Medians, ratios to bare Pyodide, bytes."""
    medians = {kind: statistics.median(run[kind]["ms"] for run in runs) for kind in KINDS}
    ratios = {kind: medians[kind] / medians["bare"] for kind in KINDS if kind != "bare"}
    # each run's own ratio (its kinds ran side by side), then their median
    paired = {
        kind: statistics.median(run[kind]["ms"] / run["bare"]["ms"] for run in runs)
        for kind in KINDS
        if kind != "bare"
    }
    paths = {kind: sorted({run[kind]["path"] for run in runs}) for kind in KINDS if kind != "bare"}
    steps = {
        kind: {
            name: round(statistics.median(run[kind]["steps"][name] for run in runs))
            for name in runs[0][kind]["steps"]
        }
        for kind in KINDS
        if kind != "bare"
    }
    bare_bytes = statistics.median(run["bare"]["bytes"] for run in runs)
    first = statistics.median(run["cold"]["bytes_first_visit"] for run in runs)
    to_playable = statistics.median(run["cold"]["bytes_to_playable"] for run in runs)
    return {
        "runs": len(runs),
        "median_ms": {kind: round(ms) for kind, ms in medians.items()},
        "ratio_to_bare": {kind: round(ratio, 3) for kind, ratio in ratios.items()},
        "median_of_run_ratios": {kind: round(ratio, 3) for kind, ratio in paired.items()},
        "boot_paths": paths,
        "median_steps_ms": steps,
        "bytes": {
            "bare_pyodide": round(bare_bytes),
            "first_visit_to_playable": round(to_playable),
            "first_visit_with_offline_cache": round(first),
            "ratio_first_visit_to_bare": round(first / bare_bytes, 3),
            "offline_requests_reaching_server": max(run["offline"]["requests"] for run in runs),
            "offline_requests_refused": sorted({p for run in runs for p in run["refused"]}),
        },
    }


def report(summary: dict[str, Any], runs: list[dict[str, Any]]) -> str:
    """The summary as text."""
    lines = [f"start-up to playable, {summary['runs']} runs, headless Chromium on localhost"]
    lines.append(f"{'kind':<9}{'median ms':>10}{'x bare':>8}{'paired':>8}   runs (ms)")
    for kind in KINDS:
        ratio = summary["ratio_to_bare"].get(kind, 1.0)
        paired = summary["median_of_run_ratios"].get(kind, 1.0)
        each = " ".join(str(round(run[kind]["ms"])) for run in runs)
        lines.append(
            f"{kind:<9}{summary['median_ms'][kind]:>10}{ratio:>8.3f}{paired:>8.3f}   {each}"
        )
    sent = summary["bytes"]
    bare_bytes = f"{sent['bare_pyodide']:,}"
    to_playable = f"{sent['first_visit_to_playable']:,}"
    cached = f"{sent['first_visit_with_offline_cache']:,}"
    ratio = f"{sent['ratio_first_visit_to_bare']:.3f}"
    lines.append(
        f"bytes: bare Pyodide {bare_bytes}; first visit {to_playable} to playable,"
        f" {cached} with the offline cache ({ratio} x bare)"
    )
    profile = sent.get("profile_first_visit_with_offline_cache")
    if profile is not None:
        lines.append(
            f"bytes of a first visit in a browser profile on disk, with the offline cache:"
            f" {profile:,} ({profile / sent['bare_pyodide']:.3f} x bare)"
        )
    lines.append(f"boot paths: {summary['boot_paths']}")
    lines.append("boot steps, median ms from navigation (each ended then):")
    for kind, steps in summary["median_steps_ms"].items():
        ordered = sorted(steps.items(), key=lambda item: item[1])
        each = ", ".join(f"{name} {ms}" for name, ms in ordered)
        lines.append(f"  {kind:<8} {each}, playable {summary['median_ms'][kind]}")
    lines.append(
        f"requests reaching the server while offline: {sent['offline_requests_reaching_server']}"
    )
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="runs of each kind (default 7)")
    parser.add_argument("--site", type=Path, default=DIST, help="the built site")
    parser.add_argument(
        "--out", type=Path, default=RESULTS / "bench" / "startup.json", help="JSON results"
    )
    args = parser.parse_args(argv)
    meter = Meter()
    with tempfile.TemporaryDirectory(prefix="celestix-bench-") as temporary:
        site = Path(temporary) / "site"
        with cache_lock("build"):  # a copy: other builds may replace dist/ meanwhile
            shutil.copytree(args.site, site)
        server = serve(site, meter)
        origin = f"http://127.0.0.1:{server.server_address[1]}"
        runs: list[dict[str, Any]] = []
        started = time.monotonic()
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                for number in range(args.runs):
                    run = one_run(browser, origin, meter, bare_first=number % 2 == 0)
                    runs.append(run)
                    times = ", ".join(f"{kind} {round(run[kind]['ms'])} ms" for kind in KINDS)
                    print(f"run {number + 1}/{args.runs}: {times}", flush=True)
                browser.close()
                profile = profile_first_visit(playwright, origin, meter, Path(temporary))
                print(f"first visit in a browser profile: {profile}", flush=True)
        finally:
            server.shutdown()
            server.server_close()
    summary = summarise(runs)
    summary["bytes"]["profile_first_visit_with_offline_cache"] = profile["bytes_first_visit"]
    summary["seconds"] = round(time.monotonic() - started)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({"summary": summary, "runs": runs}, indent=1) + "\n")
    print(report(summary, runs))
    print(f"written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
