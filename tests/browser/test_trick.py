"""Trick cards and seat plates read whole (issue 24, the newcomer audit), at 1440x900 and
375x740:

* Every card of a trick, on the table, in the last trick and in the review, shows its
  indices (the top left one, and a full face's bottom right one too): no name tag, no
  caption and no other card lies over them, and each name tag is whole and covered by
  no card. Precedence, and Contract Sabacc at three, four and five players. (Before,
  the tag of the card at the top sat on its index, and the review's trick was a heap
  whose cards covered one another.)
* On a phone the other seats' plates show every name whole, in every phase, Contract
  Sabacc at three, four and five players: the detail gives way first, and what it shows
  ends within the plate (before, the play's "0 tricks · wager 1" cut the names to
  "Br…", "Aur…"); what it leaves out stays in the plate's title.
The review's trick: test_review.py.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tablekit import PHONE, WIDE, trick_clear
from test_phone import open_phase

WIDTHS = {"1440": WIDE, "375": PHONE}


@pytest.mark.parametrize("width", list(WIDTHS))
@pytest.mark.parametrize(
    "name", ["precedence-play", "sabacc-play", "sabacc-3-follow", "sabacc-5-play"]
)
def test_a_tricks_indices_and_tags_read_whole(table: Page, name: str, width: str) -> None:
    page = table
    page.set_viewport_size(WIDTHS[width])
    open_phase(page, name)
    assert page.locator(".tp-felt .trick-card").count() >= 1
    assert trick_clear(page, ".tp-felt .trick-area") == [], f"{name} at {width} px"
    # the last trick, every seat's card (yours at the bottom too)
    page.keyboard.press("l")
    dialog = page.get_by_role("dialog", name="Last trick")
    expect(dialog.locator(".trick-card").first).to_be_visible()
    assert trick_clear(page, "dialog[open] .trick-area") == [], f"{name}'s last trick at {width} px"
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)


# the other seats' plates on a phone: each name whole, the detail shown ending within
# the plate (a fraction of a pixel over ends in an ellipsis), the whole of it the title
NAMES = """() => [...document.querySelectorAll(".tp-felt .seat-plate")].flatMap((plate) => {
    const name = plate.querySelector(".seat-name");
    const shown = plate.querySelector(".seat-shown");
    const detail = plate.querySelector(".seat-detail");
    const wrong = [];
    if (name.scrollWidth > name.clientWidth || box(name).right > box(plate).right + 0.5) {
        wrong.push(`the name "${name.textContent}" is cut (${plate.title})`);
    }
    if (shown.textContent && box(shown).right > box(detail).right + 0.5) {
        wrong.push(`"${shown.textContent}" runs out of the plate (${plate.title})`);
    }
    if (!plate.title.startsWith(name.textContent)) wrong.push(`${plate.title}: not its title`);
    return wrong;
    function box(el) { return el.getBoundingClientRect(); }
})"""
PHASES = [
    "precedence-bid",
    "precedence-play",
    "sabacc-3-bidding",
    "sabacc-3-play",
    "sabacc-3-follow",
    "sabacc-bidding",
    "sabacc-aside",
    "sabacc-play",
    "sabacc-5-bidding",
    "sabacc-5-play",
]


# every plate showing its whole detail, as before it is fitted (or when a font comes late)
WHOLE_DETAIL = """() => {
    for (const plate of document.querySelectorAll(".tp-felt .seat-plate")) {
        const said = plate.querySelector(".seat-said").textContent;
        plate.querySelector(".seat-shown").textContent = said;
    }
}"""


def test_a_phones_plates_show_every_name_whole(table: Page) -> None:
    page = table
    page.set_viewport_size(PHONE)
    for name in PHASES:
        open_phase(page, name)
        assert page.evaluate(NAMES) == [], name
        # however long the detail, the name keeps its room (the detail only is cut)
        page.evaluate(WHOLE_DETAIL)
        names = page.evaluate(NAMES)
        assert [n for n in names if "runs out" not in n] == [], name
