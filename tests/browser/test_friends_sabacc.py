"""Three people at one Contract Sabacc table (issue 25): the host (1440x900) and two
friends (a phone at 375x740 in Aurel's seat, a wide screen in Bryn's), each in a browser
context of its own, joined through the real pages (the lobby, the invitation links, the
answers pasted back) over WebRTC data channels, then a whole round clicked through the
three pages: the auction (the phone's friend bids, the others pass), that friend's aside
of several cards (which cards may follow is asked of the host's engine), the tricks, the
count. Every message each friend's page received is read off its data channel and
checked against the host's game, replayed here with the engine: none holds a card of
another seat's hidden hand, of the declarer's aside or of the talon while they are hidden.
The three summaries agree, and each friend's page checks the deal. Every wait is on a
page state, never a fixed sleep."""

from __future__ import annotations

import json
import re
import time
from typing import Any

from playwright.sync_api import Browser, Page, expect

from celestix import api
from celestix.sabacc.aside import aside_is_public
from celestix.sabacc.state import talon_to
from friendskit import (
    CONNECT_MS,
    Booted,
    friend_page,
    heard,
    join,
    open_lobby,
    replaced,
    take_turns,
    wire,
)
from tablekit import MOVE_TIMEOUT_MS, WIDE, no_errors, strings, take_card

# Rounds of the three pages' loop before the round must have ended (about 81 decisions)
MOST_STEPS = 600
# The friends' seats: Aurel (the phone) and Bryn
PHONE_SEAT, WIDE_SEAT = 1, 2


def refuse_a_dimmed_card(page: Page) -> bool:
    """A card the rules do not allow now, pressed anyway: the engine's reason (from the
    last view the host sent) is said to the friend; nothing is played."""
    dimmed = page.locator('.tp-hand button.card[aria-disabled="true"]')
    if not dimmed.count():
        return False
    code = dimmed.first.get_attribute("data-code")
    tables = [m for m in wire(page) if m["type"] == "table"]
    reason = tables[-1]["view"]["refusals"][code]
    assert reason.startswith("You ") and len(reason) > 20
    take_card(dimmed.first, touch=False, force=True)
    expect(page.locator("#toasts")).to_contain_text(reason)
    expect(page.locator(f'.tp-hand button.card[data-code="{code}"]')).to_have_count(1)
    return True


def set_aside(page: Page) -> int:
    """The declarer's aside, chosen card by card (each time the cards that may follow are
    the host engine's word), then confirmed: the number of cards set aside."""
    confirm = page.locator(".sb-aside-confirm")
    needed = int(re.findall(r"\d+", confirm.inner_text())[0])
    for chosen in range(1, needed + 1):
        page.wait_for_selector(".sb-aside-panel:not([data-busy])")
        card = page.locator(
            '.tp-hand button.card[aria-pressed="false"]:not([aria-disabled="true"])'
        ).first
        code = card.get_attribute("data-code")
        take_card(card, touch=False)
        expect(page.locator(f'.tp-hand button.card[data-code="{code}"]')).to_have_attribute(
            "aria-pressed", "true", timeout=MOVE_TIMEOUT_MS
        )
        expect(page.locator(".sb-aside-count")).to_contain_text(
            f"{chosen} of {needed}", timeout=MOVE_TIMEOUT_MS
        )
    expect(confirm).to_be_enabled()
    confirm.click()
    expect(page.locator(".sb-aside-panel")).to_have_count(0, timeout=CONNECT_MS)
    return needed


def click_turn(page: Page, declares: bool, state: dict[str, Any]) -> str:
    """The page's person makes the decision in front of them: what it was ("end" when the
    round's end is shown)."""
    table = page.locator(".table-page")
    if table.get_attribute("data-turn") == "count":
        return "end"
    phase = table.get_attribute("data-phase")
    if phase == "bid":
        bids = page.locator(".sb-bid").evaluate_all("(bs) => bs.map((b) => b.dataset.bid)")
        bid = next((b for b in ("take", "push", "guard") if b in bids), "pass")
        page.locator(f".sb-bid[data-bid={bid if declares else 'pass'}]").click()
        expect(page.locator(".sb-bids")).to_have_count(0, timeout=MOVE_TIMEOUT_MS)
        return "bid"
    if phase == "aside":
        state["aside"] = set_aside(page)
        return "aside"
    if declares and not state.get("refused") and refuse_a_dimmed_card(page):
        state["refused"] = True
    card = page.locator(".tp-hand button.card.legal").first
    code = card.get_attribute("data-code")
    take_card(card, touch=False)
    expect(page.locator(f'.tp-hand button.card[data-code="{code}"]')).to_have_count(
        0, timeout=MOVE_TIMEOUT_MS
    )
    return "play"


