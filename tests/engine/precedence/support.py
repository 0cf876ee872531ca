"""Helpers shared by the Precedence tests: deals, setups and driving a hand."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from celestix import api
from celestix.precedence.cards import DECK, RANK_OF, SUIT_OF

State = dict[str, Any]
Action = dict[str, Any]
Event = dict[str, Any]


def fill(partial: dict[int, Sequence[str]]) -> list[list[str]]:
    """Four hands of 13: the cards given, and the rest dealt so that each seat gets each
    rank in a different suit and no two neighbouring ranks of a suit (no melds), as far
    as the cards given allow."""
    hands = [list(partial.get(seat, ())) for seat in range(4)]
    used = {card for hand in hands for card in hand}
    for card in DECK:
        if card in used:
            continue
        seat = (SUIT_OF[card] - RANK_OF[card]) % 4
        while len(hands[seat]) >= 13:
            seat = (seat + 1) % 4
        hands[seat].append(card)
    return hands


def suit(letter: str, ranks: str = "23456789TOMPE") -> list[str]:
    """The cards of one suit with the given rank letters."""
    return [rank + letter for rank in ranks]


# Seat 1 (the dealer's left) holds every Void card: with Void trump, team 1 takes 13.
ALL_TRUMPS = [suit("F"), suit("V"), suit("B"), suit("C")]

# A deal whose tricks are forced whatever is played (see docs/rules/precedence.md and
# test_flow.py): with dealer 0, trump Void, seat 2 declaring the Run 2B-8B and seat 0
# the Run 9B-EB, team 0 takes exactly 1 trick (the one Seat 1's 2F leads to) and team 1
# takes 12.
SPLIT = [
    ["2V", *suit("F", "345678"), *suit("B", "9TOMPE")],
    [*suit("V", "3456789TOMPE"), "2F"],
    [*suit("F", "9TOMPE"), *suit("B", "2345678")],
    suit("C"),
]
SPLIT_RUNS = {2: [suit("B", "2345678")], 0: [suit("B", "9TOMPE")]}


def new(setup: State | None = None, seed: int = 1, **options: Any) -> State:
    """A new game through the facade."""
    return api.new_game("precedence", options or None, seed, setup)


def act(state: State, action: Action) -> tuple[State, list[Event]]:
    """The seat to act takes ``action``."""
    result = api.apply(state, action, state["to_act"])
    return result["state"], result["events"]


def declare_all(state: State, melds: dict[int, list[list[str]]] | None = None) -> State:
    """Every seat declares (``melds[seat]`` or nothing)."""
    melds = melds or {}
    for _ in range(4):
        state, _ = act(state, {"type": "declare", "melds": melds.get(state["to_act"], [])})
    return state


def bid_all(state: State, bids: dict[int, int]) -> State:
    """Every seat bids ``bids[seat]``."""
    for _ in range(4):
        state, _ = act(state, {"type": "bid", "tricks": bids[state["to_act"]]})
    return state


def lowest(state: State) -> Action:
    """The first legal action (for a card: the lowest legal card in deck order)."""
    return api.legal_actions(state, state["to_act"])[0]


def highest(state: State) -> Action:
    """The last legal action."""
    return api.legal_actions(state, state["to_act"])[-1]


def play_hand(
    state: State, choose: Callable[[State], Action] = lowest
) -> tuple[State, list[Event]]:
    """Play the trick phase to the end of the hand; the events of the last card."""
    hand = state["hand_number"]
    events: list[Event] = []
    while not state["over"] and state["hand_number"] == hand:
        state, events = act(state, choose(state))
    return state, events


def events_of(events: list[Event], kind: str) -> list[Event]:
    """The events of one type."""
    return [event for event in events if event["type"] == kind]


def one(events: list[Event], kind: str) -> Event:
    """The one event of a type."""
    found = events_of(events, kind)
    assert len(found) == 1, f"expected one {kind!r} event, got {len(found)}"
    return found[0]


def chips_total(state: State) -> int:
    """Every chip on the table: the players' and both pots."""
    return sum(state["chips"]) + state["hand_pot"] + state["accord_pot"]


def later_hand(
    hands: list[list[str]],
    *,
    hand_number: int = 4,
    dealer: int = 0,
    scores: Sequence[int] = (0, 0),
    excess: Sequence[int] = (0, 0),
    **extra: Any,
) -> State:
    """A setup of a later hand (hand 4 keeps Void trump under rotation, dealer 0)."""
    return {
        "hands": hands,
        "hand_number": hand_number,
        "dealer": dealer,
        "scores": list(scores),
        "excess": list(excess),
        **extra,
    }
