"""The site works offline after one visit, and a new build is offered at a safe moment.

Each test serves its own copy of the site on its own port (so it can stop the server, or
put a new build in its place) and opens it in its own browser context, which fails the
test, as the conftest does for the shared site, when a page throws or a request leaves
the site's origin.
"""

from __future__ import annotations

import json
import re
import shutil
import threading
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Error, Page, Response, expect

from tools.server import make_server
from tools.site import finish_site

BOOT_TIMEOUT_MS = 120_000
# Schemes that never reach the network
LOCAL_SCHEMES = ("data:", "blob:", "about:")


@dataclass
class Site:
    """A served copy of the site."""

    root: Path
    origin: str = ""
    stop: Callable[[], None] = lambda: None
    requests: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


@pytest.fixture
def own_site(site_dir: Path, tmp_path: Path) -> Iterator[Site]:
    """The built site copied and served on a free port (``stop`` shuts the server down)."""
    root = tmp_path / "site"
    shutil.copytree(site_dir, root)
    server = make_server(root, port=0, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    stopped = False

    def stop() -> None:
        nonlocal stopped
        if not stopped:
            stopped = True
            server.shutdown()
            server.server_close()
            thread.join()

    site = Site(root, f"http://127.0.0.1:{server.server_address[1]}", stop)
    yield site
    stop()


@pytest.fixture
def own_context(browser: Browser, own_site: Site) -> Iterator[BrowserContext]:
    """A browser context for ``own_site``: no request may leave its origin."""
    context = browser.new_context(base_url=own_site.origin)
    context.on("request", lambda request: own_site.requests.append(request.url))
    yield context
    context.close()
    foreign = [
        url
        for url in own_site.requests
        if not (url.startswith(LOCAL_SCHEMES) or url.startswith(own_site.origin + "/"))
    ]
    assert not foreign, f"requests left the local origin {own_site.origin}: {foreign}"
    assert not own_site.errors, f"uncaught errors in the page: {own_site.errors}"


def new_page(context: BrowserContext, site: Site) -> Page:
    page = context.new_page()

    def record(error: Error) -> None:
        site.errors.append(str(error))

    page.on("pageerror", record)
    return page


def wait_engine(page: Page) -> None:
    page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)


def boot_path(page: Page) -> str:
    path: str = page.evaluate(
        "() => performance.getEntriesByName('celestix:engine-ready')[0].detail.path"
    )
    return path


def visit_and_cache(page: Page, path: str = "/") -> None:
    """A first visit: the engine boots, the service worker caches the site, the engine's
    snapshot is stored."""
    page.goto(path)
    wait_engine(page)
    page.wait_for_selector("html[data-offline=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_function(
        "() => performance.getEntriesByName('celestix:snapshot-stored').length > 0",
        timeout=BOOT_TIMEOUT_MS,
    )


# --- a move in each game ---------------------------------------------------------------


def moves(page: Page) -> str:
    return page.locator(".pt-moves").inner_text()


def play_patience(page: Page) -> None:
    """Deal a card from the stock: the move counter goes up by one."""
    stock = page.get_by_role("button", name=re.compile(r"^Stock, \d+ cards?$"))
    expect(stock).to_be_visible()
    before = int(moves(page))
    stock.click()
    expect(page.locator(".pt-moves")).to_have_text(str(before + 1))


def play_precedence(page: Page) -> None:
    """The person's declaration (no melds): the hand moves on past it (a first visit
    deals at once)."""
    table = page.locator(".table-page[data-turn=you]")
    expect(table).to_have_attribute("data-phase", "declare", timeout=BOOT_TIMEOUT_MS)
    page.get_by_role("button", name="Declare no melds").click()
    expect(page.locator(".table-page")).not_to_have_attribute(
        "data-phase", "declare", timeout=BOOT_TIMEOUT_MS
    )


