"""Pass-and-play (issue 25): two people at one device, a computer player or more
between them, in Precedence and Contract Sabacc at both widths. The cover goes up when
the device passes to the other person, and while it is up no card of anyone's hand is in
the page (the hand's card elements, their accessible names, the accessibility tree);
the hand shows only once its person presses "Show <name>'s hand" (by tap, click or the
keyboard, focus being on it); the same person acting again is not covered; a reload
keeps the table shared and covered."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tablekit import (
    BOOT_TIMEOUT_MS,
    MOVE_TIMEOUT_MS,
    PHONE,
    WIDE,
    new_game_options,
    open_table,
    settled,
)

WIDTHS = {"wide": WIDE, "phone": PHONE}
# The second person's seat and the names of the two people; the seats of the game
PEOPLE: dict[str, dict[str, Any]] = {
    "precedence": {"seat": 2, "names": {0: "Ana", 2: "Bea"}, "options": {}},
    "sabacc": {"seat": 2, "names": {0: "Ana", 2: "Bea"}, "options": {"players": "3"}},
}
# Cards named as the decks name them: "the 9 of Border", "Sabacc -7", "Master of coins"
HAND_CARDS = ".tp-hand .card, .tp-hand [data-code]"

COVER_OR_TURN = """() => {
    const t = document.querySelector(".table-page");
    if (!t) return false;
    if (t.dataset.turn === "count" && document.querySelector("dialog.tp-summary-dialog[open]"))
        return true;
    if (t.dataset.pass === "covered" && document.querySelector(".tp-pass-show")) return true;
    return t.dataset.turn === "you" && t.dataset.pass === "shown";
}"""


def start_shared(page: Page, game: str) -> None:
    """A new game with a person at this device at the other seat, named in the dialog."""
    open_table(page, game)
    expect(page.locator(".table-page")).to_have_attribute(
        "data-turn", re.compile("you|wait"), timeout=MOVE_TIMEOUT_MS
    )
    dialog = new_game_options(page)
    setup = PEOPLE[game]
    for name, value in setup["options"].items():
        dialog.locator(f"input[name={name}][value='{value}']").check()
    dialog.locator(f"select[name=level-{setup['seat']}]").select_option("person")
    own = dialog.locator("input[name=name-0]")
    expect(own).to_be_visible(timeout=MOVE_TIMEOUT_MS)
    own.fill(setup["names"][0])
    dialog.locator(f"input[name=name-{setup['seat']}]").fill(setup["names"][setup["seat"]])
    dialog.get_by_role("button", name="Deal").click()
    expect(dialog).to_have_count(0, timeout=MOVE_TIMEOUT_MS)


def hidden_cards(page: Page) -> dict[str, Any]:
    """Every card of anyone's hand in the page shown face up, by element and by accessible
    name (a declarer's aside lies face down on the felt: its backs say nothing)."""
    return dict(
        page.evaluate(
            """() => ({
                elements: [...document.querySelectorAll(".tp-hand .card, .sb-aside .card")]
                    .filter((c) => c.dataset.face !== "down" || c.dataset.code)
                    .map((c) => c.dataset.code),
                buttons: [...document.querySelectorAll(".tp-hand button")]
                    .map((b) => b.getAttribute("aria-label") || b.textContent),
            })"""
        )
    )


def person_move(page: Page, game: str, touch: bool) -> None:
    """A legal move of the person whose hand is shown, through the page."""
    table = page.locator(".table-page")
    phase = table.get_attribute("data-phase")
    click = (lambda loc: loc.tap()) if touch else (lambda loc: loc.click())
    if game == "precedence" and phase == "declare":
        click(page.get_by_role("button", name="Declare no melds"))
    elif game == "precedence" and phase == "bid":
        click(page.locator(".pr-bid:not([disabled]):not([aria-disabled=true])").first)
    elif game == "sabacc" and phase == "bid":
        click(page.locator(".sb-bid:not(.primary)"))  # a pass: no aside to choose
    else:
        settled(page)
        card = page.locator(".tp-hand button.card.legal").first
        if phase == "aside":
            card = page.locator(".tp-hand button.card:not([aria-disabled=true])").first
        click(card)
        if phase == "aside":
            confirm = page.locator(".tp-panel button.primary")
            if confirm.is_enabled():
                click(confirm)


def bottom_seat(page: Page) -> str:
    return str(page.locator(".tp-me-plate .seat-plate").get_attribute("data-seat"))


@pytest.mark.parametrize("width", list(WIDTHS))
@pytest.mark.parametrize("game", list(PEOPLE))
def test_two_people_pass_one_device(
    table: Page, game: str, width: str, screenshot: Callable[[Page, str], None]
) -> None:
    page = table
    page.set_viewport_size(WIDTHS[width])
    touch = width == "phone"
    names = PEOPLE[game]["names"]
    start_shared(page, game)
    shown: str | None = None  # the seat whose hand was last shown
    covers = 0
    turns = 0
    while turns < 7:
        page.wait_for_function(COVER_OR_TURN, timeout=MOVE_TIMEOUT_MS)
        table_el = page.locator(".table-page")
        if page.locator("dialog.tp-summary-dialog[open]").count():
            break  # a hand's end: enough turns were seen
        if table_el.get_attribute("data-pass") == "covered":
            covers += 1
            show = page.locator(".tp-pass-show")
            label = show.inner_text()
            who = re.fullmatch(r"Show (\w+)'s hand", label)
            assert who and who.group(1) in names.values(), label
            seat = next(s for s, n in names.items() if n == who.group(1))
            # the device goes to the other person (or to the first, at the start)
            assert str(seat) != shown, f"covered between {label}'s own turns"
            expect(page.locator(".tp-pass-title")).to_have_text(f"Pass to {who.group(1)}")
            # nothing of any hand is in the page while it is covered
            assert hidden_cards(page) == {"elements": [], "buttons": []}
            expect(page.locator(".tp-hand").get_by_role("button")).to_have_count(0)
            assert "button" not in page.locator(".tp-hand").aria_snapshot()
            if covers == 1:
                screenshot(page, f"pass-{game}-{width}")
            # focus went to the button: the keyboard path is Enter (on a phone, a tap)
            expect(show).to_be_focused()
            if touch:
                show.tap()
            elif covers % 2:
                page.keyboard.press("Enter")
            else:
                show.click()
            expect(table_el).to_have_attribute("data-pass", "shown")
            expect(table_el).to_have_attribute("data-turn", "you", timeout=MOVE_TIMEOUT_MS)
            assert bottom_seat(page) == str(seat)
            shown = str(seat)
            continue
        # a person's turn with no cover: the same person as before (no one else between)
        assert shown is not None and bottom_seat(page) == shown
        expect(page.locator(HAND_CARDS).first).to_be_attached()
        expect(page.locator(".tp-me-plate .seat-name")).to_have_text("You")
        other = next(n for s, n in names.items() if str(s) != shown)
        expect(page.locator(".tp-felt .seat-plate .seat-name", has_text=other)).to_have_count(1)
        turns += 1
        person_move(page, game, touch)
    assert covers >= 2, f"the cover went up {covers} times"


@pytest.mark.parametrize("game", list(PEOPLE))
def test_a_reload_keeps_the_table_shared_and_covered(table: Page, game: str) -> None:
    page = table
    page.set_viewport_size(PHONE)
    names = PEOPLE[game]["names"]
    start_shared(page, game)
    page.wait_for_function(COVER_OR_TURN, timeout=MOVE_TIMEOUT_MS)
    show = page.locator(".tp-pass-show")
    expect(show).to_be_focused()
    # while covered, the hint waits and says why, in words
    page.keyboard.press("h")
    expect(page.locator("#toasts")).to_contain_text("Every hand is hidden.")
    show.press("Enter")
    table_el = page.locator(".table-page")
    expect(table_el).to_have_attribute("data-turn", "you", timeout=MOVE_TIMEOUT_MS)
    expect(page.locator(HAND_CARDS).first).to_be_attached()
    page.reload()
    expect(table_el).to_have_attribute("data-pass", "covered", timeout=BOOT_TIMEOUT_MS)
    expect(page.locator(".tp-pass-show")).to_have_text(
        re.compile(rf"^Show ({'|'.join(names.values())})'s hand$"), timeout=MOVE_TIMEOUT_MS
    )
    assert hidden_cards(page) == {"elements": [], "buttons": []}
    people = page.evaluate(f"() => JSON.parse(localStorage.getItem('celestix.{game}.game')).people")
    assert [people[s] for s in names] == list(names.values())
