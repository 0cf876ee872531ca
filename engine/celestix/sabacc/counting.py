"""Counting the declarer's score pile (RULES.md 3.6), in half-points.

Each card has a value: Honour 4½, Mistress 3½, Commander 2½, Legate 1½, any other
card ½ -- kept as whole half-points (9, 7, 5, 3, 1). The deck holds 182 half-points
(91 points) and the declarer wins the contract with at least 92 (46 points).

The traditional count pairs the cards instead: Honour + ordinary card = 5, Mistress +
ordinary = 4, Commander + ordinary = 3, Legate + ordinary = 2, two ordinary cards = 1,
an ordinary card left over = ½. :func:`pairing` lays a pile out that way for people to
follow; it always adds up to the same total. *Ruling*: should a pile ever hold more
counting cards than ordinary ones, a counting card with no partner left counts its own
value (an Honour alone 4½), which is what the per-card values give.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypedDict

from celestix.sabacc.cards import (
    CARD_ID,
    DECK_HALF_POINTS,
    HALF_POINTS,
    IS_HONOUR,
    IS_ORDINARY,
    RANK_NAMES,
    RANK_OF,
)

TARGET_HALF_POINTS = 92  # 46 points: at least half of 91, rounded up
assert 2 * TARGET_HALF_POINTS > DECK_HALF_POINTS


class PairGroup(TypedDict):
    """Cards counted together in the traditional count, with their value."""

    cards: list[str]
    label: str
    half_points: int


def count(cards: Iterable[str]) -> int:
    """The value of ``cards`` in half-points."""
    return sum(HALF_POINTS[card] for card in cards)


def made(half_points: int) -> bool:
    """Whether a declarer with this many half-points wins the contract."""
    return half_points >= TARGET_HALF_POINTS


def kind(card: str) -> str:
    """``"Honour"``, ``"Mistress"``, ``"Commander"``, ``"Legate"`` or ``"ordinary card"``."""
    if IS_HONOUR[card]:
        return "Honour"
    if IS_ORDINARY[card]:
        return "ordinary card"
    return RANK_NAMES[RANK_OF[card]]


def pairing(cards: Iterable[str]) -> list[PairGroup]:
    """The pile laid out in counting pairs: ``[{"cards", "label", "half_points"}, ...]``.

    Counting cards, most valuable first, each take an ordinary card; the ordinary cards
    left pair up, and a last one counts alone.
    """
    pile = sorted(cards, key=CARD_ID.__getitem__)
    ordinary = [card for card in pile if IS_ORDINARY[card]]
    counting = sorted(
        (card for card in pile if not IS_ORDINARY[card]),
        key=lambda card: (-HALF_POINTS[card], CARD_ID[card]),
    )
    groups: list[list[str]] = []
    spare = iter(ordinary)
    used = 0
    for card in counting:
        partner = next(spare, None)
        if partner is None:
            groups.append([card])
        else:
            groups.append([card, partner])
            used += 1
    rest = ordinary[used:]
    groups.extend(rest[k : k + 2] for k in range(0, len(rest), 2))
    return [
        {"cards": group, "label": " + ".join(kind(card) for card in group),
         "half_points": count(group)}
        for group in groups
    ]  # fmt: skip
