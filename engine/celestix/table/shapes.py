"""Quick shape checks of cards, plays and numbers, for the state and view checks run on
every facade call.

Each check makes one tight pass over the data; only when that pass finds a fault do
the detailed checks of :mod:`celestix.shape` run, to name the field at fault. ``deck``
is the game's set of card codes.
"""

from __future__ import annotations

from typing import Any

from celestix.errors import MalformedError
from celestix.shape import expect_cards, expect_dict, expect_int, expect_keys, expect_list


def card_list(
    value: object, field: str, deck: frozenset[str], length: int | None = None
) -> list[str]:
    """``value`` as a list of card codes of ``deck`` (of ``length`` items when given)."""
    if type(value) is list and (length is None or len(value) == length):
        try:
            if deck.issuperset(value):  # every item a card code (checked in C)
                return value
        except TypeError:  # an unhashable item
            pass
    return expect_cards(value, field, deck, length)


def play_list(
    value: object,
    field: str,
    seats: int,
    deck: frozenset[str],
    length: int | None = None,
    most: int | None = None,
) -> list[Any]:
    """``value`` as a list of ``{"seat", "card"}`` (of ``length`` items, or at most
    ``most``, when given)."""
    if (
        type(value) is list
        and (length is None or len(value) == length)
        and (most is None or len(value) <= most)
    ):
        for play in value:
            if type(play) is not dict or len(play) != 2:
                break
            seat, card = play.get("seat"), play.get("card")
            if type(seat) is not int or not 0 <= seat < seats:
                break
            if type(card) is not str or card not in deck:
                break
        else:
            return value
    plays = expect_list(value, field, length)
    if most is not None and len(plays) > most:
        raise MalformedError(field, f"holds {len(plays)} cards, more than {most}")
    for j, raw in enumerate(plays):
        where = f"{field}[{j}]"
        play = expect_dict(raw, where)
        expect_keys(play, where, ["seat", "card"])
        expect_int(play["seat"], f"{where}.seat", 0, seats - 1)
        expect_cards([play["card"]], f"{where}.card", deck)
    raise MalformedError(field, "a play is malformed")


def int_list(value: object, field: str, length: int, low: int, high: int) -> list[int]:
    """``value`` as ``length`` whole numbers from ``low`` to ``high``."""
    if (
        type(value) is list
        and len(value) == length
        and all(type(item) is int and low <= item <= high for item in value)
    ):
        return value
    items = expect_list(value, field, length)
    return [expect_int(item, f"{field}[{k}]", low, high) for k, item in enumerate(items)]
