"""A whole game of Precedence in Chromium at a phone's width, by taps alone.

The short salon game (target 150, about three hands) from the options dialog to the
game-over dialog, against the basic computer players at the brisk speed: the person
declares the first meld the panel offers in the first hand (nothing later), bids what
the bidding panel allows, plays the first raised card of each trick and reads every
hand's summary. At the end the page's record, replayed by the engine on CPython, is a
finished game whose scores the page shows, and the statistics count one game played.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page, expect

from celestix import api

AxeCheck = Callable[..., Any]
BOOT_TIMEOUT_MS = 90_000
MOVE_TIMEOUT_MS = 60_000
DEAL = 31
MOST_HANDS = 12  # a target-150 game with basic players takes about three


def saved_record(page: Page) -> dict[str, Any]:
    text = page.evaluate("() => localStorage.getItem('celestix.precedence.game')")
    record: dict[str, Any] = json.loads(text)["record"]
    return record


def next_stop(page: Page) -> str:
    """Wait for the person's turn or a hand's summary: "summary", "over" or the phase."""
    stop = page.locator("dialog.pr-summary-dialog[open], .pr-page[data-turn=you]").first
    stop.wait_for(timeout=MOVE_TIMEOUT_MS)
    summary = page.locator("dialog.pr-summary-dialog[open]")
    if summary.count():
        title = summary.get_by_role("heading").first.inner_text()
        return "over" if title == "Game over" else "summary"
    return str(page.locator(".pr-page").get_attribute("data-phase"))


def test_a_whole_game_on_a_phone_by_taps(page: Page, axe: AxeCheck) -> None:
    page.set_viewport_size({"width": 375, "height": 812})
    page.emulate_media(reduced_motion="reduce")
    page.goto("/#")
    page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
    page.evaluate("() => localStorage.clear()")
    page.goto(f"/#precedence/deal={DEAL}")
    options = page.locator("dialog.options-dialog")
    options.get_by_label("150", exact=True).check()
    options.get_by_label("Brisk").check()
    options.get_by_role("button", name="Deal").click()

    hands = 0
    cards = 0
    while True:
        stop = next_stop(page)
        if stop == "over":
            break
        if stop == "summary":
            hands += 1
            assert hands < MOST_HANDS, "the game does not end"
            page.locator("dialog.pr-summary-dialog").get_by_role("button", name="Next hand").click()
            expect(page.locator("dialog.pr-summary-dialog[open]")).to_have_count(0)
            continue
        if stop == "declare":
            offered = page.locator(".pr-meld-choice")
            if hands == 0 and offered.count():
                offered.first.click()  # selects the meld's cards in the hand
                page.get_by_role("button", name="Declare", exact=True).click()
            else:
                page.get_by_role("button", name="Declare no melds").click()
            expect(page.locator(".pr-meld-choice")).to_have_count(0)
        elif stop == "bid":
            allowed = page.locator(".pr-bid:not(:disabled)")
            allowed.nth(min(2, allowed.count() - 1)).click()
            expect(page.locator(".pr-bid")).to_have_count(0)
        else:
            assert stop == "play", stop
            card = page.locator(".hand-view button.card.legal").first
            code = card.get_attribute("data-code")
            card.click(position={"x": 8, "y": 30})  # the strip a finger sees of it
            expect(page.locator(f'.hand-view button.card[data-code="{code}"]')).to_have_count(0)
            cards += 1

    # The last hand's summary is the game-over dialog (not a "Next hand" one).
    hands += 1
    assert 2 <= hands < MOST_HANDS
    assert cards == 13 * hands
    final = api.replay(saved_record(page))
    assert final["over"]
    assert max(final["scores"]) >= 150
    dialog = page.get_by_role("dialog", name="Game over")
    expect(dialog).to_contain_text("Accord Pot")
    expect(dialog).to_contain_text(re.compile(rf"\b{final['scores'][0]}\b"))
    expect(dialog).to_contain_text(re.compile(rf"\b{final['scores'][1]}\b"))
    axe(page, "game over at 375 px")
    dialog.get_by_role("button", name="New game").click()
    page.locator("dialog.options-dialog").get_by_role("button", name="Cancel").click()

    stats = json.loads(page.evaluate("() => localStorage.getItem('celestix.precedence.stats')"))
    assert stats["played"] == 1
    assert stats["hands"] == hands
    assert stats["won"] == (1 if final["scores"][0] > final["scores"][1] else 0)
