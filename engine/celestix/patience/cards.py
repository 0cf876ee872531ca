"""The two standard packs of the patience and the foundation ranks.

Card codes are rank (``A``, ``2``-``9``, ``T``, ``J``, ``Q``, ``K``) then suit
(``S``, ``H``, ``D``, ``C``); both packs use the same codes, so every code occurs twice.
"""

from __future__ import annotations

from collections import Counter

RANKS = "A23456789TJQK"
SUITS = "SHDC"
RANK_NAMES = {
    "A": "Ace", "2": "2", "3": "3", "4": "4", "5": "5", "6": "6", "7": "7", "8": "8",
    "9": "9", "T": "10", "J": "Jack", "Q": "Queen", "K": "King",
}  # fmt: skip
SUIT_NAMES = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}

PACK: tuple[str, ...] = tuple(rank + suit for suit in SUITS for rank in RANKS)
CARD_CODES = frozenset(PACK)
TWO_PACKS: tuple[str, ...] = PACK + PACK
FULL_COUNTS = Counter(TWO_PACKS)

FOUNDATIONS = 8
FOUNDATION_SIZE = 13
# Base rank of each foundation, left to right.
BASE_RANKS = ("K", "Q", "J", "T", "9", "8", "7", "6")


def rank(card: str) -> str:
    """The rank letter of a card code."""
    return card[0]


def rank_below(rank_letter: str) -> str:
    """The rank one lower, round the corner (the rank below an Ace is a King)."""
    return RANKS[RANKS.index(rank_letter) - 1]


def card_name(card: str) -> str:
    """The card's full name, e.g. ``"Queen of Hearts"``."""
    return f"{RANK_NAMES[card[0]]} of {SUIT_NAMES[card[1]]}"


def rank_name(rank_letter: str) -> str:
    """The rank's name, e.g. ``"Queen"`` or ``"10"``."""
    return RANK_NAMES[rank_letter]


def a_rank(rank_letter: str) -> str:
    """The rank's name with its article, e.g. ``"a Queen"``, ``"an 8"``, ``"an Ace"``."""
    name = RANK_NAMES[rank_letter]
    return f"{'an' if name[0] in 'A8' else 'a'} {name}"


def foundation_name(k: int) -> str:
    """A foundation as the table shows it, by its base: ``"the Jack foundation"``."""
    return f"the {RANK_NAMES[BASE_RANKS[k]]} foundation"
