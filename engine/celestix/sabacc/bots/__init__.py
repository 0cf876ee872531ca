"""Computer players for Contract Sabacc, choosing from the view alone.

``choose(view, level, seed)`` is the one entry point (the level table of
:mod:`celestix.bots.levels`); each level is a function of ``(view, seed)``.

* ``random`` -- uniform over the legal actions, drawn from ``Rng(seed)``.
* ``basic`` -- sound heuristics (see :mod:`celestix.sabacc.bots.basic`).
* ``easy`` -- the basic player.
* ``normal`` and ``strong`` -- searches over sampled deals
  (:mod:`celestix.sabacc.bots.search`) that bid for the game; ``strong`` with about
  three times the work on card play and eight times on the aside, the other seats'
  plays read as evidence (:mod:`celestix.sabacc.bots.inference`) and an exact solver
  for the last tricks.

The arena also measures the search configurations of ``search.VARIANTS`` and changed
budgets (``"normal+work=9000"``): :func:`player_of` knows them, the page does not.
"""

from __future__ import annotations

from celestix.bots.levels import searching_levels
from celestix.sabacc.actions import Action
from celestix.sabacc.bots import basic, search
from celestix.sabacc.bots.legal import legal_or_refuse
from celestix.sabacc.view import View


def basic_player(view: View, seed: int) -> Action:
    """The basic heuristics (the seed is not used)."""
    legal_or_refuse(view)
    return basic.choose(view)


TABLE = searching_levels(legal_or_refuse, basic_player, search.choose, search.NAMED)
LEVELS = TABLE.names
choose = TABLE.choose
player_of = TABLE.player_of
