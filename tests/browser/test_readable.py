"""What the table says reads whole, at 1440x900 (mouse) and 375x740 (touch): audit 6's
faults 3, 6 and 11 (audit 7 A7-F5, A7-F11), and who played each trick's cards.

* The chip ledger, in both trick games: each player's chips, then one line per movement
  of chips (every player's ante one line, every caller's stake one, the declarer's
  matching stacks one), saying who paid what to which pot in players' words, the
  engine's reason whole under it; no line cut and nothing to scroll sideways (before, at
  375 the Why column was cut, each player's part of a movement was a row of its own, a
  move between pots read as a player called "Between pots", and a player was "it":
  "every player puts its stake on the table").
* The trick winner's caption: one line of whole words, the fullest form of them that
  fits (before, at 375: "Cass wins with Master of s…"), Precedence and Contract Sabacc at
  three, four and five players, clear of every card and plate.
* Contract Sabacc's seat plates: every plate shows its name, its chips and its badge
  (Dealer, Declarer) in every phase, at three, four and five players (before, at 1440 a
  plate with a badge left out its chips).
* Contract Sabacc's trick cards say who played them: on the felt and in the last trick
  (the name at the card's foot, and "played by" in its label), and in a round's history
  (before, the history's tricks were cards alone, "Bryn led, Cass won").
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from celestix import api
from tablekit import (
    PHONE,
    WIDE,
    internal_words,
    open_table,
    play_to,
    saved,
    take_card,
    turn,
)
from test_phone import open_phase, save_of
from test_trick import CAPTION_CLEAR, PHASES

WIDTHS = {"1440": WIDE, "375": PHONE}
State = dict[str, Any]


def ledger_position(game: str) -> tuple[State, dict[str, Any]]:
    """A game some hands in, the person to act: Contract Sabacc's deal 2 in round 3, after
    the wagers' remainder went from the table to the Ante Pot (a move between pots);
    Precedence's deal 3 in the play of its second hand."""
    if game == "sabacc":
        return play_to(
            "sabacc", None, 2,
            lambda s: any(e["seat"] is None for e in s["ledger"])
            and s["to_act"] == 0 and s["phase"] == "bid",
        )  # fmt: skip
    return play_to(
        "precedence", None, 3,
        lambda s: s["hand_number"] >= 1 and s["to_act"] == 0 and s["phase"] == "play",
    )  # fmt: skip


def open_ledger(page: Page, touch: bool) -> None:
    """The chip ledger from the tools: by touch through More on a phone, else its key."""
    if touch:
        page.get_by_role("button", name="More").tap()
        page.locator("dialog[open]").get_by_role("button", name="Chip ledger").tap()
    else:
        page.keyboard.press("g")
    expect(page.get_by_role("dialog", name="Chip ledger")).to_be_visible()


# Every text of the open ledger: what is cut (wider or taller than its box, or ending past
# the ledger's right edge), whether the ledger scrolls sideways, and its lines
LEDGER = """() => {
    const dialog = document.querySelector("dialog[open]");
    const region = dialog.querySelector(".ledger-scroll");
    const edge = region.getBoundingClientRect().right;
    const cut = [];
    if (region.scrollWidth > region.clientWidth + 1)
        cut.push(`scrolls sideways: ${region.scrollWidth} px in ${region.clientWidth}`);
    for (const el of dialog.querySelectorAll(".ledger *")) {
        const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
        if (!own || !el.getClientRects().length) continue;
        const box = el.getBoundingClientRect();
        if (box.right > edge + 1 || (el.clientWidth && el.scrollWidth > el.clientWidth + 1)
            || getComputedStyle(el).textOverflow === "ellipsis")
            cut.push(`"${el.textContent}" (${Math.round(box.right)} px, edge ${Math.round(edge)})`);
    }
    const lines = [...dialog.querySelectorAll(".ledger-hand")].map((hand) => ({
        title: hand.querySelector(".ledger-hand-title").textContent,
        moves: [...hand.querySelectorAll(".ledger-move")].map((m) => ({
            what: m.querySelector(".ledger-what").textContent,
            why: m.querySelector(".ledger-why").textContent,
            kind: m.className,
        })),
    }));
    return { cut, lines, text: dialog.innerText };
}"""
ANTES = {
    "sabacc": ("Everyone paid 1 chip into the Ante Pot.",
               "Each player pays the ante into the Ante Pot as the round begins."),
    "precedence": ("Everyone paid 1 chip into the Hand Pot.",
                   "Each player pays the ante into the Hand Pot as the hand begins."),
}  # fmt: skip


