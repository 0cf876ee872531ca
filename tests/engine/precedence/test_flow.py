"""Whole hands: scoring, the Imperial Audit, the pots and the end of the game.

Most tests play the forced deal ``SPLIT`` (support.py): with dealer 0 and Void trump,
whatever is played, team 0 takes exactly 1 trick and team 1 takes 12. Seat 1 holds
3V-EV and 2F; seat 2 holds 9F-EF and declares the Run 2B-8B; seat 0 holds 2V, 3F-8F
and declares the Run 9B-EB. Seat 1 wins every trick it leads with a trump (team 0 has
only the 2V); the 2F trick goes to team 0, whose declared Border cards had to be
played first, so each still holds a Frontier card; after that seat 1 holds only
trumps and wins the rest. Team 0's meld points are 6 + 6 = 12.
"""

from __future__ import annotations

from typing import Any

import pytest
from precedence.support import (
    ALL_TRUMPS,
    SPLIT,
    SPLIT_RUNS,
    act,
    bid_all,
    chips_total,
    declare_all,
    events_of,
    highest,
    later_hand,
    lowest,
    new,
    one,
    play_hand,
    suit,
)

from celestix import api
from celestix.errors import IllegalActionError
from celestix.precedence.bots import choose
from celestix.precedence.scoring import score_team

CORE_RUN = [suit("C", "234")]  # seat 3's Run of 3: team 1's meld points 3


