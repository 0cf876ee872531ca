"""A whole game of Precedence in Chromium at a phone's width, by taps alone.

The short salon game (target 150, about three hands) from a link to the game-over
dialog, against the basic computer players at the brisk speed: the person declares the
first meld the panel offers in the first hand (nothing later), bids what the bidding
panel allows, plays the first raised card of each trick (one tap plays it) and reads
every hand's summary. At the end the page's record, replayed by the engine on CPython,
is a finished game whose scores the page shows, and the statistics count one game played.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from celestix import api
from tablekit import PHONE, open_table, take_card, turn

AxeCheck = Callable[..., Any]
DEAL = 31
MOST_HANDS = 12  # a target-150 game with basic players takes about three


def saved_record(page: Page) -> dict[str, Any]:
    text = page.evaluate("() => localStorage.getItem('celestix.precedence.game')")
    record: dict[str, Any] = json.loads(text)["record"]
    return record


@pytest.fixture
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """A phone held upright, with touch."""
    return {
        **browser_context_args,
        "viewport": PHONE,
        "has_touch": True,
        "is_mobile": True,
        "reduced_motion": "reduce",
    }


def test_a_whole_game_on_a_phone_by_taps(page: Page, axe: AxeCheck) -> None:
    open_table(page, "precedence", hash_=f"/deal={DEAL}&target=150", speed="brisk")
    hands = 0
    cards = 0
    while True:
        stop = turn(page)
        if stop == "count":
            hands += 1
            assert hands < MOST_HANDS, "the game does not end"
            dialog = page.locator("dialog.tp-summary-dialog[open]")
            if dialog.get_by_role("button", name="New game").count():
                break
            dialog.get_by_role("button", name="Next hand").tap()
            expect(page.locator("dialog.tp-summary-dialog[open]")).to_have_count(0)
            continue
        phase = page.locator(".table-page").get_attribute("data-phase")
        if phase == "declare":
            offered = page.locator(".pr-meld-choice")
            if hands == 0 and offered.count():
                offered.first.tap()  # selects the meld's cards in the hand
                expect(page.locator(".pr-declare")).to_have_text("Declare")
            page.locator(".pr-declare").tap()
            expect(page.locator(".pr-meld-choice")).to_have_count(0)
        elif phase == "bid":
            allowed = page.locator(".pr-bid:not(:disabled)")
            allowed.nth(min(2, allowed.count() - 1)).tap()
            expect(page.locator(".pr-bid")).to_have_count(0)
        else:
            assert phase == "play", phase
            card = page.locator(".tp-hand button.card.legal").first
            code = card.get_attribute("data-code")
            take_card(card, touch=True)  # one tap plays it
            expect(page.locator(f'.tp-hand button.card[data-code="{code}"]')).to_have_count(0)
            cards += 1

    assert 2 <= hands < MOST_HANDS
    assert cards == 13 * hands
    final = api.replay(saved_record(page))
    assert final["over"]
    assert max(final["scores"]) >= 150
    dialog = page.locator("dialog.tp-summary-dialog[open]")
    expect(dialog).to_contain_text("Accord Pot")
    expect(dialog).to_contain_text(re.compile(rf"\b{final['scores'][0]}\b"))
    expect(dialog).to_contain_text(re.compile(rf"\b{final['scores'][1]}\b"))
    axe(page, "game over at 375 px")
    dialog.get_by_role("button", name="New game").tap()
    page.locator("dialog.options-dialog").get_by_role("button", name="Cancel").tap()

    stats = json.loads(page.evaluate("() => localStorage.getItem('celestix.precedence.stats')"))
    assert stats["played"] == 1
    assert stats["hands"] == hands
    assert stats["won"] == (1 if final["scores"][0] > final["scores"][1] else 0)
