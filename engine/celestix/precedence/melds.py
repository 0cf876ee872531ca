"""Melds and declarations (RULES.md 1, "A hand", step 3).

* Triad: 3 cards of one rank (from four, any three). Quad: all 4 cards of one rank.
* Run: 3 or more cards of one suit in consecutive ranks; no wrapping (Emperor-2).
* A declaration is a list of zero or more melds from one's own hand; a card belongs
  to at most one meld. Points: Run of 3 = 3, Run of 4+ = 6, Triad = 5, Quad = 12.

A declaration's normal form sorts each meld's cards and then the melds by card number
(see :mod:`celestix.precedence.cards`), so the same melds given in any order compare
equal, and :func:`declarations` lists every legal declaration in that normal form.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from typing import TypedDict

from celestix.errors import IllegalActionError
from celestix.precedence.cards import (
    CARD_ID,
    DECK,
    RANK_OF,
    RANKS,
    SUIT_NAMES,
    SUIT_OF,
    SUITS,
    card_name,
    card_names,
    rank_name,
)

TRIAD = "triad"
QUAD = "quad"
RUN = "run"
KIND_NAMES = {TRIAD: "Triad", QUAD: "Quad", RUN: "Run"}
MIN_MELD = 3

Meld = list[str]
Declaration = list[Meld]


def meld_kind(cards: Sequence[str]) -> str | None:
    """``"triad"``, ``"quad"`` or ``"run"`` for distinct cards that form one, else None."""
    size = len(cards)
    if size < MIN_MELD:
        return None
    first = RANK_OF[cards[0]]
    ranks = [RANK_OF[card] for card in cards]
    if ranks.count(first) == size:
        return TRIAD if size == 3 else QUAD if size == len(SUITS) else None
    suit = SUIT_OF[cards[0]]
    if any(SUIT_OF[card] != suit for card in cards) or len(set(ranks)) != size:
        return None
    return RUN if max(ranks) - min(ranks) == size - 1 else None


def meld_points(kind: str, size: int) -> int:
    """Points of a meld: Run of 3 = 3, Run of 4+ = 6, Triad = 5, Quad = 12."""
    if kind == RUN:
        return 3 if size == 3 else 6
    return 5 if kind == TRIAD else 12


def meld_label(kind: str, size: int) -> str:
    """A meld's name for people: ``"Triad"``, ``"Quad"``, ``"Run of 4"``."""
    return f"Run of {size}" if kind == RUN else KIND_NAMES[kind]


def meld_name(cards: Sequence[str], variant: str, held: Iterable[str] = ()) -> str:
    """A meld named by its cards, for people: ``"Triad of 6s"``, ``"Quad of Officers"``,
    ``"Run of 3 (4 to 6 of Frontier)"`` (its length first, as the page's choices say
    it). A Triad taken from four cards of a rank that ``held``
    holds names the card it leaves out (``"Triad of 6s without the 6 of Core"``), so that
    no two melds of a hand have one name."""
    kind = meld_kind(cards)
    assert kind is not None
    ranks = sorted(RANK_OF[card] for card in cards)
    if kind == RUN:
        low, high = rank_name(ranks[0], variant), rank_name(ranks[-1], variant)
        return f"Run of {len(cards)} ({low} to {high} of {SUIT_NAMES[SUIT_OF[cards[0]]]})"
    name = f"{KIND_NAMES[kind]} of {rank_name(ranks[0], variant)}s"
    left = [card for card in held if RANK_OF[card] == ranks[0] and card not in cards]
    if kind == TRIAD and left:
        name += f" without the {card_name(left[0], variant)}"
    return name


class MeldInfo(TypedDict):
    """A meld as events and views describe it."""

    kind: str
    label: str
    cards: list[str]
    points: int


def describe_meld(cards: Sequence[str]) -> MeldInfo:
    """``{"kind", "label", "cards", "points"}`` of a meld known to be valid."""
    kind = meld_kind(cards)
    assert kind is not None
    return {
        "kind": kind,
        "label": meld_label(kind, len(cards)),
        "cards": list(cards),
        "points": meld_points(kind, len(cards)),
    }


def declaration_points(melds: Iterable[Sequence[str]]) -> int:
    """Total points of the melds of a declaration known to be valid."""
    total = 0
    for cards in melds:
        kind = meld_kind(cards)
        assert kind is not None
        total += meld_points(kind, len(cards))
    return total