@pytest.mark.parametrize("width", list(WIDTHS))
@pytest.mark.parametrize("game", ["sabacc", "precedence"])
def test_the_chip_ledger_reads_whole_one_line_a_movement(
    table: Page, game: str, width: str
) -> None:
    page = table
    page.set_viewport_size(WIDTHS[width])
    state, record = ledger_position(game)
    open_table(page, game, saved(record))
    assert turn(page) == "you"
    open_ledger(page, touch=width == "375")
    seen = page.evaluate(LEDGER)
    assert seen["cut"] == [], f"{game} at {width} px"
    entries = state["ledger"]
    unit = "Round" if game == "sabacc" else "Hand"
    hands = sorted({e["hand"] for e in entries}, reverse=True)
    # the hands newest first, each a heading over its movements
    assert [hand["title"] for hand in seen["lines"]] == [f"{unit} {h + 1}" for h in hands]
    moves = [move for hand in seen["lines"] for move in hand["moves"]]
    assert len(moves) < len(entries) / 2, f"{len(moves)} lines for {len(entries)} entries"
    # every player's ante is one line a hand, first in it (the Accord Pot's stake before
    # it in Precedence's first hand)
    for hand in seen["lines"]:
        antes = [(m["what"], m["why"]) for m in hand["moves"] if m["why"] == ANTES[game][1]]
        assert antes == [ANTES[game]], hand
    # each reason the engine gave is a line's, whole; no player is "it", none "Between pots"
    assert {m["why"] for m in moves} == {e["reason"] for e in entries}
    assert not [m for m in moves if re.search(r"Between pots|seat \d|\bits stake", m["what"])]
    assert "its stake" not in seen["text"] and "Between pots" not in seen["text"]
    assert internal_words([seen["text"]], game) == {}
    if game == "sabacc":
        moved = [m for m in moves if "moved" in m["kind"]]
        amount = next(e["amount"] for e in entries if e["seat"] is None)
        chip = "chip" if amount == 1 else "chips"
        assert [m["what"] for m in moved] == [
            f"{amount} {chip} went from the table into the Ante Pot."
        ]
        assert re.search(r"paid \d+ chips? each onto the table\.|Everyone paid \d+ chips? onto",
                         seen["text"])  # fmt: skip
        assert "every player puts their stake on the table." in seen["text"]


# The caption over a finished trick: cut or not, the form shown, the full words (title)
CAPTION = """() => {
    const caption = document.querySelector(".tp-felt .trick-area[data-winner] .trick-caption");
    if (!caption || !caption.textContent) return null;
    const box = caption.getBoundingClientRect();
    return {
        text: caption.textContent,
        full: caption.title,
        cut: caption.scrollWidth > caption.clientWidth + 0.5
            || box.left < -0.5 || box.right > innerWidth + 0.5,
    };
}"""
CAPTIONS = {
    "precedence-play": r"(You win|\w+ wins)(: .+| with the .+)?",
    "sabacc-play": r"(You win|\w+ wins)( with the .+)?",
    "sabacc-3-follow": r"(You win|\w+ wins)( with the .+)?",
    "sabacc-5-play": r"(You win|\w+ wins)( with the .+)?",
}


@pytest.mark.parametrize("width", list(WIDTHS))
@pytest.mark.parametrize("name", list(CAPTIONS))
def test_the_trick_winners_caption_is_whole_words(table: Page, name: str, width: str) -> None:
    page = table
    page.set_viewport_size(WIDTHS[width])
    open_table(page, name.split("-", maxsplit=1)[0], save_of(name), speed="relaxed")
    assert turn(page) == "you"
    take_card(page.locator(".tp-hand .card.legal").first, touch=width == "375")
    seen = page.wait_for_function(CAPTION, timeout=60_000).json_value()
    assert not seen["cut"], f"{name} at {width} px: {seen}"
    # the form shown is the full words, or the full words shortened at a clause
    assert re.fullmatch(CAPTIONS[name], seen["text"]), seen
    assert seen["full"].startswith(seen["text"].split(" with ")[0].split(":")[0]), seen
    clear = page.evaluate(CAPTION_CLEAR)
    assert clear is None or clear["wrong"] == [], f"{name} at {width} px: {clear}"
    if width == "1440":  # room for the whole line
        assert seen["text"] == seen["full"], seen


# Each plate: its name whole, the detail shown, the badge shown, and whether it is cut
PLATES = """() => [...document.querySelectorAll(".seat-plate")].map((plate) => {
    const name = plate.querySelector(".seat-name");
    const badge = plate.querySelector(".seat-badge");
    const shown = plate.querySelector(".seat-shown");
    const uncut = (el) => el.scrollWidth <= el.clientWidth + 0.5;
    return {
        seat: Number(plate.dataset.seat),
        name: name.textContent,
        nameWhole: uncut(name) && name.getBoundingClientRect().right
            <= plate.getBoundingClientRect().right + 0.5,
        badge: badge.hidden ? "" : badge.textContent,
        shown: shown.textContent,
        title: plate.title,
    };
})"""
# every phase of three, four and five players, and a second round
SABACC_PHASES = [name for name in PHASES if name.startswith("sabacc")] + ["sabacc-round-2"]


