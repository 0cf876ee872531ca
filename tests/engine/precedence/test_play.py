"""Bidding and trick play (RULES.md 1, steps 4 and 5; ruling R5)."""

from __future__ import annotations

import pytest
from precedence.support import (
    ALL_TRUMPS,
    SPLIT,
    act,
    bid_all,
    declare_all,
    fill,
    later_hand,
    new,
    one,
    suit,
)

from celestix import api
from celestix.errors import IllegalActionError, MalformedError

# --- bidding ------------------------------------------------------------------------------


def test_bids_go_round_from_the_dealers_left_and_pay_the_credit() -> None:
    state = declare_all(new({"dealer": 1}, trick_credit=2))
    order = []
    for tricks in (3, 4, 0, 5):
        order.append(state["to_act"])
        before = list(state["chips"])
        state, events = act(state, {"type": "bid", "tricks": tricks})
        seat = order[-1]
        assert before[seat] - state["chips"][seat] == 2 * tricks
        assert one(events, "bid")["credit"] == 2 * tricks
    assert order == [2, 3, 0, 1]
    assert state["bids"] == [0, 5, 3, 4]
    assert state["phase"] == "play"
    assert state["to_act"] == 2  # left of the dealer leads
    credits = [e for e in state["ledger"] if "costs the trick credit" in e["reason"]]
    assert [e["amount"] for e in credits] == [6, 8, 10]  # a bid of 0 costs nothing


def test_team_contract_capped_at_13() -> None:
    state = declare_all(new())
    state, _ = act(state, {"type": "bid", "tricks": 9})  # seat 1
    state, _ = act(state, {"type": "bid", "tricks": 13})  # seat 2: alone, 13 is fine
    assert [move["tricks"] for move in api.legal_actions(state, 3)] == [0, 1, 2, 3, 4]
    with pytest.raises(IllegalActionError) as caught:
        api.apply(state, {"type": "bid", "tricks": 5}, 3)
    assert caught.value.rule == "team-cap"
    state, _ = act(state, {"type": "bid", "tricks": 4})
    assert [move["tricks"] for move in api.legal_actions(state, 0)] == [0]
    with pytest.raises(IllegalActionError):
        api.apply(state, {"type": "bid", "tricks": 1}, 0)


@pytest.mark.parametrize("tricks", [-1, 14, 100])
def test_bid_out_of_range_is_illegal(tricks: int) -> None:
    state = declare_all(new())
    with pytest.raises(IllegalActionError) as caught:
        api.apply(state, {"type": "bid", "tricks": tricks}, 1)
    assert caught.value.rule == "bid-range"


@pytest.mark.parametrize("tricks", ["3", 3.0, True, None, [3]])
def test_bid_not_a_whole_number_is_malformed(tricks: object) -> None:
    state = declare_all(new())
    with pytest.raises(MalformedError):
        api.apply(state, {"type": "bid", "tricks": tricks}, 1)


@pytest.mark.parametrize(
    ("action", "field"),
    [
        ("play EV", "action"),
        ({"tricks": 3}, "action.type"),
        ({"type": "pass"}, "action.type"),
        ({"type": "declare"}, "action.melds"),
        ({"type": "declare", "melds": "EV"}, "action.melds"),
        ({"type": "declare", "melds": ["EV"]}, "action.melds[0]"),
        ({"type": "declare", "melds": [["EV", "ZZ"]]}, "action.melds[0][1]"),
        ({"type": "bid", "tricks": 3, "card": "EV"}, "action.card"),
        ({"type": "bid", "tricks": "3"}, "action.tricks"),
        ({"type": "play", "card": 7}, "action.card"),
        ({"type": "play"}, "action.card"),
    ],
)
def test_a_malformed_action_is_refused_naming_its_field(action: object, field: str) -> None:
    with pytest.raises(MalformedError) as caught:
        api.apply(new(), action, 1)
    assert caught.value.field == field


