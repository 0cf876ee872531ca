"""The Imperial deck: 52 cards in four suits of thirteen ranks.

Card codes are rank (``2``-``9``, ``T`` 10, ``O`` Officer, ``M`` Commander, ``P``
StellarPilot / Voidpilot, ``E`` Emperor) then suit (``V`` Void, ``F`` Frontier, ``B``
Border, ``C`` Core). Each card also has a number 0-51, ``suit * 13 + rank`` in the
orders of RULES.md 1 ("Deck"), which is the engine's sort order: by suit, then by rank
from low to high.
"""

from __future__ import annotations

from collections.abc import Iterable

RANKS = "23456789TOMPE"
SUITS = "VFBC"
SUIT_NAMES = ("Void", "Frontier", "Border", "Core")
SUIT_BY_NAME = {name: i for i, name in enumerate(SUIT_NAMES)}
_RANK_NAMES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "Officer", "Commander",
               "StellarPilot", "Emperor")  # fmt: skip
PILOT = RANKS.index("P")
EMPEROR = RANKS.index("E")
HAND_SIZE = 13  # cards dealt to each seat, and tricks in a hand
SEATS = 4  # two partnerships: seats 0 and 2 against 1 and 3

DECK: tuple[str, ...] = tuple(rank + suit for suit in SUITS for rank in RANKS)
CARD_CODES = frozenset(DECK)
CARD_ID: dict[str, int] = {card: i for i, card in enumerate(DECK)}
SUIT_OF: dict[str, int] = {card: i // len(RANKS) for i, card in enumerate(DECK)}
RANK_OF: dict[str, int] = {card: i % len(RANKS) for i, card in enumerate(DECK)}


def sort_cards(cards: Iterable[str]) -> list[str]:
    """``cards`` in the engine's order: by suit (Void first), then rank, low to high."""
    return sorted(cards, key=CARD_ID.__getitem__)


def twelfth_rank_name(variant: str) -> str:
    """The name of the 12th rank: Voidpilot under the Frontier/Void variant."""
    return "Voidpilot" if variant == "frontier" else "StellarPilot"


def rank_names(variant: str) -> list[str]:
    """The names of the ranks, low to high, as this variant calls them."""
    names = list(_RANK_NAMES)
    names[PILOT] = twelfth_rank_name(variant)
    return names


def rank_name(rank: int, variant: str) -> str:
    """The name of rank number ``rank`` under ``variant``, e.g. ``"Commander"``."""
    return twelfth_rank_name(variant) if rank == PILOT else _RANK_NAMES[rank]


def card_name(card: str, variant: str) -> str:
    """The card's full name, e.g. ``"Voidpilot of Border"``."""
    return f"{rank_name(RANK_OF[card], variant)} of {SUIT_NAMES[SUIT_OF[card]]}"


def joined(names: list[str], last: str = "and") -> str:
    """``["a", "b", "c"]`` -> ``"a, b and c"``."""
    if len(names) < 2:
        return "".join(names)
    return f"{', '.join(names[:-1])} {last} {names[-1]}"


def card_names(cards: Iterable[str], variant: str, last: str = "and") -> str:
    """Cards named for a sentence: ``"the 2 of Void, the 3 of Void and the Officer of Void"``."""
    return joined([f"the {card_name(card, variant)}" for card in cards], last)
