"""The 78-card Centran Sabacc deck (RULES.md 3, "Deck"): codes, strength, names, values.

Card codes (PROTOCOL.md): suit cards are rank ``1``-``14`` then suit ``c`` coins,
``f`` flasks, ``s`` sabres, ``t`` staves (``14c`` is the Master of coins); the 22
Sabaccs are ``-1`` The Magician ... ``-21`` The Universe and ``0`` The Idiot.

Every fact about a card is looked up in a table built once here, so the rules and the
bots never parse codes in their inner loops.
"""

from __future__ import annotations

SUITS = ("c", "f", "s", "t")
SUIT_NAMES = {"c": "coins", "f": "flasks", "s": "sabres", "t": "staves"}
SABACC = "sabacc"  # the "suit" of the 22 Sabaccs (trumps)
RANK_NAMES = {1: "Ace", 11: "Legate", 12: "Commander", 13: "Mistress", 14: "Master"}

MAGICIAN = "-1"
UNIVERSE = "-21"
IDIOT = "0"
SABACC_NAMES = {MAGICIAN: "The Magician", UNIVERSE: "The Universe", IDIOT: "The Idiot"}

# The deck in its fixed order: the four suits Ace to Master, then the Sabaccs from the
# weakest (-1) to the strongest (0). Shuffles start from this order; hands are kept
# sorted in it.
SUIT_CARDS: tuple[str, ...] = tuple(f"{rank}{suit}" for suit in SUITS for rank in range(1, 15))
SABACCS: tuple[str, ...] = (*(str(-k) for k in range(1, 22)), IDIOT)
DECK: tuple[str, ...] = SUIT_CARDS + SABACCS
CARD_CODES = frozenset(DECK)
DECK_SIZE = len(DECK)

HONOURS: tuple[str, ...] = (MAGICIAN, UNIVERSE, IDIOT, *(f"14{suit}" for suit in SUITS))
MASTERS = frozenset(f"14{suit}" for suit in SUITS)

# Card values in half-points (RULES.md 3.6): Honour 4.5, Mistress 3.5, Commander 2.5,
# Legate 1.5, any other card 0.5. The deck holds 182 half-points (91 points).
HONOUR_HALF_POINTS = 9
COURT_HALF_POINTS = {13: 7, 12: 5, 11: 3}
ORDINARY_HALF_POINTS = 1
DECK_HALF_POINTS = 182

# Lookup tables, one entry per card code.
CARD_ID: dict[str, int] = {card: i for i, card in enumerate(DECK)}
SUIT_OF: dict[str, str] = {card: (SABACC if card in SABACCS else card[-1]) for card in DECK}
# Rank within the card's suit: 1-14 for suit cards; 1 (The Magician) to 22 (The Idiot)
# for Sabaccs, so a higher number always beats a lower one of the same suit.
RANK_OF: dict[str, int] = {
    **{card: int(card[:-1]) for card in SUIT_CARDS},
    **{card: k + 1 for k, card in enumerate(SABACCS)},
}
HALF_POINTS: dict[str, int] = {
    card: HONOUR_HALF_POINTS
    if card in HONOURS
    else COURT_HALF_POINTS.get(RANK_OF[card], ORDINARY_HALF_POINTS)
    if SUIT_OF[card] != SABACC
    else ORDINARY_HALF_POINTS
    for card in DECK
}
IS_HONOUR: dict[str, bool] = {card: card in HONOURS for card in DECK}
# 0-3 for the suits in SUITS order, 4 for the Sabaccs: for counting cards by suit quickly.
SUIT_INDEX: dict[str, int] = {
    card: (4 if card in SABACCS else SUITS.index(card[-1])) for card in DECK
}
# "Counting" cards are paired with an ordinary card when a pile is counted.
IS_ORDINARY: dict[str, bool] = {card: HALF_POINTS[card] == ORDINARY_HALF_POINTS for card in DECK}

assert DECK_SIZE == 78 and len(SABACCS) == 22
assert sum(HALF_POINTS.values()) == DECK_HALF_POINTS


def is_sabacc(card: str) -> bool:
    """Whether ``card`` is one of the 22 Sabaccs (The Idiot included)."""
    return SUIT_OF[card] == SABACC


def sort_cards(cards: list[str]) -> list[str]:
    """``cards`` in deck order (suits Ace to Master, then Sabaccs weakest to strongest)."""
    return sorted(cards, key=CARD_ID.__getitem__)


def card_name(card: str) -> str:
    """A card's name for people, e.g. ``"Mistress of flasks"``, ``"Sabacc -7"``, ``"The Idiot"``."""
    if card in SABACC_NAMES:
        return SABACC_NAMES[card]
    if SUIT_OF[card] == SABACC:
        return f"Sabacc {card}"
    rank = RANK_OF[card]
    return f"{RANK_NAMES.get(rank, str(rank))} of {SUIT_NAMES[SUIT_OF[card]]}"


def the_card(card: str) -> str:
    """A card's name inside a sentence, with its article: ``"the Sabacc -7"``, ``"the
    Master of sabres"``, and ``"the Idiot"`` (a name with its own article writes it in
    lower case there, as any other "the"; ``_cap`` it at a sentence's start)."""
    name = card_name(card)
    return f"the {name[4:]}" if name.startswith("The ") else f"the {name}"


def suit_name(suit: str) -> str:
    """The name of a suit letter, or ``"Sabaccs"``."""
    return "Sabaccs" if suit == SABACC else SUIT_NAMES[suit]


def half_points(cards: list[str]) -> int:
    """The value of ``cards`` in half-points."""
    return sum(HALF_POINTS[card] for card in cards)


def points_text(half: int) -> str:
    """Half-points as people write them: ``91``, ``45½``."""
    return f"{half // 2}½" if half % 2 else str(half // 2)


def points_words(half: int) -> str:
    """Half-points in a sentence: ``"half a point"``, ``"1 point"``, ``"3½ points"``."""
    if half == 1:
        return "half a point"
    return f"{points_text(half)} point{'s' if half != 2 else ''}"