def test_actions_of_the_wrong_phase_are_illegal() -> None:
    state = new()
    for action in ({"type": "bid", "tricks": 1}, {"type": "play", "card": state["hands"][1][0]}):
        with pytest.raises(IllegalActionError) as caught:
            api.apply(state, action, 1)
        assert caught.value.rule == "wrong-phase"
    state = declare_all(state)
    with pytest.raises(IllegalActionError):
        api.apply(state, {"type": "declare", "melds": []}, 1)


# --- trick play ---------------------------------------------------------------------------


def ready(
    hands: list[list[str]], melds: dict[int, list[list[str]]] | None = None, **options: object
) -> dict[str, object]:
    """Hand 4 (Void trump under rotation), dealer 0, declared and bid (1 trick each)."""
    state = new(later_hand(hands), **options)
    return bid_all(declare_all(state, melds), {0: 1, 1: 1, 2: 1, 3: 1})


def cards(state: dict[str, object], seat: int) -> list[str]:
    return [move["card"] for move in api.legal_actions(state, seat)]


def test_follow_suit_if_able() -> None:
    hands = fill({1: ["9F"], 2: ["2F", "EB"], 3: ["EV", "2B"]})
    state = ready(hands)
    state, _ = act(state, {"type": "play", "card": "9F"})
    assert cards(state, 2) == [c for c in state["hands"][2] if c[1] == "F"]
    with pytest.raises(IllegalActionError) as caught:
        api.apply(state, {"type": "play", "card": "EB"}, 2)
    assert caught.value.rule == "follow-suit"
    assert "Frontier" in caught.value.message


def test_any_card_when_void_in_the_suit_led() -> None:
    hands = fill({1: ["9F"], 2: suit("B")})
    state = ready(hands)
    state, _ = act(state, {"type": "play", "card": "9F"})
    assert cards(state, 2) == state["hands"][2]


def test_declared_cards_first_when_following() -> None:
    hands = fill({1: ["EF"], 2: ["2F", "3F", "4F", "9F", "2B"]})
    state = ready(hands, {2: [["2F", "3F", "4F"]]})
    state, _ = act(state, {"type": "play", "card": "EF"})
    assert cards(state, 2) == ["2F", "3F", "4F"]
    with pytest.raises(IllegalActionError) as caught:
        api.apply(state, {"type": "play", "card": "9F"}, 2)
    assert caught.value.rule == "declared-first"
    state, events = act(state, {"type": "play", "card": "3F"})
    assert one(events, "play")["declared"] is True


def test_follow_suit_comes_before_declared_first() -> None:
    hands = fill({1: ["EF"], 2: ["2B", "3B", "4B", "9F"]})
    state = ready(hands, {2: [["2B", "3B", "4B"]]})
    state, _ = act(state, {"type": "play", "card": "EF"})
    frontier = [card for card in state["hands"][2] if card[1] == "F"]
    assert "9F" in frontier
    assert cards(state, 2) == frontier  # the declared Border cards do not follow suit


def test_declared_cards_first_when_void() -> None:
    hands = fill({1: ["EF"], 2: ["2B", "3B", "4B", *suit("C", "23456789TO")]})
    assert not [card for card in hands[2] if card[1] == "F"]
    state = ready(hands, {2: [["2B", "3B", "4B"]]})
    state, _ = act(state, {"type": "play", "card": "EF"})
    assert cards(state, 2) == ["2B", "3B", "4B"]


def test_declared_cards_first_when_leading() -> None:  # R5
    hands = fill({1: ["EV", "5B", "5F", "5C"]})
    state = ready(hands, {1: [["5F", "5B", "5C"]]})
    assert cards(state, 1) == ["5F", "5B", "5C"]
    with pytest.raises(IllegalActionError) as caught:
        api.apply(state, {"type": "play", "card": "EV"}, 1)
    assert caught.value.rule == "declared-first"
    assert "the 5 of Frontier" in caught.value.message