def candidate_melds(hand: Iterable[str]) -> list[tuple[int, ...]]:
    """Every meld that can be formed from ``hand``, as sorted card numbers, sorted."""
    ids = sorted(CARD_ID[card] for card in hand)
    found: list[tuple[int, ...]] = []
    by_suit: list[list[int]] = [[] for _ in SUITS]
    by_rank: list[list[int]] = [[] for _ in RANKS]
    for i in ids:
        by_suit[i // len(RANKS)].append(i)
        by_rank[i % len(RANKS)].append(i)
    for cards in by_suit:
        # Split the suit into blocks of consecutive ranks; every stretch of 3+ inside a
        # block is a Run.
        start = 0
        for end in range(1, len(cards) + 1):
            if end == len(cards) or cards[end] != cards[end - 1] + 1:
                block = cards[start:end]
                for a in range(len(block) - 2):
                    for b in range(a + MIN_MELD, len(block) + 1):
                        found.append(tuple(block[a:b]))
                start = end
    for cards in by_rank:
        if len(cards) >= 3:
            found.extend(itertools.combinations(cards, 3))
        if len(cards) == len(SUITS):  # a Quad: the rank in every suit
            found.append(tuple(cards))
    found.sort()
    return found


def declarations(hand: Iterable[str]) -> list[Declaration]:
    """Every legal declaration from ``hand`` in normal form, ``[]`` first.

    The order is fixed: a depth-first walk over :func:`candidate_melds`, adding melds
    in increasing order, so each declaration's melds are already sorted.
    """
    melds = candidate_melds(hand)
    codes = [[DECK[i] for i in meld] for meld in melds]
    masks = [sum(1 << i for i in meld) for meld in melds]
    count = len(melds)
    out: list[Declaration] = []
    chosen: list[int] = []

    def walk(start: int, used: int) -> None:
        out.append([list(codes[k]) for k in chosen])
        for k in range(start, count):
            if not masks[k] & used:
                chosen.append(k)
                walk(k + 1, used | masks[k])
                chosen.pop()

    walk(0, 0)
    return out


def normalise_declaration(
    hand: Sequence[str], melds: Sequence[Sequence[str]], variant: str = "core"
) -> Declaration:
    """``melds`` (card codes, checked for shape) in normal form, if legal from ``hand``.

    Raises ``IllegalActionError`` naming the rule broken: a card not held, a card used
    twice, or cards that do not form a meld (cards named as ``variant`` names them).
    """
    held = set(hand)
    used: set[str] = set()
    normal: list[list[str]] = []
    for cards in melds:
        for card in cards:
            if card not in held:
                raise IllegalActionError(
                    "meld-not-held",
                    f"You can only declare cards in your hand: the {card_name(card, variant)} "
                    "is not.",
                )
            if card in used:
                raise IllegalActionError(
                    "meld-card-twice",
                    f"A card belongs to at most one meld: the {card_name(card, variant)} is "
                    "declared twice.",
                )
            used.add(card)
        ordered = sorted(cards, key=CARD_ID.__getitem__)
        if meld_kind(ordered) is None:
            raise IllegalActionError("meld-shape", _shape_problem(ordered, variant))
        normal.append(ordered)
    normal.sort(key=lambda meld: [CARD_ID[card] for card in meld])
    return normal


def _shape_problem(cards: Sequence[str], variant: str) -> str:
    """Why ``cards`` are not a meld, as a sentence."""
    shown = card_names(cards, variant)
    shown = f"{shown[0].upper()}{shown[1:]}" if shown else "No cards"
    verb = "is" if len(cards) == 1 else "are"
    if len(cards) < MIN_MELD:
        return f"{shown} {verb} not a meld: every meld has at least 3 cards."
    if len({RANK_OF[card] for card in cards}) == 1:
        return f"{shown} are not a meld: a Triad has 3 cards of one rank, a Quad 4."
    if len({SUIT_OF[card] for card in cards}) == 1:
        return (
            f"{shown} are not a meld: a Run needs consecutive ranks of one suit "
            "(the Emperor does not wrap round to the 2)."
        )
    return (
        f"{shown} are not a meld: a Triad or Quad is one rank, a Run is consecutive "
        "ranks of one suit."
    )
