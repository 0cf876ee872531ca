"""The rules demos in Chromium (docs/EMBED.md): the demo page, the <celestix-demo> element
on a host page of another origin, the gallery, and the demos offline.

The demo page is opened at the site's origin (http://127.0.0.1:<port>); host pages come
from a second server, reached as http://localhost:<port2>, which is another origin, and a
third origin (http://127.0.0.1:<port2>) plays the stranger whose messages must be ignored.
All tests share one browser context (the engine's snapshot, stored after the first
boot, makes the later starts quick); it fails the module if a request leaves these
origins or a page throws.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Error, Frame, Page, expect

from celestix import api
from celestix.errors import IllegalActionError
from tablekit import PHONE, SMALL_TARGETS, WIDE, internal_words
from tools.server import make_server  # the site's server serves the host pages too

ROOT = Path(__file__).resolve().parents[2]
DEMOS = ROOT / "web" / "demos"
INDEX = json.loads((DEMOS / "index.json").read_text())["demos"]
BOOT_MS = 90_000
STEP_MS = 30_000


def demo(name: str) -> dict[str, Any]:
    return json.loads((DEMOS / f"{name}.json").read_text())


@pytest.fixture(scope="module")
def hosts(tmp_path_factory: pytest.TempPathFactory, site: str) -> Iterator[dict[str, str]]:
    """A second server for host pages: its origins as localhost and as 127.0.0.1."""
    folder = tmp_path_factory.mktemp("host")
    script = f"{site}/embed/celestix-demo.js"
    (folder / "host.html").write_text(
        "<!doctype html><html><head><meta charset='utf-8'><title>A rules page</title>"
        f"<script src='{script}' defer></script></head><body style='margin:0'>"
        "<h1>Three demos</h1>"
        "<celestix-demo id='a' demo='trump-beats-suit'></celestix-demo>"
        "<p>Between the demos.</p>"
        "<celestix-demo id='b' demo='round-the-corner' theme='light'></celestix-demo>"
        "<celestix-demo id='c' demo='idiot-beats-all' theme='dark'></celestix-demo>"
        "</body></html>"
    )
    # the stranger: posts a fake size message to its parent
    (folder / "stranger.html").write_text(
        "<!doctype html><meta charset='utf-8'><script>"
        "const q = new URLSearchParams(location.search);"
        "const id = q.get('id');"
        "parent.postMessage({source: 'celestix-demo', id, type: 'size', height: 3333}, '*');"
        "document.title = 'sent';"
        "</script>"
    )
    server = make_server(folder, port=0, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    port = server.server_address[1]
    yield {"host": f"http://localhost:{port}", "stranger": f"http://127.0.0.1:{port}"}
    server.shutdown()
    server.server_close()
    thread.join()


@pytest.fixture(scope="module")
def shared(
    browser: Browser, site: str, hosts: dict[str, str]
) -> Iterator[tuple[BrowserContext, Page]]:
    """One context and page for the module; no request may leave the three origins."""
    context = browser.new_context(base_url=site, viewport={"width": 800, "height": 900})
    requests: list[str] = []
    errors: list[Error] = []
    context.on("request", lambda request: requests.append(request.url))
    page = context.new_page()

    def record(error: Error) -> None:
        errors.append(error)

    page.on("pageerror", record)
    yield context, page
    context.close()
    allowed = (f"{site}/", f"{hosts['host']}/", f"{hosts['stranger']}/", "data:", "blob:", "about:")
    foreign = [url for url in requests if not url.startswith(allowed)]
    assert not foreign, f"requests left the local origins: {foreign}"
    assert not errors, f"uncaught errors in the page: {[str(error) for error in errors]}"


def open_demo(page: Page | Frame, name: str, query: str = "") -> None:
    page.goto(f"/embed.html?demo={name}{query}")
    page.wait_for_function(
        "() => document.documentElement.dataset.demo !== 'loading'", timeout=BOOT_MS
    )
    assert page.evaluate("document.documentElement.dataset.demo") == "ready"


def at_step(page: Page | Frame, number: int) -> None:
    page.wait_for_function(
        f"() => document.documentElement.dataset.step === '{number}'", timeout=STEP_MS
    )


def switch_demo(page: Page, name: str, title: str) -> None:
    """Open another demo in the same page by its hash (the engine stays up)."""
    page.evaluate("(name) => { location.hash = 'demo=' + name; }", name)
    page.wait_for_function(
        """(title) => document.getElementById('demo-title').textContent === title
          && document.documentElement.dataset.demo === 'ready'""",
        arg=title,
        timeout=BOOT_MS,
    )


def test_every_demo_steps_to_its_end(shared: tuple[BrowserContext, Page]) -> None:
    """Each demo of the catalogue opens, and steps forward to its last caption. The first
    opens by its address; the others by the hash, in the same page. Every step's page
    speaks in players' words (tablekit.internal_words: players named, never "Seat 2")."""
    _, page = shared
    careless: dict[str, dict[str, list[str]]] = {}
    for number, entry in enumerate(INDEX):
        steps = demo(entry["id"])["steps"]
        if number == 0:
            open_demo(page, entry["id"])
        else:
            switch_demo(page, entry["id"], entry["title"])
        expect(page.locator("#demo-title")).to_have_text(entry["title"])
        for k, step in enumerate(steps, 1):
            at_step(page, k)
            expect(page.locator("#demo-text")).to_have_text(step["caption"])
            verdict = expect(page.locator("#demo-verdict"))
            if "refused" in step.get("expect", {}):
                verdict.to_contain_text("The engine refuses this move")
            else:
                verdict.to_be_hidden()
            # (card codes are left out: styled capitals read "STEP 1 OF 4" here, and the
            # engine's test_words reads the captions for codes)
            body = page.locator("body").inner_text()
            found = internal_words([body], entry["game"])
            found.pop("a card code", None)
            # (audit 7) each side's figure by its players' names, never a bare "0 · 0"; the
            # reader's seat is "South (you)", not "South · you" beside "dealer" and "bid 3"
            figures = page.locator(".dm-info dd").all_inner_texts()
            bare = [t for t in figures if re.fullmatch(r"[\d\u2013-]+ · [\d\u2013-]+", t.strip())]
            if bare:
                found["a figure without its side"] = bare
            if re.search(r"· you\b", body):
                found["you as a seat's detail"] = [body[:80]]
            if found:
                careless[f"{entry['id']} step {k}"] = found
            if k < len(steps):
                page.locator("#demo-forward").click()
        expect(page.locator("#demo-forward")).to_be_disabled()
        assert page.evaluate("document.documentElement.dataset.demo") == "ready", entry["id"]
    assert not careless, dict(list(careless.items())[:4])
    # the boot was cold: let the worker store its snapshot for the other tests' pages
    page.wait_for_function(
        "() => performance.getEntriesByName('celestix:snapshot-stored').length > 0",
        timeout=BOOT_MS,
    )


