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
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Error, Page, expect

from celestix import api
from celestix.sabacc.aside import aside_is_public
from celestix.sabacc.state import talon_to
from tablekit import PHONE, WIDE, booted, no_errors, open_table, strings, take_card

# Longest wait for a data channel to open or a friend's table to come (a shared machine)
CONNECT_MS = 30_000
# The longest wait of one page's turn in the loop before looking at the next page
STEP_MS = 400
# Rounds of the three pages' loop before the round must have ended (about 81 decisions)
MOST_STEPS = 600
# a move goes to the host's engine and back (its answer, on a busy machine, may be slow)
MOVE_MS = 60_000
# The friends' seats: Aurel (the phone) and Bryn
PHONE_SEAT, WIDE_SEAT = 1, 2

# Every text that arrives on a data channel of the page, kept in window.wire (before the
# page's own listeners see it: the first listener a channel gets is this one)
RECORD_WIRE = """(() => {
  if (window.wire) return;
  window.wire = [];
  const add = RTCDataChannel.prototype.addEventListener;
  RTCDataChannel.prototype.addEventListener = function (type, listener, options) {
    if (type === "message" && !this.wired) {
      this.wired = true;
      add.call(this, "message", (event) => window.wire.push(event.data));
    }
    return add.call(this, type, listener, options);
  };
})();"""

# The page waits for its person, or shows the round's end
YOUR_TURN = """() => {
    const turn = document.querySelector(".table-page")?.dataset.turn;
    const summary = document.querySelector("dialog.tp-summary-dialog[open]");
    return turn === "you" || (turn === "count" && summary !== null);
}"""


@pytest.fixture(scope="module")
def host(browser: Browser, site: str) -> Iterator[tuple[Page, list[Error]]]:
    with booted(browser, site, viewport=WIDE) as booted_page:
        yield booted_page


@pytest.fixture(scope="module")
def phone(browser: Browser, site: str) -> Iterator[tuple[Page, list[Error]]]:
    with booted(browser, site, viewport=PHONE) as booted_page:
        booted_page[0].add_init_script(RECORD_WIRE)
        yield booted_page


@pytest.fixture(scope="module")
def wide(browser: Browser, site: str) -> Iterator[tuple[Page, list[Error]]]:
    with booted(browser, site, viewport=WIDE) as booted_page:
        booted_page[0].add_init_script(RECORD_WIRE)
        yield booted_page


def your_turn(page: Page) -> bool:
    """Whether the page waits for its person (waiting up to STEP_MS for that state)."""
    try:
        page.wait_for_function(YOUR_TURN, timeout=STEP_MS)
    except Error:
        return False
    return True


def wire(page: Page) -> list[dict[str, Any]]:
    return [json.loads(text) for text in page.evaluate("window.wire")]


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
            "aria-pressed", "true", timeout=MOVE_MS
        )
        expect(page.locator(".sb-aside-count")).to_contain_text(
            f"{chosen} of {needed}", timeout=MOVE_MS
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
    if phase == "bidding":
        bids = page.locator(".sb-bid").evaluate_all("(bs) => bs.map((b) => b.dataset.bid)")
        bid = next((b for b in ("take", "push", "guard") if b in bids), "pass")
        page.locator(f".sb-bid[data-bid={bid if declares else 'pass'}]").click()
        expect(page.locator(".sb-bids")).to_have_count(0, timeout=MOVE_MS)
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
        0, timeout=MOVE_MS
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


def join(host: Page, friend: Page, seat_name: str) -> None:
    """A friend opens the invitation's link; the host pastes the answer and connects."""
    invite = host.locator("dialog[open]")
    link = invite.get_by_role("textbox", name=f"Invitation link for {seat_name}")
    expect(link).to_have_value(re.compile(r"#join/i=[A-Za-z0-9_-]+$"))
    friend.evaluate(RECORD_WIRE)
    friend.evaluate(
        "() => localStorage.setItem('celestix.settings', JSON.stringify({speed: 'instant'}))"
    )
    friend.goto(link.input_value())
    answer = friend.get_by_role("textbox", name="Answer for the host")
    expect(answer).to_have_value(re.compile(r"^[A-Za-z0-9_-]{40,}$"))
    expect(friend.locator(".fr-join")).to_contain_text(f"sit at {seat_name}'s seat")
    invite.get_by_role("textbox", name=f"Paste {seat_name}'s answer").fill(answer.input_value())
    invite.get_by_role("group", name=seat_name).get_by_role("button", name="Connect").click()
    expect(invite.locator(f'.fr-invite[aria-label="{seat_name}"]')).to_have_attribute(
        "data-status", "here", timeout=CONNECT_MS
    )


def test_three_people_play_a_round_of_contract_sabacc(
    host: tuple[Page, list[Error]],
    phone: tuple[Page, list[Error]],
    wide: tuple[Page, list[Error]],
) -> None:
    hpage, herrors = host
    ppage, perrors = phone
    wpage, werrors = wide
    open_table(hpage, "sabacc", hash_="/deal=4242&players=3")
    expect(hpage.locator(".table-page[data-turn]")).to_be_visible()
    hpage.get_by_role("button", name="Play with friends").click()
    lobby = hpage.locator("dialog[open]")
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
    ended: set[str] = set()
    done: dict[str, list[str]] = {who: [] for who in pages}
    kept: dict[str, Any] = {}
    for _ in range(MOST_STEPS):
        for who, page in pages.items():
            if who in ended or not your_turn(page):
                continue
            step = click_turn(page, who == "phone", kept)
            if step == "end":
                ended.add(who)
            else:
                done[who].append(step)
        if len(ended) == len(pages):
            break
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
        expect(page.locator(".table-page")).to_have_attribute("data-phase", "bidding")
        expect(page.locator(".tp-hand .card")).to_have_count(24)
    no_errors(herrors)
    no_errors(perrors)
    no_errors(werrors)
