"""Computer players for the patience, choosing from the view alone.

* ``random`` -- uniform over the legal moves.
* ``easy`` -- always builds when it can (leftmost foundation first), else deals,
  else redeals: the "always play" baseline.
"""

from __future__ import annotations

from celestix.patience.moves import legal_moves
from celestix.rng import Rng
from celestix.shape import JsonDict

LEVELS = ("random", "easy")


def choose(view: JsonDict, level: str, seed: int) -> JsonDict:
    """The move of the bot of ``level`` in this view."""
    moves = legal_moves(
        view["foundations"], view["waste"], view["stock_count"], view["redeals_left"]
    )
    if level == "random":
        return Rng(seed).choice(moves)
    builds = [move for move in moves if move["type"] == "build"]
    return builds[0] if builds else moves[0]