@pytest.mark.parametrize("width", list(WIDTHS))
def test_every_plate_shows_its_name_chips_and_badge(table: Page, width: str) -> None:
    """(Precedence's plates too at 1440; on a phone they show the bid and the tricks,
    the chips in their title and read: test_phone.py.)"""
    page = table
    page.set_viewport_size(WIDTHS[width])
    wrong: dict[str, list[str]] = {}
    others = [name for name in PHASES if name.startswith("precedence")] if width == "1440" else []
    for name in SABACC_PHASES + others:
        open_phase(page, name)
        state = api.replay(save_of(name)["record"])
        badges = {state["dealer"]: "Dealer"}
        if state.get("declarer") is not None:
            badges[state["declarer"]] = "Declarer"
        for plate in page.evaluate(PLATES):
            seat = plate["seat"]
            chips = state["chips"][seat]
            said = f"{plate['name']} [{plate['badge']}] {plate['shown']} ({plate['title']})"
            problems = []
            if not plate["nameWhole"]:
                problems.append("the name cut")
            if not re.search(rf"(^| · ){chips} chips?( · |$)", plate["shown"]):
                problems.append(f"no {chips} chips")
            if seat in badges and not plate["badge"].startswith(badges[seat]):
                problems.append(f"no {badges[seat]} badge")
            if problems:
                wrong.setdefault(name, []).append(f"{said}: {', '.join(problems)}")
    assert wrong == {}, f"at {width} px"


# The trick's cards on the felt: each card's label and the name at its foot
TRICK_WHO = """(scope) => [...document.querySelectorAll(`${scope} .trick-card`)].map((card) => {
    const tag = card.querySelector(".trick-who");
    const box = tag.getBoundingClientRect();
    return {
        label: card.getAttribute("aria-label"),
        who: tag.textContent,
        whole: tag.scrollWidth <= tag.clientWidth + 0.5 && box.width > 0,
        seat: Number(card.dataset.seat),
    };
})"""


@pytest.mark.parametrize("width", list(WIDTHS))
def test_sabaccs_trick_cards_say_who_played_them(table: Page, width: str) -> None:
    page = table
    touch = width == "375"
    page.set_viewport_size(WIDTHS[width])
    names = {0: "You", 1: "Aurel", 2: "Bryn", 3: "Cass"}
    # the felt and the last trick (deal 1, four players, two tricks played)
    open_phase(page, "sabacc-play")
    for scope in (".tp-felt", "dialog[open]"):
        if scope != ".tp-felt":
            page.keyboard.press("l")
            expect(page.get_by_role("dialog", name="Last trick")).to_be_visible()
        cards = page.evaluate(TRICK_WHO, scope)
        assert cards, scope
        for card in cards:
            assert card["who"] == names[card["seat"]] and card["whole"], (scope, card)
            said = "you" if card["seat"] == 0 else names[card["seat"]]
            assert card["label"].endswith(f", played by {said}"), (scope, card)
    page.keyboard.press("Escape")
    # the round's history: each trick's cards over their players' names, and a sentence
    # (deal 2, four players, in round 3: the round before it played out)
    state, record = ledger_position("sabacc")
    open_table(page, "sabacc", saved(record))
    assert turn(page) == "you"
    if touch:
        page.get_by_role("button", name="More").tap()
        page.locator("dialog[open]").get_by_role("button", name="Round history").tap()
    else:
        page.get_by_role("button", name="Round history").click()
    history = page.get_by_role("dialog", name="Round history")
    details = history.locator("details").first
    if touch:
        details.locator("summary").tap()
    else:
        details.locator("summary").click()
    tricks = details.locator(".sb-trick-plays")
    expect(tricks.first).to_be_visible()
    assert tricks.count() == 18  # (four players: 72 cards dealt, 18 tricks)
    for k in range(tricks.count()):
        row = tricks.nth(k)
        who = [t.strip() for t in row.locator(".sb-trick-who").all_inner_texts()]
        assert who and all(w in names.values() for w in who), who
        label = row.get_attribute("aria-label") or ""
        players = "|".join(["you", *names.values()])
        assert re.fullmatch(rf"{who[0]} led the .+(, ({players}) played the .+)+\.", label), label
    assert state["round"] == 2