def split_hand(
    bids: dict[int, int],
    melds: dict[int, list[list[str]]] | None = None,
    choose_card: Any = lowest,
    options: dict[str, Any] | None = None,
    **setup: Any,
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Play the SPLIT deal with these bids (and extra melds); the state and the events
    of the hand's last card."""
    state = new(later_hand(SPLIT, **setup), **(options or {}))
    state = declare_all(state, {**SPLIT_RUNS, **(melds or {})})
    state = bid_all(state, bids)
    return play_hand(state, choose_card)


def team(events: list[dict[str, Any]], number: int) -> dict[str, Any]:
    return one(events, "hand_scored")["teams"][number]


@pytest.mark.parametrize("choose_card", [lowest, highest])
def test_the_split_deal_is_forced(choose_card: Any) -> None:
    _, events = split_hand({0: 0, 1: 0, 2: 0, 3: 0}, choose_card=choose_card)
    assert one(events, "hand_scored")["taken"][1] == 12
    assert [team(events, 0)["tricks"], team(events, 1)["tricks"]] == [1, 12]


# --- scoring ------------------------------------------------------------------------------


def test_made_contract_scores_ten_a_trick_plus_overtricks_plus_melds() -> None:
    # Team 0 bids 0 + 1 = 1 and takes 1; team 1 bids 5 + 5 = 10 and takes 12.
    state, events = split_hand({1: 5, 2: 1, 3: 5, 0: 0})
    t0, t1 = team(events, 0), team(events, 1)
    assert (t0["contract"], t0["tricks"], t0["made"]) == (1, 1, True)
    assert (t0["contract_points"], t0["overtricks"], t0["meld_points_scored"]) == (10, 0, 12)
    assert t0["hand_points"] == 22 and t0["score_after"] == 22
    assert (t1["contract"], t1["tricks"], t1["made"]) == (10, 12, True)
    assert (t1["contract_points"], t1["overtricks"], t1["hand_points"]) == (100, 2, 102)
    assert (t1["excess_before"], t1["excess_added"], t1["excess_after"]) == (0, 2, 2)
    assert state["scores"] == [22, 102]
    assert state["excess"] == [0, 2]
    assert t0["bids"] == [0, 1] and t1["bids"] == [5, 5]


def test_failed_contract_loses_ten_a_trick_and_halves_the_melds() -> None:
    # Team 1 bids 13 and takes 12; team 0 bids 2 and takes 1: both fail.
    state, events = split_hand({1: 13, 2: 2, 3: 0, 0: 0}, {3: CORE_RUN}, scores=[50, 60])
    t0, t1 = team(events, 0), team(events, 1)
    assert not t0["made"] and not t1["made"]
    assert (t0["contract_points"], t0["meld_points"], t0["meld_points_scored"]) == (-20, 12, 6)
    assert t0["melds_halved"] is True
    assert (t1["contract_points"], t1["meld_points"], t1["meld_points_scored"]) == (-130, 3, 1)
    assert t0["overtricks"] == 0 and t0["excess_added"] == 0
    assert state["scores"] == [50 - 14, 60 - 129]
    assert state["excess"] == [0, 0]


def test_halving_is_of_the_team_total() -> None:  # R6
    # Team 1 fails with two Runs of 3 (seat 1's 3V-5V, seat 3's 2C-4C): 6 halves to 3,
    # where halving each meld would give 1 + 1.
    melds = {1: [suit("V", "345")], 3: CORE_RUN}
    _, events = split_hand({1: 13, 2: 2, 3: 0, 0: 0}, melds)
    t1 = team(events, 1)
    assert (t1["made"], t1["meld_points"], t1["meld_points_scored"]) == (False, 6, 3)
    assert t1["hand_points"] == -130 + 3


def test_contract_zero_makes_with_any_tricks() -> None:
    # Team 0 bids 0 and takes 1 trick: made, the trick an overtrick.
    _, events = split_hand({1: 13, 2: 0, 3: 0, 0: 0})
    t0 = team(events, 0)
    assert (t0["contract"], t0["made"], t0["hand_points"], t0["excess_added"]) == (0, True, 13, 1)
    # Team 0 bids 0 and takes no trick at all: made too.
    state = new(later_hand(ALL_TRUMPS))
    state = bid_all(declare_all(state), {1: 3, 2: 0, 3: 3, 0: 0})
    state, events = play_hand(state)
    t0 = team(events, 0)
    assert (t0["tricks"], t0["made"], t0["hand_points"]) == (0, True, 0)


def test_the_imperial_audit() -> None:
    # Team 1 bids 10 and takes 12: 2 overtricks on an Excess of 8 reach 10.
    state, events = split_hand({1: 5, 2: 1, 3: 5, 0: 0}, scores=[100, 200], excess=[3, 8])
    t1 = team(events, 1)
    assert (t1["excess_before"], t1["excess_added"]) == (8, 2)
    assert (t1["audits"], t1["audit_points"], t1["excess_after"]) == (1, -100, 0)
    assert t1["score_after"] == 200 + 102 - 100
    assert state["scores"][1] == 202
    assert state["excess"] == [3, 0]
    assert state["history"][-1]["audits"] == [0, 1]


def test_two_audits_in_one_hand() -> None:  # R7, R8
    # Both teams bid 0: team 1 takes 12 overtricks on an Excess of 9 (21: two Audits),
    # team 0 takes 1 on an Excess of 9 (one Audit).
    state, events = split_hand({1: 0, 2: 0, 3: 0, 0: 0}, scores=[5, 5], excess=[9, 9])
    t0, t1 = team(events, 0), team(events, 1)
    assert (t1["audits"], t1["audit_points"], t1["excess_after"]) == (2, -200, 1)
    assert (t0["audits"], t0["excess_after"]) == (1, 0)
    assert state["scores"] == [5 + 13 - 100, 5 + 12 - 200]


def test_frontier_keeps_no_excess_and_penalises_fifteen() -> None:
    options = {"variant": "frontier"}
    state, events = split_hand({1: 0, 2: 0, 3: 0, 0: 0}, options=options, hand_number=5)
    t1 = team(events, 1)
    assert (t1["overtricks"], t1["hand_points"], t1["excess_added"], t1["audits"]) == (12, 12, 0, 0)
    assert state["excess"] == [0, 0]
    state, events = split_hand(
        {1: 13, 2: 2, 3: 0, 0: 0}, {3: CORE_RUN}, options=options, hand_number=5
    )
    assert team(events, 1)["contract_points"] == -15 * 13
    assert team(events, 0)["hand_points"] == -30 + 6
    # An explicit penalty overrides the variant's.
    _, events = split_hand(
        {1: 13, 2: 2, 3: 0, 0: 0}, options={**options, "penalty": 12}, hand_number=5
    )
    assert team(events, 1)["contract_points"] == -12 * 13


def test_score_team_formulas() -> None:
    made = score_team(0, (4, 3), 9, 11, 40, 5, 10, True)
    assert made["hand_points"] == 70 + 2 + 11
    assert (made["excess_after"], made["audits"], made["score_after"]) == (7, 0, 123)
    failed = score_team(1, (4, 3), 6, 11, 40, 5, 10, True)
    assert failed["hand_points"] == -70 + 5
    assert failed["excess_after"] == 5
    frontier = score_team(0, (4, 3), 9, 0, 0, 0, 15, False)
    assert (frontier["hand_points"], frontier["excess_added"]) == (72, 0)


# --- the Hand Pot ------------------------------------------------------------------------------


def test_pot_to_the_only_team_that_made() -> None:
    state, events = split_hand({1: 13, 2: 1, 3: 0, 0: 0})
    pot = one(events, "hand_pot")
    # antes 4 + meld wagers 2 x 2 + trick credits 14 = 22
    assert (pot["outcome"], pot["team"], pot["amount"], pot["odd_chip"]) == ("won", 0, 22, 0)
    assert pot["shares"] == [{"seat": 0, "amount": 11}, {"seat": 2, "amount": 11}]
    assert pot["reason"] == "only that team made its contract"
    # the next hand's pot holds only its antes
    assert state["hand_pot"] == 4
    assert one(events, "antes")["carried"] == 0


def test_pot_to_the_team_with_more_tricks_when_both_made() -> None:
    _, events = split_hand({1: 12, 2: 1, 3: 0, 0: 0})
    assert team(events, 0)["made"] and team(events, 1)["made"]
    pot = one(events, "hand_pot")
    assert (pot["team"], pot["outcome"]) == (1, "won")
    assert "more tricks (12 to 1)" in pot["reason"]


def test_pot_carries_over_when_neither_made() -> None:
    state, events = split_hand({1: 13, 2: 2, 3: 0, 0: 0}, {3: CORE_RUN})
    pot = one(events, "hand_pot")
    # antes 4 + wagers 3 x 2 + credits 15 = 25, all carried
    assert (pot["outcome"], pot["team"], pot["carried"], pot["shares"]) == ("carried", None, 25, [])
    antes = one(events, "antes")
    assert antes["carried"] == 25
    assert state["hand_pot"] == 25 + 4
    assert state["hand_number"] == 5
    assert not [e for e in state["ledger"] if e["dir"] == "out"]


def test_odd_chip_stays_in_the_pot() -> None:
    # A pot of 5 after the antes (one chip carried): 5 + wagers 4 + credits 14 = 23.
    setup = {"chips": [89, 89, 89, 88], "hand_pot": 5}
    state, events = split_hand({1: 13, 2: 1, 3: 0, 0: 0}, **setup)
    pot = one(events, "hand_pot")
    assert (pot["amount"], pot["odd_chip"], pot["carried"]) == (23, 1, 1)
    assert [share["amount"] for share in pot["shares"]] == [11, 11]
    assert state["hand_pot"] == 1 + 4
    assert chips_total(state) == 400


def test_one_chip_pot_stays() -> None:  # R9
    state, events = split_hand(
        {1: 13, 2: 1, 3: 0, 0: 0},
        options={"ante": 0, "meld_wager": 0, "trick_credit": 0},
        chips=[90, 90, 90, 89],
        hand_pot=1,
    )
    pot = one(events, "hand_pot")
    assert (pot["amount"], pot["odd_chip"], pot["shares"][0]["amount"]) == (1, 1, 0)
    assert state["hand_pot"] == 1


def test_every_chip_movement_is_in_the_ledger() -> None:
    state, _ = split_hand({1: 13, 2: 1, 3: 0, 0: 0})
    hand_4 = [e for e in state["ledger"] if e["hand"] == 4]
    reasons = [e["reason"] for e in hand_4]
    assert reasons.count("Each player pays the ante into the Hand Pot as the hand begins.") == 4
    stake = "Each player pays the accord stake into the Accord Pot as the game begins."
    assert reasons.count(stake) == 4
    assert reasons.count("Declaring a Run of 7 costs the meld wager.") == 1
    assert reasons.count("Declaring a Run of 6 costs the meld wager.") == 1
    credits = [e for e in hand_4 if e["reason"].startswith("Bidding ")]
    assert [(e["amount"], e["reason"]) for e in credits] == [
        (13, "Bidding 13 tricks costs the trick credit for each of them."),
        (1, "Bidding 1 trick costs the trick credit."),
    ]
    assert [(e["seat"], e["amount"]) for e in hand_4 if e["dir"] == "out"] == [(0, 11), (2, 11)]
    assert chips_total(state) == 400


# --- the end of the game ------------------------------------------------------------------


def test_reaching_the_target_ends_the_game() -> None:
    state, events = split_hand({1: 13, 2: 1, 3: 0, 0: 0}, scores=[240, 10])
    assert state["over"] and state["phase"] == "over" and state["to_act"] is None
    assert state["winner"] == 0
    assert state["scores"] == [262, 10 - 130]
    over = one(events, "game_over")
    assert (over["winner"], over["seats"], over["scores"]) == (0, [0, 2], [262, -120])
    accord = one(events, "accord_pot")
    assert accord["amount"] == 40 and accord["odd_chip_seat"] is None
    assert [s["amount"] for s in accord["shares"]] == [20, 20]
    assert state["accord_pot"] == 0
    assert not events_of(events, "deal")
    assert all(api.legal_actions(state, seat) == [] for seat in range(4))
    with pytest.raises(IllegalActionError) as caught:
        api.apply(state, {"type": "declare", "melds": []}, 0)
    assert caught.value.rule == "game-over"
    # the last hand stays on the table (R12)
    assert len(state["completed"]) == 13 and state["hands"] == [[], [], [], []]


def test_the_target_of_150() -> None:
    state, _ = split_hand({1: 13, 2: 1, 3: 0, 0: 0}, scores=[140, 10], options={"target": 150})
    assert state["over"] and state["winner"] == 0
    state, _ = split_hand({1: 13, 2: 1, 3: 0, 0: 0}, scores=[140, 10])
    assert not state["over"]


def test_a_team_can_win_with_a_failed_contract() -> None:  # R11
    # With no penalty, team 0's failed contract still scores its halved melds (+6).
    state, events = split_hand({1: 13, 2: 2, 3: 0, 0: 0}, options={"penalty": 0}, scores=[245, 10])
    assert not team(events, 0)["made"]
    assert state["scores"] == [251, 10]
    assert state["over"] and state["winner"] == 0


def test_accord_odd_chip_to_the_first_winner_from_the_dealers_left() -> None:
    # Dealer 0: the dealer's left is seat 1; the first team-0 seat from there is seat 2.
    setup = {"chips": [89, 89, 89, 88], "accord_pot": 41, "scores": [240, 10]}
    state, events = split_hand({1: 13, 2: 1, 3: 0, 0: 0}, **setup)
    accord = one(events, "accord_pot")
    assert accord["odd_chip_seat"] == 2
    assert {s["seat"]: s["amount"] for s in accord["shares"]} == {0: 20, 2: 21}
    odd = [e for e in state["ledger"] if e["reason"].startswith("The odd chip of the Accord Pot")]
    assert [(e["seat"], e["amount"]) for e in odd] == [(2, 1)]
    # Team 1 wins: seat 1, the dealer's left itself, gets the odd chip.
    state = new(later_hand(ALL_TRUMPS, scores=[0, 200], chips=[89, 89, 89, 88], accord_pot=41))
    state = bid_all(declare_all(state), {1: 6, 2: 0, 3: 0, 0: 0})
    state, events = play_hand(state)
    assert state["winner"] == 1
    assert one(events, "accord_pot")["odd_chip_seat"] == 1
    assert chips_total(state) == 400


def test_equal_scores_over_the_target_play_another_hand() -> None:
    # Team 0 makes 1 (10 + 12 melds = 22), team 1 makes 12 (120): 238 + 22 = 140 + 120.
    state, events = split_hand({1: 12, 2: 1, 3: 0, 0: 0}, scores=[238, 140])
    assert state["scores"] == [260, 260]
    tie = one(events, "tie")
    assert tie["scores"] == [260, 260]
    assert not state["over"] and state["winner"] is None
    assert state["hand_number"] == 5 and state["dealer"] == 1
    assert one(events, "deal")["trump"] == "Frontier"  # the rotation goes on
    assert state["accord_pot"] == 40
    # Play on until a hand separates the teams.
    count = 0
    while not state["over"]:
        seat = state["to_act"]
        action = choose(api.view(state, seat), "basic", count)
        state = api.apply(state, action, seat)["state"]
        count += 1
    assert state["scores"][0] != state["scores"][1]
    assert state["scores"][state["winner"]] == max(state["scores"])


def test_leftover_pot_stays_on_the_table_or_goes_to_the_winners() -> None:  # R17
    setup = {"chips": [89, 89, 89, 88], "hand_pot": 5, "scores": [240, 10]}
    state, events = split_hand({1: 13, 2: 1, 3: 0, 0: 0}, **setup)
    assert state["over"] and state["hand_pot"] == 1
    assert one(events, "game_over")["unclaimed"] == 1
    assert not events_of(events, "leftover_pot")
    state, events = split_hand(
        {1: 13, 2: 1, 3: 0, 0: 0}, options={"leftover_pot": "winners"}, **setup
    )
    leftover = one(events, "leftover_pot")
    assert (leftover["amount"], leftover["odd_chip_seat"]) == (1, 2)
    assert state["hand_pot"] == 0 and one(events, "game_over")["unclaimed"] == 0
    assert chips_total(state) == 400


# --- trump --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand_number", "trump"),
    [(0, "Void"), (1, "Frontier"), (2, "Border"), (3, "Core"), (4, "Void"), (7, "Core")],
)
def test_trump_rotates_with_the_hand_number(hand_number: int, trump: str) -> None:  # R1
    state = new(
        {"hand_number": hand_number, "dealer": 2, "scores": [1, 1]} if hand_number else None
    )
    assert api.view(state, 0)["trump"] == trump


def test_trump_rotates_from_hand_to_hand() -> None:
    state = new()
    seen = []
    for _ in range(5):
        seen.append(api.view(state, 0)["trump"])
        state = bid_all(declare_all(state), {0: 0, 1: 0, 2: 0, 3: 0})
        state, _ = play_hand(state)
    assert seen == ["Void", "Frontier", "Border", "Core", "Void"]


@pytest.mark.parametrize(
    ("options", "trump"),
    [
        ({"variant": "frontier"}, "Void"),
        ({"trump": "Core"}, "Core"),
        ({"variant": "frontier", "trump": "rotate"}, "Frontier"),
    ],
)
def test_fixed_trump(options: dict[str, str], trump: str) -> None:
    state = new({"hand_number": 5, "scores": [1, 1]}, **options)
    assert api.view(state, 0)["trump"] == trump


def test_chips_may_go_below_zero() -> None:  # R10
    state = new(start_chips=0)
    assert state["chips"] == [-11, -11, -11, -11]
    state = declare_all(state, {1: api.legal_actions(state, 1)[-1]["melds"]})
    state, _ = act(state, {"type": "bid", "tricks": 13})
    assert state["chips"][1] < -11
    assert sum(state["chips"]) + state["hand_pot"] + state["accord_pot"] == 0
