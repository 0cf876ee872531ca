"""Computer players for Precedence. They see a view, never a state.

``choose(view, level, seed)`` is the one entry point (the level table of
:mod:`celestix.bots.levels`). Each level is a function of ``(view, seed)``, so a
stronger player joins by adding an entry; the rules are not touched.

* ``random`` -- uniform over the legal actions, drawn from ``Rng(seed)``.
* ``basic`` -- sound heuristics (:mod:`celestix.precedence.bots.basic`).
* ``easy`` -- the basic heuristics.
* ``normal`` and ``strong`` -- searches over sampled deals
  (:mod:`celestix.precedence.bots.search`) that solve the last tricks exactly (three
  for ``normal``, five for ``strong``); ``strong`` with about three times the work and
  the other seats' plays read as evidence (:mod:`celestix.precedence.bots.inference`).

The arena also measures the search configurations of ``search.VARIANTS`` and changed
budgets (``"normal+work=9000"``): :func:`player_of` knows them, the page does not.
"""

from __future__ import annotations

from celestix.bots.levels import searching_levels
from celestix.precedence.bots import basic, search
from celestix.precedence.bots.legal import legal_or_refuse

TABLE = searching_levels(legal_or_refuse, basic.choose, search.choose, search.NAMED)
LEVELS = TABLE.names
choose = TABLE.choose
player_of = TABLE.player_of
