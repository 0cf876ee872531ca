"""Quick shape checks of cards and plays, for the checks run on every facade call.

Each check makes one tight pass over the data; only when that pass finds a fault do
the detailed checks of :mod:`celestix.shape` run, to name the field at fault.
"""

from __future__ import annotations

from typing import Any

from celestix.errors import MalformedError
from celestix.sabacc.cards import CARD_CODES
from celestix.shape import expect_cards, expect_dict, expect_int, expect_keys, expect_list


def card_list(value: object, field: str, length: int | None = None) -> list[str]:
    """``value`` as a list of card codes (of ``length`` items when given)."""
    if type(value) is list and (length is None or len(value) == length):
        try:
            if CARD_CODES.issuperset(value):  # every item a card code (checked in C)
                return value
        except TypeError:  # an unhashable item
            pass
    return expect_cards(value, field, CARD_CODES, length)


def play_list(value: object, field: str, seats: int, length: int | None = None) -> list[Any]:
    """``value`` as a list of ``{"seat", "card"}`` (of ``length`` items when given)."""
    if type(value) is list and (length is None or len(value) == length):
        for play in value:
            if type(play) is not dict or len(play) != 2:
                break
            seat, card = play.get("seat"), play.get("card")
            if type(seat) is not int or not 0 <= seat < seats:
                break
            if type(card) is not str or card not in CARD_CODES:
                break
        else:
            return value
    plays = expect_list(value, field, length)
    for j, raw in enumerate(plays):
        where = f"{field}[{j}]"
        play = expect_dict(raw, where)
        expect_keys(play, where, ["seat", "card"])
        expect_int(play["seat"], f"{where}.seat", 0, seats - 1)
        expect_cards([play["card"]], f"{where}.card", CARD_CODES)
    raise MalformedError(field, "a play is malformed")


def int_list(value: object, field: str, length: int, bound: int) -> list[int]:
    """``value`` as ``length`` whole numbers from ``-bound`` to ``bound``."""
    if (
        type(value) is list
        and len(value) == length
        and all(type(item) is int and -bound <= item <= bound for item in value)
    ):
        return value
    items = expect_list(value, field, length)
    return [expect_int(item, f"{field}[{k}]", -bound, bound) for k, item in enumerate(items)]
