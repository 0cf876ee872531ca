"""What each of the eight foundations accepts (RULES.md 2, "Build").

* An empty foundation accepts only its base rank, and only once the foundation to its
  left has been started (foundation 1 has no such condition).
* A started foundation is built down by one rank regardless of suit, round the corner
  (... 3, 2, A, K, Q ...), until it holds 13 cards.

Foundations are numbered 0-7 here and in actions; people see them as 1-8.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from celestix.patience.cards import (
    BASE_RANKS,
    FOUNDATION_SIZE,
    a_rank,
    card_name,
    foundation_name,
    rank,
    rank_below,
)

Piles = Sequence[Sequence[str]]


def wanted_rank(foundations: Piles, k: int) -> str | None:
    """The rank foundation ``k`` accepts now, or ``None`` if full or not yet open."""
    pile = foundations[k]
    if not pile:
        if k > 0 and not foundations[k - 1]:
            return None
        return BASE_RANKS[k]
    if len(pile) >= FOUNDATION_SIZE:
        return None
    return rank_below(rank(pile[-1]))


def targets(foundations: Piles, card: str) -> list[int]:
    """The foundations ``card`` may be built on now, left to right."""
    return [k for k in range(len(foundations)) if wanted_rank(foundations, k) == rank(card)]


def refusal(foundations: Piles, k: int, card: str) -> tuple[str, str] | None:
    """Why ``card`` may not go on foundation ``k``: ``(rule, explanation)``, or ``None``."""
    pile = foundations[k]
    label = "T" + foundation_name(k)[1:]
    if len(pile) >= FOUNDATION_SIZE:
        return "foundation-full", f"{label} is full: it already holds 13 cards."
    if not pile and k > 0 and not foundations[k - 1]:
        return (
            "foundation-order",
            f"{label} cannot be started before {foundation_name(k - 1)}, to its left, "
            "has been started.",
        )
    want = wanted_rank(foundations, k)
    if want is not None and rank(card) != want:
        if not pile:
            return "foundation-base", f"{label} can only be started with {a_rank(want)}."
        return (
            "build-down",
            f"{label} needs {a_rank(want)} next: foundations are built down by one "
            "rank, regardless of suit, round the corner.",
        )
    return None


def pile_problem(foundations: Piles, k: int) -> str | None:
    """Why foundation ``k`` could not have been built as it stands, or ``None``."""
    pile = foundations[k]
    if len(pile) > FOUNDATION_SIZE:
        return f"holds {len(pile)} cards, more than 13"
    if not pile:
        return None
    if k > 0 and not foundations[k - 1]:
        return "started before the foundation to its left"
    if rank(pile[0]) != BASE_RANKS[k]:
        return f"must start with {a_rank(BASE_RANKS[k])}"
    for lower, upper in itertools.pairwise(pile):
        if rank(upper) != rank_below(rank(lower)):
            return f"the {card_name(upper)} cannot follow the {card_name(lower)}"
    return None


def all_full(foundations: Piles) -> bool:
    """Whether every foundation holds 13 cards (the game is won)."""
    return all(len(pile) == FOUNDATION_SIZE for pile in foundations)
