"""The person's cards and what they tap, in every game (issue 24), on a 375x740 touch
screen (and the targets at 1440x900 too):

* every card of a hand (and every card the patience shows) shows its rank and its suit
  in the part left visible: the centre and corners of its rank and suit index hit the
  card itself, not the next card, a raised card of the row below or a button;
* every button, link, input and icon on a game's page is at least 44 x 44 px: in each
  game's phases, with the hint's "Why?" open, and (on a phone) in the dialogs of a
  hand's end: the summary with its working unfolded, the history, the review (its
  summary and a decision) and the new game's options;
* one tap, one click or Enter plays a playable card; a card that may not go is refused
  at once, with the reason; a long press names the card and plays nothing, nor does a
  drag or a swipe over the hand;
* each card's visible strip (the part no other card covers) is its target: a click at
  its centre takes that card, before and after the mouse raises it, and a card's printed
  label (Contract Sabacc's picture cards) is never cut by the next card;
* when the turn comes to play, focus is on the first playable card (the arrows still pass
  over every card);
* the aside's chosen cards stay in view, under no button;
* a card names itself on hover (its title) and on a long press (a label over it).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tablekit import (
    PHONE,
    SETTLED,
    SMALL_TARGETS,
    WIDE,
    new_game_options,
    open_table,
    play_to,
    saved,
    saved_moves,
    settled,
    take_card,
    turn,
    wait_moves,
    wait_ready,
)
from test_table import ended, position

WIDTHS = {"1440": WIDE, "375": PHONE}
PHASES = ["precedence-play", "precedence-bid", "sabacc-aside", "sabacc-play", "sabacc-5-bid"]

# For each card: its visible rank index (.idx) and suit index (.idx-suit), each hit at
# its centre and near its corners by the card itself.
COVERED_INDEX = """(selector) => {
    const wrong = [];
    const cards = [...document.querySelectorAll(selector)];
    for (const card of cards) {
        for (const part of [".idx", ".idx-suit"]) {
            const el = [...card.querySelectorAll(part)].find(
                (e) => e.getBoundingClientRect().width > 0);
            if (!el) {
                wrong.push(`${card.title}: no ${part} drawn`);
                continue;
            }
            const r = el.getBoundingClientRect();
            for (const [fx, fy] of [[0.5, 0.5], [0.2, 0.2], [0.8, 0.2], [0.2, 0.8], [0.8, 0.8]]) {
                const hit = document.elementFromPoint(r.left + fx * r.width, r.top + fy * r.height);
                if (!hit || hit.closest(".card") !== card) {
                    const by = hit?.closest(".card")?.title || hit?.className || "nothing";
                    wrong.push(`${card.title}: ${part} covered by ${by}`);
                    break;
                }
            }
        }
    }
    return { cards: cards.length, wrong };
}"""


def open_phase(page: Page, name: str) -> None:
    open_table(page, name.split("-", maxsplit=1)[0], position(name))
    assert turn(page) == "you"
    settled(page)


def open_patience(page: Page) -> None:
    """A patience deal with a card drawn to the waste."""
    open_table(page, "patience", hash_="/deal=5")
    page.get_by_role("button", name="Stock, 103 cards").click()
    page.wait_for_selector(".pt-waste .card[data-face=up]")
    settled(page)


@pytest.mark.parametrize("name", ["precedence-play", "sabacc-aside", "sabacc-play"])
def test_every_hand_card_shows_its_rank_and_suit(table: Page, name: str) -> None:
    page = table
    page.set_viewport_size(PHONE)
    open_phase(page, name)
    rows = int(page.locator(".hand-view").get_attribute("data-rows") or 0)
    assert rows >= 2  # the case of the issue: overlapping rows
    found = page.evaluate(COVERED_INDEX, ".tp-hand .card")
    assert found["cards"] >= 10
    assert found["wrong"] == []


def test_the_patience_cards_show_their_rank_and_suit(table: Page) -> None:
    page = table
    page.set_viewport_size(PHONE)
    open_patience(page)
    found = page.evaluate(COVERED_INDEX, ".pt-table .card[data-face=up]")
    assert found["cards"] >= 2  # the foundation's base card and the waste's card
    assert found["wrong"] == []


def with_why(page: Page) -> None:
    """The hint asked for, its "Why?" open."""
    page.get_by_role("button", name=re.compile("^Hint")).first.click()
    advice = page.get_by_role("complementary", name="Hint")
    expect(advice.locator(".advice-text")).not_to_be_empty(timeout=60_000)
    toggle = advice.locator(".advice-toggle")
    if toggle.is_visible():
        toggle.click()
        expect(toggle).to_have_attribute("aria-expanded", "true")
    settled(page)


def dialogs(page: Page, game: str, small: dict[str, list[str]]) -> None:
    """A hand's summary (its working unfolded), its history, its review (the summary and
    a decision), and the new game's options: each dialog's targets into `small`."""
    open_table(page, game, ended(game, False))
    summary = page.locator("dialog.tp-summary-dialog[open]")
    expect(summary).to_be_visible()
    summary.locator("details.tp-working > summary").click()
    settled(page)
    small[f"{game} summary"] = page.evaluate(SMALL_TARGETS)
    summary.get_by_role("button", name=re.compile(" history$")).click()
    history = page.locator("dialog[open]").last
    expect(history).not_to_have_class(re.compile("tp-summary-dialog"))
    settled(page)
    small[f"{game} history"] = page.evaluate(SMALL_TARGETS)
    history.get_by_role("button", name="Close").click()
    summary.get_by_role("button", name="Review").click()
    review = wait_ready(page)
    small[f"{game} review"] = page.evaluate(SMALL_TARGETS)
    page.keyboard.press("ArrowRight")
    expect(review).to_have_attribute("data-step", "1")
    settled(page)
    small[f"{game} review step"] = page.evaluate(SMALL_TARGETS)
    review.locator(".dialog-actions").get_by_role("button", name="Close").click()
    summary.get_by_role("button", name=re.compile("^Next")).click()
    expect(summary).to_have_count(0)
    new_game_options(page)
    settled(page)
    small[f"{game} new game"] = page.evaluate(SMALL_TARGETS)


@pytest.mark.parametrize("width", list(WIDTHS))
def test_every_target_is_at_least_44_px(table: Page, width: str) -> None:
    page = table
    page.set_viewport_size(WIDTHS[width])
    small = {}
    for name in PHASES:
        open_phase(page, name)
        small[name] = page.evaluate(SMALL_TARGETS)
        with_why(page)  # the hint, its "Why?" open
        small[f"{name} why"] = page.evaluate(SMALL_TARGETS)
    open_patience(page)
    small["patience"] = page.evaluate(SMALL_TARGETS)
    with_why(page)
    small["patience why"] = page.evaluate(SMALL_TARGETS)
    if width == "375":  # the dialogs, on a phone
        for game in ("precedence", "sabacc"):
            dialogs(page, game, small)
    assert {name: found for name, found in small.items() if found} == {}


def refused(page: Page, moves: int) -> None:
    """The card went nowhere, the turn stays, and the reason was said."""
    expect(page.locator("#toasts")).to_contain_text("You must")
    expect(page.locator(".table-page")).to_have_attribute("data-turn", "you")
    assert saved_moves(page, "precedence") == moves


def test_one_tap_plays_a_card_and_a_card_that_may_not_go_is_refused(table: Page) -> None:
    page = table
    page.set_viewport_size(PHONE)
    open_phase(page, "precedence-play")
    moves = saved_moves(page, "precedence")
    take_card(page.locator(".tp-hand .card.dim").first, touch=True, force=True)
    refused(page, moves)
    # a playable card goes on the first tap
    legal = page.locator(".tp-hand .card.legal").first
    code = legal.get_attribute("data-code")
    take_card(legal, touch=True)
    wait_moves(page, "precedence", moves)
    expect(page.locator(f'.tp-hand .card[data-code="{code}"]')).to_have_count(0)


def touch_drag(page: Page, x: float, y: float, dx: float, dy: float) -> None:
    """A finger put down on (x, y), moved by (dx, dy) in steps, then lifted."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for k in range(1, 6):
        point = {"x": x + dx * k / 5, "y": y + dy * k / 5}
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


