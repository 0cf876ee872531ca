"""The patience page in Chromium, played through its buttons, keys and pointer.

Every expectation about the cards comes from the engine on CPython (``celestix.api``):
the page must show exactly what the engine deals. Deals are fixed by the deal number in
the URL, so every run plays the same cards.

Booting the engine takes seconds, so most tests share one page (``table``): each starts
from the home page with nothing saved and opens its deal by changing the address's
hash, as a player following a link would. The boot tests use a fresh page of their own.
Like the conftest's fixtures, the shared page fails a test on an uncaught exception and
fails the module if any request leaves the local origin.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Error, Locator, Page, expect

from celestix import api
from celestix.patience import bots
from celestix.patience.cards import BASE_RANKS, card_name, rank_name
from tablekit import TWO_FRAMES, answer_link, settled, won_in_one

AxeCheck = Callable[..., list[dict[str, Any]]]  # the fixture of a11y.py

BOOT_TIMEOUT_MS = 90_000
SAVE_KEY = "celestix.patience.game"


# --- the engine's side --------------------------------------------------------------


def new_state(seed: int, **options: Any) -> dict[str, Any]:
    return api.new_game("patience", options, seed)


def after(state: dict[str, Any], *actions: dict[str, Any]) -> dict[str, Any]:
    for action in actions:
        state = api.apply(state, action, 0)["state"]
    return state


def deals_until(state: dict[str, Any], wanted: Any) -> tuple[int, dict[str, Any]]:
    """How many deals until the waste's top card satisfies ``wanted``, and that state."""
    for count in range(1, len(state["stock"]) + 1):
        state = after(state, {"type": "deal"})
        if wanted(state["waste"][-1], state):
            return count, state
    raise AssertionError("no such card in the stock")


def targets(state: dict[str, Any]) -> list[int]:
    return [a["to"] for a in api.legal_actions(state, 0) if a["type"] == "build"]


# --- the page's side ----------------------------------------------------------------


@pytest.fixture(scope="module")
def shared(browser: Browser, site: str) -> Iterator[tuple[Page, list[str], list[Error]]]:
    """One booted page for the module, with its requests and uncaught errors."""
    context = browser.new_context(base_url=site)
    requests: list[str] = []
    errors: list[Error] = []
    context.on("request", lambda request: requests.append(request.url))
    page = context.new_page()

    def record(error: Error) -> None:
        errors.append(error)

    page.on("pageerror", record)
    open_page(page, "/")
    yield page, requests, errors
    context.close()
    foreign = [u for u in requests if not u.startswith((f"{site}/", "data:", "blob:", "about:"))]
    assert not foreign, f"requests left the local origin {site}: {foreign}"


@pytest.fixture
def table(shared: tuple[Page, list[str], list[Error]]) -> Iterator[Page]:
    """The shared page on the home page, nothing saved, no dialog open."""
    page, _, errors = shared
    page.evaluate("document.querySelectorAll('dialog[open]').forEach((d) => d.close())")
    page.goto("/#")
    expect(page.locator(".home")).to_be_visible()
    page.evaluate("localStorage.clear()")
    yield page
    assert not errors, f"uncaught errors in the page: {[str(e) for e in errors]}"
    errors.clear()


def open_page(page: Page, path: str) -> None:
    page.goto(path)
    wait_ready(page)


def wait_ready(page: Page) -> None:
    """Wait for the engine to boot; a failed boot fails at once, with its message."""
    page.wait_for_selector(
        "html[data-engine=ready], html[data-engine=failed]",
        state="attached",
        timeout=BOOT_TIMEOUT_MS,
    )
    status = page.locator("html").get_attribute("data-engine")
    assert status == "ready", page.locator("#boot").inner_text()


def open_deal(page: Page, path: str) -> None:
    open_page(page, path)
    expect(page.get_by_role("heading", name="Precedence patience", level=1)).to_be_visible()
    expect(stock(page)).to_be_visible()


