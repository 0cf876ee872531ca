"""The Precedence table in Chromium, played only by clicking and pressing keys.

One booted page plays a whole hand (declaration, bidding, 13 tricks) against the
computer players at the brisk speed with reduced motion, reloads in the middle and
checks that the game resumes exactly, reads the hand summary and the history, and
round-trips the game record through export and import. Other tests give the page a
tampered save and a save one card from the end of a game (made on CPython with
``celestix.api``). axe-core checks every screen; screenshots at 375 and 1440 px are
kept under test-results/browser/screens/.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

import tablekit
from celestix import api
from tablekit import (
    BOOT_TIMEOUT_MS,
    MINUS,
    PHONE,
    WIDE,
    booted,
    internal_words,
    no_errors,
    open_table,
    play_to,
    said,
    turn,
)

SAVE_KEY = "celestix.precedence.game"
DEAL = 4242
AxeCheck = Callable[..., Any]
Shot = Callable[[Page, str], Path]


def saved(page: Page) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(page.evaluate(f"() => localStorage.getItem('{SAVE_KEY}')"))
    return data


@pytest.fixture(scope="module")
def table(browser: Browser, site: str) -> Iterator[Page]:
    """One page for the module: reduced motion, basic bots."""
    with booted(browser, site, reduced_motion="reduce", viewport=WIDE) as (page, errors):
        yield page
        no_errors(errors)


def stop(page: Page) -> str:
    """Wait until the person is to act or a hand's end is shown: the phase, or "summary"."""
    if turn(page) == "count":
        return "summary"
    return str(page.locator(".table-page").get_attribute("data-phase"))


def play_one_card(page: Page) -> str:
    """Move along the hand with the arrow keys to the first raised card; Enter plays it."""
    hand = page.locator(".tp-hand button.card")
    codes = [hand.nth(i).get_attribute("data-code") for i in range(hand.count())]
    legal = page.locator(".tp-hand button.card.legal").first.get_attribute("data-code")
    current = page.locator('.tp-hand button.card[tabindex="0"]')
    current.focus()
    at = codes.index(current.get_attribute("data-code"))
    target = codes.index(legal)
    for _ in range(abs(target - at)):
        page.keyboard.press("ArrowRight" if target > at else "ArrowLeft")
    expect(page.locator(".tp-hand button.card:focus")).to_have_attribute("data-code", str(legal))
    page.keyboard.press("Enter")
    expect(page.locator(f'.tp-hand button.card[data-code="{legal}"]')).to_have_count(0)
    return str(legal)