@pytest.mark.parametrize("width", list(WIDTHS))
def test_a_drag_or_a_swipe_over_the_hand_plays_nothing(table: Page, width: str) -> None:
    page = table
    page.set_viewport_size(WIDTHS[width])
    open_phase(page, "precedence-play")
    moves = saved_moves(page, "precedence")
    box = page.locator(".tp-hand .card.legal").first.bounding_box()
    assert box
    x, y = box["x"] + 10, box["y"] + 14
    touch_drag(page, x, y, 60, 0)  # a swipe along the hand
    touch_drag(page, x, y, 0, 24)  # a finger that slid down the card
    page.mouse.move(x, y)  # a mouse pressed, dragged down the same card, let go
    page.mouse.down()
    page.mouse.move(x + 2, y + 30, steps=5)
    page.mouse.up()
    # a card refused after them: had one of them played a card, the turn would have gone
    take_card(page.locator(".tp-hand .card.dim").first, touch=width == "375", force=True)
    refused(page, moves)


def test_a_card_that_may_not_go_is_refused_by_mouse_and_key(table: Page) -> None:
    page = table
    open_phase(page, "precedence-play")
    moves = saved_moves(page, "precedence")
    dim = page.locator(".tp-hand .card.dim")
    dim.first.click(position={"x": 10, "y": 30}, force=True)
    refused(page, moves)
    page.evaluate("() => document.querySelector('#toasts').replaceChildren()")
    dim.last.focus()
    page.keyboard.press("Enter")
    refused(page, moves)


