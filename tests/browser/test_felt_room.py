"""The felt keeps its room (issue 24 items 4 and 7; audit 5 F4, F11, F13, F14), in
Precedence and Contract Sabacc (three, four and five players), at 375x740 (touch) and
1440x900:

* The hint's reason ("Why?") unfolded leaves the felt as it was: the trick's cards at
  their size and place, the seats' plates whole and uncovered, your status in view (on
  a phone the reason is a sheet over your hand that scrolls; before, the strip grew into
  the felt: the trick shrank to 25 px cards pushed into the plates, and at the bidding
  the panel covered every plate); what the hint points at stays in view, uncovered and
  marked, the sheet lying elsewhere when it is in your hand (audit 6: the sheet covered
  the card to play); the button says "Hide" ("Hide why") while the reason is open, as
  wide as "Why?" (the felt keeps its height).
* No line of the table's text is cut, at either width, in any phase, the game's end
  among them (before, at 375 the pots line at the end of a Sabacc game read "The Ante
  Pot has been shared out; 2 chips left uncl…").
* A Sabacc round's summary shows its verdict, the chips and the bonus on a phone without
  scrolling (before, the bonus lay below the fold).
* While a finished trick is on the felt, nobody is "thinking" and no other seat is lit
  (before, at 375: "North is thinking…" over the whole trick and "You win").
* The others' declared melds on a phone: cards of 30 px and more, each showing its
  corner index (rank and suit), clear of the trick (before, 20 px cards).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from celestix import api
from tablekit import (
    HINTED_SHOWN,
    MOVE_TIMEOUT_MS,
    PHONE,
    WIDE,
    open_table,
    overlap,
    play_to,
    saved,
    saved_moves,
    settled,
    turn,
    wait_moves,
)
from test_phone import open_phase
from test_table import position

WIDTHS = {"1440": WIDE, "375": PHONE}
THINK_TIMEOUT_MS = 60_000
WHY_PHASES = [
    "precedence-declare",
    "precedence-bid",
    "precedence-play",
    "sabacc-bid",
    "sabacc-aside",
    "sabacc-play",
    "sabacc-5-bid",
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


def rounded(boxes: list[dict[str, float]]) -> list[tuple[int, ...]]:
    return [tuple(round(b[k]) for k in ("left", "top", "width", "height")) for b in boxes]


# The open reason's sheet: the room in it beyond its words (px), and whether it scrolls
SHEET_ROOM = """(more) => {
    const kids = [...more.children].filter((k) => k.getClientRects().length);
    const top = Math.min(...kids.map((k) => k.getBoundingClientRect().top));
    const low = Math.max(...kids.map((k) => k.getBoundingClientRect().bottom));
    return {
        room: Math.round(more.getBoundingClientRect().height - (low - top)),
        scrolls: more.scrollHeight > more.clientHeight + 1,
    };
}"""


@pytest.mark.parametrize("width", list(WIDTHS))
@pytest.mark.parametrize("name", WHY_PHASES)
def test_the_open_why_leaves_the_felt_as_it_was(table: Page, name: str, width: str) -> None:
    page = table
    page.set_viewport_size(WIDTHS[width])
    open_phase(page, name)
    page.get_by_role("button", name=re.compile("^Hint")).first.click()
    advice = page.get_by_role("complementary", name="Hint")
    expect(advice.locator(".advice-text")).not_to_be_empty(timeout=THINK_TIMEOUT_MS)
    settled(page)
    before = page.evaluate(FELT)
    why = advice.locator(".advice-toggle")
    expect(why).to_be_visible()
    label = why.inner_text()
    assert label in ("Why?", "Other choices"), label
    if width == "375":
        why.tap()
    else:
        why.click()
    expect(why).to_have_attribute("aria-expanded", "true")
    # open, the button says it closes (before, it kept its label)
    expect(why).to_have_text("Hide" if label == "Why?" else "Hide other choices")
    expect(why).to_have_accessible_name(re.compile("^Hide (why|other choices)"))
    expect(advice.locator(".advice-more")).to_be_visible()
    settled(page)
    after = page.evaluate(FELT)
    where = f"{name} at {width}"
    # what the hint points at (the card to play, the cards to set aside or declare, the
    # bid) in view and uncovered, its mark drawn, while the reason is open
    assert page.evaluate(HINTED_SHOWN) == [], where
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
    # nor over the trick it speaks of, where a band clear of it holds the sheet (audit 8
    # F2: on a phone the sheet hid the felt's middle, the cards played): Sabacc's play at
    # 375 has one; Precedence's, with two rows of cards in the hand, has not
    clear = page.locator(".table-page").get_attribute("data-sheet-clear")
    if width == "375" and name == "sabacc-play":
        assert clear == "trick", where
    if clear == "trick":
        for card in after["trick"]:
            for box in after["advice"]:
                assert overlap(box, card) == 0, (where, "over the trick", card, box)
    for box in after["advice"]:
        assert overlap(box, after["status"]) == 0, (where, "over your status", box)
        assert box["bottom"] <= after["viewport"]["height"] + 0.5, (where, box)
        assert box["left"] >= -0.5 and box["right"] <= after["viewport"]["width"] + 0.5
    # on a phone the sheet is as tall as its words, up to its band (audit 10: a reason of
    # three lines lay in a box 215 px tall over Precedence's trick, most of it empty)
    if width == "375":
        sheet = advice.locator(".advice-more").evaluate(SHEET_ROOM)
        assert sheet["scrolls"] or sheet["room"] <= 24, (where, sheet)
    # what does not fit scrolls inside the reason, never the page
    assert page.evaluate("() => document.scrollingElement.scrollTop") == 0
    assert page.evaluate(
        "() => document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )
    # and by keyboard: the button closes it, saying so, and the mark stays
    why.focus()
    page.keyboard.press("Enter")
    expect(why).to_have_attribute("aria-expanded", "false")
    expect(why).to_have_text(label)
    expect(advice.locator(".advice-more")).to_be_hidden()
    assert page.evaluate(HINTED_SHOWN) == [], where


# every line of the table's text that is cut: an element that keeps its text on one line
# (or ends it in an ellipsis) and hides what overflows, whose text is wider (or taller)
# than its box (text for screen readers only, and labels kept for them, are not shown)
CUT_TEXT = """() => {
    const cut = [];
    for (const el of document.querySelectorAll(".table-page *")) {
        if (el.closest(".sr-only, .tp-hand, [hidden], svg")) continue;
        if (!el.getClientRects().length || (el.clientWidth <= 1 && el.clientHeight <= 1)) continue;
        const style = getComputedStyle(el);
        const line = /nowrap|pre/.test(style.whiteSpace) || style.textOverflow === "ellipsis";
        if (!line || style.overflowX === "visible" || !el.textContent.trim()) continue;
        if (el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight + 1) {
            cut.push(`${el.className}: "${el.textContent.trim().slice(0, 60)}" `
                + `${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight}`);
        }
    }
    return cut;
}"""

_ends: dict[str, dict[str, Any]] = {}


def game_over(players: int) -> dict[str, Any]:
    """A Sabacc game played to its end by the bots."""
    key = f"over-{players}"
    if key not in _ends:
        _, record = play_to("sabacc", {"players": players}, 1, lambda s: s["over"])
        _ends[key] = saved(record)
    return _ends[key]


def with_bonus() -> dict[str, Any]:
    """A Sabacc record (four players) to the end of the first round that pays a bonus,
    its summary on screen."""
    if "bonus" not in _ends:
        for seed in range(1, 60):
            state = api.new_game("sabacc", {"players": 4}, seed)
            actions: list[dict[str, Any]] = []
            while not state["over"]:
                seat = state["to_act"]
                action = api.bot_action(api.view(state, seat), "basic", len(actions))
                actions.append({"seat": seat, "action": action})
                result = api.apply(state, action, seat)
                state = result["state"]
                if any(e.get("type") == "bonus" for e in result["events"]):
                    record = {
                        "game": "sabacc",
                        "options": state["options"],
                        "seed": seed,
                        "setup": None,
                        "actions": actions,
                    }
                    _ends["bonus"] = saved(record, pending=len(actions))
                    return _ends["bonus"]
        raise AssertionError("no Sabacc round with a bonus")
    return _ends["bonus"]


@pytest.mark.parametrize("width", list(WIDTHS))
def test_no_line_of_the_table_is_cut(table: Page, width: str) -> None:
    page = table
    page.set_viewport_size(WIDTHS[width])
    cut = {}
    for name in WHY_PHASES:
        open_phase(page, name)
        cut[name] = page.evaluate(CUT_TEXT)
    for players in (3, 4, 5):
        open_table(page, "sabacc", game_over(players))
        expect(page.locator(".table-page")).to_have_attribute("data-turn", "over")
        settled(page)
        cut[f"sabacc-{players}-over"] = page.evaluate(CUT_TEXT)
    assert {name: lines for name, lines in cut.items() if lines} == {}, width


def test_a_rounds_summary_shows_its_key_lines_on_a_phone(table: Page) -> None:
    page = table
    page.set_viewport_size(PHONE)
    open_table(page, "sabacc", with_bonus())
    dialog = page.locator("dialog.tp-summary-dialog[open]")
    expect(dialog.locator(".sb-bonus")).to_be_visible(timeout=MOVE_TIMEOUT_MS)
    settled(page)
    seen = page.evaluate(
        """() => {
            const body = document.querySelector("dialog.tp-summary-dialog[open] .dialog-body");
            const r = body.getBoundingClientRect();
            const lines = [".sb-verdict", ".sb-chip-table", ".sb-bonus"].map((s) => {
                const b = body.querySelector(s).getBoundingClientRect();
                return [s, Math.round(b.top - r.top), Math.round(r.bottom - b.bottom)];
            });
            return { scrolled: body.scrollTop, lines };
        }"""
    )
    assert seen["scrolled"] == 0, seen
    for name, below_top, above_foot in seen["lines"]:
        assert below_top >= 0 and above_foot >= 0, (name, "not in view", seen)


# whenever a finished trick is on the felt: who is said to think, and which plates are lit
WATCH_FINISHED = """() => {
    window.finishedWatch = { seen: 0, wrong: [] };
    const look = () => {
        if (!document.querySelector(".tp-felt .tp-trick.has-winner")) return;
        window.finishedWatch.seen += 1;
        const status = document.querySelector(".tp-status").textContent;
        const lit = [...document.querySelectorAll(
            ".tp-felt .seat-plate.thinking, .tp-felt .seat-plate.turn, .seat-plate.thinking")]
            .map((p) => p.querySelector(".seat-name").textContent);
        if (/thinking/.test(status) || lit.length) {
            window.finishedWatch.wrong.push(`${status} | lit: ${lit.join(", ")}`);
        }
    };
    new MutationObserver(look).observe(document.querySelector(".table-page"), {
        subtree: true, childList: true, characterData: true, attributes: true,
        attributeFilter: ["class"],
    });
}"""


@pytest.mark.parametrize("name", ["precedence-play", "sabacc-play", "sabacc-3-play"])
def test_nobody_thinks_while_a_finished_trick_shows(table: Page, name: str) -> None:
    page = table
    page.set_viewport_size(PHONE)
    open_table(page, name.split("-", maxsplit=1)[0], position(name), speed="normal")
    assert turn(page) == "you"
    page.evaluate(WATCH_FINISHED)
    game = name.split("-", maxsplit=1)[0]
    for _ in range(4):  # four of your cards, and the others' between them
        moves = saved_moves(page, game)
        page.locator(".tp-hand .card.legal").first.click(position={"x": 10, "y": 30})
        wait_moves(page, game, moves)
        if turn(page) != "you":
            break
    seen = page.evaluate("() => window.finishedWatch")
    assert seen["seen"] > 0, "no finished trick was seen"
    assert seen["wrong"] == [], seen["wrong"][:5]


MELDS = """() => {
    const box = (el) => el.getBoundingClientRect();
    const meets = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5
        && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
    const trick = [...document.querySelectorAll(".tp-trick .trick-card")].map(box);
    const shownLayout = (el) => {
        const layout = el.closest(".compact, .full");
        return !layout || getComputedStyle(layout).display !== "none";
    };
    return [...document.querySelectorAll(".tp-felt .pr-meld-cards .card")].map((card) => {
        const r = box(card);
        const marks = [...card.querySelectorAll(".idx, .idx-suit")]
            .filter((m) => shownLayout(m) && box(m).width);
        const covered = marks.filter((m) => {
            const b = box(m);
            const at = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
            return !at || at.closest(".card") !== card;
        }).length;
        return { name: card.getAttribute("aria-label"), width: Math.round(r.width),
                 marks: marks.length, covered, onTrick: trick.some((t) => meets(t, r)) };
    });
}"""


@pytest.mark.parametrize("name", ["precedence-bid", "precedence-play"])
def test_the_others_melds_read_on_a_phone(table: Page, name: str) -> None:
    page = table
    page.set_viewport_size(PHONE)
    open_phase(page, name)
    melds = page.evaluate(MELDS)
    assert melds, "no meld on the felt"
    for card in melds:
        assert card["width"] >= 30, card
        assert card["marks"] >= 2 and card["covered"] == 0, card  # its rank and its suit
        assert not card["onTrick"], card