def play_sabacc(page: Page) -> None:
    """A bid in the auction: the saved game holds one more move."""
    page.wait_for_selector(".table-page[data-turn=you]", timeout=BOOT_TIMEOUT_MS)
    played = "() => JSON.parse(localStorage.getItem('celestix.sabacc.game')).record.actions.length"
    before = page.evaluate(played)
    page.locator(".sb-bid").first.click()
    page.wait_for_function(f"() => ({played})() > {before}", timeout=BOOT_TIMEOUT_MS)


# Each game page's move, by game id. A game listed on the home page without one here is
# still opened offline and checked for a page without a fault, with a warning.
MOVES: dict[str, Callable[[Page], None]] = {
    "patience": play_patience,
    "precedence": play_precedence,
    "sabacc": play_sabacc,
}


def test_every_game_plays_offline_after_one_visit(
    own_context: BrowserContext, own_site: Site
) -> None:
    page = new_page(own_context, own_site)
    visit_and_cache(page)
    games = page.locator(".game-list a.game-link").evaluate_all(
        "(links) => links.map((a) => a.getAttribute('href').replace(/^#/, ''))"
    )
    assert "patience" in games, games

    # the network is gone: the server is shut down and the browser is offline
    own_site.stop()
    own_context.set_offline(True)
    served: list[Response] = []

    def record(response: Response) -> None:  # (Playwright cannot wrap list.append)
        served.append(response)

    own_context.on("response", record)
    page.reload()
    wait_engine(page)
    assert boot_path(page) == "snapshot"

    for game in games:
        page.goto(f"/#{game}")
        expect(page.locator("html")).to_have_attribute("data-page", game)
        expect(page.get_by_role("heading", level=1).first).to_be_visible()
        expect(page.get_by_text("Something went wrong")).to_have_count(0)
        if game in MOVES:
            MOVES[game](page)
        else:
            warnings.warn(f"no offline move for the game {game!r}: add one to MOVES", stacklevel=1)

    # everything came from the service worker's cache
    not_cached = [r.url for r in served if not r.from_service_worker and r.url.startswith("http")]
    assert not not_cached, not_cached
    assert served


def test_new_build_is_offered_at_a_safe_moment(own_context: BrowserContext, own_site: Site) -> None:
    page = new_page(own_context, own_site)
    visit_and_cache(page, "/#patience/deal=12345")
    old = json.loads((own_site.root / "build.json").read_text())
    html = page.locator("html")
    expect(html).to_have_attribute("data-build", old["build"])

    # a second build of the site: a style changes, so the build (and sw.js) does too
    css = own_site.root / "css" / "base.css"
    css.write_text(css.read_text() + "\n/* the second build */\n")
    parts = {key: old[key] for key in ("engine", "pyodide", "micropip")}
    new = finish_site(own_site.root, parts)
    assert new["build"] != old["build"]

    # mid-hand (the page says so), the new build is found but not offered
    page.evaluate("() => import('/js/pwa/pwa.js').then((pwa) => pwa.busy())")
    page.evaluate("() => navigator.serviceWorker.getRegistration().then((r) => r.update())")
    expect(html).to_have_attribute("data-update", "ready", timeout=BOOT_TIMEOUT_MS)
    offer = page.locator(".update-toast")
    expect(offer).to_have_count(0)

    # a move is played and saved: a safe moment, so the reload is offered
    play_patience(page)
    expect(offer).to_contain_text("A new version of the card room is ready.")
    with page.expect_navigation():
        offer.get_by_role("button", name="Reload").click()
    wait_engine(page)
    expect(html).to_have_attribute("data-build", new["build"], timeout=BOOT_TIMEOUT_MS)
    # the game goes on where it was, and only the new build's cache is left
    expect(page.locator(".pt-moves")).to_have_text("1")
    caches = page.evaluate("() => caches.keys()")
    assert sorted(name for name in caches if name.startswith("celestix-site-")) == [
        f"celestix-site-{new['build']}"
    ]
    cached_css = page.evaluate("() => fetch('css/base.css').then((r) => r.text())")
    assert cached_css.endswith("/* the second build */\n")
