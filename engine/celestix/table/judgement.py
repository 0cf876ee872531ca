"""A level's verdict on one decision: what the trick games' valuations give the review.

Each trick game's ``bots/valuation.py`` has ``judge(view, action, level, seed)``, which
returns a :class:`Judgement` in the game's unit (docs/REVIEW.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from celestix.shape import JsonDict


@dataclass(frozen=True)
class Judgement:
    """The level's verdict on one decision (values in the game's unit)."""

    best: JsonDict  # the level's action in the view
    loss: int  # how much less the action is worth than ``best`` (>= 0)
    best_value: int  # the estimated value of ``best``
    action_value: int  # and of the action taken
    choices: int  # the legal actions (1: the action was forced)
    samples: int  # sampled deals behind the values (0: not searched)
    kind: str  # the action's type ("declare", "bid", "aside", "play")
