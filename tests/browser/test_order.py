"""The order of things on screen (issue 24, item 5), never their timing:

* no prompt before the deal has landed: while a new hand's cards fly in (``data-deal``
  is "flying", or a card of the hand is still moving) the table asks nothing (no bid
  button, ``data-turn`` is not "you"), in a new game and after a round's count;
* the review's dialog keeps its buttons where they are from the walk's start (the
  hand's par still being worked out) to the review's end;
* the review shows one way out at a time: Cancel while the engine works, Close after.

Waits are on ``data-*`` states; a MutationObserver in the page records what showed
while the cards were flying.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from celestix import api
from tablekit import (
    PHONE,
    REVIEW_TIMEOUT_MS,
    open_table,
    play_to,
    review_dialog,
    saved,
    turn,
)

# A page-side watch: every DOM change, is a bid (or the person's turn) on screen while
# the deal is still flying? It also notes that a deal was seen flying at all.
WATCH_DEAL = """() => {
    window.dealWatch = { flying: 0, early: [], asked: 0 };
    const moving = () => [...document.querySelectorAll(".tp-hand button.card")].some((card) =>
        card.getAnimations().some((a) => a.playState === "running" || a.pending));
    const look = () => {
        const root = document.querySelector(".table-page");
        if (!root) return;
        const flying = root.dataset.deal === "flying";
        if (flying) window.dealWatch.flying += 1;
        const bid = document.querySelector(".sb-bid");
        if (bid) window.dealWatch.asked += 1;
        if ((bid || root.dataset.turn === "you") && (flying || moving()))
            window.dealWatch.early.push(bid ? "a bid button" : "data-turn=you");
    };
    new MutationObserver(look).observe(document.body, {
        subtree: true, childList: true, attributes: true,
        attributeFilter: ["data-deal", "data-turn", "class"],
    });
}"""


def check_deal_then_bid(page: Page) -> None:
    """The deal flew and landed, then (only then) the bid was asked for."""
    assert turn(page) == "you"
    expect(page.locator(".table-page")).to_have_attribute("data-deal", "landed")
    expect(page.locator(".sb-bid").first).to_be_visible()
    seen: dict[str, Any] = page.evaluate("() => window.dealWatch")
    assert seen["flying"] > 0, "the deal was never seen flying (is the speed instant?)"
    assert seen["asked"] > 0
    assert seen["early"] == [], f"asked before the deal had landed: {seen['early'][:3]}"


def test_no_bid_before_the_deal_has_landed(table: Page) -> None:
    page = table
    # a new game (deal 1: you bid first), at the normal speed so that the cards fly
    open_table(page, "precedence", speed="normal")  # (any page: the watch is installed next)
    page.evaluate(WATCH_DEAL)
    assert api.new_game("sabacc", None, 1)["to_act"] == 0
    open_table(page, "sabacc", hash_="/deal=1", speed="normal")
    check_deal_then_bid(page)

    # after a round's count: Next round deals the next round, which you open
    record = next_round_you_open()
    open_table(page, "sabacc", saved(record, pending=len(record["actions"])), speed="normal")
    page.evaluate(WATCH_DEAL)
    assert turn(page) == "count"
    page.locator("dialog.tp-summary-dialog[open]").get_by_role("button", name="Next round").click()
    check_deal_then_bid(page)


def next_round_you_open() -> dict[str, Any]:
    """A Sabacc record to the end of its first round after which you bid first."""
    for seed in range(1, 40):
        state, record = play_to("sabacc", None, seed, lambda s: s["round"] >= 1 or s["over"])
        if not state["over"] and state["to_act"] == 0:
            return record
    raise AssertionError("no deal found where you open the second round")


BUTTONS = """() => [...document.querySelectorAll("dialog.review-dialog[open] button")]
    .filter((b) => b.offsetParent !== null)
    .map((b) => { const r = b.getBoundingClientRect();
                  return [b.textContent.trim(), Math.round(r.left), Math.round(r.top)]; })"""


# Holds the engine's review steps sent once the review dialog says the walk may start
# (data-review="ready"), until window.__releasePar() sends them (and undoes the hold).
HOLD_THE_PAR = """() => {
    const send = Worker.prototype.postMessage;
    const held = [];
    window.__releasePar = () => {
        Worker.prototype.postMessage = send;
        window.__releasePar = null;
        for (const [worker, message] of held.splice(0)) send.call(worker, message);
    };
    Worker.prototype.postMessage = function (message, ...rest) {
        const dialog = document.querySelector("dialog.review-dialog");
        if (message?.method === "review_step" && dialog?.dataset.review === "ready") {
            held.push([this, message]);
            return;
        }
        return send.call(this, message, ...rest);
    };
}"""


def test_the_reviews_buttons_stay_put_while_the_par_comes(table: Page) -> None:
    page = table
    # the first hand of deal 5, played by the basic players
    _, record = play_to("precedence", None, 5, lambda s: s["hand_number"] >= 1 or s["over"])
    open_table(page, "precedence", saved(record, pending=len(record["actions"])))
    assert turn(page) == "count"
    # the par's steps are held back once the walk may start, whatever the machine's pace,
    # so the walk is always seen before the par, then the par let through
    page.evaluate(HOLD_THE_PAR)
    try:
        page.locator("dialog.tp-summary-dialog[open]").get_by_role("button", name="Review").click()
        dialog = review_dialog(page)
        # the walk starts once every decision is judged; the par is the review's last step
        expect(dialog).to_have_attribute("data-review", "ready", timeout=REVIEW_TIMEOUT_MS)
        expect(dialog).to_have_attribute("data-step", "0")
        early = page.evaluate(BUTTONS)
        if page.evaluate("() => 'done' in document.querySelector('dialog.review-dialog').dataset"):
            # (the par came with the last decision) nothing to compare
            raise AssertionError("the review finished before the walk started: pick another hand")
    finally:
        page.evaluate("() => window.__releasePar && window.__releasePar()")
    expect(dialog).to_have_attribute("data-done", "", timeout=REVIEW_TIMEOUT_MS)
    expect(dialog.locator(".rv-par")).to_be_visible()
    late = page.evaluate(BUTTONS)
    moved = {name: pos for name, *pos in early} != {
        name: pos for name, *pos in late if name in {n for n, *_ in early}
    }
    assert not moved, f"the buttons moved: {early} -> {late}"
    dialog.get_by_role("button", name="Close").click()


# A page-side watch of the review's way out: at every change of its dialog, which of
# Cancel and Close show, each state seen in order
WATCH_EXITS = """() => {
    window.exitWatch = { seen: [] };
    const look = () => {
        const d = document.querySelector("dialog.review-dialog[open]");
        if (!d) return;
        const shows = (name) => [...d.querySelectorAll("button")].some(
            (b) => b.textContent.trim() === name && b.checkVisibility());
        const exits = ["Cancel", "Close"].filter(shows).join(" and ");
        const state = `${d.dataset.review}: ${exits}`;
        if (window.exitWatch.seen.at(-1) !== state) window.exitWatch.seen.push(state);
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true,
                                                        attributes: true });
}"""


def test_the_patience_review_shows_cancel_or_close(table: Page) -> None:
    page = table
    page.set_viewport_size(PHONE)
    _, record = play_to("patience", None, 10, lambda s: s["over"])
    open_table(page, "patience", saved(record))
    page.evaluate(WATCH_EXITS)
    page.locator(".pt-ending").get_by_role("button", name="Review").tap()
    dialog = review_dialog(page)
    expect(dialog).to_have_attribute("data-review", "ready", timeout=REVIEW_TIMEOUT_MS)
    expect(dialog).to_have_attribute("data-done", "", timeout=REVIEW_TIMEOUT_MS)
    close = dialog.get_by_role("button", name="Close")
    expect(close).to_be_visible()
    expect(dialog.get_by_role("button", name="Cancel")).to_be_hidden()
    seen: list[str] = page.evaluate("() => window.exitWatch.seen")
    # Cancel alone while the engine works, Close alone once the walk is on screen
    assert seen[0] == "running: Cancel", seen
    assert set(seen) == {"running: Cancel", "ready: Close"}, seen
    close.tap()
    expect(review_dialog(page)).to_have_count(0)
