"""Computer players for Contract Sabacc, choosing from the view alone.

``choose(view, level, seed)`` is the one entry point; each level is a function of
``(view, seed)`` in :data:`PLAYERS`.

* ``random`` -- uniform over the legal actions, drawn from ``Rng(seed)``.
* ``basic`` -- sound heuristics (see :mod:`celestix.sabacc.bots.basic`).
* ``easy`` -- the basic player.
* ``normal`` and ``strong`` -- searches over sampled deals
  (:mod:`celestix.sabacc.bots.search`), ``strong`` with about three times the work
  and an exact solver for the last tricks.
"""

from __future__ import annotations

from collections.abc import Callable

from celestix.errors import MalformedError
from celestix.rng import Rng
from celestix.sabacc.bots import basic, search
from celestix.sabacc.bots.legal import legal_from_view
from celestix.shape import JsonDict

LEVELS = ("random", "basic", "easy", "normal", "strong")


def random_player(view: JsonDict, seed: int) -> JsonDict:
    """A legal action drawn uniformly."""
    return Rng(seed).choice(legal_from_view(view))


def basic_player(view: JsonDict, seed: int) -> JsonDict:
    """The basic heuristics (the seed is not used)."""
    return basic.choose(view)


PLAYERS: dict[str, Callable[[JsonDict, int], JsonDict]] = {
    "random": random_player,
    "basic": basic_player,
    "easy": basic_player,
    "normal": search.player(search.BUDGETS["normal"]),
    "strong": search.player(search.BUDGETS["strong"]),
}


def player_of(level: str) -> Callable[[JsonDict, int], JsonDict] | None:
    """The player of a level, a named search variant or a changed budget
    (``"normal+work=9000"``); ``None`` if unknown."""
    found = PLAYERS.get(level)
    if found is None:
        budget = search.budget_of(level)
        if budget is not None:
            found = search.player(budget)
    return found


def choose(view: JsonDict, level: str, seed: int) -> JsonDict:
    """The action of the bot of ``level`` in this view."""
    if not legal_from_view(view):
        raise MalformedError("view", "the seat has no legal action in this view")
    found = player_of(level)
    if found is None:
        raise MalformedError("level", f"unknown level {level!r}")
    return found(view, seed)
