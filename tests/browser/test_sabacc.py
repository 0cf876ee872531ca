"""The Contract Sabacc page, played through the UI only: clicks and keys.

Expected cards come from ``celestix.api`` on CPython with the page's own bot seeds, so
the test knows the deal and that the person (seat 0) wins the auction of deal 1 with
Take. Computer players are at the ``basic`` level and the page at the "instant" speed.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from celestix import api

BOOT_TIMEOUT_MS = 120_000
MOVE_TIMEOUT_MS = 30_000
SEED = 1
SEED_OF_THE_END = 8  # a game whose last round is played (not void)
AxeCheck = Callable[..., list[dict[str, Any]]]  # the fixtures of a11y.py
Screenshot = Callable[[Page, str], Path]
WAITING = ".sabacc[data-turn=you], .sabacc[data-turn=count], .sabacc[data-turn=over]"
MOVES = "JSON.parse(localStorage.getItem('celestix.sabacc.game')).record.actions.length"
FIRST_LEGAL = "[...document.querySelectorAll('.sb-hand .card')].findIndex(c => c.matches('.legal'))"
NARROWEST = (
    "els => Math.min(...els.slice(1).map((e, i) =>"
    " e.getBoundingClientRect().left - els[i].getBoundingClientRect().left).filter(w => w > 0))"
)
PREFS = {"speed": "instant", "levels": [None, "basic", "basic", "basic", "basic"]}


def bot_seed(seed: int, moves: int, seat: int) -> int:
    """The seed the page gives a computer player's decision (session.js)."""
    return (seed * 7919 + moves * 104729 + seat) % 2**48


def person_bid(legal: list[dict[str, Any]]) -> str:
    """The test's bidding: the lowest of Take, Push, Guard still allowed, else pass."""
    for word in ("take", "push", "guard"):
        if {"type": "bid", "bid": word} in legal:
            return word
    return "pass"


def auction_of(seed: int, players: int = 4) -> dict[str, Any]:
    """The state after the first auction, the test bidding for seat 0."""
    state = api.new_game("sabacc", {"players": players}, seed)
    moves = 0
    while state["phase"] == "bidding" and state["round"] == 0:
        seat = state["to_act"]
        if seat == 0:
            action = {"type": "bid", "bid": person_bid(api.legal_actions(state, 0))}
        else:
            action = api.bot_action(api.view(state, seat), "basic", bot_seed(seed, moves, seat))
        state = api.apply(state, action, seat)["state"]
        moves += 1
    return state


def open_table(page: Page, address: str, saved: dict[str, Any] | None = None) -> None:
    page.goto("/#")
    page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
    page.evaluate(
        """([prefs, saved]) => {
            localStorage.clear();
            localStorage.setItem("celestix.sabacc.prefs", JSON.stringify(prefs));
            if (saved) localStorage.setItem("celestix.sabacc.game", JSON.stringify(saved));
        }""",
        [PREFS, saved],
    )
    page.goto(address)  # only the hash changes: the page routes, the engine stays up


def my_turn(page: Page) -> None:
    """Wait until the page waits for the person (or shows a count or the end)."""
    page.wait_for_selector(WAITING, timeout=MOVE_TIMEOUT_MS)


def hand_codes(page: Page) -> list[str]:
    return page.eval_on_selector_all(".sb-hand button.card", "els => els.map(e => e.dataset.code)")


def saved_moves(page: Page) -> int:
    return int(page.evaluate(
        "() => JSON.parse(localStorage.getItem('celestix.sabacc.game')).record.actions.length"
    ))  # fmt: skip


def play_by_keys(page: Page) -> None:
    """Play or set aside a raised card with the keyboard alone: H, arrows, Enter."""
    page.keyboard.press("h")
    page.keyboard.press("Home")
    steps = page.evaluate(f"() => {FIRST_LEGAL}")
    assert steps >= 0
    for _ in range(steps):
        page.keyboard.press("ArrowRight")
    assert "legal" in page.evaluate("() => document.activeElement.className")
    before = saved_moves(page)
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => {MOVES} > {before}")


def play_by_click(page: Page) -> None:
    before = saved_moves(page)
    # the visible strip of an overlapped card, as a finger or a mouse would take it
    page.locator(".sb-hand .card.legal").first.click(position={"x": 8, "y": 30})
    page.wait_for_function(f"() => {MOVES} > {before}")


