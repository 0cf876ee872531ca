"""What a game gives the review: :class:`GameReview`, returned by ``GameRules.reviewer()``.

A review is a list of *steps*, each a small piece of work the page can run one at a time
(showing progress, able to stop between them): judging one decision, working out one
hand's par, one solver call of the patience's search. The driver (:mod:`celestix.review.job`)
asks the game for the steps, runs them, and asks it for the report.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Protocol

from celestix.review.marks import Scale
from celestix.review.replayed import Replayed
from celestix.shape import JsonDict


@dataclass(frozen=True)
class StepResult:
    """What one call of a step did: ``finished`` with its ``value``, or not yet, with the
    step's ``value`` so far (given back on the next call) and about how many calls are
    ``left``."""

    finished: bool
    value: JsonDict
    left: int = 0


class GameReview(Protocol):
    """One game's review."""

    # the least loss of each mark, in the game's unit (review/marks.py)
    scale: ClassVar[Scale]

    def hands(self, game: Replayed) -> list[int]:
        """The hands (or rounds) the record reaches, by number; ``[0]`` for a game of one."""

    def steps(self, game: Replayed, seat: int, hand: int | None) -> list[JsonDict]:
        """The review's steps for ``seat``'s decisions (in ``hand`` only, if given):
        ``{"type": "decision", "index": i}`` first, then the game's own."""

    def step(
        self,
        game: Replayed,
        seat: int,
        step: JsonDict,
        level: str,
        seed: int | None,
        partial: JsonDict | None,
    ) -> StepResult:
        """Run (or go on with) one step."""

    def check(self, step: JsonDict, value: object, finished: bool, field: str) -> None:
        """Refuse (``MalformedError`` naming ``field``) a step's value given back to the
        stepwise review that this step could not have made."""

    def report(
        self,
        game: Replayed,
        seat: int,
        hand: int | None,
        steps: list[JsonDict],
        results: list[JsonDict],
    ) -> JsonDict:
        """The review from the steps' results: ``decisions`` and the game's own keys."""
