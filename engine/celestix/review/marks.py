"""A judged decision's mark, by the size of its loss in the game's unit: the one place
the thresholds live. The review's summary names as costly exactly the decisions marked an
inaccuracy or worse, and the page shows the marks the engine gives (docs/REVIEW.md).

``Scale(inaccuracy, mistake, blunder, best)``: the least loss of each mark (below the
inaccuracy's, within the search's sampling noise: "fine"); ``best=False`` for a game
whose review names no best move of its own.
"""

from __future__ import annotations

from dataclasses import dataclass

from celestix.shape import JsonDict

# The marks, from the best to the worst, then those of decisions not judged by size
MARKS = ("best", "fine", "inaccuracy", "mistake", "blunder", "forced", "unknown")
# The marks of a decision the summary names among the costliest
COSTLY = ("inaccuracy", "mistake", "blunder")


@dataclass(frozen=True)
class Scale:
    """The least loss of an inaccuracy, a mistake and a blunder."""

    inaccuracy: int
    mistake: int
    blunder: int
    best: bool = True


def mark_of(decision: JsonDict, scale: Scale) -> str:
    """A decision's mark: forced (one choice), unknown (not valued), else by its loss."""
    if decision["choices"] == 1:
        return "forced"
    if decision["value"] is None:
        return "unknown"
    loss = int(decision["loss"])
    if loss >= scale.blunder:
        return "blunder"
    if loss >= scale.mistake:
        return "mistake"
    if loss >= scale.inaccuracy:
        return "inaccuracy"
    if scale.best and decision["action"] == decision["best"]:
        return "best"
    return "fine"
