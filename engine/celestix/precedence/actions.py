"""Precedence's actions, a tagged union on ``type``, and the check that makes one of
what a caller sent (the facade's edge: anything else is refused, naming the field).

The legal actions of a seat (:mod:`celestix.precedence.legal`) are of one kind in each
phase; :func:`cards_of` and :func:`declarations_of` read them as such.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, TypedDict

from celestix.precedence.cards import CARD_CODES
from celestix.shape import (
    expect_card,
    expect_dict,
    expect_int,
    expect_keys,
    expect_list,
    expect_str,
)
from celestix.table.tricks import PlayAction

ACTION_TYPES = ("declare", "bid", "play")


class DeclareAction(TypedDict):
    """Declare these melds (an empty list declares none)."""

    type: Literal["declare"]
    melds: list[list[str]]


class BidAction(TypedDict):
    """Bid this many tricks."""

    type: Literal["bid"]
    tricks: int


Action = DeclareAction | BidAction | PlayAction


def parse_action(action: object) -> Action:
    """``action`` checked for shape: a known type with exactly its keys (a fresh object)."""
    checked = expect_dict(action, "action")
    kind = expect_str(checked.get("type"), "action.type", ACTION_TYPES)
    if kind == "declare":
        expect_keys(checked, "action", ["type", "melds"])
        melds = [
            [
                expect_card(card, f"action.melds[{i}][{j}]", CARD_CODES)
                for j, card in enumerate(expect_list(meld, f"action.melds[{i}]"))
            ]
            for i, meld in enumerate(expect_list(checked["melds"], "action.melds"))
        ]
        return {"type": "declare", "melds": melds}
    if kind == "bid":
        expect_keys(checked, "action", ["type", "tricks"])
        return {"type": "bid", "tricks": expect_int(checked["tricks"], "action.tricks")}
    expect_keys(checked, "action", ["type", "card"])
    return {"type": "play", "card": expect_card(checked["card"], "action.card", CARD_CODES)}


def cards_of(moves: Sequence[Action]) -> list[str]:
    """The cards of the play actions among ``moves`` (all of them in the play phase)."""
    return [move["card"] for move in moves if move["type"] == "play"]


def declarations_of(moves: Sequence[Action]) -> list[DeclareAction]:
    """The declarations among ``moves`` (all of them in the declaration phase)."""
    return [move for move in moves if move["type"] == "declare"]
