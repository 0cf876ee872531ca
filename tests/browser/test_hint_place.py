"""Where the Hint lies (issue 24, audit 2 items 1, 3, 4): in every game and phase, at
1440x900 and 375x740, the hint covers neither the trick or the cards in the middle of the
table, nor the seat plates or the tools (the Hint button among them), nor what it points
at (in the felt's corner on a wide screen, its reason unfolded too); the room it takes
cuts no card of the felt (before, 9-22 px of Sabacc's felt cards at 375); what it points
at is what the page's pointer hits; pressing Hint again takes it away, unless cards or
melds were chosen since it came (then it comes again, marks and all: audit 10).
The Precedence declaration: the hint marks exactly the buttons of the declaration it
advises, and on a phone every meld choice lies whole on the screen, 44 px tall at least.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from celestix import api
from tablekit import PHONE, WIDE, open_table, overlap, play_to, saved, settled, take_card

State = dict[str, Any]
THINK_TIMEOUT_MS = 60_000

# what the hint must leave uncovered, besides what it points at and the Hint button
UNCOVERED = (
    ".tp-felt .card, .tp-felt .seat-plate, .tp-tools, .tp-me-plate, .tp-decision, .pt-board .card"
)

# the rectangles of the advice and the elements it must not cover, the hinted elements,
# and, for each hinted element, whether the page's pointer hits it where a person would
# press it (a card in an overlapped row of the hand: its uncovered corner; else its middle)
GEOMETRY = """(selector) => {
    const box = (el) => {
        const r = el.getBoundingClientRect();
        return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    };
    const advice = document.querySelector(".advice:not([hidden])");
    const hinted = [...document.querySelectorAll(".hinted")];
    const hintButton = [...document.querySelectorAll("button")].find(
        (b) => b.closest(".tp-tools, .pt-tools, .tp-bar, .pt-bar") &&
            (b.getAttribute("aria-label") || b.textContent).trim().startsWith("Hint"));
    const hits = hinted.map((el) => {
        const r = el.getBoundingClientRect();
        const card = el.matches(".card") && el.closest(".tp-hand");
        const x = card ? r.left + 8 : r.left + r.width / 2;
        const y = card ? r.top + 16 : r.top + r.height / 2;
        const at = document.elementFromPoint(x, y);
        return Boolean(at && (at === el || el.contains(at)));
    });
    // what lies in the felt shows only inside it (the felt clips what overflows it)
    const felt = document.querySelector(".tp-felt")?.getBoundingClientRect();
    const seen = (el) => {
        const b = box(el);
        if (!felt || !el.closest(".tp-felt")) return b;
        return { left: Math.max(b.left, felt.left), top: Math.max(b.top, felt.top),
                 right: Math.min(b.right, felt.right), bottom: Math.min(b.bottom, felt.bottom) };
    };
    const others = [...document.querySelectorAll(selector)]
        .filter((el) => el.getClientRects().length)
        .map((el) => ({ name: el.className, box: seen(el) }));
    // the felt's cards cut by its edge (px beyond it), as the felt clips what overflows
    const cut = !felt ? [] : [...document.querySelectorAll(".tp-felt .card")]
        .filter((el) => el.getClientRects().length)
        .map((el) => { const b = el.getBoundingClientRect();
            return Math.round(Math.max(b.bottom - felt.bottom, felt.top - b.top,
                                       b.right - felt.right, felt.left - b.left)); })
        .filter((px) => px > 0);
    return {
        cut,
        advice: box(advice),
        hinted: hinted.map((el) => ({ name: el.className, box: box(el) })),
        hint: hintButton ? box(hintButton) : null,
        hits,
        others,
        viewport: { width: innerWidth, height: innerHeight },
    };
}"""


def open_at_your_turn(page: Page, game: str, record: dict[str, Any], phase: str) -> None:
    """The table of ``record``'s game, at your turn in ``phase``."""
    open_table(page, game, saved(record))
    expect(page.locator(".table-page")).to_have_attribute(
        "data-turn", "you", timeout=THINK_TIMEOUT_MS
    )
    expect(page.locator(".table-page")).to_have_attribute("data-phase", phase)


def hint_button(page: Page) -> Locator:
    return page.get_by_role("button", name=re.compile("^Hint")).first