def test_a_round_of_four_by_clicks_and_keys_with_a_reload(
    page: Page, axe: AxeCheck, screenshot: Screenshot
) -> None:
    expected = auction_of(SEED)
    assert expected["declarer"] == 0 and expected["contract"] == "take"
    dealt = api.new_game("sabacc", {"players": 4}, SEED)["hands"][0]

    page.set_viewport_size({"width": 1440, "height": 900})
    open_table(page, f"/#sabacc/deal={SEED}")
    my_turn(page)
    assert sorted(hand_codes(page)) == sorted(dealt)
    assert page.locator(".sb-board .sb-seat").count() == 3
    positions = page.eval_on_selector_all(
        ".sb-board .sb-seat", "els => els.map(e => e.dataset.pos)"
    )
    assert positions == ["right", "top", "left"]  # seats 1, 2, 3 counterclockwise

    # the auction: each stake on its button; bid by clicking
    bids_seen = False
    while page.locator(".sabacc").get_attribute("data-phase") == "bidding":
        my_turn(page)
        if page.locator(".sabacc").get_attribute("data-phase") != "bidding":
            break
        if not bids_seen:
            # what each bid costs everyone (stakes "everyone", the default)
            guard_against = page.locator(".sb-bid[data-bid=guard_against]")
            expect(guard_against).to_contain_text("everyone +6")
            expect(guard_against).to_have_attribute(
                "title", "Guard against: everyone puts 6 more chips in"
            )
            expect(page.locator(".sb-stakes-rule")).to_contain_text("even one who has passed")
            axe(page, "auction")
            screenshot(page, "sabacc-auction-1440")
            bids_seen = True
        buttons = page.eval_on_selector_all(".sb-bid", "els => els.map(e => e.dataset.bid)")
        legal = [{"type": "bid", "bid": b} for b in buttons]
        before = saved_moves(page)
        page.locator(f".sb-bid[data-bid={person_bid(legal)}]").click()
        page.wait_for_function(f"() => {MOVES} > {before}")
    my_turn(page)

    # the talon, shown to all, and the aside card by card
    assert page.locator(".sabacc").get_attribute("data-phase") == "aside"
    talon = page.eval_on_selector_all(
        ".sb-talon-cards .card", "els => els.map(e => e.dataset.code)"
    )
    assert talon == expected["talon"]
    axe(page, "talon and aside")
    screenshot(page, "sabacc-aside-1440")
    dimmed = page.locator(".sb-hand .card.dim")
    assert dimmed.count() > 0  # Masters and Sabaccs may not go yet
    moves_before = saved_moves(page)
    # aria-disabled, not disabled: a click still reaches it (Playwright must be told)
    dimmed.last.click(position={"x": 8, "y": 30}, force=True)
    expect(page.locator("#toasts")).to_contain_text("You may not set aside")
    dimmed.last.focus()
    expect(page.locator(".sb-hint")).to_contain_text("You may not set aside")
    assert saved_moves(page) == moves_before
    for _ in range(6):
        my_turn(page)
        play_by_keys(page)
    my_turn(page)
    expect(page.locator(".sb-aside-label")).to_contain_text("6 of 6")

    # trick play: half by clicks, a reload in the middle, the rest by keys
    assert page.locator(".sabacc").get_attribute("data-phase") == "play"
    axe(page, "play")
    screenshot(page, "sabacc-play-1440")
    for _ in range(8):
        my_turn(page)
        play_by_click(page)
    my_turn(page)
    hand = hand_codes(page)
    status = page.locator(".sb-status").inner_text()
    trick = page.eval_on_selector_all(".sb-trick .card", "els => els.map(e => e.dataset.code)")
    moves = saved_moves(page)
    page.reload()
    page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
    my_turn(page)
    assert hand_codes(page) == hand
    assert page.locator(".sb-status").inner_text() == status
    assert (
        page.eval_on_selector_all(".sb-trick .card", "els => els.map(e => e.dataset.code)") == trick
    )
    assert saved_moves(page) == moves
    page.set_viewport_size({"width": 375, "height": 800})
    screenshot(page, "sabacc-play-375")
    axe(page, "play at 375 px")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 375
    strip = page.eval_on_selector_all(".sb-hand .card", NARROWEST)
    assert strip >= 24  # every card shows a touch target at least 24 px wide
    page.set_viewport_size({"width": 1440, "height": 900})
    page.keyboard.press("l")
    expect(page.locator("dialog[open]")).to_contain_text("won with")
    page.keyboard.press("Escape")
    while page.locator(".sabacc").get_attribute("data-turn") == "you":
        play_by_keys(page)
        my_turn(page)

    # the count: the pairing and the 46-point line, the wagers, the chips
    assert page.locator(".sabacc").get_attribute("data-turn") == "count"
    dialog = page.locator("dialog[open]")
    expect(dialog).to_contain_text("46")
    expect(dialog).to_contain_text("Wagers")
    assert dialog.locator(".sb-pair").count() > 0
    axe(page, "count")
    screenshot(page, "sabacc-count-1440")
    dialog.locator("button.primary").click()
    page.wait_for_selector(".sabacc:not([data-turn=count])", timeout=MOVE_TIMEOUT_MS)
    history = json.loads(page.evaluate("() => localStorage.getItem('celestix.sabacc.game')"))[
        "history"
    ]
    assert len(history) == 1 and history[0]["declarer"] == 0


