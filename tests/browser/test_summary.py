"""What a hand's end and a hint's "Why?" show first (issue 24, the newcomer audit 3), at
1440x900 and 375x740:

* A hand's (round's) summary leads with what it meant for you: in Precedence each
  team's points this hand and its score, yours first, and the Hand Pot's sentence; in
  Contract Sabacc the verdict, the chips the wagers moved and where everyone stands. All
  of it lies above the fold as the dialog opens; how it was counted (Precedence's table,
  Sabacc's paired pile) is folded under "How it was counted", one pattern in both games.
* Sabacc's 46-point line: its label clear of the verdict above the bar.
* Numbers in words: a negative score with a true minus sign (U+2212, never "-35"), and
  melds halved "because the contract failed"; the review's "Team" header over its column.
* The hint's "Why?": at 1440 the bid hint's reason and other choices are whole (before,
  cut mid-sentence in a 300 px box that scrolled with no cue); where the reason must
  scroll (a phone), it fades at its foot, takes focus from the keyboard and scrolls with
  the keys, under the action line, which stays.
* The line under the title on a phone is one line (before, two beside the tools).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tablekit import MINUS, PHONE, WIDE, open_table, play_to, saved, settled, turn, wait_ready
from test_table import ended, position

WIDTHS = {"1440": WIDE, "375": PHONE}
THINK_TIMEOUT_MS = 60_000

# the boxes of what the summary leads with (each must lie whole in the dialog's view and
# on the screen as it opens), and of its folded working
LEAD = """(selector) => {
    const dialog = document.querySelector("dialog.tp-summary-dialog[open]");
    const body = dialog.querySelector(".dialog-body") || dialog;
    const view = body.getBoundingClientRect();
    const out = [];
    for (const el of dialog.querySelectorAll(selector)) {
        if (!el.checkVisibility()) continue; // (folded away)
        const r = el.getBoundingClientRect();
        const bottom = Math.min(view.bottom, innerHeight);
        if (r.top < Math.max(view.top, 0) - 0.5 || r.bottom > bottom + 0.5)
            out.push(`${el.className} "${el.textContent.trim().slice(0, 50)}": `
                + `${Math.round(r.top)}-${Math.round(r.bottom)} outside `
                + `${Math.round(view.top)}-${Math.round(Math.min(view.bottom, innerHeight))}`);
    }
    return out;
}"""


def open_summary(page: Page, game: str, save: dict[str, Any]) -> Any:
    open_table(page, game, save)
    assert turn(page) == "count"
    dialog = page.locator("dialog.tp-summary-dialog[open]")
    expect(dialog).to_be_visible()
    settled(page)
    return dialog


def folded_working(dialog: Any, after: str) -> None:
    """The working is folded under "How it was counted", after what the hand meant."""
    working = dialog.locator("details.tp-working")
    expect(working).to_have_count(1)
    expect(working.locator("> summary")).to_have_text("How it was counted")
    assert working.get_attribute("open") is None
    assert dialog.evaluate(
        """(d, after) => !!(d.querySelector(after).compareDocumentPosition(
            d.querySelector("details.tp-working")) & Node.DOCUMENT_POSITION_FOLLOWING)""",
        after,
    )


@pytest.mark.parametrize("width", list(WIDTHS))
def test_a_precedence_hand_leads_with_its_result(table: Page, width: str) -> None:
    page = table
    page.set_viewport_size(WIDTHS[width])
    dialog = open_summary(page, "precedence", ended("precedence", False))
    lead = dialog.locator(".tp-summary-lead li")
    expect(lead).to_have_count(2)
    # yours first: the points this hand and the score
    expect(lead.first).to_have_text(
        re.compile(rf"^You and North: [+{MINUS}]?\d+ this hand, score {MINUS}?\d+\.$")
    )
    expect(dialog.locator(".pr-pot-line").first).to_contain_text("Hand Pot")
    assert page.evaluate(LEAD, ".tp-summary-lead, .pr-pot-line, details.tp-working > summary") == []
    folded_working(dialog, ".pr-pot-line")
    # the table's rows are in the fold, shown once it is opened
    table = dialog.locator(".pr-score-table")
    expect(table).to_be_hidden()
    dialog.locator("details.tp-working > summary").click()
    expect(table).to_be_visible()
    expect(table.locator("tr", has_text="Hand points")).to_be_visible()


@pytest.mark.parametrize("width", list(WIDTHS))
def test_a_sabacc_round_leads_with_its_result(table: Page, width: str) -> None:
    page = table
    page.set_viewport_size(WIDTHS[width])
    dialog = open_summary(page, "sabacc", ended("sabacc", False))
    # what the round came to for the chips first; the wagers' sums in the working (audit
    # 10: "Aurel loses 8 chips" came third, after "Wagers: everyone put in 2 chips ...")
    expect(dialog.locator(".sb-settled")).to_have_text(
        re.compile(r"^(You|[A-Z][a-z]+) (gain|lose)s? \d+ chips?[:;] [^.]+\.$")
    )
    wagers = dialog.locator("details.tp-working .sb-wagers")
    expect(wagers).to_contain_text(re.compile(r"^Wagers: "))
    expect(wagers).to_be_hidden()
    lead = dialog.locator(".sb-count > :not(details)").all_inner_texts()
    assert not [text for text in lead if "Wagers:" in text], lead
    assert page.evaluate(LEAD, ".sb-verdict, .sb-meter, .sb-settled, .sb-chip-table") == []
    folded_working(dialog, ".sb-chip-table")
    expect(dialog.locator(".sb-pair").first).to_be_hidden()
    # the 46-point line's label lies clear of the verdict, inside the dialog
    boxes = dialog.evaluate(
        """(d) => [".sb-verdict", ".sb-meter-line span", ".sb-settled"].map((s) => {
            const r = d.querySelector(s).getBoundingClientRect();
            return { top: r.top, bottom: r.bottom };
        })"""
    )
    verdict, label, settled_ = boxes
    assert label["top"] >= verdict["bottom"] and label["bottom"] <= settled_["top"], boxes
    dialog.locator("details.tp-working > summary").click()
    expect(dialog.locator(".sb-pair").first).to_be_visible()


def test_numbers_and_halved_melds_in_words(table: Page) -> None:
    page = table
    page.set_viewport_size(WIDE)
    # deal 12: You and North fail their contract with 11 in melds and end at minus 35
    _, record = play_to("precedence", {"target": 150}, 12, lambda s: s["hand_number"] == 1)
    dialog = open_summary(page, "precedence", saved(record, pending=len(record["actions"])))
    text = dialog.inner_text()
    assert f"{MINUS}35" in text
    assert not re.search(r"(?<![\w+])-\d", dialog.text_content() or ""), text
    dialog.locator("details.tp-working > summary").click()
    melds = dialog.locator(".pr-score-table tr", has_text="Melds").locator("td").first
    expect(melds).to_have_text("+11, halved to +5 because the contract failed")
    # the review's table: its "Team" header over the teams' names
    dialog.get_by_role("button", name="Review").click()
    review = wait_ready(page)
    expect(review.locator(".rv-par-table thead th", has_text="Team")).to_be_visible()
    lefts = review.evaluate(
        """(d) => [d.querySelector(".rv-par-table thead th:first-child"),
            d.querySelector(".rv-par-table tbody th")].map((el) => {
            const range = document.createRange();
            range.selectNodeContents(el);
            return range.getBoundingClientRect().left;
        })"""
    )
    assert abs(lefts[0] - lefts[1]) <= 1, lefts


# the hint's panel with its "Why?" open: whether the panel and its reason show all their
# text, and what marks a reason that scrolls
WHY = """() => {
    const panel = document.querySelector(".advice:not([hidden])");
    const more = panel.querySelector(".advice-more");
    const text = panel.querySelector(".advice-text").getBoundingClientRect();
    const box = panel.getBoundingClientRect();
    return {
        panelWhole: panel.scrollHeight <= panel.clientHeight + 1,
        moreWhole: more.scrollHeight <= more.clientHeight + 1,
        tabindex: more.getAttribute("tabindex"),
        below: more.hasAttribute("data-more-below"),
        mask: getComputedStyle(more).maskImage,
        actionShown: text.top >= box.top - 0.5 && text.bottom <= box.bottom + 0.5,
        scrollTop: more.scrollTop,
    };
}"""
HINTED = {
    "precedence-bid": ("precedence", lambda: position("precedence-bid")),
    "precedence-declare": ("precedence", lambda: position("precedence-declare")),
    "sabacc-bid": ("sabacc", lambda: position("sabacc-bid")),
    "sabacc-play": ("sabacc", lambda: position("sabacc-play")),
}


def open_why(page: Page, name: str) -> dict[str, Any]:
    game, save = HINTED[name]
    open_table(page, game, save())
    assert turn(page) == "you"
    page.get_by_role("button", name="Hint", exact=True).click()
    advice = page.get_by_role("complementary", name="Hint")
    expect(advice.locator(".advice-text")).not_to_be_empty(timeout=THINK_TIMEOUT_MS)
    toggle = advice.locator(".advice-toggle")
    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    settled(page)
    return dict(page.evaluate(WHY))


@pytest.mark.parametrize("width", list(WIDTHS))
def test_why_is_whole_or_says_it_scrolls(table: Page, width: str) -> None:
    page = table
    page.set_viewport_size(WIDTHS[width])
    scrolled = 0
    for name in HINTED:
        seen = open_why(page, name)
        # the panel never scrolls as a whole: the action stays in view
        assert seen["panelWhole"] and seen["actionShown"], (name, seen)
        # (at 1440 the panel keeps below the seats' plates and melds, test_hint_place.py,
        # so a long reason may scroll there too, saying so)
        if seen["moreWhole"]:
            assert seen["tabindex"] is None and not seen["below"], (name, seen)
            continue
        scrolled += 1
        # it says it scrolls: a fade at its foot, and it scrolls from the keyboard
        assert seen["tabindex"] == "0" and seen["below"] and "gradient" in seen["mask"], seen
        page.keyboard.press("Tab")
        expect(page.locator(".advice-more")).to_be_focused()
        page.keyboard.press("End")
        expect(page.locator(".advice-more")).not_to_have_attribute("data-more-below", "")
        assert page.evaluate(WHY)["scrollTop"] > 0
    if width == "375":  # the case of a phone: some reason has less room than it needs
        assert scrolled


@pytest.mark.parametrize("width", list(WIDTHS))
def test_a_long_action_has_the_hints_width(table: Page, width: str) -> None:
    # Audit 4 S2: the aside's six cards wrapped in a narrow column (180 px of a 339 px
    # panel at 375) beside "Why?" and the close button; now "Why?" goes under them
    page = table
    page.set_viewport_size(WIDTHS[width])
    open_table(page, "sabacc", position("sabacc-aside"))
    assert turn(page) == "you"
    page.get_by_role("button", name="Hint", exact=True).click()
    advice = page.get_by_role("complementary", name="Hint")
    text = advice.locator(".advice-text")
    expect(text).to_contain_text("Set aside these six:", timeout=THINK_TIMEOUT_MS)
    settled(page)
    panel, action = advice.bounding_box(), text.bounding_box()
    why = advice.get_by_role("button", name="Why?").bounding_box()
    assert panel and action and why
    assert action["width"] >= 0.7 * panel["width"], (action, panel)
    assert why["y"] >= action["y"] + action["height"] - 1, (why, action)
    # a short action keeps its "Why?" beside it
    open_table(page, "sabacc", position("sabacc-play"))
    assert turn(page) == "you"
    page.get_by_role("button", name="Hint", exact=True).click()
    expect(text).to_contain_text("Play", timeout=THINK_TIMEOUT_MS)
    settled(page)
    action = text.bounding_box()
    why = advice.locator(".advice-toggle").bounding_box()
    assert action and why and why["x"] >= action["x"] + action["width"] - 1, (why, action)


@pytest.mark.parametrize("name", ["precedence-bid", "sabacc-play"])
def test_the_line_under_the_title_is_one_line_on_a_phone(table: Page, name: str) -> None:
    page = table
    page.set_viewport_size(PHONE)
    open_table(page, name.split("-", maxsplit=1)[0], position(name))
    assert turn(page) == "you"
    info = page.locator(".tp-info")
    shown = info.locator(".fit-shown")
    line = shown.evaluate("(el) => parseFloat(getComputedStyle(el).lineHeight)")
    box = shown.evaluate("(el) => el.getClientRects().length")
    assert box == 1  # the text is one line box
    height = info.evaluate("(el) => el.getBoundingClientRect().height")
    assert height <= line + 1, (height, line)
    # what it shows is the start of all it says (its title)
    title = info.get_attribute("title") or ""
    assert title.startswith(shown.inner_text()) and shown.inner_text(), (title, shown.inner_text())