def check_the_hint(page: Page, where: str) -> dict[str, Any]:
    """Press Hint; the hint placed clear of the table; pressing Hint again takes it away.
    The hint's geometry."""
    advice = page.get_by_role("complementary", name="Hint")
    hint_button(page).click()
    expect(advice.locator(".advice-text")).not_to_be_empty(timeout=THINK_TIMEOUT_MS)
    expect(page.locator(".hinted").first).to_be_attached()
    settled(page)
    seen = page.evaluate(GEOMETRY, UNCOVERED)
    ad = seen["advice"]
    view = seen["viewport"]
    assert ad["left"] >= 0 and ad["right"] <= view["width"] + 0.5, (where, ad)
    assert ad["bottom"] <= view["height"] + 0.5, (where, ad)
    assert seen["hint"] and overlap(ad, seen["hint"]) == 0, (where, "the Hint button", ad)
    for el in seen["hinted"]:
        assert overlap(ad, el["box"]) == 0, (where, "covers what it points at", el, ad)
    assert all(seen["hits"]), (where, "the pointed control is not what a press hits", seen)
    covered = [el for el in seen["others"] if overlap(ad, el["box"]) > 0]
    assert not covered, (where, "covers", covered, ad)
    # the room the hint takes cuts nothing on the felt: every card whole inside it
    assert seen["cut"] == [], (where, "cards cut by the felt's edge", seen["cut"])

    # the reason and the other choices, folded: opened, they stay clear of the tools
    why = advice.locator(".advice-toggle")
    if why.is_visible():
        why.click()
        expect(why).to_have_attribute("aria-expanded", "true")
        expect(advice.locator(".advice-more")).to_be_visible()
        opened = page.evaluate(GEOMETRY, UNCOVERED)
        assert overlap(opened["advice"], opened["hint"]) == 0, (where, "open, over Hint")
        # in the felt's corner (a wide screen) it stays under the plates and clear of the
        # cards (before, at 1440 it covered 288x30 px of West's plate in the declaration)
        if page.locator(".tp-felt > .advice").count():
            box = opened["advice"]
            covered = [el for el in opened["others"] if overlap(box, el["box"]) > 0]
            assert not covered, (where, "open, covers", covered, box)

    # Hint again: the hint goes, with its mark (the button is not under the panel)
    hint_button(page).click()
    expect(advice).to_be_hidden()
    expect(page.locator(".hinted")).to_have_count(0)
    return seen


def at_turn(game: str, phase: str, trick: bool = False) -> dict[str, Any]:
    """A record that stops at the person's turn in ``phase`` (with cards in the trick,
    when ``trick``), from the first seed that reaches it."""

    def stop(state: State) -> bool:
        if state["over"] or state["to_act"] != 0 or state.get("phase") != phase:
            return False
        return not trick or bool(api.view(state, 0).get("trick"))

    for seed in range(1, 40):
        try:
            _, record = play_to(game, None, seed, stop, limit=400)
        except AssertionError:
            continue
        return record
    raise AssertionError(f"no seed reaches {game} {phase}")


CASES = [
    ("precedence", "declare", False),
    ("precedence", "bid", False),
    ("precedence", "play", True),
    ("sabacc", "bid", False),
    ("sabacc", "aside", False),
    ("sabacc", "play", True),
]


@pytest.mark.parametrize("size", [WIDE, PHONE], ids=["1440", "375"])
def test_the_hint_covers_nothing_it_is_about(table: Page, size: dict[str, int]) -> None:
    page = table
    page.set_viewport_size(size)
    width = size["width"]
    for game, phase, trick in CASES:
        open_table(page, game, saved(at_turn(game, phase, trick)))
        expect(page.locator(".table-page")).to_have_attribute(
            "data-turn", "you", timeout=THINK_TIMEOUT_MS
        )
        expect(page.locator(".table-page")).to_have_attribute("data-phase", phase)
        check_the_hint(page, f"{game} {phase} at {width}")

    # the patience: its hint lies under the board
    page.goto("/#patience/deal=4")
    expect(page.locator(".pt-deal-number")).to_have_text("Deal 4", timeout=THINK_TIMEOUT_MS)
    check_the_hint(page, f"patience at {width}")


def test_h_asks_for_a_hint_in_the_card_games(table: Page) -> None:
    page = table
    for game in ("precedence", "sabacc"):
        open_table(page, game, saved(at_turn(game, "play", True)))
        expect(page.locator(".table-page")).to_have_attribute(
            "data-turn", "you", timeout=THINK_TIMEOUT_MS
        )
        advice = page.get_by_role("complementary", name="Hint")
        page.locator("body").focus()
        page.keyboard.press("h")
        expect(advice.locator(".advice-text")).to_have_text(
            re.compile(r"^Play the "), timeout=THINK_TIMEOUT_MS
        )
        page.keyboard.press("h")  # again: it goes
        expect(advice).to_be_hidden()
        # C goes to your cards
        page.keyboard.press("c")
        assert page.evaluate("() => Boolean(document.activeElement.closest('.tp-hand'))")