def stock(page: Page) -> Locator:
    return page.get_by_role("button", name=re.compile(r"^Stock, (\d+ cards?|empty)"))


def waste(page: Page) -> Locator:
    return page.get_by_role("group", name=re.compile(r"^Waste, "))


def foundation(page: Page, k: int) -> Locator:
    return page.get_by_role("button", name=re.compile(rf"^{rank_name(BASE_RANKS[k])} foundation, "))


def top_card(page: Page, state: dict[str, Any]) -> Locator:
    """The waste's top card of ``state``, a button named after the card."""
    return page.get_by_role("button", name=card_name(state["waste"][-1]), exact=True)


def moves(page: Page) -> Locator:
    return page.locator(".pt-moves")


def expect_view(page: Page, state: dict[str, Any]) -> None:
    """The table shows the engine's view of ``state``: stock, waste, foundations, moves."""
    view = api.view(state, 0)
    expect(moves(page)).to_have_text(str(view["moves"]))
    count = view["stock_count"]
    if count:
        name = f"Stock, {count} card{'' if count == 1 else 's'}"
    elif {"type": "redeal"} in api.legal_actions(state, 0):
        name = "Stock, empty: redeal"  # the word drawn on the empty stock is in its name
    else:
        name = "Stock, empty"
    expect(stock(page)).to_have_accessible_name(name)
    top = view["waste"][-1] if view["waste"] else None
    expect(waste(page)).to_have_accessible_name(
        f"Waste, {card_name(top)} on top" if top else "Waste, empty"
    )
    for k, info in enumerate(view["foundation_info"]):
        n = info["count"]
        expect(foundation(page, k)).to_have_accessible_name(
            f"{rank_name(info['base'])} foundation, {n} card{'' if n == 1 else 's'}"
        )


def press(page: Page, key: str, expected_moves: int) -> None:
    """Press a key and wait for the engine's answer to be on the table."""
    page.keyboard.press(key)
    expect(moves(page)).to_have_text(str(expected_moves))


def expect_ending(page: Page, name: str) -> Locator:
    """The end's panel named ``name`` is shown; if not, say what the page was doing (it
    once failed to come in long runs only: the card's flight, the page's drawing?)."""
    ending = page.get_by_role("region", name=name)
    try:
        expect(ending).to_be_visible()
    except AssertionError as error:
        state = page.evaluate(
            """() => ({
                visibility: document.visibilityState,
                focus: document.hasFocus(),
                timeline: document.timeline.currentTime,
                animations: document.getAnimations().map((a) => [a.playState, a.currentTime]),
                html: {...document.documentElement.dataset},
                dialogs: [...document.querySelectorAll("dialog[open]")].map(
                    (d) => d.id || d.className),
                endings: [...document.querySelectorAll("[role=region]")].map(
                    (r) => [r.getAttribute("aria-label"), r.hidden]),
            })"""
        )
        raise AssertionError(f"no '{name}' panel; the page: {state}") from error
    return ending


def drag(page: Page, source: Locator, target: Locator) -> None:
    """A pointer drag from the middle of ``source`` to the middle of ``target``."""
    settled(page)
    a = source.bounding_box()
    b = target.bounding_box()
    assert a and b
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    page.mouse.down()
    page.mouse.move(a["x"] + a["width"] / 2 + 10, a["y"] + a["height"] / 2 - 10, steps=3)
    page.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2, steps=12)
    page.mouse.up()


# --- the tests ----------------------------------------------------------------------


