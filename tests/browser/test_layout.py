"""Nothing on the table moves between phases (issue 24), at 1440x900 and 375x740.

* The felt as drawn (table.css draws it from the seats down to the bottom of your
  decision) keeps its place and height, and the seats their places, at the bidding,
  during play and at a hand's end (Precedence; Contract Sabacc with four players, the
  aside too).
* Seat plates, the status line and Contract Sabacc's pots line are one line each (on a
  phone the other seats' plates two: the name, then the detail); what does not fit is
  left out, the whole text is the title (test_phone.py: nothing is cut).
* At five players the others sit round the table: two at the top, one at each side.
* A round's count shows every row, the chips last, within its scrolling body.
* The demos draw a 10 as "10", its whole index showing beside the next card; the
  gallery's preview opens under its row without stretching it, and its snippets wrap.

Positions are made on CPython (``tablekit.play_to``) and given to the page as saves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tablekit import BOOT_TIMEOUT_MS, PHONE, WIDE, open_table, play_to, saved, settled, turn

WIDTHS = {"1440": WIDE, "375": PHONE}
State = dict[str, Any]


def yours(phase: str) -> Callable[[State], bool]:
    return lambda s: s["to_act"] == 0 and s["phase"] == phase


def person_bid(state: State, legal: list[dict[str, Any]]) -> dict[str, Any]:
    """Seat 0 bids the lowest of Take, Push, Guard it may (so it declares)."""
    for word in ("take", "push", "guard"):
        if {"type": "bid", "bid": word} in legal:
            return {"type": "bid", "bid": word}
    return legal[0]


# game, options, seed, stop, person, a hand's end (the save's last move ended it)
Phase = tuple[str, dict[str, Any] | None, int, Callable[[State], bool], Any, bool]
PHASES: dict[str, dict[str, Phase]] = {
    "precedence": {
        "bid": ("precedence", None, 4242, yours("bid"), None, False),
        "play": (
            "precedence",
            None,
            4242,
            lambda s: yours("play")(s) and len(s["completed"]) >= 5 and bool(s["trick"]),
            None,
            False,
        ),
        "end": ("precedence", None, 4242, lambda s: s["hand_number"] == 1, None, True),
    },
    "sabacc": {
        "bid": ("sabacc", {"players": 4}, 1, yours("bid"), person_bid, False),
        "aside": ("sabacc", {"players": 4}, 1, yours("aside"), person_bid, False),
        "play": (
            "sabacc",
            {"players": 4},
            1,
            lambda s: yours("play")(s) and len(s["played"]) >= 2,
            person_bid,
            False,
        ),
        "end": ("sabacc", {"players": 4}, 1, lambda s: s["round"] == 1, person_bid, True),
    },
}
_made: dict[tuple[str, str], dict[str, Any]] = {}


def position(game: str, name: str) -> dict[str, Any]:
    if (game, name) not in _made:
        _, options, seed, stop, person, ended = PHASES[game][name]
        _, record = play_to(game, options, seed, stop, person)
        _made[game, name] = saved(record, pending=len(record["actions"]) if ended else None)
    return _made[game, name]


# where the felt, the seats and the hand are (rounded to the pixel)
PLACES = """() => {
    const box = (el) => {
        const r = el.getBoundingClientRect();
        return [r.left, r.top, r.width, r.height].map(Math.round);
    };
    // the felt as drawn: from the seats' felt down to your decision's bottom
    const top = document.querySelector(".tp-felt").getBoundingClientRect();
    const me = document.querySelector(".tp-me").getBoundingClientRect();
    const felt = [top.left, top.top, top.width, me.bottom - top.top].map(Math.round);
    const seats = {};
    for (const seat of document.querySelectorAll(".tp-felt .tp-seat")) {
        seats[seat.dataset.slot] = box(seat.querySelector(".seat-plate"));
    }
    return { felt, seats, hand: box(document.querySelector(".tp-hand")) };
}"""

# each plate, the status line and the pots line: one line (and the whole text as title);
# on a phone the other seats' plates two, the name (and badge), then the detail; Contract
# Sabacc's three, the name, then the badge and the detail over two lines (every plate its
# badge and its chips: audit 6 fault 11)
ONE_LINE = """() => {
    const wrong = [];
    const lineOf = (el) => {
        const style = getComputedStyle(el);
        const line = parseFloat(style.lineHeight) || 1.25 * parseFloat(style.fontSize);
        const pad = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom)
            + parseFloat(style.borderTopWidth) + parseFloat(style.borderBottomWidth);
        return { line, inner: el.getBoundingClientRect().height - pad };
    };
    const parts = [...document.querySelectorAll(".seat-plate, .tp-status, .sb-pots")];
    for (const el of parts) {
        if (!el.getClientRects().length) continue;
        const { line, inner } = lineOf(el);
        const what = `${el.className}: ${el.textContent.trim().slice(0, 40)}`;
        const two = innerWidth <= 640 && el.matches(".tp-felt .seat-plate");
        const three = two && el.matches(".sb-felt .seat-plate");
        const lines = three ? 3.5 : two ? 2.5 : 1.5;
        if (inner > line * lines) wrong.push(`${what} is ${Math.round(inner)} px high`);
        // the spans of a plate side by side, on one line
        const tops = [...el.querySelectorAll(
                three ? ".seat-name" : two ? ".seat-name, .seat-badge"
                : ".seat-name, .seat-detail, .seat-badge")]
            .filter((s) => s.getClientRects().length && s.textContent)
            .map((s) => s.getBoundingClientRect().bottom);
        if (tops.length && Math.max(...tops) - Math.min(...tops) > line / 2) {
            wrong.push(`${what} has parts on two lines`);
        }
        const text = el.textContent.trim();
        // (text for screen readers only is not shown)
        const shown = el.scrollWidth > el.clientWidth + 1 || [...el.children].some(
            (c) => !c.classList.contains("sr-only") && c.scrollWidth > c.clientWidth + 1);
        const whole = el.querySelector(".seat-said, .sr-only")?.textContent || text;
        if (shown && !(el.title || "").includes(whole.split(", ").pop())) {
            wrong.push(`${what} is cut without its whole text as title`);
        }
    }
    return wrong;
}"""


def places(page: Page) -> dict[str, Any]:
    settled(page)
    result: dict[str, Any] = page.evaluate(PLACES)
    return result


@pytest.mark.parametrize("width", list(WIDTHS))
@pytest.mark.parametrize("game", list(PHASES))
def test_the_felt_and_the_seats_stay_put_between_phases(table: Page, game: str, width: str) -> None:
    page = table
    page.set_viewport_size(WIDTHS[width])
    seen: dict[str, dict[str, Any]] = {}
    for name in PHASES[game]:
        open_table(page, game, position(game, name))
        expected = "count" if name == "end" else "you"
        assert turn(page) == expected
        if name != "end":
            expect(page.locator(".table-page")).to_have_attribute("data-phase", name)
        seen[name] = places(page)
        assert page.evaluate(ONE_LINE) == [], f"{game} {name} at {width} px"
    first, *others = seen
    for name in others:
        for part in ("felt", "seats", "hand"):
            assert seen[name][part] == seen[first][part], (
                f"{game} at {width} px: the {part} at {first} {seen[first][part]}, "
                f"at {name} {seen[name][part]}"
            )


@pytest.mark.parametrize("width", list(WIDTHS))
def test_five_players_sit_round_the_table(table: Page, width: str) -> None:
    page = table
    page.set_viewport_size(WIDTHS[width])
    _, record = play_to("sabacc", {"players": 5}, 7, yours("bid"))
    open_table(page, "sabacc", saved(record))
    assert turn(page) == "you"
    at = places(page)
    seats, felt = at["seats"], at["felt"]
    assert set(seats) == {"left", "top-left", "top-right", "right"}
    x = {slot: seats[slot][0] + seats[slot][2] / 2 for slot in seats}
    y = {slot: seats[slot][1] for slot in seats}
    # from your left round to your right
    assert x["left"] < x["top-left"] < x["top-right"] < x["right"], x
    # two at the top of the felt, the sides lower
    for slot in ("top-left", "top-right"):
        assert y[slot] - felt[1] < 24, f"{slot} is not at the top: {y[slot]} in {felt}"
    for slot in ("left", "right"):
        assert y[slot] > max(y["top-left"], y["top-right"]) + 8, y
    # the two at the top sit towards the middle, not above the sides
    assert x["top-left"] - x["left"] > seats["left"][2] / 2, x
    assert x["right"] - x["top-right"] > seats["right"][2] / 2, x
    assert page.evaluate(ONE_LINE) == []


# the count's parts, each scrolled into view inside the dialog's body: inside the body's
# box and the screen, not cut (what of them does not fit is said)
COUNT_ROWS = """() => {
    const body = document.querySelector("dialog[open] .dialog-body");
    const rows = [...body.querySelectorAll(".sb-count > *, .sb-count tr, .sb-pair")];
    const wrong = [];
    for (const row of rows) {
        // (a folded part, e.g. the paired pile, is not on screen until opened)
        if (!row.getClientRects().length || row.closest("details:not([open])")) continue;
        row.scrollIntoView({ block: "nearest" });
        const r = row.getBoundingClientRect(), b = body.getBoundingClientRect();
        if (r.height > b.height) continue;  // taller than the body: scrolled through
        if (r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5 || r.bottom > innerHeight) {
            wrong.push(`${row.tagName} ${row.textContent.trim().slice(0, 30)}: `
                + `${Math.round(r.top)}-${Math.round(r.bottom)} in `
                + `${Math.round(b.top)}-${Math.round(b.bottom)}`);
        }
    }
    const chips = [...body.querySelectorAll(".sb-chip-table tr")];
    if (!chips.length) wrong.push("no chips row");
    return wrong;
}"""


@pytest.mark.parametrize("width", list(WIDTHS))
def test_a_rounds_count_shows_every_row(table: Page, width: str) -> None:
    page = table
    page.set_viewport_size(WIDTHS[width])
    open_table(page, "sabacc", position("sabacc", "end"))
    assert turn(page) == "count"
    settled(page)
    assert page.evaluate(COUNT_ROWS) == []
    expect(page.locator("dialog[open] .sb-chip-table")).to_contain_text("You")


# every face-up 10 of the demo: its index reads "10" and shows whole (no other card
# lies over any part of it)
TENS = """() => {
    const out = [];
    for (const card of document.querySelectorAll(".card[data-code]")) {
        if (!/^(T|10)/.test(card.dataset.code)) continue;
        const layout = (el) => el.closest(".compact, .full");
        const shown = (el) => !layout(el) || getComputedStyle(layout(el)).display !== "none";
        const idx = [...card.querySelectorAll(".idx")].find(
            (el) => el.getClientRects().length && shown(el));
        if (!idx) continue;
        const text = idx.tagName === "use"
            ? document.querySelector(idx.getAttribute("href")).textContent
            : idx.textContent;
        const r = idx.getBoundingClientRect();
        let covered = false;
        for (const fx of [0.05, 0.5, 0.95]) {
            for (const fy of [0.3, 0.7]) {
                const hit = document.elementFromPoint(r.left + fx * r.width, r.top + fy * r.height);
                if (hit && hit.closest(".card") !== card) covered = true;
            }
        }
        out.push({ code: card.dataset.code, text: text.trim(), covered });
    }
    return out;
}"""


def test_a_demo_draws_a_ten_whole(page: Page) -> None:
    for demo in ("follow-suit", "idiot-beats-all", "patience-won"):
        for width, size in WIDTHS.items():
            page.set_viewport_size(size)
            page.goto(f"/embed.html?demo={demo}")
            page.wait_for_function(
                "() => document.documentElement.dataset.demo === 'ready'",
                timeout=BOOT_TIMEOUT_MS,
            )
            settled(page)
            tens = page.evaluate(TENS)
            assert tens, f"no 10 face up in {demo}"
            for ten in tens:
                assert ten["text"] == "10", ten
                assert not ten["covered"], f"{demo} at {width} px: a 10 is covered: {ten}"


def test_the_gallery_preview_keeps_its_row_and_snippets_wrap(page: Page) -> None:
    page.set_viewport_size(WIDE)
    page.goto("/demos.html")
    page.wait_for_function("() => document.documentElement.dataset.gallery === 'ready'")
    heights = """() => [...document.querySelectorAll('.gallery-item')].map(
        (el) => Math.round(el.getBoundingClientRect().height))"""
    before = page.evaluate(heights)
    # no snippet line is cut: each wraps within its box
    clipped = page.evaluate(
        """() => [...document.querySelectorAll('.gallery-snippet')]
            .filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent)"""
    )
    assert clipped == []
    item = page.locator(".gallery-item").nth(1)
    title = item.locator("h3").inner_text()
    item.get_by_role("button", name=f"Preview {title}").click()
    live = page.locator(".gallery-live celestix-demo")
    expect(live).to_have_attribute("data-step", "1", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate(heights) == before  # the summaries keep their heights
    holder = page.locator(".gallery-live")
    box, list_box = holder.bounding_box(), page.locator(".gallery-list").first.bounding_box()
    assert box and list_box and abs(box["width"] - list_box["width"]) < 2  # the whole width
    item_box = item.bounding_box()
    assert item_box and box["y"] >= item_box["y"] + item_box["height"]  # under its row
    item.get_by_role("button", name=f"Preview {title}").click()
    expect(page.locator(".gallery-live")).to_have_count(0)


def test_the_phones_hint_reads_whole(table: Page) -> None:
    """On a phone the hint is a strip between the felt and your decision: its action in
    view without scrolling, over neither."""
    page = table
    page.set_viewport_size(PHONE)
    open_table(page, "precedence", position("precedence", "bid"))
    assert turn(page) == "you"
    page.get_by_role("button", name="Hint", exact=True).click()
    advice = page.get_by_role("complementary", name="Hint")
    expect(advice.locator(".advice-text")).not_to_be_empty(timeout=60_000)
    settled(page)
    fits = page.evaluate(
        """() => {
            const el = document.querySelector(".table-page > .advice");
            const r = el.getBoundingClientRect();
            const felt = document.querySelector(".tp-felt").getBoundingClientRect();
            const me = document.querySelector(".tp-me").getBoundingClientRect();
            return { scroll: el.scrollHeight - el.clientHeight, top: r.top, bottom: r.bottom,
                     left: r.left, right: r.right, vh: innerHeight, vw: innerWidth,
                     felt: felt.bottom, me: me.top };
        }"""
    )
    assert fits["scroll"] <= 1, fits  # nothing to scroll to inside it
    assert fits["top"] >= fits["felt"] and fits["bottom"] <= fits["me"], fits
    assert fits["left"] >= 0 and fits["right"] <= fits["vw"], fits
