"""A level's verdict on one decision: what the trick games' valuations give the review.

Each trick game's ``bots/valuation.py`` has ``judge(view, action, level, seed)``, which
returns a :class:`Judgement` in the game's unit (docs/REVIEW.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

A = TypeVar("A", bound=Mapping[str, object])  # the game's type of an action


@dataclass(frozen=True)
class Judgement(Generic[A]):
    """The level's verdict on one decision (values in the game's unit)."""

    best: A  # the level's action in the view
    loss: int  # how much less the action is worth than ``best`` (>= 0)
    best_value: int  # the estimated value of ``best``
    action_value: int  # and of the action taken
    choices: int  # the legal actions (1: the action was forced)
    samples: int  # sampled deals behind the values (0: not searched)
    kind: str  # the action's type ("declare", "bid", "aside", "play")


# What a better card does when its own reason reads as the played card's.
KEEPS_MORE = "it keeps more chances to win later tricks, by the estimate of many deals"


def reads_alike(first: str, second: str, names: tuple[str, str]) -> bool:
    """Whether two reasons say the same thing of two cards (``names``): word for word
    once the cards' names are taken out, but for one word at most (a suit, say)."""

    def words(text: str) -> list[str]:
        for name in names:
            text = text.replace(name, "#").replace(name[:1].upper() + name[1:], "#")
        return text.lower().replace(",", " ").split()

    one, two = words(first), words(second)
    return len(one) == len(two) and sum(a != b for a, b in zip(one, two, strict=True)) <= 1


def why_better(played: str, better: str, names: tuple[str, str]) -> str:
    """The better card's reason, or, when it reads as the played card's, the difference."""
    return KEEPS_MORE if reads_alike(played, better, names) else better


def alternative_reason(reason: str, best_reason: str, names: tuple[str, str]) -> str:
    """A hint's alternative (``names``: it, then the recommended card) in words: its own
    reason, or, when that reads as the recommended card's, how the two differ."""
    if names[0] == names[1] or not reads_alike(reason, best_reason, names):
        return reason
    said = f"{names[0]} does what {names[1]} does, but keeps fewer chances to win later tricks"
    return said[:1].upper() + said[1:]