def states_of(record: dict[str, Any]) -> list[dict[str, Any]]:
    """The host's states at each position of its record (the seeds set where it says)."""
    reseeds = {r["at"]: r["seed"] for r in record.get("reseeds", [])}
    state = api.new_game(record["game"], record["options"], record["seed"], record["setup"])
    states = []
    for k, move in enumerate([*record["actions"], None]):
        if k in reseeds:
            state = api.reseed(state, reseeds[k])
        states.append(state)
        if move is not None:
            state = api.apply(state, move["action"], move["seat"])["state"]
    return states


def hidden_from(state: dict[str, Any], seat: int) -> set[str]:
    """The cards `seat` may not know at `state`: the other seats' hands, the talon while
    it is unseen, the declarer's aside but its Sabaccs; a talon shown to all (Take, Push,
    Guard) is known wherever it went."""
    cards = {card for other, hand in enumerate(state["hands"]) if other != seat for card in hand}
    cards |= set(state["talon"])
    if state["declarer"] != seat:
        cards |= {card for card in state["aside"] if not aside_is_public(card)}
    if talon_to(state) == "hand":
        cards -= set(state["talon"])
    return cards


def check_wire(messages: list[dict[str, Any]], states: list[dict[str, Any]], seat: int) -> int:
    """Every message a friend received, against the host's game: no card hidden from the
    friend's seat crosses. The number of table messages checked."""
    turn, tables = 0, 0
    for m in messages:
        if m["type"] == "table":
            turn, tables = m["turn"], tables + 1
            state = states[turn]
            assert m["view"]["hand"] == state["hands"][seat]
            # (the last round's summary is of a round counted: its cards were all shown)
            view = {k: v for k, v in m["view"].items() if k != "last_round"}
            leaked = hidden_from(state, seat) & set(strings(view))
            assert not leaked, f"message {m['n']}'s view holds hidden cards: {leaked}"
            if m["move"] is None:
                continue
            before = states[turn - 1]
            hidden = hidden_from(before, seat) - {m["move"]["action"].get("card")}
            if m["move"]["seat"] != seat:
                # another seat's move comes by its type only
                assert set(m["move"]["action"]) == {"type"}
            hidden -= shown_by(m["move"]["events"], before, state)
            leaked = hidden & set(strings(m["move"]))
            assert not leaked, f"message {m['n']}'s move holds hidden cards: {leaked}"
        elif m["type"] == "reveal":
            # a round's secret and its record, once the round has been counted: the
            # record ends there and names no later round's seed
            record = m["record"]
            assert len(record["actions"]) == turn
            assert any(e["type"] == "round_counted" for e in events_at(messages, turn))
            assert record["reseeds"] == []
        else:
            leaked = hidden_from(states[turn], seat) & set(strings(m))
            assert not leaked, f"message {m['n']} ({m['type']}) holds hidden cards: {leaked}"
    return tables


def shown_by(
    events: list[dict[str, Any]], before: dict[str, Any], after: dict[str, Any]
) -> set[str]:
    """The cards a move shows the table by the rules: a card played, a Sabacc set aside,
    the talon of a Take, Push or Guard, the talon and the aside at the count."""
    shown: set[str] = set()
    for event in events:
        if event["type"] == "play" or (
            event["type"] == "aside" and event["card"] and aside_is_public(event["card"])
        ):
            shown.add(event["card"])
        elif event["type"] == "talon_shown" and talon_to(after) == "hand":
            shown |= set(before["talon"])
        elif event["type"] == "round_counted":
            shown |= set(before["talon"]) | set(before["aside"])
    return shown


def events_at(messages: list[dict[str, Any]], turn: int) -> list[dict[str, Any]]:
    return [
        event
        for m in messages
        if m["type"] == "table" and m["turn"] == turn and m["move"]
        for event in m["move"]["events"]
    ]


def seat_three(hpage: Page, ppage: Page, wpage: Page, deal: int) -> dict[str, Page]:
    """The host's lobby: Ada (the phone) in Aurel's seat, Ben in Bryn's; both invited and
    joined, the round started and dealt on the three pages."""
    lobby = open_lobby(hpage, "sabacc", f"/deal={deal}&players=3")
    for seat_name, name in (("Aurel", "Ada"), ("Bryn", "Ben")):
        lobby.get_by_role("combobox", name=f"Who plays {seat_name}").select_option("friend")
        lobby.get_by_role("textbox", name=f"{seat_name}'s name").fill(name)
    lobby.get_by_role("button", name="Invite").click()
    invite = hpage.locator("dialog[open]")
    expect(invite.get_by_role("button", name="Start")).to_be_disabled()
    join(hpage, ppage, "Aurel")
    expect(invite.get_by_role("button", name="Start")).to_be_disabled()
    join(hpage, wpage, "Bryn")
    invite.get_by_role("button", name="Start").click()
    pages = {"host": hpage, "phone": ppage, "wide": wpage}
    for page in pages.values():
        expect(page.locator(".tp-hand .card")).to_have_count(24, timeout=CONNECT_MS)
    return pages