def test_a_whole_hand_by_keyboard_and_mouse(
    table: Page, axe: AxeCheck, screenshot: Shot, tmp_path: Path
) -> None:
    page = table
    open_table(page, "precedence", hash_=f"/deal={DEAL}", speed="brisk")
    expect(page.locator(".tp-info")).to_contain_text("Trump suit: Void")
    texts = said(page)

    # the engine's deal for seat 0 is what the hand shows
    state = api.new_game("precedence", None, DEAL)
    mine = api.view(state, 0)["hand"]
    assert stop(page) == "declare"
    expect(page.locator(".tp-hand button.card")).to_have_count(13)
    shown = page.locator(".tp-hand button.card").evaluate_all(
        "cards => cards.map((c) => c.dataset.code)"
    )
    assert shown == mine
    view = api.view(state, 0)
    rank = view["rank_names"]["23456789TOMPE".index(mine[0][:-1])]
    suit = view["suit_names"]["VFBC".index(mine[0][-1])]
    expect(page.locator(".tp-hand button.card").first).to_have_attribute(
        "aria-label", f"{rank} of {suit}"
    )
    axe(page, "declaration")

    # select a whole meld if there is one, take it back, select it again: the engine's
    # preview names kind, points and wager; nothing goes before Declare
    melds = page.locator(".pr-meld-choice")
    declare = page.locator(".pr-declare")
    expect(declare).to_have_text("Declare no melds")
    if melds.count():
        melds.first.focus()
        page.keyboard.press("Enter")
        expect(page.locator(".pr-preview")).to_contain_text("wager")
        expect(declare).to_have_text("Declare")
        page.keyboard.press("Enter")  # taken back
        expect(declare).to_have_text("Declare no melds")
        page.keyboard.press("Enter")
        expect(page.locator(".pr-preview")).to_contain_text("wager")
    declare.click()

    # the bids: focus is on them; the arrow keys move between them
    assert stop(page) == "bid"
    expect(page.locator(".pr-bid:focus")).to_have_count(1)
    first = page.locator(".pr-bid:focus").inner_text()
    page.keyboard.press("ArrowRight")
    expect(page.locator(".pr-bid:focus")).not_to_have_text(first)
    axe(page, "bidding")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    texts += said(page)

    played = 0
    reloaded = False
    while True:
        where = stop(page)
        if where == "summary":
            break
        assert where == "play"
        if played == 1:
            axe(page, "play")
            page.set_viewport_size(PHONE)
            axe(page, "play at 375 px")
            page.set_viewport_size(WIDE)
        if played == 5 and not reloaded:
            before = saved(page)
            hand = page.locator(".tp-hand button.card").evaluate_all(
                "cards => cards.map((c) => c.dataset.code)"
            )
            page.reload()
            page.wait_for_selector(
                "html[data-engine=ready]", state="attached", timeout=BOOT_TIMEOUT_MS
            )
            assert stop(page) == "play"
            assert saved(page)["record"] == before["record"]
            assert (
                page.locator(".tp-hand button.card").evaluate_all(
                    "cards => cards.map((c) => c.dataset.code)"
                )
                == hand
            )
            reloaded = True
        play_one_card(page)
        played += 1
        texts += said(page)
    assert played == 13

    summary = page.locator("dialog.tp-summary-dialog")
    for text in ("Contract", "Tricks taken", "Excess", "Imperial Audit", "Melds", "Hand Pot"):
        expect(summary).to_contain_text(text)
    texts += said(page)
    axe(page, "hand summary")
    summary.get_by_role("button", name="Hand history").click()
    history = page.locator("dialog.wide-dialog").last
    expect(history.locator(".pr-history-tricks li")).to_have_count(13)
    axe(page, "hand history")
    texts += said(page)
    history.get_by_role("button", name="Close").click()
    page.locator("dialog.tp-summary-dialog").get_by_role("button", name="Next hand").click()
    expect(page.locator(".tp-info")).to_contain_text("Trump suit: Frontier")
    # (the info line shows the next hand's trump under the summary already: wait for the
    # save to say the hand's end was seen)
    page.wait_for_function(f"() => JSON.parse(localStorage.getItem('{SAVE_KEY}')).pending === null")
    # the engine agrees on the score the page keeps
    record = saved(page)["record"]
    final = api.replay(record)
    expect(page.locator(".pr-team").first).to_contain_text(str(final["scores"][0]))
    assert internal_words(texts, "precedence") == {}

    # export, then import the record: the same game comes back
    page.get_by_role("button", name="More").click()
    with page.expect_download() as download_info:
        page.locator("dialog[open]").get_by_role("button", name="Export game").click()
    path = tmp_path / "game.json"
    download_info.value.save_as(path)
    exported = json.loads(path.read_text())
    assert exported["format"] == "celestix-record"
    moves = exported["record"]["actions"]
    assert moves[: len(record["actions"])] == record["actions"]
    page.evaluate(f"() => localStorage.removeItem('{SAVE_KEY}')")
    page.get_by_role("button", name="More").click()
    with page.expect_file_chooser() as chooser:
        page.locator("dialog[open]").get_by_role("button", name="Import game").click()
    chooser.value.set_files(str(path))
    expect(page.locator("#toasts")).to_contain_text("Game imported")
    again = saved(page)
    assert again["record"]["actions"][: len(moves)] == moves
    page.get_by_role("button", name="Hand history").click()
    history = page.locator("dialog.wide-dialog").last
    expect(history.locator(".pr-history-tricks li")).to_have_count(13)
    history.get_by_role("button", name="Close").click()


