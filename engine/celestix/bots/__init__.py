"""What every game's computer players share.

* :mod:`celestix.bots.levels` -- the level table of a game: ``choose(view, level,
  seed)``, the random player, and one ``MalformedError`` for an unknown level.
* :mod:`celestix.bots.budget` -- the searches' budgets: a budget named by a level, an
  arena variant or changes (``"normal+work=9000"``), the sampling loop's stopping rule,
  the optional clock, and whole-number averages.
* :mod:`celestix.bots.search` -- the sampling search of a decision (common sampled
  deals, each choice valued by the game's :class:`~celestix.bots.search.Simulation`),
  the card decision's skeleton (``search_cards``) and the view read as a budget says
  (``knowledge``).
* :mod:`celestix.bots.bits` -- cards as bit masks (bit ``i`` is card number ``i`` of a
  game's deck).
* :mod:`celestix.bots.dealing` -- the hidden cards dealt under the view's constraints
  (each game's quick deal first, then one that never paints itself into a corner).
* :mod:`celestix.bots.chances` -- how the hints say a sampled figure.

The exact solver the searches use for their last tricks, over each game's trick rules,
is :mod:`celestix.table.double_dummy`.

Nothing here knows a game's rules; each game's ``bots`` package uses these pieces.
"""