# the first frame after your card has left the hand: where the focus is then
FOCUS_AS_THE_CARD_LEAVES = """(before) => {
    const left = document.querySelectorAll(".tp-hand .card").length < before;
    if (!left) return null;
    const active = document.activeElement;
    return { inHand: Boolean(active?.closest(".tp-hand .card")), what: active?.tagName };
}"""


@pytest.mark.parametrize("name", ["precedence-play", "sabacc-play"])
def test_a_card_played_by_key_leaves_the_focus_in_the_hand(table: Page, name: str) -> None:
    """(audit 9) While your card flies and the trick is shown, the arrows still move in
    the hand: the focus goes to the played card's neighbour at once, not to the page."""
    page = table
    open_table(page, name.split("-", maxsplit=1)[0], position(name), speed="relaxed")
    assert turn(page) == "you"
    settled(page)
    before = page.locator(".tp-hand .card").count()
    card = page.locator(".tp-hand .card.legal").first
    card.focus()
    page.keyboard.press("Enter")
    found = page.wait_for_function(FOCUS_AS_THE_CARD_LEAVES, arg=before, polling="raf")
    assert found.json_value() == {"inHand": True, "what": "BUTTON"}
    expect(page.locator(".table-page")).to_have_attribute("data-turn", "wait")
    # and an arrow moves it on, while the others still play
    page.keyboard.press("ArrowRight")
    assert page.evaluate("() => Boolean(document.activeElement.closest('.tp-hand .card'))")