def test_with_no_meld_to_declare_focus_is_on_the_one_button(table: Page) -> None:
    """A hand with no meld: the declaration's one choice, "Declare no melds", has the
    focus, not a card of the hand (audit 6: the keyboard landed on the first card)."""
    page = table
    state, record = play_to(
        "precedence", {}, 2, lambda s: s["phase"] == "declare" and s["to_act"] == 0
    )
    assert api.legal_actions(state, 0) == [{"type": "declare", "melds": []}]
    open_table(page, "precedence", save=tablekit.saved(record))
    expect(page.locator(".table-page")).to_have_attribute("data-turn", "you")
    expect(page.locator(".pr-declare")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator(".table-page")).not_to_have_attribute("data-phase", "declare")


def test_a_tampered_save_is_reported_kindly(table: Page, axe: AxeCheck) -> None:
    page = table
    state = api.new_game("precedence", None, 77)
    seat = state["to_act"]
    bad = {"type": "bid", "tricks": 4}  # a bid during the declaration: the engine refuses
    save = {
        "version": 1,
        "record": {"game": "precedence", "options": state["options"], "seed": 77, "setup": None,
                   "actions": [{"seat": seat, "action": bad}]},
        "levels": [None, "basic", "basic", "basic"],
    }  # fmt: skip
    open_table(page, "precedence", save)
    dialog = page.get_by_role("dialog", name="The saved game could not be opened")
    expect(dialog).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    expect(dialog).to_contain_text("refused")
    axe(page, "unreadable save")
    dialog.get_by_role("button", name="Start a new game").click()
    # a new game, dealt at once (the options are in "New game")
    expect(page.locator("dialog[open]")).to_have_count(0)
    assert turn(page) in ("you", "count", "over")
    assert (
        page.evaluate(
            "() => JSON.parse(localStorage.getItem('celestix.precedence.game')).record.seed"
        )
        != 77
    )


def end_of_a_game() -> dict[str, Any]:
    """A record that stops at seat 0's last card of a finished game (target 150)."""
    state = api.new_game("precedence", {"target": 150}, 5)
    actions: list[dict[str, Any]] = []
    n = 0
    while not state["over"]:
        seat = state["to_act"]
        action = api.bot_action(api.view(state, seat), "basic", n)
        actions.append({"seat": seat, "action": action})
        state = api.apply(state, action, seat)["state"]
        n += 1
    last = max(i for i, entry in enumerate(actions) if entry["seat"] == 0)
    return {
        "game": "precedence",
        "options": state["options"],
        "seed": 5,
        "setup": None,
        "actions": actions[:last],
    }


def test_game_over_with_the_accord_pot(table: Page, axe: AxeCheck, screenshot: Shot) -> None:
    page = table
    record = end_of_a_game()
    save = {
        "version": 1,
        "record": record,
        "levels": [None, "basic", "basic", "basic"],
        "pending": None,
    }
    open_table(page, "precedence", save, speed="brisk")
    assert stop(page) in ("play", "summary")
    if page.locator(".tp-hand button.card.legal").count():
        play_one_card(page)
    dialog = page.locator("dialog.tp-summary-dialog[open]")
    expect(dialog).to_be_visible(timeout=60_000)
    expect(dialog).to_contain_text("Accord Pot")
    expect(dialog).to_contain_text("win the game")
    # the game's result first, then the last hand's table
    assert dialog.evaluate(
        """(d) => !!(d.querySelector(".pr-game-over").compareDocumentPosition(
            d.querySelector(".pr-score-table")) & Node.DOCUMENT_POSITION_FOLLOWING)"""
    )
    axe(page, "game over")
    screenshot(page, "precedence-game-over-1440")
    page.set_viewport_size(PHONE)
    screenshot(page, "precedence-game-over-375")
    page.set_viewport_size(WIDE)
    dialog.get_by_role("button", name="Hand history").click()
    page.locator("dialog.wide-dialog").last.get_by_role("button", name="Close").click()
    page.locator("dialog.tp-summary-dialog").get_by_role("button", name="Close").click()
    over = page.locator(".tp-over")
    # said once: the status says the game is over, the panel under it who won
    expect(page.locator(".tp-status")).to_contain_text("The game is over.")
    expect(over).not_to_contain_text("over")
    # the winners' score first
    done = api.replay(
        json.loads(page.evaluate(f"() => localStorage.getItem('{SAVE_KEY}')"))["record"]
    )
    high, low = max(done["scores"]), min(done["scores"])
    expect(over).to_contain_text(f"won, {high} to {low}")


