"""Computer players for Precedence. They see a view, never a state.

``choose(view, level, seed)`` is the one entry point. Each level is a function of
``(view, seed)`` in :data:`PLAYERS`, so a stronger player (for instance a search over
deals sampled by :mod:`celestix.precedence.bots.sim`) joins by adding an entry; the
rules are not touched.

* ``random`` -- uniform over the legal actions, drawn from ``Rng(seed)``.
* ``basic`` -- sound heuristics (:mod:`celestix.precedence.bots.basic`).
* ``easy`` -- the basic heuristics.
* ``normal`` and ``strong`` -- searches over sampled deals
  (:mod:`celestix.precedence.bots.search`), ``strong`` with about five times the work
  and an exact solver for the last four tricks.
"""

from __future__ import annotations

from collections.abc import Callable

from celestix.precedence.bots import basic, search
from celestix.precedence.bots.seen import legal_or_refuse
from celestix.rng import Rng
from celestix.shape import JsonDict

LEVELS = ("random", "basic", "easy", "normal", "strong")


def random_player(view: JsonDict, seed: int) -> JsonDict:
    """A legal action drawn uniformly."""
    return Rng(seed).choice(legal_or_refuse(view))


PLAYERS: dict[str, Callable[[JsonDict, int], JsonDict]] = {
    "random": random_player,
    "basic": basic.choose,
    "easy": basic.choose,
    "normal": search.player(search.BUDGETS["normal"]),
    "strong": search.player(search.BUDGETS["strong"]),
}
# Search configurations that the arena can measure against the levels (not offered
# to players; see search.budget_of for changes to a budget, e.g. "normal+work=9000").
EXPERIMENTS: dict[str, Callable[[JsonDict, int], JsonDict]] = {
    name: search.player(budget) for name, budget in search.VARIANTS.items()
}


def player_of(level: str) -> Callable[[JsonDict, int], JsonDict] | None:
    """The player of a level, a named experiment or a changed budget; ``None`` if unknown."""
    found = PLAYERS.get(level) or EXPERIMENTS.get(level)
    if found is None:
        budget = search.budget_of(level)
        if budget is not None:
            found = search.player(budget)
    return found


def choose(view: JsonDict, level: str, seed: int) -> JsonDict:
    """The action of the player of ``level`` for the view's seat."""
    player = player_of(level)
    if player is None:
        raise KeyError(level)
    return player(view, seed)