def test_a_card_not_in_hand_is_refused() -> None:
    state = ready(fill({1: ["EV"], 2: ["EF"]}))
    with pytest.raises(IllegalActionError) as caught:
        api.apply(state, {"type": "play", "card": "EF"}, 1)
    assert caught.value.rule == "not-in-hand"
    with pytest.raises(MalformedError):
        api.apply(state, {"type": "play", "card": "ZZ"}, 1)


def play_trick(
    state: dict[str, object], played: list[str]
) -> tuple[dict[str, object], dict[str, object]]:
    events: list[dict[str, object]] = []
    for card in played:
        state, events = act(state, {"type": "play", "card": card})
    return state, one(events, "trick")


def test_emperor_is_highest_of_its_suit() -> None:
    hands = fill({1: ["2F"], 2: ["PF"], 3: ["3F"], 0: ["EF"]})
    state = ready(hands)
    state, trick = play_trick(state, ["2F", "PF", "3F", "EF"])
    assert trick["winner"] == 0
    assert trick["card"] == "EF"
    assert trick["reason"] == "highest Frontier"
    assert trick["reason_kind"] == "suit"
    assert state["to_act"] == 0  # the winner leads
    assert state["taken"] == [1, 0, 0, 0]


def test_the_highest_trump_wins() -> None:
    # Hand 4: Void is trump. Seats 2 and 3 hold no Frontier, so they may trump.
    hands = fill(
        {1: ["EF"], 2: ["2V", *suit("B", "23456789TOME")], 3: ["3V", *suit("C", "23456789TOME")]}
    )
    state = ready(hands)
    state, _ = act(state, {"type": "play", "card": "EF"})
    state, _ = act(state, {"type": "play", "card": "2V"})
    state, _ = act(state, {"type": "play", "card": "3V"})
    state, trick = play_trick(state, [cards(state, 0)[0]])
    assert trick["winner"] == 3
    assert trick["card"] == "3V"
    assert trick["reason"] == "highest trump"
    assert trick["reason_kind"] == "trump"


def test_an_off_suit_card_cannot_win() -> None:
    # Border is not trump in hand 4: the Emperor of Border, played off suit, loses.
    hands = fill({1: ["2F"], 2: ["EB", *suit("C", "23456789TOMP")]})
    state = ready(hands)
    state, _ = act(state, {"type": "play", "card": "2F"})
    state, _ = act(state, {"type": "play", "card": "EB"})
    state, _ = act(state, {"type": "play", "card": cards(state, 3)[0]})
    state, trick = play_trick(state, [cards(state, 0)[0]])
    assert trick["winner"] != 2


def test_trump_may_be_led_at_any_time() -> None:
    state = ready(fill({1: ["2V", "EF"]}))
    assert "2V" in cards(state, 1)
    state, _ = act(state, {"type": "play", "card": "2V"})
    assert state["trick"] == [{"seat": 1, "card": "2V"}]


def test_the_first_trick_is_led_left_of_the_dealer() -> None:
    for dealer in range(4):
        state = new({"dealer": dealer})
        state = bid_all(declare_all(state), {0: 0, 1: 0, 2: 0, 3: 0})
        assert state["to_act"] == (dealer + 1) % 4
        assert state["phase"] == "play"


def test_all_trumps_take_every_trick() -> None:
    state = ready(ALL_TRUMPS)
    while state["hand_number"] == 4:
        state, events = act(state, api.legal_actions(state, state["to_act"])[-1])
        for trick in (e for e in events if e["type"] == "trick"):
            assert trick["winner"] == 1
    assert state["history"][-1]["tricks"] == [0, 13]


def test_split_deal_gives_team_0_one_trick() -> None:
    state = new(later_hand(SPLIT))
    state = declare_all(state, {2: [suit("B", "2345678")], 0: [suit("B", "9TOMPE")]})
    state = bid_all(state, {0: 1, 1: 1, 2: 1, 3: 1})
    # Lead the 2F at once: the Frontier of team 0 beats it.
    state, trick = play_trick(state, ["2F", "EF", "2C", "8F"])
    assert trick["winner"] == 2
    assert trick["reason"] == "highest Frontier"