@pytest.mark.parametrize("width", ["1440", "375"])
def test_the_scoreboard_is_explained_one_tap_away(
    table: Page, axe: AxeCheck, screenshot: Shot, width: str
) -> None:
    """(audit 9) "Excess 0 of 10", "Hand Pot", "Accord Pot": every figure of the strip
    says what it means (its title), and the strip opens the scoreboard whole, every
    figure of both teams (a phone's strip shows only the first three) with its meaning."""
    page = table
    page.set_viewport_size(WIDE if width == "1440" else PHONE)
    _, record = play_to("precedence", None, DEAL, lambda s: s["phase"] == "play")
    open_table(page, "precedence", tablekit.saved(record))
    assert turn(page) in ("you", "wait")
    figures = page.locator(".pr-team-figures > div")
    # the target in view at both widths, beside each score (audit 10: at 375 the line
    # under the title had room only for the trump suit)
    target = record["options"]["target"]
    score = page.locator(".pr-team-figures > div", has_text="Score").locator("dd")
    expect(score).to_have_text([re.compile(rf"^{MINUS}?\d+ of {target}$")] * 2)
    expect(score.first).to_be_visible()
    expect(figures.first).to_have_attribute(
        "title",
        f"Points so far this game: once a team has {record['options']['target']} or more after "
        "a hand, the higher score wins.",
    )
    titles = figures.evaluate_all("(rows) => rows.map((r) => r.title)")
    assert len(titles) == 10 and all(len(t) > 20 for t in titles)
    strip = page.locator(".tp-scores")
    screenshot(page, f"precedence-scores-{width}")
    if width == "375":
        # a tap anywhere on the strip, here on the other team's box
        box = strip.bounding_box()
        assert box
        strip.click(position={"x": box["width"] * 0.75, "y": 10})
    else:
        page.get_by_role("button", name="What the figures mean").click()
    dialog = page.locator("dialog.pr-scoreboard-dialog[open]")
    expect(dialog).to_be_visible()
    expect(dialog.locator("tbody th")).to_have_text(
        ["Score", "Contract", "Tricks", "Melds", "Excess"]
    )
    expect(dialog.locator("thead th")).to_have_text(["Team", "You and North", "West and East"])
    terms = dialog.locator(".pr-terms dt")
    expect(terms).to_have_text(
        ["Score", "Contract", "Tricks", "Melds", "Excess", "Hand Pot", "Accord Pot"]
    )
    expect(dialog.locator(".pr-terms")).to_contain_text("the Imperial Audit takes 100 points")
    expect(dialog).to_contain_text("Accord Pot: 40 chips")
    # the dialog fits the screen, its Close button whole
    close = dialog.get_by_role("button", name="Close")
    box = close.bounding_box()
    view = page.viewport_size
    assert box and view and box["y"] + box["height"] <= view["height"]
    assert internal_words([dialog.inner_text()], "precedence") == {}
    axe(page, f"the scoreboard at {width}")
    screenshot(page, f"precedence-scoreboard-{width}")
    close.click()
    expect(dialog).to_have_count(0)
