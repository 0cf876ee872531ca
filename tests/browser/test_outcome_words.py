"""(i-words24, issue 24) The words a hand or round ends with, and the question before a
new game:

* a hand summary's title says the two teams' contracts and leaves what came of them to
  the lines under it, said once: the points, the Hand Pot and why (a title that said the
  points and the pot made three lines on a phone, then said them again; an older one said
  "your team made its contract" when the pot went to the other side); Contract Sabacc's
  round title says who bid what, the verdict and the chips being the body's;
* Contract Sabacc's bonus in plain words ("Bryn took 10 of the 12 tricks (a Slam)"), a
  bonus earned but not paid explained; its play prompt says the rule, not "a raised card";
* "Start a new game?" is asked only once the person has made a move, in every game."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tablekit import open_table, play_to, saved, turn

TITLES = """async () => {
    const { handTitle } = await import("/js/precedence/summary.js");
    const { roundTitle, bonusLine } = await import("/js/sabacc/count.js");
    const { playRule } = await import("/js/sabacc/messages.js");
    const team = (team, made, hand_points, contract = 7) => ({ team, made, hand_points, contract });
    const scored = (a, b) => ({ hand_number: 1, teams: [a, b] });
    const counted = { round: 2, declarer: 2, contract: "guard", made: true };
    return {
        bothMade: handTitle(scored(team(0, true, 58, 6), team(1, true, 61, 5)),
                            { outcome: "won", team: 1, amount: 16 }),
        mine: handTitle(scored(team(0, true, 72, 1), team(1, false, -50, 8)),
                        { outcome: "won", team: 0, amount: 12 }),
        carried: handTitle(scored(team(0, false, -45), team(1, false, -30)),
                           { outcome: "carried", team: null, amount: 8 }),
        lost: roundTitle({ counted, settled: { net: [-6, -6, 18, -6] } }),
        gained: roundTitle({ counted: { ...counted, made: false },
                             settled: { net: [7, 7, -21, 7] } }),
        slam: bonusLine({ bonus: "slam", name: "Slam", seat: 2, amount: 9, ante_pot: 3,
                          tricks: 10, of: 12,
                          unpaid: [{ bonus: "magician_at_the_end", seat: 2 }] }),
        grand: bonusLine({ bonus: "grand_slam", name: "Grand Slam", seat: 0, amount: 12,
                           ante_pot: 0, tricks: 12, of: 12, unpaid: [] }),
        idiot: bonusLine({ bonus: "idiot_at_the_end", name: "Idiot at the End", seat: 1,
                           amount: 3, ante_pot: 9, unpaid: [] }),
        follow: playRule({ trick: [{ seat: 1, card: "7c" }], hand: ["3c", "-4", "9f"] }),
        trump: playRule({ trick: [{ seat: 1, card: "7c" }], hand: ["-4", "9f"] }),
        any: playRule({ trick: [{ seat: 1, card: "7c" }], hand: ["9f"] }),
        sabacc: playRule({ trick: [{ seat: 1, card: "-12" }], hand: ["-4", "9f"] }),
    };
}"""


def test_the_end_of_a_hand_says_its_outcome_for_you(table: Page) -> None:
    page = table
    open_table(page, "patience")
    said: dict[str, Any] = page.evaluate(TITLES)
    assert said["bothMade"] == "Hand 2: you and North bid 6 tricks, West and East 5"
    assert said["mine"] == "Hand 2: you and North bid 1 trick, West and East 8"
    assert said["carried"] == "Hand 2: you and North bid 7 tricks, West and East 7"
    assert said["lost"] == "Round 3: Bryn bid Guard"
    assert said["gained"] == "Round 3: Bryn bid Guard"
    assert said["slam"] == (
        "Bryn took 10 of the 12 tricks (a Slam): 9 chips from the Ante Pot, which has 3 chips "
        "left. Bryn won the last trick with the Magician: that earns a bonus too, but only "
        "the biggest one is paid."
    )
    assert said["grand"].startswith("You took every trick (a Grand Slam): 12 chips")
    assert said["grand"].endswith("which has nothing left.")
    assert said["idiot"].startswith("Aurel won the last trick with the Idiot (an Idiot at")
    # each rule whole, and the short form a phone's status shows keeps the rule (F9)
    assert said["follow"] == {"rule": "follow coins", "short": "Follow coins."}
    assert said["trump"] == {
        "rule": "you have no coins, so play a Sabacc",
        "short": "No coins: play a Sabacc.",
    }
    assert said["any"] == {
        "rule": "you have no coins and no Sabacc, so play any card",
        "short": "No coins or Sabacc: any card.",
    }
    assert said["sabacc"] == {
        "rule": "a Sabacc was led, so play a Sabacc",
        "short": "Play a Sabacc.",
    }


TRICK_GAMES = [("precedence", {"target": 150}, 2), ("sabacc", {"players": 4}, 2)]


@pytest.mark.parametrize(("game", "options", "seed"), TRICK_GAMES)
def test_no_question_before_the_persons_first_move(
    table: Page, game: str, options: dict[str, Any], seed: int
) -> None:
    page = table
    _, record = play_to(game, options, seed, lambda s: s["to_act"] == 0)
    assert record["actions"]  # a computer player moved first: still no move of the person's
    open_table(page, game, saved(record))
    assert turn(page) == "you"
    page.locator(".tp-tools").get_by_role("button", name="New game").click()
    dialog = page.locator("dialog.options-dialog[open]")
    expect(dialog).to_be_visible()
    expect(page.get_by_role("dialog", name="Start a new game?")).to_have_count(0)
    dialog.get_by_role("button", name="Cancel").click()


def test_the_question_comes_once_you_have_moved(table: Page) -> None:
    page = table
    open_table(page, "patience", hash_="/deal=5")
    tools = page.locator(".tp-tools").get_by_role("button", name="New deal")
    tools.click()  # nothing played yet: the options at once
    dialog = page.locator("dialog.options-dialog[open]")
    expect(dialog).to_be_visible()
    expect(page.get_by_role("dialog", name="Start a new game?")).to_have_count(0)
    dialog.get_by_role("button", name="Cancel").click()
    expect(dialog).to_have_count(0)
    page.keyboard.press("d")  # a deal from the stock: the person's first move
    page.wait_for_function(
        "() => JSON.parse(localStorage.getItem('celestix.patience.game') || '{}')"
        "?.record?.actions?.length > 0"
    )
    tools.click()
    ask = page.get_by_role("dialog", name="Start a new game?")
    expect(ask).to_be_visible()
    ask.get_by_role("button", name="Keep playing").click()