def test_three_people_play_a_round_of_contract_sabacc(
    host: Booted, friend: Booted, wide: Booted
) -> None:
    hpage, herrors = host
    ppage, perrors = friend
    wpage, werrors = wide
    pages = seat_three(hpage, ppage, wpage, 4242)
    # each friend is "You" at the bottom; the host's seat goes by the host's name
    for page in (ppage, wpage):
        expect(page.locator('.tp-me .seat-plate[data-slot="bottom"]')).to_contain_text("You")
        expect(page.locator('.seat-plate[data-seat="0"]')).to_contain_text("Host")
    expect(ppage.locator('.seat-plate[data-seat="2"]')).to_contain_text("Bryn")
    expect(wpage.locator('.seat-plate[data-seat="1"]')).to_contain_text("Aurel")
    no_errors(herrors)
    no_errors(perrors)
    no_errors(werrors)

    # the round clicked through the three pages, each person acting when their own page
    # waits for them; the phone's friend bids (and sets aside), the others pass
    done: dict[str, list[str]] = {who: [] for who in pages}
    kept: dict[str, Any] = {}

    def act(who: str, page: Page) -> bool:
        step = click_turn(page, who == "phone", kept)
        done[who].append(step)
        return step == "end"

    ended = take_turns(pages, act, MOST_STEPS)
    assert ended == set(pages), f"the round did not end on every page: {done}"
    assert done["host"].count("bid") == 1 and done["wide"].count("bid") == 1
    assert done["phone"].count("aside") == 1 and kept["aside"] >= 1
    assert kept.get("refused"), "no card was refused to the phone's friend"
    # 24 tricks: a card each time
    assert [len([s for s in steps if s == "play"]) for steps in done.values()] == [24] * 3

    # the three summaries agree: the count and the chips, each said from its own seat
    def summary(page: Page) -> dict[str, str]:
        dialog = page.locator("dialog.tp-summary-dialog[open]")
        return {
            "chips": dialog.locator(".sb-chip-table tbody").inner_text(),
            "meter": str(dialog.locator(".sb-meter").get_attribute("aria-label")),
            "verdict": "made"
            if "is made" in dialog.locator(".sb-verdict").inner_text()
            else "lost",
        }

    seen = {who: summary(page) for who, page in pages.items()}
    assert seen["phone"] == seen["host"] and seen["wide"] == seen["host"], seen
    verdict = ppage.locator("dialog.tp-summary-dialog[open] .sb-verdict")
    expect(verdict).to_contain_text("You count")
    expect(hpage.locator("dialog.tp-summary-dialog[open] .sb-verdict")).to_contain_text(
        "Aurel counts"
    )
    # the deal checked by each friend's own engine
    for page in (ppage, wpage):
        expect(page.locator(".table-page")).to_have_attribute(
            "data-deal-check", "checked", timeout=CONNECT_MS
        )

    # what crossed to each friend, against the host's game replayed here
    saved = json.loads(hpage.evaluate("() => localStorage.getItem('celestix.sabacc.game')"))
    record = saved["record"]
    states = states_of(record)
    for page, seat in ((ppage, PHONE_SEAT), (wpage, WIDE_SEAT)):
        messages = wire(page)
        assert [m["n"] for m in messages] == list(range(1, len(messages) + 1))
        assert check_wire(messages, states, seat) == len(record["actions"]) + 1
    # the phone's friend declared and set its aside through the host
    asides = [a for a in record["actions"] if a["action"]["type"] == "aside"]
    assert len(asides) == kept["aside"] and all(a["seat"] == PHONE_SEAT for a in asides)
    assert any(m["type"] == "ahead" for m in wire(ppage))

    # the next round: dealt on the three pages
    for page in pages.values():
        page.locator("dialog.tp-summary-dialog[open]").get_by_role(
            "button", name="Next round"
        ).click()
    for page in pages.values():
        expect(page.locator(".table-page")).to_have_attribute("data-phase", "bid")
        expect(page.locator(".tp-hand .card")).to_have_count(24)
    no_errors(herrors)
    no_errors(perrors)
    no_errors(werrors)


