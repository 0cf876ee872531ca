"""Each game's page speaks in players' words at a few states: its text, what its toasts,
live region and panels said, and the names of its controls, with a hint shown (and the
patience's "Still winnable?" verdict) mid-game and a move played after it. Checked for
what tablekit.internal_words finds: seat numbers, card codes, identifiers, formulas,
wrong articles ("a 8"), decimals ("-8.00 chips") and bare number tails ("(+60 points)")
(tests/engine/test_words.py checks every sentence the engine can write)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tablekit import (
    RECORD_SAID,
    WIDE,
    internal_words,
    open_table,
    play_to,
    said,
    saved,
    settled,
    turn,
)

THINK_TIMEOUT_MS = 60_000


def mid_game(state: dict[str, Any]) -> bool:
    """The person's turn with a few cards played (a trick game) or a few moves made."""
    if state["to_act"] != 0:
        return False
    if state["game"] == "patience":
        return len(state["waste"]) >= 3
    return state["phase"] == "play" and bool(state.get("trick"))


CASES = [
    ("precedence", {"target": 150}, 3),
    ("sabacc", {"players": 4}, 5),
    ("patience", {}, 2),
]


@pytest.mark.parametrize(("game", "options", "seed"), CASES)
def test_a_page_speaks_in_players_words(
    page: Page, game: str, options: dict[str, Any], seed: int
) -> None:
    _, record = play_to(game, options, seed, mid_game)
    page.add_init_script(RECORD_SAID)
    page.set_viewport_size(WIDE)
    open_table(page, game, save=saved(record))
    assert turn(page) == "you"
    texts = said(page)

    advice = page.get_by_role("complementary", name="Hint")
    page.get_by_role("button", name="Hint", exact=True).click()
    expect(advice).to_be_visible(timeout=THINK_TIMEOUT_MS)
    expect(page.locator(".hinted")).not_to_have_count(0)
    texts += said(page)
    if game == "patience":
        page.keyboard.press("w")
        expect(advice.locator(".advice-title")).not_to_have_text("Hint", timeout=THINK_TIMEOUT_MS)
        texts += said(page)

    # a move: the hint's mark goes, and what the page says of the move is read too
    if game == "patience":
        page.keyboard.press("d")
    else:
        page.locator(".tp-hand .card.legal").first.click(position={"x": 8, "y": 16})
    expect(page.locator(".hinted")).to_have_count(0)
    settled(page)
    texts += said(page)
    assert internal_words(texts, game) == {}
