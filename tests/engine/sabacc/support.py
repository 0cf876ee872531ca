"""Helpers of the Contract Sabacc tests: tables set up card by card, and scripted play.

Imported as ``sabacc.support`` (``tests/engine`` is on the path). Everything goes
through the facade, as a front end would.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from celestix import api
from celestix.sabacc.cards import DECK, SABACC, SUIT_OF
from celestix.sabacc.deal import HAND_SIZE

State = dict[str, Any]
Event = dict[str, Any]
Chooser = Callable[[State, list[dict[str, Any]]], dict[str, Any]]


def suit(letter: str, ranks: Iterable[int]) -> list[str]:
    """Cards of one suit: ``suit("c", range(1, 4))`` is 1c 2c 3c."""
    return [f"{rank}{letter}" for rank in ranks]


def sabaccs(*numbers: int) -> list[str]:
    """Sabacc codes: ``sabaccs(-1, -2, 0)``."""
    return [str(number) for number in numbers]


def sabacc_range(low: int, high: int) -> list[str]:
    """The Sabaccs ``-low`` to ``-high``: ``sabacc_range(1, 3)`` is -1 -2 -3."""
    return [str(-k) for k in range(low, high + 1)]


def new(players: int = 4, seed: int = 1, setup: State | None = None, **options: Any) -> State:
    """A new game through the facade."""
    return api.new_game("sabacc", {"players": players, **options}, seed, setup)


def act(state: State, action: dict[str, Any]) -> tuple[State, list[Event]]:
    """The seat to act takes ``action``; the new state and the events."""
    result = api.apply(state, action, state["to_act"])
    return result["state"], result["events"]


def bid(state: State, word: str) -> tuple[State, list[Event]]:
    """The seat to act bids ``word``."""
    return act(state, {"type": "bid", "bid": word})


def bids(state: State, *words: str) -> tuple[State, list[Event]]:
    """Several bids in turn; the events of all of them."""
    events: list[Event] = []
    for word in words:
        state, more = bid(state, word)
        events.extend(more)
    return state, events


def declare(state: State, declarer: int, contract: str) -> tuple[State, list[Event]]:
    """Everyone passes except ``declarer``, who bids ``contract`` at their first turn."""
    events: list[Event] = []
    while state["phase"] == "bid" and state["declarer"] is None:
        word = contract if state["to_act"] == declarer else "pass"
        state, more = bid(state, word)
        events.extend(more)
    return state, events


def first_legal(state: State, legal: list[dict[str, Any]]) -> dict[str, Any]:
    """A chooser: the first legal action (the lowest card in deck order)."""
    return legal[0]


def play_until(
    state: State, done: Callable[[State], bool], chooser: Chooser = first_legal
) -> tuple[State, list[Event]]:
    """Act with ``chooser`` until ``done(state)``; every event on the way."""
    events: list[Event] = []
    while not done(state):
        legal = api.legal_actions(state, state["to_act"])
        state, more = act(state, chooser(state, legal))
        events.extend(more)
    return state, events


def finish_round(state: State, chooser: Chooser = first_legal) -> tuple[State, list[Event]]:
    """Play out the current round (the state after: next round dealt, or game over)."""
    round_index = state["round"]
    return play_until(state, lambda s: s["over"] or s["round"] != round_index, chooser)


def seat_policy(policies: dict[int, Chooser], default: Chooser = first_legal) -> Chooser:
    """A chooser that asks ``policies[seat]`` for the seats it names."""

    def choose(state: State, legal: list[dict[str, Any]]) -> dict[str, Any]:
        return policies.get(state["to_act"], default)(state, legal)

    return choose


def preferring(order: list[str], avoid_last: Iterable[str] = ()) -> Chooser:
    """A chooser that plays the first card of ``order`` that is legal, keeping the cards
    of ``avoid_last`` for when nothing else is legal; else the first legal action."""
    late = set(avoid_last)

    def choose(state: State, legal: list[dict[str, Any]]) -> dict[str, Any]:
        cards = {action.get("card"): action for action in legal}
        for card in order:
            if card in cards and card not in late:
                return cards[card]
        early = [action for action in legal if action.get("card") not in late]
        return (early or legal)[0]

    return choose


def fill_hands(players: int, fixed: dict[int, list[str]], talon: list[str]) -> list[list[str]]:
    """Hands for a setup: the ``fixed`` ones, the others dealt the remaining cards in
    deck order."""
    used = set(talon)
    for cards in fixed.values():
        used.update(cards)
    rest = [card for card in DECK if card not in used]
    hands = []
    for seat in range(players):
        if seat in fixed:
            hands.append(list(fixed[seat]))
        else:
            hands.append(rest[: HAND_SIZE[players]])
            rest = rest[HAND_SIZE[players] :]
    assert not rest, "the fixed hands and talon leave the wrong number of cards"
    return hands


def events_of(events: list[Event], kind: str) -> list[Event]:
    """The events of one type."""
    return [event for event in events if event["type"] == kind]


def every_card(state: State) -> Counter[str]:
    """Every card of the state wherever it is (the talon counted once)."""
    counts: Counter[str] = Counter()
    for hand in state["hands"]:
        counts.update(hand)
    counts.update(state["aside"])
    for trick in state["played"]:
        counts.update(play["card"] for play in trick["plays"])
    counts.update(play["card"] for play in state["trick"])
    if state["contract"] not in ("take", "push", "guard"):
        counts.update(state["talon"])
    return counts


def chip_total(state: State) -> int:
    """Chips in hand, in front of players and in the Ante Pot."""
    return int(sum(state["chips"]) + sum(state["wagers"]) + state["ante_pot"])


def dumps(value: Any) -> str:
    """A canonical JSON text, to compare values byte for byte."""
    return json.dumps(value, sort_keys=True)


def is_sabacc(card: str) -> bool:
    """Whether ``card`` is a Sabacc."""
    return SUIT_OF[card] == SABACC


# A table of four, dealer 3 (seat 2 bids first, seat 0 leads the first trick), whose
# hands make every rule of play show: seat 0 has no Sabacc, seat 1 none either, seat 2
# Sabaccs and few staves, seat 3 a few Sabaccs above and below seat 2's.
PLAY_TALON = [*sabaccs(-11, -20, -21, 0), "14s", "14t"]
PLAY_HANDS = [
    suit("c", range(1, 10)) + suit("f", range(1, 10)),
    suit("c", range(10, 15)) + suit("s", range(1, 14)),
    sabacc_range(1, 7) + sabacc_range(12, 18) + suit("t", range(1, 5)),
    suit("f", range(10, 15)) + suit("t", range(5, 14)) + sabaccs(-8, -9, -10, -19),
]
PLAY_SETUP: State = {"dealer": 3, "hands": PLAY_HANDS, "talon": PLAY_TALON}