# The friend's page, asked to play a card, sends the host once instead the card it played
# first (which it no longer holds): a move only the host's engine can refuse
PLAY_AGAIN = """function (action) {
  if (action.type !== "play") return honest.call(this, action);
  if (window.firstPlayed && !window.sentAgain) {
    window.sentAgain = action.card;
    return honest.call(this, {...action, card: window.firstPlayed});
  }
  window.firstPlayed ??= action.card;
  return honest.call(this, action);
}"""
# Whether the phone's next card goes to the host as the card it played first
REFUSAL_NEXT = "() => window.firstPlayed !== null && window.sentAgain === null"
# How long a friend away keeps the seat before a computer player plays it (HostSession)
AWAY_S = 20
# What a closed tab may add to that: the host sees the channel close, a busy machine
TAB_CLOSED_S = 10


def refused_by_the_host(page: Page) -> str:
    """A card clicked, refused over the connection by the host's engine: its words said
    on the friend's page, the card still in the hand. The words."""
    card = page.locator(".tp-hand button.card.legal").first
    code = card.get_attribute("data-code")
    before = len(wire(page))
    take_card(card, touch=False)
    page.wait_for_function(
        "(n) => window.wire.slice(n).some((text) => JSON.parse(text).type === 'refused')",
        arg=before,
        timeout=MOVE_TIMEOUT_MS,
    )
    words = next(m["message"] for m in wire(page)[before:] if m["type"] == "refused")
    heard(page, words)
    heard(page, "Not allowed.")
    expect(page.locator(f'.tp-hand button.card[data-code="{code}"]')).to_have_count(1)
    return str(words)


def test_a_friend_who_leaves_mid_round_is_played_for(
    browser: Browser, site: str, host: Booted, friend: Booted
) -> None:
    hpage, herrors = host
    ppage, perrors = friend
    kept: dict[str, Any] = {"refused": True}  # (a dimmed card: the test before)
    plays = {"host": 0, "phone": 0, "wide": 0}
    refusals: list[str] = []

    def act(who: str, page: Page) -> bool:
        if (
            who == "phone"
            and page.locator(".table-page").get_attribute("data-phase") == "play"
            and page.evaluate(REFUSAL_NEXT)
        ):
            refusals.append(refused_by_the_host(page))
            return False
        step = click_turn(page, who == "phone", kept)
        plays[who] += step == "play"
        return step == "end"

    with friend_page(browser, site, WIDE) as (wpage, werrors):
        pages = seat_three(hpage, ppage, wpage, 4243)
        ppage.evaluate("() => { window.firstPlayed = null; window.sentAgain = null; }")
        # the round played until the phone's friend has been refused over the connection
        # and Bryn's friend has played two cards
        with replaced(ppage, "/js/table/friends/guest.js", "GuestSession", "play", PLAY_AGAIN):
            take_turns(pages, act, MOST_STEPS, stop=lambda: bool(refusals) and plays["wide"] >= 2)
        assert refusals and plays["wide"] >= 2, (refusals, plays)
        # the engine's words for a card no longer held
        assert refusals[0].startswith("You do not hold "), refusals
        no_errors(werrors)
        wpage.close()  # Bryn's friend closes the tab mid-round
        closed = time.monotonic()
    # shown as away to everyone, then a computer player takes the seat within the limit
    heard(hpage, "Ben is away. A computer player takes Ben's seat in 20 seconds")
    heard(ppage, "Bryn is away.")
    limit_ms = (AWAY_S + TAB_CLOSED_S) * 1000
    heard(ppage, "A computer player plays for Bryn now.", timeout=limit_ms)
    taken = time.monotonic() - closed
    heard(hpage, "A computer player plays for Ben now.")
    assert AWAY_S - 1 <= taken <= AWAY_S + TAB_CLOSED_S, taken
    # the round goes on to its end on the two pages left
    del pages["wide"]
    ended = take_turns(pages, act, MOST_STEPS)
    assert ended == set(pages), plays
    assert plays["host"] == 24 and plays["phone"] == 24
    chips = [
        page.locator("dialog.tp-summary-dialog[open] .sb-chip-table tbody").inner_text()
        for page in pages.values()
    ]
    assert chips[0] == chips[1]
    saved = json.loads(hpage.evaluate("() => localStorage.getItem('celestix.sabacc.game')"))
    bryn = [a for a in saved["record"]["actions"] if a["seat"] == WIDE_SEAT]
    assert len([a for a in bryn if a["action"]["type"] == "play"]) == 24  # the computer's too
    expect(ppage.locator(".table-page")).to_have_attribute(
        "data-deal-check", "checked", timeout=CONNECT_MS
    )
    no_errors(herrors)
    no_errors(perrors)
