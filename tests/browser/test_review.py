"""The review on the page (issue 16, item 3): after a hand's summary, a round's count and
a patience's end, and for each hand of the history.

The page runs the review in its worker a step at a time (a progress bar, Cancel), then
walks the person's decisions. What it shows is checked against the engine's own review
of the same record, asked of the page's own worker in one call (``engine.review``): the
summary's words, each decision's mark (the engine's, by its thresholds in
``celestix/review/marks.py``) and reason, the choice made and the better one marked
where the position is drawn. Both widths, keyboard and touch, axe, players' words only.
Waits are on the dialog's ``data-*`` states, never on time.

The review's trick is laid out as the table's (issue 24): its cards round the middle,
no index covered by a tag or another card; its hand within the dialog's width, and at
every decision whole in view above the Back and Forward bar (both trick games and the
patience's board).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from celestix import api
from celestix.registry import rules_for
from celestix.review import marks
from tablekit import (
    PHONE,
    REVIEW_TIMEOUT_MS,
    WIDE,
    internal_words,
    open_table,
    play_to,
    review_dialog,
    said,
    saved,
    settled,
    trick_clear,
    turn,
    wait_ready,
    won_in_one,
)

AxeCheck = Callable[..., Any]
Shot = Callable[[Page, str], Path]
WIDTHS = {"1440": WIDE, "375": PHONE}
WORDS = {
    "best": "Best",
    "fine": "Fine",
    "inaccuracy": "Inaccuracy",
    "mistake": "Mistake",
    "blunder": "Blunder",
    "forced": "Forced",
    "unknown": "Not judged",
}
# A decision that lost something says so in a sentence (web/js/table/review.js MARKS)
COST = {
    "fine": "Fine, though it cost",
    "inaccuracy": "An inaccuracy that cost",
    "mistake": "A mistake that cost",
    "blunder": "A blunder that cost",
}


def mark_of(decision: dict[str, Any], game: str) -> str:
    """The mark the page gives a decision: the engine's own (celestix/review/marks.py,
    the one place the thresholds live), checked against them here."""
    assert decision["mark"] == marks.mark_of(decision, rules_for(game).reviewer().scale), decision
    return str(decision["mark"])


def engine_review(page: Page, record: dict[str, Any], hand: int | None) -> dict[str, Any]:
    """The engine's review of the record, asked of the page's own worker in one call."""
    found: dict[str, Any] = page.evaluate(
        """async ([record, hand]) => {
            const { engine } = await import("/js/engine/bridge.js");
            return engine.review(record, 0, "strong", undefined, hand ?? undefined);
        }""",
        [record, hand],
    )
    return found


def walked(review: dict[str, Any]) -> list[dict[str, Any]]:
    """The decisions the walk stops at (the patience's: those with a choice)."""
    if review["game"] == "patience":
        return [d for d in review["decisions"] if d["choices"] > 1]
    return list(review["decisions"])


def check_step(dialog: Locator, decision: dict[str, Any], game: str, k: int, total: int) -> None:
    """Step ``k`` shows the decision: its mark, the engine's reason, the choices marked."""
    expect(dialog).to_have_attribute("data-step", str(k))
    expect(dialog.locator(".rv-counter")).to_have_text(f"Decision {k} of {total}")
    verdict = dialog.get_by_role("complementary", name="Verdict")
    mark = mark_of(decision, game)
    expect(verdict).to_have_attribute("data-mark", mark)
    words = COST[mark] if decision["loss"] > 0 and mark in COST else WORDS[mark]
    expect(verdict.locator(".advice-title")).to_contain_text(words)
    expect(verdict.locator(".advice-text")).to_have_text(decision["reason"])
    # said once, in the dialog's own live region: the step's place, its mark, the reason
    spoken = dialog.get_by_role("status")
    expect(spoken).to_have_text(re.compile(rf"^Decision {k} of {total}, .+\. {re.escape(words)}\b"))
    expect(spoken).to_contain_text(decision["reason"])
    action, best = decision["action"], decision["best"]
    worse = decision["loss"] > 0
    better_items = verdict.locator(".advice-list li", has_text="Better:")
    expect(better_items).to_have_count(1 if worse and mark not in ("forced", "unknown") else 0)
    if game == "patience":
        return
    # a Sabacc aside is one decision: all its cards marked, and the better aside's
    mine = action.get("cards", [action["card"]] if action.get("card") else [])
    better = [c for c in best.get("cards", [best["card"]] if best.get("card") else [])
              if c not in mine] if worse else []  # fmt: skip
    for code in mine:
        # a card played goes to the trick; one declared or set aside stays marked in the hand
        where = ".rv-trick .trick-card" if action["type"] == "play" else ".rv-hand button.card"
        card = dialog.locator(f'{where}[data-code="{code}"]')
        expect(card).to_have_attribute(
            "data-mark", "played" if worse and code not in best.get("cards", []) else
            re.compile("both|played")
        )  # fmt: skip
    for code in better:
        expect(dialog.locator(f'.rv-hand button.card[data-code="{code}"]')).to_have_attribute(
            "data-mark", "best"
        )
    if action["type"] == "bid":
        expect(
            dialog.locator(".rv-choice[data-mark=played], .rv-choice[data-mark=both]")
        ).to_have_count(1)
        expect(dialog.locator(".rv-choice[data-mark=best]")).to_have_count(1 if worse else 0)


def precedence_hand(seed: int, hands: int = 1) -> dict[str, Any]:
    """The record of a Precedence game's first ``hands`` hands, played by the basic players."""
    _, record = play_to("precedence", None, seed, lambda s: s["hand_number"] >= hands or s["over"])
    return record


def test_precedence_review_after_a_hand_by_keyboard(
    table: Page, axe: AxeCheck, screenshot: Shot
) -> None:
    page = table
    record = precedence_hand(5)
    open_table(page, "precedence", saved(record, pending=len(record["actions"])))
    assert turn(page) == "count"
    summary = page.locator("dialog.tp-summary-dialog[open]")
    summary.get_by_role("button", name="Review").focus()
    assert page.evaluate(WATCH_WORKING)
    page.keyboard.press("Enter")
    dialog = review_dialog(page)
    expect(dialog.locator(".dialog-title")).to_have_text("Review of hand 1")
    dialog = wait_ready(page)
    # while it worked, the hand as dealt lay under the bar and the decisions judged
    # (audit 12: one row over 80% of an empty 860 x 760 box in its first seconds)
    seen = [s for s in page.evaluate("() => window.workingSeen") if s["count"] != "Starting…"]
    assert seen and all(s["picture"] >= 0 for s in seen), seen
    assert seen[-1]["picture"] > 0, seen
    expected = engine_review(page, record, 0)
    expect(dialog.locator(".rv-summary-text")).to_have_text(expected["summary"]["text"])
    expect(dialog.locator(".rv-par-text")).to_have_text(expected["par"][0]["reason"])
    screenshot(page, "review-precedence-summary-1440")
    axe(page, "the review's summary")
    decisions = walked(expected)
    # focus is on Forward: the arrow keys walk the hand, decision by decision
    for k, decision in enumerate(decisions, start=1):
        page.keyboard.press("ArrowRight")
        check_step(dialog, decision, "precedence", k, len(decisions))
        if k == 1:
            axe(page, "a decision of the review")
            screenshot(page, "review-precedence-step-1440")
    assert internal_words(said(page), "precedence") == {}
    page.keyboard.press("ArrowLeft")
    expect(dialog).to_have_attribute("data-step", str(len(decisions) - 1))
    page.keyboard.press("Home")
    expect(dialog).to_have_attribute("data-step", "0")
    page.keyboard.press("End")
    expect(dialog).to_have_attribute("data-step", str(len(decisions)))
    page.keyboard.press("Escape")
    expect(review_dialog(page)).to_have_count(0)
    # back to the hand's summary; the review, asked for again, is there at once, its
    # costliest decisions named by their place in the hand
    summary = page.locator("dialog.tp-summary-dialog[open]")
    summary.get_by_role("button", name="Review").click()
    dialog = wait_ready(page)
    costly = [d for d in decisions if d["index"] in expected["summary"]["costliest"]]
    costly.sort(key=lambda d: expected["summary"]["costliest"].index(d["index"]))
    jumps = dialog.locator(".rv-jump")
    expect(jumps).to_have_count(len(costly))
    for jump, decision in zip(jumps.all(), costly, strict=True):
        expect(jump).to_contain_text(f"{precedence_title(record, decision)}: ")
    dialog.get_by_role("button", name="Close").click()
    expect(page.locator("dialog.tp-summary-dialog[open]")).to_be_visible()


def precedence_title(record: dict[str, Any], decision: dict[str, Any]) -> str:
    """A Precedence decision's place, as the walk names it."""
    if decision["kind"] != "play":
        return {"bid": "Your bid", "declare": "Your declaration"}[decision["kind"]]
    before = api.replay({**record, "actions": record["actions"][: decision["index"]]})
    return f"Trick {len(before['completed']) + 1}"


def test_a_finished_games_history_offers_review_for_each_hand(
    table: Page, axe: AxeCheck, screenshot: Shot
) -> None:
    page = table
    _, record = play_to("precedence", {"target": 150}, 7, lambda s: s["over"])
    hands = api.replay(record)["hand_number"] + 1
    open_table(page, "precedence", saved(record))
    assert turn(page) == "over"
    page.get_by_role("button", name="Hand history").click()
    history = page.locator("dialog[open]", has=page.locator(".history"))
    picker = history.get_by_label("Hand", exact=True)
    expect(picker.locator("option")).to_have_count(hands)
    offer = history.get_by_role("button", name="Review this hand")
    for hand in range(hands):
        picker.select_option(str(hand))
        expect(offer).to_have_count(1)
    picker.select_option("0")
    offer.click()
    dialog = review_dialog(page)
    expect(dialog.locator(".dialog-title")).to_have_text("Review of hand 1")
    dialog = wait_ready(page)
    first_hand = {**record, "actions": record["actions"][: hand_end(record, 0)]}
    expected = engine_review(page, first_hand, 0)
    expect(dialog.locator(".rv-summary-text")).to_have_text(expected["summary"]["text"])
    # the costliest decision, one press away
    costly = expected["summary"]["costliest"]
    if costly:
        dialog.locator(".rv-jump").first.click()
        k = next(i for i, d in enumerate(walked(expected), start=1) if d["index"] == costly[0])
        check_step(dialog, walked(expected)[k - 1], "precedence", k, len(walked(expected)))
        expect(dialog.locator(".rv-step-title")).to_be_focused()
    axe(page, "a review over the hand history")
    screenshot(page, "review-history-1440")
    page.keyboard.press("Escape")
    expect(review_dialog(page)).to_have_count(0)
    # the history is still open, focus back on the button that opened the review
    expect(offer).to_be_focused()
    page.keyboard.press("Escape")


def hand_end(record: dict[str, Any], hand: int) -> int:
    """The number of the record's actions up to the end of Precedence hand ``hand``."""
    state = api.new_game(record["game"], record["options"], record["seed"], record["setup"])
    for i, entry in enumerate(record["actions"]):
        state = api.apply(state, entry["action"], entry["seat"])["state"]
        if state["hand_number"] > hand or state["over"]:
            return i + 1
    return len(record["actions"])


def test_sabacc_review_after_a_round_by_touch_on_a_phone_cancelled_and_taken_up(
    table: Page, axe: AxeCheck, screenshot: Shot
) -> None:
    page = table
    page.set_viewport_size(PHONE)
    # deal 14 (the players of tablekit.LEVELS, the default stakes): you declare, so your
    # decisions are a bid, the aside and your cards
    state, record = play_to("sabacc", None, 14, lambda s: s["round"] >= 1 or s["over"])
    assert state["last_round"]["declarer"] == 0, "the bots' play changed: choose another deal"
    open_table(page, "sabacc", saved(record, pending=len(record["actions"])))
    assert turn(page) == "count"
    page.locator("dialog.tp-summary-dialog[open]").get_by_role("button", name="Review").tap()
    dialog = review_dialog(page)
    expect(dialog.locator(".dialog-title")).to_have_text("Review of round 1")
    # the engine at work: a progress bar and Cancel, which stops it between two steps
    bar = dialog.get_by_role("progressbar", name="Review")
    expect(bar).to_be_visible()
    page.wait_for_function(
        """() => {
            const d = document.querySelector("dialog.review-dialog[open]");
            const [done] = (d?.dataset.progress || "0/0").split("/").map(Number);
            return d && d.dataset.review === "running" && done >= 1;
        }""",
        timeout=REVIEW_TIMEOUT_MS,
    )
    screenshot(page, "review-sabacc-running-375")
    dialog.get_by_role("button", name="Cancel").tap()
    expect(review_dialog(page)).to_have_count(0)
    stopped = page.evaluate(
        """async () => {
            // the step under way when Cancel was pressed ends; no other is asked for:
            // a call made now is answered once the worker is free
            const { engine } = await import("/js/engine/bridge.js");
            await engine.games();
            window.reviewOpened = null;
            const watch = new MutationObserver((changes) => {
                const d = changes.map((c) => c.target).find((t) => t.matches(".review-dialog"));
                if (d && d.dataset.progress && !window.reviewOpened) {
                    window.reviewOpened = d.dataset.progress;
                    watch.disconnect();
                }
            });
            const only = { subtree: true, attributes: true, attributeFilter: ["data-progress"] };
            watch.observe(document.body, only);
            return true;
        }"""
    )
    assert stopped
    page.locator("dialog.tp-summary-dialog[open]").get_by_role("button", name="Review").tap()
    dialog = wait_ready(page)
    opened = page.evaluate("() => window.reviewOpened")
    done, total = (int(n) for n in opened.split("/"))
    assert 1 <= done < total, f"the review picked up at step {done} of {total}"
    expected = engine_review(page, record, 0)
    expect(dialog.locator(".rv-summary-text")).to_have_text(expected["summary"]["text"])
    screenshot(page, "review-sabacc-summary-375")
    axe(page, "the review's summary at 375 px")
    decisions = walked(expected)
    kinds = {d["kind"] for d in decisions}
    assert kinds == {"bid", "aside", "play"}, kinds
    # while it worked, each decision was listed as it was judged, with its mark (the box
    # under the bar stood empty for 20-30 s; audit 8): the whole list once it is done
    listed = dialog.locator(".rv-working .rv-judged-item")
    expect(listed).to_have_count(len(decisions))
    assert listed.locator(".rv-judged-word").all_text_contents() == [
        WORDS[mark_of(d, "sabacc")] for d in decisions
    ]
    forward = dialog.get_by_role("button", name="Forward")
    firsts = {kind: next(d["index"] for d in decisions if d["kind"] == kind) for kind in kinds}
    for k, decision in enumerate(decisions, start=1):
        forward.tap()
        check_step(dialog, decision, "sabacc", k, len(decisions))
        if decision["kind"] in ("aside", "play") and decision["index"] == firsts[decision["kind"]]:
            screenshot(page, f"review-sabacc-{decision['kind']}-375")
            axe(page, f"the review's {decision['kind']} at 375 px")
    expect(forward).to_be_disabled()
    # and by keyboard (a phone with one, or a reader's keys): back a step, the summary, the end
    page.keyboard.press("ArrowLeft")
    check_step(dialog, decisions[-2], "sabacc", len(decisions) - 1, len(decisions))
    page.keyboard.press("Home")
    expect(dialog).to_have_attribute("data-step", "0")
    expect(dialog.get_by_role("status")).to_have_text(f"Summary. {expected['summary']['text']}")
    page.keyboard.press("End")
    check_step(dialog, decisions[-1], "sabacc", len(decisions), len(decisions))
    assert internal_words(said(page), "sabacc") == {}
    dialog.get_by_role("button", name="Close").tap()
    expect(page.locator("dialog.tp-summary-dialog[open]")).to_be_visible()


# What the review's box showed at each step of its work: its words, and whether the
# deal's picture filled the room under them (read as each step's progress was set).
WATCH_WORKING = """() => {
    window.workingSeen = [];
    const watch = new MutationObserver((changes) => {
        const d = changes.map((c) => c.target).find((t) => t.matches(".review-dialog"));
        const working = d && d.querySelector(".rv-working");
        if (!working || working.hidden) return;
        window.workingSeen.push({
            lede: working.querySelector(".rv-lede").textContent,
            count: working.querySelector(".rv-count").textContent,
            // (-1: no picture; its cards are drawn once their position is replayed)
            picture: working.querySelector(".rv-ending")
                ? working.querySelectorAll(".rv-ending :is(.pt-foundation, .card)").length
                : -1,
        });
    });
    watch.observe(document.body,
                  { subtree: true, attributes: true, attributeFilter: ["data-progress"] });
    return true;
}"""


def review_dead_end(page: Page, *, tap: bool) -> dict[str, Any]:
    """Deal 10 played by the easy player to its end (the solver proves the deal lost at
    one move), and its review asked for from the ending; the record. What the review's
    box shows as it works is kept in ``window.workingSeen`` (WATCH_WORKING)."""
    _, record = play_to("patience", None, 10, lambda s: s["over"])
    open_table(page, "patience", saved(record))
    ending = page.locator(".pt-ending")
    expect(ending).to_be_visible()
    review = ending.get_by_role("button", name="Review")
    assert page.evaluate(WATCH_WORKING)
    if tap:
        review.tap()
    else:
        review.click()
    return record


def test_patience_review_at_a_dead_end_and_after_a_win(
    table: Page, axe: AxeCheck, screenshot: Shot
) -> None:
    page = table
    record = review_dead_end(page, tap=False)
    ending = page.locator(".pt-ending")
    dialog = review_dialog(page)
    expect(dialog.locator(".dialog-title")).to_have_text(f"Review of deal {record['seed']}")
    dialog = wait_ready(page)
    # while it worked, the box said what it was doing in its own terms and showed the
    # deal: never "0 decisions judged so far" beside a bar a third full over an empty
    # box (the patience judges the deal as a whole, by the moves after which it plays on; audit 11)
    seen = page.evaluate("() => window.workingSeen")
    counted = [s for s in seen if s["count"] != "Starting…"]
    assert counted, seen
    for step in counted:
        assert "decision" not in step["lede"] + step["count"], step
        assert re.fullmatch(
            r"Looking for the move that cost the deal"
            r"(?:…|: [1-9]\d* of your moves checked so far\.)",
            step["count"],
        ), step
        assert step["picture"] >= 0, step
    assert counted[-1]["picture"] >= 8, counted  # (its eight foundations, and cards)
    expected = engine_review(page, record, None)
    outcome = expected["outcome"]
    assert outcome["status"] == "lost_at"
    expect(dialog.locator(".rv-summary-text")).to_have_text(outcome["text"])
    decisions = walked(expected)
    # the tally counts what the walk steps through, as its counter does ("95 decisions
    # to step through" stood over "Fine: 94 · Blunder: 1 · Forced: 175"; audit 11); the
    # moves with no choice are said apart
    expect(dialog.locator(".rv-counter")).to_have_text(
        f"{len(decisions)} decisions to step through"
    )
    tallied = dialog.locator(".rv-tally li").all_text_contents()
    assert sum(int(t.rsplit(": ", 1)[1]) for t in tallied) == len(decisions), tallied
    skipped = len(expected["decisions"]) - len(decisions)
    assert skipped > 0
    expect(dialog.locator(".rv-skipped")).to_have_text(
        f"Not counted: {skipped} moves with no choice, which the walk skips."
    )
    k = next(i for i, d in enumerate(decisions, start=1) if d["index"] == outcome["index"])
    # the costliest decision named with its foundation, as the engine names it (before,
    # "building the Ace of Hearts on a foundation": its position was not drawn yet)
    named = re.search(r"on (the \w+ foundation)", outcome["text"])
    if decisions[k - 1]["action"]["type"] == "build" and named:
        expect(dialog.locator(".rv-jump").first).to_contain_text(f"on {named[1]}, which cost")
    dialog.locator(".rv-jump").first.click()
    check_step(dialog, decisions[k - 1], "patience", k, len(decisions))
    expect(dialog.locator(".rv-step-title")).to_have_text(f"Move {outcome['index'] + 1}")
    # the move made and the winning one, on the board; the solver's line from there
    played, best = decisions[k - 1]["action"], outcome["best"]
    assert played != best
    for action, mark in ((played, "played"), (best, "best")):
        where = (
            f'.rv-patience .pt-foundation[data-index="{action["to"]}"]'
            if action["type"] == "build"
            else ".rv-patience .pt-stock-area"
        )
        expect(dialog.locator(where)).to_have_attribute("data-mark", mark)
    line = dialog.get_by_role("region", name="A way to win from here")
    expect(line.locator("h4")).to_have_text(
        f"A way to win from here, in {len(outcome['line'])} moves"
    )
    expect(line.locator("li")).to_have_count(min(12, len(outcome["line"])))
    screenshot(page, "review-patience-lost-1440")
    axe(page, "the patience's review")
    # the moves before it: the deal could still be won
    page.keyboard.press("ArrowLeft")
    check_step(dialog, decisions[k - 2], "patience", k - 1, len(decisions))
    assert internal_words(said(page), "patience") == {}
    dialog.get_by_role("button", name="Close").click()
    expect(ending).to_be_visible()

    # on a phone, after a win: the review says so at once
    page.set_viewport_size(PHONE)
    open_table(page, "patience", saved(won_in_one(21)))
    page.locator(".waste-top").tap()
    expect(ending).to_be_visible()
    ending.get_by_role("button", name="Review").tap()
    dialog = wait_ready(page)
    expect(dialog.locator(".rv-summary-text")).to_have_text("You won the deal.")
    expect(dialog.get_by_role("button", name="Forward")).to_be_disabled()
    axe(page, "the patience's review after a win at 375 px")
    dialog.get_by_role("button", name="Close").tap()


# the review's hand: every card within the board (the dialog's width)
HAND_INSIDE = """() => {
    const board = document.querySelector("dialog[open] .rv-board").getBoundingClientRect();
    return [...document.querySelectorAll("dialog[open] .rv-hand .card")].flatMap((card) => {
        const r = card.getBoundingClientRect();
        return r.left >= board.left - 0.5 && r.right <= board.right + 0.5 ? []
            : [`${card.getAttribute("aria-label")} at ${Math.round(r.left)}-${Math.round(r.right)}`
               + ` in ${Math.round(board.left)}-${Math.round(board.right)}`];
    });
}"""


# the position at a decision: every card of the hand (the patience's every pile) whole in
# the dialog's body, above the sticky Back and Forward bar (the px hidden, per card)
POSITION_IN_VIEW = """() => {
    const d = document.querySelector("dialog[open].review-dialog");
    const body = d.querySelector(".dialog-body").getBoundingClientRect();
    const nav = d.querySelector(".rv-nav").getBoundingClientRect();
    const floor = Math.min(body.bottom, nav.top);
    const things = d.querySelectorAll(
        ".rv-hand .card, .rv-patience .pt-foundation, .rv-patience .pt-stock-area");
    return [...things].flatMap((el) => {
        const r = el.getBoundingClientRect();
        const hidden = Math.max(0, r.bottom - floor) + Math.max(0, body.top - r.top);
        const name = el.getAttribute("aria-label") || el.className;
        return hidden > 0.5 ? [`${name}: ${Math.round(hidden)} px hidden`] : [];
    });
}"""


# The review whole in the dialog's width and no blank box in it (audit 6): nothing past
# the dialog's body or cut sideways in a box (at 375 px the Precedence par's "As played"
# columns ran past the dialog: its table's words now wrap), and the felt, the words or the
# summary's picture reach down to the Back and Forward bar (at 1440 px the patience's
# summary left 270 px blank under its costliest decision, a bid's step 170 px).
REVIEW_WHOLE = """() => {
    const d = document.querySelector("dialog[open].review-dialog");
    const body = d.querySelector(".dialog-body").getBoundingClientRect();
    const wrong = [];
    for (const el of d.querySelectorAll(".rv-walk *")) {
        if (el.closest(".sr-only, [hidden]") || !el.getClientRects().length) continue;
        const r = el.getBoundingClientRect();
        const what = `${el.tagName.toLowerCase()}.${el.className}`;
        if (r.width && (r.left < body.left - 1 || r.right > body.right + 1))
            wrong.push(`${what} at ${Math.round(r.left)}-${Math.round(r.right)} in `
                       + `${Math.round(body.left)}-${Math.round(body.right)}`);
        const sideways = getComputedStyle(el).overflowX;
        if (sideways !== "visible" && el.scrollWidth > el.clientWidth + 1)
            wrong.push(`${what} cut sideways: ${el.scrollWidth} px in ${el.clientWidth}`);
    }
    const walk = d.querySelector(".rv-walk");
    const nav = walk.querySelector(".rv-nav").getBoundingClientRect();
    const shown = [...walk.children].filter((el) => !el.hidden && el.getClientRects().length
        && !el.matches(".rv-nav, .sr-only"));
    const blank = nav.top - Math.max(...shown.map((el) => el.getBoundingClientRect().bottom));
    if (blank > 24) wrong.push(`${Math.round(blank)} px blank above the Back and Forward bar`);
    return wrong;
}"""


def walk_position_in_view(page: Page, where: str) -> None:
    """Forward from the summary to the last decision: at each, the position whole in view
    (before, on a phone up to 205 px of the hand lay under the Back and Forward bar), and
    the review whole in the dialog's width with no blank box (at the summary too)."""
    dialog = review_dialog(page)
    page.keyboard.press("Home")
    expect(dialog).to_have_attribute("data-step", "0")
    settled(page)
    assert page.evaluate(REVIEW_WHOLE) == [], f"{where}, the summary"
    forward = dialog.get_by_role("button", name="Forward")
    step = 0
    while forward.is_enabled():
        step += 1
        page.keyboard.press("ArrowRight")
        expect(dialog).to_have_attribute("data-step", str(step))
        settled(page)
        assert page.evaluate(POSITION_IN_VIEW) == [], f"{where}, decision {step}"
        assert page.evaluate(REVIEW_WHOLE) == [], f"{where}, decision {step}"
    assert step >= 1


def walk_to_a_full_trick(page: Page, cards: int) -> None:
    """Forward through the review until a decision shows `cards` cards in the trick."""
    dialog = review_dialog(page)
    trick = dialog.locator(".rv-trick:not([hidden]) .trick-card")
    for step in range(1, 60):
        page.keyboard.press("ArrowRight")
        expect(dialog).to_have_attribute("data-step", str(step))
        if trick.count() >= cards:
            return
    raise AssertionError(f"no decision of the review shows {cards} cards in the trick")


def review_after(page: Page, game: str, record: dict[str, Any]) -> None:
    """The review of the record's last hand (round), opened from its summary."""
    open_table(page, game, saved(record, pending=len(record["actions"])))
    assert turn(page) == "count"
    page.locator("dialog.tp-summary-dialog[open]").get_by_role("button", name="Review").click()
    wait_ready(page)
    review_dialog(page).get_by_role("button", name="Forward").focus()


@pytest.mark.parametrize("width", list(WIDTHS))
def test_the_reviews_trick_is_laid_out_as_the_tables(table: Page, width: str) -> None:
    page = table
    page.set_viewport_size(WIDTHS[width])
    review_after(page, "precedence", precedence_hand(5))
    walk_to_a_full_trick(page, 4)
    assert trick_clear(page, "dialog[open] .rv-trick") == [], f"at {width} px"
    assert page.evaluate(HAND_INSIDE) == []
    # the cards at their places round the middle, as on the table
    slots = page.evaluate(
        """() => Object.fromEntries(
            [...document.querySelectorAll("dialog[open] .rv-trick .trick-card")].map((c) => {
                const r = c.getBoundingClientRect();
                return [c.dataset.slot, [r.left + r.width / 2, r.top + r.height / 2]];
            }))"""
    )
    assert slots["left"][0] < slots["top"][0] < slots["right"][0], slots
    assert slots["top"][1] < slots["left"][1] < slots["bottom"][1], slots
    walk_position_in_view(page, f"Precedence at {width} px")
    review_dialog(page).get_by_role("button", name="Close").click()
    expect(review_dialog(page)).to_have_count(0, timeout=REVIEW_TIMEOUT_MS)


def test_the_sabacc_reviews_trick_on_a_phone(table: Page) -> None:
    page = table
    page.set_viewport_size(PHONE)
    _, record = play_to("sabacc", None, 14, lambda s: s["round"] >= 1 or s["over"])
    review_after(page, "sabacc", record)
    walk_to_a_full_trick(page, 4)
    assert trick_clear(page, "dialog[open] .rv-trick") == []
    assert page.evaluate(HAND_INSIDE) == []
    walk_position_in_view(page, "Contract Sabacc at 375 px")


def test_the_patience_review_shows_the_whole_board_on_a_phone(table: Page) -> None:
    # Audit 4 P1: at 375 the review's board was one column of huge cards (the phone
    # layout's sizes read a variable only the table page set), the position below the
    # fold. Now the table's phone layout: four foundations a row, small cards, all of
    # the board in the dialog's width and its first screen.
    page = table
    page.set_viewport_size(PHONE)
    review_dead_end(page, tap=True)
    dialog = wait_ready(page)
    dialog.get_by_role("button", name="Forward").tap()
    expect(dialog).to_have_attribute("data-step", "1")
    board = dialog.locator(".rv-patience")
    foundations = board.locator(".pt-foundation")
    expect(foundations).to_have_count(8)
    box = dialog.bounding_box()
    nav = dialog.locator(".rv-nav").bounding_box()  # under the dialog's scrolling body
    assert box is not None and nav is not None
    tops = set()
    for pile in [*foundations.all(), board.locator(".pt-stock-area")]:
        pile_box = pile.bounding_box()
        assert pile_box is not None
        tops.add(round(pile_box["y"]))
        assert pile_box["x"] >= box["x"] and pile_box["x"] + pile_box["width"] <= (
            box["x"] + box["width"]
        ), pile_box
        assert pile_box["y"] + pile_box["height"] <= nav["y"], (pile_box, nav)
    assert len(tops) == 3, tops  # two rows of four foundations, then the stock and waste
    walk_position_in_view(page, "the patience at 375 px")


@pytest.mark.parametrize("width", list(WIDTHS))
def test_every_review_is_whole_with_no_blank_box(table: Page, width: str) -> None:
    """The reviews the tests above do not walk at this width: Contract Sabacc's (at 1440;
    375 above), the patience's at a dead end (at 1440; 375 above) and after a win, its
    summary and first decisions: whole in the dialog's width, no blank box."""
    page = table
    page.set_viewport_size(WIDTHS[width])
    if width == "1440":
        _, record = play_to("sabacc", None, 14, lambda s: s["round"] >= 1 or s["over"])
        review_after(page, "sabacc", record)
        walk_position_in_view(page, f"Contract Sabacc at {width} px")
        review_dialog(page).get_by_role("button", name="Close").click()
        review_dead_end(page, tap=False)
        dialog = wait_ready(page)
        settled(page)
        assert page.evaluate(REVIEW_WHOLE) == [], "the patience's summary at a dead end"
        for step in range(1, 4):
            page.keyboard.press("ArrowRight")
            expect(dialog).to_have_attribute("data-step", str(step))
            settled(page)
            assert page.evaluate(REVIEW_WHOLE) == [], f"the patience, decision {step}"
        dialog.get_by_role("button", name="Close").click()
    open_table(page, "patience", saved(won_in_one(21)))
    page.locator(".waste-top").click()
    ending = page.locator(".pt-ending")
    expect(ending).to_be_visible()
    ending.get_by_role("button", name="Review").click()
    wait_ready(page)
    settled(page)
    assert page.evaluate(REVIEW_WHOLE) == [], f"the patience's summary after a win at {width} px"
