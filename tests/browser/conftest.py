"""The browser test harness: Debian's Chromium, dist/ served on localhost, no foreign requests.

* ``site`` (session): builds dist/ (unless ``CELESTIX_SKIP_BUILD=1``: ``build.py test``
  has just built it), copies it (``site_dir``) and serves the copy on a free localhost
  port with the build's own server (``tools/server.py``); it is also pytest-playwright's
  ``base_url``, so ``page.goto("/")`` opens the site.
* Every test's browser context records each request it makes, the engine worker's
  included (``network_log``), and the test fails if any leaves the site's origin.
* An uncaught exception in a page fails the test.
* ``slow_downloads(*suffixes)`` (a fixture) makes the server stream the files whose
  paths end so in small pieces with a pause between them, as a slow network would, for
  tests that watch a download's progress (on localhost a file can arrive in a few large
  reads, and how many depends on the machine).
* A failed test keeps a screenshot and a trace in ``test-results/`` (pytest-playwright's
  ``--output``; ``build.py test`` passes ``test-results/browser``).
* ``shared`` (module): one booted page for a module's table tests (1440x900, touch;
  ``tablekit.booted``), and ``table``: that page at 1440x900 for one test, which fails
  on the page's uncaught errors. A module may define its own ``table``.
* ``host``, ``friend``, ``wide`` (module): the friends tests' pages (friendskit.py).
"""

from __future__ import annotations

import functools
import os
import shutil
import threading
import time
from collections.abc import Callable, Iterator
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Error, Page

from a11y import axe, axe_script, screenshot  # fixtures: see a11y.py
from friendskit import friend, host, wide  # fixtures of the friends tests: see friendskit.py
from tablekit import WIDE, booted, no_errors
from tools.common import DIST, cache_lock
from tools.env import CHROMIUM, CHROMIUM_ARGS
from tools.server import SiteHandler as BuildSiteHandler
from tools.site import build_site

# the fixtures of a11y.py and friendskit.py, made the conftest's
__all__ = ["axe", "axe_script", "friend", "host", "screenshot", "wide"]
# Schemes that never reach the network
LOCAL_SCHEMES = ("data:", "blob:", "about:")
# How slow_downloads streams a file: this many bytes, then this pause
SLOW_CHUNK = 64 * 1024
SLOW_PAUSE_S = 0.004


def pytest_configure(config: pytest.Config) -> None:
    """Keep a screenshot and a trace of every failed test, however pytest was started."""
    if config.getoption("--screenshot", "off") == "off":
        config.option.screenshot = "only-on-failure"
    if config.getoption("--tracing", "off") == "off":
        config.option.tracing = "retain-on-failure"


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Debian's Chromium (Playwright's own browser download cannot work here)."""
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the built site: other builds in this checkout may replace dist/ meanwhile."""
    if os.environ.get("CELESTIX_SKIP_BUILD") != "1":
        build_site()
    copy = tmp_path_factory.mktemp("site") / "dist"
    with cache_lock("build"):
        shutil.copytree(DIST, copy)
    return copy


class SlowStreams:
    """The path suffixes the test server streams slowly (set by ``slow_downloads``)."""

    suffixes: tuple[str, ...] = ()


class SiteHandler(BuildSiteHandler):
    """The build's handler, quiet, streaming the files SlowStreams names slowly."""

    quiet = True

    def copyfile(self, source: Any, outputfile: Any) -> None:
        path = self.path.split("?")[0]
        if not any(path.endswith(suffix) for suffix in SlowStreams.suffixes):
            super().copyfile(source, outputfile)
            return
        while chunk := source.read(SLOW_CHUNK):
            outputfile.write(chunk)
            outputfile.flush()
            time.sleep(SLOW_PAUSE_S)


@pytest.fixture
def slow_downloads() -> Iterator[Callable[..., None]]:
    """``slow_downloads(".wasm", ...)``: stream those files slowly for this test."""

    def slow(*suffixes: str) -> None:
        SlowStreams.suffixes = suffixes

    yield slow
    SlowStreams.suffixes = ()


@pytest.fixture(scope="session")
def site(site_dir: Path) -> Iterator[str]:
    """The site served on 127.0.0.1 at a free port: its origin, e.g. http://127.0.0.1:4711."""
    server = ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(SiteHandler, directory=str(site_dir))
    )
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()
    thread.join()


@pytest.fixture(scope="session")
def base_url(site: str) -> str:
    """pytest-playwright's base URL: relative ``page.goto`` paths open the served site."""
    return site


@pytest.fixture
def network_log() -> list[str]:
    """The URL of every request the test's browser context made, in order."""
    return []


def foreign_requests(urls: list[str], origin: str) -> list[str]:
    """The URLs that left ``origin`` (data:, blob: and about: URLs stay local)."""
    return [
        url for url in urls if not (url.startswith(LOCAL_SCHEMES) or url.startswith(origin + "/"))
    ]


@pytest.fixture
def context(context: BrowserContext, site: str, network_log: list[str]) -> Iterator[BrowserContext]:
    """pytest-playwright's context, recording its requests; fails if one left the origin."""
    context.on("request", lambda request: network_log.append(request.url))
    yield context
    foreign = foreign_requests(network_log, site)
    assert not foreign, f"requests left the local origin {site}: {foreign}"


@pytest.fixture(scope="module")
def shared(browser: Browser, site: str) -> Iterator[tuple[Page, list[Error]]]:
    """One booted page for the module."""
    with booted(browser, site, viewport=WIDE, has_touch=True) as booted_page:
        yield booted_page


@pytest.fixture
def table(shared: tuple[Page, list[Error]]) -> Iterator[Page]:
    """The module's page at 1440x900 for one test; its uncaught errors fail the test."""
    page, errors = shared
    page.set_viewport_size(WIDE)
    yield page
    no_errors(errors)


@pytest.fixture
def page(page: Page) -> Iterator[Page]:
    """pytest-playwright's page; an uncaught exception in it fails the test."""
    errors: list[Error] = []

    def record(error: Error) -> None:  # (Playwright cannot wrap a builtin like list.append)
        errors.append(error)

    page.on("pageerror", record)
    yield page
    assert not errors, f"uncaught errors in the page: {[str(error) for error in errors]}"