def bid_nothing(state: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
    """The person declares no meld and bids 0 tricks."""
    return next((a for a in legal if a == {"type": "bid", "tricks": 0}), legal[0])


def first_legal_focused(page: Page) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate(
        """() => {
            const cards = [...document.querySelectorAll(".tp-hand .card")];
            const first = cards.find((c) => c.classList.contains("legal"));
            return {
                focused: document.activeElement?.title || "nothing",
                first: first?.title,
                firstCardPlayable: cards[0]?.classList.contains("legal"),
            };
        }"""
    )
    return found


def test_the_first_playable_card_has_the_focus_when_the_turn_comes(table: Page) -> None:
    page = table
    page.set_viewport_size(PHONE)
    # deal 5: when the play comes to the person (having bid 0), their first card may not go
    _, record = play_to(
        "precedence", None, 5, lambda s: s["phase"] == "bid" and s["to_act"] == 0, bid_nothing
    )
    open_table(page, "precedence", saved(record))
    assert turn(page) == "you"
    expect(page.locator(".pr-bid:focus")).to_have_count(1)
    page.keyboard.press("Home")
    expect(page.locator(".pr-bid:focus")).to_have_text("0")
    moves = saved_moves(page, "precedence")
    page.keyboard.press("Enter")  # the bid; the others bid and lead up to the person
    wait_moves(page, "precedence", moves)
    assert turn(page) == "you"
    expect(page.locator(".table-page")).to_have_attribute("data-phase", "play")
    expect(page.locator(".tp-hand .card:focus")).to_have_count(1)
    found = first_legal_focused(page)
    assert found["firstCardPlayable"] is False  # the case of the issue
    assert found["focused"] == found["first"]
    # the arrows still pass over every card: Home reaches the first, refused with its reason
    page.keyboard.press("Home")
    first = page.locator(".tp-hand .card").first
    expect(first).to_be_focused()
    expect(first).to_have_attribute("aria-disabled", "true")
    expect(page.locator(".tp-status")).to_contain_text("You must")
    page.keyboard.press("ArrowRight")
    expect(page.locator(".tp-hand .card").nth(1)).to_be_focused()

    # in Contract Sabacc, after a card played by key, the next turn's focus is on a playable card
    open_phase(page, "sabacc-play")
    found = first_legal_focused(page)
    assert found["focused"] == found["first"]
    moves = saved_moves(page, "sabacc")
    page.keyboard.press("Enter")
    wait_moves(page, "sabacc", moves)
    if turn(page) == "you":
        found = first_legal_focused(page)
        assert found["focused"] == found["first"]


def test_the_chosen_aside_stays_in_view(table: Page) -> None:
    page = table
    page.set_viewport_size(PHONE)
    open_phase(page, "sabacc-aside")
    free = page.locator(".tp-hand .card:not(.dim)[aria-pressed=false]")
    for _ in range(3):  # the top row's first cards: they rise towards the buttons above
        free.first.tap(position={"x": 10, "y": 14})
        page.wait_for_selector(".sb-aside-panel:not([data-busy])")
    settled(page)
    covered = page.evaluate(
        """() => [...document.querySelectorAll(".tp-hand .card[aria-pressed=true]")]
            .filter((card) => {
                const r = card.getBoundingClientRect();
                return [[4, 3], [r.width / 2, 3], [r.width / 2, 10]].some(([x, y]) =>
                    document.elementFromPoint(r.left + x, r.top + y)?.closest(".card") !== card);
            })
            .map((card) => card.title)"""
    )
    assert page.locator(".tp-hand .card[aria-pressed=true]").count() == 3
    assert covered == []


def long_press(page: Page, x: float, y: float) -> Any:
    """A finger held on (x, y) until the card's name shows, then lifted."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    tip = page.locator(".card-tip:not([hidden])")
    expect(tip).to_be_visible()
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()
    return tip


def test_a_card_names_itself_on_hover_and_long_press(table: Page) -> None:
    page = table
    page.set_viewport_size(PHONE)
    open_phase(page, "precedence-play")
    moves = saved_moves(page, "precedence")
    card = page.locator(".tp-hand .card.legal").first
    name = str(card.get_attribute("title"))
    assert name.startswith(str(card.get_attribute("aria-label")).split(".")[0])
    assert " of " in name
    box = card.bounding_box()
    assert box
    tip = long_press(page, box["x"] + 10, box["y"] + 14)
    expect(tip).to_have_text(name)
    # the press chose nothing: a card refused after it finds the turn still the person's
    take_card(page.locator(".tp-hand .card.dim").first, touch=True, force=True)
    refused(page, moves)
    # a played card on the felt is named too
    expect(page.locator(".trick-area .card").first).to_have_attribute("title", re.compile(" of "))

    open_patience(page)
    top = page.locator(".pt-waste .card[data-face=up]").last
    name = str(top.get_attribute("aria-label"))
    expect(top).to_have_attribute("title", name)
    box = top.bounding_box()
    assert box
    tip = long_press(page, box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(tip).to_have_text(name)
    expect(page.locator(".pt-foundation .card[data-face=up]").first).to_have_attribute(
        "title", re.compile(r"^King of ")
    )


# Each card of the hand: its visible strip (the part of it no card drawn after it covers),
# whether the point at the strip's centre hits the card, and whether the label printed
# across a full face (Contract Sabacc's picture cards), when drawn, lies in the strip.
STRIPS = """() => {
    const cards = [...document.querySelectorAll(".tp-hand .card")];
    return cards.map((card, i) => {
        const r = card.getBoundingClientRect();
        let right = r.right, bottom = r.bottom;
        const later = cards.slice(i + 1).map((c) => c.getBoundingClientRect()).filter(
            (o) => o.left < r.right && o.right > r.left && o.top < r.bottom && o.bottom > r.top);
        for (const o of later) {
            if (Math.abs(o.top - r.top) < r.height * 0.3) right = Math.min(right, o.left);
        }
        for (const o of later) {
            if (o.top - r.top >= r.height * 0.3 && o.left < right) bottom = Math.min(bottom, o.top);
        }
        const x = (r.left + right) / 2, y = (r.top + bottom) / 2;
        const label = [...card.querySelectorAll(".sb-banner")]
            .map((el) => el.getBoundingClientRect()).find((b) => b.width > 0);
        return {
            name: card.title, x, y, width: right - r.left, height: bottom - r.top,
            hit: document.elementFromPoint(x, y)?.closest(".card") === card,
            labelCut: Boolean(label && (label.right > right + 0.5 || label.bottom > bottom + 0.5)),
        };
    });
}"""
HIT = "([x, y]) => document.elementFromPoint(x, y)?.closest('.card')?.title || 'nothing'"
HANDS = ["precedence-play", "precedence-declare", "sabacc-bid", "sabacc-aside", "sabacc-3-play"]


@pytest.mark.parametrize("width", list(WIDTHS))
@pytest.mark.parametrize("name", HANDS)
def test_each_card_is_taken_at_the_centre_of_its_strip(table: Page, name: str, width: str) -> None:
    page = table
    page.set_viewport_size(WIDTHS[width])
    open_phase(page, name)
    strips = page.evaluate(STRIPS)
    assert len(strips) >= 11
    wrong = [
        f"{s['name'].split(':')[0]}: {'' if s['hit'] else 'missed, '}{round(s['width'])}"
        f"x{round(s['height'])} px"
        for s in strips
        if not s["hit"] or s["width"] < 40 or s["height"] < 40
    ]
    assert wrong == [], f"{name} at {width} px"
    assert [s["name"] for s in strips if s["labelCut"]] == []
    if width == "1440":  # the mouse over a card raises it: the same point still takes it
        for strip in strips:
            page.mouse.move(strip["x"], strip["y"])
            page.wait_for_function(SETTLED)
            assert page.evaluate(HIT, [strip["x"], strip["y"]]) == strip["name"]
        page.mouse.move(0, 0)


@pytest.mark.parametrize("width", list(WIDTHS))
def test_a_click_or_tap_at_each_strip_takes_that_card(table: Page, width: str) -> None:
    """The aside's 24 cards (toggle buttons): each taken and given back by a click (a tap
    on a phone) at the centre of its strip."""
    page = table
    page.set_viewport_size(WIDTHS[width])
    open_phase(page, "sabacc-aside")
    for i, strip in enumerate(page.evaluate(STRIPS)):
        card = page.locator(".tp-hand .card").nth(i)
        if card.get_attribute("aria-disabled") == "true":
            continue
        for pressed in ("true", "false"):
            if width == "375":
                page.touchscreen.tap(strip["x"], strip["y"])
            else:
                page.mouse.click(strip["x"], strip["y"])
            expect(card).to_have_attribute("aria-pressed", pressed)
            page.wait_for_selector(".sb-aside-panel:not([data-busy])")
            settled(page)