def declaration_with_melds() -> tuple[dict[str, Any], State]:
    """A record stopping at the person's declaration in a hand holding three melds or
    more, and its state."""
    for seed in range(1, 200):
        state = api.new_game("precedence", None, seed)
        if state["to_act"] != 0:
            state, record = play_to(
                "precedence", None, seed, lambda s: s["to_act"] == 0 or s["phase"] != "declare"
            )
            if state["phase"] != "declare":
                continue
        else:
            record = {"game": "precedence", "options": state["options"], "seed": seed,
                      "setup": None, "actions": []}  # fmt: skip
        moves = api.legal_actions(state, 0)
        melds = {" ".join(m) for move in moves for m in move["melds"]}
        if len(melds) >= 3:
            return record, state
    raise AssertionError("no deal gives the person three melds")


@pytest.mark.parametrize("size", [WIDE, PHONE], ids=["1440", "375"])
def test_the_declare_hint_marks_its_declaration(table: Page, size: dict[str, int]) -> None:
    page = table
    page.set_viewport_size(size)
    record, state = declaration_with_melds()
    open_at_your_turn(page, "precedence", record, "declare")

    # every meld choice whole on the screen, 44 px tall at least
    choices = page.locator(".pr-meld-choice")
    assert choices.count() >= 3
    view = page.viewport_size
    assert view
    for choice in choices.all():
        r = choice.bounding_box()
        assert r and r["height"] >= 44, r
        assert r["x"] >= 0 and r["x"] + r["width"] <= view["width"], r
        assert r["y"] >= 0 and r["y"] + r["height"] <= view["height"], r

    hint = api.hint(api.view(state, 0), "strong")
    hint_button(page).click()
    advice = page.get_by_role("complementary", name="Hint")
    expect(advice.locator(".advice-text")).to_have_text(
        re.compile(r"^Declare "), timeout=THINK_TIMEOUT_MS
    )
    melds = hint["action"]["melds"]
    marked = page.locator(".hinted")
    if melds:
        expect(marked).to_have_count(len(melds))
        keys = sorted(marked.evaluate_all("els => els.map((el) => el.dataset.meld)"))
        assert keys == sorted(" ".join(m) for m in melds), (keys, melds)
    else:
        expect(marked).to_have_count(1)
        expect(page.locator(".pr-declare")).to_have_class(re.compile(r"\bhinted\b"))
    # pressing what the hint marks selects exactly its declaration
    for button in marked.all():
        if melds:
            button.click()
    if melds:
        expect(page.locator(".pr-declare")).to_have_text("Declare")
        expect(page.locator(".pr-declare")).to_be_enabled()


@pytest.mark.parametrize("size", [WIDE, PHONE], ids=["1440", "375"])
def test_hint_comes_again_once_cards_are_chosen(table: Page, size: dict[str, int]) -> None:
    """Audit 10: Sabacc's Hint marked the six cards to set aside; one of them chosen, a
    second press of Hint took the hint away (it toggles), which read as "no hint". Cards
    chosen since it came, Hint shows it again, its marks on the cards; pressed again with
    nothing chosen since, it goes, as before. Likewise Precedence's declaration."""
    page = table
    page.set_viewport_size(size)
    touch = size is PHONE
    advice = page.get_by_role("complementary", name="Hint")

    def press_hint() -> None:
        button = hint_button(page)
        button.tap() if touch else button.click()

    record = at_turn("sabacc", "aside")
    open_at_your_turn(page, "sabacc", record, "aside")
    press_hint()
    expect(advice.locator(".advice-text")).to_have_text(
        re.compile(r"^Set aside "), timeout=THINK_TIMEOUT_MS
    )
    hinted = page.locator(".tp-hand .card.hinted")
    expect(hinted.first).to_be_attached()
    marks = hinted.count()
    assert marks >= 2, marks
    first = hinted.first
    code = first.get_attribute("data-code")
    take_card(first, touch)
    chosen = page.locator(f'.tp-hand .card[data-code="{code}"]')
    expect(chosen).to_have_attribute("aria-pressed", "true")
    press_hint()  # a card chosen since: the hint again, with its marks
    expect(advice.locator(".advice-text")).to_have_text(
        re.compile(r"^Set aside "), timeout=THINK_TIMEOUT_MS
    )
    expect(hinted).to_have_count(marks)
    press_hint()  # nothing chosen since: it goes
    expect(advice).to_be_hidden()
    expect(page.locator(".hinted")).to_have_count(0)

    record, _ = declaration_with_melds()
    open_at_your_turn(page, "precedence", record, "declare")
    press_hint()
    expect(advice.locator(".advice-text")).to_have_text(
        re.compile(r"^Declare "), timeout=THINK_TIMEOUT_MS
    )
    meld = page.locator(".pr-meld-choice").first
    meld.tap() if touch else meld.click()
    expect(meld).to_have_attribute("aria-pressed", "true")
    press_hint()
    expect(advice.locator(".advice-text")).to_have_text(
        re.compile(r"^Declare "), timeout=THINK_TIMEOUT_MS
    )
    expect(advice).to_be_visible()
