"""The shape checks of :mod:`celestix.table.shapes` with Contract Sabacc's deck."""

from __future__ import annotations

from typing import Any

from celestix.sabacc.cards import CARD_CODES
from celestix.table import shapes


def card_list(value: object, field: str, length: int | None = None) -> list[str]:
    """``value`` as a list of card codes (of ``length`` items when given)."""
    return shapes.card_list(value, field, CARD_CODES, length)


def play_list(value: object, field: str, seats: int, length: int | None = None) -> list[Any]:
    """``value`` as a list of ``{"seat", "card"}`` (of ``length`` items when given)."""
    return shapes.play_list(value, field, seats, CARD_CODES, length)


def int_list(value: object, field: str, length: int, bound: int) -> list[int]:
    """``value`` as ``length`` whole numbers from ``-bound`` to ``bound``."""
    return shapes.int_list(value, field, length, -bound, bound)