def test_keys_step_back_and_forth(shared: tuple[BrowserContext, Page]) -> None:
    _, page = shared
    open_demo(page, "meld-scoring", "&step=2")
    at_step(page, 2)
    expect(page.locator("#demo-back")).to_have_accessible_name("Step back")
    page.locator("#demo-forward").focus()
    page.keyboard.press("ArrowRight")
    at_step(page, 3)
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    at_step(page, 1)
    expect(page.locator("#demo-back")).to_be_disabled()
    page.keyboard.press("End")
    at_step(page, 4)
    page.keyboard.press("p")  # play from the end: starts again from step 1
    at_step(page, 1)
    expect(page.locator("#demo-play")).to_have_attribute("aria-pressed", "true")
    at_step(page, 2)  # autoplay moves on by itself
    page.keyboard.press("p")
    expect(page.locator("#demo-play")).to_have_attribute("aria-pressed", "false")


def test_a_wrong_move_is_refused_with_the_engines_reason(
    shared: tuple[BrowserContext, Page], axe: Any
) -> None:
    _, page = shared
    definition = demo("follow-suit")
    open_demo(page, "follow-suit", "&step=2&theme=light")
    at_step(page, 2)
    # the engine's own words on CPython for the same position and move
    state = api.new_game("precedence", definition["options"], 1, definition["setup"])
    for move in definition["prelude"]:
        state = api.apply(state, move["action"], move["seat"])["state"]
    state = api.apply(state, definition["steps"][0]["action"], 3)["state"]
    with pytest.raises(IllegalActionError) as refused:
        api.apply(state, {"type": "play", "card": "EC"}, 0)
    # by the keyboard: the cards of a hand overlap, a pointer would hit the visible edge
    page.get_by_role("button", name="Emperor of Core").press("Enter")
    verdict = page.locator("#demo-verdict")
    expect(verdict).to_be_visible()
    expect(verdict).to_contain_text(refused.value.message)
    expect(verdict).to_contain_text("follow suit")
    axe(page, "demo page, light, a refusal shown")
    assert page.evaluate("document.documentElement.dataset.step") == "2"
    page.get_by_role("button", name="Officer of Border").press("Enter")
    at_step(page, 3)
    expect(verdict).to_contain_text("Right")


