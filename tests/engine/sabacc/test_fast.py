"""The searches' trick play on bit masks (sabacc/bots/fast.py) agrees with the engine."""

from __future__ import annotations

from typing import Any

import pytest
from sabacc.support import declare, events_of, finish_round, new

from celestix import api
from celestix.sabacc.aside import TALON_DECLARER
from celestix.sabacc.bots import fast
from celestix.sabacc.cards import CARD_ID, DECK, HALF_POINTS
from celestix.sabacc.state import talon_to

State = dict[str, Any]


def test_masks_and_cards() -> None:
    cards = ["1c", "14t", "-1", "0", "13f"]
    mask = fast.mask_of(cards)
    assert mask.bit_count() == 5
    assert fast.cards_of(mask) == sorted(cards, key=DECK.index)
    assert fast.cards_of(fast.SABACC_MASK) == list(DECK[56:])
    assert [fast.SUIT_OF_ID[DECK.index(c)] for c in ("1c", "14f", "7s", "1t", "-3", "0")] == [
        0, 1, 2, 3, 4, 4,
    ]  # fmt: skip


def test_winner_and_legal_masks_match_the_rules() -> None:
    ids = [DECK.index(c) for c in ("5c", "14c", "-1", "13c")]
    assert fast.winning_index(ids) == 2
    ids = [DECK.index(c) for c in ("-21", "0", "-20")]
    assert fast.winning_index(ids) == 1
    ids = [DECK.index(c) for c in ("5c", "14f", "6c")]
    assert fast.winning_index(ids) == 2
    hand = fast.mask_of(["1f", "2f", "-3"])
    assert fast.cards_of(fast.legal_mask(hand, fast.SUIT_OF_ID[DECK.index("9c")])) == ["-3"]
    assert fast.cards_of(fast.legal_mask(hand, fast.SUIT_OF_ID[DECK.index("9f")])) == ["1f", "2f"]
    assert fast.cards_of(fast.legal_mask(hand, -1)) == ["1f", "2f", "-3"]


def position(state: State) -> tuple[list[int], list[int], int]:
    """The hands as masks, the trick as card numbers and the tricks left of a state."""
    trick = [CARD_ID[play["card"]] for play in state["trick"]]
    hands = [fast.mask_of(hand) for hand in state["hands"]]
    return hands, trick, len(state["hands"][state["to_act"]])  # it has yet to play


def policy_chooser(state: State, legal: list[dict[str, Any]]) -> dict[str, Any]:
    """The playout policy's card, which must be one the engine allows."""
    hands, trick, left = position(state)
    seats = len(state["hands"])
    card = fast.policy_card(hands, state["to_act"], state["declarer"], seats, trick, left)
    led = fast.SUIT_OF_ID[trick[0]] if trick else -1
    assert fast.mask_of([m["card"] for m in legal]) == fast.legal_mask(hands[state["to_act"]], led)
    return {"type": "play", "card": DECK[card]}


@pytest.mark.parametrize(("players", "seed", "contract"), [
    (3, 1, "take"), (4, 2, "guard_without"), (5, 3, "guard_against"), (4, 4, "push"),
    (3, 7, "guard"), (5, 8, "take"),
])  # fmt: skip
def test_a_playout_ends_the_round_as_the_engine_ends_it(
    players: int, seed: int, contract: str
) -> None:
    state, _ = declare(new(players, seed=seed), 1, contract)
    while state["phase"] == "aside":
        state = api.apply(state, api.legal_actions(state, 1)[0], 1)["state"]
    pile = list(state["aside"]) + (state["talon"] if talon_to(state) == TALON_DECLARER else [])
    hands, trick, left = position(state)
    won = [0] * players
    half, _, _, plays = fast.playout(
        hands, players, 1, state["to_act"], trick, sum(HALF_POINTS[c] for c in pile), won, left
    )
    _, events = finish_round(state, policy_chooser)
    counted = events_of(events, "round_counted")[0]
    assert plays == players * left
    assert half == counted["points"]
    assert won == counted["tricks"]
