"""Contract Sabacc's actions, a tagged union on ``type``, and the check that makes one of
what a caller sent (the facade's edge: anything else is refused, naming the field).

The legal actions of a seat (:mod:`celestix.sabacc.legal`) are of one kind in each
phase; :func:`cards_of` reads the cards of the aside's and the play's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, NotRequired, TypedDict

from celestix.sabacc.auction import BID_CHOICES
from celestix.sabacc.cards import CARD_CODES
from celestix.shape import expect_card, expect_dict, expect_keys, expect_str
from celestix.table.tricks import PlayAction

ACTION_TYPES = ("bid", "aside", "play")


class BidAction(TypedDict):
    """Make this bid, or pass (``"pass"``)."""

    type: Literal["bid"]
    bid: str


class AsideAction(TypedDict):
    """Set this card aside (the declarer, after taking the talon in hand). In the review
    only, the aside's first card also carries the whole aside, ``cards`` in the order set
    aside (the aside is one decision there: sabacc/review.py); no move has them."""

    type: Literal["aside"]
    card: str
    cards: NotRequired[list[str]]


Action = BidAction | AsideAction | PlayAction


def parse_action(action: object) -> Action:
    """``action`` checked for shape: a known type with exactly its keys and values (a
    fresh object)."""
    checked = expect_dict(action, "action")
    kind = expect_str(checked.get("type"), "action.type", ACTION_TYPES)
    if kind == "bid":
        expect_keys(checked, "action", ["type", "bid"])
        return {"type": "bid", "bid": expect_str(checked["bid"], "action.bid", BID_CHOICES)}
    expect_keys(checked, "action", ["type", "card"])
    card = expect_card(checked["card"], "action.card", CARD_CODES)
    if kind == "aside":
        return {"type": "aside", "card": card}
    return {"type": "play", "card": card}


def cards_of(moves: Sequence[Action]) -> list[str]:
    """The cards of the actions among ``moves`` that set a card aside or play one (all of
    them in the aside and the play phases)."""
    return [move["card"] for move in moves if move["type"] != "bid"]