def test_patience_reader_turn_by_foundation_buttons(
    shared: tuple[BrowserContext, Page], axe: Any
) -> None:
    _, page = shared
    open_demo(page, "round-the-corner", "&step=5&theme=dark")
    axe(page, "demo page, dark, the patience on the reader's turn")
    at_step(page, 5)
    page.get_by_role("button", name="King foundation: 13 cards", exact=False).click()
    expect(page.locator("#demo-verdict")).to_contain_text("The King foundation is full")
    page.get_by_role("button", name="Queen foundation: 12 cards", exact=False).click()
    at_step(page, 5)  # the last step: the move shows its result in the verdict
    expect(page.locator("#demo-verdict")).to_contain_text("Right")


def frame_of(page: Page, element: str) -> Frame:
    handle = page.locator(f"celestix-demo#{element} >> iframe").element_handle()
    assert handle is not None
    frame = handle.content_frame()
    assert frame is not None
    return frame


def wait_sized(page: Page, element: str) -> None:
    """Wait until the demo is ready and its frame is as tall as the demo's content."""
    page.locator(f"#{element}").scroll_into_view_if_needed()
    frame = frame_of(page, element)
    frame.wait_for_function(
        "() => document.documentElement.dataset.demo === 'ready'", timeout=BOOT_MS
    )
    wait_fitted(page, element)


def wait_fitted(page: Page, element: str) -> None:
    """Wait (10 s at most) until the frame is as tall as the demo's content."""
    for _ in range(100):
        if abs(frame_height(page, element) - content_height(page, element)) <= 1:
            return
        page.wait_for_timeout(100)
    raise AssertionError(
        f"demo {element}: frame {frame_height(page, element)} px, "
        f"content {content_height(page, element)} px"
    )


def content_height(page: Page, element: str) -> int:
    return int(
        frame_of(page, element).evaluate(
            "Math.ceil(document.getElementById('demo').getBoundingClientRect().height)"
        )
    )


def frame_height(page: Page, element: str) -> int:
    return int(
        page.evaluate(
            "(name) => document.getElementById(name)"
            ".shadowRoot.querySelector('iframe').offsetHeight",
            element,
        )
    )


def test_three_demos_on_a_host_page_resize_and_run_alone(
    shared: tuple[BrowserContext, Page], site: str, hosts: dict[str, str]
) -> None:
    _, page = shared
    page.goto(f"{hosts['host']}/host.html")
    names = ["a", "b", "c"]
    for name in names:
        iframe = page.locator(f"celestix-demo#{name} >> iframe")
        expect(iframe).to_have_attribute("loading", "lazy")
        expect(iframe).to_have_attribute("sandbox", "allow-scripts allow-same-origin")
        assert iframe.get_attribute("src", timeout=1000).startswith(f"{site}/embed.html?")
    for name in names:
        wait_sized(page, name)
        assert abs(frame_height(page, name) - content_height(page, name)) <= 1
    heights = {name: frame_height(page, name) for name in names}
    assert len(set(heights.values())) > 1, f"three different demos, one height: {heights}"
    # each frame got its title from its demo
    expect(page.locator("celestix-demo#a >> iframe")).to_have_attribute(
        "title", "Celestix rules demo: Trump beats the suit led"
    )
    # steering one demo leaves the others where they are
    page.evaluate("document.getElementById('b').goTo(3)")
    page.wait_for_function("() => document.getElementById('b').dataset.step === '3'")
    assert frame_of(page, "b").evaluate("document.documentElement.dataset.step") == "3"
    for other in ("a", "c"):
        assert frame_of(page, other).evaluate("document.documentElement.dataset.step") == "1"
    # a narrower column on the host page: the demo reflows, taller, and its frame follows
    # (in view: Chromium does not lay out a cross-origin frame out of view)
    page.locator("#a").scroll_into_view_if_needed()
    first = frame_height(page, "a")
    page.evaluate("document.getElementById('a').style.width = '380px'")
    wait_fitted(page, "a")
    assert frame_height(page, "a") > first


