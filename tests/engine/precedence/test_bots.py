"""The computer players: the levels and the basic heuristics."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from precedence.support import (
    act,
    bid_all,
    declare_all,
    fill,
    later_hand,
    new,
    suit,
)
from scale import scaled

from celestix import api
from celestix.precedence.bots import LEVELS
from celestix.precedence.bots.basic import choose_bid, estimate_tricks
from celestix.rng import MAX_SEED, Rng


def bot(state: dict[str, Any], level: str = "basic", seed: int = 1) -> dict[str, Any]:
    return api.bot_action(api.view(state, state["to_act"]), level, seed)


# --- every level plays legally ------------------------------------------------------------


@settings(max_examples=scaled(25, 5))
@given(st.integers(0, MAX_SEED), st.integers(0, 150), st.sampled_from(["core", "frontier"]))
def test_every_level_chooses_a_legal_action(seed: int, steps: int, variant: str) -> None:
    state = new(seed=seed, variant=variant)
    rng = Rng(seed, 3)
    for _ in range(steps):
        if state["over"]:
            break
        state, _ = act(state, rng.choice(api.legal_actions(state, state["to_act"])))
    if state["over"]:
        return
    legal = api.legal_actions(state, state["to_act"])
    view = api.view(state, state["to_act"])
    for level in LEVELS:
        assert api.bot_action(view, level, seed) in legal
    assert api.bot_action(view, "easy", 1) == api.bot_action(view, "basic", 2)


def test_random_is_seeded_and_uniform_over_legal_actions() -> None:
    state = bid_all(declare_all(new(seed=5)), {0: 0, 1: 0, 2: 0, 3: 0})
    view = api.view(state, state["to_act"])
    legal = api.legal_actions(state, state["to_act"])
    assert api.bot_action(view, "random", 9) == api.bot_action(view, "random", 9)
    chosen = {json.dumps(api.bot_action(view, "random", s)) for s in range(200)}
    assert chosen == {json.dumps(action) for action in legal}
    # without a seed the view itself seeds the bot
    assert api.bot_action(view, "random") == api.bot_action(view, "random")


def test_bots_see_only_the_view() -> None:
    state = bid_all(declare_all(new(seed=5)), {0: 0, 1: 0, 2: 0, 3: 0})
    view = api.view(state, state["to_act"])
    assert "hands" not in view and "seed" not in view
    before = json.dumps(view)
    api.bot_action(view, "basic", 1)
    assert json.dumps(view) == before


# --- declaration --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "wager", "declared"),
    [
        (["EF", "EB", "EC"], 2, [["EF", "EB", "EC"]]),  # a Triad (5) pays for 2
        (["EF", "EB", "EC"], 6, []),  # but not for 6
        (suit("C", "234"), 2, [suit("C", "234")]),  # a Run of 3 (3) pays for 2
        (suit("C", "234"), 3, []),  # not for 3
        # 6 points for the fewest cards shown: a Run of 4 rather than of 6 or two of 3
        (suit("C", "234567"), 2, [suit("C", "2345")]),
    ],
)
def test_basic_declares_melds_that_pay_for_their_wager(
    cards: list[str], wager: int, declared: list[list[str]]
) -> None:
    state = new({"hands": fill({1: cards})}, meld_wager=wager)
    assert bot(state) == {"type": "declare", "melds": declared}


# --- bidding ------------------------------------------------------------------------------


def test_basic_bids_its_sure_tricks() -> None:
    assert choose_bid(suit("V"), 0, [None] * 4, 1) == 13  # every trump
    weak = [*suit("F", "2345"), *suit("B", "234"), *suit("C", "23456")]
    assert estimate_tricks([*weak, "2V"], 0) < 1
    assert choose_bid([*weak, "2V"], 0, [None] * 4, 1) == 0
    aces = [*weak[:9], "EF", "EB", "EC", "EV"]
    assert choose_bid(aces, 0, [None] * 4, 1) >= 3


def test_basic_bids_more_with_trump_length() -> None:
    side = [*suit("F", "2345"), *suit("B", "234"), "2C"]
    short = choose_bid([*side, "9V", "4C", "5C", "6C", "7C"], 0, [None] * 4, 1)
    long = choose_bid([*side, *suit("V", "9TOMP")], 0, [None] * 4, 1)
    assert long > short


def test_basic_adjusts_to_the_partners_bid() -> None:
    hand = [*suit("V", "OMPE"), *suit("F", "2345"), *suit("B", "234"), "2C", "3C"]
    alone = choose_bid(hand, 0, [None] * 4, 1)
    assert alone >= 4
    assert choose_bid(hand, 0, [None, None, None, 2], 1) == alone
    assert choose_bid(hand, 0, [None, None, None, 6], 1) == alone - 1
    assert choose_bid(hand, 0, [None, None, None, 11], 1) == 2  # the team cap
    state = declare_all(new({"hands": fill({1: hand})}))
    assert bot(state) == {"type": "bid", "tricks": alone}


# --- trick play ---------------------------------------------------------------------------


# Seat 1 leads the 2F; seat 0, last to play, holds 5F, 6F, PF and EF.
DEAL = [
    [*suit("F", "56PE"), *suit("V", "TOMPE"), *suit("C", "3MPE")],
    [*suit("F", "23"), *suit("V", "23456789"), *suit("B", "234")],
    [*suit("F", "TO"), *suit("B", "56789TOMPE"), "2C"],
    [*suit("F", "4789M"), *suit("C", "456789TO")],
]


def to_seat_0(led: list[str], bids: dict[int, int], **options: Any) -> dict[str, Any]:
    """Hand 4 of DEAL (Void trump), dealer 0: seats 1-3 play ``led``; seat 0 to act."""
    state = new(later_hand(DEAL), **options)
    state = bid_all(declare_all(state), bids)
    for card in led:
        state, _ = act(state, {"type": "play", "card": card})
    assert state["to_act"] == 0
    return state


NEED = {1: 1, 2: 5, 3: 1, 0: 5}  # team 0 needs 10 tricks: its contract is not safe
SAFE = {1: 1, 2: 0, 3: 1, 0: 0}  # team 0 bid nothing: overtricks only feed the Excess


def test_basic_does_not_overtake_its_partner() -> None:
    state = to_seat_0(["2F", "TF", "4F"], NEED)
    assert bot(state) == {"type": "play", "card": "5F"}


def test_basic_wins_cheaply_when_an_opponent_leads_the_trick() -> None:
    state = to_seat_0(["2F", "TF", "MF"], NEED)
    assert bot(state) == {"type": "play", "card": "PF"}


def test_basic_ducks_when_the_contract_is_safe() -> None:
    state = to_seat_0(["2F", "TF", "MF"], SAFE)
    assert bot(state) == {"type": "play", "card": "6F"}  # the highest card that loses
    # Under Frontier/Void there is no Excess: it takes the trick.
    state = to_seat_0(["2F", "TF", "MF"], SAFE, variant="frontier")
    assert bot(state) == {"type": "play", "card": "PF"}


def test_basic_draws_trump_when_strong() -> None:
    hand = [*suit("V", "TOMPE"), "2F", "3F", "4B", "5B", "6C", "7C", "8C", "9C"]
    state = bid_all(declare_all(new(later_hand(fill({1: hand})))), {1: 6, 2: 1, 3: 3, 0: 1})
    assert bot(state) == {"type": "play", "card": "EV"}
    weak = [*suit("F", "2E"), "2V", *suit("B", "3456"), *suit("C", "345678")]
    state = bid_all(declare_all(new(later_hand(fill({1: weak})))), {1: 1, 2: 1, 3: 3, 0: 1})
    assert bot(state)["card"] != "2V"