def test_boot_shows_progress_then_the_games(page: Page) -> None:
    # Record every value the boot meter shows, from the very start of the page.
    page.add_init_script(
        """
        window.bootValues = [];
        new MutationObserver(() => {
          const meter = document.getElementById("boot-meter");
          if (meter && meter.getAttribute("aria-valuenow")) {
            window.bootValues.push(Number(meter.getAttribute("aria-valuenow")));
          }
        }).observe(document, {
          subtree: true, attributes: true, attributeFilter: ["aria-valuenow"],
        });
        """
    )
    open_page(page, "/")
    values = page.evaluate("window.bootValues")
    assert len(set(values)) >= 3, values
    assert values == sorted(values) and values[-1] == 100, values
    expect(page.locator("#boot")).to_be_hidden()

    # The home page lists the engine's games that have a page: the patience.
    tile = page.locator(".game-list").get_by_role("link", name="Precedence patience")
    expect(tile).to_be_visible()
    tile.click()
    expect(page).to_have_url(re.compile(r"#patience/deal=\d+$"))
    expect(stock(page)).to_have_accessible_name("Stock, 103 cards")
    seed = int(page.url.rsplit("=", 1)[1])
    expect_view(page, new_state(seed))


def test_failed_boot_offers_a_retry(page: Page) -> None:
    page.route("**/pyodide/pyodide.asm.wasm", lambda route: route.fulfill(status=404, body=""))
    page.goto("/#patience/deal=5")
    page.wait_for_selector("html[data-engine=failed]", state="attached", timeout=BOOT_TIMEOUT_MS)
    expect(page.get_by_role("heading", name="The card room could not open")).to_be_visible()
    expect(page.locator("#boot-error-detail")).to_contain_text("pyodide.asm.wasm")
    page.unroute("**/pyodide/pyodide.asm.wasm")
    page.get_by_role("button", name="Retry").click()
    wait_ready(page)
    expect_view(page, new_state(5))


def test_deal_build_choose_and_refusal(table: Page, axe: AxeCheck) -> None:
    seed = 12345
    open_deal(table, f"/#patience/deal={seed}")
    state = new_state(seed)
    expect_view(table, state)

    # Deal by clicking the stock, then by keys, up to the first Queen: it fits two
    # foundations (1 on its King, 2 as its base), so the player is asked to choose.
    count, queen = deals_until(state, lambda card, s: card[0] == "Q")
    assert targets(queen) == [0, 1]
    # before the first move the foot says how to begin, in place of its figures
    coach = table.locator(".pt-coach")
    expect(coach).to_have_text(
        re.compile(r"^Deal a card from the stock \(click it, or press D\), then build")
    )
    expect(table.locator(".pt-progress")).to_be_hidden()
    stock(table).click()
    expect(moves(table)).to_have_text("1")
    expect(coach).to_be_hidden()
    expect(table.locator(".pt-progress")).to_be_visible()
    for n in range(2, count + 1):
        press(table, "d", n)
    expect_view(table, queen)
    top_card(table, queen).click()
    expect(table.locator(".pt-foundation.candidate")).to_have_count(2)
    expect(table.locator(".toasts")).to_contain_text("Choose where the")
    axe(table, "patience, choosing a foundation")
    foundation(table, 1).click()
    state = after(queen, {"type": "build", "to": 1})
    expect_view(table, state)
    expect(table.locator(".pt-foundation.candidate")).to_have_count(0)

    # A card that fits nowhere: a drop on foundation 4 is refused with the engine's words.
    count, stuck = deals_until(state, lambda card, s: not targets(s))
    for n in range(1, count + 1):
        press(table, "d", state["moves"] + n)
    with pytest.raises(api.RulesError) as refusal:
        api.apply(stuck, {"type": "build", "to": 3}, 0)
    drag(table, top_card(table, stuck), foundation(table, 3))
    expect(table.locator(".toasts")).to_contain_text(str(refusal.value.message))
    expect_view(table, stuck)

    # Keys: a card that fits exactly one foundation goes there with B.
    count, single = deals_until(stuck, lambda card, s: len(targets(s)) == 1)
    for n in range(1, count + 1):
        press(table, "d", stuck["moves"] + n)
    press(table, "b", single["moves"] + 1)
    expect_view(table, after(single, {"type": "build", "to": targets(single)[0]}))