def test_messages_from_a_foreign_origin_are_ignored(
    shared: tuple[BrowserContext, Page], site: str, hosts: dict[str, str]
) -> None:
    _, page = shared
    page.goto(f"{hosts['host']}/host.html")
    wait_sized(page, "a")
    before = frame_height(page, "a")
    element_id = page.evaluate("document.getElementById('a')._id")
    demo_frame = frame_of(page, "a")
    assert demo_frame.evaluate("new URLSearchParams(location.search).get('id')") == element_id
    assert demo_frame.evaluate("document.documentElement.dataset.host") == "connected"
    # 1. A page of a third origin inside the host page posts a fake size to the host, with
    # the element's instance id: the element ignores it
    page.evaluate(
        """([url, id]) => {
          window.strangerSaid = 0;
          addEventListener('message', (e) => {
            if (e.data && e.data.height === 3333) strangerSaid++;
          });
          const f = document.createElement('iframe');
          f.src = url + '/stranger.html?id=' + id;
          document.body.append(f); }""",
        [hosts["stranger"], element_id],
    )
    page.wait_for_function("() => window.strangerSaid > 0", timeout=STEP_MS)
    page.wait_for_timeout(300)
    assert frame_height(page, "a") == before
    assert page.evaluate("document.getElementById('a').dataset.height") == str(before)
    # 2. The demo page ignores a command from any origin but its host's, even one that
    # names its parent as the source and carries its id
    ignored = int(demo_frame.evaluate("Number(document.documentElement.dataset.ignored || 0)"))
    demo_frame.evaluate(
        """([origin, id]) => window.dispatchEvent(new MessageEvent('message', {
          origin, source: window.parent,
          data: {source: 'celestix-host', id, type: 'step', step: 3}}))""",
        [hosts["stranger"], element_id],
    )
    demo_frame.wait_for_function(
        f"() => Number(document.documentElement.dataset.ignored) > {ignored}", timeout=STEP_MS
    )
    assert demo_frame.evaluate("document.documentElement.dataset.step") == "1"
    # the same command from the real host is obeyed
    page.evaluate("document.getElementById('a').goTo(3)")
    demo_frame.wait_for_function("() => document.documentElement.dataset.step === '3'")
    # 3. A page of a third origin that frames the demo claiming the host's origin gets no
    # connection: the demo sees its real parent's origin, and neither posts nor obeys
    page.goto(f"{hosts['stranger']}/stranger.html?id=x")
    page.evaluate(
        """([src]) => { const f = document.createElement('iframe'); f.id = 'demo';
          f.src = src; document.body.append(f); }""",
        [f"{site}/embed.html?demo=redeal&id=liar&host={hosts['host']}"],
    )
    liar = page.frame_locator("#demo")
    # (the page decides as it starts, before the engine is up)
    expect(liar.locator("html")).to_have_attribute("data-host", "unknown", timeout=BOOT_MS)


def test_gallery_lists_every_demo_with_its_snippet(
    shared: tuple[BrowserContext, Page], site: str, axe: Any
) -> None:
    _, page = shared
    page.goto("/demos.html")
    page.wait_for_function("() => document.documentElement.dataset.gallery === 'ready'")
    items = page.locator(".gallery-item")
    expect(items).to_have_count(len(INDEX))
    for entry in INDEX:
        item = page.locator(f"#demo-{entry['id']}")
        expect(item.locator("h3")).to_have_text(entry["title"])
        expect(item).to_contain_text(entry["summary"])
        expect(item.locator(".gallery-snippet")).to_have_text(
            f'<script src="{site}/embed/celestix-demo.js" defer></script>\n'
            f'<celestix-demo demo="{entry["id"]}"></celestix-demo>'
        )
    axe(page, "demo gallery")
    first = page.locator(f"#demo-{INDEX[0]['id']}")
    first.get_by_role("button", name=f"Copy the HTML to embed {INDEX[0]['title']}").click()
    expect(first.locator(".gallery-actions .btn").first).not_to_have_text("Copy the HTML")
    # the preview is the element itself, on the card room's own origin
    first.get_by_role("button", name=f"Preview {INDEX[0]['title']}").click()
    preview = page.locator(f"#preview-{INDEX[0]['id']} celestix-demo")
    expect(preview).to_have_attribute("data-step", "1", timeout=BOOT_MS)
    expect(preview.locator("iframe")).to_have_attribute(
        "title", f"Celestix rules demo: {INDEX[0]['title']}"
    )


