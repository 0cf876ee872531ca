"""Cards as bit masks: bit ``i`` of a mask is card number ``i`` of a game's deck.

The searches of the trick games keep hands, played cards and face-up cards as plain
ints; these are the conversions and the lowest and highest card of a mask.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping


def mask_of(cards: Iterable[str], index: Mapping[str, int]) -> int:
    """The mask of card codes, numbered by ``index`` (code -> card number)."""
    mask = 0
    for card in cards:
        mask |= 1 << index[card]
    return mask


def ids_of(mask: int) -> list[int]:
    """The card numbers of ``mask``, lowest first."""
    out = []
    while mask:
        bit = mask & -mask
        out.append(bit.bit_length() - 1)
        mask ^= bit
    return out


def low(mask: int) -> int:
    """The lowest card number of a non-empty mask."""
    return (mask & -mask).bit_length() - 1


def high(mask: int) -> int:
    """The highest card number of a non-empty mask."""
    return mask.bit_length() - 1