def near_the_end(seed: int) -> dict[str, Any]:
    """A saved game at the last trick of the last round, the person to play."""
    state = api.new_game("sabacc", {"players": 4}, seed)
    actions: list[dict[str, Any]] = []
    while True:
        seat = state["to_act"]
        last = state["round"] == 3 and state["phase"] == "play" and len(state["hands"][0]) == 1
        if last and seat == 0:
            break
        assert not state["over"], "the last round was void: choose another seed"
        action = api.bot_action(api.view(state, seat), "basic", len(actions))
        actions.append({"seat": seat, "action": action})
        state = api.apply(state, action, seat)["state"]
    record = {
        "game": "sabacc",
        "options": state["options"],
        "seed": seed,
        "setup": None,
        "actions": actions,
    }
    return {
        "version": 1,
        "record": record,
        "levels": [None, "basic", "basic", "basic"],
        "pending": None,
        "history": [],
    }


def test_game_over_after_everyone_has_dealt(
    page: Page, axe: AxeCheck, screenshot: Screenshot
) -> None:
    saved = near_the_end(SEED_OF_THE_END)
    page.set_viewport_size({"width": 1440, "height": 900})
    open_table(page, "/#sabacc", saved)
    my_turn(page)
    play_by_keys(page)
    page.wait_for_selector(
        ".sabacc[data-turn=count], .sabacc[data-turn=over]", timeout=MOVE_TIMEOUT_MS
    )
    if page.locator(".sabacc").get_attribute("data-turn") == "count":
        page.locator("dialog[open] button.primary").click()
    page.wait_for_selector(".sabacc[data-turn=over]", timeout=MOVE_TIMEOUT_MS)
    expect(page.locator(".sb-prompt")).to_contain_text("Game over")
    axe(page, "game over")
    screenshot(page, "sabacc-over-1440")
    page.set_viewport_size({"width": 375, "height": 800})
    screenshot(page, "sabacc-over-375")


def test_three_and_five_player_tables(page: Page, screenshot: Screenshot) -> None:
    page.set_viewport_size({"width": 375, "height": 800})
    for players, hand, positions in (
        (3, 24, ["right", "left"]),
        (5, 15, ["right", "top-right", "top-left", "left"]),
    ):
        open_table(page, f"/#sabacc/deal=7&players={players}")
        page.wait_for_selector(f".sb-board[data-players='{players}']", timeout=MOVE_TIMEOUT_MS)
        my_turn(page)
        assert (
            page.eval_on_selector_all(".sb-board .sb-seat", "els => els.map(e => e.dataset.pos)")
            == positions
        )
        assert len(hand_codes(page)) == hand
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 375
        screenshot(page, f"sabacc-{players}-players-375")


OLD_GAME = Path(__file__).parents[1] / "engine" / "sabacc" / "old_game.json"


def test_a_game_saved_before_the_stakes_option_opens_under_its_own_rule(page: Page) -> None:
    """A save whose record has no ``stakes`` (made before the option) replays as the
    bidder-only game it was, shows its own chips, and goes on; the next save names it."""
    old = json.loads(OLD_GAME.read_text(encoding="utf-8"))
    record = dict(old["record"])
    actions = record["actions"]
    # the prefix that leaves seat 0 to play, in the third round, after a few tricks
    cut = next(k for k in range(old["state_moves"], len(actions)) if actions[k]["seat"] == 0)
    record["actions"] = actions[:cut]
    assert "stakes" not in record["options"]
    expected = api.replay(dict(record, options=dict(record["options"], stakes="bidder")))
    assert expected["to_act"] == 0 and expected["round"] == 2
    saved = {"version": 1, "record": record, "levels": [None, "basic", "basic", "basic"],
             "pending": None, "history": []}  # fmt: skip
    page.set_viewport_size({"width": 1440, "height": 900})
    open_table(page, "/#sabacc", saved)
    my_turn(page)
    assert page.locator(".sabacc").get_attribute("data-turn") == "you"
    assert "stakes=bidder" in page.evaluate("() => location.hash")
    page.keyboard.press("g")
    names = ["you", "Aurel", "Bryn", "Cass"]
    now = ", ".join(f"{n} {c}" for n, c in zip(names, expected["chips"], strict=True))
    expect(page.locator("dialog[open]")).to_contain_text(f"Now: {now}; Ante Pot")
    page.keyboard.press("Escape")
    play_by_keys(page)
    stored = json.loads(page.evaluate("() => localStorage.getItem('celestix.sabacc.game')"))
    assert stored["record"]["options"]["stakes"] == "bidder"
    assert len(stored["record"]["actions"]) > cut
