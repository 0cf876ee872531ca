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
* The caption under a finished trick ("North wins: ...") covers no card of the trick,
  yours at the bottom included, while it shows (before, it lay over 18 px of the foot of
  your card for the trick's pause), and no seat plate: sampled in the page at the moment
  the trick's ``data-winner`` is set, a card played at the relaxed speed.
* Five-player Contract Sabacc, both widths, bidding and play: every plate whole on the
  screen and in the felt, no two meeting, and the trick read whole.
The review's trick: test_review.py.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tablekit import PHONE, WIDE, open_table, take_card, trick_clear, turn
from test_phone import open_phase, save_of

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
    "sabacc-3-bid",
    "sabacc-3-play",
    "sabacc-3-follow",
    "sabacc-bid",
    "sabacc-aside",
    "sabacc-play",
    "sabacc-5-bid",
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


# Once the trick on the felt has a winner (data-winner): the caption's box against each
# card's and each plate's (the area they share, in px), sampled in the same frame
CAPTION_CLEAR = """() => {
    const area = document.querySelector(".tp-felt .trick-area[data-winner]");
    if (!area) return null;
    const caption = area.querySelector(".trick-caption");
    const c = caption.getBoundingClientRect();
    const wrong = [];
    if (!caption.textContent || !c.width) wrong.push("no caption shown");
    const things = [...area.querySelectorAll(".trick-card"),
                    ...document.querySelectorAll(".seat-plate")];
    for (const el of things) {
        const r = el.getBoundingClientRect();
        const w = Math.min(r.right, c.right) - Math.max(r.left, c.left);
        const h = Math.min(r.bottom, c.bottom) - Math.max(r.top, c.top);
        const name = el.getAttribute("aria-label") || el.title;
        if (w > 0.5 && h > 0.5) wrong.push(`${name}: ${Math.round(w)}x${Math.round(h)} px`);
    }
    const cards = area.querySelectorAll(".trick-card").length;
    return { wrong, cards, text: caption.textContent };
}"""


@pytest.mark.parametrize("width", list(WIDTHS))
@pytest.mark.parametrize("name", ["precedence-play", "sabacc-play", "sabacc-5-play"])
def test_the_trick_winners_caption_covers_no_card(table: Page, name: str, width: str) -> None:
    page = table
    page.set_viewport_size(WIDTHS[width])
    # the relaxed speed: the finished trick stays a moment, its caption shown
    open_table(page, name.split("-", maxsplit=1)[0], save_of(name), speed="relaxed")
    assert turn(page) == "you"
    card = page.locator(".tp-hand .card.legal").first
    take_card(card, touch=width == "375")
    seen = page.wait_for_function(CAPTION_CLEAR, timeout=60_000).json_value()
    assert seen["cards"] >= 3, seen
    assert seen["wrong"] == [], f"{name} at {width} px: {seen}"


# every seat's plate whole on the screen (and in the felt for the others') and clear of
# every other plate: the pairs that meet, and the plates cut (px)
PLATES_APART = """() => {
    const box = (el) => el.getBoundingClientRect();
    const plates = [...document.querySelectorAll(".seat-plate")].filter((p) => box(p).width);
    const felt = box(document.querySelector(".tp-felt"));
    const wrong = [];
    plates.forEach((plate, i) => {
        const r = box(plate);
        const inFelt = plate.closest(".tp-felt");
        const out = Math.max(0, -r.left, -r.top, r.right - innerWidth, r.bottom - innerHeight,
            inFelt ? Math.max(felt.left - r.left, felt.top - r.top, r.right - felt.right,
                              r.bottom - felt.bottom) : 0);
        if (out > 0.5) wrong.push(`${plate.title}: ${Math.round(out)} px cut`);
        for (const other of plates.slice(i + 1)) {
            const o = box(other);
            const w = Math.min(r.right, o.right) - Math.max(r.left, o.left);
            const h = Math.min(r.bottom, o.bottom) - Math.max(r.top, o.top);
            if (w > 0.5 && h > 0.5) wrong.push(`${plate.title} on ${other.title}`);
        }
    });
    return wrong;
}"""


@pytest.mark.parametrize("width", list(WIDTHS))
def test_five_players_plates_whole_and_apart(table: Page, width: str) -> None:
    table.set_viewport_size(WIDTHS[width])
    wrong = {}
    for name in ("sabacc-5-bid", "sabacc-5-play"):
        open_phase(table, name)
        expect(table.locator(".seat-plate")).to_have_count(5)
        wrong[name] = table.evaluate(PLATES_APART)
    wrong["the trick"] = trick_clear(table, ".tp-felt .trick-area")
    assert wrong == {name: [] for name in wrong}, f"at {width} px"


# A card put at each place of the trick and flown in from the bottom left (ui/motion.js
# flyFrom), the flight held at its first and last moments: where the card's box is then,
# against where it starts and where it rests
FLIGHT = """async () => {
    const { flyFrom } = await import("/js/ui/motion.js");
    const area = document.querySelector(".trick-area");
    const out = [];
    for (const slot of ["bottom", "top", "left", "right"]) {
        const card = document.createElement("div");
        card.className = "trick-card";
        card.dataset.slot = slot;
        card.style.width = "var(--card-w)";
        card.style.height = "calc(var(--card-w) * 1.4)";
        area.append(card);
        const rest = card.getBoundingClientRect();
        const from = new DOMRect(0, innerHeight - rest.height, rest.width, rest.height);
        const flight = flyFrom(card, from, { duration: 1000 });
        const [fly] = card.getAnimations();
        fly.pause();
        fly.currentTime = 0;
        const first = card.getBoundingClientRect();
        fly.currentTime = 999.9;
        const landed = card.getBoundingClientRect();
        fly.finish();
        await flight;
        card.remove();
        const off = (a, b) => Math.max(Math.abs(a.left - b.left), Math.abs(a.top - b.top));
        out.push({ slot, start: off(first, from), end: off(landed, rest) });
    }
    return out;
}"""


@pytest.mark.parametrize("width", ["1440", "375"])
def test_a_card_flies_to_its_place_not_to_the_middle(table: Page, width: str) -> None:
    """A card flying to the trick lands where it rests (its place and tilt): an
    animation's transform replaces the slot's, so one ending at "none" flew each card to
    the middle, then jumped (audit 5 F1; the sweep, trick.js collect, starts from the
    resting transform the same way)."""
    page = table
    page.set_viewport_size(WIDE if width == "1440" else PHONE)
    open_table(page, "precedence", hash_="/deal=4242")
    assert turn(page) == "you"
    for seen in page.evaluate(FLIGHT):
        assert seen["end"] <= 2, seen
        assert seen["start"] <= 12, seen  # (the scale about the card's centre aside)
