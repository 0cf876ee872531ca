"""The felt keeps its room (issue 24 items 4 and 7; audit 5 F4, F11, F13, F14), in
Precedence and Contract Sabacc (three, four and five players), at 375x740 (touch) and
1440x900:

* The hint's reason ("Why?") unfolded leaves the felt as it was: the trick's cards at
  their size and place, the seats' plates whole and uncovered, your status in view (on
  a phone the reason is a sheet over your hand that scrolls; before, the strip grew into
  the felt: the trick shrank to 25 px cards pushed into the plates, and at the bidding
  the panel covered every plate).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tablekit import PHONE, WIDE, open_table, settled, turn
from test_table import position

WIDTHS = {"1440": WIDE, "375": PHONE}
THINK_TIMEOUT_MS = 60_000
WHY_PHASES = [
    "precedence-declare",
    "precedence-bid",
    "precedence-play",
    "sabacc-bidding",
    "sabacc-aside",
    "sabacc-play",
    "sabacc-5-bidding",
    "sabacc-3-play",
]

# the felt's geometry: its box, the trick's cards and the seats' plates (their boxes and
# whether each shows all its text), the hint's boxes (the panel and its reason, wherever
# it lies), your status, and what the page's pointer hits at each plate's corners
FELT = """() => {
    const box = (el) => {
        const r = el.getBoundingClientRect();
        return { left: r.left, top: r.top, right: r.right, bottom: r.bottom,
                 width: r.width, height: r.height };
    };
    const shown = (el) => el.getClientRects().length && !el.closest("[hidden]");
    const plates = [...document.querySelectorAll(".tp-felt .seat-plate")].filter(shown);
    const advice = [...document.querySelectorAll(".advice:not([hidden]), "
        + ".advice:not([hidden]) .advice-more:not([hidden])")].filter(shown).map(box);
    return {
        felt: box(document.querySelector(".tp-felt")),
        trick: [...document.querySelectorAll(".tp-trick .trick-card")].map(box),
        plates: plates.map((p) => ({
            name: p.querySelector(".seat-name").textContent,
            box: box(p),
            cut: p.scrollWidth > p.clientWidth || p.scrollHeight > p.clientHeight + 1,
            hit: [[4, 4], [-4, 4], [4, -4], [-4, -4]].every(([dx, dy]) => {
                const r = p.getBoundingClientRect();
                const x = dx > 0 ? r.left + dx : r.right + dx;
                const y = dy > 0 ? r.top + dy : r.bottom + dy;
                const at = document.elementFromPoint(x, y);
                return Boolean(at && p.contains(at));
            }),
        })),
        advice,
        status: box(document.querySelector(".tp-status")),
        viewport: { width: innerWidth, height: innerHeight },
    };
}"""


def overlap(a: dict[str, float], b: dict[str, float]) -> float:
    width = min(a["right"], b["right"]) - max(a["left"], b["left"])
    height = min(a["bottom"], b["bottom"]) - max(a["top"], b["top"])
    return max(0.0, width) * max(0.0, height)


def rounded(boxes: list[dict[str, float]]) -> list[tuple[int, ...]]:
    return [tuple(round(b[k]) for k in ("left", "top", "width", "height")) for b in boxes]


@pytest.mark.parametrize("width", list(WIDTHS))
@pytest.mark.parametrize("name", WHY_PHASES)
def test_the_open_why_leaves_the_felt_as_it_was(table: Page, name: str, width: str) -> None:
    page = table
    page.set_viewport_size(WIDTHS[width])
    open_table(page, name.split("-", maxsplit=1)[0], position(name))
    assert turn(page) == "you"
    settled(page)
    page.get_by_role("button", name=re.compile("^Hint")).first.click()
    advice = page.get_by_role("complementary", name="Hint")
    expect(advice.locator(".advice-text")).not_to_be_empty(timeout=THINK_TIMEOUT_MS)
    settled(page)
    before = page.evaluate(FELT)
    why = advice.locator(".advice-toggle")
    expect(why).to_be_visible()
    why.click()
    expect(why).to_have_attribute("aria-expanded", "true")
    expect(advice.locator(".advice-more")).to_be_visible()
    settled(page)
    after = page.evaluate(FELT)
    where = f"{name} at {width}"
    # the felt, the trick and the plates as they were with the hint folded
    assert rounded([after["felt"]]) == rounded([before["felt"]]), where
    assert rounded(after["trick"]) == rounded(before["trick"]), where
    assert rounded([p["box"] for p in after["plates"]]) == rounded(
        [p["box"] for p in before["plates"]]
    ), where
    if width == "375" and after["trick"]:
        assert min(card["width"] for card in after["trick"]) >= 40, (where, after["trick"])
    # every plate whole, and nothing of the hint over it or over your status
    for plate in after["plates"]:
        assert not plate["cut"], (where, plate)
        assert plate["hit"], (where, "covered", plate)
        for box in after["advice"]:
            assert overlap(box, plate["box"]) == 0, (where, plate["name"], box)
    for box in after["advice"]:
        assert overlap(box, after["status"]) == 0, (where, "over your status", box)
        assert box["bottom"] <= after["viewport"]["height"] + 0.5, (where, box)
        assert box["left"] >= -0.5 and box["right"] <= after["viewport"]["width"] + 0.5
    # what does not fit scrolls inside the reason, never the page
    assert page.evaluate("() => document.scrollingElement.scrollTop") == 0
    assert page.evaluate(
        "() => document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )
