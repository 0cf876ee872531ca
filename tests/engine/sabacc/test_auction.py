"""The auction (RULES.md 3.3): order, bids and stakes, passing, the void round."""

from __future__ import annotations

import pytest
from sabacc.support import bid, bids, events_of, new

from celestix import api
from celestix.errors import IllegalActionError

ALL_BIDS = ["take", "push", "guard", "guard_without", "guard_against", "pass"]


def legal_bids(state: dict[str, object]) -> list[str]:
    return [action["bid"] for action in api.legal_actions(state, state["to_act"])]  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_bidding_starts_left_of_the_dealer_and_goes_counterclockwise(
    players: int, dealer: int
) -> None:
    state = new(players, setup={"dealer": dealer})
    order = []
    for _ in range(players - 1):
        order.append(state["to_act"])
        state, _ = bid(state, "pass")
    order.append(state["to_act"])
    assert order == [(dealer - 1 + k) % players for k in range(players)]
    assert order[0] == (dealer - 1) % players  # the dealer's left
    assert order[1] == dealer  # counterclockwise from the left, the dealer bids next


def test_first_bids_offer_every_contract_and_pass() -> None:
    assert legal_bids(new(4)) == ALL_BIDS


def test_each_bid_must_be_higher_and_stakes_add_up_for_the_bidder_alone() -> None:
    # The stakes "everyone" rule, the default, is tested in test_stakes.py.
    state = new(4, setup={"dealer": 0}, stakes="bidder")  # order 3, 0, 1, 2
    state, events = bid(state, "take")
    assert state["wagers"] == [0, 0, 0, 1]
    assert events[0] == {
        "type": "bid", "seat": 3, "bid": "take", "name": "Take", "stake": 1, "wager": 1,
        "callers": [3], "wagers": [0, 0, 0, 1], "highest": "take", "next": 0,
    }  # fmt: skip
    assert legal_bids(state) == ["push", "guard", "guard_without", "guard_against", "pass"]
    with pytest.raises(IllegalActionError) as error:
        bid(state, "take")
    assert error.value.rule == "bid-too-low"
    assert "higher than Take" in error.value.message
    state, _ = bids(state, "pass", "push", "pass")  # 0 passes, 1 pushes, 2 passes
    assert state["to_act"] == 3
    assert legal_bids(state) == ["guard", "guard_without", "guard_against", "pass"]
    state, _ = bid(state, "guard")  # 3 has now staked 1 + 2
    assert state["wagers"] == [0, 1, 0, 3]
    # Seat 0 and 2 passed: they stay out. Seat 1 is next.
    assert state["to_act"] == 1
    state, events = bid(state, "pass")
    won = events_of(events, "auction_won")[0]
    assert won["declarer"] == 3 and won["contract"] == "guard"
    assert won["wager"] == 3 and won["stacks"] == 3
    # The declarer adds a stack equal to their own wager for each of the three defenders.
    assert state["wagers"] == [0, 1, 0, 12]
    assert won["table"] == 13
    assert state["chips"] == [99, 98, 99, 87]
    stacks = [e for e in state["ledger"] if "a stack" in e["reason"]]
    assert [(e["seat"], e["amount"]) for e in stacks] == [(3, 3)] * 3
    assert [e["reason"] for e in stacks] == [
        "The declarer puts in a stack equal to their own wager for one defender."
    ] * 3
    assert state["declarer"] == 3 and state["contract"] == "guard"


def test_a_passed_player_never_bids_again() -> None:
    state = new(3, setup={"dealer": 1})  # order 0, 1, 2
    state, _ = bids(state, "pass", "take", "push")  # 0 out
    assert state["to_act"] == 1  # 0 is skipped
    state, _ = bid(state, "guard")
    assert state["to_act"] == 2
    state, _ = bid(state, "guard_without")
    assert state["to_act"] == 1
    state, _ = bid(state, "pass")
    assert state["declarer"] == 2 and state["contract"] == "guard_without"
    passes = [b["seat"] for b in state["bids"] if b["bid"] == "pass"]
    assert passes == [0, 1]


def test_bidding_ends_when_all_but_the_highest_bidder_passed() -> None:
    state = new(5, setup={"dealer": 2})  # order 1, 2, 3, 4, 0
    state, _ = bids(state, "pass", "push", "pass", "pass")
    assert state["phase"] == "bid" and state["to_act"] == 0
    state, _ = bid(state, "pass")
    assert state["declarer"] == 2 and state["contract"] == "push"
    assert state["phase"] == "aside"


@pytest.mark.parametrize(
    ("stakes", "wagers"), [("everyone", [6, 6, 6, 24]), ("bidder", [0, 0, 0, 24])]
)
def test_guard_against_cannot_be_outbid_so_bidding_ends_at_once(
    stakes: str, wagers: list[int]
) -> None:
    state = new(4, setup={"dealer": 0}, stakes=stakes)
    state, events = bid(state, "guard_against")
    won = events_of(events, "auction_won")[0]
    assert won["declarer"] == 3 and "nobody can bid higher" in won["reason"]
    assert state["phase"] == "play"
    assert state["wagers"] == wagers
    # Nobody else was asked: the others' passes are taken as read, and none is recorded.
    assert [b["bid"] for b in state["bids"]] == ["guard_against"]


@pytest.mark.parametrize(
    ("stakes", "wagers"),
    [
        ("everyone", [9, 36, 9, 9]),  # 1 + 2 + 6 each; 9 own + 9 for each of three defenders
        ("bidder", [2, 24, 0, 1]),  # 6 own + 6 for each of three defenders
    ],
)
def test_guard_against_after_other_bids_ends_bidding_too(stakes: str, wagers: list[int]) -> None:
    state = new(4, setup={"dealer": 0}, stakes=stakes)
    state, _ = bids(state, "take", "guard")
    state, _events = bid(state, "guard_against")
    assert state["declarer"] == 1
    assert state["wagers"] == wagers
    assert state["phase"] == "play"


@pytest.mark.parametrize("players", [3, 4, 5])
def test_everyone_passes_the_round_is_void_and_the_deal_passes_right(players: int) -> None:
    state = new(players, seed=4, setup={"dealer": 1})
    pot_before = state["ante_pot"]
    chips_before = list(state["chips"])
    state, events = bids(state, *["pass"] * players)
    void = events_of(events, "void_round")[0]
    assert void["round"] == 0 and void["dealer"] == 1
    assert void["returned"] == [0] * players
    # The Ante Pot keeps its chips (plus the next round's antes); the deal passes right.
    assert state["round"] == 1 and state["dealer"] == 2
    assert state["ante_pot"] == pot_before + players
    assert state["chips"] == [c - 1 for c in chips_before]
    assert state["last_round"]["void"] is True
    assert state["last_round"]["talon"] == []  # nobody ever sees a void round's talon
    assert [e["type"] for e in events][-2:] == ["antes", "deal"]
    assert events_of(events, "deal")[0]["to_act"] == 1


def test_bid_actions_are_refused_outside_the_auction() -> None:
    state = new(4, setup={"dealer": 0})
    state, _ = bids(state, "guard_without", "pass", "pass", "pass")
    assert state["phase"] == "play"
    with pytest.raises(IllegalActionError) as error:
        api.apply(state, {"type": "bid", "bid": "pass"}, state["to_act"])
    assert error.value.rule == "wrong-phase"


def test_bidding_out_of_turn_is_refused() -> None:
    state = new(4, setup={"dealer": 0})
    with pytest.raises(IllegalActionError) as error:
        api.apply(state, {"type": "bid", "bid": "take"}, 0)
    assert error.value.rule == "turn"
    assert api.legal_actions(state, 0) == []
