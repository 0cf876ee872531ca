"""Each game's page speaks in players' words at a few states: its text, what its toasts,
live region and panels said, and the names of its controls, with a hint shown (and the
patience's "Still winnable?" verdict) mid-game and a move played after it. Checked for
what tablekit.internal_words finds: seat numbers, card codes, identifiers, formulas,
wrong articles ("a 8"), decimals ("-8.00 chips") and bare number tails ("(+60 points)")
(tests/engine/test_words.py checks every sentence the engine can write), sums and
arrows ("0 + 4 → 4"), signed numbers after a word ("everyone +6"), a bare "none" after
a label; a hint's percentages and a why list saying one thing twice; then the end of a
hand (Precedence's score table, Contract Sabacc's count and settlement) and one name for
each card in a game."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect
from sentences import HINT_CARELESS, repeated_lines

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
    # a hint says how often in words ("about one time in four"), never as a percentage
    hint = advice.inner_text()
    assert not [what for what, pattern in HINT_CARELESS.items() if pattern.search(hint)], hint
    # its why list says each thing once, but for the names of cards, melds and moves
    lines = advice.locator(".advice-list li").all_text_contents()
    assert not repeated_lines(lines, game), lines
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


# The 12th rank's name in each variant (RULES.md 1: the StellarPilot is shown as the
# Voidpilot under Frontier and Void rules), and the other name, which the page may say
# only where the deck's legend and the options say the two are one card.
PILOT_NAMES = {"core": ("StellarPilot", "Voidpilot"), "frontier": ("Voidpilot", "StellarPilot")}


def holds_pilot(state: dict[str, Any]) -> bool:
    return mid_game(state) and any(card[0] == "P" for card in state["hands"][0])


@pytest.mark.parametrize("variant", ["core", "frontier"])
def test_a_card_has_one_name_in_a_game(page: Page, variant: str) -> None:
    """Hand cards' names and titles, the trick, the log, a hint and the deck's legend of a
    game (Void trumps in its first hand either way) name the 12th rank one way."""
    _, record = play_to("precedence", {"variant": variant, "target": 150}, 3, holds_pilot)
    page.add_init_script(RECORD_SAID)
    page.set_viewport_size(WIDE)
    open_table(page, "precedence", save=saved(record))
    assert turn(page) == "you"
    texts = said(page)
    page.get_by_role("button", name="Hint", exact=True).click()
    expect(page.get_by_role("complementary", name="Hint")).to_be_visible(timeout=THINK_TIMEOUT_MS)
    texts += said(page)
    page.keyboard.press("k")
    legend = page.get_by_role("dialog", name="The Imperial deck")
    expect(legend).to_be_visible()
    texts += said(page)
    name, other = PILOT_NAMES[variant]
    assert any(name in text for text in texts)
    wrong = {
        line.strip()
        for text in texts
        for line in text.splitlines()
        if other in line and "same card" not in line
    }
    assert not wrong, sorted(wrong)[:5]


def last_card(state: dict[str, Any]) -> bool:
    """The person to play the last card of the first hand or round."""
    return state["to_act"] == 0 and state["phase"] == "play" and len(state["hands"][0]) == 1


@pytest.mark.parametrize(
    ("game", "options", "seed"),
    [("precedence", {"target": 150}, 3), ("sabacc", {"players": 4}, 5)],
)
def test_the_end_of_a_hand_speaks_in_players_words(
    page: Page, game: str, options: dict[str, Any], seed: int
) -> None:
    """The last card played: the hand's summary (Precedence: the score table, Excess and
    the Imperial Audit, the Hand Pot; Contract Sabacc: the count, the wagers settled)."""
    _, record = play_to(game, options, seed, last_card)
    page.add_init_script(RECORD_SAID)
    page.set_viewport_size(WIDE)
    open_table(page, game, save=saved(record))
    assert turn(page) == "you"
    page.locator(".tp-hand .card.legal").first.click(position={"x": 8, "y": 16})
    assert turn(page) == "count"
    summary = page.locator("dialog.tp-summary-dialog[open]")
    expect(summary).to_be_visible()
    if game == "precedence":
        expect(summary).to_contain_text("Imperial Audit")
    else:
        expect(summary).to_contain_text("Wagers:")
    assert internal_words(said(page), game) == {}