@pytest.mark.parametrize("size", [WIDE, PHONE], ids=["1440", "375"])
def test_gallery_targets_are_44_px(
    shared: tuple[BrowserContext, Page], size: dict[str, int]
) -> None:
    """Every button and link of the demo gallery, a preview open too, is at least 44 x 44 px
    (the copy, open and preview buttons were 32 px high, the way back 19: audit 6)."""
    _, page = shared
    before = page.viewport_size
    page.set_viewport_size(size)
    try:
        page.goto("/demos.html")
        page.wait_for_function("() => document.documentElement.dataset.gallery === 'ready'")
        assert page.evaluate(SMALL_TARGETS) == []
        first = page.locator(f"#demo-{INDEX[0]['id']}")
        first.get_by_role("button", name=f"Preview {INDEX[0]['title']}").click()
        preview = page.locator(f"#preview-{INDEX[0]['id']} celestix-demo")
        expect(preview).to_have_attribute("data-step", "1", timeout=BOOT_MS)
        assert page.evaluate(SMALL_TARGETS) == []
    finally:
        if before:
            page.set_viewport_size(before)


@pytest.mark.parametrize("size", [WIDE, PHONE], ids=["1440", "375"])
def test_every_demo_target_is_44_px(
    shared: tuple[BrowserContext, Page], size: dict[str, int]
) -> None:
    """Every button of every demo, at each of its steps, is at least 44 x 44 px: the
    patience's foundations (one target with their card: the label's button was 17 px
    high), the reader's cards (26 to 40 px strips; a hand at the table's side goes under
    it, the whole width) and the bids (33 px) (audit 6)."""
    _, page = shared
    before = page.viewport_size
    page.set_viewport_size(size)
    small: dict[str, list[str]] = {}
    try:
        open_demo(page, INDEX[0]["id"])
        for entry in INDEX:
            switch_demo(page, entry["id"], entry["title"])
            for k in range(1, len(demo(entry["id"])["steps"]) + 1):
                at_step(page, k)
                found = page.evaluate(SMALL_TARGETS)
                if found:
                    small[f"{entry['id']} step {k}"] = found[:3]
                if not page.locator("#demo-forward").is_disabled():
                    page.locator("#demo-forward").click()
    finally:
        if before:
            page.set_viewport_size(before)
    assert not small, dict(list(small.items())[:6])


def test_a_foundation_is_built_on_by_a_tap_on_its_card(browser: Browser, site: str) -> None:
    """On a phone, a tap on a foundation's card (not its label) builds there."""
    context = browser.new_context(base_url=site, viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    try:
        open_demo(page, "round-the-corner", "&step=5")
        at_step(page, 5)
        target = page.get_by_role("button", name="Queen foundation: 12 cards", exact=False)
        box = target.bounding_box()
        assert box is not None and box["height"] >= 44 and box["width"] >= 44, box
        target.tap(position={"x": box["width"] / 2, "y": 12})  # on the card, above the label
        expect(page.locator("#demo-verdict")).to_contain_text("Right")
    finally:
        context.close()


def test_demos_work_offline(shared: tuple[BrowserContext, Page]) -> None:
    """After one visit of the site, the demo page, its demos and the gallery come from the
    service worker's precache with the browser offline."""
    context, page = shared
    page.goto("/")
    page.wait_for_function(
        "() => document.documentElement.dataset.offline === 'ready'", timeout=BOOT_MS
    )
    context.set_offline(True)
    try:
        for name in ("redeal", "guard-against"):
            open_demo(page, name)
            for k in range(2, len(demo(name)["steps"]) + 1):
                page.locator("#demo-forward").click()
                at_step(page, k)
        page.goto("/demos.html")
        page.wait_for_function("() => document.documentElement.dataset.gallery === 'ready'")
        expect(page.locator(".gallery-item")).to_have_count(len(INDEX))
    finally:
        context.set_offline(False)