def test_drag_and_drop_builds_on_a_foundation(table: Page) -> None:
    seed = 12345
    open_deal(table, f"/#patience/deal={seed}")
    count, queen = deals_until(new_state(seed), lambda card, s: card[0] == "Q")
    for n in range(1, count + 1):
        press(table, "d", n)
    drag(table, top_card(table, queen), foundation(table, 0))
    expect_view(table, after(queen, {"type": "build", "to": 0}))


def test_a_phone_fits_the_table_and_plays_by_touch(
    browser: Browser, site: str, axe: AxeCheck
) -> None:
    """375 px wide, touch only: all eight foundations fit (44 px or wider), taps deal, a
    finger drags."""
    context = browser.new_context(
        base_url=site,
        viewport={"width": 375, "height": 740},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
    )
    requests: list[str] = []
    context.on("request", lambda request: requests.append(request.url))
    page = context.new_page()
    errors: list[Error] = []

    def record(error: Error) -> None:  # (Playwright cannot wrap a builtin like list.append)
        errors.append(error)

    page.on("pageerror", record)
    try:
        seed = 12345
        open_deal(page, f"/#patience/deal={seed}")
        for k in range(8):
            box = foundation(page, k).bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= 375, (k, box)
            assert box["width"] >= 44, box
        axe(page, "patience at 375 px")
        coach = page.locator(".pt-coach")
        expect(coach).to_contain_text("Tap the stock to deal a card, then build")
        box = coach.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 375, box
        assert box["y"] + box["height"] <= 740, box  # on the screen, under the stock
        count, queen = deals_until(new_state(seed), lambda card, s: card[0] == "Q")
        for n in range(1, count + 1):
            stock(page).tap()
            expect(moves(page)).to_have_text(str(n))
        expect_view(page, queen)

        settled(page)
        card = top_card(page, queen).bounding_box()
        target = foundation(page, 1).bounding_box()
        assert card and target
        x0, y0 = card["x"] + card["width"] / 2, card["y"] + card["height"] / 2
        x1, y1 = target["x"] + target["width"] / 2, target["y"] + target["height"] / 2
        cdp = context.new_cdp_session(page)
        touch = "Input.dispatchTouchEvent"
        cdp.send(touch, {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
        for i in range(1, 13):
            x, y = x0 + (x1 - x0) * i / 12, y0 + (y1 - y0) * i / 12
            cdp.send(touch, {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
        expect(page.locator(".drag-ghost")).to_have_count(1)
        cdp.send(touch, {"type": "touchEnd", "touchPoints": []})
        expect_view(page, after(queen, {"type": "build", "to": 1}))
        expect(page.locator(".drag-ghost")).to_have_count(0)
    finally:
        context.close()
    assert not errors, errors
    assert all(url.startswith((f"{site}/", "data:", "blob:", "about:")) for url in requests)


def test_undo_and_redo_by_keys_and_buttons(table: Page) -> None:
    seed = 777
    open_deal(table, f"/#patience/deal={seed}")
    start = new_state(seed)
    states = [start]
    for n in range(1, 4):
        press(table, "d", n)
        states.append(after(states[-1], {"type": "deal"}))
    expect_view(table, states[3])

    undo = table.get_by_role("button", name="Undo")
    redo = table.get_by_role("button", name="Redo")
    expect(redo).to_be_disabled()
    table.keyboard.press("Control+z")
    expect_view(table, states[2])
    table.keyboard.press("u")
    expect_view(table, states[1])
    table.keyboard.press("Control+Shift+z")
    expect_view(table, states[2])
    table.keyboard.press("Control+y")
    expect_view(table, states[3])
    undo.click()
    undo.click()
    undo.click()
    expect_view(table, states[0])
    expect(undo).to_be_disabled()
    redo.click()
    expect_view(table, states[1])

    # Restart goes back to the deal as dealt; redo brings the moves back.
    table.keyboard.press("y")
    expect_view(table, states[2])
    table.get_by_role("button", name="Restart").click()
    expect_view(table, states[0])
    table.keyboard.press("y")
    expect_view(table, states[1])

    # A new move after an undo drops the moves that were ahead.
    press(table, "d", 2)
    expect(redo).to_be_disabled()
    expect_view(table, states[2])


def test_reload_resumes_the_game(table: Page) -> None:
    seed = 2024
    open_deal(table, f"/#patience/deal={seed}")
    count, queen = deals_until(new_state(seed), lambda card, s: bool(targets(s)))
    for n in range(1, count + 1):
        press(table, "d", n)
    press(table, str(targets(queen)[-1] + 1), count + 1)
    state = after(queen, {"type": "build", "to": targets(queen)[-1]})
    press(table, "d", count + 2)
    state = after(state, {"type": "deal"})
    table.keyboard.press("u")
    expect_view(table, after(queen, {"type": "build", "to": targets(queen)[-1]}))

    table.reload()
    wait_ready(table)
    # The position (one move undone) and the move ahead (redo) are both kept.
    expect_view(table, after(queen, {"type": "build", "to": targets(queen)[-1]}))
    expect(table.get_by_role("button", name="Redo")).to_be_enabled()
    table.keyboard.press("Control+y")
    expect_view(table, state)
    table.keyboard.press("Control+z")
    table.keyboard.press("Control+z")
    expect_view(table, queen)

    # The home table offers to continue it.
    table.goto("/#")
    expect(table.get_by_text(f"Deal {seed}, {count} moves in")).to_be_visible()


def test_a_shared_deal_url_reproduces_the_deal(table: Page) -> None:
    path = "/#patience/deal=4242&start=no-king"
    state = new_state(4242, start="no-king")
    expected = [card_name(code) for code in state["stock"][:6]]

    def play_six() -> list[str]:
        names = []
        for n in range(1, 7):
            press(table, "d", n)
            label = waste(table).get_attribute("aria-label") or ""
            names.append(label.removeprefix("Waste, ").removesuffix(" on top"))
        return names

    open_deal(table, path)
    expect(table).to_have_url(re.compile(r"#patience/deal=4242&start=no-king$"))
    expect(table.locator(".pt-deal")).to_contain_text("Deal 4242")
    # The start is named in the header as the options dialog names it: one source, the
    # engine's labels, never the option's id ("no-king" once read "No king start").
    info = next(g for g in api.games() if g["id"] == "patience")
    start_words = info["options"]["start"]["labels"]["no-king"]
    expect(table.locator(".pt-options")).to_have_text(f"{start_words} · 2 redeals")
    table.locator('[data-tool="new"]').click()
    dialog = table.get_by_role("dialog", name="New deal")
    expect(
        dialog.locator("label.choice", has=table.locator('input[value="no-king"]'))
    ).to_have_text(start_words)
    dialog.get_by_role("button", name="Cancel").click()
    expect(dialog).to_be_hidden()
    expect(foundation(table, 0)).to_have_accessible_name("King foundation, 0 cards")
    assert play_six() == expected
    table.get_by_role("button", name="Share").click()
    expect(table.get_by_text(re.compile("gets deal 4242"))).to_be_visible()

    # Someone else opens the link: nothing saved, the same cards in the same order.
    table.evaluate("localStorage.clear()")
    table.reload()
    wait_ready(table)
    expect(stock(table)).to_have_accessible_name("Stock, 104 cards")
    assert play_six() == expected

    # Another deal number is another deal.
    table.goto("/#patience/deal=4243&start=no-king")
    answer_link(table, go=True)  # the game of deal 4242 is in progress
    expect(stock(table)).to_have_accessible_name("Stock, 104 cards")
    press(table, "d", 1)
    other = new_state(4243, start="no-king")["stock"][0]
    expect(waste(table)).to_have_accessible_name(f"Waste, {card_name(other)} on top")


def test_play_a_deal_to_a_dead_end_by_keys(
    table: Page, shared: tuple[Page, list[str], list[Error]], site: str, axe: AxeCheck
) -> None:
    """The engine's 'easy' bot picks each move; the table is played by keys alone."""
    path = "/#patience/deal=13&redeals=0"
    state = new_state(13, redeals=0)
    open_deal(table, path)
    expect(table.locator(".pt-deal")).to_contain_text("no redeal")
    lost: dict[str, Any] = {}
    refused = table.locator("#toasts .toast", has_text="Not allowed.")
    while not state["over"]:
        action = bots.choose(api.view(state, 0), "easy", 0)
        step = api.apply(state, action, 0)
        if step["state"]["over"]:
            # A word about the move before (here a build refused) must not outlive it:
            # it once stayed over the dead end's words.
            wrong = next(k for k in range(8) if k not in targets(state))
            table.keyboard.press(str(wrong + 1))
            expect(refused).to_be_visible()
        state = step["state"]
        key = "d" if action["type"] == "deal" else str(action["to"] + 1)
        press(table, key, state["moves"])
        lost = next((e for e in step["events"] if e["type"] == "lost"), lost)
    assert state["phase"] == "lost"
    expect_view(table, state)
    ending = expect_ending(table, "Dead end")
    # gone with the position it spoke of, not when its time runs out (5 s)
    assert refused.count() == 0
    expect(ending).to_contain_text(lost["reason"])
    built = sum(len(pile) for pile in state["foundations"])
    expect(ending).to_contain_text(f"You built {built} of the 104 cards in {state['moves']} moves.")
    # what to do (audit 7 F16); no word of the hint, which this person never asked for
    # (audit 8 F3; test_table's dead end after a hint has it)
    expect(ending).to_contain_text("Review shows where the deal could last be won")
    expect(ending).not_to_contain_text("hint")
    expect(table.locator(".pt-state")).to_have_text("Dead end")
    # beside the title, cutting nothing short and under no tool (audit 11: in the line
    # under the title it cut the deal's options to "A King to start · 2 red…")
    # (with the longest deal number: the audit's deal was 477477)
    size = table.viewport_size
    table.set_viewport_size({"width": 1440, "height": 900})
    placed = table.evaluate(
        """() => {
            document.querySelector(".pt-deal-number").textContent = "Deal 999999";
            const info = document.querySelector(".tp-info");
            const chip = document.querySelector(".pt-state").getBoundingClientRect();
            const tools = document.querySelector(".tp-tools").getBoundingClientRect();
            return { cut: [info, ...info.children].filter(
                         (el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.className),
                     under: chip.right > tools.left && chip.bottom > tools.top
                         && chip.top < tools.bottom };
        }"""
    )
    assert placed == {"cut": [], "under": False}, placed
    if size:
        table.set_viewport_size(size)
    axe(table, "patience, dead end")

    # The stock is empty with no redeal left: the engine's refusal is shown.
    with pytest.raises(api.RulesError):
        api.apply(state, {"type": "redeal"}, 0)
    ending.get_by_role("button", name="Undo last move").click()
    expect(ending).to_be_hidden()
    expect(moves(table)).to_have_text(str(state["moves"] - 1))

    network_log = shared[1]
    assert any(url.startswith(f"{site}/pyodide/") for url in network_log)
    assert all(url.startswith((f"{site}/", "data:", "blob:", "about:")) for url in network_log)


def test_a_win_is_announced(table: Page, axe: AxeCheck) -> None:
    # A saved game one card from the end (the last foundation's 7 on the waste).
    record = won_in_one(99)
    last = record["setup"]["waste"][0]
    assert api.replay(record)["phase"] == "play"

    table.evaluate(
        "([key, value]) => localStorage.setItem(key, value)",
        [SAVE_KEY, json.dumps({"version": 1, "record": record, "position": 0})],
    )
    table.goto("/#patience")
    expect(table).to_have_url(re.compile(r"#patience/deal=99$"))
    expect(waste(table)).to_have_accessible_name(f"Waste, {card_name(last)} on top")
    press(table, "8", 1)
    ending = expect_ending(table, "You won!")
    expect(ending).to_contain_text("All 104 cards are on the foundations, in 1 move.")
    expect(foundation(table, 7)).to_have_accessible_name("6 foundation, 13 cards")
    axe(table, "patience, won")


def test_an_unreadable_save_is_reported_and_a_new_game_offered(table: Page) -> None:
    table.evaluate("([key]) => localStorage.setItem(key, '{not json')", [SAVE_KEY])
    table.goto("/#patience")
    dialog = table.get_by_role("dialog", name="The saved game could not be opened")
    expect(dialog).to_contain_text("not readable")
    dialog.get_by_role("button", name="Start a new game").click()
    expect(stock(table)).to_have_accessible_name("Stock, 103 cards")

    # A record whose moves the engine refuses (a build from an empty waste).
    bad = {
        "version": 1,
        "record": {
            "game": "patience",
            "options": None,
            "seed": 31,
            "setup": None,
            "actions": [{"seat": 0, "action": {"type": "build", "to": 3}}],
        },
        "position": 1,
    }
    table.goto("/#")
    table.evaluate(
        "([key, value]) => localStorage.setItem(key, value)", [SAVE_KEY, json.dumps(bad)]
    )
    table.goto("/#patience/deal=31")
    dialog = table.get_by_role("dialog", name="The saved game could not be opened")
    expect(dialog).to_contain_text("refused its moves")
    dialog.get_by_role("button", name="Play deal 31").click()
    expect_view(table, new_state(31))


def test_keyboard_focus_moves_between_the_piles(table: Page) -> None:
    seed = 55
    open_deal(table, f"/#patience/deal={seed}")
    stock(table).focus()
    table.keyboard.press("Space")
    state = after(new_state(seed), {"type": "deal"})
    expect_view(table, state)
    expect(stock(table)).to_be_focused()
    table.keyboard.press("ArrowRight")
    expect(top_card(table, state)).to_be_focused()
    table.keyboard.press("ArrowRight")
    expect(foundation(table, 0)).to_be_focused()
    table.keyboard.press("ArrowLeft")
    table.keyboard.press("ArrowLeft")
    expect(stock(table)).to_be_focused()
    # The focused control shows a visible focus ring.
    outline = stock(table).evaluate("el => getComputedStyle(el).outlineStyle")
    assert outline == "solid"


def test_the_arrows_start_at_the_stock_after_a_deal_by_key(table: Page) -> None:
    """(audit 9) A deal by key leaves the focus on the page itself: Right then goes to
    the stock and Left to the last foundation, rather than doing nothing."""
    seed = 55
    open_deal(table, f"/#patience/deal={seed}")
    table.evaluate("() => document.activeElement?.blur()")
    press(table, "d", 1)
    assert table.evaluate("() => document.activeElement === document.body")
    table.keyboard.press("ArrowRight")
    expect(stock(table)).to_be_focused()
    table.evaluate("() => document.activeElement?.blur()")
    table.keyboard.press("ArrowLeft")
    expect(foundation(table, 7)).to_be_focused()


DEFAULT_VIEWPORT = {"width": 1280, "height": 720}  # (Playwright's, the module page's)

# each pile's box, and the hint's
PILES = """() => {
    const box = (el) => { const r = el.getBoundingClientRect();
        return [r.left, r.top, r.width, r.height].map(Math.round); };
    const advice = document.querySelector(".pt-advice > .advice:not([hidden])");
    return {
        piles: [...document.querySelectorAll(".pt-foundation, .pt-stock-area, .pt-waste")].map(box),
        advice: advice ? advice.getBoundingClientRect().top : null,
        lowest: Math.max(...[...document.querySelectorAll(
            ".pt-foundations, .pt-stock-area, .pt-waste")]
            .map((el) => el.getBoundingClientRect().bottom)),
    };
}"""


def test_a_phone_hint_leaves_the_cards_as_they_were(table: Page) -> None:
    """(audit 9) On a phone a hint lies over the board's foot (its progress line): opening
    and closing it moves no pile and resizes no card, and it covers none of them."""
    table.set_viewport_size({"width": 375, "height": 740})
    try:
        hint_over_the_foot(table)
    finally:
        table.set_viewport_size(DEFAULT_VIEWPORT)  # (the module's page goes on)


def hint_over_the_foot(table: Page) -> None:
    open_deal(table, "/#patience/deal=4")
    press(table, "d", 1)
    before = table.evaluate(PILES)
    table.get_by_role("button", name=re.compile("^Hint")).first.click()
    advice = table.get_by_role("complementary", name="Hint")
    expect(advice.locator(".advice-text")).not_to_be_empty(timeout=60_000)
    table.evaluate(TWO_FRAMES)
    shown = table.evaluate(PILES)
    assert shown["piles"] == before["piles"]
    assert shown["advice"] is not None and shown["advice"] >= shown["lowest"]
    table.get_by_role("button", name=re.compile("^Hint")).first.click()
    expect(advice).to_be_hidden()
    table.evaluate(TWO_FRAMES)
    assert table.evaluate(PILES)["piles"] == before["piles"]


def test_cards_move_unless_the_player_prefers_reduced_motion(table: Page) -> None:
    open_deal(table, "/#patience/deal=91")
    # Count the card animations the page starts.
    table.evaluate(
        """() => {
          window.cardFlights = [];
          const animate = Element.prototype.animate;
          window.restoreAnimate = () => { Element.prototype.animate = animate; };
          Element.prototype.animate = function (frames, options) {
            if (this.classList.contains("card")) window.cardFlights.push(this.dataset.code);
            return animate.call(this, frames, options);
          };
        }"""
    )
    try:
        state = after(new_state(91), {"type": "deal"})
        press(table, "d", 1)
        assert table.evaluate("() => window.cardFlights") == [state["waste"][-1]]
        table.emulate_media(reduced_motion="reduce")
        press(table, "d", 2)
        press(table, "u", 1)
        assert table.evaluate("() => window.cardFlights") == [state["waste"][-1]]
    finally:
        table.emulate_media(reduced_motion="no-preference")
        table.evaluate("() => window.restoreAnimate()")


def test_four_colour_suits_setting(table: Page) -> None:
    open_deal(table, "/#patience/deal=12345")
    king = table.locator(".pt-foundation .card[data-code='KC']")
    black = king.evaluate("el => getComputedStyle(el).getPropertyValue('--ink').trim()")
    table.get_by_role("button", name="Settings").click()
    dialog = table.get_by_role("dialog", name="Settings")
    dialog.get_by_role("checkbox", name=re.compile("Four-colour suits")).check()
    expect(table.locator("html")).to_have_class(re.compile(r"\bfour-colour\b"))
    green = king.evaluate("el => getComputedStyle(el).getPropertyValue('--ink').trim()")
    assert green != black
    dialog.get_by_role("button", name="Done").click()
    settings = json.loads(table.evaluate("() => localStorage.getItem('celestix.settings')"))
    assert settings == {"fourColour": True, "speed": "normal"}
    table.get_by_role("button", name="Settings").click()
    dialog.get_by_role("checkbox", name=re.compile("Four-colour suits")).uncheck()
    dialog.get_by_role("button", name="Done").click()
    expect(table.locator("html")).not_to_have_class(re.compile(r"\bfour-colour\b"))
