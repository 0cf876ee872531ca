"""Computer players for Contract Sabacc, choosing from the view alone.

* ``random`` -- uniform over the legal actions, drawn from ``Rng(seed)``.
* ``basic`` -- sound heuristics (see :mod:`celestix.sabacc.bots.basic`).
* ``easy`` -- the basic player.
* ``normal`` -- for now the basic player too; a search-based player will take this
  level over, built on :func:`legal.legal_from_view`, :mod:`knowledge` and the
  simulator :mod:`celestix.sabacc.sim`.
"""

from __future__ import annotations

from celestix.errors import MalformedError
from celestix.rng import Rng
from celestix.sabacc.bots import basic
from celestix.sabacc.bots.legal import legal_from_view
from celestix.shape import JsonDict

LEVELS = ("random", "basic", "easy", "normal")


def choose(view: JsonDict, level: str, seed: int) -> JsonDict:
    """The action of the bot of ``level`` in this view."""
    legal = legal_from_view(view)
    if not legal:
        raise MalformedError("view", "the seat has no legal action in this view")
    if level == "random":
        return Rng(seed).choice(legal)
    return basic.choose(view)
