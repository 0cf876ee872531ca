"""A phone says less rather than cutting, and the table offers only what can be used
(issue 24, the newcomer audit), at 375x740 and at 1440x900:

* Over the bidding and the play of Precedence and Contract Sabacc (four and five
  players), no seat plate, status line, pots line or line under the title is cut: each
  of them and each of their parts shows all its text (scrollWidth <= clientWidth).
  What a plate leaves out stays its title and its text for screen readers; on a phone
  the other seats' plates show the name, then the bid and the tricks (Contract Sabacc's
  the chips first). The status line
  shows a short form where the long one does not fit; the long form stays its title
  and what is read. The felt as drawn (from the scores down to your hand, your
  decision on it) keeps its place and its height between the phases, and no empty band
  lies between your decision and your hand: in play the trick has the room the bids
  take while you choose them (before, 107 to 157 px were left empty at 375).
* The deck's legend: every entry's words sit beside its cards.
* The patience on a phone: all eight foundations on screen, each at least 44 px wide,
  the board using the phone's height.
* "Last trick" in the tools is unavailable (aria-disabled, said why, still reached in
  the toolbar) until a trick of the hand has been finished; then it opens the trick.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from a11y import Screenshot
from tablekit import PHONE, WIDE, open_table, play_to, saved, settled, turn
from test_table import position, yours

WIDTHS = {"1440": WIDE, "375": PHONE}
# The most room left between your decision's last line and your hand (the felt's edge)
BAND = 20
State = dict[str, Any]


def playing(state: State, tricks: int) -> bool:
    return bool(yours("play")(state) and len(state["played"]) >= tricks)


# a game's phases (the person to act in each), in the order they come
EXTRA = {
    "sabacc-5-play": ("sabacc", {"players": 5}, 7, lambda s: playing(s, 1)),
    "sabacc-3-bid": ("sabacc", {"players": 3}, 2, yours("bid")),
    "sabacc-3-follow": (
        "sabacc",
        {"players": 3},
        2,
        lambda s: playing(s, 1) and len(s["trick"]) == 2,
    ),
    "sabacc-round-2": (
        "sabacc",
        {"players": 4},
        1,
        lambda s: s["round"] == 1 and yours("bid")(s),
    ),
}
GAMES = {
    "precedence": ["precedence-bid", "precedence-play"],
    "sabacc-4": ["sabacc-bid", "sabacc-aside", "sabacc-play"],
    "sabacc-5": ["sabacc-5-bid", "sabacc-5-play"],
}
_made: dict[str, dict[str, Any]] = {}


def save_of(name: str) -> dict[str, Any]:
    if name not in EXTRA:
        return position(name)
    if name not in _made:
        game, options, seed, stop = EXTRA[name]
        _, record = play_to(game, options, seed, stop)
        _made[name] = saved(record)
    return _made[name]


def open_phase(page: Page, name: str) -> None:
    open_table(page, name.split("-", maxsplit=1)[0], save_of(name))
    assert turn(page) == "you"
    settled(page)


# every line that must not be cut, and each of its parts (text for screen readers only
# is not shown); also the felt's height and what each plate and the status show
CUT = """() => {
    const cut = [];
    const lines = document.querySelectorAll(
        ".seat-plate, .seat-plate > *, .seat-detail > *, .tp-status, .tp-status > *,"
        + " .sb-pots, .sb-pots > *, .tp-info, .tp-info > *");
    for (const el of lines) {
        if (el.classList.contains("sr-only") || !el.getClientRects().length) continue;
        // (the line under the title may have two lines on a phone: none clamped)
        if (el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight + 1) {
            const line = el.closest(".seat-plate, .tp-status, .sb-pots, .tp-info");
            cut.push(`${el.className} "${el.textContent.trim()}" ${el.scrollWidth} px `
                + `in ${el.clientWidth} px (${line.title})`);
        }
    }
    const plates = [...document.querySelectorAll(".tp-felt .seat-plate")].map((p) => ({
        name: p.querySelector(".seat-name").textContent,
        shown: p.querySelector(".seat-shown")?.textContent ?? "",
        said: p.querySelector(".seat-said")?.textContent ?? "",
        title: p.title,
        height: Math.round(p.getBoundingClientRect().height),
    }));
    const status = document.querySelector(".tp-status");
    // the felt as drawn: from the top of the seats' felt to the bottom of your decision
    // (table.css draws it under both); the band: from the last thing your decision
    // shows to your hand
    const box = (s) => document.querySelector(s).getBoundingClientRect();
    const shown = [...document.querySelectorAll(
        ".tp-me .tp-status, .tp-me .tp-panel > *, .tp-me-plate .seat-plate")]
        .filter((el) => el.getClientRects().length && getComputedStyle(el).visibility !== "hidden");
    const low = Math.max(...shown.map((el) => el.getBoundingClientRect().bottom));
    return {
        cut,
        plates,
        status: {
            shown: status.querySelector("[aria-hidden=true]")?.textContent ?? "",
            said: status.querySelector(".sr-only")?.textContent ?? "",
            title: status.title,
        },
        felt: [Math.round(box(".tp-felt").top), Math.round(box(".tp-me").bottom),
               Math.round(box(".tp-hand").top)],
        band: Math.round(box(".tp-hand").top - low),
    };
}"""


@pytest.mark.parametrize("width", list(WIDTHS))
@pytest.mark.parametrize("game", list(GAMES))
def test_nothing_on_the_table_is_cut(table: Page, game: str, width: str) -> None:
    page = table
    page.set_viewport_size(WIDTHS[width])
    felt = {}
    for name in GAMES[game]:
        open_phase(page, name)
        seen = page.evaluate(CUT)
        assert seen["cut"] == [], f"{name} at {width} px"
        felt[name] = seen["felt"]
        assert seen["band"] <= BAND, f"{name} at {width} px: {seen['band']} px left empty"
        for plate in seen["plates"]:
            # what is shown is the start of what is said, and all of it is the title
            assert plate["shown"] in plate["said"], plate
            assert plate["said"].split(", ")[-1] in plate["title"]
        assert len({plate["height"] for plate in seen["plates"]}) == 1, seen["plates"]
        status = seen["status"]
        assert status["said"] == status["title"] and status["said"]
        if width == "375" and name.endswith("play"):
            for plate in seen["plates"]:
                # Contract Sabacc's plates: the chips first (with the badge, at five
                # players that is all a phone's plate has room for: test_readable.py)
                badge = plate["said"].startswith(("Dealer", "Declarer"))
                if game == "precedence" or not (badge and game == "sabacc-5"):
                    assert re.search(r"\d+ tricks?", plate["shown"]), plate
                if game != "precedence":
                    assert re.search(r"\d+ chips?", plate["shown"]), plate
            if game == "precedence":  # the bid and the tricks, the chips left out
                for plate in seen["plates"]:
                    assert re.fullmatch(r"bid \d+ · \d+ tricks?", plate["shown"]), plate
                    assert "chips" in plate["said"] and "chips" in plate["title"]
    assert len({tuple(f) for f in felt.values()}) == 1, f"the felt moved at {width} px: {felt}"


def test_a_long_prompt_says_its_short_form_on_a_phone(table: Page) -> None:
    page = table
    long = "Your declaration: select your melds, then declare."
    for size, shown in ((PHONE, "Select your melds, then declare."), (WIDE, long)):
        page.set_viewport_size(size)
        open_phase(page, "precedence-declare")
        status = page.locator(".tp-status")
        expect(status.locator("[aria-hidden=true]")).to_have_text(shown)
        expect(status.locator(".sr-only")).to_have_text(long)
        expect(status).to_have_attribute("title", long)
        assert page.evaluate(CUT)["cut"] == []
    # turned to a phone's width on the same page: the short form without a new render
    page.set_viewport_size(PHONE)
    expect(page.locator(".tp-status [aria-hidden=true]")).to_have_text(
        "Select your melds, then declare."
    )


# each legend entry: its words beside its cards (their middles level, the words to the
# right of the cards)
LEGEND = """() => [...document.querySelectorAll("dialog[open] .legend-row")].flatMap((row) => {
    const cards = row.querySelector(".legend-cards").getBoundingClientRect();
    const text = row.querySelector(".legend-text").getBoundingClientRect();
    const beside = text.left >= cards.right - 0.5
        && text.top < cards.bottom && text.bottom > cards.top;
    return beside ? [] : [`${row.textContent.trim().slice(0, 40)}: words at `
        + `${Math.round(text.left)},${Math.round(text.top)}, cards to `
        + `${Math.round(cards.right)},${Math.round(cards.bottom)}`];
})"""


@pytest.mark.parametrize("width", list(WIDTHS))
@pytest.mark.parametrize("game", ["sabacc", "precedence"])
def test_the_legends_words_sit_beside_their_cards(table: Page, game: str, width: str) -> None:
    page = table
    page.set_viewport_size(WIDTHS[width])
    open_phase(page, "sabacc-bid" if game == "sabacc" else "precedence-bid")
    page.keyboard.press("k")
    dialog = page.locator("dialog[open]")
    expect(dialog.locator(".legend-row").first).to_be_visible()
    settled(page)
    assert dialog.locator(".legend-row").count() >= 8
    assert page.evaluate(LEGEND) == []
    page.keyboard.press("Escape")


# the patience's foundations, stock and waste: each box, and how far the board reaches
PATIENCE = """() => {
    const box = (el) => {
        const r = el.getBoundingClientRect();
        return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width };
    };
    const boxes = (selector) => [...document.querySelectorAll(selector)].map((el) => ({
        what: el.getAttribute("aria-label") || el.className, ...box(el) }));
    return {
        foundations: boxes(".pt-foundation .pile"),
        piles: boxes(".pt-foundation .pile, .stock, .pt-waste"),
        board: box(document.querySelector(".pt-table")),
        screen: { width: document.documentElement.clientWidth, height: innerHeight },
    };
}"""


# Each foundation's words under it ("K", "12 to go"), with its card's box
FOUNDATION_WORDS = """() => [...document.querySelectorAll(".pt-foundation")].map((f) => {
    const card = f.querySelector(".pile-stack").getBoundingClientRect();
    const label = f.querySelector(".f-label");
    const range = document.createRange();
    range.selectNodeContents(label);
    const words = [...range.getClientRects()];
    return { text: label.innerText.replace(/\\s+/g, " ").trim(),
             left: Math.min(...words.map((r) => r.left)),
             right: Math.max(...words.map((r) => r.right)),
             cardLeft: card.left, cardRight: card.right };
})"""


def test_the_patience_fills_a_phone(table: Page, screenshot: Screenshot) -> None:
    page = table
    page.set_viewport_size(PHONE)
    open_table(page, "patience", hash_="/deal=5")
    page.wait_for_selector(".pt-table .card")
    settled(page)
    seen = page.evaluate(PATIENCE)
    width, height = seen["screen"]["width"], seen["screen"]["height"]
    foundations = seen["foundations"]
    assert len(foundations) == 8 and len(seen["piles"]) == 10, seen["piles"]
    for pile in seen["piles"]:
        assert pile["left"] >= 0 and pile["right"] <= width, pile
        assert pile["top"] >= 0 and pile["bottom"] <= height, pile
    for pile in foundations:
        assert pile["width"] >= 44, pile
    # the board uses the phone's height: at most a tenth of the screen is left below it
    assert height - seen["board"]["bottom"] <= height / 10, seen["board"]
    assert seen["board"]["bottom"] <= height
    # (audit 9) under each foundation its base and what it still needs, in words ("K",
    # "12 to go": a bare "K 12" said nothing), within the card's width
    for words in page.evaluate(FOUNDATION_WORDS):
        assert re.fullmatch(r"(\d+|[A-Z]) (\d+ to go|complete)", words["text"]), words
        assert words["left"] >= words["cardLeft"] - 1, words
        assert words["right"] <= words["cardRight"] + 1, words
    screenshot(page, "patience-375")


def last_tool(page: Page) -> Any:
    return page.locator(".tp-tools [data-tool=last]")


@pytest.mark.parametrize("width", list(WIDTHS))
def test_last_trick_waits_for_a_finished_trick(table: Page, width: str) -> None:
    page = table
    page.set_viewport_size(WIDTHS[width])
    for name in ("precedence-bid", "sabacc-bid", "sabacc-round-2"):
        open_phase(page, name)
        tool = last_tool(page)
        expect(tool).to_be_visible()
        expect(tool).to_have_attribute("aria-disabled", "true")
        expect(tool).to_have_attribute("aria-description", re.compile("No trick"))
        expect(page.locator(".tp-last")).to_be_hidden()
        # reached from the keyboard, and pressed it says why and opens nothing
        tool.focus()
        expect(tool).to_be_focused()
        page.keyboard.press("Enter")
        expect(page.locator("#toasts")).to_contain_text("No trick has been finished")
        page.keyboard.press("l")
        expect(page.locator("dialog[open]")).to_have_count(0)
    for name in ("precedence-play", "sabacc-play"):
        open_phase(page, name)
        tool = last_tool(page)
        expect(tool).to_have_attribute("aria-disabled", "false")
        expect(tool).not_to_have_attribute("aria-description", re.compile("."))
        page.keyboard.press("l")
        dialog = page.get_by_role("dialog", name="Last trick")
        expect(dialog.locator(".card").first).to_be_visible()
        page.keyboard.press("Escape")
        expect(dialog).to_have_count(0)
